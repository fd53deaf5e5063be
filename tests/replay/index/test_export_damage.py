"""A damaged Parquet file of an export is named in the one line that refuses it.

A partition file zeroed in its middle (its footer intact) reads as a dataset until a
query decodes the damaged page: DuckDB then said ``TProtocolException: Invalid data``
(or ``Out of buffer``, ``Payload value bigger than allowed``), naming no file, although
``docs/scaling.md`` says such a file is named. Now the line names it, whoever reads the
export through ``Source`` (``exceed query --db DIR``, the dashboard), exit 2.

Worse, a zeroed spot could decode into other values with no error at all. An export
now lists each table's files with their SHA-256 (``replay.index.checksums``), and a
query checks the files of the tables it names first: a file changed, missing or added
since the export is named before a value of it is read. An export without the lists
(written before them) keeps DuckDB's own checks.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from replay import query as q
from replay.index.checksums import CHECKSUMS
from replay.index.schema import TABLES

Cli = Callable[..., Any]


@pytest.fixture
def dataset(exported: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(exported, tmp_path / "dataset"))


def _largest(dataset: Path) -> Path:
    return max(dataset.glob("*/bucket=*/*.parquet"), key=lambda p: p.stat().st_size)


def _unlisted(dataset: Path) -> Path:
    """``dataset`` as an export written before the checksum lists."""
    for table in TABLES:
        (dataset / table / CHECKSUMS).unlink()
    return dataset


@pytest.mark.parametrize(("where", "size", "why"), [
    ("middle", 4000, "Snappy decompression failure"),   # DuckDB names this file itself
    ("start", 64, "TProtocolException: Invalid data"),  # it names none: found by reading
])
def test_a_file_zeroed_in_its_middle_is_named(dataset: Path, cli: Cli, where: str, size: int,
                                              why: str) -> None:
    """An export without checksum lists: DuckDB's failure, with the file found."""
    bad = _largest(_unlisted(dataset))
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
    bad = _largest(_unlisted(dataset))
    bad.write_bytes(bad.read_bytes()[: bad.stat().st_size // 2])
    table = bad.parent.parent.name
    result = cli("query", "--db", dataset, "--sql", f"SELECT * FROM {table}")
    assert (result.code, result.out) == (2, "")
    assert result.err == (f"exceed query: {bad}: damaged Parquet file, it cannot be read "
                          "(No magic bytes found at end of file); export the index again\n")


def _line(dataset: Path, bad: Path, what: str) -> str:
    return f"{bad}: {what}; export the index again"


def test_every_zeroed_spot_is_named_before_a_value_is_read(dataset: Path, cli: Cli) -> None:
    """20 spots of 16 bytes zeroed across the largest file, one at a time: each query of
    its table is refused naming the file. Without the lists about one spot in seven
    decoded into other values with no error (the query answered, wrongly)."""
    bad = _largest(dataset)
    table = bad.parent.parent.name
    original = bad.read_bytes()
    said = _line(dataset, bad, "damaged Parquet file, its bytes are not those the export "
                 f"wrote (its SHA-256 differs from {table}/{CHECKSUMS})")
    for spot in range(20):
        start = 4 + (len(original) - 64) * spot // 20
        data = bytearray(original)
        data[start:start + 16] = bytes(16)
        if data == original:  # the spot was zeros already
            continue
        bad.write_bytes(bytes(data))
        result = cli("query", "--db", dataset, "--sql", f"SELECT * FROM {table}")
        assert (result.code, result.out, result.err) == (2, "", f"exceed query: {said}\n"), spot
    other = next(t for t in TABLES if t != table)  # a query of another table still runs
    assert cli("query", "--db", dataset, "--sql", f"SELECT count(*) FROM {other}").code == 0
    bad.write_bytes(original)
    assert cli("query", "--db", dataset, "--sql", f"SELECT count(*) FROM {table}").code == 0


def test_a_truncated_file_is_named_by_its_size(dataset: Path, cli: Cli) -> None:
    bad = _largest(dataset)
    size = bad.stat().st_size
    bad.write_bytes(bad.read_bytes()[: size // 2])
    table = bad.parent.parent.name
    result = cli("query", "--db", dataset, "--sql", f"SELECT * FROM {table}")
    assert (result.code, result.out) == (2, "")
    assert result.err == "exceed query: " + _line(
        dataset, bad, f"damaged Parquet file, it holds {size // 2:,} bytes where the export "
        f"wrote {size:,}") + "\n"


def test_a_missing_or_added_file_is_named(dataset: Path, cli: Cli) -> None:
    """A partition file removed since the export would drop its games' rows silently; one
    added would add rows nobody exported: both refused."""
    bad = _largest(dataset)
    table = bad.parent.parent.name
    extra = bad.with_name("data_9.parquet")
    extra.write_bytes(bad.read_bytes())
    result = cli("query", "--db", dataset, "--sql", f"SELECT count(*) FROM {table}")
    assert result.err == "exceed query: " + _line(
        dataset, extra, f"a Parquet file no export wrote (it is not in {table}/{CHECKSUMS})"
    ) + "\n"
    extra.unlink()
    bad.unlink()
    result = cli("query", "--db", dataset, "--sql", f"SELECT count(*) FROM {table}")
    assert result.err == "exceed query: " + _line(
        dataset, bad, f"missing Parquet file (it is in {table}/{CHECKSUMS})") + "\n"
    assert result.code == 2


@pytest.mark.parametrize(("content", "why"), [
    (b"{", "it is not JSON (Expecting property name enclosed in double quotes: line 1 "
           "column 2 (char 1))"),
    (b"[]", "it is not a map of files"),
    (b'{"bucket=0/data_0.parquet": {"size": -1, "sha256": "x"}}',
     "it has an entry that is not a size and a SHA-256 ('bucket=0/data_0.parquet')"),
    (b" " * (1 << 20) + b"{}", "it is over 1,048,576 bytes, larger than any export writes"),
])
def test_a_damaged_checksum_list_is_named(dataset: Path, cli: Cli, content: bytes,
                                          why: str) -> None:
    listed = dataset / "games" / CHECKSUMS
    listed.write_bytes(content)
    result = cli("query", "--db", dataset, "--sql", "SELECT count(*) FROM games")
    assert (result.code, result.out) == (2, "")
    assert result.err == "exceed query: " + _line(
        dataset, listed, f"damaged checksum list of the export's games: {why}") + "\n"


def test_an_export_lists_every_file_and_a_new_export_replaces_it(
        dataset: Path, built_index: Path, cli: Cli) -> None:
    """``exceed export`` writes a list per table naming each partition file with its
    size and SHA-256, and exporting again into an earlier export (its lists included)
    is allowed, as before, and writes them anew."""
    for table in TABLES:
        listed = json.loads((dataset / table / CHECKSUMS).read_text())
        files = sorted((dataset / table).glob("bucket=*/*.parquet"))
        assert sorted(listed) == [p.relative_to(dataset / table).as_posix() for p in files]
        for file in files:
            entry = listed[file.relative_to(dataset / table).as_posix()]
            assert entry["size"] == file.stat().st_size
            assert entry["sha256"] == hashlib.sha256(file.read_bytes()).hexdigest()
    (dataset / "games" / CHECKSUMS).write_text("{}")
    assert cli("export", "--parquet", dataset, "--db", built_index).code == 0
    assert json.loads((dataset / "games" / CHECKSUMS).read_text())
    assert cli("query", "counts", "--db", dataset).code == 0


def test_a_file_hashed_again_after_a_change_keeps_one_entry(tmp_path: Path) -> None:
    """The hashes remembered for the checks are one per file: a file written again (a
    new export) is hashed anew and replaces its entry, so a dashboard over an export
    exported often does not grow its memory by a version each time."""
    from replay.index import checksums

    part = tmp_path / "data_0.parquet"
    part.write_bytes(b"first")
    first = checksums.sha256_of(part)
    for n in range(5):
        part.write_bytes(b"again %d" % n)
        os.utime(part, ns=(n * 10**9, n * 10**9))
        assert checksums.sha256_of(part) != first
    assert checksums.sha256_of(part) == hashlib.sha256(b"again 4").hexdigest()
    assert [k for k in checksums._hashed if k == str(part)] == [str(part)]


@pytest.mark.parametrize("listed", [True, False])
def test_a_table_whose_first_file_is_cut_short_is_named_when_the_export_opens(
        dataset: Path, cli: Cli, listed: bool) -> None:
    """DuckDB reads a table's first partition file to make its view, when the export is
    opened: a file cut short there read "DIR is not a readable exported index: Invalid
    Input Error: No magic bytes found at end of file '...'" instead of the line a query
    gives (found when the samples changed which file is the largest)."""
    if not listed:
        dataset = _unlisted(dataset)
    bad = sorted((dataset / "events").glob("bucket=*/*.parquet"))[0]
    size = bad.stat().st_size
    bad.write_bytes(bad.read_bytes()[: size // 2])
    result = cli("query", "--db", dataset, "--sql", "SELECT count(*) FROM games")
    what = (f"damaged Parquet file, it holds {size // 2:,} bytes where the export wrote "
            f"{size:,}" if listed else
            "damaged Parquet file, it cannot be read (No magic bytes found at end of file)")
    assert (result.code, result.out, result.err) == (
        2, "", f"exceed query: {_line(dataset, bad, what)}\n")


def test_another_tables_file_in_a_first_files_place_is_named(dataset: Path, cli: Cli) -> None:
    """A table's first partition file replaced by another table's (a valid Parquet file
    of other columns; found by a fuzz helper): its view cannot be made, and the export
    was taken for one an older exceed-replay wrote ("its games lack path, seed, ...:
    export the index again"), naming no file. The checksum list names it first."""
    bad = sorted((dataset / "games").glob("bucket=*/*.parquet"))[0]
    shutil.copy(sorted((dataset / "strikes").glob("bucket=*/*.parquet"))[0], bad)
    for args in (("--sql", "SELECT count(*) FROM games"), ("matchups",)):
        result = cli("query", *args, "--db", dataset)
        assert (result.code, result.out) == (2, ""), args
        assert result.err.startswith(f"exceed query: {bad}: damaged Parquet file, "), args
        assert result.err.endswith("; export the index again\n") and "older" not in result.err
