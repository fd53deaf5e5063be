"""Vincent: situations of the reference client's ``test/unit/test_vincent.gd`` that our
Vincent tests (``test_vincent.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Vincent" (ability: "force_for_effect: guardup 2 per force, up
to 3"; exceeded "armorup 1 + guardup 2" per force), the ``standard`` normals. As in the
client's tests, P2 is Vincent too.
"""

from __future__ import annotations

from conftest import P1, P2, Driver, boost, position

from engine.core.decisions import ChoiceRequest, Prepare, Strike
from engine.core.ids import Player, Zone

CHARS = ("vincent", "vincent")


def _spend(d: Driver, who: Player, amount: int, *cards: str) -> None:
    request = d.expect(ChoiceRequest, who)
    assert request.labels[-1].startswith("spend"), request.labels
    d.choose(f"spend {amount} force")
    if amount:
        d.pay(*cards)


def test_vincent_national_guard_closes_the_damage_taken() -> None:
    """National Guard ("before: close_damagetaken 1") (client:
    ``test_vincent_nationalguard_closedamagetaken_basic``). Vincent on 4 spends 2 force
    (+4 guard); P2's Cross (6) hits first for 3 and retreats to 8; Vincent closes 3 (to
    7) and hits for 6."""
    d = position(p1=dict(space=4, hand=["nationalguard", "grasp", "dive"]),
                 p2=dict(space=5, hand=["cross"]), chars=CHARS)
    d.act(Strike())
    d.set_attack(P1, "nationalguard")
    _spend(d, P1, 2, "grasp", "dive")
    d.set_attack(P2, "cross")  # no other card: P2 is not asked for force
    assert (d.life(P1), d.life(P2)) == (27, 24)
    assert (d.space(P1), d.space(P2)) == (7, 8)


def test_vincent_national_guard_counts_damage_after_armor() -> None:
    """National Guard exceeded, 1 force (+1 armor, +2 guard) (client:
    ``test_vincent_nationalguard_closedamagetaken_armorcheck``): Cross deals 3 - 1 = 2,
    so Vincent closes only 2 (to 6) and misses Cross (retreated to 8)."""
    d = position(p1=dict(space=4, hand=["nationalguard", "grasp"], exceeded=True),
                 p2=dict(space=5, hand=["cross"]), chars=CHARS)
    d.act(Strike())
    d.set_attack(P1, "nationalguard")
    _spend(d, P1, 1, "grasp")
    d.set_attack(P2, "cross")  # no other card: P2 is not asked for force
    assert (d.life(P1), d.life(P2)) == (28, 30)
    assert (d.space(P1), d.space(P2)) == (6, 8)


def test_vincent_national_guard_against_a_powered_ex_cross() -> None:
    """National Guard exceeded, 2 force (+2 armor, +4 guard), against P2's EX Cross
    with Grasp's boost Fierce (+2) (client:
    ``test_vincent_nationalguard_closedamagetaken_armorcheck_twice``): Cross (3 + 1 + 2)
    hits for 6 - 2 = 4 and retreats to 9; Vincent closes 4 (to 8) and hits for 6 - 1
    (EX armor) = 5."""
    d = position(p1=dict(space=4, hand=["nationalguard", "grasp", "dive"], exceeded=True),
                 p2=dict(space=6, hand=["grasp", "cross", "cross"]), chars=CHARS)
    d.act(Prepare())
    boost(d, "grasp")
    d.act(Strike())
    d.set_attack(P1, "nationalguard")
    _spend(d, P1, 2, "grasp", "dive")
    d.set_attack(P2, ["cross", "cross"])
    _spend(d, P2, 0)
    assert (d.life(P1), d.life(P2)) == (26, 25)
    assert (d.space(P1), d.space(P2)) == (8, 9)


def test_vincent_crimson_barrage_names_two_and_discards_every_copy() -> None:
    """Crimson Barrage ("hit: name_card_opponent_discards 2, reveal_hand_after,
    discard_all_copies") (client: ``test_vincent_crimsonbarrage_boost_name2``): from 1 it
    hits P2 (5) for 4; naming Phoenix Revival and Focus discards both Revivals and the
    Focus; with the missed Spike, four cards in P2's discard pile."""
    d = position(p1=dict(space=1, hand=["crimsonbarrage"]),
                 p2=dict(space=5, hand=["spike", "phoenixrevival", "phoenixrevival", "focus",
                                        "grasp"]), chars=CHARS)
    d.act(Strike())
    d.set_attack(P1, "crimsonbarrage")  # no other card: not asked for force
    d.set_attack(P2, "spike")
    _spend(d, P2, 0)
    d.name_card("Phoenix Revival")
    d.name_card("Focus")
    assert (d.life(P1), d.life(P2)) == (30, 26)
    assert (d.space(P1), d.space(P2)) == (1, 5)
    assert sorted(d.zone(P2, Zone.DISCARD)) == ["Focus", "Phoenix Revival", "Phoenix Revival",
                                                "Spike"]
    assert d.zone(P2, Zone.HAND) == ["Grasp"]
