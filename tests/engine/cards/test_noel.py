"""Noel Vermillion (BlazBlue): every special, ultra and boost, her Astral Heat (Valkyrie
Veil, set aside and brought in by the manual Reshuffle) and its Burst boost, her ability
(``set_strike: [if initiated_strike] gauge_for_effect 1: speedup 1``), her exceed ability
(``speedup 1`` and a granted ``hit: gain_advantage`` when she initiates), her kicker
(``on_exceed: pass``) and her overdrive effect (``close 1 | retreat 1``).

Card facts: roster.md, "Noel Vermillion". Noel is P1 and Ryu P2 (Ryu's gauge stays empty,
so his Critical is never offered). A test's name contains the effect and condition tags
it exercises.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import CATALOG, P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChoiceRequest,
    ChooseOption,
    Exceed,
    IllegalDecision,
    PayGaugeRequest,
    Reshuffle,
    SetAttackRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import Stat

CHARS = ("noel", "ryu")


def noel(p1: dict[str, Any], p2: dict[str, Any] | None = None, active: Any = P1) -> Driver:
    """A position with Noel as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2 or {}, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _speed(d: Driver, who: Any = P1) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is Stat.SPEED and e.player == who]


def test_noel_deck_has_30_cards_and_valkyrie_veil_set_aside() -> None:
    """roster.md, Noel's deck: 30 cards (the standard Normals and her 7 cards, x2 each),
    Valkyrie Veil set aside; season BlazBlue, exceed cost 4."""
    deck = CATALOG.deck_list("noel")
    assert len(deck) == 30
    for card in ("assaultthrough", "muzzleflitter", "opticbarrel", "springraid", "typeone",
                 "bulletstorm", "zerogunfenrir"):
        assert deck.count(f"noel_{card}") == 2
    assert deck.count("standard_normal_block") == 2
    char = CATALOG.character("noel")
    assert [(e.card, e.copies) for e in char.set_aside] == [("noel_valkyrieveil", 1)]
    assert "noel_valkyrieveil" not in deck
    assert char.season.value == "blazblue" and char.exceed_cost == 4
    veil = CATALOG.card("noel_valkyrieveil")
    assert (veil.kind.value, veil.gauge_cost, veil.armor) == ("ultra", 3, 5)
    d = noel({})
    assert d.area(P1, "set_aside") == ["Valkyrie Veil"]


# --- specials ----------------------------------------------------------------------------


def test_assault_through_advance_hit_push_gain_advantage() -> None:
    """Assault Through (range 1, power 4, speed 4): ``before: advance 1``; ``hit: push 3,
    then gain_advantage``. From 3 against Ryu's Block on 5: Noel advances to 4, hits for
    4 (2 absorbed by Block's armor), pushes Ryu to 8 and acts next."""
    d = noel(dict(space=3, hand=["assaultthrough"]), dict(space=5, hand=["block"]))
    d.strike("assaultthrough", "block")
    assert d.space(P1) == 4 and d.space(P2) == 8
    assert d.life(P2) == 28
    assert _next(d) == P1


def test_step_in_immediate_close_strike() -> None:
    """Step In (Assault Through's boost, immediate): ``close 1``, then ``strike``: Noel
    moves 3 -> 4 and a strike she initiates begins (she sets her attack)."""
    d = noel(dict(space=3, hand=["assaultthrough", "cross"]), dict(space=7, hand=["block"]))
    boost(d, "assaultthrough")
    assert d.space(P1) == 4
    d.expect(SetAttackRequest, P1)
    assert d.state.strike is not None and d.state.strike.attacker == P1
    assert d.zone(P1, Zone.DISCARD) == ["Assault Through"]


def test_muzzle_flitter_close_hit_force_for_effect_ignore_guard() -> None:
    """Muzzle Flitter (range 1, power 3, speed 5): ``before: close 1``; ``hit:
    force_for_effect 1: ignore_guard``. Paying 1 force, her 3 damage ignores Sweep's
    guard 6: Ryu is stunned and his Sweep never comes. Declining, he is not stunned and
    his Sweep hits back for 6 (stunning her)."""
    d = noel(dict(space=3, hand=["muzzleflitter", "grasp"]), dict(space=5, hand=["sweep"]))
    d.strike("muzzleflitter", "sweep")
    d.pay("grasp")
    assert d.space(P1) == 4
    assert d.life(P2) == 27 and d.life(P1) == 30
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]

    d = noel(dict(space=3, hand=["muzzleflitter", "grasp"]), dict(space=5, hand=["sweep"]))
    d.strike("muzzleflitter", "sweep")
    d.decline()
    assert d.life(P2) == 27 and d.life(P1) == 24
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]  # Sweep beats her guard 0


