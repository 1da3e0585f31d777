"""Variants of `strong` against three `balanced` (or three of another bot), paired on the same games:
does a change to its search or its habits make it win more? (issue 27: sv-2000 missions against three
balanced; against pyrisk's BetterAI)

    python benchmarks/strong_variants.py --games 400 --seed 7000 --variants today,refit+trade,piled+refit+trade
    python benchmarks/strong_variants.py --list

The code before strong read the others (b50be78), on the same games, for a paired comparison:
`git worktree add /tmp/before b50be78`, `PYTHONPATH=/tmp/before python benchmarks/strong_variants.py
--variants today --json > before.json`, then `--variants today --against before.json` here: the
baseline is then the file's first variant, named "before" (`--against-name` names it otherwise: a saved
run of today's bot, `--against today.json --against-name today`, spares playing it again).

Each variant is one or more tweaks joined by '+', applied to the strong bot in this process (and
so in the forked workers) for its run, then undone. Every variant plays the same games as
`risk tournament EDITION --variant V --players 4 --bots strong,balanced` (the same seeds and
seatings), so the first variant listed is the baseline of a paired comparison: for each other
variant, the games only it won, the games only the baseline won, and the difference of win
shares with a 95% interval from those discordant games (a paired difference: games that both or
neither won say nothing about the change). Shares carry Wilson 95% intervals.

The tweaks:
  refit       VALUE as `python benchmarks/fit_value.py` fits it on today's balanced, which spreads its
              setup armies (REFIT below; held-out log loss 0.3933; valuing.py's VALUE was fitted
              before balanced spread them)
  trade       the set worth the most armies, territory bonus counted (balanced: the set with the
              most of its own territories), in its seat and in its playouts
  hold        no trade while none is forced and no set is worth 8 armies or more (territory bonus counted:
              sv-2000's sets are worth 4, 6, 8 and 10), in its seat and in its playouts
  piled       every setup army where balanced would place it in play, as balanced did before it
              spread them (benchmarks/setup_spread.py's PiledSetup)
  allpiled    every seat at the table piles its setup armies, `balanced` as it was before issue 20 (the
              table at which strong's 62% was measured: 125 of 200 at seed 1, at 470c740 and c163b35)
  attack3     three attack candidates besides stopping (ATTACK_CANDIDATES 3; default 2)
  playoutsN   N playouts per candidate and search (default 10; about N/10 times the CPU)
  horizonN    playouts look N rounds ahead (default 1; about N times the CPU)
  confidenceX a candidate must beat balanced's answer by X standard errors (default 1.0), e.g. confidence0.5
  styleturns  two more attack candidates, each a whole plan: the rest of the turn's attacks (and the armies
              moved in) as `aggressive` would play them, or as `spreader` would; a plan chosen is followed
              to the end of the attack phase, in the bot's seat and in its playouts
  block       one more attack candidate where an opponent is near his mission (his expected `threat` under the
              bot's guess of the missions 0.5 or more): the attack on him that most lowers that progress,
              times its odds of taking the territory
  priorN      the reading's prior leans to `balanced` (the model of b50be78) by N pseudo-players per other seat
              (reading.py's PRIOR_SEEN; default 0, even), e.g. prior1: balanced 4/8 and each other style 1/8
              at 4 players (issue 50; benchmarks/reading_turns.py finds where the reading changed decisions)
  oldspreader `spreader` attacks by its rule before it took pyrisk's BetterAI's: whenever the armies that may
              attack (all but one) outnumber a neighbour by three, the weakest first (in `strong`'s reading
              of the others and in its playouts, and in any spreader at the table)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from contextlib import ExitStack
from functools import partialmethod
from unittest.mock import patch

import riskrules.engine.agents.strong as strong
import riskrules.engine.agents.styles as styles
from riskrules.engine.decisions import ATTACK, OCCUPY
from riskrules.engine.game import DEFAULT_MAX_TURNS
from riskrules.instrument.tournament import Match, games_for, run

REFIT = (-4.710, 10.516, 1.359, -2.685, 0.866, 1.472, 4.666, 1.505, 0.915, -2.526, 0.639, 2.190, -0.941)
TWEAKS = ("refit", "trade", "piled", "allpiled", "attack3", "playoutsN", "horizonN", "confidenceX", "styleturns",
          "oldspreader", "block", "hold", "priorN")
STYLE_PLANS = {"aggressive": styles.AggressiveAgent, "spreader": styles.SpreaderAgent}  # styleturns' plans, by name


def set_total(view, cards) -> int:
    """The armies a set brings, its territory bonus counted."""
    armies, owned, bonus = view.set_worth(cards)
    return armies + bonus * (len(owned) if view.rules.cards.bonus_per_card else min(1, len(owned)))


def most_armies_trade(self, d):
    """The set worth the most armies, its territory bonus counted; balanced's where none is worth more."""
    usual = strong.BalancedAgent.trade(self, d)
    best = max(d.options, key=lambda cards: set_total(self.view, cards))
    return best if set_total(self.view, best) > set_total(self.view, usual) else usual


