"""Every Sylvan game registered with OpenSpiel as ``sylvan_<game>`` (hyphens become
underscores), e.g. ``pyspiel.load_game("sylvan_woodwalkers", {"players": 3})``.

Parameters: ``players``, ``options`` (a JSON object as text, merged over the game's
defaults) and ``imperfect`` (declare a perfect-information game as imperfect-information, for
algorithms such as ``ismcts.ISMCTSBot`` that accept nothing else; its information sets are then
single states). Games are sequential with explicit stochastic chance; perfect or imperfect
information as the game is; zero-sum from the final ranking with two or more players (+1/-1
for a two-player win, 0 each for a tie; ``(n*[won]/winners - 1)/(n - 1)`` in general) and
general-sum 1/0 for a solo win or loss. ``max_game_length`` is the game's decision bound.
Observers give the game's observation tensor and text, and the perfect-recall information
state: a tensor (``dict`` pieces ``"observation"``, the observation tensor now, and
``"own_decisions"``, one slot per own decision in order holding ``(id + 1) /
num_distinct_actions``, 0 while unused, at most 512 slots, then a field that is 0 unless the
seat took more decisions than that, else a digest of the later ones in ``(0, 1]``) and a text
(the observation, then the seat's log: ``> ACTION`` for its own decisions and the events of
every step worded for it). ``resample_from_infostate`` is the game's ``determinize``; the
resampled state carries only what the seat knows (its own decisions as the native history,
its own log). States clone and pickle.
"""

import random

import numpy as np
import pyspiel

from sylvan._native import NativeGame
from sylvan import games as _games

_REGISTERED = {}


def short_name(name):
    """The OpenSpiel name of a Sylvan game."""
    return "sylvan_" + name.replace("-", "_")


def _default_players(info):
    return min(max(2, info["min_players"]), info["max_players"])


def _game_type(info, players, hidden):
    solo = players == 1
    return pyspiel.GameType(
        short_name=short_name(info["name"]),
        long_name="Sylvan " + info["title"],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if info["chance"]
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if hidden
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=(
            pyspiel.GameType.Utility.GENERAL_SUM
            if solo
            else pyspiel.GameType.Utility.ZERO_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info["max_players"],
        min_num_players=info["min_players"],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": _default_players(info),
            "options": "",
            "imperfect": False,
        },
    )


class SylvanGame(pyspiel.Game):
    """One Sylvan game for OpenSpiel (subclassed per game by ``register``)."""

    _info = None

    def __init__(self, params=None):
        params = dict(params or {})
        info = self._info
        players = int(params.get("players", _default_players(info)))
        options = str(params.get("options", ""))
        imperfect = bool(params.get("imperfect", False))
        self.native = NativeGame(info["name"], players, options)
        hidden = self.native.hidden_information or imperfect
        utility_min = 0.0 if players == 1 else -1.0 / (players - 1)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.native.num_distinct_actions,
            max_chance_outcomes=self.native.max_chance_outcomes,
            num_players=players,
            min_utility=utility_min,
            max_utility=1.0,
            utility_sum=None if players == 1 else 0.0,
            max_game_length=int(self.native.max_game_length),
        )
        super().__init__(
            _game_type(info, players, hidden),
            game_info,
            {"players": players, "options": options, "imperfect": imperfect},
        )
        # The seats' logs are needed only where something is hidden: otherwise the history,
        # all public, is the perfect-recall record.
        self._recall = hidden

    def new_initial_state(self):
        """The state before the first decision."""
        return SylvanState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observation observer, or the information-state one for perfect recall."""
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return SylvanObserver(self, recall)


class SylvanState(pyspiel.State):
    """A Sylvan game in progress for OpenSpiel; the Rust state is ``self.native``."""

    def __init__(self, game, native=None):
        super().__init__(game)
        self.native = native if native is not None else game.native.new_state(game._recall)

    def current_player(self):
        if self.native.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if self.native.is_chance():
            return pyspiel.PlayerId.CHANCE
        return self.native.seat()

    def _legal_actions(self, player):
        return self.native.legal_actions()

    def chance_outcomes(self):
        return self.native.chance_outcomes()

    def _apply_action(self, action):
        self.native.apply(int(action))

    def _action_to_string(self, player, action):
        return self.native.action_to_string(int(action))

    def is_terminal(self):
        return self.native.is_terminal()

    def returns(self):
        return self.native.returns()

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state consistent with what ``player_id`` knows: the game's determinize."""
        try:
            u = float(probability_sampler())
        except TypeError:
            u = random.random()
        seed = int(u * 2**53) ^ len(self.native.history())
        return SylvanState(self.get_game(), self.native.resample(player_id, seed))

    def __str__(self):
        return self.native.text(None)


class SylvanObserver:
    """OpenSpiel's PyObserver: ``tensor``/``dict`` and ``set_from``, ``string_from``.

    The observation observer's ``dict`` holds ``"observation"`` (the game's shape); the
    perfect-recall one's holds ``"observation"`` and ``"own_decisions"``, views into the flat
    ``tensor``."""

    def __init__(self, game, recall):
        self._recall = recall
        shape = tuple(game.native.observation_shape)
        size = int(np.prod(shape))
        if recall:
            self.tensor = np.zeros(int(np.prod(game.native.information_state_shape)), np.float32)
            self.dict = {
                "observation": self.tensor[:size].reshape(shape),
                "own_decisions": self.tensor[size:],
            }
        else:
            self.tensor = np.zeros(size, np.float32)
            self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state, player):
        native = state.native
        if self._recall:
            self.tensor[:] = np.frombuffer(native.information_state_bytes(player), "<f4")
        else:
            self.tensor[:] = np.frombuffer(native.observation_bytes(player), "<f4")

    def string_from(self, state, player):
        if self._recall:
            return state.native.information_state_string(player)
        return state.native.observation_string(player)


class RolloutEvaluator:
    """An evaluator for OpenSpiel's Python MCTS and ISMCTS whose random rollouts run in Rust
    (``mcts.RandomRolloutEvaluator`` would step each rollout through Python)."""

    def __init__(self, n_rollouts=1, seed=0):
        self._n = n_rollouts
        self._rng = random.Random(seed)

    def evaluate(self, state):
        total = None
        for _ in range(self._n):
            r = np.array(state.native.rollout(self._rng.getrandbits(63)))
            total = r if total is None else total + r
        return total / self._n

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def register():
    """Registers every game the bindings offer (once); returns their OpenSpiel names."""
    for info in _games():
        name = short_name(info["name"])
        if name in _REGISTERED:
            continue
        cls = type(
            "Sylvan_" + name,
            (SylvanGame,),
            {"_info": info, "__doc__": "Sylvan " + info["title"] + " for OpenSpiel."},
        )
        pyspiel.register_game(
            _game_type(info, _default_players(info), info["hidden"]), cls
        )
        _REGISTERED[name] = cls
    return sorted(_REGISTERED)


register()
