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

from collections.abc import Callable
from pathlib import Path

import msgspec
from streamlit.testing.v1 import AppTest

from dashboard import literal
from engine import Catalog, GameSetup, default_catalog, new_game
from engine.recording.record import Recording
from replay.query import games, open_source
from tests.dashboard.page_kit import indexed

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
    indexed(logs, db)
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


def _new_fighter_index(tmp_path: Path, fighter: str) -> Path:
    """An index of one game whose log defines a fighter of its own, id ``fighter`` (a
    copy of Ryu): its id is its name on every page, the engine knowing no other."""
    catalog = default_catalog()
    characters = dict(catalog.characters)
    characters[fighter] = msgspec.structs.replace(characters["ryu"], id=fighter)
    cat = Catalog(cards=dict(catalog.cards), characters=characters)
    logs = tmp_path / "logs"
    logs.mkdir()
    with open(logs / "new.exlog", "wb") as stream:
        recording = Recording(new_game(GameSetup(p1=fighter, p2="ken"), 5, cat), 5, stream,
                              ("random", "random"), cat)
        recording.play_out()
        recording.seal()
    db = tmp_path / "index.duckdb"
    indexed(logs, db)
    return db


def test_a_fighter_id_from_a_logs_definitions_is_shown_escaped_in_options_and_tables(
    app: Callable[..., AppTest], tmp_path: Path,
) -> None:
    """A log may define a fighter the engine does not know; its id is then its name. The
    Games, Matchups and Fighter pages listed it raw in their choosers ("Fighter",
    "Winner", "Open a game") and tables, a RIGHT-TO-LEFT OVERRIDE in it reversing what
    follows. ``data.character_names`` (and the card names beside it) now give each name
    inert, as ``exceed`` prints it."""
    db = _new_fighter_index(tmp_path, "zz\u202eabc\u200d")
    for page in ("app_pages/games.py", "app_pages/matchups.py", "app_pages/fighter.py",
                 "app_pages/players.py"):
        at = app(page=page, db=db)
        options = [str(o) for kind in (at.selectbox, at.multiselect) for w in kind
                   for o in w.options]
        assert any("zz\\u202eabc\\u200d" in o for o in options), (page, options)
        cells = [str(e.value.to_string()) for e in at.dataframe]
        for shown in (*options, *cells):
            assert not INVISIBLE & set(shown), (page, shown[:200])


def test_a_foreign_indexs_players_and_agents_are_shown_escaped(
    app: Callable[..., AppTest], index_path: Path, tmp_path: Path,
) -> None:
    """An index (or a Parquet export) from elsewhere is input too: the players and agents
    it holds were listed raw in the Games page's table and "Agent" and "Open a game"
    choosers, the Matchups, Fighter and Cards pages' "played by" and the Insights page's
    "Player", so a name holding a bidi override showed reversed there."""
    import shutil

    import duckdb

    db = tmp_path / "foreign.duckdb"
    shutil.copy(index_path, db)
    con = duckdb.connect(str(db))
    try:
        con.execute("UPDATE games SET player1 = ?, agent1 = ? WHERE seed = "
                    "(SELECT min(seed) FROM games)", ["Al\u202ecod.exe\u200d", "ran\u202edom"])
    finally:
        con.close()
    for page in ("app_pages/games.py", "app_pages/matchups.py", "app_pages/fighter.py",
                 "app_pages/cards.py", "app_pages/insights.py", "app_pages/players.py"):
        at = app(page=page, db=db)
        options = [str(o) for w in at.selectbox for o in w.options]
        cells = [str(e.value.to_string()) for e in at.dataframe]
        for shown in (*options, *cells):
            assert not INVISIBLE & set(shown), (page, shown[:200])
        assert any("ran\\u202edom" in o or "Al\\u202ecod" in o for o in options), page
