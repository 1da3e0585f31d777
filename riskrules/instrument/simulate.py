"""Many bot games, fast and reproducible: the instrument behind `risk simulate` and `risk compare`.

Game i of a run with seed S is played with seed `game_seed(S, i)`, whoever plays it:
games are spread over worker processes (or a dask cluster) in chunks, and the records come
back ordered by game, so the same S gives the same numbers whatever the number of workers.
"""

from __future__ import annotations

import os
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any
from collections.abc import Callable, Iterator, Sequence

from ..engine.agents import TIMEOUT, make_bot
from ..engine.game import DEFAULT_MAX_TURNS, Game
from ..engine.seed import derived_seed
from ..language.files import allow_dirs, allowed_dirs
from ..language.loader import open_rulebook
from ..language.rules import Rules
from . import InputError
from .cluster import connect

CHUNK = 20  # games per task: large enough to hide the hand-over, small enough to balance workers
MAX_GAMES = 1_000_000  # games in one run: their records stay in memory (about 200 bytes each)
IN_FLIGHT = 4  # chunks handed to each worker ahead of time; the rest wait in the (lazy) chunk list
DASK_TIMEOUT = 5  # seconds to wait for a dask scheduler's first answer


class RunInputError(InputError, RuntimeError):
    """An input `run` cannot use: an InputError, and a RuntimeError like `run`'s other failures."""


@dataclass(frozen=True)
class Job:
    """What to simulate: rules (an edition id or a .risk path), variants, players, bots, and
    the `--set` rules on top. `allowed`: the directories given with --allow-dir where the job
    was made, so that a worker on another machine (dask) reads the files under the same policy.
    `bot_timeout`: the seconds a plug-in bot may take over a decision (None: no limit)."""

    edition: str
    variants: tuple[str, ...] | None
    players: int
    bot: str = "balanced"
    max_turns: int = DEFAULT_MAX_TURNS
    sets: tuple[str, ...] = ()
    allowed: tuple[str, ...] = field(default_factory=lambda: _allowed_now())
    bot_timeout: float | None = TIMEOUT

    def rules(self) -> Rules:
        if _allowed_now() != self.allowed:
            allow_dirs(self.allowed)
        return _rules(self.edition, self.variants, self.players, self.sets, self.allowed)

    @property
    def label(self) -> str:
        return self.edition + (":" + ",".join(self.variants) if self.variants else "")


