"""Nehtali (Red Horizon): every attack and boost and both sides of his character action
(top discards to gauge, for both players). He has no ability and no exceed ability.

Card facts: roster.md, "Nehtali". Nehtali is P1 and Ryu P2; Ryu mostly answers with
Spike (range 2-3, speed 3) or Block (power 0, armor 2, guard 3, never hits). A test's
name contains the effect and condition tags it exercises.
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
    PayGaugeRequest,
    SelectCardsRequest,
    SetAttackRequest,
)
from engine.core.ids import Zone
from engine.core.state import Stat

CHARS = ("nehtali", "ryu")


def nehtali(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Nehtali as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, stat: Stat) -> list[tuple[object, int]]:
    return [(e.player, e.amount) for e in d.events(ev.StatModified) if e.stat is stat]


# --- character action ------------------------------------------------------------------


def test_nehtali_character_action_move_top_cards_discard_to_gauge_both_players() -> None:
    """Nehtali, character action (default side, free): move_top_cards discard to gauge,
    then the same for the opponent. The last card discarded is the top: Cross goes to
    Nehtali's gauge and Spike to Ryu's own gauge; the turn passes."""
    d = nehtali(dict(discard=["grasp", "cross"]), dict(discard=["dive", "spike"]))
    d.act(CharacterAction(index=0))
    assert d.zone(P1, Zone.GAUGE) == ["Cross"]
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]
    assert d.zone(P2, Zone.GAUGE) == ["Spike"]
    assert d.zone(P2, Zone.DISCARD) == ["Dive"]
    assert _next(d) == P2


def test_nehtali_character_action_empty_own_discard_still_moves_opponents() -> None:
    """Nehtali, character action: with his own discard pile empty the action is still
    offered (no cost) and the opponent's top discard still goes to the opponent's gauge
    (the card affects each player's pile)."""
    d = nehtali(dict(), dict(discard=["dive"]))
    assert CharacterAction(index=0) in d.expect(ActionRequest, P1).choices
    d.act(CharacterAction(index=0))
    assert d.zone(P1, Zone.GAUGE) == []
    assert d.zone(P2, Zone.GAUGE) == ["Dive"]
    assert d.zone(P2, Zone.DISCARD) == []


def test_nehtali_exceeded_character_action_move_top_cards_two_of_yours_one_of_theirs() -> None:
    """Nehtali, character action (exceeded side): move_top_cards discard to gauge 2, then
    1 of the opponent's. Dive (top) then Cross go to his gauge; Ryu's Spike to his."""
    d = nehtali(dict(discard=["grasp", "cross", "dive"], exceeded=True),
                dict(discard=["sweep", "spike"]))
    d.act(CharacterAction(index=0))
    assert d.zone(P1, Zone.GAUGE) == ["Dive", "Cross"]
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]
    assert d.zone(P2, Zone.GAUGE) == ["Spike"]
    assert d.zone(P2, Zone.DISCARD) == ["Sweep"]
    assert _next(d) == P2


# --- Azazel's Torment / Divine Harvester ------------------------------------------------


@pytest.mark.parametrize(("ryu_gauge", "ryu_life"), [(["grasp", "cross", "dive"], 24),
                                                     (["grasp", "cross"], 27)])
def test_nehtali_azazels_torment_before_opponent_min_cards_in_gauge_powerup_hit_push(
    ryu_gauge: list[str], ryu_life: int
) -> None:
    """Nehtali, Azazel's Torment (range 1-2, 3 power, speed 5): before: [if
    opponent_min_cards_in_gauge 3] powerup 3; hit: push 3. With 3 cards in Ryu's gauge it
    hits for 6, with 2 for 3; Ryu is pushed 4 -> 7 and his Spike (range 2-3) misses."""
    d = nehtali(dict(space=3, hand=["azazelstorment"]),
                dict(space=4, hand=["spike"], gauge=ryu_gauge))
    d.strike("azazelstorment", "spike")
    assert _mods(d, Stat.POWER) == ([(P1, 3)] if len(ryu_gauge) == 3 else [])
    assert d.life(P2) == ryu_life
    assert d.space(P2) == 7
    assert d.life(P1) == 30


def test_nehtali_divine_harvester_immediate_retreat_then_strike() -> None:
    """Nehtali, Azazel's Torment's boost Divine Harvester (immediate, 2 force): retreat 2;
    strike. From 3 to 1, then Nehtali strikes at once: Spike from range 3 ignores Block's
    armor for 5."""
    d = nehtali(dict(space=3, hand=["azazelstorment", "grasp", "cross", "spike"]),
                dict(space=4, hand=["block"]))
    boost(d, "azazelstorment", "grasp", "cross")
    assert d.space(P1) == 1
    d.expect(SetAttackRequest, P1)
    d.respond(P1, "spike", "block")
    assert d.life(P2) == 25
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Cross", "Azazel's Torment"]


