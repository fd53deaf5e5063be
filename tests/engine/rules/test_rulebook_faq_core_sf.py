"""Rulings audit of the core and Street Fighter rulebooks, ruling by ruling (their
FREQUENTLY ASKED QUESTIONS, GLOSSARY and GAMEPLAY EXAMPLE sections, and the Reveal Step
lines those answers rest on). Every ruling there already had a test asserting its
outcome except the ones pinned here, each checked against the engine and found right:
the force-cost half of the Reveal Step (the gauge-cost half is the FAQ's "If I EX an Ultra
Attack, do I pay the Gauge cost for each copy?", pinned in test_ex_and_wild.py), and the
FAQ's "spend once" read together with the Invalid Attack rule. Card facts: roster.md."""

from __future__ import annotations

from conftest import P1, P2, position

from engine import events as ev
from engine.core.decisions import ChoiceRequest, PayForceRequest, Strike
from engine.core.ids import Zone
from engine.core.state import Stat


def test_an_ex_force_special_pays_its_force_cost_once() -> None:
    """Core rulebook, Reveal Step: "If you reveal an EX Force Special attack, you only pay
    the Force Cost for that Special once" (the FAQ gives the same answer for an EX Ultra's
    Gauge cost). Tager's Gigantic Tager Driver (roster.md: special, 1F, power 7, range 1)
    set as EX: the extra copy is discarded, 1 Force is asked (not 2), paid with Grasp, and
    Dive stays in hand. EX power 8 less Block's 2 armor hits Ryu for 6."""
    d = position(p1=dict(space=4, hand=["gigantictagerdriver", "gigantictagerdriver",
                                        "grasp", "dive"]),
                 p2=dict(space=5, hand=["block"]), chars=("tager", "ryu"))
    d.strike(["gigantictagerdriver", "gigantictagerdriver"], "block")
    request = d.expect(PayForceRequest, P1)
    assert request.amount == 1 and not request.optional
    d.pay("grasp")
    assert d.zone(P1, Zone.HAND) == ["Dive"]
    assert d.zone(P1, Zone.DISCARD) == ["Gigantic Tager Driver", "Grasp"]
    assert d.events(ev.AttackInvalid) == []
    assert d.life(P2) == 24


def test_a_wild_swung_force_special_may_be_made_invalid() -> None:
    """Core rulebook, Reveal Step: "If you reveal a Force Special from a Wild Swing, you may
    choose to make it invalid" (as the FAQ allows for a wild-swung Ultra); Invalid
    Attack: "discard it and perform a Wild Swing". Tager wild swings into Gigantic Tager
    Driver (1F) holding Grasp, which could pay: the payment is optional; declined, the
    card is invalid and discarded, Grasp stays in hand and Dive is swung in its place."""
    d = position(p1=dict(space=4, hand=["grasp"], deck=["gigantictagerdriver", "dive"]),
                 p2=dict(space=5, hand=["block"]), chars=("tager", "ryu"))
    d.act(Strike())
    d.set_attack(P1, "wild")
    d.set_attack(P2, "block")
    request = d.expect(PayForceRequest, P1)
    assert request.amount == 1 and request.optional
    d.decline()
    assert [d.name(e.card) for e in d.events(ev.AttackInvalid)] == ["Gigantic Tager Driver"]
    assert [d.name(e.card) for e in d.events(ev.WildSwingRevealed)] == ["Dive"]
    assert d.zone(P1, Zone.HAND) == ["Grasp"]
    assert d.zone(P1, Zone.DISCARD)[0] == "Gigantic Tager Driver"


def test_a_replacement_wild_swing_keeps_the_set_bonus_and_is_not_asked_again() -> None:
    """Core rulebook, FAQ: "If an effect allows me to spend something to gain a bonus, like
    1 Force for +1 Power, can I do that multiple times? No."; Reveal Step, Invalid Attack:
    "These replacement Wild Swings are not considered to be setting a new attack" (and the
    SF FAQ: Critical paid for an invalid Ultra still holds for the follow-up wild swings:
    what was spent at the set counts for the strike). Vincent's ability (roster.md:
    ``set_strike: force_for_effect`` +2 guard per force, at most 3) is used once, as he
    sets Ballot Fixing (ultra 2G) with no gauge: 3 force, +6 guard. Ballot Fixing is
    invalid and Grasp is swung; he is not offered the force again, and the +6 guard stays
    with Grasp: Ryu's Sweep (6) does not stun him (6 is not more than 6)."""
    d = position(p1=dict(space=4, hand=["ballotfixing", "cross", "dive", "spike"],
                         deck=["grasp", "focus"]),
                 p2=dict(space=5, hand=["sweep"]), chars=("vincent", "ryu"))
    d.act(Strike())
    d.set_attack(P1, "ballotfixing")
    d.choose("spend 3 force")
    d.pay("cross", "dive", "spike")
    d.set_attack(P2, "sweep")
    assert [d.name(e.card) for e in d.events(ev.AttackInvalid)] == ["Ballot Fixing"]
    assert [d.name(e.card) for e in d.events(ev.WildSwingRevealed)] == ["Grasp"]
    request = d.expect(ChoiceRequest, P1)  # Grasp's hit, not the ability's force again
    assert not any("force" in label for label in request.labels)
    d.choose("push 1")
    assert d.stat_mods(P1, Stat.GUARD) == [6]
    assert d.life(P2) == 27 and d.space(P2) == 6
    assert d.life(P1) == 24
    assert d.events(ev.PlayerStunned) == []
