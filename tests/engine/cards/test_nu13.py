"""Nu-13 (BlazBlue): every special, ultra and boost, her Astral Heat (Sword of
Destruction, set aside and brought in by the manual Reshuffle) and its Burst boost, her
ability (``set_strike: force_for_effect 1: rangeup 3/4``), her exceed ability (a granted
``during_strike: rangeup 0/4`` that grants ``hit: advance 3 | pass``), her kicker
(``on_exceed: draw 1``) and her overdrive effect (``retreat 1``).

Card facts: roster.md, "Nu-13". Nu-13 is P1 and Ryu P2 (Ryu's gauge stays empty, so his
Critical is never offered). Her ability asks for 1 optional force whenever she sets an
attack with force to spend; tests that do not use it decline it. A test's name contains
the effect and condition tags it exercises.

One encoding differs in form from roster.md, not in outcome: Gravity Seed's
``during_strike: block_opponent_move`` is not encoded: our ``block_opponent_move`` is a
held passive that counts (one ``remove`` ends one ``block``),
and its ``now`` block already holds for as long as the boost is in play, so a second one
per strike would outlive the boost's ``discarded: remove``.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import CATALOG, P1, P2, Driver, boost, offered, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    Boost,
    Exceed,
    IllegalDecision,
    MoveTo,
    PayCards,
    PayForceRequest,
    Prepare,
    Reshuffle,
    SetAttackRequest,
    SpaceRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import Stat

CHARS = ("nu13", "ryu")


def nu13(p1: dict[str, Any], p2: dict[str, Any] | None = None, active: Any = P1) -> Driver:
    """A position with Nu-13 as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2 or {}, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _strike(d: Driver, attack: str, response: str, ability_force: str | None = None) -> None:
    """Nu-13 strikes with ``attack``; her ability's optional force is paid with
    ``ability_force`` or declined; Ryu sets ``response``."""
    d.act(Strike())
    d.set_attack(P1, attack)
    if isinstance(d.pending, PayForceRequest) and d.pending.player == P1:
        if ability_force:
            d.pay(ability_force)
        else:
            d.decline()
    d.set_attack(P2, response)


def test_nu13_deck_has_30_cards_and_sword_of_destruction_set_aside() -> None:
    """roster.md, Nu-13's deck: 30 cards (the standard Normals and her 7 cards, x2
    each), Sword of Destruction set aside; season BlazBlue, exceed cost 3."""
    deck = CATALOG.deck_list("nu13")
    assert len(deck) == 30
    for card in ("sicklestorm", "spikechaser", "suprarage", "sworddance", "swordsummoner",
                 "calamitysword", "legacyedge"):
        assert deck.count(f"nu13_{card}") == 2
    char = CATALOG.character("nu13")
    assert [(e.card, e.copies) for e in char.set_aside] == [("nu13_swordofdestruction", 1)]
    assert "nu13_swordofdestruction" not in deck
    assert char.season.value == "blazblue" and char.exceed_cost == 3
    d = nu13({})
    assert d.area(P1, "set_aside") == ["Sword of Destruction"]


# --- specials ----------------------------------------------------------------------------


def test_sickle_storm_not_range_greater_or_equal_choice_pull() -> None:
    """Sickle Storm (range 2-4, power 4, speed 4): ``hit: [if range_greater_or_equal 5]
    gain_advantage, else push 2 | pull 2``. At range 3 she hits (2 past Block) and pulls
    Ryu 6 -> 4; no advantage."""
    d = nu13(dict(space=3, hand=["sicklestorm", "grasp"]), dict(space=6, hand=["block"]))
    _strike(d, "sicklestorm", "block")
    d.choose("pull 2")
    assert d.life(P2) == 28 and d.space(P2) == 4
    assert d.events(ev.AdvantageGained) == []
    assert _next(d) == P2


def test_sickle_storm_ability_force_for_effect_rangeup_range_greater_or_equal_gain_advantage() -> None:
    """Nu-13's ability, ``set_strike: force_for_effect 1: rangeup 3/4``, with Sickle
    Storm: range 5-8 reaches Ryu 5 away; at range 5 or more the hit gives her the next
    turn instead of the push/pull."""
    d = nu13(dict(space=1, hand=["sicklestorm", "grasp"]), dict(space=6, hand=["block"]))
    _strike(d, "sicklestorm", "block", ability_force="grasp")
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]
    assert d.life(P2) == 28 and d.space(P2) == 6
    assert _next(d) == P1


