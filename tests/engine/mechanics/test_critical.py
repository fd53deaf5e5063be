"""Street Fighter rulebook "Critical" (and its Glossary and FAQ entries): 1 Gauge spent
when setting an attack turns on the attack's Critical effects."""

from __future__ import annotations

from conftest import P1, P2, kinds, position

from engine import events as ev
from engine.core.decisions import PayGaugeRequest, SetAttackRequest, Strike
from engine.core.ids import Zone


def test_critical_is_offered_when_setting_and_costs_one_gauge() -> None:
    """SF rulebook, "Critical": when you set any attack you may spend 1 Gauge at the same
    time; the gauge card goes to the discard pile. The attacker decides before the
    defender sets."""
    d = position(p1=dict(space=3, hand=["shoryuken"], gauge=["grasp", "cross"]),
                 p2=dict(space=5, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "shoryuken")
    request = d.expect(PayGaugeRequest, P1)
    assert request.amount == 1 and request.optional
    d.critical(P1, True)
    assert len(d.events(ev.AttackMadeCritical)) == 1
    assert d.zone(P1, Zone.GAUGE) == ["Cross"]
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]
    d.expect(SetAttackRequest, P2)
    assert kinds(d.log, ev.AttackSet, ev.CardMoved, ev.AttackMadeCritical) == [
        "AttackSet", "CardMoved", "AttackMadeCritical"]


def test_critical_enables_critical_effects() -> None:
    """SF rulebook, "Critical" and Glossary: a Critical Before effect happens at Before
    timing. Ryu's Critical Shoryuken closes 1 (3 to 4) and hits Ken on 5."""
    d = position(p1=dict(space=3, hand=["shoryuken"], gauge=["grasp"]),
                 p2=dict(space=5, hand=["block"]))
    d.strike("shoryuken", "block", crit=(True, False))
    order = kinds(d.log, ev.AttackActivated, ev.PlayerMoved, ev.AttackHit)
    assert order[:3] == ["AttackActivated", "PlayerMoved", "AttackHit"]
    assert d.space(P1) == 4
    assert d.life(P2) == 28  # 4 power - 2 Block armor


def test_without_critical_the_critical_effects_do_not_apply() -> None:
    """SF rulebook, "Critical": if you do not pay, your attack does not gain its Critical
    effects (Shoryuken stays on 3 and misses)."""
    d = position(p1=dict(space=3, hand=["shoryuken"], gauge=["grasp"]),
                 p2=dict(space=5, hand=["block"]))
    d.strike("shoryuken", "block", crit=(False, False))
    assert d.events(ev.AttackMadeCritical) == []
    assert d.space(P1) == 3 and d.life(P2) == 30
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]


def test_critical_is_not_offered_without_gauge() -> None:
    """SF rulebook, "Critical": the cost is 1 Gauge, so with no Gauge it cannot be paid:
    the defender is asked to set straight away."""
    d = position(p1=dict(space=3, hand=["shoryuken"], gauge=[]),
                 p2=dict(space=5, hand=["block", "grasp"]))
    d.act(Strike())
    d.set_attack(P1, "shoryuken")
    d.expect(SetAttackRequest, P2)
    d.set_attack(P2, "block")
    assert d.events(ev.AttackMadeCritical) == []
    assert d.space(P1) == 3


def test_defender_may_critical_too() -> None:
    """SF rulebook, "Critical" ("when you set any type of attack"): Ken defends with a
    Critical Hadoken, +2 power."""
    d = position(p1=dict(space=3, hand=["block"]),
                 p2=dict(space=7, hand=["hadoken"], gauge=["dive"]))
    d.strike("block", "hadoken", crit=(False, True))
    d.choose("pass")
    assert d.zone(P2, Zone.DISCARD) == ["Dive"]
    assert d.life(P1) == 26  # 4 + 2 critical - 2 Block armor


def test_critical_without_critical_effects_is_allowed() -> None:
    """SF rulebook, "Critical": you may Critical an attack that gains nothing from it
    (a bluff); the gauge is still spent."""
    d = position(p1=dict(space=3, hand=["grasp"], gauge=["dive"]),
                 p2=dict(space=4, hand=["block"]))
    d.strike("grasp", "block", crit=(True, False))
    d.choose("push 1")
    assert len(d.events(ev.AttackMadeCritical)) == 1
    assert d.zone(P1, Zone.DISCARD) == ["Dive"]
    assert d.life(P2) == 29  # 3 - 2 armor


def test_critical_wild_swing() -> None:
    """SF rulebook, "Critical": any type of attack may be Critical, a Wild Swing too
    (Shoryuken off the top of the deck closes 1)."""
    d = position(p1=dict(space=3, hand=["block"], gauge=["grasp"], deck=["shoryuken"]),
                 p2=dict(space=5, hand=["block"]))
    d.strike("wild", "block", crit=(True, False))
    assert d.space(P1) == 4
    assert d.life(P2) == 28


def test_critical_stays_with_the_replacement_wild_swings() -> None:
    """SF rulebook, FAQ: "If I pay to Critical an Ultra and it is Invalid, are my
    followup Wild Swings Critical? Yes." Paying the Critical leaves 2 of the 3 gauge
    Metsu Hadoken needs, so it is invalid; the Shoryuken swung instead is Critical."""
    d = position(p1=dict(space=3, hand=["metsuhadoken"], gauge=["grasp", "cross", "dive"],
                         deck=["shoryuken"]),
                 p2=dict(space=5, hand=["block"]))
    d.strike("metsuhadoken", "block", crit=(True, False))
    assert [d.name(e.card) for e in d.events(ev.AttackInvalid)] == ["Metsu Hadoken"]
    assert d.space(P1) == 4
    assert d.life(P2) == 28
    assert d.zone(P1, Zone.GAUGE) == ["Cross", "Dive", "Shoryuken"]


def test_critical_speed_bonus_changes_priority() -> None:
    """SF rulebook, "Critical" with "Priority Order": Ken's Axe Kick (speed 4) loses to
    Ryu's Assault (5), but a Critical Axe Kick gets +2 speed (6) and goes first."""
    for crit, first, speed in ((False, P1, 4), (True, P2, 6)):
        d = position(p1=dict(space=3, hand=["assault"]),
                     p2=dict(space=4, hand=["axekick"], gauge=["grasp"]))
        d.strike("assault", "axekick", crit=(False, crit))
        [priority] = d.events(ev.PriorityDetermined)
        assert (priority.speed_p1, priority.speed_p2) == (5, speed)
        assert priority.first == first
