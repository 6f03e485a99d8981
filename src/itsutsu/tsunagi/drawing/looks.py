"""The boards a Tsunagi drawing can sit on: paper (following the page's light or dark), wood,
and four felts, each a look of paper, frame, grid, ink and coordinate colours."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from itsutsu.common.svg import colour

TSUNAGI_BOARD_NAMES = ("paper", "wood", "green", "blue", "red", "black")
"""The named boards, the first being the default."""


@dataclass(frozen=True)
class BoardLook:
    """A board's colours: ``paper`` (one colour, or two for a gradient from the middle out),
    ``frame`` round the board, ``grid`` lines, ``ink`` for walls and marks, ``coordinate`` text.

    Every colour is checked: one that is not a CSS colour raises ``ValueError``.
    """

    paper: str | tuple[str, str]
    frame: str
    grid: str
    ink: str
    coordinate: str

    def __post_init__(self) -> None:
        paper = self.paper
        if isinstance(paper, list):
            paper = tuple(paper)
            object.__setattr__(self, "paper", paper)
        if isinstance(paper, tuple):
            if len(paper) != 2:
                raise ValueError("a board's paper is one colour or a pair of colours")
            for text in paper:
                colour(text)
        else:
            colour(paper)
        for text in (self.frame, self.grid, self.ink, self.coordinate):
            colour(text)

    @property
    def paper_light(self) -> str:
        """The paper's colour in the middle of the board."""
        return self.paper[0] if isinstance(self.paper, tuple) else self.paper

    @property
    def paper_deep(self) -> str:
        """The paper's colour at the edges (the same as the middle for one colour)."""
        return self.paper[1] if isinstance(self.paper, tuple) else self.paper


TSUNAGI_BOARDS = MappingProxyType(
    {
        "paper": BoardLook("#fbf8f1", "#e8dfcc", "#d9cfbb", "#2b2620", "#8c8170"),
        "wood": BoardLook(("#f0cf95", "#d3a662"), "#7a4a22", "#a87840", "#3b2410", "#f6e2bd"),
        "green": BoardLook(("#2e8a57", "#1c5e3a"), "#4a2f1a", "#5fae80", "#f4f1e6", "#e5d7b8"),
        "blue": BoardLook(("#2f6aa0", "#1d4670"), "#2b2b33", "#6492c0", "#f4f1e6", "#d8e2ee"),
        "red": BoardLook(("#a4333a", "#701f25"), "#3a2418", "#c76a70", "#f7efe6", "#efd8c9"),
        "black": BoardLook(("#34343a", "#1a1a1e"), "#0d0d0f", "#55555d", "#ecebe6", "#a9a8a2"),
    }
)
"""Each named board's look. Paper's colours are the light ones; the stylesheet darkens them
when the page prefers dark (the other boards set their colours inline and keep them)."""

PAPER_DARK = BoardLook(("#2a2723", "#211f1b"), "#171512", "#45403a", "#e9e4da", "#9a9184")
"""The paper board's look on a dark page (used by the stylesheet)."""
