"""A/A and coverage: a fast slice of benchmarks/calibration.py (its full-size figures: issue 10's note).

Bounds come from the binomial distribution, at about the 1% level for each test: with 20
replications and a true rate of 5%, 5 or more replications with a false row happen with
probability 0.26%; 12 or more false rows of 100, 0.43%. With a true coverage of 95%, one row
covered 15 or fewer times of 20 has probability 0.26%, so any of the four rows about 1%.
(A first bound of 17 of 20 ignored that four rows are checked; seat 2 covered 16 of 20.)

The seeds are fixed, so each test gives the same figures every time: the bounds say how
unlucky a correct instrument would have to be to fail them, not how often they fail.
"""

from __future__ import annotations

from pathlib import Path

from riskrules.instrument.calibration import aa, coverage, sequential_coverage
from riskrules.instrument.simulate import Job

RULES = Path(__file__).resolve().parent.parent / "benchmarks" / "rules"
BASE = Job("sv-2000", None, 3)
# games an arm in each replication (50 until the suite outgrew its time): the bounds below count
# replications, which stay 20; fewer games widen each interval, not the share that covers
GAMES = 25
# the A/A's games an arm (25 until the suite outgrew its time again): with no difference to find, fewer
# games change nothing the test counts (seed 1 at 15: 1 false row of 100, none after Holm)
AA_GAMES = 15

# `python benchmarks/calibration.py`: ties to the attacker − sv-2000, 10,000 games, seed 1000 (before the balanced
# bot spread its setup armies they were +0.0023, -0.0024, +0.0001 and -5.6318)
KNOWN = {"seat 1": 0.0051, "seat 2": 0.0022, "seat 3": -0.0073, "turns": -6.4935}


def test_aa_false_significance_is_controlled():
    found = aa(BASE, Job(str(RULES / "sv-2000-copy.risk"), None, 3), games=AA_GAMES, replications=20, seed=1)
    assert found["rows"] == 100
    assert found["raw_false_rate"] <= 0.11  # ~5% expected per row without correction: at most 11 of 100
    assert found["holm_false_rate"] <= 0.05
    assert found["familywise_false_rate"] <= 0.2  # at most 4 of 20


def test_paired_intervals_cover_a_known_difference():
    changed = Job(str(RULES / "sv-2000-ties-attacker.risk"), None, 3)
    rates = coverage(BASE, changed, KNOWN, games=GAMES, replications=20, seed=2)
    assert set(rates) == set(KNOWN)
    assert min(rates.values()) >= 0.8, rates  # at least 16 of 20 for every row


def test_paired_intervals_cover_a_known_difference_when_the_precision_rule_decides_the_count():
    """The --precision rule of compare, looking first after 20 games and stopping at ±30 pp: the
    count depends on the data (here from 20 to 60 games), where that dependence is largest.
    (±25 pp, 40 to 80 games, until the suite outgrew its time.)"""
    changed = Job(str(RULES / "sv-2000-ties-attacker.risk"), None, 3)
    found = sequential_coverage(BASE, changed, KNOWN, precision=0.3, replications=20, seed=3, first=20,
                                max_games=400)
    assert found["games"]["min"] < found["games"]["max"]  # the rule, not a fixed count, decided
    assert found["reached"] == 1.0
    assert min(found["rates"].values()) >= 0.8, found  # at least 16 of 20 for every row
    assert found["simultaneous"] >= 0.8, found  # all four rows' simultaneous intervals together (≥ 95% promised)
