"""An exception in one line of words, for a message that reports a failure.

``f"{type(error).__name__}: {error}"`` shows an exception raised without a message (a
bare ``assert``, ``raise KeyError()``) as ``AssertionError: `` with nothing after the
colon, and one with a multi-line message as several lines. ``error_text`` is the one
way the engine, the replayer, the command line and the dashboard describe an exception:
its type name and the first line of its text, cut at ``limit`` characters, or its type
name and ``(no details)`` when it has no text.
"""

from __future__ import annotations

NO_DETAILS = "(no details)"
"""What ``error_text`` shows for an exception whose text is empty."""

ERROR_CHARS = 500
"""The characters of an exception's first line ``error_text`` keeps."""


def first_line(error: BaseException) -> str:
    """The first line of ``error``'s text that is not blank, stripped ("" when there is
    none, or when its ``__str__`` fails)."""
    try:
        text = str(error)
    except Exception:  # an exception whose __str__ fails is still described
        return ""
    return next((line.strip() for line in text.splitlines() if line.strip()), "")


def error_text(error: BaseException, limit: int = ERROR_CHARS) -> str:
    """``TypeName: first line of the text`` (cut to ``limit`` characters and ``…``), or
    ``TypeName: (no details)`` when the text is empty or only white space."""
    first = first_line(error)
    if not first:
        return f"{type(error).__name__}: {NO_DETAILS}"
    if len(first) > limit:
        first = first[:limit] + "…"
    return f"{type(error).__name__}: {first}"
