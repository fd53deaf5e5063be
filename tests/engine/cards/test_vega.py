"""Vega: every attack and boost, his ability (a special or ultra set at the arena's edge
gets +2 power; after Repel Leap any attack does), his exceed ability (+3 power and +1
speed) and his Exceed.

Card facts: roster.md, "Vega". Vega is P1 and Ryu P2; Ryu mostly answers with Block
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
    Exceed,
    MoveTo,
    PayForceRequest,
    SelectCardsRequest,
    SpaceRequest,
)
from engine.core.ids import Zone
from engine.core.state import Stat

CHARS = ("vega", "ryu")


def vega(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Vega as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, stat: Stat) -> list[tuple[object, int]]:
    return [(e.player, e.amount) for e in d.events(ev.StatModified) if e.stat is stat]


# --- Flying Barcelona Attack / Wall Leap -----------------------------------------------


@pytest.mark.parametrize(("crit", "ryu_life"), [(True, 25), (False, 27)])
def test_vega_flying_barcelona_attack_before_advance_close_is_critical_powerup(
    crit: bool, ryu_life: int
) -> None:
    """Vega, Flying Barcelona Attack: during_strike: [if is_critical] powerup 2; before:
    advance 9, then close 1.

    From 3 he leaps over Ryu (7) to the wall (9) and closes to 8: 5 (+2) - 2 damage.
    """
    d = vega(dict(space=3, hand=["flyingbarcelonaattack"], gauge=["grasp"]),
             dict(space=7, hand=["block"]))
    d.strike("flyingbarcelonaattack", "block", crit=(crit, False))
    assert [(e.src, e.dst) for e in d.events(ev.PlayerMoved)] == [(3, 9), (9, 8)]
    assert d.life(P2) == ryu_life


def test_vega_wall_leap_immediate_advance() -> None:
    """Vega, Flying Barcelona Attack's boost Wall Leap (immediate): advance 9."""
    d = vega(dict(space=3, hand=["flyingbarcelonaattack"]), dict(space=7))
    boost(d, "flyingbarcelonaattack")
    assert d.space(P1) == 9
    assert _next(d) == P2


# --- Pounce / Dancer's Step ------------------------------------------------------------


def test_vega_pounce_is_critical_armorup_before_close_hit_opponent_discard_random() -> None:
    """Vega, Pounce: during_strike: [if is_critical] armorup 2; before: close 2; hit:
    opponent_discard_random 1.

    Ryu's Sweep (initiator, speed tie) hits first: 6 - 2 armor = 4, not more than guard
    4. Pounce closes 4 -> 5 and hits for 5; Ryu discards 1 card at random (Dive).
    """
    d = vega(dict(space=4, hand=["pounce"], gauge=["grasp"]),
             dict(space=6, hand=["sweep", "dive"]), active=P2)
    d.strike("sweep", "pounce", crit=(True, False))
    assert _mods(d, Stat.ARMOR) == [(P1, 2)]
    assert d.life(P1) == 26
    assert d.events(ev.PlayerStunned) == []
    assert d.space(P1) == 5
    assert d.life(P2) == 25
    assert d.zone(P2, Zone.DISCARD) == ["Dive"]


@pytest.mark.parametrize(("option", "p1_space"), [("retreat 2", 1), ("pass", 3)])
def test_vega_dancers_step_immediate_choice_retreat_strike(option: str, p1_space: int) -> None:
    """Vega, Pounce's boost Dancer's Step (immediate, 1 force): choice retreat 1 |
    retreat 2 | pass; strike."""
    d = vega(dict(space=3, hand=["pounce", "grasp", "spike"]), dict(space=5, hand=["block"]))
    boost(d, "pounce", "grasp")
    d.choose(option)
    assert d.space(P1) == p1_space
    assert [e.attacker for e in d.events(ev.StrikeStarted)] == [P1]
    d.respond(P1, "spike", "block")
    assert d.events(ev.StrikeEnded)


# --- Rolling Crystal Flash / High Jump -------------------------------------------------


