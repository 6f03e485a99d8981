"""The Suido engine (Net, NetWalk): pure functions over immutable values.

Turn pipe pieces until water from the pumps reaches every piece (network), every drain
(drains), or runs in one path from the inlet to the outlet (inlet-outlet). The rules sit in
modules at the top: ``pieces`` (masks and turning), ``code`` (the board code), ``board``
(neighbours and edges), ``squares`` (big pieces and blocks that turn), ``water`` (the flow),
``check``, ``rows`` (level rows), ``twists``, ``symmetry``, ``text``, ``words``; play:
``game``. The subpackages are ``solver`` (counting answers), ``difficulty`` (deduction) and
``drawing`` (SVG and paint). Every public name is importable from here.
"""

from itsutsu.suido.board import (
    edge_of,
    neighbours_of,
)
from itsutsu.suido.check import (
    BRANCHES,
    LEAKS,
    MOVED_ENDS,
    NOT_A_BOARD,
    NOT_AN_ANSWER,
    NOT_EVERY_DRAIN,
    NOT_EVERY_PIECE,
    OTHER_BOARD,
    OTHER_SQUARES,
    OTHER_WALLS,
    TURNED_LOCK,
    WRONG_BLOCK,
    WRONG_PIECE,
    Check,
    check_answer,
)
from itsutsu.suido.code import (
    KINDS,
    MAX_SIDE,
    MIN_SIDE,
    Layout,
    check_masks,
    decode_layout,
    encode_layout,
    joined_inside,
    with_masks,
)
from itsutsu.suido.difficulty.deduce import (
    Deduction,
    deduce,
)
from itsutsu.suido.drawing.paint import (
    CellPaint,
    Paint,
    paint_state,
)
from itsutsu.suido.drawing.states import (
    CellState,
    cell_states,
    step_for,
)
from itsutsu.suido.drawing.style import (
    SUIDO_STYLE,
)
from itsutsu.suido.drawing.svg import (
    DrawOptions,
    draw,
    draw_piece,
)
from itsutsu.suido.drawing.thumb import (
    draw_thumb,
)
from itsutsu.suido.game import (
    Game,
    can_turn_at,
    flow_of_game,
    game_code,
    game_from_code,
    game_from_progress,
    game_progress,
    hint_for,
    is_game_solved,
    new_game,
    taps_to_answer,
    turn_at,
    turned_to_face_at,
    turns_from_answer,
)
from itsutsu.suido.pieces import (
    DRAIN_CHARS,
    EAST,
    NORTH,
    PLAIN_CHARS,
    ROLES,
    SHAPE_MASKS,
    SIDE_STEPS,
    SIDES,
    SOURCE_CHARS,
    SOUTH,
    WEST,
    arms_of,
    can_turn,
    cell_char,
    opposite,
    quarters_between,
    rotations_of,
    shape_of,
    taps_between,
    turn,
)
from itsutsu.suido.rows import (
    declared_twists,
    level_answer,
    level_board,
    level_solution,
    turns_of,
)
from itsutsu.suido.solver.count import (
    SolveResult,
    count_solutions,
    count_solutions_of_level,
    solve,
)
from itsutsu.suido.squares import (
    Block,
    BlockInfo,
    block_at,
    block_facings,
    block_info,
    block_quarters_between,
    can_turn_block,
    has_blocks,
    is_joined_inside,
    place_after,
    same_block,
    turn_block,
)
from itsutsu.suido.symmetry import (
    OPS,
    cell_map,
    symmetry_key,
    transform_layout,
)
from itsutsu.suido.text import (
    LEGEND,
    PIPE_CHARS,
    board_text,
)
from itsutsu.suido.twists import (
    SUIDO_LEVEL_TWISTS,
    SUIDO_TWISTS,
    is_twisted,
    twists_of,
)
from itsutsu.suido.water import (
    Flow,
    flow_of,
    is_solved,
)
from itsutsu.suido.words import (
    SUIDO_STRINGS,
    suido_language_of,
    suido_say,
)

__all__ = [
    "BRANCHES",
    "DRAIN_CHARS",
    "EAST",
    "KINDS",
    "LEAKS",
    "LEGEND",
    "MAX_SIDE",
    "MIN_SIDE",
    "MOVED_ENDS",
    "NORTH",
    "NOT_AN_ANSWER",
    "NOT_A_BOARD",
    "NOT_EVERY_DRAIN",
    "NOT_EVERY_PIECE",
    "OPS",
    "OTHER_BOARD",
    "OTHER_SQUARES",
    "OTHER_WALLS",
    "PIPE_CHARS",
    "PLAIN_CHARS",
    "ROLES",
    "SHAPE_MASKS",
    "SIDES",
    "SIDE_STEPS",
    "SOURCE_CHARS",
    "SOUTH",
    "SUIDO_LEVEL_TWISTS",
    "SUIDO_STRINGS",
    "SUIDO_STYLE",
    "SUIDO_TWISTS",
    "TURNED_LOCK",
    "WEST",
    "WRONG_BLOCK",
    "WRONG_PIECE",
    "Block",
    "BlockInfo",
    "CellPaint",
    "CellState",
    "Check",
    "Deduction",
    "DrawOptions",
    "Flow",
    "Game",
    "Layout",
    "Paint",
    "SolveResult",
    "arms_of",
    "block_at",
    "block_facings",
    "block_info",
    "block_quarters_between",
    "board_text",
    "can_turn",
    "can_turn_at",
    "can_turn_block",
    "cell_char",
    "cell_map",
    "cell_states",
    "check_answer",
    "check_masks",
    "count_solutions",
    "count_solutions_of_level",
    "declared_twists",
    "decode_layout",
    "deduce",
    "draw",
    "draw_piece",
    "draw_thumb",
    "edge_of",
    "encode_layout",
    "flow_of",
    "flow_of_game",
    "game_code",
    "game_from_code",
    "game_from_progress",
    "game_progress",
    "has_blocks",
    "hint_for",
    "is_game_solved",
    "is_joined_inside",
    "is_solved",
    "is_twisted",
    "joined_inside",
    "level_answer",
    "level_board",
    "level_solution",
    "neighbours_of",
    "new_game",
    "opposite",
    "paint_state",
    "place_after",
    "quarters_between",
    "rotations_of",
    "same_block",
    "shape_of",
    "solve",
    "step_for",
    "suido_language_of",
    "suido_say",
    "symmetry_key",
    "taps_between",
    "taps_to_answer",
    "transform_layout",
    "turn",
    "turn_at",
    "turn_block",
    "turned_to_face_at",
    "turns_from_answer",
    "turns_of",
    "twists_of",
    "with_masks",
]


def __dir__() -> list[str]:
    """List the public names (what tab completion shows), not the modules they live in."""
    return sorted(__all__)
