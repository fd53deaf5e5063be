"""Carl Clover (BlazBlue): his buddy Nirvana (two tokens, Active and Disabled), in play
on his space from the start of the game, moved by his character action and his cards,
flipped to Disabled by the opponent (an ``opponent_before`` effect his character card
grants them) and turned Active again at a later cleanup; his attacks measured from
Nirvana; every attack and boost, the kicker, the overdrive effect and the Astral Heat.

Card facts: roster.md, "Carl Clover". Carl is P1 and Nehtali P2 (no ability, the
standard Normals): Block (power 0, speed 0, armor 2, guard 3, never hits), Assault
(range 1, power 4, speed 5, before: close 2, hit: advantage), Spike (range 2-3, power
5, speed 3), Cross (range 1-2, power 3, speed 6, after: retreat 3), Grasp (range 1,
power 3, speed 7). A test's name contains the effect and condition tags it exercises.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import CATALOG, P1, P2, Driver, boost, offered, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    ChoiceRequest,
    Exceed,
    IllegalDecision,
    MoveTo,
    PayGaugeRequest,
    Prepare,
    Reshuffle,
    SpaceRequest,
)
from engine.core.ids import Zone
from engine.core.state import Stat
from engine.mechanics.buddies.state import buddy_spaces
from engine.play.api import GameSetup, new_game

CHARS = ("carlclover", "nehtali")
A, D = "nirvana_active", "nirvana_disabled"


def carl(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Carl as P1 and Nehtali as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _nirvana(d: Driver) -> dict[str, list[int]]:
    """Where Carl's two Nirvana tokens are (empty list: out of play)."""
    return {b: buddy_spaces(d.game.table, P1, b) for b in (A, D)}


def _mods(d: Driver, who: Any, stat: Stat) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


# --- the deck, the start, the character card ------------------------------------------------


def test_carlclover_deck_31_cards_deus_ex_machina_set_aside() -> None:
    """Deck list: the 8 standard Normals x2, Cantabile, Con Anima, Con Brio, Con Fuoco,
    Volante, Laetabilis Cantata, Rhapsody of Memories x2 (30), and Deus Ex Machina set
    aside (31); exceed cost 3; two buddies, Nirvana Active starting in play."""
    char = CATALOG.character("carlclover")
    assert sum(e.copies for e in char.deck) == 30
    assert all(e.copies == 2 for e in char.deck)
    assert [(e.card, e.copies) for e in char.set_aside] == [("carlclover_deusexmachina", 1)]
    assert char.exceed_cost == 3 and char.season.value == "blazblue"
    assert [(b.id, b.start_offset) for b in char.buddies] == [(A, 0), (D, None)]
    kinds = [CATALOG.card(e.card).kind.value for e in char.deck]
    assert (kinds.count("normal"), kinds.count("special"), kinds.count("ultra")) == (8, 5, 2)
    dem = CATALOG.card("carlclover_deusexmachina")
    assert (dem.gauge_cost, dem.range, dem.power, dem.speed, dem.armor) == (4, (0, 1), 10, 0, 4)


def test_carlclover_game_setup_nirvana_active_starts_on_his_space() -> None:
    """Buddy rule (``start_offset`` 0): as the game starts Nirvana (Active) is placed on
    Carl's own space, before any card is dealt; Disabled is out of play."""
    game = new_game(GameSetup(p1="carlclover", p2="nehtali"), 5)
    table = game.table
    placed = [e for e in table.events if isinstance(e, ev.BuddyPlaced)]
    assert placed == [ev.BuddyPlaced(player=P1, buddy=A, space=table.p(P1).space)]
    assert buddy_spaces(table, P1, A) == [table.p(P1).space]
    assert buddy_spaces(table, P1, D) == []


