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

from .board import Board
from .expr import Expression, compile_expression
from .model import Config
from .tables import CountTable

DICE_LOOKUP = 64  # dice limits precomputed for army counts below this; above, the open entry holds


@dataclass(frozen=True)
class VariantInfo:
    id: str
    title: str | None
    default: bool


@dataclass(frozen=True)
class CardRules:
    fixed: dict[str, int] | None  # symbol id or "mixed" → armies; None when escalating
    escalating: tuple[int, ...]  # values of the 1st, 2nd, … trade
    step: int  # added per trade after the listed values (0: the last repeats)
    per_player: bool  # escalating counter counted per player rather than for all together
    bonus_armies: int  # for a traded card showing a territory the player holds
    bonus_per_card: bool  # for each such card, rather than once per trade
    must_trade: int
    after_elimination_cards: int
    trade_at_once: bool  # after taking a victim's cards: trade at once (else next reinforcement)
    down_to: int
    draw: int

    def escalating_value(self, number: int) -> int:
        """Armies for the `number`-th trade (1-based) on the escalating scale."""
        values = self.escalating
        if number <= len(values):
            return values[number - 1]
        return values[-1] + (number - len(values)) * self.step


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

    def attacker_dice(self, armies: int) -> int:
        """Most armies that may attack (and dice) from a territory holding `armies`."""
        return self.attacker_most[armies] if armies < DICE_LOOKUP else self.attacker_open

    def defender_dice(self, armies: int) -> int:
        return self.defender_most[armies] if armies < DICE_LOOKUP else self.defender_open


@dataclass(frozen=True)
class FortifyRules:
    moves: int | None  # None: unlimited
    connected: bool  # through a chain of one's own territories (else to a neighbour)
    split: bool  # one source may send to several targets


@dataclass(frozen=True)
class Mission:
    """A secret mission: occupy N territories (with M armies each), destroy a colour, or conquer continents."""

    kind: str  # "occupy" | "destroy" | "conquer"
    count: int = 0  # occupy: territories; destroy: the fallback's territories
    armies: int = 1  # occupy: armies on each
    colour: str | None = None
    continents: tuple[int, ...] = ()
    extra: int = 0  # conquer: further continents of the player's choice
    data: Any = None  # as in the rule file, for display and logs


@dataclass(frozen=True)
class CapitalRules:
    needed: CountTable
    takes_cards: bool
    replaces_continent: bool
    eliminates: bool


@dataclass(frozen=True)
class NeutralRules:
    armies: int
    dealt: bool  # a hand of its own in the deal (else the territories the draft leaves)
    territories: int
    start: int  # armies on each of its territories at the share-out
    placement: int  # armies each player places for it on each placing turn of the setup
    reinforcements: Expression | None
    attacks: bool  # the other player attacks the active player with it
    cards: bool


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
    continent_bonus: tuple[int, ...]  # by continent index
    deal: bool  # territories dealt (else drafted)
    highest_roll_starts: bool  # else the player left of the dealer
    placement: int
    phases: tuple[str, ...]
    territory_armies: Expression
    cards: CardRules
    battle: BattleRules
    fortify: FortifyRules
    victory: str
    mission_timing: str | None
    missions: tuple[Mission, ...]
    capitals: CapitalRules | None
    neutral: NeutralRules | None
    model: dict[str, Any]  # the merged rule model this was compiled from
    fingerprint: str


def fingerprint(model: dict[str, Any]) -> str:
    canonical = json.dumps(model, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def compile_rules(config: Config, board: Board, meta: dict[str, Any]) -> Rules:
    """Compile a configuration that has passed the schema and the semantic checks."""
    d = config.data
    bonus_map = d["continents"]
    cards = d["cards"]
    sets = cards["sets"]
    after = cards["after_elimination"]
    card_rules = CardRules(
        fixed=dict(sets["values"]) if sets["kind"] == "fixed" else None,
        escalating=tuple(sets["values"]) if sets["kind"] == "escalating" else (),
        step=sets.get("step", 0),
        per_player=cards["counter"] == "per_player",
        bonus_armies=cards["territory_bonus"]["armies"],
        bonus_per_card=cards["territory_bonus"]["per"] == "card",
        must_trade=cards["must_trade"],
        after_elimination_cards=after["cards"],
        trade_at_once=after["trade"] == "at_once",
        down_to=after.get("down_to", 0),
        draw=cards["draw"],
    )
    battle = d["battle"]
    attacker = CountTable.from_json(battle["attacker_dice"])
    defender = CountTable.from_json(battle["defender_dice"])
    battle_rules = BattleRules(
        attacker_most=attacker.upto(DICE_LOOKUP - 1),
        attacker_open=attacker.entries[-1][2],
        least_to_attack=attacker.lowest,
        up_to_committed=battle["attacker_rolls"] == "up_to_committed",
        defender_most=defender.upto(DICE_LOOKUP - 1),
        defender_open=defender.entries[-1][2],
        defender_chooses=battle["defender_chooses"],
        ties_to_defender=battle["ties"] == "defender",
        move_committed=battle["minimum_move"] == "committed",
    )
    moves = d["fortify"]["moves"]
    fortify = FortifyRules(None if moves == "unlimited" else moves, d["fortify"]["path"] == "connected",
                           d["fortify"]["split"])
    missions = d.get("missions", {})
    capitals = None
    if d["victory"] == "capitals":
        c = d["capitals"]
        capitals = CapitalRules(CountTable.from_json(c["needed"]), c["capture_takes_cards"],
                                c["capture_replaces"] == "one_each", c["capture_eliminates"])
    neutral = None
    if "neutral" in d:
        n = d["neutral"]
        share = n["territories"]
        reinforcements = None
        if n["reinforcements"] != "none":
            reinforcements = compile_expression(n["reinforcements"], "neutral",
                                                config.origin(("neutral", "reinforcements", "=")))
        neutral = NeutralRules(
            armies=n["armies"],
            dealt=share["share"] == "dealt",
            territories=board.size // 3 if share["share"] == "dealt" else share["count"],
            start=n["start"],
            placement=n["placement"],
            reinforcements=reinforcements,
            attacks=n["attacks"] == "active_player",
            cards=n["cards"],
        )
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
        starting_armies=CountTable.from_json(d["starting_armies"]),
        continent_bonus=tuple(bonus_map[c] for c in board.continents),
        deal=d["setup"]["territories"] == "deal",
        highest_roll_starts=d["setup"]["first_player"] == "highest_roll",
        placement=d["setup"]["placement"],
        phases=tuple(d["turn"]),
        territory_armies=compile_expression(d["reinforcements"]["territories"], "reinforcements",
                                            config.origin(("reinforcements", "territories", "="))),
        cards=card_rules,
        battle=battle_rules,
        fortify=fortify,
        victory=d["victory"],
        mission_timing=missions.get("timing") if d["victory"] == "missions" else None,
        missions=tuple(_mission(m, board) for m in missions.get("list", [])),
        capitals=capitals,
        neutral=neutral,
        model=meta["model"],
        fingerprint=meta["fingerprint"],
    )


def _mission(m: dict[str, Any], board: Board) -> Mission:
    if "destroy" in m:
        return Mission("destroy", count=m["else_occupy"], colour=m["destroy"], data=m)
    if "conquer" in m:
        idx = tuple(board.continent_index[c] for c in m["conquer"])
        return Mission("conquer", continents=idx, extra=m["extra"], data=m)
    return Mission("occupy", count=m["occupy"], armies=m["armies"], data=m)
