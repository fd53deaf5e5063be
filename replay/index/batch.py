"""A batch of decoded games, the rows of one transaction of ``exceed index``, and its
insert: ``Batch`` gathers the workers' Arrow tables (the events merged into whole DuckDB
row groups as they arrive), ``insert_arrow`` puts them in every table at once (an
aggregate table summed per key) and removes the games they replace. Only
``replay.index.writer`` (the indexer, which opens the connection and commits batch
after batch) uses this module.
"""

from __future__ import annotations

from collections.abc import Sequence

import duckdb
import pyarrow as pa

from replay.index.replace import Replaced, replace_games
from replay.index.schema import AGGREGATES, TABLES
from replay.index.spool import Outcome


def insert_arrow(con: duckdb.DuckDBPyConnection, tables: dict[str, pa.Table],
                 replaced: Sequence[Replaced] = ()) -> list[Replaced]:
    """Insert whole games' rows into every table from Arrow, in one transaction. Each
    table is removed from ``tables`` once inserted, so that its memory can go before
    the next one's insert and the commit (pass a copy to keep them). An aggregate table
    (``AGGREGATES``) gets one row per key: the sums of the batch's rows. The ``old``
    games of ``replaced`` (their ``new`` games among those inserted) are removed in the
    same transaction (``replay.index.replace``); returns them as removed."""
    con.execute("BEGIN")
    for table in list(tables):
        con.register("_exceed_batch", tables.pop(table))
        select = "*"
        if table in AGGREGATES:
            keys = AGGREGATES[table]
            select = ", ".join(name if i < keys else f'sum("{name}") AS "{name}"'
                               for i, (name, _) in enumerate(TABLES[table]))
            select += " FROM _exceed_batch GROUP BY ALL"
        else:
            select += " FROM _exceed_batch"
        con.execute(f"INSERT INTO {table} BY NAME SELECT {select}")
        con.unregister("_exceed_batch")
    done = replace_games(con, replaced)
    con.execute("COMMIT")
    return done


ROW_GROUP = 122_880  # DuckDB's rows per row group


class Batch:
    """The decoded chunks of one transaction, their tables merged as they arrive.

    DuckDB ingests the events faster from chunks of whole row groups than from the
    workers' small chunks (the other tables, with fewer or longer rows, gain nothing);
    chunks of a row group and a bit are the worst, leaving partial row groups for the
    checkpoint to merge. So the events are merged into chunks of whole row groups while
    the workers are still decoding (not all at once before the insert), the rest going
    into the next merge or, at the end, into the last chunk.
    """

    def __init__(self) -> None:
        self.parts: dict[str, list[pa.Table]] = {t: [] for t in TABLES}
        self.loose: list[pa.Table] = []  # events not merged yet
        self.loose_rows = 0
        self.outcomes: list[Outcome] = []
        self.games = 0

    def add(self, tables: dict[str, pa.Table], outcomes: list[Outcome], games: int) -> None:
        for name, table in tables.items():
            if name == "events":
                self.loose.append(table)
                self.loose_rows += table.num_rows
                if self.loose_rows >= ROW_GROUP:
                    self._merge(whole=True)
            else:
                self.parts[name].append(table)
        self.outcomes += outcomes
        self.games += games

    def _merge(self, whole: bool) -> None:
        # the merged copies come from the system allocator, which gives their memory back
        # once freed (Arrow's default pool keeps it for reuse, and the main process's
        # memory grew batch after batch)
        if not self.loose:
            return
        merged = _concat(self.loose).combine_chunks(memory_pool=pa.system_memory_pool())
        cut = merged.num_rows // ROW_GROUP * ROW_GROUP if whole else merged.num_rows
        self.parts["events"].append(merged.slice(0, cut))
        rest = merged.slice(cut)  # no copy
        self.loose, self.loose_rows = ([rest], rest.num_rows) if rest.num_rows else ([], 0)

    def tables(self) -> dict[str, pa.Table]:
        """One table per index table, for ``insert_arrow``; the batch lets go of its
        parts (the caller holds the only reference to the rows)."""
        self._merge(whole=False)
        tables = {name: _concat(parts) for name, parts in self.parts.items()}
        self.parts = {t: [] for t in TABLES}
        return tables


def _concat(tables: list[pa.Table]) -> pa.Table:
    return pa.concat_tables(tables, promote_options="none")
