"""Phonon: situations of the reference client's ``test/unit/test_phonon.gd`` that our
Phonon tests (``test_phonon.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Phonon", and the ``uni`` normals. As in the client's tests, P2
is Phonon too.
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine.core.decisions import ActionRequest, CharacterAction, ChoiceRequest
from engine.core.ids import Zone

CHARS = ("phonon", "phonon")
TS = "turningsatisfaction"


def test_phonon_guidance_ascension_range_follows_her_character_action_power() -> None:
    """Guidance Ascension (range TOTAL_POWER, power 1; "hit: push 2") through her
    character action with no strike last turn (+2) (client: ``test_phonon_guidance_ua``,
    first half): power and range 3 hit P2 at 3 for 3, pushing him to 8; his own
    (power 1, range 1) misses."""
    d = position(p1=dict(space=3, hand=["guidanceascension"]),
                 p2=dict(space=6, hand=["guidanceascension"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "guidanceascension")
    d.set_attack(P2, "guidanceascension")
    assert (d.space(P1), d.space(P2)) == (3, 8)
    assert (d.life(P1), d.life(P2)) == (30, 27)


def test_phonon_guidance_ascension_after_a_turn_with_the_opponents_strike() -> None:
    """The second half of ``test_phonon_guidance_ua``: P2's character action follows a
    turn in which P1 struck (two Guidance Ascensions missing at 2), so it has +1 only
    ("[if last_turn_was_strike] powerup 1"; the previous turn is either player's):
    power and range 2 hit P1 at 2 for 2 and push him 3 -> 1."""
    d = position(p1=dict(space=3, hand=["guidanceascension", "guidanceascension"]),
                 p2=dict(space=5, hand=["guidanceascension", "guidanceascension"]),
                 chars=CHARS)
    d.strike("guidanceascension", "guidanceascension")
    assert (d.life(P1), d.life(P2)) == (30, 30)
    d.expect(ActionRequest, P2)
    d.act(CharacterAction(index=0))
    d.set_attack(P2, "guidanceascension")
    d.set_attack(P1, "guidanceascension")
    assert (d.space(P1), d.space(P2)) == (1, 5)
    assert (d.life(P1), d.life(P2)) == (28, 30)


def test_phonon_resonance_returned_on_hit_takes_its_power_with_it() -> None:
    """Resonance (Sliding Affliction's boost; "[if not_initiated_strike] powerup 2; hit:
    choice <return_this_boost_to_hand_strike_effect | pass>") on a defending Tuning
    Satisfaction (client: ``test_phonon_sliding_boost_return_power_loss``). It beats
    Dive (speed 5 > 4) and hits; returning the boost to her hand during the hit takes
    its +2 away before damage: 2, pushing P2 to 5 and stunning him."""
    d = position(p1=dict(space=3, hand=[TS], boosts=["slidingaffliction"]),
                 p2=dict(space=4, hand=["dive"]), chars=CHARS, active=P2)
    d.strike("dive", TS)
    while isinstance(d.pending, ChoiceRequest):
        labels = d.pending.labels
        d.choose("return" if any("return" in label for label in labels) else "pass")
    assert (d.space(P1), d.space(P2)) == (3, 5)
    assert (d.life(P1), d.life(P2)) == (30, 28)
    assert "Sliding Affliction" in d.zone(P1, Zone.HAND)


def test_phonon_suppressive_restriction_pushes_its_total_power() -> None:
    """Suppressive Restriction (range 1-8, power 1; "after: choice_altered_values <push
    TOTAL_POWER + draw 2 | ...>") through her character action (+2) (client:
    ``test_phonon_suppressive_after``): Assault closes 7 -> 5 and misses; she hits for
    3, stunning it, then pushes 3 (5 -> 8) and draws 2."""
    d = position(p1=dict(space=3, hand=["suppressiverestriction"]),
                 p2=dict(space=7, hand=["assault"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "suppressiverestriction")
    d.set_attack(P2, "assault")
    d.choose("push")
    assert (d.space(P1), d.space(P2)) == (3, 8)
    assert (d.life(P1), d.life(P2)) == (30, 27)
    assert len(d.zone(P1, Zone.HAND)) == 2


def test_phonon_complete_servitude_doubles_her_character_action_bonus() -> None:
    """Complete Servitude (3 gauge; range 3-TOTAL_POWER, power 3; "hit:
    multiply_power_bonuses 2") through her character action (+2) (client:
    ``test_phonon_completeservitude_strike``): range 3-5 reaches P2 at 5; 3 + 2 x 2."""
    d = position(p1=dict(space=3, hand=["completeservitude"], gauge=["grasp", "cross", "dive"]),
                 p2=dict(space=8, hand=["grasp"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "completeservitude")
    d.set_attack(P2, "grasp")
    d.pay("grasp", "cross", "dive")
    assert (d.space(P1), d.space(P2)) == (3, 8)
    assert (d.life(P1), d.life(P2)) == (30, 23)


def test_phonon_binding_beatitude_returns_to_hand_after_its_hit() -> None:
    """Binding Beatitude (2 gauge; range 3-TOTAL_POWER, power 3; "after: choice
    <return_attack_to_hand | pass>") through her character action (+2) (client:
    ``test_phonon_bindingbeatitude_strike``): it hits P2 at 5 for 5 and goes back to
    her hand, not to the gauge (one gauge card left)."""
    d = position(p1=dict(space=3, hand=["bindingbeatitude"], gauge=["grasp", "cross", "dive"]),
                 p2=dict(space=8, hand=["grasp"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "bindingbeatitude")
    d.set_attack(P2, "grasp")
    d.pay("grasp", "cross")
    d.choose("return")
    assert (d.space(P1), d.space(P2)) == (3, 8)
    assert (d.life(P1), d.life(P2)) == (30, 25)
    assert d.zone(P1, Zone.HAND) == ["Binding Beatitude"]
    assert d.zone(P1, Zone.GAUGE) == ["Dive"]
