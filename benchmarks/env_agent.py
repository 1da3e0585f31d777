"""A small agent trained through the environment, and its ladder against `random` and `balanced`.

    python benchmarks/env_agent.py [--rules rulebooks/house/three-isles.risk] [--train 300] [--games 100] [--save W.npy]

A linear softmax policy over the environment's actions (a weight vector per action over the
observation, the illegal actions masked out), trained by REINFORCE (returns of the episode,
undiscounted, less a running mean as the baseline) in the Gymnasium environment — seat 0 against
two `random` bots, 3 players, at most 60 turns — with the territory-share shaping (1.0) beside the
reward at the end (+1 a win, -1 a loss, 0 at the turn limit). No dependency but numpy: the
weights live here. Then the ladder: the trained policy (its most likely legal action) and an
untrained agent (uniform over the legal actions) each play `--games` games in seat 0 against two
`random` bots and against two `balanced` bots, seeds 10,000 and on; it prints wins, losses and
turn limits of each, and the mean share of the board's territories the seat holds at the end.
`--save` keeps the trained weights (numpy's .npy) for benchmarks/env_client.py, which seats the
policy anywhere a bot is named (`--bot cmd:…`, `risk tournament`); `--games 0` skips the ladder.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from riskrules.env import RiskSingleEnv

MAX_TURNS = 60


def train(rules: str, games: int, seed: int, lr: float = 0.01) -> np.ndarray:
    env = RiskSingleEnv(rules, players=3, opponents="random", max_turns=MAX_TURNS, shaping=1.0)
    size, actions = env.observation_space["observation"].shape[0], env.action_space.n
    weights = np.zeros((actions, size + 1), dtype=np.float64)
    rng = np.random.default_rng(seed)
    baseline = 0.0
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        trail, rewards, done = [], [], False
        while not done:
            x = np.append(observation["observation"], 1.0)
            legal = np.flatnonzero(observation["action_mask"])
            logits = weights[legal] @ x
            p = np.exp(logits - logits.max())
            p /= p.sum()
            k = int(rng.choice(len(legal), p=p))
            trail.append((x, legal, p, k))
            observation, reward, terminated, truncated, _ = env.step(int(legal[k]))
            rewards.append(reward)
            done = terminated or truncated
        returns = np.cumsum(rewards[::-1])[::-1]
        baseline += 0.05 * (returns[0] - baseline)
        for (x, legal, p, k), g in zip(trail, returns):
            grad = -p
            grad[k] += 1.0
            weights[legal] += lr * (g - baseline) * np.outer(grad, x)
    return weights


def ladder(rules: str, weights: np.ndarray | None, opponents: str, games: int) -> tuple[int, int, int, float]:
    env = RiskSingleEnv(rules, players=3, opponents=opponents, max_turns=MAX_TURNS)
    rng = np.random.default_rng(0)
    wins = losses = limits = 0
    share = 0.0
    for game in range(games):
        observation, _ = env.reset(seed=10_000 + game)
        done = False
        while not done:
            legal = np.flatnonzero(observation["action_mask"])
            if weights is None:
                action = int(rng.choice(legal))
            else:
                action = int(legal[int(np.argmax(weights[legal] @ np.append(observation["observation"], 1.0)))])
            observation, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        wins += reward > 0
        losses += reward < 0
        limits += truncated
        share += env.played.own_share(0)
    return wins, losses, limits, share / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="rulebooks/house/three-isles.risk")
    parser.add_argument("--train", type=int, default=300, help="training games")
    parser.add_argument("--games", type=int, default=100, help="games of each ladder rung")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", help="keep the trained weights in this .npy file")
    args = parser.parse_args()
    began = time.time()
    weights = train(args.rules, args.train, args.seed)
    print(f"trained on {args.train} games ({time.time() - began:.0f} s)", flush=True)
    if args.save:
        np.save(args.save, weights)
    for opponents in ("random", "balanced") if args.games else ():
        for name, w in (("trained", weights), ("untrained (uniform)", None)):
            wins, losses, limits, share = ladder(args.rules, w, opponents, args.games)
            print(f"{name:<20} vs 2 × {opponents:<9}: {args.games} games, {wins} won, {losses} lost, "
                  f"{limits} at the turn limit ({MAX_TURNS} turns); its share of the territories at the end: "
                  f"{share:.1%}", flush=True)


if __name__ == "__main__":
    main()
