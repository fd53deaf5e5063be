"""A file name the system refuses (attack 3): one line naming it, exit 2, never an
internal error.

``Path.exists`` and ``Path.is_dir`` raise ``OSError`` for a name longer than a file
system takes (``File name too long``; a folder that cannot be searched too), where
``os.path`` answers False. So ``exceed info`` or ``verify`` of such a path, ``--db`` of
``query``, ``find``, ``insights``, ``index``, ``play --out``, and ``fork`` or ``capsule``
of a log whose long name their default output adds to, each ended in ``internal error:
OSError: [Errno 36] File name too long``, exit 70 (and ``info`` of several files stopped
at that one). Found by giving every command a 300-character file name. The line then
repeated the whole name (5,000 characters of a name made one unreadable line; ``index``
named its index file instead of the log): a name over 200 characters is now named as
every long value is, ``'/tmp/qqq…' (5,011 characters)`` (``replay.quoting.file_named``).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from replay.cli import SHORTER, main
from tests.replay.cli.test_games import POSITION

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "sample_games" / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"


@pytest.mark.parametrize("argv", [
    ["info", "{long}"], ["verify", "{long}"], ["analyze", "{long}"],
    ["query", "games", "--db", "{long}"], ["find", "hit", "--db", "{long}"],
    ["insights", "--player", "Ann", "--db", "{long}"],
    ["index", str(SAMPLE), "--db", "{long}"],
    ["index", "{long}", "--db", "{tmp}/i.duckdb"],  # the log named, not the index
    ["play", "--p1", "ryu", "--p2", "ken", "--out", "{long}"],
    ["fork", "{stem}", "--at", "3", "--choose", "0"],
    ["capsule", "{stem}", "--at", "30", "--out", "{tmp}"],
])
def test_a_name_too_long_is_one_line_naming_it(
        argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    long = tmp_path / ("q" * 300 + ".exlog")
    stem = tmp_path / ("y" * 240 + ".exlog")  # a name that fits; what is made of it not
    shutil.copy(SAMPLE, stem)
    given = [a.format(long=long, stem=stem, tmp=tmp_path) for a in argv]
    code = main(given)
    err = capsys.readouterr().err
    assert code == 2, err
    assert "internal error" not in err and "Traceback" not in err
    last = err.splitlines()[-1]
    # fork and capsule, whose default output names add to the log's: the option to use
    assert last.endswith("File name too long" + SHORTER.get(argv[0], "")), last
    # names the file as every long value is named: its first 40 characters and its length
    assert f"'{str(tmp_path)[:40]}…' (" in last and " characters): " in last
    assert len(last) < 200, last


def test_info_of_several_files_goes_on_past_a_name_too_long(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    long = tmp_path / ("q" * 300 + ".exlog")
    code = main(["info", str(SAMPLE), str(long)])
    out, err = capsys.readouterr()
    assert code == 2
    assert err == f"'{str(long)[:40]}…' ({len(str(long)):,} characters): cannot read: File name too long\n"
    assert out.startswith(f"{SAMPLE}: ") and "1 sealed and intact" in out



def test_an_os_error_naming_no_file_is_still_one_line(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """An ``OSError`` that names no file (a full disk met by a write) is the usual one
    line, "internal error", exit 70: the file-name catch must not re-raise it into a
    traceback."""
    from replay.cli import logs

    def full(*_: object, **__: object) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.delenv("EXCEED_DEBUG", raising=False)
    monkeypatch.setattr(logs, "cmd_info", full)
    assert main(["info", str(SAMPLE)]) == 70
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error" in err and "No space left" in err


HOSTILE_NAME = "w\x1b[31m\u202e x.exlog"
"""Turns the terminal red, reverses what follows, and needs quoting for the shell."""


def _changed_card_log(path: Path) -> Path:
    """A game recorded with Ken's Tatsumaki Senpukyaku one power stronger: card data that
    differs from this engine's, so ``capsule`` warns naming the file."""
    import msgspec

    from engine import Catalog, GameSetup, default_catalog, record_to_file

    catalog = default_catalog()
    cards = dict(catalog.cards)
    tatsu = cards["ken_tatsumakisenpukyaku"]
    cards["ken_tatsumakisenpukyaku"] = msgspec.structs.replace(tatsu, power=tatsu.power + 1)
    record_to_file(path, GameSetup(p1="ryu", p2="ken"), 2, ("random", "random"),
                   Catalog(cards=cards, characters=catalog.characters))
    return path


