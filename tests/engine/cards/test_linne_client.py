"""Linne: situations of the reference client's ``test/unit/test_linne.gd`` that our
Linne tests (``test_linne.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Linne" (Flying Swallow: "before: choice <advance 3 + powerup 2
| pass>; after: [if not_moved_self_this_strike] advance 3 + draw 1"), and the ``uni``
normals. As in the client's tests, P2 is Linne too (answering with ``uni`` normals).
"""

from __future__ import annotations

from conftest import P1, P2, boost, position

from engine import events as ev
from engine.core.decisions import (
    CharacterAction,
    EffectOrderRequest,
    OrderEffects,
    SelectCardsRequest,
)
from engine.core.ids import Zone

CHARS = ("linne", "linne")


def test_linne_flying_swallow_advance_chosen_but_blocked_still_draws() -> None:
    """Flying Swallow on 8 against P2 on 9 (client: ``test_linne_flying_swallow3``):
    the chosen advance 3 cannot move her (no space past him), so she has not moved
    herself: +2 power, 5 - 2 armor on Focus; after, she advances nothing and draws 1.
    Focus hits back for 4."""
    d = position(p1=dict(space=8, hand=["flyingswallow"], deck=["dive", "cross"]),
                 p2=dict(space=9, hand=["focus"]), chars=CHARS)
    d.strike("flyingswallow", "focus")
    d.choose("advance 3")
    assert (d.space(P1), d.space(P2)) == (8, 9)
    assert (d.life(P1), d.life(P2)) == (26, 27)
    assert d.zone(P1, Zone.HAND) == ["Dive"]


def test_linne_flying_swallow_pushed_by_the_opponent_still_advances_after() -> None:
    """Just Defense (Sweep's boost; "armorup 3; now: strike; after: lose_all_armor")
    starts the strike; P2's Grasp (faster) hits for 3, all absorbed, and pushes her
    5 -> 4 (client: ``test_linne_flying_swallow5``). Being moved by the opponent is not
    moving herself: Flying Swallow (passed, missing at 2) advances 3 after, past him to
    8, and draws 1."""
    d = position(p1=dict(space=5, hand=["sweep", "flyingswallow"], deck=["dive", "cross"]),
                 p2=dict(space=6, hand=["grasp"]), chars=CHARS)
    boost(d, "sweep")
    d.set_attack(P1, "flyingswallow")
    d.set_attack(P2, "grasp")
    d.choose("push 1")
    d.choose("pass")
    assert (d.space(P1), d.space(P2)) == (8, 6)
    assert (d.life(P1), d.life(P2)) == (30, 30)
    assert d.zone(P1, Zone.HAND) == ["Dive"]


def test_linne_flying_swallow_after_vanish_close_no_after_advance() -> None:
    """Vanish (Moon Gyre's boost; "before: close 1; now: strike") closes her 3 -> 4:
    she moved herself this strike, so Flying Swallow's after does nothing (client:
    ``test_linne_flying_swallow6``); both miss."""
    d = position(p1=dict(space=3, hand=["moongyre", "flyingswallow"], deck=["dive", "cross"]),
                 p2=dict(space=8, hand=["focus"]), chars=CHARS)
    boost(d, "moongyre")
    d.set_attack(P1, "flyingswallow")
    d.set_attack(P2, "focus")
    d.choose("pass")
    assert (d.space(P1), d.space(P2)) == (4, 8)
    assert (d.life(P1), d.life(P2)) == (30, 30)
    assert d.zone(P1, Zone.HAND) == []


