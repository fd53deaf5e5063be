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
from engine.core.decisions import (
    ActionRequest,
    BoostAction,
    CharacterAction,
    ChoiceRequest,
    SelectCardsRequest,
)
from engine.core.ids import Zone
from engine.core.state import AttackFlag, Stat

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


# --- Captive Segment / Surge Forward ----------------------------------------------------


def test_seth_captive_segment_before_choice_boost_then_sustain_after_advance() -> None:
    """Captive Segment: before: you may boost an ultra from hand (sustained); after:
    advance 3. Seth boosts Abyssal Geometry (Stitched Segment) mid-strike; it stays in
    play after the strike, and Seth advances 3 (1 -> 4, next to Ryu on 5)."""
    d = seth(dict(space=1, hand=["captivesegment", "abyssalgeometry", "grasp"]),
             dict(space=5, hand=["block"]))
    d.strike("captivesegment", "block")
    d.choose("boost then sustain")
    request = d.expect(SelectCardsRequest, P1)
    assert [d.name(c) for c in request.candidates] == ["Abyssal Geometry"]
    d.select(P1, "abyssalgeometry")
    assert d.zone(P1, Zone.BOOSTS) == ["Abyssal Geometry"]
    d.choose("push 1")  # Stitched Segment's own before (see the next test)
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.BOOSTS) == ["Abyssal Geometry"]  # sustained past cleanup


def test_seth_captive_segment_boosted_stitched_segment_before_runs_this_strike() -> None:
    """A continuous boost played during your before timing adds its own ``before``
    effects to that timing: Captive Segment boosts Abyssal Geometry, whose Stitched
    Segment (``before: powerup 1 + choice <push 1 | pull 1>``) then gives Seth +1 power
    and pushes Ryu (5 -> 6) in this strike's before, before Captive Segment (range 4)
    checks its range, so it misses Ryu at 5 spaces. The card asks for it (the boost is
    in play "before" the attack resolves), and the reference client does it: a boost
    played mid-strike has its effects of the current timing appended to the effects
    left to resolve when its owner is the timing's player (local_game.gd,
    _boost_play_cleanup_update_effects)."""
    d = seth(dict(space=1, hand=["captivesegment", "abyssalgeometry", "grasp"]),
             dict(space=5, hand=["block"]))
    d.strike("captivesegment", "block")
    d.choose("boost then sustain")
    d.select(P1, "abyssalgeometry")
    request = d.expect(ChoiceRequest, P1)
    assert request.labels == ("push 1", "pull 1")
    d.choose("push 1")
    assert 1 in [e.amount for e in d.events(ev.StatModified)
                 if e.player == P1 and e.stat is Stat.POWER]
    assert P1 in [e.player for e in d.events(ev.AttackMissed)]
    assert d.space(P2) == 6 and d.space(P1) == 4  # after: advance 3
    assert d.life(P2) == 30


def test_seth_captive_segment_pass_keeps_hand() -> None:
    """Captive Segment, before: pass: nothing is boosted, the ultra stays in hand."""
    d = seth(dict(space=1, hand=["captivesegment", "abyssalgeometry"]),
             dict(space=5, hand=["block"]))
    d.strike("captivesegment", "block")
    d.choose("pass")
    assert d.zone(P1, Zone.BOOSTS) == []
    assert "Abyssal Geometry" in d.zone(P1, Zone.HAND)


def test_seth_surge_forward_advance_bonus_action() -> None:
    """Surge Forward (immediate, 1 force): advance 3, then a bonus action."""
    d = seth(dict(space=1, hand=["captivesegment", "grasp"]), dict(space=7))
    boost(d, "captivesegment", "grasp")
    assert d.space(P1) == 4
    assert _next(d) == P1


# --- Dead Space of Intrusion / Fadeaway -------------------------------------------------


def test_seth_dead_space_of_intrusion_hit_gain_advantage_after_advance() -> None:
    """Dead Space of Intrusion: hit: gain_advantage; after: advance 3. Seth hits the
    adjacent Blocking Ryu, advances past him, and acts next."""
    d = seth(dict(space=4, hand=["deadspaceofintrusion"]), dict(space=5, hand=["block"]))
    d.strike("deadspaceofintrusion", "block")
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]
    assert d.space(P1) == 8  # 4 -> 8: Ryu's space 5 is jumped, not counted
    assert _next(d) == P1


def test_seth_fadeaway_retreat_bonus_action() -> None:
    """Fadeaway (immediate, 1 force): retreat 2, then a bonus action."""
    d = seth(dict(space=5, hand=["deadspaceofintrusion", "grasp"]), dict(space=6))
    boost(d, "deadspaceofintrusion", "grasp")
    assert d.space(P1) == 3
    assert _next(d) == P1


# --- Piercing Penetration / Kerykeion ---------------------------------------------------


