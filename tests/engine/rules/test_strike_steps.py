"""Core rulebook "Resolving Strikes", "Active Player Attack", "Trigger Effects" and
"Reactive Player Attack": the steps of a strike, in order."""

from __future__ import annotations

from conftest import P1, P2, kinds, position

from engine import events as ev
from engine.core.decisions import ActionRequest, SetAttack, SetAttackRequest, Strike, WildSwing
from engine.core.ids import Zone


def test_strike_steps_in_order() -> None:
    """Core rulebook, "Resolving Strikes": the attacker sets, the defender sets, both
    reveal, priority, then the active attack (range, hit effects, damage), the reactive
    attack, cleanup (attacker first), and the turn passes."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["sweep"]))
    d.strike("grasp", "sweep")
    d.choose("push 1")
    assert kinds(d.log) == [
        "ActionTaken",
        "StrikeStarted",
        "AttackSet",  # attacker
        "AttackSet",  # defender
        "AttacksRevealed",
        "PriorityDetermined",
        "AttackActivated",  # Grasp, speed 7
        "AttackHit",
        "PlayerMoved",  # hit: push 1, before damage
        "DamageDealt",
        "AttackActivated",  # Sweep, speed 2
        "AttackHit",
        "DamageDealt",
        "PlayerStunned",  # Ryu takes 6 > guard 0, after his attack: no effect
        "CardMoved",  # attacker's cleanup
        "CardMoved",  # defender's cleanup
        "StrikeEnded",
        "TurnEnded",
        "TurnStarted",
    ]
    sets = d.events(ev.AttackSet)
    assert [s.player for s in sets] == [P1, P2]
    assert [e.player for e in d.events(ev.AttackActivated)] == [P1, P2]
    assert d.life(P2) == 27 and d.life(P1) == 24
    assert d.space(P2) == 5


def test_attacker_sets_before_defender_is_asked() -> None:
    """Core rulebook, "Resolving Strikes" 1-2: the attacker sets first; only then does
    the defender set."""
    d = position(p1=dict(space=3, hand=["grasp", "cross"]), p2=dict(space=4, hand=["dive", "spike"]))
    d.act(Strike())
    request = d.expect(SetAttackRequest, P1)
    assert WildSwing() in request.choices
    assert SetAttack(cards=(d.ref(P1, "grasp"),)) in request.choices
    d.set_attack(P1, "grasp")
    request = d.expect(SetAttackRequest, P2)
    assert SetAttack(cards=(d.ref(P2, "dive"),)) in request.choices
    assert not d.events(ev.AttacksRevealed)


def test_before_effects_run_before_the_range_check() -> None:
    """Core rulebook, "Trigger Effects": Before effects happen before you check range.
    Assault closes 2 from 3 to 5, then hits Ken on 6."""
    d = position(p1=dict(space=3, hand=["assault"]), p2=dict(space=6, hand=["block"]))
    d.strike("assault", "block")
    log = kinds(d.log, ev.AttackActivated, ev.PlayerMoved, ev.AttackHit, ev.DamageDealt)
    assert log[:4] == ["AttackActivated", "PlayerMoved", "AttackHit", "DamageDealt"]
    assert d.space(P1) == 5
    assert d.events(ev.AttackHit)[0].distance == 1


def test_range_is_checked_from_the_attacker_to_the_opponent() -> None:
    """Core rulebook, "Active Player Attack" 2: check range to the opponent; out of
    range the attack misses, with no hit effects and no damage (Grasp, range 1, at
    range 2)."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=5, hand=["block"]))
    d.strike("grasp", "block")
    [missed] = [m for m in d.events(ev.AttackMissed) if m.player == P1]
    assert missed.reason == ev.MissReason.OUT_OF_RANGE and missed.distance == 2
    assert d.expect(ActionRequest).player == P2  # Grasp's push/pull was never offered
    assert d.life(P2) == 30 and d.space(P2) == 5
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]


