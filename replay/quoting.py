"""A value from a URL, a log, a file or a person, quoted in a one-line message.

Such a value may be any length: a 5,000-digit ``seed=`` in a link, a megabyte of a name.
``quoted`` shows it as ``repr`` does when it is short, else its first ``QUOTE_CHARS``
characters and how long it is (``'99999…' (5,000 characters)``), so a message stays one
readable line whatever it names; ``shortened`` cuts a whole message the same way,
unquoted. ``not_an_integer`` says why ``int`` refused a text:
Python converts at most ``sys.get_int_max_str_digits()`` decimal digits, so a longer
run of digits is "too long", not "not an integer". ``whole_number`` is ``int`` for
ASCII digits only (``int`` reads ``𝟗`` as 9). ``integer_as_typed`` reads an
integer as ``exceed --seed`` does (decimal, led by zeros too, or ``0x``/``0o``/``0b``).
``error_text`` (the engine's, the
one helper for it) describes an exception as its type and first line, or its type and
``(no details)`` when it has no text. Quoting is not escaping: a message shown as
Markdown or HTML is still escaped where it is shown.

A value that stacks combining marks (accents) on one character past ``MAX_MARKS``
(``marks_problem``, the rule a person's name is refused by: 'a' and 30 acute accents is
drawn as a column over the lines around it) is quoted with each of its combining marks
written as an escape (``'a\\u0301\\u0301…' (31 characters)``), cut at ``limit`` characters
as shown; a name of a script that puts marks on its letters (Vietnamese "ễ", Hebrew
points) stacks no more than ``MAX_MARKS`` and is quoted as it is.

``printable`` is the escaping for a terminal: every control or unprintable character
written as Python writes it (``\\x1b``), so a string from a log or a file name cannot
drive the terminal (clear it, retitle it, write to its clipboard) nor break a line in
two; ``printable_lines`` does so line by line, keeping the line breaks of a board or a
report made of log-borne names (a log's own definitions may name a card anything).
``shell_word`` quotes a word (a file name) of a command printed for a person to run: one
with a control or unprintable character as bash's ``$'...'``, escaped as ``printable``
would show it, so the command is inert on screen and still runs as printed.
"""

from __future__ import annotations

import re
import shlex
import sys
import unicodedata

from engine import error_text, quoted_id

__all__ = ["LINE_CHARS", "MAX_MARKS", "NOT_ASCII_DIGITS", "PATH_CHARS", "QUOTE_CHARS",
           "as_written", "error_text", "file_named", "integer_as_typed", "marks_problem",
           "not_an_integer", "other_digits", "printable", "printable_lines", "quoted",
           "shell_word", "shortened", "too_many_digits", "whole_number"]

QUOTE_CHARS = 40
"""The characters of a long value a message shows."""
LINE_CHARS = 300
"""The characters of a long message from elsewhere (a DuckDB error) ``shortened`` keeps."""
PATH_CHARS = 200
"""The longest file name a message shows whole (``file_named``)."""
MAX_MARKS = 2
"""The most combining marks a person's name may stack on one character, and a ``quoted``
value shows as they are (``marks_problem``)."""

_DIGITS = re.compile(r"\s*[+-]?[0-9][0-9_]*\s*", re.ASCII)
NOT_ASCII_DIGITS = "is not written in the digits 0-9"
"""Why a number typed in other digits is refused: Python's ``int`` and ``float`` read
every script's digits (``int('𝟗')`` is 9, ``int('٣')`` is 3), so ``--seed 𝟗`` was read
as seed 9, a value the person never wrote in digits 0-9."""


def quoted(value: object, limit: int = QUOTE_CHARS) -> str:
    """``repr(str(value))``, or for a value over ``limit`` characters its first ``limit``
    characters, ``…`` and its length: ``'12345…' (5,000 characters)``. A value that
    stacks too many combining marks (``marks_problem``) has each of its marks escaped
    (``\\u0301``) and is cut at ``limit`` characters as escaped, so it cannot smear the
    line that names it."""
    text = str(value)
    if marks_problem(text) is None:
        return quoted_id(text, limit)
    width = 0
    for end, char in enumerate(text):
        width += len(_mark_escaped(char)) if _is_mark(char) else 1
        if width > limit:
            return f"{_marks_escaped(repr(text[:end] + '…'))} ({len(text):,} characters)"
    return _marks_escaped(repr(text))


