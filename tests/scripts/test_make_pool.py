"""make_pool.py: seeded jobs into a SQLite pool, the same on local processes and on Dask,
and a run killed part-way resumes with nothing lost and nothing done twice."""

from __future__ import annotations

import io
import os
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from script_files import SCRIPTS, TESTS, load_script

make_pool = load_script("make_pool")
pool_jobs = load_script("pool_jobs")
pool_file = load_script("pool_file")
shapes = load_script("level_shapes")

import pool_fakes  # noqa: E402  (needs the scripts' folder on the path, set above)

Job = pool_jobs.Job


def _rows(path: Path, table: str, columns: str) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return list(db.execute(f"SELECT {columns} FROM {table} ORDER BY 1, 2, 3, 4, 5"))


def _jobs_done(path: Path) -> int:
    """How many jobs a pool being written holds so far (0 before its tables exist)."""
    try:
        return len(_rows(path, "jobs", "number, 1, 1, 1, 1")) if path.exists() else 0
    except sqlite3.OperationalError:
        return 0


BOARD_COLUMNS = "puzzle, size, profile, number, attempt, seed, layout, answer, shows, key, score"
JOB_COLUMNS = "puzzle, size, profile, number, attempts, boards, dropped"


def _running(log: Path) -> bool:
    """Whether the stand-in job log shows a job started and not done."""
    lines = log.read_text().split("\n") if log.exists() else []
    started = {line[6:] for line in lines if line.startswith("start ")}
    return bool(started - {line[5:] for line in lines if line.startswith("done ")})


def _expected_boards(jobs: list[Job], maker: str) -> list[tuple[object, ...]]:
    """What the pool must hold: every job run here, in this process, directly."""
    out = []
    for job in jobs:
        result = pool_jobs.run_job(maker, (job.puzzle, job.size, job.profile, job.number))
        for board in result["boards"]:
            out.append(
                (job.puzzle, job.size, job.profile, job.number, board["attempt"], board["seed"],
                 board["layout"], board["answer"], board["shows"], board["key"], board["score"])
            )  # fmt: skip
    return sorted(out)


def test_job_seeds_and_options_depend_on_the_job_alone() -> None:
    job = Job("tsunagi", "7", "walls", 3)
    assert job.seed(0) == pool_jobs.fnv1a("tsunagi|7|walls|3|0")
    assert len({job.seed(a) for a in range(50)}) == 50
    profile = shapes.profile_of("tsunagi", "walls")
    options = pool_jobs.draw_options(profile, 49, job.seed(0))
    assert options == pool_jobs.draw_options(profile, 49, job.seed(0))
    assert set(options) == {"blocked", "pairs"}
    assert options["pairs"] == 16 and 1 <= options["blocked"] <= 2
    # Beyond 15x15 the pairs follow the cells: 1/12.5 to 1/9 of 400 is 32 to 44.
    big = {pool_jobs.draw_options(profile, 20 * 20, job.seed(a))["pairs"] for a in range(60)}
    assert min(big) >= 32 and max(big) <= 44 and len(big) > 5
    drawn = {pool_jobs.draw_options(profile, 49, job.seed(a))["blocked"] for a in range(60)}
    assert drawn == {1, 2}  # at least one blocked cell: walls alone are slow to need


def test_the_fake_job_is_real_and_deterministic() -> None:
    job = Job("tsunagi", "5", "walls", 0)
    first = pool_fakes.tsunagi_job(job)
    assert first == pool_fakes.tsunagi_job(job)
    assert first.boards, "the stand-in keeps some boards"
    for board in first.boards:
        assert "|" in board.layout and board.shows == ("walls",)
        assert pool_fakes._unique(5, board.layout, board.answer)


