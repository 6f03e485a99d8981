"""What the level-set tests share: the lesson plan of a set read from the level scripts, and
the block checks that hold for both puzzles."""

from __future__ import annotations

from collections.abc import Sequence

from script_files import load_script

shapes = load_script("level_shapes")

BLOCK = 16


def slots(puzzle: str, set: str, size: str) -> tuple[object, ...]:
    """The slot of every level of a set at ``size`` (level 1 first), from the lesson plan."""
    blocks, count = shapes.plan_of(puzzle, set, size)
    return tuple(shapes.slots_of(blocks, count))


def shows_of(puzzle: str, slot: object) -> tuple[str, ...]:
    """The twists a level in ``slot`` must show: its profile's (Tsunagi: and its rule's)."""
    profile = shapes.profile_of(puzzle, slot.profile)  # type: ignore[attr-defined]
    rule = getattr(slot, "rule", None)
    if puzzle == shapes.SUIDO or rule is None:
        return tuple(profile.shows)
    word = "strokes" if rule == "strokes" else "explosions"
    return tuple(
        name for name in shapes.TSUNAGI_CHALLENGES if name in profile.shows or name == word
    )


def block_means(scores: Sequence[float]) -> list[float]:
    """The mean score of each block of 16 levels."""
    return [
        sum(scores[start : start + BLOCK]) / len(scores[start : start + BLOCK])
        for start in range(0, len(scores), BLOCK)
    ]


def easier_blocks(scores: Sequence[float], slack: float = 1e-9) -> list[int]:
    """The blocks (1 first) easier on average than the block before them."""
    means = block_means(scores)
    return [index + 1 for index in range(1, len(means)) if means[index] + slack < means[index - 1]]