def test_chain_revolver_force_cost_draw_strike() -> None:
    """Chain Revolver (Muzzle Flitter's boost, immediate, 1 force): ``draw 3``, then
    ``strike``. Noel pays Grasp: 3 cards - Muzzle Flitter - Grasp + 3 = 4 in hand, then she
    sets an attack."""
    d = noel(dict(hand=["muzzleflitter", "grasp", "cross"]), dict(hand=["block"]))
    boost(d, "muzzleflitter", "grasp")
    assert len(d.p(P1).hand) == 4
    assert sorted(d.zone(P1, Zone.DISCARD)) == ["Grasp", "Muzzle Flitter"]
    d.expect(SetAttackRequest, P1)


def test_optic_barrel_force_for_effect_rangeup_after_choice_advance() -> None:
    """Optic Barrel (range 2-3, power 5, speed 3, guard 4): ``before: force_for_effect 1:
    rangeup 1/2`` (range 3-5); ``after: advance 2 | pass``. Ryu is 5 away: with 1 force
    she reaches him (5, 2 absorbed by Block), then advances 3 -> 5."""
    d = noel(dict(space=3, hand=["opticbarrel", "grasp"]), dict(space=8, hand=["block"]))
    d.strike("opticbarrel", "block")
    d.pay("grasp")
    assert d.life(P2) == 27
    d.choose("advance")
    assert d.space(P1) == 5


def test_optic_barrel_without_force_misses_and_may_pass() -> None:
    """Optic Barrel without the force: range 2-3 does not reach 5; ``after: pass``
    leaves her on 3."""
    d = noel(dict(space=3, hand=["opticbarrel", "grasp"]), dict(space=8, hand=["block"]))
    d.strike("opticbarrel", "block")
    d.decline()
    assert d.life(P2) == 30
    d.choose("pass")
    assert d.space(P1) == 3


def test_overpower_continuous_now_strike_during_strike_powerup() -> None:
    """Overpower (Optic Barrel's boost, continuous): ``now: strike``; ``during_strike:
    powerup 1``. Her Assault Through then hits for 5 (3 past Block's armor, not 2)."""
    d = noel(dict(space=3, hand=["opticbarrel", "assaultthrough"]), dict(space=5, hand=["block"]))
    boost(d, "opticbarrel")
    d.respond(P1, "assaultthrough", "block")
    assert d.life(P2) == 27
    assert d.zone(P1, Zone.BOOSTS) == [] and "Optic Barrel" in d.zone(P1, Zone.DISCARD)


def test_spring_raid_close_hit_push() -> None:
    """Spring Raid (range 1, power 3, speed 7): ``before: close 1``; ``hit: push 2``:
    3 -> 4, Ryu 5 -> 7, 1 damage past Block."""
    d = noel(dict(space=3, hand=["springraid"]), dict(space=5, hand=["block"]))
    d.strike("springraid", "block")
    assert d.space(P1) == 4 and d.space(P2) == 7
    assert d.life(P2) == 29
    assert _next(d) == P2


def test_dash_cancel_now_close() -> None:
    """Dash Cancel (Spring Raid's boost, continuous): ``now: close 2``: 3 -> 5 with Ryu
    on 7; it stays in play and the turn passes."""
    d = noel(dict(space=3, hand=["springraid"]), dict(space=7))
    boost(d, "springraid")
    assert d.space(P1) == 5
    assert d.zone(P1, Zone.BOOSTS) == ["Spring Raid"]
    assert _next(d) == P2


def test_dash_cancel_hit_add_boost_to_gauge_on_strike_cleanup_gain_advantage() -> None:
    """Dash Cancel: ``hit: add_boost_to_gauge_on_strike_cleanup, then gain_advantage``:
    when her Cross hits, the boost goes to her gauge (with the Cross) and she acts next."""
    d = noel(dict(space=4, hand=["cross"], boosts=["springraid"]), dict(space=5, hand=["block"]))
    d.strike("cross", "block")
    assert d.life(P2) == 29
    assert sorted(d.zone(P1, Zone.GAUGE)) == ["Cross", "Spring Raid"]
    assert d.zone(P1, Zone.BOOSTS) == []
    assert _next(d) == P1


