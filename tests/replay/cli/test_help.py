"""``exceed --help`` as a newcomer reads it: the commands alone said neither where to
start nor that each command has its own ``-h``."""

from __future__ import annotations

import contextlib
import io
import re

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


@pytest.mark.parametrize(("args", "required"), [
    (["play", "ryu", "ken"], "--p1, --p2"),
    (["play"], "--p1, --p2"),
    (["simulate", "ryu", "ken"], "--p1, --p2, --out"),
])
def test_fighters_typed_without_their_options_are_shown_how_to_name_them(
        args: list[str], required: str) -> None:
    """``exceed play ryu ken``, as a newcomer types it, said only that --p1 and --p2 are
    required."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    assert err.getvalue().splitlines()[-1] == (
        f"exceed {args[0]}: error: the following arguments are required: {required}; the "
        "fighters are options, as in --p1 ryu --p2 ken (exceed characters lists them)")


def test_each_query_filter_names_every_query_that_takes_it() -> None:
    """Found checking `exceed query -h` against docs/cli.md: `players` takes --player
    and --character (the docs say so), but their help named only games (and cards,
    lengths)."""
    from replay.cli.queries import NAMED_QUERIES

    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main(["query", "--help"])
    text = " ".join(out.getvalue().split())
    for flag in ("character", "p1", "p2", "winner", "agent", "player", "game", "seed",
                 "min_turns", "max_turns"):
        option = "--" + flag.replace("_", "-")
        start = text.index(f"{option} {'N' if 'turns' in flag else flag.upper()} ",
                           text.index("options:"))
        help_text = text[start:text.index(" --", start + len(option))]
        takers = sorted(n for n, q in NAMED_QUERIES.items() if flag in q.filters)
        assert takers
        missing = [n for n in takers if not re.search(rf"\b{n}\b", help_text)]
        assert missing == [], f"{option}: {help_text}"


@pytest.mark.parametrize("command", ["query", "find", "insights", "dashboard"])
def test_each_reader_of_an_export_says_its_db_may_be_a_folder(command: str) -> None:
    """docsqa found `exceed insights --db FILE` in its help and heading, where it reads
    an exported Parquet folder too, as `query`, `find` and `dashboard` say they do."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(out.getvalue().split())
    assert "--db FILE|DIR index file or exported Parquet directory" in text, text