def test_minimum_range_matters() -> None:
    """Core rulebook, "Card Overview" (Range: which spaces the attack hits): Hadoken
    (range 3-6) misses an adjacent opponent and hits one 3 away."""
    d = position(p1=dict(space=3, hand=["hadoken"]), p2=dict(space=4, hand=["block"]))
    d.strike("hadoken", "block")
    assert d.life(P2) == 30
    d = position(p1=dict(space=3, hand=["hadoken"]), p2=dict(space=6, hand=["block"]))
    d.strike("hadoken", "block")
    d.choose("pass")
    assert d.life(P2) == 28  # 4 power - 2 Block armor


def test_hit_effects_resolve_before_damage() -> None:
    """Core rulebook, "Active Player Attack" 3: if in range, perform all Hit effects,
    then do damage (Donkey Kick pushes 2 and gains advantage, then deals 6)."""
    d = position(p1=dict(space=3, hand=["donkeykick"]), p2=dict(space=4, hand=["sweep"]))
    d.strike("donkeykick", "sweep")
    order = kinds(d.log, ev.AttackHit, ev.PlayerMoved, ev.AdvantageGained, ev.DamageDealt)
    assert order[:4] == ["AttackHit", "PlayerMoved", "AdvantageGained", "DamageDealt"]
    assert d.space(P2) == 6


def test_after_effects_run_after_damage_hit_or_miss() -> None:
    """Core rulebook, "Trigger Effects": After effects happen at the end of the attack,
    whether it hit or missed (Cross: retreat 3)."""
    d = position(p1=dict(space=4, hand=["cross"]), p2=dict(space=5, hand=["block"]))
    d.strike("cross", "block")
    assert kinds(d.log, ev.DamageDealt, ev.PlayerMoved)[:2] == ["DamageDealt", "PlayerMoved"]
    assert d.space(P1) == 1
    d = position(p1=dict(space=4, hand=["cross"]), p2=dict(space=8, hand=["block"]))
    d.strike("cross", "block")
    assert d.events(ev.AttackMissed)[0].player == P1
    assert d.space(P1) == 1


def test_hit_effects_do_not_run_on_a_miss() -> None:
    """Core rulebook, Glossary "Hit": Hit triggers resolve only if the attack hits
    (Donkey Kick out of range: no push, no advantage)."""
    d = position(p1=dict(space=3, hand=["donkeykick"]), p2=dict(space=7, hand=["block"]))
    d.strike("donkeykick", "block")
    assert not d.events(ev.AdvantageGained)
    assert d.space(P2) == 7
    assert d.expect(ActionRequest).player == P2


def test_reactive_player_attacks_after_the_active_player() -> None:
    """Core rulebook, "Reactive Player Attack": if not stunned, the reactive player then
    resolves their attack the same way (Dive goes first, Focus answers)."""
    d = position(p1=dict(space=3, hand=["focus"], deck=["grasp"]),
                 p2=dict(space=7, hand=["dive"]))
    d.strike("focus", "dive")
    activated = [e.player for e in d.events(ev.AttackActivated)]
    assert activated == [P2, P1]
    assert d.events(ev.PriorityDetermined)[0].first == P2
    assert d.life(P1) == 27 and d.life(P2) == 26
    assert d.zone(P1, Zone.HAND) == ["Grasp"]  # Focus's After: draw 1


def test_no_draw_after_a_strike_for_either_player() -> None:
    """Core rulebook, "Cleanup": neither player draws at the end of a turn with a
    Strike."""
    d = position(p1=dict(space=3, hand=["grasp", "cross"]), p2=dict(space=4, hand=["dive", "spike"]))
    d.strike("grasp", "dive")
    d.choose("pull 1")
    assert d.zone(P1, Zone.HAND) == ["Cross"]
    assert d.zone(P2, Zone.HAND) == ["Spike"]
    draws = [e for e in d.events(ev.CardMoved) if e.reason == ev.MoveReason.DRAW]
    assert draws == []
