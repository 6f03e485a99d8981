"""The bounds the app puts on what one client may ask of it, and the counters that keep them.

Every number here is a default of :class:`Limits`, which ``create_app`` takes; a load test or a
site behind a proxy that gathers many players behind one address raises them.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """What one client may ask of the app.

    ``message_bytes``: the longest socket message (a resumed 30 x 30 game with its whole undo
    stack fits). ``moves_per_second`` and ``move_burst``: a socket's sustained message rate and
    the burst above it (a finger dragging across a phone sends one message per cell crossed,
    never more than one per pointer event). ``sockets_per_client``: open sockets from one
    client address. ``errors_per_socket``: refused messages before the socket is closed.
    ``body_bytes``: the largest API request body. ``page_most``: the most levels one API page
    lists.
    """

    message_bytes: int = 256 * 1024
    moves_per_second: float = 120.0
    move_burst: int = 240
    sockets_per_client: int = 16
    errors_per_socket: int = 64
    body_bytes: int = 64 * 1024
    page_most: int = 256

    def __post_init__(self) -> None:
        for name in (
            "message_bytes",
            "move_burst",
            "sockets_per_client",
            "errors_per_socket",
            "body_bytes",
            "page_most",
        ):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise ValueError(f"Limits.{name} must be a whole number of at least 1")
        if not isinstance(self.moves_per_second, int | float) or self.moves_per_second <= 0:
            raise ValueError("Limits.moves_per_second must be a number above 0")


class Bucket:
    """A token bucket: ``rate`` tokens a second, holding at most ``burst``."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = float(rate)
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        """Take one token; False when the bucket is empty (the sender is too fast)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class SocketCount:
    """Open sockets by client address, in this process."""

    def __init__(self, most: int) -> None:
        self.most = most
        self._open: Counter[str] = Counter()
        self._lock = threading.Lock()

    def enter(self, address: str) -> bool:
        """Count one more socket from ``address``; False (and not counted) when it has too many."""
        with self._lock:
            if self._open[address] >= self.most:
                return False
            self._open[address] += 1
            return True

    def leave(self, address: str) -> None:
        """Count one socket from ``address`` closed."""
        with self._lock:
            self._open[address] -= 1
            if self._open[address] <= 0:
                del self._open[address]

    def open_from(self, address: str) -> int:
        """Return how many sockets ``address`` has open."""
        with self._lock:
            return self._open[address]