def test_alter_space_speedup_hit_choice_push() -> None:
    """Alter Space (Sickle Storm's boost, continuous): ``during_strike: speedup 1``;
    ``hit: push 1 | pull 1 | pass``. Her Cross has speed 7 and, hitting, pushes Ryu
    5 -> 6 (then the Cross retreats her 3)."""
    d = nu13(dict(space=4, hand=["cross"], boosts=["sicklestorm"]), dict(space=5, hand=["block"]))
    _strike(d, "cross", "block")
    d.choose("push 1")
    [priority] = d.events(ev.PriorityDetermined)
    assert priority.speed_p1 == 7
    assert d.space(P2) == 6 and d.space(P1) == 1
    assert d.life(P2) == 29


def test_spike_chaser_force_for_effect_per_force_rangeup_after_retreat() -> None:
    """Spike Chaser (range 1, power 5, speed 3): ``before: force_for_effect up to 3:
    rangeup 0/1 each``; ``after: retreat 2``. Two force: range 1-3 reaches Ryu 3 away
    (3 past Block); then she retreats 3 -> 1."""
    d = nu13(dict(space=3, hand=["spikechaser", "grasp", "cross", "dive"]),
             dict(space=6, hand=["block"]))
    _strike(d, "spikechaser", "block")
    d.choose("spend 2 force")
    d.pay("grasp", "cross")
    assert d.life(P2) == 27
    assert d.space(P1) == 1


def test_luminous_slave_now_draw_during_strike_rangeup_negative() -> None:
    """Luminous Slave (Spike Chaser's boost, continuous): ``now: draw 1``;
    ``during_strike: rangeup -2/0``. Boosting it draws a card; with it in play her Spike
    (range 2-3) reaches down to range 1: 5 through Block's armor and guard."""
    d = nu13(dict(hand=["spikechaser"]))
    boost(d, "spikechaser")
    assert len(d.p(P1).hand) == 2  # 1 drawn now, 1 at the end of the turn
    assert d.zone(P1, Zone.BOOSTS) == ["Spike Chaser"]

    d = nu13(dict(space=4, hand=["spike"], boosts=["spikechaser"]), dict(space=5, hand=["block"]))
    _strike(d, "spike", "block")
    assert d.life(P2) == 25


def test_supra_rage_before_choice_retreat_hit_push() -> None:
    """Supra Rage (range 2-3, power 3, speed 5): ``before: retreat 1 | pass``; ``hit:
    push 1``. Adjacent to Ryu she retreats 4 -> 3, hits at range 2 (1 past Block), pushes
    him 5 -> 6."""
    d = nu13(dict(space=4, hand=["suprarage"]), dict(space=5, hand=["block"]))
    _strike(d, "suprarage", "block")
    d.choose("retreat")
    assert d.space(P1) == 3 and d.space(P2) == 6
    assert d.life(P2) == 29


def test_air_dash_choice_advance_or_retreat() -> None:
    """Air Dash (Supra Rage's boost, immediate): ``advance 3 | retreat 3``. From 3 over
    Ryu on 5 she lands on 7; from 5 she retreats to 2."""
    d = nu13(dict(space=3, hand=["suprarage"]), dict(space=5))
    boost(d, "suprarage")
    d.choose("advance")
    assert d.space(P1) == 7
    d = nu13(dict(space=5, hand=["suprarage"]), dict(space=7))
    boost(d, "suprarage")
    d.choose("retreat")
    assert d.space(P1) == 2 and _next(d) == P2


def test_sword_dance_before_draw_hit_force_for_effect_powerup_combined() -> None:
    """Sword Dance (range 2, power 3, speed 4, guard 4): ``before: draw 2``; ``hit:
    force_for_effect up to 4: powerup 1 each (combined)``. She draws 2, spends 2 force:
    power 5, 3 past Block."""
    d = nu13(dict(space=3, hand=["sworddance", "grasp"]), dict(space=5, hand=["block"]))
    _strike(d, "sworddance", "block")
    assert len(d.p(P1).hand) == 3
    d.choose("spend 2 force")
    d.pay("grasp", d.zone(P1, Zone.HAND)[1])
    assert d.life(P2) == 27
    assert len(d.p(P1).hand) == 1


