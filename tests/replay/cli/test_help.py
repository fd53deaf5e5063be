"""``exceed --help`` as a newcomer reads it: the commands alone said neither where to
start nor that each command has its own ``-h``."""

from __future__ import annotations

import contextlib
import io

import pytest

from replay.cli import main


def test_the_help_says_where_to_start_and_where_each_command_is_explained() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    text = " ".join(out.getvalue().split())  # argparse wraps the epilog to the terminal
    assert text.endswith(
        "Start with: exceed characters (the fighters), exceed play --p1 ryu --p2 ken (one "
        "game's transcript), exceed play --p1 ryu --p2 ken --agents human,heuristic (play p1 "
        "yourself). Each command has its own -h: exceed play -h. All of them: docs/cli.md.")


def test_no_command_prints_the_same_help_and_exits_2() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main([])
    assert code == 2
    assert "Each command has its own -h: exceed play -h." in " ".join(out.getvalue().split())
