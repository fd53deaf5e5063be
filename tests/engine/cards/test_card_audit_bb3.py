"""Third, depth-first card audit of six BlazBlue fighters (Arakune, Hazama, Rachel,
Platinum, Nine, Kokonoe): interactions between a fighter's own mechanics that the
fighters' own tests leave open. This pass found no defect; the tests below pin
behaviours that were right but untested and subtle.

A test's docstring names the fighter, the card and its data (roster.md notation), what
should happen and why.
"""

from __future__ import annotations

from conftest import P1, P2, boost, versus

from engine import events as ev
from engine.core.decisions import NameCard
from engine.core.ids import Zone
from engine.core.state import Stat

# --- Arakune -------------------------------------------------------------------------------


def test_arakune_f_inverse_reaches_range_1_through_his_exceed_ability() -> None:
    """Arakune, exceed ability ``on_strike_reveal: choose_discard 1 {source=overdrive}``
    with ``[if discarded_matches_attack_speed] rangeup -8/0 + powerup 2 + speedup 1 +
    choice <seal_topdeck | pass>``, and f inverse (3G, range 2, power 4, speed 7): ``hit:
    [if range(amount=1)] powerup 2`` (roster.md). The overdrive Grasp he discards has
    f inverse's speed 7, so its range becomes -6..2 and it reaches Ryu one space away;
    the hit's range-1 bonus then applies: 4 + 2 + 2 = 8, less Block's armor 2: 6 damage,
    over Block's guard 3 (Ryu stunned)."""
    d = versus(("arakune", "ryu"),
               dict(space=4, exceeded=True, overdrive=["grasp", "focus"], hand=["finverse"],
                    gauge=["cross", "cross", "dive"]),
               dict(space=5, hand=["block"]), active=P2)
    d.strike("block", "finverse")
    d.select(P1, "grasp")
    d.choose("pass")  # no seal
    d.pay("cross", "cross", "dive")
    assert d.stat_mods(P1, Stat.MIN_RANGE) == [-8]
    assert d.stat_mods(P1, Stat.POWER) == [2, 2]
    [hit] = [e for e in d.events(ev.AttackHit) if e.player == P1]
    assert hit.distance == 1
    assert d.life(P2) == 24
    assert d.events(ev.PlayerStunned) == [ev.PlayerStunned(player=P2)]


def test_arakune_zero_vector_makes_his_own_attack_of_that_name_invalid() -> None:
    """Arakune, f piecewise's boost Zero Vector (continuous): ``now: zero_vector``, ``now:
    strike`` (roster.md); effects.md, zero_vector: "cards of that name are invalid for
    both players' attacks this turn". He names Cross and sets Cross himself: his attack
    is invalid and discarded, and he wild swings the top card of his deck (Grasp)."""
    d = versus(("arakune", "ryu"),
               dict(space=4, hand=["fpiecewise", "cross"], deck=["grasp", "dive"]),
               dict(space=5, hand=["block"]))
    boost(d, "fpiecewise")
    d.act(NameCard(name="Cross"))
    d.respond(P1, "cross", "block")
    assert [(e.player, d.name(e.card)) for e in d.events(ev.AttackInvalid)] == [(P1, "Cross")]
    assert [d.name(e.card) for e in d.events(ev.WildSwingRevealed)] == ["Grasp"]
    assert "Cross" in d.zone(P1, Zone.DISCARD)


# --- Platinum the Trinity --------------------------------------------------------------------


def test_platinum_exceeded_immediate_top_card_still_offers_the_sustain_choice() -> None:
    """Platinum, exceed ability ``cleanup: choice <add_attack_effect {added_effect=
    (choose_sustain_boost 1 {amount_min=0})} + boost_then_sustain_topdeck 1 {sustain=False,
    discard_if_not_continuous=True} | pass>`` (roster.md): the sustain choice is the
    parent, the top-deck boost its follow-up, so the choice stands when the top card's
    boost is immediate. Her top card Focus (Reading, immediate) goes to the discard pile
    unplayed, and she may still sustain her Defend (Spike's continuous boost): it stays in
    play after the cleanup."""
    d = versus(("platinum", "ryu"),
               dict(space=4, hand=["grasp"], exceeded=True, overdrive=["dive", "cross"],
                    boosts=["spike"], deck=["focus", "cross", "dive"]),
               dict(space=5, hand=["focus"]))
    d.select(P1, "dive")  # the turn-start overdrive discard
    d.strike("grasp", "focus")
    d.choose("push 1")  # Grasp's hit
    d.choose("boost then sustain topdeck")
    d.choose("sustain Defend")
    assert d.state.strike is None
    assert d.zone(P1, Zone.BOOSTS) == ["Spike"]
    assert "Focus" in d.zone(P1, Zone.DISCARD)
    assert d.zone(P1, Zone.DECK)[:1] == ["Cross"]
