"""Tests for ``exceed play`` and ``exceed characters`` (``replay/cli/games.py``).

Run in-process through ``replay.cli.main`` with capsys, and once as a real subprocess.
Every failure a user can cause is one line on stderr and a non-zero exit, never a
traceback; argparse's own errors add its usage lines and exit 2.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.cards.catalog import DATA_DIR, load_catalog
from engine.cards.schema import Season
from replay.cli import errors, main

ROOT = Path(__file__).resolve().parents[3]
PLAY = ["play", "--p1", "ryu", "--p2", "ken", "--seed", "7"]
TRANSCRIPT_MARKS = ("== turn 1", "revealed:", "damage", "GAME OVER")


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    """``exceed argv`` in-process: (exit code, stdout, stderr); argparse exits count too."""
    try:
        code = main(argv)
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, out: str, err: str, *needles: str) -> str:
    assert code != 0
    assert "Traceback" not in out + err
    lines = err.splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got {lines}"
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def assert_argparse_error(code: int, out: str, err: str, *needles: str) -> None:
    """argparse's format: usage lines, then exactly one ``error:`` line; exit 2."""
    assert code == 2
    assert "Traceback" not in out + err
    errors = [line for line in err.splitlines() if "error:" in line]
    assert len(errors) == 1, err
    assert err.startswith("usage: exceed play"), err
    for needle in needles:
        assert needle in errors[0], errors[0]


# --- play ----------------------------------------------------------------------------


def test_play_prints_a_transcript(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, PLAY)
    assert code == 0, err
    assert err == ""
    assert out.startswith("EXCEED p1 Ryu (heuristic) vs p2 Ken Masters (heuristic), seed 7\n")
    for mark in TRANSCRIPT_MARKS:
        assert mark in out, f"{mark!r} missing from the transcript"
    assert out.index("== turn 1") < out.index("revealed:") < out.index("GAME OVER")
    assert out.rstrip().splitlines()[-1].startswith("turns ")


def test_play_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, PLAY)
    second = run(capsys, PLAY)
    assert first == second
    other = run(capsys, [*PLAY[:-1], "8"])
    assert other[0] == 0 and other[1] != first[1]


def test_play_accepts_agents_and_a_perspective(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, [*PLAY, "--agent1", "random", "--agent2", "random", "--as", "p1"])
    assert code == 0, err
    assert out.startswith("EXCEED p1 Ryu (random) vs p2 Ken Masters (random), seed 7\n")
    assert "GAME OVER" in out
    # From p1's seat p2's draws are hidden, p1's own are shown.
    assert "p2 Ken Masters draws a hidden card" in out
    assert "p1 Ryu draws a hidden card" not in out


def test_play_takes_the_full_seed_range(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, ["play", "--p1", "ken", "--p2", "ken", "--seed", str(2**64 - 1)])
    assert code == 0
    assert f"seed {2**64 - 1}" in out


_CATALOG = load_catalog(DATA_DIR)
STREET_FIGHTER = [c for c in sorted(_CATALOG.character_ids())
                  if _CATALOG.character(c).season is Season.STREET_FIGHTER]
_LINES = list(Season)
ROSTER = sorted(_CATALOG.character_ids(),
                key=lambda c: (_LINES.index(_CATALOG.character(c).season), c))
"""``exceed characters``'s order: grouped by line (release order), then by id."""