def test_carlclover_action_move_buddy_requires_buddy_in_play() -> None:
    """Character action "Move Nirvana 1" (``requires buddy_in_play nirvana_active``):
    Nirvana on 4 moves to 3 or 5 (both offered), it is the turn's action; with Nirvana
    Disabled the action is not offered."""
    d = carl(dict(space=3, buddies={A: 4}), dict(space=7))
    d.act(CharacterAction(index=0))
    request = d.expect(SpaceRequest, P1)
    assert [m.space for m in offered(request, MoveTo)] == [3, 5]
    d.move_to(P1, 5)
    assert _nirvana(d) == {A: [5], D: []}
    assert _next(d) == P2
    d2 = carl(dict(space=3, buddies={D: 4}), dict(space=7))
    assert CharacterAction(index=0) not in d2.expect(ActionRequest).options()


def test_carlclover_move_buddy_off_the_arena_is_an_illegal_decision() -> None:
    """Bad input: moving Nirvana (on 2) to space 0, off the arena, is refused with an
    ``IllegalDecision`` naming the space asked and the spaces allowed (1 and 3); the
    game is unchanged."""
    d = carl(dict(space=4, buddies={A: 2}), dict(space=7))
    d.act(CharacterAction(index=0))
    before = d.state.copy()
    with pytest.raises(IllegalDecision) as raised:
        d.game.step(MoveTo(space=0))
    text = str(raised.value)
    assert "space=0" in text and "space=1" in text and "space=3" in text
    assert d.state == before
    assert [m.space for m in offered(d.expect(SpaceRequest), MoveTo)] == [1, 3]


def test_carlclover_exceeded_action_move_buddy_strike() -> None:
    """Exceeded character action "Move Nirvana 1 and Strike": Nirvana 5 -> 6, then a
    strike starts with Carl attacking."""
    d = carl(dict(space=3, buddies={A: 5}, exceeded=True, overdrive=["grasp", "cross"],
                  hand=["conbrio"]), dict(space=7, hand=["block"]))
    d.select(P1, "grasp")  # the overdrive discard at the turn start
    d.move_to(P1, 5)  # the overdrive effect, move_buddy 0/1: stays
    d.act(CharacterAction(index=0))
    d.move_to(P1, 6)
    assert _nirvana(d)[A] == [6]
    assert d.state.strike is not None and d.state.strike.attacker == P1


def test_carlclover_ability_set_strike_is_buddy_special_or_ultra_attack_opponent_between_buddy_add_attack_effect() -> None:
    """Ability ``set_strike: [if is_buddy_special_or_ultra_attack] [if
    opponent_between_buddy {include_buddy_space}] add_attack_effect (+1 power, +1
    speed)``: Carl on 3, Nirvana on 8, Nehtali on 6 (between): Con Brio (special) gets
    +1 power and +1 speed; a Normal (Grasp) does not."""
    d = carl(dict(space=3, buddies={A: 8}, hand=["volante"]), dict(space=6, hand=["block"]))
    d.strike("volante", "block")
    assert 1 in _mods(d, P1, Stat.POWER) and 1 in _mods(d, P1, Stat.SPEED)
    d2 = carl(dict(space=3, buddies={A: 8}, hand=["grasp"]), dict(space=6, hand=["block"]))
    d2.strike("grasp", "block")
    assert _mods(d2, P1, Stat.POWER) == [] and _mods(d2, P1, Stat.SPEED) == []


def test_carlclover_ability_bonus_on_buddy_space_but_not_when_outside() -> None:
    """``include_buddy_space``: Nehtali on Nirvana's space counts as between (+1/+1);
    Nirvana on 2 behind Carl on 3 with Nehtali on 6: not between, no bonus."""
    d = carl(dict(space=3, buddies={A: 6}, hand=["volante"]), dict(space=6, hand=["block"]))
    d.strike("volante", "block")
    assert 1 in _mods(d, P1, Stat.SPEED)
    d2 = carl(dict(space=3, buddies={A: 2}, hand=["volante"]), dict(space=6, hand=["block"]))
    d2.strike("volante", "block")
    assert _mods(d2, P1, Stat.SPEED) == []


