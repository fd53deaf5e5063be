"""Merkava (Under Night In-Birth): his character actions (advance or retreat by the
power of his revealed top card; exceeded, by the power of a spent gauge card; the
Revert), his buddy I, Persistently Cling (his attack placed on a space and measured
from there), and every attack and boost.

Card facts: roster.md, "Merkava". Merkava is P1 (the ``uni`` Normals) and Nehtali P2
(no ability, the standard Normals): Block (power 0, speed 0, armor 2, guard 3, never
hits), Assault (range 1, power 4, speed 5, before: close 2, hit: advantage), Sweep
(range 1-3, power 6, speed 2, guard 6). A test's name contains the effect and
condition tags it exercises.
"""

from __future__ import annotations

from typing import Any

from conftest import CATALOG, P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    ChoiceRequest,
    MoveTo,
    PayGaugeRequest,
    SetAttackRequest,
    SpaceRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import Stat
from engine.knowledge.views import observe
from engine.mechanics.buddies.state import buddy_spaces
from engine.play.heuristic import HeuristicAgent
from engine.play.scenario import Scenario

CHARS = ("merkava", "nehtali")
CLING = "merkava_ipersistentlycling"


def merkava(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Merkava as P1 and Nehtali as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, who: Any, stat: Stat) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


def _revealed(d: Driver) -> list[str]:
    return [d.name(e.card) for e in d.events(ev.TopDeckRevealed)]


# --- character actions ----------------------------------------------------------------------


def test_merkava_action_reveal_topdeck_set_strike_x_top_deck_power_choice_advance() -> None:
    """Default character action (outside a strike): ``reveal_topdeck``, then
    ``set_strike_x top_deck_power``, then ``choice advance strike_x | retreat
    strike_x``: the top card is Spike (power 5), revealed to both and left on top
    (his end-of-turn draw takes it); Merkava advances 5 (2 -> 7) and his turn ends."""
    d = merkava(dict(space=2, deck=["spike", "grasp"]), dict(space=8))
    d.act(CharacterAction(index=0))
    assert _revealed(d) == ["Spike"]
    request = d.expect(ChoiceRequest, P1)
    assert len(request.labels) == 2
    d.choose("advance")
    assert d.space(P1) == 7
    assert d.zone(P1, Zone.HAND) == ["Spike"]
    assert _next(d) == P2


def test_merkava_action_choice_retreat_strike_x() -> None:
    """Default character action, retreat: the top card is Grasp (power 3); Merkava on
    5 retreats 3 away from Nehtali on 6, to 2."""
    d = merkava(dict(space=5, deck=["grasp"]), dict(space=6))
    d.act(CharacterAction(index=0))
    d.choose("retreat")
    assert d.space(P1) == 2


def test_merkava_exceeded_action_gauge_cost_set_strike_x_top_discard_power() -> None:
    """Exceeded character action #0 (1 gauge): the spent card goes to the discard pile
    and ``set_strike_x top_discard_power`` reads it: Dive (power 5) spent, Merkava
    advances 5 from 1 to 6."""
    d = merkava(dict(space=1, gauge=["dive"], exceeded=True), dict(space=8))
    d.act(CharacterAction(index=0))
    d.pay("dive")
    assert d.zone(P1, Zone.DISCARD) == ["Dive"]
    d.choose("advance")
    assert d.space(P1) == 6
    assert d.zone(P1, Zone.GAUGE) == []


def test_merkava_exceeded_action_revert_cards_from_hand_bonus_action() -> None:
    """Exceeded character action #1 "Revert": a card from hand to gauge, ``revert``,
    then a bonus action: Merkava is no longer exceeded and acts again."""
    d = merkava(dict(space=3, hand=["grasp", "cross"], exceeded=True), dict(space=6))
    d.act(CharacterAction(index=1))
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.events(ev.Reverted) == [ev.Reverted(player=P1)]
    assert not d.p(P1).exceeded
    assert _next(d) == P1


# --- I, Agitate / Lie In Wait ---------------------------------------------------------------


