"""Page state in the URL: each filter of a page is one query parameter, so a link (a
bookmark, or one sent to someone else) opens exactly that view.

The URL wins: ``bind`` sets a widget's session value from its parameter (or the
default when the parameter is absent) before the widget is drawn, on every run, and
returns the ``on_change`` callback that writes the widget's new value back to the URL
(a default value leaves the URL, to keep links short). A link or Back therefore shows
what the URL says; a change to the widget changes the URL. A link that gives a parameter
more than once with different values (``?fighter=ryu&fighter=ken``) is read by its last,
as the browser and Streamlit read it, and one line says so (``last``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

import streamlit as st

from dashboard.data import plain
from replay.query import as_written, not_an_integer, quoted, whole_number

T = TypeVar("T")
SHOWN_VALUES = 3  # the most values of a repeated parameter a line names


def bind(key: str, param: str, default: T, parse: Callable[[str], T | None],
         dump: Callable[[T], str] = str, what: str | None = None,
         expected: str = "one of the choices here",
         fallback: str = "the default") -> Callable[[], None]:
    """Adopt ``?param=`` into ``st.session_state[key]`` (``parse``: its value, or None
    when the text is not a valid one, which is shown as one warning line, naming it cut
    short (``quoted``: a link's value may be any length), saying what a valid one is
    (``expected``: "a date YYYY-MM-DD") and what is shown instead (``fallback``), and
    replaced by ``default``) and return the callback writing ``key`` back to
    ``?param=``."""
    text, repeated = _values(param)
    value = default
    if text is not None:
        parsed = parse(text)
        if parsed is None:  # one line, naming the other values too when it has several
            also = (f" (the last of the {len(repeated):,} it gives: {_named(repeated)})"
                    if repeated else "")
            st.warning(plain(f"the link's {what or param} {quoted(text)}{also} is not "
                             f"{expected}; showing {fallback}"))
        else:
            value = parsed
            if repeated:
                st.warning(plain(_repeated_line(what or param, text, repeated)))
    # Write only a change (Streamlit warns when a widget given a default value also gets
    # one through the Session State API); a widget not yet drawn starts at its default.
    if key in st.session_state:
        if st.session_state[key] != value:
            st.session_state[key] = value
    elif value != default:
        st.session_state[key] = value

    def write() -> None:
        new = st.session_state.get(key, default)
        if new == default:
            if param in st.query_params:
                del st.query_params[param]
        else:
            st.query_params[param] = dump(new)

    return write


def last(param: str, what: str | None = None) -> str | None:
    """``?param=``'s value (None when absent): when the link gives it more than once with
    different values, its last, as Streamlit reads it, after one warning line naming them
    (for a page that reads a parameter itself, not through ``bind``: Search's ``q=``)."""
    text, repeated = _values(param)
    if repeated:
        st.warning(plain(_repeated_line(what or param, text, repeated)))
    return text


def repeated(param: str) -> str | None:
    """The line for ``?param=`` given more than once with different values (its last is
    read, as Streamlit reads it), else None: for a page that says its link's problems in
    a line of its own (the Game page's ``viewer_panel.adopt_url``) or where it chooses,
    under its title (Players' ``player=``, whose title names the player))."""
    text, values = _values(param)
    return _repeated_line(param, text, values) if values else None


def _values(param: str) -> tuple[str | None, list[str]]:
    """``?param=``'s last value, and every value the link gives when they differ (else
    ``[]``: a value repeated as it is, ``?page=2&page=2``, says nothing)."""
    values = st.query_params.get_all(param)
    if not values:
        return None, []
    return values[-1], values if len(set(values)) > 1 else []


def _named(values: list[str]) -> str:
    """A repeated parameter's values for one line: at most ``SHOWN_VALUES``, each cut
    short (``quoted``), then how many more."""
    named = ", ".join(quoted(v) for v in values[:SHOWN_VALUES])
    more = len(values) - SHOWN_VALUES
    return named + (f" and {more:,} more" if more > 0 else "")


def _repeated_line(what: str, text: str | None, values: list[str]) -> str:
    return (f"the link gives {what} {len(values):,} times ({_named(values)}); showing the "
            f"last, {quoted(text)}")


def last_secret(param: str, what: str) -> str | None:
    """``?param=``'s value as ``last`` reads it, for a value that is a secret (the Play
    page's seat token ``t=``): the line for one given more than once with different
    values says how many, never the values (a screen may be shared or streamed)."""
    values = st.query_params.get_all(param)
    if len(set(values)) > 1:
        st.warning(plain(f"the link gives {what} ({param}) {len(values):,} times, not all "
                         "alike; the last is used (the values are not shown)"))
    return values[-1] if values else None


def choice(options: list[str]) -> Callable[[str], str | None]:
    """A parser accepting one of ``options``."""
    return lambda text: text if text in options else None


def integer(low: int, high: int | None = None) -> Callable[[str], int | None]:
    """A parser accepting an integer in ``[low, high]`` (ASCII digits: ``whole_number``)."""
    def parse(text: str) -> int | None:
        try:
            value = whole_number(text)
        except ValueError:
            return None
        return value if value >= low and (high is None or value <= high) else None
    return parse


_WHOLE = re.compile(r"\s*([+-]?)\d[\d_]*\s*", re.ASCII)  # 𝟗 is not a page number


def page_number(text: str | None, pages: int) -> tuple[int, str | None]:
    """The page a link's ``?page=`` shows out of ``pages``, and, when it asked for one
    that does not exist, the one line saying so: the page asked for (cut short: a
    link's value may be any length), the pages there are and the nearest one shown
    (the last for a page past it, the first for anything else)."""
    if text is None:
        return 1, None
    there = "there is 1 page" if pages == 1 else f"there are pages 1–{pages}"
    whole = _WHOLE.fullmatch(text)
    if whole is None:
        why = not_an_integer(text, "a page number")  # 𝟐: "is not written in the digits 0-9"
        return 1, f"the link's page {quoted(text)} {why} ({there}); showing page 1"
    try:
        asked = whole_number(text)
    except ValueError:  # more digits than Python converts: far past either end
        asked = -1 if whole.group(1) == "-" else pages + 1
    if 1 <= asked <= pages:
        return asked, None
    shown = pages if asked > pages else 1
    return shown, (f"the link's page {as_written(text)} does not exist ({there}); "
                   f"showing page {shown}")
