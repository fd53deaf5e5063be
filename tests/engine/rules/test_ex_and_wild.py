"""Core rulebook "Resolving Strikes" (EX Attack, Wild Swing) and "Reveal Step" (EX copy,
Ultra costs, invalid attacks), with the matching FAQ entries."""

from __future__ import annotations

import pytest
from conftest import P1, P2, kinds, position

from engine import events as ev
from engine.core.decisions import (
    IllegalDecision,
    PayGaugeRequest,
    SetAttackRequest,
    Strike,
    WildSwing,
)
from engine.core.ids import Zone


def test_ex_attack_gets_plus_one_power_and_speed() -> None:
    """Core rulebook, "Resolving Strikes" 1: an EX attack (two copies) has +1 Power and
    +1 Speed: EX Grasp is 4 power, speed 8."""
    d = position(p1=dict(space=3, hand=["grasp", "grasp"]), p2=dict(space=4, hand=["sweep"]))
    d.strike(("grasp", "grasp"), "sweep")
    d.choose("push 1")
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == 8
    assert d.events(ev.DamageDealt)[0].amount == 4
    assert d.life(P2) == 26


def test_ex_attack_gets_plus_one_armor_and_guard() -> None:
    """Core rulebook, "Resolving Strikes" 1: +1 Armor and +1 Guard. Sweep (6) against
    Block (armor 2, guard 3) deals 4 and stuns; against EX Block (3, 4) it deals 3 and
    does not stun, so the EX Block goes to gauge."""
    d = position(p1=dict(space=3, hand=["sweep"]), p2=dict(space=4, hand=["block"]))
    d.strike("sweep", "block")
    assert d.life(P2) == 26
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    d = position(p1=dict(space=3, hand=["sweep"]), p2=dict(space=4, hand=["block", "block"]))
    d.strike("sweep", ("block", "block"))
    assert d.life(P2) == 27
    assert d.events(ev.PlayerStunned) == []
    assert d.zone(P2, Zone.GAUGE) == ["Block"]
    assert d.zone(P2, Zone.DISCARD) == ["Block"]


def test_ex_copy_is_discarded_at_reveal() -> None:
    """Core rulebook, "Reveal Step": if you reveal an EX attack, discard the extra copy;
    the other copy is the attack and goes to gauge on a hit."""
    d = position(p1=dict(space=3, hand=["grasp", "grasp"]), p2=dict(space=4, hand=["sweep"]))
    d.strike(("grasp", "grasp"), "sweep")
    first_moves = kinds(d.log, ev.AttacksRevealed, ev.CardMoved, ev.PriorityDetermined)[:3]
    assert first_moves == ["AttacksRevealed", "CardMoved", "PriorityDetermined"]
    ex_copy = d.events(ev.CardMoved)[0]
    assert ex_copy.reason == ev.MoveReason.EX_COPY and ex_copy.dst == Zone.DISCARD
    d.choose("push 1")
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]


def test_wild_swing_uses_the_top_card_of_the_deck() -> None:
    """Core rulebook, "Resolving Strikes" 1: a Wild Swing puts the top card of your deck
    into play face-down."""
    d = position(p1=dict(space=3, hand=["block"], deck=["grasp", "cross"]),
                 p2=dict(space=4, hand=["sweep"]))
    d.strike("wild", "sweep")
    [mine, _] = d.events(ev.AttackSet)
    assert mine.wild and d.names(mine.cards) == ["Grasp"]
    assert d.zone(P1, Zone.DECK)[0] == "Cross"
    assert d.zone(P1, Zone.HAND) == ["Block"]
    d.choose("push 1")
    assert d.life(P2) == 27


def test_empty_hand_must_wild_swing() -> None:
    """Core rulebook, FAQ: "What if I have no cards in my hand and a Strike occurs? You
    must perform a Wild Swing." The defender is not even asked."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=[], deck=["dive"]))
    d.act(Strike())
    d.set_attack(P1, "grasp")
    [_, theirs] = d.events(ev.AttackSet)
    assert theirs.player == P2 and theirs.wild and d.names(theirs.cards) == ["Dive"]


def test_ultra_gauge_cost_is_paid_at_reveal() -> None:
    """Core rulebook, "Reveal Step": you pay the Gauge cost of a revealed Ultra then,
    not when setting it; from hand it must be paid."""
    d = position(p1=dict(space=3, hand=["metsuhadoken"], gauge=["grasp", "cross", "dive"]),
                 p2=dict(space=6, hand=["block"]))
    d.strike("metsuhadoken", "block")
    request = d.expect(PayGaugeRequest, P1)
    assert request.amount == 3 and not request.optional
    assert d.events(ev.AttacksRevealed) and not d.events(ev.PriorityDetermined)
    with pytest.raises(IllegalDecision, match="pay exactly 3 gauge"):
        d.decline()
    d.pay("grasp", "cross", "dive")
    spent = [e for e in d.events(ev.CardMoved) if e.reason == ev.MoveReason.GAUGE_SPENT]
    assert len(spent) == 3
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == 5
    d.choose("pass")
    assert d.life(P2) == 25  # 7 power - 2 Block armor
    assert d.zone(P1, Zone.GAUGE) == ["Metsu Hadoken"]


def test_ex_ultra_pays_its_gauge_cost_once() -> None:
    """Core rulebook, FAQ: "If I EX an Ultra Attack, do I pay the Gauge cost for each
    copy? No." EX Metsu Hadoken with exactly 3 gauge is valid."""
    d = position(p1=dict(space=3, hand=["metsuhadoken", "metsuhadoken"],
                         gauge=["grasp", "cross", "dive"]),
                 p2=dict(space=6, hand=["block"]))
    d.strike(("metsuhadoken", "metsuhadoken"), "block")
    assert d.expect(PayGaugeRequest, P1).amount == 3
    d.pay("grasp", "cross", "dive")
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == 6
    d.choose("pass")
    assert d.life(P2) == 24  # 8 power - 2 armor
    assert d.zone(P1, Zone.GAUGE) == ["Metsu Hadoken"]