def _flip_position(carl_attack: str = "volante", exceeded: bool = False) -> Driver:
    """Nehtali (P2, active) on 5 strikes with Spike (range 2-3); Nirvana on 3 is in its
    range (2 away); Carl on 2 (3 away) sets ``carl_attack`` (3 gauge for an ultra)."""
    p1: dict[str, Any] = dict(space=2, buddies={A: 3}, hand=[carl_attack],
                              gauge=["grasp", "cross", "dive"])
    if exceeded:
        p1 |= dict(exceeded=True, overdrive=["grasp", "cross"])
    d = carl(p1, dict(space=5, hand=["spike"]), active=P2)
    d.strike("spike", carl_attack)
    if isinstance(d.pending, PayGaugeRequest):
        d.pay("grasp", "cross", "dive")
    return d


def test_carlclover_ability_opponent_before_opponent_buddy_in_range_opponent_buddy_not_immune_to_flip_flip_buddy_miss_get_gauge() -> None:
    """Ability ``opponent_before`` (granted to the opponent's attack): Nirvana (Active,
    on 3) is within Nehtali's Spike range (2-3 from 5), so Nehtali may flip it: Spike
    does not hit but goes to Nehtali's gauge; Nirvana becomes Disabled on 3 and Carl's
    Volante, measured from Nirvana Active, then misses (no Active Nirvana in play)."""
    d = _flip_position()
    request = d.expect(ChoiceRequest, P2)
    assert len(request.labels) == 2
    assert request.labels == ("flip buddy miss get gauge", "pass")
    d.choose("flip")
    assert d.events(ev.BuddySwapped) == [ev.BuddySwapped(player=P1, removed=A, placed=D)]
    assert _nirvana(d) == {A: [], D: [3]}
    missed = [(e.player, e.reason) for e in d.events(ev.AttackMissed)]
    assert (P2, ev.MissReason.DOES_NOT_HIT) in missed
    assert d.life(P1) == 30 and d.life(P2) == 30
    d.choose("advance 1")  # Volante's after
    assert "Spike" in d.zone(P2, Zone.GAUGE)
    # cleanup: the Nirvana flipped this strike stays Disabled (no choice offered)
    assert _nirvana(d) == {A: [], D: [3]}


def test_carlclover_ability_opponent_may_pass_the_flip() -> None:
    """The flip is the opponent's choice: passing, Spike hits Carl (5 damage) and
    Nirvana stays Active."""
    d = _flip_position()
    d.choose("pass")  # Spike ignores guard: Carl is stunned, Volante never resolves
    assert d.events(ev.BuddySwapped) == []
    assert d.life(P1) == 25 and _nirvana(d)[A] == [3]


def test_carlclover_ability_cleanup_buddy_in_play_buddy_not_entered_play_this_strike_swap_buddy() -> None:
    """Ability ``cleanup: [if buddy_in_play nirvana_disabled] [if
    buddy_not_entered_play_this_strike] choice swap_buddy | pass``: Nirvana Disabled
    since an earlier strike (on 5) turns Active at the cleanup of Carl's next strike."""
    d = carl(dict(space=3, buddies={D: 5}, hand=["cross"]), dict(space=4, hand=["block"]))
    d.strike("cross", "block")
    request = d.expect(ChoiceRequest, P1)
    assert request.labels == ("swap buddy", "pass")
    d.choose("swap buddy")
    assert d.events(ev.BuddySwapped) == [ev.BuddySwapped(player=P1, removed=D, placed=A)]
    assert _nirvana(d) == {A: [5], D: []}


def test_carlclover_rhapsody_buddy_immune_to_flip_no_flip_offered() -> None:
    """Rhapsody of Memories, ``during_strike: buddy_immune_to_flip``: Nehtali is not
    offered the flip although Nirvana is in Spike's range."""
    d = _flip_position("rhapsodyofmemories")
    assert d.events(ev.BuddyImmuneToFlip) == [ev.BuddyImmuneToFlip(player=P1, buddy=A)]
    assert d.events(ev.BuddySwapped) == []
    assert "retreat 2" in d.expect(ChoiceRequest, P1).labels  # straight to Rhapsody's after


