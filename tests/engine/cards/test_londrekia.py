"""Londrekia Light (Under Night In-Birth): his ability (X from the gauge his character
action spends), his exceed ability (the 1-gauge strike's bonuses and the Revert when
stunned), his exceeded "Revert", and every attack and boost, Iceflower (a boost placed
on a space, on the Trap seam) among them.

Card facts: roster.md, "Londrekia Light". Londrekia is P1 and Nehtali P2 (no ability,
the standard Normals): Block (power 0, armor 2, guard 3, never hits), Cross (range 1-2,
power 3, speed 6), Dive (range 1, power 5, speed 4; before: advance 3), Spike (range
2-3, power 5, speed 3, guard 4, ignores armor), Sweep (range 1-3, power 6, speed 2,
guard 6). A test's name contains the effect tags it exercises.
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, offered, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    ChoiceRequest,
    MoveTo,
    PayGaugeRequest,
    SpaceRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import AttackFlag, Passive, Stat, holds_passive
from engine.mechanics.under_night.state import trap_space

CHARS = ("londrekia", "nehtali")
DECK = ["grasp", "cross", "dive", "sweep", "focus", "assault"]


def londrekia(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Londrekia as P1 and Nehtali as P2."""
    p1 = {"deck": list(DECK), **p1}
    p2 = {"deck": ["grasp", "cross", "dive", "sweep"], **p2}
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, who: Any, stat: Stat) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


def _flags(d: Driver, who: Any) -> set[AttackFlag]:
    return {e.flag for e in d.events(ev.AttackFlagged) if e.player == who}


def _drawn(d: Driver, who: Any) -> int:
    return sum(1 for e in d.events(ev.CardMoved)
               if e.player == who and e.reason is ev.MoveReason.DRAW)


def _pay(d: Driver, *gauge: str) -> None:
    """Pay a gauge cost with ``gauge`` unless the engine took the only payment itself."""
    if isinstance(d.pending, PayGaugeRequest):
        d.pay(*gauge)


def _x(d: Driver, who: Any) -> list[int]:
    return [e.value for e in d.events(ev.StrikeXSet) if e.player == who]


# --- ability, exceed ability, character actions ----------------------------------------


def test_londrekia_ability_spend_all_gauge_and_save_amount_strike_x_greater_than() -> None:
    """Londrekia's character action (default #0) spends his whole gauge (3) and strikes;
    his ability then sets X = 3 (``set_strike_x gauge_spent_before_strike``) and, as X >
    0, > 1 and > 2, adds ``after: advance 1 / retreat 1``, ``after: draw 2`` and ``after:
    reveal_hand {opponent}``. Spike (speed 3) hits him for 5 first; Frozen Vine (stun
    immune) hits for 5, then he retreats (3 -> 2), draws 2 and sees Nehtali's Grasp."""
    d = londrekia(dict(space=3, hand=["frozenvine"], gauge=["grasp", "cross", "dive"]),
                  dict(space=6, hand=["spike", "grasp"]))
    d.act(CharacterAction(index=0))
    assert d.events(ev.GaugeSpentSaved) == [ev.GaugeSpentSaved(player=P1, amount=3)]
    assert d.p(P1).gauge == [] and len(d.p(P1).discard) == 3
    d.respond(P1, "frozenvine", "spike")
    assert _x(d, P1) == [3]
    d.choose("retreat")
    assert d.space(P1) == 2
    assert _drawn(d, P1) == 2
    revealed = d.events(ev.HandRevealed)
    assert [(e.player, d.names(e.cards)) for e in revealed] == [(P2, ["Grasp"])]
    assert d.life(P1) == 25 and d.life(P2) == 25


def test_londrekia_ability_one_gauge_only_the_move() -> None:
    """Londrekia's ability with 1 gauge spent: X = 1 adds only the advance/retreat (no
    draw, no reveal). He advances 1 (3 -> 4)."""
    d = londrekia(dict(space=3, hand=["frozenvine"], gauge=["grasp"]),
                  dict(space=6, hand=["spike", "grasp"]))
    d.act(CharacterAction(index=0))
    d.respond(P1, "frozenvine", "spike")
    assert _x(d, P1) == [1]
    d.choose("advance")
    assert d.space(P1) == 4
    assert _drawn(d, P1) == 0
    assert d.events(ev.HandRevealed) == []


