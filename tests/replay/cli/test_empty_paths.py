"""An empty ``--db`` or ``--out`` (a log to write) is refused before anything is read or
written. ``Path("")`` is the current folder: ``query --db ''`` said ``. is a directory but
not an exported index``, ``play --out ''`` said ``. is a folder``, and ``index --analysis
''`` indexed its logs first, then refused ``.``; none names what was given (a script's
``"$DB"`` with ``DB`` unset)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from replay.cli import main

ROOT = Path(__file__).resolve().parents[3]
GAME = ROOT / "sample_games" / "ryu-vs-ken_heuristic-vs-random_seed2.exlog"


def _refused(args: list[str]) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    return out.getvalue(), err.getvalue()


DB = ("exceed {}: error: argument --db: expected an index file, got '' (leave --db out for "
      "the default index)")
LOG = ("exceed {}: error: argument --out: expected a log file to write, got '' (name one, "
       "such as game.exlog)")


@pytest.mark.parametrize(("args", "says"), [
    (["query", "games", "--db", ""], DB.format("query")),
    (["find", "hit", "--db", ""], DB.format("find")),
    (["insights", "--player", "Ann", "--db", ""], DB.format("insights")),
    (["index", str(GAME), "--db", ""], DB.format("index")),
    (["analyze", str(GAME), "--db", ""], DB.format("analyze")),
    (["export", "--parquet", "out", "--db", ""], DB.format("export")),
    (["dashboard", "--db", ""], DB.format("dashboard")),
    (["play", "--p1", "ryu", "--p2", "ken", "--out", ""], LOG.format("play")),
    (["fork", str(GAME), "--at", "3", "--choose", "0", "--out", ""], LOG.format("fork")),
    (["index", str(GAME), "--analysis", ""],
     "exceed index: error: argument --analysis: expected a folder, got '' (write . for the "
     "current folder)"),
])
def test_an_empty_path_is_refused_naming_the_option(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], says: str) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("EXCEED_INDEX", raising=False)
    out, err = _refused(args)
    assert out == ""
    assert err.splitlines()[-1] == says
    assert err.splitlines()[0].startswith(f"usage: exceed {args[0]} ")
    assert list(tmp_path.iterdir()) == []  # nothing read into an index, nothing written
