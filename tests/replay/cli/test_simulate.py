"""Tests for ``exceed simulate`` (``replay/cli/simulate.py``) and ``exceed info``
(``replay/cli/logs.py``).

Everything goes through the product's entry point, ``replay.cli.main``, as a user's
command line would. Exit codes: 0 ok, 1 a damaged or unfinished log (info), 2 a usage
error or an unreadable log.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

import pytest

from engine.recording.log import FORMAT_VERSION, PREAMBLE_SIZE, expanded, iter_frames
from engine.recording.record import read_game
from replay.cli import main

ARGS = ["simulate", "--p1", "ryu", "--p2", "ken", "--seed", "7", "--games", "6",
        "--agents", "heuristic,random"]
NAMES = [f"ryu-vs-ken_heuristic-vs-random_seed{seed}.exlog" for seed in range(7, 13)]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as stop:  # argparse refusals
        code = stop.code if isinstance(stop.code, int) else 2
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "Traceback" not in out
    return code, out, err


def _files(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    out = tmp_path_factory.mktemp("sim")
    assert main([*ARGS, "--out", str(out)]) == 0
    return _files(out)


@pytest.fixture
def clean(games: dict[str, bytes], tmp_path: Path) -> Path:
    path = tmp_path / NAMES[0]
    path.write_bytes(games[NAMES[0]])
    return path


# --------------------------------------------------------------------------- simulate


def test_simulate_names_files_by_matchup_agents_and_seed(games: dict[str, bytes]) -> None:
    assert sorted(games) == sorted(NAMES)
    for name, data in games.items():
        assert data.startswith(b"\x89EXLOG\r\n")
        seed = int(name.rsplit("seed", 1)[1].removesuffix(".exlog"))
        assert f"_seed{seed}.exlog" in name


def test_simulate_twice_gives_byte_identical_files(
    games: dict[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(capsys, *ARGS, "--out", str(tmp_path))
    assert code == 0 and err == ""
    assert _files(tmp_path) == games
    # issue 27 item 19: the batch's win/loss summary, as the logs record it
    winners = []
    for path in sorted(tmp_path.glob("*.exlog")):
        trailer = read_game(path).trailer
        assert trailer is not None, path
        winners.append(trailer.winner)
    p1 = sum(1 for w in winners if w == 0)
    p2 = sum(1 for w in winners if w == 1)
    assert p1 + p2 == 6
    assert out.strip() == (f"wrote 6 game(s) to {tmp_path}: p1 {ARGS[ARGS.index('--p1') + 1]} "
                           f"won {p1}, p2 {ARGS[ARGS.index('--p2') + 1]} won {p2} "
                           f"({p1 / 6:.0%} for p1)")
    assert not list(tmp_path.glob("*.part"))


def test_jobs_change_the_wall_time_never_the_bytes(
    games: dict[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for jobs in ("1", "2"):
        out = tmp_path / f"jobs{jobs}"
        code, _, _ = _run(capsys, *ARGS, "--out", str(out), "--jobs", jobs)
        assert code == 0
        assert _files(out) == games, f"--jobs {jobs}"


def test_simulated_games_record_their_setup(games: dict[str, bytes], tmp_path: Path) -> None:
    for seed, name in enumerate(NAMES, start=7):
        path = tmp_path / name
        path.write_bytes(games[name])
        log = read_game(path)
        assert log.sealed and log.damage is None
        assert (log.header.p1, log.header.p2, log.header.seed) == ("ryu", "ken", seed)
        assert log.header.agents == ("heuristic", "random")


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--agents", "heuristic"], "--agents takes two names"),
        (["--agents", "heuristic,random,random"], "--agents takes two names"),
        (["--agents", "heuristic,mcts"], "unknown agent 'mcts'"),
        (["--p2", "gouken"], "unknown character 'gouken'"),
        (["--games", "0"], "--games: expected a positive integer, got 0"),
        (["--games", "many"], "--games: expected a positive integer"),
        (["--jobs", "0"], "--jobs: expected a positive integer, got 0"),
        (["--seed", "-1"], "seed must be in 0..2**64-1"),
        (["--seed", str(2**64 - 3), "--games", "6"], "must stay below 2**64"),
    ],
)
def test_bad_simulate_arguments_give_one_clear_line(
    argv: list[str], needle: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = {"--p1": "ryu", "--p2": "ken", "--out": str(tmp_path / "out")}
    pairs = dict(zip(argv[::2], argv[1::2], strict=True))
    merged = {**base, **pairs}
    command = ["simulate"] + [x for kv in merged.items() for x in kv]
    code, _, err = _run(capsys, *command)
    assert code == 2
    lines = [line for line in err.splitlines() if needle in line]
    assert len(lines) == 1, err
    assert lines[0].startswith("exceed simulate: ")
    # argparse may show its usage line first; the message itself is the last line
    assert err.rstrip().splitlines()[-1] == lines[0]
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


# --------------------------------------------------------------------------- info


def test_info_summarises_a_clean_file(clean: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = read_game(clean)
    assert log.trailer is not None
    code, out, err = _run(capsys, "info", str(clean))
    assert code == 0 and err == ""
    winner, loser = (("p1 Ryu", "p2 Ken Masters") if log.trailer.winner == 0
                     else ("p2 Ken Masters", "p1 Ryu"))
    # issue 27 item 19: whose life (a name ending in s takes a bare apostrophe)
    why = (f"{loser}{chr(39) if loser.endswith('s') else chr(39) + 's'} life reached 0"
           if log.trailer.reason == 0 else f"{loser} decked out")
    assert out.splitlines()[0].startswith(f"{clean}: p1 Ryu vs p2 Ken Masters, seed 7, ")
    assert "agents heuristic/random" in out
    assert f"result: {winner} wins ({why})" in out
    assert f"turns {log.trailer.turns}, strikes {log.trailer.strikes}, " in out
    assert f"decisions {log.trailer.decisions}, events {log.trailer.events}, " in out
    assert "sealed: yes" in out and "problem" not in out


def test_info_on_several_files_exits_with_the_worst_code(
    clean: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cut = tmp_path / "cut.exlog"
    cut.write_bytes(clean.read_bytes()[:-5])
    code, out, _ = _run(capsys, "info", str(clean), str(cut))
    assert code == 1 and out.count("sealed: ") == 2
    code, _, err = _run(capsys, "info", str(clean), str(cut), str(tmp_path / "missing"))
    assert code == 2 and "missing" in err


def test_info_on_a_truncated_file_says_where_it_stopped(
    clean: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = clean.read_bytes()
    full = read_game(clean)
    clean.write_bytes(data[: len(data) // 2])
    half = read_game(clean).damage
    assert half is not None
    # cut inside the payload of the frame the middle falls in (past its 9-byte head)
    clean.write_bytes(data[: half.offset + 9 + 4])
    log = read_game(clean)
    assert log.damage is not None and log.damage.offset == half.offset
    code, out, _ = _run(capsys, "info", str(clean))
    assert code == 1
    assert "sealed: no" in out and "result: unfinished" in out
    assert f"stopped at byte {log.damage.offset} (frame {log.damage.frame_index})" in out
    assert "truncated payload" in out
    assert f"kept {len(log.steps)} step(s) and {log.event_count} event(s)" in out
    assert 0 < log.event_count < full.event_count


def test_info_on_a_file_cut_at_a_frame_boundary_says_unfinished(
    clean: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = read_game(clean)
    data = clean.read_bytes()
    # drop the trailer frame exactly: the file is a clean but unfinished game (a format 6
    # log's records as plain frames, so that the trailer is a frame of its own)
    data = expanded(data)
    last_offset = [offset for _, offset, _ in iter_frames(data)][-1]
    clean.write_bytes(data[:last_offset])
    code, out, _ = _run(capsys, "info", str(clean))
    assert code == 1
    assert "sealed: no" in out and "no trailer: the game was not finished" in out
    assert f"events {log.event_count}, " in out  # every step survived


def test_info_on_a_flipped_payload_byte_reports_a_checksum_mismatch(
    clean: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = bytearray(clean.read_bytes())
    data[len(data) // 2] ^= 0x40
    clean.write_bytes(bytes(data))
    code, out, _ = _run(capsys, "info", str(clean))
    assert code == 1
    assert "checksum" in out and "sealed: no" in out


@pytest.mark.parametrize("kind", ["foreign", "future", "missing", "empty", "directory"])
def test_info_refuses_unreadable_files_with_one_line(
    kind: str, clean: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / f"{kind}.exlog"
    if kind == "foreign":
        path.write_bytes(b"PK\x03\x04 this is a zip file, not a game log" * 3)
    elif kind == "future":
        data = bytearray(clean.read_bytes())
        struct.pack_into(">H", data, 8, FORMAT_VERSION + 1)
        assert len(data) > PREAMBLE_SIZE
        path.write_bytes(bytes(data))
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "directory":
        path.mkdir()
    code, out, err = _run(capsys, "info", str(path))
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and str(path) in err, err
    if kind == "future":
        assert f"format version {FORMAT_VERSION + 1} is newer" in err and "upgrade" in err
    if kind == "foreign":
        assert "not an EXCEED log" in err
    if kind == "missing":
        assert "No such file" in err


def test_info_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "info")
    assert code == 2 and "FILE" in err


# --------------------------------------------------------------------------- info DIR


def _folder(games: dict[str, bytes], root: Path) -> dict[str, Path]:
    """root/ with two clean logs, root/sub/ with a truncated one, plus files to ignore."""
    (root / "sub").mkdir(parents=True)
    paths = {
        "a": root / NAMES[1],
        "b": root / NAMES[0],
        "cut": root / "sub" / NAMES[2],
    }
    paths["a"].write_bytes(games[NAMES[1]])
    paths["b"].write_bytes(games[NAMES[0]])
    paths["cut"].write_bytes(games[NAMES[2]][:-5])
    (root / "notes.txt").write_text("not a log")
    (root / "sub" / "game.exlog.part").write_bytes(games[NAMES[3]][:100])
    return paths


def test_info_on_a_folder_summarises_every_log_under_it_sorted(
    games: dict[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = _folder(games, tmp_path / "logs")
    code, out, err = _run(capsys, "info", str(tmp_path / "logs"))
    assert code == 1 and err == ""  # the truncated log is the worst: damaged
    heads = [line.split(": ", 1)[0] for line in out.splitlines() if not line.startswith(" ")]
    # sorted by path: seed7 and seed8 in logs/, then sub/seed9; .txt and .part ignored
    assert heads == [str(paths["b"]), str(paths["a"]), str(paths["cut"]),
                     "3 log(s)"]
    assert out.count("sealed: yes") == 2 and out.count("sealed: no") == 1
    assert out.splitlines()[-1] == (
        "3 log(s): 2 sealed and intact, 1 damaged or unfinished, 0 unreadable")


def test_info_on_a_folder_and_a_bad_file_reports_both_and_exits_2(
    games: dict[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _folder(games, tmp_path / "logs")
    foreign = tmp_path / "logs" / "sub" / "zip.exlog"
    foreign.write_bytes(b"PK\x03\x04 this is a zip file, not a game log" * 3)
    missing = tmp_path / "gone.exlog"
    code, out, err = _run(capsys, "info", str(tmp_path / "logs"), str(missing))
    assert code == 2  # an unreadable file outranks a damaged one
    assert err.splitlines() == [f"{foreign}: not an EXCEED log (bad magic)",
                                f"{missing}: cannot read: No such file or directory"]
    assert out.splitlines()[-1] == (
        "5 log(s): 2 sealed and intact, 1 damaged or unfinished, 2 unreadable")


def test_info_on_a_clean_folder_exits_0(
    games: dict[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in NAMES:
        (tmp_path / name).write_bytes(games[name])
    code, out, err = _run(capsys, "info", str(tmp_path))
    assert code == 0 and err == ""
    assert out.count("sealed: yes") == 6
    assert out.splitlines()[-1] == (
        "6 log(s): 6 sealed and intact, 0 damaged or unfinished, 0 unreadable")


@pytest.mark.parametrize("content", ["empty", "other files"])
def test_info_on_a_folder_without_logs_is_one_line_and_exit_2(
    content: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "nothing"
    folder.mkdir()
    if content == "other files":
        (folder / "sub").mkdir()
        (folder / "sub" / "notes.txt").write_text("hello")
        (folder / "game.exlog.part").write_bytes(b"\x89EXLOG")
    code, out, err = _run(capsys, "info", str(folder))
    assert code == 2 and out == ""
    assert err.splitlines() == [f"{folder}: no .exlog files in this folder (or its subfolders)"]


# ------------------------------------------------------- simulate: failures midway (audit)

SMALL = ["simulate", "--p1", "ryu", "--p2", "ken", "--games", "4"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_log_name_taken_by_a_folder_is_one_line_and_keeps_the_games_before_it(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, jobs: str) -> None:
    """Audit: a folder named like game 2's log made ``os.replace`` fail in the worker: an
    internal error (exit 70) that said nothing of the two games already written, and a
    ``.part`` file left behind. Now: one line naming the log and what was kept, exit 2."""
    blocked = tmp_path / "ryu-vs-ken_random-vs-random_seed2.exlog"
    blocked.mkdir()
    code, out, err = _run(capsys, *SMALL, "--jobs", jobs, "--out", str(tmp_path))
    assert code == 2 and out == ""
    assert err.splitlines() == [f"exceed simulate: cannot write {blocked}: Is a directory; "
                                f"2 of 4 game(s) are in {tmp_path}"]
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [f"ryu-vs-ken_random-vs-random_seed{s}.exlog" for s in range(3)]
    for seed in (0, 1):
        assert read_game(tmp_path / names[seed]).sealed


def test_an_output_folder_that_takes_no_file_is_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``/proc/self`` exists but no file can be created in it: exit 2, not 70."""
    if not Path("/proc/self").is_dir():
        pytest.skip("no /proc")
    code, out, err = _run(capsys, *SMALL, "--out", "/proc/self")
    assert out == ""
    assert code == 2 and len(err.splitlines()) == 1
    assert err.startswith("exceed simulate: cannot write /proc/self/ryu-vs-ken_random-vs-")
    assert err.rstrip().endswith("0 of 4 game(s) are in /proc/self")


