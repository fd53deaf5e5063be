"""Hilda (Under Night In-Birth): her ability (a Normal struck with her character action
gets +1/+1 range and -1 power), her exceeded actions (push, pull or draw 1 then a bonus
action that may not be a Strike, 1 gauge; the Revert), her buddy Condensity Gloom (her
attack, placed on any space and measured from), and every attack and boost.

Card facts: roster.md, "Hilda". Hilda is P1 and Nehtali P2 (no ability, the standard
Normals): Block (power 0, speed 0, armor 2, guard 3, never hits), Grasp (range 1, power
3, speed 7), Cross (range 1-2, power 3, speed 6, after: retreat 2), Assault (range 1,
power 4, speed 5, before: close 2), Spike (range 2-3, power 5, speed 3). A test's name
contains the effect and condition tags it exercises.
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    ChoiceRequest,
    MoveTo,
    PayForceRequest,
    Prepare,
    SpaceRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import AttackFlag, Stat
from engine.mechanics.buddies.state import buddy_spaces

CHARS = ("hilda", "nehtali")
GLOOM = "hilda_condensitygloom"


def hilda(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Hilda as P1 and Nehtali as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, who: Any, stat: Stat) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


def _gloom(d: Driver) -> list[int]:
    return buddy_spaces(d.game.table, P1)


def _no_block_force(d: Driver) -> None:
    """Nehtali declines Block's force-for-armor payment if it is asked."""
    request = d.pending
    if isinstance(request, PayForceRequest) and request.player == P2:
        d.decline()


def _hits(d: Driver) -> list[object]:
    return [e.player for e in d.events(ev.AttackHit)]


# --- ability and character actions ---------------------------------------------------------


def test_hilda_ability_used_character_bonus_add_attack_effect_is_normal_attack_rangeup() -> None:
    """Ability ``set_strike: [if used_character_bonus] add_attack_effect (during_strike:
    [if is_normal_attack] rangeup 1/1, then powerup -1)``: her default character action
    (``set_mode used_character_bonus``, then strike) makes Cross range 2-3, power 2: from
    3 it hits Nehtali on 6 (Spike, slower) for 2."""
    d = hilda(dict(space=3, hand=["cross"]), dict(space=6, hand=["spike"]))
    d.act(CharacterAction(index=0))
    assert d.events(ev.CharacterBonusUsed) == [ev.CharacterBonusUsed(player=P1)]
    d.respond(P1, "cross", "spike")
    assert _mods(d, P1, Stat.POWER) == [-1]
    assert _hits(d)[0] == P1
    assert d.life(P2) == 28


def test_hilda_ability_plain_strike_no_bonus_no_rangeup() -> None:
    """With the plain Strike action there is no bonus: Cross keeps range 1-2 and misses
    Nehtali at range 3."""
    d = hilda(dict(space=3, hand=["cross"]), dict(space=6, hand=["block"]))
    d.strike("cross", "block")
    assert _mods(d, P1, Stat.POWER) == []
    assert [e.player for e in d.events(ev.AttackMissed)] == [P1, P2]
    assert d.life(P2) == 30


