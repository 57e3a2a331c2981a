"""Pickling: every class of the package in every game round-trips, and the history goes with
it — a game one move from a draw by history (repetition, the no-progress count) is still
drawn by that move after unpickling, though the same position read from its text is not."""

import pickle
import random

import numpy as np
import pytest

import boardrules
import boardrules.gymnasium
import boardrules.pettingzoo
import boardrules.vector

# The games where the search below reaches a draw by history, and where it starts (None:
# the start position; draughts from two kings, as men never go back).
HISTORY_DRAW_GAMES = {"kvarn3", "swedish-draughts", "svendo"}
STARTS = {"swedish-draughts": "W:WK29:BK4"}


def start(game):
    return boardrules.from_text(game, STARTS[game]) if game in STARTS else boardrules.new_game(game)


def random_game(game, seed, plies=3000):
    """A random game's action ids, played to its end (or `plies`)."""
    rng = random.Random(seed)
    state = boardrules.new_game(game)
    actions = []
    while not state.is_over() and len(actions) < plies:
        actions.append(rng.choice(state.legal_actions()))
        state.play_action(actions[-1])
    return state, actions


def history_draw(game, plies=3000):
    """The action ids of a game that a history draw ends, or None: moves that lead back to a
    position seen before are preferred, then moves that do not end the game, at random."""
    rng = random.Random(5)
    for _ in range(20):
        state = start(game)
        seen, actions = {state.hash_key()}, []
        while not state.is_over() and len(actions) < plies:
            back, going_on = [], []
            for action in state.legal_actions():
                after = state.clone()
                after.play_action(action)
                if after.hash_key() in seen:
                    back.append(action)
                if not boardrules.from_text(game, str(after)).is_over():
                    going_on.append(action)
            choices = back or going_on or state.legal_actions()
            actions.append(rng.choice(choices))
            state.play_action(actions[-1])
            seen.add(state.hash_key())
        if state.is_over() and not boardrules.from_text(game, str(state)).is_over():
            return actions
    return None


def test_state_round_trip_keeps_the_history(game):
    state, actions = random_game(game, 1, plies=40)
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy.history() == state.history()
    assert copy.record() == state.record()
    assert boardrules.from_record(state.record()).history() == state.history()


def test_a_history_draw_is_still_drawn_after_unpickling(game):
    if game not in HISTORY_DRAW_GAMES:
        # Sundraval has no draw by history; every Cheversi move adds a piece, so no position
        # repeats.
        pytest.skip(f"{game} has no reachable draw by history")
    actions = history_draw(game)
    assert actions is not None, "the search reaches a history draw"
    state = start(game)
    for action in actions[:-1]:
        state.play_action(action)
    last = actions[-1]
    copy = pickle.loads(pickle.dumps(state))
    again = boardrules.from_record(state.record())
    fresh = boardrules.from_text(game, str(state))
    for twin in (state, copy, again, fresh):
        twin.play_action(last)
    assert state.is_over() and state.outcome().startswith("draw")
    assert copy.outcome() == again.outcome() == state.outcome()
    assert not fresh.is_over(), "the position alone does not decide it: the history does"

    batch = boardrules.Batch(game, 1)
    batch.set_positions([0], [str(start(game))])
    for action in actions[:-1]:
        _, _, _, done, _ = batch.step([action])
        assert not done[0]
    batch_copy = pickle.loads(pickle.dumps(batch))
    for twin in (batch, batch_copy):
        _, _, rewards, done, _ = twin.step([last])
        assert done[0] and not twin.truncated[0] and not rewards.any()


def test_batch_round_trip_steps_and_draws_alike(game):
    batch = boardrules.Batch(game, 5, seed=3, max_plies=60)
    for _ in range(25):
        batch.step(batch.random_actions())
    copy = pickle.loads(pickle.dumps(batch))
    assert copy.positions() == batch.positions()
    assert copy.max_plies == 60 and copy.num_envs == 5 and copy.game == game
    for _ in range(60):
        actions = batch.random_actions()
        assert np.array_equal(copy.random_actions(), actions)
        got, want = copy.step(actions), batch.step(actions)
        for a, b in zip(got, want):
            assert np.array_equal(a, b)
        assert np.array_equal(copy.truncated, batch.truncated)


def test_engine_and_search_result_round_trip(game):
    engine = boardrules.engine("mcts", game, seed=7)
    copy = pickle.loads(pickle.dumps(engine))
    assert (copy.name, copy.game) == (engine.name, engine.game)
    state = boardrules.new_game(game)
    assert copy.choose(state, iterations=50) == engine.choose(state, iterations=50)
    result = engine.search(state, iterations=50)
    again = pickle.loads(pickle.dumps(result))
    assert (again.move, again.action, again.visits) == (result.move, result.action, result.visits)
    assert np.array_equal(again.policy, result.policy)


def test_environments_round_trip_mid_game(game):
    pz = boardrules.pettingzoo.env(game)
    pz.reset()
    for _ in range(3):
        pz.step(int(np.flatnonzero(pz.observe(pz.agent_selection)["action_mask"])[0]))
    pz_copy = pickle.loads(pickle.dumps(pz))
    assert pz_copy.agent_selection == pz.agent_selection
    assert str(pz_copy.state) == str(pz.state)
    assert pz_copy.state.history() == pz.state.history()

    gym = boardrules.gymnasium.env(game, opponent="mcts", opponent_limits={"iterations": 30})
    _, info = gym.reset(seed=2)
    gym_copy = pickle.loads(pickle.dumps(gym))
    action = int(np.flatnonzero(info["action_mask"])[0])
    a, b = gym.step(action), gym_copy.step(action)
    assert np.array_equal(a[0], b[0]) and a[1:4] == b[1:4]

    vec = boardrules.vector.VectorEnv(game, 3, seed=4)
    _, info = vec.reset(seed=4)
    vec_copy = pickle.loads(pickle.dumps(vec))
    actions = np.array([np.flatnonzero(m)[0] for m in info["action_mask"]])
    a, b = vec.step(actions), vec_copy.step(actions)
    for x, y in zip(a[:4], b[:4]):
        assert np.array_equal(x, y)


def test_bad_records_are_refused():
    for text in ["", "{}", "[1]", '{"game": "chess"}', '{"game": "kvarn3", "format": 1}']:
        with pytest.raises(ValueError):
            boardrules.from_record(text)
    state = boardrules.new_game("kvarn3")
    state.play_action(state.legal_actions()[0])
    record = state.record().replace('"moves":["', '"moves":["zz9", "')
    with pytest.raises(ValueError, match="move 1"):
        boardrules.from_record(record)
    with pytest.raises(ValueError):
        boardrules.Batch._restore('{"game": "kvarn3"}')
