"""The environment's speed beside the engine's, and whole games of every edition through it.

    python benchmarks/env_speed.py speed [--edition classic] [--players 3] [--games 20] [--max-turns 100] [--wrapped]
    python benchmarks/env_speed.py games [--games 1000] [--max-turns 200] [--editions a,b] [--replays 3]
                                         [--opponents balanced]
    python benchmarks/env_speed.py api [--cycles 300]
    python benchmarks/env_speed.py profile [--edition classic] [--games 20] [--max-turns 100] [--top 25]

`speed`: the same number of games, side by side in one process: `risk simulate`'s own game
(instrument/simulate.py play_game, `random` bots, no log) timed, its decisions counted in an
untimed second run of the same games; then the PettingZoo environment with a random agent
(uniform over the legal actions of the mask: its nonzero places, one drawn by Python's
random.Random — numpy's generator costs a random agent more than a step), every step timed (env.last,
the action, env.step: the observation and mask are made at each). Prints decisions a second for
both, the environment's steps a second and its engine decisions a second (a decision is one or
more steps: place, attack and fortify are asked in stages; decisions with one answer are not
asked), and the ratio; then how much of a step is the game's own: each game played again by the
engine alone with the environment's answers given at once (untimed, the answers written down from
the same game played again through the environment), and the agent's own: its draws from that
game's masks, again, timed alone. Last, the floor: the same game through an environment that does
nothing (env_floor.py Bare: the same calls and agent, the game in its greenlet answered with the written-down
answers, `last` handing out the written-down mask and a copy of an array the observation's size),
the most any environment with this engine, greenlet and agent could reach; the environment's own
part of a step (a step less the floor) by parts: the same game played again by the environment
with its kept observation written down (seen.py: a copy of one array, as Bare's), then with its
masks written down too (lighter). Then the stages: the environment's steps by the decision's kind
(steps a decision), and the floor of an encoding that
asks every decision in one step (Bare over the same game with each decision's stages merged into
its last: the steps that give the game no answer dropped; the agent draws from the last stage's
mask, so a flat encoding's larger mask would cost it more: a bound), beside simulate's decisions a
second.

`games`: N games of each edition (every edition's default variant, 3 players) played to their
end (a win or the turn limit) by a random agent in every seat through the environment, only
legal actions (an illegal one raises), game i of every edition in turn: games, wins (by reason),
turn limits, steps, CPU seconds, a line for each edition every --every games. With `--opponents
balanced` the random agent takes one seat of the Gymnasium environment (seat i mod 3) and the bot
the others; `--max-turns 0`: no turn limit (10⁹ turns); `--editions` may name .risk files. The
first `--replays` games of each edition are played with the environment's logs on, and each log is
checked by `risk replay` (its own process; a log that does not replay stops the run).

`profile`: the environment's games of `speed` (the same random agent) under cProfile: the functions
by their own time (tottime), the top few (cProfile's own cost weighs on the many small calls).

`api`: PettingZoo's api_test over every edition and variant at 3 players, the fogged gallery rules and an
imported map (tests/data/maps49/alpen.map, Domination's format).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import warnings
from pathlib import Path


from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.env import RiskEnv
from riskrules.instrument.simulate import Job, play_game
from riskrules.language.loader import editions, open_rulebook

sys.path.insert(0, str(Path(__file__).resolve().parent))
import env_floor  # noqa: E402  (the parts of a step: the floor, the game and agent alone)
from env_floor import random_action  # noqa: E402

NO_LIMIT = 10 ** 9  # --max-turns 0: turns without end (a number the log's header can hold)
FOGS = ["fog-light", "fog-normal", "fog-dense", "fog-heavy", "fog-complete", "fog-conquer-club"]


class Counted:
    """A bot that counts the decisions it is put."""

    def __init__(self, inner, count):
        self.inner, self.count, self.kind = inner, count, inner.kind

    def start(self, view, seat, rng):
        self.inner.start(view, seat, rng)

    def decide(self, d):
        self.count[0] += 1
        return self.inner.decide(d)


def speed(edition: str, players: int, games: int, max_turns: int, seed: int, wrapped: bool = False) -> None:
    """Game by game, one of `risk simulate`'s then the environment's (so that a busy machine slows both alike).
    `wrapped`: the environment stepped through PettingZoo's OrderEnforcingWrapper (what its own
    environments' `env()` put around them), not as `riskrules.env.env()` gives it."""
    from riskrules.instrument.simulate import game_seed

    job = Job(edition, None, players, "random", max_turns, ())
    rules = open_rulebook(edition).rules(None, players)
    env = RiskEnv(edition, players=players, max_turns=max_turns)
    stepped = env
    if wrapped:
        from pettingzoo.utils.wrappers import OrderEnforcingWrapper

        stepped = OrderEnforcingWrapper(env)
    pick = random.Random(seed)
    count = [0]
    simulated = spent = engine = drawing = bare = merged = 0.0
    steps = asked = bare_steps = merged_steps = 0
    kinds: dict[str, list[int]] = {}  # a decision's kind → [its steps, its decisions]
    lighter = [0.0, 0.0]  # the environment's game again: without Seen's work; without it and the mask's
    for i in range(games):
        began = time.process_time()
        play_game(job, i, seed)
        simulated += time.process_time() - began
        Game(rules, [Counted(make_bot("random"), count) for _ in range(players)], game_seed(seed, i),
             max_turns=max_turns).play()  # (the same game again, untimed, its decisions counted)
        stepped.reset(seed=game_seed(seed, i))
        drawn = pick.getstate()
        began = time.process_time()
        for agent in stepped.agent_iter():
            observation, _, termination, truncation, _ = stepped.last()
            action = random_action(observation, termination or truncation, pick)
            asked += action is not None and env.played.stage == 0
            stepped.step(action)
            steps += 1
        spent += time.process_time() - began
        env_floor.count_kinds(env, kinds, pick, drawn, game_seed(seed, i))
        alone, written = env_floor.engine_alone(env, rules, drawn, game_seed(seed, i), max_turns)
        engine += alone
        drawing += env_floor.agent_alone([m for m, done in written[0] if not done], drawn)
        floor, counted = env_floor.bare(env, rules, written, drawn, game_seed(seed, i), max_turns)
        bare += floor
        bare_steps += counted
        floor, counted = env_floor.bare(env, rules, env_floor.merged(written), drawn, game_seed(seed, i), max_turns)
        merged += floor
        merged_steps += counted
        for k in (0, 1):
            lighter[k] += env_floor.lighter(env, written, drawn, game_seed(seed, i), mask_too=k == 1)
    decisions = count[0]
    print(f"{edition}, {players} players, {games} games to at most {max_turns} turns, CPU time of this process"
          f"{' (the environment in OrderEnforcingWrapper)' if wrapped else ''}:")
    print(f"  risk simulate (random bots):   {decisions:>9,} decisions in {simulated:6.2f} s: "
          f"{decisions / simulated:>9,.0f} decisions/s")
    print(f"  environment (random agent):    {steps:>9,} steps     in {spent:6.2f} s: {steps / spent:>9,.0f} steps/s, "
          f"{asked / spent:,.0f} decisions/s ({asked:,} decisions asked)")
    print(f"  steps/s ÷ simulate's decisions/s: {steps / spent / (decisions / simulated):.2f}")
    print(f"  of a step's {spent / steps * 1e6:.1f} µs, the game's own (the engine alone, the same answers "
          f"given at once): {engine / steps * 1e6:.1f} µs; the agent's own (its draws from the same masks, "
          f"alone): {drawing / steps * 1e6:.1f} µs")
    print(f"  the floor, an environment that does nothing but the calls, the game (its answers written down) and the "
          f"agent (benchmarks/env_floor.py Bare): {bare / bare_steps * 1e6:.1f} µs a step, "
          f"{bare_steps / bare:,.0f} steps/s: {bare_steps / bare / (decisions / simulated):.2f} of simulate's")
    seen, masks, rest = spent - lighter[0], lighter[0] - lighter[1], lighter[1] - bare
    print(f"  the environment's own {(spent - bare) / steps * 1e6:.1f} µs a step (a step less the floor), by parts "
          f"(the same game again with a part written down, lighter): the observation kept (seen.py) "
          f"{seen / steps * 1e6:.1f} µs, the mask (Encoding.mask) {masks / steps * 1e6:.1f} µs, the rest (the action "
          f"checked and turned into an answer, the stages, the calls between, the AEC's bookkeeping) "
          f"{rest / steps * 1e6:.1f} µs")
    print(f"  the environment's decisions/s ÷ simulate's decisions/s: {asked / spent / (decisions / simulated):.2f} "
          f"({steps / asked:.2f} steps a decision; by kind, steps/decisions: "
          + ", ".join(f"{k} {s:,}/{d:,}" for k, (s, d) in sorted(kinds.items(), key=lambda kv: -kv[1][0])) + ")")
    print(f"  the floor with every decision asked in one step (Bare, the stages merged): {merged / merged_steps * 1e6:.1f} "
          f"µs a step, {merged_steps / merged:,.0f} steps (decisions)/s: "
          f"{merged_steps / merged / (decisions / simulated):.2f} of simulate's")


