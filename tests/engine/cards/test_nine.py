"""Nine the Phantom (BlazBlue): her deck (25 cards, her 9 gems starting sealed, the
Astral Heat set aside), every special, ultra, Astral Heat and boost, her ability (seal
the attack on hit for a card from hand to gauge; every seal hands back the sealed card
of the same speed), her exceed ability (1 force at cleanup to seal the attack), her
overdrive effect and her Reshuffle (Colorless Void joins the deck).

Card facts: roster.md, "Nine the Phantom". Nine is P1 and Ryu P2 (Ryu's gauge stays
empty, so his Critical is never offered). Her gems start sealed, one per printed speed
0..8 (Flame Punisher 0, Navy Pressure 1, Amethyst 2, Kunzite 3, Coral 4, Morganite 5,
Emerald 6, Lapis Lazuli 7, Azurite Inferno 8), the speeds of the eight Normals (Block
0 ... Grasp 7), so each seal is a swap. A test's name contains the effect and condition
tags it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import CATALOG, P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CardPurpose,
    ChoiceRequest,
    IllegalDecision,
    PayGaugeRequest,
    Prepare,
    Reshuffle,
    SelectCards,
    SelectCardsRequest,
)
from engine.core.ids import Zone
from engine.core.invariants import card_conservation
from engine.core.state import Stat
from engine.play.api import GameSetup, new_game

CHARS = ("nine", "ryu")
GEMS = ["Flame Punisher", "Navy Pressure", "Amethyst of Annihilation",
        "Kunzite of Keep Breaker", "Coral of Catastrophe", "Morganite of Malice",
        "Emerald of Enmity", "Lapis Lazuli of Lamentation", "Azurite Inferno"]
"""Her start-sealed gems by printed speed, 0..8."""


def nine(p1: dict[str, Any], p2: dict[str, Any] | None = None, active: Any = P1) -> Driver:
    """A position with Nine as P1 and Ryu as P2."""
    return position(p1=p1, p2=p2 or {}, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, stat: Stat, who: Any = P1) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


# --- the deck --------------------------------------------------------------------------


def test_nine_deck_has_25_cards_nine_gems_sealed_and_colorless_void_set_aside() -> None:
    """roster.md, Nine's deck: 25 cards in the shuffled deck (the standard Normals x2
    and one of each of her 9 specials and ultras); a second copy of each of the 9 starts
    in the sealed area; Colorless Void (her Astral Heat) is set aside."""
    deck = CATALOG.deck_list("nine")
    assert len(deck) == 25
    assert deck.count("standard_normal_block") == 2 and deck.count("nine_coral") == 1
    char = CATALOG.character("nine")
    assert char.season.value == "blazblue" and char.exceed_cost == 4
    assert sorted(e.card for e in char.start_sealed) == sorted(
        e.card for e in char.deck if e.card.startswith("nine_"))
    assert [(e.card, e.copies) for e in char.set_aside] == [("nine_colorlessvoid", 1)]
    game = new_game(GameSetup(p1="nine", p2="ryu"), 4)
    p = game.state.players[P1]
    speeds = sorted(game.table.card(ref).speed for ref in p.sealed)
    assert speeds == list(range(9))
    assert len(p.deck) + len(p.hand) == 25
    held = [game.state.card_defs[ref] for ref in p.deck + p.hand]
    assert "nine_colorlessvoid" not in held
    assert card_conservation(game.state) == []


# --- her ability -------------------------------------------------------------------------


def test_ability_hit_min_cards_in_hand_no_sealed_copy_of_attack_seal_this_cards_from_hand_return_sealed_with_same_speed() -> None:
    """Nine's ability, ``hit: [if min_cards_in_hand 1] pass, then [if
    no_sealed_copy_of_attack] choice <seal_this, then gauge_from_hand 1 | pass>`` and
    ``on_seal: return_sealed_with_same_speed``: her Assault hits Ryu (4 damage); she
    seals it and puts Dive from hand in gauge; at cleanup the Assault is sealed and
    Morganite of Malice (speed 5, like Assault) comes back to her hand."""
    d = nine(dict(space=3, hand=["assault", "dive", "cross"]), dict(space=5, hand=["assault"]))
    d.strike("assault", "assault")
    assert d.space(P1) == 4
    d.choose("seal this")
    d.select(P1, "dive")
    assert d.life(P2) == 26
    assert d.zone(P1, Zone.GAUGE) == ["Dive"]
    assert "Assault" in d.zone(P1, Zone.SEALED)
    assert "Morganite of Malice" not in d.zone(P1, Zone.SEALED)
    assert sorted(d.zone(P1, Zone.HAND)) == ["Cross", "Morganite of Malice"]
    assert len(d.p(P1).sealed) == 9


def test_ability_no_sealed_copy_of_attack_false_and_min_cards_in_hand_false_offer_nothing() -> None:
    """Nine's ability: with an Assault already sealed, hitting with the other Assault
    offers no seal (the attack goes to gauge as usual); with an empty hand after setting,
    no seal either."""
    d = nine(dict(space=3, hand=["assault", "dive"], sealed=["assault", "morganite"]),
             dict(space=5, hand=["assault"]))
    d.strike("assault", "assault")
    assert d.life(P2) == 26
    assert not isinstance(d.pending, ChoiceRequest)
    assert d.zone(P1, Zone.GAUGE) == ["Assault"] and d.zone(P1, Zone.HAND) == ["Dive"]
    d2 = nine(dict(space=3, hand=["assault"]), dict(space=5, hand=["assault"]))
    d2.strike("assault", "assault")
    assert d2.zone(P1, Zone.GAUGE) == ["Assault"]
    assert len(d2.p(P1).sealed) == 9


def test_ability_pass_keeps_the_attack_for_gauge() -> None:
    """Nine's ability: declining (``pass``) leaves the hit attack to go to gauge and the
    sealed area unchanged."""
    d = nine(dict(space=3, hand=["assault", "dive"]), dict(space=5, hand=["assault"]))
    d.strike("assault", "assault")
    d.choose("pass")
    assert d.life(P2) == 26
    assert d.zone(P1, Zone.GAUGE) == ["Assault"] and d.zone(P1, Zone.HAND) == ["Dive"]
    assert sorted(d.zone(P1, Zone.SEALED)) == sorted(GEMS)


def test_exceeded_cleanup_force_for_effect_seal_this_return_sealed_with_same_speed() -> None:
    """Nine's exceed ability, ``cleanup: force_for_effect 1 {overall_effect: seal_this}``:
    after her Spike strike she pays 1 force (Grasp); the Spike is sealed and Kunzite of
    Keep Breaker (speed 3) returns to hand. (Her overdrive step comes first: she
    discards Cross from the overdrive and passes on its seal.)"""
    d = nine(dict(space=3, exceeded=True, overdrive=["cross", "focus"],
                  hand=["spike", "grasp"]), dict(space=5, hand=["block"]))
    d.select(P1, "cross")
    d.choose("pass")
    d.strike("spike", "block")
    assert d.life(P2) == 25
    d.pay("grasp")
    assert "Spike" in d.zone(P1, Zone.SEALED)
    assert d.zone(P1, Zone.HAND) == ["Kunzite of Keep Breaker"]
    assert d.zone(P1, Zone.GAUGE) == []


def test_overdrive_choice_cards_from_discard_sealed_return_sealed_with_same_speed() -> None:
    """Nine's overdrive effect, ``choice <choose_discard to sealed | pass>``: at her
    turn start in Overdrive she discards Cross from the overdrive, then seals Dive from
    her discard pile; Coral of Catastrophe (speed 4, like Dive) returns to hand."""
    d = nine(dict(exceeded=True, overdrive=["cross", "focus"], discard=["dive"]))
    d.select(P1, "cross")
    d.choose("cards from discard")
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.TO_SEALED
    d.select(P1, "dive")
    assert d.zone(P1, Zone.DISCARD) == ["Cross"]
    assert "Dive" in d.zone(P1, Zone.SEALED)
    assert d.zone(P1, Zone.HAND) == ["Coral of Catastrophe"]
    assert _next(d) == P1


def test_reshuffle_on_reshuffle_manual_reshuffle_add_set_aside_card_to_deck() -> None:
    """Nine's ability, ``on_reshuffle: [if manual_reshuffle] add_set_aside_card_to_deck
    {nine_colorlessvoid}``: after the Reshuffle action Colorless Void goes on top of her
    deck, and the end-of-turn draw takes it."""
    d = nine(dict(discard=["grasp", "cross"], hand=["dive"]))
    assert d.area(P1, "set_aside") == ["Colorless Void"]
    d.act(Reshuffle())
    [added] = d.events(ev.SetAsideCardAdded)
    assert d.name(added.card) == "Colorless Void"
    assert d.area(P1, "set_aside") == []
    assert "Colorless Void" in d.zone(P1, Zone.HAND)


# --- specials ----------------------------------------------------------------------------


def test_amethyst_ignore_guard_push_pushed_min_spaces_gain_advantage() -> None:
    """Amethyst of Annihilation (range 1-3, power 5, speed 2, guard 4): ``during_strike:
    ignore_guard``; ``hit: push 2, then [if pushed_min_spaces 1] gain_advantage``.
    Against Block (armor 2, guard 3) it deals 3, which stuns only because guard is
    ignored; Ryu is pushed 4 -> 6 and Nine acts next."""
    d = nine(dict(space=3, hand=["amethyst"]), dict(space=4, hand=["block"]))
    d.strike("amethyst", "block")
    assert d.space(P2) == 6 and d.life(P2) == 27
    assert d.state.strike is None and d.events(ev.PlayerStunned)
    assert _next(d) == P1


def test_amethyst_push_blocked_by_the_wall_pushed_min_spaces_false_no_advantage() -> None:
    """Amethyst of Annihilation: against Ryu cornered on space 9 the push moves him 0
    spaces, so ``pushed_min_spaces 1`` fails: no advantage, Ryu acts next."""
    d = nine(dict(space=7, hand=["amethyst"]), dict(space=9, hand=["block"]))
    d.strike("amethyst", "block")
    assert d.space(P2) == 9 and d.life(P2) == 27
    assert _next(d) == P2


def test_taaffeite_boost_powerup_speedup_armorup() -> None:
    """Taaffeite of Temptation (Amethyst's boost, continuous, 1 force): ``during_strike:
    powerup 1 + speedup 1 + armorup 1``. With it in play Nine's Dive gets +1/+1/+1:
    speed 5 beats Ryu's Spike, 6 damage stuns him (guard 4)."""
    d = nine(dict(space=2, hand=["dive"], boosts=["amethyst"]), dict(space=6, hand=["spike"]))
    d.strike("dive", "spike")
    assert _mods(d, Stat.POWER) == [1] and _mods(d, Stat.SPEED) == [1]
    assert _mods(d, Stat.ARMOR) == [1]
    assert d.life(P2) == 24


def test_coral_powerup_count_sealed_normals_at_most_5() -> None:
    """Coral of Catastrophe (range 2-3, power 3): ``before: powerup_per_sealed_normal 1
    {maximum 5}`` (``powerup {count: sealed_normals, at_most: 5}``): 3 Normals sealed
    make 6 power; 7 sealed make 3 + 5 = 8 (upstream test_nine_coral_below/over_5)."""
    d = nine(dict(space=3, hand=["coral"], sealed=["grasp", "cross", "assault"]),
             dict(space=6, hand=["grasp"]))
    d.strike("coral", "grasp")
    assert d.life(P2) == 24
    d = nine(dict(space=3, hand=["coral"], sealed=["grasp", "cross", "assault", "dive",
                                                   "spike", "sweep", "focus", "coral"]),
             dict(space=6, hand=["grasp"]))
    d.strike("coral", "grasp")
    assert d.life(P2) == 22


def test_andradite_boost_rangeup_hit_choice_retreat() -> None:
    """Andradite of Accord (Coral's boost, continuous): ``during_strike: rangeup 0/1``;
    ``hit: advance 2 | retreat 2``. Nine's Grasp (range 1) reaches 2 spaces and she
    retreats 2 after hitting (3 -> 1)."""
    d = nine(dict(space=3, hand=["grasp"], boosts=["coral"]), dict(space=5, hand=["block"]))
    d.strike("grasp", "block")
    assert d.side(P1).max_range == 1
    d.choose("push 1")  # Grasp's own hit comes first
    d.choose("retreat 2")  # then Andradite's (Ryu holds no force for Block's armor)
    assert d.space(P1) == 1 and d.space(P2) == 6
    assert d.life(P2) == 29


def test_emerald_rangeup_count_sealed_normals_push_retreat() -> None:
    """Emerald of Enmity (range 3-4, power 2, 1 force): ``before:
    rangeup_per_sealed_normal 0/1`` (``rangeup 0/{count: sealed_normals}``); ``hit:
    push 1, then retreat 1``. From 1 against Ryu on 8 (range 7): 2 Normals sealed make
    3-6, a miss; 4 make 3-8: 2 damage, Ryu pushed to 9 (upstream test_emerald_miss/hit)."""
    d = nine(dict(space=1, hand=["emerald", "dive"], sealed=["grasp", "assault"]),
             dict(space=8, hand=["grasp"]))
    d.strike("emerald", "grasp")
    d.pay("dive")
    assert d.life(P2) == 30 and d.space(P2) == 8
    d = nine(dict(space=1, hand=["emerald", "dive"],
                  sealed=["grasp", "assault", "dive", "spike"]),
             dict(space=8, hand=["grasp"]))
    d.strike("emerald", "grasp")
    d.pay("dive")
    assert d.life(P2) == 28 and d.space(P2) == 9 and d.space(P1) == 1


def test_seamoss_gate_boost_cards_from_discard_sealed_return_sealed_with_same_speed_bonus_action() -> None:
    """Seamoss Gate (Emerald's boost, immediate, 1 force): ``choose_discard to sealed,
    then bonus_action``. Nine pays Grasp, seals Dive from her discard pile (Coral,
    speed 4, returns to hand) and acts again."""
    d = nine(dict(hand=["emerald", "grasp"], discard=["dive"]))
    boost(d, "emerald", "grasp")
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.TO_SEALED
    assert sorted(d.names(request.candidates)) == ["Dive", "Grasp"]
    d.select(P1, "dive")
    assert "Dive" in d.zone(P1, Zone.SEALED)
    assert "Coral of Catastrophe" in d.zone(P1, Zone.HAND)
    assert _next(d) == P1


def test_seamoss_gate_cards_from_discard_a_card_not_in_the_discard_is_illegal() -> None:
    """Bad input (issue 15): sealing from the discard pile with a card that is not there
    (one in hand) is an ``IllegalDecision`` naming what is allowed; nothing changes."""
    d = nine(dict(hand=["emerald", "grasp", "cross"], discard=["dive"]))
    boost(d, "emerald", "grasp")
    request = d.expect(SelectCardsRequest, P1)
    before = d.state.copy()
    with pytest.raises(IllegalDecision) as raised:
        d.game.step(SelectCards(cards=(d.ref(P1, "cross"),)))
    assert "candidates" in str(raised.value)
    assert d.state == before and d.pending == request


def test_kunzite_range_is_range_to_opponent_after_movement() -> None:
    """Kunzite of Keep Breaker (range: the range to the opponent, power 5, speed 3):
    Ryu's faster Cross misses from 3 away and retreats 3 (5 -> 8); Kunzite still hits at
    range 6 (upstream test_kunzite_range)."""
    d = nine(dict(space=2, hand=["kunzite"]), dict(space=5, hand=["cross"]))
    d.strike("kunzite", "cross")
    assert d.space(P2) == 8 and d.life(P2) == 25 and d.life(P1) == 30


def test_kunzite_ignore_armor() -> None:
    """Kunzite of Keep Breaker: ``during_strike: ignore_armor``: Ryu's Focus (armor 2)
    takes the full 5."""
    d = nine(dict(space=2, hand=["kunzite"]), dict(space=6, hand=["focus"]))
    d.strike("kunzite", "focus")
    assert d.life(P2) == 25


def test_uvarovite_boost_draw_and_after_opponent_stunned_opponent_discard_random() -> None:
    """Uvarovite of Undoing (Kunzite's boost, continuous, 1 force): ``now: draw 2``;
    ``after: [if opponent_stunned] opponent_discard_random 2``. Played, Nine draws 2;
    in play, her Assault stuns Ryu and he discards 2 of his 3 cards at random."""
    d = nine(dict(hand=["kunzite", "grasp"]))
    boost(d, "kunzite", "grasp")
    assert len(d.p(P1).hand) == 3  # 2 drawn, then the end-of-turn draw
    assert d.zone(P1, Zone.BOOSTS) == ["Kunzite of Keep Breaker"]
    d = nine(dict(space=3, hand=["assault"], boosts=["kunzite"]),
             dict(space=5, hand=["dive", "grasp", "cross", "sweep"]))
    d.strike("assault", "dive")
    assert d.life(P2) == 26
    assert len(d.p(P2).hand) == 1
    assert len(d.p(P2).discard) == 3  # Dive and the 2 discarded


def test_lapis_hit_choice_cards_from_discard_sealed_after_repeat_effect_optionally_stop() -> None:
    """Lapis Lazuli of Lamentation (range 1, power 2, speed 7, 1 force): ``hit: choice
    <choose_discard to sealed | pass>``; ``after: repeat_effect_optionally
    {every_two_sealed_normals}`` of ``advance 1 | retreat 1``. With 2 Normals sealed
    (and Coral) she seals Dive from her discard (Coral returns to hand; now 3 Normals),
    hits for 2, moves once and may repeat once: she stops."""
    d = nine(dict(space=3, hand=["lapislazuli", "focus"], discard=["dive"],
                  sealed=["grasp", "cross", "coral"]), dict(space=4, hand=["grasp"]))
    d.strike("lapislazuli", "grasp")
    d.pay("focus")
    d.choose("cards from discard")
    d.select(P1, "dive")
    assert d.zone(P1, Zone.HAND) == ["Coral of Catastrophe"]
    d.choose("pass")  # her ability: no seal this time
    assert d.life(P2) == 28
    d.choose("retreat 1")
    assert d.space(P1) == 2
    request = d.expect(ChoiceRequest, P1)
    assert request.labels[1] == "stop"
    d.choose("stop")
    assert d.space(P1) == 2 and _next(d) == P2


def test_lapis_after_repeat_effect_optionally_count_sealed_normals_per_2() -> None:
    """Lapis Lazuli of Lamentation with 4 Normals sealed: the move runs once and may
    repeat twice (floor(4 / 2)): advance past Ryu (3 -> 5), retreat, retreat: 7
    (upstream test_lapis_multi); with 1 Normal sealed it runs once, never asked again."""
    d = nine(dict(space=3, hand=["lapislazuli", "focus"],
                  sealed=["cross", "assault", "dive", "spike"]), dict(space=4, hand=["grasp"]))
    d.strike("lapislazuli", "grasp")
    d.pay("focus")
    d.choose("pass")
    d.choose("advance 1")
    d.choose("repeat")
    d.choose("retreat 1")
    d.choose("repeat")
    d.choose("retreat 1")
    assert d.space(P1) == 7 and d.life(P2) == 28
    assert _next(d) == P2
    d = nine(dict(space=3, hand=["lapislazuli", "focus"], sealed=["cross"]),
             dict(space=4, hand=["grasp"]))
    d.strike("lapislazuli", "grasp")
    d.pay("focus")
    d.choose("pass")
    d.choose("advance 1")
    assert d.space(P1) == 5 and _next(d) == P2


def test_citrine_boost_dodge_at_range_and_start_of_next_turn_add_to_gauge_immediately() -> None:
    """Citrine of Change (Lapis's boost, continuous): ``during_strike: dodge_at_range
    4-9``; ``start_of_next_turn: add_to_gauge_immediately``. Ryu's Hadoken from 4 away
    misses Nine; and a Citrine still in play at her next turn start goes to her gauge."""
    d = nine(dict(space=3, hand=["block"], boosts=["lapislazuli"]),
             dict(space=7, hand=["hadoken"]), active=P2)
    d.strike("hadoken", "block")
    assert d.life(P1) == 30
    d = nine(dict(hand=["lapislazuli", "grasp"]), dict(hand=["grasp"]))
    boost(d, "lapislazuli")
    assert d.zone(P1, Zone.BOOSTS) == ["Lapis Lazuli of Lamentation"]
    d.act(Prepare())  # Ryu's turn
    assert d.zone(P1, Zone.GAUGE) == ["Lapis Lazuli of Lamentation"]
    assert d.zone(P1, Zone.BOOSTS) == [] and _next(d) == P1


def test_morganite_pull_and_after_opponent_stunned_move_top_cards_discard_to_gauge() -> None:
    """Morganite of Malice (range 3-5, power 4, speed 5): ``hit: pull 5``; ``after: [if
    opponent_stunned] add_top_discard_to_gauge``. Ryu on 7 is pulled 5 past Nine on 3
    (to 1), stunned (4 > guard 0), and her top discard (Grasp) goes to gauge."""
    d = nine(dict(space=3, hand=["morganite"], discard=["grasp"]), dict(space=7, hand=["dive"]))
    d.strike("morganite", "dive")
    assert d.space(P2) == 1 and d.life(P2) == 26
    assert d.zone(P1, Zone.GAUGE) == ["Grasp", "Morganite of Malice"]


def test_flax_nurture_boost_draw_cards_from_hand_top_of_deck_shuffle_deck() -> None:
    """Flax Nurture (Morganite's boost, immediate): ``draw 3``, then
    ``shuffle_into_deck_from_hand 2`` (``cards_from_hand to top_of_deck 2..2, then
    shuffle_deck``): Nine draws 3, puts Cross and one drawn card into her deck, which is
    shuffled."""
    d = nine(dict(hand=["morganite", "cross"]))
    deck = len(d.p(P1).deck)
    boost(d, "morganite")
    assert len(d.p(P1).hand) == 4
    d.select(P1, "cross", d.zone(P1, Zone.HAND)[1])
    assert len(d.events(ev.DeckShuffled)) == 1
    assert len(d.p(P1).deck) == deck - 3 + 2 - 1  # 3 drawn, 2 back, end-of-turn draw
    assert len(d.p(P1).hand) == 3


def test_navy_pressure_opponent_discard_random_after_hit_opponent_return_attack_to_top_of_deck() -> None:
    """Navy Pressure (range 4-7, power 6, speed 1, guard 5, 1 force): ``hit:
    opponent_discard_random 1``; ``after: [if hit_opponent] choice
    <return_attack_to_top_of_deck, then add_top_discard_to_gauge | pass>``. It hits
    Ryu's Block (4 damage), he discards 1 of 2 cards; Navy goes on top of Nine's deck and
    her top discard (Grasp, paid as force) to gauge."""
    d = nine(dict(space=3, hand=["navypressure", "grasp"]),
             dict(space=7, hand=["block", "cross", "dive"]))
    d.strike("navypressure", "block")
    d.pay("grasp")
    d.decline()  # Ryu spends no force on Block's armor: 6 - 2
    assert d.life(P2) == 26 and len(d.p(P2).hand) == 1
    d.choose("return attack to top of deck")
    assert d.zone(P1, Zone.DECK)[0] == "Navy Pressure"
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]


