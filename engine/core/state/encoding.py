"""The canonical encoding of a state and its hash, which every log records after each
decision: changing what it encodes changes every recorded hash."""


from __future__ import annotations

import hashlib

import msgspec

from engine.core.state.mechanic import MECHANICS_ATTR, MechanicState
from engine.core.state.table import State

_hash_encoder = msgspec.msgpack.Encoder()


def canonical_bytes(state: State) -> bytes:
    """The canonical encoding of a state: struct fields in declaration order, ints only,
    with ``card_defs`` encoded as an empty map.

    ``card_defs`` never changes after setup and the log header already fixes it (the
    decks), so hashing it after every decision would only cost time.

    A mechanic's own state (``State.mechanics``) is not a struct field: when there is
    any, the encoding of its ``[name, state]`` pairs in name order is appended (each
    state as its ``hash_form``).
    """
    defs = state.card_defs
    state.card_defs = {}
    try:
        core = _hash_encoder.encode(state)
    finally:
        state.card_defs = defs
    mechanics: dict[str, MechanicState] | None = state.__dict__.get(MECHANICS_ATTR)
    if not mechanics:
        return core
    return core + _hash_encoder.encode(
        [(name, record.hash_form()) for name, record in sorted(mechanics.items())])


def state_hash(state: State) -> bytes:
    """A stable 16-byte digest of the canonical encoding (BLAKE2b-128)."""
    return hashlib.blake2b(canonical_bytes(state), digest_size=16).digest()
