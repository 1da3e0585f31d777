"""The strong bot: `balanced`, plus a search where it pays.

At four kinds of moment in its own turn it tries the candidate answers on copies of the game
(Game.copy, Game.play_on) and keeps the one whose playouts end best:
- where its reinforcements go (the first placement of the turn: all of them at once),
- whether to attack and where, each time the situation changes (at the start of the attack
  phase, after a conquest, when a committed attack loses its odds). An attack candidate is a
  plan: "attack from A to B until B falls or the odds drop below balanced's threshold (or
  below the odds it was chosen at, if those were lower)"; stopping is always a candidate;
- how many armies move in after a conquest, where the territory taken borders an enemy:
  balanced's (half), the least or the most (Game.move_in plays the rest of the conquest); and
- its first fortifying move of the turn: balanced's (toward the front), none, or all it can
  spare onto the front territory under most pressure. The playout then ends the turn (where
  the rules allow more moves, the copy makes none).
Balanced's own answer is the default: another candidate is taken only when it beats it by
more than CONFIDENCE standard errors of the paired difference over the same playouts.
A playout plays the candidate, then lets `balanced` play the bot's seat and, in every other seat,
a style of the opponent pool drawn by how likely the bot reads it to be that player's (reading.py:
from the decisions it has seen him make; `balanced` until it has seen one), to the start of the
bot's next turn (HORIZON rounds), and scores the end: 1 for a win, 0 for a loss, otherwise the
bot's share of armies and income or, with missions, its chance of winning as a logistic
model (VALUE, fitted by benchmarks/fit_value.py) reads it from the bot's share, how far its
own mission is done and how far the opponent nearest to his (guessed) mission is.
Every candidate is tried on the same playouts (the same dice and the same guesses: common
random numbers), so the comparison is fair even with few playouts.

It never reads what it could not see at the table. Each playout is a determinization: the
other players' hands are dealt afresh from the cards the bot does not hold (each keeps the
number of cards everyone can count), the rest becomes the deck in a random order, and the
other players' missions are drawn from the missions the bot has not been dealt, each weighted
by how well it explains the conquests the bot has seen that player make (a player who keeps
taking Africa more likely holds a mission with Africa in it; one who keeps taking blue's
territories, "destroy blue"). Its random source comes from the game's seed, so the same seed
plays the same game.

Every other decision (dice, other occupations, further fortifying moves, trades, setup) is `balanced`'s,
and so is every decision of a turn whose searches have spent TURN_DECISIONS playout decisions (BOARD) —
except what it aims at for "two continents and one more" (_Aims), in its seat and in playouts.
"""

from __future__ import annotations

import math
import random

from ..decisions import ATTACK, FORTIFY, OCCUPY, PLACE, PLAY, Decision
from ..game import GameOver
from . import card_play
from .balanced import ATTACK_WIN, BOLDEST, CARD_WIN, PATIENCE, BalancedAgent
from .playout_seats import _HELPERS, PLAYOUT_DECISIONS, _Budget, _Helper, _Spent
from .reading import STYLES, StyleReader, mission_evidence
from .valuing import strength, win_chance

PLAYOUTS = 10  # per candidate and search
HORIZON = 1  # rounds a playout looks ahead (to the start of the bot's turn after next: 2)
ATTACK_CANDIDATES = 2  # besides stopping
PLACE_CANDIDATES = 3
LOWEST_ODDS = 0.3  # an attack with worse odds of taking its target is no candidate
CONFIDENCE = 1.0  # standard errors by which a candidate must beat balanced's answer
TURN_DECISIONS = 150_000  # playout decisions a turn's searches may spend; past them, balanced answers.
# Ordinary turns spend less (docs/bots.md, benchmarks/strong_budget.py): the budget bounds house
# rules with armies by the thousand (50 turns of 3 strong bots: 71 s of CPU without it, 18 s with)
BOARD = 100  # territories; past them both budgets shrink in proportion (a decision looks over the
# board): still a count of decisions, not a clock, so that a seed plays the same game on any machine


