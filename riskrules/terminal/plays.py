"""Reading a person's play of a card that does something (issue 44): 'play bomb kamchatka', 'play
airlift alaska ural 5', 'play gift alaska blue', 'play diplomacy red blue', 'play spy blue', 'play
surveillance europe', 'play reinforcement'; and, for a play that is not allowed, why not.

A part of the HumanAgent (human.py), beside the other answer readers (answers.py), whose `match`,
`pair`, `not_held` and `range_problem` it uses.
"""

from __future__ import annotations

from ..engine.decisions import PLAY, Decision
from ..text.card_plays import continent_name, held, kinds_of, playable, player_name
from .typed import fold, quote, split, starts


class Plays:
    """The play reader of a HumanAgent (a part of it)."""

    def play(self, d: Decision, text: str):
        """'play bomb kamchatka', 'play airlift alaska ural 5', 'play gift alaska blue', 'play diplomacy
        red blue', 'play spy blue', 'play surveillance europe', 'play reinforcement' ('play' may be left
        out; a card by its name, any unambiguous start of it, or its number in the list)."""
        t = self.t
        words = text.split()
        if words and fold(words[0]) in {fold(self.play_word()), "play"}:
            words = words[1:]
        cards = playable(self.view, t, d.options)
        names = ", ".join(c["name"] for c in cards)
        if not words:
            return None, t._("name a card to play: {cards}").format(cards=names)
        card, problem = self.card_named(words[0], cards)
        if problem is not None:
            return None, problem
        k, form, options = card["kind"], card["shape"], card["options"]
        rest = " ".join(words[1:])
        usage = t._("type '{usage}'").format(usage=self.play_usage(card))
        if form == "none":
            return ((k,), None) if not rest else (None, t._("{card} takes no target: {usage}").format(
                card=card["name"], usage=usage))
        if not rest:
            return None, usage
        if form == "territory":
            x, problem = self.match(rest, [o[1] for o in options], lambda x: self.why_not_struck(card, x))
            return ((k, x), None) if problem is None else (None, problem)
        if form == "continent":
            label = lambda c: continent_name(self.view, t, c)  # noqa: E731
            c, problem = self.named(rest, {c: self.continent_names(c) for c in range(len(self.view.board.continents))},
                                    t._("no continent starts with '{text}'"), label)
            if problem is None and (k, c) not in options:
                problem = t._("{card} cannot name {continent} now").format(card=card["name"], continent=label(c))
            return ((k, c), None) if problem is None else (None, problem)
        if form == "player":
            s, problem = self.player_named(rest, [o[1] for o in options], card)
            return ((k, s), None) if problem is None else (None, problem)
        if form == "players":
            return self.two_players(card, words[1:], usage)
        if form == "move":
            return self.airlift(card, rest, usage)
        return self.gift(card, words[1:], usage)

    def play_word(self) -> str:
        # Translators: the word that plays a card that does something ('play bomb kamchatka'); one word, lower case
        return self.t.p_("command", "play")

    def card_named(self, word: str, cards: list[dict]):
        """The playable card `word` names: its number in the list, its name or an unambiguous start of it."""
        t = self.t
        number = split(word)[0]
        if isinstance(number, int):
            if 1 <= number <= len(cards):
                return cards[number - 1], None
            return None, self.range_problem(1, len(cards))
        typed = fold(word)
        found = [c for c in cards if fold(c["name"]) == typed] or \
            [c for c in cards if starts(fold(c["name"]), typed)]
        if len(found) == 1:
            return found[0], None
        if found:
            return None, t._("'{text}' could be {names}").format(text=quote(word),
                                                                  names=", ".join(c["name"] for c in found))
        hand = held(self.view)[0]
        if any(fold(kind.name) == typed or starts(fold(kind.name), typed)
               for i, kind in enumerate(kinds_of(self.view)) if i in hand):
            return None, t._("you may not play {card} now").format(card=quote(word))
        return None, t._("no card you may play now is called '{text}': {cards}").format(
            text=quote(word), cards=", ".join(c["name"] for c in cards))

    def play_usage(self, card: dict) -> str:
        """How a play of `card` is typed, in the game's language: 'play bomb TERRITORY'."""
        t = self.t
        # Translators: what follows 'play CARD' at the terminal; upper-case placeholders a person replaces
        args = {"none": "", "player": t._("PLAYER"), "players": t._("PLAYER PLAYER"),
                "territory": t._("TERRITORY"), "continent": t._("CONTINENT"),
                "move": t._("FROM TO [ARMIES]"), "give": t._("TERRITORY PLAYER")}[card["shape"]]
        return f"{self.play_word()} {card['name']}" + (f" {args}" if args else "")

    def named(self, text: str, candidates: dict[int, set[str]], nothing: str, label) -> tuple[int | None, str | None]:
        """The one candidate (a player, a continent) whose name starts with `text`, or why not."""
        typed = fold(text.strip())
        exact = [c for c, names in candidates.items() if typed in names]
        found = exact or [c for c, names in candidates.items() if any(starts(n, typed) for n in names)]
        if len(found) == 1:
            return found[0], None
        if found:
            return None, self.t._("'{text}' could be {names}").format(
                text=quote(text), names=", ".join(label(c) for c in found[:5]))
        return None, nothing.format(text=quote(text))

    def continent_names(self, c: int) -> set[str]:
        return {fold(continent_name(self.view, self.t, c)), fold(self.view.board.continents[c])}

    def seat_names(self, seat: int) -> set[str]:
        return {fold(player_name(self.view, self.t, seat)), fold(self.view.names[seat])}

    def player_named(self, text: str, seats, card: dict) -> tuple[int | None, str | None]:
        """A player among `seats` by name; one who is no target of the card now is refused, saying so."""
        t = self.t
        everyone = {s: self.seat_names(s) for s in range(len(self.view.names))}
        s, problem = self.named(text, everyone, t._("no player is called '{text}'"),
                                lambda s: player_name(self.view, t, s))
        if problem is not None:
            return None, problem
        if s not in seats:
            return None, t._("{card} cannot name {player} now").format(card=card["name"],
                                                                       player=player_name(self.view, t, s))
        return s, None

    def two_players(self, card: dict, words: list[str], usage: str):
        """'red blue': the two players a forbid card names (in either order)."""
        options = card["options"]
        seats = {s for o in options for s in o[1:]}
        problem = None
        for cut in range(1, len(words)):
            a, why = self.player_named(" ".join(words[:cut]), seats, card)
            b, why_b = (None, None) if a is None else self.player_named(" ".join(words[cut:]), seats, card)
            if a is not None and b is not None:
                for option in ((card["kind"], a, b), (card["kind"], b, a)):
                    if option in options:
                        return option, None
                return None, self.t._("{card} cannot name {player} and {other} together").format(
                    card=card["name"], player=player_name(self.view, self.t, a),
                    other=player_name(self.view, self.t, b))
            problem = problem or why or why_b
        return None, problem or usage

    def airlift(self, card: dict, text: str, usage: str):
        """'alaska ural 5': from, to and the armies (without a number, all that may leave)."""
        tokens = split(text)
        armies = tokens[-1] if tokens and isinstance(tokens[-1], int) else None
        words = [str(w) for w in (tokens[:-1] if armies is not None else tokens)]
        if len(words) < 2 or any(isinstance(w, int) for w in tokens[:len(words)]):
            return None, usage
        pairs = Decision(PLAY, self.seat, [o[1:] for o in card["options"]], view=self.view)
        pair, problem = self.pair(pairs, " ".join(words))
        if problem is not None:
            return None, problem
        stay = self.view.rules.fortify.stay
        most = self.view.armies[pair[0]] - stay
        if armies is None:
            armies = most
        elif not 1 <= armies <= most:
            return None, self.t._("move from 1 to {most} armies").format(most=most)
        return (card["kind"], pair[0], pair[1], armies), None

    def gift(self, card: dict, words: list[str], usage: str):
        """'alaska blue': the territory given, then the player it goes to."""
        options = card["options"]
        problem = None
        for cut in range(len(words) - 1, 0, -1):  # (the player's name is one word: the longest territory first)
            x, why = self.match(" ".join(words[:cut]), [o[1] for o in options],
                                lambda x: self.not_held(x, self.seat))
            if x is None:
                problem = problem or why
                continue
            s, why = self.player_named(" ".join(words[cut:]), [o[2] for o in options if o[1] == x], card)
            if s is not None:
                return (card["kind"], x, s), None
            problem = why
        return None, problem or usage

    def why_not_struck(self, card: dict, x: int) -> str | None:
        """Why territory `x` is no target of a card aimed at a territory."""
        t, g = self.t, self.view
        kind = kinds_of(g)[card["kind"]]
        name = self.tname(x)
        if kind.target == "own":
            return self.not_held(x, self.seat)
        if kind.target in ("enemy", "enemy_neighbour"):
            if g.owner[x] == self.seat:
                return t._("{territory} is yours").format(territory=name)
            if kind.target == "enemy_neighbour" and not any(g.owner[y] == self.seat for y in g.adjacent[x]):
                return t._("{territory} is not next to a territory of yours").format(territory=name)
        return None
