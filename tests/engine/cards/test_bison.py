"""M. Bison: every attack and boost, his ability (Critical), his character actions
(cards from hand to gauge, drawing) and his Exceed hook.

Card facts: roster.md, "M. Bison". Bison is P1 and Ryu P2; Ryu mostly answers with Block
(power 0, armor 2, guard 3, never hits). A test's name contains the effect and condition
tags it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CardPurpose,
    CharacterAction,
    ChoiceRequest,
    Exceed,
    MoveTo,
    SelectCardsRequest,
    SpaceRequest,
)
from engine.core.ids import Zone
from engine.core.state import Stat

CHARS = ("bison", "ryu")


def bison(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with M. Bison as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, stat: Stat) -> list[tuple[object, int]]:
    return [(e.player, e.amount) for e in d.events(ev.StatModified) if e.stat is stat]


# --- Devil Reverse / Bison Dollars -----------------------------------------------------


def test_bison_devil_reverse_hit_is_critical_choice_advance_after_choice_retreat() -> None:
    """M. Bison, Devil Reverse: hit: [if is_critical] choice advance 3 | retreat 3;
    after: choice retreat 1 | retreat 2 | pass.

    5 - 2 = 3 to Block; Critical, Bison advances over Ryu (3 -> 7), then retreats 2.
    """
    d = bison(dict(space=3, hand=["devilreverse"], gauge=["grasp"]),
              dict(space=4, hand=["block"]))
    d.strike("devilreverse", "block", crit=(True, False))
    d.choose("advance 3")
    assert d.space(P1) == 7
    assert list(d.expect(ChoiceRequest, P1).labels) == ["retreat 1", "retreat 2", "pass"]
    d.choose("retreat 2")
    assert d.space(P1) == 9
    assert d.life(P2) == 27


def test_bison_devil_reverse_not_critical_only_after_choice() -> None:
    """M. Bison, Devil Reverse: without Critical only the after choice is offered."""
    d = bison(dict(space=3, hand=["devilreverse"]), dict(space=4, hand=["block"]))
    d.strike("devilreverse", "block")
    assert list(d.expect(ChoiceRequest, P1).labels) == ["retreat 1", "retreat 2", "pass"]
    d.choose("pass")
    assert d.space(P1) == 3


@pytest.mark.parametrize(("ryu_hand", "drawn"), [(["block", "spike", "dive"], 3), ([], 0)])
def test_bison_dollars_immediate_less_cards_than_opponent_draw_add_to_gauge_boost_play_cleanup(
    ryu_hand: list[str], drawn: int
) -> None:
    """M. Bison, Devil Reverse's boost Bison Dollars (immediate): [if
    less_cards_than_opponent] draw 3; add_to_gauge_boost_play_cleanup.

    Holding 1 card against Ryu's 3, Bison draws 3; against an empty hand he draws
    nothing. The boost goes to gauge either way (then the end-of-turn draw).
    """
    d = bison(dict(hand=["devilreverse", "grasp"]), dict(hand=ryu_hand))
    boost(d, "devilreverse")
    assert d.zone(P1, Zone.GAUGE) == ["Devil Reverse"]
    assert len(d.zone(P1, Zone.HAND)) == 1 + drawn + 1
    assert _next(d) == P2


# --- Head Stomp / Unstoppable ----------------------------------------------------------


def test_bison_head_stomp_is_critical_powerup_speedup_after_close_opponent_stunned_choice_push() -> None:
    """M. Bison, Head Stomp: during_strike: [if is_critical] powerup 1, then speedup 1;
    after: close 2, then [if opponent_stunned] choice push 1 | push 2 | pull 1 | pull 2 |
    pass.

    6 - 2 = 4 stuns Block; Bison closes 3 -> 4 and pushes the stunned Ryu 2 (5 -> 7).
    """
    d = bison(dict(space=3, hand=["headstomp"], gauge=["grasp"]), dict(space=5, hand=["block"]))
    d.strike("headstomp", "block", crit=(True, False))
    assert _mods(d, Stat.POWER) == [(P1, 1)]
    assert _mods(d, Stat.SPEED) == [(P1, 1)]
    assert d.space(P1) == 4
    d.choose("push 2")
    assert d.space(P2) == 7
    assert d.life(P2) == 26


def test_bison_head_stomp_opponent_stunned_false_no_choice() -> None:
    """M. Bison, Head Stomp: 5 - 2 = 3 does not stun Block: he closes, no choice."""
    d = bison(dict(space=3, hand=["headstomp"]), dict(space=5, hand=["block"]))
    d.strike("headstomp", "block")
    assert d.space(P1) == 4
    assert _next(d) == P2


def test_bison_unstoppable_during_strike_stun_immunity_set_strike_critical() -> None:
    """M. Bison, Head Stomp's boost Unstoppable (continuous, 1 force): during_strike:
    stun_immunity; set_strike: critical. Ryu's Grasp (3 > guard 0) cannot stun Bison;
    pushed to range 2, his free Critical Head Stomp hits back for 5 + 1 and, Ryu being
    stunned, offers its push/pull choice."""
    d = bison(dict(space=3, hand=["headstomp"], boosts=["headstomp"]),
              dict(space=4, hand=["grasp"]), active=P2)
    d.strike("grasp", "headstomp")
    assert d.events(ev.AttackMadeCritical) == [ev.AttackMadeCritical(player=P1)]
    d.choose("push 1")
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    d.choose("pass")
    assert d.life(P1) == 27
    assert d.life(P2) == 24


# --- Psycho Crusher / Psycho Power -----------------------------------------------------


def test_bison_psycho_crusher_before_advance_hit_is_critical_choice_retreat_draw() -> None:
    """M. Bison, Psycho Crusher: before: advance 3; hit: [if is_critical] choice advance
    3, then draw 1 | retreat 3, then draw 1. Bison advances 2 -> 5 next to Ryu (6),
    hits for 4 - 2 = 2, retreats 3 and draws."""
    d = bison(dict(space=2, hand=["psychocrusher"], gauge=["grasp"], deck=["spike"]),
              dict(space=6, hand=["block"]))
    d.strike("psychocrusher", "block", crit=(True, False))
    d.choose("retreat 3")
    assert [(e.src, e.dst) for e in d.events(ev.PlayerMoved)] == [(2, 5), (5, 2)]
    assert d.zone(P1, Zone.HAND) == ["Spike"]
    assert d.life(P2) == 28


@pytest.mark.parametrize(("gauge", "bonus"), [(["grasp", "cross"], 2), (["grasp"] * 2 +
                         ["cross"] * 2 + ["dive"] * 2 + ["focus"], 5)])
def test_bison_psycho_power_during_strike_powerup_per_gauge_card(gauge: list[str], bonus: int) -> None:
    """M. Bison, Psycho Crusher's boost Psycho Power (continuous, 1 force): during_strike:
    powerup {count: gauge, at_most: 5}: +1 per gauge card, at most +5. Two gauge cards:
    +2; seven: +5."""
    d = bison(dict(space=3, hand=["sweep"], gauge=gauge, boosts=["psychocrusher"]),
              dict(space=5, hand=["block"]))
    d.strike("sweep", "block", crit=(False, False))
    assert _mods(d, Stat.POWER) == [(P1, bonus)]
    assert d.life(P2) == 30 - (6 + bonus - 2)


# --- Sliding Kick / Quick Backdash -----------------------------------------------------


def test_bison_sliding_kick_before_close_hit_is_critical_powerup_push() -> None:
    """M. Bison, Sliding Kick: before: close 2; hit: [if is_critical] powerup 2, then
    push 2. 4 + 2 - 2 = 4 stuns Block; Ryu pushed 5 -> 7."""
    d = bison(dict(space=3, hand=["slidingkick"], gauge=["grasp"]), dict(space=5, hand=["block"]))
    d.strike("slidingkick", "block", crit=(True, False))
    assert d.space(P1) == 4
    assert d.space(P2) == 7
    assert d.life(P2) == 26


@pytest.mark.parametrize(("ryu", "bonus"), [(4, True), (5, False)])
def test_bison_quick_backdash_immediate_retreat_range_bonus_action(ryu: int, bonus: bool) -> None:
    """M. Bison, Sliding Kick's boost Quick Backdash (immediate): retreat 2; [if range 3]
    bonus_action. From 3 to 1: range 3 from Ryu on 4 (another action), 4 from 5."""
    d = bison(dict(space=3, hand=["slidingkick"]), dict(space=ryu))
    boost(d, "slidingkick")
    assert d.space(P1) == 1
    assert bool(d.events(ev.BonusActionGranted)) == bonus
    assert _next(d) == (P1 if bonus else P2)


# --- Somersault Skull Diver / Shadaloo Intelligence ------------------------------------


def test_bison_somersault_skull_diver_is_critical_powerup_guardup_ignore_armor_before_choice_hit_push() -> None:
    """M. Bison, Somersault Skull Diver: during_strike: [if is_critical] powerup 1, then
    guardup 6, then ignore_armor; before: choice advance 1 | advance 2; hit: push 2.
    5 through Block's armor; Ryu pushed 5 -> 7."""
    d = bison(dict(space=3, hand=["somersaultskulldiver"], gauge=["grasp"]),
              dict(space=5, hand=["block"]))
    d.strike("somersaultskulldiver", "block", crit=(True, False))
    assert _mods(d, Stat.GUARD) == [(P1, 6)]
    d.choose("advance 1")
    assert d.space(P1) == 4
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=5, absorbed=0)]
    assert d.space(P2) == 7


