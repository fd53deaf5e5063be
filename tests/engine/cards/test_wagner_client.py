"""Miyashiro Wagner: the situations of the reference client's ``test_wagner.gd`` that
``test_wagner.py`` did not pin, written with our builder; each docstring names the client
test it mirrors. As in the client, Wagner (P1) faces Wagner (P2), so both play the UNI
Normals (card facts: roster.md, "Miyashiro Wagner" and "uni normals"); neither holds
gauge unless a test says so, so no Critical is offered. One was a defect: her ultras
could not be set from hand at all (the card: "If this attack is set in any other way,
it is invalid"); the others were already right.
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import ActionRequest, CharacterAction, Prepare, SetAttack, Strike
from engine.core.ids import Zone
from engine.core.state import Stat


def wagner(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Wagner as P1 and Wagner as P2."""
    return position(p1=p1, p2=p2, chars=("wagner", "wagner"), active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def test_exceeded_action_boost_from_gauge_that_strikes_starts_that_strike() -> None:
    """Mirrors test_wagner_exceed_ua_with_boost_strike. Exceeded character action:
    ``close 1 | retreat 1``, then ``[if can_continuous_boost_from_gauge]
    take_bonus_actions 1 {disable_strike_action}``, then ``boost_from_gauge
    {continuous}``. Wagner closes 3 -> 4 and plays the UNI Sweep's Just Defense
    (``during_strike: armorup 3``; ``now: strike``) from her gauge: its ``strike`` starts
    a strike at once. Her Sweep (speed 2) against the other Wagner's Assault (speed 5):
    the Assault closes 6 -> 5 and hits for 4 - 3 armor = 1; the Sweep (guard 6) hits back
    for 6."""
    d = wagner(dict(space=3, exceeded=True, hand=["sweep"], gauge=["sweep"]),
               dict(space=6, hand=["assault"]))
    d.act(CharacterAction(index=0))
    d.choose("close 1")
    d.select(P1, "sweep")
    assert d.state.strike is not None and d.state.strike.attacker == P1
    d.respond(P1, "sweep", "assault")
    assert d.space(P1) == 4 and d.space(P2) == 5
    assert d.life(P1) == 29 and d.life(P2) == 24


def test_exceeded_action_twice_second_without_a_gauge_boost_ends_the_turn() -> None:
    """Mirrors test_wagner_exceed_ua_with_no_boost. The exceeded character action has
    no once-per-turn limit: Wagner closes 3 -> 4 and plays the UNI Cross's Superior from
    her gauge, takes the bonus action, uses the character action again and closes to 5;
    with no continuous boost left in her gauge there is no second bonus action, and the
    other Wagner takes the next turn. Superior stays in play."""
    d = wagner(dict(space=3, exceeded=True, hand=["grasp"], gauge=["cross"]),
               dict(space=6, hand=["assault"]))
    d.act(CharacterAction(index=0))
    d.choose("close 1")
    d.select(P1, "cross")
    assert CharacterAction(index=0) in d.expect(ActionRequest, P1).choices
    d.act(CharacterAction(index=0))
    d.choose("close 1")
    assert d.space(P1) == 5 and d.space(P2) == 6
    assert d.zone(P1, Zone.BOOSTS) == ["Cross"]
    assert _next(d) == P2


def test_kugel_blitz_hits_then_advances_past_the_stunned_opponent() -> None:
    """Mirrors test_wagner_kugel_blitz_hit. Kugel Blitz (range 1, power 4, speed 5):
    ``before: close 2``; ``after: advance 2, then [if not_hit_opponent] choice
    <boost_this_then_sustain | pass>``. Speed tie with the Assault: the attacker first.
    She closes 3 -> 5, hits for 4 (the Assault, guard 0, is stunned), then advances 2
    past the opponent on 6 to 8; it hit, so it goes to gauge."""
    d = wagner(dict(space=3, hand=["kugelblitz"]), dict(space=6, hand=["assault"]))
    d.strike("kugelblitz", "assault")
    assert d.space(P1) == 8 and d.space(P2) == 6
    assert d.life(P2) == 26 and d.life(P1) == 30
    assert d.zone(P1, Zone.GAUGE) == ["Kugel Blitz"]


def test_kugel_blitz_misses_advances_and_becomes_a_boost_before_the_reply() -> None:
    """Mirrors test_wagner_kugel_blitz_miss. From 2 she closes to 4 and misses the
    opponent on 6; her After advances her past him to 7 and, not having hit, she keeps
    Kugel Blitz as a sustained boost (Overpower). The other Wagner's Assault then hits
    her for 4; Kugel Blitz stays in her boost area."""
    d = wagner(dict(space=2, hand=["kugelblitz"]), dict(space=6, hand=["assault"]))
    d.strike("kugelblitz", "assault")
    d.choose("boost this then sustain")
    assert d.space(P1) == 7 and d.space(P2) == 6
    assert d.life(P1) == 26 and d.life(P2) == 30
    assert d.zone(P1, Zone.BOOSTS) == ["Kugel Blitz"]


def test_schild_zack_hit_goes_to_gauge() -> None:
    """Mirrors test_wagner_schild_zack_hit. Schild Zack (range 2, power 5, speed 6)
    hits the Assault 2 away first for 5; it hit, so no boost choice: to gauge."""
    d = wagner(dict(space=4, hand=["schildzack"]), dict(space=6, hand=["assault"]))
    d.strike("schildzack", "assault")
    assert d.space(P1) == 4 and d.space(P2) == 6
    assert d.life(P2) == 25 and d.life(P1) == 30
    assert d.zone(P1, Zone.GAUGE) == ["Schild Zack"]


def test_schild_zack_miss_its_boost_effect_armors_her_in_the_same_strike() -> None:
    """Mirrors test_wagner_schild_zack_miss. Schild Zack misses from 3 away; its
    ``after: [if not_hit_opponent] choice <boost_this_then_sustain {boost_effect: armorup
    1 + guardup 3}>`` makes it Defend and gives her +1 armor now: the Assault closes
    6 -> 4 and hits for 4 - 1 = 3."""
    d = wagner(dict(space=3, hand=["schildzack"]), dict(space=6, hand=["assault"]))
    d.strike("schildzack", "assault")
    d.choose("boost this then sustain")
    assert d.space(P1) == 3 and d.space(P2) == 4
    assert d.life(P1) == 27 and d.life(P2) == 30
    assert d.zone(P1, Zone.BOOSTS) == ["Schild Zack"]


def test_sturm_brecher_hit_pushes_3() -> None:
    """Mirrors test_wagner_sturm_brecher_hit. Sturm Brecher (range 1-2, power 5, speed
    4), tied with the Dive, goes first: it hits 2 away for 5 and ``push 3`` takes the
    opponent 6 -> 9; the Dive (guard 0) is stunned."""
    d = wagner(dict(space=4, hand=["sturmbrecher"]), dict(space=6, hand=["dive"]))
    d.strike("sturmbrecher", "dive")
    assert d.space(P1) == 4 and d.space(P2) == 9
    assert d.life(P2) == 25 and d.life(P1) == 30
    assert d.zone(P1, Zone.GAUGE) == ["Sturm Brecher"]
    assert _next(d) == P2


def test_sturm_brecher_miss_its_boost_effect_moves_her_before_the_reply() -> None:
    """Mirrors test_wagner_sturm_brecher_miss. Sturm Brecher misses from 4 away; its
    ``after`` keeps it as Tactical with ``boost_effect: speedup 1 + choice <advance 1 |
    retreat 1>``: she retreats 3 -> 2 at once. The Dive then advances 7 -> 4 and misses
    her 2 away. No damage either way."""
    d = wagner(dict(space=3, hand=["sturmbrecher"]), dict(space=7, hand=["dive"]))
    d.strike("sturmbrecher", "dive")
    d.choose("boost this then sustain")
    d.choose("retreat 1")
    assert d.space(P1) == 2 and d.space(P2) == 4
    assert d.life(P1) == 30 and d.life(P2) == 30
    assert d.zone(P1, Zone.BOOSTS) == ["Sturm Brecher"]
    assert _next(d) == P2


def test_deflection_with_an_ex_assault_armors_by_the_attacks_power() -> None:
    """Mirrors test_wagner_deflection. Deflection (Wackenroder's boost): ``during_strike:
    powerup 1``; ``hit: armorup_current_power``. Her EX Assault (speed 6, power 4 + 1 EX
    + 1) closes 3 -> 5 and hits the Sweep first for 6 (guard 6: no stun); she gains 6
    armor (7 with EX's +1), so the Sweep's 6 deals nothing. Assault's ``gain_advantage``
    gives her the next turn. (The client asks the order of her two Hit triggers; either
    order gives this result.)"""
    d = wagner(dict(space=3, hand=["wackenroder", "assault", "assault"]),
               dict(space=6, hand=["sweep", "grasp"]))
    boost(d, "wackenroder")
    d.act(Prepare())
    d.strike(("assault", "assault"), "sweep")
    assert 6 in d.stat_mods(P1, Stat.ARMOR)
    assert d.space(P1) == 5 and d.space(P2) == 6
    assert d.life(P2) == 24 and d.life(P1) == 30
    assert _next(d) == P1


def test_megiddo_from_boosts_pays_and_is_sealed_after_trading_hits() -> None:
    """Mirrors test_wagner_megiddo_valid_from_boosts. Megiddo L'or Celeste (2 gauge,
    range 1-2, power 6, speed 6; set only from her boosts; ``after: seal_this``) set from
    her boost area 2 away hits the Sweep first for 6 (guard 6: no stun) and, its After
    done, is sealed; the Sweep hits back for 6 (Ancile's armor left with the card),
    stunning her, too late to matter."""
    d = wagner(dict(space=3, hand=["megiddo", "grasp"], gauge=["cross", "dive"]),
               dict(space=5, hand=["sweep", "grasp"]))
    boost(d, "megiddo")
    d.act(Prepare())
    d.act(Strike())
    d.act(SetAttack(cards=(d.ref(P1, "megiddo", Zone.BOOSTS),)))
    d.set_attack(P2, "sweep")
    d.pay("cross", "dive")
    assert d.space(P1) == 3 and d.space(P2) == 5
    assert d.life(P1) == 24 and d.life(P2) == 24
    assert d.zone(P1, Zone.SEALED) == ["Megiddo L'or Celeste"]
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]  # after her After


