"""Season rulebook audit: rules of the Street Fighter, Under Night In-Birth and BlazBlue
rulebooks (their text, FAQ and Glossary) that no other test pinned, each checked on a
position built with the scenario builder against real outcomes (life, stun, zones,
who acts next)."""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, offered, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    MoveTo,
    PayGaugeRequest,
    Prepare,
    SpaceRequest,
    Strike,
)
from engine.core.ids import Zone


def _rachel(p1: dict[str, Any], p2: dict[str, Any]) -> Driver:
    """Rachel (P1) against Ragna (P2): a BlazBlue game."""
    return position(p1=p1, p2=p2, chars=("rachel", "ragna"))


# --- BlazBlue / Under Night: Non-lethal damage -------------------------------------------


def test_blazblue_nonlethal_damage_still_counts_in_full_for_the_stun() -> None:
    """BlazBlue rulebook, Glossary, NON-LETHAL DAMAGE: "Damage that can't bring the
    opponent below 1 life. They still take full damage for the purposes of Stunning,
    Armor, and other effects." Ragna at 1 life defends with Cross (guard 0, speed 6);
    Rachel's Grasp (speed 7) misses from 4 to 6, then her lightning rod under Ragna
    strikes for 2 nonlethal: he stays at 1 life, but the 2 damage exceeds his guard, so
    he is stunned and his Cross never activates (Rachel keeps her 30 life)."""
    d = _rachel(dict(space=4, hand=["grasp"], rods=[("dive", 6)]),
                dict(space=6, hand=["cross"], life=1))
    d.strike("grasp", "cross")
    d.choose("strike")
    assert d.life(P2) == 1 and d.state.winner is None
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert [(e.target, e.amount) for e in d.events(ev.DamageCounted)] == [(P2, 2)]
    assert not [e for e in d.events(ev.AttackActivated) if e.player == P2]
    assert d.life(P1) == 30
    assert "Cross" in d.zone(P2, Zone.DISCARD)  # a stunned miss: discarded, not gauge


def test_blazblue_nonlethal_held_back_damage_adds_to_the_strike_total() -> None:
    """BlazBlue rulebook, Glossary, NON-LETHAL DAMAGE ("full damage for the purposes of
    Stunning") with DOING DAMAGE & STUNNING ("If the total damage the opponent actually
    takes ever exceeds their Guard"): Ragna at 2 life on 6 defends with Spike (guard 4);
    Rachel's Grasp from 2 misses. Two rods strike for 2 nonlethal each: 1 life lost, yet
    4 counted, not over his guard (his Spike activates, and misses too); a third rod
    brings the count to 6 and stuns him."""
    for rods, stunned in ((2, False), (3, True)):
        spots = [("dive", 6), ("sweep", 6), ("cross", 6)][:rods]
        d = _rachel(dict(space=2, hand=["grasp"], rods=spots),
                    dict(space=6, hand=["spike"], life=2))
        d.strike("grasp", "spike")
        for _ in range(rods):
            d.choose("strike")
        assert d.life(P2) == 1
        assert sum(e.amount for e in d.events(ev.DamageCounted)) == 2 * rods - 1
        assert bool(d.events(ev.PlayerStunned)) is stunned
        assert bool([e for e in d.events(ev.AttackActivated) if e.player == P2]) is not stunned



def test_uni_nonlethal_damage_counts_in_full_for_other_effects() -> None:
    """UNI rulebook, Glossary, NON-LETHAL DAMAGE: "They still take full damage for the
    purposes of Stunning, Armor, and other effects." Seth's Kerykeion (``cannot_stun``,
    ``nonlethal_attack``, Power set to 7) on Dead Space of Intrusion hits Yuzuriha at 2
    life: her Kiri's 1 armor takes 1, she loses 1 life (to 1), and the 5 held back still
    count as damage taken, so Kiri's ``hit: powerup_damagetaken -1`` costs her 6 power:
    Kiri hits Seth for 1 (he goes first, gains Advantage, and ends on 7)."""
    d = position(p1=dict(space=3, hand=["deadspaceofintrusion"],
                         boosts=["piercingpenetration"]),
                 p2=dict(space=4, hand=["kiri"], life=2), chars=("seth", "yuzu"))
    d.strike("deadspaceofintrusion", "kiri")
    assert d.life(P2) == 1
    assert [(e.target, e.amount) for e in d.events(ev.DamageCounted)] == [(P2, 5)]
    assert [e.amount for e in d.events(ev.StatModified) if e.player == P2] == [-6]
    assert d.life(P1) == 29


