#!/usr/bin/env python3
"""Make a pool of boards for the level sets: seeded jobs, on local processes or a Dask cluster.

    python scripts/make_pool.py pools/tsunagi-7.sqlite --puzzle tsunagi --size 7
    python scripts/make_pool.py pools/suido.sqlite --puzzle suido --scheduler tcp://host:8786

Each job (puzzle, size, profile, number) makes a few boards from seeds named by the job
alone (see ``pool_jobs.py``), proves each has exactly one answer and measures it. The
coordinating process (this one) writes every finished job, with its boards, to the SQLite
pool file in one transaction; workers only compute. Stop the run at any moment and run the
same command again: it does the jobs that are not in the file and no others.

Which jobs: for each size (``--size``, default every size the puzzle's sets use) and each
profile that size needs (``--profile``, default all; ``level_shapes.py`` says which), jobs
are run in rounds until the pool holds the boards the sets want (``--want`` to say how many
per profile), estimating each round from the boards per job so far, up to a limit; or, with
``--jobs N``, exactly jobs 0 to N-1 of each. ``--plan`` prints what a run would do.

Where: local processes by default, one per core (``--workers N``); ``--scheduler ADDRESS``
sends the same jobs to a Dask distributed cluster, whose workers need this checkout's
package installed (the scripts themselves are uploaded to them). A progress bar shows the
jobs, the boards found and the rate; ``--quiet`` logs one plain line per job instead.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any

import level_shapes as shapes
import pool_jobs
from pool_file import PoolFile, Tally
from pool_jobs import DEFAULT_MAKER, Job

ROUND_LIMIT = 20
"""A profile gets at most this many times the jobs its wanted boards would need if every
attempt kept a board: a profile whose generator keeps fewer than 1 board in 20 attempts
stops there and is reported short."""

SCRIPTS = Path(__file__).resolve().parent


# ---------------------------------------------------------------------------------------
# Which jobs


@dataclass(frozen=True)
class Target:
    """One (puzzle, size, profile) of a run: ``want`` boards, or exactly ``jobs`` jobs."""

    puzzle: str
    size: str
    profile: str
    want: int
    jobs: int | None = None


def targets_of(
    puzzle: str,
    sizes: Sequence[str] | None,
    profiles: Sequence[str] | None,
    want: int | None,
    jobs: int | None,
    spare: float | None = None,
    least: int | None = None,
) -> list[Target]:
    """The targets of a run: every profile each size needs (or only ``profiles``), with
    ``spare`` boards per level instead of the sets' own spare where it is given."""
    if puzzle not in shapes.PUZZLES:
        raise ValueError(f"--puzzle must be one of {', '.join(shapes.PUZZLES)}, not {puzzle!r}")
    chosen = list(sizes) if sizes else all_sizes(puzzle)
    out = []
    for size in chosen:
        wanted = shapes.wanted_boards(
            puzzle, size, spare, shapes.POOL_LEAST if least is None else least
        )
        names = list(profiles) if profiles else list(wanted)
        for name in names:
            try:
                profile = shapes.profile_of(puzzle, name)
            except KeyError:
                raise ValueError(f"{puzzle} has no profile {name!r}") from None
            if profile.sizes is not None and size not in profile.sizes:
                raise ValueError(f"{puzzle} profile {name} is not made at size {size}")
            out.append(Target(puzzle, size, name, want or wanted.get(name, 0), jobs))
    return out


def all_sizes(puzzle: str) -> list[str]:
    """Every size some set of ``puzzle`` takes boards of, in set order."""
    sizes: list[str] = []
    for set, size in shapes.sets_of(puzzle):
        extra = shapes.SUIDO_BIG_SIZES if set == shapes.SUIDO_BIG_SET else (size,)
        sizes.extend(item for item in extra if item not in sizes)
    return sizes