HOLD = 8  # hold: a set worth fewer armies than this is kept while no trade is forced


def holding_trade(self, d):
    """balanced's set, but none while no trade is forced and no set is worth HOLD armies (its territory
    bonus counted): a fourth and fifth card may make a set worth more."""
    if d.optional and max(set_total(self.view, cards) for cards in d.options) < HOLD:
        return None
    return strong.BalancedAgent.trade(self, d)


def style_attack_searched(self, d):
    """strong's attack search, a style's plan followed once chosen."""
    if self.plan_turn == self.view.turn and self.plan in STYLE_PLANS:  # a style's plan: on to the phase's end
        return STYLE_PLANS[self.plan].attack(self, d)
    best = ORIGINAL_ATTACK(self, d)
    return STYLE_PLANS[best].attack(self, d) if best in STYLE_PLANS else best


def style_attack_candidates(self, d):
    """strong's attack candidates, and each style's plan whose first attack is not to stop."""
    return ORIGINAL_CANDIDATES(self, d) + [name for name, style in STYLE_PLANS.items() if style.attack(self, d) is not None]


def style_floor(self, plan):
    return 1.0 if plan in STYLE_PLANS else ORIGINAL_FLOOR(self, plan)  # (a style's plan ends where the style stops)


def style_occupy_searched(self, d):
    if self.plan_turn == self.view.turn and self.plan in STYLE_PLANS:
        return STYLE_PLANS[self.plan].occupy(self, d)
    return ORIGINAL_OCCUPY(self, d)


def style_script_decide(self, d):
    """The script in a playout, following a style's plan through the attack phase."""
    plan = self.plan
    if plan in STYLE_PLANS and d.player == d.side == self.view.active:
        if d.kind is ATTACK:
            chosen = STYLE_PLANS[plan].attack(self, d)
            if chosen is None:
                self.plan = False
            return self.pressed(chosen)
        if d.kind is OCCUPY:
            return STYLE_PLANS[plan].occupy(self, d)
    return ORIGINAL_SCRIPT_DECIDE(self, d)


# (getattr: older code, run with --variants today, may lack some)
ORIGINAL_ATTACK, ORIGINAL_CANDIDATES, ORIGINAL_FLOOR, ORIGINAL_OCCUPY = (
    getattr(strong.StrongAgent, name, None) for name in ("attack_searched", "attack_candidates", "floor", "occupy_searched"))
ORIGINAL_SCRIPT_DECIDE = strong._Script.decide


BLOCK_THREAT = 0.5  # block: the leading opponent's expected threat from which his mission is worth blocking


def mission_drop(view, seat: int, m, t: int, held: dict[int, int]) -> float:
    """How much `seat` losing territory t takes off his progress on mission m (valuing.threat's measure);
    `held`: per army count an occupy mission asks for, his territories with that many."""
    if m.kind == "occupy":
        n = held[m.armies]
        return min(1.0, n / m.count) - min(1.0, (n - 1) / m.count) if view.armies[t] >= m.armies else 0.0
    if m.kind == "conquer" and view.continent_of[t] in m.continents:
        wanted = sum(len(view.members[k]) for k in m.continents)
        extra = min(len(ms) for k, ms in enumerate(view.members) if k not in m.continents) if m.extra else 0
        return 1.0 / (wanted + extra)
    return 0.0


