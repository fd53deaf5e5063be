"""Orie Ballardiae (Under Night In-Birth): her ability and exceed ability (both keyed to
her character action strike), her exceeded "Revert", and every attack and boost.

Card facts: roster.md, "Orie Ballardiae". Orie is P1 and Nehtali P2 (no ability, the
standard Normals): he mostly answers with Block (power 0, armor 2, guard 3, never hits),
Cross (range 1-2, power 3, speed 6) or Spike (range 2-3, power 5, speed 3). A test's
name contains the effect and condition tags it exercises.
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    ChoiceRequest,
    PayGaugeRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import AttackFlag, Stat

CHARS = ("orie", "nehtali")


def orie(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Orie as P1 and Nehtali as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, who: Any, stat: Stat) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


def _flags(d: Driver, who: Any) -> set[AttackFlag]:
    return {e.flag for e in d.events(ev.AttackFlagged) if e.player == who}


def _pay(d: Driver, *gauge: str) -> None:
    """Pay a gauge cost with ``gauge`` unless the engine took the only payment itself."""
    if isinstance(d.pending, PayGaugeRequest):
        d.pay(*gauge)


def _action_strike(d: Driver, index: int, attack: str, response: str, *gauge: str) -> None:
    """Orie takes character action ``index`` (a strike), paying ``gauge`` if asked."""
    d.act(CharacterAction(index=index))
    if isinstance(d.pending, PayGaugeRequest) and gauge:
        d.pay(*gauge)
    d.respond(P1, attack, response)


# --- ability, exceed ability, character actions ----------------------------------------


def test_orie_ability_used_character_action_add_attack_effect_armorup_special() -> None:
    """Orie's ability: after her free character action strike (default #0),
    ``set_strike: [if used_character_action 0] add_attack_effect (armorup 2 if
    is_special_or_ultra_attack)``. Sealing Hoplon takes Cross's 3 with 2 armor: 1 damage."""
    d = orie(dict(space=3, hand=["sealinghoplon"]), dict(space=5, hand=["cross"]))
    _action_strike(d, 0, "sealinghoplon", "cross")
    assert d.events(ev.CharacterActionRecorded) == [
        ev.CharacterActionRecorded(player=P1, index=0, exceeded=False)]
    assert 2 in _mods(d, P1, Stat.ARMOR)
    assert d.life(P1) == 29


def test_orie_ability_plain_strike_action_gets_no_armor() -> None:
    """Orie's ability: the ordinary Strike action is no character action, so
    ``used_character_action`` is false: Cross deals its full 3."""
    d = orie(dict(space=3, hand=["sealinghoplon"]), dict(space=5, hand=["cross"]))
    d.act(Strike())
    d.respond(P1, "sealinghoplon", "cross")
    assert d.events(ev.CharacterActionRecorded) == []
    assert d.life(P1) == 27


def test_orie_ability_is_special_or_ultra_attack_normal_gets_no_armor() -> None:
    """Orie's ability: with a Normal (Spike) from the character action strike the added
    ``armorup 2`` is gated by ``is_special_or_ultra_attack``: Cross deals 3."""
    d = orie(dict(space=3, hand=["spike"]), dict(space=5, hand=["cross"]))
    _action_strike(d, 0, "spike", "cross")
    assert _mods(d, P1, Stat.ARMOR) == []
    assert d.life(P1) == 27


def test_orie_exceed_ability_use_top_discard_as_printed_power() -> None:
    """Orie's exceed ability: the exceeded character action (#0, 1 gauge) strikes;
    ``hit: use_top_discard_as_printed_power``. The gauge card she spends goes to her
    discard first, so it is the top: she pays Sweep, and Divine Thrust's printed 3
    becomes 6: 6 - Block's 2 armor = 4 damage."""
    d = orie(dict(space=3, hand=["divinethrust"], gauge=["grasp", "sweep"], discard=["dive"],
                  exceeded=True), dict(space=5, hand=["block"]))
    _action_strike(d, 0, "divinethrust", "block", "sweep")
    assert d.events(ev.PrintedPowerSet) == [ev.PrintedPowerSet(player=P1, value=6)]
    assert d.life(P2) == 26
    assert d.zone(P1, Zone.GAUGE)[0] == "Grasp"


