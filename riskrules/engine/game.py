"""The generic turn interpreter: setup, then turns of the phases the rules list, to the end.

It knows how to run a turn of a RISK-like game, never which edition it runs: every
difference between editions arrives through the compiled `Rules`. State is kept in
integer arrays indexed by territory and by seat; the neutral army of a 2-player game is
one more seat that never has a turn. Every choice is a `Decision` put to an agent and
checked. Events are built only when someone listens, so a simulation without a log does
no work for it.

`Game` holds the state, asks the agents, keeps the ownership counts and ends the game; the
rest of it comes in parts, a module each: setup.py (the setup), turn.py (the turns, their
phases, reinforcements and placing), trading.py (cards traded and drawn), battle.py
(attacks, conquests, eliminations), fortify.py, victory.py (who has won), holdings.py (what
follows from who holds what) and copying.py (copies played on, for bots that search). Under
fog of war a `Fog` (fog.py) keeps what each seat sees, as the game's first listener.
"""

from __future__ import annotations

import random
import reprlib
from bisect import insort
from collections import deque
from dataclasses import dataclass, field, replace
from typing import Any
from collections.abc import Callable, Sequence

from ..language.quantities import counters
from ..language.marks import MOST_EXTRA
from ..language.rules import Mission, Rules
from .battle import Battle
from .copying import Copying
from .decisions import Decision
from .dice import Dice, LoadedDice
from .errors import GameError, GameOver
from .fortify import Fortify
from .holdings import Holdings
from .setup import Setup, draw_removed, without
from .fog import Fog
from .fog_view import FoggedSight
from .sight import Sight, told, untold
from .trading import Trading
from .cards.play import IDLE_NEUTRAL, start as start_kinds, with_neutral
from .units import start as start_units
from .turn import Turn, compile_phases, income_table
from .schedule.together import loop as together_loop
from .acting import ActingState
from .teams import hand_partners, share_hands
from .victory import Victory, armies_read, compile_mission_moments, compile_victory

__all__ = ["DEFAULT_MAX_TURNS", "Game", "GameError", "GameOver", "LOG_FORMAT", "NEUTRAL_NAME", "Result"]

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


def shown(answer: Any, width: int = 80) -> str:
    """An answer in an error line, at most `width` characters: a plug-in's answer may be a string
    of a million letters, a number too long for repr, or an object whose repr raises."""
    if isinstance(answer, int) and abs(answer) >= 10 ** 18:
        return f"a number of about {int(abs(answer).bit_length() * 0.30103) + 1:,} digits"  # str() may refuse it
    short = reprlib.Repr()
    short.maxstring = short.maxother = short.maxlong = width
    try:
        text = short.repr(answer)
    except Exception:  # noqa: BLE001 — a stranger's object
        return f"a {type(answer).__name__} that cannot be shown"
    return text if len(text) <= width else text[:width - 1] + "…"


def as_played(rules):
    """The rules a game plays: with an idle neutral army where they send territories to one and
    have none (abandon cards, nuclear sets; issue 45: where a commander's loss sends its owner's)."""
    if rules.cards.nuclear or rules.cards.kinds is not None:
        rules = with_neutral(rules)
    if rules.units is not None and rules.units.eliminates and rules.neutral is None:
        rules = replace(rules, neutral=IDLE_NEUTRAL)
    return rules


