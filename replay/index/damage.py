"""Which Parquet file of an exported index is damaged, when DuckDB does not say.

A partition file zeroed in its middle (its footer intact) reads as a dataset until a
query decodes the damaged page; DuckDB then says only ``TProtocolException: Invalid
data``, ``Out of buffer`` or ``Payload value bigger than allowed. Corrupted file?``,
naming no file. ``damaged_file`` reads the partition files of the tables a query names,
one by one and every column, until one fails: that file is the one to name.
"""

from __future__ import annotations

import re
import threading
from pathlib import Path

import duckdb

PARTITION_GLOB = "bucket=*/*.parquet"
"""The partition files of a table of an export (``replay.index.source.PARTITIONS``)."""

_NAMED = re.compile(r'(?:file|File) ["\']([^"\']+\.parquet)["\']')
"""A file DuckDB names in its message (``Failed to read file "F": ...``,
``No magic bytes found at end of file 'F'``)."""


def named_file(message: str) -> str | None:
    """The Parquet file DuckDB's ``message`` names, if any."""
    found = _NAMED.search(message)
    return None if found is None else found[1]


def is_damage(error: duckdb.Error) -> bool:
    """Whether ``error`` is DuckDB failing to decode a Parquet file (its bare ``Error``
    class: thrift, buffer and payload checks; or a read naming a ``.parquet`` file),
    rather than a query's own fault."""
    if type(error) is duckdb.Error:
        return True
    return isinstance(error, (duckdb.InvalidInputException, duckdb.IOException)) and (
        named_file(str(error)) is not None)


def damaged_file(directory: Path, tables: list[str], memory: str, limit: float
                 ) -> tuple[Path, str] | None:
    """The first partition file of ``tables`` under ``directory`` DuckDB cannot read
    whole, with the first line of why; None when all read (or ``limit`` seconds, if
    positive, pass first). Read within ``memory`` (DuckDB's ``memory_limit``)."""
    con = duckdb.connect()
    timer = threading.Timer(limit, con.interrupt) if limit > 0 else None
    try:
        con.execute(f"SET memory_limit = '{memory}'")
        if timer is not None:
            timer.daemon = True
            timer.start()
        for table in tables:
            for file in sorted((directory / table).glob(PARTITION_GLOB)):
                path = "'" + str(file).replace("'", "''") + "'"
                try:
                    # hash(t): every column of every row decoded
                    con.execute(f"SELECT count(*) FROM read_parquet({path}) AS t "
                                "WHERE hash(t) IS NULL").fetchall()
                except duckdb.InterruptException:
                    return None
                except duckdb.Error as error:
                    text = str(error).strip()
                    return file, (text.splitlines()[0] if text else type(error).__name__)
    finally:
        if timer is not None:
            timer.cancel()
        con.close()
    return None


def tables_named(sql: str, tables: list[str]) -> list[str]:
    """The tables of ``tables`` that ``sql`` names (all of them if it names none)."""
    named = [t for t in tables if re.search(rf"\b{re.escape(t)}\b", sql, re.IGNORECASE)]
    return named or list(tables)
