"""`risk balance` as text and as a page, from the very dict `--json` prints (instrument/balance.py).

English only for now: the report's words are not yet in the catalogs (locales/)."""

from __future__ import annotations

from collections.abc import Sequence

from . import charts
from .page import esc, json_script, page

GROUPS = (("seats", "Seats"), ("skill", "Skill: one bot against the others at the same table, the seats rotated"),
          ("shape", "The shape of a game"))


def _is_share(row: dict) -> bool:
    return row["kind"] == "share"


def value(x: float, share: bool, signed: bool = False) -> str:
    """A share in percent (a difference of shares in points), a mean with two decimals."""
    sign = "+" if signed and x > 0 else ""
    return f"{sign}{100 * x:.1f}{' pp' if signed else '%'}" if share else f"{sign}{x:.2f}"


def cell(row: dict, share: bool, signed: bool = False) -> str:
    """The estimate, its simultaneous interval, and * where Holm rejects its null."""
    star = " *" if row.get("significant") else ""
    low, high = value(row["low"], share, signed), value(row["high"], share, signed)
    return f"{value(row['estimate'], share, signed)} [{low} … {high}]{star}"


def _gap(gap: dict, signed: bool = False) -> str:
    """The largest gap (or, `signed`, a difference of two), in points, with its derived interval."""
    if signed:
        return " ".join([value(gap["estimate"], True, True), "[" + value(gap["low"], True, True), "…",
                         value(gap["high"], True, True) + "]"])
    return f"{100 * gap['estimate']:.1f} pp [{100 * gap['low']:.1f} … {100 * gap['high']:.1f} pp]"


def seed_lines(data: dict) -> list[str]:
    """How the games were seeded and counted: the seed policy, in words."""
    seed, n, k = data["seed"], data["games"], data["skill_games"]
    players = data["players"]
    lines = [f"Shape run: {n} games a rule set, game i played with a seed derived from seed {seed} and i (the "
             f"games `risk simulate --seed {seed}` plays), every seat the same bot."]
    if k and data["rule_sets"][0]["figures"] and any(r["group"] == "skill" for r in data["rule_sets"][0]["figures"]):
        lines.append(f"Skill runs: {k} games a pairing, in groups of {players} that share one seed (seed {seed}'s "
                     "group i, as `risk tournament` seeds them), the lone bot moved one seat each game.")
    if len(data["rule_sets"]) == 2:
        lines.append("The two rule sets play " + ("seeds of their own (--independent: an A/A check)."
                                                  if data["independent"] else
                                                  "the same seeds: every difference is paired game by game."))
    return lines


def family_line(family: dict) -> str:
    m = family["comparisons"]
    return (f"One family of m = {m} figures: every interval holds together with all the others at 95% "
            f"(Bonferroni: each at {100 * family['interval_level']:.2f}%); * marks a figure whose null hypothesis "
            f"(a win share equal to the even share; a difference of 0) Holm's correction rejects at 5% over the "
            f"same m ({family['tested']} figures have a null; the others count as p = 1).")


def text(data: dict) -> str:
    sets = data["rule_sets"]
    players = data["players"]
    names = [s["rules"] for s in sets]
    out = [f"Balance of {' against '.join(names)}, {players} players, {sets[0]['bot']} in every seat", ""]
    out += seed_lines(data)
    out.append(f"Leader: the seat with the most {data['leader_measure']} (a tie: no single leader).")
    out.append("Decisiveness: the share of a won game's rounds before its winner leads for good (0: from the first "
               "round). Comebacks: won games whose winner was not leading at half time.")
    width = max(len(r["label"]) for r in sets[0]["figures"]) + 2
    two = len(sets) == 2
    rows_of = [s["figures"] for s in sets]
    diffs = data.get("differences", [])
    for group, title in GROUPS:
        index = [i for i, r in enumerate(rows_of[0]) if r["group"] == group]
        if not index:
            continue
        out += ["", title + (f" (seat 1 moves first; an even share is {100 / players:.1f}%)" if group == "seats"
                             else "")]
        if two:
            out.append(f"  {'':<{width}}{'A = ' + names[0]:<34}{'B = ' + names[1]:<34}B − A")
        for i in index:
            share = _is_share(rows_of[0][i])
            cells = [cell(rows[i], share) for rows in rows_of]
            if two:
                cells.append(cell(diffs[i], share, signed=True))
            out.append(f"  {rows_of[0][i]['label']:<{width}}" + "".join(f"{c:<34}" for c in cells).rstrip())
        if group == "seats":
            gaps = [_gap(s["largest_gap"]) for s in sets]
            if two:
                gaps.append(_gap(data["largest_gap_difference"], signed=True))
            out.append(f"  {'largest gap from even':<{width}}" + "".join(f"{g:<34}" for g in gaps).rstrip())
            out.append("  (the largest gap's interval follows from the seats' intervals: it holds whenever they do)")
    out += ["", family_line(data["family"])]
    return "\n".join(out) + "\n"


