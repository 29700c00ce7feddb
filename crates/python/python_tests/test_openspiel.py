"""OpenSpiel's own tests and bots on every Sylvan game."""

import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import sylvan.openspiel as so

from conftest import game_counts


@pytest.mark.parametrize("name,players", game_counts())
def test_random_sim_test_passes(name, players):
    game = pyspiel.load_game(so.short_name(name), {"players": players})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_midnight_duel_random_sim_test_passes():
    game = pyspiel.load_game(
        "sylvan_woodwalkers", {"players": 2, "options": '{"side": "night"}'}
    )
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whisperwood_draft_random_sim_test_passes(players):
    # A subsequent game: secret draft picks and dealt familiars, resampled by determinize.
    game = pyspiel.load_game(
        "sylvan_whisperwood", {"players": players, "options": '{"subsequent_game": true}'}
    )
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_game_type_and_info():
    game = pyspiel.load_game("sylvan_spirits_of_the_wild")
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_distinct_actions() == 3064
    assert game.max_chance_outcomes() == 40
    assert game.observation_tensor_shape() == [game.native.observation_shape[0]]
    solo = pyspiel.load_game("sylvan_wispwood", {"players": 1})
    assert solo.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def _play(game, bots, seed):
    state = game.new_initial_state()
    import random

    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(ids, weights=probs)[0])
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state.returns()


@pytest.mark.parametrize("name", sorted({n for n, _ in game_counts()}))
def test_mcts_bot_plays_whole_games(name):
    game = pyspiel.load_game(so.short_name(name), {"players": 2})
    evaluator = so.RolloutEvaluator(seed=1)
    bots = [mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=None) for _ in range(2)]
    returns = _play(game, bots, seed=3)
    # A two-player game ends in a win (+1/-1) or a tie (0/0).
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize(
    "name,options",
    [(n, "") for n in sorted({n for n, _ in game_counts()})]
    + [("woodwalkers", '{"side": "night"}')],
)
def test_ismcts_bot_plays_whole_games(name, options):
    # ISMCTSBot accepts only imperfect-information game types: the perfect-information games
    # are declared so (their information sets are single states).
    params = {"players": 2, "options": options, "imperfect": True}
    game = pyspiel.load_game(so.short_name(name), params)
    evaluator = so.RolloutEvaluator(seed=2)
    bots = [
        ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=None) for _ in range(2)
    ]
    returns = _play(game, bots, seed=4)
    # A two-player game ends in a win (+1/-1) or a tie (0/0).
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_sylvan_bot_decides_through_the_bindings():
    game = pyspiel.load_game(so.short_name("woodwalkers"), {"players": 2, "options": '{"side": "night"}'})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    action, iterations, seconds = state.native.bot_action("ismcts:300", 7)
    assert action in state.legal_actions()
    # A search runs its whole budget unless the decision is forced.
    assert iterations == 300 or len(state.legal_actions()) == 1
    assert seconds >= 0
    # The same seed decides the same way; a bad bot is refused with the reason.
    assert state.native.bot_action("ismcts:300", 7)[0] == action
    with pytest.raises(ValueError, match="bot"):
        state.native.bot_action("oracle", 7)


def test_the_ismcts_match_example_runs():
    import json
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "examples" / "ismcts_match.py"
    out = subprocess.run(
        [sys.executable, str(script), "woodwalkers", "--options", '{"side": "night"}',
         "--games", "2", "--simulations", "4"],
        check=True, capture_output=True, text=True, timeout=300,
    )
    report = json.loads(out.stdout)
    assert report["games"] == 2
    assert 0.0 <= report["sylvan_win_rate"] <= 1.0
    assert report["sylvan_iterations_per_sec"] > 0 and report["openspiel_iterations_per_sec"] > 0