def test_gravity_seed_now_block_opponent_move_start_of_next_turn_add_to_gauge_immediately_discarded_remove_block_opponent_move() -> None:
    """Gravity Seed (Sword Dance's boost, continuous, 1 force): ``now:
    block_opponent_move``; ``start_of_next_turn: add_to_gauge_immediately``;
    ``discarded: remove_block_opponent_move``. Ryu's next turn offers no Move; at the
    start of Nu-13's next turn the boost goes to her gauge and the block ends: Ryu may
    move again."""
    d = nu13(dict(space=3, hand=["sworddance", "grasp"]), dict(space=7, hand=["cross"]))
    boost(d, "sworddance", "grasp")
    request = d.expect(ActionRequest, P2)
    assert not any(isinstance(choice, MoveTo) for choice in request.choices)
    d.act(Prepare())
    assert d.zone(P1, Zone.GAUGE) == ["Sword Dance"] and d.zone(P1, Zone.BOOSTS) == []
    d.act(Prepare())
    request = d.expect(ActionRequest, P2)
    assert any(isinstance(choice, MoveTo) for choice in request.choices)


def test_sword_summoner_ability_rangeup_hit_range_greater_or_equal_powerup_after_opponent_stunned_draw() -> None:
    """Sword Summoner (range 1, power 2, speed 6): ``hit: [if range_greater_or_equal 4]
    powerup 3``; ``after: [if opponent_stunned] draw 1``. With her ability's force (range
    4-5) she hits Ryu 4 away for 5, stunning his Shoryuken (guard 0), and draws 1."""
    d = nu13(dict(space=1, hand=["swordsummoner", "grasp"]), dict(space=5, hand=["shoryuken"]))
    _strike(d, "swordsummoner", "shoryuken", ability_force="grasp")
    assert d.life(P2) == 25
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert len(d.p(P1).hand) == 1


def test_sword_summoner_close_no_powerup_no_stun_no_draw() -> None:
    """Sword Summoner adjacent: no power bonus (2 past Block's armor: none), no stun, no
    draw."""
    d = nu13(dict(space=4, hand=["swordsummoner"]), dict(space=5, hand=["block"]))
    _strike(d, "swordsummoner", "block")
    assert d.life(P2) == 30 and d.p(P1).hand == []


def test_aerial_backflip_retreat_range_multiple_strike() -> None:
    """Aerial Backflip (Sword Summoner's boost, immediate): ``retreat 2, then [if
    range_multiple 4..5] strike``: 3 -> 1 with Ryu on 5 (range 4) strikes; 4 -> 2 with
    Ryu on 7 (range 5) strikes; 5 -> 3 with Ryu on 6 (range 3) does not."""
    d = nu13(dict(space=3, hand=["swordsummoner", "cross"]), dict(space=5, hand=["block"]))
    boost(d, "swordsummoner")
    assert d.space(P1) == 1
    d.expect(SetAttackRequest, P1)
    d = nu13(dict(space=4, hand=["swordsummoner", "cross"]), dict(space=7, hand=["block"]))
    boost(d, "swordsummoner")
    assert d.space(P1) == 2
    d.expect(SetAttackRequest, P1)
    d = nu13(dict(space=5, hand=["swordsummoner", "cross"]), dict(space=6, hand=["block"]))
    boost(d, "swordsummoner")
    assert d.space(P1) == 3 and d.state.strike is None
    assert _next(d) == P2


# --- ultras --------------------------------------------------------------------------------


def test_calamity_sword_gauge_cost_hit() -> None:
    """Calamity Sword (3 gauge, range 2-3, power 6, speed 7, no effects): 4 past Block at
    range 2."""
    d = nu13(dict(space=3, hand=["calamitysword"], gauge=["grasp", "cross", "dive"]),
             dict(space=5, hand=["block"]))
    _strike(d, "calamitysword", "block")
    d.pay("grasp", "cross", "dive")
    assert d.life(P2) == 26 and d.zone(P1, Zone.GAUGE) == ["Calamity Sword"]


def test_broken_weapon_force_cost_shuffle_hand_to_deck_draw() -> None:
    """Broken Weapon (Calamity Sword's boost, immediate, 2 force): ``shuffle_hand_to_deck``,
    then ``draw 5``. After paying Grasp and Cross, her other two cards go into the deck,
    the deck is shuffled, and she draws 5."""
    d = nu13(dict(hand=["calamitysword", "grasp", "cross", "dive", "spike"]))
    deck_before = len(d.p(P1).deck)
    dive, spike = d.ref(P1, "dive"), d.ref(P1, "spike")
    boost(d, "calamitysword", "grasp", "cross")
    to_deck = [e.card for e in d.events(ev.CardMoved)
               if e.src is Zone.HAND and e.dst is Zone.DECK]
    assert to_deck == [dive, spike]
    [shuffled] = [e for e in d.events(ev.DeckShuffled) if e.player == P1]
    assert len(shuffled.order) == deck_before + 2
    assert len(d.p(P1).hand) >= 5  # 5, plus the end-of-turn draw
    assert len(d.p(P1).hand) + len(d.p(P1).deck) == deck_before + 2