@pytest.mark.parametrize(("named", "strikes"), [("Block", True), ("Hadoken", False)])
def test_bison_shadaloo_intelligence_name_card_opponent_discards_discard_effect_strike(
    named: str, strikes: bool
) -> None:
    """M. Bison, Somersault Skull Diver's boost Shadaloo Intelligence (immediate):
    name_card_opponent_discards, discard_effect: strike. Naming a card Ryu holds makes
    him discard it and Bison strikes; otherwise Ryu reveals his hand, no strike."""
    d = bison(dict(space=3, hand=["somersaultskulldiver", "sweep"]),
              dict(space=5, hand=["block", "spike"]))
    boost(d, "somersaultskulldiver")
    d.name_card(named)
    assert bool(d.events(ev.StrikeStarted)) == strikes
    if strikes:
        assert d.zone(P2, Zone.DISCARD) == ["Block"]
    else:
        assert [e.player for e in d.events(ev.HandRevealed)] == [P2]
        assert _next(d) == P2


# --- Nightmare Booster / Psycho Booster ------------------------------------------------


def test_bison_nightmare_booster_hit_is_critical_attack_does_not_hit_opponent_gain_advantage() -> None:
    """M. Bison, Nightmare Booster (Ultra, 3 gauge, speed 6): hit: [if is_critical]
    attack_does_not_hit (opponent), then gain_advantage; after: choice close 1 | close 2.
    It hits Ryu's Sweep for 6 (guard 6: no stun) and the Sweep then misses."""
    gauge = ["grasp", "cross", "dive", "spike"]
    d = bison(dict(space=3, hand=["nightmarebooster"], gauge=gauge), dict(space=5, hand=["sweep"]))
    d.strike("nightmarebooster", "sweep", crit=(True, False))
    d.pay("cross", "dive", "spike")
    d.choose("close 1")
    (missed,) = d.events(ev.AttackMissed)
    assert missed.player == P2 and missed.reason is ev.MissReason.DOES_NOT_HIT
    assert (d.life(P1), d.life(P2)) == (30, 24)
    assert _next(d) == P1


