"""A stored analysis read in today's words: an analysis keeps its labels as text, so one
stored before a label was improved (Tag Team's "Switch fighters", now "Switch Characters:
Ken Masters tags in"; "Set Shinryuken", now "Set Shinryuken (Ken Masters)") showed the
old wording on the Game page for good. The page names the played move, the best move and
every reviewed option from the log (``StoredAnalysis.in_words_of``): the words
``exceed analyze`` uses today, whatever the stored text says.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import duckdb
from streamlit.testing.v1 import AppTest

from dashboard.literal import markdown as plain
from replay.query import GameRow, open_game
from tests.dashboard.analysis_kit import stored as _stored

GAME_PAGE = "app_pages/game.py"
OLD = "Old words"


def _old_index(analysed_index: Path, tmp_path: Path) -> Path:
    """A copy of ``analysed_index`` whose every stored label is in other words."""
    db = tmp_path / "index.duckdb"
    shutil.copy(analysed_index, db)
    con = duckdb.connect(str(db))
    try:
        con.execute(f"UPDATE analysis_options SET label = '{OLD} ' || label")
        con.execute(f"UPDATE analysis_points SET decision = '{OLD} ' || decision, "
                    f"best_move = '{OLD} ' || best_move")
    finally:
        con.close()
    return db


def test_the_panel_names_options_in_todays_words(
        app: Callable[..., AppTest], analysed_index: Path, analysed: GameRow,
        tmp_path: Path) -> None:
    today = _stored(analysed_index, analysed)
    db = _old_index(analysed_index, tmp_path)
    assert all(o.label.startswith(OLD) for o in _stored(db, analysed).options)
    point = max((p for p in today.points if sum(o.idx == p.idx for o in today.options) > 1),
                key=lambda p: sum(o.idx == p.idx for o in today.options))
    at = app(db=db)
    at.query_params.update({"game": analysed.game_id, "decision": str(point.idx)})
    at.switch_page(GAME_PAGE).run()
    assert not at.exception, [e.message for e in at.exception]
    options = sorted((o for o in today.options if o.idx == point.idx), key=lambda o: o.rank)
    shown = list(at.table[0].value["option"])
    assert sorted(shown) == sorted(plain(o.label + (f" (×{o.copies})" if o.copies > 1 else ""))
                                   for o in options)
    panel = next(m.value for m in at.markdown if m.value.startswith("**Decision "))
    assert f"played **{plain(point.decision)}**" in panel
    assert not [m.value for m in at.markdown if OLD in m.value]
    assert not any(OLD in b.label for b in at.button)


def test_in_words_of_gives_back_what_analyze_stores(analysed_index: Path, analysed: GameRow,
                                                    tmp_path: Path) -> None:
    """Read from the log, the old words give way to exactly the labels a fresh analysis
    stores (played, best and every option)."""
    today = _stored(analysed_index, analysed)
    game = open_game(analysed.path)
    again = _stored(_old_index(analysed_index, tmp_path), analysed).in_words_of(
        game.replay.log, game.catalog)
    assert again == today
