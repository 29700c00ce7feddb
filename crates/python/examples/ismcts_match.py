"""Sylvan's ``ismcts`` against OpenSpiel's Python ``ISMCTSBot`` on the same game, through these
bindings, at equal wall time per decision: OpenSpiel's bot runs a fixed number of simulations,
its mean time per decision is measured first, and Sylvan's bot gets that many milliseconds per
decision. Seats alternate game by game (seat-rotated), each game with its own seed. Prints the
win rate of Sylvan's bot with its Wilson 95% interval and each bot's iterations per second.

    python examples/ismcts_match.py woodwalkers --options '{"side": "night"}' --games 200
    python examples/ismcts_match.py spirits-of-the-wild --games 200
"""

import argparse
import json
import math
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

import sylvan.openspiel as so


def wilson(successes, n, z=1.96):
    """The Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


class Counted:
    """An OpenSpiel bot wrapper that counts decisions and their time."""

    def __init__(self, bot):
        self.bot = bot
        self.decisions = 0
        self.seconds = 0.0

    def step(self, state):
        start = time.perf_counter()
        action = self.bot.step(state)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


def play(game, openspiel_bot, sylvan_bot, sylvan_seat, seed, stats):
    """One game; returns Sylvan's share of the win (1, 0.5 on a tie, 0)."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(ids, p=probs)))
        elif state.current_player() == sylvan_seat:
            action, iterations, seconds = state.native.bot_action(
                sylvan_bot, int(rng.integers(2**63))
            )
            stats["sylvan_iterations"] += iterations
            stats["sylvan_seconds"] += seconds
            stats["sylvan_decisions"] += 1
            state.apply_action(action)
        else:
            state.apply_action(openspiel_bot.step(state))
    mine = state.returns()[sylvan_seat]
    return 1.0 if mine > 0 else 0.5 if mine == 0 else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--options", default="")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--simulations", type=int, default=200, help="OpenSpiel's per decision")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    params = {"players": 2, "options": args.options, "imperfect": True}
    game = pyspiel.load_game(so.short_name(args.game), params)
    evaluator = so.RolloutEvaluator(seed=args.seed)
    bot = Counted(
        ismcts.ISMCTSBot(game, evaluator, 2.0, args.simulations, random_state=np.random.RandomState(args.seed))
    )
    # Calibrate: OpenSpiel's mean time per decision over the first decisions of a few games.
    for g in range(3):
        state = game.new_initial_state()
        rng = np.random.default_rng(10_000 + g)
        steps = 0
        while not state.is_terminal() and steps < 12:
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(ids, p=probs)))
            else:
                state.apply_action(bot.step(state))
                steps += 1
    millis = max(1, round(1000 * bot.seconds / bot.decisions))
    sylvan_bot = f"ismcts:{millis}ms"
    bot.decisions, bot.seconds = 0, 0.0

    stats = {"sylvan_iterations": 0, "sylvan_seconds": 0.0, "sylvan_decisions": 0}
    wins = 0.0
    for g in range(args.games):
        wins += play(game, bot, sylvan_bot, g % 2, args.seed * 1_000_003 + g, stats)
        if (g + 1) % 10 == 0:
            print(f"{g + 1} games: Sylvan {wins:g} wins", file=sys.stderr, flush=True)
    low, high = wilson(wins, args.games)
    report = {
        "game": args.game,
        "options": args.options,
        "games": args.games,
        "openspiel_bot": f"ISMCTSBot(uct_c=2, max_simulations={args.simulations}, random rollouts)",
        "sylvan_bot": sylvan_bot,
        "sylvan_win_rate": wins / args.games,
        "sylvan_win_rate_ci95": [low, high],
        "openspiel_seconds_per_decision": bot.seconds / max(1, bot.decisions),
        "sylvan_seconds_per_decision": stats["sylvan_seconds"] / max(1, stats["sylvan_decisions"]),
        "openspiel_iterations_per_sec": args.simulations * bot.decisions / max(1e-9, bot.seconds),
        "sylvan_iterations_per_sec": stats["sylvan_iterations"] / max(1e-9, stats["sylvan_seconds"]),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
