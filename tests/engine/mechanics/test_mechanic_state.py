"""A mechanic's own state (``State.mechanics``): outside the core encoding, so the hash
of a game without it is unchanged; appended to the canonical bytes when present; kept
by ``State.copy``."""

from __future__ import annotations

from conftest import CATALOG

from engine.core.decisions import Mulligan
from engine.core.state import MechanicState, canonical_bytes, state_hash
from engine.play.api import GameSetup, initial_state, new_game


class Meter(MechanicState, kw_only=True):
    """Toy state: an Overdrive-like meter per player."""

    meter: list[int]


def test_no_mechanic_state_leaves_the_hash_as_before() -> None:
    """Reading the (empty) store does not change the canonical bytes, which end with
    the core encoding of the last state field (``end_reason``)."""
    state = initial_state(GameSetup(p1="ryu", p2="ken"), CATALOG)
    before = canonical_bytes(state)
    assert state.mechanics == {}
    assert canonical_bytes(state) == before
    assert before.endswith(b"\xaaend_reason\xc0")


def test_mechanic_state_is_appended_to_the_hash_and_survives_copy() -> None:
    game = new_game(GameSetup(p1="ryu", p2="ken"), seed=7)
    game.step(Mulligan())
    state = game.state
    core, digest = canonical_bytes(state), state_hash(state)
    state.mechanics["meter"] = Meter(meter=[0, 2])
    extended = canonical_bytes(state)
    assert extended.startswith(core) and len(extended) > len(core)
    assert state_hash(state) != digest

    clone = state.copy()
    assert clone == state
    assert clone.mechanics == {"meter": Meter(meter=[0, 2])}
    assert clone.mechanics["meter"] is not state.mechanics["meter"]
    assert canonical_bytes(clone) == extended
    cloned, kept = clone.mechanics["meter"], state.mechanics["meter"]
    assert isinstance(cloned, Meter) and isinstance(kept, Meter)
    cloned.meter[1] = 3
    assert kept.meter == [0, 2]
    assert clone != state
    assert state_hash(clone) != state_hash(state)
    del state.mechanics["meter"]
    assert state_hash(state) == digest