# --- Darkness Barrier / Soul Exchange --------------------------------------------------


def test_nehtali_darkness_barrier_during_strike_dodge_at_range_four() -> None:
    """Nehtali, Darkness Barrier (range 3-5, 5 power, speed 1): during_strike:
    dodge_at_range 4-4. Ryu's faster Hadoken from range 4 misses; Darkness Barrier hits
    for 5."""
    d = nehtali(dict(space=3, hand=["darknessbarrier"]), dict(space=7, hand=["hadoken"]))
    d.strike("darknessbarrier", "hadoken")
    assert d.events(ev.AttackMissed)[0].player == P2
    assert d.life(P1) == 30
    assert d.life(P2) == 25


def test_nehtali_darkness_barrier_dodge_at_range_not_at_range_three() -> None:
    """Nehtali, Darkness Barrier: only range 4 is dodged. From range 3 Ryu's Hadoken hits
    first for 4 and stuns Nehtali (guard 0), so Darkness Barrier never hits."""
    d = nehtali(dict(space=4, hand=["darknessbarrier"]), dict(space=7, hand=["hadoken"]))
    d.strike("darknessbarrier", "hadoken")
    d.expect(ChoiceRequest, P2)  # Hadoken's after: [if hit_opponent] return it or pass
    d.choose("pass")
    assert d.life(P1) == 26
    assert d.life(P2) == 30


def test_nehtali_soul_exchange_opponent_min_cards_in_gauge_boost_to_gauge_discard_from_gauge(
) -> None:
    """Nehtali, Darkness Barrier's boost Soul Exchange (immediate): [if
    opponent_min_cards_in_gauge 1] add_to_gauge_boost_play_cleanup, then
    discard_from_gauge 1, opponent (roster.md: ``choose_discard 1 {opponent=True,
    source=gauge}``: the opponent chooses, as for every effect of the glossary that
    carries ``opponent``; upstream's ``choose_discard`` gives the decision to its target
    player; the engine once asked Nehtali). Ryu picks Spike from his own gauge; it goes
    to Ryu's discard pile and the boost to Nehtali's gauge."""
    d = nehtali(dict(hand=["darknessbarrier"]), dict(gauge=["grasp", "spike"]))
    boost(d, "darknessbarrier")
    request = d.expect(SelectCardsRequest, P2)
    assert request.purpose is CardPurpose.DISCARD
    assert (request.min_count, request.max_count) == (1, 1)
    assert d.names(request.candidates) == ["Grasp", "Spike"]
    d.select(P2, "spike")
    assert d.zone(P2, Zone.GAUGE) == ["Grasp"]
    assert d.zone(P2, Zone.DISCARD) == ["Spike"]
    assert d.zone(P1, Zone.GAUGE) == ["Darkness Barrier"]
    assert d.zone(P1, Zone.DISCARD) == []
    assert _next(d) == P2


def test_nehtali_soul_exchange_empty_opponent_gauge_boost_is_discarded() -> None:
    """Nehtali, Soul Exchange: with Ryu's gauge empty the condition fails: nothing is
    asked and the boost goes to Nehtali's discard pile as usual."""
    d = nehtali(dict(hand=["darknessbarrier"]), dict())
    boost(d, "darknessbarrier")
    assert d.zone(P1, Zone.GAUGE) == []
    assert d.zone(P1, Zone.DISCARD) == ["Darkness Barrier"]
    assert _next(d) == P2


def test_nehtali_soul_exchange_discard_from_gauge_single_card_unasked() -> None:
    """Nehtali, Soul Exchange: with one card in Ryu's gauge it is discarded unasked."""
    d = nehtali(dict(hand=["darknessbarrier"]), dict(gauge=["dive"]))
    boost(d, "darknessbarrier")
    assert d.zone(P2, Zone.GAUGE) == []
    assert d.zone(P2, Zone.DISCARD) == ["Dive"]
    assert d.zone(P1, Zone.GAUGE) == ["Darkness Barrier"]
    assert _next(d) == P2


# --- Hellfire / Gauge Boost ------------------------------------------------------------