def test_fork_and_capsule_print_a_file_name_escaped_and_a_command_that_runs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Attack 4: ``exceed fork`` (its list of options, its ``fork with:`` command and
    its ``wrote`` line) and ``exceed capsule`` (its card-data warning and ``wrote``
    line) printed the log's file name raw, so a name holding an escape sequence drove
    the terminal; and ``fork with: exceed fork FILE ...`` did not quote FILE, so a name
    with a space made a command that named other files. Each line is now escaped
    (``printable``, as every other command's), the command's FILE quoted
    (``shell_word``: bash's ``$'...'`` for a control character)."""
    import os
    import subprocess

    parent = tmp_path / HOSTILE_NAME
    shutil.copy(SAMPLE, parent)
    assert main(["fork", str(parent), "--at", "5"]) == 0
    listed = capsys.readouterr().out
    assert main(["fork", str(parent), "--at", "5", "--choose", "0"]) == 0
    forked = capsys.readouterr().out
    changed = _changed_card_log(tmp_path / f"c{HOSTILE_NAME}")
    assert main(["capsule", str(changed), "--at", "30", "--out", str(tmp_path / "caps")]) == 0
    capsule_out, capsule_err = capsys.readouterr()
    for shown in (listed, forked, capsule_out, capsule_err):
        assert "\x1b" not in shown and "\u202e" not in shown, shown
    assert listed.startswith(f"{tmp_path}/w\\x1b[31m\\u202e x.exlog: decision 5 ")
    assert forked.startswith(f"wrote {tmp_path}/w\\x1b[31m\\u202e x_fork-d5-o0.exlog: fork "
                             f"of {tmp_path}/w\\x1b[31m\\u202e x.exlog ")
    assert capsule_err.startswith(f"exceed capsule: warning: {tmp_path}/cw\\x1b[31m\\u202e "
                                  "x.exlog: recorded with different card data")
    command = listed.splitlines()[-1].removeprefix("fork with: ")
    word = command.removeprefix("exceed fork ").split(" --at ")[0]
    said = subprocess.run(["bash", "-c", f"printf %s {word}"], capture_output=True,
                          check=True).stdout
    assert said == os.fsencode(parent)  # the command names the file, run as printed


def test_play_simulate_samples_and_dashboard_print_a_file_name_escaped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Leftover of the last walk: ``play --position``'s title line, ``simulate``'s and
    ``samples``' "wrote ... to DIR" and every ``dashboard`` error printed the path as it
    was, ESC and RIGHT-TO-LEFT OVERRIDE included, where every other command prints it
    ``printable``."""
    hostile = tmp_path / HOSTILE_NAME
    escaped = f"{tmp_path}/w\\x1b[31m\\u202e x.exlog"
    position = tmp_path / (HOSTILE_NAME + ".json")
    position.write_text(json.dumps(POSITION), encoding="utf-8")
    runs = {
        "play": ["play", "--p1", "ryu", "--p2", "ken", "--position", str(position)],
        "simulate": ["simulate", "--p1", "ryu", "--p2", "ken", "--games", "1",
                     "--out", str(hostile)],
        "dashboard": ["dashboard", "--db", str(tmp_path / (HOSTILE_NAME + ".duckdb"))],
    }
    shown: dict[str, str] = {}
    for command, argv in runs.items():
        code = main(argv)
        out, err = capsys.readouterr()
        shown[command] = out + err
        assert "\x1b" not in out + err and "\u202e" not in out + err, (command, out + err)
        assert code == (0 if command != "dashboard" else 2), (command, err)
    assert f"from the position in {escaped}.json" in shown["play"]
    assert f"wrote 1 game(s) to {escaped}: " in shown["simulate"]
    assert shown["dashboard"].startswith(f"exceed dashboard: no index at {escaped}.duckdb")


def test_export_prints_its_folder_escaped(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """``export``'s "exported ... to DIR" printed ``--parquet`` as it was: a folder named
    with ESC coloured or cleared the terminal (found by the attack walk)."""
    db = tmp_path / "index.duckdb"
    assert main(["index", str(SAMPLE), "--db", str(db), "--jobs", "1"]) == 0
    capsys.readouterr()
    code = main(["export", "--parquet", str(tmp_path / HOSTILE_NAME), "--db", str(db)])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert "\x1b" not in out and "\u202e" not in out
    assert out.endswith(f" row(s) to {tmp_path}/w\\x1b[31m\\u202e x.exlog\n")
    assert (tmp_path / HOSTILE_NAME / "games").is_dir()
