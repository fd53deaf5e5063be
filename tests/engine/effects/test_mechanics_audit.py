"""Mechanics audit: the boost keywords and the character mechanics (critical, exceed and
revert, overdrive, buddies, lightning rods) checked against the reference glossary
(/work/shared/reference/effects.md, "Boosts" and "Character mechanics"), each test
naming its entry. Card facts: roster.md.
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine import events as ev
from engine.core.ids import Zone

# --- sustain against a boost bound for the gauge ------------------------------------------


def test_a_boost_bound_for_gauge_is_not_offered_to_sustain() -> None:
    """Chun-Li, Lightning Legs (1-2, power 3, speed 6): ``after: [if is_critical] pass +
    [if hit_opponent] choice <return_attack_to_top_of_deck + choose_sustain_boost 1
    {amount_min=1} | pass>``; in play, Head Stomp's boost Swift Attack (``during_strike:
    speedup 1``, ``hit: gain_advantage + add_boost_to_gauge_on_strike_cleanup``) and
    Sweep's boost Light (``during_strike: speedup 2``). effects.md,
    ``add_boost_to_gauge_on_strike_cleanup``: "Move this boost from play into your gauge
    (immediately by default)": once her attack has hit, Swift Attack has left play for
    her gauge, so Lightning Legs' sustain (one required) can only keep Light, which is
    taken without a question; Swift Attack still ends in her gauge. The engine offered
    both ("sustain Swift Attack", "sustain Light"), so she could keep a boost bound for
    the gauge in play and lose Light."""
    d = position(p1=dict(space=3, hand=["lightninglegs"], gauge=["grasp"],
                         boosts=["headstomp", "sweep"]),
                 p2=dict(space=4, hand=["block"]), chars=("chunli", "ryu"))
    d.strike("lightninglegs", "block", crit=(True, False))
    d.choose("return attack")
    assert [d.name(e.card) for e in d.events(ev.BoostSustained)] == ["Sweep"]
    assert d.zone(P1, Zone.BOOSTS) == ["Sweep"]
    assert d.zone(P1, Zone.GAUGE) == ["Head Stomp"]
    assert d.zone(P1, Zone.DECK)[0] == "Lightning Legs"
    assert d.life(P2) == 29  # Lightning Legs 3 through Block's armor 2


def test_a_sustained_boost_marked_for_gauge_still_goes_to_gauge() -> None:
    """Chun-Li attacks with a critical Lightning Legs (``after: [if is_critical] pass +
    [if hit_opponent] choice <return_attack_to_top_of_deck + choose_sustain_boost 1
    {amount_min=1} | pass>``) while another Lightning Legs is in play as Repeating
    Attack (``after: [if hit_opponent] choice <return_attack_to_top_of_deck +
    add_boost_to_gauge_on_strike_cleanup | pass>``). The attack's after runs first:
    Repeating Attack, her only boost, is sustained; then its own after marks it for
    the gauge. effects.md, ``add_boost_to_gauge_on_strike_cleanup``: "Move this boost
    from play into your gauge (immediately by default)": the sustain, which only keeps
    a boost from being discarded at cleanup, cannot hold it in play; it ends in her
    gauge. The engine kept it in play (boosts ['Lightning Legs'], gauge [])."""
    d = position(p1=dict(space=3, hand=["lightninglegs"], gauge=["grasp"],
                         boosts=["lightninglegs"]),
                 p2=dict(space=4, hand=["block"]), chars=("chunli", "ryu"))
    d.strike("lightninglegs", "block", crit=(True, False))
    d.choose("return attack")  # the attack: back on the deck, sustain Repeating Attack
    d.choose("return attack")  # Repeating Attack: to gauge after the strike
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.GAUGE) == ["Lightning Legs"]
    assert d.zone(P1, Zone.DECK)[0] == "Lightning Legs"