def block_candidates(self, d):
    """strong's attack candidates, and the attack that takes most off the mission of the opponent
    nearest to his (as the bot guesses the missions), where he is near (BLOCK_THREAT)."""
    import riskrules.engine.agents.valuing as valuing  # (here: an older strong, run with --variants today, has none)
    candidates = ORIGINAL_CANDIDATES(self, d)
    view = self.view
    if view.mission is None:
        return candidates
    pool, weights = self.missions_guessed()
    expected = {}
    for seat, row in weights.items():
        if view.alive[seat]:
            total = sum(row)
            held = [view.as_held(seat, m) for m in pool]
            expected[seat] = (sum(w * valuing.threat(view, seat, m) for w, m in zip(row, held)) / total, row, held, total)
    if not expected:
        return candidates
    leader = max(expected, key=lambda s: expected[s][0])
    level, row, held, total = expected[leader]
    if level < BLOCK_THREAT:
        return candidates
    armies, owner, win = view.armies, view.owner, self.odds.win
    counts = {m.armies: sum(1 for u in range(view.size) if owner[u] == leader and armies[u] >= m.armies)
              for m in held if m.kind == "occupy"}  # (once, not per attack)
    best, most = None, 0.0
    for source, target in d.options:
        if owner[target] == leader:
            p = win(armies[source] - 1, armies[target])
            if p >= strong.LOWEST_ODDS:
                gain = p * sum(w * mission_drop(view, leader, m, target, counts) for w, m in zip(row, held)) / total
                if gain > most:
                    best, most = (source, target), gain
    return candidates + [best] if best is not None and best not in candidates else candidates


def old_spreader_attack(self, d):
    armies = self.view.armies
    return styles.weakest_first(armies, [(s, t) for s, t in d.options if armies[s] - 1 >= armies[t] + styles.MARGIN])


def piled_setup(self, d):
    return self.place_in_play(d)


def tweak(name: str) -> list[tuple[object, str, object]]:
    """(owner, attribute, new value) for each change a tweak makes."""
    if name == "refit":
        import riskrules.engine.agents.valuing as valuing  # (here: an older strong, run with --variants today, has none)
        return [(valuing, "VALUE", REFIT)]
    if name == "trade":
        return [(strong._Aims, "trade", most_armies_trade)]
    if name == "piled":
        return [(strong.StrongAgent, "place_setup", piled_setup)]
    if name == "allpiled":
        return [(strong.BalancedAgent, "place_setup", piled_setup)]  # (strong's own setup is balanced's)
    if name == "styleturns":
        return [(strong.StrongAgent, "attack_searched", style_attack_searched),
                (strong.StrongAgent, "attack_candidates", style_attack_candidates),
                (strong.StrongAgent, "floor", style_floor),
                (strong.StrongAgent, "occupy_searched", style_occupy_searched),
                (strong._Script, "decide", style_script_decide)]
    if name == "oldspreader":
        return [(styles.SpreaderAgent, "attack", old_spreader_attack)]
    if name == "hold":
        return [(strong._Aims, "trade", holding_trade)]
    if name == "block":
        return [(strong.StrongAgent, "attack_candidates", block_candidates)]
    if name == "attack3":
        return [(strong, "ATTACK_CANDIDATES", 3)]
    if name.startswith("prior") and name[len("prior"):].isdigit():
        import riskrules.engine.agents.reading as reading  # (here: an older strong, run with --variants today, has none)
        return [(reading, "PRIOR_SEEN", int(name[len("prior"):]))]
    for argument in ("playouts", "horizon"):  # an argument of StrongAgent, and its module's default
        if name.startswith(argument) and name[len(argument):].isdigit():
            n = int(name[len(argument):])
            init = partialmethod(strong.StrongAgent.__init__, **{argument: n})
            return [(strong, argument.upper(), n), (strong.StrongAgent, "__init__", init)]  # (the default: still named strong)
    if name.startswith("confidence"):
        try:
            return [(strong, "CONFIDENCE", float(name[len("confidence"):]))]
        except ValueError:
            pass
    raise SystemExit(f"no tweak {name!r}: one of {', '.join(TWEAKS)}")


