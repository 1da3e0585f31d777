"""Many bot games, fast and reproducible: the instrument behind `risk simulate` and `risk compare`.

Game i of a run with seed S is played with seed `game_seed(S, i)`, whoever plays it:
games are spread over worker processes (or a dask cluster) in chunks, and the records come
back ordered by game, so the same S gives the same numbers whatever the number of workers.
"""

from __future__ import annotations

import hashlib
import os
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from multiprocessing import get_context
from collections.abc import Callable, Sequence

from ..engine.agents import make_bot
from ..engine.game import DEFAULT_MAX_TURNS, Game
from ..language.loader import open_rulebook
from ..language.rules import Rules

CHUNK = 20  # games per task: large enough to hide the hand-over, small enough to balance workers


@dataclass(frozen=True)
class Job:
    """What to simulate: rules (an edition id or a .risk path), variants, players, bots, and
    the `--set` rules on top."""

    edition: str
    variants: tuple[str, ...] | None
    players: int
    bot: str = "balanced"
    max_turns: int = DEFAULT_MAX_TURNS
    sets: tuple[str, ...] = ()

    def rules(self) -> Rules:
        return _rules(self.edition, self.variants, self.players, self.sets)

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
    digest = hashlib.sha256(f"riskrules:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


_RULES: dict[tuple, Rules] = {}


def _rules(edition: str, variants: tuple[str, ...] | None, players: int, sets: tuple[str, ...] = ()) -> Rules:
    """Compiled rules, once per process (rules hold compiled closures: they travel as names)."""
    key = (os.path.abspath(edition) if edition.endswith(".risk") else edition, variants, players, sets)
    if key not in _RULES:
        _RULES[key] = open_rulebook(edition, sets=sets).rules(list(variants) if variants else None, players)
    return _RULES[key]


def play_game(job: Job, index: int, seed: int) -> Record:
    rules = job.rules()
    s = game_seed(seed, index)
    game = Game(rules, [make_bot(job.bot) for _ in range(job.players)], s, max_turns=job.max_turns)
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


def _chunks(first: int, stop: int) -> list[range]:
    return [range(start, min(stop, start + CHUNK)) for start in range(first, stop, CHUNK)]


def run(job: Job, games: int, seed: int, workers: int = 1, executor: str = "process",
        address: str | None = None, progress: Callable[[int], None] | None = None, first: int = 0) -> list[Record]:
    """Play `games` games of `job`, numbered from `first` (so a run can grow in batches);
    records ordered by game index. `progress(n)` hears each finished chunk of n games."""
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
        with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("fork")) as pool:
            futures = [pool.submit(play_chunk, job, chunk, seed) for chunk in chunks]
            for future in as_completed(futures):
                part = future.result()
                done += part
                if progress:
                    progress(len(part))
    return sorted(done, key=lambda r: r.index)


def _run_dask(job: Job, chunks: list[range], seed: int, workers: int, address: str | None,
              progress: Callable[[int], None] | None) -> list[Record]:
    """The same chunks on a dask cluster: an existing one (`address`), or a local one."""
    try:
        from dask.distributed import Client, LocalCluster, as_completed as dask_completed
    except ImportError:
        raise RuntimeError("--executor dask needs dask: pip install 'riskrules[dask]'") from None
    cluster = None
    if address is None:
        cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1, processes=True,
                               dashboard_address=None)
    client = Client(address or cluster)
    try:
        futures = [client.submit(play_chunk, job, list(chunk), seed, pure=False) for chunk in chunks]
        done: list[Record] = []
        for future in dask_completed(futures):
            part = future.result()
            done += part
            if progress:
                progress(len(part))
        return done
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
