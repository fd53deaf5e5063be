"""A damaged Parquet file of an export is named in the one line that refuses it.

A partition file zeroed in its middle (its footer intact) reads as a dataset until a
query decodes the damaged page: DuckDB then said ``TProtocolException: Invalid data``
(or ``Out of buffer``, ``Payload value bigger than allowed``), naming no file, although
``docs/scaling.md`` says such a file is named. Now the line names it, whoever reads the
export through ``Source`` (``exceed query --db DIR``, the dashboard), exit 2.
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


def _largest(dataset: Path) -> Path:
    return max(dataset.glob("*/bucket=*/*.parquet"), key=lambda p: p.stat().st_size)


@pytest.mark.parametrize(("where", "size", "why"), [
    ("middle", 4000, "Snappy decompression failure"),   # DuckDB names this file itself
    ("start", 64, "TProtocolException: Invalid data"),  # it names none: found by reading
])
def test_a_file_zeroed_in_its_middle_is_named(dataset: Path, cli: Cli, where: str, size: int,
                                              why: str) -> None:
    bad = _largest(dataset)
    data = bytearray(bad.read_bytes())
    start = len(data) // 2 - size // 2 if where == "middle" else 4
    data[start:start + size] = bytes(size)
    bad.write_bytes(bytes(data))
    table = bad.parent.parent.name
    line = (f"{bad}: damaged Parquet file, it cannot be read ({why}); "
            "export the index again")
    result = cli("query", "--db", dataset, "--sql", f"SELECT * FROM {table}")
    assert (result.code, result.out, result.err) == (2, "", f"exceed query: {line}\n")
    with pytest.raises(q.QueryError) as raised:
        q.run_sql(q.open_source(dataset), f"SELECT * FROM {table}")
    assert str(raised.value) == line
    # a query that reads no damaged page is not refused
    result = cli("query", "counts", "--db", dataset)
    assert result.code == 0, result.err


def test_a_truncated_file_is_named(dataset: Path, cli: Cli) -> None:
    bad = _largest(dataset)
    bad.write_bytes(bad.read_bytes()[: bad.stat().st_size // 2])
    table = bad.parent.parent.name
    result = cli("query", "--db", dataset, "--sql", f"SELECT * FROM {table}")
    assert (result.code, result.out) == (2, "")
    assert result.err == (f"exceed query: {bad}: damaged Parquet file, it cannot be read "
                          "(No magic bytes found at end of file); export the index again\n")
