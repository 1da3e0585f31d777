"""Results as text people read: the tables of `risk simulate`, `compare`, `sweep`, `tournament` and `odds`."""

from __future__ import annotations

from collections.abc import Sequence

from .i18n import Text


def _rate(t: Text, r: dict) -> str:
    return f"{t.pct(r['rate'])} ({t.pct(r['low'])}–{t.pct(r['high'])})"


def _num(t: Text, x: float, digits: int = 1) -> str:
    return t.num(round(x, digits))


def _mean(t: Text, mean: float, low: float | None, high: float | None) -> str:
    """A mean with its 95% interval (none from a single game)."""
    if low is None or high is None:
        return _num(t, mean)
    return f"{_num(t, mean)} ({_num(t, low)}–{_num(t, high)})"


def _turns(t: Text, s: dict) -> str:
    return _mean(t, s["turns"]["mean"], s["turns"]["mean_low"], s["turns"]["mean_high"])


def _traded(t: Text, s: dict) -> str:
    return _mean(t, s["cards"]["traded_mean"], s["cards"]["traded_low"], s["cards"]["traded_high"])


def _change(t: Text, d: dict, scale: float, unit: str, digits: int = 1) -> str:
    """A difference (or a trend's slope) with its simultaneous interval; * if significant after Holm."""
    value = d["difference"] if "difference" in d else d["slope"]
    mark = " *" if d["significant"] else ""
    sign = "+" if value > 0 else ""
    low, high = d["adjusted_low"], d["adjusted_high"]
    return (f"{sign}{t.num(round(value * scale, digits))}{unit} "
            f"({t.num(round(low * scale, digits))}…{t.num(round(high * scale, digits))}){mark}")


def _held(t: Text, continent: str) -> str:
    return t._("{continent} held at the end").format(continent=t.continent(continent))


def _label_width(t: Text, continents: Sequence[str]) -> int:
    return max(30, max(len(_held(t, c)) for c in continents) + 2 if continents else 30)


def _seat(t: Text, seat: int) -> str:
    # Translators: seats in turn order: seat 1 is the player who moves first
    return t._("Seat {n} wins").format(n=seat + 1)


def simulation_head(label: str, players: int, bot: str, seed: int, n: int, t: Text) -> str:
    """The first line of `risk simulate`'s report: what was played, how often, on which seed."""
    return t.n_("{label}, {players} players, {bot} bots — {n} game, seed {seed}",
                "{label}, {players} players, {bot} bots — {n} games, seed {seed}", n).format(
        label=label, players=players, bot=bot, n=t.num(n), seed=seed)


def simulation(label: str, players: int, bot: str, seed: int, summary: dict, continents: Sequence[str],
               t: Text) -> str:
    out = [simulation_head(label, players, bot, seed, summary["games"], t), ""]
    out.append(t._("Wins by seat, with 95% intervals (seat 1 moves first)"))
    out += [f"  {name:<28}{rate:<28}{count}" for name, rate, count in seat_rows(summary, t)]
    out.append("")
    out.append(t._("How the games ended"))
    out += [f"  {name:<28}{rate:<28}{count}" for name, rate, count in ending_rows(summary, t)]
    out.append("")
    out += summary_lines(summary, t)
    if continents:
        out.append("")
        # Translators: the head of the rows of continents in `risk simulate`, each with its share and interval
        out.append(t._("Continents held at the end"))
        out += [f"  {name:<28}{rate}" for name, rate in continent_rows(summary, continents, t)]
    out.append("")
    out.append(t._("Rates: 95% Wilson intervals; means: 95% intervals."))
    return "\n".join(out) + "\n"


def seat_rows(summary: dict, t: Text) -> list[tuple[str, str, str]]:
    """(seat, its win rate with the interval, its wins) of a simulation's summary."""
    return [(_seat(t, seat), _rate(t, r), t.num(r["count"])) for seat, r in enumerate(summary["wins_by_seat"])]


