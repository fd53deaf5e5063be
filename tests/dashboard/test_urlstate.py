"""A link's value named in a warning is cut short and says what is wrong (found by the
dashboard audit, left for later: a 5,000-digit ``seed=`` was shown whole under "the seed
must be an integer", where Python converts at most 4,300 digits; ``turns``, ``page``,
``fighter``, ``event`` and a game id were echoed whole too). ``dashboard.urlstate`` and
the pages quote such values through ``replay.quoting``; escaping is unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.data import plain
from dashboard.literal import markdown
from replay.query import GameRow

GAMES_PAGE = "app_pages/games.py"
GAME_PAGE = "app_pages/game.py"
LONG = 5000


def _opened(app: Callable[..., AppTest], to: str, **params: str) -> AppTest:
    at = app()
    at.query_params.update(params)
    at.switch_page(to).run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def _lines(at: AppTest) -> list[str]:
    return [w.value for w in at.warning] + [e.value for e in at.error]


def test_a_5000_digit_seed_is_named_cut_short_and_said_too_long(
        app: Callable[..., AppTest]) -> None:
    at = _opened(app, GAMES_PAGE, seed="9" * LONG)
    [line] = [w for w in _lines(at) if "seed" in w]
    assert line == plain(f"the seed '{'9' * 40}…' ({LONG:,} characters) has too many "
                         "digits (5,000; at most 4,300); ignoring it")
    assert "must be an integer" not in line


@pytest.mark.parametrize(("param", "what"), [  # page: its own line (test_games_paging.py)
    ("turns", "turns"), ("fighter", "fighter"), ("winner", "winner")])
def test_a_long_bad_link_value_is_named_by_its_first_characters(
        app: Callable[..., AppTest], param: str, what: str) -> None:
    value = "x" * (LONG - 1) + "*"  # markup at the end: cut off, and escaped anyway
    at = _opened(app, GAMES_PAGE, **{param: value})
    [line] = [w for w in _lines(at) if plain(f"link's {what}") in w]
    said = f"the link's {what} '{'x' * 40}…' ({LONG:,} characters) is not "
    if param == "turns":  # a typed range says what a range is (urlstate.bind's expected)
        longest = re.search(r"within 0\\?-(\d+);", line)
        assert longest is not None, line
        said += (f"a range of turns LOW-HIGH within 0-{longest[1]}; showing every length")
    else:
        said += "one of the choices here; showing the default"
    assert line == plain(said)


def test_a_long_unknown_game_id_is_one_short_error(app: Callable[..., AppTest]) -> None:
    at = _opened(app, GAME_PAGE, game="z" * LONG)
    [line] = _lines(at)
    assert line == plain(f"game id '{'z' * 80}…' ({LONG:,} characters) is not a hex game id "
                         "(or a prefix of one)")


@pytest.mark.parametrize(("params", "line"), [
    ({"event": "x"}, "event='x' is not an event number (1 to {n}; 0 is the table before "
                     "the first event); ignored"),
    ({"event": "9" * LONG}, f"event='{'9' * 40}…' ({LONG:,} characters) has too many digits "
                            "(5,000; at most 4,300) (1 to {n}; 0 is the table before the "
                            "first event); ignored"),
    ({"event": "9" * 50}, f"event='{'9' * 40}…' (50 characters) is outside this game's events "
                          "(1 to {n}; 0 is the table before the first event); ignored"),
    ({"at": "y" * LONG}, f"at='{'y' * 40}…' ({LONG:,} characters) is not an event number "
                         "(1 to {n}; 0 is the table before the first event); ignored"),
])
def test_an_event_in_a_link_is_counted_from_1_as_the_page_counts_it(
        app: Callable[..., AppTest], longest: GameRow, params: dict[str, str],
        line: str) -> None:
    """The audit left: ``event=x`` said "(0 to N)" although events count from 1; the
    page opens 0 too (the table before the first event), and now says both."""
    at = _opened(app, GAME_PAGE, game=longest.game_id, **params)
    assert _lines(at) == [plain(line.format(n=longest.events))]


def test_a_5000_digit_seed_typed_on_the_play_page_is_named_cut_short(
        app: Callable[..., AppTest], tmp_path: Path) -> None:
    """The same on the Play page's form (it said "is not a whole number", with the first
    30 characters and nothing to say they were cut). A seed has 20 digits at most, so
    past Python's 4,300 the refusal names the seed's range, not Python's limit."""
    at = app(db=tmp_path / "index.duckdb")
    at.switch_page("app_pages/play.py").run()
    at.text_input[1].input("9" * LONG)  # the seed
    at.button[0].click().run()  # Start
    assert not at.exception, [e.message for e in at.exception]
    assert _lines(at) == [markdown(f"seed '{'9' * 40}…' ({LONG:,} characters) is outside "
                                   "0..2**64-1")]
    assert "g" not in at.query_params  # no game was started


