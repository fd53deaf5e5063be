"""A hostile folder of logs (``replay.folders``) under every command that walks one:
``info``, ``verify`` (and its triage, ``--jobs``), ``index`` and ``analyze``.

Each case is a folder holding good logs beside something hostile. Every command must end
(never wait on a pipe, never walk a loop of links), say one line naming what it passed
over and why, still read and count the good logs, and exit as it does for a file it
cannot read: ``info``, ``verify`` and ``analyze`` 2, ``index`` 1 (the file skipped).
Before the shared walk, a folder 1,100 deep stopped every command with a
``RecursionError`` (exit 70), and a named pipe, a link to nothing, a loop of links and a
subfolder that could not be read were passed over without a word.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from replay.folders import LINKED_FOLDER, walk
from tests.fifo_kit import fifo, released

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_games"
GOOD = SAMPLES / "ken-vs-ken_heuristic-vs-heuristic_seed13.exlog"
OTHER = SAMPLES / "byakuya-vs-ryu_heuristic-vs-heuristic_seed400.exlog"
Cli = Callable[..., Any]

ANALYZE = ("--no-store", "--rollouts", "1", "--best", "0", "--no-review")
COMMANDS: dict[str, tuple[list[str], int]] = {
    # name: (arguments after the folder, exit code when an entry is refused)
    "info": ([], 2),
    "verify": ([], 2),
    "verify --jobs": (["--jobs", "2"], 2),
    "index": (["--jobs", "1"], 1),
    "analyze": (list(ANALYZE), 2),
}


def run(cli: Cli, command: str, folder: Path, tmp_path: Path) -> Any:
    words, _ = COMMANDS[command]
    db = ["--db", str(tmp_path / f"{command.replace(' ', '')}.duckdb")] if command == "index" else []
    return cli(command.split()[0], folder, *words, *db)


def last_line(command: str, logs: int, good: int, refused: int) -> str:
    """The command's line of counts (analyze prints none)."""
    bad = logs - good - refused
    return {
        "info": f"{logs} log(s): {good} sealed and intact, {bad} damaged or unfinished, "
                f"{refused} unreadable",
        "verify": f"{logs} log(s): {good} identical, {bad} diverged or damaged, "
                  f"{refused} unreadable",
        "verify --jobs": f"{logs} log(s): {good} identical, 0 diverged (0 group(s)), "
                         f"{bad} damaged or unfinished, {refused} skipped (unreadable)",
        "index": f"indexed {good} game(s), 0 already indexed, {refused} skipped, "
                 f"{bad} damaged (indexed as unsealed)",
    }.get(command, "")


def said(command: str, path: Path | str, why: str) -> str:
    """How ``command`` names a log it passed over."""
    return f"{path}: skipped: {why}" if command == "index" else f"{path}: {why}"


def deep_tree(top: Path, levels: int) -> Path:
    """``top/d/d/.../d`` ``levels`` deep (``os.makedirs`` itself recurses); the bottom."""
    for level in range(1, levels + 1):
        os.mkdir(f"{top}{'/d' * level}")
    return Path(f"{top}{'/d' * levels}")


def remove_deep(top: Path, levels: int) -> None:
    """Remove ``deep_tree`` from the bottom up (``shutil.rmtree`` recurses too)."""
    bottom = Path(f"{top}{'/d' * levels}")
    for name in os.listdir(bottom):
        os.unlink(bottom / name)
    for level in range(levels, 0, -1):
        os.rmdir(f"{top}{'/d' * level}")


@pytest.fixture
def deep(tmp_path: Path) -> Iterator[Path]:
    """A good log on top and another at the bottom of folders 1,100 deep: past Python's
    recursion limit (1,000), within the system's longest path (2,200 characters)."""
    top = tmp_path / "deep"
    top.mkdir()
    shutil.copy(GOOD, top / "top.exlog")
    shutil.copy(OTHER, deep_tree(top, 1100) / "bottom.exlog")
    yield top
    remove_deep(top, 1100)


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_folder_of_folders_deeper_than_the_recursion_limit_is_walked(
        cli: Cli, deep: Path, tmp_path: Path, command: str) -> None:
    result = run(cli, command, deep, tmp_path)
    assert (result.code, result.err) == (0, ""), result.err
    assert "Traceback" not in result.out
    lines = result.out.splitlines()
    if command == "analyze":
        assert sum(line.startswith(str(deep)) for line in lines) == 2, lines
    else:
        assert lines[-1].startswith(last_line(command, 2, 2, 0)), lines[-1]


