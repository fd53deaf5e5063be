"""Taokaka (BlazBlue): her ability (a strike she initiates with a wild swing gains
``before: advance 2``, then 1 force to retreat 2), her exceed side (any strike she
initiates gains ``before: advance 2``, then retreat 2 or not), the Overdrive effect
(advance 2 or retreat 2), her Astral Heat Attack Meow Pow! brought in by the manual
Reshuffle, and every attack and boost.

Card facts: roster.md, "Taokaka". Taokaka is P1 and Nehtali P2 (no ability, the
standard Normals): Block (power 0, speed 0, armor 2, guard 3, never hits), Spike (range
2-3, power 5, speed 3, guard 4, ignores armor and guard), Sweep (range 1-3, power 6,
speed 2, guard 6), Grasp (range 1, power 3, speed 7, hit: push or pull 1-2). A test's
name contains the effect and condition tags it exercises. The season's rules are in
``tests/engine/mechanics/test_blazblue.py``.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import CATALOG, P1, P2, Driver, boost, deck_cards, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChoiceRequest,
    ChooseOption,
    Exceed,
    IllegalDecision,
    PayForceRequest,
    Reshuffle,
    SelectCards,
    SelectCardsRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import Stat

CHARS = ("taokaka", "nehtali")


def taokaka(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Taokaka as P1 and Nehtali as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, who: Any, stat: Stat) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


def _moves(d: Driver, who: Any) -> list[tuple[int, int]]:
    return [(e.src, e.dst) for e in d.events(ev.PlayerMoved) if e.player == who]


def _wild_swing(d: Driver) -> str:
    """The card Taokaka wild swung this game (her ``AttackSet`` with ``wild``)."""
    [swing] = [e for e in d.events(ev.AttackSet) if e.player == P1 and e.wild]
    return d.name(swing.cards[0])


def _exceeded(p1: dict[str, Any], p2: dict[str, Any]) -> Driver:
    """Taokaka exceeded with two overdrive cards: the turn-start discard takes one (she
    stays exceeded) and her overdrive effect retreats 2 from space 1 (no move)."""
    d = taokaka(dict(space=1, exceeded=True, overdrive=["focus", "assault"], **p1), p2)
    d.select(P1, "focus")
    d.choose("retreat 2")
    return d


# --- the deck -------------------------------------------------------------------------------


def test_taokaka_deck_thirty_cards_and_attack_meow_pow_set_aside() -> None:
    """Deck: the 8 standard Normals x2 and her 7 specials and ultras x2 (30 cards),
    Attack Meow Pow! (her Astral Heat) set aside; exceed cost 3, life 30."""
    char = CATALOG.character("taokaka")
    deck = CATALOG.deck_list("taokaka")
    assert len(deck) == 30
    assert {card: deck.count(card) for card in deck} == {entry.card: 2 for entry in char.deck}
    assert [(e.card, e.copies) for e in char.set_aside] == [("taokaka_attackmeowpow", 1)]
    assert "taokaka_attackmeowpow" not in deck
    assert (char.exceed_cost, char.life, char.season.value) == (3, 30, "blazblue")
    kinds = [CATALOG.card(card).kind.value for card in deck]
    assert (kinds.count("normal"), kinds.count("special"), kinds.count("ultra")) == (16, 10, 4)
    assert taokaka(dict(), dict()).area(P1, "set_aside") == ["Attack Meow Pow!"]


# --- ability, exceed side, overdrive --------------------------------------------------------


def test_taokaka_ability_initiated_strike_was_wild_swing_add_attack_effect_advance() -> None:
    """Ability ``set_strike: [if initiated_strike] pass, then [if was_wild_swing]
    add_attack_effect (before: advance 2, then force_for_effect 1: retreat 2)``: she
    wild swings Spike (top of her deck), advances 3 -> 5 and declines the force: Spike
    hits Nehtali on 7 for 5 (ignoring Block's armor)."""
    d = taokaka(dict(space=3, hand=["grasp"], deck=["spike"]), dict(space=7, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "wild")
    [added] = d.events(ev.AttackEffectAdded)
    assert added.player == P1
    d.set_attack(P2, "block")
    assert _moves(d, P1) == [(3, 5)]
    assert d.expect(PayForceRequest, P1).optional
    d.decline()
    assert d.life(P2) == 25


def test_taokaka_ability_wild_swing_force_for_effect_retreat() -> None:
    """The same, paying 1 force (Grasp): she retreats 2 back to 3 and Spike (range 2-3)
    misses Nehtali 4 spaces away."""
    d = taokaka(dict(space=3, hand=["grasp"], deck=["spike"]), dict(space=7, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "wild")
    d.set_attack(P2, "block")
    d.pay("grasp")
    assert _moves(d, P1) == [(3, 5), (5, 3)]
    assert d.life(P2) == 30


def test_taokaka_ability_not_wild_swing_nothing_added() -> None:
    """``[if was_wild_swing]``: Spike set from hand gains nothing: no advance, and
    Spike misses Nehtali 4 away."""
    d = taokaka(dict(space=3, hand=["spike"]), dict(space=7, hand=["block"]))
    d.strike("spike", "block")
    assert d.events(ev.AttackEffectAdded) == []
    assert _moves(d, P1) == [] and d.life(P2) == 30


def test_taokaka_ability_not_initiated_strike_wild_swing_nothing_added() -> None:
    """``[if initiated_strike]``: her wild swing in Nehtali's strike gains nothing."""
    d = taokaka(dict(space=3, deck=["spike"]), dict(space=7, hand=["block"]), active=P2)
    d.act(Strike())
    d.set_attack(P2, "block")
    d.set_attack(P1, "wild")
    assert d.events(ev.AttackEffectAdded) == []
    assert _moves(d, P1) == []


def test_taokaka_exceed_ability_initiated_strike_add_attack_effect_advance_choice() -> None:
    """Exceed side ``set_strike: [if initiated_strike] add_attack_effect (before:
    advance 2, then retreat 2 | pass)``: Spike set from hand, she advances 1 -> 3 and
    passes: Spike hits Nehtali on 5 for 5."""
    d = _exceeded(dict(hand=["spike"]), dict(space=5, hand=["block"]))
    d.strike("spike", "block")
    assert _moves(d, P1) == [(1, 3)]
    d.choose("pass")
    assert d.life(P2) == 25


def test_taokaka_exceed_ability_choice_retreat() -> None:
    """The exceed side's choice, retreat 2: 1 -> 3 -> 1; Spike misses."""
    d = _exceeded(dict(hand=["spike"]), dict(space=5, hand=["block"]))
    d.strike("spike", "block")
    d.choose("retreat 2")
    assert _moves(d, P1) == [(1, 3), (3, 1)]
    assert d.life(P2) == 30


def test_taokaka_exceed_on_exceed_pass_overdrive_area() -> None:
    """Exceed (3 gauge) fills the overdrive area; her kicker ``on_exceed: pass`` does
    nothing more: Nehtali acts next."""
    d = taokaka(dict(gauge=["grasp", "cross", "dive"], hand=["focus"]), dict())
    d.act(Exceed())
    d.pay("grasp", "cross", "dive")
    assert d.p(P1).exceeded
    assert d.area(P1, "overdrive") == ["Grasp", "Cross", "Dive"]
    assert _next(d) == P2


def test_taokaka_overdrive_choice_advance() -> None:
    """Overdrive effect ``choice advance 2 | retreat 2``: after the discard, she
    advances 3 -> 5 (Nehtali on 8)."""
    d = taokaka(dict(space=3, exceeded=True, overdrive=["grasp", "cross"]), dict(space=8))
    d.select(P1, "grasp")
    d.choose("advance 2")
    assert d.space(P1) == 5 and d.area(P1, "overdrive") == ["Cross"]
    assert _next(d) == P1


def test_taokaka_on_reshuffle_manual_reshuffle_add_set_aside_card_to_deck() -> None:
    """Ability ``on_reshuffle: [if manual_reshuffle] add_set_aside_card_to_deck``: the
    Reshuffle action brings Attack Meow Pow! onto her deck (drawn at the end of turn)."""
    d = taokaka(dict(hand=["grasp"], discard=["cross", "dive"]), dict())
    d.act(Reshuffle())
    [added] = d.events(ev.SetAsideCardAdded)
    assert d.name(added.card) == "Attack Meow Pow!"
    assert "Attack Meow Pow!" in d.zone(P1, Zone.HAND)


# --- specials -------------------------------------------------------------------------------


def test_taokaka_catspiritone_hit_force_for_effect_per_force_powerup_after_retreat() -> None:
    """Cat Spirit One! (1 force, range 1-2, power 2, speed 6): hit: up to 2 force for +1
    power each; after: retreat 2. Two force: 2 + 2 = 4 - 2 armor = 2; 4 -> 2."""
    d = taokaka(dict(space=4, hand=["catspiritone", "grasp", "cross", "dive"]),
                dict(space=5, hand=["block"]))
    d.strike("catspiritone", "block")
    d.pay("grasp")  # its force cost
    d.choose("2")
    d.pay("cross", "dive")
    assert _mods(d, P1, Stat.POWER) == [1, 1]
    assert d.life(P2) == 28
    assert d.space(P1) == 2


def test_taokaka_catspiritone_boost_feral_fury_strike_hit_draw() -> None:
    """Feral Fury! (Cat Spirit One! boost, continuous): now: strike; hit: draw 2.
    Grasp hits (3 - 2 armor = 1) and she draws 2."""
    d = taokaka(dict(space=4, hand=["catspiritone", "grasp"], deck=["cross", "dive", "spike"]),
                dict(space=5, hand=["block"]))
    boost(d, "catspiritone")
    d.respond(P1, "grasp", "block")
    d.choose("push 1")
    assert d.life(P2) == 29
    drawn = [e for e in d.events(ev.CardMoved)
             if e.player == P1 and e.reason is ev.MoveReason.DRAW]
    assert len(drawn) >= 2
    assert {"Cross", "Dive"} <= set(d.zone(P1, Zone.HAND))


def test_taokaka_doublepawstrike_before_range_powerup_hit_push() -> None:
    """Double Paw Strike! (range 1-2, power 4, speed 5): before: [if range 1] +2 power;
    hit: push 1. At range 1: 6 - 2 armor = 4, Nehtali pushed 5 -> 6."""
    d = taokaka(dict(space=4, hand=["doublepawstrike"]), dict(space=5, hand=["block"]))
    d.strike("doublepawstrike", "block")
    assert _mods(d, P1, Stat.POWER) == [2]
    assert d.life(P2) == 26 and d.space(P2) == 6


def test_taokaka_doublepawstrike_not_at_range_one_no_powerup() -> None:
    """At range 2 no bonus: 4 - 2 armor = 2."""
    d = taokaka(dict(space=3, hand=["doublepawstrike"]), dict(space=5, hand=["block"]))
    d.strike("doublepawstrike", "block")
    assert _mods(d, P1, Stat.POWER) == []
    assert d.life(P2) == 28


def test_taokaka_doublepawstrike_boost_cat_jump_advance() -> None:
    """Cat Jump! (Double Paw Strike! boost, immediate): advance 3, crossing Nehtali:
    4 -> 8 past 5."""
    d = taokaka(dict(space=4, hand=["doublepawstrike"]), dict(space=5))
    boost(d, "doublepawstrike")
    assert d.space(P1) == 8
    assert _next(d) == P2


def test_taokaka_kittylitterspecial_hit_close_gain_advantage_after_draw() -> None:
    """Kitty Litter Special! (range 3-5, power 3, speed 5): hit: close 2, advantage;
    after: draw 1. From 2 to Nehtali on 6: 3 - 2 = 1 damage, 2 -> 4, she draws (Cross),
    and acts next."""
    d = taokaka(dict(space=2, hand=["kittylitterspecial"], deck=["cross", "dive"]),
                dict(space=6, hand=["block"]))
    d.strike("kittylitterspecial", "block")
    assert d.life(P2) == 29 and d.space(P1) == 4
    assert "Cross" in d.zone(P1, Zone.HAND)
    assert _next(d) == P1


def test_taokaka_kittylitterspecial_boost_pounce_choice_advance_strike() -> None:
    """Pounce! (Kitty Litter Special! boost, immediate): advance 1 or retreat 1, then
    strike: she advances 3 -> 4 and Grasp hits Nehtali on 5."""
    d = taokaka(dict(space=3, hand=["kittylitterspecial", "grasp"]),
                dict(space=5, hand=["block"]))
    boost(d, "kittylitterspecial")
    d.choose("advance 1")
    assert d.space(P1) == 4
    d.respond(P1, "grasp", "block")
    d.choose("push 1")
    assert d.life(P2) == 29


def test_taokaka_slashyslashy_hit_force_for_effect_powerup_draw_after_push() -> None:
    """Slashy Slashy! (range 1-2, power 3, speed 3, guard 4): hit: up to 2 force for
    +1 power and draw 1 each; after: push 2. One force: 4 - 2 = 2 damage, 1 card
    drawn, Nehtali pushed 5 -> 7."""
    d = taokaka(dict(space=4, hand=["slashyslashy", "grasp"], deck=["cross", "dive"]),
                dict(space=5, hand=["block"]))
    d.strike("slashyslashy", "block")
    d.choose("1")
    d.pay("grasp")
    assert d.life(P2) == 28 and d.space(P2) == 7
    assert "Cross" in d.zone(P1, Zone.HAND)


def test_taokaka_slashyslashy_boost_lets_play_move_top_cards_strike_wild() -> None:
    """Let's Play! (Slashy Slashy! boost, immediate): discard the top card of her deck
    (upstream ``discard_topdeck``) then wild swing: Cross is discarded, Spike is the
    wild swing; her ability adds advance 2 (3 -> 5) and Spike hits Nehtali on 7."""
    d = taokaka(dict(space=3, hand=["slashyslashy"], deck=["cross", "spike"]),
                dict(space=7, hand=["block"]))
    boost(d, "slashyslashy")
    d.choose("discard topdeck")
    assert d.zone(P1, Zone.DISCARD) == ["Cross", "Slashy Slashy!"]
    d.set_attack(P2, "block")
    assert _wild_swing(d) == "Spike"
    assert _moves(d, P1) == [(3, 5)]
    assert d.life(P2) == 25


def test_taokaka_slashyslashy_boost_lets_play_strike_wild_only() -> None:
    """Let's Play!, the other option: wild swing at once; the top card (Spike) is the
    attack, nothing is discarded first."""
    d = taokaka(dict(space=3, hand=["slashyslashy"], deck=["spike", "cross"]),
                dict(space=7, hand=["block"]))
    boost(d, "slashyslashy")
    request = d.expect(ChoiceRequest, P1)
    assert request.labels == ("discard topdeck, then strike wild", "strike wild")
    d.act(ChooseOption(index=1))
    d.set_attack(P2, "block")
    assert _wild_swing(d) == "Spike"
    assert "Cross" not in d.zone(P1, Zone.DISCARD)


def test_taokaka_slashyslashy_boost_lets_play_empty_deck_discards_nothing_then_wild_swing_reshuffles() -> None:
    """Let's Play! with an empty deck: discarding the top card finds no card and does not
    reshuffle; only the wild swing reshuffles the discard pile in (once) and swings.

    Core rulebook and BlazBlue glossary, MANUAL RESHUFFLE: the reshuffle happens when the
    deck is empty and the player "either draw[s] a card or Wild Swing[s]" (the BlazBlue
    quick reference's "draw or use the top card ... for any reason" is not followed);
    effects.md: looking at or revealing an empty deck does not reshuffle. The reference
    client agrees for every fighter, BlazBlue included: its ``discard_topdeck``,
    ``seal_topdeck``, ``reveal_topdeck`` and top-deck boost do nothing on an empty deck,
    and only its ``draw`` and ``wild_strike`` call ``reshuffle_discard``
    (scenes/game/local_game.gd).
    """
    d = taokaka(dict(space=3, hand=["slashyslashy"], deck=[], deck_rest="none",
                     discard=deck_cards("taokaka", "slashyslashy")),
                dict(space=7, hand=["block"]))
    boost(d, "slashyslashy")
    d.choose("discard topdeck")
    assert [e for e in d.events(ev.CardMoved) if e.src is Zone.DECK and e.dst is Zone.DISCARD] == []
    d.set_attack(P2, "block")
    assert [e.manual for e in d.events(ev.DeckReshuffled) if e.player == P1] == [False]
    _wild_swing(d)  # one wild swing, after the reshuffle


def test_taokaka_trickedge_ignore_guard_before_at_edge_of_arena_close() -> None:
    """Trick Edge! (range 1, power 4, speed 3): ignore_guard; before: [if at edge of
    arena] close 3: from 1 she closes to 4 next to Nehtali on 5 and strikes first
    (speed 3 to Sweep's 2): 4 damage against Sweep's guard 6, ignored, stuns her, so
    Sweep never hits back."""
    d = taokaka(dict(space=1, hand=["trickedge"]), dict(space=5, hand=["sweep"]))
    d.strike("trickedge", "sweep")
    assert _moves(d, P1) == [(1, 4)]
    assert d.life(P2) == 26
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.life(P1) == 30


def test_taokaka_trickedge_not_at_edge_no_close() -> None:
    """Away from the edge no close: from 2, Trick Edge (range 1) misses on 5."""
    d = taokaka(dict(space=2, hand=["trickedge"]), dict(space=5, hand=["block"]))
    d.strike("trickedge", "block")
    assert _moves(d, P1) == [] and d.life(P2) == 30


def test_taokaka_trickedge_boost_surprise_range_retreat_strike() -> None:
    """Surprise! (Trick Edge! boost, immediate, 1 force): [if range 1] retreat 2, then
    strike: 4 -> 2, and Spike (range 2-3) hits Nehtali on 5 for 5."""
    d = taokaka(dict(space=4, hand=["trickedge", "spike", "grasp"]),
                dict(space=5, hand=["block"]))
    boost(d, "trickedge", "grasp")
    assert d.space(P1) == 2
    d.respond(P1, "spike", "block")
    assert d.life(P2) == 25


def test_taokaka_trickedge_boost_surprise_not_at_range_one() -> None:
    """Surprise! away from range 1: nothing, no strike; Nehtali acts next."""
    d = taokaka(dict(space=3, hand=["trickedge", "grasp"]), dict(space=5))
    boost(d, "trickedge", "grasp")
    assert d.space(P1) == 3 and d.state.strike is None
    assert _next(d) == P2


# --- ultras ---------------------------------------------------------------------------------


def test_taokaka_hexaedge_hit_push_gain_advantage() -> None:
    """Hexa Edge! (3 gauge, range 1, power 6, speed 7): hit: push 2, advantage:
    6 - 2 = 4 damage, Nehtali 5 -> 7, Taokaka acts next."""
    d = taokaka(dict(space=4, hand=["hexaedge"], gauge=["grasp", "cross", "dive"]),
                dict(space=5, hand=["block"]))
    d.strike("hexaedge", "block")
    d.pay("grasp", "cross", "dive")
    assert d.life(P2) == 26 and d.space(P2) == 7
    assert _next(d) == P1


def test_taokaka_hexaedge_boost_cards_from_hand_top_of_deck_strike_wild_hit_gain_advantage() -> None:
    """Almost Becoming Two! (Hexa Edge! boost, continuous, 1 force): now: put 1 card
    from hand on top of the deck (upstream ``topdeck_from_hand``); now: wild swing
    (that card); hit: advantage. She tops Spike, wild swings it, her ability advances
    her 3 -> 5 and Spike hits Nehtali on 7: she acts next."""
    d = taokaka(dict(space=3, hand=["hexaedge", "spike", "cross", "grasp"]),
                dict(space=7, hand=["block"]))
    boost(d, "hexaedge", "grasp")
    request = d.expect(SelectCardsRequest, P1)
    assert (request.min_count, request.max_count) == (1, 1)
    d.select(P1, "spike")
    d.set_attack(P2, "block")
    d.decline()  # her ability's force for retreat 2
    assert _wild_swing(d) == "Spike"
    assert _moves(d, P1) == [(3, 5)]
    assert d.life(P2) == 25
    assert _next(d) == P1


def test_taokaka_imma_before_close() -> None:
    """Imma Beat The Crap Outta You! (2 gauge, range 1, power 7, speed 4): before:
    close 2 (2 -> 4 next to 5): 7 - 2 = 5."""
    d = taokaka(dict(space=2, hand=["immabeatthecrapouttayou"], gauge=["grasp", "cross"]),
                dict(space=5, hand=["block"]))
    d.strike("immabeatthecrapouttayou", "block")
    d.pay("grasp", "cross")
    assert d.space(P1) == 4 and d.life(P2) == 25


def test_taokaka_imma_boost_meow_im_serious_strike_hit_choice_retreat() -> None:
    """Meow I'm Serious! (Imma Beat... boost, continuous, 1 force): now: strike; hit:
    advance 3 or retreat 3. Double Paw hits (range 1: 6 - 2 = 4, push 1 to 6), then
    she retreats 4 -> 1."""
    d = taokaka(dict(space=4, hand=["immabeatthecrapouttayou", "doublepawstrike", "grasp"]),
                dict(space=5, hand=["block"]))
    boost(d, "immabeatthecrapouttayou", "grasp")
    d.respond(P1, "doublepawstrike", "block")
    d.choose("retreat 3")
    assert d.life(P2) == 26
    assert d.space(P1) == 1


def test_taokaka_attackmeowpow_before_advance() -> None:
    """Attack Meow Pow! (4 gauge, range 1, power 9, speed 5): before: advance 4: from
    1 to 5 next to Nehtali on 6: 9 - 2 = 7."""
    gauge = ["grasp", "cross", "dive", "spike"]
    d = taokaka(dict(space=1, hand=["attackmeowpow"], gauge=gauge, set_aside=[]),
                dict(space=6, hand=["block"]))
    d.strike("attackmeowpow", "block")
    d.pay(*gauge)
    assert d.space(P1) == 5 and d.life(P2) == 23


def test_taokaka_attackmeowpow_boost_burst_draw_seal_this_boost_bonus_action() -> None:
    """Burst (Attack Meow Pow! boost, immediate): draw 2, sealed, a bonus action."""
    d = taokaka(dict(hand=["attackmeowpow"], set_aside=[], deck=["cross", "dive"]), dict())
    boost(d, "attackmeowpow")
    assert d.zone(P1, Zone.SEALED) == ["Attack Meow Pow!"]
    assert sorted(d.zone(P1, Zone.HAND)) == ["Cross", "Dive"]
    assert _next(d) == P1


def test_taokaka_bad_input_topdeck_card_not_in_hand_is_illegal() -> None:
    """Bad input: Almost Becoming Two! asks for a card of her hand; answering with a
    card she does not hold (her gauge card) is an ``IllegalDecision``; the game is
    unchanged."""
    d = taokaka(dict(space=3, hand=["hexaedge", "spike", "dive", "grasp"], gauge=["cross"]),
                dict(space=7))
    boost(d, "hexaedge", "grasp")
    d.expect(SelectCardsRequest, P1)
    before = d.state.copy()
    with pytest.raises(IllegalDecision):
        d.game.step(SelectCards(cards=(d.ref(P1, "cross", Zone.GAUGE),)))
    assert d.state == before
