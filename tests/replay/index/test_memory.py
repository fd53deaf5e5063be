"""``exceed index`` runs under a 1 GiB address-space cap (issue 27 item 10).

DuckDB reserves address space per thread (an 8 MiB stack and a 64 MiB malloc arena),
for its worker threads (one per core by default) and for the 8 threads of its
asynchronous I/O pool: opening the index took 650 MiB, and indexing the samples failed
with "Failed to allocate block" even at 1.3 GiB. The cap is set before the interpreter
starts, as ``ulimit -v`` would, and applies to every process of the run (the workers too).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from replay.index import locks

ROOT = Path(__file__).resolve().parents[3]
CAP = 1 << 30


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_index_runs_under_a_1_gib_address_space_cap(jobs: str, sample_paths: list[Path],
                                                   tmp_path: Path) -> None:
    db = tmp_path / "index.duckdb"
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "replay.cli", "index", "--jobs", jobs, "--db", str(db),
         *map(str, sample_paths)],
        capture_output=True, text=True, timeout=600, env=env, preexec_fn=_capped)
    assert result.returncode == 0, result.stderr
    assert "Failed to allocate" not in result.stderr
    assert "MemoryError" not in result.stderr
    assert f"indexed {len(sample_paths)} game(s)" in result.stdout
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM games").fetchone() == (len(sample_paths),)


def test_a_writer_connection_reserves_few_threads(tmp_path: Path) -> None:
    con = locks.connect_retrying(tmp_path / "index.duckdb", read_only=False, timeout=5)
    try:
        settings = dict(con.execute("SELECT name, value FROM duckdb_settings() WHERE name "
                                    "IN ('threads', 'async_threads')").fetchall())
    finally:
        con.close()
    assert settings == {"threads": str(locks.WRITE_THREADS), "async_threads": "0"}
    assert locks.WRITE_THREADS <= 2
