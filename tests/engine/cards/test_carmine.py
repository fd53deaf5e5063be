"""Carmine (Under Night In-Birth): every special, ultra and boost, his Dissolve Trap
boosts (his buddies, found by boost name), his exceed ability and his character actions
(move a Dissolve; exceeded: boost an ultra from gauge, Revert).

Card facts: roster.md, "Carmine". Carmine is P1 and Ryu P2 (Ryu's gauge stays empty,
so his Critical is never offered). A test's name contains the effect and condition tags
it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

from conftest import CATALOG, P1, P2, Driver, boost, offered, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    MoveTo,
    SetAttack,
    SpaceRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import Stat
from engine.mechanics.under_night.state import trap_space

CHARS = ("carmine", "ryu")


def carmine(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Carmine as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, stat: Stat, who: Any = P1) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


def test_carmine_deck_has_30_cards() -> None:
    """roster.md, Carmine's deck: 30 cards, the uni Normals and his 7 cards x2."""
    deck = CATALOG.deck_list("carmine")
    assert len(deck) == 30
    assert deck.count("carmine_thisistheend") == 2 and deck.count("uni_normal_block") == 2
    assert CATALOG.character("carmine").season.value == "under_night"


# --- specials ----------------------------------------------------------------------------


def test_give_me_that_ignore_armor_hit_gain_life_choice_push() -> None:
    """Give Me That! (range 1, power 3): ``during_strike: ignore_armor``; ``hit:
    gain_life 2, then push 2 | pull 2``. Against Block (armor 2) it deals the full 3;
    Carmine (at 20) gains 2 and pushes Ryu 5 -> 7."""
    d = carmine(dict(space=4, life=20, hand=["givemethat"]), dict(space=5, hand=["block"]))
    d.strike("givemethat", "block")
    d.choose("push")
    assert d.life(P2) == 27
    assert d.life(P1) == 22
    assert d.space(P2) == 7


def test_blood_spike_any_buddy_in_opponent_space_take_damage_bonus_action_push() -> None:
    """Blood Spike (immediate): ``[if any_buddy_in_opponent_space] take_damage 2
    {opponent, nonlethal}, then bonus_action, then push 1 | pull 1``. A Dissolve lies on
    Ryu's space: Ryu takes 2, Carmine pushes him 5 -> 6 and acts again."""
    d = carmine(dict(space=3, hand=["givemethat", "grasp"], boosts=["twist"], traps={"twist": 5}),
                dict(space=5, life=10))
    boost(d, "givemethat")
    d.choose("push")
    assert d.life(P2) == 8
    assert d.space(P2) == 6
    assert _next(d) == P1


def test_blood_spike_take_damage_nonlethal_and_no_buddy_does_nothing() -> None:
    """Blood Spike: the damage is nonlethal (Ryu at 2 goes to 1, not 0); and without a
    Dissolve on Ryu's space nothing happens (no bonus action: Ryu acts next)."""
    d = carmine(dict(space=3, hand=["givemethat"], boosts=["twist"], traps={"twist": 5}),
                dict(space=5, life=2))
    boost(d, "givemethat")
    d.choose("pull")
    assert d.life(P2) == 1
    d2 = carmine(dict(space=3, hand=["givemethat"]), dict(space=5, life=10))
    boost(d2, "givemethat")
    assert d2.life(P2) == 10
    assert _next(d2) == P2


def test_pulverize_hit_push_to_attack_max_range() -> None:
    """Pulverize! (range 1-3, power 4): ``hit: push_to_attack_max_range``: Ryu at range 1
    is pushed until he stands 3 away (5 -> 7)."""
    d = carmine(dict(space=4, hand=["pulverize"]), dict(space=5, hand=["sweep"]))
    d.strike("pulverize", "sweep")
    assert d.life(P2) == 26
    assert d.space(P2) == 7


def test_reckless_run_advance_force_for_effect() -> None:
    """Reckless Run (immediate): advance 2, then ``force_for_effect``: advance 2 more per
    force spent. Carmine spends one card: 1 -> 3 -> 5 (Ryu on 8)."""
    d = carmine(dict(space=1, hand=["pulverize", "grasp"]), dict(space=8))
    boost(d, "pulverize")
    assert d.space(P1) == 3
    d.choose("spend 1 force")
    d.pay("grasp")
    assert d.space(P1) == 5


