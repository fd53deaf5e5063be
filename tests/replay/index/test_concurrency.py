"""Concurrency: readers during indexing, two indexers at once, an indexer killed mid-run.

The index file is held only while a batch is inserted and committed (writers) or while
one query runs (readers); both sides wait for the other with backoff. ``<db>.lock``
serialises indexers. See docs/index.md.
"""

from __future__ import annotations

import fcntl
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb
import pytest

from replay import query as q

Fn = Callable[..., Any]
TOTAL = 60


def _finish(proc: subprocess.Popen[str], timeout: float = 120) -> tuple[int, str, str]:
    out, err = proc.communicate(timeout=timeout)
    return proc.returncode, out, err


def test_a_reader_sees_games_arrive_while_indexing(corpus: Path, tmp_path: Path, cli: Fn,
                                                   spawn: Fn) -> None:
    db = tmp_path / "ix.duckdb"
    assert cli("index", corpus / "ken-ken", "--db", db, "--jobs", "1").code == 0
    src = q.Source.duckdb(db)
    seen: list[int] = []
    errors: list[BaseException] = []
    stop = threading.Event()

    def read() -> None:
        while not stop.is_set():
            try:
                seen.append(len(q.games(src, limit=1000)))
            except BaseException as error:  # any failure is the finding
                errors.append(error)
                return
            if seen[-1] == TOTAL:
                return

    reader = threading.Thread(target=read)
    reader.start()
    indexer = spawn("index", corpus, "--db", db, "--batch", "5", "--jobs", "2")
    code, _, err = _finish(indexer)
    reader.join(timeout=30)
    stop.set()
    assert code == 0, err
    assert errors == []
    assert seen[0] >= 12 and seen[-1] == TOTAL
    assert seen == sorted(seen), "a reader saw the count go down"
    assert len(set(seen)) > 2, "the reader should have seen intermediate batches"


def test_two_indexers_at_once_never_corrupt_the_index(corpus: Path, tmp_path: Path,
                                                      spawn: Fn,
                                                      expected: dict[str, Any]) -> None:
    db = tmp_path / "ix.duckdb"
    procs = [spawn("index", corpus, "--db", db, "--batch", "10", "--jobs", "1")
             for _ in range(2)]
    results = [_finish(p) for p in procs]
    waited = f"another `exceed index` is writing {db}; waiting..."
    for code, _, err in results:
        assert code == 0 or (code == 3 and "giving up" in err), err
    assert sum(waited in err for _, _, err in results) <= 1
    indexed = [int(m.group(1)) for _, out, _ in results
               if (m := re.match(r"indexed (\d+) game", out))]
    assert sum(indexed) == TOTAL, "each game is indexed by exactly one of the two"
    counts = q.counts(q.Source.duckdb(db))
    assert counts["games"] == TOTAL
    assert counts["events"] == sum(e.events for e in expected.values())
    assert counts["decisions"] == sum(e.decisions for e in expected.values())


def test_a_second_indexer_waits_then_fails_with_one_line(corpus: Path, tmp_path: Path,
                                                         spawn: Fn) -> None:
    db = tmp_path / "ix.duckdb"
    with open(f"{db}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        code, out, err = _finish(spawn("index", corpus, "--db", db, "--wait", "0.5"))
    assert code == 3
    assert out == ""
    assert err.splitlines() == [
        f"another `exceed index` is writing {db}; waiting...",
        f"exceed index: another `exceed index` is still writing {db} after 0.5 s; giving up",
    ]


_HOLD = """
import sys, time, duckdb
con = duckdb.connect(sys.argv[1])
print("holding", flush=True)
time.sleep(float(sys.argv[2]))
con.close()
"""


def _hold_writer(db: Path, seconds: float) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", _HOLD, str(db), str(seconds)],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline() == "holding\n"
    return proc


def test_readers_wait_for_a_writer_then_read(built_index: Path, tmp_path: Path) -> None:
    db = tmp_path / "ix.duckdb"
    db.write_bytes(built_index.read_bytes())
    holder = _hold_writer(db, 1.0)
    try:
        start = time.monotonic()
        assert q.counts(q.Source.duckdb(db))["games"] == TOTAL
        assert time.monotonic() - start > 0.3
    finally:
        holder.wait(timeout=30)
    holder = _hold_writer(db, 3.0)
    try:
        with pytest.raises(q.IndexBusy, match="locked by another process"):
            q.counts(q.Source.duckdb(db, timeout=0.3))
    finally:
        holder.wait(timeout=30)


def _poll_games(db: Path) -> int:
    try:
        with duckdb.connect(str(db), read_only=True) as con:
            row = con.execute("SELECT count(*) FROM games").fetchone()
    except duckdb.Error:
        return 0  # not created yet, or the indexer holds it right now
    return 0 if row is None else int(row[0])


def test_sigkill_leaves_only_whole_games_and_a_rerun_completes(
        corpus: Path, tmp_path: Path, spawn: Fn, expected: dict[str, Any]) -> None:
    db = tmp_path / "ix.duckdb"
    proc = spawn("index", corpus, "--db", db, "--batch", "5", "--jobs", "2")
    deadline = time.monotonic() + 60
    committed = 0
    while committed == 0 and time.monotonic() < deadline and proc.poll() is None:
        committed = _poll_games(db)
        time.sleep(0.005)
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=30)
    assert committed > 0, "the indexer never committed a batch"

    src = q.Source.duckdb(db)
    present = {r.game_id: r for r in q.games(src, limit=1000)}
    assert 0 < len(present) <= TOTAL
    for table, expect in (("events", lambda e: e.events), ("decisions", lambda e: e.decisions),
                          ("strikes", lambda e: len(e.strikes))):
        _, rows = q.run_sql(src, f"SELECT game_id, count(*) FROM {table} GROUP BY game_id")
        have = {game_id: n for game_id, n in rows}
        for game_id in present:
            assert have.get(game_id, 0) == expect(expected[game_id]), (table, game_id)
        assert set(have) <= set(present), f"{table} rows of a game that is not in games"

    rerun = spawn("index", corpus, "--db", db, "--jobs", "2", "--wait", "20")
    code, out, err = _finish(rerun)
    assert code == 0, err
    assert f"{TOTAL - len(present)} game(s), {len(present)} already indexed" in out
    assert q.counts(src)["games"] == TOTAL
    assert q.counts(src)["events"] == sum(e.events for e in expected.values())
