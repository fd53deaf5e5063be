"""The Play page's takeback (``dashboard.play_takeback``), driven by Streamlit's AppTest:
disabled with its reason once a hidden card was shown."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.literal import markdown as md
from replay import query as q
from tests.dashboard.page_kit import open_play


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "index.duckdb"


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.message for e in at.exception]


def _first(at: AppTest) -> None:
    next(b for b in at.button if (b.key or "").startswith(("opt-", "pick-"))).click().run()
    _ok(at)


def test_take_back_is_disabled_with_its_reason_once_the_ai_s_attack_was_shown(
        app: Callable[..., AppTest], db: Path) -> None:
    """The AI set its attack face down, the person set theirs, the strike revealed both:
    Take back forked the game before the person's set, who chose again knowing it."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=7)
    at = open_play(app, db, g=created.game_id, t=created.tokens["p1"])
    _first(at)  # the mulligan
    _first(at)  # the set, against the AI's face-down attack: the strike reveals both
    button = next(b for b in at.button if b.label == "Take back")
    assert button.disabled and "p2's face-down attack has been shown since" in button.help
    captions = " ".join(c.value for c in at.caption)
    assert md("No takeback: a takeback may not undo decision") in captions
    assert q.unfinished_live(root)[0].game_id == created.game_id  # nothing forked
