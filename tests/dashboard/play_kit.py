"""Helpers of the Play page's AppTest tests: open the page with query parameters."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from streamlit.testing.v1 import AppTest

PLAY = "app_pages/play.py"


def open_play(app: Callable[..., AppTest], db: Path, **params: str) -> AppTest:
    """The Play page run once over the index ``db`` with ``params`` in its URL; asserts
    the run raised nothing."""
    at = app(db=db)
    for key, value in params.items():
        at.query_params[key] = value
    at.switch_page(PLAY).run()
    assert not at.exception, [e.message for e in at.exception]
    return at
