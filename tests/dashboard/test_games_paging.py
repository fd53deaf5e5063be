"""The Games page's ``?page=``: a page that exists is shown; one that does not (past the
last, 0, -1, not a number) gets one caption naming it (escaped, cut short) and the
pages there are, and the nearest page is shown (review item: it silently showed page 1,
or the last page, with no word of the page asked for)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard import urlstate
from dashboard.literal import markdown
from replay import query as q
from tests.dashboard.page_kit import open_page

GAMES = "app_pages/games.py"


def _shown(at: AppTest) -> list[str]:
    """The page's captions as they read (Markdown escapes removed)."""
    return [re.sub(r"\\(.)", r"\1", c.value) for c in at.caption]


@pytest.mark.parametrize(("text", "page", "line"), [
    (None, 1, None),
    ("2", 2, None),
    ("8", 8, None),
    ("9", 8, "the link's page 9 does not exist (there are pages 1–8); showing page 8"),
    ("0", 1, "the link's page 0 does not exist (there are pages 1–8); showing page 1"),
    ("-1", 1, "the link's page -1 does not exist (there are pages 1–8); showing page 1"),
    ("abc", 1, "the link's page 'abc' is not a page number (there are pages 1–8); "
               "showing page 1"),
    ("x" * 4999 + "*", 1, f"the link's page '{'x' * 40}…' (5,000 characters) is not a page "
                          "number (there are pages 1–8); showing page 1"),
    ("9" * 5000, 8, f"the link's page '{'9' * 40}…' (5,000 characters) does not exist "
                    "(there are pages 1–8); showing page 8"),
    ("-" + "9" * 5000, 1, f"the link's page '-{'9' * 39}…' (5,001 characters) does not "
                          "exist (there are pages 1–8); showing page 1"),
])
def test_page_number_names_a_page_that_does_not_exist(
        text: str | None, page: int, line: str | None) -> None:
    assert urlstate.page_number(text, 8) == (page, line)


def test_page_number_of_a_single_page() -> None:
    assert urlstate.page_number("2", 1) == (
        1, "the link's page 2 does not exist (there is 1 page); showing page 1")


def test_a_page_that_exists_is_shown(app: Callable[..., AppTest], index_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("dashboard.data.GAMES_PAGE_SIZE", 10)
    at = open_page(app, index_path, GAMES, page="2")
    assert at.number_input(key="games.page").value == 2
    assert at.query_params["page"] == "2"
    assert not any("does not exist" in line for line in _shown(at))
    assert any("showing 11–20 (page 2 of" in line for line in _shown(at))


@pytest.mark.parametrize(("text", "said"), [
    ("2", "the link's page 2 does not exist (there is 1 page); showing page 1"),
    ("abc", "the link's page 'abc' is not a page number (there is 1 page); showing page 1"),
    ("<b>*x*</b>", "the link's page '<b>*x*</b>' is not a page number (there is 1 page); "
                   "showing page 1"),
])
def test_a_page_past_the_last_says_so_and_shows_the_nearest(
        app: Callable[..., AppTest], index_path: Path, text: str, said: str) -> None:
    """The sample index fits on one page of 100: ``?page=2`` showed page 1 without a
    word; ``?page=abc`` said "is not one of the choices here; showing the default"."""
    assert q.game_page(q.open_source(index_path), limit=1).total <= 100
    at = open_page(app, index_path, GAMES, page=text)
    assert at.number_input(key="games.page").value == 1
    assert said in _shown(at), _shown(at)
    assert not at.warning  # one line, not a warning besides
    assert all("<b>" not in c.value for c in at.caption)  # shown as text, never markup
    assert "page" not in at.query_params  # the URL now says what is shown


def test_a_bad_turns_range_in_the_link_says_what_is_expected(
        app: Callable[..., AppTest], index_path: Path) -> None:
    """``/games?turns=9-2`` said "is not one of the choices here; showing the default":
    it now names the range a link may ask for and shows games of every length."""
    longest = q.longest_game(q.open_source(index_path))
    at = open_page(app, index_path, GAMES, turns="9-2")
    assert [w.value for w in at.warning] == [markdown(
        f"the link's turns '9-2' is not a range of turns LOW-HIGH within 0-{longest}; "
        "showing every length")]
    assert at.session_state["games.turns"] == (0, longest)
