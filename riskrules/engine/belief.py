"""A seat's belief under fog: for each territory it does not see, how likely each player holds it.

Made only of the seat's view (fog_view.FoggedSight): the owner it last saw there and how long
ago (`dark_since`), the owners it sees or last saw around it, how many territories each player
was last told to hold (`held`) and which continents (`continents_told`). Each hidden territory's
prior is the last-seen owner, kept with a chance that falls with the rounds since (KEEP), the rest
spread over the players by how many of its neighbours each holds or was last seen to hold (NEAR,
SPREAD); a territory of a continent a player was told to hold (his reinforcements name them)
since the seat last saw it is his with TOLD, the rest spread as before; then the table is scaled
(iterative proportional fitting) until each player's hidden territories add up to what he must
hold beyond those seen (his count told, before his own turn's conquests: the counts made to add
up to the hidden, RECOUNT; in the first round one not told yet counted by those seen: UNTOLD),
and a little of each chance spread evenly (DOUBT). `sample` draws the hidden owners of one board
from it jointly (neighbours drawn alike: COHERE), no player given more than he was told to hold.
The constants were read off balanced games (benchmarks/belief_calibration.py measures the fit).
"""

from __future__ import annotations

import random

from ..language.visibility import SEE_OWNER

KEEP_LONG, KEEP_FRESH, KEEP_FADE = 0.55, 0.36, 0.8  # last-seen owner kept after n rounds: LONG + FRESH·FADEⁿ
NEAR = 1.0  # a player's weight per neighbour he holds (or was last seen to hold) ...
SPREAD = 0.1  # ... and his weight with none
FITTING = 12  # rounds of scaling to the counts told
TOLD = 0.98  # a hidden territory's chance to be his who was told to hold its continent (last seen before)
DOUBT = 0.02  # the share of every chance spread evenly at the end (the counts told may be a turn old)
RECOUNT = True  # the counts told made to add up to the territories hidden (_recounted)
UNTOLD = True  # in the first round, one not yet told his count taken to hold those seen of his, and the
# counts recounted all the same: those told before their conquests of the round fell far short
COHERE = 3.0  # a draw's weight for a player ×(1 + COHERE) per hidden neighbour already drawn his (blocs)