def test_carlclover_exceed_ability_no_flip() -> None:
    """Exceed ability: no ``opponent_before`` effect, so exceeded Carl's Nirvana in range
    of Spike cannot be flipped (no choice; Spike hits)."""
    d = carl(dict(space=2, buddies={A: 3}, hand=["volante"], exceeded=True,
                  overdrive=["grasp"]), dict(space=5, hand=["spike"]), active=P2)
    d.strike("spike", "volante")
    assert d.events(ev.BuddySwapped) == [] and d.life(P1) < 30


def test_carlclover_on_exceed_buddy_in_play_swap_buddy() -> None:
    """Kicker ``on_exceed: [if buddy_in_play nirvana_disabled] swap_buddy``: exceeding
    with Nirvana Disabled (on 4) turns it Active; the 3 gauge go to the overdrive."""
    d = carl(dict(space=3, buddies={D: 4}, gauge=["grasp", "cross", "dive"], hand=["spike"]),
             dict(space=7))
    d.act(Exceed())
    d.pay("grasp", "cross", "dive")
    assert d.p(P1).exceeded and _nirvana(d) == {A: [4], D: []}
    assert d.area(P1, "overdrive") == ["Grasp", "Cross", "Dive"]


def test_carlclover_overdrive_buddy_in_play_move_buddy() -> None:
    """Overdrive effect ``[if buddy_in_play] move_buddy 0/1``: after the overdrive
    discard, Nirvana on 5 may stay or move to 4 or 6."""
    d = carl(dict(space=3, buddies={A: 5}, exceeded=True, overdrive=["grasp", "cross"]),
             dict(space=7))
    d.select(P1, "grasp")
    assert [m.space for m in offered(d.expect(SpaceRequest, P1), MoveTo)] == [4, 5, 6]
    d.move_to(P1, 6)
    assert _nirvana(d)[A] == [6] and _next(d) == P1


def test_carlclover_ability_on_reshuffle_manual_reshuffle_add_set_aside_card_to_deck() -> None:
    """Ability ``on_reshuffle: [if manual_reshuffle] add_set_aside_card_to_deck``: the
    Reshuffle action puts Deus Ex Machina on top of the deck (drawn at the turn's end)."""
    d = carl(dict(hand=["grasp"], discard=["cross", "dive"]), dict())
    d.act(Reshuffle())
    assert d.name(d.events(ev.SetAsideCardAdded)[0].card) == "Deus Ex Machina"
    assert "Deus Ex Machina" in d.zone(P1, Zone.HAND)


# --- specials and their boosts -------------------------------------------------------------


def test_carlclover_cantabile_hit_choice_pull_initiated_strike_draw_gain_advantage_after_move_buddy() -> None:
    """Cantabile (range 1-3, power 1, speed 6): ``hit: choice pull 1 | pull 2, then [if
    initiated_strike] draw 1 + gain_advantage``; ``after: [if buddy_in_play] move_buddy
    0/1``. Carl on 3 hits Nehtali on 6: pull 2 to 4, draws 1, gains advantage; Nirvana
    on 1 moves to 2."""
    d = carl(dict(space=3, buddies={A: 1}, hand=["cantabile"]), dict(space=6, hand=["block"]))
    d.strike("cantabile", "block")
    d.choose("pull 2")
    assert d.space(P2) == 4
    assert [m.space for m in offered(d.expect(SpaceRequest, P1), MoveTo)] == [1, 2]
    d.move_to(P1, 2)
    assert _nirvana(d)[A] == [2]
    assert len(d.p(P1).hand) == 1 and _next(d) == P1  # drew 1; advantage


def test_carlclover_la_campanella_buddy_in_play_place_buddy_onto_self_bonus_action() -> None:
    """La Campanella (Cantabile's immediate boost): ``[if buddy_in_play]
    place_buddy_onto_self``, then a bonus action: Nirvana 7 -> Carl's 3; Carl acts again."""
    d = carl(dict(space=3, buddies={A: 7}, hand=["cantabile", "grasp"]), dict(space=8))
    boost(d, "cantabile")
    assert _nirvana(d)[A] == [3]
    assert _next(d) == P1
    assert "Cantabile" in d.zone(P1, Zone.DISCARD)