# --- Under Night: Trap boosts ------------------------------------------------------------


def test_uni_trap_may_be_played_onto_the_opponents_space() -> None:
    """UNI rulebook, Trap Boosts: "Traps are a subtype of Continuous Boost that are played
    onto any space, unless otherwise stated." Carmine (on 3) plays his Dissolve Trap
    (Twist!'s boost) onto Ryu's space, 5; on his next turn Blood Spike finds a Dissolve
    in Ryu's space: 2 damage, a push and a bonus action."""
    d = position(p1=dict(space=3, hand=["twist", "givemethat"], deck=["grasp", "cross"]),
                 p2=dict(space=5, hand=[], deck=["block", "block"], life=10),
                 chars=("carmine", "ryu"))
    boost(d, "twist")
    request = d.expect(SpaceRequest, P1)
    assert 5 in [m.space for m in offered(request, MoveTo)]
    d.move_to(P1, 5)
    [placed] = d.events(ev.TrapPlaced)
    assert placed.space == 5 and d.name(placed.card) == "Twist!"
    d.act(Prepare())  # Ryu's turn
    boost(d, "givemethat")
    d.choose("push")
    assert d.life(P2) == 8 and d.space(P2) == 6
    assert d.expect(ActionRequest).player == P1  # Blood Spike's bonus action


# --- Street Fighter: Critical -------------------------------------------------------------


def test_critical_is_not_offered_again_for_the_replacement_wild_swings() -> None:
    """SF rulebook, Critical ("When you set any type of attack, you may spend 1 Gauge at
    the same time") with the Reveal Step ("These new Wild Swings are not considered to
    be setting a new attack"): Ryu declines the Critical for Metsu Hadoken, which he
    cannot pay for (3 gauge, he has 1); the Shoryuken wild swung in its place asks for
    no Critical, so it does not close and misses, and his gauge card stays."""
    d = position(p1=dict(space=3, hand=["metsuhadoken"], gauge=["grasp"], deck=["shoryuken"]),
                 p2=dict(space=5, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "metsuhadoken")
    d.critical(P1, False)
    d.set_attack(P2, "block")
    assert [d.name(e.card) for e in d.events(ev.AttackInvalid)] == ["Metsu Hadoken"]
    assert d.events(ev.AttackMadeCritical) == []
    assert d.space(P1) == 3 and d.life(P2) == 30
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.expect(ActionRequest).player == P2


def test_critical_may_be_paid_by_a_defender_forced_to_wild_swing() -> None:
    """SF rulebook, Critical: "When you set any type of attack, you may spend 1 Gauge at
    the same time": Morathi's Fates Crossing (strike, the opponent must wild swing)
    forces Ryu's wild swing, and he is still offered the Critical; paid, his wild-swung
    Shoryuken closes 1 (Critical) and hits Morathi on 5."""
    d = position(p1=dict(space=5, hand=["revenger", "grasp", "cross", "dive"],
                         deck=["block"]),
                 p2=dict(space=3, hand=["block"], gauge=["grasp"], deck=["shoryuken"]),
                 chars=("morathi", "ryu"))
    boost(d, "revenger", "grasp", "cross", "dive")
    d.choose("draw")  # Morathi's ability (his own wild swing): draw 1, then strike wild
    request = d.expect(PayGaugeRequest, P2)
    assert request.optional and request.amount == 1
    d.critical(P2, True)
    assert [e.player for e in d.events(ev.AttackMadeCritical)] == [P2]
    assert d.space(P2) == 4
    assert d.life(P1) == 26  # Shoryuken, power 4
