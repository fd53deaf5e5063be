"""Iron Tager (BlazBlue): his movement limit (at most 2 spaces per advance, retreat or
close effect or Move action; exceeded he may ignore it), his ability (initiating a
strike, 1 gauge to pull 2), his exceed side (+1 power, +4 guard), the Overdrive effect (pull 2 or pass),
his Astral Heat King of Tager brought in by the manual Reshuffle, and every attack and
boost.

Card facts: roster.md, "Iron Tager". Tager is P1 and Nehtali P2 (no ability, the
standard Normals): Block (power 0, speed 0, armor 2, guard 3, never hits), Assault
(range 1, power 4, speed 5, before: close 2, hit: advantage), Spike (range 2-3, power 5,
speed 3, guard 4), Sweep (range 1-3, power 6, speed 2, guard 6), Focus (range 1-2,
power 4, speed 1, armor 2, guard 5). A test's name contains the effect and condition
tags it exercises. The season's rules are in ``tests/engine/mechanics/test_blazblue.py``.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import CATALOG, P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChoiceRequest,
    ChooseOption,
    Exceed,
    IllegalDecision,
    MoveTo,
    PayForceRequest,
    PayGaugeRequest,
    Reshuffle,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import Stat

CHARS = ("tager", "nehtali")


def tager(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Iron Tager as P1 and Nehtali as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, who: Any, stat: Stat) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


# --- the deck -------------------------------------------------------------------------------


def test_tager_deck_thirty_cards_and_king_of_tager_set_aside() -> None:
    """Deck: the 8 standard Normals x2 and his 7 specials and ultras x2 (30 cards), King
    of Tager (his Astral Heat) set aside; exceed cost 5, life 30, movement limit 2."""
    char = CATALOG.character("tager")
    deck = CATALOG.deck_list("tager")
    assert len(deck) == 30
    assert {card: deck.count(card) for card in deck} == {entry.card: 2 for entry in char.deck}
    assert [(e.card, e.copies) for e in char.set_aside] == [("tager_kingoftager", 1)]
    assert "tager_kingoftager" not in deck
    assert (char.exceed_cost, char.life, char.season.value) == (5, 30, "blazblue")
    assert (char.movement_limit, char.movement_limit_optional_exceeded) == (2, True)
    kinds = [CATALOG.card(card).kind.value for card in deck]
    assert (kinds.count("normal"), kinds.count("special"), kinds.count("ultra")) == (16, 10, 4)
    d = tager(dict(), dict())
    assert d.area(P1, "set_aside") == ["King of Tager"]


# --- ability, movement limit, exceed side, overdrive ----------------------------------------


def test_tager_ability_set_strike_initiated_strike_gauge_for_effect_pull() -> None:
    """Ability ``set_strike: [if initiated_strike] gauge_for_effect 1: pull 2``: Tager
    (on 3) strikes Nehtali (on 7) and pays 1 gauge: she is pulled to 5 (crossing is not
    possible from 4 spaces away), into Sweep's range 1-3: 6 damage - Block's 2 armor."""
    d = tager(dict(space=3, hand=["sweep"], gauge=["grasp"]), dict(space=7, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "sweep")
    request = d.expect(PayGaugeRequest, P1)
    assert request.optional
    d.pay("grasp")
    d.set_attack(P2, "block")
    assert d.space(P2) == 5
    assert d.zone(P1, Zone.DISCARD)[:1] == ["Grasp"]
    assert d.life(P2) == 26


def test_tager_ability_gauge_for_effect_declined_no_pull() -> None:
    """The ability is optional: declining the gauge leaves Nehtali on 7 and Sweep
    misses (range 1-3 from 3); his gauge is kept."""
    d = tager(dict(space=3, hand=["sweep"], gauge=["grasp"]), dict(space=7, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "sweep")
    d.expect(PayGaugeRequest, P1)
    d.decline()
    d.set_attack(P2, "block")
    assert d.space(P2) == 7 and d.life(P2) == 30
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]


def test_tager_ability_not_initiated_strike_no_gauge_asked() -> None:
    """``[if initiated_strike]``: when Nehtali strikes, Tager's gauge is not asked for;
    her Assault closes 2 (6 -> 4, next to Tager on 3) into his Block."""
    d = tager(dict(space=3, hand=["block"], gauge=["grasp"]),
              dict(space=6, hand=["assault"]), active=P2)
    d.strike("assault", "block")
    assert not isinstance(d.pending, PayGaugeRequest)
    assert d.zone(P1, Zone.GAUGE)[:1] == ["Grasp"]
    assert d.space(P2) == 4


def test_tager_movement_limit_advance_at_most_two() -> None:
    """Character card, movement limit 2: Dive's ``before: advance 3`` moves Tager only
    2 spaces (1 -> 3), so Dive (range 1) misses Nehtali on 5."""
    d = tager(dict(space=1, hand=["dive"]), dict(space=5, hand=["block"]))
    d.strike("dive", "block")
    moved = [(e.src, e.dst) for e in d.events(ev.PlayerMoved) if e.player == P1]
    assert moved == [(1, 3)]
    assert d.life(P2) == 30


def test_tager_movement_limit_retreat_and_close_at_most_two() -> None:
    """The limit covers retreat and close too: Cross's ``after: retreat 3`` retreats 2
    (4 -> 2); Assault's ``before: close 2`` is within the limit (8 -> 6 next to 5)."""
    d = tager(dict(space=4, hand=["cross"]), dict(space=5, hand=["block"]))
    d.strike("cross", "block")
    assert d.space(P1) == 2
    d = tager(dict(space=8, hand=["assault"]), dict(space=5, hand=["block"]))
    d.strike("assault", "block")
    assert d.space(P1) == 6