def play(variant: str, match: Match, games: int, seed: int, workers: int) -> list[bool]:
    """Whether strong won each game of `match`, the variant's tweaks applied for the run."""
    with ExitStack() as undo:
        for name in variant.split("+"):
            if name != "today":
                for owner, attr, value in tweak(name):
                    undo.enter_context(patch.object(owner, attr, value, create=True))
        return [p.winner == "strong" for p in run(match, games_for(games, 4), seed, workers)]


def row(name: str, results: dict[str, list[bool]], base: str) -> str:
    from riskrules.instrument.stats import paired, wilson  # (here: older code, run with --json, has no paired)
    won = results[name]
    low, high = wilson(sum(won), len(won))
    line = f"{name:32} {sum(won):4d}/{len(won)} = {sum(won) / len(won):6.1%} ({low:.1%}–{high:.1%})"
    if name != base:  # the games only this variant won, only the baseline won; the paired difference
        gain = sum(o and not b for b, o in zip(results[base], won))
        loss = sum(b and not o for b, o in zip(results[base], won))
        d = paired([float(b) for b in results[base]], [float(o) for o in won])
        line += f"   vs {base}: +{gain} −{loss} games, {d['difference']:+.1%} ({d['low']:+.1%}…{d['high']:+.1%})"
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edition", default="sv-2000")
    parser.add_argument("--variant", default="missions", help="the edition's variant ('' for none)")
    parser.add_argument("--variants", default="today,refit+trade", help="comma-separated; the first is the baseline")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="each variant's wins, game by game")
    parser.add_argument("--list", action="store_true", help="the tweaks, and stop")
    parser.add_argument("--against", help="a --json output of the same games: its first variant is the baseline")
    parser.add_argument("--against-name", default="before", help="the name the --against baseline goes by (default before)")
    parser.add_argument("--opponent", default="balanced", help="the bot in the three other seats (default balanced; a "
                        "plug-in too: PYRISK_PATH=… PYTHONHASHSEED=0 … --edition benchmarks/pyrisk.risk --variant '' "
                        "--opponent benchmarks/pyrisk_bridge.py:BetterAI)")
    parser.add_argument("--max-turns", type=int, default=DEFAULT_MAX_TURNS,
                        help=f"player turns after which a game ends, won by nobody (default {DEFAULT_MAX_TURNS})")
    args = parser.parse_args()
    if args.list:
        print(__doc__[__doc__.index("The tweaks"):].rstrip())
        return
    names = args.variants.split(",")
    for name in names:
        for part in name.split("+"):
            if part != "today":
                tweak(part)  # an unknown tweak fails before any game is played
    match = Match(args.edition, (args.variant,) if args.variant else None, ("strong",) + (args.opponent,) * 3,
                  max_turns=args.max_turns)
    results = {}
    if args.against:
        with open(args.against) as f:
            saved = json.load(f)
        held = saved["edition"], saved["variant"], saved["seed"], saved.get("opponent", "balanced")
        if held != (args.edition, args.variant, args.seed, args.opponent):
            raise SystemExit(f"{args.against} holds other games: {held[0]} {held[1]!r}, seed {held[2]}, against {held[3]}")
        if args.against_name in names:
            raise SystemExit(f"--against-name {args.against_name!r} is also a variant to play: name the saved run otherwise")
        results[args.against_name] = next(iter(saved["won"].values()))
        names.insert(0, args.against_name)
    for name in names:
        if name not in results:
            start = time.time()
            results[name] = play(name, match, args.games, args.seed, args.workers)
            print(f"{name}: {time.time() - start:.0f} s", file=sys.stderr)
        if len(results[name]) != len(results[names[0]]):
            raise SystemExit(f"{args.against} holds {len(results[names[0]])} games, not {len(results[name])}")
        if not args.json:
            print(row(name, results, names[0]), flush=True)
    if args.json:
        print(json.dumps({"edition": args.edition, "variant": args.variant, "seed": args.seed, "opponent": args.opponent,
                          "won": results}))


if __name__ == "__main__":
    main()