def test_merkava_iagitate_hit_reveal_topdeck_push_strike_x() -> None:
    """I, Agitate: ``hit: reveal_topdeck, then set_strike_x top_deck_power, then choice
    push strike_x | pull strike_x``: it hits Block (5 - 2 armor = 3 damage), the top
    card is Spike (power 5) and Nehtali is pushed 5 (4 -> 9)."""
    d = merkava(dict(space=3, hand=["iagitate"], deck=["spike"]),
                dict(space=4, hand=["block"]))
    d.strike("iagitate", "block")
    assert _revealed(d) == ["Spike"]
    d.choose("push")
    assert d.space(P2) == 9
    assert d.life(P2) == 27


def test_merkava_iagitate_hit_pull_strike_x() -> None:
    """I, Agitate, pull: the top card is Cross (power 3); Nehtali on 6 is pulled 3
    toward and past Merkava on 4 (his space is not counted): 6 -> 2."""
    d = merkava(dict(space=4, hand=["iagitate"], deck=["cross"]),
                dict(space=6, hand=["block"]))
    d.strike("iagitate", "block")
    d.choose("pull")
    assert d.space(P2) == 2


def test_merkava_lieinwait_guardup_3_discarded_draw_2() -> None:
    """Lie In Wait (I, Agitate's boost) in play: Merkava's Block gets guard 3 + 3 = 6,
    so Sweep's 6 - 2 armor = 4 damage does not stun him; at cleanup the boost is
    discarded and its ``discarded: draw 2`` draws 2."""
    builder = Scenario("merkava", "nehtali", CATALOG)
    builder.player(P1, space=4, boosts=["iagitate"], hand=["block"],
                   deck=["grasp", "cross", "dive"])
    builder.player(P2, space=6, hand=["sweep"])
    builder.active(P2)
    d = Driver(builder.game(0))
    d.strike("sweep", "block")
    assert _mods(d, P1, Stat.GUARD) == [3]
    assert d.life(P1) == 26
    assert not d.events(ev.PlayerStunned)
    assert d.zone(P1, Zone.DISCARD) == ["I, Agitate"]
    assert sorted(d.zone(P1, Zone.HAND)) == ["Cross", "Grasp"]


# --- I, Breathe Out / Instant Flight --------------------------------------------------------


def test_merkava_ibreatheout_after_retreat_2_return_attack_to_top_of_deck() -> None:
    """I, Breathe Out: ``after: retreat 2, then choice return_attack_to_top_of_deck |
    pass``: it hits Block at range 2 (3 - 2 = 1 damage), Merkava retreats 4 -> 2 and
    puts the card on top of his deck instead of his gauge."""
    d = merkava(dict(space=4, hand=["ibreatheout"]), dict(space=6, hand=["block"]))
    d.strike("ibreatheout", "block")
    assert d.life(P2) == 29
    assert d.space(P1) == 2
    d.choose("return attack to top of deck")
    assert d.zone(P1, Zone.DECK)[0] == "I, Breathe Out"
    assert d.zone(P1, Zone.GAUGE) == []


def test_merkava_ibreatheout_after_choice_pass_to_gauge() -> None:
    """I, Breathe Out, pass: the card stays in the strike and goes to gauge (it hit)."""
    d = merkava(dict(space=4, hand=["ibreatheout"]), dict(space=6, hand=["block"]))
    d.strike("ibreatheout", "block")
    d.choose("pass")
    assert d.zone(P1, Zone.GAUGE) == ["I, Breathe Out"]


def test_merkava_instantflight_before_reveal_topdeck_advance_strike_x() -> None:
    """Instant Flight (I, Breathe Out's boost) in play: ``before: reveal_topdeck, then
    set_strike_x top_deck_power, then choice advance strike_x | retreat strike_x``:
    Merkava's Grasp (range 1) from 2 reveals Cross (power 3) and advances 3 to 5, next
    to Nehtali on 6, and hits Block: 3 - 2 armor = 1 damage."""
    d = merkava(dict(space=2, hand=["grasp"], boosts=["ibreatheout"], deck=["cross"]),
                dict(space=6, hand=["block"]))
    d.strike("grasp", "block")
    assert _revealed(d) == ["Cross"]
    d.choose("advance")
    assert d.space(P1) == 5
    d.choose("push")
    assert d.life(P2) == 29


# --- I, Capture and Devour / Slithering -----------------------------------------------------


