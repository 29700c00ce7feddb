"""Measures the bindings: batch ``simulate`` games per second on one core, and single-step
PettingZoo play in steps per second (random legal actions chosen in Python).

    python examples/bench.py woodwalkers --games 20000 --steps 20000
"""

import argparse
import time

import numpy as np

import sylvan
import sylvan.pettingzoo as sp


def bench_simulate(name, games, players):
    start = time.perf_counter()
    sylvan.simulate(name, games, 1, players)
    return games / (time.perf_counter() - start)


def bench_pettingzoo(name, steps, players):
    env = sp.env(name, players)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    done_steps = 0
    start = time.perf_counter()
    while done_steps < steps:
        for agent in env.agent_iter():
            obs, _, done, truncated, _ = env.last()
            if done or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done_steps += 1
            if done_steps >= steps:
                break
        env.reset()
    return done_steps / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--steps", type=int, default=20000)
    args = parser.parse_args()
    print(f"simulate games/s: {bench_simulate(args.game, args.games, args.players):.0f}")
    print(f"pettingzoo steps/s: {bench_pettingzoo(args.game, args.steps, args.players):.0f}")


if __name__ == "__main__":
    main()
