"""Dan Hibiki: every attack and boost, his ability (Critical; a Critical wild swing gets
+1 power and speed), his exceed ability (an optional discard after the end-of-turn
draw) and his Exceed hook (end-of-turn draws from the top or the bottom); his ultras
and their card rule are in ``test_dan_ultras.py``.

Card facts: roster.md, "Dan Hibiki". Dan is P1 and Ryu P2; Ryu mostly answers with
Block (power 0, armor 2, guard 3, never hits). A test's name contains the effect and
condition tags it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import P1, P2, Driver, boost, deck_cards, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CardPurpose,
    ChoiceRequest,
    Exceed,
    PayGaugeRequest,
    Prepare,
    SelectCardsRequest,
    SetAttackRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import Stat

CHARS = ("dan", "ryu")


def dan(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Dan as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, stat: Stat) -> list[tuple[object, int]]:
    return [(e.player, e.amount) for e in d.events(ev.StatModified) if e.stat is stat]


# --- Dankukyaku / Saikyo Leap ----------------------------------------------------------


def test_dan_dankukyaku_before_advance_advanced_through_attack_does_not_hit() -> None:
    """Dan, Dankukyaku: before: advance 3, then [if advanced_through] attack_does_not_hit;
    after: cards_from_hand top_of_deck 1.

    From 3 over Ryu (4) to 7: having crossed, the kick cannot hit. Afterwards Dan puts
    Grasp from his hand on top of his deck.
    """
    d = dan(dict(space=3, hand=["dankukyaku", "grasp", "dive"]), dict(space=4, hand=["block"]))
    d.strike("dankukyaku", "block")
    assert d.space(P1) == 7
    assert d.events(ev.AttackMissed)[0].reason is ev.MissReason.DOES_NOT_HIT
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.TO_TOP_OF_DECK
    assert (request.min_count, request.max_count) == (1, 1)
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.DECK)[0] == "Grasp"
    assert d.zone(P1, Zone.HAND) == ["Dive"]
    assert d.life(P2) == 30
    assert d.zone(P1, Zone.DISCARD) == ["Dankukyaku"]


def test_dan_dankukyaku_advance_hits_then_after_topdeck_from_hand() -> None:
    """Dan, Dankukyaku: advancing without crossing (3 -> 6, Ryu on 7) it hits Block for
    3 - 2 = 1; with one card in hand the after effect moves it to the deck unasked."""
    d = dan(dict(space=3, hand=["dankukyaku", "spike"]), dict(space=7, hand=["block"]))
    d.strike("dankukyaku", "block")
    assert d.space(P1) == 6
    assert d.life(P2) == 29
    assert d.zone(P1, Zone.DECK)[0] == "Spike"
    assert d.zone(P1, Zone.GAUGE) == ["Dankukyaku"]
    assert _next(d) == P2


@pytest.mark.parametrize(("option", "p1_space"), [("advance 3", 8), ("retreat 3", 1)])
def test_dan_saikyo_leap_immediate_choice_gauge_from_hand(option: str, p1_space: int) -> None:
    """Dan, Dankukyaku's boost Saikyo Leap (immediate, 1 force): choice advance 3 |
    retreat 3; cards_from_hand gauge 1.

    Dan pays Cross as force, moves (over Ryu: 4 -> 8), then puts Spike from hand into
    his gauge.
    """
    d = dan(dict(space=4, hand=["dankukyaku", "cross", "spike", "dive"], deck=["focus"]),
            dict(space=5))
    boost(d, "dankukyaku", "cross")
    d.choose(option)
    assert d.space(P1) == p1_space
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.TO_GAUGE
    d.select(P1, "spike")
    assert d.zone(P1, Zone.GAUGE) == ["Spike"]
    assert d.zone(P1, Zone.DISCARD) == ["Cross", "Dankukyaku"]
    assert d.zone(P1, Zone.HAND) == ["Dive", "Focus"]
    assert _next(d) == P2


# --- Gadouken / Saikyo Vision ----------------------------------------------------------


def test_dan_gadouken_after_hit_opponent_return_attack_to_top_of_deck_gauge_from_hand() -> None:
    """Dan, Gadouken: after: [if hit_opponent] choice (return_attack_to_top_of_deck, then
    cards_from_hand gauge 1) | pass.

    Gadouken hits Block at range 3 for 4 - 2 = 2; Dan returns it to the top of his deck
    and puts Grasp from hand into his gauge.
    """
    d = dan(dict(space=3, hand=["gadouken", "grasp", "dive"]), dict(space=6, hand=["block"]))
    d.strike("gadouken", "block")
    assert d.life(P2) == 28
    d.choose("return attack")
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.DECK)[0] == "Gadouken"
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert _next(d) == P2


def test_dan_gadouken_not_hit_opponent_no_choice() -> None:
    """Dan, Gadouken: out of range (5) it misses; no choice, it is discarded."""
    d = dan(dict(space=2, hand=["gadouken", "grasp"]), dict(space=7, hand=["block"]))
    d.strike("gadouken", "block")
    assert _next(d) == P2
    assert d.zone(P1, Zone.DISCARD) == ["Gadouken"]
    assert d.zone(P1, Zone.HAND) == ["Grasp"]


def test_dan_saikyo_vision_reveal_hand_self_discard_choose_strike() -> None:
    """Dan, Gadouken's boost Saikyo Vision (immediate, 1 force): reveal_hand (opponent);
    cards_from_hand discard, 0 to {count: cards_in_hand}; strike.

    Ryu's hand is revealed, Dan discards Grasp and Cross (any number, none included) and
    strikes with his last card, Haoh Gadouken, which is then free (no card in hand).
    """
    d = dan(dict(space=3, hand=["gadouken", "focus", "grasp", "cross", "haohgadouken"]),
            dict(space=6, hand=["block", "hadoken"]))
    boost(d, "gadouken", "focus")
    (revealed,) = d.events(ev.HandRevealed)
    assert revealed.player == P2 and d.names(revealed.cards) == ["Block", "Hadoken"]
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.DISCARD
    assert (request.min_count, request.max_count) == (0, 3)
    d.select(P1, "grasp", "cross")
    assert [e.attacker for e in d.events(ev.StrikeStarted)] == [P1]
    d.respond(P1, "haohgadouken", "block")
    d.decline()  # Ryu spends no force on Block's armor
    assert d.life(P2) == 25  # 7 - 2
    assert d.zone(P1, Zone.DISCARD) == ["Focus", "Grasp", "Cross", "Gadouken"]


# --- Koryuken / Saikyo Glory -----------------------------------------------------------


def test_dan_koryuken_hit_deck_not_empty_discard_topdeck_set_strike_x_powerup() -> None:
    """Dan, Koryuken (power 0): hit: [if deck_not_empty] move_top_cards deck to discard, then
    set_strike_x top_discard_power, then powerup strike_x.

    The top of Dan's deck is Sweep (power 6): X = 6, so Koryuken deals 6 - 2 = 4.
    """
    d = dan(dict(space=3, hand=["koryuken"], deck=["sweep"]), dict(space=5, hand=["block"]))
    d.strike("koryuken", "block")
    assert d.events(ev.StrikeXSet) == [ev.StrikeXSet(player=P1, value=6)]
    assert _mods(d, Stat.POWER) == [(P1, 6)]
    assert d.life(P2) == 26
    assert d.zone(P1, Zone.DISCARD) == ["Sweep"]
    assert d.zone(P1, Zone.GAUGE) == ["Koryuken"]


def test_dan_koryuken_deck_not_empty_false_no_power() -> None:
    """Dan, Koryuken: with an empty deck nothing is discarded and X stays unset: 0 power."""
    rest = deck_cards("dan", "koryuken")
    d = dan(dict(space=3, hand=["koryuken"], discard=rest, reshuffled=True),
            dict(space=4, hand=["block"]))
    d.strike("koryuken", "block")
    assert d.events(ev.StrikeXSet) == []
    assert d.events(ev.DamageDealt) == [ev.DamageDealt(target=P2, amount=0, absorbed=0)]


def test_dan_saikyo_glory_set_strike_critical_is_not_critical_cleanup_not_stunned_sustain_this() -> None:
    """Dan, Koryuken's boost Saikyo Glory (continuous): set_strike: critical; cleanup:
    [if not_stunned] choice sustain_this | pass.

    Dan's attack is Critical for free: his ability's ``[if is_not_critical]`` gauge
    payment is not offered. At cleanup he sustains the boost: it stays in play.
    """
    d = dan(dict(space=3, hand=["gadouken"], gauge=["grasp"], boosts=["koryuken"]),
            dict(space=6, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "gadouken")
    assert d.events(ev.AttackMadeCritical) == [ev.AttackMadeCritical(player=P1)]
    d.expect(SetAttackRequest, P2)  # no Critical payment asked
    d.set_attack(P2, "block")
    d.choose("pass")  # Gadouken's after choice
    assert list(d.expect(ChoiceRequest, P1).labels) == ["sustain this", "pass"]
    d.choose("sustain this")
    assert d.events(ev.BoostSustained) == [
        ev.BoostSustained(player=P1, card=d.ref(P1, "koryuken", Zone.BOOSTS))]
    assert d.zone(P1, Zone.BOOSTS) == ["Koryuken"]
    assert d.zone(P1, Zone.GAUGE) == ["Grasp", "Gadouken"]


def test_dan_saikyo_glory_cleanup_not_stunned_false_discarded() -> None:
    """Dan, Saikyo Glory: when Dan is stunned the sustain choice is not offered and the
    boost is discarded at cleanup. Ryu's Donkey Kick (speed 4, initiator) hits Dan's
    Dive (speed 4, guard 0) first for 6."""
    d = dan(dict(space=4, hand=["dive"], boosts=["koryuken"]),
            dict(space=5, hand=["donkeykick"]), active=P2)
    d.strike("donkeykick", "dive")
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]
    assert d.events(ev.BoostSustained) == []
    assert d.zone(P1, Zone.DISCARD) == ["Koryuken", "Dive"]


# --- Saikyo Haraigoshi / Peek ----------------------------------------------------------


def test_dan_saikyo_haraigoshi_hit_choice_min_cards_in_hand_discard_random_powerup_pull() -> None:
    """Dan, Saikyo Haraigoshi: hit: choice [if min_cards_in_hand N] discard_random N,
    then powerup N, then pull 1 (N times) | pass.

    With 3 cards, Dan picks N = 2: two random cards go, +2 power (4 - 2 = 2 damage), and
    Ryu is pulled past Dan to 2, then back to 4.
    """
    d = dan(dict(space=3, hand=["saikyoharaigoshi", "grasp", "cross", "dive"]),
            dict(space=4, hand=["block"]))
    d.strike("saikyoharaigoshi", "block")
    d.choose("[if min_cards_in_hand 2] discard random 2")
    randoms = [e for e in d.events(ev.CardMoved) if e.reason is ev.MoveReason.RANDOM_DISCARD]
    assert len(randoms) == 2 and all(e.player == P1 for e in randoms)
    assert len(d.zone(P1, Zone.HAND)) == 1
    assert _mods(d, Stat.POWER) == [(P1, 2)]
    assert [(e.src, e.dst) for e in d.events(ev.PlayerMoved)] == [(4, 2), (2, 4)]
    assert d.life(P2) == 28


def test_dan_saikyo_haraigoshi_min_cards_in_hand_false_does_nothing() -> None:
    """Dan, Saikyo Haraigoshi: holding 1 card, the "discard 3" option does nothing:
    2 power against Block's 2 armor, no pull."""
    d = dan(dict(space=3, hand=["saikyoharaigoshi", "grasp"]), dict(space=4, hand=["block"]))
    d.strike("saikyoharaigoshi", "block")
    d.choose("[if min_cards_in_hand 3] discard random 3")
    assert d.zone(P1, Zone.HAND) == ["Grasp"]
    assert d.events(ev.PlayerMoved) == []
    assert d.life(P2) == 30


