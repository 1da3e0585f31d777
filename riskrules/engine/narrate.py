"""Game text: events told as sentences, and the board as a table a person can read.

Only the log's own data is used, so the same narration serves a game being played, a
replay (`risk replay --show`) and a resumed game.
"""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import Text
from ..rules import Rules

# Events that a person watching does not need told one by one.
QUIET = {"claim", "capital_chosen", "mission_dealt"}


class Narrator:
    """Turns events into lines of text (None for events not worth a line)."""

    def __init__(self, rules: Rules, t: Text, me: set[str] | None = None):
        self.rules = rules
        self.t = t
        self.me = me or set()  # the players at this terminal: their secrets may be told

    def name(self, player: str | None) -> str:
        if player is None:
            return self.t._("nobody")
        if player == "neutral":
            return self.t.term("neutral")
        return self.t.colour(player)

    def place(self, territory: str) -> str:
        return self.t.territory(territory)

    def __call__(self, e: dict) -> str | None:
        t = self.t
        kind = e["type"]
        who = self.name(e.get("player"))
        n = t.n_
        if kind in QUIET:
            if kind == "mission_dealt" and e["player"] in self.me:
                return t._("Your mission: {mission}.").format(mission=mission_text(e["mission"], t))
            return None
        if kind == "game_start":
            players = ", ".join(f"{self.name(p['name'])} ({p['agent']})" for p in e["players"])
            return t._("{title} — {players}; seed {seed}.").format(title=self.rules.title, players=players,
                                                                    seed=e["seed"])
        if kind == "dealer":
            return t._("The dealer is {dealer}; {first} begins.").format(dealer=who, first=self.name(e["first"]))
        if kind == "roll_for_first":
            rolls = ", ".join(f"{self.name(p)} {face}" for p, face in e["rolls"].items())
            return t._("Rolls for who begins: {rolls}.").format(rolls=rolls)
        if kind == "turn_start":
            return t._("— Turn {turn} (round {round}): {player} —").format(turn=e["turn"], round=e["round"],
                                                                           player=who)
        if kind == "reinforcements":
            parts = [n("{n} for territories", "{n} for territories", e["from_territories"]).format(
                n=e["from_territories"])]
            if e["continents_held"]:
                parts.append(t._("{n} for {continents}").format(
                    n=e["from_continents"], continents=", ".join(t.continent(c) for c in e["continents_held"])))
            if e["from_cards"]:
                parts.append(t._("{n} for cards").format(n=e["from_cards"]))
            return n("{player} receives {n} army ({parts}).", "{player} receives {n} armies ({parts}).",
                     e["total"]).format(player=who, n=e["total"], parts="; ".join(parts))
        if kind == "trade":
            cards = ", ".join(t.symbol(c["symbol"]) + (f" {self.place(c['territory'])}" if c["territory"] else "")
                              for c in e["cards"])
            line = n("{player} trades {cards} for {n} army", "{player} trades {cards} for {n} armies",
                     e["armies"]).format(player=who, cards=cards, n=e["armies"])
            for bonus in e["territory_bonus"]:
                line += t._(", +{n} on {territory}").format(n=bonus["armies"], territory=self.place(bonus["territory"]))
            return line + "."
        if kind == "place":
            if e["turn"] == 0:
                return None
            by = e.get("by")
            if by:
                return n("{by} places {n} army of {player} on {territory}.",
                         "{by} places {n} armies of {player} on {territory}.", e["armies"]).format(
                    by=self.name(by), n=e["armies"], player=who, territory=self.place(e["territory"]))
            return n("{player} places {n} army on {territory}.", "{player} places {n} armies on {territory}.",
                     e["armies"]).format(player=who, n=e["armies"], territory=self.place(e["territory"]))
        if kind == "neutral_reinforcements":
            return n("{neutral} receives {n} army, placed by {by}.", "{neutral} receives {n} armies, placed by {by}.",
                     e["armies"]).format(neutral=who, n=e["armies"], by=self.name(e["placed_by"]))
        if kind == "battle":
            return t._("{player}: {attack} {source} ({a}) → {target} ({d}): {rolls} against {defence} — "
                       "{player} loses {la}, {defender} loses {ld}.").format(
                player=who, attack=t.term("attack"), source=self.place(e["from"]), a=e["attacker_armies"],
                target=self.place(e["to"]), d=e["defender_armies"],
                rolls=" ".join(map(str, e["attacker_dice"])), defence=" ".join(map(str, e["defender_dice"])),
                la=e["attacker_losses"], defender=self.name(e["defender"]), ld=e["defender_losses"])
        if kind == "conquest":
            return n("{player} takes {territory} and moves in {n} army.",
                     "{player} takes {territory} and moves in {n} armies.", e["moved"]).format(
                player=who, territory=self.place(e["to"]), n=e["moved"])
        if kind == "elimination":
            return n("{player} is out, beaten by {by}, who takes {n} card.",
                     "{player} is out, beaten by {by}, who takes {n} cards.", e["cards_taken"]).format(
                player=who, by=self.name(e["by"]), n=e["cards_taken"])
        if kind == "capital_captured":
            line = t._("{player} captures the capital of {victim}, {territory}").format(
                player=who, victim=self.name(e["victim"]), territory=self.place(e["territory"]))
            if e["replaced"]:
                line += t._("; {places} become one army each of {player}'s").format(
                    places=", ".join(self.place(p) for p in e["replaced"]), player=who)
            return line + "."
        if kind == "card_drawn":
            if e["player"] in self.me:
                card = e["card"]
                shown = t.symbol(card["symbol"]) + (f" {self.place(card['territory'])}" if card["territory"] else "")
                return t._("{player} draws a card: {card}.").format(player=who, card=shown)
            return t._("{player} draws a card.").format(player=who)
        if kind == "fortify":
            return n("{player} moves {n} army from {source} to {target}.",
                     "{player} moves {n} armies from {source} to {target}.", e["armies"]).format(
                player=who, n=e["armies"], source=self.place(e["from"]), target=self.place(e["to"]))
        if kind == "mission_declared":
            return t._("{player} declares a fulfilled mission.").format(player=who)
        if kind == "game_over":
            return result_line(e.get("winner"), e["reason"], e["turns"], t, self.name)
        return None


