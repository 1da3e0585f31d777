"""The rule sheet's rows of the deck and the goal (issue 43): cards drawn or in pieces, where
traded and a victim's cards go, a hand limit; the objective, points, a round limit with its
tie-breaks, a destroy mission's own kill; and every deck's territory bonus and forced trades.
`add(key, label, value)` is sheet._rows' own."""

from __future__ import annotations

from .i18n import Text


def _v(number) -> str:
    return str(number) if isinstance(number, int) else number.text


def _plural(number) -> int:
    return number if isinstance(number, int) else 2  # (an expression reads as 'many')


def card_rows(c, add, t: Text, anywhere: bool) -> None:
    """The territory bonus, the forced trade and the trade after an elimination."""
    if anywhere:  # (`card bonus placed anywhere`: the bonus joins the armies to place)
        if c.bonus_per_card:
            bonus = t.n_("{n} army for each traded card showing a territory one holds, to place anywhere",
                         "{n} armies for each traded card showing a territory one holds, to place anywhere",
                         _plural(c.bonus_armies))
        else:
            bonus = t.n_("{n} army once per trade if a traded card shows a territory one holds, to place anywhere",
                         "{n} armies once per trade if a traded card shows a territory one holds, to place anywhere",
                         _plural(c.bonus_armies))
    elif c.bonus_per_card:
        bonus = t.n_("{n} army for each traded card showing a territory one holds, placed there at once",
                     "{n} armies for each traded card showing a territory one holds, placed there at once",
                     _plural(c.bonus_armies))
    else:
        bonus = t.n_("{n} army once per trade if a traded card shows a territory one holds, placed there at once",
                     "{n} armies once per trade if a traded card shows a territory one holds, placed there at once",
                     _plural(c.bonus_armies))
    if not c.nuclear:  # (a nuclear set gives no armies at all: sheet_cards.py)
        add("cards.territory_bonus", t._("Territory bonus"), bonus.format(n=_v(c.bonus_armies)))
    add("cards.must_trade", t._("Must trade"), t.n_("with {n} card or more, at the start of the turn",
                                                     "with {n} cards or more, at the start of the turn",
                                                     c.must_trade).format(n=c.must_trade))
    if c.trade_at_once:
        after = t._("with {n} or more: trade at once until {down} or fewer remain")
    else:
        after = t._("with {n} or more: trade in the next reinforcement phase")
    add("cards.after_elimination", t._("After taking a victim's cards"),
        after.format(n=c.after_elimination_cards, down=c.down_to))
    deck_rows(c, add, t)


def deck_rows(c, add, t: Text) -> None:
    if c.pieces:
        # Translators: Warzone's card pieces: {n} pieces a turn with a conquest earns, {k} of them make a card
        add("cards.draw", t._("Cards per turn"), t.n_(
            "{n} piece of a card after a turn with a conquest; {k} pieces make a card",
            "{n} pieces of a card after a turn with a conquest; {k} pieces make a card", c.draw).format(
            n=c.draw, k=c.pieces))
    else:
        add("cards.draw", t._("Cards per turn"), t.n_("{n} card after a turn with a conquest",
                                                       "{n} cards after a turn with a conquest", c.draw).format(n=c.draw))
    if c.joker_pair:  # `joker with a pair` (Domination's Italian cards): jokers are not wild
        add("cards.deck", t._("Deck"), t._("a joker makes a set only with two alike cards; traded cards go under the "
                                            "deck; if the deck is ever empty, no card is drawn") if c.recycle
            else t._("a joker makes a set only with two alike cards; traded cards leave the game; once the deck is "
                     "empty, no card is drawn"))
    elif c.recycle:
        add("cards.deck", t._("Deck"), t._("jokers are wild; traded cards go under the deck; "
                                            "if the deck is ever empty, no card is drawn"))
    else:
        add("cards.deck", t._("Deck"), t._("jokers are wild; traded cards leave the game; "
                                            "once the deck is empty, no card is drawn"))
    if not c.victim_cards:
        # Translators: a row label of the rule sheet: what becomes of an eliminated player's cards
        add("cards.victim_cards", t._("A victim's cards"), t._("not taken: they go under the deck") if c.recycle
            else t._("not taken: they leave the game"))
    if c.hand_limit is not None:
        add("cards.hand_limit", t._("Hand limit"), t.n_(
            "{n} card after the draw; a player over it discards cards of his choice down to it",
            "{n} cards after the draw; a player over it discards cards of his choice down to it",
            c.hand_limit).format(n=c.hand_limit))


def goal_rows(rules, add, t: Text) -> None:
    if rules.objective:
        # Translators: a row label of the rule sheet: a map's objective (Conquer Club), territories to hold
        add("victory.objective", t._("Objective"), t._(
            "whoever holds all of {territories} wins at once, in anyone's turn").format(
            territories=", ".join(t.territory(board_name) for board_name in
                                  (rules.board.territories[x] for x in rules.objective))))
    if rules.points is not None:
        # Translators: a row label of the rule sheet: what a player's points are (RISK 2210's "most points win")
        add("victory.points", t._("Points"), rules.points.text)
    if rules.round_limit is not None:
        most = {"territories": t._("the most territories"), "armies": t._("the most armies"),
                "continent_bonus": t._("the largest continent bonus"),
                "points": t._("the most points")}
        if rules.round_limit_then:
            # Translators: {most}: how the leader is found; {then}: the tie-breaks in order, e.g. "the most territories"
            add("victory.round_limit", t._("Round limit"), t._(
                "after {n} rounds the game ends: {most} wins; between equal leaders {then}; equal on all, a draw").format(
                n=_v(rules.round_limit), most=most[rules.round_limit_by],
                then=t._(", then ").join(most[b] for b in rules.round_limit_then)))
        else:
            # Translators: {n} is a number of rounds (or an expression); {most} e.g. "the most territories"
            add("victory.round_limit", t._("Round limit"), t._(
                "after {n} rounds the game ends: {most} wins; equal leaders draw").format(
                n=_v(rules.round_limit), most=most[rules.round_limit_by]))


def destroy_row(rules, add, t: Text) -> None:
    if rules.destroy_own_kill:
        # Translators: Domination's rule: a destroy mission counts only its holder's own elimination of the colour
        add("victory.destroy_own_kill", t._("A destroy mission"), t._(
            "counts only if its holder eliminates that colour himself; if another does, "
            "its occupy alternative must be met instead"))
