"""The statistics pages headless (``AppTest``): Matchups and Fighter (Cards, Games and
what every page shares: ``test_stats_pages_cards_games.py``). Every filter changes what
is shown and lands in the URL; a URL opened directly shows that view; small samples say
"not enough games"; every table has its CSV button and every chart plotly's PNG button
with a file name.

The expected numbers come from ``replay.query`` on the same index (the queries
themselves are checked against the logs in tests/replay/index/test_stats_queries.py).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from dashboard.stats import MIN_GAMES, Rate
from replay import query as q
from tests.dashboard.stats_kit import (
    FIGHTER,
    MATCHUPS,
    chart,
    csv_buttons,
    no_exception,
    open_page,
    percent_columns,
    png_name,
)

# --- Matchups ---------------------------------------------------------------------------------


def test_matchups_cells_show_n_interval_and_not_enough_games(
        app: Callable[..., AppTest], index_path: Path) -> None:
    cells = q.matchup_cells(q.open_source(index_path))
    at = open_page(app, MATCHUPS)
    figure, _ = chart(at, "matchups.heatmap")
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
    percent_columns(at, "win rate", "win rate low", "win rate high")
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
    at = open_page(app, MATCHUPS)
    at.radio(key="matchups.view").set_value("ordered").run()
    at.selectbox(key="matchups.row_agent").set_value("heuristic").run()
    at.selectbox(key="matchups.col_agent").set_value("random").run()
    at.selectbox(key="matchups.first").set_value("row").run()
    no_exception(at)
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
    at = open_page(app, MATCHUPS, view="ordered", row_agent="random", first="col")
    assert at.radio(key="matchups.view").value == "ordered"
    assert at.selectbox(key="matchups.row_agent").value == "random"
    assert at.selectbox(key="matchups.first").value == "col"
    want = q.matchup_cells(q.open_source(index_path), "ordered", row_agent="random",
                           first="col")
    assert list(at.dataframe[0].value["games (n)"]) == [c.games for c in _by_name(want)]
    assert not at.warning


def test_the_heatmap_fighters_live_in_the_url(app: Callable[..., AppTest],
                                              index_path: Path) -> None:
    at = open_page(app, MATCHUPS, fighters="ryu,ken,vega")
    figure, _ = chart(at, "matchups.heatmap")
    assert figure["data"][1]["x"] == ["Ken Masters", "Ryu", "Vega"]
    at.multiselect(key="matchups.fighters").unselect("vega").run()
    no_exception(at)
    assert at.query_params["fighters"] == "ryu,ken"
    assert len(at.dataframe[0].value) == len(q.matchup_cells(q.open_source(index_path)))


def test_a_fighter_named_twice_in_the_link_is_chosen_once(app: Callable[..., AppTest]) -> None:
    # ?fighters=ryu,ryu,ken showed two "Ryu" chips and drew Ryu's row and column twice
    at = open_page(app, MATCHUPS, fighters="ryu,ryu,ken")
    assert at.multiselect(key="matchups.fighters").value == ["ryu", "ken"]
    figure, _ = chart(at, "matchups.heatmap")
    assert figure["data"][1]["x"] == ["Ken Masters", "Ryu"]
    assert figure["data"][1]["y"] == ["Ken Masters", "Ryu"]


def test_matchups_open_a_fighter_page(app: Callable[..., AppTest]) -> None:
    at = open_page(app, MATCHUPS)
    at.selectbox(key="matchups.open").set_value("ken").run()
    no_exception(at)
    assert at.title[0].value == "Fighter: Ken Masters" and at.query_params["fighter"] == "ken"


def test_a_bad_matchups_link_is_one_warning(app: Callable[..., AppTest]) -> None:
    at = open_page(app, MATCHUPS, view="sideways", row_agent="nobody")
    assert len(at.warning) == 2 and "not one of the choices" in at.warning[0].value
    assert at.radio(key="matchups.view").value == "unordered"


def test_first_player_advantage_shows_its_interval(app: Callable[..., AppTest],
                                                   index_path: Path) -> None:
    fpa = q.first_player_advantage(q.open_source(index_path))
    at = open_page(app, MATCHUPS)
    rate = Rate(fpa.first_wins, fpa.games)
    assert rate.enough
    assert at.metric[0].value == f"{fpa.first_wins / fpa.games:.0%}"
    low, high = rate.interval
    assert at.caption[1].value == (f"95% interval {100 * low:.0f}–{100 * high:.0f}%, "
                                   f"{fpa.first_wins} of {fpa.games}")


def test_matchups_export_every_table_and_chart(app: Callable[..., AppTest]) -> None:
    at = open_page(app, MATCHUPS)
    assert csv_buttons(at) == ["Download CSV"] * len(at.dataframe) == ["Download CSV"]
    assert png_name(at, "matchups.heatmap") == "matchups-unordered"
    assert png_name(at, "matchups.lengths") == "game-lengths"


def test_the_game_lengths_chart_says_it_takes_no_filter(
        app: Callable[..., AppTest], index_path: Path) -> None:
    """The lengths chart counts every finished game whatever the page's fighters and
    agents (noticed by the analyst's walk: nothing said so under a filtered page)."""
    total = sum(r.games for r in q.game_lengths(q.open_source(index_path)))
    at = open_page(app, MATCHUPS, view="ordered", row_agent="heuristic")
    assert (f"Every finished game of the index ({total}), whatever the fighters and agents "
            "chosen above.") in [c.value for c in at.caption]


# --- Fighter ----------------------------------------------------------------------------------


def test_the_fighter_win_rates_help_says_when_a_mirror_counts(
        app: Callable[..., AppTest]) -> None:
    """With a filter that tells the seats apart a mirror match passes from one seat and
    counts (docs/metrics.md); the help said "against other fighters" all the same."""
    at = open_page(app, FIGHTER, fighter="ken", first="row")
    assert "mirror matches once the filters tell its two seats apart" in at.metric[0].help


def test_a_fighter_of_few_games_says_not_enough_games_under_a_dash(
        app: Callable[..., AppTest], index_path: Path) -> None:
    """Below 10 games the big number is a dash and the caption says why: the words in the
    metric itself were cut to "not enough ga…" at 1280 px."""
    src = q.open_source(index_path)
    at = open_page(app, FIGHTER, fighter="akuma")
    cells = [c for c in q.matchup_cells(src, character="akuma") if c.character == "akuma"]
    games = sum(c.games for c in cells)
    assert 0 < games < 10
    assert at.metric[0].value == "–"
    assert (f"not enough games: {sum(c.wins for c in cells)} of {games}, fewer than 10 "
            "give no rate") in [c.value for c in at.caption]


def test_fighter_page_from_a_link(app: Callable[..., AppTest], index_path: Path,
                                  sample_rows: list[q.GameRow]) -> None:
    src = q.open_source(index_path)
    at = open_page(app, FIGHTER, fighter="ken")
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
    assert csv_buttons(at) == ["Download CSV"] * 2
    assert png_name(at, "fighter.opponents_chart") == "ken-win-rate-by-opponent"
    assert png_name(at, "fighter.mix") == "ken-struck-or-boosted"


def test_fighter_filters_go_to_the_url(app: Callable[..., AppTest], index_path: Path) -> None:
    at = open_page(app, FIGHTER, fighter="ryu")
    at.selectbox(key="fighter.agent").set_value("heuristic").run()
    at.selectbox(key="fighter.first").set_value("col").run()
    no_exception(at)
    assert dict(at.query_params) == {"fighter": "ryu", "agent": "heuristic", "first": "col"}
    cells = q.matchup_cells(q.open_source(index_path), row_agent="heuristic", first="col",
                            character="ryu")
    assert sum(at.dataframe[0].value["games (n)"]) == sum(c.games for c in cells)
    at.selectbox(key="fighter.fighter").set_value("ken").run()
    assert at.query_params["fighter"] == "ken" and at.title[0].value == "Fighter: Ken Masters"


def test_an_unknown_fighter_is_one_message_and_a_way_back(app: Callable[..., AppTest]) -> None:
    at = open_page(app, FIGHTER, fighter="nobody")
    assert len(at.error) == 1 and "no fighter" in at.error[0].value
    assert not at.dataframe


def test_fighter_page_without_a_fighter_shows_the_first(app: Callable[..., AppTest]) -> None:
    at = open_page(app, FIGHTER)
    assert at.title[0].value.startswith("Fighter: ") and len(at.dataframe) == 2
