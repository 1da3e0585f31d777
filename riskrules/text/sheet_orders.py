"""The rule sheet's rows of orders given together (issue 45): how a round is played, the move
order, multi-attack, attack-only and transfer-only orders; and `fortify { moved armies stay }`.
`add(key, label, value)` is sheet._rows' own."""

from __future__ import annotations

from .i18n import Text


def orders_rows(rules, add, t: Text) -> None:
    o = rules.orders
    if o is None:
        return
    if o.together:
        # Translators: a row label of the rule sheet: how a round is played (Warzone's simultaneous turns)
        add("game.orders", t._("Orders"),
            t._("given together: each player gives his deployments, then a list of attacks and transfers, "
                "without seeing the others'; then all are carried out, deployments first"))
        order = {"random": t._("drawn each round"), "cycle": t._("drawn once, then the next player first each round"),
                 "no_luck_cycle": t._("seat order, then the next player first each round")}[o.move_order]
        # Translators: a row label of the rule sheet: whose orders are carried out first (Warzone's move order)
        add("game.move_order", t._("Move order"),
            t._("{order}; each player's first order in that order, then each one's second in the reverse "
                "order, and so on").format(order=order))
        # Translators: a row label of the rule sheet: Warzone's multi-attack setting
        add("game.multi_attack", t._("Multi-attack"),
            t._("armies that attacked or moved may go on in the same round") if o.multi_attack else
            t._("no: armies that attacked or moved this round stay where they are"))
        add("game.order_modes", t._("An order"),
            t._("attacks or transfers as the board then stands; it may say attack only or transfer only")
            if o.modes else t._("attacks or transfers as the board then stands"))
        add("game.order_changes", t._("Orders carried out"),
            t._("one from a territory lost meanwhile is skipped; an attack on a territory taken meanwhile "
                "transfers, a transfer into one lost meanwhile attacks (but attack only or transfer only: "
                "skipped); with the armies there still free, the guard left behind"))
    if o.moved_stay:
        # Translators: a row label of the rule sheet: Lux's fortify, every army moves about one step
        add("fortify.moved_stay", t._("Moved armies"), t._("armies moved this turn do not move again"))
