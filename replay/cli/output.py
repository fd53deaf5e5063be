"""Terminal output through ``rich``: progress bars and tables, on a terminal only.

Off a terminal (a pipe, a file, CI, the tests) every command prints the plain text it
always printed, so scripts and expected lines never change: ``progress`` draws nothing
and the callers print their plain lines instead of a ``table``. A bar goes to stderr so
that stdout stays the command's result.

A name found on disk (a log's file name, met by scanning a folder) is data: ``printable``
(``replay.quoting``) escapes its control characters before a line shows it, and a bar's
label is never read as rich markup. ``json_text`` is JSON with the same care: JSON
itself escapes only C0 controls, so a C1 control (U+009B, a CSI to some terminals) or a
bidi override (U+202E) in a value reached the terminal raw; each is now a ``\\u``
escape, the value unchanged for a JSON reader.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TextIO

import msgspec
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from replay.quoting import printable

__all__ = ["Advance", "json_text", "on_terminal", "printable", "progress", "table"]

Advance = Callable[[int, int], None]
"""``advance(done, total)``: the work done so far out of ``total``."""


def on_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is an interactive terminal (rich output), not a pipe or file."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream: plain text
        return False


@contextmanager
def progress(what: str, stream: TextIO | None = None) -> Iterator[Advance]:
    """A progress bar labelled ``what`` on ``stream`` (default stderr) while the block
    runs, moved by the ``advance(done, total)`` it yields; nothing off a terminal."""
    out = stream if stream is not None else sys.stderr
    if not on_terminal(out):
        yield _ignore
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(file=out)) as bar:
        task = bar.add_task(escape(what), total=None)  # a file name is not markup

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield advance


def _ignore(done: int, total: int) -> None:
    """``advance`` off a terminal."""


def table(out: TextIO, columns: Sequence[str], rows: Sequence[Sequence[str]],
          title: str | None = None, caption: str | None = None, header: bool = True) -> None:
    """Draw ``rows`` as a rich table on ``out`` (a terminal), headed by ``columns``
    unless ``header`` is false."""
    grid = Table(title=title, caption=caption, title_justify="left", caption_justify="left",
                 show_header=header)
    for name in columns:
        grid.add_column(name, overflow="fold")
    for row in rows:
        grid.add_row(*row)
    Console(file=out, markup=False, highlight=False).print(grid)


def json_text(value: object, enc_hook: Callable[[object], object] | None = None) -> str:
    """``value`` as one line of JSON (``msgspec``), every character that is not
    printable written as a ``\\u`` escape (two for one beyond U+FFFF): only a string can
    hold one, so the value a reader decodes is the same, and the line cannot drive a
    terminal nor show reversed."""
    text = msgspec.json.encode(value, enc_hook=enc_hook).decode()
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else _u_escape(c) for c in text)


def _u_escape(c: str) -> str:
    code = ord(c)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
