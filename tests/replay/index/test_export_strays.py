"""A Parquet export read back ignores files that are not its partitions (issue 27 item 7).

``exceed export --parquet DIR`` writes ``DIR/<table>/bucket=<h>/*.parquet``; a stray
``DIR/games/x.parquet`` used to make every query exit 70 with a 3-line BinderException
("Hive partition mismatch").
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from replay import query as q
from replay.index.checksums import CHECKSUMS

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


@pytest.mark.parametrize("name", ["x[1]", "q?", "st*r", "a,b {c}"])
def test_an_export_in_a_folder_named_like_a_pattern_is_read_alone(
        name: str, exported: Path, built_index: Path, tmp_path: Path, cli: Cli) -> None:
    """Walking the hostile corpus: the export's folder was put into DuckDB's file
    pattern as it is, so ``--db x[1]`` said "x[1] is not a readable exported index: ...
    No files found that match the pattern" (or read ``x1`` beside it instead), and
    ``--db 'q?'`` read its neighbour ``qa`` too."""
    expected = q.counts(q.Source.duckdb(built_index))
    dataset = Path(shutil.copytree(exported, tmp_path / name))
    for other in ("qa", "x1", "star"):  # what the patterns matched too, or instead
        _a_partition_file(Path(shutil.copytree(exported, tmp_path / other))).unlink()
    result = cli("query", "counts", "--db", dataset, "--format", "json")
    assert (result.code, result.err) == (0, "")
    assert q.counts(q.open_source(dataset)) == expected
    # a person's SQL too (found by a fuzz helper): its sandbox allowed the folder as
    # written, the views read it as a pattern (st[*]r), and every query was refused
    # "file system operations are disabled by configuration"
    sql = cli("query", "--db", dataset, "--sql", "SELECT count(*) AS n FROM games",
              "--format", "json")
    assert (sql.code, sql.err) == (0, "")
    assert json.loads(sql.out) == [{"n": expected["games"]}]


def test_a_named_pipe_for_a_checksum_list_is_not_waited_on(dataset: Path, cli: Cli) -> None:
    """``games/_checksums.json`` a FIFO (found by a fuzz helper): the list was opened
    with a plain open, which waits for a writer, so a named query hung for good and a
    person's SQL met its time limit, "the query ran longer than 5 s", naming no file."""
    from tests.fifo_kit import fifo

    listed = dataset / "games" / CHECKSUMS
    listed.unlink()
    fifo(listed)
    for args in (("counts",), ("--sql", "SELECT count(*) FROM games")):
        result = cli("query", *args, "--db", dataset)
        assert (result.code, result.out) == (2, "")
        assert result.err == (f"exceed query: {listed}: damaged checksum list of the "
                              "export's games: it is not a regular file; export the index "
                              "again\n")


def test_a_named_pipe_among_the_partitions_is_not_waited_on(
        dataset: Path, built_index: Path, cli: Cli) -> None:
    """A FIFO named like a partition file (``games/bucket=0/data_9.parquet``): the
    query ends and reads the other files (DuckDB lists regular files alone)."""
    from tests.fifo_kit import fifo, released

    pipe = fifo(_a_partition_file(dataset).with_name("data_9.parquet"))
    with released(pipe):  # a reader that opened it would get an empty file, then fail
        result = cli("query", "counts", "--db", dataset, "--format", "json")
    assert (result.code, result.err) == (0, "")
    assert q.counts(q.open_source(dataset)) == q.counts(q.Source.duckdb(built_index))
