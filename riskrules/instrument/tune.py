"""`risk tune`: search rule values for a target, the instrument's statistics deciding.

    risk tune classic --vary "reinforcements { territories max({a}, territories // 3) }" --over a=1..9 \\
        --target rounds=15..18

Candidates: every combination of the values of --over, each filling the placeholders of --vary
(a --set text). The search is successive halving (Karnin, Koren and Somekh, "Almost optimal
exploration in multi-armed bandits", ICML 2013; Jamieson and Talwalkar, AISTATS 2016): in
⌈log2 K⌉ rungs, every candidate still in plays its share of the rung's games — all of them on the
games 0, 1, 2, … of the one search seed S, so candidates are compared on common seeds — and the
better half (by the target's score, below) goes on; the last one left is chosen. Games go
where the answer can still change: a candidate far from the target leaves after one rung. For a
seats target over whole numbers the choice is then made by a surface fitted to every game of the
search (`surface`), not by the last candidate's own few.

The chosen candidate is then **confirmed at fresh seeds**, S + 1 and S + 2, that the search
never played: --confirm-games games each, its intervals simultaneous over both (Bonferroni).
Confirmed means: every interval lies inside the target. It is written out (--out) as a house
rule extending the input, and the file is checked to play exactly the rules confirmed.

Targets: `seats=1.5pp` (every seat's win share within ±1.5 pp of the even share 1/N; score: the
largest gap) and `rounds=LOW..HIGH` (the mean length in rounds within LOW..HIGH; score: the
distance of the mean from the middle).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from . import InputError
from .balance import Shape, _wilson, run_shapes, z_for
from .simulate import Job, game_seed

MAX_CANDIDATES = 256
MIN_GAMES = 20  # games a candidate plays at least in a rung
PLACEHOLDER = re.compile(r"\{([a-z])\}")


class TuneError(InputError):
    """Input `risk tune` cannot use: `name` "vary", "over", "target" or "confirm-games"."""


@dataclass(frozen=True)
class Target:
    """`seats`: every seat within ±band (a share) of 1/N; `rounds`: the mean rounds within low..high;
    `skill`: the lone bot of `pairing` winning at least 1/N + band of its games."""

    kind: str
    band: float = 0.0
    low: float = 0.0
    high: float = 0.0
    pairing: tuple[str, ...] = ()  # skill: the lone bot, the others

    def text(self) -> str:
        if self.kind == "seats":
            return f"every seat's win share within ±{100 * self.band:g} pp of the even share"
        if self.kind == "skill":
            a, b = self.pairing
            return f"one {a} among {b} bots winning at least {100 * self.band:g} pp above the even share"
        return f"a mean length of {self.low:g} to {self.high:g} rounds"


def parse_target(text: str) -> Target:
    m = re.fullmatch(r"\s*seats\s*=\s*(\d+(?:\.\d+)?)\s*pp\s*", text)
    if m:
        band = float(m[1]) / 100
        if not 0 < band < 0.5:
            raise TuneError("target", "target", f" '{text}': a band between 0 and 50 pp, such as seats=1.5pp")
        return Target("seats", band=band)
    m = re.fullmatch(r"\s*rounds\s*=\s*(\d+(?:\.\d+)?)\s*\.\.\s*(\d+(?:\.\d+)?)\s*", text)
    if m:
        low, high = float(m[1]), float(m[2])
        if not 0 < low < high:
            raise TuneError("target", "target", f" '{text}': give rounds LOW..HIGH with LOW < HIGH, such as "
                            "rounds=15..18")
        return Target("rounds", low=low, high=high)
    m = re.fullmatch(r"\s*skill\s*=\s*([^\s>:]+)\s*>\s*([^\s>:]+)\s*:\s*(\d+(?:\.\d+)?)\s*pp\s*", text)
    if m:
        if m[1] == m[2]:
            raise TuneError("target", "target", f" '{text}': name two different bots")
        if not float(m[3]) < 100:
            raise TuneError("target", "target", f" '{text}': a gap below 100 pp, such as skill=strong-1>balanced:10pp")
        return Target("skill", band=float(m[3]) / 100, pairing=(m[1], m[2]))
    raise TuneError("target", "target", f" '{text}': seats=BAND (such as seats=1.5pp), rounds=LOW..HIGH (such "
                    "as rounds=15..18) or skill=STRONGER>WEAKER:GAP (such as skill=strong-1>balanced:10pp)")


def parse_over(texts: Sequence[str]) -> dict[str, list[str]]:
    """['a=0..6', 'b=1,2'] → {'a': ['0', …, '6'], 'b': ['1', '2']}."""
    found: dict[str, list[str]] = {}
    for text in texts:
        name, sep, values = (x.strip() for x in text.partition("="))
        if not sep or not re.fullmatch(r"[a-z]", name):
            raise TuneError("over", "over", f" '{text}': NAME=LOW..HIGH or NAME=V1,V2,… with a one-letter name, "
                            "such as a=0..6")
        if name in found:
            raise TuneError("over", "over", f": '{name}' is given twice")
        m = re.fullmatch(r"(-?\d+)\.\.(-?\d+)", values)
        if m:
            low, high = int(m[1]), int(m[2])
            if low >= high:
                raise TuneError("over", "over", f" '{text}': LOW..HIGH with LOW < HIGH")
            if high - low + 1 > MAX_CANDIDATES:
                raise TuneError("over", "over", f" '{text}': at most {MAX_CANDIDATES} values")
            found[name] = [str(v) for v in range(low, high + 1)]
        else:
            items = [v.strip() for v in values.split(",")]
            if not items or any(not v or any(c in v for c in "{}\n\r#") for v in items) or len(set(items)) < len(items):
                raise TuneError("over", "over", f" '{text}': values separated by commas, each once, such as a=1,3,5")
            found[name] = items
    return found


def candidates(template: str, over: dict[str, list[str]]) -> list[dict[str, str]]:
    """Every combination of the values, after checking that --vary and --over name the same placeholders."""
    named = set(PLACEHOLDER.findall(template))
    if not named:
        raise TuneError("vary", "vary", f" '{template}': put a placeholder such as {{a}} where a value goes")
    missing, unused = sorted(named - set(over)), sorted(set(over) - named)
    if missing:
        raise TuneError("over", "over", f": no values for {{{missing[0]}}} (give --over {missing[0]}=…)")
    if unused:
        raise TuneError("over", "over", f": '{unused[0]}' is not a placeholder of --vary")
    names = sorted(over)
    count = math.prod(len(over[n]) for n in names)
    if count > MAX_CANDIDATES:
        raise TuneError("over", "over", f": {count} combinations; at most {MAX_CANDIDATES}")
    if count < 2:
        raise TuneError("over", "over", ": give at least two values to choose from")
    return [dict(zip(names, combo)) for combo in itertools.product(*(over[n] for n in names))]


def fill(template: str, values: dict[str, str]) -> str:
    return PLACEHOLDER.sub(lambda m: values[m[1]], template)


# ---- scores and intervals ----------------------------------------------------------------------------------

def seat_shares(games: Sequence[Shape], players: int) -> list[tuple[int, int]]:
    return [(sum(1 for g in games if g.winner == s), len(games)) for s in range(players)]


def score(target: Target, games: Sequence[Shape], players: int) -> float:
    """How far a candidate's games are from the target (lower is better)."""
    if target.kind == "seats":
        return max(abs(k / n - 1 / players) for k, n in seat_shares(games, players))
    if target.kind == "skill":  # the more the lone bot wins, the better
        return -sum(1 for g in games if g.winner == 0) / len(games)
    mean = sum(g.rounds for g in games) / len(games)
    return abs(mean - (target.low + target.high) / 2)