def test_hitze_falke_set_from_hand_is_invalid_and_replaced_by_a_wild_swing() -> None:
    """Mirrors test_wagner_hitze_falke_invalid_from_hand. Hitze Falke: "You may set this
    attack face-up from your Boost area. If this attack is set in any other way, it is
    invalid." So it may be set face-down from hand, and is then invalid at reveal (core
    rulebook: "If your attack is invalid, discard it and perform a Wild Swing"): it is
    discarded unpaid and Wagner wild swings the Dive on top of her deck. The Dive
    (speed 4) advances 3 -> 6 and hits the Sweep for 5 (guard 6: no stun); the Sweep hits
    back for 6; the Dive goes to gauge beside her 2 unspent gauge cards."""
    d = wagner(dict(space=3, hand=["hitzefalke", "grasp"], gauge=["cross", "spike"],
                    deck=["dive"]),
               dict(space=7, hand=["sweep", "grasp"]))
    d.act(Strike())
    d.set_attack(P1, "hitzefalke")
    d.set_attack(P2, "sweep")
    assert [d.name(e.card) for e in d.events(ev.AttackInvalid)] == ["Hitze Falke"]
    assert [d.name(e.card) for e in d.events(ev.WildSwingRevealed)] == ["Dive"]
    assert d.space(P1) == 6 and d.space(P2) == 7
    assert d.life(P1) == 24 and d.life(P2) == 25
    assert "Hitze Falke" in d.zone(P1, Zone.DISCARD)
    assert sorted(d.zone(P1, Zone.GAUGE)) == ["Cross", "Dive", "Spike"]
    assert _next(d) == P2


