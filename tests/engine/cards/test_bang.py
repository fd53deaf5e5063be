"""Shishigami Bang (BlazBlue): every special, ultra and boost, The Ultimate Bang (his
Astral Heat, set aside), his ability and exceed ability, his kicker (``on_exceed:
strike``), his overdrive effect (``return_all_copies_of_top_discard_to_hand``) and his
character action (look at the top 2 cards, one to hand, the other discarded).

Card facts: roster.md, "Shishigami Bang". Bang is P1 and Ryu P2 (Ryu's gauge stays
empty, so his Critical is never offered). A test's name contains the effect and
condition tags it exercises (the handler-coverage meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import CATALOG, P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CardPurpose,
    CharacterAction,
    ChoiceRequest,
    Exceed,
    IllegalDecision,
    PayForceRequest,
    PayGaugeRequest,
    Reshuffle,
    SelectCards,
    SelectCardsRequest,
)
from engine.core.ids import Zone

CHARS = ("bang", "ryu")


def bang(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Bang as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


# --- the deck ------------------------------------------------------------------------------


def test_bang_deck_has_30_cards_and_the_ultimate_bang_set_aside() -> None:
    """roster.md, Shishigami Bang's deck: 30 cards (the standard Normals and his 7 cards,
    two of each: 16 Normals, 8 Specials, 6 Ultras), The Ultimate Bang set aside (31 in
    all); exceed cost 4; season BlazBlue."""
    deck = CATALOG.deck_list("bang")
    assert len(deck) == 30
    kinds = [CATALOG.card(card).kind.value for card in deck]
    assert (kinds.count("normal"), kinds.count("special"), kinds.count("ultra")) == (16, 8, 6)
    for card in ("bang_bangstyleshuriken", "bang_pulverizingblastjutsu",
                 "bang_unstoppablepalmthrust", "bang_voidtempestkick", "bang_fataleruption",
                 "bang_hypershadowstepstrike", "bang_infinitechaosfistofthevoid"):
        assert deck.count(card) == 2
    char = CATALOG.character("bang")
    assert [(e.card, e.copies) for e in char.set_aside] == [("bang_theultimatebang", 1)]
    assert "bang_theultimatebang" not in deck
    assert char.season.value == "blazblue" and char.exceed_cost == 4 and char.life == 30
    d = bang({}, {})
    assert d.area(P1, "set_aside") == ["The Ultimate Bang"]


# --- specials --------------------------------------------------------------------------------


def test_bang_style_shuriken_draw_choice_boost_then_sustain_ignore_costs_not_sustained() -> None:
    """Bang-Style Shuriken (1 force, range 1-4, power 1, speed 6): ``before: draw 1, then
    choice <boost_then_sustain {hand, sustain false, ignore_costs} | pass>``. Bang draws
    Cross, then plays Set Nail (Fatal Eruption's boost, 1 force) from hand for free; it is
    not sustained, so it leaves play at cleanup."""
    d = bang(dict(space=3, hand=["bangstyleshuriken", "fataleruption", "grasp"],
                  deck=["cross", "dive"]),
             dict(space=6, hand=["focus"]))
    d.strike("bangstyleshuriken", "focus")
    d.pay("grasp")  # the Shuriken's force cost
    assert "Cross" in d.zone(P1, Zone.HAND)
    d.choose("boost")
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.BOOST
    d.select(P1, "fataleruption")
    # Set Nail's own before (choice <advance 2 | retreat 2 | pass>) runs in this before
    assert d.expect(ChoiceRequest, P1).labels == ("advance 2", "retreat 2", "pass")
    d.choose("pass")
    played = [e for e in d.events(ev.CardMoved) if e.dst is Zone.BOOSTS]
    assert [d.name(e.card) for e in played] == ["Fatal Eruption"]
    assert not d.events(ev.BoostSustained)  # sustain false
    assert not any(isinstance(r, PayForceRequest) for r in d.forced)  # ignore_costs
    assert d.zone(P1, Zone.BOOSTS) == []  # it left play at cleanup
    assert set(d.zone(P1, Zone.DISCARD)) == {"Fatal Eruption", "Grasp"}
    assert d.zone(P1, Zone.GAUGE) == ["Bang-Style Shuriken"]  # it hit (for 1 - 2 armor)
    assert d.zone(P1, Zone.HAND) == ["Cross"]  # the before draw


def test_instant_ninpo_discard_continuous_boost_owner_hand_choice_draw() -> None:
    """Instant Ninpo (Bang-Style Shuriken's boost, immediate): ``discard_continuous_boost
    1 {required, destination: owner_hand}``, then ``choice <draw 1 | bonus_action>``.
    Ryu's Fierce (Grasp) returns to Ryu's hand; Bang draws 1."""
    d = bang(dict(hand=["bangstyleshuriken"], deck=["cross", "dive"]),
             dict(boosts=["grasp"], hand=[]))
    boost(d, "bangstyleshuriken")
    [asked] = [r for r in d.forced if isinstance(r, ChoiceRequest)]
    assert list(asked.labels) == ["p2 Fierce"]  # required: no pass; the one option is taken
    assert d.zone(P2, Zone.BOOSTS) == [] and d.zone(P2, Zone.HAND) == ["Grasp"]
    assert d.zone(P2, Zone.DISCARD) == []
    d.choose("draw")
    assert d.zone(P1, Zone.HAND) == ["Cross", "Dive"]  # the draw, then the end-of-turn draw
    assert d.zone(P1, Zone.DISCARD) == ["Bang-Style Shuriken"]
    assert _next(d) == P2


def test_instant_ninpo_choice_bonus_action() -> None:
    """Instant Ninpo: choosing ``bonus_action`` lets Bang act again at once."""
    d = bang(dict(hand=["bangstyleshuriken"], boosts=["unstoppablepalmthrust"]),
             dict(hand=[]))
    boost(d, "bangstyleshuriken")  # his own boost, the one in play, back to his hand
    assert d.zone(P1, Zone.HAND) == ["Unstoppable Palm Thrust"]
    d.choose("bonus")
    assert _next(d) == P1


def test_pulverizing_blast_jutsu_advance_after_was_hit_choice_retreat() -> None:
    """Pulverizing Blast Jutsu (range 1-2, power 5, speed 2, armor 1, guard 5): ``before:
    advance 3``; ``after: [if was_hit] choice <advance 1 | advance 2 | retreat 1 |
    retreat 2 | pass>``. Ryu's Cross (speed 6) hits first (3 - 1 armor = 2) and retreats 3
    to 9; Bang advances 4 -> 7 and hits for 5, then, having been hit, retreats 2."""
    d = bang(dict(space=4, hand=["pulverizingblastjutsu"]), dict(space=6, hand=["cross"]))
    d.strike("pulverizingblastjutsu", "cross")
    assert d.life(P1) == 28 and d.space(P2) == 9
    assert d.life(P2) == 25 and d.space(P1) == 7
    request = d.expect(ChoiceRequest, P1)
    assert len(request.labels) == 5
    d.choose("retreat 2")
    assert d.space(P1) == 5


def test_pulverizing_blast_jutsu_not_hit_no_choice() -> None:
    """Pulverizing Blast Jutsu: when Bang was not hit, the ``after`` choice is skipped."""
    d = bang(dict(space=3, hand=["pulverizingblastjutsu"]), dict(space=7, hand=["block"]))
    d.strike("pulverizingblastjutsu", "block")
    assert d.space(P1) == 6 and d.life(P2) == 27  # 5 - Block's 2 armor
    assert _next(d) == P2


def test_double_jump_advance_advanced_through_choice_retreat_draw() -> None:
    """Double Jump (Pulverizing Blast Jutsu's boost, immediate): ``advance 3, then [if
    advanced_through] choice <advance 1 + draw 1 | retreat 1 + draw 1>``. From 4 past
    Ryu on 5 Bang lands on 8 (the opponent's space is not counted), retreats (away
    from Ryu) to 9 and draws."""
    d = bang(dict(space=4, hand=["pulverizingblastjutsu"], deck=["cross", "dive"]),
             dict(space=5))
    boost(d, "pulverizingblastjutsu")
    assert d.space(P1) == 8
    d.choose("retreat")
    assert d.space(P1) == 9  # away from Ryu, who is now on his left
    assert d.zone(P1, Zone.HAND) == ["Cross", "Dive"]  # the draw, then the end-of-turn draw


def test_double_jump_not_advanced_through_no_choice() -> None:
    """Double Jump: stopping short of Ryu, no choice and no draw."""
    d = bang(dict(space=1, hand=["pulverizingblastjutsu"], deck=["cross", "dive"]),
             dict(space=7))
    boost(d, "pulverizingblastjutsu")
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.HAND) == ["Cross"]  # the end-of-turn draw only
    assert _next(d) == P2


def test_unstoppable_palm_thrust_push_gain_advantage_after_opponent_stunned_close() -> None:
    """Unstoppable Palm Thrust (range 1-2, power 4, speed 5, guard 4): ``hit: push 2,
    then gain_advantage``; ``after: [if opponent_stunned] choice <close 2 | pass>``.
    Against Dive (guard 0) Ryu is pushed 5 -> 7 and stunned; Bang closes 4 -> 6 and
    acts next."""
    d = bang(dict(space=4, hand=["unstoppablepalmthrust"]), dict(space=5, hand=["dive"]))
    d.strike("unstoppablepalmthrust", "dive")
    assert d.space(P2) == 7 and d.life(P2) == 26
    d.choose("close")
    assert d.space(P1) == 6
    assert d.life(P1) == 30
    assert _next(d) == P1


def test_tempest_flying_squirrel_jutsu_now_draw() -> None:
    """Tempest Flying Squirrel Jutsu (Unstoppable Palm Thrust's boost, continuous):
    ``now: draw 1``; it stays in play."""
    d = bang(dict(hand=["unstoppablepalmthrust"], deck=["cross", "dive"]), dict())
    boost(d, "unstoppablepalmthrust")
    assert d.zone(P1, Zone.BOOSTS) == ["Unstoppable Palm Thrust"]
    assert d.zone(P1, Zone.HAND) == ["Cross", "Dive"]


def test_tempest_flying_squirrel_jutsu_after_choice_advance() -> None:
    """Tempest Flying Squirrel Jutsu: ``after: choice <advance 1 | retreat 1>`` in the
    next strike (Bang's Cross retreats 3, then he advances 1)."""
    d = bang(dict(space=4, hand=["cross"], boosts=["unstoppablepalmthrust"]),
             dict(space=5, hand=["block"]))
    d.strike("cross", "block")
    assert d.space(P1) == 1  # Cross's after: retreat 3
    d.choose("advance")
    assert d.space(P1) == 2


def test_void_tempest_kick_ignore_guard_hit_opponent_discard_random_after_draw() -> None:
    """Void Tempest Kick (range 1-2, power 4, speed 4): ``during_strike: ignore_guard``;
    ``hit: opponent_discard_random 1``; ``after: draw 1``. Against Focus (armor 2, guard
    5) the 2 damage stuns (guard ignored); Ryu discards his one other card; Bang draws."""
    d = bang(dict(space=4, hand=["voidtempestkick"], deck=["cross", "dive"]),
             dict(space=5, hand=["focus", "grasp"]))
    d.strike("voidtempestkick", "focus")
    assert d.life(P2) == 28
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert "Grasp" in d.zone(P2, Zone.DISCARD)
    assert d.life(P1) == 30  # Focus never hit: Ryu was stunned
    assert d.zone(P1, Zone.HAND)[0] == "Cross"


def test_larger_than_life_hit_powerup_gain_advantage_add_boost_to_gauge_on_strike_cleanup() -> None:
    """Larger Than Life (Void Tempest Kick's boost, continuous): ``hit: powerup 1, then
    gain_advantage, then add_boost_to_gauge_on_strike_cleanup``. Bang's Cross hits for
    3 + 1; the boost goes to his gauge at cleanup; he acts next."""
    d = bang(dict(space=4, hand=["cross"], boosts=["voidtempestkick"]),
             dict(space=5, hand=["block"]))
    d.strike("cross", "block")
    assert d.life(P2) == 28  # 4 - Block's 2 armor
    assert "Void Tempest Kick" in d.zone(P1, Zone.GAUGE)
    assert d.zone(P1, Zone.BOOSTS) == []
    assert _next(d) == P1


# --- ultras ----------------------------------------------------------------------------------


def test_fatal_eruption_hit_push_close_draw() -> None:
    """Fatal Eruption (1 gauge, range 1-2, power 5, speed 5, guard 4): ``hit: push 8, then
    close 4, then draw 1``. Ryu is pushed 5 -> 9, Bang closes 4 -> 8 and draws."""
    d = bang(dict(space=4, hand=["fataleruption"], gauge=["grasp"], deck=["cross", "dive"]),
             dict(space=5, hand=["spike"]))
    d.strike("fataleruption", "spike")
    d.pay("grasp")
    assert d.space(P2) == 9 and d.space(P1) == 8
    assert d.life(P2) == 25
    assert d.zone(P1, Zone.HAND)[0] == "Cross"


def test_set_nail_before_choice_advance() -> None:
    """Set Nail (Fatal Eruption's boost, continuous, 1 force): ``before: choice <advance
    2 | retreat 2 | pass>``. Bang's Cross from 3 (Ryu on 7) advances 2 and hits."""
    d = bang(dict(space=3, hand=["cross"], boosts=["fataleruption"]),
             dict(space=7, hand=["block"]))
    d.strike("cross", "block")
    assert list(d.expect(ChoiceRequest, P1).labels) == ["advance 2", "retreat 2", "pass"]
    d.choose("advance")
    assert d.life(P2) == 29  # 3 - 2 armor: in range from 5
    assert d.space(P1) == 2  # then Cross's after: retreat 3


def test_hyper_shadowstep_strike_free_if_4_specials_in_overdrive_close_advance() -> None:
    """Hyper Shadowstep Strike (8 gauge, free with 4 Specials in the overdrive area;
    range 1, power 8, speed 7): ``before: close 8, then advance 1``. Exceeded Bang (4
    Specials in overdrive, no gauge) answers Ryu's Focus for free: he closes 3 -> 6,
    advances past Ryu to 8 and hits for 8 - 2 armor."""
    d = bang(dict(space=3, exceeded=True, hand=["hypershadowstepstrike"],
                  overdrive=["bangstyleshuriken", "voidtempestkick", "pulverizingblastjutsu",
                             "unstoppablepalmthrust"]),
             dict(space=7, hand=["focus"]), active=P2)
    d.strike("focus", "hypershadowstepstrike")
    assert not any(isinstance(r, PayGaugeRequest) for r in d.forced)
    assert d.space(P1) == 8
    assert d.life(P2) == 24
    assert d.zone(P1, Zone.GAUGE) == ["Hyper Shadowstep Strike"]


def test_hyper_shadowstep_strike_costs_8_with_3_specials_in_overdrive() -> None:
    """Hyper Shadowstep Strike: with only 3 Specials in overdrive (and a Normal) it
    costs its printed 8 gauge; with 1 gauge card it cannot be paid and is invalid."""
    d = bang(dict(space=3, exceeded=True, hand=["hypershadowstepstrike"], gauge=["grasp"],
                  overdrive=["bangstyleshuriken", "voidtempestkick", "pulverizingblastjutsu",
                             "cross"]),
             dict(space=7, hand=["focus"]), active=P2)
    d.strike("focus", "hypershadowstepstrike")
    assert d.space(P1) == 3  # no close: the attack was invalid
    assert "Hyper Shadowstep Strike" in d.zone(P1, Zone.DISCARD)
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]


def test_for_love_and_justice_now_strike_during_strike_powerup_speedup() -> None:
    """For Love And Justice (Hyper Shadowstep Strike's boost, continuous, 1 force):
    ``during_strike: powerup 1, then speedup 1``; ``now: strike``. Bang boosts (paying
    Dive), then strikes with Cross at once: 4 power, 7 speed."""
    d = bang(dict(space=4, hand=["hypershadowstepstrike", "dive", "cross"]),
             dict(space=5, hand=["block"]))
    boost(d, "hypershadowstepstrike", "dive")
    d.respond(P1, "cross", "block")
    assert d.life(P2) == 28  # 3 + 1 - 2 armor
    assert d.zone(P1, Zone.BOOSTS) == []  # left play at cleanup


def test_infinite_chaos_fist_hit_cards_from_discard_to_gauge() -> None:
    """Infinite Chaos-Fist of the Void (2 gauge, range 1, power 3, speed 9): ``hit:
    choose_discard 0..1 {destination: gauge}`` (our ``cards_from_discard`` to gauge). Bang
    hits Focus (1 damage) and moves Dive from his discard pile to his gauge."""
    d = bang(dict(space=4, hand=["infinitechaosfistofthevoid"], gauge=["grasp", "cross"],
                  discard=["dive", "spike"]),
             dict(space=5, hand=["focus"]))
    d.strike("infinitechaosfistofthevoid", "focus")
    d.pay("grasp", "cross")
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.TO_GAUGE
    assert (request.min_count, request.max_count) == (0, 1)
    assert set(d.names(request.candidates)) == {"Dive", "Spike", "Grasp", "Cross"}
    d.select(P1, "dive")
    assert d.zone(P1, Zone.GAUGE)[0] == "Dive"
    assert "Dive" not in d.zone(P1, Zone.DISCARD)
    assert d.life(P2) == 29


def test_infinite_chaos_fist_cards_from_discard_bad_input_is_illegal() -> None:
    """Bad input (issue 15): picking a card that is not in Bang's discard pile (one in his
    hand) for the Chaos-Fist's gauge is an ``IllegalDecision`` naming what is allowed;
    the game is unchanged."""
    d = bang(dict(space=4, hand=["infinitechaosfistofthevoid", "sweep"],
                  gauge=["grasp", "cross"], discard=["dive"]),
             dict(space=5, hand=["focus"]))
    d.strike("infinitechaosfistofthevoid", "focus")
    d.pay("grasp", "cross")
    request = d.expect(SelectCardsRequest, P1)
    before = d.state.copy()
    with pytest.raises(IllegalDecision) as raised:
        d.game.step(SelectCards(cards=(d.ref(P1, "sweep"),)))
    assert "candidates" in str(raised.value)
    assert d.state == before and d.pending == request


def test_beat_a_nail_now_advance_strike_after_exceeded_return_this_boost_to_hand() -> None:
    """Beat A Nail With Your Hammer (Infinite Chaos-Fist's boost, continuous, 1 force):
    ``during_strike: speedup 1``; ``now: advance 2, then strike``; ``after: [if
    exceeded] return_this_boost_to_hand``. Exceeded Bang (after his overdrive step)
    boosts, advances 3 -> 5 and strikes; after his attack the boost is back in hand."""
    d = bang(dict(space=3, exceeded=True, overdrive=["grasp", "sweep"],
                  hand=["infinitechaosfistofthevoid", "dive", "cross"]),
             dict(space=7, hand=["block"]))
    d.select(P1, "sweep")  # the overdrive discard; Sweep returns to hand (overdrive effect)
    boost(d, "infinitechaosfistofthevoid", "dive")
    assert d.space(P1) == 5
    d.respond(P1, "cross", "block")
    assert "Infinite Chaos-Fist of the Void" in d.zone(P1, Zone.HAND)
    assert d.zone(P1, Zone.BOOSTS) == []


def test_beat_a_nail_not_exceeded_boost_leaves_play() -> None:
    """Beat A Nail With Your Hammer: not exceeded, the boost is discarded at cleanup."""
    d = bang(dict(space=3, hand=["infinitechaosfistofthevoid", "dive", "cross"]),
             dict(space=7, hand=["block"]))
    boost(d, "infinitechaosfistofthevoid", "dive")
    d.respond(P1, "cross", "block")
    assert "Infinite Chaos-Fist of the Void" in d.zone(P1, Zone.DISCARD)


# --- the Astral Heat --------------------------------------------------------------------------


def test_the_ultimate_bang_before_choice_retreat_hit_powerup_count_cards_in_discard() -> None:
    """The Ultimate Bang (4 gauge, range 3, power 2, speed 1, guard 30): ``before: choice
    <retreat 1 | pass>``; ``hit: powerup DISCARDED_COUNT`` (our ``{count:
    cards_in_discard}``). Bang retreats 4 -> 3 (range 3 to Ryu on 6); his discard pile
    holds 5 cards plus the 4 gauge just paid: 2 + 9 = 11, less Block's 2 armor."""
    d = bang(dict(space=4, hand=["theultimatebang"], set_aside=[],
                  gauge=["grasp", "cross", "dive", "spike"],
                  discard=["sweep", "focus", "block", "grasp", "cross"]),
             dict(space=6, hand=["block"]))
    d.strike("theultimatebang", "block")
    d.pay("grasp", "cross", "dive", "spike")
    d.choose("retreat")
    assert d.space(P1) == 3
    assert d.life(P2) == 21


def test_burst_draw_seal_this_boost_bonus_action() -> None:
    """Burst (The Ultimate Bang's boost, immediate): ``draw 2``, ``seal_this_boost``,
    ``bonus_action``."""
    d = bang(dict(hand=["theultimatebang"], set_aside=[], deck=["cross", "dive"]), dict())
    boost(d, "theultimatebang")
    assert d.zone(P1, Zone.SEALED) == ["The Ultimate Bang"]
    assert d.zone(P1, Zone.HAND) == ["Cross", "Dive"]
    assert _next(d) == P1


# --- ability, exceed, kicker, overdrive, character action ------------------------------------


def test_ability_on_reshuffle_manual_reshuffle_add_set_aside_card_to_deck() -> None:
    """Bang's ability: ``on_reshuffle: [if manual_reshuffle] add_set_aside_card_to_deck
    {bang_theultimatebang}``: after the Reshuffle action The Ultimate Bang is on top and
    the end-of-turn draw takes it."""
    d = bang(dict(hand=["grasp"], discard=["cross", "dive"]), dict())
    d.act(Reshuffle())
    [added] = d.events(ev.SetAsideCardAdded)
    assert d.name(added.card) == "The Ultimate Bang"
    assert "The Ultimate Bang" in d.zone(P1, Zone.HAND)
    assert d.area(P1, "set_aside") == []


def test_exceed_ability_on_reshuffle_manual_reshuffle_add_set_aside_card_to_deck() -> None:
    """Bang's exceed ability keeps the ``on_reshuffle`` Astral Heat rule."""
    d = bang(dict(exceeded=True, overdrive=["grasp", "sweep"], discard=["cross"]), dict())
    d.select(P1, "grasp")
    d.act(Reshuffle())
    assert "The Ultimate Bang" in d.zone(P1, Zone.HAND)


def test_exceed_ability_during_strike_is_ex_strike_powerup() -> None:
    """Bang's exceed ability: ``during_strike: [if is_ex_strike] powerup 1``. An EX Cross
    (3 + 1 EX + 1) against Block deals 5 - 2 armor."""
    d = bang(dict(space=4, exceeded=True, overdrive=["grasp", "sweep"],
                  hand=["cross", "cross"]),
             dict(space=5, hand=["block"]))
    d.select(P1, "grasp")
    d.strike(("cross", "cross"), "block")
    assert d.life(P2) == 27


def test_exceed_ability_not_ex_no_powerup() -> None:
    """Bang's exceed ability: a single Cross gets no +1."""
    d = bang(dict(space=4, exceeded=True, overdrive=["grasp", "sweep"], hand=["cross"]),
             dict(space=5, hand=["block"]))
    d.select(P1, "grasp")
    d.strike("cross", "block")
    assert d.life(P2) == 29


def test_kicker_on_exceed_strike() -> None:
    """Bang's kicker, ``on_exceed: strike``: exceeding (4 gauge into the overdrive area)
    starts a strike at once."""
    d = bang(dict(space=4, gauge=["grasp", "cross", "dive", "spike"], hand=["sweep"]),
             dict(space=5, hand=["block"]))
    d.act(Exceed())
    d.pay("grasp", "cross", "dive", "spike")
    assert d.area(P1, "overdrive") == ["Grasp", "Cross", "Dive", "Spike"]
    assert d.state.strike is not None and d.state.strike.attacker == P1
    d.respond(P1, "sweep", "block")
    assert d.life(P2) == 26


def test_overdrive_return_all_copies_of_top_discard_to_hand() -> None:
    """Bang's overdrive effect, ``return_all_copies_of_top_discard_to_hand``: he discards
    Fatal Eruption from his overdrive area; it is on top of his discard pile, so it and
    the other copy deeper in the pile return to his hand (Dive stays)."""
    d = bang(dict(exceeded=True, overdrive=["fataleruption", "grasp"],
                  discard=["fataleruption", "dive"], hand=[]),
             dict())
    d.select(P1, "fataleruption")
    assert d.zone(P1, Zone.HAND) == ["Fatal Eruption", "Fatal Eruption"]
    assert d.zone(P1, Zone.DISCARD) == ["Dive"]
    assert d.area(P1, "overdrive") == ["Grasp"] and d.p(P1).exceeded


def test_character_action_choose_cards_from_top_deck_unchosen_to_discard() -> None:
    """Bang's character action (cost 0): ``choose_cards_from_top_deck {look 2,
    add_to_hand, no pass, unchosen to discard}``: he keeps Spike, Dive is discarded."""
    d = bang(dict(deck=["dive", "spike", "sweep"], hand=[]), dict())
    d.act(CharacterAction(index=0))
    request = d.expect(SelectCardsRequest, P1)
    assert d.names(request.candidates) == ["Dive", "Spike"]
    assert (request.min_count, request.max_count) == (1, 1)
    d.select(P1, "spike")
    assert d.zone(P1, Zone.DISCARD) == ["Dive"]
    assert d.zone(P1, Zone.HAND) == ["Spike", "Sweep"]  # and the end-of-turn draw
    assert _next(d) == P2



def test_tag_team_with_bang_is_refused() -> None:
    """Street Fighter rulebook, Variant: Tag Team: the 52-card team deck is the two
    fighters' unique cards and Normals, with no place for Bang's set-aside Astral Heat;
    ``ryu+bang`` is refused in one line naming him."""
    import pytest

    from engine.cards.team import InvalidTeam, check_spec
    from engine.play.api import GameSetup, new_game

    with pytest.raises(InvalidTeam, match="bang cannot join a Tag Team"):
        check_spec(CATALOG, "ryu+bang")
    with pytest.raises(InvalidTeam):
        new_game(GameSetup(p1="ryu+bang", p2="ken"), 0)
