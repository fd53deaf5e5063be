"""Mika Returna (Under Night In-Birth): her character actions (a wild swing, after a
discard or for 1 gauge, optionally after a boost), her exceeded "Revert", and every
attack and boost.

Card facts: roster.md, "Mika Returna". Mika is P1 and Nehtali P2 (no ability, the
standard Normals): he answers with Block (power 0, speed 0, armor 2, guard 3, never
hits), Assault (range 1, power 4, speed 5) or Spike (range 2-3, power 5, speed 3). A
test's name contains the effect and condition tags it exercises.
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import ActionRequest, CharacterAction, ChooseOption, Strike
from engine.core.ids import Zone
from engine.core.state import AttackFlag, Stat

CHARS = ("mika", "nehtali")


def mika(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Mika as P1 and Nehtali as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, who: Any, stat: Stat) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


def _flags(d: Driver, who: Any) -> set[AttackFlag]:
    return {e.flag for e in d.events(ev.AttackFlagged) if e.player == who}


def _misses(d: Driver) -> list[tuple[object, object]]:
    return [(e.player, e.reason) for e in d.events(ev.AttackMissed)]


# --- character actions -------------------------------------------------------------------


def test_mika_action_cards_from_hand_discard_then_strike_wild() -> None:
    """Default character action: discard 1 card, then choose ``strike_wild``: the top of
    her deck (Tornado) is her attack. Tornado advances 2 (3 -> 5) and, being a wild
    swing, gains advantage on hit: 5 - Block's 2 = 3 damage, and Mika acts next."""
    d = mika(dict(space=3, hand=["grasp", "dive"], deck=["tornado", "cross"]),
             dict(space=6, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.select(P1, "grasp")
    d.act(ChooseOption(index=1))  # "strike wild"
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]
    d.set_attack(P2, "block")
    assert d.space(P1) == 5
    assert d.life(P2) == 27
    assert _next(d) == P1


def test_mika_action_boost_additional_then_strike_wild() -> None:
    """Default character action, first option: discard 1, boost a card from hand (Hip
    Attack as Pachelbel Cannon, +2 power), then wild swing with the top of the deck
    (Tornado): 5 + 2 - 2 armor = 5 damage."""
    d = mika(dict(space=3, hand=["hipattack", "grasp"], deck=["tornado", "cross"]),
             dict(space=6, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.select(P1, "grasp")
    d.act(ChooseOption(index=0))  # "boost additional, then strike wild"
    d.select(P1, "hipattack")
    assert d.zone(P1, Zone.BOOSTS) == ["Mika's Hip Attack"]
    d.set_attack(P2, "block")
    assert 2 in _mods(d, P1, Stat.POWER)
    assert d.life(P2) == 25


def test_mika_action_boost_additional_declined_still_strikes_wild() -> None:
    """The boost is optional: declining it, Mika still wild swings (Tornado: 3 damage)."""
    d = mika(dict(space=3, hand=["hipattack", "grasp"], deck=["tornado", "cross"]),
             dict(space=6, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.select(P1, "grasp")
    d.act(ChooseOption(index=0))  # "boost additional, then strike wild"
    d.select(P1)
    d.set_attack(P2, "block")
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.life(P2) == 27


def test_mika_exceeded_action_gauge_then_strike_wild() -> None:
    """Exceeded character action #0: 1 gauge (no discard), then the same choice; a
    plain wild swing with Tornado deals 3 and keeps the advantage."""
    d = mika(dict(space=3, hand=["grasp"], gauge=["cross"], deck=["tornado", "dive"],
                  exceeded=True), dict(space=6, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.pay("cross")
    d.act(ChooseOption(index=1))  # "strike wild"
    assert d.zone(P1, Zone.GAUGE) == []
    d.set_attack(P2, "block")
    assert d.zone(P1, Zone.HAND) == ["Grasp"]
    assert d.life(P2) == 27
    assert _next(d) == P1


def test_mika_exceeded_action_revert_cards_from_hand_bonus_action() -> None:
    """Exceeded character action #1 "Revert": one card from hand to gauge, ``revert``,
    then a bonus action: Mika is no longer exceeded and acts again."""
    d = mika(dict(space=3, hand=["grasp", "cross"], exceeded=True), dict(space=6))
    d.act(CharacterAction(index=1))
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.events(ev.Reverted) == [ev.Reverted(player=P1)]
    assert not d.p(P1).exceeded
    assert _next(d) == P1


# --- attacks ---------------------------------------------------------------------------


def test_mika_cannon_ignore_push_and_pull_before_advance_hits() -> None:
    """Mika's Cannon: ``ignore_push_and_pull``; before: advance 2 (3 -> 5, next to
    Nehtali): power 7 - 2 armor = 5."""
    d = mika(dict(space=3, hand=["cannon"]), dict(space=6, hand=["block"]))
    d.strike("cannon", "block")
    assert AttackFlag.IGNORE_PUSH_PULL in _flags(d, P1)
    assert d.space(P1) == 5
    assert d.life(P2) == 25


def test_mika_cannon_advanced_through_attack_does_not_hit() -> None:
    """Mika's Cannon: advancing past Nehtali (``advanced_through``) makes it
    ``attack_does_not_hit``: no damage."""
    d = mika(dict(space=3, hand=["cannon"]), dict(space=4, hand=["block"]))
    d.strike("cannon", "block")
    assert d.space(P1) > d.space(P2)
    assert (P1, ev.MissReason.DOES_NOT_HIT) in _misses(d)
    assert d.life(P2) == 30


def test_mika_crash_was_wild_swing_ignore_guard_after_advance() -> None:
    """Mika's Crash as a wild swing: ``ignore_guard``; after: advance 3."""
    d = mika(dict(space=3, hand=["grasp", "dive"], deck=["crash", "cross"]),
             dict(space=5, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.select(P1, "grasp")
    d.act(ChooseOption(index=1))  # "strike wild"
    d.set_attack(P2, "block")
    assert AttackFlag.IGNORE_GUARD in _flags(d, P1)
    assert d.life(P2) == 29
    assert d.space(P1) == 7


def test_mika_crash_set_from_hand_keeps_guard() -> None:
    """Mika's Crash set from hand is no wild swing: no ``ignore_guard``."""
    d = mika(dict(space=3, hand=["crash"]), dict(space=5, hand=["block"]))
    d.strike("crash", "block")
    assert AttackFlag.IGNORE_GUARD not in _flags(d, P1)
    assert d.life(P2) == 29


def test_mika_hipattack_hit_push_after_close_opponent_at_edge_gain_advantage() -> None:
    """Mika's Hip Attack: hit: push 3 (6 -> 9, the edge); after: close 1 (5 -> 6), and
    with the opponent at the edge she gains advantage: 5 - 2 = 3 damage, Mika next."""
    d = mika(dict(space=5, hand=["hipattack"]), dict(space=6, hand=["block"]))
    d.strike("hipattack", "block")
    assert d.space(P2) == 9
    assert d.space(P1) == 6
    assert d.life(P2) == 27
    assert _next(d) == P1


def test_mika_hipattack_not_at_edge_no_advantage() -> None:
    """Mika's Hip Attack: pushed only to space 7, Nehtali is not at the edge: no
    advantage (she still closes 1, 3 -> 4), so he acts next."""
    d = mika(dict(space=3, hand=["hipattack"]), dict(space=4, hand=["block"]))
    d.strike("hipattack", "block")
    assert d.space(P2) == 7
    assert d.space(P1) == 4
    assert _next(d) == P2


def test_mika_missile_close_save_spaces_as_strike_x_powerup_count_strike_x_times_2() -> None:
    """Mika's Missile: before: close 3 (2 -> 5), X = 3; powerup 2 x X = 6: power 0 + 6
    - 2 armor = 4."""
    d = mika(dict(space=2, hand=["missile"]), dict(space=6, hand=["block"]))
    d.strike("missile", "block")
    assert d.space(P1) == 5
    assert 6 in _mods(d, P1, Stat.POWER)
    assert d.life(P2) == 26


def test_mika_missile_short_close_small_x() -> None:
    """Mika's Missile: already adjacent, she closes 0 spaces: X = 0, power 0."""
    d = mika(dict(space=5, hand=["missile"]), dict(space=6, hand=["block"]))
    d.strike("missile", "block")
    assert d.space(P1) == 5
    assert d.life(P2) == 30


def test_mika_tornado_before_advance_set_from_hand_no_advantage() -> None:
    """Mika's Tornado from hand: advance 2 (3 -> 5), 5 - 2 = 3 damage; no wild swing, so
    no advantage: Nehtali acts next."""
    d = mika(dict(space=3, hand=["tornado"]), dict(space=6, hand=["block"]))
    d.strike("tornado", "block")
    assert d.space(P1) == 5
    assert d.life(P2) == 27
    assert _next(d) == P2


def test_mika_galaxy_calculate_range_from_center_hits_far_opponent() -> None:
    """Mika's Galaxy (3 gauge): range 0-1 measured from the center space 5: Nehtali on 5
    is at range 0 though 3 spaces from Mika: 12 - 2 = 10 damage."""
    d = mika(dict(space=2, hand=["galaxy"], gauge=["grasp", "cross", "dive"]),
             dict(space=5, hand=["block"]))
    d.strike("galaxy", "block")
    d.pay("grasp", "cross", "dive")
    assert AttackFlag.RANGE_FROM_CENTER in _flags(d, P1)
    assert d.life(P2) == 20


def test_mika_galaxy_calculate_range_from_center_misses_adjacent_off_center() -> None:
    """Mika's Galaxy: Nehtali adjacent on 8 is 3 from the center: out of range 0-1."""
    d = mika(dict(space=7, hand=["galaxy"], gauge=["grasp", "cross", "dive"]),
             dict(space=8, hand=["block"]))
    d.strike("galaxy", "block")
    d.pay("grasp", "cross", "dive")
    assert (P1, ev.MissReason.OUT_OF_RANGE) in _misses(d)
    assert d.life(P2) == 30


def test_mika_revolution_hit_push_close_save_spaces_as_strike_x_powerup() -> None:
    """Mika's Revolution (2 gauge): hit: push 7 (4 -> 9), close 7 (3 -> 8), X = 5,
    powerup X: 3 + 5 - 2 armor = 6."""
    d = mika(dict(space=3, hand=["revolution"], gauge=["grasp", "cross"]),
             dict(space=4, hand=["block"]))
    d.strike("revolution", "block")
    d.pay("grasp", "cross")
    assert d.space(P2) == 9
    assert d.space(P1) == 8
    assert 5 in _mods(d, P1, Stat.POWER)
    assert d.life(P2) == 24


# --- boosts ------------------------------------------------------------------------------


def test_mika_swift_attack_speedup_hit_add_boost_to_gauge_gain_advantage() -> None:
    """Swift Attack (Cannon's boost) in play: +1 speed; on hit the boost goes to gauge
    at cleanup and Mika gains advantage. Hip Attack (3 + 1 = 4) beats Spike (3)."""
    d = mika(dict(space=4, hand=["hipattack"], boosts=["cannon"]),
             dict(space=5, hand=["spike"]))
    d.strike("hipattack", "spike")
    assert 1 in _mods(d, P1, Stat.SPEED)
    assert d.life(P2) == 25
    assert "Mika's Cannon" in d.zone(P1, Zone.GAUGE)
    assert d.zone(P1, Zone.BOOSTS) == []
    assert _next(d) == P1


def test_mika_power_attack_hit_powerup_gain_advantage_add_boost_to_gauge() -> None:
    """Power Attack (Crash's boost) in play: hit: +1 power, advantage, the boost to gauge
    at cleanup. Tornado from hand: 5 + 1 - 2 = 4 damage, and Mika acts next."""
    d = mika(dict(space=3, hand=["tornado"], boosts=["crash"]),
             dict(space=6, hand=["block"]))
    d.strike("tornado", "block")
    assert d.life(P2) == 26
    assert "Mika's Crash" in d.zone(P1, Zone.GAUGE)
    assert _next(d) == P1


def test_mika_pachelbel_cannon_now_cards_from_hand_top_of_deck_powerup() -> None:
    """Pachelbel Cannon (Hip Attack's boost): now: put up to 1 card from hand on top of
    the deck (Grasp), which the end-of-turn draw then takes back instead of Cross."""
    d = mika(dict(space=3, hand=["hipattack", "grasp"], deck=["cross"]), dict(space=6))
    boost(d, "hipattack")
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.HAND) == ["Grasp"]
    assert d.zone(P1, Zone.DECK)[0] == "Cross"
    assert d.zone(P1, Zone.BOOSTS) == ["Mika's Hip Attack"]


def test_mika_precision_handling_choice_advance_draw() -> None:
    """Precision Handling (Missile's boost, immediate): advance 1 or retreat 1, then
    draw 2 (and the end-of-turn draw takes a third)."""
    d = mika(dict(space=3, hand=["missile"], deck=["cross", "dive", "grasp"]),
             dict(space=6))
    boost(d, "missile")
    d.choose("advance")
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.HAND) == ["Cross", "Dive", "Grasp"]


def test_mika_cant_stop_wont_stop_stun_immunity_armorup() -> None:
    """Can't Stop, Won't Stop (Tornado's boost) in play: stun immunity and +2 armor:
    Assault (4, faster) deals 2, then Hip Attack hits for 5."""
    d = mika(dict(space=4, hand=["hipattack"], boosts=["tornado"]),
             dict(space=5, hand=["assault"]))
    d.strike("hipattack", "assault")
    assert AttackFlag.STUN_IMMUNE in _flags(d, P1)
    assert d.life(P1) == 28
    assert d.life(P2) == 25


def test_mika_smart_steer_move_to_any_space() -> None:
    """Smart Steer (Galaxy's boost, immediate): move to any space up to 3 away."""
    d = mika(dict(space=3, hand=["galaxy"]), dict(space=7))
    boost(d, "galaxy")
    d.move_to(P1, 6)
    assert d.space(P1) == 6


def test_mika_diesel_force_cost_powerup_start_of_next_turn_draw_add_to_gauge() -> None:
    """Diesel (Revolution's boost, 1 force): +4 power during the strike; at the start of
    Mika's next turn she draws 2 and the boost goes to her gauge."""
    d = mika(dict(space=3, hand=["grasp"], boosts=["revolution"],
                  deck=["cross", "dive", "spike"]), dict(space=6))
    assert "Mika's Revolution" in d.zone(P1, Zone.GAUGE)
    assert d.zone(P1, Zone.HAND) == ["Grasp", "Cross", "Dive"]


def test_mika_diesel_powerup_during_strike() -> None:
    """Diesel in play: +4 power: Hip Attack 5 + 4 - 2 = 7."""
    d = mika(dict(space=5, hand=["hipattack"], boosts=["revolution"]),
             dict(space=6, hand=["block"]), active=P2)
    d.act(Strike())
    d.respond(P2, "block", "hipattack")
    assert 4 in _mods(d, P1, Stat.POWER)


def _wild_galaxy(d: Driver) -> None:
    """Mika's default action, wild swing: Galaxy is flipped over and she pays its 3."""
    d.act(CharacterAction(index=0))
    d.select(P1, "grasp")
    d.act(ChooseOption(index=1))  # "strike wild"
    d.set_attack(P2, "block")
    d.pay("cross", "spike", "sweep")


def test_mika_galaxy_was_wild_swing_choice_push_leaves_center_range() -> None:
    """Mika's Galaxy as a wild swing: before: choice push 2 / pass. Pushing Nehtali from
    the center (5 -> 7) puts him 2 from the center: out of range 0-1, a miss."""
    d = mika(dict(space=4, hand=["grasp", "dive"], gauge=["cross", "spike", "sweep"],
                  deck=["galaxy", "cross"]), dict(space=5, hand=["block"]))
    _wild_galaxy(d)
    d.choose("push")
    assert d.space(P2) == 7
    assert (P1, ev.MissReason.OUT_OF_RANGE) in _misses(d)
    assert d.life(P2) == 30


def test_mika_galaxy_was_wild_swing_choice_pass_hits_at_center() -> None:
    """Mika's Galaxy as a wild swing, choosing pass: Nehtali stays on the center (range
    0) and takes 12 - 2 = 10."""
    d = mika(dict(space=4, hand=["grasp", "dive"], gauge=["cross", "spike", "sweep"],
                  deck=["galaxy", "cross"]), dict(space=5, hand=["block"]))
    _wild_galaxy(d)
    d.choose("pass")
    assert d.space(P2) == 5
    assert d.life(P2) == 20