def test_linne_tenacious_mist_armor_after_just_defense_loses_its_own() -> None:
    """Tenacious Mist ("after: armorup_damage_dealt") with Just Defense ("armorup 3;
    after: lose_all_armor") in play, Just Defense's after resolved first (client:
    ``test_linne_tenacious_mist2``): she hits Focus for 4 - 2, loses her 3 armor, then
    gains 2; Focus hits her for 4 - 2."""
    d = position(p1=dict(space=5, hand=["sweep", "tenaciousmist"]),
                 p2=dict(space=6, hand=["focus"]), chars=CHARS)
    boost(d, "sweep")
    d.printed_order = False
    d.set_attack(P1, "tenaciousmist")
    d.set_attack(P2, "focus")
    request = d.expect(EffectOrderRequest, P1)
    sweep = d.ref(P1, "sweep", Zone.BOOSTS)
    first = [e.card for e in request.effects].index(sweep)
    d.act(OrderEffects(order=(first, 1 - first)))
    assert (d.life(P1), d.life(P2)) == (28, 28)


def test_linne_superior_boosted_from_gauge_makes_her_next_attack_ex() -> None:
    """Linne exceeded, action #0 ("boost_from_gauge {limitation=continuous}") playing
    Cross's boost Superior ("during_strike: attack_is_ex") from her gauge (client:
    ``test_linne_gauge_boost_superior``). The turn passes; P2 strikes with Dive and she
    answers Dive: EX (speed 5 beats 4, power 6), she advances 3 (3 to 6) and hits P2 on
    7 for 6, stunning him; the exceed ability's +1 does not apply (she did not use her
    action on the strike's turn). Superior is discarded at cleanup, Dive goes to gauge."""
    d = position(p1=dict(space=3, exceeded=True, hand=["dive"], gauge=["cross"]),
                 p2=dict(space=7, hand=["dive"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    if isinstance(d.pending, SelectCardsRequest):
        d.select(P1, "cross")
    assert d.zone(P1, Zone.BOOSTS) == ["Cross"]
    assert d.zone(P1, Zone.GAUGE) == []
    d.strike("dive", "dive")
    assert (d.space(P1), d.space(P2)) == (6, 7)
    assert (d.life(P1), d.life(P2)) == (30, 24)
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.GAUGE) == ["Dive"]


def test_linne_the_diviner_wins_the_tie_with_three_boosts_in_play() -> None:
    """Linne, The Diviner ("rangeup_per_boost_modifier 0/1 {all_boosts}",
    "speedup_per_boost_modifier 1 {all_boosts}") with three continuous boosts in play,
    her Superior and Just Defense and P2's Superior (client: ``test_linne_diviner1``):
    range 2-6 and speed 3 + 3 + 1 (EX) = 7 ties P2's EX Cross (6 + 1); the initiator
    goes first and hits at range 6 for 6 + 1 - 1 (EX armor) = 6."""
    d = position(p1=dict(space=2, hand=["thediviner"], gauge=["grasp", "spike"],
                         boosts=["cross", "sweep"]),
                 p2=dict(space=8, hand=["cross"], boosts=["cross"]), chars=CHARS)
    d.strike("thediviner", "cross")
    d.pay("grasp", "spike")
    assert d.events(ev.PriorityDetermined)[0].first == P1
    assert (d.life(P1), d.life(P2)) == (30, 24)


def test_linne_the_diviner_too_slow_the_opponent_retreats_out_of_reach() -> None:
    """The Diviner with two boosts in play (both Superiors) (client:
    ``test_linne_diviner3``): range 2-5 and speed 3 + 2 + 1 = 6, slower than P2's EX
    Cross (7). Cross misses at range 5 and retreats (after: retreat 3) from 8 to 9, the
    arena's end; at range 6 the Diviner misses too."""
    d = position(p1=dict(space=3, hand=["thediviner"], gauge=["grasp", "spike"],
                         boosts=["cross"]),
                 p2=dict(space=8, hand=["cross"], boosts=["cross"]), chars=CHARS)
    d.strike("thediviner", "cross")
    d.pay("grasp", "spike")
    assert d.events(ev.PriorityDetermined)[0].first == P2
    assert (d.space(P1), d.space(P2)) == (3, 9)
    assert (d.life(P1), d.life(P2)) == (30, 30)
