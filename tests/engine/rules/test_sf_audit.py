"""Street Fighter rulebook audit: rules of the season (Critical, the Reveal Step, the
FAQ) that no other test pinned, each test naming its section and quoting a few of its
words. Each was checked against the engine (found right unless the test says otherwise).
Card facts: roster.md."""

from __future__ import annotations

from conftest import P1, P2, position

from engine import events as ev
from engine.core.decisions import PayGaugeRequest, SetAttackRequest, Strike
from engine.core.ids import Zone


def test_a_critical_ex_attack_pays_one_gauge_and_gets_both_bonuses() -> None:
    """SF rulebook, Critical: "When you set any type of attack, you may spend 1 Gauge at
    the same time" - an EX attack too, and once; Resolving Strikes 1: "EX attacks have
    +1 Power, +1 Speed"; Reveal Step: "Discard the extra copy". Ryu sets an EX Hadoken
    (power 4, speed 4, ``during_strike: [if is_critical] speedup 2``) and pays 1 gauge:
    speed 4 + 1 + 2 = 7, power 5, less Block's 2 armor: Ken takes 3."""
    d = position(p1=dict(space=3, hand=["hadoken", "hadoken"], gauge=["grasp", "cross"]),
                 p2=dict(space=6, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, ["hadoken", "hadoken"])
    request = d.expect(PayGaugeRequest, P1)
    assert request.amount == 1 and request.optional
    d.critical(P1, True)
    d.expect(SetAttackRequest, P2)
    d.set_attack(P2, "block")
    d.choose("pass")  # Hadoken's after: keep it (no return to the deck)
    assert len(d.events(ev.AttackMadeCritical)) == 1
    [priority] = d.events(ev.PriorityDetermined)
    assert (priority.speed_p1, priority.speed_p2) == (7, 0)
    assert d.life(P2) == 27
    assert d.zone(P1, Zone.GAUGE) == ["Cross", "Hadoken"]
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Hadoken"]
