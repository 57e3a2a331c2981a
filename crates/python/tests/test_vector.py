"""The vector environment against a plain loop of single environments, and the batch calls
it stands on (games by index, positions set, the ply cap, sparse legal actions)."""

import numpy as np
import pytest

import boardrules
import boardrules.gymnasium
import boardrules.vector


def first_legal_batched(observations, masks):
    return masks.argmax(axis=1)


def first_legal(observation, mask):
    return int(mask.argmax())


def replay(game, moves):
    state = boardrules.new_game(game)
    for move in moves:
        state.play(move)
    return state


def agent_actions(rng, masks):
    return np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])


@pytest.mark.parametrize("opponent", ["callable", "self"])
def test_vector_env_equals_a_plain_loop(game, opponent):
    n, steps = 4, 150
    players = boardrules.new_game(game).num_players
    player, cap = players - 1, 13 * players
    batched = first_legal_batched if opponent == "callable" else "self"
    single = first_legal if opponent == "callable" else "self"
    venv = boardrules.vector.VectorEnv(game, n, opponent=batched, player=player, max_plies=cap)
    envs = [boardrules.gymnasium.env(game, opponent=single, player=player) for _ in range(n)]
    observations, infos = venv.reset(seed=0)
    assert observations.shape == (n, *venv.single_observation_space.shape)
    singles = [env.reset(seed=0) for env in envs]
    rng = np.random.default_rng(3)
    ended = cut = 0
    for _ in range(steps):
        for i, (observation, info) in enumerate(singles):
            assert np.array_equal(observations[i], observation)
            assert np.array_equal(infos["action_mask"][i], info["action_mask"].astype(bool))
        assert np.array_equal(venv.action_masks(), infos["action_mask"])
        actions = agent_actions(rng, infos["action_mask"])
        observations, rewards, terminated, truncated, infos = venv.step(actions)
        for i, env in enumerate(envs):
            observation, reward, term, _, info = env.step(int(actions[i]))
            moves = env.state.history()
            if len(moves) >= cap and not replay(game, moves[:cap]).is_over():
                # The plain loop's ply cap: the game is cut at its cap-th ply.
                cut += 1
                assert truncated[i] and not terminated[i] and rewards[i] == 0.0
                seat = replay(game, moves[: cap - 1]).to_move if opponent == "self" else player
                final = replay(game, moves[:cap]).observation(seat)
                assert np.array_equal(infos["final_obs"][i], final)
                singles[i] = env.reset(seed=0)
                continue
            assert (terminated[i], truncated[i]) == (term, False), i
            assert rewards[i] == reward
            if term:
                ended += 1
                assert infos["_final_obs"][i]
                assert np.array_equal(infos["final_obs"][i], observation)
                singles[i] = env.reset(seed=0)
            else:
                assert reward == 0.0
                assert "final_obs" not in infos or not infos["_final_obs"][i]
                singles[i] = (observation, info)
    assert ended + cut > 0


def test_vector_env_against_engines_and_random():
    game = boardrules.games()[0]
    for opponent in ["random", "mcts"]:
        venv = boardrules.vector.VectorEnv(
            game, 3, opponent=opponent, player=1, opponent_limits={"iterations": 20}
        )
        observations, infos = venv.reset(seed=1)
        rng = np.random.default_rng(0)
        done = 0
        for _ in range(40):
            actions = agent_actions(rng, infos["action_mask"])
            observations, rewards, terminated, truncated, infos = venv.step(actions)
            assert set(rewards.tolist()) <= {-1.0, 0.0, 1.0}
            done += int(terminated.sum())
            assert not (rewards != 0)[~terminated].any()
        assert done > 0
    with pytest.raises(ValueError, match="no player"):
        boardrules.vector.VectorEnv(game, 2, player=5)


