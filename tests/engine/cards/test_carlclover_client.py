"""Carl Clover: situations of the reference client's ``test/unit/test_carlclover.gd``
(and its copy in ``test_arakune.gd``), written with our builder in our own words.

Card facts: roster.md, "Carl Clover" (Nirvana Active/Disabled; the ability's
``set_strike`` bonus "+1 power, +1 speed" for a buddy Special/Ultra with the opponent
between Carl and Nirvana, Nirvana's space included; the ``opponent_before`` flip of a
Nirvana in the opponent's range). The opponent is Nehtali (standard Normals: Assault
range 1, power 4, speed 5, before: close 2; Sweep range 1-3, power 6, speed 2, guard 6;
Cross range 1-2, power 3, speed 6, after: retreat 3) or Hazama.
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, offered, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChoiceRequest,
    EffectOrderRequest,
    MoveTo,
    OrderEffects,
    Prepare,
    SpaceRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.mechanics.buddies.state import buddy_spaces

A, D = "nirvana_active", "nirvana_disabled"


def carl(p1: dict[str, Any], p2: dict[str, Any]) -> Driver:
    return position(p1=p1, p2=p2, chars=("carlclover", "nehtali"))


def _nirvana(d: Driver, who: Any = P1) -> dict[str, list[int]]:
    return {b: buddy_spaces(d.game.table, who, b) for b in (A, D)}


def test_bonus_kept_when_hazama_leaves_nirvanas_space_for_his_ouroboros() -> None:
    """Client test_carlclover_vs_hazama_get_bonus_when_he_moves. Hazama (on 4, on
    Nirvana's space) strikes with Cross and places the real Ouroboros on 5; Carl (on 3)
    answers with Con Brio. At the reveal Hazama moves to 5, off Nirvana's space, but
    the bonus was given when Carl set (ability: "set_strike: ... [if
    opponent_between_buddy(include_buddy_space)] add_attack_effect powerup 1 + speedup
    1"): Con Brio (range 0-1 from Nirvana on 4) hits first at speed 8 for 4 and pushes
    Hazama 2 from Nirvana (to 7), out of Cross's reach."""
    d = position(p1=dict(space=4, hand=["cross", "grasp"]),
                 p2=dict(space=3, hand=["conbrio", "dive"], buddies={A: 4}),
                 chars=("hazama", "carlclover"))
    d.act(Strike())
    d.set_attack(P1, "cross")
    d.pay("grasp")
    d.choose("ouroboros_move")
    assert [m.space for m in offered(d.expect(SpaceRequest, P1), MoveTo)] == [3, 5]
    d.move_to(P1, 5)
    d.set_attack(P2, "conbrio")
    assert d.space(P1) == 5 and d.space(P2) == 3
    d.pay("dive")
    assert d.space(P1) == 7 and d.space(P2) == 3
    assert d.life(P1) == 26 and d.life(P2) == 30
    assert [e.player for e in d.events(ev.AttackHit)] == [P2]


def test_nirvana_on_the_opponents_own_space_can_be_flipped() -> None:
    """Client test_carlclover_disable_nirvana2. Nirvana Active on Nehtali's space (6);
    Carl's Sweep (on 3, first by the initiator's tie) hits her for 6; before her Sweep
    she flips Nirvana (effects.md, opponent_buddy_in_range: "within your attack's range
    (or on your space)"): her Sweep misses but goes to her gauge, and Nirvana stays
    Disabled on 6 through the cleanup and the next turn."""
    d = carl(dict(space=3, buddies={A: 6}, hand=["sweep"]), dict(space=6, hand=["sweep"]))
    d.strike("sweep", "sweep")
    assert d.expect(ChoiceRequest, P2).labels == ("flip buddy miss get gauge", "pass")
    d.choose("flip")
    assert d.life(P1) == 30 and d.life(P2) == 24
    assert d.zone(P1, Zone.GAUGE) == ["Sweep"] and d.zone(P2, Zone.GAUGE) == ["Sweep"]
    assert _nirvana(d) == {A: [], D: [6]}


def test_flip_offered_after_assault_closes_onto_nirvanas_space() -> None:
    """Client test_carlclover_nirvana_powerup_not_special. Carl on 3, Nirvana on 4,
    Nehtali on 6: she is not between them, so Con Fuoco (speed 4) gets no bonus and
    her Assault (speed 5) goes first; its close 2 brings her onto Nirvana's space, so
    the flip is offered (she passes) and Assault hits for 4; Carl's Con Fuoco (guard 0)
    is stunned."""
    d = carl(dict(space=3, buddies={A: 4}, hand=["confuoco", "grasp"]),
             dict(space=6, hand=["assault"]))
    d.strike("confuoco", "assault")
    d.pay("grasp")
    assert d.space(P2) == 4
    assert d.expect(ChoiceRequest, P2).labels == ("flip buddy miss get gauge", "pass")
    d.choose("pass")
    assert d.life(P1) == 26 and d.life(P2) == 30
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]
    assert _nirvana(d) == {A: [4], D: []}


