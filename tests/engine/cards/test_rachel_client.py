"""Rachel Alucard: the situations of the reference client's ``test_rachel.gd`` (the
version with her tests, not the later placeholder) that ``test_rachel.py`` did not pin,
written with our builder; each docstring names the client test it mirrors (card facts:
roster.md, "Rachel Alucard" and the standard Normals). Rachel is P1 and Ryu P2 (no
gauge, so no Critical is offered). All were already right but one (Sylpheed Flight
asked for a space while her movement was blocked). Not pinned here: the client's two EX
discard-order tests (it lets the player discard the EX copy before or after paying the
force or gauge cost) and its ordering of the rods among her After triggers, rule
questions no rulebook text we hold settles.
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, offered, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    EffectOrderRequest,
    Exceed,
    MoveTo,
    OrderEffects,
    Prepare,
    SpaceRequest,
)
from engine.core.ids import Zone
from engine.knowledge.views import space_objects
from engine.mechanics.blazblue.state import rod_spaces

CHARS = ("rachel", "ryu")


def rachel(p1: dict[str, Any], p2: dict[str, Any]) -> Driver:
    """A position with Rachel as P1 (to act) and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS)


def rods(d: Driver) -> dict[str, int]:
    """Rachel's lightning rods: card name -> space."""
    return {d.name(card): space for card, space in rod_spaces(d.state, P1).items()}


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def test_exceeded_action_pull_2_moves_ryu_past_her_in_one_move() -> None:
    """Mirrors test_rachel_ua_exceed_pull2. Exceeded character action: ``pull 1 per
    force, up to 2`` with ``combine_multiple_into_one``: one pull 2, not two pulls of 1
    (a second pull 1 would bring Ryu back toward her). Adjacent on 4 and 5, Ryu is
    pulled past Rachel to 3 and on to 2 in one move; then her bonus action."""
    d = rachel(dict(space=4, hand=["dive", "sweep"], exceeded=True,
                    overdrive=["grasp", "cross"]),
               dict(space=5))
    d.select(P1, "grasp")  # the overdrive discard at the start of her turn
    d.select(P1)  # her overdrive effect: no boost
    d.act(CharacterAction(index=0))
    d.choose("pull")
    d.choose("spend 2 force")
    d.pay("dive", "sweep")
    assert d.space(P1) == 4 and d.space(P2) == 2
    assert [(e.src, e.dst) for e in d.events(ev.PlayerMoved)] == [(5, 2)]
    assert _next(d) == P1


def test_overdrive_with_no_continuous_boost_in_hand_offers_nothing() -> None:
    """Mirrors test_rachel_ua_exceed_overdrive_nocontinuousboosts. Rachel's overdrive
    effect, ``boost_as_overdrive {continuous, hand}``: holding only Dive and Cross
    (immediate boosts), after the overdrive discard nothing can be boosted and she takes
    her turn's action at once."""
    d = rachel(dict(space=4, hand=["dive"], gauge=["grasp", "spike", "focus"],
                    deck=["cross"]),
               dict(space=5))
    d.act(Exceed())
    d.pay("grasp", "spike", "focus")
    d.act(Prepare())  # Ryu's turn
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.HAND) == ["Dive", "Cross"]
    assert _next(d) == P1
    assert d.zone(P1, Zone.BOOSTS) == []


def test_whirlwind_with_impish_gypsophila_its_hit_first_then_sustained() -> None:
    """Mirrors test_rachel_whirlwind_boost. Impish Gypsophila (Whirlwind's boost) is
    placed on Ryu's space 5 (and she draws). Next turn Whirlwind (range 2-3, power 3,
    speed 6) hits him 3 away; she orders her two Hit triggers (core rulebook, FAQ: "You
    choose the order to resolve each trigger"): Impish Gypsophila's first, ``[if
    opponent_in_boost_space] powerup 1, then pull 1`` (5 -> 4), then Whirlwind's
    ``choose_sustain_boost``: she sustains it. 4 damage; the boost stays on space 5."""
    d = rachel(dict(space=2, hand=["whirlwind", "whirlwind", "grasp"]),
               dict(space=5, hand=["assault", "grasp"]))
    d.printed_order = False
    boost(d, "whirlwind")
    d.move_to(P1, 5)
    d.act(Prepare())
    d.strike("whirlwind", "assault")
    request = d.expect(EffectOrderRequest, P1)
    assert [e.tags[0] for e in request.effects] == ["choose_sustain_boost", "powerup"]
    d.act(OrderEffects(order=(1, 0)))
    d.choose("pull 1")
    d.choose("sustain Impish Gypsophila")
    assert d.space(P1) == 2 and d.space(P2) == 4
    assert d.life(P2) == 26 and d.life(P1) == 30
    assert d.zone(P1, Zone.GAUGE) == ["Whirlwind"]
    assert d.zone(P1, Zone.BOOSTS) == ["Whirlwind"]
    assert [(o.space, o.kind) for o in space_objects(d.state)] == [(5, "trap")]


