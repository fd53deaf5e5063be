"""Platinum the Trinity (BlazBlue): her ability (at each cleanup she may boost the top
card of her deck and keep it), its exceeded form, her overdrive effect (a continuous
card discarded from the overdrive area is boosted), the Astral Heat (Shining Layered
Force) and every attack and boost.

Card facts: roster.md, "Platinum the Trinity". Platinum is P1 and Nehtali P2 (no
ability, the standard Normals): Spike (range 2-3, power 5, speed 3, guard 4), Sweep
(range 1-3, power 6, speed 2, guard 6), Focus (range 1-2, power 4, speed 1, armor 2,
guard 5), Assault (range 1, power 4, speed 5, before: close 2), Grasp (range 1, power
3, speed 7), Cross (range 1-2, power 3, speed 6, after: retreat 3). Every strike of
hers ends with her ability's cleanup choice. A test's name contains the effect and
condition tags it exercises.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import CATALOG, P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChoiceRequest,
    Exceed,
    IllegalDecision,
    Reshuffle,
    SelectCards,
    SelectCardsRequest,
    SetAttackRequest,
    Strike,
)
from engine.core.ids import Zone

CHARS = ("platinum", "nehtali")


def platinum(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Platinum as P1 and Nehtali as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _strike(d: Driver, attack: str, response: str) -> None:
    d.act(Strike())
    d.set_attack(P1, attack)
    d.set_attack(P2, response)


def _cleanup_pass(d: Driver) -> None:
    """Her ability's cleanup choice: pass."""
    d.choose("pass")


def _drawn(d: Driver, who: Any) -> list[str]:
    return [d.name(e.card) for e in d.events(ev.CardMoved)
            if e.player == who and e.reason is ev.MoveReason.DRAW]


# --- the deck --------------------------------------------------------------------------


def test_platinum_deck_31_cards_with_shining_layered_force_set_aside() -> None:
    """roster.md, Platinum: the 8 standard Normals and 7 specials/ultras twice each (30)
    plus Shining Layered Force set aside (31); exceed cost 3; BlazBlue season."""
    char = CATALOG.character("platinum")
    deck = CATALOG.deck_list("platinum")
    assert len(deck) == 30 and len(CATALOG.game_cards("platinum")) == 31
    assert all(entry.copies == 2 for entry in char.deck) and len(char.deck) == 15
    assert [e.card for e in char.set_aside] == ["platinum_shininglayeredforce"]
    assert char.exceed_cost == 3 and char.life == 30 and char.season.value == "blazblue"
    kinds = [CATALOG.card(card).kind.value for card in deck]
    assert (kinds.count("normal"), kinds.count("special"), kinds.count("ultra")) == (16, 10, 4)
    force = CATALOG.card("platinum_shininglayeredforce")
    assert (force.gauge_cost, force.range, force.power, force.speed, force.armor) == (
        4, (2, 2), 9, 5, 3)
    d = platinum({}, {})
    assert d.area(P1, "set_aside") == ["Shining Layered Force"]


# --- ability, exceed ability, hooks ------------------------------------------------------------


def test_ability_cleanup_boost_then_sustain_topdeck_continuous_stays_in_play() -> None:
    """Ability: ``cleanup: choice <boost_then_sustain_topdeck 1
    discard_if_not_continuous | pass>``: after her Grasp strike, the top card of her
    deck, Happy Magicka, is boosted (Magical Missile, continuous) and sustained: it
    stays in play after cleanup."""
    d = platinum(dict(space=4, hand=["grasp"], deck=["happymagicka", "cross", "dive"]),
                 dict(space=5, hand=["focus"]))
    _strike(d, "grasp", "focus")
    d.choose("push 1")  # Grasp's hit
    request = d.expect(ChoiceRequest, P1)
    assert "boost then sustain topdeck" in request.labels[0]
    d.choose("boost then sustain topdeck")
    assert d.zone(P1, Zone.BOOSTS) == ["Happy Magicka"]
    assert [d.name(e.card) for e in d.events(ev.BoostSustained)] == ["Happy Magicka"]
    assert d.state.strike is None and d.zone(P1, Zone.BOOSTS) == ["Happy Magicka"]


