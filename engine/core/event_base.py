"""The base struct of every event, core (``engine.core.events``) or brought by a mechanic
(``engine.mechanics.*.events``).

An event is a frozen struct encoded as a msgpack array whose first element is its
stable tag (``docs/log-format.md``). It lives apart from ``engine.core.events`` so that a
mechanic's event module can subclass it and ``engine.core.events`` can list the mechanic's
events in the ``Event`` union without an import cycle.
"""

from __future__ import annotations

import msgspec


class EventStruct(msgspec.Struct, frozen=True, array_like=True, tag_field="t", gc=False):
    """Base of every event type.

    ``gc=False``: events are frozen and hold only immutable values, so they can never be
    part of a reference cycle; untracked, the thousands a game or a read log keeps alive
    cost the cyclic garbage collector nothing (``tests/engine/recording/test_untracked.py``
    proves the premise for every event type)."""
