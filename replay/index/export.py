"""``exceed export --parquet DIR``: the index as a hive-partitioned Parquet dataset.

Each table becomes ``DIR/<table>/bucket=<h>/*.parquet``, partitioned by ``bucket`` (the
first hex digit of ``game_id``), so any engine that reads Parquet (DuckDB, Spark,
Trino/Athena, Polars) can run the same SQL on it, and ``replay.query`` reads it back as
a ``Source.parquet(DIR)``. Every table is written beside its old copy and swapped in
by a rename, so a reader of ``DIR`` never sees a half-written table. Each table folder
also holds its checksum list (``replay.index.checksums``), so a file damaged later is
found before a query reads wrong values from it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import duckdb

from replay.index.checksums import CHECKSUMS, write_checksums
from replay.index.schema import TABLES
from replay.index.source import Source
from replay.quoting import printable, quoted


def _literal(path: Path) -> str:
    return "'" + str(path).replace("'", "''") + "'"


def overlap(src: Source, out: Path) -> str | None:
    """Why exporting ``src`` to ``out`` would write into or over the index being read
    (None when it would not): ``out`` is the exported dataset or a folder inside it, or
    the index lies in one of the table folders the export replaces (``out/games``...)."""
    source, target = Path(src.path).resolve(), out.resolve()
    if src.kind == "parquet" and (target == source or source in target.parents):
        return f"--parquet {out} is inside the dataset being read ({src.path})"
    for table in TABLES:
        if source == target / table or target / table in source.parents:
            return (f"--parquet {out} would replace {target / table}, which holds the index "
                    f"being read ({src.path})")
    return None


def not_an_export(out: Path) -> str | None:
    """Why a table folder under ``out`` may not be replaced (None when none is there or
    each is one an export wrote): the export replaces ``out/<table>`` whole, so a folder
    of that name holding anything but ``bucket=<h>/`` folders of ``.parquet`` files (the
    user's own ``games/`` of logs, under ``--parquet .``) was deleted with everything in
    it. ``OSError`` when a folder cannot be read."""
    for table in TABLES:
        folder = out / table
        if not os.path.lexists(folder):
            continue
        if folder.is_symlink() or not folder.is_dir():
            return f"{printable(str(folder))} is not a folder of an earlier export"
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name == CHECKSUMS and entry.is_file(follow_symlinks=False):
                    continue
                if not (entry.name.startswith("bucket=")
                        and entry.is_dir(follow_symlinks=False)):
                    return (f"{printable(str(folder))} holds {quoted(entry.name)}, "
                            "which no export writes")
                with os.scandir(entry.path) as files:
                    for file in files:
                        if not (file.name.endswith(".parquet")
                                and file.is_file(follow_symlinks=False)):
                            return (f"{printable(entry.path)} holds "
                                    f"{quoted(file.name)}, which no export writes")
    return None


def export_parquet(src: Source, out: Path) -> dict[str, int]:
    """Write every table of ``src`` under ``out``; returns the rows written per table.

    One read-only connection serves the whole export, so all tables come from the same
    committed state of the index. Every table is counted before anything is written, so
    a DuckDB file without the index's tables raises ``duckdb.Error`` with ``out``
    untouched; a folder ``out`` that cannot be written into raises ``OSError`` before
    anything is written; a table that fails midway leaves its old copy in place.
    """
    written: dict[str, int] = {}
    with src.connect() as con:
        for table in TABLES:
            row = con.execute(f"SELECT count(*) FROM {table}").fetchone()
            written[table] = 0 if row is None else int(row[0])
        out.mkdir(parents=True, exist_ok=True)
        for table in TABLES:
            fresh = out / f".{table}.new-{os.getpid()}"
            shutil.rmtree(fresh, ignore_errors=True)
            # made here, not by DuckDB's COPY: a folder that cannot be written (read-only,
            # not the user's) is then an OSError naming the folder, where DuckDB's
            # "Failed to create directory" was reported as the index unreadable
            fresh.mkdir()
            try:
                _write(con, table, written[table], fresh)
                write_checksums(fresh)
            except BaseException:
                shutil.rmtree(fresh, ignore_errors=True)
                raise
            _swap(fresh, out / table)
    return written


def _write(con: duckdb.DuckDBPyConnection, table: str, rows: int, fresh: Path) -> None:
    """Write ``table`` (of ``rows`` rows) as a partitioned dataset at ``fresh``."""
    if rows:
        con.execute(f"COPY (SELECT * FROM {table}) TO {_literal(fresh)} "
                    "(FORMAT parquet, PARTITION_BY (bucket), OVERWRITE_OR_IGNORE)")
    else:
        # an empty table still needs one (empty) file so readers can see its columns
        empty = fresh / "bucket=0" / "data_0.parquet"
        empty.parent.mkdir()
        con.execute(f"COPY (SELECT * EXCLUDE (bucket) FROM {table} LIMIT 0) "
                    f"TO {_literal(empty)} (FORMAT parquet)")


def _swap(fresh: Path, final: Path) -> None:
    old = final.with_name(f".{final.name}.old-{os.getpid()}")
    if final.exists():
        final.rename(old)
    fresh.rename(final)
    shutil.rmtree(old, ignore_errors=True)