def marks_problem(text: str) -> str | None:
    """Why ``text`` stacks too many combining marks (None when it does not): a mark that
    takes no room of its own (Unicode's nonspacing and enclosing marks) is drawn over
    its letter, and 'a' with 30 acute accents, within 40 characters, was drawn as a
    column over the lines around it. A name may stack at most ``MAX_MARKS`` on one
    character, counted with every accent apart (NFD: "ễ" is e and two marks, however it
    was typed): as many as a name of a real script stacks (Vietnamese "ễ", Hebrew
    points, Arabic shadda and vowel). A name may not begin with one either: the mark
    would sit on the text drawn before the name. The Play page and ``exceed play
    --name`` refuse such a name for this reason (``replay.live.new_games``), and
    ``quoted`` escapes such a value's marks."""
    apart = unicodedata.normalize("NFD", text)
    if apart and _is_mark(apart[0]):
        return "begins with a combining mark (an accent with no letter under it)"
    most = run = 0
    for char in apart:
        run = run + 1 if _is_mark(char) else 0
        most = max(most, run)
    if most > MAX_MARKS:
        return (f"stacks {most} combining marks (accents) on one character, over "
                f"{MAX_MARKS}")
    return None


def _is_mark(char: str) -> bool:
    """Whether ``char`` is drawn over the character before it, taking no room of its own
    (a nonspacing or enclosing mark)."""
    return unicodedata.category(char) in ("Mn", "Me")


def _mark_escaped(char: str) -> str:
    """A combining mark as Python writes it escaped (``\\u0301``, ``\\U0001d167``)."""
    return char.encode("unicode_escape").decode("ascii")


def _marks_escaped(text: str) -> str:
    """``text`` with every combining mark escaped (``_mark_escaped``)."""
    return "".join(_mark_escaped(c) if _is_mark(c) else c for c in text)


def shortened(text: str, limit: int = LINE_CHARS) -> str:
    """``text`` itself when short, else its first ``limit`` characters, ``…`` and its
    length: a message that echoes a person's input (a DuckDB error naming a column of
    someone's SQL) stays one readable line."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text):,} characters)"


def file_named(path: object) -> str:
    """A file name as a message names it: whole up to ``PATH_CHARS`` characters (a real
    path), else ``quoted`` (``'/tmp/qqq…' (5,011 characters)``): a name the system
    refuses as too long is a person's input, not a file, and stays one readable line."""
    text = str(path)
    return text if len(text) <= PATH_CHARS else quoted(text)


def as_written(text: str, limit: int = QUOTE_CHARS) -> str:
    """A number ``int`` read from ``text``, shown as it was written (``-3``, ``0x10``)
    when short, else ``quoted``: its value may have more digits than Python prints."""
    shown = text.strip()
    return shown if len(shown) <= limit else quoted(shown, limit)


def whole_number(text: str) -> int:
    """``int(text)`` for a decimal integer written in ASCII (spaces around it, a sign,
    ``_`` between digits, leading zeros, as ``int`` takes them), else ``ValueError``.
    ``int`` also reads any Unicode decimal digit and space (``𝟗``, ``٣``, a fullwidth
    ``９``), so ``?turn=𝟗`` opened turn 9; a link's number (``turn=``, ``at=``,
    ``page=``...) is read through this, and refused as ``turn=abc`` is."""
    if not text.isascii():
        raise ValueError(f"not an integer written in ASCII digits: {quoted(text)}")
    return int(text)


def integer_as_typed(text: str) -> int | None:
    """``text`` as an integer as a person types one: Python's literal forms (``0x1f``,
    ``0b101``, ``1_000``) and a decimal led by zeros (``010`` is 10, which a Python
    literal refuses), else None (``not_an_integer`` says why). The CLI's integer
    arguments and the Games page's seed filter read through it, so both take the same
    texts. Only ASCII is read, as ``whole_number`` reads: ``int`` would take ``𝟗`` or
    ``٣`` as 9 or 3 (and a no-break space around a number), which ``not_an_integer``
    refuses by name."""
    if not text.isascii():
        return None
    for base in (0, 10):  # base 10 too, for a decimal with leading zeros ("010")
        try:
            return int(text, base)
        except ValueError:
            continue
    return None


