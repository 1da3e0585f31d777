"""Fit the strong bot's value of an undecided mission game (strong.VALUE): a logistic model of
the chance that a player wins, from what the board shows at the start of his turn.

    python benchmarks/fit_value.py                     # 3-6 players, 4,000 games each (about 5 min)
    python benchmarks/fit_value.py --games 500 --seed 900000

Data: games of `balanced` bots only (the policy of the strong bot's playouts, so the positions
a playout ends in are of this kind), sv-2000 with secret missions, game g of n players on seed
seed + 10,000·n + g. A row is a player at the start of one of his turns: valuing.value_features
(his share of strength, his mission's progress by kind, the nearest opponent's progress, 1/n)
and whether he went on to win. Newton's method on the log-likelihood (needs numpy: it comes
with the `plot` or `test` extras). Prints the coefficients to paste into strong.VALUE, and the
mean log loss on held-out games (every fifth) of the fitted model, of the race score strong
used before it (0.2 share + 0.8 (progress - 0.5 nearest), as a logistic model of one input
fitted alike), and of the base rate.
"""

from __future__ import annotations

import argparse

from riskrules.engine.agents import make_bot
from riskrules.engine.agents.valuing import value_features
from riskrules.engine.game import Game
from riskrules.language.loader import load_rules


def positions(edition: str, variant: str, players: int, games: int, seed: int):
    """(features, won, game number) per player per turn start."""
    rules = load_rules(edition, [variant], players)
    rows = []
    for g in range(games):
        seen = []
        game = None

        def listen(event):
            if event["type"] == "turn_start":
                seat = game.names.index(event["player"])
                if game.missions[seat] is not None:
                    seen.append((seat, value_features(game, seat)))

        game = Game(rules, [make_bot("balanced") for _ in range(players)], seed + 10_000 * players + g,
                    listeners=[listen])
        result = game.play()
        rows += [(x, float(result.winner == game.names[seat]), g) for seat, x in seen]
    return rows


def fit(X, y, steps: int = 25):
    import numpy as np
    w = np.zeros(X.shape[1])
    ridge = 1e-6 * np.eye(X.shape[1])
    for _ in range(steps):
        q = 1 / (1 + np.exp(-(X @ w)))
        hessian = (X * (q * (1 - q))[:, None]).T @ X + ridge
        w -= np.linalg.solve(hessian, X.T @ (q - y) + ridge @ w)
    return w


def log_loss(X, y, w) -> float:
    import numpy as np
    q = np.clip(1 / (1 + np.exp(-(X @ w))), 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(q) + (1 - y) * np.log(1 - q)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edition", default="sv-2000")
    ap.add_argument("--variant", default="missions")
    ap.add_argument("--players", default="3,4,5,6")
    ap.add_argument("--games", type=int, default=4000, help="per player count")
    ap.add_argument("--seed", type=int, default=100_000)
    args = ap.parse_args()
    try:
        import numpy as np
    except ImportError:
        raise SystemExit("fit_value.py needs numpy: pip install numpy")

    rows = []
    for n in (int(p) for p in args.players.split(",")):
        part = positions(args.edition, args.variant, n, args.games, args.seed)
        print(f"{n} players: {args.games} games, {len(part)} positions")
        rows += part
    X = np.array([x for x, _, _ in rows], float)
    y = np.array([won for _, won, _ in rows])
    held = np.array([g % 5 == 4 for _, _, g in rows])
    w = fit(X[~held], y[~held])
    # the race score as it was: share, mission progress, nearest opponent (columns 1, 2-4, 8)
    race = 0.2 * X[:, 1] + 0.8 * (X[:, 2] + X[:, 3] + X[:, 4] - 0.5 * X[:, 8])
    R = np.c_[np.ones(len(y)), race]
    r = fit(R[~held], y[~held])
    base = y[~held].mean()
    print(f"held-out log loss: fitted {log_loss(X[held], y[held], w):.4f}, "
          f"race score {log_loss(R[held], y[held], r):.4f}, "
          f"base rate {log_loss(np.ones((held.sum(), 1)), y[held], np.array([np.log(base / (1 - base))])):.4f}")
    w = fit(X, y)
    print("VALUE = (" + ", ".join(f"{v:.3f}" for v in w) + ")")


if __name__ == "__main__":
    main()
