"""The words of a game's page, in the game's language: its buttons, headings and notes. (The
questions and everything the game tells are made in view.py and the narration.)"""

from __future__ import annotations

from ..text.i18n import Text


def words(t: Text) -> dict[str, str]:
    return {
        # the players' table (the terminal's column heads)
        "player": t._("player"), "territories": t._("terr."), "armies": t._("armies"), "cards": t._("cards"),
        "continents": t._("continents"), "out": t._("out"),
        "zoom_in": t._("Zoom in"), "zoom_out": t._("Zoom out"),
        "continent": t._("continent"), "bonus": t._("bonus"), "holder": t._("held by"),
        # headings
        "your_cards": t._("Your cards"), "no_cards": t._("You hold no cards."), "mission": t._("Mission"), "happened": t._("What happened"),
        "turn": t._("Turn {turn}, round {round}: {player}"), "setup": t._("The setup"),
        "you": t._("you"), "over": t._("The game is over."),
        # waiting, and the hot seat
        "waiting": t._("Waiting for {player}…"),
        "hand_over": t._("Hand the screen to {player}."), "i_am": t._("I am {player}: show my screen"),
        "offline": t._("The server cannot be reached; trying again…"),
        # the buttons and what they ask
        "place": t._("Place"), "clear": t._("Clear"), "all_left": t._("All that are left here"),
        "until": t._("Attack until"), "taken": t._("taken"), "once": t._("one roll"),
        "keep": t._("this many are left:"), "stop": t._("Stop attacking"),
        "chosen_from": t._("From {territory}: now click a neighbour."),
        "move": t._("Move"), "end_turn": t._("End the turn"), "trade": t._("Trade"), "keep_cards": t._("Keep the cards"),
        "discard": t._("Discard"),
        "armies_label": t._("Armies"),
        # since the seat's last turn, and the battle going on (issue 48)
        "since": t._("Since your last turn"), "attacker": t._("Attacker"), "defender": t._("Defender"),
        "losses": t._("Losses"),
        # a start in a few clicks (issue 48)
        "per_click": t._("Armies a click"), "all": t._("all"), "spread": t._("Spread the rest"),
        # the end (issue 48)
        "won_by": t._("The mission: {mission}."), "missions": t._("Every player's mission"),
        "replay": t._("The game's replay"), "again": t._("A new game with the same settings"), "lobby": t._("The lobby"),
        "hurry": t._("Play the bots' moves at once"), "waiting_others": t._("Waiting for the other players…"),
        # seats that empty (issue 48): the host releases a seat to the bot; its person takes it back
        "release": t._("Release this seat"), "take_back": t._("Take my seat back"),
        # cards that do something (issue 44)
        "play_none": t._("Play no card"), "other_card": t._("Another card"),
        "card_chosen": t._("{card}: now click its target."), "pick_player": t._("{card}: choose a player."),
        "pick_second": t._("{card}: {player} and which other player?"),
        "pick_continent": t._("{card}: choose a continent."), "give_to": t._("{card}: give {territory} to whom?"),
    }


def lobby_words(t: Text) -> dict[str, str]:
    """The lobby's words, in the language of the person's browser (lobby.js asks for them)."""
    return {
        "title": t._("riskrules — a new game"), "rules": t._("Rules"), "variant": t._("Variant"),
        "players": t._("Players"), "seats": t._("Seats"), "language": t._("Language"),
        "defend_most": t._("Always defend with the most dice"),
        # Translators: {seconds} and {bot} are a number field and a list of bots, put where they stand
        "away": t._("A person whose page is closed for {seconds} seconds (0: never) is played by {bot} until he is "
                    "back"),
        "seed": t._("Seed (optional)"), "create": t._("Make the game"), "made": t._("Your game"),
        "links": t._("Each person's seat has its own link: send each link to that person only (it acts for that "
                     "seat). Open your own seat \"as the host\": your page can then release a seat whose person has "
                     "gone to the bot, until he opens his link again."),
        "hot_seat": t._("Play every person's seat in this browser (hot seat)"),
        "own_variant": t._("the edition's own: {title}"), "person": t._("a person"), "bot": t._("bot: {bot}"),
        "seat": t._("Seat {n}"), "as_host": t._("(yours, as the host)"), "editions": t._("Editions"),
        "house_on": t._("House rules on {edition}"), "house_files": t._("House rules (this server's files)"),
    }
