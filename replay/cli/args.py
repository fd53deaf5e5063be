"""Argument types shared by the subcommands: each parses one value or raises argparse's
``ArgumentTypeError``, which argparse turns into a usage line and exit 2.

Integers are read in decimal or with a ``0x``, ``0o`` or ``0b`` prefix (``10``, ``010``,
``0x10``), so every count, seed and port is written the same way, in the digits 0-9
(Python's ``int`` reads ``𝟗`` and ``٣`` too; they are refused by name). A refused value is
quoted cut short (``replay.quoting``): a 5,000-digit seed is named by its first digits
and its length, never printed whole.

A log to read may be ``-``, standard input (``zstdcat game.exlog.zst | exceed info -``):
``log_file`` names it ``/dev/stdin``, read as the pipe or file it is.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import urllib.parse
from collections.abc import Callable, Sequence
from pathlib import Path

from engine import agent_problem
from replay.quoting import (
    NOT_ASCII_DIGITS,
    as_written,
    integer_as_typed,
    not_an_integer,
    other_digits,
    quoted,
    too_many_digits,
)


def agent_forms(also: tuple[str, ...] = ()) -> str:
    """The forms an agent name takes, for a help text, as the refusal of a bad name lists
    them (``engine.agent_problem``, the one parser of names): ``random, heuristic,
    search, search:N (search:N searches N iterations, 1..100000; search is search:128)``;
    ``also`` adds seat names (``human``)."""
    refusal = agent_problem("", also) or ""
    return refusal.partition("known: ")[2]


def _integer(text: str, refusal: str, ranged: bool = False) -> int:
    """``text`` as an integer, else ``ArgumentTypeError(f"{refusal}, got ...")`` naming
    the value (cut short) and why (not an integer, or too many digits). Unless the caller
    checks a range (``ranged``: its refusal names the value as written), a value with
    more decimal digits than Python prints is refused too: ``0x`` or ``0b`` and thousands
    of digits convert, and then no message can show the number."""
    value = integer_as_typed(text)
    if value is not None:
        limit = sys.get_int_max_str_digits()
        if not ranged and limit and abs(value) >= 10**limit:  # 0x and 5,000 hex digits: Python takes it,
            raise argparse.ArgumentTypeError(  # then cannot print it in a message
                f"{refusal}, got {as_written(text)}, which has more than "
                f"{limit:,} digits in decimal")
        return value
    why = not_an_integer(text)
    raise argparse.ArgumentTypeError(f"{refusal}, got {quoted(text)}"
                                     + ("" if why == "is not an integer" else f", which {why}"))


def _outside(text: str, refusal: str) -> argparse.ArgumentTypeError:
    """The refusal of an integer out of range, naming it as it was written (a value of
    ``0x`` and 5,000 hex digits has more decimal digits than Python prints)."""
    return argparse.ArgumentTypeError(f"{refusal}, got {as_written(text)}")


def integer(text: str) -> int:
    """Any integer (the command checks its range against the game: a turn, an event)."""
    return _integer(text, "expected an integer")


def count(text: str) -> int:
    """0 or more: a row count, an offset, a number of turns or recent events."""
    value = _integer(text, "expected an integer")
    if value < 0:
        raise _outside(text, "expected 0 or more")
    return value


def positive(text: str) -> int:
    """1 or more: a number of games, jobs or games per transaction."""
    value = _integer(text, "expected a positive integer")
    if value < 1:
        raise _outside(text, "expected a positive integer")
    return value


MAX_JOBS = max(8, 4 * (os.cpu_count() or 1))
"""The most worker processes ``--jobs`` starts: four per core (at least 8). More gain
nothing, and each is a process: ``--jobs 100000`` forked until the machine stalled."""
MAX_GAMES = 1_000_000
"""The most games one ``exceed simulate`` plays (its games are listed before it starts:
``--games 99999999999`` ran out of memory, an internal error), and the most ``exceed
fuzz`` plays per matchup and agent pairing (``--games``, bounded the same way)."""
MAX_ROLLOUTS = 100_000
"""The most rollouts (``--rollouts``) or best-move search iterations (``--best``) per
point of ``exceed analyze``, as ``search:N`` allows (``--rollouts 99999999999`` ran out of
memory, an internal error)."""


def at_most(high: int, low: int = 1, what: str = "") -> Callable[[str], int]:
    """A count in ``low..high``, ``low`` 1 (as ``positive``) or 0 (as ``count``), refused
    as those are below it (``what``: its unit in the refusal past ``high``)."""
    unit = f" {what}" if what else ""
    below = "expected a positive integer" if low == 1 else "expected 0 or more"

    def parse(text: str) -> int:
        if too_many_digits(text):  # past any bound: its sign says which
            raise _outside(text, below if text.strip().startswith("-") else
                           f"expected at most {high:,}{unit}")
        value = _integer(text, below if low == 1 else "expected an integer", ranged=True)
        if value < low:
            raise _outside(text, below)
        if value > high:
            raise _outside(text, f"expected at most {high:,}{unit}")
        return value
    return parse


jobs = at_most(MAX_JOBS, what="processes (4 per core, at least 8)")
"""Worker processes, 1..``MAX_JOBS``."""


def seed(text: str) -> int:
    """A game seed, 0..2**64-1 (a decimal of more digits than Python converts is past
    it: the refusal names the range, not Python's limit)."""
    if too_many_digits(text):
        raise _outside(text, "seed must be in 0..2**64-1")
    value = _integer(text, "seed must be an integer", ranged=True)
    if not 0 <= value < 2**64:
        raise _outside(text, "seed must be in 0..2**64-1")
    return value


MAX_SECONDS = 7 * 24 * 3600
"""The longest wait or time limit (``--wait``, ``--timeout``) in seconds: a week. A
longer one is no wait anyone means, and past the platform's ``time_t`` the timer that
keeps it failed (``--timeout 99999999999999999999999``: a traceback under the rows)."""


def seconds(text: str) -> float:
    """0 to ``MAX_SECONDS`` seconds (a fraction is fine), in the digits 0-9 (``float``
    reads ``٣`` as 3)."""
    if other_digits(text):
        raise argparse.ArgumentTypeError(f"expected seconds, got {quoted(text)}, which "
                                         f"{NOT_ASCII_DIGITS}")
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {quoted(text)}") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more seconds, got {quoted(text)}")
    if value > MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            f"expected at most {MAX_SECONDS:,} seconds (a week), got {quoted(text)}")
    return value