def test_hilda_ability_is_normal_attack_special_gets_no_rangeup() -> None:
    """The added effect is gated ``is_normal_attack``: Tri-Furket (a special, range 1-2)
    struck with the character action keeps its range and power and misses at range 3."""
    d = hilda(dict(space=3, hand=["trifurket"]), dict(space=6, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.respond(P1, "trifurket", "block")
    assert _mods(d, P1, Stat.POWER) == []
    assert d.life(P2) == 30


def test_hilda_exceeded_action_choice_then_bonus_action_no_strike() -> None:
    """Exceeded character action #0 (1 gauge): ``choice <push 1 | pull 1 | draw 1>``,
    then ``bonus_action {no_strike}``: she pushes Nehtali 5 -> 6 and acts again, but the
    Strike action is not offered for that bonus action; after it her turn ends."""
    d = hilda(dict(space=3, hand=["grasp"], gauge=["cross"], exceeded=True),
              dict(space=5))
    d.act(CharacterAction(index=0))
    d.pay("cross")
    d.choose("push")
    assert d.space(P2) == 6
    assert d.events(ev.BonusStrikeForbidden) == [ev.BonusStrikeForbidden(player=P1)]
    request = d.expect(ActionRequest, P1)
    assert not any(isinstance(choice, Strike) for choice in request.choices)
    assert any(isinstance(choice, Prepare) for choice in request.choices)
    d.act(Prepare())
    assert _next(d) == P2


def test_hilda_strike_action_offered_again_next_turn() -> None:
    """The strikeless bonus action lasts only for that turn's bonus action: on her next
    turn (after Nehtali prepares) Strike is offered again."""
    d = hilda(dict(space=3, hand=["grasp"], gauge=["cross"], exceeded=True),
              dict(space=5))
    d.act(CharacterAction(index=0))
    d.pay("cross")
    d.choose("draw")
    d.act(Prepare())
    d.act(Prepare())
    request = d.expect(ActionRequest, P1)
    assert any(isinstance(choice, Strike) for choice in request.choices)


def test_hilda_bonus_action_no_strike_boost_may_start_a_strike() -> None:
    """Exceeded character action #0: only the Strike action is taken away from the
    strikeless bonus action; boosting Sweep's Just Defense (armorup 3, ``now: strike``)
    as it still starts a strike."""
    d = hilda(dict(space=3, hand=["sweep", "grasp"], gauge=["cross"], exceeded=True),
              dict(space=5))
    d.act(CharacterAction(index=0))
    d.pay("cross")
    d.choose("draw")
    boost(d, "sweep")
    assert d.state.strike is not None
    assert d.events(ev.StrikeStarted) == [ev.StrikeStarted(attacker=P1)]


def test_hilda_exceeded_action_revert_cards_from_hand_bonus_action() -> None:
    """Exceeded character action #1 "Revert": a card from hand to gauge, ``revert``,
    then a bonus action (Strike allowed): Hilda is no longer exceeded and acts again."""
    d = hilda(dict(space=3, hand=["grasp", "cross"], exceeded=True), dict(space=6))
    d.act(CharacterAction(index=1))
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.events(ev.Reverted) == [ev.Reverted(player=P1)]
    assert not d.p(P1).exceeded
    request = d.expect(ActionRequest, P1)
    assert any(isinstance(choice, Strike) for choice in request.choices)


# --- Condensity Gloom / Fadeaway --------------------------------------------------------------


def test_condensity_gloom_was_not_wild_swing_place_buddy_reveal_calculate_range_from_buddy() -> None:
    """Condensity Gloom ``set_strike: [if was_not_wild_swing] place_buddy_in_any_space
    {optional}``, then ``[if buddy_in_play] reveal_strike, calculate_range_from_buddy``:
    Hilda on 2 places her attack on Nehtali's space 7; range 0-1 from there hits Block
    for 5 - 2 armor = 3; the buddy on Nehtali's space leaves no move choice, and
    ``cleanup: remove_buddy`` takes it away."""
    d = hilda(dict(space=2, hand=["condensitygloom"]), dict(space=7, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "condensitygloom")
    d.choose("place")
    assert len(d.expect(SpaceRequest, P1).choices) == 9
    d.move_to(P1, 7)
    assert d.events(ev.BuddyPlaced) == [ev.BuddyPlaced(player=P1, buddy=GLOOM, space=7)]
    assert d.events(ev.AttackTurnedFaceUp)
    assert d.events(ev.RangeFromBuddySet) == [ev.RangeFromBuddySet(player=P1, buddy=GLOOM)]
    d.set_attack(P2, "block")
    _no_block_force(d)
    assert d.life(P2) == 27
    assert d.space(P1) == 2
    assert d.events(ev.BuddyRemoved) == [ev.BuddyRemoved(player=P1, buddy=GLOOM)]
    assert _gloom(d) == []


def test_condensity_gloom_after_buddy_space_unoccupied_choice_move_to_buddy() -> None:
    """``after: [if buddy_space_unoccupied] choice <move_to_buddy | pass>``: the attack
    placed on 6 hits Nehtali on 7 (range 1 from it); afterwards Hilda moves from 2 to 6."""
    d = hilda(dict(space=2, hand=["condensitygloom"]), dict(space=7, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "condensitygloom")
    d.choose("place")
    d.move_to(P1, 6)
    d.set_attack(P2, "block")
    _no_block_force(d)
    assert d.life(P2) == 27
    d.choose("move")
    assert d.space(P1) == 6
    assert _gloom(d) == []


def test_condensity_gloom_optional_pass_range_from_hilda() -> None:
    """The placement is optional: declined, no buddy, no reveal, the range 0-1 is
    measured from Hilda and misses Nehtali at range 5."""
    d = hilda(dict(space=2, hand=["condensitygloom"]), dict(space=7, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "condensitygloom")
    d.choose("pass")
    assert d.events(ev.RangeFromBuddySet) == []
    d.set_attack(P2, "block")
    assert d.life(P2) == 30
    assert d.events(ev.BuddyRemoved) == []


def test_condensity_gloom_was_wild_swing_no_placement() -> None:
    """``was_not_wild_swing`` is false for a wild swing: Condensity Gloom swung from the
    deck's top asks for no placement and its range is measured from Hilda."""
    d = hilda(dict(space=2, hand=["grasp"], deck=["condensitygloom"]),
              dict(space=7, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "wild")
    assert not isinstance(d.pending, ChoiceRequest)
    d.set_attack(P2, "block")
    assert d.events(ev.BuddyPlaced) == []
    assert d.life(P2) == 30


def test_fadeaway_retreat_bonus_action() -> None:
    """Fadeaway (Condensity Gloom boost, immediate, 1 force): retreat 2, then a bonus
    action."""
    d = hilda(dict(space=4, hand=["condensitygloom", "grasp"]), dict(space=6))
    boost(d, "condensitygloom", "grasp")
    assert d.space(P1) == 2
    assert _next(d) == P1


# --- Interference / The Light ------------------------------------------------------------------


def test_interference_push_count_opponent_speed() -> None:
    """Interference ``hit: push {count: opponent_speed}``: Nehtali's Assault (speed 5)
    closes 4 -> 2 and hits first (4 damage, under guard 6); Interference then hits for
    4 and pushes him 5 spaces, 2 -> 7."""
    d = hilda(dict(space=1, hand=["interference"]), dict(space=4, hand=["assault"]))
    d.strike("interference", "assault")
    assert d.life(P1) == 26 and d.life(P2) == 26
    assert d.space(P2) == 7


def test_the_light_draw_opponent_draw_bonus_action() -> None:
    """The Light (Interference boost, immediate): draw 3, then the opponent draws 3;
    then a bonus action."""
    d = hilda(dict(space=3, hand=["interference"]), dict(space=6, hand=[]))
    boost(d, "interference")
    assert len(d.p(P1).hand) == 3
    assert len(d.p(P2).hand) == 3
    assert _next(d) == P1


# --- Revenant Pillar / Charged Attack ------------------------------------------------------------


def test_revenant_pillar_choice_multiple_two_distinct_options() -> None:
    """Revenant Pillar ``hit: choice_multiple 2 <push 1 | pull 1 | draw 1 |
    opponent_discard_random 1 | gain_advantage>``: range 4, 3 damage; Hilda pushes
    (6 -> 7), then push is no longer offered and she draws 1."""
    d = hilda(dict(space=2, hand=["revenantpillar"]), dict(space=6, hand=["block"]))
    d.strike("revenantpillar", "block")
    assert len(d.expect(ChoiceRequest, P1).labels) == 5
    d.choose("push")
    assert d.space(P2) == 7
    labels = d.expect(ChoiceRequest, P1).labels
    assert len(labels) == 4 and not any("push" in label for label in labels)
    d.choose("draw")
    assert len(d.p(P1).hand) == 1
    _no_block_force(d)
    assert d.life(P2) == 27


def test_charged_attack_powerup_add_boost_to_gauge_on_move() -> None:
    """Charged Attack (Revenant Pillar boost, continuous): ``during_strike: powerup 2``
    and ``now: add_boost_to_gauge_on_move``: when Hilda moves it goes to her gauge."""
    d = hilda(dict(space=3, hand=["grasp"], boosts=["revenantpillar"]), dict(space=7))
    d.act(MoveTo(space=4))
    d.pay("grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Revenant Pillar"]
    assert d.p(P1).boosts == []


def test_charged_attack_during_strike_powerup() -> None:
    """Charged Attack in play: Grasp gets +2 power (5 - Block's 2 armor = 3 damage)."""
    d = hilda(dict(space=3, hand=["grasp"], boosts=["revenantpillar"]),
              dict(space=4, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("push")
    _no_block_force(d)
    assert _mods(d, P1, Stat.POWER) == [2]
    assert d.life(P2) == 27


# --- Skewer / Power Attack ---------------------------------------------------------------------


def test_skewer_cannot_stun_hit_choice() -> None:
    """Skewer ``during_strike: cannot_stun``: 2 damage to Assault's guard 0 does not
    stun, so Assault still hits back (4, stunning Hilda); ``hit: choice <push 1 | pull 1
    | draw 1>``."""
    d = hilda(dict(space=3, hand=["skewer"]), dict(space=4, hand=["assault"]))
    d.strike("skewer", "assault")
    assert ev.AttackFlagged(player=P1, flag=AttackFlag.CANNOT_STUN) in d.log
    d.choose("draw")
    assert d.life(P2) == 28
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]
    assert d.life(P1) == 26


def test_power_attack_hit_powerup_gain_advantage_boost_to_gauge() -> None:
    """Power Attack (Skewer boost, continuous): ``hit: powerup 1, then gain_advantage,
    then add_boost_to_gauge_on_strike_cleanup``: Grasp hits for 4 - 2 = 2, Hilda gains
    the advantage and the boost goes to her gauge."""
    d = hilda(dict(space=3, hand=["grasp"], boosts=["skewer"]), dict(space=4, hand=["block"]))
    d.strike("grasp", "block")
    if isinstance(d.pending, ChoiceRequest):
        d.choose("push")
    assert d.life(P2) == 28
    assert d.events(ev.AdvantageGained)
    assert "Skewer" in d.zone(P1, Zone.GAUGE)
    assert _next(d) == P1


# --- Tri-Furket / The Darkness --------------------------------------------------------------------


def test_trifurket_was_hit_rangeup_add_bottom_discard_to_gauge() -> None:
    """Tri-Furket ``before: [if was_hit] rangeup 0/2``: Nehtali's Cross (faster) hits
    first and retreats to 9, out of range 1-2; hit, Tri-Furket reaches 1-4 and hits for 4;
    ``hit: choice <add_bottom_discard_to_gauge | ...>`` takes the bottom discard
    (Grasp, under Dive) into gauge."""
    d = hilda(dict(space=5, hand=["trifurket"], discard=["grasp", "dive"]),
              dict(space=7, hand=["cross"]))
    d.strike("trifurket", "cross")
    assert _mods(d, P1, Stat.MAX_RANGE) == [2]
    d.choose("gauge")
    assert d.life(P2) == 26
    assert d.zone(P1, Zone.GAUGE) == ["Grasp", "Tri-Furket"]
    assert d.zone(P1, Zone.DISCARD) == ["Dive"]


def test_trifurket_add_bottom_discard_to_hand_not_hit_no_rangeup() -> None:
    """Not hit first, no range bonus; the other hit option takes the bottom discard
    into hand."""
    d = hilda(dict(space=3, hand=["trifurket"], discard=["grasp", "dive"]),
              dict(space=4, hand=["block"]))
    d.strike("trifurket", "block")
    assert _mods(d, P1, Stat.MAX_RANGE) == []
    d.choose("hand")
    assert d.zone(P1, Zone.HAND) == ["Grasp"]


def test_the_darkness_cards_from_hand_opponent_then_you() -> None:
    """The Darkness (Tri-Furket boost, immediate): ``cards_from_hand {opponent}``
    (Nehtali chooses 3 of his 4 cards for his gauge), then Hilda puts 3 into hers (her
    only 3: no choice left)."""
    d = hilda(dict(space=3, hand=["trifurket", "grasp", "cross", "dive"]),
              dict(space=6, hand=["grasp", "cross", "dive", "spike"]))
    boost(d, "trifurket")
    d.select(P2, "grasp", "cross", "dive")
    assert d.zone(P2, Zone.GAUGE) == ["Grasp", "Cross", "Dive"]
    assert d.zone(P1, Zone.GAUGE) == ["Grasp", "Cross", "Dive"]
    assert d.zone(P2, Zone.HAND) == ["Spike"]


# --- Impalement / Paradox -----------------------------------------------------------------------


def test_impalement_powerup_per_spent_gauge_matching_range_to_opponent() -> None:
    """Impalement (2 gauge) ``hit: powerup_per_spent_gauge_matching_range_to_opponent
    2``: at range 4 she pays with Revenant Pillar (3-5, matches) and Grasp (1, does not):
    +2, 4 power - Block's 2 armor = 2 damage."""
    d = hilda(dict(space=2, hand=["impalement"], gauge=["revenantpillar", "grasp"]),
              dict(space=6, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "impalement")
    d.set_attack(P2, "block")
    d.pay("revenantpillar", "grasp")
    assert len(d.events(ev.AttackGaugeSpentNoted)[0].cards) == 2
    assert _mods(d, P1, Stat.POWER) == [2]
    assert d.life(P2) == 28


def test_impalement_two_matching_cards() -> None:
    """Both spent cards match range 4 (Revenant Pillar 3-5, Skewer 1-8): +4 power."""
    d = hilda(dict(space=2, hand=["impalement"], gauge=["revenantpillar", "skewer"]),
              dict(space=6, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "impalement")
    d.set_attack(P2, "block")
    d.pay("revenantpillar", "skewer")
    assert _mods(d, P1, Stat.POWER) == [4]
    assert d.life(P2) == 26


def test_paradox_invert_range_hits_out_of_range() -> None:
    """Paradox (Impalement boost, continuous): ``during_strike: powerup -1,
    invert_range``: Grasp (range 1) hits Nehtali at range 4 for 2 (Spike misses)."""
    d = hilda(dict(space=2, hand=["grasp"], boosts=["impalement"]),
              dict(space=6, hand=["spike"]))
    d.strike("grasp", "spike")
    if isinstance(d.pending, ChoiceRequest):
        d.choose("push")
    assert ev.AttackFlagged(player=P1, flag=AttackFlag.INVERT_RANGE) in d.log
    assert _hits(d) == [P1]
    assert d.life(P2) == 28


def test_paradox_invert_range_misses_in_range() -> None:
    """With Paradox, Grasp at range 1 (in its range) misses."""
    d = hilda(dict(space=2, hand=["grasp"], boosts=["impalement"]),
              dict(space=3, hand=["block"]))
    d.strike("grasp", "block")
    assert next((e.player, e.reason) for e in d.events(ev.AttackMissed)) == (
        P1, ev.MissReason.OUT_OF_RANGE)
    assert d.life(P2) == 30


# --- In The Darkness / Masquerade -------------------------------------------------------------


def test_in_the_darkness_gain_advantage_choice_push_draw() -> None:
    """In The Darkness (3 gauge, range 4) ``hit: gain_advantage, then choice <push 2,
    draw 3 | pull 2, draw 3>``: 2 - 2 armor = 0 damage, Nehtali pushed 6 -> 8, Hilda
    draws 3 and keeps the initiative."""
    d = hilda(dict(space=2, hand=["inthedarkness"], gauge=["grasp", "cross", "dive"]),
              dict(space=6, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "inthedarkness")
    d.set_attack(P2, "block")
    d.pay("grasp", "cross", "dive")
    assert d.events(ev.AdvantageGained)
    d.choose("push")
    assert d.space(P2) == 8
    assert len(d.p(P1).hand) == 3
    assert _next(d) == P1


def test_masquerade_swap_power_speed() -> None:
    """Masquerade (In The Darkness boost, continuous) ``during_strike:
    swap_power_speed``: Sweep (power 6, speed 2) becomes power 2, speed 6 and strikes
    before Spike (speed 3): 2 damage at range 2."""
    d = hilda(dict(space=3, hand=["sweep"], boosts=["inthedarkness"]),
              dict(space=5, hand=["spike"]))
    d.strike("sweep", "spike")
    assert d.events(ev.PowerSpeedSwapped) == [ev.PowerSpeedSwapped(player=P1)]
    assert d.events(ev.AttackActivated)[0].player == P1
    assert d.life(P2) == 28


def test_interference_opponent_speed_of_a_swapped_attack() -> None:
    """Interference ``push {count: opponent_speed}`` reads the opponent's total speed
    after their Masquerade swap (Hilda mirror): Sweep swapped to power 2, speed 6 hits
    first for 2; Interference hits for 4 and pushes 6, from 5 to the edge (9), not 2."""
    d = position(p1=dict(space=3, hand=["interference"]),
                 p2=dict(space=5, hand=["sweep"], boosts=["inthedarkness"]),
                 chars=("hilda", "hilda"), active=P1)
    d.strike("interference", "sweep")
    assert d.life(P1) == 28 and d.life(P2) == 26
    assert d.space(P2) == 9


def test_hilda_deck_32_cards_four_skewers() -> None:
    """Hilda's deck holds 32 cards, four Skewers among them (roster: 32, Skewer x4)."""
    from conftest import CATALOG

    deck = list(CATALOG.deck_list("hilda"))
    assert len(deck) == 32
    assert deck.count("hilda_skewer") == 4