def test_ability_boost_then_sustain_topdeck_discard_if_not_continuous() -> None:
    """Ability, ``discard_if_not_continuous``: the top card Cross has an immediate boost
    (Run), so it goes to the discard pile unplayed."""
    d = platinum(dict(space=4, hand=["grasp"], deck=["cross", "dive", "spike"]),
                 dict(space=5, hand=["focus"]))
    _strike(d, "grasp", "focus")
    d.choose("push 1")
    d.choose("boost then sustain topdeck")
    assert d.zone(P1, Zone.BOOSTS) == [] and "Cross" in d.zone(P1, Zone.DISCARD)
    assert d.events(ev.BoostSustained) == []
    assert d.zone(P1, Zone.DECK)[0] == "Dive"


def test_exceed_ability_boost_then_sustain_topdeck_not_sustained_then_choose_sustain_boost() -> None:
    """Exceed ability: ``cleanup: choice <boost_then_sustain_topdeck (not sustained,
    discard_if_not_continuous), then choose_sustain_boost 0..1 | pass>``: the top card
    (Dream Sally: Magical Boomerang) is boosted unsustained; she picks it to sustain,
    so it stays; declining instead, it leaves at cleanup."""
    for keep in (True, False):
        d = platinum(dict(space=4, hand=["grasp"], exceeded=True, overdrive=["dive", "cross"],
                          deck=["dreamsally", "cross", "dive"]),
                     dict(space=5, hand=["focus"]))
        d.select(P1, "dive")  # the overdrive discard
        _strike(d, "grasp", "focus")
        d.choose("push 1")
        d.choose("boost then sustain topdeck")
        d.expect(ChoiceRequest, P1)
        if keep:
            d.choose("sustain Magical Boomerang")
            assert d.zone(P1, Zone.BOOSTS) == ["Dream Sally"]
        else:
            d.choose("pass")
            assert d.zone(P1, Zone.BOOSTS) == [] and "Dream Sally" in d.zone(P1, Zone.DISCARD)


def test_ability_on_reshuffle_manual_reshuffle_add_set_aside_card_to_deck() -> None:
    """Ability: ``on_reshuffle: [if manual_reshuffle] add_set_aside_card_to_deck``: the
    Reshuffle action brings Shining Layered Force to the top of her deck."""
    d = platinum(dict(hand=["grasp"], discard=["cross", "dive"]), {})
    d.act(Reshuffle())
    [added] = d.events(ev.SetAsideCardAdded)
    assert d.name(added.card) == "Shining Layered Force"
    assert "Shining Layered Force" in d.zone(P1, Zone.HAND)


def test_on_exceed_pass_kicker_does_nothing_and_gauge_enters_overdrive() -> None:
    """Kicker ``on_exceed: pass``: exceeding (3 gauge into the overdrive area) does nothing
    more; the turn passes to Nehtali."""
    d = platinum(dict(gauge=["grasp", "cross", "dive"], hand=["focus"]), {})
    d.act(Exceed())
    d.pay("grasp", "cross", "dive")
    assert d.p(P1).exceeded and d.area(P1, "overdrive") == ["Grasp", "Cross", "Dive"]
    assert d.expect(ActionRequest).player == P2


