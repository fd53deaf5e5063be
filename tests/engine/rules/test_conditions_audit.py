"""Condition audit: the conditions of effects.md's "Conditions" table read as the source
says, in positions the other tests did not pin. Card facts: roster.md."""

from __future__ import annotations

from conftest import P1, P2, position

from engine import events as ev
from engine.core.decisions import CharacterAction, ChoiceRequest
from engine.core.ids import Zone
from engine.mechanics.buddies.state import buddy_spaces

_FLIP = ("flip buddy miss get gauge", "pass")


def test_nirvana_in_range_of_an_attack_measured_from_the_staff_can_be_flipped() -> None:
    """Carl Clover's ability, ``opponent_before: [if opponent_buddy_in_range(nirvana_active,
    buddy_not_immune_to_flip)] choice <flip_buddy_miss_get_gauge | pass>``; effects.md:
    ``opponent_buddy_in_range`` is "The opponent's buddy is within your attack's range
    (or on your space)", and the core rulebook's FAQ measures an attack coming from
    another source from that source, "being the attack's point of origin". Litchi (2)
    attacks with Four Winds (1F, range 0-1, ``calculate_range_from_buddy`` Mantenbo):
    it comes from Mantenbo on 6, and Nirvana (Active) on 5 is 1 from there, so Litchi
    may flip it, though it is 3 from Litchi herself. (The engine measured from Litchi:
    no flip was offered and Four Winds went straight to its hit choice.)"""
    d = position(p1=dict(space=2, buddies={"mantenbo": 6}, hand=["fourwinds", "grasp"]),
                 p2=dict(space=7, buddies={"nirvana_active": 5}, hand=["block"]),
                 chars=("litchi", "carlclover"))
    d.strike("fourwinds", "block")
    d.pay("grasp")
    assert d.expect(ChoiceRequest, P1).labels == _FLIP
    d.choose("flip")
    assert buddy_spaces(d.game.table, P2, "nirvana_disabled") == [5]
    assert [e.reason for e in d.events(ev.AttackMissed) if e.player == P1] == [
        ev.MissReason.DOES_NOT_HIT]
    assert d.life(P2) == 30


def test_nirvana_next_to_litchi_is_out_of_range_of_an_attack_from_the_staff() -> None:
    """The same rule the other way: Four Winds (0-1) from Mantenbo on 6 does not reach
    Nirvana (Active) on 3, 3 spaces from the staff, although it is next to Litchi (2):
    no flip is offered, and Four Winds hits Carl on 7 from the staff (its hit choice
    comes next). (The engine measured from Litchi and offered the flip.)"""
    d = position(p1=dict(space=2, buddies={"mantenbo": 6}, hand=["fourwinds", "grasp"]),
                 p2=dict(space=7, buddies={"nirvana_active": 3}, hand=["block"]),
                 chars=("litchi", "carlclover"))
    d.strike("fourwinds", "block")
    d.pay("grasp")
    assert d.expect(ChoiceRequest, P1).labels == ("push 1, then draw 1", "pull 1, then draw 1")
    assert [e.player for e in d.events(ev.AttackHit)] == [P1]
    assert buddy_spaces(d.game.table, P2, "nirvana_active") == [3]


def test_nirvana_in_the_range_chun_li_gains_per_boost_can_be_flipped() -> None:
    """``opponent_buddy_in_range`` reads the attack's current range, with the range it
    gains per boost: exceeded Chun-Li's ``set_strike: add_attack_effect
    (rangeup_per_boost_modifier 0/1)`` with two continuous boosts in play makes Grasp
    (range 1) reach 1-3 (effects.md, ``rangeup_per_boost_modifier``). Chun-Li on 2,
    Carl on 4, Nirvana (Active) on 5, 3 away: she may flip it. (The engine read only
    the printed range and its bonuses, 1: no flip was offered; Grasp went straight to
    its hit choice, though it hit Carl 2 away.)"""
    d = position(p1=dict(space=2, exceeded=True, boosts=["kikoken", "flippingaxkick"],
                         hand=["grasp"]),
                 p2=dict(space=4, buddies={"nirvana_active": 5}, hand=["block"]),
                 chars=("chunli", "carlclover"))
    d.strike("grasp", "block")
    assert d.expect(ChoiceRequest, P1).labels == _FLIP


def test_a_wild_swing_that_replaced_an_invalid_attack_from_gauge_was_not_set_from_gauge() -> None:
    """Yuzuriha exceeded: character action #0 ``strike_random_from_gauge``; exceed ability
    ``during_strike: [if used_character_action(exceed, 0)] pass + [if
    was_strike_from_gauge] powerup 2 + speedup 1``. effects.md: ``was_strike_from_gauge``
    is "Your attack was set from your gauge". Her only gauge card, Inochi Kurenai (ultra,
    1G), is set; with her gauge now empty she cannot pay it, so it is invalid and she
    wild swings Grasp from her deck (core rulebook, Invalid Attacks). That attack was
    not set from her gauge: no +2 power / +1 speed. (The engine kept the gauge mark on
    the wild swing and gave Grasp +2 power and +1 speed.)"""
    d = position(p1=dict(space=3, exceeded=True, gauge=["kurenai"], deck=["grasp"]),
                 p2=dict(space=4, hand=["block"]), chars=("yuzu", "waldstein"))
    d.act(CharacterAction(index=0))
    d.set_attack(P2, "block")
    assert [e.player for e in d.events(ev.AttackInvalid)] == [P1]
    attack = d.side(P1).attack
    assert attack is not None and d.name(attack) == "Grasp" and d.side(P1).wild
    assert [e for e in d.events(ev.StatModified) if e.player == P1] == []


def test_a_blocked_advance_is_no_move_of_your_own_this_strike() -> None:
    """Pins a subtle reading that was right: effects.md, ``not_moved_self_this_strike``:
    "You have not changed your own position this strike (pushes/pulls don't count; a
    blocked move doesn't count)". Linne's Flying Swallow, ``before: choice <advance 3 +
    powerup 2 | pass>``, ``after: [if not_moved_self_this_strike] advance 3 + draw 1``,
    against Enkidu's Thunder Stomp (``during_strike: block_opponent_move``): her before
    advance is blocked (she stays on 2 and misses), so at after she still has not moved
    herself: the (blocked) advance runs and she draws 1."""
    d = position(p1=dict(space=2, hand=["flyingswallow", "grasp"], deck=["dive"]),
                 p2=dict(space=4, hand=["thunderstomp"]), chars=("linne", "enkidu"))
    d.strike("flyingswallow", "thunderstomp")
    d.choose("advance 3")
    assert d.space(P1) == 2 and d.life(P2) == 30
    assert d.zone(P1, Zone.HAND) == ["Grasp", "Dive"]