def test_seth_piercing_penetration_after_hit_opponent_move_top_cards_boost_this_then_sustain() -> None:
    """Piercing Penetration: after, if it hit: the top card of the deck to gauge, then
    the attack becomes a sustained continuous boost (Kerykeion) instead of going to
    gauge."""
    d = seth(dict(space=2, hand=["piercingpenetration"], deck=["focus"]),
             dict(space=5, hand=["block"]))
    d.strike("piercingpenetration", "block")
    assert d.life(P2) == 25
    assert d.zone(P1, Zone.GAUGE) == ["Focus"]
    assert d.zone(P1, Zone.BOOSTS) == ["Piercing Penetration"]


def test_seth_piercing_penetration_miss_goes_to_discard() -> None:
    """Piercing Penetration, not hit_opponent: nothing to gauge, no boost; the attack
    goes to the discard pile."""
    d = seth(dict(space=2, hand=["piercingpenetration"], deck=["focus"]),
             dict(space=3, hand=["block"]))
    d.strike("piercingpenetration", "block")
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.DISCARD) == ["Piercing Penetration"]


def test_seth_kerykeion_during_strike_cannot_stun_nonlethal_attack_hit_set_total_power() -> None:
    """Kerykeion (continuous): the attack cannot stun and is nonlethal; on hit its power
    becomes 7. Seth's Grasp (3) hits Ryu (3 life, Block armor 2) for 7 - 2 = 5, capped
    at 2: Ryu is left at 1, not stunned."""
    d = seth(dict(space=4, hand=["grasp"], boosts=["piercingpenetration"]),
             dict(space=5, life=3, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("push 1")
    assert d.life(P2) == 1
    assert d.events(ev.PlayerStunned) == []


# --- Transgressing Convict / Fast Fall --------------------------------------------------


def test_seth_transgressing_convict_not_initiated_strike_speedup_hit_draw_choice() -> None:
    """Transgressing Convict: +3 speed when Seth did not initiate the strike; hit: draw
    3, then push 1 or pull 1. Ryu strikes with Block; Seth answers, hits, draws 3 and
    pushes Ryu 1."""
    d = seth(dict(space=4, hand=["transgressingconvict"], deck=["grasp", "cross", "dive"]),
             dict(space=5, hand=["block"]), active=P2)
    d.strike("block", "transgressingconvict")
    assert 3 in _mods(d, Stat.SPEED)
    d.choose("push 1")
    assert sorted(d.zone(P1, Zone.HAND)) == ["Cross", "Dive", "Grasp"]
    assert d.space(P2) == 6


def test_seth_transgressing_convict_initiated_strike_no_speedup() -> None:
    """Transgressing Convict, initiated by Seth: no +3 speed."""
    d = seth(dict(space=4, hand=["transgressingconvict"], deck=["grasp", "cross", "dive"]),
             dict(space=5, hand=["block"]))
    d.strike("transgressingconvict", "block")
    assert 3 not in _mods(d, Stat.SPEED)


def test_seth_fast_fall_before_choice_advance_retreat() -> None:
    """Fast Fall (continuous): before: advance 1 or 2, or retreat 1 or 2. Seth at 3
    with Grasp advances 1 to meet Ryu on 5 and hits."""
    d = seth(dict(space=3, hand=["grasp"], boosts=["transgressingconvict"]),
             dict(space=5, hand=["block"]))
    d.strike("grasp", "block")
    request = d.expect(ChoiceRequest, P1)
    assert list(request.labels) == ["advance 1", "advance 2", "retreat 1", "retreat 2"]
    d.choose("advance 1")
    assert d.space(P1) == 4
    d.choose("push 1")
    assert d.life(P2) == 29


# --- Vanishing Confusion / Soul's Oath --------------------------------------------------


def test_seth_vanishing_confusion_after_advance_hit_opponent_move_top_cards_boost_this_then_sustain() -> None:
    """Vanishing Confusion: after: advance 3, then if it hit the top deck card to gauge
    and the attack becomes a sustained boost (Soul's Oath)."""
    d = seth(dict(space=1, hand=["vanishingconfusion"], deck=["focus"]),
             dict(space=5, hand=["block"]))
    d.strike("vanishingconfusion", "block")
    assert d.life(P2) == 27
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.GAUGE) == ["Focus"]
    assert d.zone(P1, Zone.BOOSTS) == ["Vanishing Confusion"]


def test_seth_souls_oath_before_choice_advance_seal_this_boost() -> None:
    """Soul's Oath (continuous): before: move (advance 1 here) and seal this boost; it
    goes to the sealed area, so there is no cleanup choice."""
    d = seth(dict(space=3, hand=["grasp"], boosts=["vanishingconfusion"]),
             dict(space=5, hand=["block"]))
    d.strike("grasp", "block")
    request = d.expect(ChoiceRequest, P1)
    d.choose(request.labels[0])
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.SEALED) == ["Vanishing Confusion"]
    d.choose("push 1")
    assert d.zone(P1, Zone.BOOSTS) == []