def test_bison_psycho_booster_immediate_reveal_hand_add_top_discard_to_gauge() -> None:
    """M. Bison, Nightmare Booster's boost Psycho Booster (immediate): reveal_hand;
    move_top_cards discard to gauge 3."""
    d = bison(dict(hand=["nightmarebooster", "spike"], discard=["grasp", "cross", "dive"]),
              dict())
    boost(d, "nightmarebooster")
    (revealed,) = d.events(ev.HandRevealed)
    assert revealed.player == P1 and d.names(revealed.cards) == ["Spike"]
    assert d.zone(P1, Zone.GAUGE) == ["Dive", "Cross", "Grasp"]
    assert d.zone(P1, Zone.DISCARD) == ["Nightmare Booster"]


# --- Psycho Punisher / Bison Teleport --------------------------------------------------


def test_bison_psycho_punisher_before_close_hit_is_critical_powerup_gain_advantage_after_advance() -> None:
    """M. Bison, Psycho Punisher (Ultra, 3 gauge): before: close 2; hit: [if
    is_critical] powerup 2, then gain_advantage; after: advance 2."""
    gauge = ["grasp", "cross", "dive", "spike"]
    d = bison(dict(space=2, hand=["psychopunisher"], gauge=gauge), dict(space=5, hand=["block"]))
    d.strike("psychopunisher", "block", crit=(True, False))
    d.pay("cross", "dive", "spike")
    assert d.life(P2) == 23  # 7 + 2 - 2
    assert d.space(P1) == 7  # closed to 4, then advanced over Ryu
    assert _next(d) == P1