@pytest.fixture
def hostile(tmp_path: Path) -> Iterator[Path]:
    """Two good logs (one a link to a file outside) beside a named pipe, a link to
    nothing, a link to itself, links back up (``a -> .``, ``b/c -> ../b``) and a link to
    a folder outside holding a log."""
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.copy(OTHER, outside / "far.exlog")
    top = tmp_path / "logs"
    top.mkdir()
    shutil.copy(GOOD, top / "good.exlog")
    (top / "far.exlog").symlink_to(outside / "far.exlog")
    (top / "dangling.exlog").symlink_to(top / "gone.exlog")
    (top / "self.exlog").symlink_to("self.exlog")
    (top / "a").symlink_to(".")
    (top / "b").mkdir()
    (top / "b" / "c").symlink_to("../b")
    (top / "elsewhere").symlink_to(outside)
    pipe = fifo(top / "x.exlog")
    with released(pipe):  # a reader that opens the pipe gets an empty file, never hangs
        yield top


@pytest.mark.parametrize("command", list(COMMANDS))
def test_pipes_dead_links_and_loops_are_one_line_each_and_the_good_logs_counted(
        cli: Cli, hostile: Path, tmp_path: Path, command: str) -> None:
    result = run(cli, command, hostile, tmp_path)
    assert result.code == COMMANDS[command][1], result.err
    assert "Traceback" not in result.out + result.err
    assert sorted(result.err.splitlines()) == sorted([
        f"{hostile / 'a'}: {LINKED_FOLDER}",
        f"{hostile / 'b' / 'c'}: {LINKED_FOLDER}",
        f"{hostile / 'elsewhere'}: {LINKED_FOLDER}",
        said(command, hostile / "dangling.exlog",
             f"cannot read: a symbolic link to {hostile / 'gone.exlog'}, which does not exist"),
        said(command, hostile / "self.exlog", "cannot read: Too many levels of symbolic links"),
        said(command, hostile / "x.exlog", "cannot read: not a regular file (a named pipe)"),
    ])
    lines = result.out.splitlines()
    if command == "analyze":  # the two good logs' reports, the link's under its own name
        heads = [line for line in lines if line.startswith(str(hostile))]
        assert [h.split(":")[0] for h in heads] == [str(hostile / "far.exlog"),
                                                  str(hostile / "good.exlog")]
    else:
        assert lines[-1].startswith(last_line(command, 5, 2, 3)), lines[-1]


def test_the_walk_lists_what_it_found_and_why(hostile: Path) -> None:
    found = walk(hostile)
    assert found.logs == [str(hostile / n) for n in (
        "dangling.exlog", "far.exlog", "good.exlog", "self.exlog", "x.exlog")]
    assert set(found.refused) == {str(hostile / n) for n in (
        "dangling.exlog", "self.exlog", "x.exlog")}
    assert found.links == [str(hostile / "a"), str(hostile / "b" / "c"),
                           str(hostile / "elsewhere")]
    assert found.unreadable == []