def test_orie_exceed_ability_use_top_discard_as_printed_power_block_is_zero() -> None:
    """Orie's exceed ability: paying Block (printed power 0) makes Divine Thrust's
    printed power 0, so it deals nothing through Block."""
    d = orie(dict(space=3, hand=["divinethrust"], gauge=["block"], exceeded=True),
             dict(space=5, hand=["block"]))
    _action_strike(d, 0, "divinethrust", "block", "block")
    assert d.events(ev.PrintedPowerSet) == [ev.PrintedPowerSet(player=P1, value=0)]
    assert d.life(P2) == 30


def test_orie_exceeded_plain_strike_keeps_printed_power() -> None:
    """Orie exceeded, ordinary Strike action: no character action, so the exceed ability
    does not apply: Divine Thrust's 3 - 2 armor = 1."""
    d = orie(dict(space=3, hand=["divinethrust"], discard=["sweep"], exceeded=True),
             dict(space=5, hand=["block"]))
    d.act(Strike())
    d.respond(P1, "divinethrust", "block")
    assert d.events(ev.PrintedPowerSet) == []
    assert d.life(P2) == 29


def test_orie_exceeded_character_action_revert_cards_from_hand_bonus_action() -> None:
    """Orie exceeded, character action #1 "Revert" (needs a card in hand): one card from
    hand to gauge, ``revert`` (back to her Basic Mode), then a bonus action: Orie acts
    again, and her default character action is offered."""
    d = orie(dict(space=3, hand=["cross", "grasp"], exceeded=True), dict(space=5))
    d.act(CharacterAction(index=1))
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.events(ev.Reverted) == [ev.Reverted(player=P1)]
    assert not d.p(P1).exceeded
    assert _next(d) == P1


def test_orie_exceeded_revert_needs_a_card_in_hand() -> None:
    """Orie's "Revert" requires ``min_hand_size`` 1: with an empty hand only the 1-gauge
    strike action (#0) is offered, and only when she has the gauge."""
    d = orie(dict(space=3, hand=[], gauge=["grasp"], exceeded=True), dict(space=5))
    choices = d.expect(ActionRequest, P1).choices
    assert CharacterAction(index=1) not in choices
    assert CharacterAction(index=0) in choices


# --- attacks ---------------------------------------------------------------------------


def test_orie_divinethrust_after_advance() -> None:
    """Divine Thrust: range 1-2, power 3, speed 6; after: advance 4 (3 -> 8, over
    Nehtali on 5)."""
    d = orie(dict(space=3, hand=["divinethrust"]), dict(space=5, hand=["block"]))
    d.strike("divinethrust", "block")
    assert d.life(P2) == 29
    assert d.space(P1) == 8


def test_orie_sacredarrow_higher_speed_misses_at_speed_5() -> None:
    """Sacred Arrow: ``higher_speed_misses`` (speed 5 or more): Cross (speed 6) misses
    her; the Arrow then hits for 5 (Nehtali on the edge, so Cross's retreat is nil)."""
    d = orie(dict(space=7, hand=["sacredarrow"]), dict(space=9, hand=["cross"]))
    d.strike("sacredarrow", "cross")
    missed = d.events(ev.AttackMissed)
    assert [(e.player, e.reason) for e in missed] == [(P2, ev.MissReason.DODGED)]
    assert d.life(P1) == 30
    assert d.life(P2) == 25


def test_orie_sacredarrow_higher_speed_misses_slower_attack_hits() -> None:
    """Sacred Arrow: Spike (speed 3) is below 5: it is not dodged and hits for 5,
    stunning her (guard 0), so the Arrow never activates."""
    d = orie(dict(space=3, hand=["sacredarrow"]), dict(space=5, hand=["spike"]))
    d.strike("sacredarrow", "spike")
    assert d.life(P1) == 25
    assert d.life(P2) == 30


def test_orie_sealinghoplon_stun_immunity_ignore_guard_hit_gain_advantage_choice() -> None:
    """Sealing Hoplon: ``stun_immunity`` + ``ignore_guard``; hit: gain_advantage + a choice
    advance 1 / retreat 1. She retreats 3 -> 2 and acts next."""
    d = orie(dict(space=3, hand=["sealinghoplon"]), dict(space=5, hand=["block"]))
    d.strike("sealinghoplon", "block")
    d.choose("retreat")
    assert {AttackFlag.STUN_IMMUNE, AttackFlag.IGNORE_GUARD} <= _flags(d, P1)
    assert d.space(P1) == 2
    assert _next(d) == P1


def test_orie_succession_stun_immunity_hit_gain_advantage_pull() -> None:
    """Succession: range 3-5; stun_immunity; hit: gain_advantage + pull 3 (6 -> 3)."""
    d = orie(dict(space=2, hand=["succession"]), dict(space=6, hand=["block"]))
    d.strike("succession", "block")
    assert AttackFlag.STUN_IMMUNE in _flags(d, P1)
    assert d.life(P2) == 29
    assert d.space(P2) == 3
    assert _next(d) == P1


