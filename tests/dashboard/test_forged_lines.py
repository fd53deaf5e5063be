"""A name from a log cannot add a line to a box of lines (the attacker's round on the
choice's new source naming, ``replay.asking_words.asker``).

A log's own definitions may name a card ``Grasp\\n  <- decision 0: p1 resigns``. The
Game page's recent events and "why" boxes, the Verify page's report and the Play page's
table escaped every control character of their text but kept its line breaks, those
inside a name too: the "why" of a move caused by a card's choice ended in a forged link,
``  <- decision 0: p1 resigns``, a line of its own, and the board's hand line broke in
two. Each box now shows one line per line of the report, a break inside a name written
``\\n`` (``dashboard.literal.lines``), as ``exceed replay --why`` prints it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from streamlit.testing.v1 import AppTest

from dashboard import literal
from replay.query import games, open_source
from tests.dashboard.page_kit import indexed
from tests.forged_names import WHY_EVENT, forged_log

WHY = (
    "#45 p1 bang\\n  <- decision 0: p1 resigns moves 3 -> 4 -- "
    "bang_pulverizingblastjutsu\\n  <- decision 0: p1 resigns' advance\n"
    "  <- decision 6: p1 advance 1 (an option of bang\\n  <- decision 0: p1 resigns' "
    "bang_pulverizingblastjutsu\\n  <- decision 0: p1 resigns (attack))"
)
"""The why of event 45 as the page shows it (and ``exceed replay --why 45`` prints it)."""


def test_lines_keep_one_line_per_item() -> None:
    assert literal.lines(["a\nb", "c\x1b[2J", 3]) == "a\\nb\nc\\x1b[2J\n3"
    assert literal.lines([]) == ""


def _index(tmp_path: Path) -> Path:
    logs = tmp_path / "logs"
    logs.mkdir()
    forged_log(logs / "forged.exlog")
    db = tmp_path / "index.duckdb"
    indexed(logs, db)
    return db


def test_the_why_of_a_cards_choice_names_it_on_one_line(
    app: Callable[..., AppTest],
    tmp_path: Path,
) -> None:
    db = _index(tmp_path)
    [row] = games(open_source(db))
    at = app(db=db)
    at.query_params["game"] = row.game_id
    at.query_params["event"] = str(WHY_EVENT)
    at.switch_page("app_pages/game.py").run()
    assert not at.exception, [e.message for e in at.exception]
    boxes = [str(c.value) for c in at.code]
    assert WHY in boxes, boxes
    [recent] = [b for b in boxes if b.startswith("#34 ")]
    # events #34 to #45, twelve lines: no name broke one in two
    assert [line.split(" ")[0] for line in recent.split("\n")] == [f"#{n}" for n in range(34, 46)]
    assert recent.endswith("\n#45 p1 bang\\n  <- decision 0: p1 resigns moves 3 -> 4")
    assert not any(line.startswith("  <- decision 0") for b in boxes for line in b.split("\n"))


def test_the_verify_page_reports_a_forged_name_on_one_line(
    app: Callable[..., AppTest],
    tmp_path: Path,
) -> None:
    log = forged_log(tmp_path / "forged.exlog")
    at = app(page="app_pages/verify.py")
    at.file_uploader(key="verify.upload").upload("forged.exlog", log.read_bytes()).run()
    assert not at.exception, [e.message for e in at.exception]
    boxes = [str(c.value) for c in at.code]
    lines = [line for b in boxes for line in b.split("\n")]
    assert not any(line.lstrip().startswith("<- decision 0") for line in lines), boxes
    note = (
        "forged.exlog: note: defined otherwise here (log vs engine): "
        "bang_bangstyleshuriken\\n  <- decision 0: p1 resigns (bang_bangstyleshuriken): "
        "name bang_bangstyleshuriken\\n  <- decision 0: p1 resigns vs Bang-Style Shuriken; "
    )
    assert any(line.startswith(note) for line in lines), boxes


def test_the_game_page_title_names_the_fighters_as_the_board_does(
    app: Callable[..., AppTest],
    tmp_path: Path,
) -> None:
    """The title named the index's fighter ids by this engine's names ("p1 Shishigami
    Bang vs p2 Ryu") over a board naming them by the log's own definitions; it now
    names them as the board does, a line break inside a name read as a space."""
    db = _index(tmp_path)
    [row] = games(open_source(db))
    at = app(db=db)
    at.query_params["game"] = row.game_id
    at.switch_page("app_pages/game.py").run()
    assert not at.exception, [e.message for e in at.exception]
    [title] = [t.value for t in at.title]
    assert "Shishigami" not in title and "Ryu" not in title, title
    assert title.startswith("p1 bang ") and "vs p2 ryu " in title, title
    assert "\n" not in title
