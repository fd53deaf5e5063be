"""A link's number is written in ASCII digits: Python's ``int`` reads any Unicode decimal
digit (``int("𝟗") == 9``, an Arabic-Indic ``٣``, a fullwidth ``９``), so ``?turn=𝟗``
opened turn 9 and ``?page=𝟐`` the second page. Every integer the pages read from their
URL goes through ``replay.query.whole_number`` now (ASCII only) and such a value gets
the very line the page gives for ``turn=abc``, naming it, with the reason the CLI gives
(``replay.query.not_an_integer``): it "is not written in the digits 0-9" where ``abc``
"is not a turn number"."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.data import plain
from replay.query import NOT_ASCII_DIGITS, GameRow, whole_number
from tests.dashboard.page_kit import open_page

GAME, GAMES, INSIGHTS = "app_pages/game.py", "app_pages/games.py", "app_pages/insights.py"
DIGITS = ("𝟗", "٣", "９")  # mathematical bold, Arabic-Indic, fullwidth: each int() reads


def _lines(at: AppTest) -> list[str]:
    return [w.value for w in at.warning] + [e.value for e in at.error] + \
        [c.value for c in at.caption if "link" in c.value]


REASONS = ("is not a turn number", "is not a strike number", "is not an event number",
           "is not a page number", "is not an integer")
"""Why ``abc`` is refused, where the page names it (``not_an_integer``)."""


def _as_for(at_abc: list[str], text: str) -> list[str]:
    """The lines the page gave for the value ``abc``, naming ``text`` instead, and its
    reason, where one is named, as ``NOT_ASCII_DIGITS``."""
    lines = [line.replace(plain("'abc'"), plain(repr(text))) for line in at_abc]
    for reason in REASONS:
        lines = [line.replace(plain(reason), plain(NOT_ASCII_DIGITS)) for line in lines]
    return lines


@pytest.mark.parametrize("text", DIGITS)
def test_whole_number_reads_ascii_digits_only(text: str) -> None:
    assert whole_number(" 07 ") == 7 and whole_number("-1_0") == -10
    with pytest.raises(ValueError):
        whole_number(text)
    with pytest.raises(ValueError):
        whole_number("\u30007")  # an ideographic space int() skips


@pytest.mark.parametrize("name", ["turn", "strike", "at", "event"])
@pytest.mark.parametrize("text", DIGITS)
def test_a_moment_in_unicode_digits_is_refused_as_abc_is(
        app: Callable[..., AppTest], index_path: Path, longest: GameRow, name: str,
        text: str) -> None:
    refused = _lines(open_page(app, index_path, GAME, game=longest.game_id, **{name: "abc"}))
    assert refused, "turn=abc says nothing: nothing to compare with"
    at = open_page(app, index_path, GAME, game=longest.game_id, **{name: text})
    assert _lines(at) == _as_for(refused, text)


@pytest.mark.parametrize(("page", "param"), [(GAMES, "page"), (GAMES, "turns"),
                                             (GAMES, "seed"), (INSIGHTS, "min")])
def test_a_list_pages_number_in_unicode_digits_is_refused_as_abc_is(
        app: Callable[..., AppTest], index_path: Path, page: str, param: str) -> None:
    params = {"player": "heuristic"} if page == INSIGHTS else {}
    refused = _lines(open_page(app, index_path, page, **params, **{param: "abc"}))
    assert refused, f"{param}=abc says nothing: nothing to compare with"
    for text in DIGITS:
        value = f"{text}-{text}" if param == "turns" else text
        at = open_page(app, index_path, page, **params, **{param: value})
        assert _lines(at) == _as_for(refused, value)


def test_a_decision_in_unicode_digits_is_refused_as_abc_is(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow) -> None:
    refused = _lines(open_page(app, analysed_index, GAME, game=analysed.game_id,
                               decision="abc"))
    assert refused
    at = open_page(app, analysed_index, GAME, game=analysed.game_id, decision="𝟐")
    assert _lines(at) == _as_for(refused, "𝟐")