def test_londrekia_ability_empty_gauge_no_bonus() -> None:
    """Londrekia's character action with an empty gauge: 0 spent, X = 0, nothing added
    (no choice is asked after the strike)."""
    d = londrekia(dict(space=3, hand=["frozenvine"]), dict(space=6, hand=["spike"]))
    d.act(CharacterAction(index=0))
    assert d.events(ev.GaugeSpentSaved) == [ev.GaugeSpentSaved(player=P1, amount=0)]
    d.respond(P1, "frozenvine", "spike")
    assert _x(d, P1) == [0]
    assert d.events(ev.AttackEffectAdded) == []
    assert not isinstance(d.pending, ChoiceRequest)


def test_londrekia_ability_plain_strike_no_strike_x() -> None:
    """The ordinary Strike action is no character action: his gauge stays and no X is
    set."""
    d = londrekia(dict(space=3, hand=["frozenvine"], gauge=["grasp"]),
                  dict(space=6, hand=["spike"]))
    d.strike("frozenvine", "spike")
    assert _x(d, P1) == []
    assert d.zone(P1, Zone.GAUGE)[0] == "Grasp"


def test_londrekia_exceed_ability_powerup_speedup_ignore_guard_ignore_armor_opponent() -> None:
    """Londrekia's exceed ability: the exceeded character action (#0, 1 gauge) strikes
    with +2 power and +1 speed, and the opponent's attack ignores his guard and armor
    (``ignore_guard``/``ignore_armor`` with ``opponent``). Frozen Vine (speed 2 + 1 ties
    Spike's 3: the attacker first) hits for 5 + 2 = 7."""
    d = londrekia(dict(space=3, hand=["frozenvine"], gauge=["grasp"], exceeded=True),
                  dict(space=6, hand=["spike"]))
    d.act(CharacterAction(index=0))
    _pay(d, "grasp")
    d.respond(P1, "frozenvine", "spike")
    assert _mods(d, P1, Stat.POWER) == [2] and _mods(d, P1, Stat.SPEED) == [1]
    assert {AttackFlag.IGNORE_GUARD, AttackFlag.IGNORE_ARMOR} <= _flags(d, P2)
    assert d.events(ev.PriorityDetermined)[0].first == P1
    assert d.life(P2) == 23


def test_londrekia_exceed_ability_opponent_ignores_his_armor() -> None:
    """The exceed ability's ``ignore_armor {opponent}``: Frozen Spire's 4 armor absorbs
    nothing of Cross's 3 damage."""
    d = londrekia(dict(space=3, hand=["frozenspire"], gauge=["grasp"], exceeded=True),
                  dict(space=4, hand=["cross"]))
    d.act(CharacterAction(index=0))
    _pay(d, "grasp")
    d.respond(P1, "frozenspire", "cross")
    assert d.events(ev.DamageDealt)[0] == ev.DamageDealt(target=P1, amount=3, absorbed=0)


def test_londrekia_exceed_ability_on_stunned_spend_all_gauge_draw_strike_x_revert() -> None:
    """Londrekia's exceed ability, ``on_stunned``: when stunned he spends his whole gauge
    (2), X = 2, draws X and reverts. Sweep deals 6 - 4 (Frozen Spire's armor) = 2 > guard
    0; his Spire is then skipped."""
    d = londrekia(dict(space=3, hand=["frozenspire"], gauge=["grasp", "cross"],
                       exceeded=True), dict(space=5, hand=["sweep"]))
    d.strike("frozenspire", "sweep")
    assert d.events(ev.PlayerStunned) == [ev.PlayerStunned(player=P1)]
    assert d.events(ev.GaugeSpentSaved) == [ev.GaugeSpentSaved(player=P1, amount=2)]
    assert _x(d, P1) == [2]
    assert _drawn(d, P1) == 2
    assert d.events(ev.Reverted) == [ev.Reverted(player=P1)]
    assert not d.p(P1).exceeded
    assert d.events(ev.AttackSkipped) == [ev.AttackSkipped(player=P1)]


