"""An empty ``--db`` or ``--out`` (a log to write) is refused before anything is read or
written. ``Path("")`` is the current folder: ``query --db ''`` said ``. is a directory but
not an exported index``, ``play --out ''`` said ``. is a folder``, and ``index --analysis
''`` indexed its logs first, then refused ``.``; none names what was given (a script's
``"$DB"`` with ``DB`` unset)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import duckdb
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


@pytest.mark.parametrize("args", [
    ["index", str(GAME), "--jobs", "1"],
    ["analyze", str(GAME), "--rollouts", "1", "--best", "0", "--no-review"],
])
def test_an_empty_exceed_index_is_the_variable_unset(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]) -> None:
    """``EXCEED_INDEX=`` (or a script's ``EXCEED_INDEX="$DB"`` with ``DB`` unset) is the
    variable unset, as an empty ``$EXCEED_DASHBOARD_PORT`` is, for every command: the
    default index under the current folder, which ``index`` names; then ``query`` and
    ``export`` read that same index. (``--db ''`` is refused: it is typed, or written
    into a command line, where leaving it out is the way to the default.)"""
    from replay import query as q

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("EXCEED_INDEX", "")
    assert q.default_index_path() == Path(".exceed/index.duckdb")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(args) == 0, err.getvalue()
        assert main(["query", "counts", "--format", "csv"]) == 0, err.getvalue()
        assert main(["export", "--parquet", "out"]) == 0, err.getvalue()
    assert (tmp_path / ".exceed" / "index.duckdb").is_file()
    assert (tmp_path / "out" / "games").is_dir()
    if args[0] == "index":
        assert "-> .exceed/index.duckdb" in out.getvalue()
        assert "games,1\n" in out.getvalue()
    else:  # the analysis alone is stored, in the default index
        assert "games,0\n" in out.getvalue()
        con = duckdb.connect(str(tmp_path / ".exceed" / "index.duckdb"), read_only=True)
        try:
            assert con.execute("SELECT count(*) FROM analysis_points").fetchone() == (56,)
        finally:
            con.close()