def test_megiddo_set_from_hand_is_invalid_and_replaced_by_a_wild_swing() -> None:
    """Mirrors test_wagner_megiddo_invalid_from_hand. Megiddo L'or Celeste carries the
    same rule ("If this attack is set in any other way, it is invalid"): set from hand,
    it is discarded unpaid and the Assault on top of her deck is wild-swung. The Assault
    (speed 5) closes 3 -> 4 and hits the Sweep for 4 (no stun); the Sweep hits back for
    6; Assault's ``gain_advantage`` gives her the next turn."""
    d = wagner(dict(space=3, hand=["megiddo", "grasp"], gauge=["cross", "spike"],
                    deck=["assault"]),
               dict(space=5, hand=["sweep", "grasp"]))
    d.act(Strike())
    d.set_attack(P1, "megiddo")
    d.set_attack(P2, "sweep")
    assert [d.name(e.card) for e in d.events(ev.AttackInvalid)] == ["Megiddo L'or Celeste"]
    assert d.space(P1) == 4 and d.space(P2) == 5
    assert d.life(P1) == 24 and d.life(P2) == 26
    assert "Megiddo L'or Celeste" in d.zone(P1, Zone.DISCARD)
    assert sorted(d.zone(P1, Zone.GAUGE)) == ["Assault", "Cross", "Spike"]
    assert _next(d) == P1