def intervals(target: Target, runs: Sequence[Sequence[Shape]], players: int, family: int = 0) -> list[dict]:
    """The target's rows of each run (seats: a share per seat; rounds: the mean), their intervals
    simultaneous over all the rows of `family` runs (Bonferroni; all of `runs` when 0), and whether
    each lies in the target."""
    family = family or len(runs)
    if target.kind == "seats":
        m = players * family
        z = z_for(m)
        rows = []
        for k, games in enumerate(runs):
            for s, (wins, n) in enumerate(seat_shares(games, players)):
                low, high = _wilson(wins, n, z)
                rows.append({"run": k, "row": f"seat {s + 1}", "estimate": wins / n, "low": low, "high": high,
                             "inside": 1 / players - target.band <= low and high <= 1 / players + target.band})
        return rows
    z = z_for(family)
    rows = []
    if target.kind == "skill":
        for k, games in enumerate(runs):
            wins, n = sum(1 for g in games if g.winner == 0), len(games)
            low, high = _wilson(wins, n, z)
            rows.append({"run": k, "row": f"{target.pairing[0]} wins", "estimate": wins / n, "low": low,
                         "high": high, "inside": low >= 1 / players + target.band})
        return rows
    for k, games in enumerate(runs):
        xs = [g.rounds for g in games]
        n = len(xs)
        mean = sum(xs) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else math.inf
        low, high = mean - z * sd / math.sqrt(n), mean + z * sd / math.sqrt(n)
        rows.append({"run": k, "row": "rounds", "estimate": mean, "low": low, "high": high,
                     "inside": target.low <= low and high <= target.high})
    return rows