class FromEnv(str):
    """A text default read from an environment variable (``variable``): argparse checks
    it with the option's type, and a refusal of it names the variable, which the person
    never typed as the option (``argument --port: ... got 'eighty'`` alone sent them
    looking for a ``--port`` they had not given)."""

    variable: str

    def __new__(cls, text: str, variable: str) -> FromEnv:
        made = super().__new__(cls, text)
        made.variable = variable
        return made


def port(text: str) -> int:
    """A TCP port, 1..65535 (a ``FromEnv`` default's refusal names its variable)."""
    try:
        value = _integer(text, "expected a port number", ranged=True)
        if not 1 <= value <= 65535:
            raise _outside(text, "expected a port in 1..65535")
    except argparse.ArgumentTypeError as error:
        if isinstance(text, FromEnv):
            raise argparse.ArgumentTypeError(f"{error} (from ${text.variable})") from None
        raise
    return value


def dashboard_url(text: str) -> str:
    """A dashboard's whole address for the links a command prints: ``http://`` or
    ``https://`` and a host, with no space or control character (a link holding one is
    cut in two where it is clicked or pasted, and is no address). ``""`` is none given:
    the links then name ``--port``."""
    if not text:
        return text
    if any(c.isspace() or not c.isprintable() for c in text):
        raise argparse.ArgumentTypeError(
            f"expected a whole address without spaces or control characters, got {quoted(text)}")
    scheme, _, rest = text.partition("://")
    if scheme.lower() not in ("http", "https") or not rest.split("/")[0]:
        raise argparse.ArgumentTypeError(
            f"expected an http:// or https:// address with a host, got {quoted(text)}")
    if "?" in rest or "#" in rest:  # a link adds /game?...: it would follow them, no page
        raise argparse.ArgumentTypeError(
            f"expected the dashboard's address without a ?query or #fragment (each link "
            f"adds its page's), got {quoted(text)}")
    try:  # a host a browser cannot read (an unclosed [IPv6 bracket, a port of letters)
        parts = urllib.parse.urlsplit(text)
        parts.port  # noqa: B018  (read for its ValueError)
    except ValueError as error:
        raise argparse.ArgumentTypeError(
            f"expected an address with a valid host and port, got {quoted(text)} "
            f"({error})") from None
    if not parts.hostname:
        raise argparse.ArgumentTypeError(
            f"expected an http:// or https:// address with a host, got {quoted(text)}")
    return text


