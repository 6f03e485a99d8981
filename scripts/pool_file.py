"""The pool file: a SQLite database of finished jobs and the boards they made.

One process writes it (the coordinator of a pool run); any number may read it. It is kept
in WAL mode with full syncing, and each finished job is written in one transaction with all
its boards, so a run stopped at any moment (a kill, a crash, a lost machine) leaves every
job either wholly in the file or not in it at all; running the same command again does the
jobs that are missing and no others. A job is never written twice: the job table's key is
the job, and writing a job already there is an error, not a silent skip.

Tables: ``jobs`` (one row per finished job: its seed stream is named by the job itself),
``boards`` (one row per board kept, keyed by its job and attempt), ``runs`` (one row per
run of ``make_pool.py``, for the record of how long the pools took) and ``about`` (the file
format's version).
"""

from __future__ import annotations

import json
import socket
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FORMAT = "1"
"""The version of the pool file's tables."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS about (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS jobs (
    puzzle TEXT NOT NULL,
    size TEXT NOT NULL,
    profile TEXT NOT NULL,
    number INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    boards INTEGER NOT NULL,
    dropped TEXT NOT NULL,
    seconds REAL NOT NULL,
    run INTEGER,
    PRIMARY KEY (puzzle, size, profile, number)
);
CREATE TABLE IF NOT EXISTS boards (
    puzzle TEXT NOT NULL,
    size TEXT NOT NULL,
    profile TEXT NOT NULL,
    number INTEGER NOT NULL,
    attempt INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    layout TEXT NOT NULL,
    answer TEXT NOT NULL,
    shows TEXT NOT NULL,
    key TEXT NOT NULL,
    score REAL NOT NULL,
    measure TEXT NOT NULL,
    facts TEXT NOT NULL,
    work INTEGER NOT NULL,
    PRIMARY KEY (puzzle, size, profile, number, attempt),
    FOREIGN KEY (puzzle, size, profile, number) REFERENCES jobs
);
CREATE INDEX IF NOT EXISTS boards_by_size ON boards (puzzle, size, profile);
CREATE TABLE IF NOT EXISTS runs (
    run INTEGER PRIMARY KEY,
    host TEXT NOT NULL,
    workers TEXT NOT NULL,
    started REAL NOT NULL,
    finished REAL,
    jobs INTEGER NOT NULL DEFAULT 0
);
"""


@dataclass(frozen=True)
class PoolBoard:
    """A board as the pool file holds it (see :class:`pool_jobs.Board`), with its job."""

    puzzle: str
    size: str
    profile: str
    number: int
    attempt: int
    seed: int
    layout: str
    answer: str
    shows: tuple[str, ...]
    key: str
    score: float
    measure: dict[str, Any]
    facts: dict[str, Any]
    work: int

    @property
    def origin(self) -> tuple[str, str, str, int, int]:
        """Where the board came from: its job and attempt (unique in a pool)."""
        return (self.puzzle, self.size, self.profile, self.number, self.attempt)


@dataclass(frozen=True)
class Tally:
    """How much of one (puzzle, size, profile) a pool holds."""

    jobs: int
    attempts: int
    boards: int
    seconds: float
    last: int
    """The highest job number done (-1 for none)."""


