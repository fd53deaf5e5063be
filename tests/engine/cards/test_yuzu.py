"""Yuzuriha (Under Night In-Birth): her exceed ability (strike from gauge, attacks
discarded after cleanup), her character actions (Sheathe, strike from gauge, Revert) and
every attack and boost.

Card facts: roster.md, "Yuzuriha". Yuzuriha is P1 and Nehtali P2 (no ability, the
standard Normals): he mostly answers with Block (power 0, armor 2, guard 3, never hits),
Cross (range 1-2, power 3, speed 6), Spike (range 2-3, power 5, speed 3) or Sweep
(range 1-3, power 6, speed 2). A test's name contains the effect and condition tags it
exercises.
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.decisions import ActionRequest, CharacterAction
from engine.ids import Zone
from engine.state import AttackFlag, Stat

CHARS = ("yuzu", "nehtali")


def yuzu(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Yuzuriha as P1 and Nehtali as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _mods(d: Driver, who: Any, stat: Stat) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


def _flags(d: Driver, who: Any) -> set[AttackFlag]:
    return {e.flag for e in d.events(ev.AttackFlagged) if e.player == who}


# --- character actions and exceed ability ---------------------------------------------


def test_yuzu_action_sheathe_cards_from_hand_min_cards_in_gauge_exceed_now() -> None:
    """Default character action #0: one card from hand to gauge, then [if
    min_cards_in_gauge 4] exceed_now: the fourth gauge card makes her exceed for free."""
    d = yuzu(dict(space=3, hand=["cross", "grasp"], gauge=["dive", "sweep", "spike"]),
             dict(space=6))
    d.act(CharacterAction(index=0))
    d.select(P1, "grasp")
    assert len(d.zone(P1, Zone.GAUGE)) == 4
    assert d.p(P1).exceeded
    assert "Grasp" in d.zone(P1, Zone.GAUGE)


def test_yuzu_action_sheathe_min_cards_in_gauge_not_reached_no_exceed() -> None:
    """Sheathe with 3 gauge cards after it: no exceed; the turn passes to Nehtali."""
    d = yuzu(dict(space=3, hand=["cross", "grasp"], gauge=["dive"]), dict(space=6))
    d.act(CharacterAction(index=0))
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Dive", "Grasp"]
    assert not d.p(P1).exceeded
    assert d.expect(ActionRequest).player == P2


def test_yuzu_exceeded_strike_random_from_gauge_was_strike_from_gauge_powerup() -> None:
    """Exceeded character action #0, strike_random_from_gauge: Nehtali sets first, then
    her attack is a random gauge card (here the only one, Kiri). The exceed ability
    ([if used_character_action 0] then [if was_strike_from_gauge] powerup 2, speedup 1)
    makes Kiri 9 power: 7 through Block's 2 armor. Its added discard_strike_after_cleanup
    sends Kiri to the discard pile although it hit; Kiri's after: draw 1."""
    d = yuzu(dict(space=3, hand=["cross"], gauge=["kiri"], exceeded=True),
             dict(space=5, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.set_attack(P2, "block")
    d.critical(P2, False)
    assert d.events(ev.AttackSetFromGauge)[0].player == P1
    assert AttackFlag.DISCARD_AFTER_CLEANUP in _flags(d, P1)
    assert 2 in _mods(d, P1, Stat.POWER)
    assert 1 in _mods(d, P1, Stat.SPEED)
    assert d.life(P2) == 23
    assert d.zone(P1, Zone.GAUGE) == []
    assert "Battoujutsu Ichi no Kata: Kiri" in d.zone(P1, Zone.DISCARD)