def test_merkava_icaptureanddevour_hit_close_5_gain_advantage() -> None:
    """I, Capture and Devour (range 3-6): it hits Block at range 4 (1 - 2 armor: no
    damage), Merkava closes 5 but stops next to Nehtali (2 -> 5) and gains advantage:
    he takes the next turn."""
    d = merkava(dict(space=2, hand=["icaptureanddevour"]), dict(space=6, hand=["block"]))
    d.strike("icaptureanddevour", "block")
    assert d.events(ev.AttackHit)[0].player == P1
    assert d.space(P1) == 5
    assert d.life(P2) == 30
    assert _next(d) == P1


def test_merkava_slithering_before_choice_retreat_1() -> None:
    """Slithering (I, Capture and Devour's boost) in play: ``before: choice advance 1 |
    retreat 1``: Merkava's Sweep (range 1-3) retreats from 3 to 2 and still reaches
    Nehtali on 5 (6 - 2 armor = 4 damage)."""
    d = merkava(dict(space=3, hand=["sweep"], boosts=["icaptureanddevour"]),
                dict(space=5, hand=["block"]))
    d.strike("sweep", "block")
    d.choose("retreat")
    assert d.space(P1) == 2
    assert d.life(P2) == 26


# --- I, Drill Through / Madness -------------------------------------------------------------


def test_merkava_idrillthrough_before_force_for_effect_powerup_close() -> None:
    """I, Drill Through (range 1): ``before: force_for_effect`` up to 3, per force
    ``powerup 1, then close 1``: 2 force closes 3 -> 5 next to Nehtali on 6, power
    2 + 2 = 4 on Block: 2 damage."""
    d = merkava(dict(space=3, hand=["idrillthrough", "grasp", "cross"]),
                dict(space=6, hand=["block"]))
    d.strike("idrillthrough", "block")
    d.choose("spend 2 force")
    d.pay("grasp", "cross")
    assert _mods(d, P1, Stat.POWER) == [1, 1]
    assert d.space(P1) == 5
    assert d.life(P2) == 28


def test_merkava_madness_now_strike_hit_max_cards_in_hand_powerup_4() -> None:
    """Madness (I, Drill Through's boost): ``now: strike``; ``hit: [if
    max_cards_in_hand 0] powerup 4``: Merkava's last card, Grasp, hits with 3 + 4 = 7
    power on Block (5 damage)."""
    d = merkava(dict(space=5, hand=["idrillthrough", "grasp"]), dict(space=6, hand=["block"]))
    boost(d, "idrillthrough")
    d.respond(P1, "grasp", "block")
    d.choose("push")
    assert _mods(d, P1, Stat.POWER) == [4]
    assert d.life(P2) == 25


def test_merkava_madness_cards_in_hand_no_powerup() -> None:
    """Madness with a card left in hand: no +4 (Grasp 3 - 2 armor = 1 damage)."""
    d = merkava(dict(space=5, hand=["idrillthrough", "grasp", "cross"]),
                dict(space=6, hand=["block"]))
    boost(d, "idrillthrough")
    d.respond(P1, "grasp", "block")
    d.choose("push")
    assert _mods(d, P1, Stat.POWER) == []
    assert d.life(P2) == 29


# --- I, Persistently Cling / Wide -----------------------------------------------------------


