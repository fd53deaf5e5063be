"""The statistics pages headless (``AppTest``): Cards, the Games page's SQL paging, and
what every statistics page shares: a missing or busy index, the CSV behind the download
button, chart titles that fit a phone, and one order for tied cards on the Fighter and
Cards pages (Matchups and Fighter: ``test_stats_pages.py``).

The expected numbers come from ``replay.query`` on the same index (the queries
themselves are checked against the logs in tests/replay/index/test_stats_queries.py).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pandas as pd
import plotly.graph_objects as go
import pytest
from streamlit.testing.v1 import AppTest

from dashboard import export
from dashboard.data import plain, unreadable
from dashboard.stats import Rate
from replay import query as q
from tests.dashboard.stats_kit import (
    APP,
    CARDS,
    FIGHTER,
    GAMES,
    MATCHUPS,
    card_table,
    chart,
    csv_buttons,
    no_exception,
    open_page,
    percent_columns,
    png_name,
)

# --- Cards ------------------------------------------------------------------------------------


def test_cards_intervals_threshold_and_url(app: Callable[..., AppTest], index_path: Path) -> None:
    at = open_page(app, CARDS, fighter="ken")
    assert at.selectbox(key="cards.character").value == "ken"
    table = at.dataframe[0].value
    usage = {q.card_names((u.card,))[u.card]: u for u in q.card_usage(q.open_source(index_path),
                                                                        "ken")}
    for card, n, rate, low, high in zip(table["card"], table["strikes (n)"], table["hit rate"],
                                        table["hit rate low"], table["hit rate high"],
                                        strict=True):
        u = usage[card]
        assert n == u.struck
        if n >= 10:  # shown as percentages, as the chart reads (the CSV keeps fractions)
            r = Rate(u.hits, u.struck)
            assert (rate, low, high) == tuple(round(100 * v, 1) for v in (
                round(u.hits / n, 3), round(r.interval[0], 3), round(r.interval[1], 3)))
        else:  # no rate below the threshold: the placeholder "–", never the word "None"
            assert all(pd.isna(v) for v in (rate, low, high))
    percent_columns(at, "hit rate", "hit rate low", "hit rate high")
    at.selectbox(key="cards.character").set_value("ryu").run()
    no_exception(at)
    assert at.query_params["fighter"] == "ryu" and "Hadoken" in set(at.dataframe[0].value["card"])
    assert csv_buttons(at) == ["Download CSV"]
    assert png_name(at, "cards.chart") == "ryu-hit-rate"


# --- Games ------------------------------------------------------------------------------------


def test_games_opened_directly(app: Callable[..., AppTest],
                               sample_rows: list[q.GameRow]) -> None:
    """``/games`` is a page of its own (issue 19: it once said "Page not found")."""
    at = open_page(app, GAMES)
    assert at.title[0].value == "Games" and len(at.dataframe[0].value) == len(sample_rows)
    assert f"{len(sample_rows)} game(s) match" in at.caption[0].value


def test_games_filters_and_page_live_in_the_url(app: Callable[..., AppTest],
                                                index_path: Path) -> None:
    at = open_page(app, GAMES, fighter="ryu", turns="20-40", agent="heuristic")
    want = q.game_page(q.open_source(index_path), fighter="ryu", min_turns=20, max_turns=40,
                       agent="heuristic")
    assert 0 < want.total == len(at.dataframe[0].value)
    assert at.slider(key="games.turns").value == (20, 40)
    at.selectbox(key="games.winner").set_value("ken").run()
    no_exception(at)
    assert at.query_params["winner"] == "ken" and at.query_params["fighter"] == "ryu"
    assert csv_buttons(at) == ["Download CSV"]


def test_games_pages_in_sql(app: Callable[..., AppTest], monkeypatch: pytest.MonkeyPatch,
                            index_path: Path, sample_rows: list[q.GameRow]) -> None:
    monkeypatch.setattr("dashboard.data.GAMES_PAGE_SIZE", 10)
    at = open_page(app, GAMES, page="3")
    assert at.number_input(key="games.page").value == 3
    pages = -(-len(sample_rows) // 10)
    assert at.caption[0].value.startswith(f"{len(sample_rows)} game(s) match; showing 21–30 "
                                          f"(page 3 of {pages}")
    want = q.game_page(q.open_source(index_path), limit=10, offset=20,
                       order=tuple(sorted({g.p1 for g in sample_rows} | {g.p2 for g in sample_rows},
                                          key=lambda c: (q.character_name(c).casefold(), c))))
    assert list(at.dataframe[0].value["game id"]) == [g.game_id[:12] for g in want.rows]
    at.number_input(key="games.page").increment().run()
    assert at.query_params["page"] == "4"
    at.selectbox(key="games.agent").set_value("random").run()  # a filter: back to page 1
    assert "page" not in at.query_params and at.number_input(key="games.page").value == 1
    # a link past the last page shows the last one
    at = open_page(app, GAMES, page="99")
    assert at.number_input(key="games.page").value == pages


# --- an index that cannot be read ------------------------------------------------------------


@pytest.mark.parametrize("script", [GAMES, MATCHUPS, FIGHTER, CARDS, "app_pages/search.py"])
def test_a_missing_index_says_what_to_run_on_every_page(
        script: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EXCEED_INDEX", str(tmp_path / "none.duckdb"))
    at = AppTest.from_file(str(APP), default_timeout=600).run()
    at.switch_page(script).run()
    no_exception(at)
    assert len(at.error) == 1
    message = at.error[0].value
    assert message.startswith(f"No index at {plain(str(tmp_path / 'none.duckdb'))}. Build "
                              "the index with `exceed index DIR`"), message
    assert message.count("exceed index") == 1, message  # not also "run `exceed index LOGS...`"
    assert not at.dataframe


def test_an_index_being_written_says_so() -> None:
    message = unreadable(q.IndexBusy("/tmp/x.duckdb is locked by another process; could not "
                                     "read it within 10 s"))
    assert message.startswith("The index is being written (an `exceed index` is running)")
    assert "reload this page" in message and "/tmp/x\\.duckdb" in message
    assert unreadable(q.QueryError("bad filter")) == "bad filter"


# --- the CSV behind the button ------------------------------------------------------------


def test_the_csv_button_serves_the_table(app: Callable[..., AppTest],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The file the Cards page's button serves: its name and the table's rows as CSV."""
    from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage
    from streamlit.testing.v1 import app_test

    stores: list[MemoryMediaFileStorage] = []

    class Kept(MemoryMediaFileStorage):
        def __init__(self, endpoint: str) -> None:
            super().__init__(endpoint)
            stores.append(self)

    monkeypatch.setattr(app_test, "MemoryMediaFileStorage", Kept)
    at = open_page(app, CARDS, fighter="ken")
    url = at.get("download_button")[0].proto.url
    served = stores[-1].get_file(url.rsplit("/", 1)[1])
    assert served.filename == "ken-cards.csv" and served.mimetype == "text/csv"
    lines = served.content.decode().splitlines()
    table = at.dataframe[0].value
    assert lines[0].split(",") == list(table.columns)
    assert len(lines) == 1 + len(table)
    assert lines[1].startswith(f"{table['card'][0]},{table['strikes (n)'][0]},")