def test_tager_movement_limit_covers_the_move_action() -> None:
    """Character card (roster.md, "Character flags", ``movement_limit``): he never moves
    more than 2 spaces at once by his own movement, the Move action included. From 1
    with 4 force, Moves to 2 and 3 are offered, 4 and 5 (3 and 4 spaces, as their force
    cost counts them) are not, and asking for 4 is an ``IllegalDecision``."""
    d = tager(dict(space=1, hand=["grasp", "cross", "dive", "spike"]), dict(space=7))
    request = d.expect(ActionRequest)
    moves = sorted(c.space for c in request.choices if isinstance(c, MoveTo))
    assert moves == [2, 3]
    before = d.state.copy()
    with pytest.raises(IllegalDecision):
        d.game.step(MoveTo(space=4))
    assert d.state == before
    d.act(MoveTo(space=3))
    d.pay("grasp", "cross")
    assert d.space(P1) == 3


def test_tager_move_action_limit_does_not_count_the_opponents_space_when_crossing() -> None:
    """Crossing: the limit counts spaces as movement does, the opponent's space not
    counted (core rulebook, Move: "When resolving movement (either from the move action
    or from movement effects), never count the opponent's space"), while the force cost
    still adds 1 for crossing. From 4 past Nehtali on 5 a Move to 7 is 2 spaces (legal,
    3 force, as Dive's ``advance 2`` would take him there) and to 8 is 3 (not offered)."""
    d = tager(dict(space=4, hand=["grasp", "cross", "dive", "spike"]), dict(space=5))
    moves = sorted(c.space for c in d.expect(ActionRequest).choices if isinstance(c, MoveTo))
    assert moves == [2, 3, 6, 7]
    d.act(MoveTo(space=7))
    assert d.expect(PayForceRequest, P1).amount == 3
    d.pay("grasp", "cross", "dive")
    assert d.space(P1) == 7


