"""Every Sylvan game as a PettingZoo ``AECEnv``: ``sylvan.pettingzoo.env("woodwalkers",
players=3)``.

Agents are ``player_0`` … ``player_{n-1}`` (seats in order). Each observation is a dict:
``observation`` (the game's observation tensor for that seat, float32, documented in the
game's ``encode.rs``) and ``action_mask`` (int8 over the game's dense action ids, all zero for
an agent not to move). Chance points are resolved by the environment's generator, seeded by
``reset(seed=...)``. Rewards come once, at the end, from the ranking (zero sum with two or
more players; 1/0 solo). ``render_mode="ansi"`` gives the game's text, ``"rgb_array"`` its
drawing rasterised, both as a spectator sees the table (nothing hidden leaks).
"""

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from sylvan._native import NativeGame


def env(name, players=2, options="", render_mode=None):
    """An AEC environment of Sylvan game ``name``."""
    return SylvanEnv(name, players, options, render_mode)


class SylvanEnv(AECEnv):
    """A Sylvan game as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "is_parallelizable": False}

    def __init__(self, name, players=2, options="", render_mode=None):
        super().__init__()
        self.game = NativeGame(name, players, options)
        self.metadata = dict(self.metadata, name="sylvan_" + name.replace("-", "_"))
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        n = self.game.num_distinct_actions
        shape = tuple(self.game.observation_shape)
        space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, shape, np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng = random.Random(0)
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _seat(self, agent):
        return self.possible_agents.index(agent)

    def _settle(self):
        """Resolves chance points with the environment's generator, then picks the agent."""
        s = self.state
        while s.is_chance():
            ids, probs = zip(*s.chance_outcomes())
            s.apply(self._rng.choices(ids, weights=probs)[0])
        if s.is_terminal():
            for agent, r in zip(self.possible_agents, s.returns()):
                self.rewards[agent] = float(r)
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[s.seat()]

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.game.new_state()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._settle()
        self._accumulate_rewards()

    def observe(self, agent):
        seat = self._seat(agent)
        mask = np.zeros(self.game.num_distinct_actions, np.int8)
        if self.state.seat() == seat:
            mask[self.state.legal_actions()] = 1
        return {
            # Bytes into NumPy, not a list of Python floats (the step rate's main cost).
            "observation": np.frombuffer(self.state.observation_bytes(seat), "<f4").copy(),
            "action_mask": mask,
        }

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.state.apply(int(action))
        self._settle()
        if self.state.is_terminal():
            self._accumulate_rewards()
            # Every agent sees its final reward through last() before it leaves.
            self.agent_selection = self.agents[0]

    def render(self):
        if self.render_mode == "ansi":
            return self.state.text(None)
        if self.render_mode == "rgb_array":
            drawn = self.state.rgba(None)
            if drawn is None:
                return None
            w, h, data = drawn
            return np.frombuffer(bytes(data), np.uint8).reshape(h, w, 4)[:, :, :3].copy()
        return None

    def svg(self):
        """The position drawn as SVG, as a spectator sees it."""
        return self.state.svg(None)

    def close(self):
        pass