# ---- --html ------------------------------------------------------------------------------------------------

STYLE = "svg{display:block;max-width:100%;height:auto;margin:.4rem 0 1rem}td{white-space:nowrap}"


def _table(heads: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{esc(h)}</th>" for h in heads)
    body = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in r) + "</tr>\n" for r in rows)
    return f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}</tbody>\n</table>\n"


def html(data: dict, command: str, version: str) -> str:
    """The standalone page of `risk balance --html`: the text report's tables; the seats' shares,
    the survival curve and (for two rule sets) the differences of the shares as charts, each with
    its simultaneous interval; the command; and the data as JSON (id "data")."""
    sets = data["rule_sets"]
    names = [s["rules"] for s in sets]
    title = f"Balance of {' against '.join(names)}"
    diffs = data.get("differences", [])
    body = [f"<h1>{esc(title)}</h1>\n",
            "<dl>" + "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in (
                ("Command", f"<pre><code>{esc(command)}</code></pre>"), ("Version", esc(f"riskrules {version}")),
                ("Players", esc(data["players"])), ("Bot", esc(sets[0]["bot"])))) + "</dl>\n"]
    body += [f"<p>{esc(line)}</p>\n" for line in seed_lines(data)]
    body.append(f"<p>Leader: the seat with the most {esc(data['leader_measure'])}.</p>\n")
    heads = ["", *(f"{'AB'[k]} = {n}" if len(names) == 2 else n for k, n in enumerate(names))]
    if diffs:
        heads.append("B − A")
    for group, heading in GROUPS:
        index = [i for i, r in enumerate(sets[0]["figures"]) if r["group"] == group]
        if not index:
            continue
        rows = []
        for i in index:
            share = _is_share(sets[0]["figures"][i])
            rows.append([sets[0]["figures"][i]["label"], *(cell(s["figures"][i], share) for s in sets),
                         *([cell(diffs[i], share, True)] if diffs else [])])
        if group == "seats":
            rows.append(["largest gap from even", *(_gap(s["largest_gap"]) for s in sets),
                         *([_gap(data["largest_gap_difference"], True)] if diffs else [])])
        body += [f"<h2>{esc(heading)}</h2>\n", _table(heads, rows)]
    for s in sets:
        seats = [r for r in s["figures"] if r["group"] == "seats"]
        body.append(charts.bar_chart([(str(k + 1), r["estimate"], r["low"], r["high"]) for k, r in enumerate(seats)],
                                     f"{s['rules']}: wins by seat (simultaneous intervals)", "share of games won",
                                     1 / data["players"], "an even share", number=lambda x: f"{100 * x:.0f}%"))
    for s in sets:
        running = [(str(r["key"].split()[-1]), r["estimate"], r["low"], r["high"]) for r in s["figures"]
                   if r["key"].startswith("running after")]
        body.append(charts.bar_chart(running, f"{s['rules']}: games still running after round r (simultaneous "
                                     "intervals)", "share of games", number=lambda x: f"{100 * x:.0f}%"))
    if diffs:
        shares = [(d["label"], 100 * d["estimate"], 100 * d["low"], 100 * d["high"], d["significant"])
                  for d in diffs if d["kind"] == "share"]
        body.append(charts.interval_chart(shares, "B − A: the shares, paired on common seeds (● significant after "
                                          "Holm)", "difference, percentage points"))
    body.append(f"<p>{esc(family_line(data['family']))}</p>\n")
    body.append('<p class="muted">The numbers of this page are also in it as JSON, exactly as --json prints them: '
                "the script element with the id “data”.</p>\n")
    return page(title, "".join(body) + json_script("data", data), style=STYLE)