def test_tager_exceeded_move_action_limit_is_optional() -> None:
    """Exceeded (``movement_limit_optional_exceeded``) the limit is optional: every Move
    his force pays for is legal, and a 3-space Move (1 -> 4) takes him there."""
    d = tager(dict(space=1, hand=["dive", "spike", "sweep", "focus"], exceeded=True,
                   overdrive=["grasp", "cross"]), dict(space=7))
    d.select(P1, "grasp")
    d.choose("pass")
    moves = sorted(c.space for c in d.expect(ActionRequest).choices if isinstance(c, MoveTo))
    assert moves == [2, 3, 4, 5]
    d.act(MoveTo(space=4))
    d.pay("dive", "spike", "sweep")
    assert d.space(P1) == 4


def test_tager_exceeded_may_ignore_movement_limit_choice() -> None:
    """Exceeded with two overdrive cards (one is discarded at the turn start, he stays
    exceeded), Dive's ``advance 3`` asks: "advance 3 (ignore the movement limit)" or
    "advance 2". The full amount takes him 1 -> 4, next to Nehtali on 5, and Dive
    hits for 5 + 1 (exceed) - 2 (Block) = 4."""
    d = tager(dict(space=1, hand=["dive"], exceeded=True, overdrive=["grasp", "cross"]),
              dict(space=5, hand=["block"]))
    d.select(P1, "grasp")
    d.choose("pass")  # overdrive effect: pull 2 | pass
    d.strike("dive", "block")
    request = d.expect(ChoiceRequest, P1)
    assert request.labels == ("advance 3 (ignore the movement limit)", "advance 2")
    d.choose("advance 3")
    assert d.space(P1) == 4
    assert d.life(P2) == 26


def test_tager_exceeded_may_ignore_movement_limit_keep_limit() -> None:
    """The same choice, taking the limited amount: 1 -> 3, Dive misses."""
    d = tager(dict(space=1, hand=["dive"], exceeded=True, overdrive=["grasp", "cross"]),
              dict(space=5, hand=["block"]))
    d.select(P1, "grasp")
    d.choose("pass")
    d.strike("dive", "block")
    d.choose("advance 2")
    assert d.space(P1) == 3 and d.life(P2) == 30


def test_tager_exceeded_movement_choice_not_asked_when_both_end_alike() -> None:
    """No choice when the full and limited amounts end on the same space: Cross's
    ``retreat 3`` from 2 stops at the edge (1) either way."""
    d = tager(dict(space=2, hand=["cross"], exceeded=True, overdrive=["grasp", "cross"]),
              dict(space=3, hand=["block"]))
    d.select(P1, "grasp")
    d.choose("pass")
    d.strike("cross", "block")
    assert d.space(P1) == 1
    assert _next(d) == P2


def test_tager_bad_input_movement_choice_out_of_range_is_illegal() -> None:
    """Bad input: answering the movement-limit choice with an option it does not offer
    is an ``IllegalDecision`` naming the request; the game is unchanged."""
    d = tager(dict(space=1, hand=["dive"], exceeded=True, overdrive=["grasp", "cross"]),
              dict(space=5, hand=["block"]))
    d.select(P1, "grasp")
    d.choose("pass")
    d.strike("dive", "block")
    d.expect(ChoiceRequest, P1)
    before = d.state.copy()
    with pytest.raises(IllegalDecision) as raised:
        d.game.step(ChooseOption(index=2))
    assert "advance 3" in str(raised.value)
    assert d.state == before


def test_tager_exceed_ability_during_strike_powerup_guardup() -> None:
    """Exceed side ``during_strike: powerup 1, guardup 4``: Sweep hits for 6 + 1 = 7
    - 2 armor = 5; his guard is 6 + 4 = 10."""
    d = tager(dict(space=3, hand=["sweep"], exceeded=True, overdrive=["grasp", "cross"]),
              dict(space=5, hand=["block"]))
    d.select(P1, "grasp")
    d.choose("pass")
    d.strike("sweep", "block")
    assert 1 in _mods(d, P1, Stat.POWER) and 4 in _mods(d, P1, Stat.GUARD)
    assert d.life(P2) == 25