def test_overdrive_top_discard_is_continous_boost_boost_discarded_overdrive() -> None:
    """Overdrive: ``[if top_discard_is_continous_boost] boost_discarded_overdrive``: the
    card she discards from the overdrive area, Mystique Momo (Magical Do-Re-Mi
    Box, continuous), is boosted at once and stays in play; discarding Cross (Run, an
    immediate boost) instead boosts nothing."""
    d = platinum(dict(exceeded=True, overdrive=["mystiquemomo", "cross"]), {})
    d.select(P1, "mystiquemomo")
    assert d.zone(P1, Zone.BOOSTS) == ["Mystique Momo"]
    assert d.area(P1, "overdrive") == ["Cross"] and d.zone(P1, Zone.DISCARD) == []
    d.expect(ActionRequest, P1)
    d = platinum(dict(exceeded=True, overdrive=["mystiquemomo", "cross"]), {})
    d.select(P1, "cross")
    assert d.zone(P1, Zone.BOOSTS) == [] and d.zone(P1, Zone.DISCARD) == ["Cross"]


# --- specials ------------------------------------------------------------------------------


def test_dramatic_sammy_ignore_armor_ignore_guard_advance_hit_gain_advantage_choose_sustain_boost() -> None:
    """Dramatic Sammy (range 1, power 4, speed 2): ``during: ignore_armor, ignore_guard``;
    ``before: advance 1 | advance 2``; ``hit: gain_advantage, then choose_sustain_boost
    0..1``: from 3 she advances 2 to 5 against Nehtali's Focus on 6 (armor 2) and deals
    all 4; she keeps her Magical Bomb boost (Dramatic Sammy's) in play and acts next."""
    d = platinum(dict(space=3, hand=["dramaticsammy"], boosts=["dramaticsammy"]),
                 dict(space=6, hand=["focus"]))
    _strike(d, "dramaticsammy", "focus")
    d.choose("advance 2")
    assert d.space(P1) == 5
    d.choose("sustain Magical Bomb")
    _cleanup_pass(d)
    assert d.life(P2) == 26
    assert d.zone(P1, Zone.BOOSTS) == ["Dramatic Sammy"]
    assert d.expect(ActionRequest).player == P1


def test_magical_bomb_hit_range_2_powerup() -> None:
    """Magical Bomb (Dramatic Sammy's continuous boost), ``hit: [if range 2] powerup 2``:
    her Spike hits Nehtali at range 2 for 7; at range 3 it would deal 5."""
    for far, damage in ((5, 7), (6, 5)):
        d = platinum(dict(space=3, hand=["spike"], boosts=["dramaticsammy"]),
                     dict(space=far, hand=["sweep"]))
        _strike(d, "spike", "sweep")
        _cleanup_pass(d)
        assert d.life(P2) == 30 - damage


def test_dream_sally_hit_opponent_moved_or_was_moved_powerup() -> None:
    """Dream Sally (range 1-5, power 3, speed 1, guard 5), ``hit: [if
    opponent_moved_or_was_moved] powerup 2``: Nehtali's Assault closes 2 (and hits
    first, 4 under 5 guard); Dream Sally then deals 5. Against a Focus that stays put it
    deals 3 (less Focus's armor 2: 1)."""
    d = platinum(dict(space=3, hand=["dreamsally"]), dict(space=6, hand=["assault"]))
    _strike(d, "dreamsally", "assault")
    _cleanup_pass(d)
    assert d.events(ev.MoveNoted) == [ev.MoveNoted(player=P2)]
    assert d.life(P2) == 25 and d.life(P1) == 26
    d = platinum(dict(space=3, hand=["dreamsally"]), dict(space=5, hand=["focus"]))
    _strike(d, "dreamsally", "focus")
    _cleanup_pass(d)
    assert d.events(ev.MoveNoted) == [] and d.life(P2) == 29


def test_magical_boomerang_after_draw_then_return_attack_to_top_of_deck() -> None:
    """Magical Boomerang (Dream Sally's continuous boost), ``after: draw 1, then
    return_attack_to_top_of_deck``: after her Grasp she draws 1 (Cross) and Grasp goes
    back on top of her deck."""
    d = platinum(dict(space=4, hand=["grasp"], boosts=["dreamsally"],
                      deck=["cross", "dive", "spike"]), dict(space=5, hand=["focus"]))
    _strike(d, "grasp", "focus")
    d.choose("push 1")
    _cleanup_pass(d)
    assert _drawn(d, P1)[:1] == ["Cross"]
    assert "Grasp" not in d.zone(P1, Zone.GAUGE) and "Grasp" not in d.zone(P1, Zone.DISCARD)
    assert d.zone(P1, Zone.DECK)[0] == "Grasp"


