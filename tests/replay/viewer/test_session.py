"""The interactive viewer: keys in a real pseudo-terminal, piped keys, and the key map."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core.ids import Player
from engine.recording.game_log import GameLog
from engine.recording.record import read_game
from replay.viewer.board import header
from replay.viewer.cursor import Replay
from replay.viewer.session import CLEAR, HELP, Session, read_key

EXCEED = Path(sys.executable).parent / "exceed"
TIMEOUT = 300.0  # s, a hang guard: starting a process on a loaded machine is honest work


class Terminal:
    """``exceed replay FILE --interactive`` with its stdin and stdout on a pty."""

    def __init__(self, path: Path) -> None:
        self.master, self.slave = os.openpty()
        self.saved = termios.tcgetattr(self.slave)
        self.proc = subprocess.Popen(
            [str(EXCEED), "replay", str(path), "--interactive", "--recent", "3"],
            stdin=self.slave, stdout=self.slave, stderr=self.slave, start_new_session=True,
        )
        self.output = ""

    def frames(self) -> list[str]:
        """Every complete screen drawn so far (the text after each clear, up to the help)."""
        text = self.output.replace("\r\n", "\n")
        return [chunk for chunk in text.split(CLEAR)[1:] if HELP in chunk]

    def wait_frames(self, count: int) -> str:
        deadline = time.monotonic() + TIMEOUT
        while len(self.frames()) < count:
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"no screen {count}; got:\n{self.output[-2000:]}"
            if select.select([self.master], [], [], min(remaining, 0.2))[0]:
                self.output += os.read(self.master, 65536).decode("utf-8", "replace")
        return self.frames()[count - 1]

    def press(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(TIMEOUT)
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def terminal(sample_path: Path) -> Iterator[Terminal]:
    term = Terminal(sample_path)
    yield term
    term.close()


def expected_headers(log: GameLog, keys: list[str]) -> list[str]:
    session = Session(Replay(log), None)
    seen = [header(session.replay, session.perspective)]
    for key in keys:
        session.press(key)
        seen.append(header(session.replay, session.perspective))
    return seen


def test_keys_in_a_real_terminal(terminal: Terminal, sample_path: Path) -> None:
    keys = ["t", "t", "]", "p", "v", "right", "left", "v"]
    raw = {"right": b"\x1b[C", "left": b"\x1b[D"}
    screens = [terminal.wait_frames(1)]
    for key in keys:
        terminal.press(raw.get(key, key.encode()))
        screens.append(terminal.wait_frames(len(screens) + 1))
    firsts = [screen.splitlines()[0] for screen in screens]
    assert firsts == expected_headers(read_game(sample_path), keys)
    assert firsts[0].startswith("== turn 0 · strike 0 · event 0/")
    assert firsts[1].startswith("== turn 1 ·") and firsts[2].startswith("== turn 2 ·")
    strike = int(firsts[3].split(" · ")[1].split()[1])
    assert strike >= 1 and int(firsts[4].split(" · ")[1].split()[1]) == strike - 1
    assert firsts[4].endswith("as all ==") and firsts[5].endswith("as p1 ==")
    assert "  hand " in screens[5] and "(hidden)" in screens[5]
    assert firsts[8].endswith("as p2 ==")
    terminal.press(b"q")
    assert terminal.proc.wait(TIMEOUT) == 0
    assert termios.tcgetattr(terminal.slave) == terminal.saved


def test_ctrl_c_restores_the_terminal(terminal: Terminal) -> None:
    terminal.wait_frames(1)
    terminal.press(b"n")
    terminal.wait_frames(2)
    terminal.press(b"\x03")
    assert terminal.proc.wait(TIMEOUT) == 130
    assert termios.tcgetattr(terminal.slave) == terminal.saved


def test_piped_keys_one_per_line(sample_path: Path) -> None:
    result = subprocess.run(
        [str(EXCEED), "replay", str(sample_path), "--interactive"],
        input="t\n\nt\nv\nright\nx\nq\nn\n", capture_output=True, text=True, timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert CLEAR not in result.stdout
    firsts = [line for line in result.stdout.splitlines() if line.startswith("== turn")]
    assert [f.split(" · ")[0] for f in firsts] == ["== turn 0", "== turn 1", "== turn 2",
                                                   "== turn 2", "== turn 2", "== turn 2"]
    assert firsts[3].endswith("as p1 ==")
    assert "-- unknown key 'x'" in result.stdout


def test_session_moves_and_messages(sample_logs: list[GameLog]) -> None:
    session = Session(Replay(sample_logs[0]), Player.P2)
    replay = session.replay
    assert session.press("p") and session.message == "at the start of the game"
    assert session.press("T") and session.message == "no earlier turn"
    session.press("G")
    assert replay.position == replay.length
    assert session.press("n") and session.message == "at the end of the game"
    assert session.press("t") and session.message == "no later turn"
    assert session.press("]") and session.message == "no later strike"
    session.press("T")
    assert replay.turn_at() == len(replay.turn_starts) - 1
    session.press("G")
    session.press("[")
    assert replay.strike_at() == len(replay.strike_starts) - 1
    session.press("g")
    assert replay.position == 0
    for expected in (None, Player.P1, Player.P2):
        session.press("v")
        assert session.perspective is expected
    assert not session.press("q")
    assert session.screen().endswith(HELP + "\n")


@pytest.mark.parametrize(("sent", "key"), [
    (b"\x1b[C", "right"), (b"\x1bOD", "left"), (b"\x1b[1;2C", "shift+right"),
    (b"\x1b[1;2D", "shift+left"), (b"\x1b[5~", "escape"), (b"x", "x"),
])
def test_read_key_decodes_arrows_and_shift_arrows(sent: bytes, key: str) -> None:
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, sent + b"q")
        assert read_key(read_end) == key
        assert read_key(read_end) == "q"  # nothing of the sequence is left behind
    finally:
        os.close(read_end)
        os.close(write_end)


def test_shift_arrows_move_by_strike_as_in_the_dashboard(sample_logs: list[GameLog]) -> None:
    # the dashboard's viewer binds Shift+→ / Shift+← to next / previous strike
    by_bracket, by_shift = (Session(Replay(sample_logs[0]), None) for _ in range(2))
    for bracket, shift in (("]", "shift+right"), ("]", "shift+right"), ("[", "shift+left")):
        by_bracket.press(bracket)
        by_shift.press(shift)
        assert by_shift.message == by_bracket.message == ""
        assert by_shift.replay.position == by_bracket.replay.position
    assert by_shift.replay.strike_at() == 1
    assert "Shift+→/← strike" in HELP


def test_a_piped_line_too_long_for_a_key_is_refused_unread(sample_logs: list[GameLog]) -> None:
    """``exceed replay -i`` read a piped line whole: 300 MB without a newline took 2.4 GB
    and 25 s, then came back whole in its "unknown key" message. A line over
    ``MAX_LINE`` is refused with one message and dropped piece by piece; an unknown key
    is named cut short; the keys after it still act."""
    from io import StringIO

    from replay.viewer.session import MAX_LINE, run_lines

    session = Session(Replay(sample_logs[0]), None)
    keys = StringIO("x" * (50 * MAX_LINE) + "\n" + "y" * 300 + "\n" + "t\nq\n")
    out = StringIO()
    assert run_lines(session, keys, out) == 0
    text = out.getvalue()
    assert f"-- that line is longer than {MAX_LINE} characters; type one key per line" in text
    assert "x" * 100 not in text
    assert "-- unknown key '" + "y" * 40 + "…' (300 characters)" in text
    assert "y" * 41 not in text
    heads = [line.split(" · ")[0] for line in text.splitlines() if " · event " in line]
    assert heads == ["== turn 0"] * 3 + ["== turn 1"]  # "t" after them still moved
