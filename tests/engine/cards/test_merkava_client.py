"""Merkava: situations of the reference client's ``test/unit/test_merkava.gd`` that our
Merkava tests (``test_merkava.py``, ``test_merkava_defile.py``) did not pin, written
with our scenario builder.

Card facts: roster.md, "Merkava", and the ``uni`` normals. As in the client's tests,
P2 is Merkava too (answering with ``uni`` normals).
"""

from __future__ import annotations

from conftest import P1, P2, Driver, boost, deck_cards, position

from engine import events as ev
from engine.core.decisions import ActionRequest, CharacterAction, Prepare, Strike
from engine.core.ids import Zone

CHARS = ("merkava", "merkava")


def _cling(d: Driver, space: int, response: str) -> None:
    """Merkava strikes with I, Persistently Cling placed on ``space``; P2 sets."""
    d.set_attack(P1, "ipersistentlycling")
    d.choose("place buddy")
    d.move_to(P1, space)
    d.set_attack(P2, response)


def test_merkava_persistently_cling_on_the_opponent_hits_and_stuns() -> None:
    """I, Persistently Cling (range 0, power 7) placed on P2's space 7 from 3 hits
    Sweep for 7 and stuns it (guard 6); the card goes to gauge (client:
    ``test_merkava_persistently_cling_hit``)."""
    d = position(p1=dict(space=3, hand=["ipersistentlycling"]),
                 p2=dict(space=7, hand=["sweep"]), chars=CHARS)
    d.act(Strike())
    _cling(d, 7, "sweep")
    assert (d.space(P1), d.space(P2)) == (3, 7)
    assert (d.life(P1), d.life(P2)) == (30, 23)
    assert d.zone(P1, Zone.GAUGE) == ["I, Persistently Cling"]


def test_merkava_persistently_cling_beside_the_opponent_misses_back_to_hand() -> None:
    """Placed on 7 with P2 on 8 (range 1 from it), it misses and returns to his hand
    (client: ``test_merkava_persistently_cling_miss``)."""
    d = position(p1=dict(space=3, hand=["ipersistentlycling"]),
                 p2=dict(space=8, hand=["sweep"]), chars=CHARS)
    d.act(Strike())
    _cling(d, 7, "sweep")
    assert (d.life(P1), d.life(P2)) == (30, 30)
    assert d.zone(P1, Zone.HAND) == ["I, Persistently Cling"]


def test_merkava_dark_bite_on_persistently_cling_includes_range_1_from_it() -> None:
    """Dark Bite (I, Defile's boost; "now: strike; during_strike: attack_includes_range
    1") with I, Persistently Cling placed on 6, P2 on 7: the attack's range is counted
    from the buddy, and range 1 from it is included: it hits for 7 (client:
    ``test_merkava_dark_bite_persistentlycling_hit``)."""
    d = position(p1=dict(space=2, hand=["idefile", "ipersistentlycling"]),
                 p2=dict(space=7, hand=["sweep"]), chars=CHARS)
    boost(d, "idefile")
    _cling(d, 6, "sweep")
    assert (d.space(P1), d.space(P2)) == (2, 7)
    assert (d.life(P1), d.life(P2)) == (30, 23)


def test_merkava_dark_bite_on_persistently_cling_range_1_is_not_from_merkava() -> None:
    """Dark Bite with I, Persistently Cling placed on 6 while P2 stands next to
    Merkava (2 and 3): range 1 from Merkava does not count, the range is the buddy's
    (3 spaces away): it misses; Focus hits him for 4 (client:
    ``test_merkava_dark_bite_persistentlycling_miss``)."""
    d = position(p1=dict(space=2, hand=["idefile", "ipersistentlycling"]),
                 p2=dict(space=3, hand=["focus"]), chars=CHARS)
    boost(d, "idefile")
    _cling(d, 6, "focus")
    assert (d.space(P1), d.space(P2)) == (2, 3)
    assert (d.life(P1), d.life(P2)) == (26, 30)
    assert d.zone(P1, Zone.HAND) == ["I, Persistently Cling"]


def test_merkava_dark_bite_and_wide_on_persistently_cling_two_away_misses() -> None:
    """Wide (Persistently Cling's boost; "rangeup 0/1; now: choice <advance 1 | retreat
    1>") and Dark Bite, the buddy placed on 5 with P2 on 7: range 0-1 from the buddy,
    plus 1, does not reach 2: both miss (client:
    ``test_merkava_dark_bite_persistentlycling_miss_with_range_boost``)."""
    d = position(p1=dict(space=3, hand=["ipersistentlycling", "idefile", "ipersistentlycling"]),
                 p2=dict(space=7, hand=["focus"]), chars=CHARS)
    boost(d, "ipersistentlycling")
    d.choose("retreat 1")
    assert d.space(P1) == 2
    d.act(Prepare())  # P2's turn
    boost(d, "idefile")
    _cling(d, 5, "focus")
    assert (d.space(P1), d.space(P2)) == (2, 7)
    assert (d.life(P1), d.life(P2)) == (30, 30)


