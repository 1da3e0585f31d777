"""Results as data for programs: the JSON shapes and the CSV lines the `risk` commands print and write.

Each function takes the numbers themselves (summaries, records, problems, the odds), never the
experiment that made them, so that a report page can give the same shapes as the command line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path

from .i18n import Text


def json_text(data) -> str:
    """JSON as the commands print it: indented, non-ASCII letters as they are."""
    return json.dumps(data, ensure_ascii=False, indent=2)


# ---- rules -----------------------------------------------------------------------------------------

def rules_json(model: dict, board, fingerprint: str) -> dict:
    """`risk rules --json`: the merged rules, the board and the rules' fingerprint."""
    return {**model, "board": board.to_json(), "fingerprint": fingerprint}


def diff_json(rows: Iterable[tuple], a: str, b: str) -> list[dict]:
    """`risk diff --json`: one object per differing rule, the values under the names of A and B."""
    return [{"section": s, "rule": rule, a: va, b: vb} for s, rule, va, vb in rows]


def problem_json(p, t: Text, path: Path) -> dict:
    """`risk check --json`: one problem of a rule file (`path` when the problem has no position)."""
    return {
        "file": p.pos.file if p.pos else str(path),
        "line": p.pos.line if p.pos else None,
        "column": p.pos.col if p.pos else None,
        "message": p.text(t._),
        "severity": "warning" if p.warning else "error",
        "chain": list(p.chain),
    }


# ---- simulations ----------------------------------------------------------------------------------

def simulation_json(edition: str, variant: str | None, sets: Sequence[str], players: int, bot: str, seed: int,
                    summary: dict, stopping: dict) -> dict:
    """`risk simulate --json`: what was played (the --set rules only if any) and the summary."""
    extra = {"set": list(sets)} if sets else {}
    return {"edition": edition, "variant": variant, **extra, "players": players, "bot": bot, "seed": seed,
            "stopping": stopping, **summary}


def sweep_json(edition: str, variant: str | None, templates: Sequence[str], values: Sequence, players: int, seed: int,
               populations: Sequence[str], runs: Sequence[Sequence[dict]], pairs: Sequence[tuple[int, int]],
               diffs: Sequence[Sequence[dict]], trends: Sequence[dict | None], stopping: dict, correction: dict,
               identical: Sequence[tuple[int, int]]) -> dict:
    """`risk sweep --json`. Per bot population: each value's run (shaped like `simulate --json`,
    with its "value"), the paired differences of the `pairs` of values (by index: "from" the
    earlier value "to" the later, "adjacent" or against the first), and the trend along numeric
    values (null for words). `identical`: pairs of values whose rules play alike."""
    def difference(i: int, j: int, d: dict) -> dict:
        return {"from": values[i], "to": values[j], "pair": "adjacent" if j == i + 1 else "from_first", **d}

    return {"edition": edition, "variant": variant, "set": list(templates), "values": list(values),
            "players": players, "seed": seed, "seeds": "common", "stopping": stopping, "correction": correction,
            "identical": [[values[i], values[j]] for i, j in identical],
            "populations": [{"bot": b, "runs": [{"value": v, **r} for v, r in zip(values, rs)],
                             "differences": [difference(i, j, d) for (i, j), d in zip(pairs, ds)],
                             "trend": None if trend is None else {"per": "1 of the value", **trend}}
                            for b, rs, ds, trend in zip(populations, runs, diffs, trends)]}


def comparison_json(arms: Sequence[tuple[str, str | None]], populations: Sequence[str],
                    summaries: Sequence[Sequence[dict]], diffs: Sequence[Sequence[dict]], players: int, seed: int,
                    independent: bool, sets: Sequence[str] | None, stopping: dict, correction: dict,
                    identical: Sequence[tuple[int, int]] = ()) -> dict:
    """`risk compare --json`. `arms`: the (edition, variant) of each run; per bot population, the
    summary of each run and the differences of each run from the first. `identical`: pairs of runs
    (by their place, from 0) whose rules play alike."""
    return {"players": players, "seed": seed, "seeds": "independent" if independent else "common",
            **({"set": sets} if sets else {}), "stopping": stopping, "correction": correction,
            "identical": [list(pair) for pair in identical],
            "populations": [{"bot": b, "runs": [{"edition": edition, "variant": variant, **s}
                                                for (edition, variant), s in zip(arms, ss)],
                             "differences_from_first": ds}
                            for b, ss, ds in zip(populations, summaries, diffs)]}


SIMULATION_CSV_HEAD = "game,seed,winner_seat,reason,turns,continents_held,neutral_territories,trades,largest_trade"


def simulation_csv(records: Iterable, continents: Sequence[str]) -> list[str]:
    """`risk simulate --csv`: the head and one line per game record (seats from 1; empty: none)."""
    lines = [SIMULATION_CSV_HEAD]
    for r in records:
        held = ";".join(continents[k] for k in r.continents)
        lines.append(f"{r.index},{r.seed},{r.winner + 1 if r.winner >= 0 else ''},{r.reason},{r.turns},{held},"
                     f"{r.neutral_left if r.neutral_left >= 0 else ''},{r.trades},{r.largest_trade}")
    return lines


def tournament_json(edition: str, variant: str | None, players: int, seed: int, lineup: Sequence[str],
                    standings: dict) -> dict:
    """`risk tournament --json`: the match and its standings."""
    return {"edition": edition, "variant": variant, "players": players, "seed": seed, "lineup": list(lineup),
            **standings}


# ---- odds ------------------------------------------------------------------------------------------

def odds_json(odds, attackers: int, defenders: int) -> dict:
    """`risk odds --json`: one attack (odds: engine.odds.Odds, or anything with its three tables)."""
    return {"attackers": attackers, "defenders": defenders, "p_attacker_wins": odds.p_win[attackers][defenders],
            "expected_attacker_left": odds.expected_attacker[attackers][defenders],
            "expected_defender_left": odds.expected_defender[attackers][defenders]}


def odds_table_json(odds, size: int) -> list[dict]:
    """`risk odds --table N --json`: every attack of 1..N attackers on 1..N defenders."""
    return [odds_json(odds, a, d) for a in range(1, size + 1) for d in range(1, size + 1)]
