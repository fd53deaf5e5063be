"""Linne (Under Night In-Birth): every special and ultra, every boost (each a
"Sure-Kill Arts" continuous boost that strikes at once), her exceed ability (+1 power
for a strike her exceeded action started) and her three character actions.

Card facts: roster.md, "Linne". Linne is P1 and Ryu P2; Ryu mostly answers with Block
(power 0, armor 2, guard 3, never hits). A test's name contains the effect and condition
tags it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import ActionRequest, CharacterAction, Prepare, SelectCardsRequest
from engine.core.ids import Zone
from engine.core.state import Stat

CHARS = ("linne", "ryu")


def linne(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Linne as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, stat: Stat, who: Any = P1) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


# --- Flying Swallow / Roll ------------------------------------------------------------


def test_linne_flying_swallow_before_choice_advance_powerup() -> None:
    """Linne, Flying Swallow (range 1, power 3): before: choice (advance 3, then powerup
    2) | pass. From 2 she advances to 5 beside Ryu (6) and hits Block for 5 - 2 = 3."""
    d = linne(dict(space=2, hand=["flyingswallow", "grasp"]), dict(space=6, hand=["block"]))
    d.strike("flyingswallow", "block")
    d.choose("advance 3")
    assert d.space(P1) == 5
    assert d.life(P2) == 27
    assert _next(d) == P2


def test_linne_flying_swallow_before_choice_pass_misses_then_advances_and_draws() -> None:
    """Linne, Flying Swallow: passing the before choice leaves her out of range (4), so
    she misses; after: [if not_moved_self_this_strike] advance 3 + draw 1: she has not
    moved herself this strike, so she advances 2 -> 5 and draws a card (Dive)."""
    d = linne(dict(space=2, hand=["flyingswallow", "grasp"], deck=["dive"]),
              dict(space=6, hand=["block"]))
    d.strike("flyingswallow", "block")
    d.choose("pass")
    assert d.life(P2) == 30
    assert d.space(P1) == 5
    assert d.zone(P1, Zone.HAND) == ["Grasp", "Dive"]
    assert len(d.events(ev.SelfMoveNoted)) == 1  # the after advance, noted in the strike


def test_linne_flying_swallow_after_needs_no_self_move_this_strike() -> None:
    """Linne, Flying Swallow: having advanced herself at before (advance 3), the after
    effect does not run: she stays on 5 and draws nothing (Grasp stays alone in hand)."""
    d = linne(dict(space=2, hand=["flyingswallow", "grasp"], deck=["dive"]),
              dict(space=6, hand=["block"]))
    d.strike("flyingswallow", "block")
    d.choose("advance 3")
    assert d.space(P1) == 5 and d.life(P2) == 27
    assert d.zone(P1, Zone.HAND) == ["Grasp"]


def test_linne_roll_now_choice_retreat_strike_hit_gain_advantage() -> None:
    """Linne, Flying Swallow's boost Roll (Sure-Kill Arts, continuous): now: choice
    advance 1 | retreat 1; now: strike; hit: gain_advantage. She retreats 4 -> 3 and
    strikes with Sky Fangs at range 3 (3 power, Block takes 1); having hit she acts
    next."""
    d = linne(dict(space=4, hand=["flyingswallow", "skyfangs", "grasp"]),
              dict(space=6, hand=["block"]))
    boost(d, "flyingswallow")
    d.choose("retreat 1")
    assert d.space(P1) == 3
    d.respond(P1, "skyfangs", "block")
    assert d.life(P2) == 29
    assert _next(d) == P1


# --- Moon Gyre / Vanish ---------------------------------------------------------------


def test_linne_moon_gyre_not_initiated_strike_speedup_after_advance() -> None:
    """Linne, Moon Gyre: during_strike: [if not_initiated_strike] speedup 2; after:
    advance 2. Defending against Ryu's Block she gets +2 speed; afterwards she advances
    2 (3 -> 5; Ryu stays on 7)."""
    d = linne(dict(space=3, hand=["moongyre", "grasp"]), dict(space=7, hand=["block", "grasp"]),
              active=P2)
    d.strike("block", "moongyre")
    assert _mods(d, Stat.SPEED) == [2]
    assert d.space(P1) == 5


def test_linne_moon_gyre_initiated_no_speedup() -> None:
    """Linne, Moon Gyre: as the attacker she gets no speed bonus; it hits Block at range
    2 for 3 - 2 = 1, then she advances 2 past Ryu (5 over 6 -> 8)."""
    d = linne(dict(space=5, hand=["moongyre", "grasp"]), dict(space=6, hand=["block"]))
    d.strike("moongyre", "block")
    assert _mods(d, Stat.SPEED) == []
    assert d.life(P2) == 29
    assert d.space(P1) == 8


def test_linne_vanish_before_close_hit_gain_advantage_strike() -> None:
    """Linne, Moon Gyre's boost Vanish (continuous): before: close 1; hit:
    gain_advantage; now: strike. From range 2 her Flying Swallow (range 1) closes to
    range 1 and hits; she acts next."""
    d = linne(dict(space=4, hand=["moongyre", "flyingswallow", "grasp"]),
              dict(space=6, hand=["block"]))
    boost(d, "moongyre")
    d.respond(P1, "flyingswallow", "block")
    d.choose("pass")
    assert d.space(P1) == 5
    assert d.life(P2) == 29
    assert _next(d) == P1


# --- Sky Fangs / Overcome -------------------------------------------------------------


def test_linne_sky_fangs_after_close_lose_all_armor() -> None:
    """Linne, Sky Fangs (range 3-5, armor 3): after: close 3, then lose_all_armor. It
    hits Block at range 4 for 1; she then closes 3 (2 -> 5, beside Ryu on 6)."""
    d = linne(dict(space=2, hand=["skyfangs", "grasp"]), dict(space=6, hand=["block"]))
    d.strike("skyfangs", "block")
    assert d.life(P2) == 29
    assert d.space(P1) == 5
    assert _mods(d, Stat.ARMOR) == [-3]  # her printed 3 armor, unused, is lost


def test_linne_overcome_during_strike_powerup_gain_advantage() -> None:
    """Linne, Sky Fangs' boost Overcome (continuous): during_strike: powerup 1; hit:
    gain_advantage; now: strike. Sky Fangs hits Block for 3 + 1 - 2 = 2."""
    d = linne(dict(space=2, hand=["skyfangs", "skyfangs", "grasp"]),
              dict(space=6, hand=["block"]))
    boost(d, "skyfangs")
    d.respond(P1, "skyfangs", "block")
    assert d.life(P2) == 28
    assert _next(d) == P1


# --- Tenacious Mist / Sidestep --------------------------------------------------------


def test_linne_tenacious_mist_after_armorup_damage_dealt() -> None:
    """Linne, Tenacious Mist (power 4, speed 5): after: armorup equal to the damage
    dealt (Count damage_dealt). Mist (speed 5) hits Ryu's Dive (speed 4) first for 4
    and stuns him; afterwards she gains 4 armor."""
    d = linne(dict(space=5, hand=["tenaciousmist", "grasp"]), dict(space=6, hand=["dive"]))
    d.strike("tenaciousmist", "dive")
    assert d.life(P2) == 26
    assert _mods(d, Stat.ARMOR) == [4]


# --- Divine Blaze / Culling -----------------------------------------------------------


def test_linne_divine_blaze_hit_push_gain_advantage() -> None:
    """Linne, Divine Blaze (3 gauge, range 1-2, power 3): hit: push 3, then
    gain_advantage. It hits Block for 1, pushes Ryu 6 -> 9 and she acts next."""
    d = linne(dict(space=5, hand=["divineblaze", "grasp"], gauge=["cross", "dive", "spike"]),
              dict(space=6, hand=["block"]))
    d.strike("divineblaze", "block")
    d.pay("cross", "dive", "spike")
    assert d.life(P2) == 29
    assert d.space(P2) == 9
    assert _next(d) == P1


def test_linne_culling_hit_opponent_discard_random_gain_advantage() -> None:
    """Linne, Divine Blaze's boost Culling (continuous): hit: opponent_discard_random 1,
    then gain_advantage; now: strike. Her Moon Gyre hits Block; Ryu discards his one
    other card at random."""
    d = linne(dict(space=5, hand=["divineblaze", "moongyre", "grasp"]),
              dict(space=6, hand=["block", "focus"]))
    boost(d, "divineblaze")
    d.respond(P1, "moongyre", "block")
    assert d.life(P2) == 29
    assert d.zone(P2, Zone.HAND) == []
    assert "Focus" in d.zone(P2, Zone.DISCARD)
    assert _next(d) == P1


# --- Elusive Flash / Resistance -------------------------------------------------------


def test_linne_elusive_flash_dodge_at_range() -> None:
    """Linne, Elusive Flash (1 gauge): during_strike: dodge_at_range 2-2. Her Flash
    (speed 4) hits Ryu's Sweep first (guard 6: no stun); his Sweep at range 2 then
    misses her."""
    d = linne(dict(space=4, hand=["elusiveflash", "grasp"], gauge=["cross"]),
              dict(space=6, hand=["sweep"]), active=P2)
    d.strike("sweep", "elusiveflash")
    d.pay("cross")
    assert d.life(P2) == 26
    assert d.life(P1) == 30
    assert [e.player for e in d.events(ev.AttackMissed)] == [P2]


def test_linne_resistance_armorup_guardup_strike() -> None:
    """Linne, Elusive Flash's boost Resistance (continuous): during_strike: armorup 1,
    guardup 3; hit: gain_advantage; now: strike."""
    d = linne(dict(space=5, hand=["elusiveflash", "tenaciousmist", "grasp"]),
              dict(space=6, hand=["block"]))
    boost(d, "elusiveflash")
    d.respond(P1, "tenaciousmist", "block")
    assert 1 in _mods(d, Stat.ARMOR) and 3 in _mods(d, Stat.GUARD)
    assert _next(d) == P1


# --- The Diviner / Concentration ------------------------------------------------------


def test_linne_the_diviner_ignore_guard_rangeup_per_any_boost_modifier_speedup_per_boost_modifier(
) -> None:
    """Linne, The Diviner (2 gauge, range 2-3, power 6, speed 3): during_strike:
    ignore_guard; rangeup_per_boost_modifier 0/1 {all_boosts} (here
    ``rangeup_per_any_boost_modifier``) and speedup_per_boost_modifier 1 {all_boosts}:
    live, per continuous boost in play, both players'. With her Overcome and Ryu's
    Defend in play: range 2-5 and speed 5, so it reaches Ryu at range 5 and the guard of
    Block and Defend does not matter: 6 + 1 (Overcome) - 3 armor (Block 2, Defend 1) = 4
    damage."""
    d = linne(dict(space=1, hand=["thediviner", "grasp"], gauge=["cross", "dive"],
                   boosts=["skyfangs"]), dict(space=6, hand=["block"], boosts=["spike"]))
    d.strike("thediviner", "block")
    d.pay("cross", "dive")
    assert [(e.amount, e.all_boosts) for e in d.events(ev.SpeedPerBoostGained)] == [(1, True)]
    assert [(e.amount, e.amount2) for e in d.events(ev.RangePerAnyBoostGained)] == [(0, 1)]
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == 5
    assert d.life(P2) == 26


def test_linne_the_diviner_no_boosts_in_play_out_of_range() -> None:
    """Linne, The Diviner: with no boost in play its range stays 2-3; at range 5 it
    misses."""
    d = linne(dict(space=1, hand=["thediviner", "grasp"], gauge=["cross", "dive"]),
              dict(space=6, hand=["block"]))
    d.strike("thediviner", "block")
    d.pay("cross", "dive")
    assert d.life(P2) == 30


def test_linne_concentration_speedup_ignore_guard_strike() -> None:
    """Linne, The Diviner's boost Concentration (continuous): during_strike: speedup -1,
    ignore_guard; hit: gain_advantage; now: strike."""
    d = linne(dict(space=5, hand=["thediviner", "tenaciousmist", "grasp"]),
              dict(space=6, hand=["block"]))
    boost(d, "thediviner")
    d.respond(P1, "tenaciousmist", "block")
    assert -1 in _mods(d, Stat.SPEED)
    assert _next(d) == P1


# --- character actions and exceed ability ---------------------------------------------


def test_linne_action_draw_opponent_draw_choice_advance() -> None:
    """Linne's character action: draw 2, then the opponent draws 1 (draw opponent), then
    choice advance 1 | retreat 1."""
    d = linne(dict(space=3, hand=["grasp"], deck=["cross", "dive", "spike"]),
              dict(space=6, hand=["block"], deck=["focus", "sweep"]))
    d.act(CharacterAction(index=0))
    d.choose("advance 1")
    assert d.zone(P1, Zone.HAND) == ["Grasp", "Cross", "Dive", "Spike"]  # + end-of-turn draw
    assert d.zone(P2, Zone.HAND) == ["Block", "Focus"]
    assert d.space(P1) == 4
    assert _next(d) == P2


def test_linne_exceeded_action_set_mode_boost_additional_gauge_used_character_bonus() -> None:
    """Linne exceeded, action 0: a continuous boost from her gauge (boost_additional
    gauge, set_mode used_character_bonus); the boost strikes and her exceed ability
    (set_strike: [if used_character_bonus] add_attack_effect powerup 1) adds 1 power.
    Overcome (+1) and the exceed ability (+1): Sky Fangs hits Block for 5 - 2 = 3."""
    d = linne(dict(space=2, exceeded=True, hand=["skyfangs", "grasp"], gauge=["skyfangs"]),
              dict(space=6, hand=["block"]))
    d.act(CharacterAction(index=0))
    request = d.pending
    if isinstance(request, SelectCardsRequest):
        d.select(P1, "skyfangs")
    assert d.zone(P1, Zone.BOOSTS) == ["Sky Fangs"]
    assert d.zone(P1, Zone.GAUGE) == []
    d.respond(P1, "skyfangs", "block")
    assert d.life(P2) == 27


def test_linne_revert_cards_from_hand_revert_bonus_action() -> None:
    """Linne exceeded, action "Revert": cards_from_hand gauge 1, then revert, then
    bonus_action: she puts Grasp into gauge, leaves Exceed mode and acts again."""
    d = linne(dict(space=3, exceeded=True, hand=["grasp", "cross"]), dict(space=6))
    d.act(CharacterAction(index=1))
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert not d.p(P1).exceeded
    assert _next(d) == P1


def test_linne_divine_blaze_last_turn_was_strike_powerup() -> None:
    """Linne, Divine Blaze: during_strike: [if last_turn_was_strike] powerup 4. Ryu
    strikes on turn 1 (his Block against her Block); on turn 2 her Divine Blaze gets +4
    and hits his Block for 3 + 4 - 2 = 5."""
    d = linne(dict(space=5, hand=["divineblaze", "block", "grasp"],
                   gauge=["cross", "dive", "spike"]),
              dict(space=6, hand=["block", "block"]), active=P2)
    d.strike("block", "block")
    assert d.events(ev.StrikeTurnNoted) == [ev.StrikeTurnNoted(turn=1)]
    d.strike("divineblaze", "block")
    d.pay("cross", "dive", "spike")
    d.decline()  # Ryu spends no force on Block's armor
    assert 4 in _mods(d, Stat.POWER)
    assert d.life(P2) == 25


def test_linne_divine_blaze_not_last_turn_was_strike_no_powerup() -> None:
    """Linne, Divine Blaze: with no strike on the previous turn (Ryu prepared) there is
    no +4: it hits Block for 3 - 2 = 1."""
    d = linne(dict(space=5, hand=["divineblaze", "grasp"], gauge=["cross", "dive", "spike"]),
              dict(space=6, hand=["block"]), active=P2)
    d.act(Prepare())
    d.strike("divineblaze", "block")
    d.pay("cross", "dive", "spike")
    d.decline()  # Ryu spends no force on Block's armor
    assert 4 not in _mods(d, Stat.POWER)
    assert d.life(P2) == 29


def test_linne_sidestep_name_card_for_boost_opponent_attack_is_named_by_boost() -> None:
    """Linne, Tenacious Mist's boost Sidestep (Transparent Foe): now: she names a card
    (name_card_for_boost); during_strike: [if opponent_attack_is_named_by_boost]
    attack_does_not_hit {opponent}; now: strike. She names Sweep: her Tenacious Mist
    hits first for 4 (Sweep's guard 6 keeps Ryu from being stunned) and his Sweep then
    does not hit her; having hit, she acts next."""
    d = linne(dict(space=5, hand=["tenaciousmist", "tenaciousmist", "grasp"]),
              dict(space=6, hand=["sweep"]))
    boost(d, "tenaciousmist")
    d.name_card("Sweep")
    assert d.events(ev.BoostNamedCard)[0].name == "Sweep"
    d.respond(P1, "tenaciousmist", "sweep")
    assert d.life(P1) == 30
    assert d.life(P2) == 26
    assert _next(d) == P1


def test_linne_sidestep_other_name_does_not_stop_the_attack() -> None:
    """Linne, Sidestep: naming Grasp does not stop Ryu's Sweep: after her Mist (4
    damage, so 4 armor from its after effect) it hits her for 6 - 4 = 2."""
    d = linne(dict(space=5, hand=["tenaciousmist", "tenaciousmist", "grasp"]),
              dict(space=6, hand=["sweep"]))
    boost(d, "tenaciousmist")
    d.name_card("Grasp")
    d.respond(P1, "tenaciousmist", "sweep")
    assert d.life(P1) == 28


def test_linne_exceeded_action_requires_can_boost_continuous_from_gauge() -> None:
    """Linne exceeded, action 0 (requires can_boost_continuous_from_gauge): offered with
    a continuous boost in her gauge (Sky Fangs' Overcome), not with only Focus (whose
    boost Veil Off is immediate) there; Revert (action 1) is offered either way."""
    with_boost = linne(dict(exceeded=True, hand=["grasp"], gauge=["skyfangs"]), dict())
    choices = with_boost.expect(ActionRequest).choices
    assert CharacterAction(index=0) in choices and CharacterAction(index=1) in choices
    without = linne(dict(exceeded=True, hand=["grasp"], gauge=["focus"]), dict())
    choices = without.expect(ActionRequest).choices
    assert CharacterAction(index=0) not in choices and CharacterAction(index=1) in choices
