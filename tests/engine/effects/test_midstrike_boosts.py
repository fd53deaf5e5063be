"""Continuous boosts that come into play during a strike, and what they do in that
strike (effects.md, ``during_strike``: "A continuous boost played mid-strike applies its
during_strike effects on arrival"; its later timings run when their time comes; leaving
play again the same strike, what it gave ends: ``Table.end_boost_bonuses``).

Card facts: roster.md. The boosts come into play through ``boost_then_sustain`` (Bang's
Bang-Style Shuriken), ``boost_then_sustain_topdiscard`` (Hazama's Vengeful Viper) and
``boost_additional`` (Platinum's Miracle Jeanne).
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine import events as ev
from engine.core.decisions import ActionRequest, Strike
from engine.core.ids import Zone


def test_bang_shuriken_fierce_powerup_applies_on_arrival() -> None:
    """Bang's Bang-Style Shuriken (1F, range 1-4, power 1, speed 6; ``before: draw 1 +
    choice <boost_then_sustain {valid_zones=["hand"], sustain=False, ignore_costs=True}
    | pass>``) boosts Grasp's Fierce (continuous; ``during_strike: powerup 2``) from his
    hand in its before step. effects.md, ``during_strike``: "A continuous boost played
    mid-strike applies its during_strike effects on arrival": the Shuriken hits Ryu's
    Sweep (guard 6) for 1 + 2 = 3, not 1."""
    d = position(p1=dict(space=3, hand=["bangstyleshuriken", "grasp", "cross"],
                         deck=["dive", "spike"]),
                 p2=dict(space=5, hand=["sweep"]), chars=("bang", "ryu"))
    d.strike("bangstyleshuriken", "sweep")
    d.pay("cross")  # the Shuriken's force cost
    d.choose("boost")
    d.select(P1, "grasp")
    played = [e for e in d.events(ev.CardMoved) if e.dst is Zone.BOOSTS]
    assert [d.name(e.card) for e in played] == ["Grasp"]
    assert [e.player for e in d.events(ev.AttackHit)][:1] == [P1]
    assert d.life(P2) == 27


def test_vengeful_viper_topdiscard_fierce_powers_up_the_hit_it_arrives_in() -> None:
    """Hazama's Vengeful Viper (Rising Fang's continuous boost; ``hit: choice
    <boost_then_sustain_topdiscard 1 {limitation=continuous} | pass>``) in play; his
    Cross (range 1-2, power 3, speed 6) hits Nehtali's Sweep (guard 6) next to him, and
    the top continuous boost of his discard pile, Grasp's Fierce (``during_strike:
    powerup 2``), comes into play in the hit step. effects.md: its during_strike effect
    applies on arrival, and damage is dealt after the attacker's hit effects (effects.md,
    strike resolution 12, "If hit"): Nehtali takes 3 + 2 = 5, not 3."""
    d = position(p1=dict(space=3, hand=["cross"], boosts=["risingfang"], discard=["grasp"]),
                 p2=dict(space=4, hand=["sweep"]), chars=("hazama", "nehtali"))
    d.act(Strike())
    d.set_attack(P1, "cross")
    d.set_attack(P2, "sweep")
    d.choose("boost then sustain topdiscard")
    assert "Grasp" in d.zone(P1, Zone.BOOSTS)
    assert d.life(P2) == 25


def test_miracle_jeanne_cat_hammer_rangeup_reaches_this_strike() -> None:
    """Platinum's Miracle Jeanne (4G, range 2-3, power 3, speed 4; ``before:`` play up
    to two continuous boosts from her discard pile, free) plays Cure Dot Typhoon's
    Magical Cat Hammer (``during_strike: rangeup 1/2 + speedup 1``). effects.md,
    ``during_strike``: it applies on arrival, so Jeanne reaches 3-5 and hits Nehtali 5
    spaces away for 3 (her Sweep, range 1-3, cannot answer)."""
    d = position(p1=dict(space=3, hand=["miraclejeanne"],
                         gauge=["cross", "dive", "assault", "focus"],
                         discard=["curedottyphoon"]),
                 p2=dict(space=8, hand=["sweep"]), chars=("platinum", "nehtali"))
    d.act(Strike())
    d.set_attack(P1, "miraclejeanne")
    d.set_attack(P2, "sweep")
    d.pay("cross", "dive", "assault", "focus")
    d.select(P1, "curedottyphoon")
    assert d.zone(P1, Zone.BOOSTS) == ["Cure Dot Typhoon"]
    assert [e.player for e in d.events(ev.AttackHit)] == [P1]
    assert d.life(P2) == 27


def test_bang_shuriken_larger_than_life_hit_effects_run_the_same_strike() -> None:
    """Bang's Bang-Style Shuriken (range 1-4, power 1, speed 6; ``before: draw 1 +
    choice <boost_then_sustain {hand, sustain=False, ignore_costs} | pass>``) boosts Void
    Tempest Kick's Larger Than Life (continuous; ``hit: powerup 1 + gain_advantage +
    add_boost_to_gauge_on_strike_cleanup``) in its before step. Its hit timing comes
    after it arrived, so it runs this strike (core rulebook, Continuous Boosts: "active
    at all times until discarded"): the Shuriken hits Ryu's Sweep for 2, Bang gains
    the advantage (he acts next), and the boost goes to his gauge at cleanup."""
    d = position(p1=dict(space=3, hand=["bangstyleshuriken", "voidtempestkick", "cross"],
                         deck=["dive", "spike"]),
                 p2=dict(space=5, hand=["sweep"]), chars=("bang", "ryu"))
    d.strike("bangstyleshuriken", "sweep")
    d.pay("cross")
    d.choose("boost")
    d.select(P1, "voidtempestkick")
    assert d.life(P2) == 28
    assert d.expect(ActionRequest).player == P1
    assert "Void Tempest Kick" in d.zone(P1, Zone.GAUGE)


def test_beat_a_nail_played_mid_strike_takes_its_speed_with_it_when_it_leaves() -> None:
    """Exceeded Bang's Bang-Style Shuriken (speed 6; ``before: ... boost_then_sustain
    {hand, ignore_costs}``) plays Infinite Chaos-Fist's Beat A Nail With Your Hammer
    (``during_strike: speedup 1``; ``now: advance 2 + strike``; ``after: [if exceeded]
    return_this_boost_to_hand``): on arrival Bang is speed 7 (effects.md,
    ``during_strike``) and advances 3 -> 5; the Shuriken hits Hyde (armor 1) for 0; in
    its after step the boost returns to his hand, and what it gave the strike ends
    (``Table.end_boost_bonuses``; core rulebook, Continuous Boosts: active "until
    discarded"). Hyde's Dead Set Daze (power X; ``before: set_strike_x
    {source=opponent_speed}``) then reads speed 6, not 7: Bang takes 6."""
    d = position(p1=dict(space=3, exceeded=True, overdrive=["grasp", "sweep"],
                         hand=["bangstyleshuriken", "infinitechaosfistofthevoid", "cross"],
                         deck=["dive", "spike"]),
                 p2=dict(space=6, hand=["deadsetdaze"], gauge=["focus"]),
                 chars=("bang", "hyde"))
    d.select(P1, "sweep")  # the overdrive discard
    d.strike("bangstyleshuriken", "deadsetdaze")
    d.pay("cross")  # the Shuriken's force cost
    d.pay("focus")  # Dead Set Daze's gauge cost
    d.choose("boost")
    d.select(P1, "infinitechaosfistofthevoid")
    assert d.space(P1) == 5
    assert "Infinite Chaos-Fist of the Void" in d.zone(P1, Zone.HAND)
    assert [e.value for e in d.events(ev.StrikeXSet)] == [6]
    assert d.life(P1) == 24