def test_next_jobs_fills_holes_then_estimates_rounds() -> None:
    target = make_pool.Target("tsunagi", "7", "plain", want=300)  # 30 attempts a job
    tally = pool_file.Tally
    # Nothing done: enough jobs if every attempt kept a board.
    first = make_pool.next_jobs(target, set(), None)
    assert [job.number for job in first] == list(range(10))
    # A run stopped part-way: the missing jobs below the highest done come first, alone.
    holes = make_pool.next_jobs(target, {0, 1, 4, 5}, tally(4, 120, 40, 1.0, 5))
    assert [job.number for job in holes] == [2, 3]
    # 10 jobs kept 100 boards (10 a job): 200 more wanted, 20 more jobs.
    more = make_pool.next_jobs(target, set(range(10)), tally(10, 300, 100, 1.0, 9))
    assert [job.number for job in more] == list(range(10, 30))
    # Enough boards: nothing.
    assert make_pool.next_jobs(target, set(range(10)), tally(10, 300, 300, 1.0, 9)) == []
    # A whole round kept nothing: stop and say so rather than go on.
    assert make_pool.next_jobs(target, set(range(10)), tally(10, 300, 0, 1.0, 9)) == []
    # Never beyond 20 times the first round.
    capped = make_pool.next_jobs(target, set(range(195)), tally(195, 5850, 1, 1.0, 194))
    assert [job.number for job in capped] == list(range(195, 200))
    # --jobs N: exactly 0..N-1.
    fixed = make_pool.Target("tsunagi", "7", "plain", want=300, jobs=4)
    assert [job.number for job in make_pool.next_jobs(fixed, {1}, None)] == [0, 2, 3]


def test_targets_cover_every_profile_a_size_needs() -> None:
    targets = make_pool.targets_of("tsunagi", ["7"], None, None, None)
    assert {t.profile for t in targets} == {
        "plain", "bridges", "walls", "bridges+walls", "waypoints", "wrap", "hexagon", "sparse",
        "portal-1", "portals-2-3",
    }  # fmt: skip
    assert next(t.want for t in targets if t.profile == "plain") == 4 * 224
    with pytest.raises(ValueError, match="not made at size 8"):
        make_pool.targets_of("tsunagi", ["8"], ["hexagon"], None, None)
    with pytest.raises(ValueError, match="no profile"):
        make_pool.targets_of("suido", ["7x7"], ["bridges"], None, None)
    assert "20x50" in make_pool.all_sizes("suido") and "5x5" in make_pool.all_sizes("suido")


def test_dask_and_local_processes_make_the_same_pool(tmp_path: Path) -> None:
    distributed = pytest.importorskip("dask.distributed")
    maker = "pool_fakes:tsunagi_job"
    targets = make_pool.targets_of("tsunagi", ["5"], ["plain", "walls", "waypoints"], None, 4)
    jobs = [Job("tsunagi", "5", t.profile, n) for t in targets for n in range(4)]
    local = tmp_path / "local.sqlite"
    report = make_pool.run_pool(local, targets, maker, workers=2, stream=io.StringIO())
    assert report.jobs == 12 and not report.failed
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        dask = tmp_path / "dask.sqlite"
        out = io.StringIO()
        report = make_pool.run_pool(
            dask, targets, maker, scheduler=cluster.scheduler_address, stream=out
        )
        assert report.jobs == 12 and not report.failed, out.getvalue()
        with distributed.Client(cluster.scheduler_address) as client:
            assert len(client.nthreads()) == 2
    boards = _rows(local, "boards", BOARD_COLUMNS)
    assert boards == _rows(dask, "boards", BOARD_COLUMNS)
    assert _rows(local, "jobs", JOB_COLUMNS) == _rows(dask, "jobs", JOB_COLUMNS)
    assert sorted(boards) == _expected_boards(jobs, maker)
    assert len(boards) > 12
    runs = pool_file.PoolFile(dask, readonly=True).runs()
    assert len(runs) == 1 and runs[0][2].startswith("dask tcp://") and runs[0][5] == 12


