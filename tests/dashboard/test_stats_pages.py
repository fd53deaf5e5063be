"""The statistics pages headless (``AppTest``): Matchups, Fighter, Cards and the Games page's
SQL paging. Every filter changes what is shown and lands in the URL; a URL opened
directly shows that view; small samples say "not enough games"; every table has its
CSV button and every chart plotly's PNG button with a file name.

The expected numbers come from ``replay.query`` on the same index (the queries
themselves are checked against the logs in tests/replay/index/test_stats_queries.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import pytest
from streamlit.testing.v1 import AppTest

from dashboard import export
from dashboard.data import plain, unreadable
from dashboard.stats import MIN_GAMES, SUPPRESSED, Rate
from replay import query as q
from tests.dashboard.page_kit import elements

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"
MATCHUPS, FIGHTER, CARDS, GAMES = ("app_pages/matchups.py", "app_pages/fighter.py",
                                   "app_pages/cards.py", "app_pages/games.py")


def _no_exception(at: AppTest) -> None:
    assert not at.exception, [e.message for e in at.exception]


def _open(app: Callable[..., AppTest], script: str, **params: str) -> AppTest:
    """The page opened from a URL carrying ``params`` (as a link or a bookmark would)."""
    at = app()
    for name, value in params.items():
        at.query_params[name] = value
    at.switch_page(script).run()
    _no_exception(at)
    return at


def _percent_columns(at: AppTest, *names: str) -> None:
    """The first table draws ``names`` as percentages of numbers (``35.3%``, sorted as
    numbers) and a withheld rate as the placeholder ``–``."""
    proto = at.dataframe[0].proto
    config = json.loads(proto.columns)
    for name in names:
        assert config[name]["type_config"] == {"type": "number", "format": "%.1f%%"}, name
    assert proto.placeholder == SUPPRESSED


def _chart(at: AppTest, key: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A plotly chart's figure and config (JSON)."""
    proto = at.get_by_key(key).proto
    figure: dict[str, Any] = json.loads(proto.spec)
    config: dict[str, Any] = json.loads(proto.config)
    return figure, config


def _png_name(at: AppTest, key: str) -> str:
    _, config = _chart(at, key)
    options = config["toImageButtonOptions"]
    assert isinstance(options, dict) and options["format"] == "png"
    return str(options["filename"])


def _csv_buttons(at: AppTest) -> list[str]:
    return [b.label for b in elements(at, "download_button")]


# --- Matchups ---------------------------------------------------------------------------------