def test_vega_rolling_crystal_flash_speedup_by_spaces_modifier_before_close_hit_push() -> None:
    """Vega, Rolling Crystal Flash (speed 2): during_strike: speedup_by_spaces_modifier 1
    (live: +1 per empty space between the fighters whenever the speed is read); before:
    close 5; hit: push 3.

    Four empty spaces between 2 and 7: speed 6. It closes to 6, hits Block for 1 and
    pushes Ryu to the wall.
    """
    d = vega(dict(space=2, hand=["rollingcrystalflash"]), dict(space=7, hand=["block"]))
    d.strike("rollingcrystalflash", "block")
    assert [(e.player, e.amount) for e in d.events(ev.SpeedPerSpaceGained)] == [(P1, 1)]
    assert _mods(d, Stat.SPEED) == []
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == 6
    assert d.space(P1) == 6
    assert d.space(P2) == 9
    assert d.life(P2) == 29


@pytest.mark.parametrize(("ryu", "p1_space", "to_gauge"), [(4, 7, True), (7, 6, False)])
def test_vega_high_jump_immediate_choice_advance_advanced_through_add_to_gauge_boost_play_cleanup(
    ryu: int, p1_space: int, to_gauge: bool
) -> None:
    """Vega, Rolling Crystal Flash's boost High Jump (immediate): choice advance 3, then
    [if advanced_through] add_to_gauge_boost_play_cleanup | retreat 3. Jumping over Ryu
    sends the card to gauge; otherwise it is discarded."""
    d = vega(dict(space=3, hand=["rollingcrystalflash"]), dict(space=ryu))
    boost(d, "rollingcrystalflash")
    d.choose("advance 3")
    assert d.space(P1) == p1_space
    zone = Zone.GAUGE if to_gauge else Zone.DISCARD
    assert d.zone(P1, zone) == ["Rolling Crystal Flash"]


# --- Scarlet Terror / Repel Leap -------------------------------------------------------


@pytest.mark.parametrize(("crit", "first"), [(True, P1), (False, P2)])
def test_vega_scarlet_terror_is_critical_speedup_before_close(crit: bool, first: object) -> None:
    """Vega, Scarlet Terror (speed 4): during_strike: [if is_critical] speedup 2; before:
    close 2.

    Critical (6), it ties Ryu's Cross and Vega, the initiator, goes first: he closes
    3 -> 4 and stuns Cross with 3 damage. Otherwise Cross (6) hits first and stuns him.
    """
    d = vega(dict(space=3, hand=["scarletterror"], gauge=["grasp"]),
             dict(space=5, hand=["cross"]))
    d.strike("scarletterror", "cross", crit=(crit, False))
    assert d.events(ev.PriorityDetermined)[0].first == first
    if crit:
        assert d.space(P1) == 4
        assert (d.life(P1), d.life(P2)) == (30, 27)
    else:
        assert d.space(P1) == 3
        assert (d.life(P1), d.life(P2)) == (27, 30)


def test_vega_repel_leap_immediate_at_edge_of_arena_set_used_character_bonus_move_to_any_space_strike() -> None:
    """Vega, Scarlet Terror's boost Repel Leap (immediate, 2 force): [if
    at_edge_of_arena] set_mode used_character_bonus, then move_to_any_space, then strike.

    From the edge (1) Vega pays 2, leaps to 4 (any space but Ryu's) and strikes; his
    ability's ``[if used_character_bonus]`` branch gives even his Grasp (a Normal) +2:
    3 + 2 - 2 = 3 against Block.
    """
    d = vega(dict(space=1, hand=["scarletterror", "cross", "dive", "grasp"]),
             dict(space=5, hand=["block"]))
    boost(d, "scarletterror", "cross", "dive")
    assert d.events(ev.CharacterBonusUsed) == [ev.CharacterBonusUsed(player=P1)]
    request = d.expect(SpaceRequest, P1)
    assert [m.space for m in request.choices if isinstance(m, MoveTo)] == [
        1, 2, 3, 4, 6, 7, 8, 9]
    d.move_to(P1, 4)
    assert d.space(P1) == 4
    d.respond(P1, "grasp", "block")
    d.choose("push 1")
    assert _mods(d, Stat.POWER) == [(P1, 2)]
    assert d.life(P2) == 27
    assert _next(d) == P2
    assert not d.p(P1).used_character_bonus


