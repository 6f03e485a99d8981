"""What a socket sends of a reply: the kept codes as changes to the last ones it sent.

A play reply carries what a page keeps to resume (Tsunagi's ``code``, Suido's ``code`` and
``progress``): one character or more per cell, about 1.6 KB a reply on a 28x28 board, where a
move changes a few cells. A socket that has sent a field once sends it again as splices of
the last value it sent (``codeAt``, ``progressAt``: ``[start, end, text]`` triples in
ascending order; replace ``old[start:end]`` by ``text``), which the page's socket transport
turns back into the field before the board sees the reply. An ``opened`` reply always
carries the whole values (a page may have reconnected), and each socket keeps its own last
values, so a new socket starts whole. The notebook's kernel transport takes whole replies.
"""

from __future__ import annotations

KEPT = ("code", "progress")
"""The reply fields sent as changes."""

GAP = 8
"""Two changed runs closer than this are sent as one (a triple costs about that much)."""


def splices(old: str, new: str) -> list[list[object]]:
    """The ``[start, end, text]`` triples that turn ``old`` into ``new`` (ascending, in
    ``old``'s positions): runs of changed characters where the lengths agree, else one
    triple between the common head and tail."""
    if len(old) != len(new):
        head = 0
        most = min(len(old), len(new))
        while head < most and old[head] == new[head]:
            head += 1
        tail = 0
        while tail < most - head and old[-1 - tail] == new[-1 - tail]:
            tail += 1
        return [[head, len(old) - tail, new[head : len(new) - tail]]]
    out: list[list[object]] = []
    at = 0
    n = len(new)
    while at < n:
        if old[at] == new[at]:
            at += 1
            continue
        start = end = at
        while end < n:
            if old[end] != new[end]:
                end += 1
                continue
            same = end
            while same < n and same - end < GAP and old[same] == new[same]:
                same += 1
            if same == n or same - end >= GAP:
                break
            end = same
        out.append([start, end, new[start:end]])
        at = end
    return out


def apply_splices(old: str, changes: list[list[object]]) -> str:
    """``old`` with the triples of :func:`splices` applied (the page does the same)."""
    out = []
    at = 0
    for start, end, text in changes:
        assert isinstance(start, int) and isinstance(end, int) and isinstance(text, str)
        out.append(old[at:start])
        out.append(text)
        at = end
    out.append(old[at:])
    return "".join(out)


def shortened(reply: dict[str, object], sent: dict[str, str]) -> dict[str, object]:
    """``reply`` as this socket sends it, given the values it ``sent`` last (updated here):
    each kept field sent before goes as ``<field>At`` when that is shorter."""
    whole = reply.get("t") == "opened"
    out = reply
    for name in KEPT:
        value = reply.get(name)
        if not isinstance(value, str):
            continue
        before = sent.get(name)
        sent[name] = value
        if whole or before is None:
            continue
        changes = splices(before, value)
        if sum(len(str(text)) + 12 for _, _, text in changes) >= len(value):
            continue
        if out is reply:
            out = dict(reply)
        del out[name]
        out[f"{name}At"] = changes
    return out