def log_to_write(text: str) -> Path:
    """A log file to write (``play --out``, ``fork --out``). An empty value is refused:
    ``Path("")`` is the current folder, which was refused as ``. is a folder``, a folder
    the person never named (a script's ``--out "$LOG"`` with ``LOG`` unset)."""
    if not text:
        raise argparse.ArgumentTypeError("expected a log file to write, got '' (name one, "
                                         "such as game.exlog)")
    return Path(text)


def index_path(text: str) -> Path:
    """An index (``--db``): a DuckDB file, or an exported Parquet folder where one is read.
    An empty value is refused: ``Path("")`` is the current folder, refused as ``. is a
    directory but not an exported index``, a folder the person never named."""
    if not text:
        raise argparse.ArgumentTypeError("expected an index file, got '' (leave --db out "
                                         "for the default index)")
    _no_backslash(text, "an index")
    return Path(text)


def _no_backslash(text: str, what: str) -> None:
    """Refuse a path DuckDB cannot use: it reads every ``\\`` as a folder separator (an
    index at ``a\\b/i.duckdb`` was "Cannot open file "a/b/i.duckdb"", an export to
    ``w\\x`` "cannot be read whole: ... Failed to create directory "w/x/..."", and one
    read from ``x\\y`` "No files found that match the pattern")."""
    if "\\" in os.path.abspath(text):
        raise argparse.ArgumentTypeError(
            f"DuckDB reads '\\' as a folder separator, so {what} cannot be at a path "
            f"holding one, got {quoted(text)} (rename or move it)")


def export_folder(text: str) -> Path:
    """The folder ``exceed export`` writes (``folder``), at a path DuckDB can use."""
    found = folder(text)
    _no_backslash(text, "an export")
    return found


def folder(text: str) -> Path:
    """A folder to write files into. An empty value is refused: ``Path("")`` is the
    current folder, so ``--out "$DIR"`` with ``DIR`` unset wrote every file there,
    replacing those of the same name (``samples``: 77 logs and a MANIFEST)."""
    if not text:
        raise argparse.ArgumentTypeError("expected a folder, got '' (write . for the "
                                         "current folder)")
    return Path(text)


def path(text: str) -> Path:
    """A file or folder to read. An empty value is refused: ``Path("")`` is the current
    folder, so ``exceed index "$DIR"`` with ``DIR`` unset indexed every log there."""
    if not text:
        raise argparse.ArgumentTypeError("expected a path, got '' (write . for the "
                                         "current folder)")
    return Path(text)


def one_log_file(text: str) -> Path:
    """``log_file`` for an argument that takes one file, not a folder (``replay``,
    ``fork``, ``capsule``, ``play --position``): an empty value is refused without
    ``path``'s hint to write ``.``, which such an argument refuses too."""
    if not text:
        raise argparse.ArgumentTypeError("expected a file, got ''")
    return log_file(text)


STDIN = Path("/dev/stdin")
"""What ``-`` names where a log (or a position) is read."""


def stdin_twice(files: Sequence[Path]) -> str | None:
    """The one line refusing standard input named more than once among ``files`` (``-``,
    ``/dev/stdin``), else None: a log sent through a pipe is read once, so the second
    read found the pipe drained and said "a pipe with nothing written to it", and
    ``analyze``, which reads a log named twice once, analysed it and then refused it."""
    named = sum(1 for file in files if file == STDIN)
    if named < 2:
        return None
    return (f"standard input (- or /dev/stdin) is named {named} times; a log sent "
            "through it is read once: name it once")


def log_file(text: str) -> Path:
    """A file to read once: ``-`` is standard input (``/dev/stdin``), unless that is a
    terminal (nothing would ever end the log). An empty value is refused, as ``folder``
    refuses one: ``Path("")`` is the current folder, which ``info ''``, ``verify ''`` and
    ``analyze ''`` read whole (a script's ``"$LOG"`` with ``LOG`` unset)."""
    if text != "-":
        return path(text)
    if sys.stdin is None or sys.stdin.isatty():
        raise argparse.ArgumentTypeError(
            "- reads standard input, a terminal here: send a log into it, as in "
            "cat game.exlog | exceed info -")
    return STDIN