def test_matchups_cells_show_n_interval_and_not_enough_games(
        app: Callable[..., AppTest], index_path: Path) -> None:
    cells = q.matchup_cells(q.open_source(index_path))
    at = _open(app, MATCHUPS)
    figure, _ = _chart(at, "matchups.heatmap")
    grey, coloured = figure["data"]
    names = coloured["x"]
    assert len(names) == 12  # the busiest fighters (a multiselect in the URL picks others)
    drawn = [c for c in cells if q.character_name(c.character) in names
             and q.character_name(c.opponent) in names]
    few = [c for c in drawn if c.games and c.games < MIN_GAMES]
    enough = [c for c in cells if c.games >= MIN_GAMES]
    assert few and enough and set(enough) <= set(drawn)  # ryu vs ken, and one-game pairs
    for c in drawn:
        i = names.index(q.character_name(c.character))
        j = names.index(q.character_name(c.opponent))
        rate = Rate(c.wins, c.games)
        # a cell shows what fits the plot of a 1024-pixel window (dashboard.stats
        # .HEATMAP_PX; test_browser_heatmap.py measures it): at 12 fighters its rate, its
        # interval and n (the interval was left out: "[55–61] n=263" did not fit); its
        # hover holds all of it
        hover = coloured["customdata"][i][j]
        if c in enough:
            assert coloured["z"][i][j] == pytest.approx(c.wins / c.games)
            low, high = rate.interval
            assert coloured["text"][i][j] == (f"{c.wins / c.games:.0%}<br>{100 * low:.0f}–"
                                              f"{100 * high:.0f}<br>n={c.games}")
            assert hover.endswith(f"{c.wins} win(s) in {c.games} game(s) = {rate.text()}"
                                  + (f" ({c.mirrors} mirror game(s) left out)"
                                     if c.mirrors else ""))
            assert "[" in rate.text() and grey["z"][i][j] is None
        else:  # never a 0% or 100% cell: grey, "not enough", with its n
            assert coloured["z"][i][j] is None and grey["z"][i][j] == 0.0
            label = grey["text"][i][j]
            assert label == (f"n={c.games}" if c.games else f"mirror<br>n={c.mirrors}"), label
            assert (("not enough" in hover and f"{c.games} game(s)" in hover)
                    or "mirror" in hover), hover
    table = at.dataframe[0].value
    assert list(table["games (n)"]) == [c.games for c in _by_name(cells)]
    assert list(table["fighter"]) == [q.character_name(c.character) for c in _by_name(cells)]
    # issue 27 item 19: a withheld rate reads "–" (the placeholder; never "None"), a shown
    # one a percentage, a number so that the column sorts as numbers
    rates = list(table["win rate"])
    assert sum(pd.isna(v) for v in rates) == len(cells) - len(enough)
    assert sorted(v for v in rates if not pd.isna(v)) == sorted(
        round(100 * c.wins / c.games, 1) for c in enough)
    _percent_columns(at, "win rate", "win rate low", "win rate high")
    assert at.caption[0].value == (
        "Each cell: the row fighter's win rate against the column fighter, from either seat "
        "over finished games; under it its 95% Wilson interval low–high and n, the number "
        f"of games. Fewer than {MIN_GAMES} games: grey, not enough games (its n, no rate). "
        "A chart too narrow for the cells' text (a narrow window) leaves them blank: hover "
        "them. A mirror game seen from both seats says nothing about winning and is left out "
        "(counted as mirror).")
    mirrors = [c for c in cells if c.mirrors]
    assert mirrors and all(c.games == 0 for c in mirrors)  # ken vs ken, ryu vs ryu
    # a cell of mirror games only hovers as what it is, not "0 win(s) in 0 game(s)"
    # ("mirror" and its n: it read "mirror", "1 game(s)", too wide, and was left blank)
    for c in mirrors:
        if q.character_name(c.character) in names:
            i = names.index(q.character_name(c.character))
            assert grey["text"][i][i] == f"mirror<br>n={c.mirrors}"
            hover = grey["customdata"][i][i]
            assert hover.endswith(f": {c.mirrors} mirror game(s), not counted (one side "
                                  "won, one lost: nothing said of the fighter)"), hover
            assert "0 game(s)" not in hover


def _by_name(cells: list[q.MatchupCell]) -> list[q.MatchupCell]:
    """The Matchups table's order: by the fighters' names, as a reader looks one up (it
    was by character id: Shishigami Bang (bang) between Arakune and M. Bison (bison))."""
    return sorted(cells, key=lambda c: (q.character_name(c.character).casefold(),
                                        q.character_name(c.opponent).casefold()))


def test_matchups_filters_change_the_cells_and_the_url(app: Callable[..., AppTest],
                                                       index_path: Path) -> None:
    src = q.open_source(index_path)
    at = _open(app, MATCHUPS)
    at.radio(key="matchups.view").set_value("ordered").run()
    at.selectbox(key="matchups.row_agent").set_value("heuristic").run()
    at.selectbox(key="matchups.col_agent").set_value("random").run()
    at.selectbox(key="matchups.first").set_value("row").run()
    _no_exception(at)
    want = q.matchup_cells(src, "ordered", row_agent="heuristic", col_agent="random",
                           first="row")
    assert list(at.dataframe[0].value["games (n)"]) == [c.games for c in _by_name(want)]
    assert list(at.dataframe[0].value["p1"]) == [q.character_name(c.character)
                                                 for c in _by_name(want)]
    assert dict(at.query_params) == {"view": "ordered", "row_agent": "heuristic",
                                     "col_agent": "random", "first": "row"}
    fpa = q.first_player_advantage(src, p1_agent="heuristic", p2_agent="random")
    assert f"{fpa.first_wins} of {fpa.games} finished games" in at.caption[2].value
    # back to a default: the parameter leaves the URL
    at.selectbox(key="matchups.first").set_value("(any)").run()
    assert "first" not in at.query_params


