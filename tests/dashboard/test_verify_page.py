"""The Verify page's viewer of an upload offers no link that leads nowhere.

Found by the dashboard audit: the upload's viewer drew "link to this moment" as
``game?game=upload.<sha256>&as=all&at=N`` (the viewer's session key, not a game id),
and the Game page answers that link with "game id 'upload.…' is not a hex game id".
An upload is held in memory only, so no page can open it again: the viewer says so
instead of offering the link.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable

from streamlit.testing.v1 import AppTest

from dashboard.viewer_panel import UNLINKED
from engine.play.api import GameSetup
from engine.recording.record import record_game

LINK = re.compile(r"\]\((game\?[^)]*)\)")


def _fresh_log() -> bytes:
    stream = io.BytesIO()
    record_game(GameSetup(p1="ryu", p2="ken"), 3, stream, ("heuristic", "heuristic"))
    return stream.getvalue()


def test_the_upload_viewer_offers_no_link_to_a_game_no_page_can_open(
        app: Callable[..., AppTest]) -> None:
    at = app(page="app_pages/verify.py")
    at.file_uploader(key="verify.upload").upload("fresh.exlog", _fresh_log()).run()
    assert not at.exception, [e.message for e in at.exception]
    assert any(m.value.startswith("**turn 1 · strike 0") for m in at.markdown)  # the viewer
    links = [link for m in at.markdown for link in LINK.findall(m.value)]
    assert links == [], links
    assert UNLINKED in [c.value for c in at.caption]
