"""Whether a DuckDB file is an exceed index at all: the one line for another program's
database (tables of its own, no ``schema_version``) or a file DuckDB cannot open.

``exceed dashboard`` refuses such a file before Streamlit starts; the dashboard's pages
ask again when a read fails while they run (the file replaced under them), so a page
says what the command says, never DuckDB's "Catalog Error: Table with name games does
not exist!".
"""

from __future__ import annotations

from pathlib import Path

import duckdb

from engine import first_line
from replay.analysis.stored import ANALYSIS_TABLES
from replay.index.locks import IndexBusy, connect_retrying
from replay.index.source import Source


def not_an_index(source: Source) -> str | None:
    """For a DuckDB file with tables of its own but neither the index's
    ``schema_version`` nor only stored analyses (another program's database), or one
    DuckDB cannot open (cut short), the one line saying so, as ``exceed query`` and
    ``exceed index`` refuse it; else None (an index, an empty one, an export, a file
    gone, or one the indexer holds now: the pages wait)."""
    if source.kind != "duckdb" or not Path(source.path).is_file():
        return None
    try:
        con = connect_retrying(Path(source.path), read_only=True, timeout=0)
    except IndexBusy:
        return None
    except duckdb.Error as error:  # a damaged file (cut short): as ``exceed query`` says it
        return f"{source.path} is not a DuckDB index: {first_line(error)}"
    try:
        tables = {row[0] for row in con.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'"
        ).fetchall()}
    except duckdb.Error as error:
        return f"{source.path} is not a DuckDB index: {first_line(error)}"
    finally:
        con.close()
    if not tables or "schema_version" in tables or tables <= set(ANALYSIS_TABLES):
        return None
    return (f"{source.path} is a DuckDB database but not an exceed index (it has no "
            "schema_version table)")