def test_carlclover_con_anima_calculate_range_from_buddy_ignore_guard_opponent_discard_random() -> None:
    """Con Anima (range 0-1 from Nirvana, power 5, speed 2, guard 3): Nirvana on
    Nehtali's space 8 while Carl is on 2; it hits (5 damage; ``ignore_guard``) and
    ``hit: opponent_discard_random 2`` empties Nehtali's 2-card hand."""
    d = carl(dict(space=2, buddies={A: 8}, hand=["conanima"]),
             dict(space=8, hand=["block", "grasp", "cross"]))
    d.strike("conanima", "block")
    assert d.events(ev.RangeFromBuddySet) == [ev.RangeFromBuddySet(player=P1, buddy=A)]
    assert d.life(P2) == 26  # 5 + 1 (ability: Nehtali on Nirvana's space) - Block's 2 armor
    assert d.zone(P2, Zone.HAND) == []
    assert {"Grasp", "Cross"} <= set(d.zone(P2, Zone.DISCARD))


def test_carlclover_con_anima_not_hit_opponent_draw() -> None:
    """Con Anima ``after: [if not_hit_opponent] draw 2``: Nirvana on 2 far from Nehtali on
    8, it misses; Carl draws 2."""
    d = carl(dict(space=3, buddies={A: 2}, hand=["conanima"]), dict(space=8, hand=["block"]))
    d.strike("conanima", "block")
    assert P1 in [e.player for e in d.events(ev.AttackMissed)]
    assert len(d.zone(P1, Zone.HAND)) == 2


def test_carlclover_fine_tuning_strike_before_buddy_in_play_move_buddy() -> None:
    """Fine Tuning (Con Anima's continuous boost, 1 force): ``now: strike``; ``before:
    [if buddy_in_play] move_buddy 0/1``: Nirvana 4 -> 5 before Carl's Cross resolves."""
    d = carl(dict(space=3, buddies={A: 4}, hand=["conanima", "cross", "grasp"]),
             dict(space=5, hand=["block"]))
    boost(d, "conanima", "grasp")
    d.respond(P1, "cross", "block")
    d.move_to(P1, 5)
    assert _nirvana(d)[A] == [5]


def test_carlclover_con_brio_push_from_source() -> None:
    """Con Brio (range 0-1 from Nirvana, power 3, speed 7, 1 force): ``hit:
    push_from_source 2``: Carl on 3, Nirvana on 6, Nehtali on 5 (between them): pushed 2
    away from Nirvana, toward and past Carl: 5 -> 4 -> 2 (Carl's space not counted)."""
    d = carl(dict(space=3, buddies={A: 6}, hand=["conbrio", "grasp"]),
             dict(space=5, hand=["block"]))
    d.strike("conbrio", "block")
    d.pay("grasp")
    assert d.space(P2) == 2


def test_carlclover_con_brio_push_from_source_on_the_origin_chooses_the_way() -> None:
    """``push_from_source`` with Nirvana on Nehtali's space: Carl chooses push (away from
    him) or pull; push 2 from 5 to 7."""
    d = carl(dict(space=3, buddies={A: 5}, hand=["conbrio", "grasp"]),
             dict(space=5, hand=["block"]))
    d.strike("conbrio", "block")
    d.pay("grasp")
    assert d.expect(ChoiceRequest, P1).labels == ("push 2", "pull 2")
    d.choose("push 2")
    assert d.space(P2) == 7


