"""The balanced bot: a sensible heuristic player, fast enough for simulations.

It picks goal continents (cheapest bonus per enemy army, or its mission's), reinforces
the front where an attack pays or a held continent is threatened, attacks while the
exact odds favour it, moves armies in after a conquest toward the enemy, fortifies from
the interior toward the front, trades sets at once, and plays for its secret mission or
its capital when those are the victory. It uses only what a player at the table knows:
its own mission and capital, never another player's.
"""

from __future__ import annotations


from ...language.expr import NAMES_FOR
from ..cards import sets_in, symbol_of
from ..combat.kill_rates import STILL, still_chance
from ..decisions import (ATTACK, BONUS, CAPITAL, CLAIM, DEFEND, DICE, DISCARD, FORTIFY, OCCUPY, PLACE, PLAY,
                         REROLL, TRADE, UNIT, Decision)
from ..odds import odds_for
from . import card_play
from .base import Agent
from .order_play import balanced_order
from .regions import best_to_neighbour, best_within, front_distance
from .rerolling import reroll
from .unit_values import safest, strength, vital

ATTACK_WIN = 0.6  # attack when the chance of taking the territory is at least this
CARD_WIN = 0.45  # … or this, for the first conquest of the turn (it earns a card)
PATIENCE = 30  # rounds; after them the bot grows bolder, so a stalemate cannot last
BOLDEST = 0.3
PRESS = 1000  # armies: an attack from more goes on in one answer until half of them are left
_ODDS: dict[int, tuple] = {}  # id of a battle's rules → (those rules, their odds), for the last 64 seen


