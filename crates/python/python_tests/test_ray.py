"""The Ray example runs its batches as tasks on a local Ray instance."""

import os
import subprocess
import sys
from pathlib import Path

import ray

import sylvan

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
sys.path.insert(0, str(EXAMPLES))

import ray_simulate  # noqa: E402


def test_ray_example_adds_up_the_batches():
    try:
        result = ray_simulate.run("woodwalkers", players=3, batches=4, games=50, seed=11)
    finally:
        ray.shutdown()
    assert result["games"] == 200
    assert abs(sum(result["win_rate_by_seat"]) - 1.0) < 1e-9
    # The same games as the batch API plays them, batch by batch.
    decisions = sum(
        d
        for b in range(4)
        for _, d in sylvan.simulate("woodwalkers", 50, 11 + b, 3)
    )
    assert result["decisions"] == decisions


def test_ray_example_runs_as_a_script():
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    out = subprocess.run(
        [sys.executable, str(EXAMPLES / "ray_simulate.py"), "wispwood", "--batches", "2",
         "--games", "20"],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert out.returncode == 0, out.stderr
    assert "games: 40" in out.stdout
