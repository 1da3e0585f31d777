"""The rule sheet's rows of cards that do something (issue 44): a row per declared kind (what it
does, how it is earned, when it is played, whether others are told), the pieces a turn earns and
the most cards held; and the nuclear sets' value. `add(key, label, value)` is sheet._rows' own."""

from __future__ import annotations

from .i18n import Text


def _v(number) -> str:
    return str(number) if isinstance(number, int) else number.text


def nuclear_text(t: Text) -> str:
    # Translators: the rule sheet's "Sets" row under Conquer Club's nuclear spoils
    return t._("nuclear: a set gives no armies; each territory on its cards goes to the neutral army with 1 army")


def effect_text(k, t: Text) -> str:
    """What a kind of card does, in a few words."""
    if k.effect == "armies":
        n = k.amount if isinstance(k.amount, int) else 2
        return t.n_("{n} army to place", "{n} armies to place", n).format(n=_v(k.amount))
    if k.effect == "see":
        text = {"player": t._("shows a player's territories"), "continent": t._("shows a continent"),
                "territory": t._("shows a territory and its neighbours") if k.around else t._("shows a territory")}[
            k.target]
    elif k.effect == "move":
        return t._("moves armies between any two of one's territories")
    elif k.effect == "give":
        return t._("gives one of one's territories, with its armies, to another player")
    elif k.effect == "forbid":
        text = t._("no attacks between two players")
    elif k.effect == "income":
        text = t._("a player's income −{p}%").format(p=k.amount)
    elif k.effect == "strike":
        return t._("kills {p}% of the armies on an enemy territory next to one's own").format(p=k.amount)
    elif k.effect == "orders_first":  # orders given together (issue 45): Warzone's order priority
        return t._("one's first order of the round goes before the others' first orders")
    elif k.effect == "orders_last":  # Warzone's order delay
        return t._("one's orders of the round go after the others' orders")
    else:  # abandon
        return t._("one's territory goes to the neutral army, its armies × {k}").format(k=k.amount)
    # Translators: how long a card's effect lasts, after what it does ("shows a continent for 2 rounds")
    return text + " " + t.n_("for {n} round", "for {n} rounds", k.turns).format(n=k.turns)


def kind_text(k, t: Text) -> str:
    """A kind's row: its effect, then how it is earned, when played, and whether others are told."""
    parts = [effect_text(k, t)]
    if k.copies:
        # Translators: whole cards of a kind shuffled into the deck
        parts.append(t.n_("{n} in the deck", "{n} in the deck", k.copies).format(n=k.copies))
    else:
        if k.pieces > 1:
            parts.append(t.n_("made of {n} piece", "made of {n} pieces", k.pieces).format(n=k.pieces))
        # Translators: a card kind's chance when the kind of an earned piece is drawn (Warzone's weight)
        parts.append(t._("weight {n}").format(n=k.weight))
        if k.minimum:
            parts.append(t.n_("at least {n} piece of it every earning turn",
                              "at least {n} pieces of it every earning turn", k.minimum).format(n=k.minimum))
    if k.start:
        parts.append(t.n_("{n} piece of it at the start", "{n} pieces of it at the start", k.start).format(n=k.start))
    parts.append({"start": t._("played at the start of the turn"), "reinforce": t._("played with the reinforcements"),
                  "attack": t._("played in the attack"), "end": t._("played at the end of the turn")}[k.moment])
    if k.per_turn is not None:
        parts.append(t.n_("at most {n} a turn", "at most {n} a turn", k.per_turn).format(n=k.per_turn))
    if k.hidden:
        parts.append(t._("others are not told it is played"))
    return "; ".join(parts)


def kind_rows(kinds, add, t: Text) -> None:
    """A row per kind, then the pieces a turn earns and the most cards held."""
    if kinds is None:
        return
    for k in kinds.kinds:
        # Translators: a row label of the rule sheet: a kind of card that does something, by its name in the rules
        add(f"cards.kind.{k.name}", t._("Card {name}").format(name=k.name), kind_text(k, t))
    pieced = [k for k in kinds.kinds if not k.copies]
    least = sum(k.minimum for k in pieced)
    if least:
        n = kinds.earned + least
        # Translators: Warzone's card pieces: {n} pieces a turn with a conquest earns, the cards' minimums among them
        add("cards.earned", t._("Card pieces"), t.n_(
            "{n} piece after a turn with a conquest: the cards' minimums, the rest drawn by weight",
            "{n} pieces after a turn with a conquest: the cards' minimums, the rest drawn by weight", n).format(n=n))
    elif pieced:
        # Translators: Warzone's card pieces: a turn with a conquest earns {n} pieces of the declared cards
        add("cards.earned", t._("Card pieces"), t.n_(
            "{n} piece after a turn with a conquest, its card drawn by weight",
            "{n} pieces after a turn with a conquest, each of a card drawn by weight", kinds.earned).format(
            n=kinds.earned))
    if kinds.limit is not None:
        # Translators: a row label of the rule sheet: Warzone's maximum number of cards one may hold
        add("cards.card_limit", t._("Most cards held"), t.n_(
            "{n} card; a player over it discards", "{n} cards; a player over it discards", kinds.limit).format(
            n=kinds.limit))