def next_jobs(target: Target, done: set[int], tally: Tally | None) -> list[Job]:
    """The jobs of ``target`` to run now: those below the highest done that are missing (a
    run stopped part-way), then, when more boards are wanted, new ones estimated from the
    boards per job so far."""

    def make(numbers: Iterable[int]) -> list[Job]:
        return [
            Job(target.puzzle, target.size, target.profile, n) for n in numbers if n not in done
        ]

    if target.jobs is not None:
        return make(range(target.jobs))
    last = max(done, default=-1)
    holes = make(range(last + 1))
    if holes:
        return holes
    have = tally.boards if tally else 0
    if have >= target.want:
        return []
    attempts = shapes.attempts_of(target.puzzle, target.size)
    limit = ROUND_LIMIT * math.ceil(target.want / attempts)
    if last + 1 >= limit:
        return []
    if last >= 0 and have == 0:
        return []  # a whole round kept nothing: say so rather than go on blindly
    per_job = have / (last + 1) if last >= 0 else float(attempts)
    more = math.ceil((target.want - have) / max(per_job, attempts / ROUND_LIMIT))
    return make(range(last + 1, min(limit, last + 1 + more)))


# ---------------------------------------------------------------------------------------
# Where jobs run


Done = Callable[[dict[str, Any] | None, Job, BaseException | None], None]


def _quiet_worker(coordinator: int) -> None:
    """Workers leave Ctrl-C to the coordinator, which stops the run, and end themselves
    within a second of the coordinator's end: killed outright (``kill``, ``pkill``), it
    cannot end them, and they would run on through the jobs already sent them, their boards
    lost and the machine's cores taken."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == coordinator:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="coordinator-watch", daemon=True).start()


def run_local(jobs: Sequence[Job], maker: str, workers: int, done: Done) -> None:
    """Run ``jobs`` on ``workers`` local processes, calling ``done`` as each finishes (in
    this process, which alone writes)."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(
        workers, mp_context=context, initializer=_quiet_worker, initargs=(os.getpid(),)
    ) as pool:
        queue = iter(jobs)
        running: dict[Future[dict[str, Any]], Job] = {}
        try:
            while True:
                for job in _take(queue, 2 * workers - len(running)):
                    running[pool.submit(pool_jobs.run_job, maker, _wire(job))] = job
                if not running:
                    return
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    job = running.pop(future)
                    error = future.exception()
                    done(None if error else future.result(), job, error)
        except BaseException:
            # Stopped (Ctrl-C): the finished jobs are written; end the workers this run
            # started rather than wait for the jobs they are in.
            pool.shutdown(wait=False, cancel_futures=True)
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()
            raise


def run_dask(jobs: Sequence[Job], maker: str, address: str, done: Done) -> None:
    """Run ``jobs`` on the Dask cluster at ``address``; ``done`` is called here as each
    finishes. The scripts are uploaded to the workers first."""
    from dask.distributed import Client, as_completed

    with Client(address, timeout="60s") as client:
        for path in upload_files(maker):
            client.upload_file(str(path))
        threads = max(1, sum(client.nthreads().values()))
        queue = iter(jobs)
        names: dict[str, Job] = {}

        def submit(job: Job) -> Any:
            key = f"pool-{job.puzzle}-{job.size}-{job.profile}-{job.number}-{os.getpid()}"
            names[key] = job
            return client.submit(pool_jobs.run_job, maker, _wire(job), key=key, pure=False)

        flow = as_completed([submit(job) for job in _take(queue, 2 * threads)])
        try:
            for future in flow:
                job = names.pop(future.key)
                error = future.exception()
                done(None if error else future.result(), job, error)
                future.release()
                for more in _take(queue, 1):
                    flow.add(submit(more))
        except BaseException:
            client.cancel(list(flow.futures))
            raise


def upload_files(maker: str) -> list[Path]:
    """The script files a Dask worker needs, dependencies first: the shapes, the adapters,
    the jobs, and the job function's own module when it is another file."""
    files = [SCRIPTS / name for name in ("level_shapes.py", "pool_adapters.py", "pool_jobs.py")]
    module = import_module(maker.partition(":")[0])
    where = getattr(module, "__file__", None)
    if where and Path(where).resolve() not in {path.resolve() for path in files}:
        files.append(Path(where))
    return files


def _wire(job: Job) -> tuple[str, str, str, int]:
    return (job.puzzle, job.size, job.profile, job.number)


def _take(items: Iterator[Job], count: int) -> list[Job]:
    out = []
    for _ in range(max(0, count)):
        item = next(items, None)
        if item is None:
            break
        out.append(item)
    return out


# ---------------------------------------------------------------------------------------
# Showing progress


