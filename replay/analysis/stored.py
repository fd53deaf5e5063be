"""A game analysis as the rows the index stores (``analysis_points``,
``analysis_options``): the columns and the rows of one ``GameAnalysis``.

Plain Python values, no storage library: the index's writer
(``replay.index.analysis``) inserts them, and the Spark job
(``replay/spark_analyze.py``) writes the same rows as Parquet on its executors, so both
store exactly what ``exceed analyze`` stores (``docs/metrics.md``, "Stored results").
"""

from __future__ import annotations

from replay.analysis.run import GameAnalysis

Column = tuple[str, str]
Row = tuple[object, ...]

SITUATION: tuple[Column, ...] = (
    ("decision_kind", "VARCHAR"), ("life", "INTEGER"), ("opp_life", "INTEGER"),
    ("distance", "INTEGER"), ("gauge", "INTEGER"), ("hand", "INTEGER"),
)
"""The decision's kind and the decider's table (``replay.analysis.situation``), added in
issue 33: NULL in the rows of an analysis stored before."""
BEST: tuple[Column, ...] = (
    ("best_move", "VARCHAR"), ("best_option", "INTEGER"), ("best_p", "DOUBLE"),
    ("best_n", "INTEGER"), ("found", "BOOLEAN"),
)
"""The search's best move (issue 32 item 3, ``replay.analysis.best``): its label, its
position among the request's options, the decider's chance after it by the search
(NULL: not searched, one option) over ``best_n`` iterations, and whether the player
played it. NULL in the rows of an analysis stored before, or made without one."""
POINTS: tuple[Column, ...] = (
    ("game_id", "VARCHAR"), ("card_data", "VARCHAR"), ("params", "VARCHAR"),
    ("idx", "INTEGER"), ("turn", "INTEGER"), ("strike", "INTEGER"), ("event", "INTEGER"),
    ("kind", "VARCHAR"), ("player", "INTEGER"), ("decision", "VARCHAR"),
    ("p1", "DOUBLE"), ("n", "INTEGER"), ("low", "DOUBLE"), ("high", "DOUBLE"),
    ("swing", "DOUBLE"), ("significant", "BOOLEAN"), ("severity", "VARCHAR"),
    ("options_total", "INTEGER"), ("options_shown", "INTEGER"), ("stopped", "VARCHAR"),
    *SITUATION, *BEST,
)
OPTIONS: tuple[Column, ...] = (
    ("game_id", "VARCHAR"), ("card_data", "VARCHAR"), ("params", "VARCHAR"),
    ("idx", "INTEGER"), ("rank", "INTEGER"), ("label", "VARCHAR"), ("chosen", "BOOLEAN"),
    ("option", "INTEGER"), ("copies", "INTEGER"), ("p", "DOUBLE"), ("n", "INTEGER"),
    ("low", "DOUBLE"), ("high", "DOUBLE"), ("cut", "BOOLEAN"),
)
"""``cut`` (issue 31): the review's race stopped the option early as clearly worse than
the leader (``docs/metrics.md``); NULL in the rows of an analysis stored before."""
ANALYSIS_TABLES: dict[str, tuple[Column, ...]] = {
    "analysis_points": POINTS, "analysis_options": OPTIONS,
}
ADDED = frozenset({"cut", *(name for name, _ in (*SITUATION, *BEST))})
"""Columns added after the first analyses were stored: an older table or Parquet output
without them still reads (NULL)."""
KEY = ("game_id", "card_data", "params")
"""The columns an analysis is stored under: storing one replaces the rows of its key."""


def analysis_rows(analysis: GameAnalysis) -> tuple[list[Row], list[Row]]:
    """The ``analysis_points`` and ``analysis_options`` rows of ``analysis``."""
    key = (analysis.game_id, analysis.card_data, analysis.params.key())
    where = {s.index: s for s in analysis.situations}
    points: list[Row] = []
    options: list[Row] = []
    for r in analysis.points:
        s = where.get(r.id.index)
        table = ((None,) * len(SITUATION) if s is None else
                 (s.kind, s.life, s.opp_life, s.distance, s.gauge, s.hand))
        b = r.best
        best = ((None,) * len(BEST) if b is None else
                (b.label, b.option, b.p, b.n, b.found))
        at = r.id
        points.append((*key, at.index, at.turn, at.strike, at.event, at.kind.value, int(at.player),
                       r.decision_label, r.p1.p, r.p1.n, r.p1.low, r.p1.high, r.swing,
                       r.significant, r.severity.value, r.options_total, len(r.options),
                       analysis.stopped, *table, *best))
        for rank, o in enumerate(r.options):
            est = o.estimate
            options.append((*key, r.id.index, rank, o.label, o.chosen, o.option, len(o.decisions),
                            None if est is None else est.p, 0 if est is None else est.n,
                            None if est is None else est.low,
                            None if est is None else est.high, o.cut))
    return points, options
