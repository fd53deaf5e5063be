"""Core rulebook "Doing Damage" (Armor, Guard, Stun), "Reactive Player Attack", and the
Glossary entries Stunned, Ignore Armor, Ignore Guard and Stun Immunity."""

from __future__ import annotations

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.cards import schema as c
from engine.core.context import EffectCtx
from engine.core.decisions import ActionRequest, PayForceRequest, Prepare
from engine.core.ids import Player, Zone
from engine.effects import resolve
from engine.rules.strike.damage import deal_damage


def _resolve_now(d: Driver, who: Player, effect: c.Effect) -> None:
    """Run one effect for ``who`` in the middle of the pending strike (no decisions)."""
    for _ in resolve(EffectCtx(d.game.table, who), effect):
        raise AssertionError("the effect asked for a decision")


def _damage_now(d: Driver, attacker: Player, power: int) -> None:
    """Deal ``power`` damage through the strike's damage step, as an extra hit would,
    and record its events in the driver's log."""
    start = len(d.game.events)
    deal_damage(d.game.table, attacker, power)
    d.log.extend(d.game.events[start:])


def test_focus_example_seven_power() -> None:
    """Core rulebook, "Doing Damage" (Focus example): Focus has 2 Armor and 5 Guard; a
    7-power attack (EX Donkey Kick) deals 5, which is not greater than 5: no stun, and
    Focus still attacks."""
    d = position(p1=dict(space=3, hand=["donkeykick", "donkeykick"]),
                 p2=dict(space=4, hand=["focus"], deck=["grasp"]))
    d.strike(("donkeykick", "donkeykick"), "focus")
    [to_ken, to_ryu] = d.events(ev.DamageDealt)
    assert (to_ken.amount, to_ken.absorbed) == (5, 2)
    assert d.life(P2) == 25
    assert d.events(ev.PlayerStunned) == []
    assert [e.player for e in d.events(ev.AttackActivated)] == [P1, P2]
    assert (to_ryu.amount, to_ryu.absorbed) == (3, 1)  # Focus 4 vs EX armor 1
    assert d.space(P2) == 4  # Focus ignores Donkey Kick's push
    assert d.zone(P2, Zone.HAND) == ["Grasp"]  # Focus's After ran
    assert d.zone(P2, Zone.GAUGE) == ["Focus"]


def test_focus_example_eight_power() -> None:
    """Core rulebook, "Doing Damage" (Focus example): an 8-power attack (Donkey Kick 6 +
    Fierce 2, boosted the turn before) deals 6 and stuns: Focus never activates."""
    d = position(p1=dict(space=3, hand=["grasp", "donkeykick"]),
                 p2=dict(space=4, hand=["focus"], deck=["cross"]))
    boost(d, "grasp")
    d.act(Prepare())  # Ken's turn
    d.strike("donkeykick", "focus")
    [damage] = d.events(ev.DamageDealt)
    assert (damage.amount, damage.absorbed) == (6, 2)
    assert d.life(P2) == 24
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert [e.player for e in d.events(ev.AttackSkipped)] == [P2]
    assert [e.player for e in d.events(ev.AttackActivated)] == [P1]
    assert d.zone(P2, Zone.DISCARD) == ["Focus"]
    assert d.zone(P2, Zone.HAND) == ["Cross", "Grasp"]  # Ken's Prepare turn; no Focus draw


def test_focus_example_eight_power_from_ex_and_a_boost() -> None:
    """Core rulebook, "Doing Damage" (Focus example), built another way: EX Donkey Kick
    (7) + Swift (+1 power) is 8 power: 6 damage, stunned."""
    d = position(p1=dict(space=3, hand=["donkeykick", "donkeykick"],
                         boosts=["tatsumakisenpukyaku"]),
                 p2=dict(space=4, hand=["focus"]))
    d.strike(("donkeykick", "donkeykick"), "focus")
    [damage] = d.events(ev.DamageDealt)
    assert (damage.amount, damage.absorbed) == (6, 2)
    assert [e.player for e in d.events(ev.AttackSkipped)] == [P2]
    assert d.zone(P1, Zone.GAUGE) == ["Donkey Kick"]
    assert d.zone(P1, Zone.DISCARD) == ["Donkey Kick", "Tatsumaki Senpukyaku"]


def test_armor_reduces_damage_to_zero_at_least() -> None:
    """Core rulebook, "Doing Damage": Armor is deducted from the damage taken; Grasp (3)
    against EX Focus (armor 3) deals nothing."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["focus", "focus"]))
    d.strike("grasp", ("focus", "focus"))
    d.choose("push 1")
    [damage, _] = d.events(ev.DamageDealt)
    assert (damage.amount, damage.absorbed) == (0, 3)
    assert d.life(P2) == 30


def test_armor_is_consumed_across_the_strike() -> None:
    """Core rulebook, "Doing Damage": Armor and Guard are cumulative across the strike;
    Armor prevents only the first damage taken. (No Ryu/Ken card hits twice, so an
    earlier 1 damage is dealt through the engine's damage step before Grasp's.)"""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["focus"]))
    d.strike("grasp", "focus")
    _damage_now(d, P1, 1)  # absorbed by 1 of Focus's 2 armor
    d.choose("push 1")
    [first, second, _] = d.events(ev.DamageDealt)
    assert (first.amount, first.absorbed) == (0, 1)
    assert (second.amount, second.absorbed) == (2, 1)  # 3 power, 1 armor left
    assert d.life(P2) == 28


def test_guard_is_compared_with_the_total_damage_of_the_strike() -> None:
    """Core rulebook, "Doing Damage": if the damage dealt over the entire attack is
    greater than Guard, the player is stunned. 3 + 3 damage beats Focus's Guard 5 though
    neither hit does alone."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["focus"]))
    d.strike("grasp", "focus")
    _damage_now(d, P1, 5)  # 2 absorbed, 3 taken: 3 <= 5
    assert d.events(ev.PlayerStunned) == []
    d.choose("push 1")
    assert [e.amount for e in d.events(ev.DamageDealt)] == [3, 3]
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.events(ev.AttackSkipped)[0].player == P2