class BalancedAgent(Agent):
    kind = "balanced"
    proven = True

    def start(self, view, seat, rng) -> None:
        super().start(view, seat, rng)
        battle = view.rules.battle
        known = _ODDS.get(id(battle))  # (odds_for's cache hashes the whole battle rules: a strong bot's
        if known is None or known[0] is not battle:  # playouts start four bots a copy)
            if len(_ODDS) >= 64:  # (as many as odds_for keeps)
                _ODDS.clear()
            known = _ODDS[id(battle)] = (battle, odds_for(battle))
        self.odds = known[1]
        self._situated: dict[tuple, object] = {}  # under battle modifiers: each situation's odds
        modifiers = view.rules.battle.modifiers
        if modifiers is not None:  # (the names a situation reads, and its key counted alone)
            self._situation_names, self._situation_key = modifiers.situation_key()
            # read no game quantity: a battle's situation stays while nobody takes a territory
            self._by_place = not set(self._situation_names) & NAMES_FOR["game"]
            self._placed: dict[int, object] = {}  # source·size + target → its odds, for one side …
            self._placed_side = self._placed_changes = -1  # … and one count of owner changes
        self._plain = modifiers is None
        self._kills = view.rules.battle.kills  # kill-rate combat (None: dice)
        self._plan_turn = -1
        self._values: list[float] = []
        self._units = view.rules.units is not None  # special units (issue 45): unit_values.py
        acting = view.rules.acting  # killer neutrals (issue 45): their territories are not worth an attack
        self._killers = acting is not None and bool(acting.takes_back or acting.takes_back_own)
        # an attack's odds read straight from the table: no modifiers, no killer territory, no unit's strength
        self._table_odds = self._plain and not self._killers and not (self._units and self._kills is not None)
        self._best_attack = self.best_attack if type(self).attack is BalancedAgent.attack else None  # (quick_attack)
        self._fortify_at_once = type(self).fortify is BalancedAgent.fortify and not self._units  # (quick_fortify)

    def chance(self, side: int, source: int, target: int) -> float:
        """The chance that `side` takes `target` attacking from `source` with all it may: under
        battle modifiers (language/marks.py), the odds of this battle's own situation."""
        view = self.view
        armies = view.armies
        if self._units and self._kills is not None:  # a unit fights as its strength in armies
            return self.odds.win(armies[source] - 1 + strength(view, source), armies[target] + strength(view, target))
        if self._plain:
            return self.odds.win(armies[source] - 1, armies[target])
        if self._by_place:
            changes = view.owner_changes
            if changes != self._placed_changes or side != self._placed_side:
                self._placed_changes, self._placed_side = changes, side
                self._placed.clear()
            where = source * view.size + target
            odds = self._placed.get(where)
            if odds is None:
                odds = self._placed[where] = self.situated(side, source, target)
        else:
            odds = self.situated(side, source, target)
        return odds.win(armies[source] - 1, armies[target])

    def situated(self, side: int, source: int, target: int):
        """The odds of the battle's situation (language/marks.py), each made once."""
        key = self._situation_key(self.view, side, source, target)  # (Modifiers.situation's values)
        odds = self._situated.get(key)
        if odds is None:  # (odds_for's own cache hashes the whole battle rules at every call)
            odds = self._situated[key] = odds_for(self.view.rules.battle, 60, tuple(zip(self._situation_names, key)))
        return odds

    # ---- what the bot wants this turn ----------------------------------------------------

    def values(self, side: int) -> list[float]:
        """How much `side` wants each territory, recomputed once a turn."""
        view = self.view
        if self._plan_turn == (view.turn, side) and self._values:
            return self._values
        self._plan_turn = (view.turn, side)
        owner, armies = view.owner, view.armies
        board = view.board
        bonus = view.rules.continent_bonus  # each an int, or an expression counted for its holder now
        value = view.value
        want = [1.0] * view.size
        continent_score = []
        counts, sizes = view.continent_count, [len(members) for members in board.members]  # (the view's members')
        for k, members in enumerate(board.members):  # (a bonus that is a number read as it is: view.value's test)
            mine = counts[side][k]
            enemy = sum([armies[m] for m in members if owner[m] != side])
            missing = sizes[k] - mine
            worth = bonus[k] if bonus[k].__class__ is int else value(bonus[k], side)
            continent_score.append((worth + 1) * (1 + mine) / ((enemy + missing + 1) * sizes[k]))
        ranked = sorted(range(len(board.members)), key=continent_score.__getitem__, reverse=True)  # (ties: in order)
        goals = ranked[:2]
        mission = view.mission if side == self.seat else None  # (else the neutral army's)
        if mission is not None and mission.kind == "conquer":
            goals = list(mission.continents) + self.further_goals(ranked, mission)
        for k in goals:
            for t in board.members[k]:
                want[t] += 3.0
        if mission is not None and mission.kind == "destroy" and mission.colour in view.colour_seat:
            target = view.colour_seat[mission.colour]
            for t in range(view.size):
                if owner[t] == target:
                    want[t] += 4.0
        objective = view.rules.objective  # `victory … or objective`: its territories win the game
        if objective and side < view.players:
            missing = sum(1 for t in objective if owner[t] != side)
            for t in objective:
                want[t] += 6.0 / missing if missing else 2.0  # the nearer it is, the more each is worth
        own = self.own(side)
        target = view.target if side == self.seat else None  # assassin: the one player whose end wins
        if target is not None:
            for t in range(view.size):
                if owner[t] == target:
                    want[t] += 4.0
        for k, members in enumerate(board.members):  # completing a continent of a negative bonus costs income
            if bonus[k].__class__ is int and bonus[k] < 0 and counts[side][k] == sizes[k] - 1:
                for t in members:
                    if owner[t] != side:
                        want[t] = max(0.1, want[t] + bonus[k])
        if self._units:  # another's unit whose loss puts him out: taking its territory wins much
            for t, holder in vital(view).items():
                if holder not in own and holder != view.neutral:
                    want[t] += 8.0
        seats = len(view.names)  # breaking an enemy's continent is worth it: its one holder, if any, holds
        for k, members in enumerate(board.members):  # its first territory (each territory's sum once, in any order)
            if members:
                seat = owner[members[0]]
                if 0 <= seat < seats and seat not in own and counts[seat][k] == sizes[k]:
                    worth = 1.0 + (bonus[k] if bonus[k].__class__ is int else value(bonus[k], seat)) / 2
                    for t in members:
                        want[t] += worth
        self._values = want
        return want

    def further_goals(self, ranked: list[int], mission) -> list[int]:
        """The continents aimed at for a conquer mission's "and one more of your choice", from the
        continents ranked best first: balanced's usual two goals, cut to the number asked for —
        which may be one of the mission's own, so that it then aims at none further."""
        return ranked[:2][:mission.extra]

    def own(self, side: int):
        """`side` and its partners in team play: never an enemy."""
        friends = self.view.friends
        return friends[side] if friends is not None and side < self.view.players else (side,)

    def harmless(self) -> int:
        """The seat of a neutral army that never attacks (no threat to guard against), else -1."""
        view = self.view
        acting = view.rules.acting  # (a neutral army that attacks on its own is a threat: issue 45)
        return view.neutral if view.neutral is not None and not view.rules.neutral.attacks and (
            acting is None or acting.target is None) else -1

    def taken_back(self, target: int) -> bool:
        """Is `target` a killer neutral's, held by it (taken back after its conquest: not worth an
        attack)? One a player holds is attacked as any: taking it may put him out."""
        acting, view = self.view.rules.acting, self.view
        return view.owner[target] == view.neutral and (target in acting.takes_back or acting.takes_back_own)

    def enemy_neighbours(self, t: int, side: int) -> list[int]:
        owner = self.view.owner
        own = self.own(side)
        return [u for u in self.view.adjacent[t] if owner[u] not in own]

    # ---- decisions ------------------------------------------------------------------------------

    def decide(self, d: Decision):
        kind = d.kind
        if kind is ATTACK:
            return self.pressed(self.attack(d))
        if kind is DICE or kind is DEFEND:
            return d.options[-1]  # the most armies and dice
        if kind is PLACE:
            return self.place(d)
        if kind is OCCUPY:
            return self.occupy(d)
        if kind is FORTIFY:
            return self.fortify(d)
        if kind is TRADE:
            return self.trade(d)
        if kind is CLAIM:
            return self.claim(d)
        if kind is BONUS:
            return max(d.options, key=lambda t: len(self.enemy_neighbours(t, d.side)))
        if kind is CAPITAL:
            return self.capital(d)
        if kind is DISCARD:
            return self.discard(d)
        if kind is REROLL:  # a die rolled again (a card of the territory): agents/rerolling.py
            return reroll(self.view, d)
        if kind is PLAY:  # cards that do something: a rule of thumb per effect (card_play.py)
            return card_play.play(self, d)
        if kind == "order":  # orders given together (issue 45): agents/order_play.py
            return balanced_order(self, d)
        if kind == UNIT:  # where its special unit starts (issue 45): the safest of its territories
            return safest(self.view, d.options, d.side)
        return d.options[0]

    # the quick questions of dice and defence (Agent.quick_dice): decide's answer, the most dice
    def quick_dice(self, options, side, where):
        return options[-1]

    def quick_defend(self, options, side, most, where):
        return options[-1]

    def quick_attack(self, options, side):  # (decide's answer, without its questions of kind)
        if self._best_attack is not None:  # (balanced's own attack: from the options, no Decision made)
            return self.pressed(self._best_attack(options, side))
        return self.pressed(self.attack(Decision(ATTACK, self.seat, options, side, True, 0, None, self.view)))

    def discard(self, d: Decision) -> int:
        """Over a hand limit: the card the hand misses least. Jokers and the cards of a set
        are kept where possible; then a card of a territory the bot holds (its bonus); then
        the symbol the hand has most of."""
        view = self.view
        rules = view.rules
        hand = list(d.options)

        def kept(card: int) -> tuple:
            rest = [c for c in hand if c != card]
            symbol = symbol_of(card, rules)
            return (card >= view.size, bool(sets_in(rest, rules)) is False,
                    card < view.size and view.owner[card] == self.seat,
                    -sum(1 for c in hand if symbol_of(c, rules) == symbol), -card)
        return min(hand, key=kept)

    def attack(self, d: Decision):
        return self.best_attack(d.options, d.side)

    def best_attack(self, options, side: int):
        """Of `options`, the attack of the best odds times want whose odds reach the threshold (None: stop)."""
        view = self.view
        want = self.values(side)  # (this turn's, kept once made: values)
        threshold = CARD_WIN if (side == view.active and not view.conquered) else ATTACK_WIN
        if view.round > PATIENCE:
            threshold = max(BOLDEST, threshold - 0.01 * (view.round - PATIENCE))
        best, best_score = None, 0.0
        if self._table_odds:  # the odds' own table read here (Odds.win beyond it), one call fewer an option
            armies = view.armies
            rows = self.odds.passing(threshold)  # (p_win by the armies, 0.0 below the threshold: no test)
            try:
                for source, target in options:  # (0.0 × want is never above 0.0: as if passed over)
                    score = rows[armies[source]][armies[target]] * want[target]
                    if score > best_score:
                        best, best_score = (source, target), score
                return best
            except IndexError:  # armies beyond the table: each option by chance (Odds.win's rule beyond it)
                best, best_score = None, 0.0
        win = self.chance
        for source, target in options:
            if self._killers and self.taken_back(target):
                continue
            p = win(side, source, target)
            if p >= threshold:
                score = p * want[target]
                if score > best_score:
                    best, best_score = (source, target), score
        return best

    def pressed(self, attack):
        """`attack` from a stack of more than PRESS armies as an attack until half of them are left
        (then the bot looks again): a battle of a million armies costs a few answers, not a million.
        Under kill rates a battle takes every army anyway; but where most battles would kill nobody
        (STILL) — changing nothing, so that the bot would ask for the same again — it is an attack
        to the end (one army kept: the odds it was chosen by are those of an attack to the end)."""
        if attack is not None:
            kr = self._kills
            if kr is None:
                armies = self.view.armies[attack[0]]
                if armies > PRESS:
                    return attack[0], attack[1], armies // 2
                return attack
            source, target = attack
            armies = self.view.armies
            if armies[source] >= 2 and armies[target] and still_chance(kr, armies[source] - 1, armies[target]) >= STILL:
                return source, target, 1
        return attack

    def place(self, d: Decision):
        view = self.view
        side = d.side
        if side != d.player:  # placing for the neutral army: block the player whose turn it is
            return self._place_neutral(d)
        if view.turn == 0:
            return self.place_setup(d)
        return self.place_in_play(d)

    def place_in_play(self, d: Decision, limit: int | None = None):
        """On a held continent's territory under threat, else next to the weakest valuable target;
        `limit`: a territory holding more armies than that is passed over."""
        view = self.view
        side = d.side
        owner, armies, adjacent = view.owner, view.armies, view.adjacent
        self.values(side)  # this turn's wants are reckoned now, before anything is placed (kept for the turn)
        harmless = self.harmless()
        own = self.own(side)
        # a held continent under threat first (from armies that can attack at all)
        continent_of, holds, capital = view.continent_of, view.holds, view.capital[side]
        worst, worst_ratio = None, 1.2
        for t in d.options:
            if limit is not None and armies[t] > limit:
                continue
            k = continent_of[t]
            if (t != capital and not holds(side, k) and owner[t] == side  # (a partner's border: issue 45)
                    and not (self._units and t in vital(view))):  # not guarding a held continent or the capital
                continue
            enemy = [u for u in adjacent[t] if owner[u] not in own and owner[u] != harmless]
            if enemy:
                ratio = max(armies[u] for u in enemy) / max(armies[t], 1)  # (guard 0: an empty territory)
                if ratio > worst_ratio:
                    worst, worst_ratio = t, ratio
        if worst is not None:
            return worst, d.most
        options = d.options if not view.rules.team_rules else [t for t in d.options if owner[t] == side] or d.options
        return self.stacked(options, side, limit), d.most

    def stacked(self, options: list[int], side: int, limit: int | None = None) -> int:
        """The territory of `options` next to the weakest valuable target, where a stack is
        already building up (a neutral army that never attacks is no reason to build up);
        `limit`: a territory holding more armies than that is passed over."""
        view = self.view
        owner, armies, adjacent = view.owner, view.armies, view.adjacent
        want = self.values(side)
        own, harmless = self.own(side), self.harmless()
        best, best_score = None, -1.0
        for t in options:
            if limit is not None and armies[t] > limit:
                continue
            for u in adjacent[t]:
                o = owner[u]
                if o not in own:
                    score = want[u] / (armies[u] + 1) + (0.01 * armies[t] if o != harmless else 0.0)
                    if score > best_score:
                        best, best_score = t, score
        return best if best is not None else options[0]

    def place_setup(self, d: Decision):
        """A setup army (one at a time) goes as balanced places in play, but no territory takes
        more than half of the armies the setup leaves to place (it began with one): a player
        builds a stack or two at the front of its goals and keeps the rest of the front covered,
        never piling all onto one territory."""
        view = self.view
        return self.place_in_play(d, (view.rules.starting_armies_of(view.players, d.side, view.first) - view.territory_count[d.side]) // 2)

    def _place_neutral(self, d: Decision):
        view = self.view
        rival = view.active if view.active != self.seat else None
        owner, armies, adjacent = view.owner, view.armies, view.adjacent
        best, best_score = d.options[0], -1
        for t in d.options:
            pressure = sum(armies[u] for u in adjacent[t] if owner[u] == rival) if rival is not None else 0
            score = pressure - armies[t] * 0.1
            if score > best_score:
                best, best_score = t, score
        return best, d.most

    def occupy(self, d: Decision):
        return self.moved_in(d.options[0], d.options[-1], d.side, d.where)

    def quick_occupy(self, least, most, side, where):
        return self.moved_in(least, most, side, where)

    def moved_in(self, least: int, most: int, side: int, where: tuple[int, int]) -> int:
        """The armies that move into a conquered territory (an occupy decision's answer)."""
        source, target = where
        source_front = bool(self.enemy_neighbours(source, side))
        target_front = bool(self.enemy_neighbours(target, side))
        if target_front and not source_front:
            return most
        if source_front and target_front:
            return max(least, (least + most) // 2)
        return least if source_front else most

    def fortify(self, d: Decision):
        view = self.view
        side = d.side
        armies = view.armies
        distance = self._front_distance(side)
        stay = view.rules.fortify.stay  # (0 under `guard 0`: a territory behind the front may be emptied)
        best, best_gain = None, 0
        guarded = vital(view) if self._units else {}  # (its own such unit keeps its armies about it)
        reach = getattr(d, "reach", None)  # every pair of a region (fortify.Regions): the best without them
        if reach is not None:
            best = best_within(reach, distance, armies, stay, guarded, view.territories_of(side))
        for source, target in (d.options if reach is None else ()):
            if distance[target] < distance[source] and armies[source] > stay and source not in guarded:
                gain = (armies[source] - stay) * (distance[source] - distance[target])
                if gain > best_gain:
                    best, best_gain = (source, target), gain
        if best is None:
            return None
        return best[0], best[1], armies[best[0]] - stay

    def quick_fortify(self, make, side):  # (fortify's answer to the usual question, its options not made)
        if not self._fortify_at_once:
            return Agent.quick_fortify(self, make, side)
        view = self.view
        armies, stay = view.armies, view.rules.fortify.stay
        best = best_to_neighbour(view.owned(side), view.adjacent, self._front_distance(side), armies, stay)
        return None if best is None else (best[0], best[1], armies[best[0]] - stay)

    def _front_distance(self, side: int) -> list[int]:
        """Steps from each territory of `side` to the front (regions.front_distance)."""
        return front_distance(self.view, side, self.own(side), self.harmless())

    def trade(self, d: Decision):
        view = self.view
        owner = view.owner
        size = view.size

        def worth(cards):
            return sum(1 for c in cards if c < size and owner[c] == d.player)

        c = view.rules.cards
        if c.nuclear:  # nuclear sets: the set whose nuked territories are most the enemies' (none if mostly its own)
            def harm(cards):
                return sum(1 if owner[t] != d.player else -2 for t in cards if t < size and owner[t] >= 0)
            best = max(d.options, key=harm)
            return best if harm(best) > 0 or not d.optional else None
        if c.joker_pair:  # sets valued apart (Domination's Italian cards): the most armies, bonus included
            def armies(cards):
                value, bonused, bonus = view.set_worth(cards)
                return value + bonus * (len(bonused) if c.bonus_per_card else min(1, len(bonused))), worth(cards)
            return max(d.options, key=armies)
        return max(d.options, key=worth)  # (every other rule: the set with most of one's territories, as ever)

    def claim(self, d: Decision):
        view = self.view
        side = d.player
        owner, adjacent = view.owner, view.adjacent
        board = view.board
        best, best_score = d.options[0], -1e9
        taken_in = {}  # continent → its territories others hold (the same for every option)
        for t in d.options:
            k = view.continent_of[t]
            members = board.members[k]
            mine = view.continent_count[side][k]
            taken = taken_in.get(k)
            if taken is None:
                taken = taken_in[k] = sum(1 for u in members if owner[u] >= 0 and owner[u] != side)
            score = (mine + 1) / len(members) - taken / len(members) + 1.0 / len(members)
            score += 0.2 * len([u for u in adjacent[t] if owner[u] == side])  # (its neighbours of side)
            if score > best_score:
                best, best_score = t, score
        return best

    def capital(self, d: Decision):
        view = self.view
        side = d.player
        owner, adjacent = view.owner, view.adjacent
        return max(d.options, key=lambda t: (sum(1 for u in adjacent[t] if owner[u] == side)
                                             - 2 * sum(1 for u in adjacent[t] if owner[u] != side), -t))

