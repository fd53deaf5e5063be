"""Planted bugs for the tests of the tools that find them (``exceed fuzz``, ``exceed
capsule --failing``): an exception the Powerup handler raises from turn 8 on, and an
invariant check that reports a violation at its N-th call."""

from __future__ import annotations

import pytest

from engine.cards.schema import Powerup
from engine.core.decisions import Request
from engine.core.invariants import check
from engine.core.state import State
from engine.devtools import fuzz
from engine.effects.registry import HANDLERS

PLANTED = "planted bug in powerup"
"""The text of the planted exception (``RuntimeError``)."""


def plant_powerup_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    """From turn 8 on, Powerup raises ``RuntimeError(PLANTED)``."""
    real, flow = HANDLERS[Powerup]

    def buggy(ctx: object, effect: object) -> object:
        if ctx.table.state.turn >= 8:  # type: ignore[attr-defined]
            raise RuntimeError(PLANTED)
        return real(ctx, effect)  # type: ignore[arg-type]

    monkeypatch.setitem(HANDLERS, Powerup, (buggy, flow))


def plant_invariant_break(monkeypatch: pytest.MonkeyPatch, at: int = 12) -> None:
    """The fuzzer's invariant check reports "planted violation" at its ``at``-th call."""
    calls = {"n": 0}
    real = check  # the invariants the fuzzer imports

    def flaky(state: State, pending: Request | None) -> list[str]:
        calls["n"] += 1
        return ["planted violation"] if calls["n"] == at else real(state, pending)

    monkeypatch.setattr(fuzz, "check", flaky)