def test_shuffle_hand_to_deck_with_an_empty_hand_only_shuffles() -> None:
    """``shuffle_hand_to_deck`` with nothing else in hand (Broken Weapon paid from gauge):
    no card moves to the deck, the deck is shuffled, she draws 5."""
    d = nu13(dict(hand=["calamitysword"], gauge=["grasp", "cross"]))
    deck_before = len(d.p(P1).deck)
    boost(d, "calamitysword", "grasp", "cross")
    assert not [e for e in d.events(ev.CardMoved) if e.src is Zone.HAND and e.dst is Zone.DECK]
    [shuffled] = [e for e in d.events(ev.DeckShuffled) if e.player == P1]
    assert len(shuffled.order) == deck_before
    assert len(d.p(P1).hand) == 6  # 5 and the end-of-turn draw


def test_legacy_edge_dodge_at_range_hit_gain_advantage_move_to_any_space() -> None:
    """Legacy Edge (3 gauge, range 4-8, power 7, speed 3): ``during_strike: dodge_at_range
    5-9``; ``hit: gain_advantage, then move_to_any_space``. Ryu's faster Hadoken from 5
    away misses her; she hits for 7, moves 1 -> 5 and acts next."""
    d = nu13(dict(space=1, hand=["legacyedge"], gauge=["grasp", "cross", "dive"]),
             dict(space=6, hand=["hadoken"]))
    _strike(d, "legacyedge", "hadoken")
    d.pay("grasp", "cross", "dive")
    [missed] = d.events(ev.AttackMissed)
    assert missed.player == P2
    request = d.expect(SpaceRequest, P1)
    assert 6 not in [choice.space for choice in offered(request, MoveTo)]
    d.move_to(P1, 5)
    assert d.space(P1) == 5 and d.life(P2) == 23 and d.life(P1) == 30
    assert _next(d) == P1


def test_counter_assault_range_push_draw() -> None:
    """Counter Assault (Legacy Edge's boost, immediate, 2 force): ``[if range 1] push 3,
    then draw 2``: adjacent, Ryu goes 5 -> 8 and she draws 2; at range 2 nothing."""
    d = nu13(dict(space=4, hand=["legacyedge", "grasp", "cross"]), dict(space=5))
    boost(d, "legacyedge", "grasp", "cross")
    assert d.space(P2) == 8
    assert len(d.p(P1).hand) == 3  # 2, plus the end-of-turn draw
    d = nu13(dict(space=3, hand=["legacyedge", "grasp", "cross"]), dict(space=5))
    boost(d, "legacyedge", "grasp", "cross")
    assert d.space(P2) == 5 and len(d.p(P1).hand) == 1


# --- the Astral Heat -------------------------------------------------------------------------


def test_sword_of_destruction_hit_range_powerup() -> None:
    """Sword of Destruction (Astral Heat, 3 gauge, range 1, power 3, speed 5): ``hit: [if
    range 1] powerup 10``: 13, 11 past Block."""
    d = nu13(dict(space=4, hand=["swordofdestruction"], gauge=["grasp", "cross", "dive"],
                  set_aside=[]),
             dict(space=5, hand=["block"]))
    _strike(d, "swordofdestruction", "block")
    d.pay("grasp", "cross", "dive")
    assert d.life(P2) == 19


def test_sword_of_destruction_not_range_no_powerup() -> None:
    """Sword of Destruction at range 4, reached with her ability's force (range 4-5): the
    ``[if range 1]`` bonus does not apply, she hits for 3 (Ryu's faster Shoryuken, range
    1, misses her)."""
    d = nu13(dict(space=1, hand=["swordofdestruction", "spike"],
                  gauge=["grasp", "cross", "dive"], set_aside=[]),
             dict(space=5, hand=["shoryuken"]))
    _strike(d, "swordofdestruction", "shoryuken", ability_force="spike")
    d.pay("grasp", "cross", "dive")
    assert d.life(P2) == 27 and d.life(P1) == 30


def test_burst_draw_seal_this_boost_bonus_action() -> None:
    """Burst (Sword of Destruction's boost, immediate): ``draw 2``, ``seal_this_boost``,
    ``bonus_action``."""
    d = nu13(dict(hand=["swordofdestruction"], set_aside=[]))
    boost(d, "swordofdestruction")
    assert len(d.p(P1).hand) == 2
    assert d.zone(P1, Zone.SEALED) == ["Sword of Destruction"]
    assert _next(d) == P1


