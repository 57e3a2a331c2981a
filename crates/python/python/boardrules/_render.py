"""The ``rgb_array`` picture of a state, drawn with numpy from its observation planes (the
package has no raster renderer: ``State.svg()`` is the game's real picture)."""

from __future__ import annotations

import numpy as np

# One colour per plane that varies over the board, in plane order (then repeated).
_PALETTE = np.array(
    [
        [240, 240, 240],
        [30, 30, 30],
        [200, 40, 40],
        [40, 90, 200],
        [230, 180, 30],
        [40, 160, 80],
        [150, 60, 170],
        [30, 170, 170],
    ],
    dtype=np.float32,
)
_BOARD = np.array([181, 136, 99], dtype=np.float32)
_GRID = np.array([120, 90, 60], dtype=np.float32)

#: Pixels per board cell.
CELL = 32


def frame(state, player: int | None = None) -> np.ndarray:
    """The picture of ``state`` seen by ``player`` (default: the player to move): a ``uint8``
    array ``(rows * CELL, columns * CELL, 3)``. Each board cell is a square with grid lines;
    every observation plane that varies over the board paints a disc of its own colour where
    it is set (by its value, so fractions show faint), later planes over earlier ones.
    Planes that are constant over the board (the side to move, counters) are not drawn."""
    planes = state.observation(player)
    _, rows, columns = planes.shape
    cells = np.tile(_BOARD, (rows, columns, 1))
    varying = [p for p in planes if p.max() != p.min()]
    # The disc of a cell: the pixels within 0.4 cell of its centre.
    y, x = np.mgrid[0:CELL, 0:CELL] + 0.5 - CELL / 2
    disc = (x * x + y * y) <= (0.4 * CELL) ** 2
    image = np.repeat(np.repeat(cells, CELL, axis=0), CELL, axis=1)
    for index, plane in enumerate(varying):
        colour = _PALETTE[index % len(_PALETTE)]
        weight = np.repeat(np.repeat(plane, CELL, axis=0), CELL, axis=1)
        weight = weight * np.tile(disc, (rows, columns))
        image = image * (1 - weight[..., None]) + colour * weight[..., None]
    image[::CELL, :, :] = _GRID
    image[:, ::CELL, :] = _GRID
    return np.clip(image, 0, 255).astype(np.uint8)
