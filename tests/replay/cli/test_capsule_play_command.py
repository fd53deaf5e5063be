"""``exceed capsule`` prints the ``exceed play`` command that plays its game again: the
recipe holds no seed, so ``play --position NAME.position.json`` alone shuffled otherwise
than the capsule's log (found by playing a capsule's position with and without
``--seed``); the printed command carries the seed and the log's agents."""

from __future__ import annotations

import contextlib
import io
import os
import shlex
from pathlib import Path

from engine import read_game
from replay.cli import main

ROOT = Path(__file__).resolve().parents[3]
GAME = ROOT / "sample_games" / "ken-vs-ryu_heuristic-vs-heuristic_seed5.exlog"


def _run(*args: str | os.PathLike[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([os.fspath(a) for a in args])
    return code, out.getvalue(), err.getvalue()


def _events(path: Path) -> list[object]:
    return [event for step in read_game(path).steps for event in step.events]


def test_the_printed_command_plays_the_capsule_s_game_again(tmp_path: Path) -> None:
    """A reshuffle comes after the position of event 60: without the seed the game
    played from the recipe differs from the capsule's log; the printed command's is it."""
    code, out, err = _run("capsule", GAME, "--at", "60", "--out", tmp_path, "--name", "c60")
    assert code == 0, err
    line = next((ln for ln in out.splitlines() if ln.startswith("  play it: exceed play ")),
                None)
    assert line is not None, out
    argv = shlex.split(line.removeprefix("  play it: exceed "))
    seed = read_game(tmp_path / "c60.exlog").header.seed
    assert argv[argv.index("--seed") + 1] == str(seed)
    assert Path(argv[argv.index("--position") + 1]) == tmp_path / "c60.position.json"
    code, _, err = _run(*argv, "--out", tmp_path / "again.exlog")
    assert code == 0, err
    assert _events(tmp_path / "again.exlog") == _events(tmp_path / "c60.exlog")
    unseeded = [a for i, a in enumerate(argv)
                if a != "--seed" and (i == 0 or argv[i - 1] != "--seed")]
    code, _, err = _run(*unseeded, "--out", tmp_path / "unseeded.exlog")
    assert code == 0, err
    assert _events(tmp_path / "unseeded.exlog") != _events(tmp_path / "c60.exlog")
    test_source = (tmp_path / "test_c60.py").read_text()
    assert f"--seed {seed} --position c60.position.json" in test_source
