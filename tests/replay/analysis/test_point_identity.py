"""A point's identity (``replay.analysis.positions.PointId``: decision index, turn, strike,
event, kind, decider) is declared once and shared by the point and its analysis
(``PointResult``); what is stored and printed keeps its names and values: the index's
``analysis_points`` columns ``idx``, ``turn``, ``strike``, ``event``, ``kind``,
``player`` (``replay.index.analysis``) and the keys of ``exceed analyze --json``."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from engine import default_catalog, read_game
from replay.analysis.positions import Point, PointId, points
from replay.analysis.rollout import Params, PointResult
from replay.analysis.run import analyse_log
from replay.cli import analyze
from replay.index.analysis import POINTS, store_analysis
from replay.query import game_analysis, open_source

IDENTITY = [f.name for f in dataclasses.fields(PointId)]


def test_the_identity_fields_are_declared_once() -> None:
    """Neither the point nor its result repeats an identity field: both hold a
    ``PointId``."""
    for holder in (Point, PointResult):
        names = {f.name for f in dataclasses.fields(holder)}
        assert not names & set(IDENTITY), holder
        assert next(f for f in dataclasses.fields(holder) if f.name == "id").type in (
            "PointId", PointId)


@pytest.fixture(scope="module")
def shortest(sample_paths: list[Path]) -> Path:
    return min(sample_paths, key=lambda p: p.stat().st_size)


def test_stored_rows_and_json_keep_the_identity_columns_and_values(
        shortest: Path, tmp_path: Path) -> None:
    """Each stored row and each JSON point carries the identity of the point walked
    from the log, under the names stored analyses have always used."""
    catalog = default_catalog()
    walked = [(p.id.index, p.id.turn, p.id.strike, p.id.event, p.id.kind.value,
               int(p.id.player)) for p in points(read_game(shortest), catalog)]
    assert walked and {w[4] for w in walked} == {"turn", "strike"}
    analysis = analyse_log(str(shortest), Params(rollouts=1, review=False), catalog=catalog)
    assert [r.id.index for r in analysis.points] == [w[0] for w in walked]

    assert [name for name, _ in POINTS][3:9] == ["idx", "turn", "strike", "event", "kind",
                                                 "player"]
    db = tmp_path / "index.duckdb"
    store_analysis(db, analysis, say=lambda line: None)
    stored = game_analysis(open_source(db), analysis.game_id)
    assert stored is not None
    assert [(r.idx, r.turn, r.strike, r.event, r.kind, r.player)
            for r in stored.points] == walked

    doc = analyze._json(analysis)
    rows = doc["points"]
    assert isinstance(rows, list)
    assert [(r["decision"], r["turn"], r["strike"], r["event"], r["kind"], r["player"])
            for r in rows] == walked