def test_carlclover_hurry_sis_move_buddy_swap_buddy_bonus_action() -> None:
    """Hurry Sis! (Con Brio's immediate boost): ``[if buddy_in_play nirvana_active]
    move_buddy 1``; ``[if buddy_in_play nirvana_disabled] swap_buddy``; bonus action.
    With Nirvana Disabled on 4 it turns Active (not moved); Carl acts again."""
    d = carl(dict(space=3, buddies={D: 4}, hand=["conbrio", "grasp"]), dict(space=8))
    boost(d, "conbrio")
    assert _nirvana(d) == {A: [4], D: []}
    assert _next(d) == P1
    d2 = carl(dict(space=3, buddies={A: 4}, hand=["conbrio", "grasp"]), dict(space=8))
    boost(d2, "conbrio")
    d2.move_to(P1, 5)
    assert _nirvana(d2) == {A: [5], D: []} and _next(d2) == P1


def test_carlclover_con_fuoco_force_for_effect_move_buddy_hit_close_gain_advantage() -> None:
    """Con Fuoco (range 1-2 from Nirvana, power 6, speed 4, 1 force): ``before: [if
    buddy_in_play] force_for_effect 1: move_buddy 1/2``: Carl pays 1 force, Nirvana 4 ->
    6, next to Nehtali on 7; hit: 6 damage, ``close 2`` (3 -> 5) + advantage."""
    d = carl(dict(space=3, buddies={A: 4}, hand=["confuoco", "grasp", "cross"]),
             dict(space=7, hand=["block"]))
    d.strike("confuoco", "block")
    d.pay("grasp")  # the attack's force cost
    d.pay("cross")  # force_for_effect
    assert [m.space for m in offered(d.expect(SpaceRequest, P1), MoveTo)] == [2, 3, 5, 6]
    d.move_to(P1, 6)
    assert d.life(P2) == 26
    assert d.space(P1) == 5 and _next(d) == P1


def test_carlclover_vivace_advance_advanced_through_strike() -> None:
    """Vivace (Con Fuoco's immediate boost): ``choice advance 1 | advance 2, then [if
    advanced_through] strike``: from 3 past Nehtali on 4, advance 2 lands on 6 and a
    strike starts; advance 1 (not past) ends the action."""
    d = carl(dict(space=3, hand=["confuoco", "grasp"]), dict(space=4, hand=["block"]))
    boost(d, "confuoco")
    d.choose("advance 2")
    assert d.space(P1) == 6
    assert d.state.strike is not None and d.state.strike.attacker == P1
    d2 = carl(dict(space=2, hand=["confuoco", "grasp"]), dict(space=5))
    boost(d2, "confuoco")
    d2.choose("advance 1")
    assert d2.space(P1) == 3 and d2.state.strike is None and _next(d2) == P2


def test_carlclover_volante_range_hit_powerup_gain_advantage_after_choice_advance() -> None:
    """Volante (range 3-8 from Nirvana, power 3, speed 1, armor 1, guard 6): ``hit: [if
    range 1] powerup 2 + gain_advantage`` (range from Carl himself); ``after: choice
    advance 1 | advance 2``. Carl on 3, Nehtali on 4, Nirvana on 8: 4 from Nirvana, 1
    from Carl: 5 damage, advantage."""
    d = carl(dict(space=3, buddies={A: 8}, hand=["volante"]), dict(space=4, hand=["block"]))
    d.strike("volante", "block")
    assert 2 in _mods(d, P1, Stat.POWER)
    d.choose("advance 1")
    assert d.life(P2) == 26  # 3 + 2 + 1 (ability: Nehtali between) - Block's 2 armor
    assert d.space(P1) == 5 and _next(d) == P1


def test_carlclover_allegretto_speedup_after_choice_retreat() -> None:
    """Allegretto (Volante's continuous boost): ``during_strike: speedup 1``; ``after:
    choice advance 1 | retreat 1``: Carl's Cross goes at speed 7; after Cross's own
    ``retreat 3`` (3 -> 1) he advances 1 (-> 2)."""
    d = carl(dict(space=3, hand=["volante", "cross"]), dict(space=5, hand=["spike"]))
    boost(d, "volante")
    d.expect(ActionRequest, P2)
    d.act(Prepare())
    d.strike("cross", "spike")
    assert _mods(d, P1, Stat.SPEED) == [1]
    assert next(e.player for e in d.events(ev.AttackActivated)) == P1  # 7 beats Spike's 3
    d.choose("advance 1")
    assert d.space(P1) == 2
    assert "Volante" in d.zone(P1, Zone.DISCARD)


