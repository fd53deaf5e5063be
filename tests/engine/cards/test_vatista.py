"""Vatista (Under Night In-Birth): her ability and exceed ability (both keyed to her
character action strike), her exceeded "Revert", and every attack and boost.

Card facts: roster.md, "Vatista". Vatista is P1 and Nehtali P2 (no ability, the
standard Normals): he mostly answers with Block (power 0, armor 2, guard 3, never hits;
when hit he may spend force for armor), Cross (range 1-2, power 3, speed 6) or Spike
(range 2-3, power 5, speed 3). A test's name contains the effect tags it exercises.
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, offered, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    Boost,
    CharacterAction,
    MoveTo,
    PayForceRequest,
    PayGaugeRequest,
    Prepare,
    SetAttack,
    SetAttackRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import AttackFlag, Stat

CHARS = ("vatista", "nehtali")
DECK = ["grasp", "cross", "dive", "sweep", "focus", "assault"]


def vatista(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Vatista as P1 and Nehtali as P2."""
    p1 = {"deck": list(DECK), **p1}
    p2 = {"deck": ["grasp", "cross", "dive", "sweep"], **p2}
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _mods(d: Driver, who: Any, stat: Stat) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is stat and e.player == who]


def _flags(d: Driver, who: Any) -> set[AttackFlag]:
    return {e.flag for e in d.events(ev.AttackFlagged) if e.player == who}


def _pay(d: Driver, *gauge: str) -> None:
    """Pay a gauge cost with ``gauge`` unless the engine took the only payment itself."""
    if isinstance(d.pending, PayGaugeRequest):
        d.pay(*gauge)


def _drawn(d: Driver, who: Any) -> int:
    return sum(1 for e in d.events(ev.CardMoved)
               if e.player == who and e.reason is ev.MoveReason.DRAW)


# --- ability, exceed ability, character actions ----------------------------------------