def ending_rows(summary: dict, t: Text) -> list[tuple[str, str, str]]:
    """(how games ended, its rate with the interval, the games): the turn limit always among them."""
    reasons = {
        "domination": t._("world domination"),
        "mission": t._("secret mission"),
        "capitals": t._("capitals"),
        "opponent_eliminated": t._("opponent eliminated"),
        "turn_limit": t._("unfinished (turn limit)"),
        "round_limit": t._("round limit (the rule)"),
        "team": t._("team victory"),
        "assassin": t._("assassin: the target out"),
        "objective": t._("objective held"),
    }
    rows = [(reasons.get(reason, reason), _rate(t, summary["reason_rates"][reason]), t.num(count))
            for reason, count in summary["reasons"].items()]
    if "turn_limit" not in summary["reasons"]:
        rows.append((reasons["turn_limit"], _rate(t, summary["unfinished"]), "0"))
    return rows


def summary_lines(summary: dict, t: Text) -> list[str]:
    """A simulation's game length, cards and (with one) the neutral army's survival, a sentence each."""
    turns = summary["turns"]
    out = [t._("Game length in turns: mean {mean}, median {median}, quartiles {q1}–{q3}, "
               "shortest {min}, longest {max}").format(
        mean=_turns(t, summary), median=_num(t, turns["median"]), q1=_num(t, turns["q1"]),
        q3=_num(t, turns["q3"]), min=turns["min"], max=turns["max"]),
        t._("Cards: {mean} sets traded a game; the largest trade {largest}").format(
        mean=_traded(t, summary), largest=summary["cards"]["largest_trade"])]
    if "neutral_survival" in summary:
        out.append(t._("The neutral army survives: {rate}").format(rate=_rate(t, summary["neutral_survival"])))
    return out


def continent_rows(summary: dict, continents: Sequence[str], t: Text) -> list[tuple[str, str]]:
    return [(t.continent(c), _rate(t, summary["continents_held"][c])) for c in continents]


def comparison(labels: Sequence[str], summaries: Sequence[dict], diffs: Sequence[dict], players: int, bot: str,
               seed: int, continents: Sequence[str], t: Text, independent: bool = False) -> str:
    n = summaries[0]["games"]
    letters = [chr(ord("A") + i) for i in range(len(labels))]
    if independent:
        head_line = t.n_("Compared on {n} game each, every run on seeds of its own (seed {seed}), {players} players, "
                         "{bot} bots:",
                         "Compared on {n} games each, every run on seeds of its own (seed {seed}), {players} players, "
                         "{bot} bots:", n)
    else:
        head_line = t.n_("Compared on the same {n} seed (seed {seed}), {players} players, {bot} bots:",
                         "Compared on the same {n} seeds (seed {seed}), {players} players, {bot} bots:", n)
    out = [head_line.format(n=t.num(n), seed=seed, players=players, bot=bot)]
    out += [f"  {letter} = {label}" for letter, label in zip(letters, labels)]
    out.append("")
    width = _label_width(t, continents)
    head = f"{'':<{width}}" + "".join(f"{letter:<26}" for letter in letters)
    head += "".join(f"{letter} − A{'':<23}" for letter in letters[1:])
    out.append(head.rstrip())

    for name, cells, changes in comparison_rows(summaries, diffs, players, continents, t):
        out.append((f"{name:<{width}}" + "".join(f"{c:<26}" for c in cells) + "".join(f"{c:<28}" for c in changes)).rstrip())
    return "\n".join(out) + "\n"


def comparison_rows(summaries: Sequence[dict], diffs: Sequence[dict], players: int, continents: Sequence[str],
                    t: Text) -> list[tuple[str, list[str], list[str]]]:
    """compare's table: (measure, each run's value, each run's difference from the first)."""
    rows: list[tuple[str, list[str], list[str]]] = []
    for seat in range(players):
        rows.append((_seat(t, seat), [_rate(t, s["wins_by_seat"][seat]) for s in summaries],
                     [_change(t, d["wins_by_seat"][seat], 100, " pp") for d in diffs]))
    rows.append((t._("Unfinished (turn limit)"), [_rate(t, s["unfinished"]) for s in summaries],
                 [_change(t, d["unfinished"], 100, " pp") for d in diffs]))
    rows.append((t._("Turns: mean"), [_turns(t, s) for s in summaries], [_change(t, d["turns"], 1, "") for d in diffs]))
    rows += [(name, cells, []) for name, cells in _shared_rows(summaries, continents, t)]
    return rows