def test_londrekia_exceeded_character_action_revert_cards_from_hand_bonus_action() -> None:
    """Londrekia exceeded, character action #1 "Revert" (needs a card in hand): one card
    from hand to gauge, ``revert``, then a bonus action: he acts again."""
    d = londrekia(dict(space=3, hand=["cross", "grasp"], exceeded=True), dict(space=5))
    d.act(CharacterAction(index=1))
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.events(ev.Reverted) == [ev.Reverted(player=P1)]
    assert not d.p(P1).exceeded
    assert _next(d) == P1


def test_londrekia_exceeded_strike_action_costs_one_gauge() -> None:
    """The exceeded strike action costs 1 gauge: with none it is not offered."""
    d = londrekia(dict(space=3, hand=["cross"], exceeded=True), dict(space=5))
    choices = d.expect(ActionRequest, P1).choices
    assert CharacterAction(index=0) not in choices
    assert CharacterAction(index=1) in choices


# --- attacks ---------------------------------------------------------------------------


def test_londrekia_circularstep_advance_reveal_copy_gain_advantage() -> None:
    """Circular Step: range 1-2, power 2, speed 6; before: advance 1 (3 -> 4), then he
    may reveal another Circular Step from hand to gain advantage (``reveal_copy``
    with ``reveal_effect: gain_advantage``). It hits Spike's guard
    4 for 2; Spike answers for 5; he acts next."""
    d = londrekia(dict(space=3, hand=["circularstep", "circularstep"]),
                  dict(space=6, hand=["spike"]))
    d.strike("circularstep", "spike")
    assert d.space(P1) == 4
    d.choose("reveal copy")
    revealed = d.events(ev.HandRevealed)
    assert [(e.player, d.names(e.cards)) for e in revealed] == [(P1, ["Circular Step"])]
    assert d.events(ev.AdvantageGained) == [ev.AdvantageGained(player=P1)]
    assert d.life(P2) == 28 and d.life(P1) == 25
    assert _next(d) == P1


def test_londrekia_circularstep_pass_or_no_copy_no_advantage() -> None:
    """Circular Step without a copy in hand: choosing the reveal does nothing (no
    reveal, no advantage); Nehtali acts next."""
    d = londrekia(dict(space=3, hand=["circularstep"]), dict(space=6, hand=["spike"]))
    d.strike("circularstep", "spike")
    d.choose("reveal copy")
    assert d.events(ev.HandRevealed) == []
    assert d.events(ev.AdvantageGained) == []
    assert _next(d) == P2


def test_londrekia_frozenspire_powerup_per_armor_used() -> None:
    """Frozen Spire: range 1-4, power 4, speed 1, armor 4; before: -1 power per armor
    used. Cross hits first for 3, all absorbed (3 armor used): Spire hits for 4 - 3 = 1."""
    d = londrekia(dict(space=3, hand=["frozenspire"]), dict(space=4, hand=["cross"]))
    d.strike("frozenspire", "cross")
    assert d.life(P1) == 30
    assert _mods(d, P1, Stat.POWER) == [-3]
    assert d.life(P2) == 29


def test_londrekia_frozenspire_no_armor_used_full_power() -> None:
    """Frozen Spire against Block (which never hits): no armor used, no power lost;
    4 - Block's 2 armor = 2."""
    d = londrekia(dict(space=3, hand=["frozenspire"]), dict(space=4, hand=["block"]))
    d.strike("frozenspire", "block")
    assert _mods(d, P1, Stat.POWER) == []
    assert d.life(P2) == 28


def test_londrekia_frozenvine_stun_immunity() -> None:
    """Frozen Vine: range 2-4, power 5, speed 2; stun_immunity. Spike's 5 damage (guard
    0) does not stun him, so Vine hits back for 5."""
    d = londrekia(dict(space=3, hand=["frozenvine"]), dict(space=6, hand=["spike"]))
    d.strike("frozenvine", "spike")
    assert AttackFlag.STUN_IMMUNE in _flags(d, P1)
    assert d.events(ev.PlayerStunned) == [ev.PlayerStunned(player=P2)]
    assert d.life(P1) == 25 and d.life(P2) == 25


