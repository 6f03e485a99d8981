"""How a value shows itself in a notebook: a short ``repr``, a drawing, and an HTML card.

IPython shows the value of a cell by asking it for ``_repr_html_``, ``_repr_svg_`` and
``__repr__``. :func:`shown_in_notebooks` gives a class all three from two functions, one
that says what the value is in a line and one that draws it; every drawing gets a fresh id
prefix from :func:`notebook_id`, so two drawings in one notebook never share an id (a gradient
or mask of one cell never paints another's). The drawing functions are named by module and
function (:func:`lazy`), so an engine module can mark its classes without importing its
drawing code at import time.

Hooking a new value (a generator's result, say)::

    from itsutsu.common.notebook_repr import lazy, shown_in_notebooks

    @shown_in_notebooks(
        lazy("itsutsu.tsunagi.drawing.shown", "made_summary"),  # (value) -> str
        lazy("itsutsu.tsunagi.drawing.shown", "made_svg"),  # (value, id) -> SVG text
    )
    @dataclass(frozen=True)
    class Made: ...

Both puzzles' ``drawing/shown.py`` already hold ``made_summary``, ``made_svg`` and
``made_html`` for a generator's result that has a ``layout`` (and an ``answer`` code, a
``seed``): name those three (the third as ``html=``) to show a made board beside its answer.

The decorator goes above ``@dataclass``: it replaces the ``__repr__`` the dataclass wrote
and leaves equality and hashing as they were. ``summary`` returns the words inside the
angle brackets (``Tsunagi layout 7x7, 5 pairs``); ``picture`` draws the value with
``style=True`` (so the drawing stands alone) and the id prefix it is given; the optional
``status`` returns a line of words shown under the drawing in the HTML card.
"""

from __future__ import annotations

import importlib
import itertools
import os
from collections.abc import Callable
from typing import Any, TypeVar

from itsutsu.common.svg import escape, shown

T = TypeVar("T")

_REFUSALS = (ValueError, LookupError, TypeError)
"""What drawing a value built by hand (not decoded, not checked) may raise."""

_COUNTER = itertools.count(1)
# A stem per process: a notebook saved with the drawings of one kernel and run again in
# another still never repeats an id.
_STEM = format(int.from_bytes(os.urandom(4), "big"), "x")


def notebook_id(prefix: str = "nb") -> str:
    """Return an id prefix no other drawing of this or any other process has used.

    It is a letter, then letters, digits and ``-``, as a drawing's ``id`` option asks.

    >>> notebook_id("tsu").startswith("tsu-")
    True
    """
    return f"{prefix}-{_STEM}-{next(_COUNTER)}"


def lazy(module: str, name: str) -> Callable[..., Any]:
    """Return a function that imports ``module`` on its first call and calls its ``name``."""

    def call(*args: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args)

    call.__name__ = name
    call.__qualname__ = f"{module}.{name}"
    return call


def card(svg: str, status: str | None) -> str:
    """Return the HTML a notebook shows for a drawing with a line of words under it."""
    words = "" if not status else f'<p style="margin:0.3em 0 0">{escape(status)}</p>'
    return f'<div class="itsutsu-card" style="max-width:420px">{svg}{words}</div>'


def side_by_side(pictures: list[tuple[str, str]], status: str | None = None) -> str:
    """Return the HTML of drawings in a row, each with a caption (``(svg, caption)`` pairs),
    and a line of words under them: a made board beside its answer, say."""
    cells = "".join(
        f'<figure style="margin:0;flex:1 1 0;max-width:320px">{svg}'
        f'<figcaption style="text-align:center">{escape(caption)}</figcaption></figure>'
        for svg, caption in pictures
    )
    words = "" if not status else f'<p style="margin:0.3em 0 0">{escape(status)}</p>'
    return (
        f'<div class="itsutsu-card"><div style="display:flex;gap:1em;align-items:flex-start">'
        f"{cells}</div>{words}</div>"
    )


def shown_in_notebooks(
    summary: Callable[[Any], str],
    picture: Callable[[Any, str], str],
    status: Callable[[Any], str | None] | None = None,
    html: Callable[[Any, str], str] | None = None,
) -> Callable[[type[T]], type[T]]:
    """Return a class decorator giving ``__repr__``, ``_repr_svg_`` and (with ``status`` or
    ``html``) ``_repr_html_``: ``<summary>``, the drawing, and the drawing with more.

    ``summary(value)`` says what the value is in a few words; ``picture(value, id)`` draws it
    with the id prefix ``id``, or returns ``""`` when it has nothing to draw; ``status``
    returns a line to show under the drawing, or None; ``html(value, id)``, when given, writes
    the whole HTML instead (say, a board beside its answer). A drawing that fails (a value built by
    hand that no drawing accepts) shows as its ``repr`` rather than raising in the notebook;
    a ``repr`` that cannot be written is ``object.__repr__``'s.
    """

    def show_repr(self: Any) -> str:
        try:
            return f"<{summary(self)}>"
        except _REFUSALS:  # a value built by hand that its own code cannot read
            return object.__repr__(self)

    def show_svg(self: Any) -> str | None:
        try:
            text = picture(self, notebook_id())
        except _REFUSALS:
            return None
        return shown(str(text)) if text else None

    def show_html(self: Any) -> str | None:
        if html is not None:
            try:
                return html(self, notebook_id()) or None
            except _REFUSALS:
                return None
        text = show_svg(self)
        if text is None or status is None:
            return None
        return card(text, status(self))

    def decorate(cls: type[T]) -> type[T]:
        setattr(cls, "__repr__", show_repr)  # noqa: B010 (a class attribute, set on purpose)
        setattr(cls, "_repr_svg_", show_svg)  # noqa: B010
        if status is not None or html is not None:
            setattr(cls, "_repr_html_", show_html)  # noqa: B010
        return cls

    return decorate