def test_bison_teleport_immediate_move_to_any_space() -> None:
    """M. Bison, Psycho Punisher's boost Bison Teleport (immediate): move_to_any_space
    0..5. From 1 with Ryu on 2: every space within 5 moves (Ryu's not counted), 7 the
    farthest; staying is allowed."""
    d = bison(dict(space=1, hand=["psychopunisher"]), dict(space=2))
    boost(d, "psychopunisher")
    request = d.expect(SpaceRequest, P1)
    assert [m.space for m in request.choices if isinstance(m, MoveTo)] == [1, 3, 4, 5, 6, 7]
    d.move_to(P1, 7)
    assert d.space(P1) == 7
    assert _next(d) == P2


# --- character card --------------------------------------------------------------------


def test_bison_character_action_gauge_from_hand_then_draw() -> None:
    """M. Bison, character action (default side, needs a card in hand): cards_from_hand gauge
    1, then draw 1 (plus the end-of-turn draw)."""
    d = bison(dict(hand=["grasp", "spike"], deck=["dive", "focus"]), dict())
    d.act(CharacterAction(index=0))
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.TO_GAUGE
    assert (request.min_count, request.max_count) == (1, 1)
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.zone(P1, Zone.HAND) == ["Spike", "Dive", "Focus"]
    assert _next(d) == P2


def test_bison_character_action_needs_a_card_in_hand() -> None:
    """M. Bison, character action: not offered with an empty hand (min_hand_size 1)."""
    d = bison(dict(), dict())
    assert CharacterAction(index=0) not in d.expect(ActionRequest, P1).choices


def test_bison_exceeded_character_action_gauge_from_hand_per_card_effect_draw() -> None:
    """M. Bison, character action (exceeded side): cards_from_hand gauge 1..3, draw 1 per card."""
    d = bison(dict(hand=["grasp", "spike", "cross"], exceeded=True), dict())
    d.act(CharacterAction(index=0))
    request = d.expect(SelectCardsRequest, P1)
    assert (request.min_count, request.max_count) == (1, 3)
    d.select(P1, "grasp", "spike")
    assert d.zone(P1, Zone.GAUGE) == ["Grasp", "Spike"]
    assert len(d.zone(P1, Zone.HAND)) == 1 + 2 + 1
    assert _next(d) == P2


def test_bison_exceed_on_exceed_gauge_from_hand_per_card_effect_draw() -> None:
    """M. Bison, Exceed (3 gauge): on_exceed: cards_from_hand gauge 0..3, draw 1 per card
    (none is allowed)."""
    d = bison(dict(hand=["grasp", "spike"], gauge=["cross", "dive", "focus"]), dict())
    d.act(Exceed())
    d.pay("cross", "dive", "focus")
    request = d.expect(SelectCardsRequest, P1)
    assert (request.min_count, request.max_count) == (0, 2)
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert len(d.zone(P1, Zone.HAND)) == 1 + 1 + 1
    assert _next(d) == P2


def test_bison_ability_is_not_critical_gauge_for_effect_critical() -> None:
    """M. Bison, ability: set_strike: [if is_not_critical] gauge_for_effect 1: critical;
    with Unstoppable's free Critical no gauge is asked (see that test); here it is."""
    d = bison(dict(space=3, hand=["headstomp"], gauge=["grasp"]), dict(space=5, hand=["block"]))
    d.strike("headstomp", "block", crit=(True, False))
    assert d.events(ev.AttackMadeCritical) == [ev.AttackMadeCritical(player=P1)]
    assert d.zone(P1, Zone.DISCARD)[:1] == ["Grasp"]