class Report:
    """What a run says as it goes: a rich progress bar, or plain log lines (``quiet``)."""

    def __init__(self, quiet: bool, stream: Any = None, title: str = "pool") -> None:
        self.quiet = quiet
        self.title = title
        self.stream = stream or sys.stderr
        self.started = time.monotonic()
        self.jobs = 0
        self.total = 0
        self.boards = 0
        self.failed: list[str] = []
        self._bar: Any = None
        self._task: Any = None

    def __enter__(self) -> Report:
        if not self.quiet:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self._bar = Progress(
                TextColumn("[bold]{task.description}"),
                BarColumn(bar_width=24),
                MofNCompleteColumn(),
                TextColumn("jobs · {task.fields[boards]} boards, {task.fields[rate]} ·"),
                TimeElapsedColumn(),
                TextColumn("· left"),
                TimeRemainingColumn(),
                console=Console(file=self.stream),
            )
            self._bar.start()
            self._task = self._bar.add_task(self.title, total=0, boards=0, rate="")
        return self

    def __exit__(self, *_: object) -> None:
        if self._bar is not None:
            self._bar.stop()

    def line(self, text: str) -> None:
        """Say one line (above the bar when there is one)."""
        if self._bar is not None:
            self._bar.console.print(text, markup=False, highlight=False)
        else:
            print(text, file=self.stream, flush=True)

    def round(self, count: int, about: str) -> None:
        """A round of ``count`` jobs starts."""
        self.total += count
        self.line(f"{count} jobs to run: {about}")
        if self._bar is not None:
            self._bar.update(self._task, total=self.total)

    def finished(
        self, job: Job, result: dict[str, Any] | None, error: BaseException | None
    ) -> None:
        """A job has finished (``result``) or failed (``error``)."""
        self.jobs += 1
        if error is not None:
            self.failed.append(job.name)
            text = "".join(traceback.format_exception_only(type(error), error)).strip()
            self.line(f"FAILED {job.name}: {text}")
        else:
            assert result is not None
            self.boards += len(result["boards"])
        minutes = max(1e-9, (time.monotonic() - self.started) / 60)
        rate = f"{self.boards / minutes:.1f} boards/min"
        if self._bar is not None:
            rate = f"{self.boards / minutes:.0f}/min"
        if self._bar is not None:
            self._bar.update(self._task, advance=1, boards=self.boards, rate=rate)
        elif result is not None:
            self.line(
                f"{job.name}: {len(result['boards'])} boards from {result['attempts']} attempts "
                f"in {result['seconds']:.1f} s; {self.jobs}/{self.total} jobs, {self.boards} "
                f"boards, {rate}"
            )


# ---------------------------------------------------------------------------------------
# A run


def run_pool(
    path: str | Path,
    targets: Sequence[Target],
    maker: str = DEFAULT_MAKER,
    workers: int | None = None,
    scheduler: str | None = None,
    quiet: bool = True,
    stream: Any = None,
) -> Report:
    """Run every target's jobs into the pool file ``path`` and return the run's report.

    Jobs already in the file are not run again. Jobs run in rounds (see :func:`next_jobs`)
    until no target wants more. A job that fails is reported and left out (the next run
    tries it again); the pool keeps every job that finished.
    """
    count = workers or os.cpu_count() or 1
    where = f"dask {scheduler}" if scheduler else f"{count} local processes"
    title = " ".join(dict.fromkeys(f"{t.puzzle} {t.size}" for t in targets))
    title = title if len(title) <= 24 else title[:23] + "…"
    with PoolFile(path) as pool, Report(quiet, stream, title) as report:
        pool.start_run(where)
        failed: set[Job] = set()

        def done(result: dict[str, Any] | None, job: Job, error: BaseException | None) -> None:
            if result is not None:
                pool.record(result)
            else:
                failed.add(job)
            report.finished(job, result, error)

        while True:
            tallies = pool.tally()
            jobs: list[Job] = []
            for target in targets:
                key = (target.puzzle, target.size, target.profile)
                done_now = pool.done(*key)
                jobs.extend(
                    job
                    for job in next_jobs(target, done_now, tallies.get(key))
                    if job not in failed
                )
            if not jobs:
                break
            report.round(len(jobs), _about(jobs))
            if scheduler:
                run_dask(jobs, maker, scheduler, done)
            else:
                run_local(jobs, maker, count, done)
        for line in summary(pool, targets):
            report.line(line)
    return report


def _about(jobs: Iterable[Job]) -> str:
    counts: dict[tuple[str, str], int] = {}
    for job in jobs:
        counts[(job.size, job.profile)] = counts.get((job.size, job.profile), 0) + 1
    return ", ".join(f"{n} of {size} {profile}" for (size, profile), n in counts.items())


