"""Under fog an observation of the environment holds nothing its seat may not see (issue 51).

The fog harness's own account of what a seat is entitled to see (tests/fogcheck.py `Entitled`,
worked out from the full log by its own means) is compared, territory by territory, with every
observation of every seat — the acting seat's and the others' (observe may be asked of any agent),
after each step, from the reset on — decoded back into owners and armies. The seat protocol's view
(agents/seat_json.py) is checked the same way. The info dicts stay empty.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed: pip install 'riskrules[env]'")

from fogcheck import Entitled  # noqa: E402

from riskrules.engine.agents.random_agent import RandomAgent  # noqa: E402
from riskrules.engine.agents.seat_json import view_json  # noqa: E402
from riskrules.engine.agents import make_bot  # noqa: E402
from riskrules.engine.game import Game  # noqa: E402
from riskrules.env import RiskEnv  # noqa: E402
from riskrules.env.encoding import ARMY_SCALE  # noqa: E402

FOGS = ["rulebooks/house/fog-normal.risk", "rulebooks/house/fog-complete.risk"]


def decoded(env, seat, observation):
    """[owner name, "" free or None unseen; armies or None unseen] of each territory, as Entitled.shown."""
    enc = env.played.encoding
    names = env.played.names
    board = observation[:enc.n * enc.features].reshape(enc.n, enc.features)
    shown = []
    for row in board:
        column = int(np.flatnonzero(row[:enc.seats + 2])[0])
        if column == enc.free:
            shown.append(["", 0])
            continue
        owner = None if column == enc.hidden else \
            names[(seat + column) % enc.players] if column < enc.players else names[column]
        armies = None if row[enc.armies_hidden] else int(round(row[enc.armies_col] / ARMY_SCALE))
        shown.append([owner, armies])
    return shown


def check(rules, full, seen, seat_of):
    """Every (index into the full log, seat, shown) in `seen` against what Entitled allows then."""
    entitled = {seat: Entitled(rules, full[0], seat) for seat in set(seat_of)}
    by_index: dict[int, list] = {}
    for item in seen:
        by_index.setdefault(item[0], []).append(item)
    found, checked = [], 0
    for k, event in enumerate(full):
        for e in entitled.values():
            e.apply(event)
        for _, seat, shown in by_index.get(k, []):
            checked += 1
            for x, value in enumerate(shown):
                if value != entitled[seat].shown(x):
                    found.append(f"event {k}: seat {seat} shown {value} for {rules.board.territories[x]}, "
                                 f"entitled to {entitled[seat].shown(x)}")
    return found, checked


@pytest.mark.parametrize("rules", FOGS)
def test_no_observation_holds_what_the_fog_hides(rules):
    env = RiskEnv(rules, players=3, max_turns=18, events=True)
    rng = np.random.default_rng(5)
    env.reset(seed=7)
    seen = []
    for agent in env.agent_iter():
        k = len(env.played.events) - 1
        for other in env.agents:
            seat = env.possible_agents.index(other)
            seen.append((k, seat, decoded(env, seat, env.observe(other)["observation"])))
        observation, _, termination, truncation, info = env.last()
        assert info == {}
        env.step(None if termination or truncation else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    found, checked = check(env.played.rules, env.played.events, seen, [0, 1, 2])
    assert found == [] and checked > 500
    # and the fog does hide something in these games
    assert any(value[0] is None for _, _, shown in seen for value in shown)


def test_no_seat_protocol_view_holds_what_the_fog_hides():
    env = RiskEnv(FOGS[0], players=3, max_turns=1)  # (for its rules)
    rules = env.played.rules
    full, seen = [], []

    class Viewed(RandomAgent):
        def decide(self, d):
            view = view_json(d.view)
            names = d.view.names
            seen.append((len(full) - 1, self.seat, [
                ["", 0] if o == -1 else [None if o is None else names[o], a] for o, a in zip(view["owner"], view["armies"])]))
            return super().decide(d)

    Game(rules, [Viewed(), make_bot("balanced"), Viewed()], 9, max_turns=40, listeners=[full.append]).play()
    found, checked = check(rules, full, seen, [0, 2])
    assert found == [] and checked > 300
