"""History draws: a `Batch` (each game's draws kept by the library's `DrawTracker`) and a
`State` (the library's `GameRecord`) end the same seeded games at the same ply with the same
draw, in every game that has draws by history: Kvarn3's and Svendo's threefold repetition,
draughts' repetition and its 50-ply rule. (Svendo's move cap is off under the game's own
rules, which both use; Sundraval and Cheversi have no history draws.)"""

import random

import pytest

import boardrules

# (game, start, which draw the walk seeks, the outcome's text)
CASES = [
    ("kvarn3", None, "back", "draw (repetition)"),
    ("svendo", None, "back", "draw (repetition)"),
    ("swedish-draughts", "W:WK29:BK4", "back", "draw (repetition)"),
    # Kings that never go back to a position: the 50 plies without a capture end it.
    ("swedish-draughts", "W:WK29,K30:BK4,K3", "fresh", "draw (no-progress rule)"),
]


def start(game, text):
    return boardrules.from_text(game, text) if text else boardrules.new_game(game)


def walk_to_a_history_draw(game, text, seek, seed, plies=2000):
    """A seeded game's moves that a history draw ends: random moves that go back to a
    position seen before ("back") or that never do ("fresh"), and that neither end the game
    by the position nor give the opponent a capture."""
    rng = random.Random(seed)
    state = start(game, text)
    seen, moves = {state.hash_key()}, []
    while not state.is_over() and len(moves) < plies:
        back, fresh = [], []
        for move in state.legal_moves():
            after = state.clone()
            after.play(move)
            if boardrules.from_text(game, str(after)).is_over():
                continue
            if any("x" in reply for reply in after.legal_moves()):
                continue  # a draughts capture would be forced: progress, often the end
            (back if after.hash_key() in seen else fresh).append(move)
        choices = (back or fresh) if seek == "back" else (fresh or back)
        moves.append(rng.choice(choices or state.legal_moves()))
        state.play(moves[-1])
        seen.add(state.hash_key())
    return state, moves


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case[0]}-{case[3]}")
def test_a_batch_and_a_state_end_seeded_games_with_the_same_history_draw(case):
    game, text, seek, draw = case
    if game not in boardrules.games():
        pytest.skip(f"{game} is not in this build")
    ended = 0
    for seed in range(30):
        state, moves = walk_to_a_history_draw(game, text, seek, seed)
        if state.outcome() != draw:
            continue  # a forced capture or a mill ended this walk: try the next seed
        # The same moves through a batch of one game, as action ids.
        batch = boardrules.Batch(game, 1)
        if text:
            batch.set_positions([0], [text])
        replay = start(game, text)
        for ply, move in enumerate(moves):
            action = replay.move_to_action(move)
            replay.play(move)
            _, _, rewards, done, _ = batch.step([action])
            assert bool(done[0]) == replay.is_over(), (seed, ply, move)
        assert done[0] and rewards[0].tolist() == [0.0] * replay.num_players
        ended += 1
        if ended == 3:
            break
    assert ended == 3, f"three seeded walks end in {draw}"


def test_a_stored_batch_whose_history_is_not_of_its_position_is_refused():
    import json
    import pickle

    batch = boardrules.Batch("kvarn3", 2, seed=1)
    batch.step(batch.random_actions())
    restore, (stored,) = batch.__reduce__()
    assert pickle.loads(pickle.dumps(batch)).positions() == batch.positions()
    data = json.loads(stored)
    assert data["format"] == 2 and "moves" in data["games"][0]["history"]
    # Another position under the same history: refused, with the game named.
    other = next(p for p in [".../.W./... b", ".../W../... b"] if p != data["games"][1]["position"])
    data["games"][1]["position"] = other
    with pytest.raises(ValueError, match="game 1's history"):
        restore(json.dumps(data))
    data = json.loads(stored)
    data["format"] = 1
    with pytest.raises(ValueError, match="format 1"):
        restore(json.dumps(data))