class Belief:
    """The marginals of one view at one moment: `hidden` (territories not seen now, held by
    another), `players` (the others still in), `chance[i][j]`: how likely players[j] holds
    hidden[i], `need` (how many hidden territories each must hold; None: not told) and `stacks`
    (each player's armies per territory as last seen, to draw a hidden territory's from)."""

    __slots__ = ("hidden", "players", "chance", "need", "stacks", "links")

    def __init__(self, view) -> None:
        owner, level, adjacent = view.owner, view.level, view.adjacent
        me, alive = view.seat, view.alive
        seats = len(view.names)
        players = [s for s in range(seats) if s != me and alive[s] and not view.shares(s)]
        now = [0] * seats
        hidden = []
        for t in range(view.size):
            if level[t] >= SEE_OWNER:
                if owner[t] >= 0:
                    now[owner[t]] += 1
            elif owner[t] != -1:
                hidden.append(t)
        rounds = max(1, sum(1 for s in range(view.players) if alive[s]))
        turn, dark = view.turn, view.dark_since
        column = {s: j for j, s in enumerate(players)}
        continent_of, holder, told_at = view.continent_of, {}, [0] * len(players)
        for j, s in enumerate(players):  # the continents each was told to hold at his last reinforcements
            told = view.continents_told[s]
            if told is not None:
                told_at[j] = told[1]
                for k in told[0]:
                    holder[k] = j
        chance = []
        for t in hidden:
            row = [SPREAD] * len(players)
            for u in adjacent[t]:
                j = column.get(owner[u])
                if j is not None:
                    row[j] += NEAR
            total = sum(row)
            j = column.get(owner[t])
            if j is not None:  # the owner last seen: kept, or lost to the others by their weights
                keep = KEEP_LONG + KEEP_FRESH * KEEP_FADE ** ((turn - dark[t]) // rounds)
                rest = (1.0 - keep) / (total - row[j]) if total > row[j] else 0.0
                row = [keep if i == j else w * rest for i, w in enumerate(row)]
            else:
                row = [w / total for w in row]
            j = holder.get(continent_of[t])
            if j is not None and told_at[j] >= dark[t]:  # his whole continent, told since it was seen
                rest = (1.0 - TOLD) / (1.0 - row[j]) if row[j] < 1.0 else 0.0
                row = [TOLD if i == j else p * rest for i, p in enumerate(row)]
            chance.append(row)
        need = [None if view.held[s] is None else max(0, view.held[s] - now[s]) for s in players]
        if RECOUNT and players and (None not in need or UNTOLD and view.round <= 1):  # (in the first round
            # one not told his count yet is counted by those seen of his: UNTOLD)
            need = _recounted([n or 0 for n in need], len(hidden),
                              [now[s] if view.held[s] is None else view.held[s] for s in players])
        _fit(chance, need)
        if players:
            even = DOUBT / len(players)
            chance = [[(1.0 - DOUBT) * p + even for p in row] for row in chance]
        self.hidden, self.players, self.chance, self.need = hidden, players, chance, need
        index = {t: i for i, t in enumerate(hidden)}
        self.links = [[index[u] for u in adjacent[t] if u in index] for t in hidden]  # hidden neighbours
        armies = view.armies
        self.stacks = {s: [armies[t] for t in range(view.size) if owner[t] == s and armies[t] > 0] for s in players}

    def armies(self, view) -> list[float]:
        """Per hidden territory, the armies expected on it: as last seen under the owner last seen,
        a mean stack seen of another owner (one where none was seen)."""
        owner, armies, players = view.owner, view.armies, self.players
        mean = [sum(self.stacks[s]) / len(self.stacks[s]) if self.stacks[s] else 1.0 for s in players]
        return [sum(p * (max(1, armies[t]) if players[j] == owner[t] else mean[j]) for j, p in enumerate(row))
                for t, row in zip(self.hidden, self.chance)]

    def owners(self) -> dict[int, list[float]]:
        """territory → its row of chances (over `players`)."""
        return dict(zip(self.hidden, self.chance))

    def sample(self, rng: random.Random) -> dict[int, int]:
        """One board of hidden owners drawn from the marginals, territory by territory, the surest
        first (ties in a random order), a player's chance raised ×(1 + COHERE) per hidden neighbour
        already drawn his: the others hold blocs, not a patchwork (benchmarks/fog_joint.py); a
        player told to hold n more is given no more than n (while another may take it)."""
        players, need = self.players, list(self.need)
        if not players:
            return {}
        order = list(range(len(self.hidden)))
        rng.shuffle(order)
        if COHERE:  # the surest first: the blocs grow out of what is likeliest
            sure = [max(row) for row in self.chance]
            order.sort(key=lambda i: -sure[i])
        out = {}
        choices = range(len(players))
        cohere, links, drawn = COHERE, self.links, [-1] * len(order)
        for i in order:
            row = self.chance[i]
            if cohere:
                row = list(row)
                for k in links[i]:
                    if drawn[k] >= 0:
                        row[drawn[k]] *= 1.0 + cohere
            weights = [0.0 if n is not None and n <= 0 else w for w, n in zip(row, need)]
            if not any(weights):  # (the counts told are stale: a player lost some since)
                weights = row if any(row) else [1.0] * len(players)
            j = rng.choices(choices, weights)[0]
            if need[j] is not None:
                need[j] -= 1
            drawn[i] = j
            out[self.hidden[i]] = players[j]
        return out


def _fit(chance: list[list[float]], need: list[int | None]) -> None:
    """Scale the columns of the players whose counts are told toward their need, each row back to 1."""
    told = [j for j, n in enumerate(need) if n is not None]
    if not chance or not told:
        return
    for _ in range(FITTING):
        for j in told:
            have = sum(row[j] for row in chance)
            if have > 0:
                f = need[j] / have
                for row in chance:
                    row[j] *= f
        for row in chance:
            total = sum(row)
            if total > 0:
                for j in range(len(row)):
                    row[j] /= total


def _recounted(need: list[int], hidden: int, held: list[int]) -> list[int]:
    """The counts each must hold among the hidden, made to add up to how many are hidden: each
    was told his count at his turn's start, before his own conquests (and others' since), so the
    counts told fall short; the difference shared by the counts told (largest remainders)."""
    more = hidden - sum(need)
    if more <= 0 or not sum(held):
        return need
    shares = [more * h / sum(held) for h in held]
    out = [n + int(x) for n, x in zip(need, shares)]
    left = hidden - sum(out)
    for j in sorted(range(len(out)), key=lambda j: int(shares[j]) - shares[j])[:left]:
        out[j] += 1
    return out


def belief_of(view) -> Belief:
    """The view's belief, made again only once the view has been shown something new or told new
    counts (kept on the view: a bot's playouts read it many times a decision)."""
    key = (view.news, tuple(view.held), view.turn, tuple(view.continents_told))
    kept = view._belief
    if kept is None or kept[0] != key:
        kept = view._belief = (key, Belief(view))
    return kept[1]