def _without_root_reads() -> list[str] | None:
    """The prefix that runs a command as root without root's right to read any file
    (``setpriv`` dropping CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH): [] when not root,
    None when root and no ``setpriv`` is there."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    drop = "-dac_override,-dac_read_search"
    return [setpriv, f"--inh-caps={drop}", f"--bounding-set={drop}"]


PREFIX = _without_root_reads()


def _run_without_root_reads(command: str, top: Path, tmp_path: Path,
                            *more: str) -> subprocess.CompletedProcess[str]:
    """``exceed COMMAND TOP`` in a process that may not read what its modes forbid."""
    assert PREFIX is not None
    words, _ = COMMANDS[command]
    db = ["--db", str(tmp_path / "index.duckdb")] if command == "index" else []
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("EXCEED_DEBUG", None)
    return subprocess.run([*PREFIX, sys.executable, "-m", "replay.cli",
                           command.split()[0], str(top), *words, *db, *more],
                          capture_output=True, text=True, env=env, timeout=600)


@pytest.mark.skipif(PREFIX is None, reason="root reads any file, and no setpriv to drop it")
@pytest.mark.parametrize("command", list(COMMANDS))
def test_an_unreadable_log_and_subfolder_are_one_line_each(
        tmp_path: Path, command: str) -> None:
    """chmod 000 on a log and on a subfolder: each is one line, the good log is read.
    As root (the test machines), the command runs without root's right to read any
    file, so the modes hold. The folder is counted as a folder, never as a file: ``index``
    said ``DIR/sub: skipped: cannot read folder: ...`` and ``2 skipped``, ``verify
    --jobs`` ``2 skipped (unreadable)`` (of 2 logs, one of them identical), and ``info``
    and ``verify`` did not count it at all; each now ends its counts with ``1 folder(s)
    unreadable``."""
    top = tmp_path / "logs"
    top.mkdir()
    shutil.copy(GOOD, top / "good.exlog")
    shutil.copy(OTHER, top / "locked.exlog")
    (top / "sub").mkdir()
    shutil.copy(OTHER, top / "sub" / "in.exlog")
    (top / "locked.exlog").chmod(0)
    (top / "sub").chmod(0)
    _, code = COMMANDS[command]
    try:
        done = _run_without_root_reads(command, top, tmp_path)
        as_json = (_run_without_root_reads(command, top, tmp_path, "--json")
                   if command == "verify --jobs" else None)
    finally:
        (top / "sub").chmod(0o755)
    assert done.returncode == code, done.stderr
    assert done.stderr.splitlines() == [
        f"{top / 'sub'}: cannot read folder: Permission denied",
        said(command, top / "locked.exlog", "cannot read: Permission denied"),
    ]
    if command == "analyze":
        assert done.stdout.startswith(f"{top / 'good.exlog'}: "), done.stdout[:200]
    else:
        want = last_line(command, 2, 1, 1) + ", 1 folder(s) unreadable"
        assert done.stdout.splitlines()[-1].startswith(want), done.stdout
    if as_json is not None:
        assert as_json.returncode == code, as_json.stderr
        doc = json.loads(as_json.stdout)
        assert doc["counts"] == {"identical": 1, "diverged": 0, "damaged": 0, "skipped": 1,
                                 "logs": 2, "groups": 0, "unreadable_folders": 1,
                                 "empty_folders": 0}
        assert [s["path"] for s in doc["skipped"]] == [str(top / "locked.exlog")]
        assert doc["folders"] == [f"{top / 'sub'}: cannot read folder: Permission denied"]


@pytest.mark.parametrize("command", ["info", "verify", "index"])
def test_names_with_line_breaks_and_escapes_are_one_escaped_line_each(
        cli: Cli, tmp_path: Path, command: str) -> None:
    """The attacker's round on the walk: a folder named ``d\\x1b]0;T\\x07\\nfake:
    identical`` and logs named across lines. Every line names its file escaped, on one
    line. ``info`` and ``verify`` named a file that is no log ``bad name.exlog`` (a space
    for its line break: another file's name), ``index`` ``bad\\nname.exlog``; both now
    write ``\\n`` (``LogFormatError`` keeps a file name's breaks visible)."""
    top = tmp_path / "logs"
    folder = top / "d\x1b]0;T\x07\nfake: identical"
    folder.mkdir(parents=True)
    shutil.copy(GOOD, folder / "a\x1b[2Jb\nc.exlog")
    (top / "bad\nname.exlog").write_bytes(b"junk")
    result = run(cli, command, top, tmp_path)
    shown = result.out + result.err
    assert "\x1b" not in shown and "\x07" not in shown and "Traceback" not in shown
    assert said(command, f"{top}/bad\\nname.exlog", "not an EXCEED log (bad magic)") in (
        result.err.splitlines())
    good = f"{top}/d\\x1b]0;T\\x07\\nfake: identical/a\\x1b[2Jb\\nc.exlog: "
    if command != "index":
        assert any(line.startswith(good) for line in result.out.splitlines()), result.out
    assert result.out.splitlines()[-1].startswith(last_line(command, 2, 1, 1))


@pytest.mark.parametrize("command", list(COMMANDS))
def test_the_current_folder_names_its_logs_as_one_job_does(
        cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    """``exceed verify .`` named a log ``sub/bad.exlog``, but ``verify --jobs 2 .`` and
    ``index .`` named it ``./sub/bad.exlog`` (``os.scandir(".")``'s name): every command
    now names it as ``Path`` does, whatever the job count."""
    top = tmp_path / "logs"
    (top / "sub").mkdir(parents=True)
    shutil.copy(GOOD, top / "good.exlog")
    (top / "sub" / "bad.exlog").write_bytes(b"junk")
    monkeypatch.chdir(top)
    words, code = COMMANDS[command]
    db = ["--db", str(tmp_path / "index.duckdb")] if command == "index" else []
    result = cli(command.split()[0], ".", *words, *db)
    assert result.code == code, result.err
    assert result.err.splitlines() == [
        said(command, "sub/bad.exlog", "not an EXCEED log (bad magic)")]
    if command == "verify --jobs":
        doc = json.loads(cli("verify", ".", "--json", "--jobs", "2").out)
        assert [f["path"] for f in doc["files"]] == ["good.exlog", "sub/bad.exlog"]
