"""A link to the Game page that names a stored analysis's decision (``&decision=N``):
it opens that decision, reads its number as ``at=`` and ``turn=`` are, and says in one
line when the number names no analysed decision, when the game has no analysis here, and
when the link's other moments (``at=``, ``event=``, ``turn=``, ``strike=``) are not the
decision's: how many different moments it names, and that the decision is shown.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from streamlit.testing.v1 import AppTest

from dashboard.data import plain
from replay.query import GameRow, open_game, strike_positions
from tests.dashboard.analysis_kit import panel as _panel
from tests.dashboard.analysis_kit import stored as _stored
from tests.dashboard.analysis_kit import viewer_header as _viewer_header
from tests.dashboard.analysis_kit import worst as _worst
from tests.dashboard.page_kit import open_game as _open


def _warnings(at: AppTest) -> list[str]:
    return [re.sub(r"\\(.)", r"\1", w.value) for w in at.warning]


def test_a_decision_link_reads_its_number_as_at_and_turn_do(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow) -> None:
    """``&decision=07`` was "not an analysed decision of this game; ignored" while
    ``&at=010`` and ``&turn=03`` open their moment: the number is read as theirs are."""
    point = _worst(_stored(analysed_index, analysed))
    at = _open(app, analysed_index, analysed, decision=f"0{point.idx}")
    assert not [w.value for w in at.warning if "decision" in w.value]
    assert _panel(at) and _panel(at)[0].startswith(f"**Decision {point.idx}** · turn ")
    at = _open(app, analysed_index, analysed, decision="7x")
    assert any("is not an analysed decision" in w.value for w in at.warning)


def test_a_decision_link_with_another_moment_says_which_it_shows(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow) -> None:
    """``&decision=N&at=0`` opened decision N without a word about ``at=0`` (two other
    names of a moment get a line saying which is shown); the same moment twice gets none."""
    point = _worst(_stored(analysed_index, analysed))
    at = _open(app, analysed_index, analysed, decision=str(point.idx), at="0")
    assert f"· event {point.event}/{analysed.events} ·" in _viewer_header(at)
    lines = [w.value for w in at.warning if "different moments" in w.value]
    assert len(lines) == 1 and f"showing decision\\={point.idx}" in lines[0], lines
    at = _open(app, analysed_index, analysed, decision=str(point.idx), at=str(point.event))
    assert not [w.value for w in at.warning if "moments" in w.value]
    assert _panel(at) and _panel(at)[0].startswith(f"**Decision {point.idx}** · turn ")


def test_a_bad_decision_in_a_link_is_one_line(app: Callable[..., AppTest],
                                              analysed_index: Path, analysed: GameRow) -> None:
    at = _open(app, analysed_index, analysed, decision="99999")
    assert [w.value for w in at.warning] == [plain(
        "decision='99999' is not an analysed decision of this game; ignored")]
    assert not any(p.startswith("**Decision 99999**") for p in _panel(at))


def test_a_decision_in_a_link_to_a_game_with_no_analysis_is_one_line(
        app: Callable[..., AppTest], index_path: Path, longest: GameRow) -> None:
    """A shared link with ``&decision=`` (the link to a moment with a decision open),
    opened where the game has no stored analysis, was ignored without a word."""
    at = _open(app, index_path, longest, decision="<b>12</b>")
    assert [w.value for w in at.warning] == [plain(
        "decision='<b>12</b>': no analysis of this game is stored here; ignored")]
    assert _viewer_header(at).startswith("**turn 1 ")  # the game shown where it opens


def test_the_link_leaves_no_decision_off_the_game_page(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow) -> None:
    point = _worst(_stored(analysed_index, analysed))
    at = _open(app, analysed_index, analysed, decision=str(point.idx))
    at.switch_page("app_pages/games.py").run()
    assert not at.exception, [e.message for e in at.exception]
    assert "decision" not in at.query_params and "game" not in at.query_params


def test_a_decision_link_counts_every_moment_it_names(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow) -> None:
    """``&decision=N&at=0&strike=S`` names three moments (the table before the first
    event, strike S's start and decision N's): the line said "2 different moments" for any
    number of them. It also said nothing more than the viewer's own line, which named
    the strike as shown though the decision was."""
    point = _worst(_stored(analysed_index, analysed))
    starts = strike_positions(open_game(analysed.path))
    strike = next(n for n, start in enumerate(starts, 1) if start not in (0, point.event))
    at = _open(app, analysed_index, analysed, decision=str(point.idx), at="0",
               strike=str(strike))
    assert _warnings(at) == [f"the link names 3 different moments (at=0, strike={strike}, "
                             f"decision={point.idx}); showing decision={point.idx}"]
    assert f"· event {point.event}/{analysed.events} ·" in _viewer_header(at)
    assert _panel(at) and _panel(at)[0].startswith(f"**Decision {point.idx}** · turn ")


def test_a_decision_link_naming_its_own_moment_twice_counts_it_once(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow) -> None:
    """``at=`` on the decision's own moment and ``at=0`` beside it: two moments, not three."""
    point = _worst(_stored(analysed_index, analysed))
    at = _open(app, analysed_index, analysed, decision=str(point.idx),
               event=str(point.event), at="0")
    assert _warnings(at) == [f"the link names 2 different moments (at=0, event={point.event}, "
                             f"decision={point.idx}); showing decision={point.idx}"]


def test_a_bad_decision_beside_two_moments_says_both_and_which_is_shown(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow) -> None:
    """The decision is ignored, so the last moment named is shown, and the line says so."""
    starts = strike_positions(open_game(analysed.path))
    at = _open(app, analysed_index, analysed, decision="99999", at="0", strike="2")
    assert _warnings(at) == [
        "decision='99999' is not an analysed decision of this game; ignored; "
        "the link names 2 different moments (at=0, strike=2); showing strike=2"]
    assert f"· strike 2 · event {starts[1]}/{analysed.events} ·" in _viewer_header(at)
