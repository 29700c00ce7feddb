"""Bulk simulation of a Sylvan game as Ray tasks, one batch per task.

Each task plays a batch of uniformly random games in Rust (``sylvan.simulate``, GIL released)
and returns per-seat wins and the decisions played; the driver adds them up. Game ``i`` of
batch ``b`` has seed ``derive_seed(seed + b, i)``, so a run is reproducible whatever the
cluster. Runs unchanged on a laptop (a local Ray instance) or a cluster (``RAY_ADDRESS`` set,
or ``--address auto`` on a cluster node):

    python examples/ray_simulate.py woodwalkers --players 3 --batches 8 --games 2000
"""

import argparse
import os
import time

import ray


@ray.remote
def simulate_batch(name, players, options, games, seed):
    """Plays one batch on a worker; returns (wins per seat, games, decisions)."""
    import sylvan

    wins = [0.0] * players
    decisions = 0
    for returns, d in sylvan.simulate(name, games, seed, players, options):
        decisions += d
        best = max(returns)
        winners = [s for s, r in enumerate(returns) if r == best]
        if players == 1:
            winners = winners if best > 0 else []
        for s in winners:
            wins[s] += 1.0 / len(winners)
    return wins, games, decisions


def run(name, players=2, options="", batches=4, games=500, seed=0, address=None):
    """Runs the batches as Ray tasks and returns the summed result."""
    if not ray.is_initialized():
        address = address or os.environ.get("RAY_ADDRESS")
        if address:
            ray.init(address=address)
        else:
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    start = time.perf_counter()
    futures = [
        simulate_batch.remote(name, players, options, games, seed + b) for b in range(batches)
    ]
    wins = [0.0] * players
    total_games = total_decisions = 0
    for w, g, d in ray.get(futures):
        wins = [a + b for a, b in zip(wins, w)]
        total_games += g
        total_decisions += d
    seconds = time.perf_counter() - start
    return {
        "game": name,
        "players": players,
        "games": total_games,
        "decisions": total_decisions,
        "win_rate_by_seat": [w / total_games for w in wins],
        "seconds": seconds,
        "games_per_second": total_games / seconds,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--options", default="")
    parser.add_argument("--batches", type=int, default=4)
    parser.add_argument("--games", type=int, default=500, help="games per batch")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--address", default=None, help="a Ray cluster's address")
    args = parser.parse_args()
    result = run(
        args.game, args.players, args.options, args.batches, args.games, args.seed, args.address
    )
    for key, value in result.items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