def test_londrekia_snowblossom_after_place_trap_in_attack_range_if_placed_effect() -> None:
    """Snow Blossom: range 2-5, power 3, speed 4; after: he may place it as Iceflower on
    a space his attack reaches (``place_trap {in_attack_range, optional,
    if_placed_effect}``; 2-5 from space 3: 1, 5, 6, 7 (Nehtali's) and 8). It leaves the
    strike into his boost area (``boost_this_then_sustain {dont_sustain}``), is placed
    on 5, and stays in play after cleanup (not stunned)."""
    d = londrekia(dict(space=3, hand=["snowblossom"]), dict(space=7, hand=["block"]))
    d.strike("snowblossom", "block")
    d.choose("place")
    request = d.expect(SpaceRequest, P1)
    assert [c.space for c in offered(request, MoveTo)] == [1, 5, 6, 7, 8]
    d.move_to(P1, 5)
    card = d.ref(P1, "snowblossom", Zone.BOOSTS)
    assert d.events(ev.TrapPlaced) == [ev.TrapPlaced(player=P1, card=card, space=5)]
    assert d.life(P2) == 29
    assert d.zone(P1, Zone.BOOSTS) == ["Snow Blossom"]
    assert trap_space(d.state, card) == 5
    assert d.zone(P1, Zone.GAUGE) == []


def test_londrekia_snowblossom_place_trap_optional_pass() -> None:
    """Snow Blossom's placement is optional: passing leaves it an attack that hit, so it
    goes to gauge at cleanup."""
    d = londrekia(dict(space=3, hand=["snowblossom"]), dict(space=7, hand=["block"]))
    d.strike("snowblossom", "block")
    d.choose("pass")
    assert d.events(ev.TrapPlaced) == []
    assert d.zone(P1, Zone.GAUGE) == ["Snow Blossom"]


def test_londrekia_cocytusiceprison_block_opponent_move_after_advance_draw() -> None:
    """Cocytus Ice Prison (4 gauge): range 3, power 6, speed 2; the opponent cannot move
    themselves while he holds ``block_opponent_move`` (a passive, lifted by
    ``remove_block_opponent_move`` at cleanup): Dive (speed 4) cannot advance (stays on 6) and misses at
    range 3. Cocytus hits for 6; after: advance 1 (3 -> 4), draw 2, gain advantage; at
    cleanup the block is lifted."""
    d = londrekia(dict(space=3, hand=["cocytusiceprison"],
                       gauge=["grasp", "cross", "dive", "sweep"]),
                  dict(space=6, hand=["dive"]))
    d.act(Strike())
    d.respond(P1, "cocytusiceprison", "dive")
    if d.pending is not None and not isinstance(d.pending, ChoiceRequest):
        d.pay("grasp", "cross", "dive", "sweep")
    assert holds_passive(d.state, P1, Passive.BLOCKS_OPPONENT_MOVE)
    assert d.space(P2) == 6
    assert d.events(ev.AttackMissed)[0].player == P2
    d.choose("advance")
    assert d.space(P1) == 4
    assert _drawn(d, P1) == 2
    assert d.life(P2) == 24
    assert [e.passive for e in d.events(ev.PassiveRemoved)] == [Passive.BLOCKS_OPPONENT_MOVE]
    assert not holds_passive(d.state, P1, Passive.BLOCKS_OPPONENT_MOVE)
    assert _next(d) == P1


def test_londrekia_frozencleave_hit_pull_after_top_deck_to_gauge() -> None:
    """Frozen Cleave (1 gauge): range 1-2, power 1, speed 6; hit: pull 1 (5 -> 4);
    after: the top 2 cards of his deck go to his gauge."""
    d = londrekia(dict(space=3, hand=["frozencleave"], gauge=["focus"]),
                  dict(space=5, hand=["block"]))
    d.act(Strike())
    d.respond(P1, "frozencleave", "block")
    if d.pending is not None and not isinstance(d.pending, ActionRequest):
        d.pay("focus")
    assert d.space(P2) == 4
    assert d.zone(P1, Zone.GAUGE)[:2] == ["Grasp", "Cross"]
    assert d.life(P2) == 30  # 1 power, 2 armor


def test_londrekia_hailstorm_hit_pull() -> None:
    """Hail Storm (2 gauge): range 1-8, power 3, speed 6; hit: pull 3 (8 -> 5)."""
    d = londrekia(dict(space=3, hand=["hailstorm"], gauge=["focus", "dive"]),
                  dict(space=8, hand=["block"]))
    d.act(Strike())
    d.respond(P1, "hailstorm", "block")
    if d.pending is not None and not isinstance(d.pending, ActionRequest):
        d.pay("focus", "dive")
    assert d.space(P2) == 5
    assert d.life(P2) == 29