def test_type_one_advance_advanced_through_dodge_attacks() -> None:
    """Type One (range 1-2, power 3, speed 5): ``before: advance 2, then [if
    advanced_through] dodge_attacks``. From 3 over Ryu on 4 she lands on 6 and hits; his
    Sweep (range 1-3, 2 away) misses her."""
    d = noel(dict(space=3, hand=["typeone"]), dict(space=4, hand=["sweep"]))
    d.strike("typeone", "sweep")
    assert d.space(P1) == 6
    assert d.life(P2) == 27 and d.life(P1) == 30
    [missed] = d.events(ev.AttackMissed)
    assert missed.player == P2


def test_type_one_not_advanced_through_no_dodge() -> None:
    """Type One without crossing (Ryu 4 away: 1 -> 3, 2 from him): no dodge, his Sweep
    hits her for 6 after her hit."""
    d = noel(dict(space=1, hand=["typeone"]), dict(space=5, hand=["sweep"]))
    d.strike("typeone", "sweep")
    assert d.space(P1) == 3
    assert d.life(P2) == 27 and d.life(P1) == 24


def test_swift_attack_speedup_hit_add_boost_to_gauge_on_strike_cleanup_gain_advantage() -> None:
    """Swift Attack (Type One's boost, continuous): ``during_strike: speedup 1``; ``hit:
    add_boost_to_gauge_on_strike_cleanup, then gain_advantage``: her Cross has speed 7,
    hits, the boost goes to gauge and she acts next."""
    d = noel(dict(space=4, hand=["cross"], boosts=["typeone"]), dict(space=5, hand=["block"]))
    d.strike("cross", "block")
    [priority] = d.events(ev.PriorityDetermined)
    assert priority.speed_p1 == 7
    assert sorted(d.zone(P1, Zone.GAUGE)) == ["Cross", "Type One"]
    assert _next(d) == P1


# --- ultras --------------------------------------------------------------------------------


def test_bullet_storm_ignore_armor() -> None:
    """Bullet Storm (3 gauge, range 3-4, power 6, speed 4): ``during_strike:
    ignore_armor``: all 6 go through Focus's armor 2 (Ryu 24; guard 5 is beaten, so his
    Focus never comes)."""
    d = noel(dict(space=3, hand=["bulletstorm"], gauge=["grasp", "cross", "dive"]),
             dict(space=6, hand=["focus"]))
    d.act(Strike())
    d.set_attack(P1, "bulletstorm")
    d.decline()  # her ability's optional gauge for speed
    d.set_attack(P2, "focus")
    d.pay("grasp", "cross", "dive")
    assert d.life(P2) == 24
    assert d.zone(P1, Zone.GAUGE) == ["Bullet Storm"]


def test_power_of_the_eye_reveal_hand_opponent_strike() -> None:
    """Power of the Eye (Bullet Storm's boost, immediate): ``reveal_hand {opponent}``,
    then ``strike``: Ryu's hand is revealed, then Noel sets an attack."""
    d = noel(dict(hand=["bulletstorm", "cross"]), dict(hand=["block", "focus"]))
    boost(d, "bulletstorm")
    [revealed] = d.events(ev.HandRevealed)
    assert revealed.player == P2 and sorted(d.names(revealed.cards)) == ["Block", "Focus"]
    d.expect(SetAttackRequest, P1)


