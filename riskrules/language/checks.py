"""Semantic checks of one merged configuration: what the grammar and the schema cannot see.

Each check names the rule in the author's words and points at the statement that set
it (through `Config.origin`), so an inherited fault is reported where it was written.
"""

from __future__ import annotations

from collections.abc import Iterable

from .battle_checks import battle_problems
from .board import Board
from .checks_cards import card_kind_paths, card_problems
from .orders_checks import orders_problems
from .checks_deck import goal_problems, hand_problems, set_problems
from .errors import Problem, RuleError, unknown
from .expr import check_range, compile_condition, compile_expression, is_static, name_ranges
from .income_checks import income_problems
from .units import unit_problems
from .model import Config
from .quantities import LARGEST
from .rules import neutral_defaults
from .start_rules import makes_neutrals
from .start_checks import check_start, neutral_left_to_start, start_number_paths
from .schemas import number_range
from .sides_checks import sides_problems
from .tables import CountTable, parse_key

# Where an expression must give more than its schema allows a literal (whose own check, with its own
# message, refuses a literal 0 there)
_AT_LEAST = {("round_limit", "rounds"): 1}
MAX_SETUP_ROUNDS = 500  # rounds of placing the starting armies (docs/rule-language.md)


# Each check and the top-level parts of the model it reads: when the schema already refused one
# of them, the check is skipped and the others still run (so one `risk check` says it all).
_CHECKS: tuple[tuple[str, frozenset[str]], ...] = (
    ("players", frozenset({"players", "starting_armies", "colours", "capitals", "victory", "missions", "neutral",
                           "setup"})),
    ("continents", frozenset({"continents"})),
    ("cards", frozenset({"cards"})),
    ("battle", frozenset({"battle"})),
    ("expressions", frozenset({"reinforcements", "neutral", "starting_armies", "continents", "cards", "capitals",
                               "missions", "round_limit", "conditions", "victory", "players", "points"})),
    ("missions", frozenset({"victory", "missions", "colours"})),
    ("neutral", frozenset({"neutral", "turn", "setup"})),
    ("round_limit", frozenset({"round_limit"})),
    ("teams", frozenset({"teams", "players"})),
    ("assassin", frozenset({"victory"})),
    ("goal", frozenset({"objective", "objective_wins", "points", "round_limit"})),
    ("hand", frozenset({"cards"})),
    ("start", frozenset({"setup", "neutral", "scenario", "players"})),
    ("income", frozenset({"reinforcements", "continents", "cards"})),
    ("card_kinds", frozenset({"cards", "visibility"})),
    ("orders", frozenset({"orders", "cards", "turn"})),  # orders given together (issue 45)
    ("units", frozenset({"units", "battle", "neutral", "scenario"})),  # special units (issue 45)
    ("sides", frozenset({"neutral", "teams", "battle", "cards"})),
)


def check_config(config: Config, board: Board, counts: Iterable[int],
                 refused: frozenset[str] = frozenset()) -> list[Problem]:
    """Every problem of `config`, played by each number of players in `counts`; the checks that
    read a part the schema `refused` are left out."""
    c = _Checker(config, board)
    for name, reads in _CHECKS:
        if reads.isdisjoint(refused):
            if name in ("players", "neutral", "teams", "assassin", "start"):
                getattr(c, name)(list(counts))
            else:
                getattr(c, name)()
    return c.problems


