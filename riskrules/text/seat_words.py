"""What a seat is told of its own things, in words: its cards, a set and what it is worth, its
mission. One home for the terminal's prompts and the browser's table; made from the seat's
view (engine/sight.py) alone."""

from __future__ import annotations

from .i18n import Text
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
