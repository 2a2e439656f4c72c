"""A short training run: one seat learns against two random bots.

A linear softmax policy over the legal actions (the action mask), trained with
REINFORCE and a running baseline, in plain numpy, then compared with picking a
legal action at random on the same games. It shows how to drive
:class:`cluedo.env.SingleSeatEnv` - reset with a seed, read the mask, step,
read the reward at the end - and is deliberately untuned: a linear policy and a
few hundred games are not expected to beat random play by much. Clussassin is
the default because random play wins some of its games; in the classic game a
seat must accuse correctly to win, which random play almost never does.

    python examples/train_reinforce.py --episodes 300
"""

from __future__ import annotations

import argparse

import numpy as np

from cluedo.env import SingleSeatEnv


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    logits = np.where(mask == 1, logits, -np.inf)
    logits = logits - logits.max()
    p = np.exp(logits)
    return p / p.sum()


def play(env: SingleSeatEnv, weights: np.ndarray | None, rng: np.random.Generator, seed: int):
    """One game; with ``weights`` None, a uniformly random legal action each time."""
    obs, _ = env.reset(seed=seed)
    steps: list[tuple[np.ndarray, np.ndarray, int]] = []
    reward, done = 0.0, False
    while not done:
        mask = obs["action_mask"]
        if weights is None:
            action = int(rng.choice(np.flatnonzero(mask)))
        else:
            p = masked_softmax(obs["observation"] @ weights, mask)
            action = int(rng.choice(len(p), p=p))
            steps.append((obs["observation"], p, action))
        obs, reward, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    return reward, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--episodes", type=int, default=100)
    parser.add_argument("--evaluate", type=int, default=100, help="games to compare at the end")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="clussassin")
    parser.add_argument("--learning-rate", type=float, default=0.01)
    args = parser.parse_args()

    env = SingleSeatEnv(args.rules, players=3, bots=["random", "random"], max_actions=500)
    rng = np.random.default_rng(args.seed)
    size = env.observation_space["observation"].shape[0]
    weights = np.zeros((size, env.action_space.n))
    baseline = 0.0
    for episode in range(args.episodes):
        reward, steps = play(env, weights, rng, seed=args.seed * 100_000 + episode)
        baseline += 0.05 * (reward - baseline)
        advantage = reward - baseline
        for observation, p, action in steps:
            grad = -p
            grad[action] += 1.0  # d log softmax / d logits
            weights += args.learning_rate * advantage * np.outer(observation, grad)
        if (episode + 1) % 50 == 0:
            print(f"episode {episode + 1}: running mean reward {baseline:+.2f}")

    def win_rate(policy: np.ndarray | None) -> float:
        seeds = range(10**6, 10**6 + args.evaluate)
        return float(np.mean([play(env, policy, rng, seed=s)[0] > 0 for s in seeds]))

    print(f"learned policy wins {win_rate(weights):.0%} of {args.evaluate} games")
    print(f"random legal play wins {win_rate(None):.0%} of the same games")


if __name__ == "__main__":
    main()