class Game(Setup, Turn, Trading, Battle, Fortify, Victory, Copying, Holdings):
    def __init__(self, rules: Rules, agents: Sequence[Any], seed: int, *,
                 dice: Dice | LoadedDice | None = None, max_turns: int = DEFAULT_MAX_TURNS,
                 listeners: Sequence[Callable[[dict], None]] = (), edition: str | None = None,
                 names: Sequence[str] | None = None, check_all: bool = False,
                 seat_listeners: dict[int, Callable[[dict], None]] | None = None):
        if not isinstance(seed, int) or seed < 0:  # Random(-1) is Random(1): a negative seed replays another game
            raise GameError(f"a seed is a whole number from 0 up, not {seed!r}")
        n = len(agents)
        if not rules.min_players <= n <= rules.max_players:
            raise GameError(f"{rules.id} is for {rules.min_players} to {rules.max_players} players, not {n}")
        if rules.player_count != n:  # the rules of a player count (the 2-player neutral army …) must be merged in
            raise GameError(f"these rules were merged for {rules.player_count or 'no particular number of'} "
                            f"players, not {n}: load them with players={n}")
        self.rules = rules = as_played(rules)
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
        size = rules.teams if rules.team_rules is not None and rules.team_rules.seated_together else 0
        self.team = [(s // size if size else s % k) if k else s for s in range(n)] + (
            [-1] if self.neutral is not None else [])  # (`seated together`, issue 45: teams of consecutive seats)
        self.friends: list[frozenset[int]] | None = [
            frozenset(t for t in range(n) if self.team[t] == self.team[s]) for s in range(n)] if k else None
        # the board
        size = board.size
        self.size = size
        self.adjacent = board.adjacent  # where a territory may attack and move
        self.incoming = board.incoming  # who may attack it (adjacent itself but for one-way borders)
        self.continent_of = board.continent_of
        self.members = board.members
        self._all = range(size)
        # territories out of play (`remove N territories at random`): the game's board loses their borders
        self.removed: tuple[int, ...] = ()
        if rules.start is not None and rules.start.remove:
            self.removed = draw_removed(self.rng, board, rules.start)
            self.board = board = without(board, self.removed)
            self.adjacent, self.incoming, self.members = board.adjacent, board.incoming, board.members
        self.in_play = size - len(self.removed)  # what domination must hold
        self.owner = [-1] * size
        self.armies = [0] * size
        self.owner_changes = 0  # counts set_owner calls: option lists kept across decisions check it
        self._owned: dict[int, list[int]] = {}  # seat → its territories, once asked for (set_owner keeps them)
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
        self.pieces = [0] * seats  # pieces of a card held (`pieces N per card`)
        self.killer: list[int | None] = [None] * seats  # who eliminated each seat (a destroy mission's own kill)
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
        self._cap = rules.income.territory_cap if rules.income is not None else None  # armies at most N per territory
        # option lists that depend only on a count, made once (agents must not change them)
        b = rules.battle
        extra = MOST_EXTRA if b.modifiers is not None else 0  # dice a modifier may add (language/marks.py)
        top = max(max(b.attacker_most), b.attacker_open) + extra
        self._dice_options = [
            [(c, d) for c in range(1, m + 1) for d in (range(1, c + 1) if b.up_to_committed else (c,))]
            for m in range(top + 1)
        ]
        self._defend_options = [list(range(1, m + 1))
                                for m in range(max(max(b.defender_most), b.defender_open) + extra + 1)]
        # the armies from which the dice each side may roll stay the same (see battle.py)
        self._steady = (_steady(b.attacker_most, b.attacker_open), max(1, _steady(b.defender_most, b.defender_open)))
        self._fight, self._press, self._futile = self.combat_model()  # dice or kill rates (battle.py)
        # the turn's phases and the victory checks, compiled once from the rules (copies share them)
        self._phases = compile_phases(rules)
        self._victory = compile_victory(rules, self.friends is not None)
        self._armies_read = armies_read(rules)  # (else a placement or a fortify move wins nothing)
        # the territories' income by their count, where the rules' expression reads nothing else (Turn.territory_income)
        self._income_table = income_table(rules.territory_armies, board.size)
        self._at_turn_start, self._at_turn_end = compile_mission_moments(rules.mission_timing)
        # each agent sees the game through its seat's view, and gets its own random source; under
        # fog the views are the seats' own, kept by the Fog, which hears every event first
        visibility = rules.visibility
        self.fog = Fog(self, visibility) if visibility is not None and visibility.foggy else None
        if self.fog is None:
            self.sights = tuple(Sight(self, seat) for seat in range(len(self.agents)))
        else:
            self.sights = tuple(FoggedSight(self, seat, self.fog) for seat in range(len(self.agents)))
            self.fog.views = self.sights
            self.listeners.insert(0, self.fog)
        # listeners that hear the game as one seat is told it (a person at the terminal, a seat's log)
        for seat, hear in (seat_listeners or {}).items():
            self.listeners.append(self.teller(seat, hear))
        for seat, agent in enumerate(self.agents):
            if getattr(agent, "hears", False):
                self.listeners.append(self.teller(seat, agent.hear))
        # cards that do something (engine/cards/play.py): looked for once, here
        self.kind_hands = self.kind_pieces = self.kind_effects = self.kind_played = self.kind_deck = None
        if rules.cards.kinds is not None:
            start_kinds(self)
        # ---- issue 45 orders: rounds of orders given together (engine/schedule/), chosen once
        orders = rules.orders
        self._rounds = together_loop if orders is not None and orders.together else None
        self.order_cards = [0] * (2 * n)  # order priority (2·seat), order delay (2·seat + 1) cards played this round
        self.cycle_start: list[int] = []  # the move order `cycle`'s seat order, drawn at its first round
        self.holding: list[dict] | None = None  # a seat's events held back while it gives its deployments
        # ---- issue 45 units: special units (engine/units.py), territory → its units; None without any
        self.units: dict[int, list[list[int]]] | None = None
        if rules.units is not None:
            start_units(self)
        # ---- issue 45 SIDES: neutrals that act (engine/acting.py), teams that share (engine/teams.py)
        self.acting = ActingState(frozenset(rules.acting.takes_back)) \
            if rules.acting is not None and self.neutral is not None else None
        shares = rules.team_rules if self.friends is not None else None
        self.team_place = shares is not None and shares.deploy_partners  # reinforcements on a partner's territory
        self.team_hand = shares is not None and shares.shared_hand  # one hand of cards per team
        if self.team_hand:
            share_hands(self)
        for seat, agent in enumerate(self.agents):
            agent.start(self.sights[seat], seat, random.Random(self.rng.getrandbits(64)))
        self.trusted = self.trust()

    # ---- events -------------------------------------------------------------------------

    def _event(self, kind: str, player: int | None, **fields) -> None:
        event = {"type": kind, "turn": self.turn}
        if player is not None:
            event["player"] = self.names[player]
        event.update(fields)
        for listen in self.listeners:
            listen(event)

    def teller(self, seat: int, hear: Callable[[dict], None]) -> Callable[[dict], None]:
        """A listener that passes on to `hear` what `seat` is told of each event: under fog what
        the Fog tells it (the event or nothing, then what changed in its view), otherwise the
        event without the others' secrets (sight.told)."""
        fog, name = self.fog, (self.names[seat],)
        hand = hand_partners(self, seat)  # partners who share one hand of cards see each other's (issue 45)
        if fog is None:  # (the seed left out of the header: it would tell the others' cards to come)
            if self.rules.cards.kinds is not None:  # (another's hidden play: nothing: sight.untold)
                def tell_kinds(event: dict) -> None:
                    shown = told(event, name, hand) if event["type"] != "game_start" else \
                        {k: v for k, v in event.items() if k != "seed"}
                    if not untold(shown):
                        hear(shown)
                return tell_kinds
            return lambda event: hear(told(event, name, hand) if event["type"] != "game_start"
                                      else {k: v for k, v in event.items() if k != "seed"})

        def tell(event: dict) -> None:
            for part in fog.told(event, seat):
                hear(part)
        return tell

    # ---- asking -----------------------------------------------------------------------

    def trust(self) -> tuple:
        """By seat, its agent if its answers are taken unchecked (a proven agent: Agent.proven;
        none under check_all), else None. The engine puts the commonest questions to such an
        agent at once (Agent.quick_attack …), without a Decision."""
        return tuple(agent if getattr(agent, "proven", False) and not self.check_all and hasattr(agent, "quick_dice")
                     else None for agent in self.agents)

    def ask(self, decision: Decision) -> Any:
        player = decision.player
        decision.view = self.sights[player]
        agent = self.agents[player]
        answer = agent.decide(decision)
        if self.trusted[player] is agent:
            return answer
        reason = decision.check(answer)
        if reason is not None:
            raise GameError(f"{self.names[decision.player]} ({agent.kind}) answered {shown(answer)} to "
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
        owned = self._owned
        if owned:  # (the lists made so far follow the change: new lists, since one may have been handed out)
            if old in owned:
                mine = owned[old][:]
                mine.remove(territory)
                owned[old] = mine
            if seat in owned:
                mine = owned[seat][:]
                insort(mine, territory)
                owned[seat] = mine

    def owned(self, seat: int) -> list[int]:
        """`territories_of(seat)` as a list shared until one of its owners changes: read-only."""
        kept = self._owned.get(seat)
        if kept is None:
            kept = self._owned[seat] = self.territories_of(seat)
        return kept

    # ---- playing ----------------------------------------------------------------------------

    def play(self) -> Result:
        """Set up and play to the end; the Result says who won and why. A game with a plug-in
        bot that has a time limit is played under its watch (agents/guest.py)."""
        for agent in self.agents:
            if getattr(agent, "watches", False):
                return agent.watch(self)
        return self._play()

    def _play(self) -> Result:
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

    # ---- numbers of the rules -----------------------------------------------------------------

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


def _steady(most: tuple[int, ...], open_: int) -> int:
    """The least armies from which the dice of the table `most` (then `open_`) no longer change."""
    m = len(most)
    while m and most[m - 1] == open_:
        m -= 1
    return m