def test_heliodor_boost_armorup_guardup_and_now_cards_from_hand_sealed() -> None:
    """Heliodor of Humility (Navy Pressure's boost, continuous): ``during_strike:
    armorup 1 + guardup 3``; ``now: self_discard_choose 1 to sealed``
    (``cards_from_hand to sealed 1..1``). Played, Nine seals Dive from hand and Coral
    (speed 4) returns; in play, her Spike gets +1 armor and +3 guard."""
    d = nine(dict(hand=["navypressure", "dive", "grasp"]))
    boost(d, "navypressure")
    d.select(P1, "dive")
    assert "Dive" in d.zone(P1, Zone.SEALED)
    assert "Coral of Catastrophe" in d.zone(P1, Zone.HAND)
    d = nine(dict(space=3, hand=["spike"], boosts=["navypressure"]),
             dict(space=6, hand=["assault"]))
    d.strike("spike", "assault")
    assert _mods(d, Stat.ARMOR) == [1] and _mods(d, Stat.GUARD) == [3]
    assert d.life(P1) == 27  # Ryu's Assault: 4 - 1 armor; 3 damage does not stun (guard 3)
    assert d.events(ev.PlayerStunned) == []


# --- ultras ------------------------------------------------------------------------------


def test_azurite_inferno_hit_cards_from_discard_sealed_up_to_2() -> None:
    """Azurite Inferno (ultra, 1 gauge, range 1, power 2, speed 8): ``hit: choose_discard
    2 to sealed {amount_min 0}``. Nine seals Dive and Spike from her discard pile: Coral
    (4) and Kunzite (3) return to hand."""
    d = nine(dict(space=3, hand=["azuriteinferno"], gauge=["grasp"], discard=["dive", "spike"]),
             dict(space=4, hand=["grasp"]))
    d.strike("azuriteinferno", "grasp")
    d.pay("grasp")
    request = d.expect(SelectCardsRequest, P1)
    assert (request.min_count, request.max_count) == (0, 2)
    d.select(P1, "dive", "spike")
    assert sorted(d.zone(P1, Zone.HAND)) == ["Coral of Catastrophe", "Kunzite of Keep Breaker"]
    assert d.life(P2) == 28