# --- the character card ----------------------------------------------------------------------


def test_ability_on_reshuffle_manual_reshuffle_add_set_aside_card_to_deck() -> None:
    """Nu-13's ability, ``on_reshuffle: [if manual_reshuffle] add_set_aside_card_to_deck
    {nu13_swordofdestruction}``: after the Reshuffle action it is her next draw."""
    d = nu13(dict(hand=["grasp"], discard=["cross", "dive"]))
    d.act(Reshuffle())
    [added] = d.events(ev.SetAsideCardAdded)
    assert d.name(added.card) == "Sword of Destruction" and d.area(P1, "set_aside") == []
    assert "Sword of Destruction" in d.zone(P1, Zone.HAND)


def test_ability_force_for_effect_rangeup_also_when_defending() -> None:
    """Nu-13's ability has no condition: defending against Ryu's Hadoken from 5 away,
    she spends a force and her Cross (range 4-6) answers it."""
    d = nu13(dict(space=2, hand=["cross", "grasp"]), dict(space=7, hand=["hadoken"]),
             active=P2)
    d.act(Strike())
    d.set_attack(P2, "hadoken")
    d.set_attack(P1, "cross")
    d.pay("grasp")
    rangeups = [e for e in d.events(ev.StatModified) if e.player == P1 and e.stat is Stat.MAX_RANGE]
    assert [e.amount for e in rangeups] == [4]
    assert d.life(P2) == 27


def test_exceed_ability_add_attack_effect_rangeup_hit_choice_advance() -> None:
    """Nu-13's exceed ability, ``set_strike: add_attack_effect (during_strike: rangeup
    0/4, then add_attack_effect (hit: advance 3 | pass))``: in Overdrive (after the
    overdrive ``retreat 1``: 3 -> 2) her Spike reaches 2-7; it hits Ryu 5 away for 5 and
    she advances 3 (to 5); no force is asked."""
    d = nu13(dict(exceeded=True, overdrive=["dive", "focus"], space=3, hand=["spike", "grasp"]),
             dict(space=7, hand=["block"]))
    d.select(P1, "dive")
    assert d.space(P1) == 2
    _strike(d, "spike", "block")
    assert not any(isinstance(r, PayForceRequest) for r in d.forced)
    d.choose("advance")
    assert d.life(P2) == 25 and d.space(P1) == 5
    assert d.zone(P1, Zone.HAND) == ["Grasp"]
    assert _next(d) == P2  # one granted choice, asked once


def test_on_exceed_draw_kicker() -> None:
    """Nu-13's kicker, ``on_exceed: draw 1``: exceeding (3 gauge into Overdrive) she draws
    1, then the end-of-turn draw: 1 + 1 + 1 cards."""
    d = nu13(dict(gauge=["grasp", "cross", "dive"], hand=["focus"]))
    d.act(Exceed())
    d.pay("grasp", "cross", "dive")
    assert d.p(P1).exceeded and d.area(P1, "overdrive") == ["Grasp", "Cross", "Dive"]
    assert len(d.p(P1).hand) == 3
    assert _next(d) == P2


def test_overdrive_retreat() -> None:
    """Nu-13's overdrive effect, ``retreat 1``, after the turn-start overdrive discard:
    3 -> 2, then she acts."""
    d = nu13(dict(exceeded=True, overdrive=["grasp", "cross"], space=3), dict(space=7))
    d.select(P1, "grasp")
    assert d.space(P1) == 2 and d.area(P1, "overdrive") == ["Cross"]
    assert _next(d) == P1


def test_broken_weapon_paid_with_a_card_not_offered_is_an_illegal_decision() -> None:
    """Bad input: paying Broken Weapon's 2 force with Ryu's card (not among the offered
    candidates) is an ``IllegalDecision`` naming the payment and what is allowed;
    nothing changes."""
    d = nu13(dict(hand=["calamitysword", "grasp", "cross"]), dict(hand=["block"]))
    d.act(Boost(card=d.ref(P1, "calamitysword")))
    request = d.expect(PayForceRequest, P1)
    before = d.state.copy()
    with pytest.raises(IllegalDecision) as raised:
        d.game.step(PayCards(cards=(d.ref(P1, "grasp"), d.ref(P2, "block"))))
    assert "allowed" in str(raised.value) or "candidates" in str(raised.value)
    assert d.state == before and d.pending == request