def test_tager_exceed_on_exceed_pass_overdrive_area() -> None:
    """Exceed (5 gauge) puts the five cards into the overdrive area; his kicker
    ``on_exceed: pass`` does nothing more: the turn passes to Nehtali."""
    gauge = ["grasp", "cross", "dive", "spike", "sweep"]
    d = tager(dict(gauge=gauge, hand=["focus"]), dict())
    d.act(Exceed())
    d.pay(*gauge)
    assert d.p(P1).exceeded
    assert d.area(P1, "overdrive") == ["Grasp", "Cross", "Dive", "Spike", "Sweep"]
    assert _next(d) == P2


def test_tager_overdrive_choice_pull() -> None:
    """Overdrive effect ``choice pull 2 | pass``: after the overdrive discard he pulls
    Nehtali from 7 to 5 (Tager on 3)."""
    d = tager(dict(space=3, exceeded=True, overdrive=["grasp", "cross"]), dict(space=7))
    d.select(P1, "cross")
    d.choose("pull")
    assert d.space(P2) == 5
    assert d.area(P1, "overdrive") == ["Grasp"] and _next(d) == P1


def test_tager_on_reshuffle_manual_reshuffle_add_set_aside_card_to_deck() -> None:
    """Ability ``on_reshuffle: [if manual_reshuffle] add_set_aside_card_to_deck``: the
    Reshuffle action brings King of Tager onto the deck (drawn at the end of turn)."""
    d = tager(dict(hand=["grasp"], discard=["cross", "dive"]), dict())
    d.act(Reshuffle())
    [added] = d.events(ev.SetAsideCardAdded)
    assert d.name(added.card) == "King of Tager"
    assert "King of Tager" in d.zone(P1, Zone.HAND)
    assert d.area(P1, "set_aside") == []


# --- specials -------------------------------------------------------------------------------


def test_tager_atomiccollider_before_pull_hit_choice_pull() -> None:
    """Atomic Collider (range 1-2, power 6, speed 3, guard 3): before: pull 2 (Nehtali
    7 -> 5, next to Tager on 4), hit: pull 1 or 2: pull 2 carries her past him (5 -> 2,
    his space not counted). 6 - 2 armor = 4 damage."""
    d = tager(dict(space=4, hand=["atomiccollider"]), dict(space=7, hand=["block"]))
    d.strike("atomiccollider", "block")
    assert d.space(P2) == 5
    d.choose("pull 2")
    assert d.space(P2) == 2
    assert d.life(P2) == 26


def test_tager_atomiccollider_boost_powerful_blow_powerup_strike() -> None:
    """Powerful Blow (Atomic Collider boost, continuous, 1 force): during_strike +2
    power; now: strike. Sweep hits for 6 + 2 = 8 - 2 armor = 6."""
    d = tager(dict(space=3, hand=["atomiccollider", "sweep", "grasp"]),
              dict(space=5, hand=["block"]))
    boost(d, "atomiccollider", "grasp")
    d.respond(P1, "sweep", "block")
    assert 2 in _mods(d, P1, Stat.POWER)
    assert d.life(P2) == 24


def test_tager_crimsonpunisher_ignore_armor_after_close() -> None:
    """Crimson Punisher (range 1, power 5, speed 1, armor 2, guard 5): ignore_armor
    (Block's 2 armor does not count: 5 damage), after: close 1 (Tager on 4 next to
    Nehtali on 5: no move)."""
    d = tager(dict(space=4, hand=["crimsonpunisher"]), dict(space=5, hand=["block"]))
    d.strike("crimsonpunisher", "block")
    assert d.life(P2) == 25
    d = tager(dict(space=3, hand=["crimsonpunisher"]), dict(space=5, hand=["sweep"]))
    d.strike("crimsonpunisher", "sweep")
    # Sweep (speed 2) hits first: 6 - 2 armor = 4, not above guard 5; Crimson misses at
    # range 2, then closes
    assert d.life(P1) == 26 and d.life(P2) == 30
    assert d.space(P1) == 4