def test_dan_peek_immediate_choice_add_top_deck_to_gauge() -> None:
    """Dan, Saikyo Haraigoshi's boost Peek (immediate): choice strike |
    move_top_cards deck to gauge. The top card of the deck (Spike) goes to gauge."""
    d = dan(dict(hand=["saikyoharaigoshi"], deck=["spike", "dive"]), dict())
    boost(d, "saikyoharaigoshi")
    assert list(d.expect(ChoiceRequest, P1).labels) == ["strike", "add top deck to gauge 1"]
    d.choose("add top deck")
    assert d.zone(P1, Zone.GAUGE) == ["Spike"]
    assert d.zone(P1, Zone.HAND) == ["Dive"]  # the end-of-turn draw
    assert _next(d) == P2


def test_dan_peek_immediate_choice_strike() -> None:
    """Dan, Peek: choosing strike starts a strike once the boost has resolved."""
    d = dan(dict(space=3, hand=["saikyoharaigoshi", "sweep"]), dict(space=5, hand=["block"]))
    boost(d, "saikyoharaigoshi")
    d.choose("strike")
    assert d.zone(P1, Zone.DISCARD) == ["Saikyo Haraigoshi"]
    d.respond(P1, "sweep", "block")
    assert d.life(P2) == 26


# --- Haoh Gadouken / Saikyo Power ------------------------------------------------------


