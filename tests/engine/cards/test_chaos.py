"""Chaos (Under Night In-Birth): his buddy Azhi, placed by his ability when he strikes
with his character bonus and taken away at the end of his turn; his exceeded actions
(advance or retreat 1 then strike, 1 gauge; the Revert); and every attack and boost.

Card facts: roster.md, "Chaos". Chaos is P1 and Nehtali P2 (no ability, the standard
Normals): Block (power 0, speed 0, armor 2, guard 3, never hits), Assault (range 1,
power 4, speed 5, before: close 2, hit: advantage), Spike (range 2-3, power 5, speed
3). A test's name contains the effect and condition tags it exercises. The buddy seam
itself is tested in ``tests/engine/mechanics/test_buddies.py``.
"""

from __future__ import annotations

from typing import Any

from conftest import CATALOG, P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    ChoiceRequest,
    Prepare,
    SelectCardsRequest,
    SpaceRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import Stat
from engine.mechanics.buddies.state import buddy_spaces
from engine.play.scenario import Scenario

CHARS = ("chaos", "nehtali")


def chaos(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Chaos as P1 and Nehtali as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, who: Any, stat: Stat) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


def _azhi(d: Driver) -> list[int]:
    return buddy_spaces(d.game.table, P1)


def _drawn(d: Driver, who: Any) -> int:
    """Cards ``who`` drew during the strike (before ``StrikeEnded``)."""
    end = next(i for i, e in enumerate(d.log) if isinstance(e, ev.StrikeEnded))
    return sum(1 for e in d.log[:end] if isinstance(e, ev.CardMoved) and e.player == who
               and e.reason is ev.MoveReason.DRAW)


def _with_azhi(d: Driver, attack: str, space: int, response: str) -> None:
    """Chaos's character action: set ``attack``, place Azhi on ``space``, Nehtali sets."""
    d.act(CharacterAction(index=0))
    d.set_attack(P1, attack)
    d.move_to(P1, space)
    d.set_attack(P2, response)


# --- ability and character actions ---------------------------------------------------------


def test_chaos_action_set_used_character_bonus_strike_ability_place_buddy_in_any_space() -> None:
    """Default character action: ``set_mode used_character_bonus`` then strike; his
    ability's ``set_strike: [if used_character_bonus] place_buddy_in_any_space`` asks
    where Azhi goes (any of the 9 spaces), and Cold Reflection's range 1-2 is measured
    from him (``calculate_range_from_buddy``): Chaos on 2, Azhi on 6, Nehtali closes
    from 7 to 5 and is hit from Azhi (2 damage, hit: push 3 to 8)."""
    d = chaos(dict(space=2, hand=["coldreflection"]), dict(space=7, hand=["assault"]))
    d.act(CharacterAction(index=0))
    assert d.events(ev.CharacterBonusUsed) == [ev.CharacterBonusUsed(player=P1)]
    d.set_attack(P1, "coldreflection")
    assert len(d.expect(SpaceRequest, P1).choices) == 9
    d.move_to(P1, 6)
    d.set_attack(P2, "assault")
    assert d.events(ev.RangeFromBuddySet) == [ev.RangeFromBuddySet(player=P1, buddy="azhi")]
    assert [(e.player, e.reason) for e in d.events(ev.AttackMissed)] == [
        (P2, ev.MissReason.OUT_OF_RANGE)]
    assert d.life(P2) == 28
    assert d.space(P2) == 8


def test_chaos_ability_end_of_turn_remove_buddy() -> None:
    """Ability ``end_of_turn: remove_buddy``: Azhi (on 5) leaves the arena as Chaos's
    turn ends."""
    d = chaos(dict(space=2, hand=["grasp"], buddies={"azhi": 5}), dict(space=7))
    assert _azhi(d) == [5]
    d.act(Prepare())
    assert d.events(ev.BuddyRemoved) == [ev.BuddyRemoved(player=P1, buddy="azhi")]
    assert _azhi(d) == []
    assert _next(d) == P2


def test_chaos_no_character_bonus_no_buddy_range_from_chaos() -> None:
    """A plain Strike action: no bonus, so no Azhi and Cold Reflection's range is
    measured from Chaos (no ``RangeFromBuddySet``, no space asked)."""
    d = chaos(dict(space=4, hand=["coldreflection"]), dict(space=6, hand=["block"]))
    d.strike("coldreflection", "block")
    assert d.events(ev.BuddyPlaced) == [] and d.events(ev.RangeFromBuddySet) == []
    assert d.events(ev.AttackHit)[0].player == P1


