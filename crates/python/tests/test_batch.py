"""The batch API against single steps: the same games played through `Batch.step` and through
`State.play_action` give the same observations, masks, rewards, done flags and players to move
(the batch keeps the library's `DrawTracker` per game for the draws; the states a game record)."""

import numpy as np
import pytest

import boardrules

STEPS = 400


def expected_outputs(states):
    obs = np.stack([state.observation() for state in states])
    mask = np.stack([state.legal_action_mask() for state in states])
    to_move = np.array([state.to_move for state in states], dtype=np.int32)
    return obs, mask, to_move


def test_batch_equals_single_steps(game, size):
    n = 6
    batch = boardrules.Batch(game, n, size=size, seed=11)
    states = [boardrules.new_game(game, size=size) for _ in range(n)]
    assert batch.num_envs == len(batch) == n
    assert batch.num_actions == states[0].num_actions
    assert batch.num_players == states[0].num_players
    assert batch.observation_shape == states[0].observation_shape

    obs, mask, to_move = batch.reset()
    assert obs.dtype == np.float32 and obs.shape == (n, *batch.observation_shape)
    assert mask.dtype == np.bool_ and mask.shape == (n, batch.num_actions)
    expected = expected_outputs(states)
    for got, want in zip((obs, mask, to_move), expected):
        assert np.array_equal(got, want)

    finished = 0
    for step in range(STEPS):
        actions = batch.random_actions()
        assert actions.dtype == np.int64 and actions.shape == (n,)
        for state, action in zip(states, actions):
            assert action in state.legal_actions()
        obs, mask, rewards, done, to_move = batch.step(actions)
        assert rewards.dtype == np.float32 and rewards.shape == (n, batch.num_players)
        assert done.dtype == np.bool_ and done.shape == (n,)
        for i, state in enumerate(states):
            state.play_action(int(actions[i]))
            assert bool(done[i]) == state.is_over(), (i, str(state), state.outcome())
            assert rewards[i].tolist() == state.returns()
            if state.is_over():
                finished += 1
                states[i] = boardrules.new_game(game, size=size)
        assert batch.positions() == [str(state) for state in states]
        for got, want in zip((obs, mask, to_move), expected_outputs(states)):
            assert np.array_equal(got, want)
    if size is None and game != "sundraval":
        assert finished > 0, "some games ended and were reset"


def test_copies_and_own_arrays(game):
    batch = boardrules.Batch(game, 4, seed=1)
    obs, mask, to_move = batch.reset()
    first = batch.step(batch.random_actions())
    second = batch.step(batch.random_actions())
    assert first[0] is not second[0], "copies by default"
    own = batch.step(batch.random_actions(), copy=False)
    again = batch.step(batch.random_actions(), copy=False)
    assert own[0] is again[0] and own[1] is again[1], "copy=False: the batch's own arrays"


def test_observe_false_keeps_the_rest(game):
    one = boardrules.Batch(game, 5, seed=4)
    two = boardrules.Batch(game, 5, seed=4)
    for _ in range(50):
        a = one.step(one.random_actions())
        b = two.step(two.random_actions(), observe=False)
        for i in (1, 2, 3, 4):
            assert np.array_equal(a[i], b[i])


def test_seeded_reset_repeats(game):
    batch = boardrules.Batch(game, 3, seed=8)
    batch.reset(seed=2)
    first = [batch.random_actions() for _ in range(1)]
    runs = []
    for _ in range(2):
        batch.reset(seed=2)
        run = []
        for _ in range(30):
            actions = batch.random_actions()
            run.append(actions)
            batch.step(actions)
        runs.append(np.stack(run))
    assert np.array_equal(runs[0], runs[1])
    assert first


def test_actions_of_other_integer_types(game):
    batch = boardrules.Batch(game, 3, seed=2)
    actions = batch.random_actions()
    batch.step(actions.astype(np.int32))
    batch.step(batch.random_actions().tolist())