def test_dan_haoh_gadouken_gauge_cost_paid_with_cards_in_hand_dodge_at_range() -> None:
    """Dan, Haoh Gadouken (Ultra, 3 gauge): during_strike: dodge_at_range 2-5.

    Holding another card, Dan pays 3 gauge. Ryu's Hadoken (speed 4) goes first from
    range 3 and misses; Haoh Gadouken hits back for 7 (Hadoken has no armor).
    """
    gauge = ["grasp", "cross", "dive"]
    d = dan(dict(space=3, hand=["haohgadouken", "spike"], gauge=gauge),
            dict(space=6, hand=["hadoken"]), active=P2)
    d.strike("hadoken", "haohgadouken")
    request = d.expect(PayGaugeRequest, P1)
    assert request.amount == 3 and not request.optional
    d.pay(*gauge)
    (missed, ) = [e for e in d.events(ev.AttackMissed) if e.player == P2]
    assert missed.reason is ev.MissReason.DODGED_AT_RANGE
    assert d.life(P1) == 30
    assert d.life(P2) == 23


def test_dan_haoh_gadouken_gauge_cost_reduction_free_if_no_cards_in_hand() -> None:
    """Dan, Haoh Gadouken's card rule free_if_no_cards_in_hand: set as his last card, it
    costs nothing, even with no gauge at all."""
    d = dan(dict(space=3, hand=["haohgadouken"]), dict(space=6, hand=["block"]))
    d.strike("haohgadouken", "block")
    assert d.events(ev.AttackInvalid) == []
    assert d.life(P2) == 25
    assert d.zone(P1, Zone.GAUGE) == ["Haoh Gadouken"]