def test_a_run_killed_part_way_resumes_with_nothing_lost_or_done_twice(tmp_path: Path) -> None:
    pool = tmp_path / "pool.sqlite"
    jobs = 24
    command = [
        sys.executable, str(SCRIPTS / "make_pool.py"), str(pool), "--puzzle", "tsunagi",
        "--size", "5", "--profile", "plain", "--jobs", str(jobs), "--workers", "2", "--quiet",
        "--maker", "pool_fakes:quick_job",
    ]  # fmt: skip
    env = dict(os.environ, PYTHONPATH=str(TESTS), POOL_FAKE_DELAY="0.25")
    first_log, second_log = tmp_path / "first.log", tmp_path / "second.log"
    killed = subprocess.Popen(
        command,
        env=dict(env, POOL_FAKE_LOG=str(first_log)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if _jobs_done(pool) >= 5 and _running(first_log):
                break  # five jobs written, and one in the middle of its work
            time.sleep(0.05)
        os.killpg(killed.pid, signal.SIGKILL)
    finally:
        killed.wait(30)
    assert killed.returncode == -signal.SIGKILL
    before_jobs = {row[0] for row in _rows(pool, "jobs", "number, 1, 1, 1, 1")}
    before_boards = _rows(pool, "boards", BOARD_COLUMNS)
    assert 5 <= len(before_jobs) < jobs, "killed part-way"
    started_first = {line.split("#")[1] for line in first_log.read_text().split("\n") if line}
    assert len(started_first) > len(before_jobs), "some jobs were running when it was killed"

    resumed = subprocess.run(
        command,
        env=dict(env, POOL_FAKE_LOG=str(second_log), POOL_FAKE_DELAY="0"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert f"{jobs - len(before_jobs)} jobs to run" in resumed.stderr
    lines = second_log.read_text().split("\n")
    ran_again = sorted(int(line.split("#")[1]) for line in lines if line.startswith("start"))
    assert ran_again == sorted(set(range(jobs)) - before_jobs), "the missing jobs ran, once each"
    after_jobs = [row[0] for row in _rows(pool, "jobs", "number, 1, 1, 1, 1")]
    assert sorted(after_jobs) == list(range(jobs))
    after_boards = _rows(pool, "boards", BOARD_COLUMNS)
    assert set(before_boards) <= set(after_boards)
    assert sorted(after_boards) == _expected_boards(
        [Job("tsunagi", "5", "plain", n) for n in range(jobs)], "pool_fakes:quick_job"
    )
    # A third run finds nothing to do.
    again = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert again.returncode == 0 and "jobs to run" not in again.stderr


def test_a_job_written_twice_is_an_error(tmp_path: Path) -> None:
    result = pool_jobs.run_job("pool_fakes:quick_job", ("tsunagi", "5", "plain", 0))
    with pool_file.PoolFile(tmp_path / "p.sqlite") as pool:
        pool.record(result)
        with pytest.raises(sqlite3.IntegrityError):
            pool.record(result)
        assert pool.tally()[("tsunagi", "5", "plain")].boards == len(result["boards"])


def test_a_failing_job_is_reported_and_the_others_kept(tmp_path: Path) -> None:
    targets = [make_pool.Target("tsunagi", "5", "plain", 0, jobs=3)]
    out = io.StringIO()
    report = make_pool.run_pool(
        tmp_path / "p.sqlite", targets, "pool_fakes:no_such_job", workers=1, stream=out
    )
    assert report.jobs == 3 and len(report.failed) == 3
    assert "FAILED tsunagi 5 plain #0: AttributeError" in out.getvalue()


def test_the_command_line_refuses_bad_targets(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        make_pool.main(["x.sqlite", "--puzzle", "tsunagi", "--size", "6", "--profile", "hexagon"])
        == 2
    )
    assert "not made at size 6" in capsys.readouterr().err


def test_plan_says_what_a_run_would_do(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = make_pool.main(
        [str(tmp_path / "none.sqlite"), "--puzzle", "suido", "--size", "20x50", "--plan"]
    )
    assert status == 0 and not (tmp_path / "none.sqlite").exists()
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("suido 20x50 drains: have 0 boards of 24 wanted, 4 attempts a job")
    assert any(line.startswith("suido 20x50 plain: have 0 boards of 232 wanted") for line in lines)


def test_the_real_job_keeps_only_proved_boards_of_its_profile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """pool_jobs.make_job's own logic, with the package's calls replaced by rules on the seed."""
    adapters = pool_jobs.adapters

    def make(puzzle: str, size: str, twist: object, seed: int, options: dict) -> object:
        assert (twist, sorted(options)) == ("walls", ["blocked", "pairs"])
        if seed % 7 == 0:
            raise IndexError("a generator bug")
        return None if seed % 7 == 1 else adapters.Made(f"L{seed}", f"A{seed}", 5)

    def seed_of(layout: str) -> int:
        return int(layout[1:])

    monkeypatch.setattr(adapters, "make", make)
    monkeypatch.setattr(
        adapters,
        "shows",
        lambda p, s, layout: ("wrap",) if seed_of(layout) % 7 == 2 else ("walls",),
    )
    monkeypatch.setattr(
        adapters, "prove", lambda p, s, layout, a: adapters.Proof(seed_of(layout) % 7 != 3, 2)
    )
    monkeypatch.setattr(adapters, "facts", lambda p, s, layout, a: {"pairs": 9})
    monkeypatch.setattr(adapters, "rate", lambda p, s, layout, a: ({"m": 1}, 50.5))
    monkeypatch.setattr(adapters, "symmetry_key", lambda p, s, layout, a: "k" + layout)
    job = Job("tsunagi", "7", "walls", 2)
    outcome = pool_jobs.make_job(job)
    seeds = [job.seed(a) % 7 for a in range(30)]
    assert outcome.attempts == 30
    assert outcome.dropped == {
        reason: seeds.count(rest)
        for reason, rest in (
            ("the generator raised IndexError", 0),
            ("the generator gave up", 1),
            ("shows other twists", 2),
            ("not proved unique", 3),
        )
        if seeds.count(rest)
    }
    kept = [a for a in range(30) if seeds[a] >= 4]
    assert [board.attempt for board in outcome.boards] == kept
    board = outcome.boards[0]
    assert (board.layout, board.shows, board.key, board.score, board.work) == (
        f"L{job.seed(kept[0])}",
        ("walls",),
        f"kL{job.seed(kept[0])}",
        50.5,
        7,
    )


def _alive_in_group(group: int) -> list[int]:
    """The processes of process group ``group`` that are running (zombies left out)."""
    alive = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            alive.append(int(stat.parent.name))
    return alive


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
def test_workers_end_when_the_coordinator_is_killed_alone(tmp_path: Path) -> None:
    # ``pkill -f make_pool.py`` kills the coordinator only; its workers must not run on
    # through the jobs already sent them (their boards could never be written).
    log = tmp_path / "jobs.log"
    command = [
        sys.executable, str(SCRIPTS / "make_pool.py"), str(tmp_path / "pool.sqlite"),
        "--puzzle", "tsunagi", "--size", "5", "--profile", "plain", "--jobs", "8",
        "--workers", "2", "--quiet", "--maker", "pool_fakes:quick_job",
    ]  # fmt: skip
    env = dict(os.environ, PYTHONPATH=str(TESTS), POOL_FAKE_DELAY="60", POOL_FAKE_LOG=str(log))
    run = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not _running(log):
            time.sleep(0.05)
        assert _running(log), "no job started"
        assert len(_alive_in_group(run.pid)) >= 3  # the coordinator, two workers (and a tracker)
        os.kill(run.pid, signal.SIGKILL)
        run.wait(30)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and _alive_in_group(run.pid):
            time.sleep(0.1)
        assert _alive_in_group(run.pid) == [], "workers outlived their coordinator"
    finally:
        for pid in _alive_in_group(run.pid):
            os.kill(pid, signal.SIGKILL)
