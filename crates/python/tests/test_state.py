"""Random games through every call of a state, checked against each other and against what the
rules say (ids distinct, masks equal to the ids, texts read back, symmetries legal)."""

import copy
import random

import numpy as np
import pytest

import boardrules
from conftest import ALL_GAMES

PLIES = 200


def test_every_game_is_built():
    assert boardrules.games() == ALL_GAMES


def check_position(state):
    """Checks everything one position offers; returns its legal action ids."""
    moves = state.legal_moves()
    actions = state.legal_actions()
    assert len(actions) == len(moves)
    assert len(set(actions)) == len(actions), "distinct legal moves have distinct ids"
    assert all(0 <= a < state.num_actions for a in actions)
    mask = state.legal_action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (state.num_actions,)
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(actions)
    for action, text in zip(actions, moves):
        assert state.action_to_move(action) == text
        assert state.move_to_action(text) == action
    assert state.is_over() == (not moves)
    for player in range(state.num_players):
        planes = state.observation(player)
        assert planes.dtype == np.float32
        assert planes.shape == state.observation_shape
        assert np.isfinite(planes).all()
        # Every game's planes are 0/1 or fractions (the environments' spaces say [0, 1]).
        assert planes.min() >= 0.0 and planes.max() <= 1.0
    assert np.array_equal(state.observation(), state.observation(state.to_move))
    assert 0 <= state.to_move < state.num_players
    return actions


def check_symmetries(state, actions):
    images = state.symmetries()
    assert len(images) >= 1
    identity, identity_map = images[0]
    assert str(identity) == str(state)
    keys = set()
    for image, action_map in images:
        assert action_map.shape == (state.num_actions,)
        assert sorted(np.flatnonzero(action_map >= 0).tolist()) == sorted(actions)
        mapped = action_map[actions].tolist()
        assert sorted(mapped) == sorted(image.legal_actions()), "legal moves map onto legal moves"
        assert image.canonical_key() == state.canonical_key()
        keys.add(image.hash_key())
    assert state.canonical_key() == min(keys)
    for action in actions:
        assert identity_map[action] == action


def check_returns(state):
    returns = state.returns()
    assert len(returns) == state.num_players
    if not state.is_over():
        assert returns == [0.0] * state.num_players
        assert state.outcome() is None and state.winner() is None
    elif state.winner() is None:
        assert returns == [0.0] * state.num_players
        assert state.outcome().startswith("draw")
    else:
        expected = [-1.0] * state.num_players
        expected[state.winner()] = 1.0
        assert returns == expected
        assert state.outcome().startswith("winner")


def test_random_games_through_every_call(game, size):
    rng = random.Random(f"{game}/{size}")
    for game_number in range(2):
        state = boardrules.new_game(game, size=size)
        assert state.game == game
        if size is not None:
            assert state.size == str(size)
        shape, num_actions = state.observation_shape, state.num_actions
        for ply in range(PLIES):
            actions = check_position(state)
            check_returns(state)
            assert state.observation_shape == shape and state.num_actions == num_actions
            # The text reads back as the same position with the same moves.
            again = boardrules.from_text(game, str(state), size=size)
            assert str(again) == str(state)
            assert again.legal_moves() == state.legal_moves() or state.is_over()
            if ply % 17 == 0:
                check_symmetries(state, actions)
            if state.is_over():
                with pytest.raises(ValueError):
                    state.play_action(0)
                assert not state.legal_action_mask().any()
                break
            # A copy plays on alone.
            twin = state.clone() if ply % 2 else copy.deepcopy(state)
            index = rng.randrange(len(actions))
            action, text = actions[index], state.legal_moves()[index]
            if game_number == 0:
                state.play_action(action)
            else:
                state.play(text)
            assert str(twin) != str(state) or twin.history() != state.history()
            twin.play(text)
            assert str(twin) == str(state)
            assert twin.history() == state.history()
        check_returns(state)


def test_undo_takes_back(game):
    state = boardrules.new_game(game)
    start = str(state)
    assert not state.undo()
    state.play_action(state.legal_actions()[0])
    assert state.history() and str(state) != start
    assert state.undo()
    assert str(state) == start and state.history() == []


def test_svg(game):
    state = boardrules.new_game(game)
    picture = state.svg()
    assert "<svg" in picture and picture.rstrip().endswith("</svg>")
    state.play_action(state.legal_actions()[0])
    assert state.svg(200) != picture


def test_str_and_repr(game):
    state = boardrules.new_game(game)
    assert eval(repr(state), {"boardrules": boardrules}) == state
    with pytest.raises(TypeError):
        hash(state)  # mutable: hash_key() is the position's key
    assert state.diagram()


def test_engines_choose_legal_moves(game):
    state = boardrules.new_game(game)
    for name in ["default", "random", "mcts"]:
        engine = boardrules.engine(name, game, seed=3)
        assert engine.game == game
        move = engine.choose(state, nodes=200)
        assert move in state.legal_moves()
    timed = boardrules.engine("mcts", game, seed=3).choose(state, time_ms=20)
    assert timed in state.legal_moves()


def test_mcts_gives_the_visit_policy(game):
    state = boardrules.new_game(game)
    state.play_action(state.legal_actions()[0])
    result = boardrules.engine("mcts", game, seed=5).search(state, iterations=300)
    assert result.move in state.legal_moves()
    assert result.action == state.move_to_action(result.move)
    assert set(result.visits) <= set(state.legal_moves())
    assert sum(result.visits.values()) > 0
    policy = result.policy
    assert policy.dtype == np.float32 and policy.shape == (state.num_actions,)
    assert abs(float(policy.sum()) - 1.0) < 1e-5
    legal = state.legal_action_mask()
    assert not policy[~legal].any(), "no weight off the legal moves"
    total = sum(result.visits.values())
    for text, count in result.visits.items():
        assert abs(policy[state.move_to_action(text)] - count / total) < 1e-6


def test_engine_on_a_finished_game_has_no_move(game):
    state = boardrules.new_game(game)
    rng = random.Random(9)
    while not state.is_over():
        state.play_action(rng.choice(state.legal_actions()))
    result = boardrules.engine("random", game).search(state)
    assert result.move is None and result.action is None
    assert not result.policy.any()
