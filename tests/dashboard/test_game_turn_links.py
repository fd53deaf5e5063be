"""A link to a turn or a strike: ``/game?game=ID&turn=9`` opens the Game page at the
start of turn 9 (as Next turn reaches it), ``&strike=3`` at the start of the third
strike (as a click on its marker does); a value that is no turn or strike of the game
is one line naming it and the turns or strikes there are. Before, both were ignored
without a word and the page opened on the first turn.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

from replay.query import GameRow, open_game, strike_positions
from tests.dashboard.test_pages import GAME_PAGE, _no_exception, _viewer_header


def _open(app: Callable[..., AppTest], game: GameRow, **params: str) -> AppTest:
    at = app()
    at.query_params.update({"game": game.game_id, **params})
    at.switch_page(GAME_PAGE).run()
    _no_exception(at)
    return at


def _warnings(at: AppTest) -> list[str]:
    return [re.sub(r"\\(.)", r"\1", w.value) for w in at.warning]


def test_turn_link_opens_that_turn(app: Callable[..., AppTest], longest: GameRow) -> None:
    game = open_game(longest.path)
    numbers, starts = game.replay.turn_numbers, game.replay.turn_starts
    turn = numbers[len(numbers) // 2]
    at = _open(app, longest, turn=str(turn))
    position = starts[numbers.index(turn)] + 1
    assert f"**turn {turn} · " in _viewer_header(at)
    assert f"· event {position}/{longest.events} ·" in _viewer_header(at)
    assert not _warnings(at)


def test_strike_link_opens_that_strike(app: Callable[..., AppTest], longest: GameRow) -> None:
    starts = strike_positions(open_game(longest.path))
    at = _open(app, longest, strike="3")
    assert f"· strike 3 · event {starts[2]}/{longest.events} ·" in _viewer_header(at)
    assert not _warnings(at)


@pytest.mark.parametrize(("name", "value", "line"), [
    ("turn", "999", "turn=999 is not a turn of this game (this game's turns are 1 to {turns})"),
    ("turn", "abc", "turn='abc' is not a turn number (this game's turns are 1 to {turns})"),
    ("strike", "0", "strike=0 is not a strike of this game "
                    "(this game's strikes are 1 to {strikes})"),
])
def test_a_turn_or_strike_not_in_the_game_is_named(
        app: Callable[..., AppTest], longest: GameRow, name: str, value: str, line: str) -> None:
    game = open_game(longest.path)
    at = _open(app, longest, **{name: value})
    expected = line.format(turns=max(game.replay.turn_numbers),
                           strikes=len(strike_positions(game)))
    assert _warnings(at) == [f"{expected}; ignored"]
    assert "**turn 1 · " in _viewer_header(at)  # the game's opening, as without the link


def test_a_link_naming_two_moments_says_which_it_shows(app: Callable[..., AppTest],
                                                       longest: GameRow) -> None:
    # turn=<last>&strike=1 opened strike 1 and said nothing of the turn it ignored
    game = open_game(longest.path)
    starts = strike_positions(game)
    last = max(game.replay.turn_numbers)
    at = _open(app, longest, turn=str(last), strike="1")
    assert f"· strike 1 · event {starts[0]}/{longest.events} ·" in _viewer_header(at)
    assert _warnings(at) == [f"the link names 2 different moments (turn={last}, strike=1); "
                             "showing strike=1"]


def test_two_names_of_one_moment_count_as_one_of_the_moments_named(
        app: Callable[..., AppTest], longest: GameRow) -> None:
    # at=<strike 3's start>&strike=3&turn=<last> names two moments, not three
    game = open_game(longest.path)
    starts = strike_positions(game)
    last = max(game.replay.turn_numbers)
    at = _open(app, longest, at=str(starts[2]), strike="3", turn=str(last))
    assert _warnings(at) == [f"the link names 2 different moments (at={starts[2]}, "
                             f"turn={last}, strike=3); showing strike=3"]
    assert f"· strike 3 · event {starts[2]}/{longest.events} ·" in _viewer_header(at)


def test_two_names_of_one_moment_need_no_word(app: Callable[..., AppTest],
                                              longest: GameRow) -> None:
    starts = strike_positions(open_game(longest.path))
    at = _open(app, longest, at=str(starts[2]), strike="3")
    assert f"· strike 3 · event {starts[2]}/{longest.events} ·" in _viewer_header(at)
    assert not _warnings(at)


def test_a_moment_given_twice_shows_the_last_and_says_so(
        app: Callable[..., AppTest], longest: GameRow) -> None:
    """The viewqa walk: ``at=5&at=7`` (a hand-edited link) opened event 7 without a word,
    where the statistics pages name a filter given twice; the Game page now does too."""
    at = _open(app, longest, at=["5", "7"])  # type: ignore[arg-type]
    assert _warnings(at) == ["the link gives at 2 times ('5', '7'); showing the last, '7'"]
    assert f"· event 7/{longest.events} ·" in _viewer_header(at)
    at = _open(app, longest, at=["7", "7"])  # type: ignore[arg-type]  # alike: no word
    assert not _warnings(at) and f"· event 7/{longest.events} ·" in _viewer_header(at)
