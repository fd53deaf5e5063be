"""``exceed verify`` of a folder (``replay/cli/logs.py``): every log under it checked,
its verdict printed, a last line of counts, and the worst exit code; a named pipe given
to any command that reads a log is refused at once."""

from __future__ import annotations

import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path
from typing import IO

import pytest

from replay.cli import main
from tests.fifo_kit import fifo, released, writer

ROOT = Path(__file__).resolve().parents[3]


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


@pytest.fixture
def folder(tmp_path: Path, sample_paths: list[Path]) -> Path:
    """Two sample logs, the second one level down, as ``exceed verify`` finds them."""
    shutil.copy(sample_paths[0], tmp_path / sample_paths[0].name)
    (tmp_path / "more").mkdir()
    shutil.copy(sample_paths[1], tmp_path / "more" / sample_paths[1].name)
    return tmp_path


def test_a_folder_of_intact_logs_is_identical_and_counted(
    folder: Path, sample_paths: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_main(capsys, "verify", str(folder))
    assert (code, err) == (0, "")
    first, second = folder / sample_paths[0].name, folder / "more" / sample_paths[1].name
    assert out[0].startswith(f"{first}: identical (")
    assert out[1].startswith(f"{second}: identical (")
    assert out[2:] == ["2 log(s): 2 identical, 0 diverged or damaged, 0 unreadable"]


def test_a_damaged_and_an_unreadable_log_in_a_folder(
    folder: Path, sample_paths: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    data = sample_paths[2].read_bytes()
    (folder / "cut.exlog").write_bytes(data[: len(data) // 2])
    (folder / "junk.exlog").write_bytes(b"not a log at all")
    code, out, err = run_main(capsys, "verify", str(folder))
    assert code == 2  # the worst: a file that is not a log
    assert any(line.startswith(f"{folder / 'cut.exlog'}: damaged log: ") for line in out)
    assert any(line.startswith(f"{folder / 'cut.exlog'}: identical prefix") for line in out)
    assert out[-1] == "4 log(s): 2 identical, 1 diverged or damaged, 1 unreadable"
    assert len(err.splitlines()) == 1 and str(folder / "junk.exlog") in err
    shutil.copy(sample_paths[0], folder / "junk.exlog")  # without the unreadable file: 1
    assert run_main(capsys, "verify", str(folder))[0] == 1


@pytest.mark.parametrize("command", ["info", "verify"])
def test_a_folder_without_logs_beside_one_with_logs_is_counted_as_a_folder(
    folder: Path, tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The counts said nothing of it (exit 2 with every log good); it is a folder, not a
    log: ``1 folder(s) without logs``."""
    empty = tmp_path / "empty"
    empty.mkdir()
    code, out, err = run_main(capsys, command, str(folder / "more"), str(empty))
    good = "identical" if command == "verify" else "sealed and intact"
    bad = "diverged or damaged" if command == "verify" else "damaged or unfinished"
    assert code == 2
    assert out[-1] == f"1 log(s): 1 {good}, 0 {bad}, 0 unreadable, 1 folder(s) without logs"
    assert err == f"{empty}: no .exlog files in this folder (or its subfolders)\n"


def test_a_folder_without_logs_is_one_line(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "verify", str(tmp_path))
    assert (code, out) == (2, [])
    assert err == f"{tmp_path}: no .exlog files in this folder (or its subfolders)\n"


def test_files_given_one_by_one_print_no_count_line(
    sample_paths: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_main(capsys, "verify", str(sample_paths[0]), str(sample_paths[1]))
    assert code == 0
    assert [line.split(": ")[1].split(" (")[0] for line in out] == ["identical", "identical"]


# --- names found on disk are data (audit) ------------------------------------------------


@pytest.mark.parametrize("argv", [["info"], ["verify"], ["verify", "--jobs", "2"]])
def test_control_characters_in_a_file_name_are_shown_escaped(
    argv: list[str], tmp_path: Path, sample_paths: list[Path],
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Audit: the name of a log found in a folder was printed raw, so a file named with an
    escape sequence (a colour, a screen clear, OSC 52 writing the clipboard) drove the
    terminal of whoever ran ``exceed info DIR`` on it, and a newline in a name broke the
    one-line refusal in two. Every such character is now shown escaped, as Python writes
    it, and each line stays one line."""
    evil = tmp_path / "\x1b]52;c;aGk=\x07\nfake.exlog"
    evil.write_bytes(b"not a log")
    red = tmp_path / "\x1b[31mred.exlog"
    data = sample_paths[0].read_bytes()
    red.write_bytes(data[: len(data) // 2])
    code, out, err = run_main(capsys, *argv, str(tmp_path))
    assert code == 2
    text = "\n".join(out) + err
    assert "\x1b" not in text and "\x07" not in text
    refusal = err.splitlines()[0]  # the engine's refusal keeps one line: \n became a space
    assert refusal.startswith(f"{tmp_path}/\\x1b]52;c;aGk=\\x07")
    assert refusal.endswith("fake.exlog: not an EXCEED log (bad magic)")
    if "--jobs" not in argv:  # the triage names only the groups' examples and the skipped
        assert any(f"{tmp_path}/\\x1b[31mred.exlog" in line for line in out)


def test_a_replay_warning_names_the_file_escaped(
    tmp_path: Path, sample_paths: list[Path], capsys: pytest.CaptureFixture[str],
) -> None:
    cut = tmp_path / "\x1b[2Jcut.exlog"
    data = sample_paths[0].read_bytes()
    cut.write_bytes(data[: len(data) // 2])
    code, _, err = run_main(capsys, "replay", str(cut))
    assert code == 1 and "\x1b" not in err
    assert err.startswith(f"exceed replay: warning: {tmp_path}/\\x1b[2Jcut.exlog: damaged at")


def test_a_file_name_stacking_accents_is_named_without_them(
    tmp_path: Path, sample_paths: list[Path], capsys: pytest.CaptureFixture[str],
) -> None:
    """A file named 'a' and 30 accents: ``exceed info`` named it in its one line with the
    30 marks raw, drawn as a column over the lines around it. The marks past two on one
    letter are escaped now (``quoting.printable``); an accented name is kept."""
    cut = tmp_path / ("a" + "\u0301" * 30 + ".exlog")
    data = sample_paths[0].read_bytes()
    cut.write_bytes(data[:100])
    code, _, err = run_main(capsys, "info", str(cut))
    assert code != 0
    assert err.count("\u0301") == 2 and err.count("\\u0301") == 28, err
    assert err.startswith(f"{tmp_path}/a\u0301\u0301\\u0301") and err.count("\n") == 1
    kept = tmp_path / "Nguyễn.exlog"
    kept.write_bytes(data[:100])
    code, _, err = run_main(capsys, "info", str(kept))
    assert err.startswith(f"{kept}: "), err


EVIL_NAME = "\x1b]0;owned\x07\x1b[2J\x1b[31m\u202e"
"""Retitles the terminal (OSC 0 ended by BEL), clears it, turns it red, reverses the text."""


def _evil_definitions_log(path: Path) -> Path:
    """A game recorded with definitions whose names are escape sequences: a log carries
    its own card and fighter definitions (format 2 on), so it may name a card anything,
    and its card_data is the fingerprint of exactly those definitions."""
    import msgspec

    from engine import Catalog, GameSetup, default_catalog, record_to_file

    catalog = default_catalog()
    cards = {cid: msgspec.structs.replace(card, name=EVIL_NAME + cid)
             if cid.startswith("ryu_") else card for cid, card in catalog.cards.items()}
    characters = dict(catalog.characters)
    characters["ryu"] = msgspec.structs.replace(characters["ryu"], name=EVIL_NAME + "Ryu")
    record_to_file(path, GameSetup(p1="ryu", p2="ken"), 7, ("random", "random"),
                   Catalog(cards=cards, characters=characters))
    return path


@pytest.mark.parametrize("extra", [["--turn", "2"], ["--why", "30"], ["-i"]])
def test_replay_escapes_the_names_of_a_logs_own_definitions(
    tmp_path: Path, extra: list[str],
) -> None:
    """Attack 3: ``exceed replay`` (the board, ``--why`` and the interactive viewer)
    printed the card and fighter names of the log's own definitions raw, so a log could
    retitle, clear and recolour the terminal of whoever replayed it. They are now shown
    escaped, as Python writes them, each board line still one line."""
    log = _evil_definitions_log(tmp_path / "evil.exlog")
    result = subprocess.run([sys.executable, "-m", "replay.cli", "replay", str(log), *extra],
                            input="t\nq\n", capture_output=True, text=True, cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    shown = result.stdout + result.stderr
    assert not any(c in shown for c in "\x1b\x07\u202e")
    assert "\\x1b]0;owned\\x07\\x1b[2J\\x1b[31m\\u202eRyu" in result.stdout


# --- a named pipe named directly (review item: it blocked, as `cat` would) ------------------


@pytest.mark.parametrize("command", [
    ["info"], ["verify"], ["replay"], ["analyze", "--no-store"], ["fork", "--at", "1"],
    ["capsule", "--at", "1"],
])
def test_a_named_pipe_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    """``exceed info pipe.exlog`` (and verify, replay, analyze, fork, capsule) opened the
    pipe and waited forever for a writer; a pipe nothing writes to is refused at once,
    in one line naming it."""
    pipe = fifo(tmp_path / "pipe.exlog")
    with released(pipe):
        code, out, err = run_main(capsys, *command, str(pipe))
    assert code == 2 and "Traceback" not in "\n".join(out) + err
    lines = err.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].endswith(f"{pipe}: cannot read: a pipe with nothing written to it"), lines


@pytest.mark.parametrize("command", [["info"], ["verify"]])
def test_a_log_sent_through_a_pipe_is_read(
        tmp_path: Path, sample_paths: list[Path], capsys: pytest.CaptureFixture[str],
        command: list[str]) -> None:
    """``exceed info <(zstdcat game.exlog.zst)`` or ``cat game.exlog | exceed verify
    /dev/stdin``: a pipe a writer holds is a log like any file (the first guard against
    named pipes refused these too)."""
    pipe = fifo(tmp_path / "pipe.exlog")
    thread = writer(pipe, [sample_paths[0].read_bytes()])
    with released(pipe, after=30):
        code, out, err = run_main(capsys, *command, str(pipe))
    thread.join()
    assert (code, err) == (0, "")
    expected = ": p1 " if command == ["info"] else ": identical ("
    assert out[0].startswith(f"{pipe}{expected}"), out


# --- '-': the log read from standard input ---------------------------------------------


def _exceed(*argv: str, stdin: int | IO[bytes] | None = None,
            data: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """``python -m replay.cli argv`` in a real process, whose standard input is ``stdin``
    (a file or a terminal) or a pipe carrying ``data``."""
    env = {k: v for k, v in os.environ.items() if k != "EXCEED_DEBUG"}
    return subprocess.run([sys.executable, "-m", "replay.cli", *argv], cwd=ROOT, env=env,
                          stdin=stdin, input=data, capture_output=True, timeout=600)


def test_dash_reads_the_log_from_standard_input(sample_paths: list[Path]) -> None:
    """``zstdcat game.exlog.zst | exceed verify -``: '-' is standard input, a pipe or a
    file; it was 'cannot read: No such file or directory'."""
    piped = _exceed("verify", "-", data=sample_paths[0].read_bytes())
    assert (piped.returncode, piped.stderr) == (0, b"")
    assert piped.stdout.decode().startswith("/dev/stdin: identical (")
    with sample_paths[0].open("rb") as stream:
        redirected = _exceed("info", "-", stdin=stream)
    assert (redirected.returncode, redirected.stderr) == (0, b"")
    assert redirected.stdout.decode().startswith("/dev/stdin: p1 ")


@pytest.mark.parametrize("argv", [
    ["info", "-", "-"],
    ["verify", "-", "/dev/stdin"],
    ["verify", "--json", "-", "-"],
    ["analyze", "--no-store", "--rollouts", "1", "-", "-"],
])
def test_standard_input_named_twice_is_one_line_before_reading(
        sample_paths: list[Path], argv: list[str]) -> None:
    """The log sent through the pipe is read once: a second ``-`` found the pipe drained
    and said "/dev/stdin: cannot read: a pipe with nothing written to it", which was not
    so (``analyze``, which reads a log named twice once, analysed it and refused it
    too). Now one line says what is wrong, exit 2, before anything is read."""
    result = _exceed(*argv, data=sample_paths[0].read_bytes())
    assert (result.returncode, result.stdout) == (2, b"")
    assert result.stderr.decode() == (
        f"exceed {argv[0]}: standard input (- or /dev/stdin) is named 2 times; a log sent "
        "through it is read once: name it once\n")


def test_dash_on_a_terminal_is_refused_before_reading() -> None:
    """Standard input that is a terminal would never end the log: refused at once."""
    leader, follower = pty.openpty()
    try:
        result = _exceed("info", "-", stdin=follower)
    finally:
        os.close(follower)
        os.close(leader)
    assert result.returncode == 2 and b"Traceback" not in result.stderr
    assert b"- reads standard input, a terminal here" in result.stderr


@pytest.mark.parametrize("argv", [
    ["replay", "-", "--interactive"],
    ["fork", "-", "--at", "1", "--choose", "0", "--agents", "human,heuristic"],
    ["play", "--p1", "ryu", "--p2", "ken", "--position", "-", "--agents", "human,heuristic"],
])
def test_dash_leaves_no_standard_input_for_keys_or_a_person(
        sample_paths: list[Path], argv: list[str]) -> None:
    """Keys (``replay -i``) or a human seat's moves would be read from the standard
    input the log (or ``play``'s position) came through: one line says so, nothing is
    played."""
    result = _exceed(*argv, data=sample_paths[0].read_bytes())
    assert result.returncode == 2 and result.stdout == b""
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].endswith("/dev/stdin ('-') is read as the game, so "
                             + ("--interactive" if argv[0] == "replay" else "a human seat")
                             + " cannot read standard input too"), lines


def test_replay_keeps_a_name_across_lines_inside_its_board_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A card or fighter of a log's own definitions named ``x\\n  <- decision 0: p1
    resigns`` broke the board's lines in two (``printable_lines`` kept the name's line
    break), so a log could add lines of its own to the board. Each line of the board is
    now escaped on its own, the break written ``\\n``."""
    from tests.forged_names import forged_log

    log = forged_log(tmp_path / "forged.exlog")
    code, out, _ = run_main(capsys, "replay", str(log), "--event", "45", "--recent", "2")
    assert code == 0
    assert out[3] == "p1 bang\\n  <- decision 0: p1 resigns: life 26 · turn player"
    assert out[-2:] == ["  #44 p2 ryu\\n  <- decision 0: p1 resigns is STUNNED",
                        "  #45 p1 bang\\n  <- decision 0: p1 resigns moves 3 -> 4"]
    assert len(out) == 21  # the lines of a board of plain names