class _Checker:
    def __init__(self, config: Config, board: Board):
        self.config, self.board = config, board
        self.data = config.data
        self.problems: list[Problem] = []

    def static(self, path: tuple, players: int | None = None) -> int | None:
        """The number at `path` if it is one (an int, or an expression of `players` only, for
        `players`); None if it depends on the game, or is wrong (reported elsewhere)."""
        value = self.config.get(*path)
        if isinstance(value, int):
            return value
        if not isinstance(value, str):
            return None
        try:
            expression = compile_expression(value, "neutral")
        except RuleError:
            return None
        if players is None or not is_static(expression):
            return None
        return expression({"players": players})

    def add(self, message: str, *path, warning: bool = False) -> None:
        pos = self.config.origin(tuple(path))
        chain = self.config.chain_to(pos.file) if pos else ()
        self.problems.append(Problem(message, pos, chain, warning))

    def _nearer(self, path: tuple, other: tuple) -> bool:
        """`path` is said in a rulebook nearer the one checked than `other` (a house rule's change)."""
        files = [f.label for f in self.config.chain]
        depth = [files.index(p.file) if p and p.file in files else -1 for p in map(self.config.origin, (path, other))]
        return depth[0] > depth[1]

    def warn(self, message: str, *path) -> None:
        """Worth saying, but the rules can still be played."""
        self.add(message, *path, warning=True)

    # ---- players, armies, colours, capitals -------------------------------------------

    def players(self, counts: list[int]) -> None:
        d = self.data
        low, high = d["players"]["min"], d["players"]["max"]
        if low > high:
            self.add(f"players {low} to {high}: the fewest is more than the most", "players", "min")
            return
        starting = CountTable.from_json(d["starting_armies"])
        self.table_overlaps(starting, "starting_armies")
        colours = len(d["colours"])
        needed_capitals = CountTable.from_json(d["capitals"]["needed"]) if d["victory"] == "capitals" else None
        if needed_capitals:
            self.table_overlaps(needed_capitals, "capitals", "needed")
        no_armies, no_colours, no_capitals, too_many_capitals, no_room = [], [], [], [], []
        neutral = makes_neutrals(d)
        for n in counts:
            if starting.get(n) is None:
                no_armies.append(n)
            if n + (1 if neutral else 0) > self.board.size:  # every army starts on a territory
                no_room.append(n)
            if colours < n + (1 if neutral and n == 2 else 0):  # 3+: the neutral army shows no colour
                no_colours.append(n)
            if needed_capitals:
                need = needed_capitals.get(n)
                if need is None:
                    no_capitals.append(n)
                else:
                    key = next(k for k in d["capitals"]["needed"] if CountTable.from_json({k: 0}).get(n) is not None)
                    need = self.static(("capitals", "needed", key), n)
                    if need is not None and need > n:
                        too_many_capitals.append((n, need))
        if d["victory"] == "missions":
            for n in counts:
                if not self.enough_missions(n):
                    break
        self.setup_rounds(counts)
        if no_armies:
            self.add(f"{_counts(no_armies)} allowed, but starting armies has no entry for "
                     f"{_them(no_armies)}", "players")
        if no_room:
            self.add(f"{_counts(no_room)} allowed, but the board has only {self.board.size} "
                     f"territor{'y' if self.board.size == 1 else 'ies'}: every player"
                     f"{' and the neutral army' if neutral else ''} needs one", "players")
        if no_colours:
            seats = no_colours[-1] + (1 if neutral else 0)
            self.add(f"{seats} armies need {seats} colours; only {colours} are listed", "colours")
        if no_capitals:
            self.add(f"{_counts(no_capitals)} allowed, but capitals needed has no entry for "
                     f"{_them(no_capitals)}", "capitals", "needed")
        for n, need in too_many_capitals:
            self.add(f"with {n} players nobody can hold {need} capitals", "capitals", "needed")

    def setup_rounds(self, counts: list[int]) -> None:
        """The setup must end: starting armies placed N per turn in at most MAX_SETUP_ROUNDS rounds."""
        d = self.data
        placement = d["setup"]["placement"]
        starting = CountTable.from_json(d["starting_armies"])
        for n in counts:
            armies = starting.get(n) or 0
            if not isinstance(armies, int):  # an expression of players: counted for n
                key = next(k for k in d["starting_armies"] if CountTable.from_json({k: 0}).get(n) is not None)
                armies = self.static(("starting_armies", key), n) or 0
            rounds = -(-armies // placement)
            if rounds > MAX_SETUP_ROUNDS:
                key = next((k for k in d["starting_armies"] if (parse_key(k)[0] <= n and
                            (parse_key(k)[1] is None or n <= parse_key(k)[1]))), None)
                where = ("starting_armies", key) if key is not None else ("setup", "placement")
                self.add(f"{armies:,} starting armies placed {placement} per turn take {rounds:,} rounds to place; "
                         f"at most {MAX_SETUP_ROUNDS} are allowed (place more per turn)", *where)
                return
        neutral = d.get("neutral")
        if neutral and neutral.get("placement") and isinstance(neutral.get("armies"), int):
            rounds = -(-neutral["armies"] // neutral["placement"])
            if rounds > MAX_SETUP_ROUNDS:
                self.add(f"{neutral['armies']:,} neutral armies placed {neutral['placement']} per turn take "
                         f"{rounds:,} rounds to place; at most {MAX_SETUP_ROUNDS} are allowed", "neutral", "placement")

    def table_overlaps(self, table: CountTable, *path: str) -> None:
        for first, second in table.overlaps():
            self.add(f"'{second}' overlaps '{first}'", *path, second)

    # ---- board ---------------------------------------------------------------------------

    def continents(self) -> None:
        known = self.board.continents
        bonuses = self.data["continents"]
        for name, bonus in bonuses.items():
            if name not in known:
                self.add(unknown("continent", name, known), "continents", name)
        missing = [c for c in known if c not in bonuses]
        if missing:
            where = ("continents", next(iter(bonuses))) if bonuses else ("board",)
            self.add(f"no bonus for continent{'s' if len(missing) > 1 else ''} {', '.join(missing)}", *where)

    # ---- cards ---------------------------------------------------------------------------

    def cards(self) -> None:
        set_problems(self)  # checks_deck.py

    # ---- battle ----------------------------------------------------------------------------

    def battle(self) -> None:
        battle_problems(self)  # battle_checks.py

    # ---- expressions ------------------------------------------------------------------------

    def expressions(self) -> None:
        self.expression(("reinforcements", "territories"), "reinforcements")
        if "income_cap" in self.data["reinforcements"]:
            self.expression(("reinforcements", "income_cap"), "income")
        neutral = self.data.get("neutral")
        if neutral and neutral.get("reinforcements", "none") != "none":
            self.expression(("neutral", "reinforcements"), "neutral")
        for path, kind in self.number_paths():
            if isinstance(self.config.get(*path), str):
                self.expression(path, kind)
        for phase in self.data.get("conditions", {}):
            self.expression(("conditions", phase), "game", condition=True)
        if "points" in self.data:
            self.expression(("points",), "game")

    def number_paths(self):
        """Where a number (or an expression) stands in this configuration, and its kind."""
        d = self.data
        for key in d["starting_armies"]:
            yield ("starting_armies", key), "setup"
        for name in d["continents"]:
            yield ("continents", name), "game"
        cards = d["cards"]
        sets = cards["sets"]
        if sets["kind"] == "fixed":
            for k in sets["values"]:
                yield ("cards", "sets", "values", k), "game"
        elif sets["kind"] == "escalating":
            for i in range(len(sets["values"])):
                yield ("cards", "sets", "values", i), "game"
            yield ("cards", "sets", "step"), "game"
        elif sets["kind"] == "flat":
            yield ("cards", "sets", "value"), "game"
        yield ("cards", "territory_bonus", "armies"), "game"
        for path in card_kind_paths(d):
            yield path, "game"
        if "cap" in cards:
            yield ("cards", "cap"), "game"
        for key in cards.get("escalation_after", {}):
            yield ("cards", "escalation_after", key), "game"
        if d["victory"] == "capitals":
            for key in d["capitals"]["needed"]:
                yield ("capitals", "needed", key), "game"
        # the missions are compiled whatever the victory (a variant may choose them): checked so too
        for i, m in enumerate(d.get("missions", {}).get("list", [])):
            for key in ("occupy", "armies", "else_occupy"):
                if key in m:
                    yield ("missions", "list", i, key), "game"
        neutral = d.get("neutral")
        if neutral:
            for key in ("armies", "start"):
                if key in neutral:
                    yield ("neutral", key), "setup"
            if "count" in neutral.get("territories", {}):
                yield ("neutral", "territories", "count"), "setup"
            for t in neutral.get("territories", {}).get("held", {}):
                yield ("neutral", "territories", "held", t, ), "setup"
        yield from start_number_paths(d)
        if d.get("round_limit"):
            yield ("round_limit", "rounds"), "game"

    def _named_neutral(self, held: dict, counts, deal: str) -> None:
        """`territories named a 3, …`: territories of the board, dealt, leaving one for each player, at least one army."""
        if deal != "deal":
            self.add("a neutral army holding named territories needs 'territories deal'", "neutral", "territories")
        for t in held:
            if t not in self.board.index:
                self.add(unknown("territory", t, self.board.territories), "neutral", "territories", "held", t)
            else:
                armies = self.static(("neutral", "territories", "held", t), (counts or [None])[0])
                if armies is not None and armies < 1:
                    self.add(f"the neutral army's {t} needs at least 1 army", "neutral", "territories", "held", t,
                             "=")
        most = self.board.size - max(counts or [2])
        if len(held) > most:
            self.add(f"the neutral army cannot hold {len(held)} of {self.board.size} territories: "
                     f"{max(counts or [2])} players need one each", "neutral", "territories")

    def expression(self, path: tuple, kind: str, condition: bool = False) -> None:
        text = self.config.get(*path)
        pos = self.config.origin(path + ("=",))
        chain = self.config.chain_to(pos.file) if pos else ()
        try:
            (compile_condition if condition else compile_expression)(text, kind, pos)
        except RuleError as err:
            self.problems.extend(p.in_chain(chain) for p in err.problems)
            return
        # a number from 0 to LARGEST (the guide's bounds of every expression), and at least what its
        # place needs (1 territory for a mission, 1 round before the limit); a condition is a test,
        # 0 or 1, but what it computes must not divide by 0 either
        bounds = None if condition else number_range("rulebook.schema.json", path)
        floor = _AT_LEAST.get(path, max(0, bounds[0]) if bounds else 0)
        ceiling = LARGEST
        if path == ("reinforcements", "income_cap"):  # a cap below 0 gives no income; above it, the whole
            floor, ceiling = -LARGEST * LARGEST, LARGEST * LARGEST
        board = self.board
        ranges = name_ranges(board.size, len(board.continents), board.deck_size, self.data["players"]["max"])
        _, problems = check_range(text, ranges, pos, ceiling, floor)
        self.problems.extend(p.in_chain(chain) for p in problems)

    def income(self) -> None:
        income_problems(self)  # income_checks.py

    def card_kinds(self) -> None:
        card_problems(self)  # checks_cards.py

    def orders(self) -> None:
        orders_problems(self)  # orders_checks.py
    def units(self) -> None:
        unit_problems(self)  # units.py (issue 45)

    # ---- missions -------------------------------------------------------------------------

    def missions(self) -> None:
        """Every mission must be playable on this board, whatever the victory: the rules compile
        the missions of every configuration (and a variant may choose them)."""
        missions = self.data.get("missions", {}).get("list", [])
        colours = self.data["colours"]
        continents = self.board.continents
        size = self.board.size
        for i, m in enumerate(missions):
            if "destroy" in m:
                if m["destroy"] not in colours:
                    self.add(unknown("colour", m["destroy"], colours), "missions", "list", i, "destroy")
                count = m["else_occupy"]
            elif "conquer" in m:
                for k, name in enumerate(m["conquer"]):
                    if name not in continents:
                        self.add("mission names " + unknown("continent", name, continents),
                                 "missions", "list", i, "conquer", k)
                if len(set(m["conquer"])) + m["extra"] > len(continents):
                    many = len(continents)
                    self.add(f"the board has only {many} continent{'' if many == 1 else 's'}", "missions", "list", i)
                count = 0
            else:
                count = m["occupy"]
            if isinstance(count, int) and count > size:
                self.add(f"the board has only {size} territories", "missions", "list", i)

    def enough_missions(self, players: int) -> bool:
        missions = self.data["missions"]["list"]
        in_play = set(self.data["colours"][:players])
        usable = [m for m in missions if "destroy" not in m or m["destroy"] in in_play]
        if len(usable) < players:
            self.add(f"{players} players need {players} mission cards; only {len(usable)} "
                     f"{'is' if len(usable) == 1 else 'are'} usable", "missions", "list")
            return False
        return True

    # ---- the neutral army ------------------------------------------------------------------------

    def assassin(self, counts: list[int]) -> None:
        if self.data["victory"] == "assassin" and 2 in counts:
            self.add("victory assassin needs 3 or more players: with 2, the target is the only opponent; "
                     "say it outside 'for 2 players { … }'", "victory")

    def start(self, counts: list[int]) -> None:
        check_start(self, counts)

    def teams(self, counts: list[int]) -> None:
        teams = self.data.get("teams")
        if not teams:
            return
        k = teams["count"]
        if any(n % k or n < 2 * k for n in counts):
            self.add(f"teams {k} ({k} players in each team) needs {2 * k}, {3 * k}, … players: "
                     f"say it inside 'for {2 * k} players {{ … }}'", "teams", "count")

    def goal(self) -> None:
        goal_problems(self)

    def sides(self) -> None:
        sides_problems(self)

    def hand(self) -> None:
        hand_problems(self)

    def round_limit(self) -> None:
        limit = self.data.get("round_limit")
        if limit and isinstance(limit["rounds"], int) and limit["rounds"] < 1:
            self.add(f"a game cannot end after {limit['rounds']} rounds: the limit must be 1 or more",
                     "round_limit", "rounds", "=")

    def neutral(self, counts: list[int]) -> None:
        d = self.data
        turn = d["turn"]
        neutral = d.get("neutral")
        if neutral is None:
            for phase in ("neutral_reinforce", "neutral_attack", "neutral_fortify"):
                if phase in turn:
                    self.add(f"the turn has '{phase.replace('_', ' ')}' but there is no neutral army", "turn")
            return
        if not counts:  # the general rules: checked with each player count they are played by
            return
        neutral = neutral_defaults(neutral)
        many = [n for n in counts if n > 2]
        if many:  # nobody plays it: it only holds its territories
            nobody = f"with {many[0]} players nobody plays the neutral army"
            acting = [p for p in ("neutral_reinforce", "neutral_attack", "neutral_fortify") if p in turn]
            if neutral["attacks"] != "never":
                self.add(f"{nobody}: it cannot attack; say so inside 'for 2 players {{ … }}'", "neutral", "attacks")
            elif neutral["reinforcements"] != "none":
                self.add(f"{nobody}: it gets no reinforcements; give them inside 'for 2 players {{ … }}'",
                         "neutral", "reinforcements")
            elif acting:
                self.add(f"{nobody}: the turn cannot have '{acting[0].replace('_', ' ')}'; give it those phases "
                         f"inside 'for 2 players {{ … }}'", "turn")
            if neutral["attacks"] != "never" or neutral["reinforcements"] != "none" or acting:
                return
        if ("neutral_reinforce" in turn) != (neutral["reinforcements"] != "none"):
            if "neutral_reinforce" in turn:
                self.add("the turn has 'neutral reinforce' but neutral reinforcements are none", "turn")
            else:
                self.add("the neutral army has reinforcements but the turn has no 'neutral reinforce'",
                         "neutral", "reinforcements")
        if ("neutral_attack" in turn) != (neutral["attacks"] == "active_player"):
            if "neutral_attack" in turn:
                self.add("the turn has 'neutral attack' but the neutral army never attacks", "turn")
            else:
                self.add("the neutral army attacks but the turn has no 'neutral attack'", "neutral", "attacks")
        if neutral["cards"]:  # the language can say it (so every edition states its "never"); no game can play it
            self.add("the neutral army cannot get cards: it has no turn of its own in which to trade them",
                     "neutral", "cards")
        share = neutral.get("territories")
        if neutral_left_to_start(self, share):  # (start_checks.py)
            return
        deal = d["setup"]["territories"]
        if share["share"] == "leftover" and deal != "draft":
            self.add("a neutral army that takes the leftover territories needs 'territories draft'",
                     "neutral", "territories")
        drafted = deal == "draft" and self._nearer(("setup", "territories"), ("neutral", "territories"))
        if share["share"] == "dealt" and drafted:  # the draft is the change: point at it, with the fix
            self.add("'territories draft' leaves the neutral army no hand to be dealt: give it the territories "
                     "the draft leaves with 'neutral { territories leftover N }'", "setup", "territories")
        elif share["share"] == "dealt" and deal != "deal":
            self.add("a neutral army dealt a hand needs 'territories deal'", "neutral", "territories")
        if share["share"] == "count" and deal != "deal":
            self.add("a neutral army dealt its territories needs 'territories deal'", "neutral", "territories")
        if share["share"] == "named":
            self._named_neutral(share["held"], counts, deal)
            return
        held = self.board.size // 3 if share["share"] == "dealt" else self.static(("neutral", "territories", "count"),
                                                                                 (counts or [None])[0])
        start = self.static(("neutral", "start"), (counts or [None])[0])
        if held is None or start is None:
            return
        if share["share"] == "count":
            most = self.board.size - max(counts or [2])
            if not 0 < held <= most:
                self.add(f"the neutral army cannot be dealt {held} of {self.board.size} territories: "
                         f"{max(counts or [2])} players need one each", "neutral", "territories", "count", "=")
            return
        if share["share"] == "leftover" and held > self.board.size - 2:
            self.add(f"the neutral army cannot take {held} of {self.board.size} territories",
                     "neutral", "territories")
            return
        on_board = start * held
        armies = self.static(("neutral", "armies"), (counts or [None])[0]) if "armies" in neutral else on_board
        if armies is None:
            return
        if armies < on_board:
            self.add(f"{armies} neutral armies cannot put {start} on each of its "
                     f"{held} territories", "neutral", "armies")
        elif armies > on_board and neutral["placement"] == 0:
            self.add(f"{armies - on_board} neutral armies are never placed: {start} on each "
                     f"of {held} territories makes {on_board}; add 'placement N per turn'", "neutral", "armies")


def _counts(ns: list[int]) -> str:
    """[7] → '7 players are'; [7, 8] → '7 and 8 players are'."""
    listed = str(ns[0]) if len(ns) == 1 else ", ".join(map(str, ns[:-1])) + f" and {ns[-1]}"
    return f"{listed} players are"


def _them(ns: list[int]) -> str:
    return str(ns[0]) if len(ns) == 1 else "them"
