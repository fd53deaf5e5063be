"""Every connection of the index has DuckDB's progress bar off (``replay.index.locks.quiet``).

A clean-clone CI run of stop 55 read ``  2% ▕▊ … (~1.5 minutes remaining)`` on the
standard output of ``exceed query --sql`` stopped at its memory limit, where its CSV or
JSON goes (``test_sandbox``). What turned the bar on there is not found: a fresh
connection here reports it off, so this test passes without ``quiet`` too; it holds the
explicit setting in place on every kind of connection the index opens (read-only,
read-write, an export's)."""

from __future__ import annotations

from pathlib import Path

from replay.index.locks import connect_retrying
from replay.index.source import Source


def _bar(con: object) -> object:
    row = con.execute("SELECT current_setting('enable_progress_bar')").fetchone()  # type: ignore[attr-defined]
    return row[0]


def test_no_connection_draws_a_progress_bar(built_index: Path, exported: Path) -> None:
    for read_only in (True, False):
        con = connect_retrying(built_index, read_only=read_only, timeout=30)
        try:
            assert _bar(con) is False, f"read_only={read_only}"
        finally:
            con.close()
    for src in (Source.duckdb(built_index), Source.parquet(exported)):
        with src.connect() as con:
            assert _bar(con) is False, src.kind