def test_ctrl_c_says_how_many_games_are_kept(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Audit: Ctrl-C said only ``exceed simulate: interrupted``; the finished logs were
    kept but the line said nothing of them nor of the game cut short."""
    from replay.cli import simulate as games_cli

    real = games_cli._record

    def record(job: games_cli.Job) -> int | None:
        if job[4] == 2:  # the third game: cut short after its .part file is opened
            games_cli._target(job).with_name(games_cli._target(job).name + ".part").touch()
            raise KeyboardInterrupt
        return real(job)

    monkeypatch.setattr(games_cli, "_record", record)
    code, out, err = _run(capsys, *SMALL, "--out", str(tmp_path))
    assert code == 130 and out == ""
    assert err.splitlines() == [f"exceed simulate: interrupted; 2 of 4 game(s) are in "
                                f"{tmp_path}; 1 cut short, kept unfinished as .exlog.part"]


def test_a_second_ctrl_c_while_the_pool_ends_still_ends_it_before_the_count(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Found re-running the README walk's Ctrl-C on ``simulate --jobs 2`` under
    ``timeout -s INT`` (which signals the command and then its whole group: two
    SIGINTs): the second one broke into the pool's ``terminate()``, the workers played on
    and the line said "50 of 20000 game(s) are in DIR" with 56 there, and more coming.
    Here the first interrupt comes from the progress, the second as a real SIGINT when
    the pool starts to end."""
    import multiprocessing
    import os
    import signal
    import time
    from contextlib import contextmanager

    from replay.cli import simulate as games_cli

    @contextmanager
    def progress(what: str, stream: object = None) -> Any:
        def advance(done: int, total: int) -> None:
            if done == 3:
                raise KeyboardInterrupt
        yield advance

    real = multiprocessing.pool.Pool.terminate

    def terminate(self: multiprocessing.pool.Pool) -> None:
        os.kill(os.getpid(), signal.SIGINT)  # the second Ctrl-C
        real(self)

    monkeypatch.setattr(games_cli, "progress", progress)
    monkeypatch.setattr(multiprocessing.pool.Pool, "terminate", terminate)
    out_dir = tmp_path / "games"
    code, _, err = _run(capsys, "simulate", "--p1", "ryu", "--p2", "ken", "--games", "2000",
                        "--jobs", "2", "--out", str(out_dir))
    assert code == 130
    assert multiprocessing.active_children() == []
    said = int(err.split("interrupted; ")[1].split(" of ")[0])
    time.sleep(0.5)  # a worker left playing would write more meanwhile
    assert said == len(list(out_dir.glob("*.exlog"))), err
