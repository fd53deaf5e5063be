"""The interactive replay viewer: one key moves the cursor, then the board is redrawn.

Keys: ``n``/``l``/right arrow step forward one event, ``p``/``h``/left arrow step back,
``]``/``[`` next/previous strike, ``t``/``T`` next/previous turn, ``g``/``G`` start/end,
``v`` cycles the perspective all → p1 → p2, ``q`` quits. On a terminal the keys are read
in raw mode (restored on exit, also on Ctrl-C); otherwise each line of stdin is one key
(``right``/``left`` name the arrows), so ``printf 't\\nt\\nq\\n' | exceed replay F -i``
works in scripts. The screen is cleared before each board only when stdout is a terminal.
A board's names may come from a log's own definitions: their control characters are
escaped (``replay.quoting.printable_lines``), never sent to the terminal.
"""

from __future__ import annotations

import os
import select
import sys
import termios
import tty
from collections.abc import Callable, Iterable, Iterator
from typing import TextIO

from engine import Player
from replay.quoting import printable_lines, quoted
from replay.viewer.board import render
from replay.viewer.cursor import Replay, SeekError

CLEAR = "\x1b[2J\x1b[H"
HELP = ("keys: n/l/→ next · p/h/← back · ]/[ or Shift+→/← strike · t/T turn · "
        "g/G start/end · v view · q quit")
"""The dashboard's viewer binds the same moves (dashboard/viewer_panel.py ``KEYS``); its
buttons cannot take ``[``/``]``, so Shift+→/← moves by strike in both."""
PERSPECTIVES: tuple[Player | None, ...] = (None, Player.P1, Player.P2)
_ARROWS = {b"[C": "right", b"OC": "right", b"[D": "left", b"OD": "left",
           b"[1;2C": "shift+right", b"[1;2D": "shift+left"}
_CTRL_C, _CTRL_D = "\x03", "\x04"


class Session:
    """The viewer's state: a replay cursor, a perspective and the last message."""

    def __init__(self, replay: Replay, perspective: Player | None, recent: int = 8) -> None:
        self.replay = replay
        self.perspective = perspective
        self.recent = recent
        self.message = ""
        self._keys: dict[str, Callable[[], None]] = {
            "n": self.forward, "l": self.forward, "right": self.forward,
            "p": self.back, "h": self.back, "left": self.back,
            "]": self.next_strike, "[": self.previous_strike,
            "shift+right": self.next_strike, "shift+left": self.previous_strike,
            "t": self.next_turn, "T": self.previous_turn,
            "g": lambda: self._seek(0), "G": lambda: self._seek(self.replay.length),
            "v": self.cycle_perspective,
        }

    def press(self, key: str) -> bool:
        """Act on one key; returns False when the viewer should quit."""
        self.message = ""
        if key == "q":
            return False
        action = self._keys.get(key)
        if action is None:
            self.message = f"unknown key {quoted(key)}"
        else:
            action()
        return True

    def screen(self) -> str:
        """The board at the cursor, then the message (if any) and the help line."""
        lines = [printable_lines(render(self.replay, self.perspective, self.recent))]
        if self.message:
            lines.append(f"-- {self.message}")
        lines.append(HELP)
        return "\n".join(lines) + "\n"

    # --- moves ------------------------------------------------------------------------

    def forward(self) -> None:
        if self.replay.step() is None:
            self.message = "at the end of the game"

    def back(self) -> None:
        if self.replay.position == 0:
            self.message = "at the start of the game"
        else:
            self.replay.back()

    def next_strike(self) -> None:
        self._number(self.replay.seek_strike, self.replay.strike_at() + 1, "no later strike")

    def previous_strike(self) -> None:
        self._number(self.replay.seek_strike, self.replay.strike_at() - 1, "no earlier strike")

    def next_turn(self) -> None:
        self._number(self.replay.seek_nth_turn, self.replay.turns_started() + 1,
                     "no later turn")

    def previous_turn(self) -> None:
        self._number(self.replay.seek_nth_turn, self.replay.turns_started() - 1,
                     "no earlier turn")

    def cycle_perspective(self) -> None:
        index = PERSPECTIVES.index(self.perspective)
        self.perspective = PERSPECTIVES[(index + 1) % len(PERSPECTIVES)]

    def _number(self, seek: Callable[[int], object], number: int, missing: str) -> None:
        try:
            seek(number)
        except SeekError:
            self.message = missing

    def _seek(self, position: int) -> None:
        self.replay.seek(position)


