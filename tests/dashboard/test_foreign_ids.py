"""An index from elsewhere may hold any text as a game's id (the attacker's round on the
links built from game ids): the Game page's "link to this moment" wrote the id into a
Markdown link as it was, so an id such as ``abcd) [evil](https://evil.example`` ended that
link and made one of its own to another site. The link now carries the id URL-encoded.

A fighter of a log's own definitions may have a name of up to 200 characters: the Matchups
heatmap's axes wrote it whole, and the chart's cells shrank to a sliver beside it."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import duckdb
from markdown_it import MarkdownIt
from streamlit.testing.v1 import AppTest

from dashboard import literal
from replay.query import GameRow
from tests.dashboard.page_kit import indexed

HOSTILE_ID = 'abcd"</script>) [evil](https://evil.example) <img src=x onerror=alert(1)>'
ENCODED = (
    "abcd%22%3C%2Fscript%3E%29+%5Bevil%5D%28https%3A%2F%2Fevil.example%29+"
    "%3Cimg+src%3Dx+onerror%3Dalert%281%29%3E"
)


def _foreign(index_path: Path, tmp_path: Path, row: GameRow) -> Path:
    db = tmp_path / "foreign.duckdb"
    shutil.copy(index_path, db)
    con = duckdb.connect(str(db))
    try:
        for table in ("games", "strikes", "events", "decisions", "boosts"):
            con.execute(
                f"UPDATE {table} SET game_id = ? WHERE game_id = ?", [HOSTILE_ID, row.game_id]
            )
    finally:
        con.close()
    return db


def test_a_foreign_game_id_stays_inside_the_moment_link(
    app: Callable[..., AppTest],
    index_path: Path,
    tmp_path: Path,
    longest: GameRow,
) -> None:
    db = _foreign(index_path, tmp_path, longest)
    at = app(db=db)
    at.query_params["game"] = "abcd"  # the one id starting so
    at.query_params["at"] = "40"
    at.switch_page("app_pages/game.py").run()
    assert not at.exception, [e.message for e in at.exception]
    [link] = [m.value for m in at.markdown if m.value.startswith("[link to this moment](")]
    assert link == f"[link to this moment](game?game={ENCODED}&as=all&at=40)"
    rendered = MarkdownIt("commonmark", {"html": True}).render(link)
    # one link, to the game; no other link, image or script made of the id
    assert re.findall(r'<a href="([^"]*)"', rendered) == [
        f"game?game={ENCODED}&amp;as=all&amp;at=40"
    ]
    assert "<img" not in rendered and "<script" not in rendered


LONG = "[x](javascript:alert(1))**b**<i>" + "y" * 150
"""A fighter id (its name too: the engine knows no such fighter) of 182 characters."""


def _long_fighter_index(tmp_path: Path) -> Path:

    import msgspec

    from engine import Catalog, GameSetup, default_catalog, new_game
    from engine.recording.record import Recording

    catalog = default_catalog()
    characters = dict(catalog.characters)
    characters[LONG] = msgspec.structs.replace(characters["ryu"], id=LONG)
    cat = Catalog(cards=dict(catalog.cards), characters=characters)
    logs = tmp_path / "logs"
    logs.mkdir()
    with open(logs / "long.exlog", "wb") as stream:
        recording = Recording(
            new_game(GameSetup(p1=LONG, p2="ken"), 5, cat), 5, stream, ("random", "random"), cat
        )
        recording.play_out()
        recording.seal()
    db = tmp_path / "index.duckdb"
    indexed(logs, db)
    return db


def test_the_heatmap_cuts_a_long_name_on_its_axes(
    app: Callable[..., AppTest],
    tmp_path: Path,
) -> None:
    """A name of 182 characters took the Matchups heatmap's width, its cells a sliver at
    its edge; the axes now write its first 23 characters and ``…`` (escaped, as every
    name of the chart), the hover the whole pair."""
    import json

    at = app(page="app_pages/matchups.py", db=_long_fighter_index(tmp_path))
    figure = json.loads(at.get_by_key("matchups.heatmap").proto.spec)
    cut = "[x](javascript:alert(1))"[:23] + "…"
    for axis in ("xaxis", "yaxis"):
        assert figure["layout"][axis]["ticktext"] == [cut, "Ken Masters"], figure["layout"][axis]
        assert figure["layout"][axis]["tickvals"][0] == LONG.replace("<", "&lt;").replace(
            ">", "&gt;"
        )
    hover = figure["data"][1]["customdata"][0][1]
    assert hover.startswith("[x](javascript:alert(1))**b**&lt;i&gt;yyy"), hover


def test_a_prefix_of_two_games_is_one_line_and_a_way_back(
    app: Callable[..., AppTest],
    index_path: Path,
    tmp_path: Path,
    sample_rows: list[GameRow],
) -> None:
    """``?game=`` a prefix that two games share: the one line naming both, and the link
    back to Games, no viewer and no traceback."""
    db = tmp_path / "two.duckdb"
    shutil.copy(index_path, db)
    con = duckdb.connect(str(db))
    try:
        for n, row in enumerate(sample_rows[:2]):
            new = f"abcd{n}" + row.game_id[5:]
            for table in ("games", "strikes", "events", "decisions", "boosts"):
                con.execute(f"UPDATE {table} SET game_id = ? WHERE game_id = ?", [new, row.game_id])
    finally:
        con.close()
    at = app(db=db)
    at.query_params["game"] = "ABCD"
    at.switch_page("app_pages/game.py").run()
    assert not at.exception, [e.message for e in at.exception]
    first, second = (f"abcd{n}" + r.game_id[5:16] for n, r in enumerate(sample_rows[:2]))
    assert [e.value for e in at.error] == [
        literal.markdown(
            f"game id 'abcd' is ambiguous in {db}: it matches {first}…, {second}…; "
            "give more characters"
        )
    ]
    assert [link.proto.label for link in at.get("page_link")] == ["Back to Games"]