def test_merkava_resentfully_rage_push_to_range_5_then_return_to_deck() -> None:
    """I, Resentfully Rage ("hit: push_to_range 5; after: choice
    <return_attack_to_top_of_deck | pass>") from 2 against 3: P2 to 7, 6 damage (not
    over Sweep's guard 6); it goes on top of his deck (client:
    ``test_merkava_resentfully_rage_push_big``)."""
    d = position(p1=dict(space=2, hand=["iresentfullyrage"], gauge=["grasp", "cross", "dive"]),
                 p2=dict(space=3, hand=["sweep"]), chars=CHARS)
    d.strike("iresentfullyrage", "sweep")
    d.pay("grasp", "cross", "dive")
    d.choose("return")
    assert (d.space(P1), d.space(P2)) == (2, 7)
    assert (d.life(P1), d.life(P2)) == (30, 24)
    assert d.zone(P1, Zone.DECK)[0] == "I, Resentfully Rage"


def test_merkava_resentfully_rage_push_to_range_5_against_the_wall() -> None:
    """Push to range 5 from 4 against P2 on 2: the wall stops him on 1 (range 3), where
    Sweep hits back for 6 (client: ``test_merkava_resentfully_rage_push_wall``)."""
    d = position(p1=dict(space=4, hand=["iresentfullyrage"], gauge=["grasp", "cross", "dive"]),
                 p2=dict(space=2, hand=["sweep"]), chars=CHARS)
    d.strike("iresentfullyrage", "sweep")
    d.pay("grasp", "cross", "dive")
    d.choose("pass")
    assert (d.space(P1), d.space(P2)) == (4, 1)
    assert (d.life(P1), d.life(P2)) == (24, 24)
    assert "I, Resentfully Rage" in d.zone(P1, Zone.GAUGE)


def test_merkava_jormungandr_dive_past_with_range_2_3() -> None:
    """Jormungandr (Resentfully Rage's boost; "[if is_normal_attack] rangeup 1/2") on
    Dive: from 3 it advances 3 past P2 on 5 to 7 and hits at range 2 for 5; the boost
    is discarded with the strike (client: ``test_merkava_jormungandr_normal``)."""
    d = position(p1=dict(space=3, hand=["dive"], boosts=["iresentfullyrage"]),
                 p2=dict(space=5, hand=["sweep"]), chars=CHARS)
    d.strike("dive", "sweep")
    assert (d.space(P1), d.space(P2)) == (7, 5)
    assert (d.life(P1), d.life(P2)) == (30, 25)
    assert "I, Resentfully Rage" in d.zone(P1, Zone.DISCARD)


def test_merkava_jormungandr_sustains_itself_after_a_special() -> None:
    """Jormungandr's "after: [if is_special_or_ultra_attack] sustain_this": I, Agitate
    missing at 4 still keeps it in play (client: ``test_merkava_jormungandr_not_normal``)."""
    d = position(p1=dict(space=2, hand=["iagitate"], boosts=["iresentfullyrage"]),
                 p2=dict(space=6, hand=["sweep"]), chars=CHARS)
    d.strike("iagitate", "sweep")
    assert (d.life(P1), d.life(P2)) == (30, 30)
    assert d.zone(P1, Zone.BOOSTS) == ["I, Resentfully Rage"]


def test_merkava_dark_bite_spike_at_range_1_ignores_guard_and_stuns() -> None:
    """Dark Bite's included range 1 lets Spike (range 2-3, ignore guard) hit P2 next to
    Merkava for 5, stunning Sweep through its guard 6, so Sweep never hits (client:
    ``test_merkava_dark_bite_spike``)."""
    d = position(p1=dict(space=3, hand=["idefile", "spike"]),
                 p2=dict(space=4, hand=["sweep"]), chars=CHARS)
    boost(d, "idefile")
    d.respond(P1, "spike", "sweep")
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert (d.life(P1), d.life(P2)) == (30, 25)
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]


def test_merkava_action_with_an_empty_deck_reveals_nothing_and_moves_zero() -> None:
    """Merkava's character action ("reveal_topdeck + set_strike_x top_deck_power +
    choice <advance X | retreat X>") with an empty deck (client:
    ``test_merkava_ua_empty_deck``). Core rules, OUT OF CARDS: "(Effects which look at
    one or more of the top cards in your deck do not trigger a reshuffle)": nothing is
    revealed and nothing reshuffled before the choice; X is 0, so retreating leaves him
    on 3. Only his end-of-turn draw then reshuffles the discard pile; P2 acts next."""
    d = position(p1=dict(space=3, hand=["grasp"], deck=[], deck_rest="none",
                         discard=deck_cards("merkava", "grasp")),
                 p2=dict(space=7, hand=["cross"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    assert d.events(ev.DeckReshuffled) == []
    d.choose("retreat")
    assert (d.space(P1), d.space(P2)) == (3, 7)
    assert [e.player for e in d.events(ev.DeckReshuffled)] == [P1]
    assert len(d.zone(P1, Zone.HAND)) == 2
    assert d.expect(ActionRequest).player == P2
