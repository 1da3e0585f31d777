"""The generic turn interpreter: setup, then turns of the phases the rules list, to the end.

It knows how to run a turn of a RISK-like game, never which edition it runs: every
difference between editions arrives through the compiled `Rules`. State is kept in
integer arrays indexed by territory and by seat; the neutral army of a 2-player game is
one more seat that never has a turn. Every choice is a `Decision` put to an agent and
checked. Events are built only when someone listens, so a simulation without a log does
no work for it.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Sequence

from ..language.quantities import counters
from ..language.rules import Mission, Rules
from . import decisions as D
from .cards import set_kind, sets_in, symbol_of
from .decisions import Decision
from .dice import Dice, LoadedDice
from .errors import GameError, GameOver
from .sight import Sight

NEUTRAL_NAME = "neutral"
LOG_FORMAT = 1
DEFAULT_MAX_TURNS = 1000


@dataclass
class Result:
    """How a game ended, and what the statistics need of its final state."""

    winner: str | None
    reason: str
    turns: int
    rounds: int
    players: list[str]
    first_player: str
    continents_held: dict[str, list[str]] = field(default_factory=dict)  # continent → holders at the end
    neutral_territories: int | None = None  # at the end, in a game with a neutral army
    trades: int = 0
    largest_trade: int = 0


# how each named quantity of the rule language (riskrules.language.quantities, all but "total")
# is counted for a seat: looked up once here, since Game.quantities runs every turn
_QUANTITY: dict[str, Callable[[Game, int], int]] = counters()


TURN_START, TURN_END = "turn_start", "turn_end"
# at which end of one's own turn a fulfilled mission wins, by timing (besides the moment it is
# fulfilled, for "during own turn": Game.changed)
_MISSION_MOMENTS = {
    "during_own_turn": (TURN_START,),
    "start_of_own_turn": (TURN_START,),
    "end_of_own_turn": (TURN_END,),
}


class Game:
    def __init__(self, rules: Rules, agents: Sequence[Any], seed: int, *,
                 dice: Dice | LoadedDice | None = None, max_turns: int = DEFAULT_MAX_TURNS,
                 listeners: Sequence[Callable[[dict], None]] = (), edition: str | None = None,
                 names: Sequence[str] | None = None, check_all: bool = False):
        if not isinstance(seed, int) or seed < 0:  # Random(-1) is Random(1): a negative seed replays another game
            raise GameError(f"a seed is a whole number from 0 up, not {seed!r}")
        n = len(agents)
        if not rules.min_players <= n <= rules.max_players:
            raise GameError(f"{rules.id} is for {rules.min_players} to {rules.max_players} players, not {n}")
        if rules.player_count != n:  # the rules of a player count (the 2-player neutral army …) must be merged in
            raise GameError(f"these rules were merged for {rules.player_count or 'no particular number of'} "
                            f"players, not {n}: load them with players={n}")
        self.rules = rules
        self.board = board = rules.board
        self.seed = seed
        self.rng = random.Random(seed)
        self.dice = dice if dice is not None else Dice(self.rng)
        self.max_turns = max_turns
        self.listeners = list(listeners)
        self.edition = edition or rules.id
        self.agents = list(agents)
        self.check_all = check_all  # check the answers of proven agents too (see Agent.proven)
        self.players = n
        self.neutral: int | None = n if rules.neutral is not None else None
        seats = n + (1 if self.neutral is not None else 0)
        colours = list(rules.colours)
        self.names = list(names) if names else colours[:n]
        if self.neutral is not None:
            self.names.append(NEUTRAL_NAME)
        self.colour_seat = {colours[i]: i for i in range(n)}
        # team play: the seats of each seat's team (itself included); None without teams
        k = n // rules.teams if rules.teams else 0  # how many teams
        self.team = [s % k if k else s for s in range(n)] + ([-1] if self.neutral is not None else [])
        self.friends: list[frozenset[int]] | None = [
            frozenset(t for t in range(n) if self.team[t] == self.team[s]) for s in range(n)] if k else None
        # the board
        size = board.size
        self.size = size
        self.adjacent = board.adjacent
        self.continent_of = board.continent_of
        self.members = board.members
        self._all = range(size)
        self.owner = [-1] * size
        self.armies = [0] * size
        self.owner_changes = 0  # counts set_owner calls: option lists kept across decisions check it
        self._owned: dict[int, tuple[int, list[int]]] = {}  # seat → (owner_changes, its territories)
        self.territory_count = [0] * seats
        self.continent_count = [[0] * len(board.continents) for _ in range(seats)]
        # players
        self.alive = [True] * seats
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.trades_made = [0] * seats
        self.missions: list[Mission | None] = [None] * seats
        self.targets: list[int | None] = [None] * seats  # assassin: whose elimination wins
        self.declared = [False] * seats
        self.capital: list[int | None] = [None] * seats
        self.capital_owner: dict[int, int] = {}  # territory → whose original capital it is
        self.deck: deque[int] = deque()
        # the turn
        self.turn = 0
        self.round = 0
        self.active = -1
        self.phase = -1  # the number of the phase under way in rules.phases (-1: setup)
        self.first = 0
        self.conquered = False
        self.turn_total = 0
        self.conquered_now: set[int] = set()  # territories conquered this turn (trench warfare)
        self.trade_count = 0
        self.escalation_base: dict[int, int] = {}  # counter → trades before a delayed escalation began
        self.largest_trade = 0
        self.result: Result | None = None
        self._bonus_counted = not all(isinstance(b, int) for b in rules.continent_bonus)
        # option lists that depend only on a count, made once (agents must not change them)
        b = rules.battle
        top = max(max(b.attacker_most), b.attacker_open)
        self._dice_options = [
            [(c, d) for c in range(1, m + 1) for d in (range(1, c + 1) if b.up_to_committed else (c,))]
            for m in range(top + 1)
        ]
        self._defend_options = [list(range(1, m + 1)) for m in range(max(max(b.defender_most), b.defender_open) + 1)]
        # each agent sees the game through its seat's view, and gets its own random source
        self.sights = tuple(Sight(self, seat) for seat in range(len(self.agents)))
        for seat, agent in enumerate(self.agents):
            agent.start(self.sights[seat], seat, random.Random(self.rng.getrandbits(64)))

    # ---- events -------------------------------------------------------------------------

    def _event(self, kind: str, player: int | None, **fields) -> None:
        event = {"type": kind, "turn": self.turn}
        if player is not None:
            event["player"] = self.names[player]
        event.update(fields)
        for listen in self.listeners:
            listen(event)

    def card_json(self, card: int) -> dict:
        if card < self.size:
            return {"territory": self.board.territories[card],
                    "symbol": self.board.symbols[self.board.card_symbol[card]]}
        return {"territory": None, "symbol": "joker"}

    # ---- asking -----------------------------------------------------------------------

    def ask(self, decision: Decision) -> Any:
        decision.view = self.sights[decision.player]
        agent = self.agents[decision.player]
        answer = agent.decide(decision)
        if getattr(agent, "proven", False) and not self.check_all:
            return answer
        reason = decision.check(answer)
        if reason is not None:
            raise GameError(f"{self.names[decision.player]} ({agent.kind}) answered {answer!r} to "
                            f"{decision.kind}: {reason}")
        return answer

    def controller(self, side: int) -> int:
        """The seat that decides for `side`: the neutral army is played by the other player."""
        if side == self.neutral:
            return self.other_player()
        return side

    def other_player(self) -> int:
        active = self.active if self.active >= 0 else 0
        return next(s for s in range(self.players) if s != active)

    # ---- ownership ---------------------------------------------------------------------

    def set_owner(self, territory: int, seat: int) -> None:
        old = self.owner[territory]
        k = self.continent_of[territory]
        if old >= 0:
            self.territory_count[old] -= 1
            self.continent_count[old][k] -= 1
        self.owner[territory] = seat
        self.territory_count[seat] += 1
        self.continent_count[seat][k] += 1
        self.owner_changes += 1

    def holds(self, seat: int, continent: int) -> bool:
        return self.continent_count[seat][continent] == len(self.members[continent])

    def held_continents(self, seat: int) -> list[int]:
        counts = self.continent_count[seat]
        return [k for k, m in enumerate(self.members) if counts[k] == len(m)]

    def territories_of(self, seat: int) -> list[int]:
        owner = self.owner
        return [t for t in range(self.size) if owner[t] == seat]

    def owned(self, seat: int) -> list[int]:
        """`territories_of(seat)` as a list shared until an owner changes: read-only."""
        kept = self._owned.get(seat)
        if kept is not None and kept[0] == self.owner_changes:
            return kept[1]
        territories = self.territories_of(seat)
        self._owned[seat] = (self.owner_changes, territories)
        return territories

    def armies_of(self, seat: int) -> int:
        owner, armies = self.owner, self.armies
        return sum(armies[t] for t in range(self.size) if owner[t] == seat)

    # ---- playing ----------------------------------------------------------------------------

    def play(self) -> Result:
        """Set up and play to the end; the Result says who won and why."""
        self._event("game_start", None, format=LOG_FORMAT, edition=self.edition, variant=self.rules.variant,
                    seed=self.seed, player_count=self.players,
                    players=[{"name": self.names[s], "agent": self.agents[s].kind} for s in range(self.players)],
                    neutral=NEUTRAL_NAME if self.neutral is not None else None,
                    rules=self.rules.fingerprint, max_turns=self.max_turns,
                    **({"set": self.rules.model["set"]} if "set" in self.rules.model else {}))
        try:
            self.setup()
            self.loop()
        except GameOver:
            pass
        assert self.result is not None
        return self.result

    def end(self, winner: int | None, reason: str) -> None:
        names = self.names
        self.result = Result(
            winner=names[winner] if winner is not None else None,
            reason=reason,
            turns=self.turn,
            rounds=self.round,
            players=names[:self.players],
            first_player=names[self.first],
            continents_held={
                c: [names[s] for s in range(len(names)) if self.holds(s, k)]
                for k, c in enumerate(self.board.continents)
            },
            neutral_territories=self.territory_count[self.neutral] if self.neutral is not None else None,
            trades=self.trade_count,
            largest_trade=self.largest_trade,
        )
        self._event("game_over", None, winner=self.result.winner, reason=reason, turns=self.turn)
        raise GameOver

    # ---- setup -------------------------------------------------------------------------------

    def setup(self) -> None:
        rules = self.rules
        n = self.players
        if rules.highest_roll_starts:
            self.first = self._roll_for_first()
        else:
            dealer = self.rng.randrange(n)
            self.first = (dealer + 1) % n
            self._event("dealer", dealer, first=self.names[self.first])
        order = [(self.first + i) % n for i in range(n)]
        if rules.deal:
            self._deal(order)
        else:
            self._draft(order)
        self._place_the_rest(order)
        if rules.capitals is not None:
            for seat in order:
                territory = self.ask(Decision(D.CAPITAL, seat, self.territories_of(seat)))
                self.capital[seat] = territory
                self.capital_owner[territory] = seat
                self._event("capital_chosen", seat, territory=self.board.territories[territory])
        if rules.victory == "missions":
            self._deal_missions(order)
        if rules.victory == "assassin":
            self._assign_targets(order)
        cards = list(range(self.size + self.board.jokers))
        self.rng.shuffle(cards)
        self.deck = deque(cards)

    def _assign_targets(self, order: list[int]) -> None:
        """Assassin: each player secretly gets another as his target, all in one shuffled circle
        (so nobody is his own target and everyone is someone's)."""
        circle = list(order)
        self.rng.shuffle(circle)
        for i, seat in enumerate(circle):
            self.targets[seat] = circle[(i + 1) % len(circle)]
            self._event("target_assigned", seat, target=self.names[self.targets[seat]])

    def _roll_for_first(self) -> int:
        rolling = list(range(self.players))
        while True:
            faces = self.dice.roll(len(rolling))
            self._event("roll_for_first", None, rolls={self.names[s]: f for s, f in zip(rolling, faces)})
            best = max(faces)
            rolling = [s for s, f in zip(rolling, faces) if f == best]
            if len(rolling) == 1:
                return rolling[0]

    def _claim(self, territory: int, seat: int) -> None:
        self.set_owner(territory, seat)
        self.armies[territory] = 1
        self._event("claim", seat, territory=self.board.territories[territory])

    def _deal(self, order: list[int]) -> None:
        """Deal the territory cards (jokers out) one at a time, the neutral army a hand of its own."""
        neutral = self.rules.neutral
        cards = list(range(self.size))
        self.rng.shuffle(cards)
        if neutral is not None and neutral.first:  # `territories N`: its N cards first, the rest to the players
            first = min(neutral.territories, self.size - self.players)
            for territory in cards[:first]:
                self._claim(territory, self.neutral)
            cards = cards[first:]
            hands = order
        else:
            hands = order + ([self.neutral] if neutral is not None and neutral.dealt else [])
        for i, territory in enumerate(cards):
            self._claim(territory, hands[i % len(hands)])

    def _draft(self, order: list[int]) -> None:
        """Players take free territories in turn; a neutral army takes what the draft leaves."""
        free = self.size
        leftover = self.rules.neutral.territories if self.neutral is not None else 0
        i = 0
        while free > leftover:
            seat = order[i % len(order)]
            options = [t for t in range(self.size) if self.owner[t] < 0]
            self._claim(self.ask(Decision(D.CLAIM, seat, options)), seat)
            free -= 1
            i += 1
        for t in range(self.size):
            if self.owner[t] < 0:
                self._claim(t, self.neutral)

    def _place_the_rest(self, order: list[int]) -> None:
        rules = self.rules
        left = [rules.starting_armies[self.players] - self.territory_count[s] for s in range(self.players)]
        neutral_left = 0
        if self.neutral is not None:
            nr = rules.neutral
            extra = nr.start - 1
            for t in self.territories_of(self.neutral):
                if extra:
                    self.armies[t] += extra
                    self._event("place", self.neutral, territory=self.board.territories[t], armies=extra)
            neutral_left = max(0, nr.armies - nr.start * self.territory_count[self.neutral])
        while any(x > 0 for x in left) or (neutral_left > 0 and rules.neutral.placement):
            for seat in order:
                for _ in range(min(rules.placement, left[seat])):
                    self._place_one(seat, seat, 1)
                    left[seat] -= 1
                if self.neutral is not None:
                    for _ in range(min(rules.neutral.placement, neutral_left)):
                        self._place_one(seat, self.neutral, 1)
                        neutral_left -= 1

    def _place_one(self, decider: int, side: int, most: int) -> int:
        territory, armies = self.ask(Decision(D.PLACE, decider, self.owned(side), side, False, most))
        self.armies[territory] += armies
        if self.listeners:
            if decider == side:
                self._event("place", side, territory=self.board.territories[territory], armies=armies)
            else:
                self._event("place", side, territory=self.board.territories[territory], armies=armies,
                            by=self.names[decider])
        if self.turn:  # a placement in play, not in the setup
            self.changed()
        return armies

    def place(self, decider: int, side: int, amount: int) -> None:
        """Place `amount` armies of `side` as `decider` chooses, a territory at a time."""
        while amount > 0:
            amount -= self._place_one(decider, side, amount)

    def mission_cards(self) -> list[Mission]:
        """The mission cards dealt from: those of colours not in play are taken out."""
        return [m for m in self.rules.missions if m.kind != "destroy" or m.colour in self.colour_seat]

    def as_held(self, seat: int, mission: Mission) -> Mission:
        """A mission card as `seat` holds it: his own colour to destroy becomes its fallback,
        the territories to occupy."""
        if mission.kind == "destroy" and self.colour_seat.get(mission.colour) == seat:
            return Mission("occupy", count=mission.count, armies=1, data=mission.data)
        return mission

    def _deal_missions(self, order: list[int]) -> None:
        deck = self.mission_cards()
        self.rng.shuffle(deck)
        for i, seat in enumerate(order):
            mission = self.missions[seat] = self.as_held(seat, deck[i])
            self._event("mission_dealt", seat, mission=mission.data,
                        own_colour=mission.kind == "occupy" and "destroy" in mission.data)

    # ---- the turns ---------------------------------------------------------------------------------

    def loop(self, start: int = 0) -> None:
        """Turns in order, round after round, to the end. `start`: the place in the turn order
        to begin at within the current round (a copied game continues after its active turn)."""
        n = self.players
        timing = self.rules.mission_timing
        trench = self.rules.battle.trench
        limit = self.rules.round_limit
        while True:
            if start == 0:
                if limit is not None and self.round >= self.value(limit, self.first):
                    self.end_by_round_limit()
                self.round += 1
            for i in range(start, n):
                seat = (self.first + i) % n
                if not self.alive[seat]:
                    continue
                if self.turn >= self.max_turns:
                    self.end(None, "turn_limit")
                self.turn += 1
                self.active = seat
                self.conquered = False
                self.turn_total = 0
                if trench:
                    self.conquered_now.clear()
                if self.listeners:
                    self._event("turn_start", seat, round=self.round)
                if timing is not None:
                    self.mission_moment(TURN_START)
                self.play_phases(seat, 0)
            start = 0

    def play_phases(self, seat: int, first: int) -> None:
        """The phases of `seat`'s turn from the rules' phase number `first` on, and the end of the turn."""
        phases = self.rules.phases
        timing = self.rules.mission_timing
        conditions = self.rules.conditions
        for index in range(first, len(phases)):
            self.phase = index
            phase = phases[index]
            test = conditions[index]
            if test is not None and not test(self.quantities(seat, test.names)):
                if self.listeners:
                    self._event("phase_skipped", seat, phase=phase, condition=test.text)
                continue
            if phase == "reinforce":
                self.reinforce(seat)
            elif phase == "attack":
                self.attack_phase(seat, seat)
                self.draw_cards(seat)
            elif phase == "fortify":
                self.fortify(seat)
            elif phase == "neutral_reinforce":
                self.neutral_reinforce(seat)
            elif phase == "neutral_attack" and self.alive[self.neutral]:
                self.attack_phase(self.other_player(), self.neutral)
            elif phase == "neutral_fortify" and self.alive[self.neutral]:
                self.fortify(self.neutral, self.other_player())
        if timing is not None:
            self.mission_moment(TURN_END)

    # ---- copies: for bots that search -------------------------------------------------------

    # the state that changes during play; everything else a copy shares with its original
    # (the rules, the board, option lists made once). A new attribute that changes during play
    # belongs here: tests/test_game_copy.py fails until it is.
    COPIED = ("owner", "armies", "territory_count", "alive", "trades_made", "missions", "declared", "capital",
              "targets")
    CACHES = ("_owned",)  # dicts of answers kept between decisions: a copy starts them empty

    def copy(self, agents: Sequence[Any], seed: int | None = None, max_turns: int | None = None) -> Game:
        """An independent copy of the game as it stands, played on by `agents` (started afresh,
        their random sources drawn from `seed`). Without `seed` the copy's random source
        continues exactly as the original's would (the same rolls, the same shuffles); with
        one, it rolls its own. A copy has no listeners and rolls fair dice; `max_turns` ends it
        early (as a turn limit). The copy holds everything, hidden cards and missions too:
        a bot that copies a game must replace what it may not see (see agents/strong.py)."""
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        for name in self.COPIED:
            setattr(other, name, list(getattr(self, name)))
        for name in self.CACHES:
            setattr(other, name, {})
        other.continent_count = [counts[:] for counts in self.continent_count]
        other.hands = [hand[:] for hand in self.hands]
        other.capital_owner = dict(self.capital_owner)
        other.conquered_now = set(self.conquered_now)
        other.escalation_base = dict(self.escalation_base)
        other.deck = deque(self.deck)
        if seed is None:
            other.rng = random.Random()
            other.rng.setstate(self.rng.getstate())
        else:
            other.rng = random.Random(seed)
        other.dice = Dice(other.rng)
        other.listeners = []
        other.result = None
        if max_turns is not None:
            other.max_turns = max_turns
        other.agents = list(agents)
        sources = random.Random(f"agents:{seed}")
        other.sights = tuple(Sight(other, seat) for seat in range(len(other.agents)))
        for seat, agent in enumerate(other.agents):
            agent.start(other.sights[seat], seat, random.Random(sources.getrandbits(64)))
        return other

    def play_on(self, phase: int | None = None) -> Result:
        """Play a copied game on to its end from the active player's phase number `phase` (by
        default the phase under way; a phase entered again asks its next question afresh:
        an attack phase the next attack), then the following turns."""
        try:
            seat = self.active
            self.play_phases(seat, self.phase if phase is None else phase)
            self.loop((seat - self.first) % self.players + 1)
        except GameOver:
            pass
        assert self.result is not None
        return self.result

    # ---- reinforcement ---------------------------------------------------------------------------

    def reinforce(self, seat: int) -> None:
        from_cards = self.trade_cards(seat, down_to=None)
        count = self.rules.territory_armies
        from_territories = count(self.quantities(seat, count.names))
        held = self.held_continents(seat)
        bonus = self.rules.continent_bonus
        if self._bonus_counted:
            from_continents = sum(self.value(bonus[k], seat) for k in held)
        else:
            from_continents = sum(bonus[k] for k in held)
        total = from_territories + from_continents + from_cards
        self.turn_total = total
        if self.listeners:
            self._event("reinforcements", seat, territories_held=self.territory_count[seat],
                    from_territories=from_territories,
                    continents_held=[self.board.continents[k] for k in held],
                    from_continents=from_continents, from_cards=from_cards, total=total)
        self.place(seat, seat, total)

    def value(self, number, seat: int) -> int:
        """A number of the rules: an int as it is, an expression counted for `seat` now."""
        if number.__class__ is int:
            return number
        return number(self.quantities(seat, number.names))

    def quantities(self, seat: int, names: frozenset[str], total: int = 0) -> dict[str, int]:
        """The named game quantities an expression uses (`names`), counted for `seat`; the
        others are not counted at all, since this runs every turn."""
        env = {"total": total}
        for name in names:
            if name != "total":
                env[name] = _QUANTITY[name](self, seat)
        return env

    def neutral_reinforce(self, seat: int) -> None:
        neutral = self.neutral
        expression = self.rules.neutral.reinforcements
        if neutral is None or expression is None or not self.alive[neutral]:
            return
        armies = expression(self.quantities(neutral, expression.names, self.turn_total))
        placer = self.other_player()
        self._event("neutral_reinforcements", neutral, placed_by=self.names[placer], armies=armies,
                    active_total=self.turn_total)
        self.place(placer, neutral, armies)

    # ---- cards -------------------------------------------------------------------------------------

    def trade_cards(self, seat: int, down_to: int | None) -> int:
        """Trade sets: optional ones, and forced ones at the rules' threshold (or while the hand
        holds more than `down_to` cards). Returns the armies the sets were worth."""
        gained = 0
        must = self.rules.cards.must_trade
        while True:
            hand = self.hands[seat]
            if len(hand) < 3:
                break
            sets = sets_in(hand, self.rules)
            if not sets:
                break
            if down_to is not None:
                if len(hand) <= down_to:
                    break
                forced = True
            else:
                forced = len(hand) >= must
            chosen = self.ask(Decision(D.TRADE, seat, sets, optional=not forced))
            if chosen is None:
                break
            gained += self._trade(seat, chosen)
        return gained

    def _trade(self, seat: int, cards: tuple[int, ...]) -> int:
        rules = self.rules
        c = rules.cards
        kind = set_kind(tuple(symbol_of(card, rules) for card in cards), rules)
        self.trade_count += 1
        self.trades_made[seat] += 1
        if c.plain:
            value = c.fixed[kind] if c.fixed is not None else c.escalating_value(
                self.trades_made[seat] if c.per_player else self.trade_count)
        else:
            value = self.set_value(seat, kind)
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        self.deck.extend(cards)  # traded cards go under the deck
        owned = [card for card in cards if card < self.size and self.owner[card] == seat]
        bonus: list[int] = []  # for each such card, or once per trade (on the one the player picks)
        if c.bonus_armies and owned:
            bonus = owned if c.bonus_per_card or len(owned) == 1 else [self.ask(Decision(D.BONUS, seat, owned))]
        bonus_armies = self.value(c.bonus_armies, seat) if bonus else 0
        for territory in bonus:
            self.armies[territory] += bonus_armies
        self.largest_trade = max(self.largest_trade, value)
        if self.listeners:
            self._event("trade", seat, cards=[self.card_json(card) for card in cards], armies=value,
                        territory_bonus=[{"territory": self.board.territories[t], "armies": bonus_armies}
                                         for t in bonus],
                        trade_number=self.trade_count)
        if bonus:
            self.changed()
        return value

    def set_value(self, seat: int, kind: str) -> int:
        """A set's armies when some value is an expression, the escalation waits or a cap holds
        (the trade being valued is already counted)."""
        c = self.rules.cards
        if c.fixed is not None:
            value = self.value(c.fixed[kind], seat)
        else:
            number = self.trades_made[seat] if c.per_player else self.trade_count
            if c.escalation_round is not None:
                key = seat if c.per_player else -1
                if self.round <= self.value(c.escalation_round, seat):
                    self.escalation_base[key] = number  # the scale starts with the first trade after that round
                number -= self.escalation_base.get(key, 0)
            elif c.escalation_trades is not None:
                number -= self.value(c.escalation_trades, seat)
            values = c.escalating
            if number <= len(values):
                value = self.value(values[max(number, 1) - 1], seat)
            else:
                value = self.value(values[-1], seat) + (number - len(values)) * self.value(c.step, seat)
        if c.cap is not None:
            value = min(value, self.value(c.cap, seat))
        return value

    def draw_cards(self, seat: int) -> None:
        if not self.conquered:
            return
        for _ in range(self.rules.cards.draw):
            if not self.deck:
                return  # traded cards return under the deck; should it be empty, no card
            card = self.deck.popleft()
            self.hands[seat].append(card)
            self._event("card_drawn", seat, card=self.card_json(card))

    # ---- battle -----------------------------------------------------------------------------------------

    def attack_options(self, side: int) -> list[tuple[int, int]]:
        """(from, to) pairs `side` may attack now. The neutral army attacks only the active player."""
        owner, armies, adjacent = self.owner, self.armies, self.adjacent
        least = self.rules.battle.least_to_attack
        friends = self.friends
        if friends is not None and side != self.neutral:  # partners never attack each other
            mine = friends[side]
            trenched = self.conquered_now
            return [(t, u) for t in self._all if owner[t] == side and armies[t] >= least and t not in trenched
                    for u in adjacent[t] if owner[u] not in mine]
        if self.conquered_now:  # trench warfare: what was conquered this turn attacks no more
            trenched = self.conquered_now
            return [(t, u) for t in self._all if owner[t] == side and armies[t] >= least and t not in trenched
                    for u in adjacent[t] if owner[u] != side and (side != self.neutral or owner[u] == self.active)]
        if side == self.neutral:
            only = self.active
            return [(t, u) for t in self._all if owner[t] == side and armies[t] >= least
                    for u in adjacent[t] if owner[u] == only]
        return [(t, u) for t in self._all if owner[t] == side and armies[t] >= least
                for u in adjacent[t] if owner[u] != side]

    def attack_phase(self, decider: int, side: int) -> None:
        """`side` attacks as long as `decider` wants (and can).

        The options stay the same from one battle to the next unless an owner changed (a
        conquest, a capital's continent) or the attacking territory fell below the armies
        needed to attack: only then are they made again. (Anything else that changes them
        must count as an owner change.)"""
        least = self.rules.battle.least_to_attack
        armies = self.armies
        options: list[tuple[int, int]] = []
        made = -1  # owner_changes when the options were made
        while True:
            if made != self.owner_changes:
                made = self.owner_changes
                options = self.attack_options(side)
            if not options:
                return
            chosen = self.ask(Decision(D.ATTACK, decider, options, side, True))
            if chosen is None:
                return
            source = chosen[0]
            self.battle(decider, side, source, chosen[1])
            if armies[source] < least:
                made = -1

    def battle(self, decider: int, side: int, source: int, target: int) -> None:
        b = self.rules.battle
        armies = self.armies
        where = (source, target)
        options = self._dice_options[b.attacker_dice(armies[source])]
        if len(options) == 1:  # no choice to make
            committed, rolled = options[0]
        else:
            committed, rolled = self.ask(Decision(D.DICE, decider, options, side, False, 0, where))
        defender = self.owner[target]
        most_defending = b.defender_dice(armies[target])
        if b.defender_chooses and most_defending > 1 and self.alive[defender]:
            decides = defender if defender != self.neutral else self.other_player()  # self.controller(defender)
            defending = self.ask(Decision(D.DEFEND, decides, self._defend_options[most_defending],
                                          defender, False, 0, where))
        else:
            defending = most_defending
        roll = self.dice.roll
        attack = roll(rolled)
        attack.sort(reverse=True)
        defence = roll(defending)
        defence.sort(reverse=True)
        attacker_losses = defender_losses = 0
        if b.ties_to_defender:
            for a, d in zip(attack, defence):
                if a > d:
                    defender_losses += 1
                else:
                    attacker_losses += 1
        else:
            for a, d in zip(attack, defence):
                if a >= d:
                    defender_losses += 1
                else:
                    attacker_losses += 1
        armies[source] -= attacker_losses
        armies[target] -= defender_losses
        if self.listeners:  # events follow their effects: the losses are already taken
            self._event("battle", side, **{
                "from": self.board.territories[source], "to": self.board.territories[target],
                "defender": self.names[defender], "attacker_armies": armies[source] + attacker_losses,
                "defender_armies": armies[target] + defender_losses, "committed": committed, "attacker_dice": attack,
                "defender_dice": defence, "attacker_losses": attacker_losses,
                "defender_losses": defender_losses})
        if armies[target] == 0:
            self.conquer(decider, side, source, target, committed if b.move_committed else rolled)

    def conquer(self, decider: int, side: int, source: int, target: int, least: int) -> None:
        armies = self.armies
        most = armies[source] - 1
        least = max(1, min(least, most))
        moved = least if least == most else self.ask(
            Decision(D.OCCUPY, decider, list(range(least, most + 1)), side, False, 0, (source, target)))
        self.move_in(side, source, target, moved, least)

    def move_in(self, side: int, source: int, target: int, moved: int, least: int) -> None:
        """The rest of a conquest, once `moved` armies are chosen (at least `least`): a bot that
        searches the choice plays it on a copy from here."""
        armies = self.armies
        victim = self.owner[target]
        armies[source] -= moved
        self.set_owner(target, side)
        armies[target] = moved
        if self.listeners:
            self._event("conquest", side, **{"from": self.board.territories[source],
                                             "to": self.board.territories[target], "moved": moved,
                                             "min_move": least})
        if side == self.active:
            self.conquered = True
        if self.rules.battle.trench:
            self.conquered_now.add(target)
        if self.capital_owner.get(target) == victim and self.rules.capitals is not None:
            self.capture_capital(side, victim, target)
        if self.territory_count[victim] == 0 and self.alive[victim]:
            self.eliminate(victim, side)
        self.changed()

    def eliminate(self, victim: int, by: int, cards_given: bool = False) -> None:
        self.alive[victim] = False
        taken = self.hands[victim]
        self.hands[victim] = []
        if by == self.neutral:
            self.deck.extend(taken)  # the neutral army holds no cards (checks.py refuses 'cards yes')
        else:
            self.hands[by].extend(taken)
        self._event("elimination", victim, by=self.names[by], cards_taken=len(taken))
        if self.rules.victory == "assassin":  # whoever eliminates him, his hunter wins (Conquer Club)
            hunter = self.targets.index(victim)
            if self.alive[hunter]:
                self.end(hunter, "assassin")
        self.changed()  # before a trade of the victim's cards: a game won is over at once
        c = self.rules.cards
        if c.trade_at_once and by != self.neutral and taken and len(self.hands[by]) >= c.after_elimination_cards:
            gained = self.trade_cards(by, down_to=c.down_to)
            self.place(by, by, gained)

    def capture_capital(self, captor: int, victim: int, territory: int) -> None:
        cap = self.rules.capitals
        taken = 0
        if cap.takes_cards:
            cards = self.hands[victim]
            self.hands[victim] = []
            taken = len(cards)
            if captor == self.neutral:
                self.deck.extend(cards)
            else:
                self.hands[captor].extend(cards)
        replaced = []
        if cap.replaces_continent:
            for t in self.members[self.continent_of[territory]]:
                if self.owner[t] == victim:
                    self.set_owner(t, captor)
                    self.armies[t] = 1
                    replaced.append(t)
        self._event("capital_captured", captor, victim=self.names[victim],
                    territory=self.board.territories[territory],
                    replaced=[self.board.territories[t] for t in replaced], cards_taken=taken)
        if cap.eliminates and self.alive[victim]:
            self.alive[victim] = False
            self._event("elimination", victim, by=self.names[captor], cards_taken=0)

    # ---- fortify -------------------------------------------------------------------------------------

    def fortify(self, seat: int, decider: int | None = None) -> None:
        """`seat` moves armies, as `decider` (the other player, for the neutral army) chooses."""
        decider = seat if decider is None else decider
        f = self.rules.fortify
        moves = f.moves if f.moves is not None else 10 * self.size  # "unlimited", bounded all the same
        sent: dict[int, int] = {}  # source → its one target, when sources may not split
        # moving armies changes no owner: the territories each can reach are found once
        reach = self._reach(seat) if f.connected else None
        while moves > 0:
            options = self.fortify_options(seat, sent, reach)
            if not options:
                return
            chosen = self.ask(Decision(D.FORTIFY, decider, options, seat, True))
            if chosen is None:
                return
            source, target, armies = chosen
            self.armies[source] -= armies
            self.armies[target] += armies
            if not f.split:
                sent[source] = target
            if self.listeners:
                by = {"by": self.names[decider]} if decider != seat else {}
                self._event("fortify", seat, **{"from": self.board.territories[source],
                                                "to": self.board.territories[target], "armies": armies}, **by)
            self.changed()
            moves -= 1

    def fortify_options(self, seat: int, sent: dict[int, int],
                        reach: list[list[int]] | None = None) -> list[tuple[int, int]]:
        """(from, to) pairs `seat` may move armies along now; `reach` is `_reach(seat)` when
        the rules let armies move through a chain of territories (made here if not given)."""
        owner, armies, adjacent = self.owner, self.armies, self.adjacent
        if reach is None and self.rules.fortify.connected:
            reach = self._reach(seat)
        if self.rules.fortify_partners and seat != self.neutral:  # also into a partner's neighbouring territory
            partners = self.friends[seat] - {seat}
            into = [(t, u) for t in self._all if owner[t] == seat and armies[t] >= 2
                    for u in adjacent[t] if owner[u] in partners and (t not in sent or sent[t] == u)]
            return self._own_fortify_options(seat, sent, reach) + into
        return self._own_fortify_options(seat, sent, reach)

    def _own_fortify_options(self, seat: int, sent: dict[int, int],
                             reach: list[list[int]] | None) -> list[tuple[int, int]]:
        owner, armies, adjacent = self.owner, self.armies, self.adjacent
        if reach is None and not sent:  # the common case, in one pass
            return [(t, u) for t in self._all if owner[t] == seat and armies[t] >= 2
                    for u in adjacent[t] if owner[u] == seat]
        options = []
        for t in range(self.size):
            if owner[t] != seat or armies[t] < 2:
                continue
            if reach is not None:
                targets = [u for u in reach[t] if u != t]
            else:
                targets = [u for u in adjacent[t] if owner[u] == seat]
            if t in sent:
                targets = [u for u in targets if u == sent[t]]
            options.extend((t, u) for u in targets)
        return options

    def _reach(self, seat: int) -> list[list[int]]:
        """For each territory of `seat`, the territories of its connected region, ascending
        (itself included): one search per region, not one per territory."""
        owner, adjacent = self.owner, self.adjacent
        reach: list[list[int]] = [[] for _ in range(self.size)]
        for start in range(self.size):
            if owner[start] != seat or reach[start]:
                continue
            region = [start]
            seen = {start}
            for t in region:  # grows while it is read: a breadth-first search
                for u in adjacent[t]:
                    if u not in seen and owner[u] == seat:
                        seen.add(u)
                        region.append(u)
            region.sort()
            for t in region:
                reach[t] = region
        return reach

    # ---- victory -----------------------------------------------------------------------------------------

    def changed(self) -> None:
        """Every change in play to what a victory condition reads comes here: a placement, a
        card's territory bonus, a conquest (with a capital it takes and a player it puts out),
        an elimination, a fortify move. Has anyone won, as the rules let him win now?"""
        rules = self.rules
        victory = rules.victory
        if self.friends is not None:  # a team wins when every other team is out
            standing = {self.team[s] for s in range(self.players) if self.alive[s]}
            if len(standing) == 1:
                active = self.active
                winner = active if active >= 0 and self.alive[active] else self.alive.index(True)
                self.end(winner, "team")
        if victory == "missions":
            timing = rules.mission_timing
            if timing == "immediately":  # anyone, at any moment
                for seat in self._from_active():
                    if self.mission_done(seat):
                        self.end(seat, "mission")
            elif timing == "during_own_turn":  # the player whose turn it is, at any moment of it
                active = self.active
                if active >= 0 and self.alive[active] and self.mission_done(active):
                    self.end(active, "mission")
            # start and end of one's own turn, a full round after declaring: see mission_moment
        elif victory == "domination":
            if self.size in self.territory_count:
                self.end(self.territory_count.index(self.size), "domination")
        elif victory == "opponents_eliminated":
            if self.alive[:self.players].count(True) == 1:
                self.end(self.alive.index(True), "opponent_eliminated")
            return
        elif victory == "capitals":
            for seat in self._from_active():
                if self.capitals_held(seat) >= self.value(rules.capitals.needed[self.players], seat):
                    self.end(seat, "capitals")
        if self.alive[:self.players].count(True) == 1:
            # the last player standing wins whatever the goal (missions of the dead are moot)
            last = self.alive.index(True)
            self.end(last, "domination" if self.territory_count[last] == self.size else "opponent_eliminated")

    def end_by_round_limit(self) -> None:
        """The rounds are up: the most territories, armies or continents' bonus wins; a tie
        between the best is a draw."""
        by = self.rules.round_limit_by
        seats = [s for s in range(self.players) if self.alive[s]]
        if by == "territories":
            score = {s: self.territory_count[s] for s in seats}
        elif by == "armies":
            score = {s: self.armies_of(s) for s in seats}
        else:
            bonus = self.rules.continent_bonus
            score = {s: sum(self.value(bonus[k], s) for k in self.held_continents(s)) for s in seats}
        best = max(score.values())
        leaders = [s for s in seats if score[s] == best]
        self.end(leaders[0] if len(leaders) == 1 else None, "round_limit")

    def mission_moment(self, moment: str) -> None:
        """At the start (TURN_START) or the end (TURN_END) of the active player's turn: does
        his fulfilled mission win now? A mission the player fulfilled in another's turn waits
        for this (during one's own turn); some timings count only here."""
        seat = self.active
        timing = self.rules.mission_timing
        if timing == "immediately":  # anyone's, held since the deal, say
            self.changed()
        elif timing == "full_round_after_declaring":
            if moment == TURN_START:
                declared, self.declared[seat] = self.declared[seat], False
                if declared and self.mission_done(seat):
                    self.end(seat, "mission")
            elif self.mission_done(seat):
                self.declared[seat] = True
                self._event("mission_declared", seat)
        elif moment in _MISSION_MOMENTS[timing] and self.mission_done(seat):
            self.end(seat, "mission")

    def _from_active(self) -> list[int]:
        start = self.active if self.active >= 0 else 0
        return [s for s in ((start + i) % self.players for i in range(self.players)) if self.alive[s]]

    def capitals_held(self, seat: int) -> int:
        own = self.capital[seat]
        if own is None or self.owner[own] != seat:
            return 0  # "En spelare kan inte vinna om han inte själv behärskar sin ursprungliga huvudstad"
        return sum(1 for t in self.capital_owner if self.owner[t] == seat)

    def mission_done(self, seat: int) -> bool:
        m = self.missions[seat]
        if m is None:
            return False
        if m.kind == "occupy":
            if self.territory_count[seat] < m.count:
                return False
            owner, armies = self.owner, self.armies
            least = self.value(m.armies, seat)
            return sum(1 for t in range(self.size) if owner[t] == seat and armies[t] >= least) >= \
                self.value(m.count, seat)
        if m.kind == "destroy":
            return not self.alive[self.colour_seat[m.colour]]
        if not all(self.holds(seat, k) for k in m.continents):
            return False
        return m.extra == 0 or any(self.holds(seat, k) for k in range(len(self.members)) if k not in m.continents)