def test_zero_gun_fenrir_hit_push_draw() -> None:
    """Zero Gun: Fenrir (2 gauge, range 1, power 5, speed 7): ``hit: push 2, then draw
    2``: Ryu takes 3 past Block, goes 5 -> 7, Noel draws 2."""
    d = noel(dict(space=4, hand=["zerogunfenrir"], gauge=["grasp", "cross"]),
             dict(space=5, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "zerogunfenrir")
    d.decline()
    d.set_attack(P2, "block")
    d.pay("grasp", "cross")
    assert d.life(P2) == 27 and d.space(P2) == 7
    assert len(d.p(P1).hand) == 2


def test_drive_charge_force_cost_now_strike_before_advance() -> None:
    """Drive Charge (Zero Gun: Fenrir's boost, continuous, 1 force): ``now: strike``;
    ``before: advance 2``. Her Assault Through advances 1 more: 3 -> 6 next to Ryu on 7,
    hits (2 past Block) and pushes him to 9."""
    d = noel(dict(space=3, hand=["zerogunfenrir", "grasp", "assaultthrough"]),
             dict(space=7, hand=["block"]))
    boost(d, "zerogunfenrir", "grasp")
    d.respond(P1, "assaultthrough", "block")
    assert d.space(P1) == 6 and d.space(P2) == 9
    assert d.life(P2) == 28


# --- the Astral Heat -------------------------------------------------------------------------


def test_valkyrie_veil_stun_immunity_armor_was_hit_powerup_choice_draw() -> None:
    """Valkyrie Veil (Astral Heat, 3 gauge, range 1-2, power 3, speed 2, armor 5):
    ``during_strike: stun_immunity``; ``before: [if was_hit] powerup 4, then draw 1 | 2 |
    3 | 4``. Ryu's Assault (power 4 + 2 from his Fierce boost) hits first: armor takes 5,
    1 gets through, she is not stunned; she then hits for 7 and draws 2."""
    d = noel(dict(space=3, hand=["valkyrieveil"], gauge=["grasp", "cross", "dive"],
                  set_aside=[]),
             dict(space=5, hand=["assault"], boosts=["grasp"]))
    d.act(Strike())
    d.set_attack(P1, "valkyrieveil")
    d.decline()
    d.set_attack(P2, "assault")
    d.pay("grasp", "cross", "dive")
    request = d.expect(ChoiceRequest, P1)
    assert len(request.labels) == 4
    d.choose("draw 2")
    assert d.life(P1) == 29 and d.life(P2) == 23
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]  # never Noel
    assert len(d.p(P1).hand) == 2


