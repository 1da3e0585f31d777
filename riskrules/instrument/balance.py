"""`risk balance`: how fair and how lively a rule set is, every figure with a simultaneous interval.

Three kinds of games are played, all on the seeds of one run seed S:

- the *shape run*: every seat the same bot; game i plays seed game_seed(S, i), exactly as
  `risk simulate --seed S` does (a `Watch` listening to the game changes none of its draws);
- one *skill run* per pairing "A>B": one A against N−1 B at the same table, the seats rotated
  on common seeds as `risk tournament` rotates them (game i: seed group i // N, rotation i mod N).

Per game the shape run keeps who won, the rounds played, and at the end of every round the
seats that lead and the players eliminated so far (`Shape`). The leader measure is stated
and simple: a seat's strength is the territories it holds plus the armies it has on the board;
the leaders are the living seats of greatest strength (a tie: several leaders, none alone).

Every figure is a ratio of per-game sums, Σ num_i / Σ den_i (den_i = 1 for a plain share or
mean; den_i = 1 for won games only, for the figures of won games), so that each one, and each
paired difference of two rule sets on common seeds, has one formula for its standard error
(the delta method: the influence of game i is (num_i − R·den_i) / mean(den)). All the rows
of a report are one family of m: every interval holds simultaneously at 95% (Bonferroni,
each at 1 − 0.05/m), and the rows with a null hypothesis (a seat's or a skill pairing's win
share equals the even share 1/N; a difference is 0) are tested by Holm over the same m, the
rows without one counting as p = 1. docs/statistics.md ("Balance") defines every figure.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist

from . import InputError
from .simulate import IN_FLIGHT, CHUNK, Job, _bounded, _chunks, _first_done, _run_dask, game_seed, process_pool
from .stats import ALPHA, holm

ROUNDS = (5, 10, 15, 20, 30, 40)  # the rounds at which the survival curve and the eliminations are read
MAX_ROUNDS = 50  # how many rounds --rounds may name
LEADER_MEASURE = "territories held + armies on the board, at the end of each round"
SKILL = ("strong-1>balanced", "balanced>random")
MAX_PAIRINGS = 8


class BalanceError(InputError):
    """Input `risk balance` cannot use: its rounds ("rounds") or its skill pairings ("skill")."""


# ---- one game, watched ------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Shape:
    """What the figures need of one game of the shape run. Seats are places in the turn order
    (0 moved first), as in simulate's Record. `leaders[r-1]`: the leading seats at the end of
    round r as a bit set (bit s: seat s); `out[r-1]`: the players eliminated by then. The last
    round is the one the game ended in (its end, not a whole round)."""

    index: int
    seed: int
    winner: int  # -1: nobody won (the turn limit)
    reason: str
    rounds: int
    leaders: tuple[int, ...]
    out: tuple[int, ...]


class Watch:
    """A listener that reads the board at the end of every round (at the next round's first
    `turn_start`, and once more when the game is over). It only reads: the game's draws and
    events are the same with it or without it."""

    def __init__(self, game):
        self.game = game
        self.round = 0
        self.leaders: list[int] = []
        self.out: list[int] = []

    def __call__(self, event: dict) -> None:
        if event["type"] == "turn_start" and event["round"] != self.round:
            if self.round:
                self.snap()
            self.round = event["round"]

    def snap(self) -> None:
        g = self.game
        n = g.players
        strength = [0] * n
        for t, seat in enumerate(g.owner):
            if 0 <= seat < n:
                strength[seat] += 1 + g.armies[t]
        alive = [s for s in range(n) if g.alive[s]]
        best = max((strength[s] for s in alive), default=0)
        mask = 0
        for s in alive:
            if strength[s] == best:
                mask |= 1 << ((s - g.first) % n)
        self.leaders.append(mask)
        self.out.append(n - len(alive))


def play_shape(job: Job, index: int, seed: int) -> Shape:
    from ..engine.agents import make_bot
    from ..engine.game import Game

    rules = job.rules()
    s = game_seed(seed, index)
    game = Game(rules, [make_bot(job.bot, job.bot_timeout) for _ in range(job.players)], s, max_turns=job.max_turns)
    watch = Watch(game)
    game.listeners.append(watch)
    r = game.play()
    watch.snap()  # the end of the last round: the game's end
    n = job.players
    winner = -1 if r.winner is None else (r.players.index(r.winner) - r.players.index(r.first_player)) % n
    return Shape(index, s, winner, r.reason, r.rounds, tuple(watch.leaders), tuple(watch.out))


def play_shapes(job: Job, indices: Sequence[int], seed: int) -> list[Shape]:
    return [play_shape(job, i, seed) for i in indices]


def run_shapes(job: Job, games: int, seed: int, workers: int = 1,
               progress: Callable[[int], None] | None = None, first: int = 0, executor: str = "process",
               address: str | None = None) -> list[Shape]:
    """Games first..first+games-1 of the shape run, ordered by game, the same whatever `workers`
    is: in this process, in a pool of `workers` processes, or on a dask cluster (`executor`
    "dask": a local one of `workers`, or the scheduler at `address`), as simulate.run plays."""
    job.rules()
    chunks = _chunks(first, first + games, CHUNK)
    if executor == "dask":
        return sorted(_run_dask(job, chunks, seed, workers, address, progress, play_shapes), key=lambda g: g.index)
    return _played(play_shapes, job, chunks, seed, workers, progress)


def _played(play: Callable, job, chunks, seed: int, workers: int,
            progress: Callable[[int], None] | None) -> list[Shape]:
    """`play(job, chunk, seed)` over the chunks, here or in `workers` local processes, ordered by game."""
    done: list[Shape] = []
    if workers <= 1:
        for chunk in chunks:
            done += play(job, chunk, seed)
            if progress:
                progress(len(chunk))
    else:
        with process_pool(workers) as pool:
            for future in _bounded(lambda c: pool.submit(play, job, c, seed), chunks, workers * IN_FLIGHT,
                                   _first_done):
                part = future.result()
                done += part
                if progress:
                    progress(len(part))
    return sorted(done, key=lambda g: g.index)


# ---- per-game values ---------------------------------------------------------------------------------------

def leader_of(mask: int) -> int:
    """The one leading seat of a bit set, or -1 for a tie."""
    return mask.bit_length() - 1 if mask and mask & (mask - 1) == 0 else -1


def lead_changes(g: Shape) -> int:
    """How often the lead passed from one seat to another, round by round (rounds with a tie
    for the lead are passed over: A, tie, B is one change; A, tie, A none)."""
    alone = [s for s in map(leader_of, g.leaders) if s >= 0]
    return sum(1 for a, b in zip(alone, alone[1:]) if a != b)


def decided_at(g: Shape) -> float:
    """A won game's share of rounds played before its winner led for good: (D − 1) / R, D the
    first round from which the winner alone leads at the end of every round to the end, R the
    rounds; 0: led from the first round on; 1: not alone in the lead when the game ended."""
    mine = 1 << g.winner
    d = len(g.leaders) + 1
    for r in range(len(g.leaders), 0, -1):
        if g.leaders[r - 1] != mine:
            break
        d = r
    return (d - 1) / g.rounds if d <= g.rounds else 1.0  # (a game won in round 0 has no leaders: 1.0)


def comeback(g: Shape) -> bool:
    """A won game whose winner was not among the leaders at half time (the end of round R // 2; a
    game of one round has no half time)."""
    half = g.rounds // 2
    return half >= 1 and not g.leaders[half - 1] >> g.winner & 1


def out_by(g: Shape, r: int) -> int:
    """Players eliminated by the end of round r (after the game's end: as many as at its end)."""
    return g.out[min(r, len(g.out)) - 1] if g.out else 0


# ---- figures -----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Figure:
    """One row: per-game numerators and denominators; `bound`: the largest value a game's numerator
    can take (a share: 1), or None for an unbounded count; `null`: the value under the null
    hypothesis (None: no test); `group` and `key` name it, `label` says it."""

    group: str
    key: str
    label: str
    num: tuple[float, ...]
    den: tuple[float, ...]
    bound: float | None
    null: float | None = None


def figures(shapes: Sequence[Shape], skill: Sequence[tuple[str, str, Sequence[int]]], players: int,
            rounds: Sequence[int]) -> list[Figure]:
    """The figures of one rule set: `skill` as (A, B, per-game 1 if the single A won)."""
    n = len(shapes)
    ones = (1.0,) * n
    even = 1 / players
    won = tuple(float(g.winner >= 0) for g in shapes)
    out: list[Figure] = []
    for s in range(players):
        out.append(Figure("seats", f"seat {s + 1}", f"seat {s + 1} wins", tuple(float(g.winner == s) for g in shapes),
                          ones, 1.0, even))
    for a, b, wins in skill:
        out.append(Figure("skill", f"{a}>{b}", f"{a} among {players - 1} {b}: wins",
                          tuple(float(w) for w in wins), (1.0,) * len(wins), 1.0, even))
    out.append(Figure("shape", "rounds", "length in rounds (mean)", tuple(float(g.rounds) for g in shapes),
                      ones, None))
    for r in rounds:
        out.append(Figure("shape", f"running after {r}", f"running after round {r}",
                          tuple(float(g.rounds > r) for g in shapes), ones, 1.0))
    for r in rounds:
        out.append(Figure("shape", f"eliminated by {r}", f"eliminated by round {r} (mean)",
                          tuple(float(out_by(g, r)) for g in shapes), ones, float(players - 1)))
    out.append(Figure("shape", "lead changes", "lead changes (mean)",
                      tuple(float(lead_changes(g)) for g in shapes), ones, None))
    out.append(Figure("shape", "decided at", "decisiveness (won games)",
                      tuple(decided_at(g) if g.winner >= 0 else 0.0 for g in shapes), won, 1.0))
    out.append(Figure("shape", "comebacks", "comebacks (won games)",
                      tuple(float(g.winner >= 0 and comeback(g)) for g in shapes), won, 1.0))
    return out


def ratio(f: Figure) -> tuple[float, list[float]]:
    """R = Σ num / Σ den and each game's influence (num − R·den) / mean(den); R is 0 without a
    counted game (no influences then)."""
    total = sum(f.den)
    if total == 0:
        return 0.0, []
    r = sum(f.num) / total
    mean_den = total / len(f.den)
    return r, [(x - r * d) / mean_den for x, d in zip(f.num, f.den)]


def _wilson(k: float, n: float, z: float) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _se(influence: Sequence[float]) -> float:
    n = len(influence)
    return statistics.stdev(influence) / math.sqrt(n) if n > 1 else math.inf


def _p(z: float) -> float:
    return min(1.0, 2 * (1 - NormalDist().cdf(abs(z))))


def row(f: Figure) -> dict:
    """A figure's row, before the family's correction: its estimate, how many games count, its
    standard error and, with a null, the p-value (a share: the score test, whose inversion is
    Wilson's interval). A bounded figure's interval is Wilson's for its mean scaled to 0..1 (a
    variable in 0..1 of mean μ has a variance of at most μ(1 − μ), a share's: so the interval is
    conservative, and never of width 0 where every game gave the same value); an unbounded one's
    is the normal interval of its ratio (the delta method)."""
    r, influence = ratio(f)
    counted = int(sum(f.den))
    found = {"group": f.group, "key": f.key, "label": f.label, "kind": _kind(f), "estimate": r, "games": counted,
             "se": _se(influence) if influence else math.inf, "null": f.null, "p": None}
    if f.null is not None and counted:  # (only shares carry a null)
        sd0 = math.sqrt(f.null * (1 - f.null) / counted)
        found["p"] = _p((r - f.null) / sd0) if sd0 else float(r == f.null)
    found["_bound"], found["_k"], found["_n"] = f.bound, sum(f.num), sum(f.den)
    found["_floor"] = True  # every figure is a share or a mean of counts: no interval goes below 0
    return found


def difference(a: Figure, b: Figure) -> dict:
    """B − A, paired game by game (game i of A against game i of B: common seeds, or with
    --independent two runs of their own); the z-test of a difference of 0."""
    assert len(a.num) == len(b.num), "paired runs play as many games"
    ra, ia = ratio(a)
    rb, ib = ratio(b)
    if not ia or not ib:  # a figure of won games where one side won none
        return {"group": a.group, "key": a.key, "label": a.label, "kind": _kind(a), "estimate": rb - ra,
                "games": len(a.num),
                "se": math.inf, "null": 0.0, "p": 1.0}
    u = [y - x for x, y in zip(ia, ib)]
    se = _se(u)
    d = rb - ra
    p = (_p(d / se) if se else float(d == 0)) if se != math.inf else 1.0
    return {"group": a.group, "key": a.key, "label": a.label, "kind": _kind(a), "estimate": d, "games": len(a.num),
            "se": se, "null": 0.0, "p": p}


def _kind(f: Figure) -> str:
    """How a figure reads: a share of games (shown in percent), or a mean."""
    return "share" if f.bound == 1.0 and f.key != "decided at" else "mean"


def z_for(m: int, alpha: float = ALPHA) -> float:
    """The z of a two-sided interval at 1 − alpha/m: m of them hold together at 1 − alpha (Bonferroni)."""
    return NormalDist().inv_cdf(1 - alpha / (2 * max(1, m)))


def correct(rows: Sequence[dict], alpha: float = ALPHA) -> dict:
    """One family: every row's simultaneous interval (low, high) and, where it has a null, its
    Holm-adjusted p-value and `significant`; the rows without a null count as p = 1. In place;
    returns the family's description."""
    m = len(rows)
    z = z_for(m, alpha)
    adjusted = holm([r["p"] if r["p"] is not None else 1.0 for r in rows])
    for r, p_adj in zip(rows, adjusted):
        bound = r.pop("_bound", None)
        if bound is not None:
            low, high = _wilson(r.pop("_k") / bound, r.pop("_n"), z)
            r["low"], r["high"] = low * bound, high * bound
        else:
            r.pop("_k", None), r.pop("_n", None)
            half = z * r["se"]
            r["low"], r["high"] = r["estimate"] - half, r["estimate"] + half
            if r.pop("_floor", False):
                r["low"] = max(0.0, r["low"])
        r.pop("_floor", None)
        r["p_adjusted"] = p_adj if r["p"] is not None else None
        r["significant"] = r["p"] is not None and p_adj < alpha
    return {"method": "holm", "comparisons": m, "alpha": alpha, "interval": "bonferroni",
            "interval_level": 1 - alpha / m if m else 1 - alpha, "z": z,
            "tested": sum(1 for r in rows if r["p"] is not None)}


def largest_gap(seats: Sequence[dict], players: int) -> dict:
    """The largest distance of a seat's win share from the even share 1/N, and its interval
    derived from the seats' simultaneous intervals (it holds whenever they all do)."""
    even = 1 / players
    est = max(abs(r["estimate"] - even) for r in seats)
    low = max(max(0.0, r["low"] - even, even - r["high"]) for r in seats)
    high = max(max(abs(r["low"] - even), abs(r["high"] - even)) for r in seats)
    return {"estimate": est, "low": low, "high": high, "derived": "from the seats' simultaneous intervals"}


# ---- one rule set, or two ---------------------------------------------------------------------------------

def check_rounds(text: str | None) -> tuple[int, ...]:
    """'5,10,20' → (5, 10, 20): rounds from 1 up, rising, at most MAX_ROUNDS of them."""
    if text is None:
        return ROUNDS
    try:
        found = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise BalanceError("rounds", "rounds", f" '{text}': give rounds separated by commas, such as 5,10,20") from None
    if not found or len(found) > MAX_ROUNDS or any(r < 1 for r in found) or list(found) != sorted(set(found)):
        raise BalanceError("rounds", "rounds", f" '{text}': give 1 to {MAX_ROUNDS} rising rounds from 1 up, "
                           "such as 5,10,20")
    return found


def check_skill(text: str | None) -> tuple[tuple[str, str], ...]:
    """'strong-1>balanced,balanced>random' → the pairings (A, B); 'none' → none."""
    if text is None:
        text = ",".join(SKILL)
    if text.strip() == "none":
        return ()
    pairs = []
    for part in text.split(","):
        a, sep, b = (x.strip() for x in part.partition(">"))
        if not sep or not a or not b:
            raise BalanceError("skill", "skill pairing", f" '{part.strip()}': write STRONGER>WEAKER, such as "
                               "strong-1>balanced (or 'none')")
        if a == b:
            raise BalanceError("skill", "skill pairing", f" '{part.strip()}': name two different bots")
        if (a, b) in pairs:
            raise BalanceError("skill", "skill pairing", f" '{part.strip()}' is given twice")
        pairs.append((a, b))
    if len(pairs) > MAX_PAIRINGS:
        raise BalanceError("skill", "skill pairings", f": at most {MAX_PAIRINGS}")
    return tuple(pairs)


@dataclass(frozen=True)
class Plan:
    """What a balance run plays: per rule set its Job (shape run) and its skill Matches."""

    jobs: tuple[Job, ...]
    pairings: tuple[tuple[str, str], ...]
    games: int
    skill_games: int
    rounds: tuple[int, ...]
    seed: int
    independent: bool = False

    @property
    def players(self) -> int:
        return self.jobs[0].players

    def seed_of(self, arm: int) -> int:
        from .experiment import arm_seed

        return arm_seed(self.seed, arm, self.independent)


def play_lone(match, indices: Sequence[int], seed: int) -> list[Shape]:
    """Games of a skill pairing (tournament.play_one: the lone bot, match.lineup[0], rotated) as
    Shapes: winner 0 when the lone bot won, 1 when another did, -1 for nobody; the game's own seed
    (its seed group's); no round readings."""
    from .tournament import play_chunk as play_matches

    lone = match.lineup[0]
    return [Shape(p.index, game_seed(seed, p.index // match.players), -1 if p.winner is None else int(p.winner != lone),
                  p.reason, 0, (), ()) for p in play_matches(match, indices, seed)]


def run_lone(match, games: int, seed: int, workers: int = 1, progress: Callable[[int], None] | None = None,
             first: int = 0) -> list[Shape]:
    """Games first..first+games-1 of a skill pairing as Shapes (play_lone), ordered by game."""
    match.rules()
    return _played(play_lone, match, _chunks(first, first + games, 4), seed, workers, progress)


def skill_wins(played, bot: str) -> list[int]:
    return [int(p.winner == bot) for p in played]


def measure(plan: Plan, shapes: Sequence[Sequence[Shape]], skills: Sequence[Sequence[Sequence]]) -> dict:
    """The report of a plan, from its games: shapes[arm] (the shape run) and skills[arm][pairing]
    (the tournament games of each pairing). One family for every row of every rule set (and, for
    two, every difference)."""
    from .tournament import games_for

    players = plan.players
    per_arm = [figures(sh, [(a, b, skill_wins(sk, a)) for (a, b), sk in zip(plan.pairings, skills_of)], players,
                       plan.rounds) for sh, skills_of in zip(shapes, skills)]
    tables = [[row(f) for f in fs] for fs in per_arm]
    diffs = [difference(a, b) for a, b in zip(per_arm[0], per_arm[1])] if len(per_arm) == 2 else []
    family = correct([r for t in tables for r in t] + diffs)
    gaps = [largest_gap([r for r in t if r["group"] == "seats"], players) for t in tables]
    data = {"players": players, "seed": plan.seed, "games": plan.games,
            "skill_games": games_for(plan.skill_games, players) if plan.pairings else 0,
            "skill": [f"{a}>{b}" for a, b in plan.pairings],
            "rounds": list(plan.rounds), "leader_measure": LEADER_MEASURE, "independent": plan.independent,
            "rule_sets": [{"rules": job.label, "bot": job.bot, "seed": plan.seed_of(k), "figures": t,
                           "largest_gap": g} for k, (job, t, g) in enumerate(zip(plan.jobs, tables, gaps))],
            "family": family}
    if diffs:
        a, b = gaps
        data["differences"] = diffs
        data["largest_gap_difference"] = {"estimate": b["estimate"] - a["estimate"], "low": b["low"] - a["high"],
                                          "high": b["high"] - a["low"],
                                          "derived": "from both rule sets' seat intervals"}
    return data


def play(plan: Plan, workers: int = 1, progress: Callable[[str, int], Callable[[int], None] | None] | None = None,
         bot_timeout: float | None = None, executor: str = "process",
         address: str | None = None) -> tuple[list[list[Shape]], list[list[list]]]:
    """Play every game of a plan; `progress(label, total)` gives a callback per run (or None). The
    shape runs go to `executor` (process or dask); the skill runs to a pool of processes."""
    from .tournament import Match, games_for, lineup, run as run_match

    shapes, skills = [], []
    for k, job in enumerate(plan.jobs):
        seed = plan.seed_of(k)
        shapes.append(run_shapes(job, plan.games, seed, workers,
                                 progress(job.label, plan.games) if progress else None, 0, executor, address))
        mine = []
        for a, b in plan.pairings:
            match = Match(job.edition, job.variants, lineup([a, b], plan.players), job.max_turns, bot_timeout, job.sets)
            total = games_for(plan.skill_games, plan.players)
            mine.append(run_match(match, total, seed, workers,
                                  progress(f"{job.label} {a}>{b}", total) if progress else None))
        skills.append(mine)
    return shapes, skills
