"""Miyashiro Wagner (Under Night In-Birth): her attacks and boosts and her character
actions (close or retreat 1 then a continuous boost from hand; exceeded: close or
retreat 1 then a continuous boost from gauge and a bonus action, Revert); her ultras are
in ``test_wagner_ultras.py``.

Card facts: roster.md, "Miyashiro Wagner". Wagner is P1 and Ryu P2; Ryu mostly answers
with Block (power 0, armor 2, guard 3, never hits). A test's name contains the effect and
condition tags it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.cards.catalog import default_catalog
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    SelectCardsRequest,
)
from engine.core.ids import Zone
from engine.core.state import Stat

CHARS = ("wagner", "ryu")
CATALOG = default_catalog()


def wagner(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Wagner as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, stat: Stat, who: Any = P1) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


# --- character actions ------------------------------------------------------------------


def test_wagner_action_choice_close_boost_or_reveal_hand_continuous() -> None:
    """Wagner's character action: close 1 (or retreat 1), then she must play a
    continuous boost from hand: she closes 3 -> 4; Wackenroder (Deflection) and Kugel
    Blitz (Overpower) are offered, not Focus (immediate); she boosts Wackenroder."""
    d = wagner(dict(space=3, hand=["wackenroder", "kugelblitz", "focus"]), dict(space=7))
    d.act(CharacterAction(index=0))
    d.choose("close 1")
    assert d.space(P1) == 4
    request = d.expect(SelectCardsRequest, P1)
    assert sorted(d.name(c) for c in request.candidates) == ["Kugel Blitz", "Wackenroder"]
    assert request.min_count == 1
    d.select(P1, "wackenroder")
    assert d.zone(P1, Zone.BOOSTS) == ["Wackenroder"]
    assert d.events(ev.HandRevealed) == []
    assert _next(d) == P2


def test_wagner_action_boost_or_reveal_hand_none_reveals_hand() -> None:
    """Wagner's character action with no continuous boost in hand (Focus and Dive
    have immediate boosts): she
    reveals her hand instead of boosting."""
    d = wagner(dict(space=3, hand=["focus", "dive"]), dict(space=7))
    d.act(CharacterAction(index=0))
    d.choose("close 1")
    revealed = d.events(ev.HandRevealed)
    assert [e.player for e in revealed] == [P1]
    assert sorted(d.name(c) for c in revealed[0].cards) == ["Dive", "Focus"]
    assert d.zone(P1, Zone.BOOSTS) == []


def test_wagner_action_choice_retreat() -> None:
    """Wagner's character action, retreat 1: 3 -> 2."""
    d = wagner(dict(space=3, hand=["focus"]), dict(space=7))
    d.act(CharacterAction(index=0))
    d.choose("retreat 1")
    assert d.space(P1) == 2


def test_wagner_exceeded_action_boost_additional_gauge_can_boost_continuous_from_gauge_bonus_action() -> None:
    """Wagner exceeded, action 0: close 1, then a continuous boost from her gauge
    (Schild Zack's Defend) and a bonus action: she acts again."""
    d = wagner(dict(space=3, exceeded=True, hand=["grasp"], gauge=["schildzack"]), dict(space=7))
    d.act(CharacterAction(index=0))
    d.choose("close 1")
    d.select(P1, "schildzack")
    assert d.zone(P1, Zone.BOOSTS) == ["Schild Zack"]
    assert d.zone(P1, Zone.GAUGE) == []
    assert _next(d) == P1


def test_wagner_exceeded_action_without_gauge_boost_no_bonus_action() -> None:
    """Wagner exceeded, action 0 with only Focus (immediate boost) in gauge: she closes
    1 but gets no boost and no bonus action (can_boost_continuous_from_gauge false)."""
    d = wagner(dict(space=3, exceeded=True, hand=["grasp"], gauge=["focus"]), dict(space=7))
    d.act(CharacterAction(index=0))
    d.choose("close 1")
    assert d.zone(P1, Zone.BOOSTS) == []
    assert _next(d) == P2


def test_wagner_revert_cards_from_hand_revert_bonus_action() -> None:
    """Wagner exceeded, "Revert": 1 card from hand to gauge, back to Basic Mode, then a
    bonus action."""
    d = wagner(dict(hand=["grasp", "cross"], exceeded=True), dict())
    d.act(CharacterAction(index=1))
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert not d.p(P1).exceeded
    assert _next(d) == P1


# --- Filthy Dog! / Recover --------------------------------------------------------------


def test_wagner_filthy_dog_initiated_strike_hit_gain_advantage() -> None:
    """Filthy Dog! (range 1, power 3): Wagner initiates; hit: gain advantage. No speed
    bonus (not_initiated_strike false). Block takes 3 - 2 = 1."""
    d = wagner(dict(space=4, hand=["filthydog"]), dict(space=5, hand=["block"]))
    d.strike("filthydog", "block")
    assert _mods(d, Stat.SPEED) == []
    assert d.life(P2) == 29
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]


def test_wagner_filthy_dog_not_initiated_strike_speedup() -> None:
    """Filthy Dog! set in answer to Ryu's strike: +1 speed and no advantage."""
    d = wagner(dict(space=4, hand=["filthydog"]), dict(space=5, hand=["block"]), active=P2)
    d.strike("block", "filthydog")
    assert 1 in _mods(d, Stat.SPEED)
    assert d.events(ev.AdvantageGained) == []


