"""Kokonoe: situations of the reference client's ``test/unit/test_kokonoe.gd`` (Solid
Wheel's advance stopping on Gravitron, with her ability's pull toward Gravitron ordered
first), written with our builder in our own words.

Card facts: roster.md, "Kokonoe Mercury": ability ``set_strike: [if buddy_in_play]
force_for_effect 1 (add_attack_effect pull_to_buddy 1)``; Solid Wheel v3.37 (range 1,
power 4, speed 4): ``before: advance 4 {stop_on_buddy_space gravitron}, then [if
on_buddy_space] gain_advantage``. The opponent is Nehtali with Sweep (range 1-3, power
6, speed 2, guard 6).
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    EffectOrderRequest,
    OrderEffects,
    PayForceRequest,
    Prepare,
    Strike,
)
from engine.core.ids import Zone
from engine.mechanics.buddies.state import buddy_spaces


def _wheel(me: int, her: int, grav: int, pull: bool) -> Driver:
    """Kokonoe on ``me`` strikes with Solid Wheel, Gravitron on ``grav``, paying the
    pull toward it (``pull``) with Grasp; Nehtali on ``her`` answers with Sweep; with
    the pull, her two Before effects are ordered pull first."""
    d = position(p1=dict(space=me, hand=["solidwheel", "grasp"], buddies={"gravitron": grav}),
                 p2=dict(space=her, hand=["sweep"]), chars=("kokonoe", "nehtali"))
    d.printed_order = False
    d.act(Strike())
    d.set_attack(P1, "solidwheel")
    if pull:
        d.pay("grasp")
    else:
        d.decline()
    d.set_attack(P2, "sweep")
    if pull:
        order = d.expect(EffectOrderRequest, P1)
        tags = [e.tags[0] for e in order.effects]
        assert sorted(tags) == ["advance", "pull_to_buddy"], tags
        first = tags.index("pull_to_buddy")
        d.act(OrderEffects(order=(first, 1 - first)))
    return d


def _advantage(d: Driver) -> bool:
    return any(e.player == P1 for e in d.events(ev.AdvantageGained))


def test_pull_first_then_the_wheel_stops_on_gravitron_past_her() -> None:
    """Client test_kokonoe_solid_wheel_stop_early. Kokonoe 3, Nehtali 4, Gravitron 6:
    the pull takes Nehtali 1 toward Gravitron (to 5); the advance 4 then goes past her
    and stops on Gravitron (6): Solid Wheel hits at range 1 for 4 and she gains the
    advantage; Sweep (range 1-3) hits back for 6."""
    d = _wheel(3, 4, 6, pull=True)
    assert d.space(P1) == 6 and d.space(P2) == 5
    assert d.life(P1) == 24 and d.life(P2) == 26
    assert _advantage(d) and d.expect(ActionRequest).player == P1


def test_wheel_stops_on_gravitron_just_behind_her() -> None:
    """Client test_kokonoe_solid_wheel_stop_early_behind_opponent. Gravitron on 5, no
    pull: from 3 the advance passes Nehtali (4) and stops on Gravitron (5)."""
    d = _wheel(3, 4, 5, pull=False)
    assert d.space(P1) == 5 and d.space(P2) == 4
    assert d.life(P1) == 24 and d.life(P2) == 26
    assert _advantage(d) and d.expect(ActionRequest).player == P1


def test_wheel_does_not_stop_when_she_was_pulled_onto_gravitron_and_misses() -> None:
    """Client test_kokonoe_solid_wheel_pass_because_opponent_on_it_and_miss. Gravitron
    on 5, the pull puts Nehtali on it (4 -> 5): Kokonoe cannot stop on an occupied
    space, so the full advance 4 takes her past to 8, not on Gravitron (no
    advantage); at range 3 the Wheel misses, and Sweep hits for 6."""
    d = _wheel(3, 4, 5, pull=True)
    assert d.space(P1) == 8 and d.space(P2) == 5
    assert d.life(P1) == 24 and d.life(P2) == 30
    assert not _advantage(d) and d.expect(ActionRequest).player == P2
    assert buddy_spaces(d.game.table, P1, "gravitron") == []  # removed at cleanup


def test_wheel_passes_gravitron_under_her_and_hits() -> None:
    """Client test_kokonoe_solid_wheel_pass_because_opponent_on_it. Kokonoe 3, Nehtali
    6, Gravitron 7: pulled onto it (7), she is passed: Kokonoe ends on 8, hits at range
    1 for 4 with no advantage; Sweep hits for 6."""
    d = _wheel(3, 6, 7, pull=True)
    assert d.space(P1) == 8 and d.space(P2) == 7
    assert d.life(P1) == 24 and d.life(P2) == 26
    assert not _advantage(d) and d.expect(ActionRequest).player == P2


# --- Jamming Dark (Flaming Belobog's boost): the extra attack, client version 0412346 ---


def _belobog(attack: str, extra: str, grav: int, me: int = 3, her: int = 7) -> Driver:
    """Kokonoe on ``me`` with Jamming Dark (``after: [if range 4] play_attack_from_hand``)
    in play and Gravitron on ``grav`` strikes with ``attack`` (the pull toward Gravitron
    declined), holding ``extra``; Ryu on ``her`` answers with Sweep. Her two After
    effects are ordered by the test."""
    d = position(p1=dict(space=me, hand=[attack, extra], boosts=["flamingbelobog"],
                         buddies={"gravitron": grav}),
                 p2=dict(space=her, hand=["sweep"]), chars=("kokonoe", "ryu"))
    d.printed_order = False
    d.act(Strike())
    d.set_attack(P1, attack)
    d.decline()
    d.set_attack(P2, "sweep")
    return d


def _extra_first(d: Driver) -> None:
    order = d.expect(EffectOrderRequest, P1)
    tags = [e.tags[0] for e in order.effects]
    extra = tags.index("play_attack_from_hand")
    d.act(OrderEffects(order=(extra, 1 - extra)))


def test_jamming_dark_extra_attack_ordered_before_flame_cages_after() -> None:
    """Client test_kokonoe_flamingbelobog_after_effect_after_extraattack. Flame Cage
    (range 2-5, speed 3; ``hit: [if range >= 4] powerup 2``; ``after: push 1 | pull
    1``) hits Ryu 4 away for 5 before Sweep (speed 2). Her two After effects (Flame
    Cage's and Jamming Dark's) are hers to order: the extra attack first, with Dive
    (``before: advance 3``): 3 -> 6, hits for 5; then Flame Cage's push 7 -> 8. Ryu
    took 10 (guard 6): stunned, his Sweep never hits. Both her attacks hit: both go to
    gauge."""
    d = _belobog("flamecage", "dive", grav=5)
    assert d.life(P2) == 25
    _extra_first(d)
    d.select(P1, "dive")
    assert (d.space(P1), d.space(P2)) == (6, 7) and d.life(P2) == 20
    d.choose("push")
    assert (d.space(P1), d.space(P2)) == (6, 8)
    assert (d.life(P1), d.life(P2)) == (30, 20)
    assert sorted(d.zone(P1, Zone.GAUGE)) == ["Dive", "Flame Cage v1.43"]


def test_jamming_dark_extra_attack_that_misses_goes_to_discard() -> None:
    """Client test_kokonoe_flamingbelobog_extraattack_misses. The same, the extra
    attack with Spike (range 2-3) from 4 away: it misses, no damage, and at cleanup it
    goes to her discard pile, not to gauge (effects.md, ``play_attack_from_hand``: "at
    end of strike it goes to gauge if it hit, else discard"). Flame Cage then pulls Ryu
    7 -> 6; not stunned (5 < guard 6), his Sweep hits at range 3 for 6."""
    d = _belobog("flamecage", "spike", grav=5)
    _extra_first(d)
    d.select(P1, "spike")
    assert d.life(P2) == 25 and (d.space(P1), d.space(P2)) == (3, 7)
    d.choose("pull")
    assert (d.space(P1), d.space(P2)) == (3, 6)
    assert (d.life(P1), d.life(P2)) == (25, 25)
    assert d.zone(P1, Zone.GAUGE) == ["Flame Cage v1.43"]
    assert "Spike" in d.zone(P1, Zone.DISCARD)


def test_jamming_dark_extra_block_goes_to_gauge_though_the_main_attack_missed() -> None:
    """Client test_kokonoe_extraattack_blocksecond_gauged. Kokonoe 4, Ryu 8: both
    Sweeps (range 1-3) miss at range 4; Jamming Dark's extra attack is Block, whose
    ``after: add_strike_to_gauge_after_cleanup`` sends it to gauge; her missed Sweep
    goes to the discard pile. No damage either way."""
    d = position(p1=dict(space=4, hand=["sweep", "block"], boosts=["flamingbelobog"],
                         buddies={"gravitron": 5}),
                 p2=dict(space=8, hand=["sweep"]), chars=("kokonoe", "ryu"))
    d.act(Strike())
    d.set_attack(P1, "sweep")
    d.decline()
    d.set_attack(P2, "sweep")
    d.select(P1, "block")
    assert (d.space(P1), d.space(P2)) == (4, 8)
    assert (d.life(P1), d.life(P2)) == (30, 30)
    assert d.zone(P1, Zone.GAUGE) == ["Block"]
    assert d.zone(P2, Zone.GAUGE) == []


def test_jamming_dark_extra_attack_has_its_own_speed_without_her_boosts() -> None:
    """Client test_kokonoe_extraattack_unnaffected_by_speed_boost. Kokonoe (4) has
    Jamming Dark and Light (Sweep's boost: ``during_strike: speedup 2``) in play and
    Gravitron on 5; Enkidu (7) answers with Gale Edge (``during_strike:
    higher_speed_misses {dodge_at_speed_greater_or_equal 5}``). Banishing Rays (speed 4,
    +2 with Gravitron in play, +2 Light = 8) misses. She retreats 1 (Banishing Rays'
    After, ordered first) to range 4, then Jamming Dark's extra attack with Flame Cage
    has its printed speed 3 (effects.md, ``play_attack_from_hand``: "boosts and
    character bonuses do not apply"): not dodged, it hits for 3 + 2 = 5 and pushes him
    to 8. Enkidu is stunned (guard 0), so Gale Edge never resolves. Only Flame Cage hit:
    it goes to gauge, Banishing Rays to the discard pile."""
    d = position(p1=dict(space=4, hand=["banishingrays", "flamecage"],
                         boosts=["flamingbelobog", "sweep"], buddies={"gravitron": 5}),
                 p2=dict(space=7, hand=["galeedge"]), chars=("kokonoe", "enkidu"))
    d.act(Strike())
    d.set_attack(P1, "banishingrays")
    d.decline()
    d.set_attack(P2, "galeedge")
    assert d.life(P2) == 30
    d.choose("retreat")
    assert (d.space(P1), d.space(P2)) == (3, 7)
    d.select(P1, "flamecage")
    d.choose("push")
    assert (d.space(P1), d.space(P2)) == (3, 8)
    assert (d.life(P1), d.life(P2)) == (30, 25)
    assert d.zone(P1, Zone.GAUGE) == ["Flame Cage v1.43"]
    assert "Banishing Rays v3.10" in d.zone(P1, Zone.DISCARD)


def test_jamming_dark_extra_flame_cage_after_a_block_hits_in_full() -> None:
    """Client test_kokonoe_extraattack_blockfirst_works and _blockfirst_works2. Kokonoe
    (4) sets Block (``set_total_power 0 + attack_does_not_hit``), Ryu (8) Sweep, which
    misses at range 4. Whichever of her two After effects she orders first (Block's
    ``add_strike_to_gauge_after_cleanup``, Jamming Dark's extra attack), the extra
    Flame Cage is an attack of its own: Block's power 0 and "does not hit" do not carry
    to it. It hits for 3 + 2 = 5 and pulls Ryu to 7; Block and Flame Cage both go to
    gauge."""
    for extra_first in (False, True):
        d = position(p1=dict(space=4, hand=["block", "flamecage"], boosts=["flamingbelobog"],
                             buddies={"gravitron": 5}),
                     p2=dict(space=8, hand=["sweep"]), chars=("kokonoe", "ryu"))
        d.printed_order = False
        d.act(Strike())
        d.set_attack(P1, "block")
        d.decline()
        d.set_attack(P2, "sweep")
        order = d.expect(EffectOrderRequest, P1)
        assert len(order.effects) == 2
        d.act(OrderEffects(order=(1, 0) if extra_first else (0, 1)))
        d.select(P1, "flamecage")
        d.choose("pull")
        assert (d.space(P1), d.space(P2)) == (4, 7)
        assert (d.life(P1), d.life(P2)) == (30, 25)
        assert sorted(d.zone(P1, Zone.GAUGE)) == ["Block", "Flame Cage v1.43"]
        assert d.zone(P2, Zone.GAUGE) == []


@pytest.mark.parametrize(
    ("answer", "grav", "spaces", "lives", "her_gauge"),
    [
        ("assault", 5, (3, 4), (26, 30), []),
        ("spike", 5, (5, 6), (30, 23), ["Broken Bunker Assault v2.21"]),
        ("assault", None, (5, 6), (30, 25), ["Broken Bunker Assault v2.21"]),
    ],
)
def test_broken_bunker_speed_loss_and_power_on_gravitron(
    answer: str, grav: int | None, spaces: tuple[int, int], lives: tuple[int, int],
    her_gauge: list[str],
) -> None:
    """Client test_kokonoe_broken_bunker_speedloss, _power_bonus and _nograv_fast.
    Broken Bunker Assault (1 force; range 1, power 5, speed 5; ``during_strike: [if
    buddy_in_play] speedup -2``; ``before: close 2``; ``hit: [if on_buddy_space] powerup
    2``), Kokonoe on 3, Ryu on 6, the pull toward Gravitron declined. With Gravitron on
    5 she is slowed to 3: Assault (5) goes first, closes 6 -> 4 and stuns her for 4.
    Against Spike (3) she goes first as the attacker: closes onto Gravitron (5) and
    hits for 5 + 2. With no Gravitron, speed 5 ties Assault; she goes first and hits
    for 5, stunning it."""
    p1: dict[str, object] = dict(space=3, hand=["brokenbunkerassault", "grasp"])
    if grav is not None:
        p1["buddies"] = {"gravitron": grav}
    d = position(p1=p1, p2=dict(space=6, hand=[answer]), chars=("kokonoe", "ryu"))
    d.act(Strike())
    d.set_attack(P1, "brokenbunkerassault")
    if grav is not None:
        d.decline()
    d.set_attack(P2, answer)
    d.pay("grasp")
    assert (d.space(P1), d.space(P2)) == spaces
    assert (d.life(P1), d.life(P2)) == lives
    assert d.zone(P1, Zone.GAUGE) == her_gauge


def test_ultimate_impact_without_gauge_goes_to_gauge_and_she_wild_swings() -> None:
    """Client test_kokonoe_ultimateimpact_invalid_to_gauge. Ultimate Impact (4 gauge;
    ``_rules_: on_invalid_add_to_gauge``) with no gauge: it cannot be paid, goes to her
    gauge, and she wild swings her top card, Cross (speed 6, range 1-2): it hits Ryu's
    Sweep from 2 away for 3 and retreats her 3 -> 1 (Sweep then misses at range 4).
    Both Ultimate Impact and Cross end in gauge."""
    d = position(p1=dict(space=3, hand=["ultimateimpact"], set_aside=[], deck=["cross", "dive"]),
                 p2=dict(space=5, hand=["sweep"]), chars=("kokonoe", "ryu"))
    d.strike("ultimateimpact", "sweep")
    assert (d.space(P1), d.space(P2)) == (1, 5)
    assert (d.life(P1), d.life(P2)) == (30, 27)
    assert d.zone(P1, Zone.GAUGE) == ["Ultimate Impact", "Cross"]


def _exceeded_dreadnought(hand: list[str]) -> Driver:
    """Exceeded Kokonoe (1; her turn start discards Focus from overdrive, its Gravitron
    placement passed) strikes with Dreadnought Exterminator holding ``hand``, Dive on top
    of her deck; Ryu (7) answers with Assault."""
    d = position(p1=dict(space=1, hand=["dreadnoughtexterminator", *hand], exceeded=True,
                         overdrive=["focus", "block"], deck=["dive", "spike"], set_aside=[]),
                 p2=dict(space=7, hand=["assault"]), chars=("kokonoe", "ryu"))
    d.select(P1, "focus")
    d.choose("pass")
    d.strike("dreadnoughtexterminator", "assault")
    return d


def test_exceeded_dreadnought_unpayable_in_force_wild_swings() -> None:
    """Client test_kokonoe_dreadnought_exceeded_cantpay. Exceeded, Dreadnought
    Exterminator costs 8 (``gauge_cost_exceed=8``), payable in force
    (``may_generate_gauge_with_force``); with Grasp, Flaming Belobog (an Ultra: 2 force)
    and Grasp she has 4 force and no gauge: it is invalid and discarded, nothing is
    asked, and she wild swings Dive. Assault closes 7 -> 5 and misses from 4 away; Dive
    advances 1 -> 4 and hits for 5."""
    d = _exceeded_dreadnought(["grasp", "flamingbelobog", "grasp"])
    assert (d.space(P1), d.space(P2)) == (4, 5)
    assert (d.life(P1), d.life(P2)) == (30, 25)
    assert d.zone(P1, Zone.GAUGE) == ["Dive"]
    assert "Dreadnought Exterminator" in d.zone(P1, Zone.DISCARD)


def test_exceeded_dreadnought_payable_but_declined_wild_swings() -> None:
    """Client test_kokonoe_dreadnought_exceeded_invalidate_anyway. With 8 force in hand
    (two Flaming Belobogs, Ultimate Impact, Grasp, Cross) the cost is asked, optional
    (her exceed ability's ``may_invalidate_ultras``); she declines: the same wild swing
    and outcome as when she cannot pay."""
    d = _exceeded_dreadnought(["flamingbelobog", "flamingbelobog", "ultimateimpact", "grasp",
                               "cross"])
    request = d.expect(PayForceRequest, P1)
    assert request.amount == 8 and request.optional
    d.decline()
    assert (d.space(P1), d.space(P2)) == (4, 5)
    assert (d.life(P1), d.life(P2)) == (30, 25)
    assert d.zone(P1, Zone.GAUGE) == ["Dive"]


def test_reckless_upgrades_with_one_discard_gauges_one_and_powers_the_opponent() -> None:
    """Client test_kokonoe_dreadnought_boost_only_1_discard. Reckless Upgrades
    (Dreadnought Exterminator's boost: ``now: add_top_discard_to_gauge 3``;
    ``during_strike: powerup_opponent 3``) with one card in her discard pile moves only
    that one to gauge. Next turn her Dive (speed 4) meets Assault (5) adjacent: Assault
    hits first for 4 + 3 and stuns her; she takes 7."""
    d = position(p1=dict(space=4, hand=["dreadnoughtexterminator", "dive"], discard=["sweep"]),
                 p2=dict(space=5, hand=["assault"]), chars=("kokonoe", "ryu"))
    boost(d, "dreadnoughtexterminator")
    d.choose("pass")  # Gravitron not placed
    assert d.zone(P1, Zone.GAUGE) == ["Sweep"] and d.zone(P1, Zone.DISCARD) == []
    d.act(Prepare())  # Ryu's turn
    d.strike("dive", "assault")
    assert (d.space(P1), d.space(P2)) == (4, 5)
    assert (d.life(P1), d.life(P2)) == (23, 30)


def test_grappling_hook_with_gravitron_placed_under_the_opponent() -> None:
    """Client test_kokonoe_absolute_zero_gravitron_strike. Grappling Hook (Absolute
    Zero's continuous boost: ``now: strike``; ``during_strike: rangeup 2/2``; ``hit: pull
    2 + draw 1``): as it enters play her ability places Gravitron, under Ryu (7); the
    strike starts at once. She sets Spike (range 2-3, +2: 4-5), pays the pull toward
    Gravitron with Grasp; Gravitron under Ryu, she chooses to push him 7 -> 8 (still in
    range 5), Spike hits for 5 (ignoring guard: Sweep is stunned), Grappling Hook pulls
    him 2 (to 6) and she draws 1."""
    d = position(p1=dict(space=3, hand=["absolutezero", "spike", "grasp", "dive"],
                         deck=["cross", "focus", "block"]),
                 p2=dict(space=7, hand=["sweep"]), chars=("kokonoe", "ryu"))
    boost(d, "absolutezero")
    d.choose("place buddy")
    d.move_to(P1, 7)
    d.set_attack(P1, "spike")
    d.pay("grasp")
    d.set_attack(P2, "sweep")
    d.choose("push")
    assert (d.space(P1), d.space(P2)) == (3, 6)
    assert (d.life(P1), d.life(P2)) == (30, 25)
    assert d.zone(P1, Zone.HAND) == ["Dive", "Cross"]