def test_happy_magicka_hit_was_hit_opponent_discard_random() -> None:
    """Happy Magicka (range 1-3, power 3, speed 1, armor 2, guard 4), ``hit: [if was_hit]
    opponent_discard_random 1``: Nehtali's Sweep hits her first (6 - 2 armor = 4, not
    over guard 4); her Magicka then hits and Nehtali discards 1 of her 2 other cards."""
    d = platinum(dict(space=3, hand=["happymagicka"]),
                 dict(space=5, hand=["sweep", "grasp", "cross"]))
    _strike(d, "happymagicka", "sweep")
    _cleanup_pass(d)
    assert d.life(P1) == 26 and d.life(P2) == 27
    assert len(d.p(P2).hand) == 1 and len(d.zone(P2, Zone.DISCARD)) == 1


def test_magical_missile_speedup_before_retreat() -> None:
    """Magical Missile (Happy Magicka's continuous boost): ``during: speedup 2``;
    ``before: retreat 2``: her Grasp (speed 7+2) beats Nehtali's Grasp; she retreats from
    4 to 2 first and misses at range 3."""
    d = platinum(dict(space=4, hand=["grasp"], boosts=["happymagicka"]),
                 dict(space=5, hand=["grasp"]))
    _strike(d, "grasp", "grasp")
    _cleanup_pass(d)
    [priority] = d.events(ev.PriorityDetermined)
    assert priority.speed_p1 == 9 and d.space(P1) == 2 and d.life(P2) == 30


def test_mami_circular_advance_then_advanced_through_ignore_armor() -> None:
    """Mami Circular (range 1, power 4, speed 5), ``before: advance 3, then [if
    advanced_through] ignore_armor``: from 3 past Nehtali on 6 (her space is not
    counted) she lands on 7 and hits Focus (armor 2) for all 4."""
    d = platinum(dict(space=3, hand=["mamicircular"]), dict(space=6, hand=["focus"]))
    _strike(d, "mamicircular", "focus")
    _cleanup_pass(d)
    assert d.space(P1) == 7 and d.life(P2) == 26


def test_magical_bat_speedup_minus_1_guardup_5() -> None:
    """Magical Bat (Mami Circular's continuous boost): ``during: speedup -1, then
    guardup 5``: her Focus is speed 0 and guard 10: Nehtali's Sweep (6) does not stun
    her, and Focus hits back for 4."""
    d = platinum(dict(space=4, hand=["focus"], boosts=["mamicircular"]),
                 dict(space=5, hand=["sweep"]))
    _strike(d, "focus", "sweep")
    _cleanup_pass(d)
    [priority] = d.events(ev.PriorityDetermined)
    assert priority.speed_p1 == 0
    assert d.events(ev.PlayerStunned) == [] and d.life(P1) == 26 and d.life(P2) == 26


def test_mystique_momo_discard_continuous_boost_mine_overall_effect_powerup() -> None:
    """Mystique Momo (range 2-5, power 2, speed 5), ``before: discard_continuous_boost
    (mine, optional) for powerup 2``: she discards her own Magical Bomb boost (Nehtali's
    boost is not offered) and hits for 4."""
    d = platinum(dict(space=3, hand=["mystiquemomo"], boosts=["dramaticsammy"]),
                 dict(space=6, hand=["spike"], boosts=["grasp"]))
    _strike(d, "mystiquemomo", "spike")
    request = d.expect(ChoiceRequest, P1)
    assert len(request.labels) == 2  # her boost, or pass
    d.choose("Magical Bomb")
    _cleanup_pass(d)
    assert d.zone(P1, Zone.BOOSTS) == [] and "Dramatic Sammy" in d.zone(P1, Zone.DISCARD)
    assert d.life(P2) == 26


