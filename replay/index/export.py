"""``exceed export --parquet DIR``: the index as a hive-partitioned Parquet dataset.

Each table becomes ``DIR/<table>/bucket=<h>/*.parquet``, partitioned by ``bucket`` (the
first hex digit of ``game_id``), so any engine that reads Parquet (DuckDB, Spark,
Trino/Athena, Polars) can run the same SQL on it, and ``replay.query`` reads it back as
a ``Source.parquet(DIR)``. Every table is written beside its old copy and swapped in
by a rename, so a reader of ``DIR`` never sees a half-written table.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from replay.index.schema import TABLES
from replay.index.source import Source


def _literal(path: Path) -> str:
    return "'" + str(path).replace("'", "''") + "'"


def export_parquet(src: Source, out: Path) -> dict[str, int]:
    """Write every table of ``src`` under ``out``; returns the rows written per table.

    One read-only connection serves the whole export, so all tables come from the same
    committed state of the index.
    """
    out.mkdir(parents=True, exist_ok=True)
    written: dict[str, int] = {}
    with src.connect() as con:
        for table in TABLES:
            row = con.execute(f"SELECT count(*) FROM {table}").fetchone()
            written[table] = 0 if row is None else int(row[0])
            fresh = out / f".{table}.new-{os.getpid()}"
            shutil.rmtree(fresh, ignore_errors=True)
            if written[table]:
                con.execute(f"COPY (SELECT * FROM {table}) TO {_literal(fresh)} "
                            "(FORMAT parquet, PARTITION_BY (bucket), OVERWRITE_OR_IGNORE)")
            else:
                # an empty table still needs one (empty) file so readers can see its columns
                empty = fresh / "bucket=0" / "data_0.parquet"
                empty.parent.mkdir(parents=True)
                con.execute(f"COPY (SELECT * EXCLUDE (bucket) FROM {table} LIMIT 0) "
                            f"TO {_literal(empty)} (FORMAT parquet)")
            _swap(fresh, out / table)
    return written


def _swap(fresh: Path, final: Path) -> None:
    old = final.with_name(f".{final.name}.old-{os.getpid()}")
    if final.exists():
        final.rename(old)
    fresh.rename(final)
    shutil.rmtree(old, ignore_errors=True)
