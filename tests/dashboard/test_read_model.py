"""The Game page's read model (``data.game_timeline``): one source for every chart layer.

The opened log's own timeline when it is the indexed log; the index's strike rows when
the log is gone or was rewritten since it was indexed.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from dashboard import data
from replay.query import GameRow, game_strikes, open_game, open_source


def test_the_indexed_log_gives_its_own_timeline(index_path: Path, longest: GameRow) -> None:
    game = open_game(longest.path)
    model = data.game_timeline(str(index_path), longest, game)
    assert model is game.timeline and model.source == "log"
    rows = game_strikes(open_source(index_path), longest.game_id)
    assert [msgspec.structs.asdict(s) for s in rows] == [
        {"game_id": longest.game_id, **msgspec.structs.asdict(s)} for s in model.strikes]


def test_without_the_log_every_layer_comes_from_the_index(index_path: Path,
                                                           sample_rows: list[GameRow]) -> None:
    for row in sample_rows:
        model = data.game_timeline(str(index_path), row, None)
        assert model.source == "index" and model.length == row.events
        assert len(model.strikes) == row.strikes
        assert list(model.starts) == [s.first_event + 1 for s in model.strikes]
        assert (model.deck_out is not None) == (row.reason == "decked")
        for f in model.fighters:
            assert f.points[0][0] == 0 and f.points[-1][0] == row.events


def test_a_log_rewritten_since_indexing_is_not_mixed_with_the_index(
        index_path: Path, sample_rows: list[GameRow], longest: GameRow) -> None:
    other = next(r for r in sample_rows if r.game_id != longest.game_id)
    model = data.game_timeline(str(index_path), longest, open_game(other.path))
    assert model.source == "index" and len(model.strikes) == longest.strikes
    assert {s.game_id for s in model.strikes} == {longest.game_id}  # type: ignore[attr-defined]