def result_line(winner: str | None, reason: str, turns: int, t: Text, name: Callable[[str | None], str]) -> str:
    if winner is None:
        return t.n_("No winner: the turn limit was reached after {n} turn.",
                    "No winner: the turn limit was reached after {n} turns.", turns).format(n=turns)
    how = {
        "domination": t._("by world domination"),
        "mission": t._("by fulfilling the secret mission"),
        "capitals": t._("by holding the capitals"),
        "opponent_eliminated": t._("by eliminating the opponent"),
    }.get(reason, reason)
    return t.n_("{winner} wins {how} after {n} turn.", "{winner} wins {how} after {n} turns.", turns).format(
        winner=name(winner), how=how, n=turns)


def mission_text(m: dict, t: Text) -> str:
    if "occupy" in m:
        if m.get("armies", 1) > 1:
            return t._("occupy {n} territories with at least {a} armies each").format(n=m["occupy"], a=m["armies"])
        return t._("occupy {n} territories").format(n=m["occupy"])
    if "destroy" in m:
        return t._("destroy the {colour} armies (if they are yours: occupy {n} territories)").format(
            colour=t.colour(m["destroy"]), n=m["else_occupy"])
    names = " + ".join(t.continent(c) for c in m["conquer"])
    return t._("conquer {continents}").format(continents=names) + (t._(" and one more continent") if m["extra"] else "")


def render_board(game, t: Text, me: int | None = None) -> str:
    """Every territory grouped by continent: owner and armies; `me` marked with *."""
    board = game.board
    lines = []
    width = max(len(t.territory(x)) for x in board.territories) + 2
    for k, members in enumerate(board.members):
        holders = {game.owner[x] for x in members}
        held = ""
        if len(holders) == 1:
            (only,) = holders
            held = " — " + t._("held by {player}").format(player=game.names[only] if only >= 0 else "?")
        lines.append(f"{t.continent(board.continents[k])} ({game.rules.continent_bonus[k]}){held}")
        for x in members:
            owner = game.owner[x]
            mark = "*" if me is not None and owner == me else " "
            name = t.colour(game.names[owner]) if owner >= 0 and game.names[owner] != "neutral" else (
                t.term("neutral") if owner >= 0 else "—")
            lines.append(f"  {mark}{t.territory(board.territories[x]):<{width}}{name:<16}{game.armies[x]:>5}")
    return "\n".join(lines)