def test_tager_crimsonpunisher_boost_reach_rangeup_strike() -> None:
    """Reach (Crimson Punisher boost, continuous, 1 force): during_strike range +0/+1;
    now: strike. Grasp (range 1, 1-2 with Reach) hits Nehtali 2 away: 3 - 2 armor = 1,
    then pushes her 1."""
    d = tager(dict(space=3, hand=["crimsonpunisher", "grasp", "cross"]),
              dict(space=5, hand=["block"]))
    boost(d, "crimsonpunisher", "cross")
    d.respond(P1, "grasp", "block")
    assert 1 in _mods(d, P1, Stat.MAX_RANGE)
    d.choose("push 1")  # Grasp's hit
    assert d.life(P2) == 29 and d.space(P2) == 6


def test_tager_gigantictagerdriver_hit_opponent_discard_random() -> None:
    """Gigantic Tager Driver (1 force, range 1, power 7, speed 5): hit: the opponent
    discards 1 random card. 7 - 2 armor = 5; Nehtali's hand of 2 becomes 1."""
    d = tager(dict(space=4, hand=["gigantictagerdriver", "grasp"]),
              dict(space=5, hand=["block", "cross", "dive"]))
    d.strike("gigantictagerdriver", "block")
    d.pay("grasp")
    d.decline()  # Block: Nehtali spends no force for armor
    assert d.life(P2) == 25
    discarded = [e for e in d.events(ev.CardMoved)
                 if e.player == P2 and e.src is Zone.HAND and e.dst is Zone.DISCARD]
    assert len(discarded) == 1 and len(d.zone(P2, Zone.HAND)) == 1


def test_tager_gigantictagerdriver_boost_voltic_charge_armorup() -> None:
    """Voltic Charge (Gigantic Tager Driver boost, continuous, free): during_strike +3
    armor. Nehtali strikes with Sweep (6): 6 - 3 = 3 damage to Tager."""
    d = tager(dict(space=4, hand=["gigantictagerdriver", "block"]),
              dict(space=5, hand=["sweep"]))
    boost(d, "gigantictagerdriver")
    assert _next(d) == P2
    d.strike("sweep", "block")  # Nehtali's Sweep into his Block (2 armor) + Voltic Charge
    assert 3 in _mods(d, P1, Stat.ARMOR)
    assert d.life(P1) == 29


def test_tager_sledgehammer_before_close_hit_close() -> None:
    """Sledgehammer (range 1-2, power 4, speed 4, armor 1, guard 3): before: close 1
    (2 -> 3, Nehtali on 5: range 2), hit: close 1 (3 -> 4). 4 - 2 armor = 2."""
    d = tager(dict(space=2, hand=["sledgehammer"]), dict(space=5, hand=["block"]))
    d.strike("sledgehammer", "block")
    assert [(e.src, e.dst) for e in d.events(ev.PlayerMoved) if e.player == P1] == [
        (2, 3), (3, 4)]
    assert d.life(P2) == 28


def test_tager_sledgehammer_boost_gadget_finger_range_add_to_gauge_boost_play_cleanup_draw() -> None:
    """Gadget Finger (Sledgehammer boost, immediate): [if range 1] the boost goes to
    gauge (not discard) and Tager draws 1."""
    d = tager(dict(space=4, hand=["sledgehammer"], deck=["cross"]), dict(space=5))
    boost(d, "sledgehammer")
    assert d.zone(P1, Zone.GAUGE) == ["Sledgehammer"]
    assert "Cross" in d.zone(P1, Zone.HAND)


