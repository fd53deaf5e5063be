"""Resolving one effect by hand, for the effect tests (``tests/engine/effects/``).

``resolve_now`` runs an effect for a player at once and answers its requests from a list;
``strike_paused`` and ``spike_vs_focus`` start a real strike and stop while the defender
is asked for a response, so that strike effects have an attack to change.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from conftest import P1, P2

from engine.cards import schema as c
from engine.core.context import EffectCtx
from engine.core.decisions import Decision, Request, SetAttackRequest, Strike
from engine.core.ids import Player
from engine.effects import resolve


def resolve_now(d: Any, who: Player, effect: c.Effect, answers: Sequence[Decision] = (),
                source: int | None = None) -> list[Request]:
    """Resolve ``effect`` for ``who`` now, answering its requests with ``answers``."""
    flow = resolve(EffectCtx(d.game.table, who, source), effect)
    asked: list[Request] = []
    pending = iter(answers)
    try:
        request = next(flow)
        while True:
            asked.append(request)
            request = flow.send(next(pending))
    except StopIteration:
        return asked


def grant(d: Any, who: Player, effect: c.Effect) -> None:
    """Resolve ``effect`` for ``who`` now (it must not ask for a decision)."""
    assert resolve_now(d, who, effect) == []


def strike_paused(d: Any) -> None:
    """Ryu strikes with Spike (no Critical); pause while Ken is asked to respond."""
    d.act(Strike())
    d.set_attack(P1, "spike")
    d.critical(P1, False)
    d.expect(SetAttackRequest, P2)


def spike_vs_focus(d: Any) -> None:
    """Ryu strikes with Spike; pause while Ken is asked for his response."""
    d.act(Strike())
    d.set_attack(P1, "spike")
    d.expect(SetAttackRequest, P2)