def test_vega_repel_leap_at_edge_of_arena_false_does_nothing() -> None:
    """Vega, Repel Leap: away from the edge nothing happens (no bonus, no strike)."""
    d = vega(dict(space=3, hand=["scarletterror", "cross", "dive"]), dict(space=5))
    boost(d, "scarletterror", "cross", "dive")
    assert d.events(ev.CharacterBonusUsed) == []
    assert d.events(ev.StrikeStarted) == []
    assert _next(d) == P2


# --- Sky High Claw / Retrieve ----------------------------------------------------------


def test_vega_sky_high_claw_before_close_is_critical_powerup() -> None:
    """Vega, Sky High Claw: during_strike: [if is_critical] powerup 2; before: close 3.
    Vega closes 3 -> 6 next to Ryu (7): 4 + 2 - 2 = 4, a stun."""
    d = vega(dict(space=3, hand=["skyhighclaw"], gauge=["grasp"]),
             dict(space=7, hand=["block"]))
    d.strike("skyhighclaw", "block", crit=(True, False))
    assert d.space(P1) == 6
    assert d.life(P2) == 26
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]


def test_vega_retrieve_immediate_advance_advanced_through_boost_additional_ignore_costs() -> None:
    """Vega, Sky High Claw's boost Retrieve (immediate, 1 force): choice advance 3, then
    [if advanced_through] boost_additional (continuous, from discard, costs ignored) |
    retreat 3. Over Ryu, Vega plays Claw (1 force) from his discard for free."""
    d = vega(dict(space=3, hand=["skyhighclaw", "grasp"], discard=["bloodyhighclaw", "cross"]),
             dict(space=4))
    boost(d, "skyhighclaw", "grasp")
    d.choose("advance 3")
    assert d.space(P1) == 7
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.BOOST
    assert d.names(request.candidates) == ["Bloody High Claw", "Grasp"]  # Claw, Fierce
    d.select(P1, "bloodyhighclaw")
    assert not isinstance(d.pending, PayForceRequest)
    assert d.zone(P1, Zone.BOOSTS) == ["Bloody High Claw"]
    assert _next(d) == P2


# --- Bloody High Claw / Claw -----------------------------------------------------------


def test_vega_bloody_high_claw_before_min_spaces_behind_opponent_powerup_hit_move_to_any_space() -> None:
    """Vega, Bloody High Claw (Ultra, 3 gauge): before: [if min_spaces_behind_opponent
    3] powerup 3; hit: move_to_any_space.

    Five spaces lie behind Ryu (4): 4 + 3 - 2 = 5 damage, then Vega moves anywhere: 1.
    """
    gauge = ["grasp", "cross", "dive"]
    d = vega(dict(space=3, hand=["bloodyhighclaw"], gauge=gauge), dict(space=4, hand=["block"]))
    d.strike("bloodyhighclaw", "block")
    d.pay(*gauge)
    assert _mods(d, Stat.POWER) == [(P1, 3)]
    d.move_to(P1, 1)
    assert d.space(P1) == 1
    assert d.life(P2) == 25


def test_vega_bloody_high_claw_min_spaces_behind_opponent_false() -> None:
    """Vega, Bloody High Claw: Ryu on 7 facing Vega on 6 has 2 spaces behind: no bonus;
    Vega may stay where he is."""
    gauge = ["grasp", "cross", "dive"]
    d = vega(dict(space=6, hand=["bloodyhighclaw"], gauge=gauge), dict(space=7, hand=["block"]))
    d.strike("bloodyhighclaw", "block")
    d.pay(*gauge)
    assert _mods(d, Stat.POWER) == []
    d.move_to(P1, 6)
    assert d.events(ev.PlayerMoved) == []
    assert d.life(P2) == 28


def test_vega_claw_set_strike_critical_rangeup_cleanup_not_stunned_force_for_effect_sustain_this() -> None:
    """Vega, Bloody High Claw's boost Claw (continuous, 1 force): set_strike: critical;
    during_strike: rangeup 0/1; cleanup: [if not_stunned] force_for_effect 1 force:
    sustain_this.

    Grasp is Critical for free and reaches range 2; at cleanup Vega pays Dive to keep
    Claw in play.
    """
    d = vega(dict(space=3, hand=["grasp", "dive"], boosts=["bloodyhighclaw"]),
             dict(space=5, hand=["block"]))
    d.strike("grasp", "block")
    assert d.events(ev.AttackMadeCritical) == [ev.AttackMadeCritical(player=P1)]
    d.choose("push 1")
    request = d.expect(PayForceRequest, P1)
    assert request.amount == 1 and request.optional
    d.pay("dive")
    assert len(d.events(ev.BoostSustained)) == 1
    assert d.zone(P1, Zone.BOOSTS) == ["Bloody High Claw"]
    assert d.life(P2) == 29


