"""Sylvan's ``ismcts`` against OpenSpiel's Python ``ISMCTSBot`` on the same game, through these
bindings, at equal wall time per decision: both bots search until the same per-decision budget
runs out (Sylvan's as ``ismcts:<millis>ms``; OpenSpiel's through ``TimedISMCTSBot``, which runs
OpenSpiel's simulations until the clock passes the budget, at least two). Seats alternate game by game
(seat-rotated), each game with its own seed. Prints the win rate of Sylvan's bot with its Wilson
95% interval and each bot's iterations per second.

    python examples/ismcts_match.py woodwalkers --options '{"side": "night"}' --games 200 --millis 20
    python examples/ismcts_match.py spirits-of-the-wild --games 200 --millis 20
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


class TimedISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's ``ISMCTSBot`` stopped by the clock instead of a number of simulations: its
    own ``run_search`` steps (resample the root, one simulation) repeat until ``seconds`` have
    passed, at least twice. Counts searches, simulations and their time."""

    def __init__(self, game, evaluator, uct_c, seconds, random_state=None):
        super().__init__(game, evaluator, uct_c, max_simulations=1, random_state=random_state)
        self.budget = seconds
        self.searches = 0
        self.simulations = 0
        self.seconds = 0.0

    def run_search(self, state):
        start = time.perf_counter()
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            # A forced decision is not searched, by either bot.
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        key = self.get_state_key(state)
        runs = 0
        # At least two: OpenSpiel's first simulation only expands the root, unvisited.
        while runs < 2 or time.perf_counter() - start < self.budget:
            sampled = self.sample_root_state(state)
            assert key == self.get_state_key(sampled)
            self.run_simulation(sampled)
            runs += 1
        self.searches += 1
        self.simulations += runs
        self.seconds += time.perf_counter() - start
        return self.get_final_policy(state, self._root_node)


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
            if len(state.legal_actions()) > 1:
                stats["sylvan_iterations"] += iterations
                stats["sylvan_seconds"] += seconds
                stats["sylvan_searches"] += 1
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
    parser.add_argument("--millis", type=int, default=20, help="each bot's time per decision")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    params = {"players": 2, "options": args.options, "imperfect": True}
    game = pyspiel.load_game(so.short_name(args.game), params)
    evaluator = so.RolloutEvaluator(seed=args.seed)
    bot = TimedISMCTSBot(
        game, evaluator, 2.0, args.millis / 1000, random_state=np.random.RandomState(args.seed)
    )
    sylvan_bot = f"ismcts:{args.millis}ms"

    stats = {"sylvan_iterations": 0, "sylvan_seconds": 0.0, "sylvan_searches": 0}
    wins = 0.0
    started = time.perf_counter()
    for g in range(args.games):
        wins += play(game, bot, sylvan_bot, g % 2, args.seed * 1_000_003 + g, stats)
        if (g + 1) % 10 == 0:
            print(f"{g + 1} games: Sylvan {wins:g} wins", file=sys.stderr, flush=True)
    low, high = wilson(wins, args.games)
    report = {
        "game": args.game,
        "options": args.options,
        "games": args.games,
        "millis_per_decision": args.millis,
        "openspiel_bot": f"ISMCTSBot(uct_c=2, random rollouts in Rust) for {args.millis} ms",
        "sylvan_bot": sylvan_bot,
        "sylvan_win_rate": wins / args.games,
        "sylvan_win_rate_ci95": [low, high],
        "openspiel_seconds_per_search": bot.seconds / max(1, bot.searches),
        "sylvan_seconds_per_search": stats["sylvan_seconds"] / max(1, stats["sylvan_searches"]),
        "openspiel_iterations_per_search": bot.simulations / max(1, bot.searches),
        "sylvan_iterations_per_search": stats["sylvan_iterations"]
        / max(1, stats["sylvan_searches"]),
        "openspiel_iterations_per_sec": bot.simulations / max(1e-9, bot.seconds),
        "sylvan_iterations_per_sec": stats["sylvan_iterations"] / max(1e-9, stats["sylvan_seconds"]),
        "match_seconds": time.perf_counter() - started,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
