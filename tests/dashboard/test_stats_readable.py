"""The statistics pages read as they should (issue 27 item 19): rates as percentages and
never "None" in tables, no full-width bar for "not enough games", heatmap cell text that
fits its cell, an n label on every card's bar (Block's, whose hit rate is 0, too), and
an agent filter on the Cards page, and count axes (times, games) ticked in whole
numbers."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.stats import (
    HEATMAP_PX,
    MIN_STRIKES,
    SUPPRESSED,
    Rate,
    cell_font,
    fits,
    heatmap_px,
    percent_cells,
    rate_columns,
)
from replay import query as q

FIGHTER, CARDS, MATCHUPS = "app_pages/fighter.py", "app_pages/cards.py", "app_pages/matchups.py"


def _open(app: Callable[..., AppTest], script: str, **params: str) -> AppTest:
    at = app()
    for name, value in params.items():
        at.query_params[name] = value
    at.switch_page(script).run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def _figure(at: AppTest, key: str) -> dict[str, Any]:
    """A plotly chart's figure (JSON)."""
    figure: dict[str, Any] = json.loads(at.get_by_key(key).proto.spec)
    return figure


def test_percent_cells_show_percentages_that_sort_as_numbers() -> None:
    """A rate cell is a number in percent (formatted ``35.0%`` by ``export.PERCENT``), so
    a coach sorting by hit rate gets 9% below 35% below 100% (as text "9.0%" sorted above
    "35.0%"); a withheld rate is None, drawn as the table's placeholder ``–``."""
    rows = [{"card": "Block", "strikes (n)": 3, **Rate(0, 3).columns("hit rate")},
            {"card": "Sweep", "strikes (n)": 40, **Rate(14, 40).columns("hit rate")},
            {"card": "Dive", "strikes (n)": 20, **Rate(20, 20).columns("hit rate")},
            {"card": "Spike", "strikes (n)": 11, **Rate(1, 11).columns("hit rate")}]
    shown = percent_cells(rows)
    assert shown[0]["hit rate"] is None and shown[0]["hit rate low"] is None
    assert shown[1]["hit rate"] == 35.0 and shown[1]["strikes (n)"] == 40
    assert sorted(r["hit rate"] for r in shown[1:]) == [9.1, 35.0, 100.0]  # type: ignore[type-var]
    assert rate_columns(rows) == ["hit rate", "hit rate low", "hit rate high"]
    assert rows[1]["hit rate"] == 0.35  # the CSV keeps the fraction


def test_not_enough_games_draws_no_bar(app: Callable[..., AppTest], index_path: Path) -> None:
    """The Fighter page's win rate by opponent: a grey bar across the whole range read as
    100%; now a bar too thin on games has length 0 and says "not enough games" beside it."""
    at = _open(app, FIGHTER, fighter="ryu")
    figure = _figure(at, "fighter.opponents_chart")
    bars, few = figure["data"]
    assert few["text"] and all(t.startswith("not enough") for t in few["text"]), (
        "the sample index has opponents with few games")
    assert set(few["x"]) == {0} and few["error_x"] == {"visible": False}  # no tick at 0
    assert not any(t.startswith("not enough") for t in bars["text"])
    # each bar's words above it (test_browser_narrow: never on its bar or interval), a
    # rate over too few games in grey
    assert bars["textposition"] == few["textposition"] == "none"
    labels = figure["layout"]["annotations"]
    rows = len(bars["y"]) + len(few["y"])
    assert [a["y"] for a in labels] == [*(i - 0.25 for i in range(len(bars["y"]))),
                                        *range(len(bars["y"]), rows)]
    assert [a["text"] for a in labels[len(bars["y"]):]] == few["text"]
    assert all(a["font"]["color"] == "#777" for a in labels[len(bars["y"]):])


