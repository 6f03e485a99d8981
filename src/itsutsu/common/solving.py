"""What a count of a board's answers says, the same for both puzzles.

Each puzzle's solver returns its own subclass of :class:`SolveResult`, adding the work
counters of its own search (named for what they count) and the answers in the puzzle's own
form; the fields here mean the same thing in both.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SolveResult:
    """What a count of a board's answers found.

    ``count`` is the number of answers found, never above the limit asked for. ``answers``
    holds them as answer codes, in the order found. ``complete`` is false exactly when the
    work budget ran out first; a complete count is exact up to the limit, so
    ``count == 1 and complete`` proves that the board has exactly one answer, and
    ``count < limit and complete`` that it has exactly ``count``.
    """

    count: int
    answers: tuple[str, ...]
    complete: bool

    @property
    def gave_up(self) -> bool:
        """Whether the budget ran out before the count was settled (``not complete``)."""
        return not self.complete

    @property
    def answer(self) -> str | None:
        """The first answer's code, or ``None`` when none was found."""
        return self.answers[0] if self.answers else None

    @property
    def unique(self) -> bool:
        """Whether the count proves exactly one answer (one found, and the count complete)."""
        return self.count == 1 and self.complete