def test_orie_tome_stun_immunity_ignore_push_and_pull_hit_gain_advantage_choice() -> None:
    """To Me! (Command Order): stun_immunity + ignore_push_and_pull; hit: gain_advantage
    + advance 1 / retreat 1 (advance: 3 -> 4)."""
    d = orie(dict(space=3, hand=["tome"]), dict(space=5, hand=["block"]))
    d.strike("tome", "block")
    d.choose("advance")
    assert {AttackFlag.STUN_IMMUNE, AttackFlag.IGNORE_PUSH_PULL} <= _flags(d, P1)
    assert d.space(P1) == 4
    assert _next(d) == P1


def test_orie_luminousembrace_dodge_at_range_after_close_gain_advantage() -> None:
    """Luminous Embrace (3 gauge): range 3-6, power 7; dodge_at_range 4-9; after: close 5
    + gain_advantage. 7 - 2 = 5 damage, she closes 2 -> 5 and acts next."""
    d = orie(dict(space=2, hand=["luminousembrace"], gauge=["grasp", "cross", "dive"]),
             dict(space=6, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "luminousembrace")
    d.set_attack(P2, "block")
    _pay(d, "grasp", "cross", "dive")
    assert d.events(ev.DodgeAtRangeGained) == [ev.DodgeAtRangeGained(player=P1, low=4, high=9)]
    assert d.life(P2) == 25
    assert d.space(P1) == 5
    assert _next(d) == P1


def test_orie_luminousembrace_dodge_at_range_spike_misses() -> None:
    """Luminous Embrace: Nehtali's Spike from 4 spaces (within 4-9) misses her."""
    d = orie(dict(space=2, hand=["luminousembrace"], gauge=["grasp", "cross", "dive"]),
             dict(space=6, hand=["spike"]), active=P2)
    d.act(Strike())
    d.set_attack(P2, "spike")
    d.set_attack(P1, "luminousembrace")
    _pay(d, "grasp", "cross", "dive")
    assert (P2, ev.MissReason.DODGED_AT_RANGE) in [
        (e.player, e.reason) for e in d.events(ev.AttackMissed)]


def test_orie_restinpeace_hit_was_hit_powerup() -> None:
    """Rest in Peace (2 gauge): power 1, speed 0, armor 6; hit: [if was_hit] powerup 6.
    Cross hits first (3 into 6 armor: nothing; Nehtali on the edge cannot retreat), then
    1 + 6 = 7 damage."""
    d = orie(dict(space=8, hand=["restinpeace"], gauge=["grasp", "cross"]),
             dict(space=9, hand=["cross"]))
    d.act(Strike())
    d.set_attack(P1, "restinpeace")
    d.set_attack(P2, "cross")
    _pay(d, "grasp", "cross")
    assert d.life(P1) == 30
    assert d.life(P2) == 23


def test_orie_restinpeace_not_was_hit_no_powerup() -> None:
    """Rest in Peace: against Block (never hits) ``was_hit`` is false: 1 power into 2
    armor, no damage."""
    d = orie(dict(space=3, hand=["restinpeace"], gauge=["grasp", "cross"]),
             dict(space=4, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "restinpeace")
    d.set_attack(P2, "block")
    _pay(d, "grasp", "cross")
    assert d.life(P2) == 30


# --- boosts ----------------------------------------------------------------------------


def test_orie_divinethrust_boost_aggressive_choice_advance_powerup() -> None:
    """Aggressive (Divine Thrust boost, continuous): now: advance 1 / retreat 1 (advance:
    3 -> 4); during_strike: powerup 1 (Cross then deals 4 - 2 = 2 through Block)."""
    d = orie(dict(space=3, hand=["divinethrust", "cross"]), dict(space=6, hand=["block"]))
    boost(d, "divinethrust")
    d.choose("advance")
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.BOOSTS) == ["Divine Thrust"]
    d = orie(dict(space=3, hand=["cross"], boosts=["divinethrust"]),
             dict(space=4, hand=["block"]))
    d.strike("cross", "block")
    assert d.life(P2) == 28


def test_orie_sacredarrow_boost_tactical_choice_retreat_speedup() -> None:
    """Tactical (Sacred Arrow boost): now: retreat 1 (3 -> 2); during_strike: speedup 1."""
    d = orie(dict(space=3, hand=["sacredarrow"]), dict(space=6))
    boost(d, "sacredarrow")
    d.choose("retreat")
    assert d.space(P1) == 2
    d = orie(dict(space=3, hand=["cross"], boosts=["sacredarrow"]),
             dict(space=4, hand=["block"]))
    d.strike("cross", "block")
    assert 1 in _mods(d, P1, Stat.SPEED)


def test_orie_sealinghoplon_boost_wide_rangeup() -> None:
    """Wide (Sealing Hoplon boost): during_strike: rangeup 0/1: Cross (1-2) reaches 3."""
    d = orie(dict(space=3, hand=["cross"], boosts=["sealinghoplon"]),
             dict(space=6, hand=["block"]))
    d.strike("cross", "block")
    assert d.events(ev.AttackHit)[0].distance == 3
    assert d.life(P2) == 29


def test_orie_succession_boost_defensive_armorup_guardup_choice() -> None:
    """Defensive (Succession boost): now: advance 1 (3 -> 4); during_strike: armorup 1
    + guardup 1."""
    d = orie(dict(space=3, hand=["succession"]), dict(space=6))
    boost(d, "succession")
    d.choose("advance")
    assert d.space(P1) == 4
    d = orie(dict(space=3, hand=["cross"], boosts=["succession"]),
             dict(space=4, hand=["block"]))
    d.strike("cross", "block")
    assert 1 in _mods(d, P1, Stat.ARMOR)
    assert 1 in _mods(d, P1, Stat.GUARD)


def test_orie_tome_boost_aerial_leap_advance_advanced_through_choice_strike() -> None:
    """Aerial Leap (To Me! boost, immediate): advance 4; having crossed (3 -> 8 over 5)
    she may strike: she does, with Cross against Block."""
    d = orie(dict(space=3, hand=["tome", "cross"]), dict(space=5, hand=["block"]))
    boost(d, "tome")
    assert d.space(P1) == 8
    d.choose("strike")
    d.respond(P1, "cross", "block")
    assert d.events(ev.StrikeStarted)


def test_orie_tome_boost_aerial_leap_not_advanced_through_no_choice() -> None:
    """Aerial Leap: advancing 4 from 1 toward 7 stops on 5, not past him: no strike is
    offered, the boost is discarded and the turn passes."""
    d = orie(dict(space=1, hand=["tome"]), dict(space=7))
    boost(d, "tome")
    assert d.space(P1) == 5
    assert not isinstance(d.pending, ChoiceRequest)
    assert d.zone(P1, Zone.DISCARD) == ["To Me! (Command Order)"]
    assert _next(d) == P2


def test_orie_luminousembrace_boost_fifth_executor_strike_set_total_power_to_gauge() -> None:
    """Fifth Executor (Luminous Embrace boost): now: strike; hit: set_total_power 5 and
    the boost goes to gauge at cleanup. Cross hits for 5 - 2 = 3."""
    d = orie(dict(space=3, hand=["luminousembrace", "cross"]), dict(space=4, hand=["block"]))
    boost(d, "luminousembrace")
    d.respond(P1, "cross", "block")
    assert d.life(P2) == 27
    assert "Luminous Embrace" in d.zone(P1, Zone.GAUGE)


def test_orie_restinpeace_boost_the_ruler_draw_increase_movement_effects() -> None:
    """The Ruler (Rest in Peace boost): now: draw 1; during_strike:
    increase_movement_effects 1: Divine Thrust's after: advance 4 moves 5 (2 -> 8 over 4).
    A boost's own now-movement outside the strike is not increased."""
    d = orie(dict(space=3, hand=["restinpeace"], deck=["grasp"]), dict(space=6))
    boost(d, "restinpeace")
    assert "Grasp" in d.zone(P1, Zone.HAND)
    d = orie(dict(space=2, hand=["divinethrust"], boosts=["restinpeace"]),
             dict(space=4, hand=["block"]))
    d.strike("divinethrust", "block")
    assert d.events(ev.MovementEffectsIncreased) == [
        ev.MovementEffectsIncreased(player=P1, amount=1)]
    assert d.space(P1) == 8


def test_orie_restinpeace_boost_increase_movement_effects_only_in_strike() -> None:
    """The Ruler: outside a strike the bonus does not apply: Aggressive's now: advance 1
    with The Ruler in play still moves 1 (3 -> 4)."""
    d = orie(dict(space=3, hand=["divinethrust"], boosts=["restinpeace"]), dict(space=7))
    boost(d, "divinethrust")
    d.choose("advance")
    assert d.space(P1) == 4
