"""Helpers of the dashboard's AppTest tests: open a page with query parameters."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from streamlit.testing.v1 import AppTest

PLAY = "app_pages/play.py"


def open_page(app: Callable[..., AppTest], db: Path, page: str, /, **params: str) -> AppTest:
    """``page`` run once over the index ``db`` with ``params`` in its URL (``page=`` too:
    the arguments before it are positional only); asserts the run raised nothing."""
    at = app(db=db)
    for key, value in params.items():
        at.query_params[key] = value
    at.switch_page(page).run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def open_play(app: Callable[..., AppTest], db: Path, **params: str) -> AppTest:
    """The Play page (``open_page``)."""
    return open_page(app, db, PLAY, **params)
