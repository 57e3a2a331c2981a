import boardrules
import pytest

ALL_GAMES = ["kvarn3", "swedish-draughts", "cheversi", "sundraval", "svendo"]
# The games of this build (those whose crates have the learning interfaces).
GAMES = boardrules.games()
# Every game with every board size (None: the default board).
GAME_SIZES = [(game, None) for game in GAMES] + [
    (game, size) for game in GAMES for size in boardrules.sizes(game)[1:]
]


def pytest_generate_tests(metafunc):
    if "game" in metafunc.fixturenames and "size" in metafunc.fixturenames:
        metafunc.parametrize("game,size", GAME_SIZES)
    elif "game" in metafunc.fixturenames:
        metafunc.parametrize("game", GAMES)