def profile(edition: str, players: int, games: int, max_turns: int, seed: int, top: int) -> None:
    """The environment's games of `speed` under cProfile, its functions by their own time."""
    import cProfile
    import pstats

    from riskrules.instrument.simulate import game_seed

    env = RiskEnv(edition, players=players, max_turns=max_turns)
    pick = random.Random(seed)

    def play() -> None:
        for i in range(games):
            env.reset(seed=game_seed(seed, i))
            for agent in env.agent_iter():
                observation, _, termination, truncation, _ = env.last()
                env.step(random_action(observation, termination or truncation, pick))

    profiler = cProfile.Profile()
    profiler.runcall(play)
    pstats.Stats(profiler).strip_dirs().sort_stats("tottime").print_stats(top)


def all_editions() -> list[tuple[str, int]]:
    """Every edition (classic, the base, too), 3 players."""
    return [(e["id"], 3) for e in editions()]


def games_of(chosen: list[tuple[str, int]], games: int, max_turns: int, seed: int, replays: int,
             every: int, opponents: str | None = None) -> None:
    """Game i of every edition in turn (so that a run cut short has played them alike); a line for
    each edition every `every` games and at the end. With `opponents` (a built-in bot), the random
    agent takes one seat of the Gymnasium environment (seat i mod players) and the bots the others;
    else it takes every seat of the PettingZoo one. `max_turns` 0: no turn limit."""
    import subprocess
    import sys
    import tempfile
    from collections import Counter

    from riskrules.env import RiskSingleEnv

    logs = tempfile.mkdtemp()
    pick = random.Random(seed)
    limit = max_turns or NO_LIMIT
    tally = {}
    for edition, players in chosen:
        if opponents:
            made = {(seat, logged): RiskSingleEnv(edition, players=players, opponents=opponents, seat=seat,
                                                 max_turns=limit, logs=f"{logs}/{edition}" if logged else None)
                    for seat in range(players) for logged in (False, True)}
        else:
            made = {logged: RiskEnv(edition, players=players, max_turns=limit,
                                    logs=f"{logs}/{edition}" if logged else None) for logged in (False, True)}
        tally[edition] = {"players": players, "envs": made, "games": 0, "wins": 0, "limits": 0, "steps": 0,
                          "replayed": 0, "seconds": 0.0, "reasons": Counter(), "agent won": 0}
    for i in range(games):
        for edition, t in tally.items():
            began = time.process_time()
            logged = i < replays
            if opponents:
                seat = i % t["players"]
                env = t["envs"][seat, logged]
                observation, _ = env.reset(seed=seed + i)
                done = False
                while not done:
                    legal = observation["action_mask"].nonzero()[0]
                    action = int(legal[pick.randrange(len(legal))])  # (an illegal action would raise)
                    observation, _, terminated, truncated, _ = env.step(action)
                    done = terminated or truncated
                    t["steps"] += 1
            else:
                env = t["envs"][logged]
                env.reset(seed=seed + i)
                for agent in env.agent_iter():
                    observation, _, termination, truncation, _ = env.last()
                    if termination or truncation:
                        action = None
                    else:
                        legal = observation["action_mask"].nonzero()[0]
                        action = int(legal[pick.randrange(len(legal))])  # (an illegal action would raise)
                    env.step(action)
                    t["steps"] += 1
            result = env.played.table.result
            t["games"] += 1
            t["wins"] += result.winner is not None
            t["limits"] += result.reason == "turn_limit"
            t["reasons"][result.reason] += 1
            if opponents:
                t["agent won"] += result.winner == env.played.names[env.me]
            t["seconds"] += time.process_time() - began
            if logged:
                subprocess.run([sys.executable, "-m", "riskrules", "replay", f"{logs}/{edition}/seed-{seed + i}.jsonl"],
                               check=True, capture_output=True)
                t["replayed"] += 1
            if t["games"] % every == 0 or i == games - 1:
                n = t["games"]
                how = ", ".join(f"{k} {v}" for k, v in sorted(t["reasons"].items()))
                won = f"; the random agent won {t['agent won']}" if opponents else ""
                seats = f"the random agent in one seat, {opponents} in the others" if opponents else \
                    "the random agent in every seat"
                print(f"{edition} ({t['players']} players, {seats}, "
                      f"{f'at most {max_turns} turns' if max_turns else 'no turn limit'}): {n} games to their end, "
                      f"0 illegal actions: {t['wins']} won ({how}), {t['limits']} at the turn limit, "
                      f"{n - t['wins'] - t['limits']} else"
                      f"{won}; "
                      f"{t['steps']:,} steps, {t['seconds']:.1f} s of CPU; "
                      f"{t['replayed']} of their logs replay (risk replay)", flush=True)