def test_merkava_ipersistentlycling_place_buddy_reveal_strike_range_from_buddy_hit() -> None:
    """I, Persistently Cling (range 0, power 7): ``set_strike: [if was_not_wild_swing]
    place_buddy_in_any_space {optional}``, then ``[if buddy_in_play] reveal_strike,
    then calculate_range_from_buddy``: Merkava on 2 places his attack on Nehtali's space
    7; it is face-up before Nehtali sets, and hits him there (7 - 2 = 5 damage); at
    cleanup ``remove_buddy`` takes it away and the card goes to gauge."""
    d = merkava(dict(space=2, hand=["ipersistentlycling"]), dict(space=7, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "ipersistentlycling")
    d.choose("place buddy")
    assert len(d.expect(SpaceRequest, P1).choices) == 9
    d.move_to(P1, 7)
    assert d.events(ev.BuddyPlaced) == [ev.BuddyPlaced(player=P1, buddy=CLING, space=7)]
    assert d.events(ev.AttackTurnedFaceUp)
    d.set_attack(P2, "block")
    assert d.events(ev.RangeFromBuddySet) == [ev.RangeFromBuddySet(player=P1, buddy=CLING)]
    assert d.life(P2) == 25
    assert d.events(ev.BuddyRemoved) == [ev.BuddyRemoved(player=P1, buddy=CLING)]
    assert buddy_spaces(d.game.table, P1) == []
    assert d.zone(P1, Zone.GAUGE) == ["I, Persistently Cling"]


def test_merkava_ipersistentlycling_not_hit_opponent_return_attack_to_hand() -> None:
    """I, Persistently Cling placed on Nehtali's space 7, but his Assault (speed 5)
    goes first and closes 2 (7 -> 5, next to Merkava on 4): the attack, measured from
    space 7, misses, so ``after: [if not_hit_opponent] return_attack_to_hand`` puts it
    back in Merkava's hand; the buddy is removed at cleanup."""
    d = merkava(dict(space=4, hand=["ipersistentlycling"]), dict(space=7, hand=["assault"]))
    d.act(Strike())
    d.set_attack(P1, "ipersistentlycling")
    d.choose("place buddy")
    d.move_to(P1, 7)
    d.set_attack(P2, "assault")
    assert d.space(P2) == 5
    assert [(e.player, e.reason) for e in d.events(ev.AttackMissed)] == [
        (P1, ev.MissReason.OUT_OF_RANGE)]
    assert d.zone(P1, Zone.HAND) == ["I, Persistently Cling"]
    assert d.zone(P1, Zone.DISCARD) == []
    assert buddy_spaces(d.game.table, P1) == []


def test_merkava_ipersistentlycling_pass_no_buddy_range_from_merkava() -> None:
    """I, Persistently Cling, not placed (optional: pass): no buddy, no reveal, and the
    range 0 is measured from Merkava, so it misses and returns to his hand."""
    d = merkava(dict(space=4, hand=["ipersistentlycling"]), dict(space=5, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "ipersistentlycling")
    d.choose("pass")
    d.set_attack(P2, "block")
    assert d.events(ev.BuddyPlaced) == [] and d.events(ev.RangeFromBuddySet) == []
    assert not d.events(ev.AttackTurnedFaceUp)
    assert d.events(ev.AttackMissed)[0].player == P1
    assert d.zone(P1, Zone.HAND) == ["I, Persistently Cling"]


def test_merkava_ipersistentlycling_was_wild_swing_no_placement() -> None:
    """I, Persistently Cling wild-swung (``was_not_wild_swing`` fails): Merkava is not
    asked to place it; it misses and goes back to his hand."""
    d = merkava(dict(space=4, hand=[], deck=["ipersistentlycling"]),
                dict(space=5, hand=["block"]))
    d.act(Strike())
    assert d.expect(SetAttackRequest, P2)  # Merkava's empty hand: a forced wild swing
    d.set_attack(P2, "block")
    assert d.events(ev.BuddyPlaced) == []
    assert d.zone(P1, Zone.HAND) == ["I, Persistently Cling"]


def test_merkava_wide_now_choice_advance_1_during_strike_rangeup() -> None:
    """Wide (I, Persistently Cling's boost): ``now: choice advance 1 | retreat 1``
    (Merkava advances 3 -> 4); in his next strike ``rangeup 0/1`` lets Grasp (range 1)
    reach Nehtali 2 spaces away."""
    d = merkava(dict(space=3, hand=["ipersistentlycling", "grasp"]), dict(space=7))
    boost(d, "ipersistentlycling")
    d.choose("advance")
    assert d.space(P1) == 4
    builder = Scenario("merkava", "nehtali", CATALOG)
    builder.player(P1, space=4, hand=["grasp"], boosts=["ipersistentlycling"])
    builder.player(P2, space=6, hand=["block"])
    d = Driver(builder.game(0))
    d.strike("grasp", "block")
    assert _mods(d, P1, Stat.MAX_RANGE) == [1]
    assert d.events(ev.AttackHit)[0].player == P1


# --- I, Rampage / Deflection ----------------------------------------------------------------


def test_merkava_irampage_before_advance_3_hit_choice_pull_after_return_to_deck() -> None:
    """I, Rampage: ``before: advance 3`` (2 -> 5), it hits Block on 7 at range 2 (4 - 2
    = 2 damage), ``hit: choice push 1 | pull 1`` pulls Nehtali to 6, and ``after:
    choice return_attack_to_top_of_deck | pass`` returns it to the deck."""
    d = merkava(dict(space=2, hand=["irampage"]), dict(space=7, hand=["block"]))
    d.strike("irampage", "block")
    assert d.space(P1) == 5
    d.choose("pull")
    assert d.space(P2) == 6
    assert d.life(P2) == 28
    d.choose("return attack to top of deck")
    assert d.zone(P1, Zone.DECK)[0] == "I, Rampage"


def test_merkava_deflection_powerup_1_hit_armorup_current_power() -> None:
    """Deflection (I, Rampage's boost) in play: ``during_strike: powerup 1``; ``hit:
    armorup {count: power}`` (its current total power, as Wagner's Deflection): Grasp
    (speed 7) hits first with 3 + 1 = 4 power and Merkava gains 4 armor, so Nehtali's Sweep (6) deals only 2."""
    d = merkava(dict(space=4, hand=["grasp"], boosts=["irampage"]),
                dict(space=5, hand=["sweep"]))
    d.strike("grasp", "sweep")
    d.choose("push")
    assert _mods(d, P1, Stat.ARMOR) == [4]
    assert d.life(P2) == 26
    assert d.life(P1) == 28


# --- I, Defile / Dark Bite ------------------------------------------------------------------


def test_merkava_idefile_gauge_cost_set_to_range_to_opponent_power_is_distance() -> None:
    """I, Defile (8 gauge, range 1-8, power "range to opponent"): the
    ``set_to_range_to_opponent`` rule makes it cost the distance (5, from 2 to 7), and
    its printed power is the distance (``power_is_range_to_opponent``, no power bonus):
    5 - 2 armor = 3 damage."""
    d = merkava(dict(space=2, hand=["idefile"], gauge=["grasp", "cross", "dive", "spike",
                                                       "sweep", "focus"]),
                dict(space=7, hand=["block"]))
    d.strike("idefile", "block")
    assert d.expect(PayGaugeRequest, P1).amount == 5
    d.pay("grasp", "cross", "dive", "spike", "sweep")
    assert d.zone(P1, Zone.GAUGE) == ["Focus", "I, Defile"]
    assert _mods(d, P1, Stat.POWER) == []
    assert d.life(P2) == 27


def test_merkava_idefile_unaffordable_at_range_invalid() -> None:
    """I, Defile 4 spaces away with 3 gauge: it costs 4, cannot be paid, and is invalid
    (discarded; Merkava wild swings instead)."""
    d = merkava(dict(space=2, hand=["idefile"], gauge=["grasp", "cross", "dive"],
                     deck=["block"]),
                dict(space=6, hand=["block"]))
    d.strike("idefile", "block")
    assert [d.name(e.card) for e in d.events(ev.AttackInvalid)] == ["I, Defile"]


def test_merkava_darkbite_now_strike_attack_includes_range_1() -> None:
    """Dark Bite (I, Defile's boost): ``now: strike``; ``during_strike:
    attack_includes_range 1``: I, Capture and Devour (range 3-6) also hits Nehtali
    right next to Merkava (1 - 2 armor: no damage, but it hits: close, advantage)."""
    d = merkava(dict(space=4, hand=["idefile", "icaptureanddevour"]),
                dict(space=5, hand=["block"]))
    boost(d, "idefile")
    d.respond(P1, "icaptureanddevour", "block")
    assert d.events(ev.RangeIncluded) == [ev.RangeIncluded(player=P1, distance=1)]
    assert d.events(ev.AttackHit)[0].player == P1
    assert _next(d) == P1


def test_merkava_capture_without_dark_bite_misses_adjacent() -> None:
    """Without Dark Bite, I, Capture and Devour (range 3-6) misses an adjacent
    opponent."""
    d = merkava(dict(space=4, hand=["icaptureanddevour"]), dict(space=5, hand=["block"]))
    d.strike("icaptureanddevour", "block")
    assert [(e.player, e.reason) for e in d.events(ev.AttackMissed) if e.player == P1] == [
        (P1, ev.MissReason.OUT_OF_RANGE)]


# --- I, Resentfully Rage / Jormungandr ------------------------------------------------------


def test_merkava_iresentfullyrage_hit_push_to_range_5() -> None:
    """I, Resentfully Rage (3 gauge): ``hit: push_to_range 5``: Nehtali on 4, next to
    Merkava on 3, is pushed until 5 spaces away (to 8); 6 - 2 = 4 damage; ``after:
    choice return_attack_to_top_of_deck | pass``."""
    d = merkava(dict(space=3, hand=["iresentfullyrage"], gauge=["grasp", "cross", "dive"]),
                dict(space=4, hand=["block"]))
    d.strike("iresentfullyrage", "block")
    d.pay("grasp", "cross", "dive")
    assert d.space(P2) == 8
    assert d.life(P2) == 26
    d.choose("pass")
    assert d.zone(P1, Zone.GAUGE) == ["I, Resentfully Rage"]


def test_merkava_push_to_range_stopped_by_arena_edge() -> None:
    """``push_to_range 5`` from Merkava on 6: Nehtali on 8 would need to go to 11; the
    arena's edge stops him on 9."""
    d = merkava(dict(space=6, hand=["iresentfullyrage"], gauge=["grasp", "cross", "dive"]),
                dict(space=8, hand=["block"]))
    d.strike("iresentfullyrage", "block")
    d.pay("grasp", "cross", "dive")
    assert d.space(P2) == 9
    d.choose("pass")


def test_merkava_jormungandr_is_normal_attack_rangeup_1_2() -> None:
    """Jormungandr (I, Resentfully Rage's boost) in play: ``during_strike: [if
    is_normal_attack] rangeup 1/2``: Grasp (range 1) becomes 2-3 and hits Nehtali 3
    away; after a Normal the boost is not sustained (discarded at cleanup)."""
    d = merkava(dict(space=3, hand=["grasp"], boosts=["iresentfullyrage"]),
                dict(space=6, hand=["block"]))
    d.strike("grasp", "block")
    assert _mods(d, P1, Stat.MIN_RANGE) == [1]
    assert _mods(d, P1, Stat.MAX_RANGE) == [2]
    assert d.events(ev.AttackHit)[0].player == P1
    d.choose("push")
    assert d.zone(P1, Zone.DISCARD) == ["I, Resentfully Rage"]


def test_merkava_jormungandr_is_special_or_ultra_attack_sustain_this() -> None:
    """Jormungandr with a Special (I, Agitate): no range bonus, and ``after: [if
    is_special_or_ultra_attack] sustain_this`` keeps the boost in play after cleanup."""
    d = merkava(dict(space=3, hand=["iagitate"], boosts=["iresentfullyrage"], deck=["grasp"]),
                dict(space=4, hand=["block"]))
    d.strike("iagitate", "block")
    assert _mods(d, P1, Stat.MAX_RANGE) == []
    d.choose("push")
    assert d.zone(P1, Zone.BOOSTS) == ["I, Resentfully Rage"]


def test_merkava_deck_list_32_cards() -> None:
    """Merkava's deck is 32 cards (roster.md): the uni Normals and his 8 cards, two of
    each."""
    deck = CATALOG.deck_list("merkava")
    assert len(deck) == 32
    assert sum(card.startswith("uni_normal_") for card in deck) == 16


# --- the heuristic agent --------------------------------------------------------------------


def test_merkava_heuristic_places_persistently_cling_on_the_opponent() -> None:
    """The heuristic agent takes the optional placement of I, Persistently Cling and,
    its range being 0 from where it is placed, puts it on the opponent's space (7), not
    next to him; an ordinary move still goes next to the opponent."""
    d = merkava(dict(space=2, hand=["ipersistentlycling"]), dict(space=7, hand=["block"]))
    agent = HeuristicAgent(1, P1, CATALOG)
    d.act(Strike())
    d.set_attack(P1, "ipersistentlycling")
    d.act(agent.decide(observe(d.state, P1), d.expect(ChoiceRequest, P1)))
    decision = agent.decide(observe(d.state, P1), d.expect(SpaceRequest, P1))
    assert decision == MoveTo(space=7)
    moves = SpaceRequest(player=P1, choices=(MoveTo(space=3), MoveTo(space=6)))
    assert agent.decide(observe(d.state, P1), moves) == MoveTo(space=6)
