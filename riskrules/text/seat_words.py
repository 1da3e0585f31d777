"""What a seat is told of its own things, in words: its cards, a set and what it is worth, its
mission. One home for the terminal's prompts and the browser's table; made from the seat's
view (engine/sight.py) alone."""

from __future__ import annotations

from ..engine.sight import seen_now
from .i18n import Text, capitalized
from .narrate import mission_text


def card_text(view, t: Text, card: int) -> str:
    """A card: its symbol and territory, or the joker."""
    if card >= view.size:
        return t.symbol("joker")
    board = view.board
    return f"{t.symbol(board.symbols[board.card_symbol[card]])} {t.territory(board.territories[card])}"


def set_text(view, t: Text, cards) -> str:
    """A set as a trade lists it: its cards, its worth, its territory bonus."""
    armies, territories, bonus = view.set_worth(cards)
    name = lambda x: t.territory(view.board.territories[x])  # noqa: E731
    text = ", ".join(card_text(view, t, c) for c in cards) + " — " + t.n_(
        "{n} army", "{n} armies", armies).format(n=t.num(armies)).replace(" ", "\xa0")  # kept on one line
    if bonus and (len(territories) == 1 or view.rules.cards.bonus_per_card):
        text += "; " + ", ".join(t._("+{n} on {territory}").format(n=t.num(bonus), territory=name(x))
                                 for x in territories)
    elif bonus:
        text += "; " + t._("+{n} on one of {territories} (you choose)").format(
            n=t.num(bonus), territories=", ".join(name(x) for x in territories))
    elif view.rules.cards.bonus_armies:
        text += "; " + t._("no territory bonus")
    return text


def hand_text(view, t: Text) -> str:
    hand = view.hand
    if not hand:
        return t._("You hold no cards.")
    return t._("Your cards: {cards}").format(cards=", ".join(card_text(view, t, c) for c in sorted(hand)))


def mission_line(view, t: Text) -> str:
    """The seat's mission, or why it has none (yet)."""
    m = view.mission
    if m is not None:
        return t._("Your mission: {mission}.").format(mission=mission_text(m.data, t))
    if view.rules.victory == "missions":
        return t._("The missions are dealt when all armies are placed.")
    return t._("No mission in this game.")


def attack_faced(view, t: Text, where: tuple[int, int], dice: int) -> str:
    """The attack a defender is asked about: who attacks his territory, from where, with how many
    armies (as his seat sees them now: '?' under fog where it does not) and `dice` dice (0: not yet
    chosen)."""
    source, target = where

    def armies(x: int) -> str:
        return "?" if seen_now(view, x)[1] is None else t.num(view.armies[x])

    attacker = seen_now(view, source)[0]  # (under fog, unseen: the attack comes from the player whose turn it is)
    held = seen_now(view, target)[0]
    values = {"attacker": t.player(view.names[view.active if attacker is None else attacker]),
              "source": t.territory(view.board.territories[source]), "a": armies(source),
              "target": t.territory(view.board.territories[target]), "d": armies(target),
              "defender": "?" if held is None else t.player(view.names[held] if held >= 0 else None), "n": dice}
    if dice:
        # Translators: put to a defender who chooses his dice; {a}, {d}: the armies in {source}, {target};
        # {n}: the dice the attacker rolls
        line = t.n_("{attacker} attacks {target} ({d}, {defender}) from {source} ({a}) with {n} die.",
                    "{attacker} attacks {target} ({d}, {defender}) from {source} ({a}) with {n} dice.", dice)
    else:
        line = t._("{attacker} attacks {target} ({d}, {defender}) from {source} ({a}).")
    return capitalized(line.format(**values))


def committed_note(rules, t: Text) -> str:
    """What the armies sent into a battle mean under rules that tell them from the dice (`attacker
    rolls up to committed`: the dice are up to the armies sent; `minimum move committed`: at least
    those move in), or "" under others."""
    b = rules.battle
    parts = []
    if b.up_to_committed:
        parts.append(t._("You roll as many dice as the armies you send, or fewer."))
    if b.move_committed:
        parts.append(t._("If you take the territory, at least the armies you sent move in."))
    return " ".join(parts)
