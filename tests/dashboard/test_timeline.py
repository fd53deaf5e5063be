"""The strike timeline figure and the mapping from a chart click to a strike."""

from __future__ import annotations

from pathlib import Path

from dashboard import timeline
from replay.query import GameRow, game_strikes, life_series, open_game, open_source


def test_figure_has_one_marker_per_strike_and_step_lines(index_path: Path,
                                                         longest: GameRow) -> None:
    strikes = game_strikes(open_source(index_path), longest.game_id)
    game = open_game(longest.path)
    seats = ("p1 Ryu", "p2 Ken Masters")
    cards = {s.a_card: s.a_card.upper() for s in strikes} | {s.d_card: s.d_card.upper()
                                                           for s in strikes}
    fig = timeline.figure(strikes, life_series(game), seats, cards, at=10)
    markers = [t for t in fig.data if t.mode == "markers" and t.customdata is not None]
    assert sum(len(t.x) for t in markers) == len(strikes) == longest.strikes
    by_strike = {int(c[0]): (x, c[1]) for t in markers
                 for x, c in zip(t.x, t.customdata, strict=True)}
    assert by_strike == {s.strike: (s.first_event + 1, s.first_event + 1) for s in strikes}
    symbols = {sym for t in markers for sym in t.marker.symbol}
    assert symbols <= set(timeline.SYMBOLS.values())
    lines = [t for t in fig.data if t.mode == "lines"]
    assert [t.name for t in lines] == ["p1 Ryu life", "p2 Ken Masters life"]
    assert all(t.line.shape == "hv" for t in lines)
    assert lines[0].xaxis == "x2" and markers[0].xaxis == "x"  # shared axis, two rows
    legend = {t.name for t in fig.data if t.showlegend is not False}
    assert {"p1 Ryu attacks", "p2 Ken Masters attacks", "hit", "miss", "hit + stun"} <= legend


def test_hover_names_both_cards_speeds_and_flags(index_path: Path, longest: GameRow) -> None:
    strike = game_strikes(open_source(index_path), longest.game_id)[0]
    text = timeline.hover(strike, {strike.a_card: "Card A", strike.d_card: "Card D"},
                          ("p1 Ryu", "p2 Ken Masters"))
    assert "Card A" in text and "Card D" in text
    assert f"speed {strike.a_speed}" in text and f"speed {strike.d_speed}" in text
    assert "life after" in text and f"strike {strike.strike}" in text


def test_strike_from_selection() -> None:
    point = {"curve_number": 0, "point_index": 2, "x": 143, "customdata": [3, 143]}
    life = {"curve_number": 6, "point_index": 4, "x": 200, "y": 27}
    assert timeline.strike_from_selection({"selection": {"points": [point]}}) == 3
    assert timeline.strike_from_selection({"selection": {"points": [life, point]}}) == 3
    assert timeline.strike_from_selection({"selection": {"points": [life]}}) is None
    assert timeline.strike_from_selection({"selection": {"points": []}}) is None
    assert timeline.strike_from_selection(None) is None