def test_con_fuoco_with_the_opponent_between_moves_nirvana_on_its_before() -> None:
    """Client test_carlclover_confuoco_beforemove and _nirvana_powerup_special. Carl on
    3, Nehtali on 6, Nirvana on 9: she is between them, so Con Fuoco is power 7, speed
    5 and goes first (initiator's tie with Assault); before, 1 force moves Nirvana 1 or
    2 (to 7 or 8; "move_buddy 1/2"); from 8 she is at range 2, hit for 7, and Carl
    closes 2 (to 5)."""
    d = carl(dict(space=3, buddies={A: 9}, hand=["confuoco", "grasp", "dive"]),
             dict(space=6, hand=["assault"]))
    d.strike("confuoco", "assault")
    d.pay("grasp")
    d.pay("dive")
    assert sorted(m.space for m in offered(d.expect(SpaceRequest, P1), MoveTo)) == [7, 8]
    d.move_to(P1, 8)
    assert _nirvana(d) == {A: [8], D: []}
    assert d.life(P2) == 23 and d.life(P1) == 30
    assert d.space(P1) == 5 and d.space(P2) == 6


def test_con_brio_from_nirvana_on_the_opponents_space() -> None:
    """Client test_carlclover_conbrio_attack_in_space. Carl on 4, Nirvana on Nehtali's
    space (6): Con Brio (range 0-1 from Nirvana) hits at range 0 with the bonus (she is
    on Nirvana's space) for 4, first (speed 8); its push from the source 2 away from
    Nirvana, which she stands on, lets Carl pick the way: away from him, to 8."""
    d = carl(dict(space=4, buddies={A: 6}, hand=["conbrio", "grasp"]),
             dict(space=6, hand=["assault"]))
    d.strike("conbrio", "assault")
    d.pay("grasp")
    assert d.expect(ChoiceRequest, P1).labels == ("push 2", "pull 2")
    d.choose("push 2")
    assert d.space(P2) == 8 and d.space(P1) == 4
    assert d.life(P2) == 26 and d.life(P1) == 30


def test_cantabile_with_nirvana_disabled_moves_nothing() -> None:
    """Client test_carlclover_cantabile_disabled_skip_move. Nirvana Disabled on 5:
    Cantabile (range 1-3, speed 6) hits first, pulls 1 (Nehtali to 5), Carl draws 1 and
    gains advantage; its after (move Nirvana Active) finds no Active Nirvana and does
    nothing; Assault (guard 0) is stunned. At the cleanup the Disabled Nirvana (not
    flipped this strike) may turn Active again, on its space (5)."""
    d = carl(dict(space=4, buddies={D: 5}, hand=["cantabile"]), dict(space=6, hand=["assault"]))
    hand = len(d.zone(P1, Zone.HAND))
    d.strike("cantabile", "assault")
    d.choose("pull 1")
    assert d.space(P2) == 5 and d.life(P2) == 29 and d.life(P1) == 30
    assert d.events(ev.BuddyPlaced) == []  # no Active Nirvana moved
    assert d.expect(ChoiceRequest, P1).labels == ("swap buddy", "pass")
    d.choose("swap buddy")
    assert _nirvana(d) == {A: [5], D: []}
    assert len(d.zone(P1, Zone.HAND)) == hand  # Cantabile out, one card drawn


def test_laetabilis_cantata_turns_a_disabled_nirvana_active() -> None:
    """Client test_carlclover_laetabilis_flip. Nirvana Disabled on 3, Carl on 4 with 2
    gauge: Laetabilis Cantata (range 1-2, power 3, speed 2, armor 2) and Nehtali's
    Sweep (speed 2, range 1-3) tie: Carl, the initiator, hits for 3 and pushes 1 (to 7);
    Sweep (6, minus 2 armor) hits back for 4; after: Nirvana Disabled turns Active on
    its space (3)."""
    d = carl(dict(space=4, buddies={D: 3}, hand=["laetabiliscantata"], gauge=["grasp", "cross"]),
             dict(space=6, hand=["sweep"]))
    d.strike("laetabiliscantata", "sweep")
    d.pay("grasp", "cross")
    assert d.space(P2) == 7 and d.life(P2) == 27 and d.life(P1) == 26
    assert _nirvana(d)[A] == [3]


