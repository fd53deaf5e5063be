"""One event numbering on every surface (issue 27 item 12; docs/log-format.md, "Event
numbers"): events count from 1 in log order and "at event N" is the table right after
event N. One moment, p2 stunned, is followed from ``exceed find`` and the Search page
through the link to the Game page, ``exceed replay --event`` and ``exceed capsule --at``:
each names the same number N, and each shows the stun applied (and, one event earlier,
not yet).
"""

from __future__ import annotations

import ast
import contextlib
import io
import os
import urllib.parse
from collections.abc import Callable
from pathlib import Path

from streamlit.testing.v1 import AppTest

from dashboard.data import plain
from engine import Player, read_game
from engine import events as ev
from replay.cli import main
from replay.query import game, open_source

PATTERN = "stunned p2"
GAME_PAGE = "app_pages/game.py"


def _exceed(*args: str | os.PathLike[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([os.fspath(a) for a in args])
    return code, out.getvalue(), err.getvalue()


def _game_page(app: Callable[..., AppTest], game_id: str, event: int) -> tuple[str, str]:
    """The Game page opened by ``&event=N``: its viewer header and strike box."""
    at = app()
    at.query_params.update({"game": game_id, "event": str(event)})
    at.switch_page(GAME_PAGE).run()
    assert not at.exception, [e.message for e in at.exception]
    assert not at.warning, [w.value for w in at.warning]
    header = [m.value for m in at.markdown if m.value.startswith("**turn ")]
    assert len(header) == 1, header
    strike = [i.value for i in at.info if i.value.startswith("**strike ")]
    assert len(strike) == 1, strike
    return header[0], strike[0]


def test_a_stun_is_the_same_event_number_on_every_surface(
        app: Callable[..., AppTest], index_path: Path, tmp_path: Path) -> None:
    # exceed find: "event N" and a link with &event=N
    code, out, err = _exceed("find", PATTERN, "--db", index_path, "--limit", "1")
    assert code == 0, err
    game_id, _turn, _strike, where, description, url = out.rstrip("\n").split("\t")
    assert "p2 " in description and " stunned" in description
    number = int(where.removeprefix("event "))
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)
    assert query == {"game": [game_id], "event": [str(number)]}
    row = game(open_source(index_path), game_id)
    assert row is not None
    # the numbering itself: event N is the N-th event of the log (counted from 1)
    stun = list(read_game(row.path).events())[number - 1]
    assert isinstance(stun, ev.PlayerStunned) and stun.player is Player.P2

    # the Search page names the same number and links to it
    at = app()
    at.query_params["q"] = PATTERN
    at.switch_page("app_pages/search.py").run()
    first = next(m.value for m in at.markdown if m.value.startswith("["))
    assert f"&event={number})" in first and f", event {number}: " in first

    # the Game page the link opens: "event N/M", p2's side stunned; one event earlier not
    header, strike = _game_page(app, game_id, number)
    assert f"· event {number}/{row.events} ·" in header
    p2 = plain("p2: ")  # the page escapes its text (dashboard.literal)
    assert p2 in strike and "stunned" in strike.split(p2, 1)[1]
    header, strike = _game_page(app, game_id, number - 1)
    assert f"· event {number - 1}/{row.events} ·" in header
    assert "stunned" not in strike

    # exceed replay --event N: the same header, the stun the last event applied
    code, out, err = _exceed("replay", row.path, "--event", str(number), "--recent", "2")
    assert code == 0, err
    assert f"· event {number}/{row.events} ·" in out.splitlines()[0]
    assert any(line.strip().startswith("p2: ") and "stunned" in line
               for line in out.splitlines())
    last = out.rstrip().splitlines()[-1].strip()  # the recent events, the stun last
    assert last.startswith(f"#{number} p2 ") and last.endswith(" is STUNNED"), last
    code, out, err = _exceed("replay", row.path, "--event", str(number - 1))
    assert code == 0, err
    assert not any(line.strip().startswith("p2: ") and "stunned" in line
                   for line in out.splitlines())

    # exceed capsule --at N: the same moment, and its test asserts the stun there
    code, out, err = _exceed("capsule", row.path, "--at", str(number), "--out", tmp_path,
                             "--name", "stun")
    assert code == 0, err
    wrote = next(line for line in out.splitlines() if line.startswith("wrote "))
    assert wrote.endswith(f"to event {number}")  # then the command that plays it
    start = int(out.split("position after event ", 1)[1].split(" ", 1)[0])
    source = (tmp_path / "test_stun.py").read_text(encoding="utf-8")
    assert f"the moment of event {number}." in source
    assert f"(after event {start} of the original game" in source
    tree = ast.parse(source)
    expected = next(ast.literal_eval(node.value) for node in tree.body
                    if isinstance(node, ast.Assign)
                    and getattr(node.targets[0], "id", "") == "EXPECTED")
    assert expected["event"] == ["stunned", int(Player.P2)]