@pytest.mark.parametrize(("gauge", "ryu_life"), [(["grasp", "cross", "dive"], 27), ([], 30)])
def test_nehtali_hellfire_hit_powerup_count_gauge(gauge: list[str], ryu_life: int) -> None:
    """Nehtali, Hellfire (range 1-3, 0 power, speed 4): hit: powerup 1 per card in his
    gauge (powerup {count: gauge}). With 3 gauge it hits Ryu (Spike misses at range 1)
    for 3; with none for 0."""
    d = nehtali(dict(space=3, hand=["hellfire"], gauge=gauge), dict(space=4, hand=["spike"]))
    d.strike("hellfire", "spike")
    assert d.life(P2) == ryu_life
    assert _mods(d, Stat.POWER) == ([(P1, 3)] if gauge else [])
    assert d.life(P1) == 30


def test_nehtali_gauge_boost_add_to_gauge_boost_play_cleanup() -> None:
    """Nehtali, Hellfire's boost Gauge Boost (immediate): add_to_gauge_boost_play_cleanup.
    The boost ends in his gauge, not the discard pile."""
    d = nehtali(dict(hand=["hellfire"]), dict())
    boost(d, "hellfire")
    assert d.zone(P1, Zone.GAUGE) == ["Hellfire"]
    assert d.zone(P1, Zone.DISCARD) == []
    assert _next(d) == P2


# --- Soul Thresher / Clutch of Evil ----------------------------------------------------


@pytest.mark.parametrize("spend", [True, False])
def test_nehtali_soul_thresher_before_gauge_for_effect_powerup(spend: bool) -> None:
    """Nehtali, Soul Thresher (range 1-7, 0 power, speed 7): before: gauge_for_effect 1
    for powerup 2. Spending Grasp it hits Ryu from range 4 for 2; declining, for 0."""
    d = nehtali(dict(space=3, hand=["soulthresher"], gauge=["grasp"]),
                dict(space=7, hand=["spike"]))
    d.strike("soulthresher", "spike")
    d.expect(PayGaugeRequest, P1)
    if spend:
        d.pay("grasp")
    else:
        d.decline()
    assert d.life(P2) == (28 if spend else 30)
    assert d.zone(P1, Zone.GAUGE) == (["Soul Thresher"] if spend else ["Grasp", "Soul Thresher"])
    assert d.life(P1) == 30


@pytest.mark.parametrize(("option", "ryu_space"), [("push 1", 6), ("pull 1", 4)])
def test_nehtali_clutch_of_evil_immediate_choice_push_pull_then_strike(
    option: str, ryu_space: int
) -> None:
    """Nehtali, Soul Thresher's boost Clutch of Evil (immediate, 1 force): choice push 1 |
    pull 1; strike. Ryu moves from 5, then Nehtali is asked to set an attack."""
    d = nehtali(dict(space=3, hand=["soulthresher", "grasp", "cross"]), dict(space=5))
    boost(d, "soulthresher", "grasp")
    d.choose(option)
    assert d.space(P2) == ryu_space
    d.expect(SetAttackRequest, P1)
    assert d.state.strike is not None and d.state.strike.attacker == P1


# --- Volt Damnation / Swift Destruction --------------------------------------------------


def test_nehtali_volt_damnation_during_strike_ignore_armor() -> None:
    """Nehtali, Volt Damnation (range 1-2, 5 power, speed 1, guard 6): during_strike:
    ignore_armor. Against Block (armor 2) it deals its full 5."""
    d = nehtali(dict(space=3, hand=["voltdamnation"]), dict(space=4, hand=["block"]))
    d.strike("voltdamnation", "block")
    assert d.life(P2) == 25


def test_nehtali_volt_damnation_guard_six_is_not_stunned() -> None:
    """Nehtali, Volt Damnation: guard 6. Ryu's faster Sweep hits for 6, not more than
    the guard: no stun, and Volt Damnation hits back for 5."""
    d = nehtali(dict(space=3, hand=["voltdamnation"]), dict(space=4, hand=["sweep"]))
    d.strike("voltdamnation", "sweep")
    assert d.life(P1) == 24
    assert d.events(ev.PlayerStunned) == []
    assert d.life(P2) == 25