@dataclass(frozen=True, slots=True)
class Record:
    """What the statistics need of one finished game."""

    index: int
    seed: int
    winner: int  # the winner's place in the turn order (0: moved first), -1 if nobody won
    reason: str
    turns: int
    continents: tuple[int, ...]  # continents wholly held by one player at the end
    neutral_left: int  # territories the neutral army still holds at the end; -1 without one
    trades: int
    largest_trade: int


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` in a run seeded `seed` (63 bits, well mixed, stable)."""
    return derived_seed(f"riskrules:{seed}:{index}")


def _allowed_now() -> tuple[str, ...]:
    """The directories this process was given with --allow-dir."""
    return tuple(str(d) for d in allowed_dirs())


_RULES: dict[tuple, Rules] = {}


def _rules(edition: str, variants: tuple[str, ...] | None, players: int, sets: tuple[str, ...] = (),
           allowed: tuple[str, ...] = ()) -> Rules:
    """Compiled rules, once per process (rules hold compiled closures: they travel as names)."""
    key = (os.path.abspath(edition) if edition.endswith(".risk") else edition, variants, players, sets, allowed)
    if key not in _RULES:
        _RULES[key] = open_rulebook(edition, sets=sets).rules(list(variants) if variants else None, players)
    return _RULES[key]


def play_game(job: Job, index: int, seed: int) -> Record:
    rules = job.rules()
    s = game_seed(seed, index)
    game = Game(rules, [make_bot(job.bot, job.bot_timeout) for _ in range(job.players)], s, max_turns=job.max_turns)
    r = game.play()
    n = job.players
    if r.winner is None:
        winner = -1
    else:
        winner = (r.players.index(r.winner) - r.players.index(r.first_player)) % n
    held = tuple(k for k, c in enumerate(rules.board.continents) if r.continents_held[c])
    neutral = r.neutral_territories if r.neutral_territories is not None else -1
    return Record(index, s, winner, r.reason, r.turns, held, neutral, r.trades, r.largest_trade)


def play_chunk(job: Job, indices: Sequence[int], seed: int) -> list[Record]:
    return [play_game(job, i, seed) for i in indices]


def _chunks(first: int, stop: int, size: int = CHUNK) -> Iterator[range]:
    """The chunks of games first..stop-1, made as they are needed (never a list of them all)."""
    return (range(start, min(stop, start + size)) for start in range(first, stop, size))


def _bounded(submit: Callable[[range], Any], chunks: Iterator[range], ahead: int, wait) -> Iterator[Any]:
    """Hand out chunks keeping at most `ahead` unfinished; yields finished futures as they come.
    `wait(pending)` returns (done, not done), as concurrent.futures.wait does."""
    pending = set()
    for chunk in chunks:
        pending.add(submit(chunk))
        if len(pending) >= ahead:
            done, pending = wait(pending)
            yield from done
    while pending:
        done, pending = wait(pending)
        yield from done


def run(job: Job, games: int, seed: int, workers: int = 1, executor: str = "process",
        address: str | None = None, progress: Callable[[int], None] | None = None, first: int = 0) -> list[Record]:
    """Play `games` games of `job`, numbered from `first` (so a run can grow in batches);
    records ordered by game index. `progress(n)` hears each finished chunk of n games."""
    if not 1 <= games <= MAX_GAMES:
        raise RunInputError("games", "the number of games", f" must be between 1 and {MAX_GAMES:,}")
    job.rules()  # load (and check) here, so a bad rule file fails before any worker starts
    chunks = _chunks(first, first + games)
    done: list[Record] = []
    if executor == "dask":
        done = _run_dask(job, chunks, seed, workers, address, progress)
    elif workers <= 1:
        for chunk in chunks:
            done += play_chunk(job, chunk, seed)
            if progress:
                progress(len(chunk))
    else:
        with process_pool(workers) as pool:
            def submit(chunk):
                return pool.submit(play_chunk, job, chunk, seed)

            for future in _bounded(submit, chunks, workers * IN_FLIGHT, _first_done):
                part = future.result()
                done += part
                if progress:
                    progress(len(part))
    return sorted(done, key=lambda r: r.index)


def _first_done(pending):
    return wait(pending, return_when=FIRST_COMPLETED)


@contextmanager
def process_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of `workers` forked processes. When the block fails (a game's error, Ctrl-C) the
    workers are ended at once rather than waited for: the games they are playing are not
    wanted, and a plug-in bot that never answers in one of them would hold the exit for as
    long as its --bot-timeout."""
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=get_context("fork"))
    try:
        yield pool
    except BaseException:
        # (the pool's processes are private: Python offers no public way to end them before 3.14;
        # SIGKILL, since a worker takes the `risk` command's SIGTERM handler, whose SystemExit the
        # pool's worker loop would catch as the error of the game under way, and go on)
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.kill()
        # (waited for: the workers are dead, so at once; not waiting left the pool's thread writing
        # to a pipe the interpreter's exit had closed — 'Exception ignored … Bad file descriptor')
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown()


def _run_dask(job: Job, chunks: Iterator[range], seed: int, workers: int, address: str | None,
              progress: Callable[[int], None] | None, chunk_of: Callable[..., list] | None = None) -> list:
    """The same chunks on a dask cluster: an existing one (`address`), or a local one. `chunk_of`
    plays one chunk (default `play_chunk`, its Records; balance.py's plays its Shapes)."""
    try:
        from dask.distributed import Client, LocalCluster, wait as dask_wait
    except ImportError:
        raise RunInputError("executor", "the dask executor", " needs dask: pip install 'riskrules[dask]'") from None
    cluster = None
    if address is None:
        cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1, processes=True,
                               dashboard_address=None)
        try:
            client = Client(cluster, timeout=DASK_TIMEOUT)
        except Exception as err:
            cluster.close()
            raise RuntimeError(f"cannot start a local dask cluster ({err})") from None
    else:
        client = connect(address, DASK_TIMEOUT)  # TLS certificates from dask's configuration
    try:
        def submit(chunk):
            return client.submit(chunk_of or play_chunk, job, list(chunk), seed, pure=False)

        def first_done(pending):
            done, rest = dask_wait(list(pending), return_when="FIRST_COMPLETED")
            return done, set(rest)

        ahead = IN_FLIGHT * max(1, sum(client.ncores().values()) if address else workers)
        done: list[Record] = []
        for future in _bounded(submit, chunks, ahead, first_done):
            part = future.result()
            done += part
            if progress:
                progress(len(part))
        return done
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