def test_magical_do_re_mi_box_before_pull() -> None:
    """Magical Do-Re-Mi Box (Mystique Momo's continuous boost), ``before: pull 2``: her
    Grasp pulls Nehtali from 5 through her space to 2 before its range check, hits at
    range 1 and pushes her to 1."""
    d = platinum(dict(space=3, hand=["grasp"], boosts=["mystiquemomo"]),
                 dict(space=5, hand=["cross"]))
    _strike(d, "grasp", "cross")
    assert [e.dst for e in d.events(ev.PlayerMoved) if e.player == P2] == [2]
    d.choose("push 1")
    _cleanup_pass(d)
    assert d.life(P2) == 27 and d.space(P2) == 1


# --- ultras -------------------------------------------------------------------------------


def test_cure_dot_typhoon_advance_choice_after_cards_from_discard_to_top_of_deck() -> None:
    """Cure Dot Typhoon (2 gauge, range 1, power 4, speed 6): ``before: advance 1 |
    advance 2``; ``after: cards_from_discard 0..1 to_top_of_deck``: she advances 2 to
    hit Nehtali on 5, then puts Miracle Jeanne from her discard pile on top of her
    deck."""
    d = platinum(dict(space=3, hand=["curedottyphoon"], gauge=["grasp", "cross"],
                      discard=["miraclejeanne"]), dict(space=5, hand=["sweep"]))
    _strike(d, "curedottyphoon", "sweep")
    d.pay("grasp", "cross")
    d.choose("advance 1")
    request = d.expect(SelectCardsRequest, P1)
    assert request.max_count == 1 and request.min_count == 0
    d.select(P1, "miraclejeanne")
    _cleanup_pass(d)
    assert d.life(P2) == 26
    assert "Miracle Jeanne" not in d.zone(P1, Zone.DISCARD)
    assert d.zone(P1, Zone.DECK)[0] == "Miracle Jeanne"


def test_cards_from_discard_a_card_not_in_the_discard_is_an_illegal_decision() -> None:
    """Bad input: asked for a card of her discard pile to put on top of her deck (Cure
    Dot Typhoon's after), a card from her hand is refused with an ``IllegalDecision``
    naming the request and what it allows; the game is unchanged."""
    d = platinum(dict(space=3, hand=["curedottyphoon", "grasp"], gauge=["cross", "dive"],
                      discard=["miraclejeanne"]), dict(space=5, hand=["sweep"]))
    _strike(d, "curedottyphoon", "sweep")
    d.pay("cross", "dive")
    d.choose("advance 1")
    d.expect(SelectCardsRequest, P1)
    before = d.state.copy()
    with pytest.raises(IllegalDecision) as raised:
        d.game.step(SelectCards(cards=(d.ref(P1, "grasp"),)))
    assert "select_cards" in str(raised.value) and "candidates" in str(raised.value)
    assert d.state == before
    d.select(P1)
    _cleanup_pass(d)
    assert d.zone(P1, Zone.DISCARD).count("Miracle Jeanne") == 1


def test_magical_cat_hammer_rangeup_speedup() -> None:
    """Magical Cat Hammer (Cure Dot Typhoon's continuous boost), ``during: rangeup 1/2,
    then speedup 1``: her Grasp (range 2-3, speed 8) hits Nehtali 3 spaces away."""
    d = platinum(dict(space=3, hand=["grasp"], boosts=["curedottyphoon"]),
                 dict(space=6, hand=["focus"]))
    _strike(d, "grasp", "focus")
    d.choose("push 1")
    _cleanup_pass(d)
    [priority] = d.events(ev.PriorityDetermined)
    assert priority.speed_p1 == 8 and d.life(P2) == 29


