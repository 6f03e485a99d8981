"""One pool job: a seeded batch of generator calls, each board proved and measured.

A job is named by its puzzle, size, profile and number, and everything it makes follows
from those four alone: each attempt's seed is FNV-1a of ``"puzzle|size|profile|number|
attempt"``, its options are drawn from that seed's stream, and the generator, the proof and
the measure are seeded or deterministic. So a job makes the same boards on any machine, in
any worker, whenever it runs. Workers run jobs and return what they made as plain data; only
the coordinating process writes the pool file.
"""

from __future__ import annotations

import importlib
import json
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import level_shapes as shapes
import pool_adapters as adapters
from itsutsu.common.random import fnv1a, seeded_random

DEFAULT_MAKER = "pool_jobs:make_job"
"""The job function ``make_pool.py`` runs unless told otherwise: the real generators."""

OPTION_SALT = 0x9E3779B9
"""An attempt's options are drawn from ``seeded_random(seed ^ OPTION_SALT)``, so they do
not repeat the numbers the generator draws from the seed itself."""


@dataclass(frozen=True, order=True)
class Job:
    """One job: ``puzzle`` (``tsunagi`` or ``suido``), ``size`` (``"7"`` or ``"7x7"``), the
    name of a profile of :mod:`level_shapes`, and its number (0 up)."""

    puzzle: str
    size: str
    profile: str
    number: int

    @property
    def name(self) -> str:
        """The job as people read it: ``tsunagi 7 plain #12``."""
        return f"{self.puzzle} {self.size} {self.profile} #{self.number}"

    def seed(self, attempt: int) -> int:
        """The seed of attempt ``attempt`` of this job."""
        return fnv1a(f"{self.puzzle}|{self.size}|{self.profile}|{self.number}|{attempt}")


@dataclass(frozen=True)
class Board:
    """A board a job kept: proved to have exactly one answer (``answer``), with what it
    shows, its symmetry key, its measure (plain data) and score, facts for the chooser
    (:func:`pool_adapters.facts`) and the work its making and proof took."""

    attempt: int
    seed: int
    layout: str
    answer: str
    shows: tuple[str, ...]
    key: str
    score: float
    measure: Mapping[str, Any] = field(default_factory=dict)
    facts: Mapping[str, Any] = field(default_factory=dict)
    work: int = 0


@dataclass(frozen=True)
class Outcome:
    """What a job made: the boards it kept, the attempts it made, and why it dropped the
    others (a reason and a count each)."""

    boards: tuple[Board, ...]
    attempts: int
    dropped: Mapping[str, int] = field(default_factory=dict)


def draw_options(profile: shapes.Profile, cells: int, seed: int) -> dict[str, Any]:
    """The options of one attempt: each of ``profile``'s draws in name order, one number
    each from the attempt's option stream; a draw giving None is left out."""
    random = seeded_random(seed ^ OPTION_SALT)
    out = {}
    for name in sorted(profile.options):
        value = profile.options[name].draw(random(), cells)
        if value is not None:
            out[name] = value
    return out


def make_job(job: Job) -> Outcome:
    """Run ``job`` with the package's generators: every attempt makes one board, which is
    kept when it shows exactly the profile's twists, is proved to have exactly one answer
    (its own) and, for Suido, needs at least a few turns. An attempt whose generator call
    raises is counted as dropped, under the exception's name, and the job goes on; the
    pool's summary lists such drops."""
    profile = shapes.profile_of(job.puzzle, job.profile)
    cells = shapes.cells_of(job.puzzle, job.size)
    attempts = shapes.attempts_of(job.puzzle, job.size)
    boards = []
    dropped: Counter[str] = Counter()
    for attempt in range(attempts):
        seed = job.seed(attempt)
        try:
            made = adapters.make(
                job.puzzle, job.size, profile.twist, seed, draw_options(profile, cells, seed)
            )
        except Exception as error:  # a generator bug on one seed must not stop the pool
            dropped[f"the generator raised {type(error).__name__}"] += 1
            continue
        if made is None:
            dropped["the generator gave up"] += 1
            continue
        shown = adapters.shows(job.puzzle, job.size, made.layout)
        if shown != profile.shows:
            dropped["shows other twists"] += 1
            continue
        proof = adapters.prove(job.puzzle, job.size, made.layout, made.answer)
        if not proof.unique:
            dropped["not proved unique"] += 1
            continue
        facts = adapters.facts(job.puzzle, job.size, made.layout, made.answer)
        if not within(profile, facts):
            dropped["outside the profile's limits"] += 1
            continue
        if job.puzzle == shapes.SUIDO and sum(map(int, facts["turns"])) < shapes.SUIDO_LEAST_TURNS:
            dropped["too few turns"] += 1
            continue
        measure, score = adapters.rate(job.puzzle, job.size, made.layout, made.answer)
        key = adapters.symmetry_key(job.puzzle, job.size, made.layout, made.answer)
        boards.append(
            Board(
                attempt,
                seed,
                made.layout,
                made.answer,
                shown,
                key,
                score,
                measure,
                facts,
                made.work + proof.work,
            )
        )
    return Outcome(tuple(boards), attempts, dict(dropped))


def within(profile: shapes.Profile, facts: Mapping[str, Any]) -> bool:
    """Whether a board's ``facts`` are inside ``profile``'s limits."""
    return all(
        name in facts and low <= facts[name] <= high for name, (low, high) in profile.limits.items()
    )


def maker_of(name: str) -> Callable[[Job], Outcome]:
    """The job function named ``module:function`` (the module importable from the worker)."""
    module, _, function = name.partition(":")
    if not module or not function:
        raise ValueError(f"a job function is named module:function, not {name!r}")
    found = getattr(importlib.import_module(module), function)
    if not callable(found):
        raise ValueError(f"{name} is not a function")
    return found  # type: ignore[no-any-return]


def run_job(maker: str, job: tuple[str, str, str, int]) -> dict[str, Any]:
    """Run one job in a worker and return it as plain data (what crosses to the
    coordinator): the job, its boards, attempts, drops and the seconds it took here."""
    started = time.perf_counter()
    outcome = maker_of(maker)(Job(*job))
    seconds = time.perf_counter() - started
    return {
        "job": list(job),
        "boards": [_board_data(board) for board in outcome.boards],
        "attempts": outcome.attempts,
        "dropped": dict(outcome.dropped),
        "seconds": seconds,
    }


def _board_data(board: Board) -> dict[str, Any]:
    return {
        "attempt": board.attempt,
        "seed": board.seed,
        "layout": board.layout,
        "answer": board.answer,
        "shows": " ".join(board.shows),
        "key": board.key,
        "score": float(board.score),
        "measure": json.dumps(dict(board.measure), sort_keys=True),
        "facts": json.dumps(dict(board.facts), sort_keys=True),
        "work": int(board.work),
    }
