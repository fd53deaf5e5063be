"""The names files are offered for download under (leftover of the last walk).

The Game page's "Download .exlog" offered the log's file name as it was: a RIGHT-TO-LEFT
OVERRIDE (U+202E) in it (``invoice\\u202egol.exe.exlog``) shows another extension in
the browser's save dialog, and ESC or other controls went in too. The chart and CSV names
were built of the log's own fighter ids, which a log's definitions may make anything.
Each is now ``export.safe_file_name``: every invisible or unsafe character is ``_``.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from streamlit.delta_generator import DeltaGenerator
from streamlit.testing.v1 import AppTest

from dashboard import export
from replay.query import games, open_source
from tests.dashboard.conftest import ANALYSED, SAMPLES
from tests.dashboard.page_kit import indexed

SPOOF = "invoice\u202egol.exe\x1b[2J"


@pytest.mark.parametrize("path, offered", [
    ("/logs/plain game.exlog", "plain game.exlog"),
    (f"/logs/{SPOOF}.exlog", "invoice_gol.exe_[2J.exlog"),
    ("/logs/a\u2066b\u200d\nc.exlog", "a_b__c.exlog"),
    ("/logs/\u202e.exlog", "0123456789ab.exlog"),
    ("/logs/con:?.exlog", "con__.exlog"),
])
def test_a_logs_download_name_is_printable_and_ends_exlog(path: str, offered: str) -> None:
    assert export.log_file_name(path, "0123456789abcdef") == offered


def test_a_long_name_keeps_its_end() -> None:
    name = export.safe_file_name("x" * 300 + ".exlog")
    assert len(name) == 120 and name.endswith("x.exlog")


def test_the_game_page_offers_a_spoofing_logs_file_under_a_safe_name(
        app: Callable[..., AppTest], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    shutil.copyfile(SAMPLES / ANALYSED[0], logs / f"{SPOOF}.exlog")
    db = tmp_path / "index.duckdb"
    indexed(logs, db)
    [row] = games(open_source(db))
    offered: list[str] = []
    original = DeltaGenerator.download_button

    def recorded(self: DeltaGenerator, *args: Any, **kwargs: Any) -> Any:
        offered.append(kwargs.get("file_name", ""))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(DeltaGenerator, "download_button", recorded)
    at = app(game=row.game_id, db=db)
    assert not at.exception, [e.message for e in at.exception]
    assert at.get_by_key("game.download") is not None
    assert "invoice_gol.exe_[2J.exlog" in offered
    assert all(name.isprintable() for name in offered), offered


def test_the_pages_table_and_chart_names_are_made_safe() -> None:
    """``export.table`` and ``export.chart`` name their files after a fighter id or a
    player's name (the Fighter and Insights pages), which a log may make anything."""
    config = export.chart_config(f"{SPOOF}-win-rate")
    assert config["toImageButtonOptions"]["filename"] == "invoice_gol.exe_[2J-win-rate"