def _shared_rows(summaries: Sequence[dict], continents: Sequence[str], t: Text) -> list[tuple[str, list[str]]]:
    """The rows of compare's and sweep's tables below game length (no differences of their own)."""
    rows = [(t._("Turns: median (quartiles)"),
             [f"{_num(t, s['turns']['median'])} ({_num(t, s['turns']['q1'])}–{_num(t, s['turns']['q3'])})"
              for s in summaries])]
    rows += [(_held(t, c), [_rate(t, s["continents_held"][c]) for s in summaries]) for c in continents]
    rows.append((t._("Sets traded a game"), [_traded(t, s) for s in summaries]))
    rows.append((t._("Largest trade"), [str(s["cards"]["largest_trade"]) for s in summaries]))
    if all("neutral_survival" in s for s in summaries):
        rows.append((t._("The neutral army survives"), [_rate(t, s["neutral_survival"]) for s in summaries]))
    return rows


def correction_line(correction: dict, t: Text) -> str:
    """The line under compare's tables: how many comparisons, and how they were corrected."""
    m = correction["comparisons"]
    return "\n" + t.n_(
        "Rates: 95% Wilson intervals; means: 95% intervals. Differences: paired game by game; {m} comparison "
        "was made, in all the tables together; its interval is {level} (Bonferroni) and * marks it significant "
        "at 5% after Holm's correction.",
        "Rates: 95% Wilson intervals; means: 95% intervals. Differences: paired game by game; {m} comparisons "
        "were made, in all the tables together; their intervals hold together at 95% ({level} each, Bonferroni) "
        "and * marks those significant at 5% after Holm's correction.", m).format(
        m=t.num(m), level=t.pct(correction["interval_level"]))


def identical_lines(names: Sequence[tuple[str, str]], independent: bool, t: Text) -> str:
    """One line per pair of runs whose rules play alike (experiment.identical), or nothing."""
    if independent:
        line = t._("{a} and {b} have the same rules: an A/A comparison, each on seeds of its own, so every "
                   "difference between them is chance.")
    else:
        line = t._("{a} and {b} have the same rules: on the same seeds they play the same games, so every "
                   "difference between them is 0 by construction.")
    return "".join(line.format(a=a, b=b) + "\n" for a, b in names)


def stopping_line(report: dict, t: Text) -> str:
    """The rule that decided how many games were played, and where it ended."""
    if report["rule"] == "fixed":
        return t.n_("Stopping rule: a fixed count of {n} game.", "Stopping rule: a fixed count of {n} games.",
                    report["games"]).format(n=t.num(report["games"]))
    values = {"precision": _pp(t, report["precision"]), "most": t.num(report["max_games"]),
              "n": t.num(report["games"]), "width": _pp(t, report["half_width"])}
    if report["reached"]:
        return t.n_("Stopping rule: play until every interval of interest is at most ±{precision} wide (at most "
                    "{most} games); reached after {n} game (widest ±{width}).",
                    "Stopping rule: play until every interval of interest is at most ±{precision} wide (at most "
                    "{most} games); reached after {n} games (widest ±{width}).", report["games"]).format(**values)
    return t._("Stopping rule: play until every interval of interest is at most ±{precision} wide (at most {most} "
               "games); NOT reached: stopped at {n} games with ±{width}.").format(**values)


def _pp(t: Text, share: float) -> str:
    return f"{t.num(round(share * 100, 2))} pp"


def sweep_table(label: str, templates: Sequence[str], values: Sequence[str], summaries: Sequence[dict],
                players: int, bot: str, seed: int, continents: Sequence[str], t: Text) -> str:
    """`risk sweep`: the statistics of `risk simulate`, one column per value, every rate and mean
    with its 95% interval."""
    n = summaries[0]["games"]
    out = [t.n_("{label} with {rules}, {players} players, {bot} bots — the same {n} seed for every value (seed {seed}):",
                "{label} with {rules}, {players} players, {bot} bots — the same {n} seeds for every value "
                "(seed {seed}):", n).format(label=label, rules=" + ".join(f"“{x}”" for x in templates),
                                            players=players, bot=bot, n=t.num(n), seed=seed), ""]
    width = _label_width(t, continents)
    # Translators: the head of the column of values in `risk sweep`
    value = t._("value")
    out.append((f"{value:<{width}}" + "".join(f"{v:<26}" for v in values)).rstrip())

    for name, cells in sweep_rows(summaries, players, continents, t):
        out.append((f"{name:<{width}}" + "".join(f"{c:<26}" for c in cells)).rstrip())
    return "\n".join(out) + "\n"


