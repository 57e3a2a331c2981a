"""Type stubs of the native module ``boardrules._boardrules`` (re-exported by ``boardrules``)."""

from typing import Callable, Optional, Union

import numpy as np
import numpy.typing as npt

Size = Union[int, str, None]
# evaluator(observations [B, planes, rows, columns] float32, masks [B, num_actions] bool)
#   -> (priors [B, num_actions], values [B, num_players], the mover's column first)
Evaluator = Callable[
    [npt.NDArray[np.float32], npt.NDArray[np.bool_]],
    tuple[npt.ArrayLike, npt.ArrayLike],
]

def games() -> list[str]:
    """The names of the games of this build."""

def sizes(game: str) -> list[str]:
    """The board sizes of ``game``, the default first (empty: a single board)."""

def engines() -> list[str]:
    """The engine names ``engine`` knows."""

def new_game(game: str, size: Size = None) -> State:
    """A new game at its start position (``ValueError``: unknown game, bad size)."""

def from_text(game: str, text: str, size: Size = None) -> State:
    """A game from a position text (``ValueError`` with the reason when it is malformed)."""

def from_record(json: str) -> State:
    """A game from the library's JSON game record (``State.record()``), history included."""

def engine(name: str, game: str, seed: int = 0) -> Engine:
    """The engine ``name`` (``default``, ``random``, ``mcts``, ``alphabeta``, ``NAME:BUDGET``)."""

def mcts(
    states: list[State],
    evaluator: Evaluator,
    simulations: int = 64,
    c_puct: float = 1.25,
    root_noise: Optional[tuple[float, float]] = None,
    seed: int = 0,
    temperature: float = 1.0,
    max_nodes: int = 1_000_000,
) -> list[SearchResult]:
    """Batched PUCT: every state searched at once, the leaves of all the searches valued in
    one ``evaluator`` call per round. Observations are from the player to move at the leaf;
    values (-1 to 1) are counted from that player (column 0 the mover's). Finished games in
    the trees are valued by the rules. One result per state: ``policy`` the visit shares,
    ``action`` chosen by ``temperature`` (0: the most visited), ``value`` per player index."""

class State:
    """A game in progress: the position and its history (history draws count)."""

    @property
    def game(self) -> str: ...
    @property
    def size(self) -> Optional[str]: ...
    @property
    def players(self) -> list[str]: ...
    @property
    def num_players(self) -> int: ...
    @property
    def to_move(self) -> int:
        """The index of the player to move."""
    @property
    def num_actions(self) -> int: ...
    @property
    def observation_shape(self) -> tuple[int, int, int]: ...
    def legal_moves(self) -> list[str]: ...
    def play(self, text: str) -> None:
        """Plays a move text; ``ValueError`` with the library's reason when illegal."""
    def undo(self) -> bool: ...
    def history(self) -> list[str]: ...
    def is_over(self) -> bool: ...
    def outcome(self) -> Optional[str]: ...
    def winner(self) -> Optional[int]: ...
    def returns(self) -> list[float]:
        """1 for the winner, -1 for the others, 0 in a draw and while the game goes on."""
    def legal_actions(self) -> list[int]: ...
    def legal_action_mask(self) -> npt.NDArray[np.bool_]: ...
    def play_action(self, action: int) -> None:
        """Plays the legal move with this id; ``ValueError`` when there is none."""
    def action_to_move(self, action: int) -> str: ...
    def move_to_action(self, text: str) -> int: ...
    def observation(self, player: Optional[int] = None) -> npt.NDArray[np.float32]:
        """The planes seen by ``player`` (default: the player to move)."""
    def symmetries(self) -> list[tuple[State, npt.NDArray[np.int64]]]:
        """``(mapped state, action map)`` per symmetry, the identity first; -1 maps illegal ids."""
    def canonical_key(self) -> int: ...
    def hash_key(self) -> int: ...
    def clone(self) -> State: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: object) -> State: ...
    def svg(self, size: int = 480) -> str: ...
    def diagram(self) -> str: ...
    def record(self) -> str:
        """The library's JSON game record: start, draw rules, moves (``from_record`` reads it)."""
    def __reduce__(self) -> tuple[object, tuple[str]]: ...
    def __eq__(self, other: object) -> bool:
        """The same game and position text (states are mutable: not hashable; see hash_key)."""