def test_heatmap_cell_text_fits_its_cell(app: Callable[..., AppTest]) -> None:
    at = _open(app, MATCHUPS)
    grey, coloured = _figure(at, "matchups.heatmap")["data"]
    across = heatmap_px(coloured["x"]) / len(coloured["x"])
    assert grey["textfont"]["size"] == coloured["textfont"]["size"] >= 7
    for trace in (grey, coloured):
        font = trace["textfont"]["size"]
        for row in trace["text"]:
            for cell in row:
                assert fits(across, cell.split("<br>"), font), (across, cell, font)
    assert cell_font(across, [["31%", "26–37", "n=263"]]) >= 7
    assert not fits(HEATMAP_PX / 30, ["n=263"], 7)


def test_every_card_bar_has_an_n_label_above_its_interval(app: Callable[..., AppTest]) -> None:
    """A bar of hit rate 0 (Block never hits) has no inside to print "n=" in, and a label
    printed just above the bar sat on its interval's upper cap: each n is printed above
    the interval's top."""
    at = _open(app, CARDS, fighter="ryu")
    figure = _figure(at, "cards.chart")
    bar, label = figure["data"]
    assert figure["layout"]["showlegend"] is False
    assert label["mode"] == "text" and label["textposition"] == "top center"
    assert label.get("cliponaxis") is False and label["x"] == bar["x"]
    assert len(label["text"]) == len(bar["x"]) and all(t.startswith("n=") for t in label["text"])
    tops = [y + up for y, up in zip(bar["y"], bar["error_y"]["array"], strict=True)]
    assert label["y"] == pytest.approx(tops)


def test_the_cards_page_filters_by_agent(app: Callable[..., AppTest], index_path: Path) -> None:
    src = q.open_source(index_path)
    at = _open(app, CARDS, fighter="ken", agent="random")
    assert at.selectbox(key="cards.agent").value == "random"
    table = at.dataframe[0].value
    want = {q.card_names((u.card,))[u.card]: u.struck
            for u in q.card_usage(src, "ken", "random")}
    assert dict(zip(table["card"], table["strikes (n)"], strict=True)) == want
    every = {u.card: u.struck for u in q.card_usage(src, "ken")}
    heuristic = {u.card: u.struck for u in q.card_usage(src, "ken", "heuristic")}
    random = {u.card: u.struck for u in q.card_usage(src, "ken", "random")}
    assert all(every[c] == heuristic.get(c, 0) + random.get(c, 0) for c in every)
    at.selectbox(key="cards.agent").set_value("(any)").run()
    assert "agent" not in at.query_params


def test_the_card_captions_say_what_a_thin_rate_shows(app: Callable[..., AppTest]) -> None:
    """The Fighter and Cards pages' captions said a rate on too few strikes is "left
    empty", while the table shows it as SUPPRESSED."""
    for script in (FIGHTER, CARDS):
        at = _open(app, script, fighter="ryu")
        caption = next(c.value for c in at.caption if "strikes (n)" in c.value)
        assert "left empty" not in caption and f'read "{SUPPRESSED}"' in caption, caption


def test_a_tag_teams_cards_each_have_a_label_of_their_own(
        app: Callable[..., AppTest], index_path: Path) -> None:
    """Ryu + Ken's cards include Ryu's and Ken's Tatsumaki Senpukyaku (both struck in the
    sample game): the Fighter and Cards tables listed two rows of the same name and the
    charts, one bar per name, drew the two cards as one. Each card now has its own label,
    the fighter after a shared name."""
    usage = q.card_usage(q.open_source(index_path), "ryu+ken")
    both = {"ryu_tatsumakisenpukyaku", "ken_tatsumakisenpukyaku"}
    assert both <= {u.card for u in usage}
    for script, key in ((FIGHTER, "fighter.mix"), (CARDS, None)):
        at = _open(app, script, fighter="ryu+ken")
        table = next(list(d.value["card"]) for d in at.dataframe if "card" in d.value)
        assert len(table) == len(set(table)) == len(usage), table
        assert {"Tatsumaki Senpukyaku (Ryu)", "Tatsumaki Senpukyaku (Ken Masters)"} <= set(table)
        if key is not None:
            bars = _figure(at, key)["data"][0]["y"]
            assert len(bars) == len(set(bars)), bars