# --- ultras and the Astral Heat ------------------------------------------------------------


def test_carlclover_laetabilis_cantata_hit_push_after_buddy_in_play_move_buddy() -> None:
    """Laetabilis Cantata (2 gauge, range 1-2, power 3, speed 2, armor 2, guard 5):
    ``hit: push 1``; ``after: [if buddy_in_play nirvana_active] move_buddy 0/3``: Nehtali
    4 -> 5; Nirvana on 1 may go as far as 4."""
    d = carl(dict(space=3, buddies={A: 1}, hand=["laetabiliscantata"], gauge=["grasp", "dive"]),
             dict(space=4, hand=["block"]))
    d.strike("laetabiliscantata", "block")
    d.pay("grasp", "dive")
    assert d.space(P2) == 5
    assert [m.space for m in offered(d.expect(SpaceRequest, P1), MoveTo)] == [1, 2, 3, 4]
    d.move_to(P1, 4)
    assert _nirvana(d)[A] == [4]


def test_carlclover_laetabilis_cantata_else_buddy_in_play_swap_buddy() -> None:
    """Laetabilis Cantata's ``after`` ``else``: with Nirvana Disabled (on 1) it turns
    Active (``swap_buddy``), no move."""
    d = carl(dict(space=3, buddies={D: 1}, hand=["laetabiliscantata"], gauge=["grasp", "dive"]),
             dict(space=4, hand=["block"]))
    d.strike("laetabiliscantata", "block")
    d.pay("grasp", "dive")
    assert d.events(ev.BuddySwapped)[0] == ev.BuddySwapped(player=P1, removed=D, placed=A)
    assert _nirvana(d)[A] == [1]


def test_carlclover_duet_strike_hit_opponent_between_buddy_powerup() -> None:
    """Duet (Laetabilis Cantata's continuous boost, 1 force): ``now: strike``; ``hit: [if
    opponent_between_buddy (either Nirvana, include_buddy_space)] powerup 3``: Nirvana
    Disabled on 6 behind Nehtali on 5: Cross hits for 3 + 3 - 2 (Block) = 4."""
    d = carl(dict(space=4, buddies={D: 6}, hand=["laetabiliscantata", "cross", "grasp"]),
             dict(space=5, hand=["block"]))
    boost(d, "laetabiliscantata", "grasp")
    d.respond(P1, "cross", "block")
    assert 3 in _mods(d, P1, Stat.POWER)
    assert d.life(P2) == 26


def test_carlclover_rhapsody_of_memories_hit_draw_after_choice() -> None:
    """Rhapsody of Memories (3 gauge, range 0-1 from Nirvana, power 5, speed 4, guard 5):
    Nirvana on Nehtali's 6; hit: 5 + 1 (ability) - 2 = 4 damage, ``draw 2``; ``after:
    choice advance/retreat 1-2 | pass``: retreat 2 (3 -> 1)."""
    d = carl(dict(space=3, buddies={A: 6}, hand=["rhapsodyofmemories"],
                  gauge=["grasp", "cross", "dive"]), dict(space=6, hand=["block"]))
    d.strike("rhapsodyofmemories", "block")
    d.pay("grasp", "cross", "dive")
    assert d.life(P2) == 26 and len(d.zone(P1, Zone.HAND)) == 2
    d.choose("retreat 2")
    assert d.space(P1) == 1