def test_a_matchups_link_opens_that_view(app: Callable[..., AppTest], index_path: Path) -> None:
    at = _open(app, MATCHUPS, view="ordered", row_agent="random", first="col")
    assert at.radio(key="matchups.view").value == "ordered"
    assert at.selectbox(key="matchups.row_agent").value == "random"
    assert at.selectbox(key="matchups.first").value == "col"
    want = q.matchup_cells(q.open_source(index_path), "ordered", row_agent="random",
                           first="col")
    assert list(at.dataframe[0].value["games (n)"]) == [c.games for c in _by_name(want)]
    assert not at.warning


def test_the_heatmap_fighters_live_in_the_url(app: Callable[..., AppTest],
                                              index_path: Path) -> None:
    at = _open(app, MATCHUPS, fighters="ryu,ken,vega")
    figure, _ = _chart(at, "matchups.heatmap")
    assert figure["data"][1]["x"] == ["Ken Masters", "Ryu", "Vega"]
    at.multiselect(key="matchups.fighters").unselect("vega").run()
    _no_exception(at)
    assert at.query_params["fighters"] == "ryu,ken"
    assert len(at.dataframe[0].value) == len(q.matchup_cells(q.open_source(index_path)))


def test_a_fighter_named_twice_in_the_link_is_chosen_once(app: Callable[..., AppTest]) -> None:
    # ?fighters=ryu,ryu,ken showed two "Ryu" chips and drew Ryu's row and column twice
    at = _open(app, MATCHUPS, fighters="ryu,ryu,ken")
    assert at.multiselect(key="matchups.fighters").value == ["ryu", "ken"]
    figure, _ = _chart(at, "matchups.heatmap")
    assert figure["data"][1]["x"] == ["Ken Masters", "Ryu"]
    assert figure["data"][1]["y"] == ["Ken Masters", "Ryu"]


def test_matchups_open_a_fighter_page(app: Callable[..., AppTest]) -> None:
    at = _open(app, MATCHUPS)
    at.selectbox(key="matchups.open").set_value("ken").run()
    _no_exception(at)
    assert at.title[0].value == "Fighter: Ken Masters" and at.query_params["fighter"] == "ken"


def test_a_bad_matchups_link_is_one_warning(app: Callable[..., AppTest]) -> None:
    at = _open(app, MATCHUPS, view="sideways", row_agent="nobody")
    assert len(at.warning) == 2 and "not one of the choices" in at.warning[0].value
    assert at.radio(key="matchups.view").value == "unordered"


def test_first_player_advantage_shows_its_interval(app: Callable[..., AppTest],
                                                   index_path: Path) -> None:
    fpa = q.first_player_advantage(q.open_source(index_path))
    at = _open(app, MATCHUPS)
    rate = Rate(fpa.first_wins, fpa.games)
    assert rate.enough
    assert at.metric[0].value == f"{fpa.first_wins / fpa.games:.0%}"
    low, high = rate.interval
    assert at.caption[1].value == (f"95% interval {100 * low:.0f}–{100 * high:.0f}%, "
                                   f"{fpa.first_wins} of {fpa.games}")


def test_matchups_export_every_table_and_chart(app: Callable[..., AppTest]) -> None:
    at = _open(app, MATCHUPS)
    assert _csv_buttons(at) == ["Download CSV"] * len(at.dataframe) == ["Download CSV"]
    assert _png_name(at, "matchups.heatmap") == "matchups-unordered"
    assert _png_name(at, "matchups.lengths") == "game-lengths"