def test_teleport_step_boost_choice_advance_bonus_action() -> None:
    """Teleport Step (Azurite Inferno's boost, immediate): ``advance 2 | retreat 2``,
    then ``bonus_action``: Nine advances 2 past Ryu (3 -> 6, his space 4 not counted)
    and acts again."""
    d = nine(dict(space=3, hand=["azuriteinferno", "grasp"]), dict(space=4))
    boost(d, "azuriteinferno")
    d.choose("advance 2")
    assert d.space(P1) == 6 and _next(d) == P1


def test_flame_punisher_stun_immunity_push_after_draw() -> None:
    """Flame Punisher (ultra, 2 gauge, range 2-5, power 7, speed 0): ``during_strike:
    stun_immunity``; ``hit: push 2``; ``after: draw 2``. Ryu's faster Spike hits Nine
    for 5 (no stun), then Flame Punisher hits for 7, pushes him 5 -> 7 and she draws 2."""
    d = nine(dict(space=3, hand=["flamepunisher"], gauge=["grasp", "cross"]),
             dict(space=5, hand=["spike"]))
    d.strike("flamepunisher", "spike")
    d.pay("grasp", "cross")
    assert d.life(P1) == 25 and d.life(P2) == 23
    assert d.space(P2) == 7 and len(d.p(P1).hand) == 2


