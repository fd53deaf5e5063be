"""The one mutator: ``apply(state, event)`` folds a single event into the state.

There is one small function per event type (``engine.core.folds``, grouped by what it
changes), gathered here into one table, ``_APPLY``; the events a season mechanic brings
are folded by its own functions, which the mechanic adds here with ``add_folds``
(through its ``register`` call, ``engine.mechanics.builtin``; this module imports no mechanic), and a mechanic may add a
fold that runs right after a core event's. Nothing here runs a rule or makes a choice, so a log's events replay on any later engine even if
the rules have changed since it was recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.core import events as ev
from engine.core.folds import player, position, strike, strike_records, turn, zones
from engine.core.folds.base import Fold
from engine.core.state import State

_Mutator = Fold
_APPLY: dict[type, _Mutator] = {}
for _part in (zones, turn, player, strike, strike_records, position):
    _APPLY.update(_part.FOLDS)


def apply(state: State, event: ev.Event) -> None:
    """Fold ``event`` into ``state`` in place."""
    _APPLY[type(event)](state, event)


def fold_table() -> dict[type, Callable[[State, ev.Event], None]]:
    """The fold of each event type (``apply`` looks its event up here): for a hot loop
    that folds many events, such as ``Table.emit``. Read it, never change it (the
    mechanics add their folds through ``add_folds``, at import)."""
    return _APPLY


def fold(state: State, events: list[ev.Event]) -> State:
    """Apply ``events`` in order to ``state`` and return it."""
    table = _APPLY
    for event in events:
        table[type(event)](state, event)
    return state


def add_folds(folds: Mapping[type, Callable[..., None]],
              after: Mapping[str, Callable[..., None]]) -> None:
    """A mechanic's folds: ``folds`` for the events it brings, and ``after``, core event
    tag -> a fold run right after that core event's (after those added before)."""
    _APPLY.update(folds)
    by_tag = {t.__struct_config__.tag: t for t in ev.EVENT_TYPES}
    for tag, extra in after.items():
        event_type = by_tag[tag]
        _APPLY[event_type] = _chain(_APPLY[event_type], (extra,))


def _chain(core: _Mutator, extra: tuple[Callable[..., None], ...]) -> _Mutator:
    if len(extra) == 1:  # the usual case: no loop on the hot path
        only = extra[0]

        def folded_one(state: State, event: ev.Event) -> None:
            core(state, event)
            only(state, event)

        return folded_one

    def folded(state: State, event: ev.Event) -> None:
        core(state, event)
        for fold_ in extra:
            fold_(state, event)

    return folded


def check_complete() -> None:
    """Raise ``RuntimeError`` naming every event type without a fold (called once the
    mechanics have added theirs: ``engine.mechanics.builtin``)."""
    missing = [t.__name__ for t in ev.EVENT_TYPES if t not in _APPLY]
    if missing:
        raise RuntimeError(f"events without an apply function: {missing}")