def test_carlclover_virtuoso_powerup_speedup_before_move_buddy() -> None:
    """Virtuoso (Rhapsody's continuous boost, 1 force): ``during_strike: powerup 1 +
    speedup 1``; ``before: [if buddy_in_play] move_buddy 0/1``."""
    d = carl(dict(space=3, buddies={A: 3}, hand=["rhapsodyofmemories", "cross", "grasp"]),
             dict(space=5, hand=["block"]))
    boost(d, "rhapsodyofmemories", "grasp")
    d.expect(ActionRequest, P2)
    d.act(Prepare())
    d.strike("cross", "block")
    assert 1 in _mods(d, P1, Stat.POWER) and 1 in _mods(d, P1, Stat.SPEED)
    d.move_to(P1, 2)
    assert _nirvana(d)[A] == [2]


def test_carlclover_deus_ex_machina_stun_immunity_buddy_immune_to_flip_after_remove_buddy() -> None:
    """Deus Ex Machina (Astral Heat, 4 gauge, range 0-1 from Nirvana, power 10, speed 0,
    armor 4): ``stun_immunity``, ``buddy_immune_to_flip``; Nehtali's Spike (5 power,
    ignoring armor) hits first without stunning Carl, no flip offered; 10 + 1 (ability)
    damage from Nirvana on Nehtali's space; ``after: remove_buddy``."""
    d = carl(dict(space=3, buddies={A: 6}, hand=["deusexmachina"],
                  gauge=["grasp", "cross", "dive", "assault"], set_aside=[]),
             dict(space=6, hand=["spike"]))
    d.strike("deusexmachina", "spike")
    d.pay("grasp", "cross", "dive", "assault")
    assert d.events(ev.BuddyImmuneToFlip) == [ev.BuddyImmuneToFlip(player=P1, buddy=A)]
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]  # Carl is not stunned
    assert d.life(P1) == 25 and d.life(P2) == 19
    assert d.events(ev.BuddyRemoved) == [ev.BuddyRemoved(player=P1, buddy=A)]
    assert _nirvana(d) == {A: [], D: []}


def test_carlclover_burst_draw_seal_this_boost_bonus_action() -> None:
    """Burst (Deus Ex Machina's immediate boost): draw 2, the card is sealed, and Carl
    takes another action."""
    d = carl(dict(space=3, hand=["deusexmachina"], set_aside=[]), dict(space=7))
    boost(d, "deusexmachina")
    assert d.zone(P1, Zone.SEALED) == ["Deus Ex Machina"]
    assert len(d.zone(P1, Zone.HAND)) == 2 and _next(d) == P1


def test_carlclover_ability_opponent_before_also_before_an_extra_attack() -> None:
    """Carl's ability grants ``opponent_before`` ("Before your opponent's attack") to
    every attack of his opponent, an extra attack (``play_attack_from_hand``) too: the
    card says nothing that leaves it out, and the reference client gathers the
    opponent-given effects (``opponent_`` + timing) for an extra attack's before as for
    any attack (local_game.gd, get_all_effects_for_timing: they are kept even when only
    the attack's own effects and bonuses apply). Kokonoe (P1, on 1) hits Carl (on 4)
    with Flame Cage (range 2-5: Nirvana on 2 is out of it, no flip offered) and pushes
    him to 5; Jamming Dark (``after: [if range 4] play_attack_from_hand``) lets her
    attack again with Grasp (range 1): Nirvana on 2 is in its range, so she may flip it;
    Grasp then does not hit but goes to her gauge, and Nirvana is Disabled."""
    d = position(p1=dict(space=1, hand=["flamecage", "grasp"], boosts=["flamingbelobog"]),
                 p2=dict(space=4, buddies={A: 2}, hand=["block"]),
                 chars=("kokonoe", "carlclover"), active=P1)
    d.strike("flamecage", "block")
    d.choose("push")
    assert d.space(P2) == 5
    d.select(P1, "grasp")
    request = d.expect(ChoiceRequest, P1)
    assert request.labels == ("flip buddy miss get gauge", "pass")
    d.choose("flip")
    assert d.events(ev.BuddySwapped) == [ev.BuddySwapped(player=P2, removed=A, placed=D)]
    assert buddy_spaces(d.game.table, P2, D) == [2]
    assert buddy_spaces(d.game.table, P2, A) == []
    assert "Grasp" in d.zone(P1, Zone.GAUGE)
