"""Effect handlers that no card in the current data reaches, driven directly.

The card tests (``tests/engine/cards/``) cover every effect the data uses. The handlers
below exist for the closed vocabulary (every type in ``engine.cards.EFFECT_TYPES`` has
one), so they are resolved here by hand, in the middle of a real strike.
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, position

from engine import cards as c
from engine import events as ev
from engine.context import EffectCtx
from engine.decisions import SetAttackRequest, Strike
from engine.effects import resolve
from engine.ids import Player


def _grant(d: Any, who: Player, effect: c.Effect) -> None:
    """Resolve ``effect`` for ``who`` now (it must not ask for a decision)."""
    requests = list(resolve(EffectCtx(d.game.table, who), effect))
    assert requests == []


def _spike_vs_focus(d: Any) -> None:
    """Ryu strikes with Spike; pause while Ken is asked for his response."""
    d.act(Strike())
    d.set_attack(P1, "spike")
    d.expect(SetAttackRequest, P2)


def test_stun_immunity_prevents_the_stun() -> None:
    """stun_immunity: Spike's 5 damage would stun Ken's Focus (guard ignored); with
    stun immunity Ken is not stunned, so his Focus still activates and hits back."""
    d = position(p1=dict(space=3, hand=["spike"]), p2=dict(space=5, hand=["focus"]))
    _spike_vs_focus(d)
    _grant(d, P2, c.StunImmunity())
    d.set_attack(P2, "focus")
    assert d.life(P2) == 25
    assert d.events(ev.PlayerStunned) == []
    assert [e.player for e in d.events(ev.AttackActivated)] == [P1, P2]
    assert d.life(P1) == 26


def test_stun_immunity_outside_a_strike_does_nothing() -> None:
    """stun_immunity outside a strike has nothing to mark: no event."""
    d = position()
    before = len(d.game.events)
    _grant(d, P1, c.StunImmunity())
    assert d.game.events[before:] == []


def test_attack_does_not_hit_opponent_makes_the_other_attack_miss() -> None:
    """attack_does_not_hit {opponent}: the opponent's attack (not yours) misses."""
    d = position(p1=dict(space=3, hand=["spike"]), p2=dict(space=5, hand=["focus"]))
    _spike_vs_focus(d)
    _grant(d, P2, c.AttackDoesNotHit(opponent=True))
    d.set_attack(P2, "focus")
    missed = d.events(ev.AttackMissed)
    assert [(e.player, e.reason) for e in missed] == [(P1, ev.MissReason.DOES_NOT_HIT)]
    assert d.life(P2) == 30
    assert d.life(P1) == 26
