"""Litchi Faye Ling (BlazBlue): her staff Mantenbo, a buddy summoned onto her space or
removed by her character action (a bonus action follows), moved by her other action
and her cards, put on the opponent by her hits; her ability (-1 speed, +0/+1 range
without the staff; +1 power and advantage taking it back from the opponent's space),
every attack and boost, the overdrive effect and the Astral Heat.

Card facts: roster.md, "Litchi Faye Ling". Litchi is P1 and Nehtali P2 (no ability, the
standard Normals): Block (power 0, speed 0, armor 2, guard 3), Cross (range 1-2, power
3, speed 6, after: retreat 3), Spike (range 2-3, power 5, speed 3, ignores guard),
Grasp (range 1, power 3, speed 7). A test's name contains the effect and condition tags
it exercises.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import CATALOG, P1, P2, Driver, boost, offered, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    IllegalDecision,
    MoveTo,
    Prepare,
    Reshuffle,
    SpaceRequest,
)
from engine.core.ids import Zone
from engine.core.state import Stat
from engine.mechanics.buddies.state import buddy_spaces

CHARS = ("litchi", "nehtali")
M = "mantenbo"


def litchi(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Litchi as P1 and Nehtali as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _staff(d: Driver) -> list[int]:
    return buddy_spaces(d.game.table, P1, M)


def _mods(d: Driver, who: Any, stat: Stat) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


# --- the deck, the character card ------------------------------------------------------------


def test_litchi_deck_31_cards_nine_gates_of_heaven_set_aside() -> None:
    """Deck list: the 8 standard Normals x2 and her 7 cards x2 (30), Nine Gates of Heaven
    set aside (31); exceed cost 3; one buddy, Mantenbo, out of play at the start."""
    char = CATALOG.character("litchi")
    assert sum(e.copies for e in char.deck) == 30 and all(e.copies == 2 for e in char.deck)
    assert [(e.card, e.copies) for e in char.set_aside] == [("litchi_ninegatesofheaven", 1)]
    assert char.exceed_cost == 3 and char.season.value == "blazblue"
    assert [(b.id, b.name, b.start_offset) for b in char.buddies] == [(M, "Mantenbo", None)]
    kinds = [CATALOG.card(e.card).kind.value for e in char.deck]
    assert (kinds.count("normal"), kinds.count("special"), kinds.count("ultra")) == (8, 5, 2)
    ngh = CATALOG.card("litchi_ninegatesofheaven")
    assert (ngh.gauge_cost, ngh.range, ngh.power, ngh.speed) == (4, (1, 1), 3, 7)


def test_litchi_action_place_buddy_onto_self_bonus_action_not_used_character_action() -> None:
    """Character action "Summon/Remove Mantenbo" (``requires not_used_character_action
    1``): ``choice place_buddy_onto_self | remove_buddy, then bonus_action``: the staff
    goes on her space 3 and she acts again, but not this action a second time."""
    d = litchi(dict(space=3), dict(space=7))
    d.act(CharacterAction(index=1))
    d.choose("place buddy onto self")
    assert _staff(d) == [3]
    options = tuple(d.expect(ActionRequest, P1).options())
    assert CharacterAction(index=1) not in options and CharacterAction(index=0) in options
    d.act(Prepare())
    assert _next(d) == P2


def test_litchi_action_remove_buddy_bonus_action() -> None:
    """"Summon/Remove Mantenbo", second option: the staff (on 5) leaves the arena, then
    a bonus action."""
    d = litchi(dict(space=3, buddies={M: 5}), dict(space=7))
    d.act(CharacterAction(index=1))
    d.choose("remove buddy")
    assert _staff(d) == [] and _next(d) == P1


def test_litchi_action_buddy_in_play_move_buddy() -> None:
    """Character action "Move Mantenbo" (``requires buddy_in_play``): ``move_buddy 1/2``
    either way: from 5, spaces 3, 4, 6 and 7 are offered; it ends the turn. Not offered
    with the staff out of play."""
    d = litchi(dict(space=3, buddies={M: 5}), dict(space=7))
    d.act(CharacterAction(index=0))
    assert [m.space for m in offered(d.expect(SpaceRequest, P1), MoveTo)] == [3, 4, 6, 7]
    d.move_to(P1, 7)
    assert _staff(d) == [7] and _next(d) == P2
    d2 = litchi(dict(space=3), dict(space=7))
    assert CharacterAction(index=0) not in d2.expect(ActionRequest).options()


def test_litchi_ability_not_buddy_in_play_speedup_rangeup() -> None:
    """Ability ``during_strike: [if not_buddy_in_play] speedup -1, then rangeup 0/1``:
    without the staff Grasp (range 1) reaches Nehtali 2 away, at speed 6."""
    d = litchi(dict(space=3, hand=["grasp"]), dict(space=5, hand=["block"]))
    d.strike("grasp", "block")
    assert _mods(d, P1, Stat.SPEED) == [-1]
    assert [e.player for e in d.events(ev.AttackHit)] == [P1]


def test_litchi_ability_with_staff_in_play_no_modifier() -> None:
    """With the staff in play (on 1), no modifier: Grasp misses Nehtali 2 away."""
    d = litchi(dict(space=3, buddies={M: 1}, hand=["grasp"]), dict(space=5, hand=["block"]))
    d.strike("grasp", "block")
    assert _mods(d, P1, Stat.SPEED) == []
    assert P1 in [e.player for e in d.events(ev.AttackMissed)]


def test_litchi_ability_hit_buddy_in_opponent_space_remove_buddy_powerup_gain_advantage() -> None:
    """Ability ``hit: [if buddy_in_opponent_space] choice remove_buddy + powerup 1 +
    gain_advantage | pass``: the staff on Nehtali's 4; Litchi takes it back: Cross 3 + 1
    - 2 (Block) = 2 damage, and she has the advantage."""
    d = litchi(dict(space=3, buddies={M: 4}, hand=["cross"]), dict(space=4, hand=["block"]))
    d.strike("cross", "block")
    d.choose("remove buddy")
    assert _staff(d) == [] and d.life(P2) == 28
    assert _next(d) == P1


def test_litchi_exceed_ability_set_strike_on_buddy_space_speedup() -> None:
    """Exceed ability ``set_strike: [if on_buddy_space] speedup 1``: on her staff's
    space, Grasp gets +1 speed."""
    d = litchi(dict(space=3, buddies={M: 3}, hand=["grasp"], exceeded=True,
                    overdrive=["cross", "dive"]), dict(space=4, hand=["block"]))
    d.select(P1, "cross")
    d.choose("pass")  # overdrive effect
    d.strike("grasp", "block")
    assert _mods(d, P1, Stat.SPEED) == [1]


def test_litchi_overdrive_choice_buddy_space_unoccupied_move_to_buddy() -> None:
    """Overdrive effect ``choice place_buddy_in_any_space {optional} | [if
    buddy_space_unoccupied] move_to_buddy | pass``: Litchi moves 3 -> 6, to her staff."""
    d = litchi(dict(space=3, buddies={M: 6}, exceeded=True, overdrive=["cross", "dive"]),
               dict(space=8))
    d.select(P1, "cross")
    d.choose("move to buddy")
    assert d.space(P1) == 6 and _next(d) == P1


def test_litchi_overdrive_place_buddy_in_any_space() -> None:
    """Overdrive effect, first option: the staff (out of play) goes on any space (9)."""
    d = litchi(dict(space=3, exceeded=True, overdrive=["cross", "dive"]), dict(space=8))
    d.select(P1, "cross")
    d.choose("place buddy in any space")
    d.choose("place buddy")
    assert len(d.expect(SpaceRequest, P1).choices) == 9
    d.move_to(P1, 9)
    assert _staff(d) == [9]


def test_litchi_ability_on_reshuffle_manual_reshuffle_add_set_aside_card_to_deck() -> None:
    """Ability ``on_reshuffle: [if manual_reshuffle] add_set_aside_card_to_deck``: the
    Reshuffle action brings Nine Gates of Heaven on top of the deck (drawn at once)."""
    d = litchi(dict(hand=["grasp"], discard=["cross", "dive"]), dict())
    d.act(Reshuffle())
    assert d.name(d.events(ev.SetAsideCardAdded)[0].card) == "Nine Gates of Heaven"
    assert "Nine Gates of Heaven" in d.zone(P1, Zone.HAND)


# --- specials and their boosts -------------------------------------------------------------


def test_litchi_four_winds_calculate_range_from_buddy_hit_choice_push_draw() -> None:
    """Four Winds (1 force, range 0-1 from the staff, power 3, speed 5): the staff on 7
    next to Nehtali on 8 while Litchi is on 2: hit, 3 - 2 = 1 damage; ``hit: choice
    push 1 + draw 1 | pull 1 + draw 1``: push to 9, draw 1."""
    d = litchi(dict(space=2, buddies={M: 7}, hand=["fourwinds", "grasp"]),
               dict(space=8, hand=["block"]))
    d.strike("fourwinds", "block")
    d.pay("grasp")
    assert d.events(ev.RangeFromBuddySet) == [ev.RangeFromBuddySet(player=P1, buddy=M)]
    d.choose("push 1")
    assert d.life(P2) == 29 and d.space(P2) == 9 and len(d.zone(P1, Zone.HAND)) == 1


def test_litchi_straight_through_guardup_remove_buddy_strike_hit_choice_push() -> None:
    """Straight Through (Four Winds' continuous boost): ``now: remove_buddy``, ``now:
    strike``; ``during_strike: guardup 4``; ``hit: choice push 1 | push 2``. The staff
    leaves (so her ability's -1 speed, +0/+1 range apply): Grasp hits 2 away, push 2."""
    d = litchi(dict(space=3, buddies={M: 6}, hand=["fourwinds", "grasp"]),
               dict(space=5, hand=["block"]))
    boost(d, "fourwinds")
    assert _staff(d) == []
    d.respond(P1, "grasp", "block")
    assert 4 in _mods(d, P1, Stat.GUARD)
    d.choose("push 2")
    assert d.space(P2) == 7


def test_litchi_robbing_the_kong_buddy_space_unoccupied_move_to_buddy_remove_buddy_after_place_buddy_onto_opponent() -> None:
    """Reach: Robbing the Kong (1 force, range 1, power 4, speed 6): ``before: [if
    buddy_space_unoccupied] move_to_buddy, then remove_buddy``: Litchi 2 -> 5 (the staff's
    space), next to Nehtali on 6, and the staff leaves; with no staff in play her ability
    gives +0/+1 range; hit; ``after: place_buddy_onto_opponent``: the staff on 6."""
    d = litchi(dict(space=2, buddies={M: 5}, hand=["reachrobbingthekong", "grasp"]),
               dict(space=6, hand=["block"]))
    d.strike("reachrobbingthekong", "block")
    d.pay("grasp")
    assert d.space(P1) == 5
    assert d.events(ev.BuddyRemoved) == [ev.BuddyRemoved(player=P1, buddy=M)]
    assert d.life(P2) == 28  # 4 - 2
    assert _staff(d) == [6]


def test_litchi_robbing_the_kong_else_powerup() -> None:
    """Robbing the Kong's ``else``: the staff on Nehtali's space (occupied): +2 power,
    Litchi stays; 4 + 2 - 2 = 4 damage (then her ability may take the staff back)."""
    d = litchi(dict(space=3, buddies={M: 4}, hand=["reachrobbingthekong", "grasp"]),
               dict(space=4, hand=["block"]))
    d.strike("reachrobbingthekong", "block")
    d.pay("grasp")
    assert 2 in _mods(d, P1, Stat.POWER) and d.space(P1) == 3
    d.choose("pass")
    assert d.life(P2) == 26 and _staff(d) == [4]


def test_litchi_kong_on_kong_on_buddy_space_advance_strike() -> None:
    """Reach: Kong on Kong (Robbing the Kong's immediate boost): ``[if on_buddy_space]
    advance 2, then strike``: on her staff's space 3, she advances 2 past Nehtali on 4
    (to 6) and a strike starts."""
    d = litchi(dict(space=3, buddies={M: 3}, hand=["reachrobbingthekong", "grasp"]),
               dict(space=4, hand=["block"]))
    boost(d, "reachrobbingthekong")
    assert d.space(P1) == 6
    assert d.state.strike is not None and d.state.strike.attacker == P1


def test_litchi_renchan_after_place_buddy_in_attack_range() -> None:
    """Renchan (range 2-3, power 4, speed 5): ``after: place_buddy_in_attack_range``:
    from 4 with the staff on 9 (so no ability modifier), spaces 1, 2, 6, 7 are offered."""
    d = litchi(dict(space=4, buddies={M: 9}, hand=["renchan"]), dict(space=6, hand=["block"]))
    d.strike("renchan", "block")
    assert [m.space for m in offered(d.expect(SpaceRequest, P1), MoveTo)] == [1, 2, 6, 7]
    d.move_to(P1, 7)
    assert _staff(d) == [7] and d.life(P2) == 28


def test_litchi_last_chance_buddy_space_unoccupied_move_to_buddy_strike() -> None:
    """Reach: Last Chance (Renchan's immediate boost, 1 force): ``[if
    buddy_space_unoccupied] move_to_buddy, then strike``: Litchi 2 -> 6, then strikes."""
    d = litchi(dict(space=2, buddies={M: 6}, hand=["renchan", "grasp", "cross"]),
               dict(space=8, hand=["block"]))
    boost(d, "renchan", "cross")
    assert d.space(P1) == 6
    assert d.state.strike is not None and d.state.strike.attacker == P1


def test_litchi_tsubame_gaeshi_not_initiated_strike_guardup_ignore_push_and_pull_hit_opponent_place_buddy_onto_opponent() -> None:
    """Tsubame Gaeshi (range 1, power 3, speed 7), set by the defender: ``during_strike:
    [if not_initiated_strike] guardup 4, then ignore_push_and_pull``; ``hit: push 2``;
    ``after: [if hit_opponent] place_buddy_onto_opponent``. Nehtali (on 4) strikes with
    Spike (speed 3): Litchi's Tsubame Gaeshi is first, hits (3 damage), pushes 4 -> 6,
    and the staff goes on 6; Spike (range 2-3) then hits back from 3 away."""
    d = litchi(dict(space=3, buddies={M: 1}, hand=["tsubamegaeshi"]),
               dict(space=4, hand=["spike"]), active=P2)
    d.strike("spike", "tsubamegaeshi")
    assert 4 in _mods(d, P1, Stat.GUARD)
    assert d.life(P2) == 27 and d.space(P2) == 6
    assert _staff(d) == [6] and d.life(P1) == 25


def test_litchi_three_dragons_draw_hit_force_for_effect_powerup() -> None:
    """Three Dragons (Tsubame Gaeshi's continuous boost): ``now: draw 1``; ``hit:
    force_for_effect`` up to 3 for +1 power each: Litchi pays 2 for +2."""
    d = litchi(dict(space=3, buddies={M: 1}, hand=["tsubamegaeshi", "grasp", "cross", "dive"]),
               dict(space=4, hand=["block"]))
    boost(d, "tsubamegaeshi")
    assert len(d.zone(P1, Zone.HAND)) == 5  # 3 + draw 1 + the end-of-turn draw
    d.act(Prepare())  # Nehtali's turn
    d.strike("grasp", "block")
    d.choose("push 1")  # Grasp's own hit effect first
    d.choose("spend 2 force")
    d.pay("cross", "dive")
    d.decline()  # Block's force for armor
    assert _mods(d, P1, Stat.POWER).count(1) == 2
    assert d.life(P2) == 30 - (3 + 2 - 2)


def test_litchi_unarmed_lunge_ignore_armor_opponent_between_buddy_close_hit_advance() -> None:
    """Unarmed Lunge (range 1, power 5, speed 3, armor 1, guard 5): ``before: [if
    opponent_between_buddy] close 3``: Litchi 2, Nehtali 5, staff 8: she closes to 4;
    ``ignore_armor``: 5 damage through Block; ``hit: advance 4``: past Nehtali to 9."""
    d = litchi(dict(space=2, buddies={M: 8}, hand=["unarmedlunge"]),
               dict(space=5, hand=["block"]))
    d.strike("unarmedlunge", "block")
    assert d.life(P2) == 25
    assert d.space(P1) == 9


def test_litchi_kote_gaeshi_buddy_in_play_move_buddy_optional_bonus_action() -> None:
    """Kote Gaeshi (Unarmed Lunge's immediate boost): ``[if buddy_in_play] move_buddy
    1/3 {optional}`` (it may stay: 4 is offered), then a bonus action."""
    d = litchi(dict(space=3, buddies={M: 4}, hand=["unarmedlunge", "grasp"]), dict(space=8))
    boost(d, "unarmedlunge")
    assert [m.space for m in offered(d.expect(SpaceRequest, P1), MoveTo)] == [1, 2, 3, 4, 5, 6, 7]
    d.move_to(P1, 7)
    assert _staff(d) == [7] and _next(d) == P1


def test_litchi_all_green_hit_exceeded_powerup() -> None:
    """All Green (2 gauge, range 3, power 5, speed 6): ``hit: [if exceeded] powerup 2``:
    exceeded, 5 + 2 - 2 (Block) = 5 damage 3 away (staff in play: no range bonus)."""
    d = litchi(dict(space=2, buddies={M: 1}, hand=["allgreen"], gauge=["grasp", "cross"],
                    exceeded=True, overdrive=["dive", "spike"]), dict(space=5, hand=["block"]))
    d.select(P1, "dive")
    d.choose("pass")
    d.strike("allgreen", "block")
    d.pay("grasp", "cross")
    assert d.life(P2) == 25


def test_litchi_additional_backstep_choice_retreat_strike() -> None:
    """Additional Backstep (All Green's immediate boost): ``choice retreat 1 | retreat
    2``, then a strike: 4 -> 2, strike started."""
    d = litchi(dict(space=4, hand=["allgreen", "grasp"]), dict(space=6, hand=["block"]))
    boost(d, "allgreen")
    d.choose("retreat 2")
    assert d.space(P1) == 2
    assert d.state.strike is not None and d.state.strike.attacker == P1


def test_litchi_thirteen_orphans_calculate_range_from_buddy_hit_choice_pull() -> None:
    """Thirteen Orphans (3 gauge, range 0-1 from the staff, power 6, speed 5): staff on
    Nehtali's 7, Litchi on 2: hit 6 - 2 = 4; ``hit: choice push 1 | pull 1``: pull to
    6."""
    d = litchi(dict(space=2, buddies={M: 7}, hand=["thirteenorphans"],
                    gauge=["grasp", "cross", "dive"]), dict(space=7, hand=["block"]))
    d.strike("thirteenorphans", "block")
    d.pay("grasp", "cross", "dive")
    d.choose("pull 1")  # Nehtali leaves the staff's space: no ability choice
    assert d.space(P2) == 6 and d.life(P2) == 26


def test_litchi_lao_jiu_cards_from_hand_sealed_draw_strike() -> None:
    """Lao Jiu (Thirteen Orphans' immediate boost, 1 force; upstream ``seal_hand``):
    ``cards_from_hand {sealed, all of it}``: her whole hand (Cross, after paying Grasp)
    goes to the sealed area with no question, she draws 5, then a strike starts."""
    d = litchi(dict(space=3, hand=["thirteenorphans", "grasp", "cross"]),
               dict(space=6, hand=["block"]))
    boost(d, "thirteenorphans", "grasp")
    assert d.zone(P1, Zone.SEALED) == ["Cross"]
    assert len(d.zone(P1, Zone.HAND)) == 5
    assert d.state.strike is not None and d.state.strike.attacker == P1


def test_litchi_nine_gates_of_heaven_advance_on_buddy_space_powerup() -> None:
    """Nine Gates of Heaven (Astral Heat, 4 gauge, range 1, power 3, speed 7): ``before:
    advance 3, then [if on_buddy_space] powerup 6``: Litchi 1 -> 4, the staff's space,
    next to Nehtali on 5: 3 + 6 - 2 = 7 damage."""
    d = litchi(dict(space=1, buddies={M: 4}, hand=["ninegatesofheaven"], set_aside=[],
                    gauge=["grasp", "cross", "dive", "spike"]), dict(space=5, hand=["block"]))
    d.strike("ninegatesofheaven", "block")
    d.pay("grasp", "cross", "dive", "spike")
    assert d.space(P1) == 4 and 6 in _mods(d, P1, Stat.POWER)
    assert d.life(P2) == 23


def test_litchi_burst_draw_seal_this_boost_bonus_action() -> None:
    """Burst (Nine Gates' immediate boost): draw 2, sealed, another action."""
    d = litchi(dict(space=3, hand=["ninegatesofheaven"], set_aside=[]), dict(space=7))
    boost(d, "ninegatesofheaven")
    assert d.zone(P1, Zone.SEALED) == ["Nine Gates of Heaven"]
    assert len(d.zone(P1, Zone.HAND)) == 2 and _next(d) == P1


def test_litchi_place_buddy_off_the_arena_is_an_illegal_decision() -> None:
    """Bad input: Renchan's ``place_buddy_in_attack_range`` answered with space 0 (off
    the arena) is refused with an ``IllegalDecision`` naming the space asked and the
    spaces allowed (1, 2, 6, 7); the game is unchanged and the staff stays on 9."""
    d = litchi(dict(space=4, buddies={M: 9}, hand=["renchan"]), dict(space=6, hand=["block"]))
    d.strike("renchan", "block")
    before = d.state.copy()
    with pytest.raises(IllegalDecision) as raised:
        d.game.step(MoveTo(space=0))
    text = str(raised.value)
    assert "space=0" in text
    assert all(f"space={s}" in text for s in (1, 2, 6, 7))
    assert d.state == before and _staff(d) == [9]