def games_needed(target: Target, players: int, games: int) -> tuple[float, int] | None:
    """For a seats target: the narrowest half-width `games` allow at the confirmation's level (a share
    at exactly 1/N) and the games that would allow the band; None when the band can be confirmed."""
    if target.kind != "seats":
        return None
    p = 1 / players
    z = z_for(2 * players)
    low, high = _wilson(games * p, games, z)
    half = (high - low) / 2
    if half < target.band:
        return None
    return half, math.ceil(1.1 * z * z * p * (1 - p) / target.band ** 2)


# ---- the search --------------------------------------------------------------------------------------------

Runner = Callable[[Job, int, int, int], list[Shape]]  # (job, games, seed, first game) → games


def rung_plan(k: int, budget: int, unit: int = 1) -> list[tuple[int, int]]:
    """The halving's rungs over `k` candidates: (candidates in the rung, games each plays in it). It
    depends on k, the budget and the unit only, never on the games: a search's games are known before."""
    rungs = max(1, math.ceil(math.log2(k)))
    plan, alive = [], k
    for rung in range(rungs):
        plan.append((alive, -(-max(MIN_GAMES, budget // (rungs * alive)) // unit) * unit))
        alive = max(1, math.ceil(alive / 2)) if rung < rungs - 1 else 1
    return plan


def planned_games(k: int, budget: int, unit: int = 1) -> int:
    """The games the halving over `k` candidates spends (the sum over its rungs)."""
    return sum(alive * share for alive, share in rung_plan(k, budget, unit))


def halving(jobs: Sequence[Job], target: Target, budget: int, seed: int, run: Runner, unit: int = 1) -> dict:
    """Successive halving over `jobs` within about `budget` games, all on seed `seed`; returns the
    chosen index, each rung's standings and the games each candidate played. Each batch is a
    multiple of `unit` games (a skill target's: the players, one rotation of the seats)."""
    k = len(jobs)
    plan = rung_plan(k, budget, unit)
    rungs = len(plan)
    alive = list(range(k))
    played: dict[int, list[Shape]] = {i: [] for i in range(k)}
    history = []
    players = jobs[0].players
    for rung, (_, share) in enumerate(plan):
        for i in alive:
            played[i] += run(jobs[i], share, seed, len(played[i]))
        ranked = sorted(alive, key=lambda i: (score(target, played[i], players), i))
        history.append([{"candidate": i, "games": len(played[i]), "score": score(target, played[i], players)}
                        for i in ranked])
        alive = ranked[:max(1, math.ceil(len(alive) / 2))] if rung < rungs - 1 else ranked[:1]
    return {"chosen": alive[0], "rungs": history, "games": {i: len(g) for i, g in played.items()},
            "spent": sum(len(g) for g in played.values()), "played": played}


def surface(target: Target, values: Sequence[dict[str, str]], played: dict[int, list[Shape]],
            players: int) -> dict | None:
    """The search's choice refined by a response surface (Box and Wilson, 1951): for a seats target
    over whole-number values, each seat's win share fitted over every game the search played, of
    every candidate, as a quadratic in the values (least squares on each game's 0 or 1: a linear
    probability model), and the candidate whose predicted largest gap from the even share is least
    chosen (ties: the first in the order of --over). A candidate's own games are few and the
    halving keeps the luckiest of its neighbours (the winner's curse); the surface reads them all.
    None where it cannot be fitted: another target, a value that is not a whole number, fewer
    candidates played than the surface has terms, or values on a line (a singular fit)."""
    if target.kind != "seats":
        return None
    names = sorted(values[0])
    try:
        points = [[int(v[n]) for n in names] for v in values]
    except ValueError:
        return None
    middle = [sum(p[j] for p in points) / len(points) for j in range(len(names))]

    def terms(point: list[int]) -> list[float]:
        x = [point[j] - middle[j] for j in range(len(names))]  # centred: a better conditioned fit
        return [1.0, *x, *(x[i] * x[j] for i in range(len(x)) for j in range(i, len(x)))]

    m = len(terms(points[0]))
    if sum(1 for g in played.values() if g) < m:
        return None
    xtx = [[0.0] * m for _ in range(m)]
    xty = [[0.0] * players for _ in range(m)]
    for i, games in played.items():
        if not games:
            continue
        f, won = terms(points[i]), [0] * players
        for g in games:
            if g.winner >= 0:
                won[g.winner] += 1
        for r in range(m):
            for c in range(m):
                xtx[r][c] += len(games) * f[r] * f[c]
            for seat in range(players):
                xty[r][seat] += won[seat] * f[r]
    beta = _solve(xtx, xty)
    if beta is None:
        return None
    even = 1 / players
    predicted = [[sum(f * beta[r][seat] for r, f in enumerate(terms(pt))) for seat in range(players)]
                 for pt in points]
    gap = [max(abs(share - even) for share in row) for row in predicted]
    best = min(range(len(points)), key=lambda i: gap[i])
    return {"chosen": best, "predicted": predicted, "gap": gap, "terms": m}


def _solve(a: list[list[float]], b: list[list[float]]) -> list[list[float]] | None:
    """x with a·x = b (Gauss–Jordan, partial pivoting); None when a is singular."""
    n = len(a)
    rows = [a[i][:] + b[i][:] for i in range(n)]
    scale = max((abs(v) for row in a for v in row), default=0.0) or 1.0
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) <= 1e-9 * scale:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [v / head for v in rows[col]]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [v - factor * w for v, w in zip(rows[r], rows[col])]
    return [row[n:] for row in rows]


def out_of_reach(target: Target, games: Sequence[Shape], players: int, family: int = 1) -> dict | None:
    """After the search: the chosen candidate's rows at the search seed, with simultaneous intervals;
    returned when every value is out of the target's reach by them — the chosen one's interval
    wholly outside (for seats: some seat's interval wholly outside the band) — else None. With
    `family` 2: the first wholly outside at the confirmation's level (simultaneous over both seeds)."""
    rows = intervals(target, [games], players, family)
    if target.kind == "seats":
        even = 1 / players
        far = [r for r in rows if r["low"] > even + target.band or r["high"] < even - target.band]
    elif target.kind == "skill":
        far = [r for r in rows if r["high"] < 1 / players + target.band]
    else:
        far = [r for r in rows if r["low"] > target.high or r["high"] < target.low]
    return far[0] if far else None


CONFIRM_STEP = 1000  # confirmation games between two looks for a row already out of the target


def confirm(job: Job, target: Target, games: int, seeds: Sequence[int], run: Runner, unit: int = 1) -> dict:
    """The chosen candidate's `games` at each seed, in steps; stopped as soon as a row's interval (at
    the confirmation's level, simultaneous over all the seeds' rows) lies wholly outside the target:
    the rules cannot be confirmed then (`stopped` says where). Stopping so never makes a confirmation
    more likely: the claim "confirmed" is made only on the full count at every seed."""
    players, runs = job.players, []
    step = max(unit, CONFIRM_STEP // unit * unit)
    for seed in seeds:
        played: list[Shape] = []
        runs.append(played)
        while len(played) < games:
            played += run(job, min(step, games - len(played)), seed, len(played))
            far = out_of_reach(target, played, players, len(seeds))
            if far is not None and (len(played) < games or seed != seeds[-1]):  # (games are left to play)
                return {"runs": runs, "stopped": {"seed": seed, "games": len(played), **far}}
    return {"runs": runs, "stopped": None}


def default_runner(workers: int = 1, progress: Callable[[str, int], Callable[[int], None] | None] | None = None,
                   executor: str = "process", address: str | None = None) -> Runner:
    """Plays a candidate's games as balance's shape runs do (processes or dask)."""
    def run(job: Job, games: int, seed: int, first: int) -> list[Shape]:
        return run_shapes(job, games, seed, workers, progress(job.label, games) if progress else None, first,
                          executor, address)

    return run


def house_rule(rulebook_id: str, parent: str, text: str, comments: Sequence[str]) -> str:
    """The .risk file of a tuned rule: comments, then `rulebook ID`, `extends PARENT`, the rule."""
    lines = [f"# {c}" for c in comments]
    return "\n".join([*lines, f"rulebook {rulebook_id}", f"extends {parent}", "", text.strip(), ""])


def rulebook_id(stem: str) -> str:
    """A rulebook id from a file name: lower case, runs of other characters as '-', a letter first."""
    found = re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-")
    if not found or not found[0].isalpha():
        found = "tuned" + ("-" + found if found else "")
    return found


# ---- --state: a search that can be stopped and resumed -----------------------------------------------------

STATE_FORMAT = "riskrules-tune-state 1"
MAX_STATE_BYTES = 256 * 1024 * 1024
SAVE_EVERY = 500  # games played between two saves of the state


class Store:
    """The games a search has played, kept in a file (`risk tune --state FILE`; FILE.gz: compressed)
    every SAVE_EVERY games played, written whole or not at all (outputs.atomic).

    A run with the same file asks for the same games in the same order (the search is
    deterministic given its games), so a search stopped at any point and started again takes
    what the file holds and plays only the rest, and ends exactly as an unstopped one would.
    Games are kept per rules (the --vary text filled) and run seed. `plan` names the search
    (rules, players, bot, turn limit, target, candidates, budget, seed): a file made by another
    plan is refused, never mixed in."""

    def __init__(self, path, plan: dict):
        self.path, self.plan = path, plan
        self.games: dict[str, list[Shape]] = {}
        self.reused = 0
        if path is not None and path.exists():
            self._load()

    def _load(self) -> None:
        import json

        def bad(why: str) -> TuneError:
            return TuneError("state", "state", f" {self.path}: {why}")

        try:
            if self.path.stat().st_size > MAX_STATE_BYTES:
                raise bad(f"larger than {MAX_STATE_BYTES // 2 ** 20} MB")
            raw = self.path.read_bytes()
            if self.path.suffix == ".gz" and (raw := _gunzip(raw)) is None:
                raise bad(f"larger than {MAX_STATE_BYTES // 2 ** 20} MB")
            data = json.loads(raw.decode("utf-8"))
        except (OSError, EOFError, UnicodeDecodeError, ValueError) as err:
            if isinstance(err, TuneError):
                raise
            raise bad("not a state file of `risk tune` (unreadable)") from None
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
            raise bad("not a state file of `risk tune`")
        if data.get("plan") != self.plan:
            raise bad("made by another search (other rules, values, target, budget, seed or bots): give a new "
                      "file, or the search's own options")
        try:
            self.games = {key: [Shape(int(i), int(s), int(w), str(r), int(n), tuple(map(int, lead)),
                                      tuple(map(int, out))) for i, s, w, r, n, lead, out in games]
                          for key, games in data["games"].items()}
        except (KeyError, TypeError, ValueError, AttributeError):
            raise bad("not a state file of `risk tune` (its games are damaged)") from None

    def save(self) -> None:
        import json

        from ..outputs import atomic

        if self.path is None:
            return
        games = {key: [[g.index, g.seed, g.winner, g.reason, g.rounds, list(g.leaders), list(g.out)] for g in found]
                 for key, found in self.games.items()}
        text = json.dumps({"format": STATE_FORMAT, "plan": self.plan, "games": games}, separators=(",", ":"))
        if self.path.suffix == ".gz":  # mtime 0: the same games make the same file
            import gzip

            with atomic(self.path, binary=True) as out:
                out.write(gzip.compress(text.encode("utf-8"), mtime=0))
        else:
            with atomic(self.path) as out:
                out.write(text)

    def count(self) -> int:
        """The games the file holds."""
        return sum(len(found) for found in self.games.values())

    def runner(self, run: Runner, group: int = 1) -> Runner:
        """`run`, but games already in the store are taken from it; each batch played is saved.
        Game i was played with seed game_seed(run seed, i // group) (a skill pairing's: its group's)."""
        def cached(job: Job, games: int, seed: int, first: int) -> list[Shape]:
            key = f"{seed}|{'|'.join(job.sets)}"
            have = self.games.setdefault(key, [])
            if len(have) < first:
                raise RuntimeError("games asked for out of order")  # (the search asks in order)
            taken = have[first:first + games]
            if any(g.index != first + i or g.seed != game_seed(seed, g.index // group) for i, g in enumerate(taken)):
                raise RuntimeError(f"--state {self.path}: its games do not match their seeds (a damaged file)")
            self.reused += len(taken)
            step = max(group, SAVE_EVERY // group * group)
            while len(taken) < games:  # in pieces, each kept as soon as played: a stop loses one piece at most
                new = run(job, min(step, games - len(taken)), seed, first + len(taken))
                have += new
                taken += new
                self.save()
            return taken

        return cached


def _gunzip(raw: bytes) -> bytes | None:
    """A gzip file's contents; None past MAX_STATE_BYTES (a small file may unpack to a huge one)."""
    import zlib

    try:
        inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
        found = inflate.decompress(raw, MAX_STATE_BYTES + 1)
    except zlib.error:
        raise ValueError("not gzip") from None
    if len(found) > MAX_STATE_BYTES or inflate.unconsumed_tail:
        return None
    return found