def test_lotus_barrel_rod_may_go_on_rachels_own_space() -> None:
    """Mirrors test_rachel_spikedrop_boost. Lotus Barrel: a discard of her choice
    becomes a lightning rod on any space, her own (2) included; it leaves the discard
    pile."""
    d = rachel(dict(space=2, hand=["spikedrop"], discard=["dive", "sweep", "cross"]),
               dict(space=5))
    boost(d, "spikedrop")
    d.select(P1, "sweep")
    assert 2 in [m.space for m in offered(d.expect(SpaceRequest, P1), MoveTo)]
    d.move_to(P1, 2)
    assert rods(d) == {"Sweep": 2}
    assert "Sweep" not in d.zone(P1, Zone.DISCARD)


def test_ivy_blossom_sustains_itself_over_two_strikes() -> None:
    """Mirrors test_rachel_electricchair. Ivy Blossom placed on Ryu's space 4 (``cleanup:
    [if opponent_in_boost_space] take_damage 1 {opponent, nonlethal}, then
    sustain_this``). Her Assault closes 1 -> 3 and hits for 4, then Ivy 1: Ryu 25, and
    Ivy stays. Two turns later Ryu's Assault stuns her Dive first; Ivy still deals 1 at
    cleanup (Ryu 24) and stays in play."""
    d = rachel(dict(space=1, hand=["electricchair", "assault", "dive"]),
               dict(space=4, hand=["assault", "assault", "grasp"]))
    boost(d, "electricchair")
    d.move_to(P1, 4)
    d.act(Prepare())
    d.strike("assault", "assault")
    assert d.space(P1) == 3 and d.space(P2) == 4
    assert d.life(P1) == 30 and d.life(P2) == 25
    assert d.zone(P1, Zone.BOOSTS) == ["Electric Chair"]
    d.act(Prepare())  # her advantage turn
    d.act(Prepare())  # Ryu's turn
    d.strike("dive", "assault")
    assert d.space(P1) == 3 and d.space(P2) == 4
    assert d.life(P1) == 26 and d.life(P2) == 24
    assert d.zone(P1, Zone.BOOSTS) == ["Electric Chair"]


def test_baden_baden_lily_across_the_arena_rods_stun_ryu_before_his_sweep() -> None:
    """Mirrors test_rachel_badenbadenlily_crossmaphit. Two rods under Ryu on 9: Baden
    Baden Lily (speed 6) reaches him from 1 and hits for 3 + 2; after it Rachel moves to
    3 and both rods strike (2 each). The rods' damage counts toward the strike's damage:
    9 > Sweep's guard 6, Ryu is stunned and his Sweep never hits; the rods return to her
    hand."""
    d = rachel(dict(space=1, hand=["badenbadenlily"], gauge=["grasp", "cross"],
                    rods=[("dive", 9), ("sweep", 9)]),
               dict(space=9, hand=["sweep", "grasp"]))
    d.strike("badenbadenlily", "sweep")
    d.pay("grasp", "cross")
    assert d.life(P2) == 25
    d.move_to(P1, 3)
    d.choose("strike")
    d.choose("strike")
    assert d.life(P2) == 21 and d.life(P1) == 30
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.space(P1) == 3 and d.space(P2) == 9
    assert d.zone(P1, Zone.GAUGE) == ["Baden Baden Lily"]
    assert sorted(d.zone(P1, Zone.HAND)) == ["Dive", "Sweep"] and rods(d) == {}


