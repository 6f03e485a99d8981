"""Guards for public entry points: check an argument's type and range, or raise ValueError.

Each guard returns the value it was given (narrowed for the type checker) and raises
``ValueError`` with a message naming the function (``what``), the argument and what it must
be. They are for entry points only: inner loops trust values already checked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, replace
from typing import Any, TypeVar

T = TypeVar("T")


def type_name(value: object) -> str:
    """Return the name of ``value``'s type, as a message shows it."""
    return type(value).__name__


def is_whole(value: object) -> bool:
    """Tell whether ``value`` is an int (a bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def require_int(
    value: object, what: str, name: str, low: int | None = None, high: int | None = None
) -> int:
    """Return ``value`` if it is an int in ``low..high`` (either end open when None)."""
    if not is_whole(value):
        raise ValueError(f"{what}: {name} must be a whole number, not {type_name(value)}")
    assert isinstance(value, int)
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"{'' if low is None else low}..{'' if high is None else high}"
        raise ValueError(f"{what}: {name} must be a whole number in {span}, not {value!r:.40}")
    return value


def require_number(value: object, what: str, name: str) -> float:
    """Return ``value`` if it is an int or a float (a bool is not one)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{what}: {name} must be a number, not {type_name(value)}")
    return float(value)


def require_text(value: object, what: str, name: str) -> str:
    """Return ``value`` if it is a str."""
    if not isinstance(value, str):
        raise ValueError(f"{what}: {name} must be text, not {type_name(value)}")
    return value


def require_sequence(value: object, what: str, name: str) -> tuple[Any, ...] | list[Any]:
    """Return ``value`` if it is a tuple or a list (its items are not looked at)."""
    if not isinstance(value, (tuple, list)):
        raise ValueError(f"{what}: {name} must be a tuple or a list, not {type_name(value)}")
    return value


def require_ints(value: object, what: str, name: str, length: int | None = None) -> tuple[int, ...]:
    """Return ``value`` as a tuple if it is a tuple or list of ints (of ``length`` items)."""
    items = require_sequence(value, what, name)
    if length is not None and len(items) != length:
        raise ValueError(f"{what}: {name} must have {length} items, not {len(items)}")
    for item in items:
        if not is_whole(item):
            raise ValueError(f"{what}: {name} must hold whole numbers, not {item!r:.40}")
    return tuple(items)


def options_from(kind: type[T], options: object, keywords: Mapping[str, object], what: str) -> T:
    """Return the options a call asked for: ``options`` (an instance of the frozen dataclass
    ``kind``, or ``None`` for its defaults) with ``keywords`` laid over it.

    So ``draw(layout, marks="numbers")`` and ``draw(layout, DrawOptions(marks="numbers"))`` mean
    the same, and both may be given at once. Raises ValueError naming ``what`` for options of
    another type or a keyword that is no option of ``kind``, listing the ones there are; the
    dataclass checks the values themselves.
    """
    if options is None:
        base = kind()
    elif isinstance(options, kind):
        base = options
    else:
        raise ValueError(
            f"{what}: options must be {kind.__name__} or None, not {type_name(options)}"
        )
    if not keywords:
        return base
    names = [field.name for field in fields(kind)]  # type: ignore[arg-type]
    for key in keywords:
        if key not in names:
            raise ValueError(f"{what}: no option named {key!r}; the options are {', '.join(names)}")
    return replace(base, **keywords)  # type: ignore[type-var]