def sweep_rows(summaries: Sequence[dict], players: int, continents: Sequence[str],
               t: Text) -> list[tuple[str, list[str]]]:
    """sweep's table: (measure, its value under each value of the rule)."""
    rows = [(_seat(t, seat), [_rate(t, s["wins_by_seat"][seat]) for s in summaries]) for seat in range(players)]
    rows.append((t._("Unfinished (turn limit)"), [_rate(t, s["unfinished"]) for s in summaries]))
    rows.append((t._("Turns: mean"), [_turns(t, s) for s in summaries]))
    return rows + _shared_rows(summaries, continents, t)


def sweep_differences(values: Sequence[str], pairs: Sequence[tuple[int, int]], diffs: Sequence[dict],
                      trend: dict | None, players: int, continents: Sequence[str], t: Text) -> str:
    """`risk sweep`: the paired differences of each value from the one before and from the first,
    and the trend along numeric values, each with its simultaneous interval (* after Holm)."""
    width = _label_width(t, continents)
    out: list[str] = []
    for title, heads, rows in sweep_difference_blocks(values, pairs, diffs, trend, players, t):
        out.extend(["", title])
        if heads:
            out.append((f"{'':<{width}}" + "".join(f"{h:<28}" for h in heads)).rstrip())
        for name, found in rows:
            out.append((f"{name:<{width}}" + "".join(f"{c:<28}" for c in found)).rstrip())
    return "\n".join(out) + "\n"


def sweep_difference_blocks(values: Sequence[str], pairs: Sequence[tuple[int, int]], diffs: Sequence[dict],
                            trend: dict | None, players: int,
                            t: Text) -> list[tuple[str, list[str], list[tuple[str, list[str]]]]]:
    """sweep's tables of differences, each (title, the pairs' heads, rows of (measure, changes)):
    each value against the one before, against the first (from three values on), the trend."""
    def block(title: str, heads: list[str], cells: list[dict]) -> tuple[str, list[str], list[tuple[str, list[str]]]]:
        rows = [(_seat(t, seat), [_change(t, d["wins_by_seat"][seat], 100, " pp") for d in cells])
                for seat in range(players)]
        rows.append((t._("Unfinished (turn limit)"), [_change(t, d["unfinished"], 100, " pp") for d in cells]))
        rows.append((t._("Turns: mean"), [_change(t, d["turns"], 1, "") for d in cells]))
        rows.append((t._("Sets traded a game"), [_change(t, d["trades"], 1, "") for d in cells]))
        return title, heads, rows

    def chosen(adjacent: bool) -> tuple[list[str], list[dict]]:
        found = [(f"{values[j]} − {values[i]}", d) for (i, j), d in zip(pairs, diffs) if (j == i + 1) == adjacent]
        return [h for h, _ in found], [d for _, d in found]

    blocks = [block(t._("Paired differences, game by game: each value against the one before"), *chosen(True))]
    heads, cells = chosen(False)
    if cells:
        blocks.append(block(t._("Each value against the first"), heads, cells))
    if trend is not None:
        blocks.append(block(t._("Trend along the values: the least-squares slope per 1 of the value, paired game "
                                "by game"), [], [trend]))
    return blocks


def sweep_correction_line(correction: dict, t: Text) -> str:
    """The line under sweep's tables: how many tests, and how they were corrected."""
    m = correction["comparisons"]
    return "\n" + t.n_(
        "Rates: 95% Wilson intervals; means: 95% intervals. Differences and trends: paired game by game; {m} test "
        "was made, in all the tables together; its interval is {level} (Bonferroni) and * marks it significant at "
        "5% after Holm's correction.",
        "Rates: 95% Wilson intervals; means: 95% intervals. Differences and trends: paired game by game; {m} tests "
        "were made, in all the tables together; their intervals hold together at 95% ({level} each, Bonferroni) "
        "and * marks those significant at 5% after Holm's correction.", m).format(
        m=t.num(m), level=t.pct(correction["interval_level"]))


