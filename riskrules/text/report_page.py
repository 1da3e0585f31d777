"""Reports as standalone pages: `risk simulate|compare|sweep|tournament --html PATH`.

A page is made from the very dict the command prints with --json (text/formats.py), so its
numbers cannot differ from it; the dict goes into the page too (`json_script("data", …)`),
for a script or a test to read. The cells are the text report's own (report.py's rows, in
the Text's language); the charts are inline SVG (charts.py); the shell, with its policy
that fetches nothing, is page.py's. Everything comes in as plain data: the rules' labels as
the text report writes them, `risk diff`'s rows of each run against the first, the command
line and the version.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from . import charts, report
from .i18n import Text
from .page import esc, json_script, page

# (label of the first run, label of the other, the rows of `risk diff` between them)
RuleDiff = tuple[str, str, Sequence[tuple[str, str, str, str]]]

STYLE = """
svg{display:block;max-width:100%;height:auto;margin:.4rem 0 1rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dt{font-weight:600}dd{margin:0}
table.words td{text-align:left;vertical-align:top}
table:not(.words) td{white-space:nowrap}.wide{overflow-x:auto}
"""


def _table(heads: Sequence[str], rows: Sequence[Sequence[str]], words: bool = False) -> str:
    """A table of text already formatted; `words`: cells of prose, aligned left (else numbers, right)."""
    width = max([len(heads)] + [len(r) for r in rows])
    head = "".join(f"<th>{esc(h)}</th>" for h in [*heads, *[""] * (width - len(heads))])
    body = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in [*r, *[""] * (width - len(r))]) + "</tr>\n"
                   for r in rows)
    kind = ' class="words"' if words else ""
    return f'<div class="wide"><table{kind}>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}</tbody>\n</table></div>\n'


def _paragraphs(lines: Sequence[str]) -> str:
    return "".join(f"<p>{esc(line.strip())}</p>\n" for line in lines if line.strip())


def _head(title: str, labels: Sequence[tuple[str, str]], seeds: str, stopping: str, command: str, version: str,
          t: Text) -> str:
    """The title, the rules played (name = label), how the page was made: its command, the
    version, the seeds and the stopping rule."""
    rules = "".join(f"<li>{f'<b>{esc(name)}</b> = ' if name else ''}{esc(label)}</li>" for name, label in labels)
    made = [(t._("Command"), f"<pre><code>{esc(command)}</code></pre>"), (t._("Version"), esc(f"riskrules {version}")),
            (t._("Seeds"), esc(seeds)), (t._("How many games"), esc(stopping.strip()))]
    return (f"<h1>{esc(title)}</h1>\n" + _h(2, t._("The rules played")) + f"<ul>{rules}</ul>\n"
            + _h(2, t._("How it was made")) + "<dl>\n" + "".join(f"<dt>{esc(name)}</dt><dd>{value}</dd>\n"
                                                             for name, value in made) + "</dl>\n")


def _h(level: int, text: str) -> str:
    return f"<h{level}>{esc(text)}</h{level}>\n"


def _whole(title: str, head: str, body: str, data: dict, t: Text) -> str:
    note = t._("The numbers of this page are also in it as JSON, exactly as --json prints them: the script "
               "element with the id “data”.")
    tail = f'<p class="muted">{esc(note)}</p>\n'
    return page(title, head + body + tail + json_script("data", data), lang=t.lang, style=STYLE)


def _pp(t: Text):
    return lambda x: t.num(round(x, 6))


def _interval_row(label: str, d: dict, scale: float) -> tuple[str, float, float, float, bool]:
    value = d["difference"] if "difference" in d else d["slope"]
    return label, value * scale, d["adjusted_low"] * scale, d["adjusted_high"] * scale, d["significant"]


def _difference_charts(named: Sequence[tuple[str, dict]], players: int, title: str, x_label: str, t: Text) -> str:
    """Paired differences (name, the differences of one pair of runs), each a point on its
    simultaneous interval, filled where significant after Holm: the win rate of every seat and
    the unfinished share in percentage points, then game length in turns."""
    seats = [t._("Seat {n} wins").format(n=seat + 1) for seat in range(players)] + [t._("Unfinished (turn limit)")]
    rates = [_interval_row(f"{name}: {seat}" if len(named) > 1 else seat,
                           d["wins_by_seat"][s] if s < players else d["unfinished"], 100)
             for name, d in named for s, seat in enumerate(seats)]
    turns = [_interval_row(name, d["turns"], 1) for name, d in named]
    filled, empty = t._("significant after Holm's correction"), t._("not significant")
    return (charts.interval_chart(rates, title, x_label, number=_pp(t))
            + charts.interval_chart(turns, t._("Game length"), t._("difference in mean turns"), number=_pp(t))
            + f'<p class="muted">● {esc(filled)} &nbsp; ○ {esc(empty)}</p>\n')


def _diffs(diffs: Sequence[RuleDiff], t: Text) -> str:
    """`risk diff` of every run against the first, a table each (or the sentence that they are the same)."""
    out = [_h(2, t._("The rules compared"))]
    for a, b, rows in diffs:
        out.append(_h(3, t._("{b} against {a}").format(a=a, b=b)))
        if not rows:
            out.append(_paragraphs([t._("{a} and {b} have the same rules.").format(a=a, b=b)]))
            continue
        out.append(_table([t._("Rule"), a, b], [(f"{section} › {rule}", va, vb) for section, rule, va, vb in rows],
                          words=True))
    return "\n".join(out)


# ---- simulate ----------------------------------------------------------------------------------------------

def simulation_page(data: dict, label: str, continents: Sequence[str], command: str, version: str, t: Text) -> str:
    """`risk simulate --html`: `data` is what `simulate --json` prints."""
    seeds = t._("Game i is played with a seed derived from seed {seed} and i, so the same seed gives the same "
                "games whatever the number of workers.").format(seed=data["seed"])
    title = t._("Simulation report")
    head = _head(title, [("", label)], seeds, report.stopping_line(data["stopping"], t), command, version, t)
    share = t._("Share (95% interval)")
    games = t._("Games")
    body = [_h(2, t._("Results")),
            _paragraphs([report.simulation_head(label, data["players"], data["bot"], data["seed"], data["games"], t)]),
            _h(3, t._("Wins by seat, with 95% intervals (seat 1 moves first)")),
            _table(["", share, games], report.seat_rows(data, t)),
            charts.bar_chart([(str(seat + 1), r["rate"], r["low"], r["high"])
                              for seat, r in enumerate(data["wins_by_seat"])],
                             t._("Wins by seat, with 95% intervals (seat 1 moves first)"),
                             t._("share of games won, % (95% interval)"), 1 / data["players"],
                             t._("an even share"), number=lambda x: t.pct(x, 0)),
            _h(3, t._("How the games ended")),
            _table(["", share, games], report.ending_rows(data, t)),
            _paragraphs(report.summary_lines(data, t))]
    if continents:
        body += [_h(3, t._("Continents held at the end")),
                 _table(["", share], report.continent_rows(data, continents, t))]
    body.append(_paragraphs([t._("Rates: 95% Wilson intervals; means: 95% intervals.")]))
    return _whole(f"{title} — {label}", head, "".join(body), data, t)


# ---- compare -----------------------------------------------------------------------------------------------

def comparison_page(data: dict, labels: Sequence[str], continents: Sequence[str], diffs: Sequence[RuleDiff],
                    command: str, version: str, t: Text) -> str:
    """`risk compare --html`: `data` is what `compare --json` prints; `labels` name its runs."""
    letters = [chr(ord("A") + k) for k in range(len(labels))]
    if data["seeds"] == "independent":
        seeds = t._("Independent seeds (--independent): the first run plays on seed {seed}, every other run on a "
                    "seed of its own derived from it; game i of a run is played with a seed derived from the "
                    "run's seed and i. The differences are not paired, so their intervals are wider.")
    else:
        seeds = t._("Common random numbers: game i of every run is played with the same seed, derived from seed "
                    "{seed} and i, so the runs are compared game by game (paired differences).")
    title = t._("Comparison report")
    head = _head(title, list(zip(letters, labels)), seeds.format(seed=data["seed"]),
                 report.stopping_line(data["stopping"], t), command, version, t)
    players = data["players"]
    body = [_h(2, t._("Results"))]
    for population in data["populations"]:
        runs, ds = population["runs"], population["differences_from_first"]
        body.append(_h(3, t._("{bot} bots").format(bot=population["bot"])))
        heads = ["", *letters, *(f"{letter} − A" for letter in letters[1:])]
        body.append(_table(heads, [(name, *cells, *changes) for name, cells, changes
                                   in report.comparison_rows(runs, ds, players, continents, t)]))
        body.append(_difference_charts([(f"{letter} − A", d) for letter, d in zip(letters[1:], ds)], players,
                                       t._("Win rates: {label} minus the first").format(label=", ".join(letters[1:])),
                                       t._("difference from {label}, percentage points").format(label="A"), t))
    body.append(_paragraphs([report.correction_line(data["correction"], t)]))
    body.append(_paragraphs(report.identical_lines([(letters[i], letters[j]) for i, j in data["identical"]],
                                                   data["seeds"] == "independent", t).splitlines()))
    body.append(_diffs(diffs, t))
    return _whole(f"{title} — {' / '.join(labels)}", head, "".join(body), data, t)


# ---- sweep -------------------------------------------------------------------------------------------------

def sweep_page(data: dict, labels: Sequence[str], values: Sequence[str], pairs: Sequence[tuple[int, int]],
               continents: Sequence[str], diffs: Sequence[RuleDiff], command: str, version: str, t: Text) -> str:
    """`risk sweep --html`: `data` is what `sweep --json` prints; `labels` name the run of each of
    the `values` (as given on the command line); `pairs` are the runs its differences compare."""
    seeds = t._("Common random numbers: game i of every value is played with the same seed, derived from seed "
                "{seed} and i, so the values are compared game by game (paired differences).")
    title = t._("Sweep report")
    named = [f"{t._('value')} {v}" for v in values]
    head = _head(title, list(zip(named, labels)), seeds.format(seed=data["seed"]),
                 report.stopping_line(data["stopping"], t), command, version, t)
    players = data["players"]
    body = [_h(2, t._("Results"))]
    for population in data["populations"]:
        runs, ds, trend = population["runs"], population["differences"], population["trend"]
        body.append(_h(3, t._("{bot} bots").format(bot=population["bot"])))
        body.append(_table([t._("value"), *values], [(name, *cells) for name, cells
                                                      in report.sweep_rows(runs, players, continents, t)]))
        for block, heads, rows in report.sweep_difference_blocks(values, pairs, ds, trend, players, t):
            body.append(_h(4, block) + _table(["", *heads], [(name, *cells) for name, cells in rows]))
        body.append(_difference_charts([(f"{values[j]} − {values[i]}", d) for (i, j), d in zip(pairs, ds)], players,
                                       t._("Win rates: the paired differences, with their intervals"),
                                       t._("percentage points"), t))
    body.append(_paragraphs([report.sweep_correction_line(data["correction"], t)]))
    index = {json.dumps(v): k for k, v in reversed(list(enumerate(data["values"])))}  # (2 and 2.0 apart)
    same = [(named[index[json.dumps(a)]], named[index[json.dumps(b)]]) for a, b in data["identical"]]
    body.append(_paragraphs(report.identical_lines(same, False, t).splitlines()))
    body.append(_diffs(diffs, t))
    return _whole(f"{title} — {labels[0]}", head, "".join(body), data, t)


# ---- tournament --------------------------------------------------------------------------------------------

def tournament_page(data: dict, label: str, command: str, version: str, t: Text) -> str:
    """`risk tournament --html`: `data` is what `tournament --json` prints."""
    seeds = t._("Games come in groups of {players}, one for each rotation of the seats; group g is played with a "
                "seed derived from seed {seed} and g, so every bot meets the same deals and dice in every "
                "seat.").format(players=data["players"], seed=data["seed"])
    title = t._("Tournament report")
    stopping = report.stopping_line({"rule": "fixed", "games": data["games"]}, t)
    head = _head(title, [("", label), (t._("Bots"), ", ".join(data["lineup"]))], seeds, stopping, command,
                 version, t)
    heads, rows, notes = report.tournament_rows(data, t)
    body = [_h(2, t._("Results")), _table(heads, rows),
            charts.bar_chart([(b["bot"], b["win_share"], b["low"], b["high"]) for b in data["bots"]],
                             t._("Win share (95% interval)"), t._("Win share (95% interval)"), data["even_share"],
                             t._("an even share"), number=lambda x: t.pct(x, 0)),
            _paragraphs(notes)]
    return _whole(f"{title} — {label}", head, "".join(body), data, t)