def test_baden_baden_lily_no_rod_under_ryu_hits_for_3_and_the_rods_stay() -> None:
    """Mirrors test_rachel_badenbadenlily_hit0. Rods on 9, Ryu on 7 next to Rachel on
    8: Lily hits at range 1 with X = 0 (no rod under him): 3. Its ``move_to_any_space
    0..2`` may cross him (his space is not counted): 8 -> 5. No rod is under Ryu, so none
    strikes; his Sweep then hits her 2 away for 6, stunning her. The rods stay."""
    d = rachel(dict(space=8, hand=["badenbadenlily"], gauge=["grasp", "cross"],
                    rods=[("dive", 9), ("sweep", 9)]),
               dict(space=7, hand=["sweep", "grasp"]))
    d.strike("badenbadenlily", "sweep")
    d.pay("grasp", "cross")
    assert d.life(P2) == 27
    assert [m.space for m in offered(d.expect(SpaceRequest, P1), MoveTo)] == [5, 6, 8, 9]
    d.move_to(P1, 5)
    assert d.life(P1) == 24 and d.life(P2) == 27
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]
    assert d.zone(P1, Zone.GAUGE) == ["Baden Baden Lily"] and d.zone(P2, Zone.GAUGE) == ["Sweep"]
    assert rods(d) == {"Dive": 9, "Sweep": 9}


def test_sylpheed_flight_may_cross_ryu_to_a_rod_beyond_him() -> None:
    """Mirrors test_rachel_badenbadenlily_boost2. Sylpheed Flight
    (``move_to_lightningrods``, then ``bonus_action``) with rods on 3, 5, 7 (under Ryu)
    and 9: from 1 she may fly past Ryu to the rod on 9; then she acts again."""
    d = rachel(dict(space=1, hand=["badenbadenlily", "focus"],
                    rods=[("dive", 3), ("sweep", 5), ("grasp", 7), ("cross", 9)]),
               dict(space=7))
    boost(d, "badenbadenlily", "focus")
    d.move_to(P1, 9)
    assert d.space(P1) == 9 and d.space(P2) == 7
    assert _next(d) == P1


def test_sylpheed_flight_without_rods_moves_nowhere_and_she_acts_again() -> None:
    """Mirrors test_rachel_badenbadenlily_boost_none: with no rod out there is no space
    to offer; she stays on 1 and takes her bonus action."""
    d = rachel(dict(space=1, hand=["badenbadenlily", "badenbadenlily"]), dict(space=7))
    boost(d, "badenbadenlily", "badenbadenlily")
    assert not any(isinstance(r, SpaceRequest) for r in d.forced)
    assert d.space(P1) == 1
    assert _next(d) == P1


def test_sylpheed_flight_offers_nothing_while_her_movement_is_blocked() -> None:
    """Mirrors test_rachel_badenbadenlily_boost_cantmove. Nu-13's Gravity Seed (``now:
    block_opponent_move``) is in play: Rachel cannot move herself, so Sylpheed Flight
    asks for no space (it used to offer the rods' spaces and then not move her); she
    stays on 1 and takes her bonus action."""
    d = position(p1=dict(space=1, hand=["badenbadenlily", "focus"],
                         rods=[("dive", 3), ("sweep", 5), ("grasp", 7), ("cross", 9)]),
                 p2=dict(space=7, hand=["sworddance", "grasp"]), chars=("rachel", "nu13"),
                 active=P2)
    boost(d, "sworddance", "grasp")
    boost(d, "badenbadenlily", "focus")
    assert not isinstance(d.pending, SpaceRequest)
    assert d.space(P1) == 1
    assert _next(d) == P1


def test_spike_drop_ignores_armor_but_george_xiiis_damage_meets_it() -> None:
    """Mirrors test_rachel_spikedrop_george. George XIII (Tempest Dahlia's boost, 1
    force) placed on Ryu's space 5. Spike Drop (range 1-2, power 3, speed 5; ``before:
    [if boost_in_play] powerup 2``; ``during_strike: ignore_armor``) hits his EX Focus 2
    away first for 5 through its 3 armor (guard 6: no stun); George's ``after:
    take_damage 3`` is not her attack's damage, so the Focus's unspent armor absorbs all
    3. The EX Focus hits back for 5."""
    d = rachel(dict(space=7, hand=["tempestdahlia", "spikedrop", "grasp"]),
               dict(space=5, hand=["focus", "focus", "cross"]))
    boost(d, "tempestdahlia", "grasp")
    d.move_to(P1, 5)
    d.act(Prepare())
    d.strike("spikedrop", ("focus", "focus"))
    assert [(e.amount, e.absorbed) for e in d.events(ev.DamageDealt) if e.target == P2] == [
        (5, 0), (0, 3)]
    assert d.space(P1) == 7 and d.space(P2) == 5
    assert d.life(P1) == 25 and d.life(P2) == 25