def test_tager_sledgehammer_boost_gadget_finger_not_at_range_one() -> None:
    """Gadget Finger away from range 1: nothing; the boost is discarded, no draw (the
    end-of-turn draw only)."""
    d = tager(dict(space=3, hand=["sledgehammer"], deck=["cross", "dive"]), dict(space=5))
    boost(d, "sledgehammer")
    assert d.zone(P1, Zone.GAUGE) == []
    assert d.zone(P1, Zone.DISCARD) == ["Sledgehammer"]
    assert d.zone(P1, Zone.HAND) == ["Cross"]


def test_tager_sparkbolt_speedup_count_gauge_hit_pull_gain_advantage() -> None:
    """Spark Bolt (1 force, range 3-8, power 4, speed 1): during_strike +1 speed per
    gauge card (upstream ``speedup_amount_in_gauge``): with 3 gauge, speed 4 beats
    Spike's 3; 4 damage (Spike has no armor); hit: pull 2 (Nehtali 6 -> 4, toward Tager
    on 2) and advantage: Tager acts next."""
    d = tager(dict(space=2, hand=["sparkbolt", "grasp"], gauge=["cross", "dive", "focus"]),
              dict(space=6, hand=["spike"]))
    d.strike("sparkbolt", "spike")
    d.pay("grasp")
    assert 3 in _mods(d, P1, Stat.SPEED)
    assert d.life(P2) == 26
    assert d.space(P2) == 4
    assert _next(d) == P1


def test_tager_sparkbolt_boost_heavy_speedup_armorup_ignore_push_and_pull_passive_bonus() -> None:
    """Heavy (Spark Bolt boost, continuous): during_strike -2 speed and +4 armor; now:
    ``ignore_push_and_pull_passive_bonus`` (Nehtali's Grasp cannot move him) until
    ``discarded: remove_ignore_push_and_pull_passive_bonus`` at cleanup."""
    d = tager(dict(space=4, hand=["sparkbolt", "sweep"]), dict(space=5, hand=["grasp"]))
    boost(d, "sparkbolt")
    assert len(d.events(ev.PassiveGained)) == 1
    d.strike("grasp", "sweep")
    assert -2 in _mods(d, P1, Stat.SPEED) and 4 in _mods(d, P1, Stat.ARMOR)
    d.choose("push 2")  # Nehtali's Grasp hits first (3 - 4 armor: no damage)
    assert d.space(P1) == 4 and d.life(P1) == 30
    assert d.life(P2) == 24  # Sweep hits back for 6
    assert len(d.events(ev.PassiveRemoved)) == 1
    assert d.zone(P1, Zone.BOOSTS) == []


# --- ultras ---------------------------------------------------------------------------------


def test_tager_tagerbuster_before_gauge_for_effect_per_gauge_pull() -> None:
    """Genesic Emerald Tager Buster (4 gauge, range 1, power 10, speed 6): before: up to
    2 more gauge for pull 1 each: Nehtali pulled 6 -> 4, next to Tager on 3: 10 - 2 = 8."""
    gauge = ["grasp", "cross", "dive", "spike", "sweep", "focus"]
    d = tager(dict(space=3, hand=["tagerbuster"], gauge=gauge), dict(space=6, hand=["block"]))
    d.strike("tagerbuster", "block")
    d.pay("grasp", "cross", "dive", "spike")
    d.choose("spend 2 gauge")
    d.pay("sweep", "focus")
    assert d.space(P2) == 4
    assert d.life(P2) == 22


def test_tager_tagerbuster_boost_charge_in_close_strike() -> None:
    """Charge In (Tager Buster boost, immediate): close 2 then strike: Tager 2 -> 4 next
    to Nehtali on 5; Grasp hits."""
    d = tager(dict(space=2, hand=["tagerbuster", "grasp"]), dict(space=5, hand=["block"]))
    boost(d, "tagerbuster")
    assert d.space(P1) == 4
    d.respond(P1, "grasp", "block")
    d.choose("pull 1")  # Grasp's hit
    assert d.life(P2) == 29


