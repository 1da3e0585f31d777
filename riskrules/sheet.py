"""The rule sheet: merged rules as rows a person reads, and the diff of two sheets.

A sheet is a list of sections, each a list of rows (key, label, value). Keys are stable
(`battle.defender_dice`), so two sheets compare row by row; rules that hold only with a
certain number of players form their own section ("With 2 players").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Sequence

from .i18n import Text
from .loader import Rulebook
from .rules import Rules
from .tables import CountTable, key_text

TWO_PLAYERS = 2


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


def build_sheet(book: Rulebook, variants: Sequence[str] | None, t: Text) -> Sheet:
    rules = book.rules(variants)
    general = _rows(rules, t)
    sections = _group(general, t)
    if rules.min_players <= TWO_PLAYERS <= rules.max_players:
        two = book.rules(variants, TWO_PLAYERS)
        base = {r.key: r.value for r in general}
        changed = [r for r in _rows(two, t) if base.get(r.key) != r.value]
        if changed:
            sections.append(Section("players=2", t._("With 2 players"), changed))
    header = [f"{rules.id}" + (f" — {t._('variant')} {rules.variant}" if rules.variant else "")]
    if rules.chain:
        header.append(t._("extends {parents}").format(parents=" → ".join(rules.chain)))
    if rules.variants:
        names = [v.id + (" *" if v.default else "") for v in rules.variants]
        header.append(t._("variants: {names}  (* default)").format(names=", ".join(names)))
    return Sheet(rules.id, rules.title, header, sections)


# ---- rows ------------------------------------------------------------------------------------

_SECTIONS = [
    ("game", "Game"),
    ("setup", "Setup"),
    ("reinforcements", "Reinforcements"),
    ("cards", "Cards"),
    ("battle", "Battle"),
    ("fortify", "Fortify"),
    ("victory", "Victory"),
    ("neutral", "Neutral army"),
]


def _group(rows: list[Row], t: Text) -> list[Section]:
    sections = []
    for key, title in _SECTIONS:
        mine = [r for r in rows if r.key.split(".")[0] == key]
        if mine:
            sections.append(Section(key, t._(title), mine))
    return sections


def _table(table: dict[str, int]) -> str:
    return ", ".join(f"{key_text(low, high)}: {value}" for low, high, value in CountTable.from_json(table).entries)


def _example(expr, env_key: str, samples: Sequence[int], fixed: dict[str, int]) -> str:
    pairs = []
    for n in samples:
        env = {**fixed, env_key: n}
        pairs.append(f"{n} → {expr(env)}")
    return ", ".join(pairs)


_ENV = {"territories": 14, "continents": 0, "armies": 30, "cards": 0, "players": 3, "round": 1, "total": 0}


def _rows(rules: Rules, t: Text) -> list[Row]:
    m = rules.model
    rows: list[Row] = []

    def add(key: str, label: str, value: str) -> None:
        rows.append(Row(key, t._(label), value))

    # game
    add("game.players", "Players", t._("{low} to {high}").format(low=rules.min_players, high=rules.max_players))
    add("game.board", "Board", t._("{board}: {n} territories, {k} continents").format(
        board=rules.board.id, n=rules.board.size, k=len(rules.board.continents)))
    add("game.pieces", "Army pieces", ", ".join(str(p) for p in rules.pieces))
    add("game.voice", "Voice", t._("dealer: {dealer}; a battle is an {attack}").format(
        dealer=t.term("dealer"), attack=t.term("attack")))
    add("game.turn", "Turn", " → ".join(t._(_PHASES[p]) for p in rules.phases))

    # setup
    add("setup.starting_armies", "Starting armies",
        ", ".join(f"{key_text(lo, hi)}: {v}" for lo, hi, v in rules.starting_armies.entries))
    add("setup.territories", "Territories", t._("dealt from the deck, jokers out") if rules.deal
        else t._("drafted one at a time"))
    add("setup.first_player", "First player", t._("the highest roll of a die") if rules.highest_roll_starts
        else t._("the player left of {dealer}").format(dealer=t.term("dealer")))
    add("setup.placement", "Placement", t.n_("{n} army per placing turn", "{n} armies per placing turn",
                                             rules.placement).format(n=rules.placement))

    # reinforcements
    expr = rules.territory_armies
    add("reinforcements.territories", "For territories",
        f"{expr.text}  ({_example(expr, 'territories', (4, 11, 17), _ENV)})")
    add("reinforcements.continents", "For continents", ", ".join(
        f"{t.continent(c)} {b}" for c, b in zip(rules.board.continents, rules.continent_bonus)))

    # cards
    c = rules.cards
    if c.fixed is not None:
        sets = [f"3 {t.symbol(s)}: {c.fixed[s]}" for s in rules.board.symbols if s in c.fixed]
        sets.append(t._("one of each: {n}").format(n=c.fixed["mixed"]))
        add("cards.sets", "Sets", t._("fixed values: {sets}").format(sets=", ".join(sets)))
    else:
        listed = ", ".join(str(v) for v in c.escalating)
        tail = t._(", then +{step} each").format(step=c.step) if c.step else t._(", then the last again")
        add("cards.sets", "Sets", t._("escalating: {values}{tail}").format(values=listed, tail=tail))
        add("cards.counter", "Trades counted", t._("per player") if c.per_player
            else t._("for all players together"))
    add("cards.territory_bonus", "Territory bonus",
        (t._("{n} armies for each traded card showing a territory one holds, placed there at once")
         if c.bonus_per_card else
         t._("{n} armies once per trade if a traded card shows a territory one holds, placed there at once")
         ).format(n=c.bonus_armies))
    add("cards.must_trade", "Must trade", t._("with {n} cards or more, at the start of the turn").format(
        n=c.must_trade))
    add("cards.after_elimination", "After taking a victim's cards",
        (t._("with {n} or more: trade at once until {down} or fewer remain")
         if c.trade_at_once else t._("with {n} or more: trade in the next reinforcement phase")
         ).format(n=c.after_elimination_cards, down=c.down_to))
    add("cards.draw", "Cards per turn", t.n_("{n} card after a turn with a conquest",
                                             "{n} cards after a turn with a conquest", c.draw).format(n=c.draw))
    add("cards.deck", "Deck", t._("jokers are wild; traded cards go under the deck; "
                                  "if the deck is ever empty, no card is drawn"))

    # battle
    b = m["battle"]
    add("battle.attacker_dice", "Attacker", t._("most armies (and dice) by armies in the territory: "
                                                "{table}").format(table=_table(b["attacker_dice"])))
    add("battle.attacker_rolls", "Attacker's dice", t._("up to one die per army committed")
        if rules.battle.up_to_committed else t._("one die per army committed"))
    add("battle.defender_dice", "Defender", (t._("dice by armies defending: {table}; the defender chooses")
                                             if rules.battle.defender_chooses else
                                             t._("dice by armies defending: {table}; always the most")
                                             ).format(table=_table(b["defender_dice"])))
    add("battle.ties", "Ties", t._("the defender wins") if rules.battle.ties_to_defender
        else t._("the attacker wins"))
    add("battle.minimum_move", "After a conquest", t._("move in at least the armies committed")
        if rules.battle.move_committed else t._("move in at least as many armies as dice rolled"))

    # fortify
    f = rules.fortify
    moves = t._("any number of moves") if f.moves is None else t.n_("{n} move", "{n} moves", f.moves).format(
        n=f.moves)
    path = t._("through one's own connected territories") if f.connected else t._("to a neighbouring territory")
    split = t._("a territory may send armies to several") if f.split else t._("a territory sends to one only")
    add("fortify.moves", "Fortify", f"{moves}, {path}; {split}")

    # victory
    add("victory.goal", "Goal", t._(_GOALS[rules.victory]))
    if rules.victory == "missions":
        add("victory.timing", "A mission wins", t._(_TIMINGS[rules.mission_timing]))
        add("victory.missions", "Missions", "; ".join(_mission_text(mi, t) for mi in rules.missions))
    if rules.capitals:
        cap = rules.capitals
        needed = ", ".join(f"{key_text(lo, hi)}: {v}" for lo, hi, v in cap.needed.entries)
        add("victory.capitals", "Capitals needed", t._("{table} (one's own included)").format(table=needed))
        effects = []
        if cap.takes_cards:
            effects.append(t._("the victim hands over his cards"))
        if cap.replaces_continent:
            effects.append(t._("his armies on that continent become one army each of the captor's"))
        if cap.eliminates:
            effects.append(t._("the victim is out of the game"))
        add("victory.capture", "A captured capital", "; ".join(effects) or t._("nothing more"))

    # neutral
    n = rules.neutral
    if n is not None:
        share = (t._("dealt a hand of {n} territories") if n.dealt else
                 t._("the {n} territories the draft leaves")).format(n=n.territories)
        add("neutral.armies", "Neutral army", t._("{armies} armies, {share}, {start} on each").format(
            armies=n.armies, share=share, start=n.start))
        if n.placement:
            add("neutral.placement", "Neutral setup", t._("each player also places {n} neutral per placing turn")
                .format(n=n.placement))
        if n.reinforcements is None:
            add("neutral.reinforcements", "Neutral reinforcements", t._("none"))
        else:
            e = n.reinforcements
            add("neutral.reinforcements", "Neutral reinforcements",
                f"{e.text}  ({_example(e, 'total', (9, 17), {**_ENV, 'territories': 14})})")
        add("neutral.played_by", "Played by", t._("the other player"))
        add("neutral.attacks", "Neutral attacks", t._("on the active player, played by the other player, "
                                                      "after the neutral reinforcements")
            if n.attacks else t._("never"))
        add("neutral.cards", "Neutral cards", t._("yes") if n.cards else t._("none"))
    return rows


_PHASES = {
    "reinforce": "reinforce",
    "attack": "attack",
    "fortify": "fortify",
    "neutral_reinforce": "neutral reinforcements",
    "neutral_attack": "neutral attack",
}
_GOALS = {
    "domination": "world domination: hold every territory",
    "missions": "secret missions",
    "capitals": "capitals: hold enough capitals, one's own included",
    "opponents_eliminated": "eliminate the opponent; the neutral army does not count",
}
_TIMINGS = {
    "immediately": "as soon as it is fulfilled, in anyone's turn",
    "during_own_turn": "only during its holder's own turn",
    "start_of_own_turn": "only at the start of its holder's turn",
    "end_of_own_turn": "at the end of its holder's turn",
    "full_round_after_declaring": "a full round after it is declared, if still fulfilled",
}


def _mission_text(mission, t: Text) -> str:
    data = mission.data
    if mission.kind == "occupy":
        if mission.armies > 1:
            return t._("{n} territories with {a} armies each").format(n=mission.count, a=mission.armies)
        return t._("{n} territories").format(n=mission.count)
    if mission.kind == "destroy":
        return t._("destroy {colour} (own colour: {n} territories)").format(
            colour=t.colour(mission.colour), n=mission.count)
    names = " + ".join(t.continent(c) for c in data["conquer"])
    return names + (t._(" + one more") if mission.extra else "")


# ---- rendering ---------------------------------------------------------------------------------

def render_sheet(sheet: Sheet, t: Text, width: int = 100) -> str:
    out = [sheet.title, *[f"  {h}" for h in sheet.header], ""]
    label_width = max((len(r.label) for s in sheet.sections for r in s.rows), default=10) + 2
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
    lines = wrap(value, max(30, width - label_width - 2))
    first = f"  {label:<{label_width}}{lines[0]}"
    return [first] + [" " * (label_width + 2) + line for line in lines[1:]]


def diff_rows(a: Sheet, b: Sheet) -> list[tuple[str, str, str, str]]:
    """(section, label, value in a, value in b) for every row that differs."""
    rows_a, rows_b = a.rows(), b.rows()
    keys = list(rows_a)
    previous = None
    for key in rows_b:  # rows only b has go right after the row b has before them
        if key not in rows_a:
            keys.insert(keys.index(previous) + 1 if previous in keys else len(keys), key)
        previous = key
    out = []
    for key in keys:
        va = rows_a.get(key)
        vb = rows_b.get(key)
        value_a = va[2] if va else "—"
        value_b = vb[2] if vb else "—"
        if value_a != value_b:
            section, label = (va or vb)[0], (va or vb)[1]
            out.append((section, label, value_a, value_b))
    return out


def render_diff(a: Sheet, b: Sheet, rows: list[tuple[str, str, str, str]], t: Text, width: int = 120) -> str:
    if not rows:
        return t._("{a} and {b} have the same rules.").format(a=a.id, b=b.id) + "\n"
    label_w = min(28, max(len(f"{s} › {rule}") for s, rule, _, _ in rows) + 2)
    col = max(24, (width - label_w - 3) // 2)
    out = [f"{'':<{label_w}}{a.id:<{col}} {b.id}", f"{'':<{label_w}}{'-' * (col - 1):<{col}} {'-' * (col - 1)}"]
    for section, label, va, vb in rows:
        name = f"{section} › {label}"
        left = wrap(va, col - 1)
        right = wrap(vb, col - 1)
        names = wrap(name, label_w - 1)
        for i in range(max(len(left), len(right), len(names))):
            n = names[i] if i < len(names) else ""
            lv = left[i] if i < len(left) else ""
            rv = right[i] if i < len(right) else ""
            out.append(f"{n:<{label_w}}{lv:<{col}} {rv}".rstrip())
    return "\n".join(out) + "\n"
