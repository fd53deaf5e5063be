"""Analyse a whole game log: every point's win probability and review, split over
processes, in the same order and with the same figures however it is split.

``analyse_log(path, params, jobs, progress)`` reads the log (``engine.read_game``),
refuses one whose card data differs from this engine's (its cards would not be the
ones recorded), walks its points and hands them one by one, those with the most options first, to
``jobs`` worker processes; each reads and folds the log once (kept for the points that
follow) and analyses the points it is given (so no state crosses a process boundary). A damaged or unsealed log is analysed up to its last good step and
the result says where it stops (``GameAnalysis.stopped``).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field

from engine import (
    Catalog,
    GameLog,
    LogFormatError,
    compare_card_data,
    default_catalog,
    read_capped,
    read_game_bytes,
)
from replay import workers
from replay.analysis.positions import Point, held_points, points, second_set_points
from replay.analysis.rollout import (
    Params,
    PointResult,
    analyse_point,
    on_curve,
    option_groups,
)
from replay.analysis.situation import Situation, situation

Progress = Callable[[int, int], None]
"""Told ``(points done, points in all)`` as the analysis goes."""


class AnalysisRefused(Exception):
    """The log cannot be analysed on this engine (one line, naming the file)."""


@dataclass(frozen=True)
class GameAnalysis:
    """A game's analysis: the log's id (sha256 of its bytes) and card data, the
    parameters, every point's result in order (a strike's second set point on the curve
    at the first setter's value, ``rollout.on_curve``), and ``stopped``: where a damaged or
    unsealed log's good part ends ("" for a sealed log); ``situations``: each point's
    decision kind and table (``replay.analysis.situation``), in the same order."""

    game_id: str
    path: str
    card_data: str
    params: Params
    points: tuple[PointResult, ...]
    stopped: str = ""
    p1: str = ""
    p2: str = ""
    winner: int | None = None
    decisions: int = 0
    extra: dict[str, str] = field(default_factory=dict)
    situations: tuple[Situation, ...] = ()


def load(path: str, catalog: Catalog) -> tuple[GameLog, str]:
    """The decoded log and its game id; ``LogFormatError`` or ``AnalysisRefused`` (one
    line) if it cannot be analysed here."""
    data = read_capped(path)  # once: the game id is of the bytes decoded
    game_id = hashlib.sha256(data).hexdigest()
    log = read_game_bytes(data, path)
    cards = compare_card_data(log.header, catalog)  # per game: its cards and fighters only
    if cards.differs:
        raise AnalysisRefused(
            f"{path}: recorded with different card data than this engine (log "
            f"{cards.log[:12]}, engine {cards.engine[:12]}); its cards "
            "would not be the ones played: analysis refused (exceed verify shows the "
            "difference)")
    return log, game_id


def stopped_at(log: GameLog) -> str:
    """Where a damaged or unsealed log's good part ends ("" if it is sealed)."""
    decisions = len(log.decisions)
    if log.damage is not None:
        return (f"damaged at byte {log.damage.offset} ({log.damage.reason}): analysed up to "
                f"decision {decisions}")
    if not log.sealed:
        return f"unsealed (the game did not finish): analysed up to decision {decisions}"
    return ""


def _work(path: str, game_id: str, wanted: int, params: Params) -> PointResult:
    """A worker: the result of point ``wanted`` of the log at ``path``."""
    catalog = default_catalog()
    return analyse_point(held_points(path, catalog, game_id)[wanted], params, catalog)


def _cost(point: Point, params: Params) -> int:
    """A point's expected share of the work in rollouts, to hand out the largest first:
    the option groups its review plays (each at least on the first checkpoint) and its
    best move's search iterations; the curve's rollouts without a review."""
    if not params.review:
        return params.rollouts
    groups = len(option_groups(point, params)[2])
    return groups * min(params.screen, params.rollouts) + params.best_iterations


def curve(every: list[Point], results: list[PointResult], seconds: dict[int, int],
          catalog: Catalog) -> list[PointResult]:
    """Every point's result in order, each strike's second set point (``seconds``:
    ``{second: first}``) on the curve at its first set point's value
    (``rollout.on_curve``; a second point without a result gets one)."""
    found = {r.id.index: r for r in results}
    out = []
    for point in every:
        at = point.id.index
        first = found.get(seconds.get(at, -1))
        if first is not None:
            out.append(on_curve(point, first, found.get(at), catalog))
        elif at in found:
            out.append(found[at])
    return out


def analyse_log(path: str, params: Params, jobs: int = 1,
                progress: Progress | None = None, catalog: Catalog | None = None
                ) -> GameAnalysis:
    """Analyse the game at ``path`` (see the module docstring)."""
    cat = catalog if catalog is not None else default_catalog()
    log, game_id = load(path, cat)
    every = list(points(log, cat))
    situations = tuple(situation(point) for point in every)
    seconds = second_set_points(every)
    # without a review a strike's second set point needs no rollout (``on_curve``)
    todo = every if params.review else [p for p in every if p.id.index not in seconds]
    results: list[PointResult] = []
    if progress is not None:
        progress(0, len(todo))
    if jobs <= 1 or len(todo) <= 1:
        for point in todo:
            results.append(analyse_point(point, params, cat))
            if progress is not None:
                progress(len(results), len(todo))
    else:  # one task per point, the costliest first: no process idles at the end
        order = sorted(todo, key=lambda p: -_cost(p, params))
        with workers.executor(jobs) as pool:
            futures = [pool.submit(_work, os.fspath(path), game_id, p.id.index, params)
                       for p in order]
            for future in futures:
                results.append(future.result())
                if progress is not None:
                    progress(len(results), len(todo))
    results = curve(every, results, seconds, cat)
    trailer = log.trailer
    return GameAnalysis(
        game_id=game_id, path=os.path.abspath(path), card_data=log.header.card_data,
        params=params, points=tuple(results), stopped=stopped_at(log), p1=log.header.p1,
        p2=log.header.p2, winner=None if trailer is None else int(trailer.winner),
        decisions=len(log.decisions), situations=situations)


__all__ = ["AnalysisRefused", "GameAnalysis", "LogFormatError", "analyse_log", "load",
           "stopped_at"]
