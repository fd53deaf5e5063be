"""Event numbers as every surface shows them (docs/log-format.md, "Event numbers").

Events are numbered from 1 in log order, the setup events included: event N is the
N-th event of the game's stream. "At event N" is the table right after event N has been
applied, which is replay position N (N events applied); "event 0" is the table before
the first event. Stored records (the index's ``seq`` and ``*_event`` columns,
``StrikeSummary``, ``MomentRow``) keep 0-based stream indexes: the event at index ``i``
is event number ``i + 1``. Every surface converts with these helpers, nowhere else.
"""

from __future__ import annotations

from replay.quoting import as_written, not_an_integer, quoted, whole_number


def event_number(index: int) -> int:
    """The number users see for the event at 0-based stream index ``index``."""
    return index + 1


def event_index(number: int) -> int:
    """The 0-based stream index of event number ``number`` (1 or more)."""
    return number - 1


def position_at(number: int) -> int:
    """The replay position (events applied) that shows the table at event ``number``."""
    return number


def parse_event(name: str, text: str, length: int) -> int:
    """The replay position an event number typed as ``text`` (a URL's ``name=``) opens,
    in a game of ``length`` events; ``ValueError`` with one line naming the value (cut
    short: ``replay.quoting``) and the numbers allowed: events count from 1 to
    ``length``, and 0 is the table before the first event."""
    try:
        number = whole_number(text.strip())  # ASCII digits: int() reads 𝟗 as 9
    except ValueError:
        raise ValueError(f"{name}={quoted(text)} {not_an_integer(text, 'an event number')} "
                         f"({event_range(length)})") from None
    if not 0 <= number <= length:
        raise ValueError(f"{name}={as_written(text)} is outside this game's events "
                         f"({event_range(length)})")
    return position_at(number)


def event_range(length: int) -> str:
    """The event numbers a game of ``length`` events has, for a message: events count
    from 1, and 0 is the table before the first event."""
    return f"1 to {length}; 0 is the table before the first event"