def test_invalid_ultra_wild_swing_normal_gets_no_nirvana_bonus() -> None:
    """Client test_carlclover_invalidate_wildswing_normal_lose_bonus. Carl (4) sets
    Laetabilis Cantata with no gauge: invalid, so it is discarded and he wild swings
    the top of his deck, Dive (a Normal): the ability's bonus is for a buddy
    Special/Ultra only, so Dive stays speed 4 and Nehtali's Assault (speed 5) goes
    first, closes to 5 and hits for 4; Dive (guard 0) is stunned. Carl's discard holds
    both cards and he gains no gauge."""
    d = carl(dict(space=4, buddies={A: 7}, hand=["laetabiliscantata"], deck=["dive"]),
             dict(space=7, hand=["assault"]))
    d.printed_order = False
    d.strike("laetabiliscantata", "assault")
    # her two Before effects: Assault's close and the flip Carl's card grants her
    order = d.expect(EffectOrderRequest, P2)
    assert [e.tags[0] for e in order.effects] == ["close", "pass"]
    d.act(OrderEffects(order=(0, 1)))  # close first: Nirvana (7) is then out of range
    assert d.space(P2) == 5 and d.space(P1) == 4
    assert d.life(P1) == 26 and d.life(P2) == 30
    assert sorted(d.zone(P1, Zone.DISCARD)) == ["Dive", "Laetabilis Cantata"]
    assert d.zone(P1, Zone.GAUGE) == [] and d.zone(P2, Zone.GAUGE) == ["Assault"]


def test_nirvana_flipped_this_strike_is_not_offered_back_at_cleanup() -> None:
    """Client test_carlclover_disable_nirvana (version 0412346). Carl (3) and Nehtali
    (6) both set Sweep, Nirvana Active on 4, between them. Nehtali's Sweep (range 1-3)
    has Nirvana in range, so Carl's ability (``opponent_before: [if
    opponent_buddy_in_range] choice <flip_buddy_miss_get_gauge | pass>``) lets Nehtali
    flip it: his Sweep misses but still goes to gauge, Nirvana turns Disabled on 4.
    Carl's Sweep (tied speed, he initiated) hit first for 6. At the cleanup the swap
    back (``[if buddy_in_play(nirvana_disabled) ... buddy_not_entered_play_this_strike]``)
    is not offered: the Disabled Nirvana entered play this strike. It stays Disabled
    through Nehtali's next turn."""
    d = carl(dict(space=3, buddies={A: 4}, hand=["sweep"]), dict(space=6, hand=["sweep"]))
    d.strike("sweep", "sweep")
    d.choose("flip")
    assert (d.space(P1), d.space(P2)) == (3, 6)
    assert (d.life(P1), d.life(P2)) == (30, 24)
    assert d.zone(P1, Zone.GAUGE) == ["Sweep"] and d.zone(P2, Zone.GAUGE) == ["Sweep"]
    assert _nirvana(d) == {A: [], D: [4]}
    assert d.expect(ActionRequest).player == P2
    d.act(Prepare())
    assert _nirvana(d) == {A: [], D: [4]}


def test_duet_counts_a_disabled_nirvana_and_it_turns_active_at_cleanup() -> None:
    """Client test_carlclover_laetabilis_boost. Duet (Laetabilis Cantata's boost, 1
    force: ``now: strike``; ``hit: [if opponent_between_buddy(any of nirvana_active,
    nirvana_disabled; include_buddy_space)] powerup 3``), Nirvana Disabled on 6 under
    Nehtali. Carl's Assault (tied speed, he initiated) closes 4 -> 5 and hits for 4 + 3
    (a Disabled Nirvana counts); Nehtali's Assault is stunned. At the cleanup the
    Disabled Nirvana, not flipped this strike, turns Active again on 6."""
    d = carl(dict(space=4, buddies={D: 6}, hand=["laetabiliscantata", "grasp", "assault"]),
             dict(space=6, hand=["assault"]))
    boost(d, "laetabiliscantata", "grasp")
    d.respond(P1, "assault", "assault")
    assert (d.space(P1), d.space(P2)) == (5, 6)
    assert (d.life(P1), d.life(P2)) == (30, 23)
    d.choose("swap buddy")
    assert _nirvana(d) == {A: [6], D: []}
    assert d.zone(P1, Zone.GAUGE) == ["Assault"]
    assert d.expect(ActionRequest).player == P1