# --- boosts ----------------------------------------------------------------------------


def test_londrekia_circularstep_boost_veil_off_exceed_now_add_to_gauge() -> None:
    """Veil Off (Circular Step boost, immediate): he Exceeds at once, free, and the card
    goes to his gauge."""
    d = londrekia(dict(space=3, hand=["circularstep"]), dict(space=6))
    boost(d, "circularstep")
    assert d.p(P1).exceeded
    assert d.zone(P1, Zone.GAUGE) == ["Circular Step"]


def test_londrekia_frozenspire_boost_power_attack_hit_powerup_gain_advantage() -> None:
    """Power Attack (Frozen Spire boost): hit: +1 power, gain advantage, and the boost
    goes to gauge at cleanup. Frozen Vine hits Block for 5 + 1 - 2 = 4."""
    d = londrekia(dict(space=3, hand=["frozenvine"], boosts=["frozenspire"]),
                  dict(space=5, hand=["block"]))
    d.strike("frozenvine", "block")
    assert d.life(P2) == 26
    assert sorted(d.zone(P1, Zone.GAUGE)) == ["Frozen Spire", "Frozen Vine"]
    assert _next(d) == P1


def test_londrekia_frozenvine_boost_swift_attack_speedup_gain_advantage() -> None:
    """Swift Attack (Frozen Vine boost): +1 speed; hit: gain advantage, the boost goes to
    gauge at cleanup. Frozen Vine (2 + 1) beats Sweep (2) to the hit."""
    d = londrekia(dict(space=3, hand=["frozenvine"], boosts=["frozenvine"]),
                  dict(space=5, hand=["sweep"]))
    d.strike("frozenvine", "sweep")
    assert _mods(d, P1, Stat.SPEED) == [1]
    assert d.events(ev.PriorityDetermined)[0].first == P1
    assert "Frozen Vine" in d.zone(P1, Zone.GAUGE)
    assert d.zone(P1, Zone.BOOSTS) == []


def test_londrekia_snowblossom_boost_iceflower_place_trap() -> None:
    """Iceflower (Snow Blossom boost): now: placed on any space (UNI rulebook, Trap
    Boosts: "played onto any space"), the fighters' (3 and 7) included."""
    d = londrekia(dict(space=3, hand=["snowblossom"]), dict(space=7))
    boost(d, "snowblossom")
    request = d.expect(SpaceRequest, P1)
    assert [c.space for c in offered(request, MoveTo)] == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    d.move_to(P1, 4)
    card = d.p(P1).boosts[0]
    assert d.events(ev.TrapPlaced) == [ev.TrapPlaced(player=P1, card=card, space=4)]


def test_londrekia_iceflower_when_hit_boost_space_between_opponent_armorup_discard() -> None:
    """Iceflower, ``when_hit: [if boost_space_between_opponent] armorup 2 + stun_immunity
    + discard_this``: on space 4, between him (3) and Nehtali (5), Sweep's hit gives him
    +2 armor and stun immunity and discards it: 6 - (2 + 2) = 2 damage."""
    d = londrekia(dict(space=3, hand=["block"], boosts=["snowblossom"],
                       traps={"snowblossom": 4}),
                  dict(space=5, hand=["sweep"]), active=P2)
    d.strike("sweep", "block")
    assert _mods(d, P1, Stat.ARMOR) == [2]
    assert AttackFlag.STUN_IMMUNE in _flags(d, P1)
    assert d.life(P1) == 28
    assert d.zone(P1, Zone.BOOSTS) == []
    assert "Snow Blossom" in d.zone(P1, Zone.DISCARD)


def test_londrekia_iceflower_not_between_no_armor_stunned_not_sustained() -> None:
    """Iceflower on space 1 is not between the fighters (3 and 5): no armor; Sweep deals
    6 - 2 = 4 > guard 3, he is stunned, so ``cleanup: [if not_stunned] sustain_this``
    does not keep it: it leaves play."""
    d = londrekia(dict(space=3, hand=["block"], boosts=["snowblossom"],
                       traps={"snowblossom": 1}),
                  dict(space=5, hand=["sweep"]), active=P2)
    d.strike("sweep", "block")
    assert _mods(d, P1, Stat.ARMOR) == []
    assert d.life(P1) == 26
    assert d.events(ev.PlayerStunned) == [ev.PlayerStunned(player=P1)]
    assert d.zone(P1, Zone.BOOSTS) == []


