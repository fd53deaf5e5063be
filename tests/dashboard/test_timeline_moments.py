"""The season moments on the strike rows (an Exceed, a Revert, an Astral Heat joining
the deck) drew an Exceed as a star and a Revert as an open star, the legend's "hit +
stun" shape: a glance read a BlazBlue Exceed as a strike that stunned. Each has a shape
no outcome has now, and its hover says what it is (the log of BlazBlue's Nu-13
exceeding and reverting, played here)."""

from __future__ import annotations

from pathlib import Path

from dashboard import timeline
from replay.cli import main
from replay.query import open_game


def test_an_exceed_is_no_star(tmp_path: Path) -> None:
    assert main(["simulate", "--p1", "ragna", "--p2", "nu13", "--seed", "9", "--agents",
                 "heuristic,heuristic", "--out", str(tmp_path)]) == 0
    (log,) = tmp_path.glob("*.exlog")
    game = open_game(str(log))
    assert {m.kind for m in game.timeline.moments} == {"exceed", "revert"}
    seats = (f"p1 {game.characters[0]}", f"p2 {game.characters[1]}")
    fig = timeline.chart(game.timeline, seats, {})
    marks = [t for t in fig.data if t.mode == "markers" and t.customdata is None
             and t.x and t.x[0] is not None]  # the moments (the legend's have no x)
    shapes = {s: text for t in marks for s, text in zip(t.marker.symbol, t.text, strict=True)}
    assert set(shapes) == {"triangle-up", "triangle-down-open"}, shapes
    assert not set(shapes) & set(timeline.SYMBOLS.values())  # no outcome's shape
    assert "exceeds" in shapes["triangle-up"] and "reverts" in shapes["triangle-down-open"]