def test_hi_no_kagutsuchi_boost_cards_from_hand_count_cards_in_hand_to_gauge_then_draw_6() -> None:
    """Hi no Kagutsuchi (Flame Punisher's boost, immediate, 3 force): ``add_hand_to_gauge``
    (``cards_from_hand to gauge``, all of it) then ``draw 6``: Nine pays 3 force (an
    ultra from gauge is 2), her 2 other cards go to gauge, she draws 6 (+1 at the end of
    the turn)."""
    d = nine(dict(hand=["flamepunisher", "dive", "spike", "focus"], gauge=["azuriteinferno"]))
    boost(d, "flamepunisher", "focus", "azuriteinferno")
    assert sorted(d.zone(P1, Zone.GAUGE)) == ["Dive", "Spike"]
    assert len(d.p(P1).hand) == 7


def test_colorless_void_gauge_cost_reduction_per_sealed_normal() -> None:
    """Colorless Void (Astral Heat, 9 gauge, range 3, power 9, speed 9): ``gauge cost -1
    per sealed Normal``. With the 8 Normals sealed it costs 1 (upstream
    test_colorless_min_cost); with only her gems sealed, the full 9."""
    gauge = ["grasp", "cross", "assault", "dive", "spike", "sweep", "focus", "block", "coral"]
    normals = ["grasp", "cross", "assault", "dive", "spike", "sweep", "focus", "block"]
    d = nine(dict(space=3, hand=["colorlessvoid"], set_aside=[], gauge=gauge, sealed=normals),
             dict(space=6, hand=["grasp"]))
    d.strike("colorlessvoid", "grasp")
    assert d.expect(PayGaugeRequest, P1).amount == 1
    d.pay("coral")
    assert d.life(P2) == 21 and len(d.p(P1).gauge) == 8 + 1  # 8 left, then the hit
    d = nine(dict(space=3, hand=["colorlessvoid"], set_aside=[], gauge=gauge),
             dict(space=6, hand=["grasp"]))
    d.strike("colorlessvoid", "grasp")
    assert d.expect(PayGaugeRequest, P1).amount == 9


def test_burst_boost_draw_seal_this_boost_bonus_action() -> None:
    """Burst (Colorless Void's boost, immediate): ``draw 2, seal_this, bonus_action``:
    Nine draws 2, Colorless Void goes to her sealed area (speed 9: no card returns) and
    she acts again."""
    d = nine(dict(hand=["colorlessvoid"], set_aside=[]))
    boost(d, "colorlessvoid")
    assert len(d.p(P1).hand) == 2
    assert "Colorless Void" in d.zone(P1, Zone.SEALED) and len(d.p(P1).sealed) == 10
    assert _next(d) == P1