class PoolFile:
    """An open pool file (created when missing). Use it as a context manager, or close it."""

    def __init__(self, path: str | Path, readonly: bool = False) -> None:
        self.path = Path(path)
        if readonly:
            if not self.path.is_file():
                raise FileNotFoundError(f"no pool file {self.path}")
            self._db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
            found = self._db.execute("SELECT value FROM about WHERE name='format'").fetchone()
            if found is None:
                self._db.execute("INSERT INTO about VALUES ('format', ?)", (FORMAT,))
            elif found[0] != FORMAT:
                raise ValueError(f"{self.path} is a pool file of format {found[0]}, not {FORMAT}")
        self._run: int | None = None

    def __enter__(self) -> PoolFile:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the file (a run started and not finished is finished now)."""
        if self._run is not None:
            self.finish_run()
        self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    # Runs

    def start_run(self, workers: str) -> int:
        """Record that a run starts, on this host with ``workers`` (for the record only)."""
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO runs (host, workers, started) VALUES (?, ?, ?)",
                (socket.gethostname(), workers, time.time()),
            )
        self._run = int(cursor.lastrowid or 0)
        return self._run

    def finish_run(self) -> None:
        """Record that the current run has ended."""
        if self._run is None:
            return
        with self._transaction() as db:
            db.execute("UPDATE runs SET finished = ? WHERE run = ?", (time.time(), self._run))
        self._run = None

    # Jobs

    def done(self, puzzle: str, size: str, profile: str) -> set[int]:
        """The numbers of the finished jobs of (``puzzle``, ``size``, ``profile``)."""
        rows = self._db.execute(
            "SELECT number FROM jobs WHERE puzzle=? AND size=? AND profile=?",
            (puzzle, size, profile),
        )
        return {number for (number,) in rows}

    def record(self, result: dict[str, Any]) -> None:
        """Write one finished job and its boards (the plain data of
        :func:`pool_jobs.run_job`) in one transaction. Raises sqlite3.IntegrityError when
        the job is already in the file."""
        puzzle, size, profile, number = result["job"]
        with self._transaction() as db:
            db.execute(
                "INSERT INTO jobs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    puzzle,
                    size,
                    profile,
                    number,
                    result["attempts"],
                    len(result["boards"]),
                    json.dumps(result["dropped"], sort_keys=True),
                    result["seconds"],
                    self._run,
                ),
            )
            db.executemany(
                "INSERT INTO boards VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        puzzle,
                        size,
                        profile,
                        number,
                        board["attempt"],
                        board["seed"],
                        board["layout"],
                        board["answer"],
                        board["shows"],
                        board["key"],
                        board["score"],
                        board["measure"],
                        board["facts"],
                        board["work"],
                    )
                    for board in result["boards"]
                ],
            )
            if self._run is not None:
                db.execute("UPDATE runs SET jobs = jobs + 1 WHERE run = ?", (self._run,))

    def tally(self) -> dict[tuple[str, str, str], Tally]:
        """What the file holds per (puzzle, size, profile)."""
        rows = self._db.execute(
            "SELECT puzzle, size, profile, COUNT(*), SUM(attempts), SUM(boards), SUM(seconds),"
            " MAX(number) FROM jobs GROUP BY puzzle, size, profile"
        )
        return {
            (puzzle, size, profile): Tally(jobs, attempts, boards, seconds, last)
            for puzzle, size, profile, jobs, attempts, boards, seconds, last in rows
        }

    def dropped(self) -> dict[tuple[str, str, str], dict[str, int]]:
        """Why attempts were dropped, per (puzzle, size, profile): each reason and its count."""
        out: dict[tuple[str, str, str], dict[str, int]] = {}
        for puzzle, size, profile, dropped in self._db.execute(
            "SELECT puzzle, size, profile, dropped FROM jobs ORDER BY puzzle, size, profile, number"
        ):
            reasons = out.setdefault((puzzle, size, profile), {})
            for reason, count in json.loads(dropped).items():
                reasons[reason] = reasons.get(reason, 0) + count
        return out

    def runs(self) -> list[tuple[int, str, str, float, float | None, int]]:
        """Every run: number, host, workers, start and end (seconds since 1970) and jobs."""
        return list(self._db.execute("SELECT * FROM runs ORDER BY run"))

    # Boards

    def boards(
        self, puzzle: str, sizes: Iterable[str] | None = None, profiles: Iterable[str] | None = None
    ) -> list[PoolBoard]:
        """The boards of ``puzzle`` (of ``sizes`` and ``profiles`` when given), in the order
        of their origin (job, then attempt), so that reading never depends on the order jobs
        finished in."""
        query = "SELECT * FROM boards WHERE puzzle = ?"
        values: list[Any] = [puzzle]
        for column, chosen in (("size", sizes), ("profile", profiles)):
            if chosen is not None:
                items = sorted(set(chosen))
                query += f" AND {column} IN ({', '.join('?' * len(items))})"
                values.extend(items)
        query += " ORDER BY puzzle, size, profile, number, attempt"
        out = []
        for row in self._db.execute(query, values):
            (puzzle_, size, profile, number, attempt, seed, layout, answer, shows, key, score,
             measure, facts, work) = row  # fmt: skip
            out.append(
                PoolBoard(
                    puzzle_,
                    size,
                    profile,
                    number,
                    attempt,
                    seed,
                    layout,
                    answer,
                    tuple(shows.split()),
                    key,
                    score,
                    json.loads(measure),
                    json.loads(facts),
                    work,
                )
            )
        return out
