"""The bindings cover the catalog: a game without action ids must be named here on purpose."""

import pickle

import pytest

import sylvan


def test_every_game_has_ids():
    # Every game of the catalog (and any new one) must number its actions and provide
    # observations, or this fails.
    assert sylvan.games_without_ids() == []
    names = {g["name"] for g in sylvan.games()}
    assert names == {
        "spirits-of-the-wild",
        "whispering-woods",
        "whisperwood",
        "wispwood",
        "woodwalkers",
    }


def test_bad_input_is_refused_with_the_reason_and_changes_nothing():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        sylvan.NativeGame("chess", 2)
    with pytest.raises(ValueError, match="2 to 4 players, not 7"):
        sylvan.NativeGame("woodwalkers", 7)
    with pytest.raises(ValueError, match="not JSON"):
        sylvan.NativeGame("woodwalkers", 2, "{side")
    state = sylvan.NativeGame("woodwalkers", 2).new_state()
    before = state.to_json()
    with pytest.raises(ValueError, match="not an action id"):
        state.apply(10**6)
    assert state.to_json() == before
    with pytest.raises(ValueError, match="no seat 5"):
        state.observation_tensor(5)


def test_states_pickle_and_clone_independently():
    game = sylvan.NativeGame("spirits-of-the-wild", 2)
    state = game.new_state()
    while state.is_chance():
        state.apply(state.chance_outcomes()[0][0])
    copy = pickle.loads(pickle.dumps(state))
    assert copy.to_json() == state.to_json()
    clone = state.clone()
    clone.apply(clone.legal_actions()[0])
    assert clone.to_json() != state.to_json()
    assert copy.to_json() == state.to_json()


def test_simulate_is_reproducible_and_plays_whole_games():
    first = sylvan.simulate("woodwalkers", 20, seed=7, players=3)
    again = sylvan.simulate("woodwalkers", 20, seed=7, players=3)
    assert first == again
    assert len(first) == 20
    for returns, decisions in first:
        assert decisions > 10
        assert abs(sum(returns)) < 1e-9
        assert max(returns) == 1.0 or max(returns) == pytest.approx(0.5)


def test_step_many_steps_every_game():
    game = sylvan.NativeGame("wispwood", 2)
    states = [game.new_state() for _ in range(8)]
    for _ in range(30):
        ids = [
            s.chance_outcomes()[0][0] if s.is_chance() else s.legal_actions()[-1]
            for s in states
        ]
        assert game.step_many(states, ids) == [None] * 8
    assert all(len(s.history()) == 30 for s in states)
    assert game.step_many(states[:1], [10**6])[0] is not None


def test_observation_bytes_are_the_tensor_for_numpy():
    import numpy as np

    game = sylvan.NativeGame("woodwalkers", 3, '{"side": "night"}')
    state = game.new_state()
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply(state.chance_outcomes()[0][0])
            continue
        for seat in range(3):
            tensor = np.asarray(state.observation_tensor(seat), np.float32)
            fast = np.frombuffer(state.observation_bytes(seat), "<f4")
            assert fast.shape == (game.observation_shape[0],)
            assert np.array_equal(fast, tensor)
        state.apply(state.legal_actions()[-1])
    with pytest.raises(ValueError, match="no seat 3"):
        state.observation_bytes(3)