class _Aims:
    """How the strong bot aims, in its own seat and in its seat in playouts, where it differs
    from balanced."""

    def further_goals(self, ranked: list[int], mission) -> list[int]:
        """A conquer mission's further continents: the best ranked that are not the mission's own."""
        return [k for k in ranked if k not in mission.continents][:mission.extra]


class StrongAgent(_Aims, BalancedAgent):
    kind = "strong"
    hears = True  # the others' decisions, to read their styles from

    def __init__(self, playouts: int = PLAYOUTS, horizon: int = HORIZON):
        if playouts < 1 or horizon < 1:
            raise ValueError("a strong bot needs at least one playout and a horizon of one round")
        self.playouts = playouts
        self.horizon = horizon
        if playouts != PLAYOUTS:
            self.kind = f"strong-{playouts}"

    def start(self, view, seat, rng) -> None:
        super().start(view, seat, rng)
        self.plan: tuple[int, int] | None = None  # the attack committed to
        self.plan_turn = -1
        self.plan_floor = 1.0
        self.fortified_turn = -1  # the turn whose first fortifying move was searched
        self.spent_turn, self.spent = -1, 0  # playout decisions spent in the searches of that turn
        scale = max(1.0, view.size / BOARD)
        self.turn_decisions = int(TURN_DECISIONS / scale)
        orders = view.rules.orders  # in rounds of orders given together a copy cannot resume the round
        self.searches = orders is None or not orders.together  # (its playouts: issue 45), so balanced answers
        self.playout_decisions = max(1, int(PLAYOUT_DECISIONS / scale))
        self.budget = _Budget()
        # per style of the pool, a helper per seat: each playout draws the others' styles (reading.py)
        self.helpers = [[_HELPERS[style](self.budget) for _ in range(view.players)] for style in STYLES]
        self.reader = StyleReader(view, seat)
        self.script = _Script(self.budget)
        # what it has seen of the others' play: per seat, its conquests (territory, taken from)
        self.seen, self.seen_changes = list(view.owner), view.owner_changes
        self.taken: list[list[tuple[int, int]]] = [[] for _ in range(view.players)]
        self.guess: tuple[list, dict[int, list[float]]] | None = None  # missions and their weights
        self.guessed = -1  # the owner_changes it was made at

    # ---- when to search --------------------------------------------------------------------------

    def decide(self, d: Decision):
        view = self.view
        if view.owner_changes != self.seen_changes:
            self.watch()
        if self.searches and d.player == d.side == view.active == self.seat and view.phase >= 0 and self.affordable():
            phase = view.rules.phases[view.phase]
            if d.kind is ATTACK and phase == "attack":
                return self.pressed(self.attack_searched(d))
            if d.kind is PLACE and phase == "reinforce" and d.most == view.turn_total and d.most > 0:
                return self.place_searched(d)
            if d.kind is OCCUPY and phase == "attack":
                return self.occupy_searched(d)
            if d.kind is FORTIFY and phase == "fortify" and self.fortified_turn != view.turn:
                self.fortified_turn = view.turn
                return self.fortify_searched(d)
            if d.kind is PLAY:  # a card that does something (card_play.searched)
                return card_play.searched(self, d)
        return super().decide(d)

    def affordable(self) -> bool:
        """Whether this turn's searches have decisions left to spend."""
        turn = self.view.turn
        if self.spent_turn != turn:
            self.spent_turn, self.spent = turn, 0
        return self.spent < self.turn_decisions

    def attack_searched(self, d: Decision):
        view = self.view
        if self.plan_turn == view.turn and self.plan in d.options:
            source, target = self.plan
            if self.chance(d.side, source, target) >= self.plan_floor:
                return self.plan
        candidates = self.attack_candidates(d)
        if len(candidates) == 1:
            self.plan = None
            return None
        floors = {c: self.floor(c, d.side) for c in candidates}
        best = self.search(candidates, lambda copy, plan: self.script.attack_plan(plan, floors[plan]), view.phase)
        self.plan, self.plan_turn, self.plan_floor = best, view.turn, floors[best]
        return best

    def attack_candidates(self, d: Decision) -> list:
        """balanced's attack, stopping, and the likeliest attacks on the territories worth most."""
        win = self.chance
        want = self.values(d.side)
        scored = []
        for source, target in d.options:
            p = win(d.side, source, target)
            if p >= LOWEST_ODDS:
                scored.append((-p * want[target], source, target))
        scored.sort()
        usual = super().attack(d)
        candidates: list[tuple[int, int] | None] = [usual] + ([None] if usual is not None else [])
        for _, source, target in scored:
            if len(candidates) > ATTACK_CANDIDATES:  # stopping besides
                break
            if (source, target) not in candidates:
                candidates.append((source, target))
        return candidates

    def floor(self, plan, side: int) -> float:
        """The odds below which an attack plan ends: balanced's threshold, or the odds when the plan
        was made if they were lower (an attack chosen against the odds goes on while they are
        no worse)."""
        if plan is None:
            return 1.0
        view = self.view
        threshold = CARD_WIN if not view.conquered else ATTACK_WIN
        if view.round > PATIENCE:
            threshold = max(BOLDEST, threshold - 0.01 * (view.round - PATIENCE))
        return min(threshold, self.chance(side, plan[0], plan[1]))

    def place_searched(self, d: Decision):
        view = self.view
        owner, armies, adjacent = view.owner, view.armies, view.adjacent
        side = d.side
        usual = super().place(d)[0]
        want = self.values(side)
        scored = []
        for t in d.options:
            best = 0.0
            for u in adjacent[t]:
                if owner[u] != side:
                    best = max(best, want[u] / (armies[u] + 1))
            if best > 0:
                scored.append((-best - 0.01 * armies[t], t))
        scored.sort()
        candidates = [usual] + [t for _, t in scored if t != usual][:PLACE_CANDIDATES - 1]
        if len(candidates) == 1:
            return usual, d.most
        most = d.most

        def place(copy, territory):  # as the engine places an answer: then has anyone won?
            self.script.attack_plan(False)
            copy.armies[territory] += most
            copy.changed()
        best = self.search(candidates, place, view.phase + 1)
        return best, most

    def occupy_searched(self, d: Decision):
        source, target = d.where
        side = d.side
        usual = super().occupy(d)
        if not self.enemy_neighbours(target, side):
            return usual  # the territory taken borders no other enemy: balanced moves the least in
        # (the territory attacked from always "borders an enemy" here: the one taken is not yet its own)
        least, most = d.options[0], d.options[-1]
        candidates = [usual] + [n for n in (least, most) if n != usual]
        if len(candidates) == 1:
            return usual

        def move_in(copy, moved):  # as the engine moves them, then the attack phase goes on
            self.script.attack_plan(False)
            copy.move_in(side, source, target, moved, least)
        return self.search(candidates, move_in, self.view.phase)

    def fortify_searched(self, d: Decision):
        view = self.view
        owner, armies, adjacent = view.owner, view.armies, view.adjacent
        usual = super().fortify(d)
        candidates = [usual] + ([None] if usual is not None else [])
        own, harmless = self.own(d.side), self.harmless()
        pressure: dict[int, float] = {}  # per target: its strongest enemy neighbour ÷ its armies (0: none)

        def pressed_on(target: int) -> float:
            if target not in pressure:
                enemy = [armies[u] for u in adjacent[target] if owner[u] not in own and owner[u] != harmless]
                pressure[target] = max(enemy) / max(armies[target], 1) if enemy else 0.0  # (guard 0: empty)
            return pressure[target]

        pressed, most = None, (0.0, 0)
        stay = view.rules.fortify.stay  # (0 under `guard 0`)
        for source, target in d.options:  # onto the front territory under most pressure, from the largest stack
            if armies[source] > stay and pressed_on(target) > 0:
                key = (pressure[target], armies[source])
                if key > most:
                    pressed, most = (source, target, armies[source] - stay), key
        if pressed is not None and pressed not in candidates:
            candidates.append(pressed)
        if len(candidates) == 1:
            return usual

        def move(copy, chosen):  # as the engine moves an answer, then the turn ends
            self.script.attack_plan(False)
            if chosen is not None:
                source, target, n = chosen
                copy.armies[source] -= n
                copy.armies[target] += n
                copy.changed()
        return self.search(candidates, move, view.phase + 1)

    # ---- what the others are after ----------------------------------------------------------------

    def watch(self) -> None:
        """Note who took what from whom since the bot last looked (at its every decision, its
        defence in others' turns included; a territory taken twice in between counts once)."""
        view = self.view
        self.seen_changes = view.owner_changes
        owner, seen, players = view.owner, self.seen, view.players
        for t in range(view.size):
            if owner[t] != seen[t]:
                if seen[t] >= 0 and 0 <= owner[t] < players:  # not a claim in the setup
                    self.taken[owner[t]].append((t, seen[t]))
                seen[t] = owner[t]

    def guess_missions(self) -> None:
        """The missions the others may hold (all but the bot's own) and, per other player, how
        likely each is, from his conquests: each conquest that serves a mission makes it
        1 + LIKELIER times as likely, against what a player indifferent to it would take."""
        view = self.view
        mine = view.mission
        pool = view.mission_cards()
        for i, m in enumerate(pool):
            if m.data == mine.data:
                del pool[i]
                break
        weights = {}
        for seat in range(view.players):
            if seat != self.seat:  # (in a mission game every player holds one)
                logs = [mission_evidence(view, self.taken[seat], seat, m) for m in pool]
                top = max(logs, default=0.0)  # (never 0: a draw from what is left needs a weight)
                weights[seat] = [math.exp(max(x - top, -700.0)) for x in logs]
        self.guess = pool, weights

    def missions_guessed(self) -> tuple[list, dict[int, list[float]]]:
        """The guess of the others' missions (guess_missions), made again only once the board
        has changed hands since the last."""
        if self.guessed != self.seen_changes:
            self.guess_missions()
            self.guessed = self.seen_changes
        return self.guess

    # ---- the search ---------------------------------------------------------------------------------

    def search(self, candidates: list, apply, phase: int):
        """The candidate whose playouts score best, if it beats the first candidate (balanced's
        own answer) clearly: its mean gain over the same playouts exceeds CONFIDENCE standard
        errors. Otherwise the first. `apply(copy, candidate)` puts a candidate into a copy,
        which then plays on from phase number `phase`."""
        view = self.view
        if view.mission is not None:
            self.missions_guessed()
        seeds = [self.rng.getrandbits(63) for _ in range(self.playouts)]
        alive = sum(view.alive[:view.players])
        limit = view.turn + alive * self.horizon
        scores = [[0.0] * self.playouts for _ in candidates]
        for j, seed in enumerate(seeds):
            helpers = self.styles(random.Random(~seed))
            for i, candidate in enumerate(candidates):
                copy = view.playout(helpers, seed, limit)
                self.budget.left = self.playout_decisions
                self.determinize(copy, random.Random(seed))
                try:
                    apply(copy, candidate)
                    result = copy.play_on(phase)
                except GameOver:  # the candidate itself won (or lost) the game
                    result = copy.result
                except _Spent:
                    result = None
                scores[i][j] = self.score(copy, result)
                self.spent += self.playout_decisions - self.budget.left
        best, best_gain = 0, 0.0
        n = self.playouts
        for i in range(1, len(candidates)):
            gains = [a - b for a, b in zip(scores[i], scores[0])]
            mean = sum(gains) / n
            spread = (sum((g - mean) ** 2 for g in gains) / (n - 1)) ** 0.5 if n > 1 else 0.0
            if mean > CONFIDENCE * spread / n ** 0.5 and mean > best_gain:
                best, best_gain = i, mean
        return candidates[best]

    def styles(self, rng: random.Random) -> list:
        """A playout's agents: its script in the bot's seat; in each other seat, a style of the pool
        drawn by how likely the bot reads it to be that player's."""
        helpers = list(self.helpers[0])  # balanced (STYLES[0]) in every seat to begin with
        reader = self.reader
        for seat in range(self.view.players):
            weights = reader.weights(seat) if seat != self.seat and self.view.alive[seat] else None
            if weights is not None:  # (else balanced: a player not yet read is taken for one)
                helpers[seat] = self.helpers[rng.choices(range(len(STYLES)), weights)[0]][seat]
        helpers[self.seat] = self.script
        return helpers

    def hear(self, event: dict) -> None:
        self.reader.hear(event)

    def determinize(self, copy, rng: random.Random) -> None:
        """Replace what the bot cannot see by a guess consistent with what it can."""
        me = self.seat
        unseen = [c for c in range(copy.size + copy.board.jokers) if c not in copy.hands[me]]
        rng.shuffle(unseen)
        start = 0
        for seat, hand in enumerate(copy.hands):
            if seat != me and hand:
                copy.hands[seat] = unseen[start:start + len(hand)]
                start += len(hand)
        copy.deck.clear()
        copy.deck.extend(unseen[start:])
        if copy.missions[me] is None:
            return
        pool, weights = self.guess
        left = list(range(len(pool)))
        seats = list(weights)
        rng.shuffle(seats)  # who draws first: the draws are without replacement
        for seat in seats:
            if not left:
                break
            row = weights[seat]
            mission = pool[left.pop(rng.choices(range(len(left)), [row[i] for i in left])[0])]
            copy.missions[seat] = copy.as_held(seat, mission)

    def score(self, copy, result) -> float:
        me = self.seat
        if result is not None and result.winner is not None:
            return 1.0 if result.winner == copy.names[me] else 0.0
        if not copy.alive[me]:
            return 0.0
        if copy.missions[me] is not None:
            return win_chance(copy, me)
        total = sum(strength(copy, s) for s in range(copy.players) if copy.alive[s])
        return strength(copy, me) / total if total else 0.0