def test_the_game_lengths_chart_says_it_takes_no_filter(
        app: Callable[..., AppTest], index_path: Path) -> None:
    """The lengths chart counts every finished game whatever the page's fighters and
    agents (noticed by the analyst's walk: nothing said so under a filtered page)."""
    total = sum(r.games for r in q.game_lengths(q.open_source(index_path)))
    at = _open(app, MATCHUPS, view="ordered", row_agent="heuristic")
    assert (f"Every finished game of the index ({total}), whatever the fighters and agents "
            "chosen above.") in [c.value for c in at.caption]


# --- Fighter ----------------------------------------------------------------------------------


def test_the_fighter_win_rates_help_says_when_a_mirror_counts(
        app: Callable[..., AppTest]) -> None:
    """With a filter that tells the seats apart a mirror match passes from one seat and
    counts (docs/metrics.md); the help said "against other fighters" all the same."""
    at = _open(app, FIGHTER, fighter="ken", first="row")
    assert "mirror matches once the filters tell its two seats apart" in at.metric[0].help


def test_a_fighter_of_few_games_says_not_enough_games_under_a_dash(
        app: Callable[..., AppTest], index_path: Path) -> None:
    """Below 10 games the big number is a dash and the caption says why: the words in the
    metric itself were cut to "not enough ga…" at 1280 px."""
    src = q.open_source(index_path)
    at = _open(app, FIGHTER, fighter="akuma")
    cells = [c for c in q.matchup_cells(src, character="akuma") if c.character == "akuma"]
    games = sum(c.games for c in cells)
    assert 0 < games < 10
    assert at.metric[0].value == "–"
    assert (f"not enough games: {sum(c.wins for c in cells)} of {games}, fewer than 10 "
            "give no rate") in [c.value for c in at.caption]


def test_fighter_page_from_a_link(app: Callable[..., AppTest], index_path: Path,
                                  sample_rows: list[q.GameRow]) -> None:
    src = q.open_source(index_path)
    at = _open(app, FIGHTER, fighter="ken")
    assert at.title[0].value == "Fighter: Ken Masters"
    record = q.fighter_record(src, "ken")
    cells = [c for c in q.matchup_cells(src, character="ken")]
    overall = Rate(sum(c.wins for c in cells), sum(c.games for c in cells))
    assert at.metric[0].value == overall.headline() == f"{overall.k / overall.n:.0%}"
    assert overall.detail() in [c.value for c in at.caption]
    assert at.metric[1].value == str(record.games)
    assert record.avg_turns is not None and at.metric[2].value == f"{record.avg_turns:.1f} turns"
    opponents = at.dataframe[0].value
    assert sorted(opponents["games (n)"], reverse=True) == sorted(
        (c.games for c in cells if c.games or c.mirrors), reverse=True)
    cards = at.dataframe[1].value
    usage = q.card_usage(src, "ken")
    assert list(cards["strikes (n)"]) == [u.struck for u in usage]
    assert list(cards["boosted"]) == [u.boosted for u in usage]
    enough = [u for u in usage if u.struck >= 10]
    assert enough and all(not pd.isna(cards["hit rate low"][i]) for i, u in enumerate(usage)
                          if u.struck >= 10)
    assert _csv_buttons(at) == ["Download CSV"] * 2
    assert _png_name(at, "fighter.opponents_chart") == "ken-win-rate-by-opponent"
    assert _png_name(at, "fighter.mix") == "ken-struck-or-boosted"


def test_fighter_filters_go_to_the_url(app: Callable[..., AppTest], index_path: Path) -> None:
    at = _open(app, FIGHTER, fighter="ryu")
    at.selectbox(key="fighter.agent").set_value("heuristic").run()
    at.selectbox(key="fighter.first").set_value("col").run()
    _no_exception(at)
    assert dict(at.query_params) == {"fighter": "ryu", "agent": "heuristic", "first": "col"}
    cells = q.matchup_cells(q.open_source(index_path), row_agent="heuristic", first="col",
                            character="ryu")
    assert sum(at.dataframe[0].value["games (n)"]) == sum(c.games for c in cells)
    at.selectbox(key="fighter.fighter").set_value("ken").run()
    assert at.query_params["fighter"] == "ken" and at.title[0].value == "Fighter: Ken Masters"