@pytest.mark.parametrize(("script", "key", "fighter"), [
    (CARDS, "cards.chart", "ken"), (FIGHTER, "fighter.mix", "ken"),
    (FIGHTER, "fighter.mix", "ryu+ken")])
def test_a_charts_title_fits_a_phone(app: Callable[..., AppTest], script: str, key: str,
                                     fighter: str) -> None:
    # plotly never wraps a title: in a 390-pixel window "Ken Masters: hit rate per card,
    # 95% interval (cards with at least 10 strikes)" ran past the chart's right edge
    at = open_page(app, script, fighter=fighter)
    figure, _ = chart(at, key)
    layout = figure["layout"]
    lines = layout["title"]["text"].split("<br>")
    assert len(lines) > 1 and all(len(line) <= export.TITLE_CHARS for line in lines), lines
    extra = export.TITLE_LINE_PX * (len(lines) - 1)
    assert layout["margin"]["t"] >= 30 + extra  # room above the plot for every line


def test_fit_title_breaks_at_spaces_and_keeps_entities() -> None:
    figure = go.Figure(layout={"title": {"text": "a &amp; b " * 6 + "<br>short"},
                               "height": 300, "margin": {"t": 30}})
    export.fit_title(figure)
    lines = figure.layout.title.text.split("<br>")
    assert lines == ["a &amp; b a &amp; b a &amp; b a &amp; b", "a &amp; b a &amp; b",
                     "short"]
    assert figure.layout.margin.t == 30 + 2 * export.TITLE_LINE_PX
    assert figure.layout.height == 300 + 2 * export.TITLE_LINE_PX
    # its first line near the top edge, the others under it, above the plot
    assert figure.layout.title.yref == "container" and figure.layout.title.y > 0.9
    untouched = go.Figure(layout={"title": {"text": "short"}, "height": 300})
    export.fit_title(untouched)
    assert untouched.layout.height == 300 and untouched.layout.margin.t is None


@pytest.mark.parametrize("fighter", ["akuma", "ken"])
def test_the_fighter_and_cards_pages_list_tied_cards_in_one_order(
        app: Callable[..., AppTest], index_path: Path, fighter: str) -> None:
    """Two cards struck as often were listed in one order on the Fighter page (by boosts,
    then card id, as the query returns them) and in another on the Cards page (by name):
    Akuma's Gohadoken, Wrath of the Raging Demon, Grasp and Sweep, each struck twice,
    stood in that order on one and Gohadoken, Grasp, Sweep, Wrath on the other. Both
    pages list them by ``data.card_order`` now: the most struck, the most boosted, then
    the name."""
    usage = q.card_usage(q.open_source(index_path), fighter)
    struck = [u.struck for u in usage]
    assert len(set(struck)) < len(struck), "no tie to order: the test shows nothing"
    fighter_rows = card_table(open_page(app, FIGHTER, fighter=fighter))
    cards_rows = card_table(open_page(app, CARDS, fighter=fighter))
    assert fighter_rows == cards_rows
    keys = [(-s, -b, name.casefold()) for name, s, b in cards_rows]
    assert keys == sorted(keys)
