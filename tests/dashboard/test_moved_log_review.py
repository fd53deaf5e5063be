"""The Game page of an analysed game whose log has moved: the timeline, drawn from the
index, shows its win-probability row as the link's perspective may see it (``as=public``:
neither player's review markers or labels, as with the log), and a link's
``decision=N``, which needs the log's viewer, is named as ignored in one line (AppTest,
on ``labelled_index``, whose review has labelled decisions, with its log's path moved)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from streamlit.testing.v1 import AppTest

from replay.query import GameRow
from tests.dashboard.page_kit import log_moved
from tests.dashboard.page_kit import open_game as _open

GAME_PAGE = "app_pages/game.py"
SEVERITIES = ("inaccuracy", "mistake", "blunder")


def _review_words(at: AppTest, game: GameRow) -> list[str]:
    """The markers' trace names and every hover naming a severity on the timeline."""
    spec = json.loads(at.get_by_key(f"game.timeline.{game.game_id}").proto.spec)
    names = [t.get("name", "") for t in spec["data"]]
    hovers = [h for t in spec["data"] for h in (t.get("hovertext") or []) + (t.get("text") or [])
              if isinstance(h, str)]
    return [w for w in names + hovers if any(s in w for s in SEVERITIES)]


def test_a_spectators_link_to_a_moved_log_shows_no_review(
        app: Callable[..., AppTest], labelled_index: Path, analysed: GameRow,
        tmp_path: Path) -> None:
    """As spectator with the log moved, the timeline showed both players' blunder and
    mistake markers (and their hovers): the review a spectator never gets with the log."""
    db = log_moved(labelled_index, analysed, tmp_path)
    assert _review_words(_open(app, db, analysed), analysed)  # all: the labelled review
    at = _open(app, db, analysed, **{"as": "public"})
    assert _review_words(at, analysed) == []
    assert any("spectator" in c.value for c in at.caption), [c.value for c in at.caption]


def test_a_decision_link_to_a_moved_log_says_it_is_ignored(
        app: Callable[..., AppTest], labelled_index: Path, analysed: GameRow,
        tmp_path: Path) -> None:
    """``&decision=3`` on a game whose log moved opened the page with no panel and no word."""
    db = log_moved(labelled_index, analysed, tmp_path)
    at = _open(app, db, analysed, decision="3")
    assert any("decision" in w.value and "needs the game" in w.value and "ignored" in w.value
               for w in at.warning), \
        [w.value for w in at.warning]
