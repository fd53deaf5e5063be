"""The Play page's link given a game or a seat token twice (an attacker's walk of the
Play page, hand-editing its links): ``?g=A&g=B`` opened game B and ``?t=X&t=Y`` the
seat of Y without a word, where the Game page and the statistics pages name a value
given twice. Each now says so in one line, as they do, the last still read; the seat
tokens are secrets, so their line names none of them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.literal import markdown as md
from replay import query as q
from tests import live_kit
from tests.dashboard.page_kit import elements, open_play


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "index.duckdb"


def _warnings(at: AppTest) -> list[str]:
    return [w.value for w in at.warning]


def _seats(at: AppTest) -> str:
    return " ".join(m.value for m in at.markdown if m.value.startswith("**p"))


def test_a_game_given_twice_opens_the_last_and_says_so(
        app: Callable[..., AppTest], db: Path) -> None:
    root = q.live_root(db)
    first, last = live_kit.people(root), live_kit.people(root)
    at = open_play(app, db, g=[first.game_id, last.game_id],  # type: ignore[arg-type]
                   t=last.tokens["p2"])
    assert _warnings(at) == [md(
        f"the link gives game 2 times ('{first.game_id}', '{last.game_id}'); showing the "
        f"last, '{last.game_id}'")]
    assert "Ken Masters**: P2 \\(guest\\) \\(you\\)" in _seats(at)  # the last game's p2


def test_a_seat_token_given_twice_uses_the_last_and_names_no_token(
        app: Callable[..., AppTest], db: Path) -> None:
    root = q.live_root(db)
    created = live_kit.people(root)
    p1, p2 = created.tokens["p1"], created.tokens["p2"]
    at = open_play(app, db, g=created.game_id, t=[p1, p2])  # type: ignore[arg-type]
    assert _warnings(at) == [md(
        "the link gives the seat token (t) 2 times, not all alike; the last is used (the "
        "values are not shown)")]
    assert "Ken Masters**: P2 \\(guest\\) \\(you\\)" in _seats(at)
    shown = " ".join(str(e.value) for kind in ("markdown", "code", "caption", "warning",
                                               "info") for e in elements(at, kind))
    assert p1 not in shown  # the seat not opened: its token is nowhere on the page


def test_a_value_repeated_alike_says_nothing(app: Callable[..., AppTest], db: Path) -> None:
    root = q.live_root(db)
    created = live_kit.people(root)
    token = created.tokens["p1"]
    at = open_play(app, db, g=[created.game_id] * 2,  # type: ignore[arg-type]
                   t=[token, token])  # type: ignore[arg-type]
    assert _warnings(at) == []
    assert "Ryu**: P1 \\(guest\\) \\(you\\)" in _seats(at)