def test_tager_magnatechwheel_per_gauge_close_hit_exceeded_powerup() -> None:
    """Magna Tech Wheel (3 gauge, range 1, power 8, speed 1, armor 2, guard 6): before:
    up to 2 gauge for close 1 each (3 -> 5 next to 6); hit: [if exceeded] +4 power:
    exceeded, 8 + 1 + 4 = 13 - 2 armor = 11."""
    gauge = ["grasp", "cross", "dive", "spike", "sweep"]
    d = tager(dict(space=3, hand=["magnatechwheel"], gauge=gauge, exceeded=True,
                   overdrive=["focus", "assault"]), dict(space=6, hand=["block"]))
    d.select(P1, "focus")
    d.choose("pass")
    d.strike("magnatechwheel", "block")
    d.pay("grasp", "cross", "dive")
    d.choose("spend 2 gauge")
    d.pay("spike", "sweep")
    assert d.space(P1) == 5
    assert d.life(P2) == 19


def test_tager_magnatechwheel_not_exceeded_no_powerup() -> None:
    """Not exceeded: 8 - 2 armor = 6; one gauge closes 1 (4 -> 5)."""
    gauge = ["grasp", "cross", "dive", "spike"]
    d = tager(dict(space=4, hand=["magnatechwheel"], gauge=gauge), dict(space=6, hand=["block"]))
    d.strike("magnatechwheel", "block")
    d.pay("grasp", "cross", "dive")
    d.choose("spend 1 gauge")
    d.pay("spike")
    assert d.space(P1) == 5 and d.life(P2) == 24


def test_tager_magnatechwheel_boost_demon_cells_powerup_armorup_guardup() -> None:
    """Demon Cells (Magna Tech Wheel boost, continuous, 1 force): during_strike +2
    power, +2 armor, +2 guard. Sweep 6 + 2 = 8 - 2 = 6."""
    d = tager(dict(space=3, hand=["magnatechwheel", "sweep", "grasp"]),
              dict(space=5, hand=["block"]))
    boost(d, "magnatechwheel", "grasp")
    d.strike("block", "sweep")  # Nehtali's turn: her Block, his Sweep
    assert [2, 2, 2] == [_mods(d, P1, s)[0] for s in (Stat.POWER, Stat.ARMOR, Stat.GUARD)]
    assert d.life(P2) == 24


def test_tager_kingoftager_before_choice_pull_when_hit_armorup_count_gauge() -> None:
    """King of Tager (4 gauge, range 1, power 16, speed 0, guard 3): before: pull 1 or
    2; when hit: +3 armor per gauge card (upstream ``armorup_times_gauge 3``). King
    (speed 0) pulls Nehtali 3 -> 4 first; her Sweep (speed 2) hits him into 2 gauge x 3
    = 6 armor: no damage; King hits back for 16 (Sweep has no armor)."""
    gauge = ["grasp", "cross", "dive", "spike", "focus", "assault"]
    d = tager(dict(space=5, hand=["kingoftager"], gauge=gauge, set_aside=[]),
              dict(space=3, hand=["sweep"]))
    d.strike("kingoftager", "sweep")
    d.pay("grasp", "cross", "dive", "spike")
    d.choose("pull 1")
    assert d.space(P2) == 4
    assert 6 in _mods(d, P1, Stat.ARMOR)
    assert d.life(P1) == 30
    assert d.life(P2) == 30 - 16


def test_tager_kingoftager_boost_burst_draw_seal_this_boost_bonus_action() -> None:
    """Burst (King of Tager boost, immediate): draw 2, the card is sealed, and Tager
    takes a bonus action (he acts again)."""
    d = tager(dict(hand=["kingoftager"], set_aside=[], deck=["cross", "dive"]), dict())
    boost(d, "kingoftager")
    assert d.zone(P1, Zone.SEALED) == ["King of Tager"]
    assert sorted(d.zone(P1, Zone.HAND)) == ["Cross", "Dive"]
    assert _next(d) == P1
