"""The Insights page headless (``AppTest``, issue 33 item 3): a player's figures from
the stored analyses of the planted-habit corpus (``tests/insights_corpus.py``), the
filters in the URL, the links to the worst decisions, a CSV button per table and a PNG
name per chart; an unknown player or filters that leave nothing are one line and the
way back; a player name holding Markdown or HTML shows as plain text."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb
import pytest
from insights_corpus import ANALYSED, HABIT, build
from streamlit.testing.v1 import AppTest

from dashboard.batch_panel import coverage
from dashboard.literal import markdown
from replay import query as q
from tests.dashboard.page_kit import element, elements, open_page

INSIGHTS = "app_pages/insights.py"
MARKUP = "**bold** <b>x</b> [link](http://a.b) :red[red] `code` # h"


@pytest.fixture(scope="module")
def habit_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db, _ = build(tmp_path_factory.mktemp("insights-page"))
    return db


@pytest.fixture(scope="module")
def markup_index(habit_index: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same index with the player's name replaced by one full of markup (a name the
    Play page could record)."""
    db = tmp_path_factory.mktemp("insights-markup") / "index.duckdb"
    shutil.copy(habit_index, db)
    con = duckdb.connect(str(db))
    try:
        con.execute("UPDATE games SET player1 = ? WHERE player1 = ?", [MARKUP, HABIT])
    finally:
        con.close()
    return db