# --- drivers --------------------------------------------------------------------------


def run(session: Session, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the viewer on a terminal (raw keys) or on piped lines; returns the exit code."""
    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    if stdin.isatty():
        return run_terminal(session, stdin.fileno(), stdout)
    return run_lines(session, stdin, stdout)


MAX_LINE = 1000
"""The longest line read as a key (a key is a letter or two): a longer one is refused
unread, so a line of 300 MB without a newline is never held (it took 2.4 GB and was
echoed back whole in its "unknown key" message)."""


def _capped(lines: Iterable[str] | TextIO) -> Iterator[str | None]:
    """The lines of ``lines``, each at most ``MAX_LINE`` characters read at once: a longer
    one is read to its end in pieces and dropped (``None``)."""
    if not hasattr(lines, "readline"):
        yield from (line if len(line) <= MAX_LINE else None for line in lines)
        return
    stream: TextIO = lines  # type: ignore[assignment]
    while line := stream.readline(MAX_LINE + 1):
        if len(line) > MAX_LINE and not line.endswith("\n"):
            while line and not line.endswith("\n"):  # drop the rest of the line
                line = stream.readline(MAX_LINE + 1)
            yield None
        else:
            yield line


def run_lines(session: Session, lines: Iterable[str] | TextIO, stdout: TextIO) -> int:
    """One key per line (blank lines are skipped); ends at ``q`` or the end of input. A
    line longer than ``MAX_LINE`` is refused with one message, never held whole."""
    clear = CLEAR if stdout.isatty() else ""
    stdout.write(clear + session.screen())
    for line in _capped(lines):
        if line is None:
            session.message = (f"that line is longer than {MAX_LINE} characters; type one "
                               "key per line")
        else:
            key = line.strip()
            if not key:
                continue
            if not session.press(key):
                break
        stdout.write((clear or "\n") + session.screen())
        stdout.flush()
    return 0


def run_terminal(session: Session, fd: int, stdout: TextIO) -> int:
    """Read single keys in raw mode; the terminal settings are restored however it ends."""
    saved = termios.tcgetattr(fd)
    try:
        tty.setraw(fd)
        _draw(session, stdout)
        while True:
            key = read_key(fd)
            if key in ("", _CTRL_D):
                break
            if key == _CTRL_C:
                raise KeyboardInterrupt
            if not session.press(key):
                break
            _draw(session, stdout)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
    stdout.write("\n")
    stdout.flush()
    return 0


def _draw(session: Session, stdout: TextIO) -> None:
    # raw mode turns off output post-processing, so each line needs its own \r
    stdout.write((CLEAR + session.screen()).replace("\n", "\r\n"))
    stdout.flush()


def read_key(fd: int) -> str:
    """One key from a raw terminal: a character, ``right``/``left`` (``shift+`` either),
    ``escape`` for any other escape sequence, or "" at end of input."""
    first = os.read(fd, 1)
    if first != b"\x1b":
        return first.decode("utf-8", "replace")
    rest = b""
    # an escape sequence ends with a letter or "~" (CSI final byte); at most 5 bytes here
    while len(rest) < 5 and select.select([fd], [], [], 0.05)[0]:
        rest += os.read(fd, 1)
        if len(rest) >= 2 and (rest[-1:].isalpha() or rest[-1:] == b"~"):
            break
    return _ARROWS.get(rest, "escape")
