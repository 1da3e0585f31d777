"""The rule sheet's rows of neutrals that act and teams that share (issue 45): what the neutral
army does at each round's start, and what partners share. `add(key, label, value)` is sheet._rows'."""

from __future__ import annotations

from .i18n import Text


def sides_rows(rules, add, t: Text) -> None:
    a = rules.acting
    if a is not None:
        if a.grows or a.grows_percent:
            # Translators: a row label of the rule sheet: the neutral army's armies grow each round
            add("neutral.grows", t._("Neutral growth"), t.n_(
                "at each round's start every neutral territory gains {n} army",
                "at each round's start every neutral territory gains {n} armies", a.grows).format(n=a.grows)
                if a.grows else t._("at each round's start every neutral territory gains {n}% of its armies "
                                    "(rounded down)").format(n=a.grows_percent))
        if a.target is not None:
            target = {"weakest": t._("its weakest neighbour of a player"),
                      "strongest": t._("its strongest neighbour of a player"),
                      "random": t._("a neighbour of a player drawn at random")}[a.target]
            # Translators: a row label of the rule sheet: the neutral army attacks on its own (zombies)
            add("neutral.assault", t._("Neutral's own attacks"), t._(
                "at each round's start, from each neutral territory in the board's order: {target}, when the "
                "territory holds {n} times its armies or more; it rolls on until it takes it or keeps 1 army, "
                "and moves all but 1 in").format(target=target, n=a.ratio))
        if a.takes_back or a.takes_back_own:
            which = ", ".join(rules.board.territories[k] for k in a.takes_back) or t._("its starting territories")
            # Translators: a row label of the rule sheet: Conquer Club's killer neutrals
            add("neutral.takes_back", t._("Killer neutrals"), t.n_(
                "{which}: neutral again with {armies} armies at the start of the round {n} round after its conquest",
                "{which}: neutral again with {armies} armies at the start of the round {n} rounds after its conquest",
                a.after).format(which=which, armies=a.back_armies, n=a.after) if a.back_armies else t.n_(
                "{which}: neutral again with the armies it held as play began, at the start of the round {n} round "
                "after its conquest",
                "{which}: neutral again with the armies it held as play began, at the start of the round {n} rounds "
                "after its conquest", a.after).format(which=which, n=a.after))
        if a.infects:
            # Translators: a row label of the rule sheet: SMG's zombies take a territory of each player
            add("neutral.infects", t._("Infection"), t._(
                "at the first round's start one territory of each player, drawn at random, joins the neutral "
                "army with its armies"))
    s = rules.team_rules
    if s is not None:
        shared = [text for on, text in (
            (s.deploy_partners, t._("reinforcements may be placed on a partner's territory")),
            (s.shared_hand, t._("the team's cards are one hand: drawn into, traded from and limited together")),
            (s.seated_together, t._("teams of consecutive seats, not alternate ones")),
            (s.one_person, t._("one person plays every seat of a team"))) if on]
        # Translators: a row label of the rule sheet: what partners in team play share
        add("game.team_rules", t._("Partners share"), "; ".join(shared))