def summary(pool: PoolFile, targets: Sequence[Target]) -> list[str]:
    """One line per target: its jobs, boards, the boards wanted and the time its jobs took."""
    tallies = pool.tally()
    drops = pool.dropped()
    out = []
    for target in targets:
        key = (target.puzzle, target.size, target.profile)
        tally = tallies.get(key)
        jobs, boards, seconds = (tally.jobs, tally.boards, tally.seconds) if tally else (0, 0, 0.0)
        if target.jobs is not None:
            wanted = ""
        else:
            wanted = f" of {target.want} wanted" + ("" if boards >= target.want else " (SHORT)")
        reasons = ", ".join(f"{reason} {count}" for reason, count in drops.get(key, {}).items())
        out.append(
            f"{target.puzzle} {target.size} {target.profile}: {jobs} jobs, {boards} boards"
            f"{wanted}, {seconds / 60:.1f} worker-minutes"
            + (f"; dropped: {reasons}" if reasons else "")
        )
    return out


def plan_lines(path: str | Path, targets: Sequence[Target]) -> list[str]:
    """What a run would do first, target by target (``--plan``)."""
    out = []
    exists = Path(path).is_file()
    with PoolFile(path, readonly=exists) if exists else _Empty() as pool:
        tallies = pool.tally()
        for target in targets:
            key = (target.puzzle, target.size, target.profile)
            tally = tallies.get(key)
            jobs = next_jobs(target, pool.done(*key), tally)
            out.append(
                f"{target.puzzle} {target.size} {target.profile}: have "
                f"{tally.boards if tally else 0} boards of {target.want} wanted, "
                f"{shapes.attempts_of(target.puzzle, target.size)} attempts a job; "
                f"next round {len(jobs)} jobs"
            )
    return out


class _Empty:
    """A pool file that does not exist yet, for ``--plan``."""

    def __enter__(self) -> _Empty:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    def tally(self) -> dict[tuple[str, str, str], Tally]:
        return {}

    def done(self, *_: str) -> set[int]:
        return set()


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module's text); returns the exit status."""
    parser = argparse.ArgumentParser(
        description="Make a pool of proved, measured boards for the level sets.",
        epilog="Run the same command again to resume a run that was stopped.",
    )
    parser.add_argument("pool", help="the SQLite pool file (made when missing)")
    parser.add_argument("--puzzle", required=True, choices=shapes.PUZZLES)
    parser.add_argument("--size", action="append", help="a size (7, or 7x7 for Suido); repeatable")
    parser.add_argument("--profile", action="append", help="a profile; repeatable")
    parser.add_argument("--want", type=int, help="boards wanted per profile (default: the sets')")
    parser.add_argument(
        "--spare", type=float, help="boards wanted per level (default: the sets' own, 3.5 or less)"
    )
    parser.add_argument(
        "--least", type=int, help="boards wanted of every profile at least (default: 24)"
    )
    parser.add_argument("--jobs", type=int, help="run exactly jobs 0..N-1 of each profile")
    parser.add_argument("--workers", type=int, help="local processes (default: one per core)")
    parser.add_argument("--scheduler", help="run on the Dask cluster at this address")
    parser.add_argument("--quiet", action="store_true", help="plain log lines, no progress bar")
    parser.add_argument("--plan", action="store_true", help="say what a run would do, and stop")
    parser.add_argument(
        "--maker",
        default=DEFAULT_MAKER,
        help="the job function, module:function (default: the package's generators)",
    )
    args = parser.parse_args(argv)
    try:
        targets = targets_of(
            args.puzzle, args.size, args.profile, args.want, args.jobs, args.spare, args.least
        )
    except ValueError as error:
        print(f"make_pool: {error}", file=sys.stderr)
        return 2
    if args.plan:
        for line in plan_lines(args.pool, targets):
            print(line)
        return 0
    try:
        report = run_pool(args.pool, targets, args.maker, args.workers, args.scheduler, args.quiet)
    except KeyboardInterrupt:
        print(
            "make_pool: stopped; every finished job is in the pool. "
            "Run the same command again to go on.",
            file=sys.stderr,
        )
        return 130
    if report.failed:
        print(
            f"make_pool: {len(report.failed)} jobs failed (run again to retry them)",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
