"""The rule sheet: merged rules as rows a person reads, and the diff of two sheets.

A sheet is a list of sections, each a list of rows (key, label, value). Keys are stable
(`battle.defender_dice`), so two sheets compare row by row; rules that hold only with a
certain number of players form their own section ("With 2 players").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Sequence

from .i18n import Text
from .sheet_income import income_rows
from ..language.loader import Rulebook
from .narrate import mission_text
from .sheet_goal import card_rows, deck_rows, destroy_row, goal_rows
from .sheet_sides import sides_rows
from .sheet_cards import kind_rows, nuclear_text
from .sheet_seats import seat_rows
from .sheet_start import start_rows
from .sheet_units import unit_rows
from .sheet_combat import fortify_guard_row, kill_rate_rows
from .sheet_marks import board_marks_rows, marks_rows
from ..language.quantities import TYPICAL
from ..language.rules import Rules
from ..language.visibility import SEE_ALL, SEE_NOTHING, SEE_OWNER
from .sheet_orders import orders_rows
from ..language.tables import CountTable, key_text

@dataclass
class Row:
    key: str
    label: str
    value: str


@dataclass
class Section:
    key: str
    title: str
    rows: list[Row] = field(default_factory=list)


@dataclass
class Sheet:
    id: str
    title: str
    header: list[str]
    sections: list[Section]

    def rows(self) -> dict[str, tuple[str, str, str]]:
        """key → (section title, label, value), over all sections."""
        return {f"{s.key}/{r.key}": (s.title, r.label, r.value) for s in self.sections for r in s.rows}


def build_sheet(book: Rulebook, variants: Sequence[str] | None, t: Text, players: int | None = None) -> Sheet:
    """The sheet of the general rules, with the rules that change with a number of players (a
    `for N players` block) in a section for each; or, given `players`, the rules for exactly that many."""
    rules = book.rules(variants, players)
    general = _rows(rules, t)
    sections = _group(general, t)
    if players is None:
        base = {r.key: r.value for r in general}
        for counts in book.player_count_groups(variants):
            special = book.rules(variants, counts[0])
            shown = Text(t.lang, special.terms, special.board)
            changed = [r for r in _rows(special, shown) if base.get(r.key) != r.value]
            if changed:
                sections.append(Section(f"players={_counts_key(counts)}", _counts_title(counts, t), changed))
    header = [rules.id + (" — " + t._("variant {variant}").format(variant=rules.variant) if rules.variant else "")]
    if rules.chain:
        header.append(t._("extends {parents}").format(parents=" → ".join(rules.chain)))
    if rules.variants:
        names = [v.id + (" *" if v.default else "") for v in rules.variants]
        header.append(t._("variants: {names}  (* default)").format(names=", ".join(names)))
    return Sheet(rules.id, rules.title, header, sections)


def _counts_key(counts: list[int]) -> str:
    """[2] → '2'; [5, 6] → '5-6'; [2, 4] → '2,4'."""
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return ",".join(map(str, counts))


def _counts_title(counts: list[int], t: Text) -> str:
    if len(counts) == 1:
        return t.n_("With {n} player", "With {n} players", counts[0]).format(n=counts[0])
    if counts == list(range(counts[0], counts[-1] + 1)):
        return t._("With {low} to {high} players").format(low=counts[0], high=counts[-1])
    return t._("With {counts} players").format(counts=", ".join(map(str, counts)))


# ---- rows ------------------------------------------------------------------------------------

def _sections(t: Text) -> list[tuple[str, str]]:
    return [
        ("game", t._("Game")),
        ("setup", t._("Setup")),
        ("reinforcements", t._("Reinforcements")),
        ("cards", t._("Cards")),
        ("battle", t._("Battle")),
        ("fortify", t._("Fortify")),
        ("victory", t._("Victory")),
        ("neutral", t._("Neutral army")),
        # Translators: a section of the rule sheet: what each player sees of the board (a house rule)
        ("visibility", t._("Fog of war")),
        # Translators: a section of the rule sheet: pieces other than armies (commanders, bosses; issue 45)
        ("units", t._("Special units")),
    ]


def _group(rows: list[Row], t: Text) -> list[Section]:
    sections = []
    for key, title in _sections(t):
        mine = [r for r in rows if r.key.split(".")[0] == key]
        if mine:
            sections.append(Section(key, title, mine))
    return sections


def _table(table: dict[str, int]) -> str:
    return ", ".join(f"{key_text(low, high)}: {value}" for low, high, value in CountTable.from_json(table).entries)


def _v(number) -> str:
    """A number of the rules as the author wrote it: 4, or 'asia 7 - (players - 3)'s expression."""
    return str(number) if isinstance(number, int) else number.text


def _plural(number) -> int:
    """The count that chooses a plural form (an expression reads as 'many')."""
    return number if isinstance(number, int) else 2


def _example(expr, env_key: str, samples: Sequence[int], fixed: dict[str, int]) -> str:
    return ", ".join(f"{n} → {expr({**fixed, env_key: n})}" for n in samples)


def phase_name(phase: str, t: Text) -> str:
    if phase == "attack":
        return t.term("attack")
    return {
        # Translators: a phase of a turn
        "reinforce": t.p_("phase", "reinforce"),
        "fortify": t.p_("phase", "fortify"),
        "neutral_reinforce": t.p_("phase", "neutral reinforcements"),
        "neutral_attack": t.p_("phase", "neutral attack"),
        "neutral_fortify": t.p_("phase", "neutral fortify"),
    }[phase]


def _rows(rules: Rules, t: Text) -> list[Row]:
    m = rules.model
    rows: list[Row] = []
    liberation = t.voice("attack") == "liberation"

    def add(key: str, label: str, value: str) -> None:
        rows.append(Row(key, label, value))

    # game
    add("game.players", t._("Players"), t._("{low} to {high}").format(low=rules.min_players, high=rules.max_players))
    board = rules.board
    add("game.board", t._("Board"), "{board}: {territories}, {continents}".format(
        board=board.title,  # (an imported map's own name)
        territories=t.n_("{n} territory", "{n} territories", board.size).format(n=board.size),
        continents=t.n_("{n} continent", "{n} continents", len(board.continents)).format(n=len(board.continents))))
    board_marks_rows(board, add, t)  # marks (issue 43): text/sheet_marks.py
    add("game.pieces", t._("Army pieces"), ", ".join(t.num(p) for p in rules.pieces))
    # Translators: a row label of the rule sheet: the edition's own words (its dealer, a battle, the neutral army)
    add("game.voice", t._("Voice"), f"{t.term('dealer')}, {t.term('attack')}, {t.term('neutral')}")
    # Translators: a row label of the rule sheet: the phases of one player's turn, in order
    add("game.turn", t._("Turn"), " → ".join(phase_name(p, t) for p in rules.phases))
    if rules.teams:
        text = t._("teams of {n}, partners seated alternately; partners never attack each other; "
                   "a team wins when every other team is out").format(n=rules.teams)
        if rules.team_rules is not None and rules.team_rules.seated_together:  # (issue 45)
            text = t._("teams of {n}, partners seated together; partners never attack each other; "
                       "a team wins when every other team is out").format(n=rules.teams)
        if rules.fortify_partners:
            text += t._("; armies may be moved into a partner's neighbouring territory")
        # Translators: a row label of the rule sheet: team play (doubles, triples)
        add("game.teams", t._("Teams"), text)
    tests = [(p, c) for p, c in zip(rules.phases, rules.conditions) if c is not None]
    if tests:
        # Translators: a row label of the rule sheet: phases played only when a test holds (attack when round > 1)
        add("game.conditions", t._("Phase conditions"), "; ".join(
            t._("{phase} only when {test}").format(phase=phase_name(p, t), test=c.text) for p, c in tests))

    # setup
    add("setup.starting_armies", t._("Starting armies by players"),
        ", ".join(f"{key_text(lo, hi)}: {_v(v)}" for lo, hi, v in rules.starting_armies.entries))
    add("setup.territories", t._("Territories"), t._("dealt from the deck, jokers out") if rules.deal
        else t._("drafted one at a time"))
    if rules.highest_roll_starts:
        first = t._("the highest roll of a die")
    elif t.voice("dealer") == "president":
        # Translators: RISIKO DE LUXE's dealer is the President (Präsident)
        first = t.p_("president", "the player left of the President")
    else:
        first = t._("the player left of the General")
    add("setup.first_player", t._("First player"), first)
    add("setup.placement", t._("Placement"), t.n_("{n} army per placing turn", "{n} armies per placing turn",
                                                   rules.placement).format(n=rules.placement))
    start_rows(rules, add, t)

    # reinforcements
    expr = rules.territory_armies
    add("reinforcements.territories", t._("For territories"),
        f"{expr.text}  ({_example(expr, 'territories', (4, 11, 17), TYPICAL)})")
    add("reinforcements.continents", t._("For continents"), ", ".join(
        f"{t.continent(c)} {_v(b)}" for c, b in zip(board.continents, rules.continent_bonus)))
    income_rows(rules, t, add)  # sheet_income.py: what the reinforcements section says beyond these
    seat_rows(rules, add, t)  # sheet_seats.py: seat compensation (issue 46)

    # cards
    c = rules.cards
    if c.kind == "none":
        # Translators: the value of the rule sheet's "Sets" row when a house rule plays without cards
        add("cards.sets", t._("Sets"), t._("none: no cards are drawn or traded"))
    elif c.nuclear:  # Conquer Club's nuclear spoils (issue 44)
        add("cards.sets", t._("Sets"), nuclear_text(t))
    elif c.kind == "flat":
        add("cards.sets", t._("Sets"), t._("any set: {n}").format(n=_v(c.fixed["mixed"])))
    elif c.fixed is not None:
        sets = [f"3 × {t.symbol(s)}: {_v(c.fixed[s])}" for s in board.symbols if s in c.fixed]
        sets.append(t._("one of each: {n}").format(n=_v(c.fixed["mixed"])))
        if c.joker_pair:  # Domination's Italian cards (issue 43)
            # Translators: a set on the rule sheet's "Sets" row: a joker with two cards of one symbol
            sets.append(t._("a joker with two alike cards: {n}").format(n=_v(c.fixed["joker_pair"])))
        # Translators: a row label of the rule sheet: sets of three RISK cards traded for armies
        add("cards.sets", t._("Sets"), t._("fixed values: {sets}").format(sets=", ".join(sets)))
    else:
        values = ", ".join(_v(v) for v in c.escalating)
        if c.step:
            text = t._("escalating: {values}, then +{step} each").format(values=values, step=_v(c.step))
        else:
            text = t._("escalating: {values}, then the last again").format(values=values)
        add("cards.sets", t._("Sets"), text)
        add("cards.counter", t._("Trades counted"), t._("per player") if c.per_player
            else t._("for all players together"))
        if c.escalation_round is not None:
            add("cards.escalation_after", t._("Escalation"), t._(
                "each set is worth the first value until after round {n}").format(n=_v(c.escalation_round)))
        elif c.escalation_trades is not None:
            add("cards.escalation_after", t._("Escalation"), t._(
                "each set is worth the first value until after {n} trades").format(n=_v(c.escalation_trades)))
    if c.cap is not None:
        # Translators: a row label of the rule sheet: the most armies one set of cards can be worth
        add("cards.cap", t._("Most a set is worth"), _v(c.cap))
    if c.kind != "none":
        card_rows(c, add, t, rules.income is not None and rules.income.card_bonus_anywhere)
    kind_rows(c.kinds, add, t)  # cards that do something (issue 44): sheet_cards.py

    _battle_rows(rules, m, add, t, liberation)

    # fortify
    f = rules.fortify
    moves = t._("any number of moves") if f.moves is None else t.n_("{n} move", "{n} moves", f.moves).format(
        n=f.moves)
    path = t._("through one's own connected territories") if f.connected else t._("to a neighbouring territory")
    split = t._("a territory may send armies to several") if f.split else t._("a territory sends to one only")
    add("fortify.moves", t._("Fortify"), f"{moves}, {path}; {split}")
    fortify_guard_row(f, add, t)  # sheet_combat.py: under `guard 0`

    _victory_rows(rules, add, t)
    _neutral_rows(rules, add, t)
    _visibility_rows(rules, add, t)
    orders_rows(rules, add, t)  # orders given together (issue 45): sheet_orders.py
    unit_rows(rules, add, t)  # special units (issue 45): sheet_units.py
    sides_rows(rules, add, t)  # neutrals that act, teams that share (issue 45): sheet_sides.py
    return rows


def _battle_rows(rules: Rules, m: dict, add, t: Text, liberation: bool) -> None:
    b = m["battle"]
    battle = rules.battle
    if battle.kills is not None:  # kill-rate combat: no dice rows (issue 43)
        kill_rate_rows(battle, add, t)
        return
    attacker_table = _table(b["attacker_dice"])
    defender_table = _table(b["defender_dice"])
    if liberation:
        # Translators: the liberation voice of RISIKO DE LUXE: the liberator (Befreier) attacks
        add("battle.attacker_dice", t.p_("liberation", "Liberator"),
            t.p_("liberation", "most armies (and dice) by armies in the territory: {table}").format(table=attacker_table))
        add("battle.attacker_rolls", t.p_("liberation", "Liberator's dice"),
            t.p_("liberation", "up to one die per army committed") if battle.up_to_committed
            else t.p_("liberation", "one die per army committed"))
        # Translators: the liberation voice: the occupier (Besatzer) defends
        add("battle.defender_dice", t.p_("liberation", "Occupier"),
            (t.p_("liberation", "dice by armies defending: {table}; the occupier chooses") if battle.defender_chooses
             else t.p_("liberation", "dice by armies defending: {table}; always the most")).format(table=defender_table))
        add("battle.ties", t._("Ties"), t.p_("liberation", "the occupier wins") if battle.ties_to_defender
            else t.p_("liberation", "the liberator wins"))
    else:
        add("battle.attacker_dice", t._("Attacker"),
            t._("most armies (and dice) by armies in the territory: {table}").format(table=attacker_table))
        add("battle.attacker_rolls", t._("Attacker's dice"), t._("up to one die per army committed")
            if battle.up_to_committed else t._("one die per army committed"))
        add("battle.defender_dice", t._("Defender"),
            (t._("dice by armies defending: {table}; the defender chooses") if battle.defender_chooses
             else t._("dice by armies defending: {table}; always the most")).format(table=defender_table))
        add("battle.ties", t._("Ties"), t._("the defender wins") if battle.ties_to_defender
            else t._("the attacker wins"))
    add("battle.minimum_move", t._("After a conquest"), t._("move in at least the armies committed")
        if battle.move_committed else t._("move in at least as many armies as dice rolled"))
    if battle.trench:
        # Translators: a row label of the rule sheet: the house rule "trench warfare" (Conquer Club's name)
        add("battle.trench", t._("Trench warfare"),
            t._("a territory conquered this turn may not attack again this turn"))
    marks_rows(b, add, t)  # marks (issue 43): text/sheet_marks.py


def _victory_rows(rules: Rules, add, t: Text) -> None:
    goals = {
        "domination": t._("world domination: hold every territory"), "missions": t._("secret missions"),
        "capitals": t._("capitals: hold enough capitals, one's own included"),
        "opponents_eliminated": t._("eliminate the opponent; the neutral army does not count") if rules.min_players <= 2
        else t._("eliminate every other player; the neutral army does not count"),
        "assassin": t._("assassin: each player has a secret target; whoever's target is out, by anyone's hand, "
                        "wins"),
    }
    add("victory.goal", t._("Goal"), goals[rules.victory])
    goal_rows(rules, add, t)
    if rules.victory == "missions":
        timings = {
            "immediately": t._("as soon as it is fulfilled, in anyone's turn"),
            "during_own_turn": t._("only during its holder's own turn"),
            "start_of_own_turn": t._("only at the start of its holder's turn"),
            "end_of_own_turn": t._("at the end of its holder's turn"),
            "full_round_after_declaring": t._("a full round after it is declared, if still fulfilled"),
        }
        add("victory.timing", t._("A mission wins"), timings[rules.mission_timing])
        add("victory.missions", t._("Missions"), "; ".join(mission_text(mi.data, t) for mi in rules.missions))
        destroy_row(rules, add, t)
    if rules.capitals:
        cap = rules.capitals
        needed = ", ".join(f"{key_text(lo, hi)}: {_v(v)}" for lo, hi, v in cap.needed.entries)
        add("victory.capitals", t._("Capitals needed"), t._("{table} (one's own included)").format(table=needed))
        effects = []
        if cap.takes_cards:
            effects.append(t._("the victim hands over his cards"))
        if cap.replaces_continent:
            effects.append(t._("his armies on that continent become one army each of the captor's"))
        if cap.eliminates:
            effects.append(t._("the victim is out of the game"))
        add("victory.capture", t._("A captured capital"), "; ".join(effects) or t._("nothing more"))


def _neutral_rows(rules: Rules, add, t: Text) -> None:
    n = rules.neutral
    start = rules.start
    decided = n is not None and start is not None and (start.decides_neutrals or not (n.territories or n.dealt))
    if n is not None and n.named and not decided:
        held = ", ".join(f"{t.territory(rules.board.territories[x])} {_v(a)}" for x, a in n.named)
        add("neutral.armies", t._("Neutral army"), t.n_(
            "{armies} army; it holds {held} before the rest are dealt",
            "{armies} armies; it holds {held} before the rest are dealt", _plural(n.armies)).format(
            armies=_v(n.armies), held=held))
    elif n is not None:
        if n.first:
            share = t.n_("dealt {n} territory before the players", "dealt {n} territories before the players",
                         _plural(n.territories))
        elif n.dealt:
            share = t.n_("dealt a hand of {n} territory", "dealt a hand of {n} territories", n.territories)
        else:
            share = t.n_("the {n} territory the draft leaves", "the {n} territories the draft leaves", n.territories)
        if not (decided or n.territories or n.dealt):  # it starts with nothing (one that infects)
            add("neutral.armies", t._("Neutral army"), t._("no territories at the start"))
        elif decided:  # (the start rules of issue 43 say which territories start neutral)
            add("neutral.armies", t._("Neutral army"), t._("the territories the start leaves neutral, {n} on each")
                .format(n=start.neutral_start if start.decides_neutrals else n.start))
        else:
            add("neutral.armies", t._("Neutral army"), t.n_(
                "{armies} army, {share}, {start} on each", "{armies} armies, {share}, {start} on each",
                _plural(n.armies)).format(armies=_v(n.armies), share=share.format(n=_v(n.territories)),
                                          start=_v(n.start)))
        if n.placement and not decided:
            add("neutral.placement", t._("Neutral setup"), t.n_(
                "each player also places {n} neutral army per placing turn",
                "each player also places {n} neutral armies per placing turn", n.placement).format(n=n.placement))
        if n.reinforcements is None:
            # Translators: the neutral army gets no reinforcements (a value in the rule sheet)
            add("neutral.reinforcements", t._("Neutral reinforcements"), t._("none"))
        else:
            e = n.reinforcements
            add("neutral.reinforcements", t._("Neutral reinforcements"),
                f"{e.text}  ({_example(e, 'total', (9, 17), {**TYPICAL, 'territories': 14})})")
        if rules.player_count == 2 or (rules.player_count is None and rules.min_players <= 2):  # (2 players only)
            add("neutral.played_by", t._("Played by"), t._("the other player"))
        add("neutral.attacks", t._("Neutral attacks"), t._("on the active player, played by the other player, "
                                                         "after the neutral reinforcements")
            if n.attacks else t._("never"))
        # Translators: whether the neutral army gets cards: yes, or none
        add("neutral.cards", t._("Neutral cards"), t._("yes") if n.cards else t._("none"))
        add("neutral.fortify", t._("Neutral fortify"), t._("moved by the other player, in the neutral fortify phase")
            if "neutral_fortify" in rules.phases else t._("never"))


def _visibility_rows(rules: Rules, add, t: Text) -> None:
    v = rules.visibility
    if v is None:
        return
    # Translators: what a player sees of a territory under fog of war (values of the rule sheet)
    levels = {SEE_ALL: t._("owner and armies"), SEE_OWNER: t._("owner only"), SEE_NOTHING: t._("nothing")}
    # Translators: {level} is what is seen there: "owner and armies", "owner only" or "nothing"
    sight = [t._("adjacent: {level}").format(level=levels[v.adjacent])]
    if v.within > 1:
        sight.append(t.n_("up to {n} border away: {level}", "up to {n} borders away: {level}", v.within).format(
            n=v.within, level=levels[v.near]))
    sight.append(t._("the rest: {level}").format(level=levels[v.rest]))
    # Translators: a row label of the rule sheet: what each player sees of the territories not his own
    add("visibility.sight", t._("Sight"), "; ".join(sight))
    hidden = []
    if v.hide_reinforcements:
        hidden.append(t._("the reinforcements the others receive"))
    if v.hide_cards:
        hidden.append(t._("how many cards the others hold, draw and trade"))
    if "card_plays" in (rules.model.get("visibility") or {}).get("hide", ()):
        hidden.append(t._("which cards the others play"))
    # Translators: a row label of the rule sheet: what else of the other players is hidden under fog of war
    add("visibility.hide", t._("Also hidden"), "; ".join(hidden) or t._("nothing more"))
    shown = [t._("partners share their sight") if v.partners else t._("partners do not share their sight"),
             t._("a battle shows both territories to both sides") if v.battles_reveal
             else t._("a battle shows nothing more"),
             t._("everything is shown when the game ends") if v.lifted else t._("the fog stays when the game ends")]
    # Translators: a row label of the rule sheet: when the fog of war shows more
    add("visibility.shown", t._("Shown"), "; ".join(shown))


# ---- rendering ---------------------------------------------------------------------------------

def render_sheet(sheet: Sheet, t: Text, width: int = 100) -> str:
    out = [sheet.title, *[f"  {h}" for h in sheet.header], ""]
    label_width = min(32, max((len(r.label) for s in sheet.sections for r in s.rows), default=10) + 2)
    for section in sheet.sections:
        out.append(section.title.upper())
        for row in section.rows:
            out.extend(_wrap(row.label, row.value, label_width, width))
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def wrap(text: str, room: int) -> list[str]:
    """Lines of at most `room` characters, broken after ', ' or '; ' where possible."""
    import re
    import textwrap

    lines: list[str] = []
    line = ""
    for chunk in re.split(r"(?<=[,;]) ", text):
        candidate = f"{line} {chunk}" if line else chunk
        if len(candidate) <= room:
            line = candidate
            continue
        if line:
            lines.append(line)
        if len(chunk) <= room:
            line = chunk
        else:
            *full, line = textwrap.wrap(chunk, room)
            lines.extend(full)
    lines.append(line)
    return lines


def _wrap(label: str, value: str, label_width: int, width: int) -> list[str]:
    """A row: the label in its column (on several lines if long), the value beside it."""
    values = wrap(value, max(30, width - label_width - 2))
    labels = wrap(label, label_width - 2) if len(label) > label_width - 2 else [label]
    lines = []
    for i in range(max(len(values), len(labels))):
        name = labels[i] if i < len(labels) else ""
        text = values[i] if i < len(values) else ""
        lines.append(f"  {name:<{label_width}}{text}".rstrip())
    return lines


# ---- as tables for a terminal (rich): they fit its width --------------------------------------

def sheet_table(sheet: Sheet):
    """The sheet as rich renderables, one table per section, fitting the console's width."""
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text as Styled

    parts = [Styled(sheet.title, style="bold"), *[Styled("  " + h, style="dim") for h in sheet.header]]
    for section in sheet.sections:
        table = Table(title=section.title, title_justify="left", title_style="bold", box=box.SIMPLE, show_header=False,
                      expand=True, padding=(0, 1))
        table.add_column(ratio=1, style="cyan", overflow="fold")
        table.add_column(ratio=3, overflow="fold")
        for row in section.rows:
            table.add_row(row.label, row.value)
        parts.append(table)
    return Group(*parts)