@pytest.mark.parametrize("use", [True, False])
def test_dan_haoh_gadouken_free_wild_swing_may_be_declined(use: bool) -> None:
    """Dan, Haoh Gadouken: wild-swung with an empty hand it is free, but like any
    wild-swung card with a printed cost it may still be made invalid (then Dan swings
    again: Sweep)."""
    d = dan(dict(space=3, deck=["haohgadouken", "sweep"]), dict(space=5, hand=["block"]))
    d.act(Strike())  # an empty hand: the wild swing is the only option
    d.set_attack(P2, "block")
    assert list(d.expect(ChoiceRequest, P1).labels) == [
        "use Haoh Gadouken for free", "make it invalid"]
    d.choose("use" if use else "invalid")
    invalid = d.names(e.card for e in d.events(ev.AttackInvalid))
    assert invalid == ([] if use else ["Haoh Gadouken"])
    assert d.life(P2) == (25 if use else 26)


def test_dan_saikyo_power_hit_max_cards_in_hand_powerup() -> None:
    """Dan, Haoh Gadouken's boost Saikyo Power (continuous): hit: [if max_cards_in_hand
    0] powerup 4. Dan's last card, Sweep, hits Block for 6 + 4 - 2 = 8."""
    d = dan(dict(space=3, hand=["sweep"], boosts=["haohgadouken"]),
            dict(space=5, hand=["block"]))
    d.strike("sweep", "block")
    assert _mods(d, Stat.POWER) == [(P1, 4)]
    assert d.life(P2) == 22