@pytest.fixture(scope="module")
def rough_index(habit_index: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same index with every analysis rough (under ``LABEL_MIN_N`` rollouts): no
    decision counts in a figure."""
    rough = tmp_path_factory.mktemp("insights-rough") / "rough.duckdb"
    shutil.copy(habit_index, rough)
    con = duckdb.connect(str(rough))
    try:
        con.execute("UPDATE analysis_points SET n = ?, severity = '', significant = false",
                    [q.LABEL_MIN_N - 30])
    finally:
        con.close()
    return rough


def _open(app: Callable[..., AppTest], db: Path, **params: str) -> AppTest:
    return open_page(app, db, INSIGHTS, **params)


def _headline(at: AppTest) -> tuple[list[str], list[str]]:
    """The headline table's figure names and their cells, a row each under its header."""
    table = next(m.value for m in at.markdown
                 if m.value.startswith("| Figure | Mean [95% interval] n |"))
    rows = [line.strip("| ").split(" | ") for line in table.splitlines()[2:]]
    assert all(len(row) == 2 for row in rows), rows
    return [name for name, _ in rows], [cell for _, cell in rows]


def _png_name(at: AppTest, key: str) -> str:
    config = json.loads(at.get_by_key(key).proto.config)
    assert config["toImageButtonOptions"]["format"] == "png"
    return str(config["toImageButtonOptions"]["filename"])


def test_the_players_figures_habits_and_links(app: Callable[..., AppTest],
                                              habit_index: Path) -> None:
    # the corpus is small: at a threshold of 100 decisions no cell is tested and none is
    # a habit, so the page has no habit tables and its small cells say so (at the page's
    # default, 30, how many cells are tested moves with the agents' play)
    at = _open(app, habit_index, player=HABIT, min="100")
    assert at.number_input(key="insights.min").value == 100
    assert at.title[0].value == f"Insights: {HABIT}"
    assert any(f"{ANALYSED} of {ANALYSED + 1}" in m.value for m in at.markdown)
    code = elements(at, "code")
    assert len(code) == 1 and code[0].value.startswith("exceed analyze ")
    found = q.insights(q.open_source(habit_index), q.InsightFilter(player=HABIT), 100)
    assert not found.habits
    # the headline: one Markdown table, a figure a row, each with its interval and n
    assert not at.metric
    names, cells = _headline(at)
    assert names == ["Swing lost per decision", "Blunders per game", "Mistakes per game",
                     "Inaccuracies per game"]
    assert cells[0].startswith(f"**{100 * (found.accuracy.mean or 0):.1f} pts** ")
    # each mean once, in bold, rounded as `exceed insights` rounds it: the cells read
    # "**0.67** 0.7 [0.0–1.3] n=3", one figure twice and rounded two ways
    figures = [found.accuracy.text(), *(m.text(1.0, "games") for m in found.per_game.values())]
    units = [" pts", "", "", ""]
    for cell, figure, unit in zip(cells, figures, units, strict=True):
        mean, _, rest = figure.partition(" ")
        assert cell == f"**{mean}{unit}** {markdown(rest)}" and "n=" in figure
    # one breakdown at a time: the decision kind first, then each in turn, each table
    # with its CSV button and each chart with its PNG name
    assert at.segmented_control(key="insights.by").value == "kind"
    names = [b.label for b in elements(at, "download_button")]
    assert names == ["Download CSV"] * len(at.dataframe) and len(at.dataframe) == 1
    kinds = at.dataframe[0].value
    wild = kinds[kinds["decision"] == "wild swing"].iloc[0]
    assert wild["note"] == q.NOT_ENOUGH and wild["decisions (n)"] < 100
    # no kind has 100 decisions in this small corpus: a caption, not a chart of nothing
    # (its bars were drawn at 0, "nothing lost"); at 2 decisions the chart is drawn
    assert max(kinds["decisions (n)"]) < 100
    assert ("No swing lost by decision kind chart: every group has fewer than 100 "
            "decisions (the table gives each n).") in [c.value for c in at.caption]
    with pytest.raises(KeyError):
        at.get_by_key("insights.kinds_chart")
    drawn = _open(app, habit_index, player=HABIT, min="2")
    assert _png_name(drawn, "insights.kinds_chart") == f"{HABIT}-by-kind"
    bars = json.loads(drawn.get_by_key("insights.kinds_chart").proto.spec)["data"][0]
    few = q.insights(q.open_source(habit_index), q.InsightFilter(player=HABIT), 2)
    expected = {g.value: g.swing for g in few.breakdowns if g.dimension == "kind" and g.swing.n}
    assert bars["x"] == list(expected)
    assert bars["y"] == [None if m.mean is None else pytest.approx(100 * m.mean)
                         for m in expected.values()]  # no bar where too few
    sides = ("kind", "fighter", "matchup")
    shown = {"situation": ("insights.situations", "band", [
                 g.value for g in found.breakdowns if g.dimension not in sides]),
             # fighters by name, as everywhere else ("Ken Masters", not "ken")
             "fighter": ("insights.fighters", "fighter", [
                 q.character_name(g.value) for g in found.breakdowns
                 if g.dimension == "fighter"]),
             "matchup": ("insights.matchups", "matchup", [
                 " vs ".join(map(q.character_name, g.value.split(" vs ")))
                 for g in found.breakdowns if g.dimension == "matchup"]),
             "trend": ("insights.trend", "day", [g.value for g in found.trend])}
    for by, (key, column, values) in shown.items():
        at.segmented_control(key="insights.by").set_value(by).run()
        assert not at.exception and at.query_params["by"] == by
        assert [b.label for b in elements(at, "download_button")] == ["Download CSV"]
        assert len(at.dataframe) == 1 and element(at, f"{key}.csv").label == "Download CSV"
        assert list(at.dataframe[0].value[column]) == values and values
    assert "No swing lost per day played chart: every group has fewer than 100 decisions " \
        "(the table gives each n)." in [c.value for c in at.caption]
    drawn.segmented_control(key="insights.by").set_value("trend").run()
    assert _png_name(drawn, "insights.trend_chart") == f"{HABIT}-trend"
    with pytest.raises(KeyError):
        drawn.get_by_key("insights.kinds_chart")
    drawn.segmented_control(key="insights.by").set_value("kind").run()
    assert "by" not in drawn.query_params  # the default keeps the link short
    assert _png_name(drawn, "insights.kinds_chart") == f"{HABIT}-by-kind"


def test_the_trend_of_one_day_is_one_bar_named_by_its_day(
        app: Callable[..., AppTest], habit_index: Path) -> None:
    """Found in a coach's walk: a player whose analysed games were all played on one
    day got the trend chart's day read as a date, its one bar spread over ticks
    "23:59:59.9996 Dec 3, 2026 ... 00:00:00.0004". Each bar is its day, as the table
    names it."""
    every = q.insights(q.open_source(habit_index), q.InsightFilter(player=HABIT), 2)
    last = every.trend[-1].value
    at = _open(app, habit_index, player=HABIT, by="trend", min="2", since=last)
    assert not at.exception
    figure = json.loads(at.get_by_key("insights.trend_chart").proto.spec)
    assert figure["data"][0]["x"] == [last]
    assert figure["layout"]["xaxis"]["type"] == "category"
    assert list(at.dataframe[-1].value["day"]) == [last]
    # over several days too: one bar per day, in the table's order
    at = _open(app, habit_index, player=HABIT, by="trend", min="2")
    figure = json.loads(at.get_by_key("insights.trend_chart").proto.spec)
    assert figure["layout"]["xaxis"]["type"] == "category"
    assert figure["data"][0]["x"] == [g.value for g in every.trend if g.swing.n]


@pytest.mark.parametrize(("by", "key", "axis"), [
    ("kind", "insights.kinds_chart", "decision kind"),
    ("trend", "insights.trend_chart", "day played (UTC)")])
def test_a_bar_s_words_are_its_hover_s_and_its_axis_is_named(
        app: Callable[..., AppTest], habit_index: Path, by: str, key: str, axis: str) -> None:
    """Found in a coach's walk: each bar's "4.0 [0.1–7.9] n=3" was printed inside it
    (plotly's default for a bar's text), turned on its side in a narrow bar, a few
    pixels high and crossed by its interval; and the x axis had no name. The words are
    the hover's only, as on the Fighter page, and the axis says what its bars are."""
    at = _open(app, habit_index, player=HABIT, min="2", by=by)
    figure = json.loads(at.get_by_key(key).proto.spec)
    [bars] = figure["data"]
    assert bars["textposition"] == "none"
    assert bars["hovertemplate"] == "%{x}: %{text}<extra></extra>" and all(bars["text"])
    assert figure["layout"]["xaxis"]["title"]["text"] == axis
    assert figure["layout"]["yaxis"]["title"]["text"] == "swing lost per decision (points)"


def test_habits_link_their_worst_decisions(app: Callable[..., AppTest],
                                           habit_index: Path) -> None:
    at = _open(app, habit_index, player=HABIT, min="5")
    assert at.number_input(key="insights.min").value == 5
    at.run()  # a second run with ?min= kept: no warning of a value set twice (below)
    assert at.number_input(key="insights.min").value == 5
    habits, examples = at.dataframe[0].value, at.dataframe[1].value
    assert (habits.iloc[0]["situation"], habits.iloc[0]["band"],
            habits.iloc[0]["decision"]) == ("life lead", "behind", "wild swing")
    found = q.insights(q.open_source(habit_index), q.InsightFilter(player=HABIT), 5)
    want = [q.game_link(e.game_id, e.idx) for e in found.habits[0].examples]
    assert list(examples["open"])[:3] == want
    assert all(link.startswith("/game?game=") and "&decision=" in link for link in want)
    # each example names its game as the player finds it and its habit by number; the
    # grid shows no always-empty note and no repeated habit words (they fit 1280 pixels
    # without a sideways scroll), the CSV keeps both
    first = found.habits[0].examples[0]
    assert examples.iloc[0]["game"] == f"Ryu vs Ken Masters, {first.played}"
    assert first.played.startswith("2026-01-")
    assert list(examples["habit"]) == [n for n, h in enumerate(found.habits, 1)
                                       for _ in h.examples]
    assert examples.iloc[0]["habit words"] == "life lead behind, wild swing"
    assert list(at.dataframe[0].proto.column_order) == [
        "habit", "situation", "band", "decision", "decisions (n)", "swing lost", "low",
        "high", "total lost", "z"]
    assert list(at.dataframe[1].proto.column_order) == [
        "habit", "game", "turn", "decision played", "swing lost", "open"]
    # the habits, their examples and the one breakdown shown (decision kind)
    assert len(at.get("download_button")) == len(at.dataframe) == 3
    assert at.dataframe[2].value.columns[0] == "decision"


def test_figures_over_too_few_decisions_or_games_say_so_with_their_n(
        app: Callable[..., AppTest], rough_index: Path) -> None:
    """Found walking a coach's review: the headline drew a bare "–" where `exceed
    insights` says "not enough decisions (n=23)", and games analysed too roughly to
    label anything read "0.00 [0.00–0.00] n=6 games" blunders per game. Here every
    analysis is rough (under 50 rollouts) and the threshold is over the player's
    decisions: each cell says what is missing, with its n."""
    rough = rough_index
    at = _open(app, rough, player=HABIT, min="10000")
    found = q.insights(q.open_source(rough), q.InsightFilter(player=HABIT), 10000)
    _names, cells = _headline(at)
    assert cells == [markdown(f"not enough decisions (n={found.accuracy.n})"),
                     *[markdown("not enough games (n=0)")] * 3], cells
    assert any("labels per game are over the games analysed on that many" in c.value
               for c in at.caption)
    # what was left out, and the command that analyses those games again, as text
    assert [i.value for i in at.info][:1] == [markdown(q.rough_text(found.rough) + ".")]
    again = q.reanalyse_command(found.rough, str(rough))
    assert again and again in [c.value for c in at.code if c.language == "bash"]
    # no habit cell reaches 10,000 decisions: none could be tested, which "(0 cells
    # tested)" under "no cell is significantly worse" read as a clean bill
    assert found.cells_tested == 0
    assert ("None tested yet: no situation × decision kind cell has 10000 decisions. More "
            "analysed games, or a lower minimum, will give some.") in [i.value for i in at.info]


@pytest.mark.parametrize("by", ["kind", "trend"])
def test_no_decision_that_counts_is_one_line_not_a_blank_breakdown(
        app: Callable[..., AppTest], rough_index: Path, by: str) -> None:
    """Found in a coach's walk: with every analysis rough, each breakdown was a blank
    table ("empty") under its chooser, with a CSV button of nothing."""
    at = _open(app, rough_index, player=HABIT, min="2", by=by)
    assert ("Nothing to break down yet: no decision of these games counts, each counting "
            f"once analysed on at least {q.LABEL_MIN_N} rollouts.") in [i.value for i in at.info]
    assert not at.dataframe and not elements(at, "download_button")
    with pytest.raises(KeyError):
        at.get_by_key("insights.by")


def test_no_game_analysed_promises_no_figures_below(app: Callable[..., AppTest],
                                                   index_path: Path) -> None:
    """Found in a newcomer's walk: the sample games' Insights read "0 of 71 of these games
    are analysed; the figures below read their stored analyses only", above nothing."""
    at = open_page(app, index_path, INSIGHTS, player="heuristic")  # the sample games
    lines = [m.value for m in at.markdown if "of these games" in m.value]
    assert len(lines) == 1 and lines[0].startswith("**0 of ")
    assert lines[0].endswith(": the figures appear here once one is (they read stored "
                             "analyses only).")
    assert not any("figures below" in m.value for m in at.markdown)


def _popover_labels(node: object) -> list[str]:
    """The labels of the popovers under ``node`` (AppTest has no popover element)."""
    labels = []
    for child in getattr(node, "children", {}).values():
        proto: Any = getattr(child, "proto", None)  # a protobuf message (untyped)
        if type(child).__name__ == "Block" and proto.WhichOneof("type") == "popover":
            labels.append(proto.popover.label)
        labels += _popover_labels(child)
    return labels


def test_the_rarer_filters_sit_behind_a_button_that_says_their_values(
        app: Callable[..., AppTest], habit_index: Path) -> None:
    at = _open(app, habit_index, player=HABIT)
    assert _popover_labels(at.main) == [markdown(f"Since any day, n ≥ {q.MIN_DECISIONS}")]
    at = _open(app, habit_index, player=HABIT, since="2026-01-04", min="5")
    assert _popover_labels(at.main) == [markdown("Since 2026-01-04, n ≥ 5")]
    # inside it, the same widgets as before, still kept in the URL
    at.number_input(key="insights.min").set_value(7).run()
    assert at.query_params["min"] == "7"
    assert _popover_labels(at.main) == [markdown("Since 2026-01-04, n ≥ 7")]


def test_filters_live_in_the_url_and_empty_filters_say_so(app: Callable[..., AppTest],
                                                          habit_index: Path) -> None:
    at = _open(app, habit_index, player=HABIT, since="2026-01-04")
    assert at.text_input(key="insights.since").value == "2026-01-04"
    assert any("3 of 4" in m.value for m in at.markdown)
    at.text_input(key="insights.since").set_value("2026-01-06").run()
    assert at.query_params["since"] == "2026-01-06"
    assert any("1 of 2" in m.value for m in at.markdown)
    at = _open(app, habit_index, player=HABIT, fighter="ken")
    assert [i.value for i in at.info] == [markdown(f"No game of {HABIT} matches these "
                                                   "filters.")]
    assert not at.dataframe
    links = at.get("page_link")
    assert len(links) == 1 and links[0].proto.label == f"Back to every game of {HABIT}"


def test_the_breakdown_shown_lives_in_the_url(app: Callable[..., AppTest],
                                             habit_index: Path) -> None:
    """A link or a reload with ``by=`` opens that breakdown, and keeps it when a filter
    changes; a ``by=`` that is no breakdown is one warning line and the default."""
    at = _open(app, habit_index, player=HABIT, by="situation")
    assert at.segmented_control(key="insights.by").value == "situation"
    assert not [m.value for m in at.markdown if "one shown at a time" in m.value]  # no stray text
    assert [h.value for h in at.subheader][-1] == "Breakdown of the swing lost"
    assert list(at.dataframe[-1].value.columns[:2]) == ["situation", "band"]
    at.text_input(key="insights.since").set_value("2026-01-06").run()
    assert at.query_params["by"] == "situation" and at.query_params["since"] == "2026-01-06"
    assert list(at.dataframe[-1].value.columns[:2]) == ["situation", "band"]
    at = _open(app, habit_index, player=HABIT, by="**nope**")
    assert [w.value for w in at.warning] == [markdown(
        "the link's breakdown '**nope**' is not one of the choices here; showing the default")]
    assert at.segmented_control(key="insights.by").value == "kind"
    assert at.dataframe[-1].value.columns[0] == "decision"


@pytest.mark.parametrize(("param", "text", "said", "key", "shown"), [
    ("since", "xx", "the link's date 'xx' is not a date YYYY-MM-DD; showing every day",
     "insights.since", ""),
    ("since", "2026-13-40", "the link's date '2026-13-40' is not a date YYYY-MM-DD; showing "
     "every day", "insights.since", ""),
    ("min", "1", "the link's fewest decisions '1' is not a whole number from 2 to 10000; "
     "showing 30", "insights.min", 30),
    ("min", "many", "the link's fewest decisions 'many' is not a whole number from 2 to "
     "10000; showing 30", "insights.min", 30),
])
def test_a_bad_date_or_count_in_the_link_says_what_is_expected(
        app: Callable[..., AppTest], habit_index: Path, param: str, text: str, said: str,
        key: str, shown: object) -> None:
    """``/insights?since=xx`` said the date "is not one of the choices here; showing the
    default", though a date is typed, not chosen: it now says what a date looks like and
    that every day is shown, and a count out of range says its range."""
    assert q.MIN_DECISIONS == 30
    at = _open(app, habit_index, player=HABIT, **{param: text})
    assert [w.value for w in at.warning] == [markdown(said)]
    assert at.session_state[key] == shown
    assert at.dataframe  # the page is shown, unfiltered


def test_an_unknown_player_is_one_line_and_the_way_back(app: Callable[..., AppTest],
                                                        habit_index: Path) -> None:
    at = _open(app, habit_index, player="<b>nobody</b>")
    assert [e.value for e in at.error] == [markdown("no player '<b>nobody</b>' in this index")]
    assert not at.dataframe and len(at.get("page_link")) == 1


def test_a_player_name_full_of_markup_shows_as_plain_text(app: Callable[..., AppTest],
                                                          markup_index: Path) -> None:
    at = _open(app, markup_index, player=MARKUP, by="trend", min="2")
    assert at.title[0].value == "Insights: " + markdown(MARKUP)
    assert at.selectbox(key="insights.player").value == MARKUP
    figure = json.loads(at.get_by_key("insights.trend_chart").proto.spec)
    assert "<b>" not in json.dumps(figure)
    at = _open(app, markup_index, player=MARKUP, fighter="ken")
    assert [i.value for i in at.info] == [markdown(f"No game of {MARKUP} matches these "
                                                   "filters.")]


def test_players_and_fighters_are_kept_until_the_index_is_written(
        habit_index: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A return visit runs no query for the selectboxes (issue 33's speed row), and a
    write to the index shows at once, not after a cache's time."""
    from dashboard import data

    db = tmp_path / "index.duckdb"
    shutil.copy(habit_index, db)
    calls: list[str] = []
    players, characters = q.players, q.characters

    def counted_players(src: q.Source) -> list[str]:
        calls.append("p")
        return players(src)

    def counted_characters(src: q.Source) -> list[str]:
        calls.append("c")
        return characters(src)

    monkeypatch.setattr(q, "players", counted_players)  # what dashboard.data calls
    monkeypatch.setattr(q, "characters", counted_characters)
    first = data.players(str(db)), data.characters(str(db))
    assert (data.players(str(db)), data.characters(str(db))) == first
    assert calls == ["p", "c"]
    con = duckdb.connect(str(db))
    try:
        con.execute("UPDATE games SET player1 = 'newcomer', p1 = 'akuma' WHERE game_id = "
                    "(SELECT min(game_id) FROM games)")
    finally:
        con.close()
    assert "newcomer" in data.players(str(db)) and "newcomer" not in first[0]
    assert "akuma" in data.characters(str(db)) and "akuma" not in first[1]
    assert calls == ["p", "c", "p", "c"]


def test_the_coverage_line_agrees_with_its_count() -> None:
    """It read "1 of 71 of these games are analysed"."""
    assert coverage(1, 71) == "**1 of 71** of these games is analysed"
    assert coverage(3, 71) == "**3 of 71** of these games are analysed"
    assert coverage(0, 1_200) == "**0 of 1,200** of these games are analysed"
    assert coverage(1, 1) == "**1 of 1** game: it is analysed"
    assert coverage(0, 1) == "**0 of 1** game: it is not analysed"


def test_a_link_s_fewest_decisions_draws_no_streamlit_warning(
        app: Callable[..., AppTest], habit_index: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The server log read "widget with key insights.min was created with a default value
    but also had its value set via the Session State API" at every run of a link with
    ``?min=``."""
    at = _open(app, habit_index, player=HABIT, min="5")
    at.run()
    assert at.number_input(key="insights.min").value == 5
    assert not [r for r in caplog.records if "Session State API" in r.getMessage()]
    plain_view = _open(app, habit_index, player=HABIT)
    assert plain_view.number_input(key="insights.min").value == q.MIN_DECISIONS