def test_a_page_tells_the_browser_its_url_in_one_message(
        app: Callable[..., AppTest], monkeypatch: pytest.MonkeyPatch) -> None:
    """``routes.drop_stale_game`` cleared the URL and set it again: two messages to the
    browser, and a loaded browser kept the first, the bare ``/games``, as a history entry
    of its own, so Back from ``/games?player=X`` (the Players page's link) went there and
    not to the player's page (test_players_browser failed so under load, 3 runs in 20).
    One message now, with the URL the page keeps."""
    from streamlit.runtime.state.query_params import QueryParams

    sent: list[str] = []
    real = QueryParams._send_query_param_msg

    def counted(self: QueryParams) -> None:
        sent.append(str(self))
        real(self)

    at = app()
    monkeypatch.setattr(QueryParams, "_send_query_param_msg", counted)
    at.query_params.update({"player": "human", "game": "abc"})
    at.switch_page(GAMES_PAGE).run()
    assert not at.exception, [e.message for e in at.exception]
    assert sent == ["{'player': ['human']}"]
    assert dict(at.query_params) == {"player": "human"}


# A link that gives a parameter twice (``?fighter=ryu&fighter=ken``, a hand-edited or
# pasted-together link) was read by its last value without a word: the view was not the
# one the link seemed to name. The last value still counts (as Streamlit reads it), and
# one line names the values (urlstate.bind, urlstate.last).

def _linked(app: Callable[..., AppTest], to: str, **params: str | list[str]) -> AppTest:
    at = app()
    for name, value in params.items():
        at.query_params[name] = value
    at.switch_page(to).run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def test_a_filter_given_twice_shows_the_last_and_says_so(app: Callable[..., AppTest]) -> None:
    at = _linked(app, GAMES_PAGE, fighter=["ryu", "ken"])
    assert _lines(at) == [plain("the link gives fighter 2 times ('ryu', 'ken'); showing "
                                "the last, 'ken'")]
    assert at.selectbox(key="games.character").value == "ken"


def test_a_filter_given_twice_whose_last_is_bad_is_one_line(
        app: Callable[..., AppTest]) -> None:
    at = _linked(app, GAMES_PAGE, fighter=["ryu", "<b>x</b>"])
    assert _lines(at) == [plain("the link's fighter '<b>x</b>' (the last of the 2 it gives: "
                                "'ryu', '<b>x</b>') is not one of the choices here; showing "
                                "the default")]
    assert at.selectbox(key="games.character").value == "(any)"


def test_many_values_of_one_parameter_are_named_three_and_counted(
        app: Callable[..., AppTest]) -> None:
    """Streamlit reads at most 1,000 parameters of a link; 100 values of one."""
    values = ["ryu", "ken", "x" * LONG, *(str(i) for i in range(96)), "ken"]
    at = _linked(app, GAMES_PAGE, fighter=values)
    assert _lines(at) == [plain(f"the link gives fighter 100 times ('ryu', 'ken', "
                                f"'{'x' * 40}…' ({LONG:,} characters) and 97 more); showing "
                                "the last, 'ken'")]


def test_a_value_given_twice_alike_says_nothing(app: Callable[..., AppTest]) -> None:
    at = _linked(app, GAMES_PAGE, fighter=["ken", "ken"])
    assert _lines(at) == []
    assert at.selectbox(key="games.character").value == "ken"


def test_a_player_given_twice_opens_the_last_and_says_so(app: Callable[..., AppTest]) -> None:
    at = _linked(app, "app_pages/players.py", player=["heuristic", "random"])
    assert _lines(at) == [plain("the link gives player 2 times ('heuristic', 'random'); "
                                "showing the last, 'random'")]
    assert [t.value for t in at.title] == ["Player: random"]


def test_a_pattern_given_twice_searches_the_last_and_says_so(
        app: Callable[..., AppTest]) -> None:
    at = _linked(app, "app_pages/search.py", q=["miss card=Shoryuken", "decked_out"])
    assert _lines(at) == [plain("the link gives pattern 2 times ('miss card=Shoryuken', "
                                "'decked_out'); showing the last, 'decked_out'")]
    assert at.text_input(key="search.q").value == "decked_out"


def _titles_and_lines(at: AppTest) -> list[tuple[str, str]]:
    """The page's titles, warnings and errors in the order they are drawn."""
    drawn: list[tuple[str, str]] = []

    def walk(node: object) -> None:
        kind = getattr(node, "type", "")
        if kind in ("title", "warning", "error"):
            drawn.append((kind, str(getattr(node, "value", ""))))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at.main)
    return drawn


@pytest.mark.parametrize(("page", "param", "values", "title"), [
    ("app_pages/players.py", "player", ["heuristic", "random"], "Player: random"),
    ("app_pages/players.py", "player", ["heuristic", "nobody"], "Players"),
    ("app_pages/fighter.py", "fighter", ["ryu", "ken"], "Fighter: Ken Masters"),
    ("app_pages/insights.py", "player", ["heuristic", "random"], "Insights: random")])
def test_the_line_of_a_value_given_twice_is_under_the_title(
        app: Callable[..., AppTest], page: str, param: str, values: list[str],
        title: str) -> None:
    """The Players page drew its line for ``player=`` given twice above its title (it read
    the value before the title that names it); so did the Fighter and Insights pages for
    the value their title names. The Games, Matchups, Cards and Search pages draw theirs
    under the title; these three do too now."""
    at = _linked(app, page, **{param: values})
    drawn = _titles_and_lines(at)
    assert drawn[:2] == [("title", title), ("warning", plain(
        f"the link gives {param} 2 times ({values[0]!r}, {values[1]!r}); showing the last, "
        f"{values[1]!r}"))], drawn