def test_guard_blocks_the_stun_but_not_the_damage() -> None:
    """Core rulebook, "Doing Damage": damage not greater than Guard does not stun (Sweep
    has Guard 6; Grasp deals 3), and the reactive Sweep attacks."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["sweep"]))
    d.strike("grasp", "sweep")
    d.choose("push 1")
    assert d.life(P2) == 27
    assert [e.player for e in d.events(ev.AttackActivated)] == [P1, P2]


def test_stunned_reactive_attack_is_skipped_entirely() -> None:
    """Core rulebook, "Reactive Player Attack" and Glossary "Before"/"After": a stunned
    player skips their attack: no Before (Dive's advance), no Hit, no After; their card
    is discarded at cleanup."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["dive"]))
    d.strike("grasp", "dive")
    d.choose("push 2")
    assert [e.player for e in d.events(ev.AttackSkipped)] == [P2]
    assert d.space(P2) == 6  # pushed, then no advance
    assert d.life(P1) == 30
    assert d.zone(P2, Zone.DISCARD) == ["Dive"]
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]


def test_stunned_after_effect_does_not_run() -> None:
    """Core rulebook, Glossary "After": does not happen if you are stunned (Cross's
    retreat 3)."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["cross"]))
    d.strike("grasp", "cross")
    d.choose("push 1")
    assert d.space(P2) == 5
    assert d.events(ev.AttackSkipped)[0].player == P2


def test_faster_player_can_still_be_stunned() -> None:
    """Core rulebook, FAQ: "If my attack is faster than my opponent's, can I still be
    Stunned? Yes." It changes nothing for an attack already made; it still hit, so it
    goes to gauge."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["sweep"]))
    d.strike("grasp", "sweep")
    d.choose("pull 1")
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]


def test_ignore_armor() -> None:
    """Core rulebook, Glossary "Ignore Armor": the attack treats the opponent's Armor as
    0 (Spike deals its full 5 to Focus)."""
    d = position(p1=dict(space=3, hand=["spike"]), p2=dict(space=5, hand=["focus"]))
    d.strike("spike", "focus")
    [damage] = d.events(ev.DamageDealt)
    assert (damage.amount, damage.absorbed) == (5, 0)
    assert d.life(P2) == 25


def test_ignore_guard() -> None:
    """Core rulebook, Glossary "Ignore Guard": the opponent's Guard counts as 0 (Spike's
    5 damage stuns Sweep despite its Guard 6)."""
    d = position(p1=dict(space=3, hand=["spike"]), p2=dict(space=5, hand=["sweep"]))
    d.strike("spike", "sweep")
    assert d.life(P2) == 25
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.life(P1) == 30
    assert d.zone(P2, Zone.DISCARD) == ["Sweep"]


def test_stun_immunity() -> None:
    """Core rulebook, Glossary "Stun Immunity": you cannot be stunned. No Ryu/Ken card
    grants it, so the effect is resolved for Ken mid-strike: Grasp's 3 damage would stun
    Cross (guard 0), but Cross still attacks."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["cross"]))
    d.strike("grasp", "cross")
    _resolve_now(d, P2, c.StunImmunity())
    d.choose("push 1")
    assert P2 not in [e.player for e in d.events(ev.PlayerStunned)]
    assert [e.player for e in d.events(ev.AttackActivated)] == [P1, P2]
    assert d.life(P1) == 27 and d.space(P2) == 8  # Cross hit, then retreated 3


def test_block_spends_force_for_armor_when_hit() -> None:
    """Core rulebook, "Doing Damage" with Block's text: when hit, spend Force for +2
    Armor each. Sweep (6) against Block + 1 Force: armor 4, 2 damage, no stun, and Block
    goes to gauge."""
    d = position(p1=dict(space=3, hand=["sweep"]),
                 p2=dict(space=4, hand=["block"], gauge=["dive"]))
    d.strike("sweep", "block")
    request = d.expect(PayForceRequest, P2)
    assert request.optional and request.amount is None
    d.pay("dive")
    [damage] = d.events(ev.DamageDealt)
    assert (damage.amount, damage.absorbed) == (2, 4)
    assert d.events(ev.PlayerStunned) == []
    assert d.zone(P2, Zone.GAUGE) == ["Block"]
    assert d.expect(ActionRequest).player == P2
