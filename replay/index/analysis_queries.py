"""The stored game analyses, read: the row types of ``analysis_points`` and
``analysis_options`` and the query that picks the analysis of a game a reader shows.

Written by the indexer side (``replay.index.analysis``); read here through
``replay.index.source`` as every other query, values as parameters only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from replay.analysis.verdict import LABEL_MIN_N
from replay.index.analysis_labels import relabelled
from replay.index.queries import _columns, _fetch
from replay.index.source import Source, execute

if TYPE_CHECKING:
    from engine import Catalog, GameLog


class AnalysisPointRow(msgspec.Struct, frozen=True, kw_only=True):
    """One analysed point of a stored game analysis (``analysis_points``): P1's win
    probability ``p1`` over ``n`` rollouts with its 95% interval, from the information
    set of ``player`` (who decides), and the review's swing and severity."""

    idx: int
    turn: int
    strike: int
    event: int
    kind: str
    player: int
    decision: str
    p1: float
    n: int
    low: float
    high: float
    swing: float
    significant: bool
    severity: str
    options_total: int
    options_shown: int
    stopped: str
    best_move: str | None = None
    """The search's best move here (issue 32 item 3), its position among the request's
    options, the decider's chance after it by the search over ``best_n`` iterations, and
    whether the player ``found`` it; None in an analysis stored without it."""
    best_option: int | None = None
    best_p: float | None = None
    best_n: int | None = None
    found: bool | None = None


class AnalysisOptionRow(msgspec.Struct, frozen=True, kw_only=True):
    """One option group reviewed at point ``idx``, best first (``rank`` 0): the deciding
    player's win probability ``p`` after it (None: it could not be played); ``option``:
    its first decision's position among the request's options (``exceed fork
    --choose``); ``copies``: how many options the group holds (copies of one card)."""

    idx: int
    rank: int
    label: str
    chosen: bool
    option: int
    copies: int
    p: float | None
    n: int
    low: float | None
    high: float | None


class StoredAnalysis(msgspec.Struct, frozen=True, kw_only=True):
    """A game's stored analysis: the parameters it was made with and its rows."""

    params: str
    card_data: str
    points: list[AnalysisPointRow]
    options: list[AnalysisOptionRow]

    def in_words_of(self, log: GameLog, catalog: Catalog) -> StoredAnalysis:
        """This analysis with its moves and options named as they are named today, from
        ``log`` (the analysed game's): one stored before a label was improved keeps the
        old words in the index (``replay.index.analysis_labels``)."""
        return relabelled(self, log, catalog)


def _has_analysis(src: Source) -> bool:
    with src.connect() as con:
        _, rows = execute(src, con, "SELECT count(*) FROM information_schema.tables WHERE "
                          "table_name = 'analysis_points'", [], src.path)
    return bool(rows and rows[0][0])


def _withheld(point: AnalysisPointRow) -> AnalysisPointRow:
    """``point`` without its severity label when its sample is too small to carry one
    (``LABEL_MIN_N``: a rough analysis stored before the rule labelled at 20 rollouts)."""
    if point.severity and point.n < LABEL_MIN_N:
        return msgspec.structs.replace(point, severity="")
    return point


NOT_REVIEWED_SQL = "contains(params, ';review=0;')"
"""True for an analysis stored without a review (the curve alone: a first look, ``exceed
analyze --no-review``), as SQL over ``analysis_points.params``."""


def reviewed(params: str) -> bool:
    """Did the analysis stored under ``params`` review its decisions? Every key but a
    curve's alone (``review=0``: a first look, ``--no-review``), whose points have no
    swing: "0 blunders" there would read as a clean game."""
    return "review=0" not in params.split(";")


def preferred_analysis(stored: set[str]) -> str:
    """The ``ORDER BY`` terms that put first the analysis of a game a reader shows, over
    ``analysis_points`` grouped by ``params, card_data`` (``stored``: its columns): one
    that reviewed its decisions over a curve alone (the first look the Analyze button
    stores first, issue 31); then the most rollouts; among equals one with best moves,
    then ``curve=setter``, then ``infer=1``, then full rollouts over truncated ones
    (``horizon=``); then by text. The Game page and the insights pick with it, so an
    insight's example opens on the figures it was counted from (the insights count
    only reviewed analyses)."""
    best = "count(best_move) > 0 DESC, " if "best_move" in stored else ""
    return (f"{NOT_REVIEWED_SQL} ASC, max(n) DESC, {best}contains(params, ';curve=setter') DESC, "
            "contains(params, ';infer=1') DESC, contains(params, ';horizon=') ASC, params, "
            "card_data")


def game_analysis(src: Source, game_id: str, params: str | None = None
                  ) -> StoredAnalysis | None:
    """The stored analysis of one game (with ``params``, or the one with the most
    rollouts), or None if it was never analysed (or the source has no analysis tables,
    such as a Parquet export). A point's severity is withheld below ``LABEL_MIN_N``
    rollouts, whenever it was stored (docs/metrics.md). A table stored before the best
    move's columns reads them as None; among analyses of as many rollouts one with best
    moves is preferred, then one whose curve has one viewer per strike (``curve=setter``,
    issue 32 item 4), then one whose face-down attacks are drawn by inference
    (``infer=1``), then one with full rollouts over one with truncated rollouts
    (``horizon=H``, issue 31: opt-in, less accurate; docs/metrics.md)."""
    if src.kind != "duckdb" or not _has_analysis(src):
        return None
    with src.connect() as con:
        _, rows = execute(src, con, "SELECT column_name FROM information_schema.columns "
                          "WHERE table_name = 'analysis_points'", [], src.path)
    stored = {str(r[0]) for r in rows}
    if params is None:  # the most rollouts; among equals one with best moves (issue 32)
        with src.connect() as con:
            _, rows = execute(src, con, "SELECT params, card_data FROM analysis_points "
                              "WHERE game_id = ? GROUP BY params, card_data ORDER BY "
                              f"{preferred_analysis(stored)} LIMIT 1", [game_id], src.path)
        if not rows:
            return None
        params, card_data = str(rows[0][0]), str(rows[0][1])
    else:
        with src.connect() as con:
            _, rows = execute(src, con, "SELECT card_data FROM analysis_points WHERE "
                              "game_id = ? AND params = ? LIMIT 1", [game_id, params],
                              src.path)
        if not rows:
            return None
        card_data = str(rows[0][0])
    key = [game_id, card_data, params]
    where = "WHERE game_id = ? AND card_data = ? AND params = ?"
    columns = ", ".join(f'"{name}"' if name in stored else f'NULL AS "{name}"'
                        for name in AnalysisPointRow.__struct_fields__)  # an older table
    points = [_withheld(p) for p in _fetch(
        src, f"SELECT {columns} FROM analysis_points {where} ORDER BY idx",
        key, AnalysisPointRow)]
    options = _fetch(src, f"SELECT {_columns(AnalysisOptionRow)} FROM analysis_options "
                     f"{where} ORDER BY idx, rank", key, AnalysisOptionRow)
    return StoredAnalysis(params=params, card_data=card_data, points=points, options=options)
