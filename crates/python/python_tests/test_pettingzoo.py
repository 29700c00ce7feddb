"""PettingZoo's own tests on every Sylvan game and player count."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import sylvan.pettingzoo as sp

from conftest import game_counts


@pytest.mark.parametrize("name,players", game_counts())
def test_api_test_passes(name, players):
    api_test(sp.env(name, players), num_cycles=1000)


@pytest.mark.parametrize("name,players", game_counts())
def test_seed_test_passes(name, players):
    seed_test(lambda: sp.env(name, players), num_cycles=200)


def test_a_whole_game_pays_the_winner_and_renders():
    env = sp.env("woodwalkers", 2, '{"side": "night"}', render_mode="ansi")
    env.reset(seed=5)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(5)
    for agent in env.agent_iter():
        obs, reward, done, truncated, _ = env.last()
        totals[agent] += reward
        if done or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    assert sorted(totals.values()) == [-1.0, 1.0] or sorted(totals.values()) == [0.0, 0.0]
    text = env.render()
    assert "Player 1" in text
    drawn = sp.env("spirits-of-the-wild", 2, render_mode="rgb_array")
    drawn.reset(seed=1)
    image = drawn.render()
    assert image.ndim == 3 and image.shape[2] == 3 and image.std() > 0
    assert drawn.svg().startswith("<svg")