# --- Splendid Claw / Mask --------------------------------------------------------------


def test_vega_splendid_claw_before_close_hit_opponent_discard_random() -> None:
    """Vega, Splendid Claw (Ultra, 3 gauge): before: close 3; hit:
    opponent_discard_random 3. 7 - 2 = 5 and Ryu loses 3 of his 4 other cards."""
    gauge = ["grasp", "cross", "dive"]
    d = vega(dict(space=2, hand=["splendidclaw"], gauge=gauge),
             dict(space=6, hand=["block", "spike", "sweep", "focus", "dive"]))
    d.strike("splendidclaw", "block")
    d.pay(*gauge)
    d.decline()  # Ryu spends no force on Block's armor
    assert d.space(P1) == 5
    assert d.life(P2) == 25
    assert len(d.zone(P2, Zone.HAND)) == 1
    assert len(d.zone(P2, Zone.DISCARD)) == 4  # 3 at random, then the stunned Block


def test_vega_mask_during_strike_powerup_armorup_cleanup_force_for_effect_declined() -> None:
    """Vega, Splendid Claw's boost Mask (continuous): powerup 1, then armorup 1; cleanup:
    [if not_stunned] force_for_effect 1: sustain_this. Declining discards it."""
    d = vega(dict(space=3, hand=["sweep", "dive"], boosts=["splendidclaw"]),
             dict(space=5, hand=["block"]))
    d.strike("sweep", "block")
    assert _mods(d, Stat.POWER) == [(P1, 1)]
    assert _mods(d, Stat.ARMOR) == [(P1, 1)]
    d.decline()
    assert d.events(ev.BoostSustained) == []
    assert d.zone(P1, Zone.DISCARD) == ["Splendid Claw"]


# --- character card --------------------------------------------------------------------


@pytest.mark.parametrize(("attack", "bonus"), [("scarletterror", [(P1, 2)]), ("cross", [])])
def test_vega_ability_not_used_character_bonus_at_edge_of_arena_add_attack_effect_is_special_or_ultra_attack_powerup(
    attack: str, bonus: list[tuple[object, int]]
) -> None:
    """Vega, ability: set_strike: [if not_used_character_bonus] pass, then [if
    at_edge_of_arena] add_attack_effect (during_strike: [if is_special_or_ultra_attack]
    powerup 2). At the edge (9) a special gets +2; a Normal does not."""
    d = vega(dict(space=9, hand=[attack]), dict(space=8, hand=["block"]))
    d.strike(attack, "block")
    assert [e.player for e in d.events(ev.AttackEffectAdded)] == [P1]
    assert _mods(d, Stat.POWER) == bonus


def test_vega_ability_at_edge_of_arena_false_nothing_added() -> None:
    """Vega, ability: away from the edge nothing is added."""
    d = vega(dict(space=5, hand=["scarletterror"]), dict(space=6, hand=["block"]))
    d.strike("scarletterror", "block")
    assert d.events(ev.AttackEffectAdded) == []


def test_vega_exceed_ability_at_edge_powerup_speedup() -> None:
    """Vega, exceed ability: at the edge a special gets +3 power, then +1 speed."""
    d = vega(dict(space=1, hand=["scarletterror"], exceeded=True),
             dict(space=2, hand=["block"]))
    d.strike("scarletterror", "block")
    assert _mods(d, Stat.POWER) == [(P1, 3)]
    assert _mods(d, Stat.SPEED) == [(P1, 1)]
    assert d.life(P2) == 26  # 3 + 3 - 2, then the end


def test_vega_exceed_costs_three_gauge() -> None:
    """Vega, Exceed (3 gauge): no hook; the character card flips."""
    d = vega(dict(gauge=["grasp", "cross", "dive"]), dict())
    d.act(Exceed())
    d.pay("grasp", "cross", "dive")
    assert d.p(P1).exceeded
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Cross", "Dive"]
    assert _next(d) == P2
