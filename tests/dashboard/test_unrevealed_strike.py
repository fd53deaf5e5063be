"""A strike the game ended in before the attacks were revealed (p1 resigned while setting
an attack on the Play page): its sides have no card, and the timeline, its hover and the
strikes table called each a "miss" with "speed 0". They say now that the attack was not
revealed (a square marker, in the legend only for such a game) and leave the speed
blank."""

from __future__ import annotations

from pathlib import Path

import pytest

from dashboard import timeline
from replay.query import (
    StrikeSummary,
    create_live,
    game,
    index_live,
    live_act,
    live_picture,
    live_resign,
    live_root,
    open_game,
    open_source,
)

SEATS = ("p1 Ryu", "p2 Ken Masters")


def _resigned_mid_strike(db: Path) -> Path:
    """p1 keeps its hand, strikes, and resigns at its set-attack decision: the log."""
    root = live_root(db)
    created = create_live(root, "ryu", "ken", seat="p1", opponent="random", seed=5,
                          name="Vic")
    token = created.tokens["p1"]
    for wanted in ("Keep the opening hand", "Strike"):
        pic = live_picture(root, created.game_id, "p1")
        option = next(o for g in pic.groups for o in g.options if o.label == wanted)
        live_act(root, created.game_id, token, "", pic.decision, option.decision)
    pic = live_picture(root, created.game_id, "p1")
    assert any(o.label.startswith("Set ") for g in pic.groups for o in g.options)
    live_resign(root, created.game_id, token, "")
    game_id = index_live(root, created.game_id, db)
    row = game(open_source(db), game_id)
    assert row is not None and row.reason == "resigned"
    return Path(row.path)


@pytest.fixture(scope="module")
def last_strike(tmp_path_factory: pytest.TempPathFactory) -> StrikeSummary:
    log = _resigned_mid_strike(tmp_path_factory.mktemp("unrevealed") / "index.duckdb")
    strike = open_game(str(log)).timeline.strikes[-1]
    assert (strike.a_card, strike.d_card) == ("", "")  # never revealed
    return strike


def test_an_unrevealed_attack_is_no_miss(last_strike: StrikeSummary) -> None:
    assert {timeline.outcome_of(last_strike, seat) for seat in (0, 1)} == {"unset"}
    (row,) = timeline.table([last_strike], {}, SEATS)
    for seat in ("p1", "p2"):
        assert row[f"{seat} outcome"] == "not revealed: game over", row
        assert row[f"{seat} speed"] is None, row
    said = timeline.hover(last_strike, {}, SEATS)
    assert "miss" not in said and "speed 0" not in said, said
    assert "the game ended first" in said and "not revealed: game over" in said, said


def test_its_marker_and_legend_say_so(last_strike: StrikeSummary) -> None:
    fig = timeline.figure([last_strike], [], SEATS, {})
    markers = [t for t in fig.data if t.mode == "markers+text"]
    assert [list(t.marker.symbol) for t in markers] == [["square-open"]] * 2
    legend = {t.name for t in fig.data if t.showlegend is not False}
    assert "not revealed: game over" in legend, legend
    revealed = StrikeSummary(**{**{f: getattr(last_strike, f)
                                   for f in last_strike.__struct_fields__},
                                "a_card": "ryu_donkeykick", "d_card": "ken_kneebash"})
    legend = {t.name for t in timeline.figure([revealed], [], SEATS, {}).data
              if t.showlegend is not False}
    assert "not revealed: game over" not in legend and "miss" in legend, legend