def test_londrekia_iceflower_cleanup_sustain_this_not_stunned() -> None:
    """Iceflower stays in play through a strike in which he is not stunned (``cleanup:
    [if not_stunned] sustain_this``): Nehtali's Block never hits."""
    d = londrekia(dict(space=3, hand=["frozenvine"], boosts=["snowblossom"],
                       traps={"snowblossom": 1}),
                  dict(space=5, hand=["block"]))
    d.strike("frozenvine", "block")
    assert d.zone(P1, Zone.BOOSTS) == ["Snow Blossom"]


def test_londrekia_cocytusiceprison_boost_dare_glacial_ignore_armor_spend_gauge_powerup() -> None:
    """Dare Glacial (Cocytus Ice Prison boost): his attack ignores armor; hit: he spends
    his whole gauge (2), X = 2, +X power, gain advantage. Frozen Vine hits Block for
    5 + 2 = 7, Block's 2 armor ignored."""
    d = londrekia(dict(space=3, hand=["frozenvine"], boosts=["cocytusiceprison"],
                       gauge=["grasp", "cross"]), dict(space=5, hand=["block"]))
    d.strike("frozenvine", "block")
    assert AttackFlag.IGNORE_ARMOR in _flags(d, P1)
    assert d.events(ev.GaugeSpentSaved) == [ev.GaugeSpentSaved(player=P1, amount=2)]
    assert _x(d, P1) == [2]
    assert d.life(P2) == 23
    assert _next(d) == P1


def test_londrekia_character_action_then_dare_glacial_second_spend_overwrites_x() -> None:
    """Londrekia's character action spends his whole gauge (2: X = 2 at set, his
    ability's bonuses), then Dare Glacial's ``hit: spend_all_gauge_and_save_amount, then
    set_strike_x gauge_spent_before_strike, then powerup strike_x`` spends his now empty
    gauge: the saved amount is overwritten with 0, not added to, so X = 0 and no power.

    Card text: "+X Power, where X is the Gauge spent" by this effect; the reference
    client's handler of ``spend_all_gauge_and_save_amount`` assigns the saved amount
    (``gauge_spent_before_strike = gauge_amount``, scenes/game/local_game.gd), it does not
    add to it.
    """
    d = londrekia(dict(space=3, hand=["frozenvine"], boosts=["cocytusiceprison"],
                       gauge=["grasp", "cross"]), dict(space=5, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.respond(P1, "frozenvine", "block")
    assert d.events(ev.GaugeSpentSaved) == [ev.GaugeSpentSaved(player=P1, amount=2),
                                            ev.GaugeSpentSaved(player=P1, amount=0)]
    assert _x(d, P1) == [2, 0]
    assert d.life(P2) == 25  # Frozen Vine's printed 5, armor ignored, no +X


def test_londrekia_frozencleave_boost_surprise_attack_advance_strike() -> None:
    """Surprise Attack (Frozen Cleave boost, immediate): advance 3 (2 -> 5), then strike:
    Cross (range 1-2) then reaches Nehtali on 7."""
    d = londrekia(dict(space=2, hand=["frozencleave", "cross"]), dict(space=7, hand=["block"]))
    boost(d, "frozencleave")
    assert d.space(P1) == 5
    d.respond(P1, "cross", "block")
    assert d.events(ev.AttackHit)[0].player == P1


def test_londrekia_hailstorm_boost_riddle_close_gain_advantage() -> None:
    """Riddle (Hail Storm boost, 1 force): before: close 2 (3 -> 5, Nehtali on 8), so
    Frozen Vine (range 2-4) hits; hit: gain advantage, the boost goes to gauge."""
    d = londrekia(dict(space=3, hand=["frozenvine"], boosts=["hailstorm"]),
                  dict(space=8, hand=["block"]))
    d.strike("frozenvine", "block")
    assert d.space(P1) == 5
    assert d.life(P2) == 27
    assert "Hail Storm" in d.zone(P1, Zone.GAUGE)
    assert _next(d) == P1