def test_batch_by_indices(game):
    batch = boardrules.Batch(game, 4, seed=2)
    start = batch.positions()[0]
    for _ in range(3):
        batch.step(batch.random_actions())
    moved = batch.positions()
    actions = batch.random_actions()
    obs, mask, rewards, done, to_move = batch.step(actions[[1, 3]], indices=[1, 3])
    after = batch.positions()
    assert after[0] == moved[0] and after[2] == moved[2]
    for i in (1, 3):
        state = boardrules.from_text(game, moved[i])
        state.play_action(int(actions[i]))
        assert after[i] == str(state) or done[i]
    assert not done[[0, 2]].any() and not rewards[[0, 2]].any()
    obs, mask, to_move = batch.reset(indices=[2])
    assert batch.positions()[2] == start and batch.positions()[0] == after[0]
    state = boardrules.new_game(game)
    assert np.array_equal(obs[2], state.observation())
    assert np.array_equal(mask[2], state.legal_action_mask())
    for bad in ([4], [1, 1], [-1]):
        with pytest.raises(ValueError, match="game"):
            batch.step(actions[: len(bad)], indices=bad)
    with pytest.raises(ValueError, match="expected 2 actions"):
        batch.step(actions, indices=[0, 1])


def test_batch_set_positions(game):
    batch = boardrules.Batch(game, 3, seed=5)
    state = boardrules.new_game(game)
    for action in state.legal_actions()[:1] * 1:
        state.play_action(action)
    state.play_action(state.legal_actions()[-1])
    obs, mask, to_move = batch.set_positions([2, 0], [str(state), str(state)])
    assert batch.positions()[0] == batch.positions()[2] == str(state)
    assert np.array_equal(obs[2], state.observation())
    assert np.array_equal(mask[0], state.legal_action_mask())
    assert to_move[2] == state.to_move
    before = batch.positions()
    with pytest.raises(ValueError, match="game 1"):
        batch.set_positions([0, 1], [str(state), "not a position"])
    with pytest.raises(ValueError, match="positions given"):
        batch.set_positions([0, 1], [str(state)])
    assert batch.positions() == before, "nothing changed"
    finished = boardrules.new_game(game)
    rng = np.random.default_rng(0)
    while not finished.is_over():
        finished.play_action(int(rng.choice(finished.legal_actions())))
    if boardrules.from_text(game, str(finished)).is_over():
        with pytest.raises(ValueError, match="over"):
            batch.set_positions([1], [str(finished)])


def test_batch_ply_cap_truncates(game):
    batch = boardrules.Batch(game, 3, seed=1, max_plies=5)
    with pytest.raises(ValueError, match="max_plies"):
        boardrules.Batch(game, 3, max_plies=0)
    states = [boardrules.new_game(game) for _ in range(3)]
    for _ in range(12):
        actions = batch.random_actions()
        before = [str(s) for s in states]
        obs, mask, rewards, done, to_move = batch.step(actions)
        truncated = batch.truncated
        final = batch.final_observations(0)
        for i, state in enumerate(states):
            state.play_action(int(actions[i]))
            over = state.is_over()
            cut = not over and len(state.history()) >= 5
            assert (bool(done[i]), bool(truncated[i])) == (over or cut, cut), (i, before[i])
            if done[i]:
                assert np.array_equal(final[i], state.observation(0))
                returns = [0.0] * state.num_players if cut else state.returns()
                assert rewards[i].tolist() == returns
                states[i] = boardrules.new_game(game)
            else:
                assert not final[i].any()


def test_batch_sparse_legal_actions(game, size):
    batch = boardrules.Batch(game, 5, size=size, seed=9)
    for _ in range(30):
        offsets, ids = batch.legal_actions()
        assert offsets.dtype == ids.dtype == np.int64 and offsets.shape == (6,)
        positions = batch.positions()
        actions = batch.random_actions()
        for i in range(5):
            row = ids[offsets[i] : offsets[i + 1]]
            state = boardrules.from_text(game, positions[i], size=size)
            assert sorted(row.tolist()) == sorted(state.legal_actions())
            assert actions[i] in row
        batch.step(actions, observe=False)
