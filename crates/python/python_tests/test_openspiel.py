"""OpenSpiel's own tests and bots on every Sylvan game."""

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python import observation
from open_spiel.python.algorithms import ismcts, mcts

import sylvan

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
         "--games", "2", "--millis", "5"],
        check=True, capture_output=True, text=True, timeout=300,
    )
    report = json.loads(out.stdout)
    assert report["games"] == 2
    assert report["millis_per_decision"] == 5
    assert report["sylvan_bot"] == "ismcts:5ms"
    assert 0.0 <= report["sylvan_win_rate"] <= 1.0
    assert report["sylvan_iterations_per_sec"] > 0 and report["openspiel_iterations_per_sec"] > 0
    # Both bots search by the clock: OpenSpiel's stops at the first simulation past 5 ms.
    assert 0.004 < report["openspiel_seconds_per_search"] < 1.0


def _to_seat_decision(state, rng, steps, own):
    """Plays ``steps`` random steps, then on to a seat's decision with a choice; counts each
    seat's own decisions in ``own``."""
    taken = 0
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(ids, weights=probs)[0])
            continue
        if taken >= steps and len(state.legal_actions()) > 1:
            return
        own.setdefault(state.current_player(), []).append(rng.choice(state.legal_actions()))
        state.apply_action(own[state.current_player()][-1])
        taken += 1


def _hidden(name):
    return next(g["hidden"] for g in sylvan.games() if g["name"] == name)


@pytest.mark.parametrize(
    "name,players,options",
    [
        ("woodwalkers", 2, '{"side": "night"}'),
        ("whisperwood", 3, '{"subsequent_game": true}'),
        ("spirits-of-the-wild", 2, ""),
    ],
)
def test_the_information_state_tensor_has_its_shape_and_resampling_keeps_it(
    name, players, options
):
    params = {"players": players, "options": options, "imperfect": True}
    game = pyspiel.load_game(so.short_name(name), params)
    assert game.get_type().provides_information_state_tensor
    size = game.observation_tensor_size()
    slots = min(game.max_game_length(), 512)
    assert game.information_state_tensor_shape() == [size + slots + 1]
    state = game.new_initial_state()
    own = {}
    _to_seat_decision(state, random.Random(5), 25, own)
    p = state.current_player()
    tensor = np.array(state.information_state_tensor(p), np.float32)
    assert tensor.shape == (size + slots + 1,)
    # The observation now, then (id + 1) / num_distinct_actions per own decision, then zeros.
    assert np.array_equal(tensor[:size], np.array(state.observation_tensor(p), np.float32))
    mine = own.get(p, [])
    expected = [(a + 1) / game.num_distinct_actions() for a in mine]
    assert np.allclose(tensor[size : size + len(mine)], expected)
    assert not tensor[size + len(mine) :].any()
    # The observer's dict names the two pieces.
    observer = observation.make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    observer.set_from(state, p)
    assert sorted(observer.dict) == ["observation", "own_decisions"]
    assert np.array_equal(observer.tensor, tensor)
    for draw in range(4):
        resampled = state.resample_from_infostate(p, lambda: (draw + 0.5) / 4)
        assert resampled.information_state_tensor(p) == state.information_state_tensor(p)
        assert resampled.information_state_string(p) == state.information_state_string(p)
        # The resampled state carries no true id the seat did not see.
        assert resampled.history() == []
        if _hidden(name):
            assert resampled.native.history() == mine
        else:
            assert resampled.native.history() == state.native.history()


def test_the_seats_own_earlier_action_changes_its_information_state_tensor():
    game = pyspiel.load_game(
        "sylvan_woodwalkers", {"players": 2, "options": '{"side": "night"}'}
    )
    state = game.new_initial_state()
    _to_seat_decision(state, random.Random(8), 3, {})
    p = state.current_player()
    first, second = state.legal_actions()[:2]
    a, b = state.clone(), state.clone()
    a.apply_action(first)
    b.apply_action(second)
    assert a.information_state_tensor(p) != b.information_state_tensor(p)
    # The information state text is the log a person reads: the seat's own action named.
    assert "> " + state.action_to_string(p, first) in a.information_state_string(p)


def test_truths_the_seat_cannot_tell_apart_resample_alike_in_a_midnight_duel():
    # "Secretly look at your animal tiles and place them face down on your starting
    # spaces." (Woodwalkers, Midnight Duel): the other seat's tiles are hidden.
    game = pyspiel.load_game(
        "sylvan_woodwalkers", {"players": 2, "options": '{"side": "night"}'}
    )
    state = game.new_initial_state()
    rng = random.Random(2)
    found = 0
    while not state.is_terminal() and found < 3:
        if state.is_chance_node():
            ids = [a for a, _ in state.chance_outcomes()]
        else:
            ids = state.legal_actions()
        for seat in [s for s in range(2) if s != state.current_player()]:
            for x, y in zip(ids, ids[1:]):
                a, b = state.clone(), state.clone()
                a.apply_action(x)
                b.apply_action(y)
                if (
                    a.information_state_string(seat) != b.information_state_string(seat)
                    or a.information_state_tensor(seat) != b.information_state_tensor(seat)
                ):
                    continue
                assert a.native.history() != b.native.history()
                ra = a.resample_from_infostate(seat, lambda: 0.375)
                rb = b.resample_from_infostate(seat, lambda: 0.375)
                assert ra.native.history() == rb.native.history()
                assert ra.native.to_json() == rb.native.to_json()
                found += 1
        state.apply_action(rng.choice(ids))
    assert found > 0