def test_wagner_recover_choice_advance() -> None:
    """Recover (immediate): advance 1, 2 or 3 (or pass); Wagner advances 2 (1 -> 3)."""
    d = wagner(dict(space=1, hand=["filthydog", "grasp"]), dict(space=7))
    boost(d, "filthydog")
    d.choose("advance 2")
    assert d.space(P1) == 3


# --- Kugel Blitz / Overpower ------------------------------------------------------------


def test_wagner_kugel_blitz_before_close_after_advance_hit() -> None:
    """Kugel Blitz (range 1, power 4): before: close 2 (3 -> 5 next to Ryu on 6); hit
    Block for 2; after: advance 2 (5 -> 8: Ryu's space 6 is jumped, not counted); it
    hit, so no sustain choice."""
    d = wagner(dict(space=3, hand=["kugelblitz"]), dict(space=6, hand=["block"]))
    d.strike("kugelblitz", "block")
    assert d.life(P2) == 28
    assert d.space(P1) == 8
    assert d.zone(P1, Zone.GAUGE) == ["Kugel Blitz"]


def test_wagner_kugel_blitz_not_hit_opponent_choice_boost_this_then_sustain() -> None:
    """Kugel Blitz misses (Ryu 5 spaces away): after: advance 2, then, not having hit,
    Wagner may keep it as a sustained boost (Overpower)."""
    d = wagner(dict(space=1, hand=["kugelblitz"]), dict(space=8, hand=["block"]))
    d.strike("kugelblitz", "block")
    d.choose("boost this then sustain")
    assert d.zone(P1, Zone.BOOSTS) == ["Kugel Blitz"]


def test_wagner_overpower_during_strike_powerup_before_close() -> None:
    """Overpower (continuous): +1 power and before: close 1. Grasp (range 1, power 3)
    from 3 reaches Ryu on 5 after the close, hitting Block for 4 - 2 = 2."""
    d = wagner(dict(space=3, hand=["kugelblitz", "grasp"], boosts=["kugelblitz"]),
               dict(space=5, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("push 1")
    assert 1 in _mods(d, Stat.POWER)
    assert d.life(P2) == 28


# --- Schild Zack / Defend ---------------------------------------------------------------


def test_wagner_schild_zack_after_not_hit_opponent_boost_this_then_sustain() -> None:
    """Schild Zack (range 2) misses Ryu 4 away; after: Wagner keeps it as Defend."""
    d = wagner(dict(space=1, hand=["schildzack"]), dict(space=5, hand=["block"]))
    d.strike("schildzack", "block")
    d.choose("boost this then sustain")
    assert d.zone(P1, Zone.BOOSTS) == ["Schild Zack"]
    assert d.zone(P1, Zone.DISCARD) == []


def test_wagner_defend_during_strike_armorup_guardup() -> None:
    """Defend (continuous): +1 armor and +3 guard during a strike."""
    d = wagner(dict(space=3, hand=["schildzack", "block"], boosts=["schildzack"]),
               dict(space=4, hand=["grasp"]), active=P2)
    d.strike("grasp", "block")
    assert 1 in _mods(d, Stat.ARMOR)
    assert 3 in _mods(d, Stat.GUARD)


# --- Sturm Brecher / Tactical -----------------------------------------------------------


def test_wagner_sturm_brecher_hit_push() -> None:
    """Sturm Brecher (range 1-2, power 5): hit: push 3 (Ryu 5 -> 8)."""
    d = wagner(dict(space=3, hand=["sturmbrecher"]), dict(space=5, hand=["block"]))
    d.strike("sturmbrecher", "block")
    assert d.life(P2) == 27
    assert d.space(P2) == 8


def test_wagner_tactical_now_choice_advance_during_strike_speedup() -> None:
    """Tactical (continuous): now: advance 1 or retreat 1; +1 speed in strikes."""
    d = wagner(dict(space=3, hand=["sturmbrecher", "grasp"]), dict(space=7))
    boost(d, "sturmbrecher")
    d.choose("advance 1")
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.BOOSTS) == ["Sturm Brecher"]


def test_wagner_sturm_brecher_not_hit_opponent_choice_boost_this_then_sustain() -> None:
    """Sturm Brecher misses Ryu 4 away (range 1-2): after, not having hit, Wagner keeps
    it in play as Tactical, sustained, with its ``boost_effect=(speedup 1 + choice
    <advance 1 | retreat 1>)`` (roster.md): +1 speed, and she advances 1 (1 -> 2)."""
    d = wagner(dict(space=1, hand=["sturmbrecher"]), dict(space=5, hand=["block"]))
    d.strike("sturmbrecher", "block")
    d.choose("boost this then sustain")
    d.choose("advance 1")
    assert d.zone(P1, Zone.BOOSTS) == ["Sturm Brecher"]
    assert 1 in _mods(d, Stat.SPEED)
    assert d.space(P1) == 2
    assert _next(d) == P2


# --- Wackenroder / Deflection -----------------------------------------------------------


def test_wagner_wackenroder_hit_push_after_retreat() -> None:
    """Wackenroder (range 2-3, power 6): hit: push 1 (Ryu 5 -> 6); after: retreat 1
    (3 -> 2). Block takes 6 - 2 = 4 > guard 3: stunned."""
    d = wagner(dict(space=3, hand=["wackenroder"]), dict(space=5, hand=["block"]))
    d.strike("wackenroder", "block")
    assert d.life(P2) == 26
    assert d.space(P2) == 6
    assert d.space(P1) == 2