def test_valkyrie_veil_not_was_hit_no_powerup() -> None:
    """Valkyrie Veil when not hit first (Ryu's Block): no power bonus, no draw: 3 - 2
    armor = 1 damage."""
    d = noel(dict(space=4, hand=["valkyrieveil"], gauge=["grasp", "cross", "dive"],
                  set_aside=[]),
             dict(space=5, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "valkyrieveil")
    d.decline()
    d.set_attack(P2, "block")
    d.pay("grasp", "cross", "dive")
    assert d.life(P2) == 29 and d.p(P1).hand == []


def test_burst_draw_seal_this_boost_bonus_action() -> None:
    """Burst (Valkyrie Veil's boost, immediate): ``draw 2``, ``seal_this_boost``,
    ``bonus_action``: Noel draws 2, the Veil is sealed, and she acts again."""
    d = noel(dict(hand=["valkyrieveil"], set_aside=[]))
    boost(d, "valkyrieveil")
    assert len(d.p(P1).hand) == 2
    assert d.zone(P1, Zone.SEALED) == ["Valkyrie Veil"]
    assert _next(d) == P1


# --- the character card ----------------------------------------------------------------------


def test_ability_on_reshuffle_manual_reshuffle_add_set_aside_card_to_deck() -> None:
    """Noel's ability, ``on_reshuffle: [if manual_reshuffle] add_set_aside_card_to_deck
    {noel_valkyrieveil}``: the Reshuffle action puts Valkyrie Veil on top of her deck;
    her end-of-turn draw takes it."""
    d = noel(dict(hand=["grasp"], discard=["cross", "dive"]))
    d.act(Reshuffle())
    [added] = d.events(ev.SetAsideCardAdded)
    assert d.name(added.card) == "Valkyrie Veil" and d.area(P1, "set_aside") == []
    assert "Valkyrie Veil" in d.zone(P1, Zone.HAND)


def test_ability_initiated_strike_gauge_for_effect_speedup() -> None:
    """Noel's ability, ``set_strike: [if initiated_strike] gauge_for_effect 1: speedup
    1``: initiating, she spends a gauge card and her Assault Through has speed 5."""
    d = noel(dict(space=3, hand=["assaultthrough"], gauge=["cross"]), dict(space=5, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "assaultthrough")
    d.pay("cross")
    d.set_attack(P2, "block")
    assert d.zone(P1, Zone.DISCARD) == ["Cross"]
    [priority] = d.events(ev.PriorityDetermined)
    assert priority.speed_p1 == 5


def test_ability_not_initiated_strike_asks_no_gauge() -> None:
    """Noel's ability is for the strikes she initiates: defending with gauge, she is not
    asked for it."""
    d = noel(dict(space=4, hand=["cross"], gauge=["grasp"]), dict(space=5, hand=["block"]),
             active=P2)
    d.strike("block", "cross")
    assert d.zone(P1, Zone.GAUGE)[0] == "Grasp" and _speed(d) == []
    assert not any(isinstance(r, PayGaugeRequest) for r in d.forced)


def test_exceed_ability_initiated_strike_speedup_add_attack_effect_gain_advantage() -> None:
    """Noel's exceed ability, ``set_strike: [if initiated_strike] speedup 1, then
    add_attack_effect (hit: gain_advantage)``: in Overdrive her Spring Raid has speed 8
    and, hitting, gives her the next turn (it has no advantage of its own); no gauge is
    asked."""
    d = noel(dict(exceeded=True, overdrive=["dive", "focus"], space=3, hand=["springraid"],
                  gauge=["grasp"]),
             dict(space=6, hand=["block"]))
    d.select(P1, "dive")
    d.choose("close")
    assert d.space(P1) == 4
    d.strike("springraid", "block")
    [priority] = d.events(ev.PriorityDetermined)
    assert priority.speed_p1 == 8
    assert d.life(P2) == 29 and d.zone(P1, Zone.GAUGE)[0] == "Grasp"
    assert d.events(ev.AdvantageGained)[0].player == P1
    d.choose("retreat")  # her next turn: the last overdrive card goes, the effect runs
    assert _next(d) == P1 and d.area(P1, "overdrive") == []


def test_exceed_ability_not_initiated_strike_no_bonus() -> None:
    """The exceed ability is for strikes she initiates: defending, her Cross keeps speed
    6 and her hit gives no advantage."""
    d = noel(dict(exceeded=True, overdrive=["dive", "focus"], space=4, hand=["cross"]),
             dict(space=5, hand=["block"]), active=P2)
    d.strike("block", "cross")
    assert _speed(d) == [] and d.events(ev.AdvantageGained) == []
    assert d.life(P2) == 29


def test_on_exceed_pass_kicker_then_turn_ends() -> None:
    """Noel's kicker is ``pass``: exceeding (4 gauge into the Overdrive area) starts
    nothing and her turn ends."""
    d = noel(dict(gauge=["grasp", "cross", "dive", "spike"], hand=["focus"]))
    d.act(Exceed())
    d.pay("grasp", "cross", "dive", "spike")
    assert d.p(P1).exceeded and len(d.area(P1, "overdrive")) == 4
    assert d.state.strike is None
    assert _next(d) == P2


def test_overdrive_choice_close_or_retreat() -> None:
    """Noel's overdrive effect, ``close 1 | retreat 1``, after the turn-start overdrive
    discard: close takes her 3 -> 4, retreat 3 -> 2."""
    d = noel(dict(exceeded=True, overdrive=["grasp", "cross"], space=3), dict(space=7))
    d.select(P1, "grasp")
    d.choose("close")
    assert d.space(P1) == 4 and d.area(P1, "overdrive") == ["Cross"]
    d = noel(dict(exceeded=True, overdrive=["grasp", "cross"], space=3), dict(space=7))
    d.select(P1, "grasp")
    d.choose("retreat")
    assert d.space(P1) == 2 and _next(d) == P1


def test_overdrive_choice_out_of_range_is_an_illegal_decision() -> None:
    """Bad input: answering Noel's overdrive choice (two options) with a third option is
    an ``IllegalDecision`` naming the question and what is allowed; nothing changes."""
    d = noel(dict(exceeded=True, overdrive=["grasp", "cross"], space=3), dict(space=7))
    d.select(P1, "grasp")
    request = d.expect(ChoiceRequest, P1)
    before = d.state.copy()
    with pytest.raises(IllegalDecision) as raised:
        d.game.step(ChooseOption(index=2))
    assert "allowed" in str(raised.value)
    assert d.state == before and d.pending == request