def test_spin_after_move_to_any_space_in_attack_range_advanced_through_gain_advantage() -> None:
    """Spin! (range 1-4): ``after: move_to_any_space {in attack range, advance only}``
    then ``[if advanced_through] gain_advantage`` (chained to that move). From 3 with Ryu on 4 the spaces
    offered are 3 (stay), 5, 6, 7 (not 2, behind him, nor 1); Carmine goes to 5, past
    Ryu, and acts next."""
    d = carmine(dict(space=3, hand=["spin"]), dict(space=4, hand=["block"]))
    d.strike("spin", "block")
    request = d.expect(SpaceRequest, P1)
    assert sorted(m.space for m in offered(request, MoveTo)) == [3, 5, 6, 7]
    d.move_to(P1, 5)
    assert d.space(P1) == 5
    assert _next(d) == P1


def test_rein_blood_take_damage_nonlethal_boost_additional_ultra_from_discard_advance() -> None:
    """Rein Blood (immediate): take 1 nonlethal damage, then boost an ultra from the
    discard pile (Twist!: its Dissolve lies on a space), then advance 2 | retreat 2."""
    d = carmine(dict(space=2, life=10, hand=["spin"], discard=["twist", "grasp"]), dict(space=8))
    boost(d, "spin")
    assert d.life(P1) == 9
    d.select(P1, "twist")
    d.move_to(P1, 5)
    d.choose("advance")
    assert d.space(P1) == 4
    twist = d.ref(P1, "twist", Zone.BOOSTS)
    assert trap_space(d.state, twist) == 5


def test_thrust_before_any_buddy_in_play_choose_calculate_range_from_buddy() -> None:
    """Thrust! (range 0-1, power 3): ``before: [if any_buddy_in_play]
    choose_calculate_range_from_buddy {Dissolve, optional}``: Ryu on 7 is 5 away from
    Carmine but 1 from the Dissolve on 6; measured from it, Thrust hits. The Dissolve's
    own before (``[if boost_space_in_range_towards_opponent] rangeup 0/1, powerup 2``,
    then to the gauge), resolved after Thrust's, lies at range 0 of that point of
    origin: +2 power, and the origin stays on 6 once the Dissolve is in the gauge."""
    d = carmine(dict(space=2, hand=["thrust"], boosts=["twist"], traps={"twist": 6}),
                dict(space=7, hand=["block"]))
    d.strike("thrust", "block")  # the Driver orders Thrust's before first, as printed
    d.choose("measure")  # one Dissolve: its space is taken without asking
    assert d.life(P2) == 27  # 3 + 2 power - Block's 2 armor
    assert d.zone(P1, Zone.GAUGE) == ["Twist!", "Thrust!"]  # the Dissolve, then the hit
    assert d.zone(P1, Zone.BOOSTS) == []


def test_thrust_without_buddy_misses_at_range() -> None:
    """Thrust! with no Dissolve in play: no choice, measured from Carmine: it misses."""
    d = carmine(dict(space=2, hand=["thrust"]), dict(space=7, hand=["block"]))
    d.strike("thrust", "block")
    assert d.life(P2) == 30


def test_bloodletting_during_strike_guardup_before_was_hit() -> None:
    """Bloodletting (continuous, 1 force): ``during_strike: guardup 3``."""
    d = carmine(dict(space=4, hand=["grasp"], boosts=["thrust"]), dict(space=5, hand=["sweep"]))
    d.strike("grasp", "sweep")
    assert 3 in _mods(d, Stat.GUARD)


# --- ultras ------------------------------------------------------------------------------