def api(cycles: int) -> None:
    from pettingzoo.test import api_test

    warnings.simplefilter("ignore")
    cases = []
    for e in editions():
        for variant in [None, *(v["id"] for v in e["variants"])]:
            cases.append((e["id"], variant))
    cases += [(f"rulebooks/house/{name}.risk", None) for name in FOGS]
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    maps = Path(tempfile.mkdtemp())  # an imported map: Domination's, from the import's tests
    subprocess.run([sys.executable, "-m", "riskrules", "board", "import", "tests/data/maps49/alpen.map", "--out",
                    str(maps)], check=True, capture_output=True)
    cases.append((str(maps / "alpen.risk"), None))
    for edition, variant in cases:
        players = 3
        api_test(RiskEnv(edition, variant=variant, players=players, max_turns=60), num_cycles=cycles,
                 verbose_progress=False)
        print(f"api_test passed: {edition}{' ' + variant if variant else ''}, {players} players", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["speed", "games", "api", "profile"])
    parser.add_argument("--edition", default="classic")
    parser.add_argument("--editions", help="comma-separated editions or .risk paths (games; default: every edition)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int)
    parser.add_argument("--max-turns", type=int)
    parser.add_argument("--cycles", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--replays", type=int, default=3, help="games: the first N of each edition logged and replayed")
    parser.add_argument("--every", type=int, default=100, help="games: a line for each edition every N games")
    parser.add_argument("--opponents", help="games: the random agent in one seat, this built-in bot in the others")
    parser.add_argument("--top", type=int, default=25, help="profile: the functions shown")
    parser.add_argument("--wrapped", action="store_true",
                        help="speed: the environment in PettingZoo's OrderEnforcingWrapper")
    args = parser.parse_args()
    if args.what == "speed":
        speed(args.edition, args.players, args.games or 20, args.max_turns or 100, args.seed, args.wrapped)
    elif args.what == "games":
        chosen = all_editions()
        if args.editions:  # (editions, or paths of .risk files: a gallery rule)
            chosen = [(wanted, args.players) for wanted in args.editions.split(",")]
        turns = args.max_turns if args.max_turns is not None else 200
        games_of(chosen, args.games or 1000, turns, args.seed, args.replays, args.every, args.opponents)
    elif args.what == "profile":
        profile(args.edition, args.players, args.games or 20, args.max_turns or 100, args.seed, args.top)
    else:
        api(args.cycles)


if __name__ == "__main__":
    main()
