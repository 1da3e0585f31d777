"""Compiled rules: a checked configuration turned into frozen tables and small callables.

The engine reads only this: no parsing, no dictionary digging on the hot path. Dice
limits are tuples indexed by army count, continent bonuses a tuple indexed by continent,
expressions compiled closures.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from .acting import ActingNeutral, compile_acting
from .board import Board
from .card_kinds import CardKinds, compile_card_kinds
from .income_rules import IncomeRules, compile_income
from .marks import Modifiers, compile_modifiers
from .expr import Condition, Expression, compile_condition, compile_expression, is_static
from .model import Config
from .orders import OrderRules, compile_orders
from .start_rules import DEFAULT_NEUTRAL_START, StartRules, makes_neutrals, start_keys
from .quantities import TYPICAL  # what the sheet and the bots assume of a player when they guess
from .tables import CountTable
from .team_rules import TeamRules, compile_team_rules
from .visibility import Visibility, compile_visibility
from .units import UnitKinds, compile_units

DICE_LOOKUP = 64  # dice limits precomputed for army counts below this; above, the open entry holds

# A number of the rules: an int, or an expression counted for a player during the game. An
# expression that names only `players` is a number as soon as the player count is known.
Number = int | Expression


def typical(value: Number, **known: int) -> int:
    """A number's value, or an expression's for a typical player (for display and bots)."""
    return value if isinstance(value, int) else value({**TYPICAL, **known})


@dataclass(frozen=True)
class VariantInfo:
    id: str
    title: str | None
    default: bool


@dataclass(frozen=True)
class CardRules:
    kind: str  # fixed | escalating | flat | none (no cards at all)
    fixed: dict[str, Number] | None  # symbol id, "mixed" or "joker_pair" → armies; None unless fixed (flat: all one value)
    escalating: tuple[Number, ...]  # values of the 1st, 2nd, … trade
    step: Number  # added per trade after the listed values (0: the last repeats)
    per_player: bool  # escalating counter counted per player rather than for all together
    bonus_armies: Number  # for a traded card showing a territory the player holds
    bonus_per_card: bool  # for each such card, rather than once per trade
    must_trade: int
    after_elimination_cards: int
    trade_at_once: bool  # after taking a victim's cards: trade at once (else next reinforcement)
    down_to: int
    draw: int
    cap: Number | None = None  # no set is worth more
    escalation_round: Number | None = None  # the scale stands at its first value until after this round
    escalation_trades: Number | None = None  # … or until after this many trades (on the counter)
    plain: bool = True  # every value an int, no cap, no delayed escalation: the fast path
    recycle: bool = True  # traded and discarded cards go under the deck (else they leave the game)
    victim_cards: bool = True  # an eliminated player's cards go to his conqueror (else where traded cards go)
    hand_limit: int | None = None  # cards a hand keeps after the draw: more are discarded
    pieces: int = 0  # `draw` gives pieces, this many a card (0: whole cards)
    joker_pair: bool = False  # `joker with a pair`: a joker makes a set only with two alike cards, worth fixed["joker_pair"]
    nuclear: bool = False  # a traded set sends its territories to the neutral army with one army each (Conquer Club)
    kinds: CardKinds | None = None  # cards that do something (issue 44; language/card_kinds.py)

    def escalating_value(self, number: int) -> int:
        """Armies for the `number`-th trade (1-based) on the escalating scale (int values)."""
        values = self.escalating
        if number <= len(values):
            return values[number - 1]  # type: ignore[return-value]
        return values[-1] + (number - len(values)) * self.step  # type: ignore[operator]


@dataclass(frozen=True)
class BattleRules:
    attacker_most: tuple[int, ...]  # by armies in the attacking territory (index < DICE_LOOKUP)
    attacker_open: int  # for larger armies
    least_to_attack: int
    up_to_committed: bool  # may roll fewer dice than armies committed
    defender_most: tuple[int, ...]
    defender_open: int
    defender_chooses: bool
    ties_to_defender: bool
    move_committed: bool  # minimum move after conquest: armies committed (else dice rolled)
    trench: bool = False  # a territory conquered this turn may not attack again this turn
    kills: KillRates | None = None  # kill-rate combat (issue 43); None: dice
    guard: int = 1  # armies that stay in an attacking territory (0: kill rates only, an attack may empty it)
    # marks (issue 43): dice of other sides, modifiers (language/marks.py), a re-roll with a card
    sides: int = 6
    modifiers: Modifiers | None = None
    reroll: bool = False
    modified: bool = False  # any of these three: a battle asks `modifiers` and rolls `sides` (else today's path)

    def attacker_dice(self, armies: int) -> int:
        """Most armies that may attack (and dice) from a territory holding `armies`."""
        return self.attacker_most[armies] if armies < DICE_LOOKUP else self.attacker_open

    def defender_dice(self, armies: int) -> int:
        return self.defender_most[armies] if armies < DICE_LOOKUP else self.defender_open


@dataclass(frozen=True)
class KillRates:
    """Kill-rate combat (Warzone): every committed army fights at once; each attacking army kills
    one defender with `attacker` percent, each defending army one attacker with `defender` percent;
    the kills are `luck` percent the random draw and the rest the expected kills, then rounded
    (straight: to the nearest, .5 up; weighted: up with the chance of the fraction)."""

    attacker: int  # percent
    defender: int  # percent
    luck: int  # percent
    weighted: bool  # rounding weighted random (else straight)


@dataclass(frozen=True)
class FortifyRules:
    moves: int | None  # None: unlimited
    connected: bool  # through a chain of one's own territories (else to a neighbour)
    split: bool  # one source may send to several targets
    stay: int = 1  # armies that stay in a territory armies move out of (`battle { guard 0 }`: 0, it may be emptied)


@dataclass(frozen=True)
class Mission:
    """A secret mission: occupy N territories (with M armies each), destroy a colour, or conquer continents."""

    kind: str  # "occupy" | "destroy" | "conquer"
    count: Number = 0  # occupy: territories; destroy: the fallback's territories
    armies: Number = 1  # occupy: armies on each
    colour: str | None = None
    continents: tuple[int, ...] = ()
    extra: int = 0  # conquer: further continents of the player's choice
    data: Any = None  # as in the rule file, for display and logs


@dataclass(frozen=True)
class CapitalRules:
    needed: CountTable  # values: Number
    takes_cards: bool
    replaces_continent: bool
    eliminates: bool


@dataclass(frozen=True)
class NeutralRules:
    armies: int
    dealt: bool  # a hand of its own in the deal (else the territories the draft leaves)
    territories: int  # dealt: the hand's size; else what the draft leaves
    first: bool  # its territories dealt to it first (`territories N`), the rest to the players
    start: int  # armies on each of its territories at the share-out
    placement: int  # armies each player places for it on each placing turn of the setup
    reinforcements: Expression | None
    attacks: bool  # the other player attacks the active player with it
    cards: bool
    named: tuple[tuple[int, int], ...] = ()  # `territories named a 3, …`: these territories first, each with its armies


def compile_start(config: Config, board: Board) -> StartRules | None:
    d = config.data
    keys = start_keys(d)
    if not keys:
        return None
    setup, neutral = d["setup"], d.get("neutral", {})

    def setup_number(path: tuple) -> int:
        value = number(config, path, "setup")
        return value if isinstance(value, int) else typical(value)

    limit = setup_number(("setup", "limit")) if "limit" in setup else None
    waste = neutral.get("wastelands")
    scenario: list[tuple[int, int, int]] = []
    if "scenario" in d:
        for seat, held in d["scenario"]["seats"].items():
            scenario += [(board.index[t], int(seat) - 1, setup_number(("scenario", "seats", seat, t))) for t in held]
        scenario += [(board.index[t], -1, setup_number(("scenario", "neutral", t))) for t in d["scenario"]["neutral"]]
    start = setup_number(("neutral", "start")) if "start" in neutral else DEFAULT_NEUTRAL_START
    return StartRules(
        pickable=setup.get("pickable"),
        limit=limit,
        even=limit is not None or "pickable" in setup or bool(neutral.get("leftover_deal")),
        armies_each=setup_number(("setup", "armies_each")) if "armies_each" in setup else None,
        remove=setup_number(("setup", "remove")) if "remove" in setup else 0,
        wastelands=(setup_number(("neutral", "wastelands", "count")),
                    setup_number(("neutral", "wastelands", "armies"))) if waste else (0, 0),
        neutral_start=start,
        scenario=tuple(sorted(scenario)),
    )


@dataclass(frozen=True)
class Rules:
    id: str
    title: str
    language: str
    base: bool
    chain: tuple[str, ...]  # parents, nearest first
    variant: str | None
    variants: tuple[VariantInfo, ...]
    player_count: int | None
    board: Board
    min_players: int
    max_players: int
    colours: tuple[str, ...]
    pieces: tuple[int, ...]
    terms: dict[str, str]
    starting_armies: CountTable
    continent_bonus: tuple[Number, ...]  # by continent index
    continent_estimate: tuple[int, ...]  # the same, expressions counted for a typical player (bots)
    deal: bool  # territories dealt (else drafted)
    highest_roll_starts: bool  # else the player left of the dealer
    placement: int
    phases: tuple[str, ...]
    conditions: tuple[Condition | None, ...]  # by phase: the test that must hold for it to be played
    territory_armies: Expression
    cards: CardRules
    battle: BattleRules
    fortify: FortifyRules
    victory: str
    teams: int  # players in a team (0: every player for himself); with k teams, seats s, s + k, … are partners
    fortify_partners: bool  # armies may be moved into a partner's neighbouring territory
    round_limit: Number | None  # the game ends after this many rounds …
    round_limit_by: str | None  # … won by the most territories | armies | continent_bonus
    mission_timing: str | None
    missions: tuple[Mission, ...]
    capitals: CapitalRules | None
    neutral: NeutralRules | None
    model: dict[str, Any]  # the merged rule model this was compiled from
    fingerprint: str
    visibility: Visibility | None = None  # fog of war: what each seat sees; None: everything (no block)
    objective: tuple[int, ...] = ()  # `victory … or objective`: holding all of these wins (empty: no objective)
    points: Expression | None = None  # a player's points, for `by most points`
    round_limit_then: tuple[str, ...] = ()  # the tie-breaks after round_limit_by, in order
    destroy_own_kill: bool = False  # a destroy mission counts only its holder's own kill
    start: StartRules | None = None  # the start rules of issue 43; None: today's deal or draft alone
    income: IncomeRules | None = None  # local deployments, autodeploy, decay, caps (None: none declared)
    orders: OrderRules | None = None  # orders given together, moved armies staying (issue 45); None: neither
    units: UnitKinds | None = None  # special units (issue 45; language/units.py); None: armies alone
    acting: ActingNeutral | None = None  # issue 45 SIDES: the neutral army's own moves (None: it only holds)
    team_rules: TeamRules | None = None  # issue 45 SIDES: what partners share (None: only `teams`)
    # extra starting armies by seat (issue 46), a seat being a place in the order of play (the first
    # player's first); places past its end: none
    seat_armies: tuple[int, ...] = ()

    def starting_armies_of(self, players: int, seat: int, first: int) -> int:
        """The armies `seat` starts with when `first` plays first: the table's, and the extra of its
        place in the order of play (seat compensation)."""
        place = (seat - first) % players
        extra = self.seat_armies[place] if place < len(self.seat_armies) else 0
        return self.starting_armies[players] + extra


def fingerprint(model: dict[str, Any]) -> str:
    canonical = json.dumps(model, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


# The kind of expression (its allowed names) by the place it stands.
SETUP_NUMBERS = ("starting_armies", "neutral")


def number(config: Config, path: tuple, kind: str = "game") -> Number:
    """The number at `path`: an int, or its expression compiled (counted at once if it names
    only `players` and the player count is known)."""
    value = config.get(*path)
    if isinstance(value, int):
        return value
    expression = compile_expression(value, kind, config.origin(tuple(path) + ("=",)))
    if config.players is not None and is_static(expression):
        return expression({"players": config.players})
    return expression


def _count_table(config: Config, path: tuple, kind: str) -> CountTable:
    table = config.get(*path)
    return CountTable.from_json({key: number(config, tuple(path) + (key,), kind) for key in table})


def compile_rules(config: Config, board: Board, meta: dict[str, Any]) -> Rules:
    """Compile a configuration that has passed the schema and the semantic checks."""
    d = config.data
    bonus_map = d["continents"]
    cards = d["cards"]
    sets = cards["sets"]
    after = cards["after_elimination"]
    kind = sets["kind"]
    nuclear = kind == "nuclear"  # Conquer Club's nuclear spoils: any set, worth no armies (engine/cards)
    fixed = None
    if kind == "fixed":
        fixed = {k: number(config, ("cards", "sets", "values", k)) for k in sets["values"]}
    elif kind in ("flat", "nuclear"):
        flat = 0 if nuclear else number(config, ("cards", "sets", "value"))
        kind, fixed = "flat", {k: flat for k in (*board.symbols, "mixed")}
    escalating = tuple(number(config, ("cards", "sets", "values", i)) for i in range(len(sets["values"]))) \
        if kind == "escalating" else ()
    step = number(config, ("cards", "sets", "step")) if kind == "escalating" else 0
    cap = number(config, ("cards", "cap")) if "cap" in cards else None
    start = cards.get("escalation_after") if kind == "escalating" else None
    escalation_round = number(config, ("cards", "escalation_after", "round")) if start and "round" in start else None
    escalation_trades = number(config, ("cards", "escalation_after", "trades")) \
        if start and "trades" in start else None
    bonus = 0 if nuclear else number(config, ("cards", "territory_bonus", "armies"))
    values = [*(fixed or {}).values(), *escalating, step, bonus]
    card_rules = CardRules(
        kind=kind,
        fixed=fixed,
        escalating=escalating,
        step=step,
        per_player=cards["counter"] == "per_player",
        bonus_armies=bonus,
        bonus_per_card=cards["territory_bonus"]["per"] == "card",
        must_trade=cards["must_trade"],
        after_elimination_cards=after["cards"],
        trade_at_once=after["trade"] == "at_once",
        down_to=after.get("down_to", 0),
        draw=0 if kind == "none" else cards["draw"],
        cap=cap,
        escalation_round=escalation_round,
        escalation_trades=escalation_trades,
        plain=all(isinstance(v, int) for v in values) and cap is None and start is None,
        recycle=cards.get("recycle", True),
        victim_cards=cards.get("victim_cards", True),
        hand_limit=cards.get("hand_limit") if kind != "none" else None,
        pieces=cards.get("pieces", 0) if kind != "none" else 0,
        joker_pair=fixed is not None and "joker_pair" in fixed,
        nuclear=nuclear,
        kinds=compile_card_kinds(config),
    )
    battle = d["battle"]
    attacker = CountTable.from_json(battle["attacker_dice"])
    defender = CountTable.from_json(battle["defender_dice"])
    battle_rules = BattleRules(
        attacker_most=attacker.upto(DICE_LOOKUP - 1),
        attacker_open=attacker.entries[-1][2],
        least_to_attack=attacker.lowest if battle.get("guard", 1) else 1,
        up_to_committed=battle["attacker_rolls"] == "up_to_committed",
        defender_most=defender.upto(DICE_LOOKUP - 1),
        defender_open=defender.entries[-1][2],
        defender_chooses=battle["defender_chooses"],
        ties_to_defender=battle["ties"] == "defender",
        move_committed=battle["minimum_move"] == "committed",
        trench=battle.get("trench", False),
        kills=_kill_rates(battle),
        guard=battle.get("guard", 1),
        sides=battle.get("sides", 6),
        modifiers=compile_modifiers(battle.get("modifiers", []), board, config.origin),
        reroll=battle.get("reroll", False),
        modified=battle.get("sides", 6) != 6 or bool(battle.get("modifiers")) or battle.get("reroll", False),
    )
    moves = d["fortify"]["moves"]
    fortify = FortifyRules(None if moves == "unlimited" else moves, d["fortify"]["path"] == "connected",
                           d["fortify"]["split"], battle.get("guard", 1))  # guard 0: Warzone's guard off, transfers too
    missions = d.get("missions", {})
    capitals = None
    if d["victory"] == "capitals":
        c = d["capitals"]
        capitals = CapitalRules(_count_table(config, ("capitals", "needed"), "game"), c["capture_takes_cards"],
                                c["capture_replaces"] == "one_each", c["capture_eliminates"])
    neutral = None
    if makes_neutrals(d):
        n = neutral_defaults(d.get("neutral", {}))
        share = n.get("territories", {"share": "none"})
        reinforcements = None
        if n["reinforcements"] != "none":
            reinforcements = compile_expression(n["reinforcements"], "neutral",
                                                config.origin(("neutral", "reinforcements", "=")))
        start_each = number(config, ("neutral", "start"), "setup") if "start" in n else DEFAULT_NEUTRAL_START
        named: tuple[tuple[int, int], ...] = ()
        if share["share"] == "none":  # only what the start rules leave neutral (territory limit, wastelands …)
            held = 0
        elif share["share"] == "dealt":
            held = board.size // 3
        elif share["share"] == "named":
            named = tuple((board.index[t], number(config, ("neutral", "territories", "held", t), "setup"))
                          for t in share["held"])
            held = len(named)
        else:
            held = number(config, ("neutral", "territories", "count"), "setup")
        armies = number(config, ("neutral", "armies"), "setup") if "armies" in n else None
        if armies is None and named:
            armies = sum(a for _, a in named)
        neutral = NeutralRules(
            armies=armies if armies is not None else (
                start_each * held if isinstance(start_each, int) and isinstance(held, int) else 0),
            dealt=share["share"] not in ("leftover", "none"),
            territories=held,
            first=share["share"] in ("count", "named"),
            start=start_each,
            named=named,
            placement=n["placement"],
            reinforcements=reinforcements,
            attacks=n["attacks"] == "active_player",
            cards=n["cards"],
        )
    continent_bonus = tuple(number(config, ("continents", c)) for c in board.continents)
    conditions = d.get("conditions", {})
    limit = d.get("round_limit")
    return Rules(
        id=meta["id"],
        title=meta["title"],
        language=meta["language"],
        base=meta["base"],
        chain=tuple(meta["extends"]),
        variant=meta["variant"],
        variants=tuple(VariantInfo(v["id"], v["title"], v["default"]) for v in meta["variants"]),
        player_count=config.players,
        board=board,
        min_players=d["players"]["min"],
        max_players=d["players"]["max"],
        colours=tuple(d["colours"]),
        pieces=tuple(d["pieces"]),
        terms=dict(d["terms"]),
        starting_armies=_count_table(config, ("starting_armies",), "setup"),
        continent_bonus=continent_bonus,
        continent_estimate=tuple(typical(b) for b in continent_bonus),
        deal=d["setup"]["territories"] == "deal",
        highest_roll_starts=d["setup"]["first_player"] == "highest_roll",
        placement=d["setup"]["placement"],
        phases=tuple(d["turn"]),
        conditions=tuple(
            compile_condition(conditions[p], "game", config.origin(("conditions", p))) if p in conditions else None
            for p in d["turn"]),
        territory_armies=compile_expression(d["reinforcements"]["territories"], "reinforcements",
                                            config.origin(("reinforcements", "territories", "="))),
        cards=card_rules, battle=battle_rules, fortify=fortify,
        victory=d["victory"],
        teams=d["teams"]["count"] if "teams" in d else 0,
        fortify_partners="teams" in d and d["teams"]["fortify_partners"],
        round_limit=number(config, ("round_limit", "rounds")) if limit else None,
        round_limit_by=limit["by"] if limit else None,
        mission_timing=missions.get("timing") if d["victory"] == "missions" else None,
        missions=tuple(_mission(config, i, m, board) for i, m in enumerate(missions.get("list", []))),
        capitals=capitals,
        neutral=neutral,
        model=meta["model"],
        fingerprint=meta["fingerprint"],
        visibility=compile_visibility(d.get("visibility")),
        objective=tuple(board.index[t] for t in d.get("objective", ())) if d.get("objective_wins") else (),
        points=compile_expression(d["points"], "game", config.origin(("points", "="))) if "points" in d else None,
        round_limit_then=tuple(limit.get("then", ())) if limit else (),
        destroy_own_kill=missions.get("destroy_own_kill", False),
        start=compile_start(config, board),
        income=compile_income(config, board),
        orders=compile_orders(d),
        units=compile_units(d, board.index),  # special units (issue 45)
        acting=compile_acting(d, board), team_rules=compile_team_rules(d),
        seat_armies=tuple(d["setup"].get("seat_armies", ())),
    )


def _mission(config: Config, i: int, m: dict[str, Any], board: Board) -> Mission:
    path = ("missions", "list", i)
    if "destroy" in m:
        return Mission("destroy", count=number(config, path + ("else_occupy",)), colour=m["destroy"], data=m)
    if "conquer" in m:
        idx = tuple(board.continent_index[c] for c in m["conquer"])
        return Mission("conquer", continents=idx, extra=m["extra"], data=m)
    return Mission("occupy", count=number(config, path + ("occupy",)), armies=number(config, path + ("armies",)),
                   data=m)


def neutral_defaults(n: dict[str, Any]) -> dict[str, Any]:
    """A neutral army's rules with what a file may leave out: it holds its territories and
    does nothing else (no placement, reinforcements, attacks or cards)."""
    return {"placement": 0, "reinforcements": "none", "played_by": "other_player", "attacks": "never", "cards": False,
            **n}


def _kill_rates(battle: dict) -> KillRates | None:
    """The kill-rate model of a battle section, or None for dice (Warzone's defaults: 60%, 70%, luck 0%, straight)."""
    if battle.get("combat", "dice") != "kill_rates":
        return None
    rates = {"attacker": 60, "defender": 70, **battle.get("kill_rates", {})}  # (a rate alone: the other's default)
    return KillRates(rates["attacker"], rates["defender"], battle.get("luck", 0),
                     battle.get("rounding", "straight") == "weighted_random")
