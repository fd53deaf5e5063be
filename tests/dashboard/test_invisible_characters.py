"""Names from a log show every character they hold (attack 4).

A log carries its own card and fighter definitions, so it may name a card anything. The
dashboard escaped markup and line breaks but showed the other invisible characters as
they were: a RIGHT-TO-LEFT OVERRIDE (U+202E) reverses what follows it on screen
(``photo\\u202egnp.exe`` reads ``photoexe.png``), an isolate (U+2066..2069) or a zero-width
joiner hides in a name that looks like another, and the Game page's code boxes (recent
events, "why") showed even ESC and C1 controls raw. ``dashboard.literal`` now writes each
as Python does (``\\u202e``), as ``exceed replay`` prints the same names.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable
from pathlib import Path

import msgspec
from streamlit.testing.v1 import AppTest

from dashboard import literal
from engine import Catalog, GameSetup, default_catalog, new_game
from engine.recording.record import Recording
from replay.cli import main
from replay.query import games, open_source

from .test_literal import _rendered, _text

SPOOF = "\u202egnp.\u2066\u2069\u200d\u200b\x9b\x1b[31m"
"""Reverses what follows, isolates, zero-width joiner and space, a C1 CSI and an ESC."""
INVISIBLE = frozenset("\u202e\u2066\u2069\u200d\u200b\x9b\x1b")


def test_markdown_html_and_code_write_each_invisible_character_as_an_escape() -> None:
    name = "photo" + SPOOF + "exe"
    shown = "photo\\u202egnp.\\u2066\\u2069\\u200d\\u200b\\x9b [31mexe"  # ESC: a space
    assert _text(_rendered(literal.markdown(name))).strip() == shown
    assert literal.html(name) == shown
    assert literal.code(f"a{SPOOF}\nb") == ("a\\u202egnp.\\u2066\\u2069\\u200d\\u200b\\x9b"
                                          "\\x1b[31m\nb")  # its lines kept
    for plain in ("Ken Masters", "Ryu · 7 ≥ 3 → 5", "名前"):
        assert literal.code(plain) == plain
        assert _text(_rendered(literal.markdown(plain))).strip() == plain


def _spoofing_index(tmp_path: Path) -> Path:
    """An index of one game whose log defines Ryu and his cards with ``SPOOF`` names."""
    catalog = default_catalog()
    cards = {cid: msgspec.structs.replace(card, name=SPOOF + cid) if cid.startswith("ryu_")
             else card for cid, card in catalog.cards.items()}
    characters = dict(catalog.characters)
    characters["ryu"] = msgspec.structs.replace(characters["ryu"], name=SPOOF + "Ryu")
    cat = Catalog(cards=cards, characters=characters)
    logs = tmp_path / "logs"
    logs.mkdir()
    with open(logs / "spoof.exlog", "wb") as stream:
        recording = Recording(new_game(GameSetup(p1="ryu", p2="ken"), 7, cat), 7, stream,
                              ("random", "random"), cat)
        recording.play_out()
        recording.seal()
    db = tmp_path / "index.duckdb"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["index", str(logs), "--db", str(db), "--jobs", "1"]) == 0
    return db


def test_the_game_page_shows_a_logs_spoofing_names_escaped(
    app: Callable[..., AppTest], tmp_path: Path,
) -> None:
    db = _spoofing_index(tmp_path)
    [row] = games(open_source(db))
    at = app(game=row.game_id, db=db)
    at.toggle(key=f"game.cards.{row.game_id}.show").set_value(True).run()
    assert not at.exception, [e.message for e in at.exception]
    shown = {kind: [str(e.value) for e in getattr(at, kind)]
             for kind in ("title", "caption", "markdown", "code", "html", "info", "success")}
    shown["tabs"] = [str(t.label) for t in at.tabs]
    shown["expander"] = [str(e.label) for e in at.expander]
    for kind, values in shown.items():
        for value in values:
            assert not INVISIBLE & set(value), (kind, value[:200])
    # the names are there, each invisible character written out
    assert any("\\u202egnp.\\u2066" in v and "Ryu" in v for v in shown["code"])
    assert any("\\u202egnp.\\u2066" in _text(_rendered(v)) for v in shown["markdown"])
    assert any("\\u202egnp.\\u2066" in _text(_rendered(v)) for v in shown["tabs"])