def test_seth_souls_oath_cleanup_choice_spend_life_sustain_this() -> None:
    """Soul's Oath, cleanup (choice, skipped if already sustained): spend 1 life to
    sustain it. Seth passes before, then pays 1 life: it stays in play."""
    d = seth(dict(space=4, hand=["grasp"], boosts=["vanishingconfusion"]),
             dict(space=5, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("pass")
    d.choose("push 1")
    request = d.expect(ChoiceRequest, P1)
    d.choose(request.labels[0])
    assert d.life(P1) == 29
    assert d.zone(P1, Zone.BOOSTS) == ["Vanishing Confusion"]


def test_seth_souls_oath_cleanup_skip_if_boost_sustained() -> None:
    """Soul's Oath's cleanup choice is skipped when the boost is already sustained: a
    Vanishing Confusion that hit became a sustained Soul's Oath this strike, and Seth
    is asked nothing more at cleanup (life unchanged)."""
    d = seth(dict(space=1, hand=["vanishingconfusion"], deck=["focus"]),
             dict(space=5, hand=["block"]))
    d.strike("vanishingconfusion", "block")
    assert d.life(P1) == 30
    assert d.events(ev.LifeSpent) == []
    assert isinstance(d.pending, ActionRequest)


# --- Abyssal Geometry / Stitched Segment ------------------------------------------------


def test_seth_abyssal_geometry_stun_immunity_cleanup_boost_this_then_sustain() -> None:
    """Abyssal Geometry (1 gauge): Seth cannot be stunned; at cleanup the attack becomes
    a sustained boost (Stitched Segment). Ryu's Sweep deals 6 > guard 0: no stun."""
    d = seth(dict(space=3, hand=["abyssalgeometry"], gauge=["grasp"]),
             dict(space=5, hand=["sweep"]))
    d.strike("abyssalgeometry", "sweep")
    d.pay("grasp")
    assert d.life(P1) == 24
    assert d.events(ev.PlayerStunned) == []
    assert d.zone(P1, Zone.BOOSTS) == ["Abyssal Geometry"]


def test_seth_abyssal_geometry_dodge_at_range() -> None:
    """Abyssal Geometry: attacks at range 3 miss Seth. Ryu's Spike (range 2-3) at
    distance 3 misses."""
    d = seth(dict(space=2, hand=["abyssalgeometry"], gauge=["grasp"]),
             dict(space=5, hand=["spike"]))
    d.strike("abyssalgeometry", "spike")
    d.pay("grasp")
    assert d.life(P1) == 30
    assert [e.reason for e in d.events(ev.AttackMissed) if e.player == P2] == [
        ev.MissReason.DODGED_AT_RANGE]


def test_seth_stitched_segment_before_powerup_choice_push_pull() -> None:
    """Stitched Segment (continuous): before: +1 power, then push 1 or pull 1."""
    d = seth(dict(space=4, hand=["grasp"], boosts=["abyssalgeometry"]),
             dict(space=5, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("pull 1")
    assert 1 in _mods(d, Stat.POWER)


def test_seth_stitched_segment_action_discard_this_choice_push_bonus_action() -> None:
    """Stitched Segment, Action: discard this boost, then push or pull 1 or 2 and take a
    bonus action. The boost in play offers the action; Seth pushes Ryu 2 (5 -> 7) and
    acts again; the boost is in the discard pile and no longer offered."""
    d = seth(dict(space=4, boosts=["abyssalgeometry"]), dict(space=5))
    card = d.ref(P1, "abyssalgeometry", Zone.BOOSTS)
    assert BoostAction(card=card) in d.expect(ActionRequest, P1).choices
    d.act(BoostAction(card=card))
    assert d.zone(P1, Zone.DISCARD) == ["Abyssal Geometry"]
    d.choose("push 2")
    assert d.space(P2) == 7
    assert [e.action for e in d.events(ev.ActionTaken)][-1] is ev.ActionKind.BOOST_ACTION
    request = d.expect(ActionRequest, P1)
    assert not any(isinstance(o, BoostAction) for o in request.choices)


def test_seth_no_boost_action_without_an_action_boost() -> None:
    """A continuous boost without an Action (Kerykeion) offers no boost action."""
    d = seth(dict(space=4, boosts=["piercingpenetration"]), dict(space=5))
    assert not any(isinstance(o, BoostAction) for o in d.expect(ActionRequest, P1).choices)


# --- Distant Frontier --------------------------------------------------------------------


def test_seth_distant_frontier_before_close_save_spaces_as_strike_x_draw_strike_x() -> None:
    """Distant Frontier (3 gauge): before: close 6, X = the spaces closed; draw X; at
    cleanup it becomes a sustained boost. Seth closes 1 -> 5 (4 spaces) and draws 4."""
    d = seth(dict(space=1, hand=["distantfrontier"], gauge=["grasp", "cross", "dive"],
                  deck=["focus", "block", "sweep", "spike", "assault"]),
             dict(space=6, hand=["block"]))
    d.strike("distantfrontier", "block")
    d.pay("grasp", "cross", "dive")
    assert d.space(P1) == 5
    assert sorted(d.zone(P1, Zone.HAND)) == ["Block", "Focus", "Spike", "Sweep"]
    assert d.zone(P1, Zone.DECK)[0] == "Assault"
    assert d.life(P2) == 26
    assert d.zone(P1, Zone.BOOSTS) == ["Distant Frontier"]
