"""Tsunagi's fixed levels: sizes and counts, blocks and what is open, bands, seeds, the level
of the day, the level files and their loaders.

``sizes`` holds the constants and the bookkeeping over a size's levels, ``daily`` the level
of the day, ``files`` the level-file format (reader and writer) and ``loading`` the loaders,
which read the package's files in ``data/`` (or a caller's directory) one size at a time.
"""

from itsutsu.common.levels import BlockRange, TwistRole, block_of, block_range, blocks_in, mark_of
from itsutsu.tsunagi.levels.daily import daily_level, day, is_day
from itsutsu.tsunagi.levels.files import (
    LEVEL_COLUMNS,
    LevelRow,
    level_file_name,
    level_file_text,
    read_level_file,
    row_reader,
    write_level_file,
)
from itsutsu.tsunagi.levels.loading import (
    Source,
    layouts,
    level,
    level_of,
    levels,
    marks,
    role,
)
from itsutsu.tsunagi.levels.sizes import (
    CLASSIC,
    CLASSIC_COUNTS,
    CLASSIC_SIZES,
    PORTALS,
    TSUNAGI_BLOCK,
    TSUNAGI_DAILY_STRIDE,
    TSUNAGI_LEVEL_COUNTS,
    TSUNAGI_PORTAL_COUNTS,
    TSUNAGI_PORTAL_SEED,
    TSUNAGI_PORTAL_SIZES,
    TSUNAGI_SETS,
    TSUNAGI_SIZES,
    SeededLevel,
    band,
    first_unsolved_level,
    is_level,
    level_count,
    level_seed,
    next_level,
    open_levels,
    set_of_seed,
)

levels_of = levels
"""The original's name for :func:`levels` (``tsunagiLevelsOf``)."""

__all__ = [
    "CLASSIC",
    "CLASSIC_COUNTS",
    "CLASSIC_SIZES",
    "LEVEL_COLUMNS",
    "PORTALS",
    "TSUNAGI_BLOCK",
    "TSUNAGI_DAILY_STRIDE",
    "TSUNAGI_LEVEL_COUNTS",
    "TSUNAGI_PORTAL_COUNTS",
    "TSUNAGI_PORTAL_SEED",
    "TSUNAGI_PORTAL_SIZES",
    "TSUNAGI_SETS",
    "TSUNAGI_SIZES",
    "BlockRange",
    "LevelRow",
    "SeededLevel",
    "Source",
    "TwistRole",
    "band",
    "block_of",
    "block_range",
    "blocks_in",
    "daily_level",
    "day",
    "first_unsolved_level",
    "is_day",
    "is_level",
    "layouts",
    "level",
    "level_count",
    "level_file_name",
    "level_file_text",
    "level_of",
    "level_seed",
    "levels",
    "levels_of",
    "mark_of",
    "marks",
    "next_level",
    "open_levels",
    "read_level_file",
    "role",
    "row_reader",
    "set_of_seed",
    "write_level_file",
]