def test_nehtali_swift_destruction_continuous_during_strike_speedup() -> None:
    """Nehtali, Volt Damnation's boost Swift Destruction (continuous, 2 force): speedup 4.
    Played from hand it stays in play; in a strike his Cross (6 + 4) beats Ryu's Grasp
    (7) to the hit and stuns it."""
    d = nehtali(dict(hand=["voltdamnation", "grasp", "cross"]), dict())
    boost(d, "voltdamnation", "grasp", "cross")
    assert d.zone(P1, Zone.BOOSTS) == ["Volt Damnation"]
    d = nehtali(dict(space=4, hand=["cross"], boosts=["voltdamnation"]),
                dict(space=5, hand=["grasp"]))
    d.strike("cross", "grasp")
    assert _mods(d, Stat.SPEED) == [(P1, 4)]
    assert d.events(ev.PriorityDetermined)[0].first == P1
    assert d.life(P2) == 27
    assert d.life(P1) == 30


# --- Heaven's Punishment / Begone! -------------------------------------------------------


def test_nehtali_heavens_punishment_before_powerup_count_opponent_gauge_after_choice_advance(
) -> None:
    """Nehtali, Heaven's Punishment (ultra, 3 gauge, range 3-5, 0 power, speed 5): before:
    powerup 2 per card in the opponent's gauge ({count: opponent_gauge, times: 2});
    after: choice advance 1 | retreat 1. Ryu's 2 gauge make it 4 damage from range 3
    (Ryu's Grasp misses); then Nehtali advances 3 -> 4."""
    d = nehtali(dict(space=3, hand=["heavenspunishment"], gauge=["grasp", "cross", "dive"]),
                dict(space=6, hand=["grasp"], gauge=["spike", "sweep"]))
    d.strike("heavenspunishment", "grasp")
    d.pay("grasp", "cross", "dive")
    assert _mods(d, Stat.POWER) == [(P1, 4)]
    assert d.life(P2) == 26
    assert list(d.expect(ChoiceRequest, P1).labels) == ["advance 1", "retreat 1"]
    d.choose("advance 1")
    assert d.space(P1) == 4
    assert d.life(P1) == 30


@pytest.mark.parametrize(("ryu", "after"), [(4, 7), (5, 5)])
def test_nehtali_begone_immediate_range_push(ryu: int, after: int) -> None:
    """Nehtali, Heaven's Punishment's boost Begone! (immediate): [if range 1] push 3.
    Adjacent Ryu is pushed 4 -> 7; at range 2 nothing happens."""
    d = nehtali(dict(space=3, hand=["heavenspunishment"]), dict(space=ryu))
    boost(d, "heavenspunishment")
    assert d.space(P2) == after
    assert _next(d) == P2


# --- Hell's Salvation / Building Power ---------------------------------------------------


def test_nehtali_hells_salvation_ultra_hits_for_twelve() -> None:
    """Nehtali, Hell's Salvation (ultra, 5 gauge, range 2, 12 power, speed 7): paid with 5
    gauge it hits Ryu (Spike, speed 3) at range 2 for 12 and stuns him."""
    gauge = ["grasp", "cross", "dive", "spike", "sweep"]
    d = nehtali(dict(space=3, hand=["hellssalvation"], gauge=gauge),
                dict(space=5, hand=["spike"]))
    d.strike("hellssalvation", "spike")
    d.pay(*gauge)
    assert d.life(P2) == 18
    assert d.life(P1) == 30
    assert d.zone(P1, Zone.GAUGE) == ["Hell's Salvation"]


def test_nehtali_building_power_immediate_draw_then_cards_from_hand_from_last_cards() -> None:
    """Nehtali, Hell's Salvation's boost Building Power (immediate): draw 2, then put one
    of the two cards drawn into the gauge (cards_from_hand gauge 1, from_last_cards 2).
    Grasp, held before, is not offered."""
    d = nehtali(dict(hand=["hellssalvation", "grasp"], deck=["dive", "focus", "spike"]),
                dict())
    boost(d, "hellssalvation")
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.TO_GAUGE
    assert (request.min_count, request.max_count) == (1, 1)
    assert d.names(request.candidates) == ["Dive", "Focus"]
    d.select(P1, "focus")
    assert d.zone(P1, Zone.GAUGE) == ["Focus"]
    assert d.zone(P1, Zone.HAND)[:2] == ["Grasp", "Dive"]
    assert d.zone(P1, Zone.DISCARD) == ["Hell's Salvation"]
    assert _next(d) == P2


def test_nehtali_character_action_is_described_for_both_piles() -> None:
    """Nehtali, character action: its phrase (transcripts, choice labels) names the
    opponent's pile for the second move; the first keeps the words recorded logs carry."""
    from conftest import CATALOG

    from engine.text.notation import describe_chain

    action = CATALOG.character("nehtali").exceed_actions[0]
    assert describe_chain(action.effects) == (
        "add top discard to gauge, then opponent's top discard 1 to gauge")
