"""Which of a game's cards and fighters the current engine defines otherwise than the
log's own definitions (format 4): the note ``verify`` puts above a divergence, since a
changed definition usually explains it.
"""

from __future__ import annotations

from engine import Catalog, GameLog, LogFormatError

MAX_CHANGED = 4
"""Changed definitions named in the note at most (then ``and N more``)."""


def changed_definitions(log: GameLog, cat: Catalog) -> tuple[str, ...]:
    """The cards and fighters of the game that ``cat`` defines otherwise than the log's
    own definitions (format 4), each with the fields that differ, log's value first:
    ``Hadoken (ryu_hadoken): power 4 vs 5``; a field that is not a plain value is named
    only (``effects differ``). Empty for a log without definitions or one they cannot
    be read from."""
    if not log.header.definitions:
        return ()
    try:
        ours = log.catalog()
    except LogFormatError:
        return ()
    found: list[str] = []
    for theirs, mine in ((ours.cards, cat.cards), (ours.characters, cat.characters)):
        for key in sorted(theirs):
            was, now = theirs[key], mine.get(key)
            if was == now:
                continue
            if now is None:
                found.append(f"{was.name} ({key}): not in this engine")
                continue
            fields = [_field(name, getattr(was, name), getattr(now, name))
                      for name in type(was).__struct_fields__
                      if getattr(was, name) != getattr(now, name)]
            found.append(f"{was.name} ({key}): {', '.join(fields)}")
    return tuple(found)


def _field(name: str, was: object, now: object) -> str:
    """One field that differs: both values when plain (numbers, words, a range)."""
    plain = (int, str, float, type(None))
    if all(isinstance(v, plain) or (isinstance(v, tuple) and all(isinstance(x, plain)
                                                                 for x in v))
           for v in (was, now)):
        return f"{name} {_plain(was)} vs {_plain(now)}"
    return f"{name} differ"


def _plain(value: object) -> str:
    return "-".join(map(str, value)) if isinstance(value, tuple) else str(value)
