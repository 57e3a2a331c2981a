"""Bad input from Python raises a clear exception; nothing crashes the interpreter."""

import json

import numpy as np
import pytest

import boardrules


def test_unknown_game():
    for call in [
        lambda: boardrules.new_game("chess"),
        lambda: boardrules.from_text("chess", "x"),
        lambda: boardrules.engine("default", "chess"),
        lambda: boardrules.Batch("chess", 4),
        lambda: boardrules.sizes("chess"),
    ]:
        with pytest.raises(ValueError, match="unknown game"):
            call()


def test_bad_size(game):
    for size in [1, 99, "7y", -3, "0x0"]:
        with pytest.raises(ValueError):
            boardrules.new_game(game, size=size)
        with pytest.raises(ValueError):
            boardrules.Batch(game, 2, size=size)
    with pytest.raises(ValueError):
        boardrules.new_game(game, size=2.5)


def test_malformed_position_text(game):
    for text in ["", "not a position", "\x00", "x" * 1000]:
        with pytest.raises(ValueError):
            boardrules.from_text(game, text)


def test_illegal_moves_and_actions(game):
    state = boardrules.new_game(game)
    start = str(state)
    with pytest.raises(ValueError) as error:
        state.play("zz99")
    assert str(error.value)
    mask = state.legal_action_mask()
    illegal = np.flatnonzero(~mask)
    if len(illegal):
        with pytest.raises(ValueError, match="not a legal move"):
            state.play_action(int(illegal[0]))
    for action in [state.num_actions, -1, 2**40]:
        with pytest.raises(ValueError):
            state.play_action(action)
    with pytest.raises(ValueError):
        state.action_to_move(state.num_actions)
    with pytest.raises(ValueError):
        state.move_to_action("zz99")
    assert str(state) == start, "nothing was played"


def test_bad_player(game):
    state = boardrules.new_game(game)
    for player in [state.num_players, -1]:
        with pytest.raises(ValueError, match="no player"):
            state.observation(player)


def test_bad_engine(game):
    with pytest.raises(ValueError, match="unknown engine"):
        boardrules.engine("minimax", game)
    with pytest.raises(ValueError, match="budget"):
        boardrules.engine("mcts:0", game)


def test_engine_of_another_game():
    games = boardrules.games()
    if len(games) < 2:
        pytest.skip("needs two games")
    engine = boardrules.engine("random", games[0])
    with pytest.raises(ValueError, match="this engine plays"):
        engine.choose(boardrules.new_game(games[1]))


def test_bad_batch(game):
    with pytest.raises(ValueError):
        boardrules.Batch(game, 0)
    batch = boardrules.Batch(game, 3)
    with pytest.raises(ValueError, match="expected 3 actions"):
        batch.step(np.zeros(2, dtype=np.int64))
    before = batch.positions()
    actions = batch.random_actions()
    actions[1] = batch.num_actions + 5
    with pytest.raises(ValueError, match="game 1"):
        batch.step(actions)
    assert batch.positions() == before, "nothing was played"
    obs, mask, to_move = batch.reset()
    illegal = np.flatnonzero(~mask[2])
    if len(illegal):
        actions = batch.random_actions()
        actions[2] = illegal[0]
        with pytest.raises(ValueError, match="game 2"):
            batch.step(actions)
        actions[2] = -1
        with pytest.raises(ValueError, match="game 2"):
            batch.step(actions)
    with pytest.raises(TypeError):
        batch.step(np.zeros(3, dtype=np.float64))


def test_bad_batch_calls_by_index(game):
    batch = boardrules.Batch(game, 3)
    with pytest.raises(TypeError):
        batch.step(batch.random_actions()[:1], indices=np.array([0.5]))
    with pytest.raises(ValueError, match="out of range"):
        batch.reset(indices=[3])
    with pytest.raises(ValueError, match="named twice"):
        batch.set_positions([0, 0], batch.positions()[:2])
    with pytest.raises(ValueError, match="no player"):
        batch.final_observations(batch.num_players)
    with pytest.raises(ValueError, match="0 or more"):
        batch.final_observations(-1)


def test_bad_stored_batches(game):
    batch = boardrules.Batch(game, 2)
    _, (stored,) = batch.__reduce__()
    assert boardrules.Batch._restore(stored).positions() == batch.positions()
    assert '"format":2' in stored
    nonsense = json.loads(stored)
    nonsense["games"][0]["position"] = "nonsense"
    for broken in [
        stored.replace('"format":2', '"format":1'),
        json.dumps(nonsense),
        stored.replace(f'"game":"{game}"', '"game":"chess"'),
        "not json",
    ]:
        with pytest.raises(ValueError):
            boardrules.Batch._restore(broken)