def not_an_integer(text: str, what: str = "an integer") -> str:
    """Why ``int(text)`` failed, as the end of a sentence naming the value: ``is not
    an integer`` (or ``is not {what}``), or for a run of more decimal digits than Python
    converts, ``has too many digits (N; at most M)``, or for a digit of another script
    (``𝟗``, ``٣``), ``is not written in the digits 0-9`` (``NOT_ASCII_DIGITS``)."""
    if other_digits(text):
        return NOT_ASCII_DIGITS
    digits = too_many_digits(text)
    if digits:
        return f"has too many digits ({digits:,}; at most {sys.get_int_max_str_digits():,})"
    return f"is not {what}"


def other_digits(text: str) -> bool:
    """Whether ``text`` holds a digit other than 0-9 (``𝟗``, ``٣``, ``²``): what a number
    typed by a person is refused for, though Python's ``int`` or ``float`` reads it."""
    return not text.isascii() and any(c.isdigit() for c in text if not c.isascii())


def too_many_digits(text: str) -> int:
    """The digits of ``text`` when it is a decimal integer with more of them than Python
    converts (``int`` refuses it), else 0. Such a value is past any bound a program sets
    (a seed's 2**64 has 20 digits), so where the value has a range its refusal names the
    range, not Python's limit."""
    limit = sys.get_int_max_str_digits()
    if limit and _DIGITS.fullmatch(text):
        digits = sum(c.isdigit() for c in text)
        if digits > limit:
            return digits
    return 0


def printable(text: str) -> str:
    """``text`` with every control or unprintable character escaped as Python writes it
    (``\\x1b``, ``\\n``, ``\\udcff`` for a byte that is not UTF-8), so a string from a log
    or a file name cannot drive the terminal nor break a one-line message in two; and
    with the combining marks a character stacks past ``MAX_MARKS`` (or one that begins
    ``text``) escaped too (``\\u0301``): a file named 'a' and 30 accents was drawn as a
    column over the lines around the message naming it (``_stacked_escaped``)."""
    shown = text if text.isprintable() else "".join(
        c if c.isprintable() else repr(c)[1:-1] for c in text)
    return shown if text.isascii() else _stacked_escaped(shown)


def _stacked_escaped(text: str) -> str:
    """``text`` with each combining mark past the ``MAX_MARKS``-th on one character, and
    any at its start, escaped (``_mark_escaped``); a real script's letters (at most
    ``MAX_MARKS`` marks each, as ``marks_problem`` allows a name) are kept as written."""
    out: list[str] = []
    stacked = MAX_MARKS  # at the start a mark has no character of its own to sit on
    for char in text:
        if not _is_mark(char):
            stacked = 0
            out.append(char)
            continue
        stacked += 1
        out.append(char if stacked <= MAX_MARKS else _mark_escaped(char))
    return "".join(out)


def printable_lines(text: str) -> str:
    """``text`` made of lines (a board, a report), each line ``printable``: its line
    breaks kept, every other control character escaped."""
    return "\n".join(printable(line) for line in text.split("\n"))


def shell_word(word: str) -> str:
    """``word`` quoted for a shell (``shlex.quote``); one holding a control character (a
    file name may) as bash's ``$'...'`` with it escaped (``\\x1b``), so the printed
    command cannot drive the terminal that shows it and still runs as printed."""
    if word.isprintable():
        return shlex.quote(word)
    return "$'" + "".join(map(_ansi_c, word)) + "'"


def _ansi_c(c: str) -> str:
    """One character inside bash's ``$'...'``: itself, or escaped (a fixed number of hex
    digits each, so a digit after it is never read as part of it)."""
    if c in "\\'":
        return "\\" + c
    if c.isprintable():
        return c
    code = ord(c)
    if code < 0x80:  # bash's \x of 0x80 and up is a raw byte, \u the character
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
