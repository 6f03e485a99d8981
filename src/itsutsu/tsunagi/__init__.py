"""The Tsunagi engine (Numberlink, Arukone, Flow): pure functions over immutable values.

Join each pair of marbles with its own line until the lines fill the board. The modules:
``alphabet`` (letters and constants), ``geometry`` (neighbours by board shape), ``layout``
(the layout code), ``portals``, ``board`` (the step table), ``answer`` (the answer code),
``check``, ``symmetry``, ``lines`` and ``game`` (play), ``explosions``, ``solve``, ``draw``.
"""

from itsutsu.tsunagi.alphabet import (
    CAPITAL_PAIRS,
    CELL_BLOCKED,
    CELL_BRIDGE,
    CELL_EMPTY,
    LINK_BLOCKED,
    LINK_BRIDGE,
    LINK_EMPTY,
    LINK_HEX,
    LINK_PORTALS,
    LINK_SPARSE,
    LINK_WALLS,
    LINK_WRAP,
    MOST_PAIRS,
    PAIR_LETTERS,
    WAYPOINT_LETTERS,
    sparse_most,
    stone_letters,
)
from itsutsu.tsunagi.answer import encode_answer
from itsutsu.tsunagi.board import (
    Step,
    bridges_of,
    edge_open,
    layout_neighbours,
    layout_step,
    portal_exit,
    portals_are_ambiguous,
    step_table,
)
from itsutsu.tsunagi.geometry import (
    hex_neighbours,
    hex_radius,
    in_hex,
    square_neighbours,
    step_between,
    wrap_neighbours,
    wrapped_step,
)
from itsutsu.tsunagi.layout import (
    TAIL_ORDER,
    Explosions,
    Layout,
    decode_layout,
    encode_layout,
    encode_portals,
    encode_walls,
    layout_cells,
    tail_word,
)
from itsutsu.tsunagi.portals import edge_key

__all__ = [
    "CAPITAL_PAIRS",
    "CELL_BLOCKED",
    "CELL_BRIDGE",
    "CELL_EMPTY",
    "LINK_BLOCKED",
    "LINK_BRIDGE",
    "LINK_EMPTY",
    "LINK_HEX",
    "LINK_PORTALS",
    "LINK_SPARSE",
    "LINK_WALLS",
    "LINK_WRAP",
    "MOST_PAIRS",
    "PAIR_LETTERS",
    "TAIL_ORDER",
    "WAYPOINT_LETTERS",
    "Explosions",
    "Layout",
    "Step",
    "bridges_of",
    "decode_layout",
    "edge_key",
    "edge_open",
    "encode_answer",
    "encode_layout",
    "encode_portals",
    "encode_walls",
    "hex_neighbours",
    "hex_radius",
    "in_hex",
    "layout_cells",
    "layout_neighbours",
    "layout_step",
    "portal_exit",
    "portals_are_ambiguous",
    "sparse_most",
    "square_neighbours",
    "step_between",
    "step_table",
    "stone_letters",
    "tail_word",
    "wrap_neighbours",
    "wrapped_step",
]

# Further modules add their names below, one block each (check, symmetry, lines, game,
# explosions, solve, draw).
