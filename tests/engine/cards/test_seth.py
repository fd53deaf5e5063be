"""Seth (Under Night In-Birth): every attack and boost, his ability and exceed ability
(a strike taken through his character action is faster, cannot stun and cannot kill),
his character actions (strike; exceeded: strike for 1 gauge, Revert).

Card facts: roster.md, "Seth". Seth is P1 and Ryu P2; Ryu mostly answers with Block
(power 0, armor 2, guard 3, never hits). A test's name contains the effect and condition
tags it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.decisions import (
    ActionRequest,
    CharacterAction,
    ChoiceRequest,
    Prepare,
    SelectCardsRequest,
)
from engine.ids import Zone
from engine.state import AttackFlag, Stat

CHARS = ("seth", "ryu")


def seth(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Seth as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, stat: Stat, who: Any = P1) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


def _flags(d: Driver, who: Any = P1) -> list[AttackFlag]:
    return [e.flag for e in d.events(ev.AttackFlagged) if e.player == who]


# --- ability, exceed ability and character actions -------------------------------------


def test_seth_ability_set_strike_used_character_bonus_speedup_cannot_stun_nonlethal_attack() -> None:
    """Seth's ability: a strike taken with his character action (set_mode
    used_character_bonus + strike) gets +1 speed, cannot stun and cannot take the
    opponent below 1 life. Ryu at 3 life blocks Spike (5 power, ignore armor): 3
    damage would kill, he is left at 1 and not stunned (guard 3 < 2 damage anyway is
    checked with Sweep below)."""
    d = seth(dict(space=3, hand=["spike", "grasp"]), dict(space=5, life=3, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.respond(P1, "spike", "block")
    assert 1 in _mods(d, Stat.SPEED)
    assert AttackFlag.CANNOT_STUN in _flags(d) and AttackFlag.NONLETHAL in _flags(d)
    assert d.life(P2) == 1
    assert not d.state.players[P2].life <= 0


def test_seth_ability_cannot_stun_keeps_opponent_unstunned() -> None:
    """Seth's ability, cannot_stun: Sweep (6 power) through the character action deals
    4 to a Blocking Ryu (armor 2, guard 3): 4 > 3 would stun, but does not."""
    d = seth(dict(space=3, hand=["sweep"]), dict(space=5, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.respond(P1, "sweep", "block")
    assert d.life(P2) == 26
    assert d.events(ev.PlayerStunned) == []


def test_seth_ability_not_used_character_bonus_plain_strike() -> None:
    """Seth's ability needs the character action: a plain Strike with Sweep gets no
    speed and stuns the Blocking Ryu (4 damage > guard 3)."""
    d = seth(dict(space=3, hand=["sweep"]), dict(space=5, hand=["block"]))
    d.strike("sweep", "block")
    assert _mods(d, Stat.SPEED) == []
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]


def test_seth_exceed_ability_character_action_costs_gauge_speedup_2() -> None:
    """Seth exceeded, character action #0: strike for 1 gauge; the exceed ability then
    gives +2 speed, cannot stun and nonlethal."""
    d = seth(dict(space=3, hand=["sweep"], gauge=["grasp"], exceeded=True),
             dict(space=5, life=2, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.pay("grasp")
    d.respond(P1, "sweep", "block")
    assert 2 in _mods(d, Stat.SPEED)
    assert d.life(P2) == 1
    assert d.events(ev.PlayerStunned) == []


def test_seth_revert_cards_from_hand_revert_bonus_action() -> None:
    """Seth exceeded, character action "Revert": 1 card from hand to gauge, Revert (back
    to Basic Mode), then a bonus action: Seth acts again."""
    d = seth(dict(hand=["grasp", "cross"], exceeded=True), dict())
    d.act(CharacterAction(index=1))
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert not d.p(P1).exceeded
    assert _next(d) == P1