def test_the_fighter_pages_card_table_follows_its_filters(
        app: Callable[..., AppTest], index_path: Path) -> None:
    """With "Played by random" the Fighter page's win rate said "(filtered)" while its
    card table still counted every agent's plays; it now counts the plays of the seats
    that pass the page's filters, and says so, as the Cards page does for its agent."""
    src = q.open_source(index_path)
    at = _open(app, FIGHTER, fighter="ken", agent="random", first="row")
    table = next(d.value for d in at.dataframe if "card" in d.value)
    usage = q.card_usage(src, "ken", "random", first="row")
    labels = q.card_labels([u.card for u in usage], "ken")
    assert dict(zip(table["card"], table["strikes (n)"], strict=True)) == {
        labels[u.card]: u.struck for u in usage}
    assert sum(table["strikes (n)"]) < sum(u.struck for u in q.card_usage(src, "ken"))
    caption = next(c.value for c in at.caption if "strikes (n)" in c.value)
    assert "pass the filters above" in caption
    assert any(m.label == "Games (unfiltered)" for m in at.metric)


def test_a_fighter_with_no_card_of_enough_strikes_gets_a_line_not_bare_axes(
        app: Callable[..., AppTest], index_path: Path) -> None:
    """The Cards page drew its hit-rate chart with no bar at all (bare axes, x from -1 to
    6) when no card of the fighter had 10 strikes, as for Akuma's two sample games: it
    says so in one line instead, and the table still lists every card."""
    usage = q.card_usage(q.open_source(index_path), "akuma")
    assert usage and all(u.struck < MIN_STRIKES for u in usage)
    at = _open(app, CARDS, fighter="akuma")
    assert len(at.dataframe[0].value) == len(usage)
    assert not at.get("plotly_chart")
    assert any("No hit rate chart: no card of Akuma has 10 strikes here yet" in c.value
               for c in at.caption)


def test_an_average_length_with_no_game_reads_a_dash_not_dash_turns(
        app: Callable[..., AppTest], index_path: Path) -> None:
    """The Fighter page said "the games Akuma won: – turns" for a fighter that won no
    game: a missing average is the dash alone; a known one keeps its unit."""
    record = q.fighter_record(q.open_source(index_path), "akuma")
    assert record.avg_turns_won is None and record.avg_turns_lost is not None
    at = _open(app, FIGHTER, fighter="akuma")
    line = next(c.value for c in at.caption if c.value.startswith("Average length"))
    assert line.startswith(f"Average length of the games Akuma won: –; lost: "
                           f"{record.avg_turns_lost:.1f} turns (")
    assert "– turns" not in line


def test_count_axes_tick_whole_numbers(app: Callable[..., AppTest]) -> None:
    """Found in a coach's walk: Akuma's 2 games drew the Fighter page's "each card struck
    or boosted" axis at 0, 0.5, 1, 1.5, 2 "times"; plotly steps a short axis by halves.
    A count axis ticks whole numbers (``stats.count_axis``), each one on a short axis."""
    at = _open(app, FIGHTER, fighter="akuma")
    xaxis = _figure(at, "fighter.mix")["layout"]["xaxis"]
    assert xaxis["title"]["text"] == "times"
    assert (xaxis["tickformat"], xaxis["dtick"]) == (",d", 1)
    # the Matchups page's game lengths: games per length, as few as one a bar here
    at = _open(app, MATCHUPS, view="ordered", row_agent="random", col_agent="random")
    yaxis = _figure(at, "matchups.lengths")["layout"]["yaxis"]
    assert yaxis["title"]["text"] == "games" and yaxis["tickformat"] == ",d"
    # a long axis keeps plotly's own steps (2, 5, 10...), whole already
    from dashboard.stats import WHOLE_STEPS, count_axis
    assert count_axis(WHOLE_STEPS) == {"tickformat": ",d", "dtick": 1}
    assert count_axis(WHOLE_STEPS + 1) == {"tickformat": ",d"}
