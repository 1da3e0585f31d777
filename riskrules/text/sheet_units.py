"""The rule sheet's rows of special units (issue 45): a row per declared kind (how it fights, where
it starts, what its loss does). `add(key, label, value)` is sheet._rows' own."""

from __future__ import annotations

from .i18n import Text


def unit_text(k, board, t: Text) -> str:
    """A kind's row: how it fights, where it starts, what its loss does."""
    parts = []
    if k.strength:
        # Translators: a special unit under kill-rate combat (Warzone's commander: 7)
        parts.append(t.n_("fights as {n} army, killed only whole and after its side's armies",
                          "fights as {n} armies, killed only whole and after its side's armies",
                          k.strength).format(n=k.strength))
    if k.dice:
        # Translators: RISK 2210's commanders: one die of the unit's side has {n} sides
        parts.append(t._("one die of its side rolls {n} sides").format(n=k.dice))
    if k.six:
        # Translators: Hasbro's experts' commanders: once a turn one die of its owner's attack becomes a 6
        parts.append(t._("once a turn, in an attack of its owner, his lowest die becomes a {n}").format(n=k.six))
    if k.each and k.chosen:
        parts.append(t.n_("{n} for each player at the start, on one of his territories he chooses",
                          "{n} for each player at the start, on his territories he chooses", k.each).format(n=k.each))
    elif k.each:
        parts.append(t.n_("{n} for each player at the start, on one of his territories drawn",
                          "{n} for each player at the start, on his territories drawn", k.each).format(n=k.each))
    if k.on:
        names = ", ".join(board.territories[i] for i in k.on)
        parts.append(t._("the neutral army's, on {territories}").format(territories=names) if k.neutral
                     else t._("at the start on {territories}, with whoever holds them").format(territories=names))
    if k.grows:
        parts.append(t._("its strength grows by {n} each round").format(n=k.grows))
    if k.eliminates:
        # Translators: Warzone's commander: when it dies its owner is out of the game
        parts.append(t._("its loss puts its owner out: his territories go to the neutral army"))
    if k.returns:
        parts.append(t._("at its loss it stands again on a territory of its owner, drawn"))
    if k.splits:
        parts.append(t.n_("at its loss it splits into {n} unit of half its strength",
                          "at its loss it splits into {n} units of half its strength", k.splits).format(n=k.splits))
    if not k.strength:
        parts.append(t._("lost with its territory"))
    return "; ".join(parts)


def unit_rows(rules, add, t: Text) -> None:
    """A row per kind of unit."""
    if rules.units is None:
        return
    for k in rules.units.kinds:
        # Translators: a row label of the rule sheet: a special unit, by its name in the rules
        add(f"units.{k.name}", t._("Unit {name}").format(name=k.name), unit_text(k, rules.board, t))
