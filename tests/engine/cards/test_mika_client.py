"""Mika Returna: situations of the reference client's ``test/unit/test_mika.gd`` that
our Mika tests (``test_mika.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Mika Returna", and the ``uni`` normals. As in the client's
tests, P2 is Mika too (answering with ``uni`` normals).
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, deck_cards, position

from engine import events as ev
from engine.core.decisions import CharacterAction, ChooseOption

CHARS = ("mika", "mika")


@pytest.mark.parametrize(("start", "spaces", "lives"), [(3, (6, 5), (27, 30)),
                                                        (2, (4, 5), (27, 25))])
def test_mika_cannon_against_focus(start: int, spaces: tuple[int, int],
                                   lives: tuple[int, int]) -> None:
    """Mika's Cannon (power 7, speed 1, armor 1; "before: advance 2 + [if advanced_through]
    attack_does_not_hit") against Focus (client: ``test_mika_cannon_miss``,
    ``..._hit``). From 3 it advances past P2 on 5 to 6 and does not hit; from 2 it
    stops at 4 and hits for 7 - 2 (Focus's guard 5 holds). Focus hits for 4 - 1."""
    d = position(p1=dict(space=start, hand=["cannon"]), p2=dict(space=5, hand=["focus"]),
                 chars=CHARS)
    d.strike("cannon", "focus")
    assert (d.space(P1), d.space(P2)) == spaces
    assert (d.life(P1), d.life(P2)) == lives


def test_mika_character_action_pachelbel_tops_crash_for_a_wild_swing() -> None:
    """Her character action: discard 1, then boost Hip Attack (Pachelbel Cannon: +2
    power; "now: topdeck_from_hand") putting Mika's Crash on top, then wild swing it
    (client: ``test_mika_crash_pachelbel``): wild, Crash ignores guard; 3 + 2 - 2 armor
    = 3 stuns Focus; after, she advances 3 past it (2 -> 6)."""
    d = position(p1=dict(space=2, hand=["grasp", "hipattack", "crash"]),
                 p2=dict(space=5, hand=["focus"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    d.select(P1, "grasp")
    d.act(ChooseOption(index=0))  # boost, then strike wild
    d.select(P1, "hipattack")
    d.select(P1, "crash")
    d.set_attack(P2, "focus")
    assert (d.space(P1), d.space(P2)) == (6, 5)
    assert (d.life(P1), d.life(P2)) == (30, 27)


@pytest.mark.parametrize(("start", "spaces", "lives"), [(4, (4, 5), (24, 30)),
                                                        (1, (4, 5), (24, 24))])
def test_mika_missile_power_is_twice_the_spaces_closed(
        start: int, spaces: tuple[int, int], lives: tuple[int, int]) -> None:
    """Mika's Missile (power 0; "before: close 3 {save_spaces_as_strike_x} + powerup
    strike_x x2") (client: ``test_mika_missile_range_1``, ``..._range_4``): adjacent it
    closes 0 and deals 0; from 1 it closes 3 and hits for 6 (no stun: Sweep's guard 6);
    Sweep hits back for 6."""
    d = position(p1=dict(space=start, hand=["missile"]), p2=dict(space=5, hand=["sweep"]),
                 chars=CHARS)
    d.strike("missile", "sweep")
    assert (d.space(P1), d.space(P2)) == spaces
    assert (d.life(P1), d.life(P2)) == lives


@pytest.mark.parametrize(("spaces", "lives"), [((1, 2), (26, 30)), ((2, 4), (30, 20))])
def test_mika_galaxy_range_from_the_center(spaces: tuple[int, int],
                                           lives: tuple[int, int]) -> None:
    """Mika's Galaxy (range 0-1 counted from the center space 5, power 12) (client:
    ``test_mika_galaxy_miss``, ``..._hit``): P2 on 2 is 3 from the center, a miss, and
    Focus hits her for 4; P2 on 4 is hit for 12 - 2 and stunned."""
    d = position(p1=dict(space=spaces[0], hand=["galaxy"], gauge=["grasp", "cross", "dive"]),
                 p2=dict(space=spaces[1], hand=["focus"]), chars=CHARS)
    d.strike("galaxy", "focus")
    d.pay("grasp", "cross", "dive")
    assert (d.space(P1), d.space(P2)) == spaces
    assert (d.life(P1), d.life(P2)) == lives


def test_mika_wild_galaxy_with_superior_pushes_onto_the_center() -> None:
    """Her character action boosting Cross (Superior: attack_is_ex) then wild swinging
    Mika's Galaxy (client: ``test_mika_galaxy_wild``): its "before: [if was_wild_swing]
    choice <push 2 | pass>" pushes P2 from 7 onto the center 5, range 0: EX 12 + 1."""
    d = position(p1=dict(space=9, hand=["grasp", "cross"], gauge=["dive", "focus", "spike"],
                         deck=["galaxy", "assault"]),
                 p2=dict(space=7, hand=["sweep"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    d.select(P1, "grasp")
    d.act(ChooseOption(index=0))
    d.select(P1, "cross")
    d.set_attack(P2, "sweep")
    d.pay("dive", "focus", "spike")
    d.choose("push")
    assert (d.space(P1), d.space(P2)) == (9, 5)
    assert (d.life(P1), d.life(P2)) == (30, 17)


@pytest.mark.parametrize(("response", "spaces", "lives"),
                         [("focus", (1, 2), (29, 29)), ("sweep", (8, 9), (30, 20))])
def test_mika_revolution_push_then_close_for_power(
        response: str, spaces: tuple[int, int], lives: tuple[int, int]) -> None:
    """Mika's Revolution ("hit: push 7 + close 7 {save_spaces_as_strike_x} + powerup
    strike_x") from 1 against 2 (client: ``test_mika_revolution_lame``,
    ``..._wheeeee``): Focus ignores the push, she closes 0: 3 - 2 armor, and Focus hits
    her for 4 - 3; Sweep is pushed to 9, she closes 7 to 8 and hits for 10, stunning
    it."""
    d = position(p1=dict(space=1, hand=["revolution"], gauge=["grasp", "cross"]),
                 p2=dict(space=2, hand=[response]), chars=CHARS)
    d.strike("revolution", response)
    d.pay("grasp", "cross")
    assert (d.space(P1), d.space(P2)) == spaces
    assert (d.life(P1), d.life(P2)) == lives


def test_mika_action_boost_without_a_strike_then_wild_swings() -> None:
    """Her character action boosting Grasp's Respect ("now: choice <advance 1 | advance
    2 | advance 3 | pass>"), which starts no strike (client: ``test_mika_ua_boost_no_strike``):
    she advances 2 (2 to 4), then wild swings the top of her deck, Assault: it closes 2
    (to 6) and hits P2 on 7 first for 4 (not above Sweep's guard 6); Sweep hits her for 6."""
    d = position(p1=dict(space=2, hand=["cross", "grasp"], deck=["assault", "dive"]),
                 p2=dict(space=7, hand=["sweep"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    d.select(P1, "cross")
    d.act(ChooseOption(index=0))
    d.select(P1, "grasp")
    d.choose("advance 2")
    d.set_attack(P2, "sweep")
    (swing,) = [e for e in d.events(ev.AttackSet) if e.player == P1]
    assert swing.wild and d.names(swing.cards) == ["Assault"]
    assert (d.space(P1), d.space(P2)) == (6, 7)
    assert (d.life(P1), d.life(P2)) == (24, 26)


def test_mika_action_wild_swing_from_an_empty_deck_reshuffles_the_discard() -> None:
    """Core rules, OUT OF CARDS: "If you attempt to draw or Wild Swing from an empty deck,
    reshuffle your discard pile to form a new deck. Then, perform the draw or Wild Swing."
    (client: ``test_mika_ua_deck_empty_wild``, in one stored version only). Mika, deck
    and discard empty, discards Assault for her action and boosts Cross's Superior
    (attack_is_ex): the wild swing reshuffles the discard (Assault only) and swings it,
    EX. From 1 it closes 2 (to 3) and hits Focus on 4 first for 5 - 2 = 3; Focus hits
    back for 4 - 1 (EX armor) = 3. (The rest of her cards wait in her gauge, so the
    deck and the discard pile are empty.)"""
    d = position(p1=dict(space=1, hand=["assault", "cross"], deck=[], deck_rest="none",
                         gauge=deck_cards("mika", "assault", "cross")),
                 p2=dict(space=4, hand=["focus"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    d.select(P1, "assault")
    d.act(ChooseOption(index=0))
    d.select(P1, "cross")
    d.set_attack(P2, "focus")
    assert [e.player for e in d.events(ev.DeckReshuffled)] == [P1]
    (swing,) = [e for e in d.events(ev.AttackSet) if e.player == P1]
    assert swing.wild and d.names(swing.cards) == ["Assault"]
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert (d.life(P1), d.life(P2)) == (27, 27)
