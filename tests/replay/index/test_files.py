"""``replay.index.files``: why ``exceed index`` skips a path named on its command line
that is neither a folder nor a regular file, in the system's words."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from replay.cli import main

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "sample_games" / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"


def _index(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["index", *argv])
    return code, out.getvalue(), err.getvalue()


def test_each_skipped_path_says_what_the_system_said(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every path the system would not look at was "no such file or directory": a link
    to itself, a file named as a folder, and ``-``, which every command that reads a log
    once takes as standard input. Now each says why, as ``exceed info`` does, and the
    good log beside them is indexed."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "self.exlog").symlink_to("self.exlog")
    (tmp_path / "game.exlog").write_bytes(SAMPLE.read_bytes())
    code, out, err = _index("self.exlog", "game.exlog/x.exlog", "missing.exlog", "-",
                       "game.exlog", "--db", "ix.duckdb", "--jobs", "1")
    assert code == 1
    assert out.startswith("indexed 1 game(s), 0 already indexed, 4 skipped"), out
    assert err.splitlines() == [
        "self.exlog: skipped: too many levels of symbolic links",
        "game.exlog/x.exlog: skipped: not a directory",
        "missing.exlog: skipped: no such file or directory",
        "-: skipped: no such file; - is not standard input here: the indexer reads each "
        "log twice, so save the log to a file and index that",
    ]