def test_invalid_attack_chain_wild_swings_until_valid() -> None:
    """Core rulebook, "Reveal Step": an Ultra you can't pay for is invalid: discard it
    and Wild Swing, again and again until a valid attack. These replacement swings are
    not new attacks being set (no new Critical prompt, no new AttackSet)."""
    d = position(p1=dict(space=3, hand=["metsushoryuken"], gauge=["spike"],
                         deck=["metsuhadoken", "grasp"]),
                 p2=dict(space=4, hand=["sweep"]))
    d.strike("metsushoryuken", "sweep")
    assert [d.name(e.card) for e in d.events(ev.AttackInvalid)] == [
        "Metsu Shoryuken", "Metsu Hadoken"]
    assert [d.name(e.card) for e in d.events(ev.WildSwingRevealed)] == [
        "Metsu Hadoken", "Grasp"]
    assert len(d.events(ev.AttackSet)) == 2
    assert d.zone(P1, Zone.DISCARD) == ["Metsu Shoryuken", "Metsu Hadoken"]
    assert d.zone(P1, Zone.GAUGE) == ["Spike"]
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == 7
    d.choose("push 1")
    assert d.life(P2) == 27
    assert d.zone(P1, Zone.GAUGE) == ["Spike", "Grasp"]


def test_invalid_ex_ultra_loses_the_ex_bonus() -> None:
    """Core rulebook, "Reveal Step": an invalid EX attack is discarded (the extra copy
    was already discarded) and the replacement Wild Swing is a plain attack."""
    d = position(p1=dict(space=3, hand=["metsushoryuken", "metsushoryuken"], deck=["grasp"]),
                 p2=dict(space=4, hand=["sweep"]))
    d.strike(("metsushoryuken", "metsushoryuken"), "sweep")
    assert d.zone(P1, Zone.DISCARD) == ["Metsu Shoryuken", "Metsu Shoryuken"]
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == 7  # Grasp, no +1
    d.choose("push 1")
    assert d.life(P2) == 27


def test_wild_swung_ultra_may_be_declined_even_if_payable() -> None:
    """Core rulebook, FAQ: "If I Wild Swing into an Ultra, do I have to play it if I have
    the Gauge? ... you do not have to"; declining makes it invalid and you swing again."""
    d = position(p1=dict(space=3, hand=["block"], gauge=["grasp", "cross", "dive"],
                         deck=["metsuhadoken", "assault"]),
                 p2=dict(space=4, hand=["sweep"]))
    d.strike("wild", "sweep")
    request = d.expect(PayGaugeRequest, P1)
    assert request.optional and request.amount == 3
    d.decline()
    assert [d.name(e.card) for e in d.events(ev.AttackInvalid)] == ["Metsu Hadoken"]
    assert [d.name(e.card) for e in d.events(ev.WildSwingRevealed)] == ["Assault"]
    # No gauge was spent; Assault hit and joins it at cleanup.
    assert d.zone(P1, Zone.GAUGE) == ["Grasp", "Cross", "Dive", "Assault"]
    assert d.zone(P1, Zone.DISCARD) == ["Metsu Hadoken", "Block"]  # Sweep's hit: discard 1


def test_wild_swung_ultra_may_be_paid() -> None:
    """Core rulebook, FAQ: you may pay the Gauge and use an Ultra you Wild Swing into."""
    d = position(p1=dict(space=3, hand=["block"], gauge=["grasp", "cross", "dive"],
                         deck=["metsuhadoken"]),
                 p2=dict(space=6, hand=["block"]))
    d.strike("wild", "block")
    d.pay("grasp", "cross", "dive")
    assert d.events(ev.AttackInvalid) == []
    d.choose("pass")
    assert d.life(P2) == 25
    assert d.zone(P1, Zone.GAUGE) == ["Metsu Hadoken"]


def test_wild_swing_is_offered_even_with_cards_in_hand() -> None:
    """Core rulebook, "Resolving Strikes" 1: a Wild Swing is always a way to set."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["sweep"]))
    d.act(Strike())
    assert WildSwing() in d.expect(SetAttackRequest, P1).choices