def test_dan_saikyo_power_max_cards_in_hand_false_no_bonus() -> None:
    """Dan, Saikyo Power: still holding a card, the hit gets no bonus (6 - 2 = 4)."""
    d = dan(dict(space=3, hand=["sweep", "grasp"], boosts=["haohgadouken"]),
            dict(space=5, hand=["block"]))
    d.strike("sweep", "block")
    assert _mods(d, Stat.POWER) == []
    assert d.life(P2) == 26


# --- character card --------------------------------------------------------------------


def test_dan_ability_is_critical_was_wild_swing_powerup_speedup() -> None:
    """Dan, ability: during_strike: [if is_critical] pass, then [if was_wild_swing]
    powerup 1, then speedup 1. A Critical wild swing (Sweep) hits for 6 + 1 - 2 = 5."""
    d = dan(dict(space=3, gauge=["grasp"], deck=["sweep"]), dict(space=5, hand=["block"]))
    d.strike("wild", "block", crit=(True, False))
    assert _mods(d, Stat.POWER) == [(P1, 1)]
    assert _mods(d, Stat.SPEED) == [(P1, 1)]
    assert d.life(P2) == 25


@pytest.mark.parametrize(("wild", "crit"), [(False, True), (True, False)])
def test_dan_ability_was_wild_swing_needs_both(wild: bool, crit: bool) -> None:
    """Dan, ability: a Critical attack from hand, or a wild swing without Critical,
    gets nothing."""
    d = dan(dict(space=3, hand=[] if wild else ["sweep"], gauge=["grasp"], deck=["sweep"]),
            dict(space=5, hand=["block"]))
    d.strike("wild" if wild else "sweep", "block", crit=(crit, False))
    assert _mods(d, Stat.POWER) == []
    assert d.life(P2) == 26


def test_dan_exceed_on_exceed_set_dan_draw_choice_end_of_turn_did_end_of_turn_draw_self_discard_choose() -> None:
    """Dan, Exceed (2 gauge): on_exceed: set_mode draw_from_top_or_bottom; exceed ability:
    end_of_turn: [if did_end_of_turn_draw] cards_from_hand discard 0..1.

    The Exceed action's own end-of-turn draw already offers top or bottom: Dan draws the
    bottom card, then may discard one card (he discards Spike).
    """
    d = dan(dict(hand=["spike"], gauge=["grasp", "cross"], deck=["dive", "focus"]), dict())
    d.act(Exceed())
    d.pay("grasp", "cross")
    assert d.events(ev.DrawChoiceGranted) == [ev.DrawChoiceGranted(player=P1)]
    bottom = d.zone(P1, Zone.DECK)[-1]
    assert list(d.expect(ChoiceRequest, P1).labels) == [
        "draw from the top", "draw from the bottom"]
    d.choose("bottom")
    assert d.zone(P1, Zone.HAND) == ["Spike", bottom]
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.DISCARD
    assert (request.min_count, request.max_count) == (0, 1)
    d.select(P1, "spike")
    assert d.zone(P1, Zone.HAND) == [bottom]
    assert _next(d) == P2


def test_dan_exceeded_draw_from_top_optional_discard_declined() -> None:
    """Dan exceeded, a later turn: the draw choice persists; drawing from the top and
    declining the optional discard keeps the hand."""
    d = dan(dict(gauge=["grasp", "cross"], deck=["dive", "focus"]), dict())
    d.act(Exceed())
    d.pay("grasp", "cross")
    d.choose("top")
    d.select(P1)
    assert d.zone(P1, Zone.HAND) == ["Dive"]
    d.act(Prepare())  # Ryu's turn
    d.act(Prepare())  # Dan's: Prepare draws Focus, then the end-of-turn draw asks again
    d.choose("top")
    d.select(P1)
    assert d.zone(P1, Zone.HAND)[:2] == ["Dive", "Focus"]
    assert len(d.zone(P1, Zone.HAND)) == 3
    assert _next(d) == P2


def test_dan_exceeded_did_end_of_turn_draw_false_after_strike() -> None:
    """Dan exceeded: after a strike there is no end-of-turn draw, so no discard offer."""
    d = dan(dict(space=3, hand=["sweep", "grasp"], exceeded=True),
            dict(space=5, hand=["block"]))
    d.strike("sweep", "block")
    assert _next(d) == P2
    assert d.zone(P1, Zone.HAND) == ["Grasp"]
