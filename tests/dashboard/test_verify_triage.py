"""The Verify page's indexed games (``dashboard/corpus_triage.py``): the button
re-simulates every indexed game from its path and shows the divergences grouped, the
counts, and the paths that are gone as skipped.

Three samples are indexed into a fresh index; one of them is deleted afterwards; the
engine's Tatsumaki Senpukyaku gets 1 more power (``stronger_tatsu``), which changes the
Ryu vs Ken sample of ``tests/replay/verification/test_verify.py``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.data import plain
from replay.verification import verify as verify_module
from tests.dashboard.conftest import APP, SAMPLES, TIMEOUT
from tests.dashboard.page_kit import indexed
from tests.replay.verification.test_verify import KEN_TATSU, SAMPLE, stronger_tatsu

OTHERS = ("akuma-vs-bison_heuristic-vs-heuristic_seed200.exlog",
          "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog")


@pytest.fixture
def small_index(tmp_path: Path) -> tuple[Path, Path]:
    logs = tmp_path / "logs"
    logs.mkdir()
    for name in (SAMPLE.name, *OTHERS):
        shutil.copy(SAMPLES / name, logs / name)
    db = tmp_path / "index.duckdb"
    indexed(logs, db)
    return db, logs


def _verified(db: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    """The Verify page over the index ``db`` once its button has re-simulated the
    indexed games (three: ``small_index``), which nothing did before the click."""
    monkeypatch.setenv("EXCEED_INDEX", str(db))
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT).run()
    at.switch_page("app_pages/verify.py").run()
    assert not at.exception
    assert any(c.value.startswith("3 indexed game(s).") for c in at.caption)
    assert not at.dataframe  # nothing re-simulated before the button
    at.button(key="verify.corpus").click().run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def test_the_indexed_games_are_triaged_and_grouped(
        small_index: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    db, logs = small_index
    gone = logs / OTHERS[0]
    gone.unlink()
    alt = stronger_tatsu()
    monkeypatch.setattr(verify_module, "default_catalog", lambda: alt)
    at = _verified(db, monkeypatch)
    # both games read hold Ken's printed Tatsumaki, which this engine defines otherwise
    # (one diverges by it, one never meets it): the counts say so, as verify --jobs does
    counts = plain("3 log(s): 1 identical, 1 diverged (1 group(s)), 0 damaged or unfinished, "
                   "1 skipped (unreadable); 2 recorded with other card data than this engine")
    assert [m.value for m in at.markdown if m.value == counts] == [counts]
    (table,) = at.dataframe
    frame = table.value
    assert list(frame.columns) == ["divergence", "games", "example", "first divergence"]
    assert len(frame) == 1
    assert KEN_TATSU in frame["divergence"][0] and "Tatsumaki Senpukyaku" in frame[
        "divergence"][0]
    assert frame["games"][0] == 1
    assert frame["example"][0].endswith(SAMPLE.name)
    assert frame["first divergence"][0] == "decision 23 (turn 13, strike 2)"
    (skipped,) = at.expander
    assert skipped.label == "1 skipped log(s)"
    assert str(gone) in at.text[0].value and "No such file or directory" in at.text[0].value


def test_a_damaged_game_is_named_under_the_counts(
        small_index: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """A log cut short after it was indexed replays its good prefix identically: the
    counts said "1 damaged or unfinished" and nothing on the page said which game."""
    db, logs = small_index
    cut = logs / OTHERS[0]
    cut.write_bytes(cut.read_bytes()[:2563])
    at = _verified(db, monkeypatch)
    counts = plain("3 log(s): 2 identical, 0 diverged (0 group(s)), 1 damaged or unfinished, "
                   "0 skipped (unreadable)")
    assert [m.value for m in at.markdown if m.value == counts] == [counts]
    (damaged,) = at.expander
    assert damaged.label == "1 damaged or unfinished log(s)"
    assert at.text[0].value == (
        f"{cut}: damaged log: stopped at byte 2556 (frame 10): turn 9: truncated frame "
        "header (needs 9 bytes, 7 left); its good prefix is identical (28 decisions checked)")
