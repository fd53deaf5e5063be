"""The ``--sql`` sandbox: DuckDB's temporary directory is no way out, and every query has
a time limit (issue 11 items 25 and 26)."""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from replay import query as q
from replay.cli import index as cli_index
from replay.index import queries

Cli = Callable[..., Any]

ENDLESS = "SELECT count(*) FROM range(100000000000)"


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    """A directory outside the index holding a file the SQL must never read."""
    where = tmp_path / "private"
    where.mkdir()
    (where / "hostname").write_text("the-secret-host\n")
    return where


@pytest.fixture(params=["duckdb", "parquet"])
def sandbox(request: pytest.FixtureRequest, built_index: Path, exported: Path, tmp_path: Path,
            secret: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    """A source in a scratch directory (the current directory) with DuckDB's default
    temporary directory for it symlinked to ``secret``; returns the source's path and
    the path that would reach the secret through the link."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    if request.param == "duckdb":
        db = Path(shutil.copy(built_index, work / "index.duckdb"))
        Path(f"{db}.tmp").symlink_to(secret)
        return db, f"{db}.tmp/hostname"
    dataset = Path(shutil.copytree(exported, work / "dataset"))
    Path(".tmp").symlink_to(secret)
    return dataset, ".tmp/hostname"


def test_sql_cannot_read_through_the_temp_directory(sandbox: tuple[Path, str],
                                                    cli: Cli) -> None:
    db, leak = sandbox
    sql = f"SELECT content FROM read_text('{leak}')"
    result = cli("query", "--db", db, "--sql", sql)
    assert (result.code, result.out) == (2, "")
    assert len(result.err.splitlines()) == 1
    assert "disabled by configuration" in result.err
    assert "the-secret-host" not in result.err
    with pytest.raises(q.QueryError, match="disabled by configuration"):
        q.run_sql(q.open_source(db), sql)
    # the pinned private temporary directory is gone afterwards, the link untouched
    assert Path(leak).read_text() == "the-secret-host\n"
    # the index still answers
    assert q.run_sql(q.open_source(db), "SELECT count(*) FROM games")[1] == [(60,)]


def test_an_endless_query_is_interrupted(built_index: Path, cli: Cli) -> None:
    start = time.monotonic()
    result = cli("query", "--db", built_index, "--sql", ENDLESS, "--timeout", "0.5")
    assert time.monotonic() - start < 20
    assert (result.code, result.out) == (cli_index.EXIT_TIMEOUT, "")
    assert result.err == ("exceed query: the query ran longer than 0.5 s and was interrupted "
                          "(give a longer time limit, or a narrower query)\n")


def test_sql_has_a_default_time_limit(built_index: Path, cli: Cli,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    assert cli_index.SQL_LIMIT == q.SQL_LIMIT == 5.0
    monkeypatch.setattr(cli_index, "SQL_LIMIT", 0.3)
    result = cli("query", "--db", built_index, "--sql", ENDLESS)
    assert result.code == cli_index.EXIT_TIMEOUT
    assert result.err.startswith("exceed query: the query ran longer than 0.3 s")


def test_every_query_function_has_a_time_limit(built_index: Path, exported: Path) -> None:
    for src in (q.Source.duckdb(built_index), q.Source.parquet(exported)):
        assert src.limit == q.DEFAULT_LIMIT
        quick = src.with_limit(0.3)
        with pytest.raises(q.QueryTimeout, match=r"^the query ran longer than 0\.3 s"):
            q.run_sql(quick, ENDLESS)
        # the dashboard's queries share one execution path (``_fetch``) with the limit
        with pytest.raises(q.QueryTimeout):
            queries._fetch(quick, 'SELECT \'x\' AS "table", count(*) AS "rows" FROM '
                                  "range(100000000000)", [], q.CountRow)
        # a query within the limit is not disturbed, and the timer does not fire later
        assert q.counts(quick)["games"] == 60
        time.sleep(0.4)
        assert q.counts(quick)["games"] == 60
