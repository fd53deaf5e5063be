"""An exported index read back is capped before its values reach memory
(``replay.index.source``: ``EXPORT_MEMORY``, ``TEXT_VALUE``).

An export is a folder of Parquet files someone may hand over. A few KiB of Parquet can
hold one long string many rows use (a dictionary page) or one that zstd shrinks to
nothing: ``exceed query games`` over eight rows of a 300 MB name took 7.8 GB and two
minutes, and 500 rows of a 4 MB name would fetch 2 GB into Python. A value over its cap
is now refused as it is read, in one line naming the export, the column and the size,
and a page past DuckDB's memory limit before it is inflated.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from replay import query as q
from replay.index.checksums import write_checksums
from replay.index.sandbox import memory_message
from replay.index.source import EXPORT_MEMORY, TEXT_VALUE
from tests.peak_kit import exceed_with_peak


@pytest.fixture
def dataset(exported: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(exported, tmp_path / "dataset"))


def _poison(dataset: Path, rows: int, size: int) -> Path:
    """Replace one games partition file by ``rows`` copies of its first game whose
    ``player1`` is one string of ``size`` bytes (a dictionary of one entry, zstd), and
    list it in the table's checksum list, as whoever crafts an export would."""
    where = next((dataset / "games").glob("bucket=*/*.parquet"))
    first = pq.read_table(where).slice(0, 1)
    table = first.take([0] * rows)
    name = pa.DictionaryArray.from_arrays(pa.array([0] * rows, pa.int32()),
                                          pa.array(["y" * size]))
    table = table.set_column(table.schema.get_field_index("player1"), "player1", name)
    pq.write_table(table, where, compression="zstd")
    assert where.stat().st_size < 1_000_000
    write_checksums(dataset / "games")
    return where


def _query_with_peak(dataset: Path) -> tuple[int, str, int]:
    """``exceed query games --db dataset`` in a fresh process: its exit code, its one
    stderr line and its own peak memory (KiB, ``exceed_with_peak``)."""
    code, lines, peak = exceed_with_peak("query", "games", "--db", str(dataset))
    assert len(lines) == 1, lines
    return code, lines[0], peak


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_a_value_over_its_cap_is_refused_in_one_line_before_rows_reach_python(
        dataset: Path) -> None:
    _poison(dataset, rows=500, size=4 * 2**20)  # 2 GB once 500 rows are fetched
    code, line, peak = _query_with_peak(dataset)
    assert code == 2
    assert line == (f"exceed query: {dataset}: games.player1 holds a value of 4,194,304 "
                    f"bytes, over the {TEXT_VALUE:,} an exported index value may hold")
    assert peak < 600_000, f"peak {peak >> 10} MiB"  # KiB


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_a_page_past_the_memory_limit_is_refused_before_it_is_inflated(
        dataset: Path) -> None:
    _poison(dataset, rows=8, size=300 * 2**20)  # 7.8 GB and two minutes before
    code, line, peak = _query_with_peak(dataset)
    assert code == 4  # a query limit (docs/index.md, exit codes)
    assert line.startswith(f"exceed query: {dataset}: Out of Memory Error: ")
    assert line.endswith(f"a query over an exported index may use {EXPORT_MEMORY >> 20} MiB "
                         "of memory, and no page `exceed export` writes comes near it (its "
                         "values are capped), so a Parquet file there was written by "
                         "something else")
    assert peak < 1_000_000, f"peak {peak >> 10} MiB"  # KiB


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_user_sql_stopped_for_memory_over_an_export_names_the_export(dataset: Path) -> None:
    """``exceed query --sql`` over the same eight 300 MB names: user SQL runs in its own
    process (``replay.index.sandbox``), stopped at its memory limit; the line names the
    export, as the typed queries' line does, and says what to suspect of it."""
    _poison(dataset, rows=8, size=300 * 2**20)
    code, lines, peak = exceed_with_peak("query", "--db", str(dataset), "--sql",
                                         "SELECT player1 FROM games")
    assert code == 4
    assert lines == [f"exceed query: {memory_message(q.Source.parquet(dataset))}"]
    assert lines[0].startswith(f"exceed query: {dataset}: the query needed more than its "
                               "memory limit (512 MiB")
    assert lines[0].endswith("a Parquet file in that export was written by something other "
                             "than `exceed export`, whose pages never come near the limit")
    assert peak < 1_000_000, f"peak {peak >> 10} MiB"  # KiB


def test_values_under_their_caps_read_as_before(dataset: Path, built_index: Path) -> None:
    """A value up to its cap is data like any other: a 16 KiB player name is read back
    whole beside the export's other games, and a query that reads no player name does
    not look at it."""
    games = q.counts(q.Source.duckdb(built_index))["games"]
    replaced = pq.read_metadata(next((dataset / "games").glob("bucket=*/*.parquet"))).num_rows
    _poison(dataset, rows=3, size=TEXT_VALUE)
    src = q.open_source(dataset)
    rows = q.games(src, limit=1000)
    assert len(rows) == games - replaced + 3
    long = [row.player1 for row in rows if row.player1 and len(row.player1) == TEXT_VALUE]
    assert long == ["y" * TEXT_VALUE] * 3
    assert q.counts(src)["games"] == games - replaced + 3
    assert q.matchup_win_rates(src)