def test_characters_lists_every_fighter_grouped_by_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 14 item 5: one line per fighter, grouped by line: every Street Fighter
    fighter, in id order, under the season column ``street_fighter``."""
    code, out, err = run(capsys, ["characters"])
    assert code == 0 and err == ""
    header, *lines = out.splitlines()
    assert header.split() == ["id", "name", "line", "exceed"]  # issue 27 item 19
    rows = [line.split() for line in lines]
    assert [row[0] for row in rows] == ROSTER
    # aligned: every column starts where its header does (names of any length)
    for column in ("name", "line", "exceed"):
        start = header.index(column)
        assert all(line[start - 2:start] == "  " and line[start] != " " for line in lines), column
    seasons = [_CATALOG.character(row[0]).season for row in rows]
    assert seasons == sorted(seasons, key=_LINES.index)  # each line's fighters together
    street = [row[0] for row in rows if "street_fighter" in row]
    assert street == STREET_FIGHTER


def exceed(*argv: str) -> subprocess.CompletedProcess[str]:
    """``python -m replay.cli argv`` in a real subprocess."""
    env = {k: v for k, v in os.environ.items() if k != "EXCEED_DEBUG"}
    command = [sys.executable, "-m", "replay.cli", *argv]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)


def test_play_as_a_subprocess() -> None:
    first, second = exceed(*PLAY), exceed(*PLAY)
    assert first.returncode == 0, first.stderr
    assert first.stderr == ""
    assert first.stdout.startswith("EXCEED p1 Ryu (heuristic) vs p2 Ken Masters (heuristic), seed 7\n")
    for mark in TRANSCRIPT_MARKS:
        assert mark in first.stdout
    out = first.stdout
    assert out.index("== turn 1") < out.index("revealed:") < out.index("GAME OVER")
    assert second.stdout == first.stdout
    characters = exceed("characters")
    assert characters.returncode == 0
    assert [line.split()[0] for line in characters.stdout.splitlines()[1:]] == ROSTER
    bad = exceed("play", "--p1", "rye", "--p2", "ken")
    assert bad.returncode != 0
    assert bad.stdout == ""
    assert bad.stderr.splitlines() == [
        f"exceed play: unknown character 'rye'; playable: "
        f"{', '.join(sorted(_CATALOG.character_ids()))}"]


# --- errors a user can cause ---------------------------------------------------------


def test_unknown_character(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, ["play", "--p1", "rye", "--p2", "ken"])
    assert_one_line_error(code, out, err, "unknown character 'rye'", "ryu, sagat")
    assert out == ""
    code, out, err = run(capsys, ["play", "--p1", "ryu", "--p2", "Kenny"])
    assert_one_line_error(code, out, err, "unknown character 'Kenny'")


@pytest.mark.parametrize("argv", [
    ["play", "--p1", "", "--p2", "ken"],
    ["simulate", "--p1", "ryu", "--p2", "", "--out", "unwritten"],
    ["characters", ""],
])
def test_an_empty_fighter_is_an_unknown_character(
        capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """``--p1 ''`` (a script's ``"$P1"`` with ``P1`` unset) said "a Tag Team is two
    character ids joined by '+', got ''": no Tag Team was asked for. It is an unknown
    character, listing the playable ones, as any other."""
    code, out, err = run(capsys, argv)
    assert (code, out) == (2, "")
    assert err == (f"exceed {argv[0]}: unknown character ''; playable: "
                   f"{', '.join(sorted(_CATALOG.character_ids()))}\n")


def test_a_fighter_may_be_typed_by_its_name(capsys: pytest.CaptureFixture[str]) -> None:
    """Found as a newcomer: `exceed characters` and every title name the fighters ("Ken
    Masters", "Chun-Li"), but `--p1 Ken` was an unknown character (ids only, lower
    case). A fighter is its id or its name in any case, spacing and punctuation, and the
    game is the same game as by id (the log records the id)."""
    by_id = run(capsys, [*PLAY])
    for typed in ("Ken", "Ken Masters", "KEN", "ken masters"):
        code, out, err = run(capsys, ["play", "--p1", "ryu", "--p2", typed, "--seed", "7"])
        assert (code, err, out) == (0, "", by_id[1]), typed
    code, out, _ = run(capsys, ["play", "--p1", "Chun-Li", "--p2", "M. Bison+ryu", "--seed", "7"])
    assert code == 0
    assert out.startswith("EXCEED p1 Chun-Li (heuristic) vs p2 M. Bison + Ryu (heuristic), "
                          "seed 7\n")
    fuzz_ids = [errors.check_fighter(_CATALOG, typed) for typed in ("Ryu", "chun li", "m.bison")]
    assert fuzz_ids == ["ryu", "chunli", "bison"]


def test_unknown_agent(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, [*PLAY, "--agent1", "smart"])
    assert_one_line_error(code, out, err, "unknown agent 'smart'", "random", "heuristic")
    code, out, err = run(capsys, [*PLAY, "--agent2", ""])
    assert_one_line_error(code, out, err, "unknown agent ''")


@pytest.mark.parametrize(
    ("seed", "needle"),
    [
        ("-1", "seed must be in 0..2**64-1"),
        ("abc", "seed must be an integer"),
        ("1.5", "seed must be an integer"),
        ("18446744073709551616", "seed must be in 0..2**64-1"),
    ],
)
def test_bad_seed(capsys: pytest.CaptureFixture[str], seed: str, needle: str) -> None:
    code, out, err = run(capsys, ["play", "--p1", "ryu", "--p2", "ken", "--seed", seed])
    assert_argparse_error(code, out, err, "--seed", needle)
    assert out == ""


def test_missing_arguments_are_argparse_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, ["play", "--p1", "ryu"])
    assert_argparse_error(code, out, err, "--p2")


# --- help texts (issue 11, item 15) --------------------------------------------------


def _subparser(name: str) -> Any:
    from replay.cli import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command")
    assert isinstance(commands.choices, dict)  # the subcommands' parsers by name
    return commands.choices[name]


@pytest.mark.parametrize("command", ["play", "simulate", "info", "samples", "dashboard"])
def test_every_option_has_a_help_text(command: str) -> None:
    options = [a for a in _subparser(command)._actions if a.dest != "help"]
    assert options
    missing = [a.option_strings or a.dest for a in options if not (a.help or "").strip()]
    assert missing == []
    for action in options:
        if action.default not in (None, False) and not action.required:
            assert "default" in action.help, f"{command} {action.option_strings}: {action.help}"


def test_play_and_simulate_state_their_default_agents_and_why(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """``play`` defaults to heuristic/heuristic and ``simulate`` to random,random; each
    help says so and why the other differs."""
    assert _subparser("play").get_default("agent1") == "heuristic"
    assert _subparser("play").get_default("agent2") == "heuristic"
    assert _subparser("simulate").get_default("agents") == "random,random"
    for command in ("play", "simulate"):
        code, out, _ = run(capsys, [command, "-h"])
        assert code == 0
        text = " ".join(out.split())
        assert "`simulate` defaults to random,random" in text or (
            "`play` defaults to heuristic" in text), text
    code, out, _ = run(capsys, ["simulate", "-h"])
    text = " ".join(out.split())
    assert "--games GAMES number of games, seeds SEED..SEED+GAMES-1 (default 1)" in text
    assert ("--agents A1,A2 p1's and p2's agents, each one of random, heuristic, search, "
            "search:N (search:N searches N iterations, 1..100000; search is search:128) "
            "(default random,random)") in text
    assert "--jobs JOBS worker processes; changes the wall time, never the files (default 1)" in text


@pytest.mark.parametrize(("command", "says"), [
    (["play"], "each seat one of random, heuristic, search, search:N, human (search:N "
               "searches N iterations, 1..100000; search is search:128)"),
    (["fork"], "per seat one of random, heuristic, search, search:N, human (search:N "
               "searches N iterations, 1..100000; search is search:128)"),
    (["fuzz"], "--games GAMES games per matchup and agent pairing (default 5)"),
    (["fuzz"], "seeds SEED..SEED+GAMES-1 (default 0)"),
    (["dashboard"], "--db FILE|DIR index file or exported Parquet directory (default: "
                    "$EXCEED_INDEX if set, else .exceed/index.duckdb under the current "
                    "directory)"),
    (["replay"], "--as {all,p1,p2} perspective: all (omniscient, the default)"),
])
def test_help_says_what_search_n_means_and_every_default(
    capsys: pytest.CaptureFixture[str], command: list[str], says: str
) -> None:
    """A newcomer reads ``-h``: ``search:N`` is named with what N counts and its range, and
    each option with a default says it (fuzz's --games and --seed, dashboard's --db and
    replay's --as did not; play's agents listed search:N without its meaning)."""
    code, out, _ = run(capsys, [*command, "-h"])
    assert code == 0
    assert says in " ".join(out.split())


# --- play --position (issue 13) ------------------------------------------------------

POSITION = {
    "p1": {"space": 3, "hand": ["hadoken", "hadoken", "focus"], "extra": {"gauge": ["grasp"]}},
    "p2": {"space": 6, "hand": ["grasp"], "life": 9},
    "active": "p1", "turn": 4,
    "strike": {"step": "reveal", "p1": ["hadoken", "hadoken"], "p2": ["grasp"]},
}


def test_play_from_a_position_records_a_log_that_verifies(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Issue 13: ``play --position`` starts inside the strike the recipe states (turn 5,
    p1's EX Hadoken against Grasp, revealed next) and ``--out`` records a log that
    ``verify`` re-simulates identically and ``info`` names as a built position."""
    recipe = tmp_path / "position.json"
    recipe.write_text(json.dumps(POSITION), encoding="utf-8")
    log = tmp_path / "position.exlog"
    code, out, err = run(capsys, [*PLAY, "--position", str(recipe), "--out", str(log)])
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].endswith(f"from the position in {recipe}")
    assert "  position: p2 Ken Masters' life is 9" in lines
    assert lines.index("== turn 5: p1 Ryu ==") < lines.index(
        "  revealed: p1 Hadoken + Hadoken vs p2 Grasp")
    assert not (tmp_path / "position.exlog.part").exists()
    code, out, err = run(capsys, ["verify", str(log)])
    assert code == 0 and "identical" in out, out + err
    code, out, err = run(capsys, ["info", str(log)])
    assert "extra cards: p1 standard_normal_grasp" in out


