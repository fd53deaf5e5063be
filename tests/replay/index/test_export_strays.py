"""A Parquet export read back ignores files that are not its partitions (issue 27 item 7).

``exceed export --parquet DIR`` writes ``DIR/<table>/bucket=<h>/*.parquet``; a stray
``DIR/games/x.parquet`` used to make every query exit 70 with a 3-line BinderException
("Hive partition mismatch").
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from replay import query as q

Cli = Callable[..., Any]


@pytest.fixture
def dataset(exported: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(exported, tmp_path / "dataset"))


def _a_partition_file(dataset: Path) -> Path:
    return next((dataset / "games").glob("bucket=*/*.parquet"))


@pytest.mark.parametrize("stray", ["games/x.parquet", "games/old/y.parquet",
                                   "strikes/notes.parquet", "events/junk.parquet"])
def test_a_stray_file_beside_the_partitions_is_ignored(stray: str, dataset: Path,
                                                       built_index: Path, cli: Cli) -> None:
    expected = q.counts(q.Source.duckdb(built_index))
    where = dataset / stray
    where.parent.mkdir(parents=True, exist_ok=True)
    if stray.startswith("games/"):  # a real Parquet file, with the games' columns
        shutil.copy(_a_partition_file(dataset), where)
    else:
        where.write_bytes(b"not parquet at all")
    result = cli("query", "counts", "--db", dataset, "--format", "json")
    assert (result.code, result.err) == (0, "")
    assert q.counts(q.open_source(dataset)) == expected
    assert q.run_sql(q.open_source(dataset), "SELECT count(*) FROM games")[1] == [
        (expected["games"],)]
    result = cli("find", "hit", "--db", dataset, "--limit", "1")
    assert (result.code, result.err) == (0, "")


def test_a_partition_file_that_is_not_parquet_is_one_line(dataset: Path, cli: Cli) -> None:
    bad = _a_partition_file(dataset).with_name("broken.parquet")
    bad.write_bytes(b"not parquet at all")
    result = cli("query", "counts", "--db", dataset)
    assert (result.code, result.out) == (2, "")
    [line] = result.err.splitlines()
    assert str(bad) in line
    assert "internal error" not in line
