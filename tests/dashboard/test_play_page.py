"""The Play page (issue 30), driven by Streamlit's AppTest: a seat link shows the seat's
table and its options as buttons, a click is recorded in the log, a wrong token shows
one line and no game, a spectator sees no options, and names are escaped."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine import read_game
from replay import query as q

PLAY = "app_pages/play.py"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "index.duckdb"


def _open(app: Callable[..., AppTest], db: Path, **params: str) -> AppTest:
    at = app(db=db)
    for key, value in params.items():
        at.query_params[key] = value
    at.switch_page(PLAY).run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def _labels(at: AppTest) -> list[str]:
    return [b.label for b in at.button]


def test_the_new_game_form_starts_a_game_and_opens_its_seat(
        app: Callable[..., AppTest], db: Path) -> None:
    at = _open(app, db)
    assert "Play" in [t.value for t in at.title]
    at.text_input[0].input("Ann")
    at.text_input[1].input("77")  # the seed
    at.button[0].click().run()  # Start (the form's submit button)
    assert not at.exception, [e.message for e in at.exception]
    game_id = at.query_params["g"][0] if isinstance(at.query_params["g"], list) \
        else at.query_params["g"]
    log = read_game(q.live_root(db) / f"{game_id}.exlog")
    assert log.header.seed == 77 and "Ann" in log.header.players


def test_a_seat_link_shows_the_options_and_a_click_is_recorded(
        app: Callable[..., AppTest], db: Path) -> None:
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5, name="Ann *x*")
    at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
    texts = " ".join(m.value for m in at.markdown)
    assert "Ann \\*x\\*" in texts and "\\(you\\)" in texts  # the name, escaped
    assert "clock" not in texts  # a game without a clock says nothing of one
    labels = _labels(at)
    assert "Mulligan these (none)" in labels and "Resign" in labels
    assert any(o.endswith("(hand)") for o in at.multiselect[0].options)
    next(b for b in at.button if b.label == "Mulligan these (none)").click().run()
    assert not at.exception, [e.message for e in at.exception]
    log = read_game(root / f"{created.game_id}.exlog")
    assert len(log.decisions) >= 2  # the mulligan, then the agent's at once
    assert any(label == "Strike" for label in _labels(at))


def test_a_wrong_token_is_one_line_and_no_game(app: Callable[..., AppTest], db: Path) -> None:
    created = q.create_live(q.live_root(db), "ryu", "ken", seat="p1", seed=5)
    at = _open(app, db, g=created.game_id, t="not-the-token")
    assert [e.value for e in at.error] == ["this seat token opens no seat of this game"]
    assert not [b for b in at.button if b.label in ("Resign", "Mulligan these (none)")]


def test_a_spectator_sees_no_options_and_no_hand(app: Callable[..., AppTest], db: Path) -> None:
    created = q.create_live(q.live_root(db), "ryu", "ken", opponent="person", seed=5)
    at = _open(app, db, g=created.game_id)
    assert not [b for b in at.button if b.label in ("Resign", "Mulligan these (none)")]
    texts = " ".join(m.value for m in at.markdown)
    assert "hand 5 \\(face down\\)" in texts or "hand 6 \\(face down\\)" in texts


def test_abandon_seals_the_game_unfinished(app: Callable[..., AppTest], db: Path) -> None:
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5)
    at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
    at.checkbox[0].check().run()
    next(b for b in at.button if b.label == "Abandon").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert read_game(root / f"{created.game_id}.exlog").abandoned
    assert "Resign" not in _labels(at)