def test_an_unknown_fighter_is_one_message_and_a_way_back(app: Callable[..., AppTest]) -> None:
    at = _open(app, FIGHTER, fighter="nobody")
    assert len(at.error) == 1 and "no fighter" in at.error[0].value
    assert not at.dataframe


def test_fighter_page_without_a_fighter_shows_the_first(app: Callable[..., AppTest]) -> None:
    at = _open(app, FIGHTER)
    assert at.title[0].value.startswith("Fighter: ") and len(at.dataframe) == 2


# --- Cards ------------------------------------------------------------------------------------


def test_cards_intervals_threshold_and_url(app: Callable[..., AppTest], index_path: Path) -> None:
    at = _open(app, CARDS, fighter="ken")
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
    _percent_columns(at, "hit rate", "hit rate low", "hit rate high")
    at.selectbox(key="cards.character").set_value("ryu").run()
    _no_exception(at)
    assert at.query_params["fighter"] == "ryu" and "Hadoken" in set(at.dataframe[0].value["card"])
    assert _csv_buttons(at) == ["Download CSV"]
    assert _png_name(at, "cards.chart") == "ryu-hit-rate"


# --- Games ------------------------------------------------------------------------------------


def test_games_opened_directly(app: Callable[..., AppTest],
                               sample_rows: list[q.GameRow]) -> None:
    """``/games`` is a page of its own (issue 19: it once said "Page not found")."""
    at = _open(app, GAMES)
    assert at.title[0].value == "Games" and len(at.dataframe[0].value) == len(sample_rows)
    assert f"{len(sample_rows)} game(s) match" in at.caption[0].value


def test_games_filters_and_page_live_in_the_url(app: Callable[..., AppTest],
                                                index_path: Path) -> None:
    at = _open(app, GAMES, fighter="ryu", turns="20-40", agent="heuristic")
    want = q.game_page(q.open_source(index_path), fighter="ryu", min_turns=20, max_turns=40,
                       agent="heuristic")
    assert 0 < want.total == len(at.dataframe[0].value)
    assert at.slider(key="games.turns").value == (20, 40)
    at.selectbox(key="games.winner").set_value("ken").run()
    _no_exception(at)
    assert at.query_params["winner"] == "ken" and at.query_params["fighter"] == "ryu"
    assert _csv_buttons(at) == ["Download CSV"]


def test_games_pages_in_sql(app: Callable[..., AppTest], monkeypatch: pytest.MonkeyPatch,
                            index_path: Path, sample_rows: list[q.GameRow]) -> None:
    monkeypatch.setattr("dashboard.data.GAMES_PAGE_SIZE", 10)
    at = _open(app, GAMES, page="3")
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
    at = _open(app, GAMES, page="99")
    assert at.number_input(key="games.page").value == pages


# --- an index that cannot be read ------------------------------------------------------------


@pytest.mark.parametrize("script", [GAMES, MATCHUPS, FIGHTER, CARDS, "app_pages/search.py"])
def test_a_missing_index_says_what_to_run_on_every_page(
        script: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EXCEED_INDEX", str(tmp_path / "none.duckdb"))
    at = AppTest.from_file(str(APP), default_timeout=600).run()
    at.switch_page(script).run()
    _no_exception(at)
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
    at = _open(app, CARDS, fighter="ken")
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
    at = _open(app, script, fighter=fighter)
    figure, _ = _chart(at, key)
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


def _card_table(at: AppTest) -> list[tuple[str, int, int]]:
    """The page's card table: each row's card, strikes and boosts, in the order shown."""
    [table] = [d.value for d in at.dataframe if "card" in d.value.columns]
    return list(zip(table["card"], table["strikes (n)"], table["boosted"], strict=True))


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
    fighter_rows = _card_table(_open(app, FIGHTER, fighter=fighter))
    cards_rows = _card_table(_open(app, CARDS, fighter=fighter))
    assert fighter_rows == cards_rows
    keys = [(-s, -b, name.casefold()) for name, s, b in cards_rows]
    assert keys == sorted(keys)