def odds_line(edition: str, attackers: int, defenders: int, p: float, left_a: float, left_d: float, t: Text) -> str:
    return t._("{edition}: {a} attacking against {d} defending armies: the attack takes the territory with "
               "probability {p} ({exact}); armies expected to be left: attacker {ea}, defender {ed}.").format(
        edition=edition, a=attackers, d=defenders, p=t.pct(p), exact=f"{p:.4f}", ea=_num(t, left_a, 2),
        ed=_num(t, left_d, 2))


def odds_table(p_win: Sequence[Sequence[float]], size: int, edition: str, t: Text) -> str:
    """`risk odds --table N`: the chance in % that an attack takes the territory, attackers down the
    side, defenders along the top (p_win[a][d] for 1..N each)."""
    from babel.numbers import get_decimal_symbol

    point = get_decimal_symbol(t.lang)
    head = t._("{edition}: chance in % that the attack takes the territory (rows: attacking armies, "
               "columns: defending armies)").format(edition=edition)
    cell = 6
    lines = ["a\\d " + "".join(f"{d:>{cell}}" for d in range(1, size + 1))]
    for a in range(1, size + 1):
        row = p_win[a]
        lines.append(f"{a:>4} " + "".join(f"{row[d] * 100:>{cell}.1f}" for d in range(1, size + 1)))
    text = "\n".join(lines)
    return head + "\n" + (text.replace(".", point) if point != "." else text)


def tournament(label: str, players: int, seed: int, standings: dict, t: Text) -> str:
    """`risk tournament`: each bot's wins, win share and rating, with 95% intervals."""
    n = standings["games"]
    out = [t.n_("{label}, {players} players — {n} game, seats rotated on common seeds, seed {seed}",
                "{label}, {players} players — {n} games, seats rotated on common seeds, seed {seed}", n).format(
        label=label, players=players, n=t.num(n), seed=seed), ""]
    width = max(12, max(len(b["bot"]) for b in standings["bots"]) + 2)
    head, rows, notes = tournament_rows(standings, t)
    out.append(f"{head[0]:<{width}}{head[1]:>6}{head[2]:>7}   {head[3]:<30}{head[4]}")
    for bot, seats, wins, share, rating in rows:
        out.append(f"{bot:<{width}}{seats:>6}{wins:>7}   {share:<30}{rating}")
    out.append("")
    out += notes
    return "\n".join(out) + "\n"


BotRow = tuple[str, str, str, str, str]  # bot, seats, wins, win share, rating


def tournament_rows(standings: dict, t: Text) -> tuple[tuple[str, ...], list[BotRow], list[str]]:
    """tournament's table: its head, a row per bot (bot, seats, wins, win share, rating, with
    intervals) and the notes under it."""
    head = (t._("Bot"), t._("Seats"), t._("Wins"), t._("Win share (95% interval)"), t._("Rating (95% interval)"))
    rows = []
    for b in standings["bots"]:
        share = f"{t.pct(b['win_share'])} ({t.pct(b['low'])}–{t.pct(b['high'])})"
        rating = f"{t.num(round(b['rating']))} ({t.num(round(b['rating_low']))}–{t.num(round(b['rating_high']))})"
        rows.append((b["bot"], str(b["seats"]), t.num(b["wins"]), share, rating))
    notes = [t._("An even share is {share}: wins per seat a bot holds.").format(share=t.pct(standings["even_share"])),
             t._("Rating: the Plackett–Luce model fitted to the winners, on Elo's scale (1500 is the "
                 "geometric mean; 120 points more wins about twice as often).")]
    unfinished = standings["reasons"].get("turn_limit", 0)
    if unfinished:
        notes.append(t.n_("{n} game hit the turn limit: nobody won it.",
                          "{n} games hit the turn limit: nobody won them.", unfinished).format(n=t.num(unfinished)))
    return head, rows, notes
