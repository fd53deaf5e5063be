"""Attack trait effects (``engine.effects.traits``) that no card in the current data
reaches, resolved by hand in the middle of a real strike.

Card behaviour is in ``tests/engine/cards/``; these reach edge cases no card shows.
"""

from __future__ import annotations

from conftest import P1, P2, position
from effect_runner import grant, spike_vs_focus

from engine import events as ev
from engine.cards import schema as c


def test_stun_immunity_prevents_the_stun() -> None:
    """stun_immunity: Spike's 5 damage would stun Ken's Focus (guard ignored); with
    stun immunity Ken is not stunned, so his Focus still activates and hits back."""
    d = position(p1=dict(space=3, hand=["spike"]), p2=dict(space=5, hand=["focus"]))
    spike_vs_focus(d)
    grant(d, P2, c.StunImmunity())
    d.set_attack(P2, "focus")
    assert d.life(P2) == 25
    assert d.events(ev.PlayerStunned) == []
    assert [e.player for e in d.events(ev.AttackActivated)] == [P1, P2]
    assert d.life(P1) == 26


def test_stun_immunity_outside_a_strike_does_nothing() -> None:
    """stun_immunity outside a strike has nothing to mark: no event."""
    d = position()
    before = len(d.game.events)
    grant(d, P1, c.StunImmunity())
    assert d.game.events[before:] == []


def test_attack_does_not_hit_opponent_makes_the_other_attack_miss() -> None:
    """attack_does_not_hit {opponent}: the opponent's attack (not yours) misses."""
    d = position(p1=dict(space=3, hand=["spike"]), p2=dict(space=5, hand=["focus"]))
    spike_vs_focus(d)
    grant(d, P2, c.AttackDoesNotHit(opponent=True))
    d.set_attack(P2, "focus")
    missed = d.events(ev.AttackMissed)
    assert [(e.player, e.reason) for e in missed] == [(P1, ev.MissReason.DOES_NOT_HIT)]
    assert d.life(P2) == 30
    assert d.life(P1) == 26