class _Script(_Aims, _Helper):
    """The bot's seat in a playout: follows the candidate attack plan, then plays `balanced`."""

    kind = "strong"
    proven = True

    def attack_plan(self, plan, floor: float = 1.0) -> None:
        """None: stop attacking; (from, to): attack there until it falls or its odds drop below
        `floor`; False: no plan (balanced from the start)."""
        self.plan, self.plan_floor = plan, floor

    def start(self, view, seat, rng) -> None:
        super().start(view, seat, rng)
        self.plan, self.plan_floor = False, 1.0
        self.passing = None  # (turn, moment) at which it plays no card: the candidate "none" (card_play.searched)

    # the quick questions as decide answers them (_Helper's, counted alike): no Decision made for them
    quick_dice, quick_defend, quick_occupy, quick_fortify = \
        _Helper.quick_dice, _Helper.quick_defend, _Helper.quick_occupy, _Helper.quick_fortify

    def quick_attack(self, options, side):
        plan = self.plan  # (the bot's own attacks: its plan first; the player asked is always its seat)
        if plan is not False and side == self.seat and side == self.view.active:
            if plan is None:
                self.plan = False
                return None
            armies = self.view.armies
            if plan in options and self.odds.win(armies[plan[0]] - 1, armies[plan[1]]) >= self.plan_floor:
                return self.pressed(plan)
            self.plan = False
        return _Helper.quick_attack(self, options, side)

    def decide(self, d: Decision):
        if d.kind is PLAY and self.passing == (self.view.turn, d.moment):
            return None
        if d.kind is ATTACK:
            return self.quick_attack(d.options, d.side)
        return super().decide(d)
