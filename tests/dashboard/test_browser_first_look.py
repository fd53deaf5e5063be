"""Issue 31 in a real browser (Debian's chromium, playwright; ``browser_kit``): Analyze
draws the game's first look while the full analysis runs. The page drawn before the first
look was stored draws itself again with it (its progress fragment sees one more analysis
stored), says what it is, and shows the full analysis's progress under it
(``game-first-look.png``). The dashboard is stopped after that, which ends the worker
before the full analysis is stored (it watches its parent).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from replay.query import GameRow, game_analysis, open_source, reviewed
from tests.dashboard.browser_kit import SHOTS, unanalysed_game

pytestmark = pytest.mark.browser

HANG_MS = 1_800_000  # a cap against a hang only: the first look takes seconds, or minutes
# on a loaded machine


def test_analyze_draws_the_first_look_while_the_full_analysis_runs(
        index_path: Path, tmp_path: Path, sample_rows: list[GameRow]) -> None:
    tiny = min(sample_rows, key=lambda g: (g.events, g.game_id))
    with unanalysed_game(index_path, tmp_path, tiny.game_id) as page:
        page.get_by_role("button", name="Analyze", exact=True).click()
        look = page.get_by_text(re.compile(r"^A first look \(100 rollouts per point"))
        expect(look).to_be_visible(timeout=HANG_MS)  # without a reload
        expect(page.get_by_label("evaluation")).to_be_visible()  # its curve
        expect(page.get_by_text(re.compile(r"^No decision is reviewed"))).to_be_visible()
        full = page.get_by_text(re.compile(r"^full analysis: \d+ of \d+ points "
                                           r"\(200 rollouts each\)"))
        finished = page.get_by_text(re.compile(r"inaccurac(y|ies) ▲"))
        expect(full.or_(finished).first).to_be_visible()
        page.screenshot(path=str(SHOTS / "game-first-look.png"))
    db = tmp_path / "index.duckdb"
    stored = game_analysis(open_source(db), tiny.game_id)
    assert stored is not None  # the first look, or the full analysis if it was that quick
    assert stored.params.startswith("rollouts=100;") != reviewed(stored.params)