def test_chaos_exceeded_action_choice_advance_set_used_character_bonus_strike() -> None:
    """Exceeded character action #0 (1 gauge): ``choice advance 1 | retreat 1``, then
    the bonus and a strike: Chaos advances 3 -> 4, sets Repel (range 0) and puts Azhi
    on Nehtali's space 7: hit from Azhi, 5 - Block's 2 armor = 3 damage, push 2."""
    d = chaos(dict(space=3, hand=["repel"], gauge=["grasp"], exceeded=True),
              dict(space=7, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.pay("grasp")
    d.choose("advance")
    assert d.space(P1) == 4
    d.set_attack(P1, "repel")
    d.move_to(P1, 7)
    d.set_attack(P2, "block")
    assert d.life(P2) == 27
    assert d.space(P2) == 9


def test_chaos_exceeded_action_revert_cards_from_hand_bonus_action() -> None:
    """Exceeded character action #1 "Revert": a card from hand to gauge, ``revert``,
    then a bonus action: Chaos is no longer exceeded and acts again."""
    d = chaos(dict(space=3, hand=["grasp", "cross"], exceeded=True), dict(space=6))
    d.act(CharacterAction(index=1))
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.events(ev.Reverted) == [ev.Reverted(player=P1)]
    assert not d.p(P1).exceeded
    assert _next(d) == P1


# --- Cold Reflection / Lie In Wait --------------------------------------------------------


def test_chaos_coldreflection_not_buddy_in_play_speedup_2_hit_push_3() -> None:
    """Cold Reflection without Azhi: speed 4 + 2 = 6 beats Assault's 5; it hits
    adjacent Nehtali (2 damage, stun) and pushes him 3 (5 -> 8)."""
    d = chaos(dict(space=4, hand=["coldreflection"]), dict(space=5, hand=["assault"]))
    d.strike("coldreflection", "assault")
    assert _mods(d, P1, Stat.SPEED) == [2]
    assert d.life(P2) == 28
    assert d.space(P2) == 8
    assert d.life(P1) == 30


def test_chaos_coldreflection_buddy_in_play_no_speedup() -> None:
    """Cold Reflection with Azhi in play: no speedup (``not_buddy_in_play`` fails)."""
    d = chaos(dict(space=2, hand=["coldreflection"]), dict(space=7, hand=["block"]))
    _with_azhi(d, "coldreflection", 6, "block")
    assert _mods(d, P1, Stat.SPEED) == []


def test_chaos_lieinwait_guardup_3_discarded_draw_2() -> None:
    """Lie In Wait (Cold Reflection's boost) in play: Chaos's Block gets guard 3 + 3 =
    6, so Sweep's 6 - 2 armor = 4 damage does not stun him; at cleanup the boost is
    discarded and its ``discarded: draw 2`` draws 2."""
    builder = Scenario("chaos", "nehtali", CATALOG)
    builder.player(P1, space=4, boosts=["coldreflection"], hand=["block"],
                   deck=["grasp", "cross", "dive"])
    builder.player(P2, space=6, hand=["sweep"])
    builder.active(P2)
    d = Driver(builder.game(0))
    d.strike("sweep", "block")
    assert _mods(d, P1, Stat.GUARD) == [3]
    assert d.life(P1) == 26
    assert not d.events(ev.PlayerStunned)
    assert d.zone(P1, Zone.DISCARD) == ["Cold Reflection"]
    assert _drawn(d, P1) == 2


# --- Conceal / Checkmate ----------------------------------------------------------------


def test_chaos_conceal_higher_speed_misses_after_retreat_1() -> None:
    """Conceal: attacks of speed 5 or more miss Chaos (Assault, speed 5, dodged after
    closing to 5); Conceal hits (5 damage) and Chaos retreats 1 (4 -> 3)."""
    d = chaos(dict(space=4, hand=["conceal"]), dict(space=7, hand=["assault"]))
    d.strike("conceal", "assault")
    assert [(e.player, e.reason) for e in d.events(ev.AttackMissed)] == [
        (P2, ev.MissReason.DODGED)]
    assert d.life(P2) == 25
    assert d.space(P1) == 3


def test_chaos_checkmate_powerup_4_discard_to_1_strike() -> None:
    """Checkmate (Conceal's boost, 2 force): Chaos discards down to 1 card (keeps
    Spike), then strikes: Spike 5 + 4 power, ignoring armor, on Block: 9 damage."""
    d = chaos(dict(space=4, hand=["conceal", "grasp", "cross", "dive", "spike", "sweep"]),
              dict(space=7, hand=["block"]))
    boost(d, "conceal", "grasp", "cross")
    request = d.expect(SelectCardsRequest, P1)
    assert request.min_count == 2 and request.max_count == 2
    d.select(P1, "dive", "sweep")
    assert d.zone(P1, Zone.HAND) == ["Spike"]
    d.respond(P1, "spike", "block")
    assert _mods(d, P1, Stat.POWER) == [4]
    assert d.life(P2) == 21


# --- Repel / Compounding Plots --------------------------------------------------------------


def test_chaos_repel_buddy_in_play_opponent_cant_move_past_buddy_hit_push_2() -> None:
    """Repel (range 0) from Azhi on Nehtali's space: it hits (5 - 2 armor = 3), pushes
    him 2 (6 -> 8); with Azhi in play his space is a wall while the strike lasts
    (``opponent_cant_move_past_buddy``, lifted at cleanup)."""
    d = chaos(dict(space=2, hand=["repel"]), dict(space=6, hand=["block"]))
    _with_azhi(d, "repel", 6, "block")
    assert d.life(P2) == 27
    assert d.space(P2) == 8
    assert [e.blocks for e in d.events(ev.BuddyWallChanged)] == [True, False]


def test_chaos_repel_not_buddy_in_play_no_wall_misses() -> None:
    """Repel without Azhi: no wall, and range 0 from Chaos never reaches Nehtali."""
    d = chaos(dict(space=4, hand=["repel"]), dict(space=5, hand=["block"]))
    d.strike("repel", "block")
    assert d.events(ev.BuddyWallChanged) == []
    assert d.events(ev.AttackMissed)[0].player == P1


def test_chaos_compoundingplots_powerup_1_bonus_action() -> None:
    """Compounding Plots (Repel's boost): a bonus action follows at once, and the
    strike it starts gets +1 power: Cold Reflection 2 + 1 on Block = 1 damage."""
    d = chaos(dict(space=4, hand=["repel", "coldreflection"]), dict(space=5, hand=["block"]))
    boost(d, "repel")
    assert _next(d) == P1
    d.strike("coldreflection", "block")
    assert 1 in _mods(d, P1, Stat.POWER)
    assert d.life(P2) == 29


# --- Spew Out / Tactical ------------------------------------------------------------------


def test_chaos_spewout_after_choice_advance_1() -> None:
    """Spew Out (range 2-3): hits Nehtali 3 away (4 - 2 = 2), then Chaos chooses to
    advance 1 (3 -> 4)."""
    d = chaos(dict(space=3, hand=["spewout"]), dict(space=6, hand=["block"]))
    d.strike("spewout", "block")
    d.choose("advance")
    assert d.life(P2) == 28
    assert d.space(P1) == 4


def test_chaos_tactical_now_choice_retreat_speedup_1() -> None:
    """Tactical (Spew Out's boost): now, retreat 1 (4 -> 3); in the next strike Chaos's
    attack gets +1 speed (Cross 6 + 1 = 7)."""
    d = chaos(dict(space=4, hand=["spewout", "cross"]), dict(space=7, hand=["spike"]))
    boost(d, "spewout")
    d.choose("retreat")
    assert d.space(P1) == 3
    assert _next(d) == P2
    d.strike("spike", "cross")
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == 7


# --- That's Your Prey / Umbral ----------------------------------------------------------------


def test_chaos_thatsyourprey_not_buddy_in_play_armorup_2() -> None:
    """That's Your Prey without Azhi: +2 armor, so Assault's 4 deals 2 (no stun, guard
    5), and it hits back for 5 (no powerup: Azhi is not on Nehtali's space)."""
    d = chaos(dict(space=4, hand=["thatsyourprey"]), dict(space=5, hand=["assault"]))
    d.strike("thatsyourprey", "assault")
    assert _mods(d, P1, Stat.ARMOR) == [2]
    assert d.life(P1) == 28
    assert d.life(P2) == 25


def test_chaos_thatsyourprey_buddy_in_opponent_space_powerup_2() -> None:
    """That's Your Prey (range 0-1) from Azhi on Nehtali's space 7: hit, +2 power: 7 -
    2 armor = 5 damage; no armorup (Azhi is in play)."""
    d = chaos(dict(space=2, hand=["thatsyourprey"]), dict(space=7, hand=["block"]))
    _with_azhi(d, "thatsyourprey", 7, "block")
    assert _mods(d, P1, Stat.POWER) == [2]
    assert _mods(d, P1, Stat.ARMOR) == []
    assert d.life(P2) == 25


def test_chaos_umbral_bonus_action_after_buddy_in_play_move_to_buddy() -> None:
    """Umbral (That's Your Prey's boost, 1 force): a bonus action; Chaos strikes with
    his bonus, Azhi on 8, Cold Reflection hits from him and pushes Nehtali 7 -> 9;
    after, Umbral moves Chaos to Azhi's space (2 -> 8)."""
    d = chaos(dict(space=2, hand=["thatsyourprey", "grasp", "coldreflection"]),
              dict(space=7, hand=["block"]))
    boost(d, "thatsyourprey", "grasp")
    assert _next(d) == P1
    _with_azhi(d, "coldreflection", 8, "block")
    assert d.space(P2) == 9
    assert d.space(P1) == 8


# --- Deep Revenance / Chaos Code ------------------------------------------------------------


def test_chaos_deeprevenance_after_draw_to_7() -> None:
    """Deep Revenance (4 gauge, range 4, power 10): hits Nehtali 4 away (10 - 2 = 8);
    after: draw up to 7 cards (1 in hand: draws 6)."""
    d = chaos(dict(space=1, hand=["deeprevenance", "grasp"],
                   gauge=["cross", "cross", "dive", "dive"]), dict(space=5, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "deeprevenance")
    d.set_attack(P2, "block")
    d.pay("cross", "cross", "dive", "dive")
    assert d.life(P2) == 22
    assert _drawn(d, P1) == 6


def test_chaos_deeprevenance_on_invalid_remove_buddy() -> None:
    """Deep Revenance's ``on_invalid`` rule: set with the bonus but no gauge to pay,
    it is invalid: Azhi (placed at set) is removed before Chaos wild swings."""
    d = chaos(dict(space=2, hand=["deeprevenance"], deck=["grasp", "cross"]),
              dict(space=7, hand=["block"]))
    _with_azhi(d, "deeprevenance", 6, "block")
    kinds = [type(e) for e in d.log if isinstance(e, ev.BuddyRemoved | ev.AttackInvalid)]
    assert kinds[:2] == [ev.BuddyRemoved, ev.AttackInvalid]
    assert d.events(ev.WildSwingRevealed)


def test_chaos_chaoscode_strike_set_strike_place_buddy_is_normal_attack_range_from_buddy() -> None:
    """Chaos Code (Deep Revenance's boost, 1 force): strike now; at set, Azhi is placed
    (no bonus needed); a Normal's range is measured from him: Assault closes 2 -> 4 and
    hits Nehtali on 7 from Azhi on 8 (4 - 2 = 2)."""
    d = chaos(dict(space=2, hand=["deeprevenance", "grasp", "assault"]),
              dict(space=7, hand=["block"]))
    boost(d, "deeprevenance", "grasp")
    d.set_attack(P1, "assault")
    d.move_to(P1, 8)
    d.set_attack(P2, "block")
    assert d.events(ev.RangeFromBuddySet) == [ev.RangeFromBuddySet(player=P1, buddy="azhi")]
    assert d.space(P1) == 4
    assert d.life(P2) == 28


# --- Dissect Barrage / Aerial Leap ------------------------------------------------------------


def test_chaos_dissectbarrage_after_buddy_in_play_move_to_buddy() -> None:
    """Dissect Barrage (2 gauge, range 1-2, from Chaos): hits adjacent Nehtali (5 - 2 =
    3); after, Chaos moves to Azhi on 1 (4 -> 1)."""
    d = chaos(dict(space=4, hand=["dissectbarrage"], gauge=["cross", "dive"]),
              dict(space=5, hand=["block"]))
    _with_azhi(d, "dissectbarrage", 1, "block")
    d.pay("cross", "dive")
    assert d.life(P2) == 27
    assert d.space(P1) == 1


def test_chaos_dissectbarrage_move_to_buddy_on_opponent_space_stops_next_to_them() -> None:
    """move_to_buddy with Azhi on Nehtali's space 6 (Dissect Barrage misses from Chaos
    on 2): Chaos stops on the space next to Nehtali on his own side, 5."""
    d = chaos(dict(space=2, hand=["dissectbarrage"], gauge=["cross", "dive"]),
              dict(space=6, hand=["block"]))
    _with_azhi(d, "dissectbarrage", 6, "block")
    d.pay("cross", "dive")
    assert d.space(P1) == 5


def test_chaos_aerialleap_advance_4_advanced_through_choice_strike() -> None:
    """Aerial Leap (Dissect Barrage's immediate boost): advance 4 from 3 past Nehtali on
    5 to 8; having advanced through, Chaos may strike."""
    d = chaos(dict(space=3, hand=["dissectbarrage", "spike"]), dict(space=5, hand=["block"]))
    boost(d, "dissectbarrage")
    assert d.space(P1) == 8
    d.choose("strike")
    d.respond(P1, "spike", "block")
    assert d.life(P2) == 25


def test_chaos_aerialleap_not_advanced_through_no_strike() -> None:
    """Aerial Leap without passing Nehtali (1 -> 5, he is on 8): no choice, the turn
    ends."""
    d = chaos(dict(space=1, hand=["dissectbarrage"]), dict(space=8))
    boost(d, "dissectbarrage")
    assert d.space(P1) == 5
    assert not isinstance(d.pending, ChoiceRequest)
    assert _next(d) == P2
