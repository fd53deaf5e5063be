"""``--name`` for a person at the terminal (``exceed play`` and ``exceed fork`` with a
human seat): the name is recorded in the log's header (``Header.players``), as the Play
page records the names people type, so the index, the dashboard and ``exceed insights
--player NAME`` tell one person's terminal games from another's (before, every terminal
player was "human"). A name a log cannot hold, or a name without a human seat for it, is
one line and exit 2, before anything is played or written."""

from __future__ import annotations

import io
import shutil
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import read_game
from replay import query as q
from replay.quoting import MAX_MARKS
from replay.verification.verify import verify

Cli = Callable[..., Any]
ROOT = Path(__file__).resolve().parents[3]
PARENT = ROOT / "tests" / "fixtures" / "agent_v1" / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"


def _play(cli: Cli, monkeypatch: pytest.MonkeyPatch, out: Path, *args: str) -> Any:
    monkeypatch.setattr("sys.stdin", io.StringIO("0\n" * 1000))
    return cli("play", "--p1", "ryu", "--p2", "ken", "--seed", "2", "--out", out, *args)


def test_a_named_person_is_recorded_indexed_and_found(cli: Cli, monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    out = tmp_path / "ann.exlog"
    result = _play(cli, monkeypatch, out, "--agents", "heuristic,human", "--name", " Ann Lee ")
    assert (result.code, result.err) == (0, ""), result.err
    log = read_game(out)
    assert log.header.players == ("", "Ann Lee")  # p2 is the person; spaces around dropped
    assert log.header.agents == ("heuristic", "human")
    assert verify(log).identical
    info = cli("info", out)
    assert "  players: p1 heuristic, p2 Ann Lee" in info.out.splitlines()
    db = tmp_path / "ix.duckdb"
    assert cli("index", out, "--db", db, "--jobs", "1").code == 0
    records = {r.player: r.games for r in q.player_records(q.open_source(db))}
    assert records.get("Ann Lee") == 1 and "human" not in records


def test_two_people_at_one_terminal_are_named_in_seat_order(
        cli: Cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    out = tmp_path / "hot.exlog"
    result = _play(cli, monkeypatch, out, "--agents", "human,human", "--name", "Ann",
                   "--name", "Bea")
    assert result.code == 0, result.err
    assert read_game(out).header.players == ("Ann", "Bea")


@pytest.mark.parametrize(("args", "says"), [
    (("--name", "Ann"), "--name names a person at the terminal: 1 name(s) for no human seat"),
    (("--agents", "human,human", "--name", "Ann"),
     "--name names a person at the terminal: 1 name(s) for 2 human seat(s) (p1 and p2)"),
    (("--agents", "human,heuristic", "--name", "Ann", "--name", "Bea"),
     "--name names a person at the terminal: 2 name(s) for 1 human seat(s) (p1)"),
    (("--agents", "human,heuristic", "--name", "A\x1b[31m"),
     "--name 'A\\x1b[31m': the name 'A\\x1b[31m' holds a control or unprintable character"),
    (("--agents", "human,heuristic", "--name", "x" * 41),
     "--name '" + "x" * 40 + "…' (41 characters): the name is 41 characters long, over 40"),
    (("--agents", "human,heuristic", "--name", "   "), "--name '   ': the name is empty"),
    # the Play page's reasons too (replay.live.new_games.person_name_problem)
    # the refused name's accents are shown as escapes: raw, they smeared this very line
    (("--agents", "human,heuristic", "--name", "a" + "\u0301" * 30),
     "--name 'a" + "\\u0301" * 6 + "…' (31 characters): the name stacks 30 combining marks "
     "(accents) on one character, over 2"),
    (("--agents", "human,heuristic", "--name", "heuristic"),
     "--name 'heuristic': the name 'heuristic' is an agent's name; a person's games under "
     "it would be counted as the agent's"),
    (("--agents", "human,human", "--name", "Ann", "--name", "ann"),
     "--name 'ann': the name 'ann' is the other player's; choose another, so that the two "
     "seats are told apart"),
    # a script's own accents are shown as they are (two on one letter: "ễ")
    (("--agents", "human,human", "--name", "Nguyễn Thị Ánh", "--name", "nguyễn thị ánh"),
     "--name 'nguyễn thị ánh': the name 'nguyễn thị ánh' is the other player's; choose "
     "another, so that the two seats are told apart"),
])
def test_a_bad_name_is_one_line_and_nothing_is_written(
        cli: Cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, args: tuple[str, ...],
        says: str) -> None:
    out = tmp_path / "never.exlog"
    result = _play(cli, monkeypatch, out, *args)
    assert (result.code, result.out, result.err) == (2, "", f"exceed play: {says}\n")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["play", "fork"])
def test_a_zalgo_name_is_refused_on_a_line_it_does_not_smear(
        cli: Cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, command: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    zalgo = "Z" + "\u0301\u0302\u0303" * 10 + "oe\u0300"  # 34 characters
    where = (("--p1", "ryu", "--p2", "ken", "--seed", "2") if command == "play" else
             (PARENT, "--at", "2", "--choose", "13"))
    result = cli(command, *where, "--agents", "human,heuristic", "--name", zalgo, "--out",
                 tmp_path / "never.exlog")
    assert result.code == 2 and result.out == ""
    assert result.err.count("\n") == 1
    assert "the name stacks 30 combining marks (accents) on one character, over 2" in result.err
    marks = [c for c in result.err if unicodedata.category(c) in ("Mn", "Me")]
    assert len(marks) <= MAX_MARKS, result.err
    assert f"exceed {command}: --name 'Z\\u0301\\u0302\\u0303\\u0301" in result.err
    assert list(tmp_path.iterdir()) == []


def test_a_fork_played_by_a_named_person_records_the_name(
        cli: Cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    parent = tmp_path / PARENT.name
    shutil.copy(PARENT, parent)
    out = tmp_path / "fork.exlog"
    monkeypatch.setattr("sys.stdin", io.StringIO("0\n" * 3000))
    result = cli("fork", parent, "--at", "2", "--choose", "13", "--agents", "human,heuristic",
                 "--name", "Ann", "--out", out)
    assert (result.code, result.err) == (0, ""), result.err
    forked = read_game(out)
    assert forked.header.players == ("Ann", "")
    assert verify(forked).identical
    refused = cli("fork", parent, "--at", "2", "--choose", "13", "--name", "Ann",
                  "--out", tmp_path / "no.exlog")
    assert (refused.code, refused.err) == (
        2, "exceed fork: --name names a person at the terminal: 1 name(s) for no human seat\n")
    assert not (tmp_path / "no.exlog").exists()