def test_vatista_ability_increase_move_opponent_effects_increase_draw_effects() -> None:
    """Vatista's ability: after her free character action strike (default #0),
    ``set_strike: [if used_character_action 0] increase_move_opponent_effects 1 +
    increase_draw_effects 1``. Lumen Stella (5 - Block's 2 armor = 3) pushes 1 + 1 = 2
    (6 -> 8) and draws 1 + 1 = 2."""
    d = vatista(dict(space=3, hand=["lumenstella"]), dict(space=6, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.respond(P1, "lumenstella", "block")
    assert d.events(ev.MoveOpponentEffectsIncreased) == [
        ev.MoveOpponentEffectsIncreased(player=P1, amount=1)]
    assert d.events(ev.DrawEffectsIncreased) == [ev.DrawEffectsIncreased(player=P1, amount=1)]
    assert d.life(P2) == 27
    assert d.space(P2) == 8
    assert _drawn(d, P1) == 2
    assert len(d.p(P1).hand) == 2


def test_vatista_ability_plain_strike_no_bonus() -> None:
    """Vatista's ability: the ordinary Strike action is no character action: Lumen
    Stella pushes 1 (6 -> 7) and draws 1."""
    d = vatista(dict(space=3, hand=["lumenstella"]), dict(space=6, hand=["block"]))
    d.act(Strike())
    d.respond(P1, "lumenstella", "block")
    assert d.events(ev.MoveOpponentEffectsIncreased) == []
    assert d.events(ev.DrawEffectsIncreased) == []
    assert d.space(P2) == 7
    assert _drawn(d, P1) == 1


def test_vatista_ability_bonus_lasts_only_this_strike() -> None:
    """The ability's bonuses are strike-long: the next strike (a plain Strike with
    Lumen Stella again, from 3 to Nehtali on 8) pushes only 1 and draws only 1."""
    d = vatista(dict(space=3, hand=["lumenstella", "lumenstella"]),
                dict(space=6, hand=["block", "block"]))
    d.act(CharacterAction(index=0))
    d.respond(P1, "lumenstella", "block")
    assert d.space(P2) == 8
    d.decline()  # Block's force for armor
    d.act(Prepare())  # Nehtali's turn
    drawn = _drawn(d, P1)
    d.act(Strike())
    d.respond(P1, "lumenstella", "block")
    assert d.space(P2) == 9
    assert _drawn(d, P1) - drawn == 1


def test_vatista_exceed_ability_increase_movement_move_opponent_draw() -> None:
    """Vatista's exceed ability: the exceeded character action (#0, 2 gauge) strikes;
    push/pull +2, advance/close/retreat +2, draw +2. Transvoranse (1 gauge; 4 power,
    ignore_guard) deals 4 - 2 = 2; after: advance 2 + 2 = 4 (3 -> 8, over Nehtali on 5)
    and draw 1 + 2 = 3."""
    d = vatista(dict(space=3, hand=["transvoranse"], gauge=["grasp", "cross", "dive"],
                     exceeded=True), dict(space=5, hand=["block"]))
    d.act(CharacterAction(index=0))
    _pay(d, "grasp", "cross")
    d.respond(P1, "transvoranse", "block")
    _pay(d, "dive")
    assert d.events(ev.MovementEffectsIncreased) == [
        ev.MovementEffectsIncreased(player=P1, amount=2)]
    assert d.events(ev.MoveOpponentEffectsIncreased) == [
        ev.MoveOpponentEffectsIncreased(player=P1, amount=2)]
    assert d.events(ev.DrawEffectsIncreased) == [ev.DrawEffectsIncreased(player=P1, amount=2)]
    assert d.life(P2) == 28
    assert d.space(P1) == 8
    assert _drawn(d, P1) == 3


def test_vatista_exceed_ability_push_plus_two() -> None:
    """Vatista exceeded, character action #0: Ruber Angelus's ``hit: push 2`` pushes
    2 + 2 = 4 (4 -> 8)."""
    d = vatista(dict(space=3, hand=["ruberangelus"],
                     gauge=["grasp", "cross", "dive", "sweep"], exceeded=True),
                dict(space=4, hand=["block"]))
    d.act(CharacterAction(index=0))
    _pay(d, "grasp", "cross")
    d.respond(P1, "ruberangelus", "block")
    _pay(d, "dive", "sweep")
    d.choose("pass")
    assert d.space(P2) == 8
    assert d.life(P2) == 26


def test_vatista_exceeded_character_action_revert_cards_from_hand_bonus_action() -> None:
    """Vatista exceeded, character action #1 "Revert" (needs a card in hand): one card
    from hand to gauge, ``revert``, then a bonus action: she acts again."""
    d = vatista(dict(space=3, hand=["cross", "grasp"], exceeded=True), dict(space=5))
    d.act(CharacterAction(index=1))
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.events(ev.Reverted) == [ev.Reverted(player=P1)]
    assert not d.p(P1).exceeded
    assert _next(d) == P1


def test_vatista_exceeded_strike_action_costs_two_gauge() -> None:
    """Vatista's exceeded strike action costs 2 gauge: with 1 gauge it is not offered;
    Revert (#1) is."""
    d = vatista(dict(space=3, hand=["cross"], gauge=["grasp"], exceeded=True),
                dict(space=5))
    choices = d.expect(ActionRequest, P1).choices
    assert CharacterAction(index=0) not in choices
    assert CharacterAction(index=1) in choices


# --- attacks ---------------------------------------------------------------------------


def test_vatista_lumenstella_hit_push_draw() -> None:
    """Lumen Stella: range 3-6, power 5, speed 3, guard 5; hit: push 1, draw 1."""
    d = vatista(dict(space=2, hand=["lumenstella"]), dict(space=6, hand=["block"]))
    d.strike("lumenstella", "block")
    assert d.life(P2) == 27
    assert d.space(P2) == 7
    assert _drawn(d, P1) == 1


def test_vatista_mikoruseo_cannot_stun_after_hit_opponent_draw() -> None:
    """Mikoruseo: range 3-8, power 2, speed 5, armor 2; ``cannot_stun``; after: [if
    hit_opponent] draw 1. It hits first for 2 but cannot stun, so Spike (5 - 2 armor)
    answers (Nehtali's Spike ignores armor: 5); then she draws 1."""
    d = vatista(dict(space=3, hand=["mikoruseo"]), dict(space=6, hand=["spike"]))
    d.strike("mikoruseo", "spike")
    assert AttackFlag.CANNOT_STUN in _flags(d, P1)
    assert d.life(P2) == 28
    assert d.life(P1) == 25
    assert _drawn(d, P1) == 1


def test_vatista_mikoruseo_not_hit_opponent_no_draw() -> None:
    """Mikoruseo (range 3-8) misses Nehtali 2 spaces away: no after draw (Spike stuns
    her, guard 0)."""
    d = vatista(dict(space=3, hand=["mikoruseo"]), dict(space=5, hand=["spike"]))
    d.strike("mikoruseo", "spike")
    assert d.life(P2) == 30
    assert _drawn(d, P1) == 0


def test_vatista_armabellum_hit_cards_from_hand_per_card_powerup_after_choice() -> None:
    """Armabellum (1 gauge): range 1-3, power 2; hit: 0-3 cards from hand to gauge, +1
    power each; after: close 1 / retreat 1. Two cards: 4 - 2 armor = 2; retreat 3 -> 2."""
    d = vatista(dict(space=3, hand=["armabellum", "grasp", "cross", "dive"],
                     gauge=["sweep"]), dict(space=4, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "armabellum")
    d.set_attack(P2, "block")
    _pay(d, "sweep")
    d.select(P1, "grasp", "cross")
    d.choose("retreat")
    assert d.zone(P1, Zone.GAUGE) == ["Grasp", "Cross", "Armabellum"]  # it hit
    assert d.life(P2) == 28
    assert d.space(P1) == 2


def test_vatista_lateusorbis_spend_all_force_powerup_strike_x_force_for_armor_now() -> None:
    """Lateus Orbis (3 gauge): range 3-8, power 6; hit: spend all force (her hand and
    gauge: Grasp 1 + Zahhishio 2 + Dive 1 = 4) as X, +X power, then Nehtali may spend
    force for +1 armor each (he pays Cross). 10 - (2 + 1) armor = 7."""
    d = vatista(dict(space=2, hand=["lateusorbis", "grasp", "zahhishio"],
                     gauge=["sweep", "cross", "focus", "dive"]),
                dict(space=6, hand=["block", "cross"]))
    d.act(Strike())
    d.set_attack(P1, "lateusorbis")
    d.set_attack(P2, "block")
    _pay(d, "sweep", "cross", "focus")
    assert d.side(P1).strike_x == 4
    assert d.p(P1).hand == [] and d.p(P1).gauge == []
    d.expect(PayForceRequest, P2)
    d.pay("cross")
    assert 1 in _mods(d, P2, Stat.ARMOR)
    assert d.life(P2) == 23


def test_vatista_lateusorbis_force_for_armor_now_declined() -> None:
    """Lateus Orbis: Nehtali may decline the force-for-armor offer: 6 + 1 (Grasp) - 2
    armor = 5."""
    d = vatista(dict(space=2, hand=["lateusorbis", "grasp"],
                     gauge=["sweep", "cross", "focus"]),
                dict(space=6, hand=["block", "cross"]))
    d.act(Strike())
    d.set_attack(P1, "lateusorbis")
    d.set_attack(P2, "block")
    _pay(d, "sweep", "cross", "focus")
    d.expect(PayForceRequest, P2)
    d.decline()
    if isinstance(d.pending, PayForceRequest):
        d.decline()  # Block's own force-for-armor
    assert d.life(P2) == 25


def test_vatista_ruberangelus_hit_push_after_choice_advance() -> None:
    """Ruber Angelus (2 gauge): range 1-2, power 6, armor 1, guard 3; hit: push 2 (4 ->
    6); after: advance 4 / pass: advance 4 (3 -> 8, over Nehtali)."""
    d = vatista(dict(space=3, hand=["ruberangelus"], gauge=["grasp", "cross"]),
                dict(space=4, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "ruberangelus")
    d.set_attack(P2, "block")
    _pay(d, "grasp", "cross")
    d.choose("advance")
    assert d.life(P2) == 26
    assert d.space(P2) == 6
    assert d.space(P1) == 8


def test_vatista_transvoranse_ignore_guard_after_advance_draw() -> None:
    """Transvoranse (1 gauge): range 2-3, power 4, speed 4; ignore_guard; after: advance
    2 (3 -> 6, over Nehtali on 5) + draw 1."""
    d = vatista(dict(space=3, hand=["transvoranse"], gauge=["grasp"]),
                dict(space=5, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "transvoranse")
    d.set_attack(P2, "block")
    _pay(d, "grasp")
    assert AttackFlag.IGNORE_GUARD in _flags(d, P1)
    assert d.life(P2) == 28
    assert d.space(P1) == 6
    assert _drawn(d, P1) == 1


def test_vatista_zahhishio_before_cards_from_hand_all_gain_advantage_hit_push() -> None:
    """Zahhishio (2 gauge): range 1-2, power 2, speed 6; before: her whole hand to gauge,
    gain_advantage; hit: push 3 (4 -> 7). She acts next."""
    d = vatista(dict(space=3, hand=["zahhishio", "grasp", "cross"], gauge=["dive", "sweep"]),
                dict(space=4, hand=["cross"]))
    d.act(Strike())
    d.set_attack(P1, "zahhishio")
    d.set_attack(P2, "cross")
    _pay(d, "dive", "sweep")
    if d.pending is not None and not isinstance(d.pending, ActionRequest):
        d.select(P1, "grasp", "cross")
    assert sorted(d.zone(P1, Zone.GAUGE)) == ["Cross", "Grasp", "Zahhishio"]  # it hit
    assert d.life(P2) == 28
    assert d.space(P2) == 7
    assert _next(d) == P1


# --- boosts ----------------------------------------------------------------------------


def test_vatista_lumenstella_boost_instant_flight_reveal_topdeck_strike_x_retreat() -> None:
    """Instant Flight (Lumen Stella boost, 1 force): before: reveal the top card (Sweep,
    power 6), X = its power, advance X / retreat X: retreat 6 (7 -> 1, away from Nehtali
    on 8), so Cross misses."""
    d = vatista(dict(space=7, hand=["cross"], boosts=["lumenstella"],
                     deck=["sweep", "grasp"]), dict(space=8, hand=["block"]))
    d.strike("cross", "block")
    revealed = d.events(ev.TopDeckRevealed)
    assert [(e.player, d.name(e.card)) for e in revealed] == [(P1, "Sweep")]
    assert d.p(P1).deck[0] == revealed[0].card  # it stays on top
    assert d.side(P1).strike_x == 6
    d.choose("retreat")
    assert d.space(P1) == 1
    assert d.life(P2) == 30


def test_vatista_lumenstella_boost_instant_flight_advance() -> None:
    """Instant Flight: top card Grasp (power 3): advance 3 (2 -> 6, over Nehtali on 4),
    so Cross (range 1-2) hits him at distance 2 (3 - 2 armor), then retreats 3 (6 -> 9)."""
    d = vatista(dict(space=2, hand=["cross"], boosts=["lumenstella"], deck=["grasp"]),
                dict(space=4, hand=["block"]))
    d.strike("cross", "block")
    d.choose("advance")
    moves = [(e.src, e.dst) for e in d.events(ev.PlayerMoved) if e.player == P1]
    assert moves == [(2, 6), (6, 9)]
    assert d.life(P2) == 29


def test_vatista_lumenstella_boost_played_from_hand_costs_force() -> None:
    """Instant Flight is a continuous boost costing 1 force: boosted from hand, paid with
    Grasp, it stays in play."""
    d = vatista(dict(space=3, hand=["lumenstella", "grasp"]), dict(space=6))
    d.act(Boost(card=d.ref(P1, "lumenstella")))
    d.pay("grasp")
    assert d.zone(P1, Zone.BOOSTS) == ["Lumen Stella"]


def test_vatista_mikoruseo_boost_swift_attack_speedup_hit_gain_advantage_to_gauge() -> None:
    """Swift Attack (Mikoruseo boost): speedup 1; hit: gain_advantage, and the boost
    goes to gauge at cleanup. Cross (speed 6 + 1) hits first; she acts next."""
    d = vatista(dict(space=3, hand=["cross"], boosts=["mikoruseo"]),
                dict(space=4, hand=["cross"]))
    d.strike("cross", "cross")
    assert 1 in _mods(d, P1, Stat.SPEED)
    assert "Mikoruseo" in d.zone(P1, Zone.GAUGE)
    assert _next(d) == P1


def test_vatista_armabellum_boost_crimson_wings_add_boost_to_gauge_on_move() -> None:
    """Crimson Wings (Armabellum boost): now: add_boost_to_gauge_on_move. Boosted from
    hand it stays in play; when she later moves herself (a move action) it goes to her
    gauge."""
    d = vatista(dict(space=3, hand=["armabellum"], deck=["grasp", "cross"]),
                dict(space=6, hand=["block"]))
    d.act(Boost(card=d.ref(P1, "armabellum")))
    assert d.zone(P1, Zone.BOOSTS) == ["Armabellum"]
    d.act(Prepare())  # Nehtali's turn
    assert d.zone(P1, Zone.BOOSTS) == ["Armabellum"]
    d.act(MoveTo(space=2))
    d.pay("grasp")
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.GAUGE) == ["Armabellum"]


def test_vatista_armabellum_boost_crimson_wings_speedup_then_leaves_on_retreat() -> None:
    """Crimson Wings: during_strike speedup 1; Cross's after retreat 3 moves her, so the
    boost goes straight to her gauge (not the discard at cleanup)."""
    d = vatista(dict(space=3, hand=["cross"], boosts=["armabellum"]),
                dict(space=4, hand=["block"]))
    d.strike("cross", "block")
    assert 1 in _mods(d, P1, Stat.SPEED)
    assert d.space(P1) == 1  # retreat 3 from 3: the edge (space 1) stops her
    assert d.zone(P1, Zone.GAUGE)[0] == "Armabellum"


def test_vatista_armabellum_boost_crimson_wings_leaving_mid_strike_lowers_later_speed_read() -> None:
    """Crimson Wings (during_strike speedup 1) leaves play mid-strike: Vatista's Cross
    (speed 6 + 1) strikes first and misses Hyde, its after retreat moves her (3 -> 1), so
    the boost goes to her gauge and its +1 speed goes with it; Hyde's Dead Set Daze then
    reads her speed in its Before (``set_strike_x opponent_speed``): 6, not 7. The
    order of activation, fixed before, is not redone.

    Core rulebook: a continuous boost's effects are active "until discarded"; the reference
    client settles the stats: removing a boost from play mid-strike undoes its
    during_strike speedup (scenes/game/local_game.gd, ``disable_boost_effects`` from
    ``remove_from_continuous_boosts``).
    """
    d = position(p1={"deck": list(DECK), "space": 3, "hand": ["cross"], "boosts": ["armabellum"]},
                 p2={"deck": ["grasp", "cross", "dive", "sweep"], "space": 6,
                     "hand": ["deadsetdaze"], "gauge": ["grasp"]},
                 chars=("vatista", "hyde"))
    d.strike("cross", "deadsetdaze")
    if isinstance(d.pending, PayGaugeRequest):
        d.pay("grasp")
    (order,) = d.events(ev.PriorityDetermined)
    assert order.first == P1 and order.speed_p1 == 7
    assert d.space(P1) == 1
    assert d.zone(P1, Zone.GAUGE)[0] == "Armabellum"
    assert [e.value for e in d.events(ev.StrikeXSet) if e.player == P2] == [6]


def test_vatista_armabellum_boost_crimson_wings_push_does_not_count() -> None:
    """Crimson Wings: being pushed is not moving herself: Nehtali's Grasp pushes her,
    the boost stays in play until cleanup discards it."""
    d = vatista(dict(space=3, hand=["block"], boosts=["armabellum"]),
                dict(space=4, hand=["grasp"]), active=P2)
    d.strike("grasp", "block")
    d.choose("push 1")
    assert d.space(P1) == 2
    assert "Armabellum" not in d.zone(P1, Zone.GAUGE)


def test_vatista_lateusorbis_boost_autonomic_nerve_gauge_for_effect_per_gauge() -> None:
    """Autonomic Nerve (Lateus Orbis boost): hit: spend 0-6 gauge for +1 power each, and
    the boost goes to gauge at cleanup. Two gauge: Cross 3 + 2 = 5 - 2 armor = 3."""
    d = vatista(dict(space=3, hand=["cross"], boosts=["lateusorbis"],
                     gauge=["grasp", "dive", "sweep"]), dict(space=4, hand=["block"]))
    d.strike("cross", "block")
    d.choose("spend 2 gauge")
    d.pay("grasp", "dive")
    assert d.life(P2) == 27
    assert d.zone(P1, Zone.GAUGE) == ["Sweep", "Lateus Orbis", "Cross"]


def test_vatista_lateusorbis_boost_autonomic_nerve_spend_none() -> None:
    """Autonomic Nerve: spending 0 gauge adds nothing: 3 - 2 = 1."""
    d = vatista(dict(space=3, hand=["cross"], boosts=["lateusorbis"], gauge=["grasp"]),
                dict(space=4, hand=["block"]))
    d.strike("cross", "block")
    d.choose("spend 0 gauge")
    assert d.life(P2) == 29
    assert d.zone(P1, Zone.GAUGE) == ["Grasp", "Lateus Orbis", "Cross"]


def test_vatista_ruberangelus_boost_restriction_hit_choice_pull() -> None:
    """Restriction (Ruber Angelus boost): hit: push 1 / pull 1. Grasp hits (3 - 2): its
    own choice pushes 1 (4 -> 5), then Restriction pulls 1 (5 -> 4)."""
    d = vatista(dict(space=3, hand=["grasp"], boosts=["ruberangelus"]),
                dict(space=4, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("push 1")
    d.choose("pull 1")
    assert d.space(P2) == 4


def test_vatista_transvoranse_boost_charged_attack_powerup() -> None:
    """Charged Attack (Transvoranse boost): powerup 2: Cross 3 + 2 - 2 armor = 3."""
    d = vatista(dict(space=3, hand=["cross"], boosts=["transvoranse"]),
                dict(space=4, hand=["block"]))
    d.strike("cross", "block")
    assert 2 in _mods(d, P1, Stat.POWER)
    assert d.life(P2) == 27


def test_vatista_zahhishio_boost_curse_commandment_strike_from_gauge() -> None:
    """Curse Commandment (Zahhishio boost): now: strike_from_gauge. Boosted from hand,
    she strikes at once with a card of her gauge (Cross, not the Spike in hand), set
    face-up straight from the gauge (``AttackSetFromGauge``, the seam Hyde's exceeded
    action uses); Cross 3 + 3 (during_strike powerup 3) - 2 = 4."""
    d = vatista(dict(space=3, hand=["zahhishio", "spike"], gauge=["cross", "grasp"]),
                dict(space=4, hand=["block"]))
    d.act(Boost(card=d.ref(P1, "zahhishio")))
    request = d.expect(SetAttackRequest, P1)
    assert {d.name(o.cards[0]) for o in offered(request, SetAttack)} == {"Cross", "Grasp"}
    cross = d.ref(P1, "cross", Zone.GAUGE)
    d.act(SetAttack(cards=(cross,)))
    d.set_attack(P2, "block")
    assert d.events(ev.AttackSetFromGauge) == [ev.AttackSetFromGauge(player=P1, card=cross)]
    assert d.life(P2) == 26
    assert d.zone(P1, Zone.HAND) == ["Spike"]


def test_vatista_zahhishio_boost_curse_commandment_empty_gauge_wild_swings() -> None:
    """Curse Commandment with an empty gauge: she wild swings (the top card, Grasp:
    3 + 3 - 2 = 4 through Block; its hit pushes 1)."""
    d = vatista(dict(space=3, hand=["zahhishio", "spike"], deck=["grasp", "dive"]),
                dict(space=4, hand=["block"]))
    d.act(Boost(card=d.ref(P1, "zahhishio")))
    d.set_attack(P2, "block")
    d.choose("push 1")
    sets = [e for e in d.events(ev.AttackSet) if e.player == P1]
    assert [(d.name(e.cards[0]), e.wild) for e in sets] == [("Grasp", True)]
    assert d.life(P2) == 26


def test_vatista_zahhishio_boost_curse_commandment_powerup() -> None:
    """Curse Commandment (Zahhishio boost): powerup 3: Cross 3 + 3 - 2 armor = 4."""
    d = vatista(dict(space=3, hand=["cross"], boosts=["zahhishio"]),
                dict(space=4, hand=["block"]))
    d.strike("cross", "block")
    assert d.life(P2) == 26


def test_vatista_boost_helper_boosts_from_hand() -> None:
    """Charged Attack boosted from hand (no cost) stays in play."""
    d = vatista(dict(space=3, hand=["transvoranse"]), dict(space=6))
    boost(d, "transvoranse")
    assert d.zone(P1, Zone.BOOSTS) == ["Transvoranse"]
