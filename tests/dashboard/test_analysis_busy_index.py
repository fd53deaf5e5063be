"""The decision panel's fork buttons while the index is being written: one line, never a
traceback.

Found by the dashboard audit: a step (← →) reruns the Game page's board area alone, and
its decision panel read the game's row again for the fork buttons (``data.game``,
cached 5 s) outside the page's guard; with an ``exceed index`` holding the file past
the reader's wait, ``IndexBusy`` came through the panel.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from replay.query import GameRow


def _panel_forks(db: str, game_id: str) -> None:
    """The fork buttons of the game's first analysed decision with another option."""
    import os
    import time

    from dashboard import analysis_panel
    from replay import query as q

    stored = q.game_analysis(q.open_source(os.environ["EXCEED_INDEX"]), game_id)
    assert stored is not None
    point = next(p for p in stored.points
                 if sum(o.idx == p.idx for o in stored.options) > 1)
    with open(db + ".ready", "w"):  # the points are read: the writer may take the file
        pass
    while not os.path.exists(db + ".held"):
        time.sleep(0.05)
    analysis_panel.fork_buttons(game_id, point, [o for o in stored.options
                                                 if o.idx == point.idx])


def test_the_fork_buttons_of_a_busy_index_are_one_line(
        analysed_index: Path, analysed: GameRow, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "index.duckdb"
    shutil.copy(analysed_index, db)
    monkeypatch.setenv("EXCEED_INDEX", str(db))
    hold = ("import duckdb, os, sys, time\n"
            "while not os.path.exists(sys.argv[1] + '.ready'): time.sleep(0.05)\n"
            "con = duckdb.connect(sys.argv[1])\n"
            "open(sys.argv[1] + '.held', 'w').close()\n"
            "time.sleep(120)\n")
    writer = subprocess.Popen([sys.executable, "-c", hold, str(db)])
    try:
        at = AppTest.from_function(_panel_forks, args=(str(db), analysed.game_id),
                                   default_timeout=120)
        started = time.monotonic()
        at.run()
        assert time.monotonic() - started < 60
    finally:
        writer.kill()
        writer.wait()
    assert not at.exception, [e.message for e in at.exception]
    [line] = [c.value for c in at.caption if c.value.startswith("No fork from here now")]
    assert "is locked by another process" in line and "Wait until it finishes" in line
    assert not [b for b in at.button if b.key and b.key.startswith("game.fork.")]
