"""Tests for ``exceed play``'s files, and the other commands' ``--out`` (``replay/cli/games.py``),
under hostile values: an ``--out`` naming a folder or a file, that cannot be written,
that exists or appears meanwhile, or a dangling link; a ``--position`` file that costs
too much, comes from ``/dev/zero``, a pipe nothing writes to, or holds what no log can
hold. Each is one line and a non-zero exit, never a traceback, and no part file is left.
Moved from ``test_games.py`` (over 600 lines), unchanged.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.recording.record import Recording
from tests.fifo_kit import fifo, released, writer
from tests.replay.cli.test_games import PLAY, assert_one_line_error, run

# --- hostile --out and --position (audit of the command line) -------------------------


def test_play_out_naming_a_folder_is_one_line_and_leaves_no_part_file(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Audit: ``--out DIR`` played the game, then ``os.replace(DIR.part, DIR)`` failed:
    an internal error (exit 70) and a stray ``DIR.part`` beside the folder."""
    folder = tmp_path / "logs"
    folder.mkdir()
    code, out, err = run(capsys, [*PLAY, "--out", str(folder)])
    line = assert_one_line_error(code, out, err, str(folder), "is a folder")
    assert code == 2 and "internal error" not in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["logs"]


def test_simulate_out_naming_a_file_says_it_takes_a_folder(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``simulate --out MANIFEST`` said "cannot create MANIFEST: File exists", which does
    not say a folder was wanted (newcomer's walk); the file is left as it was."""
    manifest = tmp_path / "MANIFEST"
    manifest.write_text("keep me\n")
    code, out, err = run(capsys, ["simulate", "--p1", "ryu", "--p2", "ken", "--games", "1",
                                  "--out", str(manifest)])
    assert (code, out) == (2, "")
    assert err == (f"exceed simulate: --out {manifest} is a file; --out takes the folder to "
                   "write the logs into\n")
    assert manifest.read_text() == "keep me\n"


@pytest.mark.parametrize(("argv", "what"), [
    (["fuzz", "--games", "1", "--fighter", "ryu"], "failing games"),
    (["samples"], "the samples"),
])
def test_fuzz_and_samples_out_naming_a_file_say_they_take_a_folder(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str],
        what: str) -> None:
    """Walking the terminal as an attacker: ``fuzz --out FILE`` played every game and
    would have failed only at the first failure, writing its log (``mkdir`` of a file);
    ``samples --out FILE`` said ``cannot write FILE: File exists``. Both refuse it first,
    as ``simulate --out`` does, the name's escape sequence shown escaped, the file kept."""
    taken = tmp_path / "a\x1b[2Jb"
    taken.write_text("keep me\n")
    code, out, err = run(capsys, [*argv, "--out", str(taken)])
    assert (code, out) == (2, "")
    assert err == (f"exceed {argv[0]}: --out {tmp_path}/a\\x1b[2Jb is a file; --out takes "
                   f"the folder to write {what} into\n")
    assert taken.read_text() == "keep me\n"
    assert [p.name for p in tmp_path.iterdir()] == [taken.name]


@pytest.mark.parametrize("games", ["1000001", "10000001", "9" * 5000])
def test_fuzz_games_has_simulates_ceiling(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, games: str) -> None:
    """``exceed fuzz --games 10000001`` had no ceiling (``types.positive``) and started
    playing, while ``simulate --games`` stops at ``MAX_GAMES``: fuzz is refused past it
    the same way, usage and one line, exit 2, before a game is played or a folder made."""
    out_dir = tmp_path / "out"
    code, out, err = run(capsys, ["fuzz", "--games", games, "--out", str(out_dir)])
    assert (code, out) == (2, "")
    assert err.startswith("usage: exceed fuzz ")
    refusal = err.splitlines()[-1]
    assert refusal.startswith("exceed fuzz: error: argument --games: expected at most "
                              "1,000,000, got ")
    assert "Traceback" not in err and not out_dir.exists()
    code, _, err = run(capsys, ["simulate", "--p1", "ryu", "--p2", "ken", "--games", games,
                                "--out", str(out_dir)])
    assert code == 2
    assert err.splitlines()[-1] == refusal.replace("exceed fuzz:", "exceed simulate:")


def test_fuzz_games_takes_the_ceiling_itself(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """1,000,000 is taken: the next check (``--seed + --games`` past 2**64) refuses it,
    so no game is played."""
    code, out, err = run(capsys, ["fuzz", "--games", "1000000", "--seed", str(2**64 - 1),
                                  "--out", str(tmp_path / "out")])
    assert (code, out) == (2, "")
    assert err == "exceed fuzz: --seed + --games must stay below 2**64\n"


def test_play_out_that_cannot_be_written_leaves_no_part_file(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "missing" / "game.exlog"
    code, out, err = run(capsys, [*PLAY, "--out", str(target)])
    assert_one_line_error(code, out, err, f"cannot write {target}")
    assert code == 2 and not (tmp_path / "missing").exists()


def test_play_out_never_overwrites_an_existing_log(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The CLI audit left: with agent seats, ``play --out EXISTING`` replaced the file
    silently, while with a human seat and in ``fork`` an existing file is never
    overwritten. Now all three refuse in one line naming it, exit 2, before playing."""
    target = tmp_path / "kept.exlog"
    target.write_bytes(b"someone's game")
    code, out, err = run(capsys, [*PLAY, "--out", str(target)])
    line = assert_one_line_error(code, out, err, f"{target} already exists")
    assert code == 2 and out == "" and "--out" in line
    assert target.read_bytes() == b"someone's game"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.exlog"]


def test_play_out_refuses_a_dangling_symlink_before_playing(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A symlink at ``--out`` to a file not there yet was taken for a free name: the
    game was played, the log kept as ``.part`` and the line said the file "appeared
    while the game was played". Now it is refused before playing, as any existing name
    is, and nothing is written through it."""
    target, pointed = tmp_path / "link.exlog", tmp_path / "elsewhere.exlog"
    target.symlink_to(pointed)
    code, out, err = run(capsys, [*PLAY, "--out", str(target)])
    line = assert_one_line_error(code, out, err, f"{target} already exists")
    assert code == 2 and out == "" and "--out" in line
    assert not pointed.exists() and target.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.exlog"]


def test_play_out_keeps_the_game_when_the_file_appears_meanwhile(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A file made at ``--out`` while the game is played is not replaced either: the
    game stays in its ``.part`` file, and the line says where."""
    target = tmp_path / "game.exlog"
    real = Recording.seal  # the class games records with

    def seal(self: Any) -> None:
        real(self)
        target.write_bytes(b"another writer's")

    monkeypatch.setattr(Recording, "seal", seal)
    code, out, err = run(capsys, [*PLAY, "--out", str(target)])
    assert_one_line_error(code, out, err, f"{target} appeared while the game was played",
                          f"the game is in {target}.part")
    assert code == 2 and target.read_bytes() == b"another writer's"
    assert (tmp_path / "game.exlog.part").stat().st_size > 0


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize(("content", "needle"), [
    (_deep(100_000), "nested too deeply"),
    ('{"turn": ' + "1" * 5000 + "}", "is not a position"),
    ('{"p1": {"life": ' + "9" * 5000 + "}}",
     "is not a position: it holds a number of more than 4,300 digits"),
    (" " * ((1 << 20) + 1), "larger than the 1 MiB a position may take"),
])
def test_a_position_file_that_costs_too_much_is_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, needle: str) -> None:
    """Audit: ``--position`` read the whole file whatever its size (``/dev/zero`` ended
    in a MemoryError) and a deeply nested array or a 5,000-digit number was an internal
    error (RecursionError, ValueError), exit 70; then the number's refusal was Python's
    own words, "... use sys.set_int_max_str_digits() to increase the limit", advice for
    a programmer; now it says what is wrong with the file."""
    recipe = tmp_path / "hostile.json"
    recipe.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, [*PLAY, "--position", str(recipe)])
    line = assert_one_line_error(code, out, err, str(recipe), needle)
    assert code == 2 and "internal error" not in line and "sys." not in line


def test_a_position_from_dev_zero_is_refused_unread(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A device is never read (it was read up to the cap before pipes were read)."""
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    code, out, err = run(capsys, [*PLAY, "--position", "/dev/zero"])
    assert_one_line_error(code, out, err,
                          "cannot read /dev/zero: not a regular file (a character device)")


def test_a_position_from_a_named_pipe_nothing_writes_to_is_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``play --position PIPE`` waited forever on a named pipe nothing wrote to (noticed
    at the last stop); it is refused at once."""
    pipe = fifo(tmp_path / "position.json")
    with released(pipe):
        code, out, err = run(capsys, [*PLAY, "--position", str(pipe)])
    assert_one_line_error(code, out, err,
                          f"cannot read {pipe}: a pipe with nothing written to it")


def test_a_position_sent_through_a_pipe_is_read(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``play --position <(...)``: a pipe a writer holds is read like a file, under the
    same cap (its JSON error names the pipe)."""
    pipe = fifo(tmp_path / "position.json")
    thread = writer(pipe, [b'{"turn": 5,'])
    with released(pipe, after=30):
        code, out, err = run(capsys, [*PLAY, "--position", str(pipe)])
    thread.join()
    line = assert_one_line_error(code, out, err, "is not JSON")
    assert str(pipe) in line


@pytest.mark.parametrize(("recipe", "needle"), [
    ({"turn": 100_000_000_000}, "turn must be at most 998, got 100000000000"),
    ({"turn": 999}, "turn must be at most 998, got 999"),
    ({"turn": 5000}, "turn must be at most 998, got 5000"),
    ({"turn": 2**64}, "turn must be at most 998, got a number of 13 digits or more"),
])
def test_a_position_no_log_can_hold_is_refused_before_playing(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, recipe: dict[str, Any],
        needle: str) -> None:
    """Audit: a recipe's turn is only checked to be 0 or more, so ``play --position --out``
    played and wrote a log (exit 0) that every reader refuses at its setup step: the
    game was lost ("damaged at byte 12, kept 0 events"); a turn of 2**64 was an internal
    error that left the ``.part`` file. The recipe's turn is now refused by its own bound
    (its next turn is a ``position_edited`` value, at most 999), naming the field: the
    terminal walk found msgpack's "can't serialize ints" and "position_edited value 5000
    is outside -999..999" in these lines. One line naming the file and the value, exit 2,
    nothing written."""
    path = tmp_path / "far.json"
    path.write_text(json.dumps(recipe), encoding="utf-8")
    log = tmp_path / "far.exlog"
    code, out, err = run(capsys, [*PLAY, "--position", str(path), "--out", str(log)])
    line = assert_one_line_error(code, out, err, f"{path}: {needle}")
    assert code == 2 and "internal error" not in line
    assert list(tmp_path.iterdir()) == [path]


@pytest.mark.parametrize("turn", [900, 998])
def test_a_position_at_a_late_turn_a_log_can_hold_still_plays(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, turn: int) -> None:
    path = tmp_path / "late.json"
    path.write_text(json.dumps({"turn": turn}), encoding="utf-8")
    log = tmp_path / "late.exlog"
    code, out, err = run(capsys, [*PLAY, "--position", str(path), "--out", str(log)])
    assert code == 0, err
    code, out, err = run(capsys, ["verify", str(log)])
    assert code == 0 and "identical" in out, out + err


def test_samples_name_the_file_they_cannot_write(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The CLI audit left: with one sample's log name taken by a folder, ``samples --out
    DIR`` said ``cannot write DIR: Is a directory``, naming the folder it writes into."""
    first = "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"  # the first sample written
    (tmp_path / first).mkdir()
    code, out, err = run(capsys, ["samples", "--out", str(tmp_path)])
    assert code == 2 and out == ""
    assert err == f"exceed samples: cannot write {tmp_path / first}: Is a directory\n"
    assert (tmp_path / first).is_dir() and not list(tmp_path.glob("*.part"))


@pytest.mark.parametrize("argv", [
    ["simulate", "--p1", "ryu", "--p2", "ken", "--out", "OUT", "--agents", "x" * 5000],
    ["play", "--p1", "ryu", "--p2", "ken", "--agents", "x" * 5000],
    ["play", "--p1", "r" * 5000, "--p2", "ken"],
    ["play", "--p1", "ryu+ryu+" + "r" * 5000, "--p2", "ken"],
])
def test_a_long_value_typed_is_named_cut_short(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]) -> None:
    """Found with the audits' leftovers: ``--agents`` and a fighter of 5,000 characters
    came back whole in the one-line refusal."""
    code, out, err = run(capsys, [str(tmp_path / "out") if a == "OUT" else a for a in argv])
    line = assert_one_line_error(code, out, err, "…' (5,00")
    assert code == 2 and len(line.split("; playable:")[0]) < 200, line