@pytest.mark.parametrize(("content", "needle"), [
    ('{"p1": {"space": 5}, "p2": {"space": 5}}', "two different spaces"),
    ('{"p1": {"hand": ["ken_shoryuken"]}}', "p1: ken_shoryuken belongs to another fighter"),
    ('{"p1": {"extra": {"hand": ["ken_shoryuken"]}}}', "belongs to another fighter"),
    ('{"strike": {"step": "costs"}}', "p1 has set an attack"),
    ('{"p1": {"space": "three"}}', "$.space"),
    ('{"p1": {"wings": 2}}', "unknown seat field 'wings'"),
    ('{"p1": ', "is not JSON"),
    ("[1, 2]", "a position is a JSON object"),
])
def test_a_bad_position_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                    content: str, needle: str) -> None:
    """Issue 13, bad input: the file and what is wrong, in one line, exit 2."""
    recipe = tmp_path / "bad.json"
    recipe.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, [*PLAY, "--position", str(recipe)])
    line = assert_one_line_error(code, out, err, needle)
    assert code == 2 and str(recipe) in line


def test_a_missing_position_file_is_one_line(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    code, out, err = run(capsys, [*PLAY, "--position", str(tmp_path / "none.json")])
    assert_one_line_error(code, out, err, "cannot read", "none.json")