def test_miracle_jeanne_boost_additional_from_discard_then_sustain_all_boosts() -> None:
    """Miracle Jeanne (4 gauge, range 2-3, power 3, speed 4): ``before: boost_additional
    (continuous, from the discard pile, free), then another``; ``after:
    sustain_all_boosts``: she boosts Dramatic Sammy's Magical Bomb and Happy Magicka's
    Magical Missile from her discard pile (the candidates are the continuous boosts
    there); Missile's speed +2 applies on arrival, after priority was decided, and its
    own ``before: retreat 2`` joins this before step (a boost played during your before
    adds its before effects: the reference client's _boost_play_cleanup_update_effects),
    so she retreats 3 -> 1 and Miracle Jeanne (range 2-3) misses Ryu 4 away; after,
    both boosts are sustained and stay in play."""
    d = platinum(dict(space=3, hand=["miraclejeanne"], gauge=["cross", "dive", "assault", "focus"],
                      discard=["dramaticsammy", "happymagicka", "cross"]),
                 dict(space=5, hand=["sweep"]))
    _strike(d, "miraclejeanne", "sweep")
    d.pay("cross", "dive", "assault", "focus")
    request = d.expect(SelectCardsRequest, P1)
    assert sorted(d.names(request.candidates)) == ["Dramatic Sammy", "Happy Magicka"]
    d.select(P1, "dramaticsammy")
    d.select(P1, "happymagicka")
    _cleanup_pass(d)
    assert sorted(d.zone(P1, Zone.BOOSTS)) == ["Dramatic Sammy", "Happy Magicka"]
    assert len(d.events(ev.BoostSustained)) == 2
    assert d.life(P2) == 30 and d.space(P1) == 1


def test_piko_hammer_armorup_hit_opponent_total_guard_greater_or_equal_powerup_else() -> None:
    """Piko Hammer (Miracle Jeanne's continuous boost): ``during: armorup 2``; ``hit: [if
    opponent_total_guard_greater_or_equal 3] powerup 2, else powerup -1``: her Grasp
    against Sweep (guard 6) deals 5; against Cross (guard 0) it deals 2."""
    for response, damage in (("sweep", 5), ("cross", 2)):
        d = platinum(dict(space=4, hand=["grasp"], boosts=["miraclejeanne"]),
                     dict(space=5, hand=[response]))
        _strike(d, "grasp", response)
        d.choose("push 1")
        _cleanup_pass(d)
        assert d.life(P2) == 30 - damage
        assert 2 in [e.amount for e in d.events(ev.StatModified) if e.player == P1]


def test_shining_layered_force_push_or_pull_then_hit_push_8() -> None:
    """Shining Layered Force (Astral Heat: 4 gauge, range 2, power 9, speed 5, armor 3):
    ``before: push 2 | pull 2``; ``hit: push 8``: from 3 she pulls Nehtali from 7 to 5,
    hits at range 2 for 9 and pushes her to the edge (9)."""
    d = platinum(dict(space=3, hand=["shininglayeredforce"], set_aside=[],
                      gauge=["grasp", "cross", "dive", "spike"]),
                 dict(space=7, hand=["sweep"]))
    _strike(d, "shininglayeredforce", "sweep")
    d.pay("grasp", "cross", "dive", "spike")
    d.choose("pull 2")
    _cleanup_pass(d)
    assert d.life(P2) == 21 and d.space(P2) == 9


def test_burst_draw_2_seal_this_boost_bonus_action() -> None:
    """Burst (Shining Layered Force's immediate boost): ``draw 2``, ``seal_this_boost``,
    ``bonus_action``: she draws 2, the card is sealed, and she acts again."""
    d = platinum(dict(hand=["shininglayeredforce"], set_aside=[]), {})
    boost(d, "shininglayeredforce")
    assert d.zone(P1, Zone.SEALED) == ["Shining Layered Force"]
    assert len(d.p(P1).hand) == 2
    assert d.expect(ActionRequest).player == P1
    assert not isinstance(d.pending, SetAttackRequest)
