"""The index's analysis tables: a finished game analysis stored beside the games, so the
dashboard shows it at once and never recomputes it. Only this indexer side writes them.

- ``analysis_points``: one row per analysed point (a turn's first action choice or an
  attack set) with P1's win probability, its sample and 95% interval, and the review's
  swing and severity;
- ``analysis_options``: the review's option groups at each point, best first, with the
  deciding player's win probability after each.

Both are keyed by ``game_id``, ``card_data`` (the game's card-data fingerprint, per game: an analysis
made with other cards is another analysis) and ``params`` (``Params.key``). Storing an
analysis replaces the rows of the same key in one transaction, so an interrupted store
leaves the index as it was. The tables are created on first use, beside an index or in
a new file (``CREATE TABLE IF NOT EXISTS``: the games schema is left alone).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import duckdb

from replay.analysis.rollout import Params
from replay.analysis.run import GameAnalysis, analyse_log
from replay.index.schema import Column
from replay.index.writer import (
    DEFAULT_WAIT,
    check_index_file,
    connect_retrying,
    writer_lock,
)

POINTS: tuple[Column, ...] = (
    ("game_id", "VARCHAR"), ("card_data", "VARCHAR"), ("params", "VARCHAR"),
    ("idx", "INTEGER"), ("turn", "INTEGER"), ("strike", "INTEGER"), ("event", "INTEGER"),
    ("kind", "VARCHAR"), ("player", "INTEGER"), ("decision", "VARCHAR"),
    ("p1", "DOUBLE"), ("n", "INTEGER"), ("low", "DOUBLE"), ("high", "DOUBLE"),
    ("swing", "DOUBLE"), ("significant", "BOOLEAN"), ("severity", "VARCHAR"),
    ("options_total", "INTEGER"), ("options_shown", "INTEGER"), ("stopped", "VARCHAR"),
)
OPTIONS: tuple[Column, ...] = (
    ("game_id", "VARCHAR"), ("card_data", "VARCHAR"), ("params", "VARCHAR"),
    ("idx", "INTEGER"), ("rank", "INTEGER"), ("label", "VARCHAR"), ("chosen", "BOOLEAN"),
    ("option", "INTEGER"), ("copies", "INTEGER"), ("p", "DOUBLE"), ("n", "INTEGER"), ("low", "DOUBLE"),
    ("high", "DOUBLE"),
)
ANALYSIS_TABLES: dict[str, tuple[Column, ...]] = {
    "analysis_points": POINTS, "analysis_options": OPTIONS,
}


def create_tables(con: duckdb.DuckDBPyConnection) -> None:
    """Create the analysis tables if they are missing."""
    for table, columns in ANALYSIS_TABLES.items():
        body = ", ".join(f'"{name}" {decl}' for name, decl in columns)
        con.execute(f"CREATE TABLE IF NOT EXISTS {table} ({body})")


def _rows(analysis: GameAnalysis) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    key = (analysis.game_id, analysis.card_data, analysis.params.key())
    points: list[tuple[object, ...]] = []
    options: list[tuple[object, ...]] = []
    for r in analysis.points:
        at = r.id
        points.append((*key, at.index, at.turn, at.strike, at.event, at.kind.value,
                       int(at.player), r.decision_label, r.p1.p, r.p1.n, r.p1.low, r.p1.high,
                       r.swing, r.significant, r.severity.value, r.options_total,
                       len(r.options), analysis.stopped))
        for rank, o in enumerate(r.options):
            est = o.estimate
            options.append((*key, at.index, rank, o.label, o.chosen, o.option, len(o.decisions),
                            None if est is None else est.p, 0 if est is None else est.n,
                            None if est is None else est.low,
                            None if est is None else est.high))
    return points, options


def store_analysis(db: Path, analysis: GameAnalysis, *, wait: float = DEFAULT_WAIT,
                   say: Callable[[str], None] = print) -> None:
    """Write ``analysis`` into the index at ``db`` (created if missing), replacing an
    earlier one of the same game, card data and parameters, in one transaction.
    ``NotAnIndex`` / ``IndexBusy`` (one line) as for ``exceed index``."""
    check_index_file(db, may_be_new=True)
    db.parent.mkdir(parents=True, exist_ok=True)
    points, options = _rows(analysis)
    key = [analysis.game_id, analysis.card_data, analysis.params.key()]
    with writer_lock(db, wait, say):
        con = connect_retrying(db, read_only=False, timeout=wait)
        try:
            create_tables(con)
            con.execute("BEGIN")
            for table in ANALYSIS_TABLES:
                con.execute(f"DELETE FROM {table} WHERE game_id = ? AND card_data = ? "
                            "AND params = ?", key)
            if points:
                con.executemany(f"INSERT INTO analysis_points VALUES "
                                f"({', '.join('?' * len(POINTS))})", points)
            if options:
                con.executemany(f"INSERT INTO analysis_options VALUES "
                                f"({', '.join('?' * len(OPTIONS))})", options)
            con.execute("COMMIT")
        finally:
            con.close()  # uncommitted (an error, Ctrl-C): rolled back, nothing changed


def analyse_and_store(path: str, db: Path, params: Params | None = None, jobs: int = 1,
                      progress: Callable[[int, int], None] | None = None) -> GameAnalysis:
    """Analyse the log at ``path`` and store the result in the index at ``db`` (the
    dashboard's Analyze button). Raises ``LogFormatError`` / ``AnalysisRefused`` for a
    log that cannot be analysed, ``IndexBusy`` / ``NotAnIndex`` for an index that cannot
    be written; each message is one line."""
    analysis = analyse_log(path, params if params is not None else Params(), jobs, progress)
    store_analysis(db, analysis, say=lambda _line: None)
    return analysis