class SearchResult:
    """A search's move, the root's distribution and what it thinks of the position."""

    def __init__(
        self,
        chosen: Optional[str],
        action: Optional[int],
        visits: dict[str, int],
        policy: npt.NDArray[np.float32],
        value: Optional[npt.NDArray[np.float32]] = None,
        score: Optional[tuple[str, Union[int, float, None]]] = None,
    ) -> None: ...

    @property
    def move(self) -> Optional[str]: ...
    @property
    def action(self) -> Optional[int]: ...
    @property
    def visits(self) -> dict[str, int]: ...
    @property
    def policy(self) -> npt.NDArray[np.float32]:
        """The distribution over action ids (sums to 1; all 0 when the engine gives none)."""
    @property
    def value(self) -> Optional[npt.NDArray[np.float32]]:
        """The batched search's root value per player index (-1 to 1); ``None`` for engines."""
    @property
    def score(self) -> Optional[tuple[str, Union[int, float, None]]]:
        """``("win", plies)``, ``("loss", plies)``, ``("draw", None)``, ``("reward", r)``,
        ``("centi", c)``: the search's opinion for the player to move."""

class Engine:
    """A player of one game (pickles as a new engine of the same name, game and seed)."""

    def __reduce__(self) -> tuple[object, tuple[str, str, int]]: ...
    @property
    def name(self) -> str: ...
    @property
    def game(self) -> str: ...
    def choose(
        self,
        state: State,
        time_ms: Optional[int] = None,
        nodes: Optional[int] = None,
        iterations: Optional[int] = None,
        depth: Optional[int] = None,
    ) -> Optional[str]:
        """The move's text (``None`` when the game is over); no limit given: 10 000 nodes."""
    def search(
        self,
        state: State,
        time_ms: Optional[int] = None,
        nodes: Optional[int] = None,
        iterations: Optional[int] = None,
        depth: Optional[int] = None,
    ) -> SearchResult: ...

class Batch:
    """``n`` games stepped together; games that end (or reach ``max_plies``) are reset in
    the same step."""

    def __init__(
        self,
        game: str,
        n: int,
        size: Size = None,
        seed: int = 0,
        max_plies: Optional[int] = None,
    ) -> None: ...
    @property
    def game(self) -> str: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def num_players(self) -> int: ...
    @property
    def observation_shape(self) -> tuple[int, int, int]: ...
    @property
    def max_plies(self) -> Optional[int]: ...
    @property
    def truncated(self) -> npt.NDArray[np.bool_]:
        """Which games the last call cut at the ply cap (they are also ``done``)."""
    def __len__(self) -> int: ...
    def reset(
        self,
        seed: Optional[int] = None,
        copy: bool = True,
        indices: Optional[npt.ArrayLike] = None,
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int32]]:
        """``(observations, masks, to_move)``; ``indices``: only those games."""
    def set_positions(
        self, indices: npt.ArrayLike, texts: list[str], copy: bool = True
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int32]]:
        """Game ``indices[k]`` set to position ``texts[k]``: ``(observations, masks, to_move)``."""
    def step(
        self,
        actions: npt.ArrayLike,
        copy: bool = True,
        observe: bool = True,
        indices: Optional[npt.ArrayLike] = None,
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.int32],
    ]:
        """``(observations, masks, rewards, done, to_move)``; ``indices``: only those games."""
    def random_actions(self, copy: bool = True) -> npt.NDArray[np.int64]: ...
    def legal_actions(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """``(offsets, ids)``: game ``i``'s legal ids are ``ids[offsets[i]:offsets[i + 1]]``."""
    def final_observations(self, player: Optional[int] = None) -> npt.NDArray[np.float32]:
        """The observations of the positions the last step's finished games ended in."""
    def positions(self) -> list[str]: ...
    def mcts(
        self,
        evaluator: Evaluator,
        simulations: int = 64,
        c_puct: float = 1.25,
        root_noise: Optional[tuple[float, float]] = None,
        seed: int = 0,
        temperature: float = 1.0,
        max_nodes: int = 1_000_000,
    ) -> list[SearchResult]:
        """``boardrules.mcts`` on every game at its position (history draws included)."""
    def __reduce__(self) -> tuple[object, tuple[str]]: ...
