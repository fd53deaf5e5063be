"""The index's analysis tables: a finished game analysis stored beside the games, so the
dashboard shows it at once and never recomputes it. Only this indexer side writes them.

- ``analysis_points``: one row per analysed point (a turn's first action choice or an
  attack set) with P1's win probability, its sample and 95% interval, the review's
  swing and severity, and the decision's kind and the decider's table (its situation);
- ``analysis_options``: the review's option groups at each point, best first, with the
  deciding player's win probability after each.

The columns and rows are ``replay.analysis.stored``'s. Both tables are keyed by
``game_id``, ``card_data`` (the game's card-data fingerprint, per game: an analysis
made with other cards is another analysis) and ``params`` (``Params.key``). Storing
analyses (one from ``exceed analyze``, or many from the Parquet results of
``replay/spark_analyze.py``, ``load_analysis_dir``) replaces the rows of the same keys
in one transaction, inserted from Arrow, so an interrupted store leaves the index as it
was. The tables are created on first use, beside an index or in a new file (``CREATE
TABLE IF NOT EXISTS``: the games schema is left alone); a table from before the
situation columns gains them (``ADD COLUMN``: NULL in its old rows).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

import duckdb
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from replay.analysis.rollout import Params
from replay.analysis.run import GameAnalysis, analyse_log
from replay.analysis.stored import (
    ADDED,
    ANALYSIS_TABLES,
    KEY,
    OPTIONS,
    POINTS,
    Row,
    analysis_rows,
)
from replay.index.locks import check_index_file, connect_retrying, writer_lock
from replay.index.writer import DEFAULT_WAIT, check_writable, checked_tables

__all__ = ["ANALYSIS_TABLES", "OPTIONS", "POINTS", "AnalysisDirError", "analyse_and_store",
           "arrow_schema", "create_tables", "load_analysis_dir", "store_analysis",
           "store_tables"]

_ARROW = {"VARCHAR": pa.string(), "INTEGER": pa.int32(), "DOUBLE": pa.float64(),
          "BOOLEAN": pa.bool_()}


MAX_ANALYSIS_ROWS: Final = 20_000_000
"""Rows one table of an ``--analysis`` folder may declare (its Parquet footers' counts,
checked before anything is decoded): one load holds them all in memory at once."""


MAX_ANALYSIS_BYTES: Final = 2 << 30
"""The decoded bytes one table of an ``--analysis`` folder may take (2 GiB): what its
footers declare uncompressed is checked before any data is decoded, and its strings are
read as dictionaries and measured before they are expanded. A few KiB of Parquet can
hold a gigabyte string (compressed) or a million copies of a long one (a dictionary)."""


class AnalysisDirError(Exception):
    """A directory of analysis results that cannot be loaded. ``str()`` is one line."""


def arrow_schema(table: str) -> pa.Schema:
    """The Arrow schema of analysis table ``table`` (also its Parquet files')."""
    return pa.schema([(name, _ARROW[decl]) for name, decl in ANALYSIS_TABLES[table]])


def create_tables(con: duckdb.DuckDBPyConnection) -> None:
    """Create the analysis tables if they are missing, and add the columns an older one
    lacks."""
    for table, columns in ANALYSIS_TABLES.items():
        body = ", ".join(f'"{name}" {decl}' for name, decl in columns)
        con.execute(f"CREATE TABLE IF NOT EXISTS {table} ({body})")
        for name, decl in columns:
            con.execute(f'ALTER TABLE {table} ADD COLUMN IF NOT EXISTS "{name}" {decl}')


def _table(table: str, rows: Sequence[Row]) -> pa.Table:
    schema = arrow_schema(table)
    columns = list(zip(*rows, strict=True)) if rows else [()] * len(schema)
    return pa.table([pa.array(c, t.type) for c, t in zip(columns, schema, strict=True)],
                    schema=schema)


def check_store(db: Path, wait: float = DEFAULT_WAIT) -> None:
    """``NotAnIndex`` (one line) now when ``db`` exists and analyses could not be stored
    in it (``check_writable``: another DuckDB database, an index of a newer schema), so
    ``exceed analyze`` refuses it before minutes of rollouts; ``IndexBusy`` when it stays
    locked past ``wait``."""
    check_index_file(db, may_be_new=True)
    if not db.is_file() or db.stat().st_size == 0:
        return
    con = connect_retrying(db, read_only=True, timeout=wait)
    try:
        checked_tables(con, db)
    finally:
        con.close()


def store_tables(db: Path, points: pa.Table, options: pa.Table, *,
                 keys: Sequence[tuple[str, str, str]] | None = None,
                 wait: float = DEFAULT_WAIT, say: Callable[[str], None] = print) -> None:
    """Write analysis rows (Arrow tables of ``arrow_schema``) into the index at ``db``
    (created if missing): every stored row of ``keys`` (``KEY`` values; default: those
    the points hold) is replaced, in one transaction. ``NotAnIndex`` / ``IndexBusy`` (one
    line) as for ``exceed index``."""
    check_index_file(db, may_be_new=True)
    db.parent.mkdir(parents=True, exist_ok=True)
    if keys is None:
        key_table = points.select(list(KEY)).group_by(list(KEY)).aggregate([])
    else:
        key_table = pa.table({k: pa.array([key[i] for key in keys], pa.string())
                              for i, k in enumerate(KEY)})
    join = " AND ".join(f"t.{k} = k.{k}" for k in KEY)
    with writer_lock(db, wait, say):
        con = connect_retrying(db, read_only=False, timeout=wait)
        try:
            check_writable(con, db)
            create_tables(con)
            con.execute("BEGIN")
            con.register("_exceed_keys", key_table)
            for table in ANALYSIS_TABLES:
                con.execute(f"DELETE FROM {table} t USING _exceed_keys k WHERE {join}")
            for table, rows in (("analysis_points", points), ("analysis_options", options)):
                if rows.num_rows:
                    con.register("_exceed_rows", rows)
                    con.execute(f"INSERT INTO {table} BY NAME SELECT * FROM _exceed_rows")
                    con.unregister("_exceed_rows")
            con.unregister("_exceed_keys")
            con.execute("COMMIT")
        finally:
            con.close()  # uncommitted (an error, Ctrl-C): rolled back, nothing changed


def store_analysis(db: Path, analysis: GameAnalysis, *, wait: float = DEFAULT_WAIT,
                   say: Callable[[str], None] = print) -> None:
    """Write ``analysis`` into the index at ``db`` (created if missing), replacing an
    earlier one of the same game, card data and parameters, in one transaction.
    ``NotAnIndex`` / ``IndexBusy`` (one line) as for ``exceed index``."""
    points, options = analysis_rows(analysis)
    key = (analysis.game_id, analysis.card_data, analysis.params.key())
    store_tables(db, _table("analysis_points", points), _table("analysis_options", options),
                 keys=[key], wait=wait, say=say)


def read_analysis_dir(directory: Path) -> tuple[pa.Table, pa.Table]:
    """The ``analysis_points`` and ``analysis_options`` tables under ``directory`` (the
    Parquet output of ``replay/spark_analyze.py``: ``DIR/analysis_points/*.parquet`` and
    ``DIR/analysis_options/*.parquet``), cast to ``arrow_schema``; ``AnalysisDirError``
    (one line) for anything else."""
    tables = []
    for table in ANALYSIS_TABLES:
        where = directory / table
        if not where.is_dir():
            raise AnalysisDirError(f"{directory}: no {table}/ in it: not the output of "
                                   "replay/spark_analyze.py")
        schema = arrow_schema(table)
        try:
            # the footers only: the columns and row counts are checked before any data is
            # decoded (a folder of some other Parquet, or a few KiB declaring billions of
            # rows, was decoded whole first: gigabytes of memory before its refusal)
            dataset = pq.ParquetDataset(where)
            present = [name for name in schema.names if name in dataset.schema.names]
            missing = [name for name in schema.names
                       if name not in present and name not in ADDED]
            if missing:
                raise AnalysisDirError(f"{where}: lacks the column(s) {', '.join(missing)}")
            rows = sum(fragment.metadata.num_rows for fragment in dataset.fragments)
            if rows > MAX_ANALYSIS_ROWS:
                raise AnalysisDirError(
                    f"{where}: its Parquet files declare {rows:,} rows, over the "
                    f"{MAX_ANALYSIS_ROWS:,} one load takes: load its part files in "
                    "smaller folders, one `exceed index --analysis` each")
            _check_bytes(where, _declared_bytes(dataset, set(present)), "declare")
            strings = [name for name in present if schema.field(name).type == pa.string()]
            read = pq.read_table(where, columns=present, read_dictionary=strings)
            _check_bytes(where, _expanded_bytes(read), "hold")
        except (pa.ArrowException, OSError) as error:
            first = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
            raise AnalysisDirError(f"{where}: cannot read it as Parquet: {first}") from None
        for name in ADDED & (set(schema.names) - set(read.column_names)):  # older output
            read = read.append_column(name, pa.nulls(read.num_rows, schema.field(name).type))
        try:
            tables.append(read.select(schema.names).cast(schema))
        except (pa.ArrowException, ValueError) as error:
            raise AnalysisDirError(f"{where}: a column has the wrong type: {error}") from None
    return tables[0], tables[1]


def _check_bytes(where: Path, size: int, verb: str) -> None:
    """``AnalysisDirError`` for a table of ``size`` bytes decoded, over the cap."""
    if size > MAX_ANALYSIS_BYTES:
        raise AnalysisDirError(
            f"{where}: its Parquet files {verb} {size:,} bytes decoded, over the "
            f"{MAX_ANALYSIS_BYTES:,} one load takes: load its part files in smaller "
            "folders, one `exceed index --analysis` each")


def _declared_bytes(dataset: pq.ParquetDataset, columns: set[str]) -> int:
    """The uncompressed bytes the footers of ``dataset`` declare for ``columns``."""
    size = 0
    for fragment in dataset.fragments:
        meta = fragment.metadata
        for group in range(meta.num_row_groups):
            chunks = meta.row_group(group)
            size += sum(chunks.column(i).total_uncompressed_size
                        for i in range(meta.num_columns)
                        if chunks.column(i).path_in_schema in columns)
    return size


def _expanded_bytes(table: pa.Table) -> int:
    """The bytes ``table`` takes once its dictionary columns are expanded (each row's
    string counted, not the dictionary's), measured without expanding them."""
    size = 0
    for column in table.columns:
        for chunk in column.chunks:
            if isinstance(chunk, pa.DictionaryArray):
                lengths = pc.binary_length(chunk.dictionary).fill_null(0)
                picked = pc.sum(pc.take(lengths, chunk.indices)).as_py()
                size += (picked or 0) + 4 * len(chunk)  # the strings and their offsets
            else:
                size += chunk.nbytes
    return size


def load_analysis_dir(db: Path, directory: Path, *, wait: float = DEFAULT_WAIT,
                      say: Callable[[str], None] = print) -> tuple[int, int, int]:
    """Store the analyses under ``directory`` (``read_analysis_dir``) in the index at
    ``db``, in one transaction; returns (games, points) loaded and how many of those
    games the index does not hold (yet): their analyses are stored, and count once
    their logs are indexed."""
    points, options = read_analysis_dir(directory)
    ids = sorted(set(points.column("game_id").to_pylist()))
    if not points.num_rows:
        return 0, 0, 0
    store_tables(db, points, options, wait=wait, say=say)
    con = connect_retrying(db, read_only=True, timeout=wait)
    try:
        con.register("_exceed_ids", pa.table({"game_id": pa.array(ids, pa.string())}))
        row = con.execute("SELECT count(*) FROM _exceed_ids WHERE game_id NOT IN "
                          "(SELECT game_id FROM games)").fetchone()
    finally:
        con.close()
    return len(ids), points.num_rows, 0 if row is None else int(row[0])


def analyse_and_store(path: str, db: Path, params: Params | None = None, jobs: int = 1,
                      progress: Callable[[int, int], None] | None = None) -> GameAnalysis:
    """Analyse the log at ``path`` and store the result in the index at ``db`` (the
    dashboard's Analyze button). Raises ``LogFormatError`` / ``AnalysisRefused`` for a
    log that cannot be analysed, ``IndexBusy`` / ``NotAnIndex`` for an index that cannot
    be written; each message is one line."""
    analysis = analyse_log(path, params if params is not None else Params(), jobs, progress)
    store_analysis(db, analysis, say=lambda _line: None)
    return analysis
