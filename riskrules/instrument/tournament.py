"""Bots against bots: `risk tournament`, win shares with intervals and a rating.

Seating. `--bots a,b` with N players fills the seats a, b, b, …: the lineup. Games come in
groups of N that share one seed (common random numbers: the same deal, the same dice for
whoever sits where); within a group the lineup is rotated one seat per game, so each bot
plays every seat, and so every place in the turn order, equally often.

Win share. A bot holding k seats of every game wins W of G games: its win share is
W / (k·G), its wins per seat it holds, so an even share is 1/N whatever k. The 95% interval
is Wilson's for W of G, divided by k (the games of a group are treated as independent;
rotating the seats balances them, which if anything narrows the true spread).

Rating: the Plackett–Luce model, of which only the first stage can be observed here (a
game tells who won, not the order of the losers): every seat has the strength γ of the bot
in it, and seat s wins with probability γ(s) / Σ γ over the seats of the game. It is the
natural multiplayer extension of Bradley–Terry (Elo's model is its two-player case on a
logistic scale), it uses every seat of every game, and it handles a bot that holds several
seats without pretending they are separate players. γ is fitted by maximum likelihood
(Hunter's MM algorithm) with half a win added to each bot so that a bot that never won keeps a
finite rating, and reported on Elo's scale: 1500 + 400·log10(γ / the geometric mean of
the γs), so a bot 120 points above another wins about twice as often against it. The
interval is a bootstrap over seed groups (percentiles of 200 resamples, seeded). Games that
hit the turn limit count as played and won by nobody; they do not enter the rating.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine.agents import TIMEOUT, make_bot
from ..engine.game import DEFAULT_MAX_TURNS, Game
from ..language.rules import Rules
from .simulate import IN_FLIGHT, _bounded, _chunks, _first_done, _rules, game_seed, process_pool
from .stats import wilson

CHUNK = 4  # games per task (strong bots take seconds a game)
RESAMPLES = 200


@dataclass(frozen=True)
class Match:
    """What to play: rules (an edition id or a .risk path), variants, the bot of each seat;
    `bot_timeout`, the seconds a plug-in bot may take over a decision (None: no limit); `sets`,
    rules on top (--set texts, as a Job's)."""

    edition: str
    variants: tuple[str, ...] | None
    lineup: tuple[str, ...]
    max_turns: int = DEFAULT_MAX_TURNS
    bot_timeout: float | None = TIMEOUT
    sets: tuple[str, ...] = ()

    @property
    def players(self) -> int:
        return len(self.lineup)

    def rules(self) -> Rules:
        return _rules(self.edition, self.variants, self.players, self.sets)

    def seating(self, index: int) -> list[str]:
        """The bot in each seat of game `index`: the lineup turned by index mod N."""
        n = self.players
        turn = index % n
        return [self.lineup[(seat - turn) % n] for seat in range(n)]


@dataclass(frozen=True, slots=True)
class Played:
    index: int
    winner: str | None  # the winning bot, None if the game hit the turn limit
    seats: tuple[str, ...]
    reason: str
    turns: int


def lineup(bots: Sequence[str], players: int) -> tuple[str, ...]:
    """One bot per seat: the bots named, the last one filling the remaining seats."""
    if not bots:
        raise ValueError("name at least one bot")
    if len(bots) > players:
        raise ValueError(f"{len(bots)} bots named for {players} seats")
    return tuple(bots) + (bots[-1],) * (players - len(bots))


def games_for(games: int, players: int) -> int:
    """Games rounded up to whole groups of rotations."""
    return -(-games // players) * players


def play_one(match: Match, index: int, seed: int) -> Played:
    rules = match.rules()
    seats = match.seating(index)
    game = Game(rules, [make_bot(bot, match.bot_timeout) for bot in seats], game_seed(seed, index // match.players),
                max_turns=match.max_turns)
    r = game.play()
    winner = seats[r.players.index(r.winner)] if r.winner is not None else None
    return Played(index, winner, tuple(seats), r.reason, r.turns)


def play_chunk(match: Match, indices: Sequence[int], seed: int) -> list[Played]:
    return [play_one(match, i, seed) for i in indices]


def run(match: Match, games: int, seed: int, workers: int = 1,
        progress: Callable[[int], None] | None = None) -> list[Played]:
    """Play `games` games (a multiple of the players) of `match`, ordered by game."""
    match.rules()
    for bot in set(match.lineup):
        make_bot(bot, match.bot_timeout)  # a bot that cannot be made fails here, before any worker starts
    chunks = _chunks(0, games, CHUNK)  # made as needed, and handed out a few at a time, as simulate does
    done: list[Played] = []
    if workers <= 1:
        for chunk in chunks:
            done += play_chunk(match, chunk, seed)
            if progress:
                progress(len(chunk))
    else:
        with process_pool(workers) as pool:
            def submit(chunk):
                return pool.submit(play_chunk, match, chunk, seed)

            for future in _bounded(submit, chunks, workers * IN_FLIGHT, _first_done):
                part = future.result()
                done += part
                if progress:
                    progress(len(part))
    return sorted(done, key=lambda p: p.index)


# ---- the figures ----------------------------------------------------------------------------------------

def standings(match: Match, played: Sequence[Played], seed: int) -> dict:
    """Each bot's games, wins, win share with its interval, and rating with its interval."""
    bots = list(dict.fromkeys(match.lineup))
    seats = {bot: match.lineup.count(bot) for bot in bots}
    n = len(played)
    ratings = rate(bots, played)
    low_high = _bootstrap(bots, played, match.players, seed)
    table = []
    for bot in bots:
        wins = sum(1 for p in played if p.winner == bot)
        k = seats[bot]
        low, high = wilson(wins, n)
        table.append({"bot": bot, "seats": k, "games": n, "wins": wins, "win_share": wins / (k * n) if n else 0.0,
                      "low": low / k, "high": high / k, "rating": ratings[bot],
                      "rating_low": low_high[bot][0], "rating_high": low_high[bot][1]})
    reasons: dict[str, int] = {}
    for p in played:
        reasons[p.reason] = reasons.get(p.reason, 0) + 1
    return {"bots": table, "games": n, "even_share": 1 / match.players, "reasons": dict(sorted(reasons.items())),
            "rating_model": "plackett-luce (winner only), elo scale"}


def rate(bots: Sequence[str], played: Sequence[Played], iterations: int = 200) -> dict[str, float]:
    """Plackett–Luce strengths from the winners (MM algorithm), on Elo's scale."""
    finished = [p for p in played if p.winner is not None]
    if len(bots) == 1:
        return {bots[0]: 1500.0}
    wins = {bot: 0.5 + sum(1 for p in finished if p.winner == bot) for bot in bots}  # half a win each
    # games of the same make-up (how many seats each bot holds) weigh alike: count them once
    makeups: dict[tuple[int, ...], int] = {}
    for p in finished:
        key = tuple(p.seats.count(bot) for bot in bots)
        makeups[key] = makeups.get(key, 0) + 1
    gamma = [1.0] * len(bots)
    for _ in range(iterations):
        denominator = [0.0] * len(bots)
        for c, times in makeups.items():
            total = sum(ci * g for ci, g in zip(c, gamma))
            for i, ci in enumerate(c):
                denominator[i] += times * ci / total
        new = [wins[bot] / denominator[i] if denominator[i] else gamma[i] for i, bot in enumerate(bots)]
        mean = math.exp(sum(math.log(g) for g in new) / len(new))
        new = [g / mean for g in new]
        converged = max(abs(math.log(a / b)) for a, b in zip(new, gamma)) < 1e-10
        gamma = new
        if converged:
            break
    gamma = dict(zip(bots, gamma))
    return {bot: 1500.0 + 400.0 * math.log10(gamma[bot]) for bot in bots}


def _bootstrap(bots: Sequence[str], played: Sequence[Played], players: int, seed: int) -> dict[str, tuple[float, float]]:
    """95% percentile intervals of the ratings, resampling whole seed groups."""
    if len(bots) == 1 or not played:
        return {bot: (1500.0, 1500.0) for bot in bots}
    groups: dict[int, list[Played]] = {}
    for p in played:
        groups.setdefault(p.index // players, []).append(p)
    keys = sorted(groups)
    rng = random.Random(f"tournament-bootstrap:{seed}")
    samples: dict[str, list[float]] = {bot: [] for bot in bots}
    for _ in range(RESAMPLES):
        resample = [p for _ in keys for p in groups[keys[int(rng.random() * len(keys))]]]
        for bot, r in rate(bots, resample).items():
            samples[bot].append(r)
    out = {}
    for bot in bots:
        s = sorted(samples[bot])
        out[bot] = (s[int(0.025 * (len(s) - 1))], s[int(math.ceil(0.975 * (len(s) - 1)))])
    return out