def test_be_devoured_set_strike_x_ultras_used_to_pay_gauge_cost_rangeup_powerup() -> None:
    """Hahahaha! Be Devoured! (3 gauge, range 1, power 3): ``before: set_strike_x
    ultras_used_to_pay_gauge_cost``, then +0/+X range and +2X power. Paid with two
    ultras and a Normal: X = 2, range 1-3 reaches Ryu 3 away, power 7."""
    d = carmine(dict(space=2, hand=["bedevoured"], gauge=["twist", "spin", "thisistheend"]),
                dict(space=5, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "bedevoured")
    d.set_attack(P2, "block")
    d.pay("twist", "spin", "thisistheend")
    assert d.life(P2) == 30 - (7 - 2)


def test_twist_after_gain_advantage_boost_this_then_sustain_place_trap() -> None:
    """Twist! (1 gauge, range 1-2, power 2): ``after: gain_advantage, then choice
    <boost_this_then_sustain {dont_sustain, place_trap} | pass>``: the attack becomes a
    Dissolve on a free space and Carmine acts next."""
    d = carmine(dict(space=4, hand=["twist"], gauge=["grasp"]), dict(space=5, hand=["block"]))
    d.strike("twist", "block")
    d.pay("grasp")
    d.choose("boost this")
    d.move_to(P1, 2)
    twist = d.ref(P1, "twist", Zone.BOOSTS)
    assert trap_space(d.state, twist) == 2
    assert _next(d) == P1


def test_dissolve_now_place_trap_on_any_space() -> None:
    """Dissolve (continuous): ``now: place_trap``: any space is offered (UNI rulebook,
    Trap Boosts: "played onto any space"), Carmine's (4) and Ryu's (6) too; it lies
    on 5."""
    d = carmine(dict(space=4, hand=["twist"]), dict(space=6))
    boost(d, "twist")
    request = d.expect(SpaceRequest, P1)
    assert {m.space for m in offered(request, MoveTo)} == set(range(1, 10))
    d.move_to(P1, 5)
    assert trap_space(d.state, d.ref(P1, "twist", Zone.BOOSTS)) == 5


def test_dissolve_before_boost_space_in_range_towards_opponent_add_boost_to_gauge() -> None:
    """Dissolve: ``before: [if boost_space_in_range_towards_opponent] rangeup 0/1,
    powerup 2, add_boost_to_gauge_on_strike_cleanup``. On 5, between Carmine (4) and
    Ryu (6), within Grasp's range 1: Grasp gets range 1-2 and power 5 (3 through
    Block), and the Dissolve goes to gauge after the strike."""
    d = carmine(dict(space=4, hand=["grasp"], boosts=["twist"], traps={"twist": 5}),
                dict(space=6, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("push 1")  # Grasp's own hit
    assert d.life(P2) == 27
    assert d.zone(P1, Zone.GAUGE) == ["Twist!", "Grasp"]
    assert d.zone(P1, Zone.BOOSTS) == []


def test_dissolve_not_towards_opponent_gives_nothing() -> None:
    """Dissolve behind Carmine (on 3, Ryu on 5 ahead): no bonus; Grasp misses at 2."""
    d = carmine(dict(space=4, hand=["grasp"], boosts=["twist"], traps={"twist": 3}),
                dict(space=6, hand=["block"]))
    d.strike("grasp", "block")
    assert d.life(P2) == 30
    assert d.zone(P1, Zone.BOOSTS) == ["Twist!"]


def test_this_is_the_end_set_from_boost_calculate_range_from_set_from_boost_space() -> None:
    """You Shit! This is the END! (range 0-1, power 7, may be set from boosts): set from
    its Dissolve on 6, ``set_strike: [if was_set_from_boosts]
    calculate_range_from_set_from_boost_space``: Ryu on 7, 5 from Carmine, is hit."""
    d = carmine(dict(space=2, hand=["grasp"], boosts=["thisistheend"],
                     traps={"thisistheend": 6}, gauge=["grasp", "cross", "dive"]),
                dict(space=7, hand=["block"]))
    d.act(Strike())
    d.act(SetAttack(cards=(d.ref(P1, "thisistheend", Zone.BOOSTS),)))
    d.set_attack(P2, "block")
    d.pay("grasp", "cross", "dive")  # its gauge cost is paid as usual
    assert d.life(P2) == 30 - (7 - 2)


def test_this_is_the_end_during_strike_stun_immunity() -> None:
    """You Shit! This is the END!: ``during_strike: stun_immunity``: Ryu's Sweep (6
    power, faster? no: speed 2 = 2, Carmine initiates first) does not stun it."""
    d = carmine(dict(space=4, hand=["thisistheend"], gauge=["grasp", "cross", "dive"]),
                dict(space=6, hand=["sweep"]))
    d.act(Strike())
    d.set_attack(P1, "thisistheend")
    d.set_attack(P2, "sweep")
    d.pay("grasp", "cross", "dive")
    assert d.life(P1) == 30 - (6 - 2)
    assert not d.events(ev.PlayerStunned)


# --- character actions and exceed --------------------------------------------------------


def test_carmine_action_any_buddy_in_play_move_any_boost_choice_advance() -> None:
    """Carmine's character action (only with a Dissolve in play): move a Dissolve 1
    space (5 -> 6), then advance 1 | retreat 1 (3 -> 4)."""
    d = carmine(dict(space=3, boosts=["twist"], traps={"twist": 5}), dict(space=8))
    d.act(CharacterAction(index=0))  # one Dissolve (on 5): taken without asking
    d.move_to(P1, 6)
    d.choose("advance")
    assert trap_space(d.state, d.ref(P1, "twist", Zone.BOOSTS)) == 6
    assert d.space(P1) == 4


def test_carmine_exceeded_boost_additional_ultra_from_gauge_can_boost_ultra_from_gauge() -> None:
    """Carmine exceeded, action 0 (``requires: can_boost_ultra_from_gauge``): boost an
    ultra from gauge (Twist!'s Dissolve onto 6); his exceed ability, ``on_continuous_boost:
    [if used_character_action 0] advance 1 | retreat 1``, moves him 3 -> 4."""
    d = carmine(dict(space=3, exceeded=True, gauge=["twist"]), dict(space=8))
    d.act(CharacterAction(index=0))
    d.select(P1, "twist")
    d.move_to(P1, 6)
    d.choose("advance")
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.BOOSTS) == ["Twist!"]


def test_spin_move_to_any_space_stay_put_not_advanced_through() -> None:
    """Spin!: staying put (the own space is offered: the move is optional) crosses no
    one, so no advantage: Ryu acts next."""
    d = carmine(dict(space=3, hand=["spin"]), dict(space=4, hand=["block"]))
    d.strike("spin", "block")
    d.move_to(P1, 3)
    assert d.space(P1) == 3
    assert _next(d) == P2


def test_carmine_revert_cards_from_hand_revert_bonus_action() -> None:
    """Carmine exceeded, "Revert": 1 card from hand to gauge, back to Basic Mode, then a
    bonus action."""
    d = carmine(dict(space=3, exceeded=True, hand=["grasp", "cross"]), dict(space=8))
    d.act(CharacterAction(index=1))
    d.select(P1, "grasp")
    assert not d.p(P1).exceeded
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert _next(d) == P1


def test_carmine_actions_need_a_dissolve_or_an_ultra_in_gauge() -> None:
    """The character action is offered only with a Dissolve in play
    (``requires: any_buddy_in_play``); exceeded, boosting from gauge only with an ultra
    there (``requires: can_boost_ultra_from_gauge``: a Normal does not do)."""
    d = carmine(dict(space=3, hand=["grasp"]), dict(space=8))
    assert CharacterAction(index=0) not in d.expect(ActionRequest).choices
    d2 = carmine(dict(space=3, exceeded=True, hand=["grasp"], gauge=["cross"]), dict(space=8))
    choices = d2.expect(ActionRequest).choices
    assert CharacterAction(index=0) not in choices and CharacterAction(index=1) in choices


def test_rein_blood_take_damage_nonlethal_at_one_life() -> None:
    """Rein Blood's ``take_damage 1 {nonlethal}`` leaves Carmine at 1 life on 1 (no
    loss); with no ultra in the discard pile nothing is boosted."""
    d = carmine(dict(space=2, life=1, hand=["spin"], discard=["grasp"]), dict(space=8))
    boost(d, "spin")
    d.choose("retreat")
    assert d.life(P1) == 1
    assert d.space(P1) == 1
    assert d.zone(P1, Zone.BOOSTS) == []
