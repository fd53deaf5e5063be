"""Iron Tager: situations of the reference client's ``test/unit/test_tager.gd`` (Spark
Bolt's speed counted from the gauge left, King of Tager's armor per gauge card left
after paying its cost), written with our builder in our own words.

Card facts: roster.md, "Iron Tager": Spark Bolt (1 force, range 3-8, power 4, speed 1):
``during_strike: speedup_amount_in_gauge``, ``hit: pull 2 + gain_advantage``; King of
Tager (4 gauge, range 1, power 16, speed 0, guard 3): ``before: pull 1 | pull 2``,
``when_hit: armorup_times_gauge 3``. Nehtali answers with Assault (range 1, power 4,
speed 5, guard 0, before: close 2).
"""

from __future__ import annotations

from conftest import P1, P2, Driver, position

from engine.core.decisions import ActionRequest, ChoiceRequest, Strike

GAUGE = ["grasp", "grasp", "cross", "cross", "dive", "dive"]


def _strike(attack: str, gauge: int, hand: list[str]) -> Driver:
    """Tager (3) with ``gauge`` cards in gauge initiates ``attack``, declining his
    ability's gauge for a pull; Nehtali (6) answers with Assault."""
    d = position(p1=dict(space=3, hand=[attack, *hand], gauge=GAUGE[:gauge], set_aside=[]),
                 p2=dict(space=6, hand=["assault"]), chars=("tager", "nehtali"))
    d.act(Strike())
    d.set_attack(P1, attack)
    d.decline()  # the ability's gauge_for_effect: no pull
    d.set_attack(P2, "assault")
    return d


def test_spark_bolt_with_three_gauge_is_slower_than_assault() -> None:
    """Client test_tager_spark_bolt_slow: 3 gauge, speed 4 < 5: Assault closes to 4 and
    hits for 4, stunning Spark Bolt (guard 0); Nehtali's turn next."""
    d = _strike("sparkbolt", 3, ["spike"])
    d.pay("spike")
    assert d.space(P1) == 3 and d.space(P2) == 4
    assert d.life(P1) == 26 and d.life(P2) == 30
    assert d.expect(ActionRequest).player == P2


def test_spark_bolt_with_four_gauge_ties_and_the_initiator_goes_first() -> None:
    """Client test_tager_spark_bolt_fast: 4 gauge, speed 5 ties Assault: Tager, the
    initiator, hits at range 3 for 4, pulls her 2 (to 4) and gains the advantage;
    Assault (guard 0) is stunned."""
    d = _strike("sparkbolt", 4, ["spike"])
    d.pay("spike")
    assert d.space(P1) == 3 and d.space(P2) == 4
    assert d.life(P1) == 30 and d.life(P2) == 26
    assert d.expect(ActionRequest).player == P1


def test_king_of_tager_armor_counts_the_gauge_left_after_its_cost() -> None:
    """Client test_tager_kingoftager_enougharmor / _plentyofarmor / _noarmor: with 5, 6
    or 4 gauge, King of Tager's 4-gauge cost leaves 1, 2 or 0: 3, 6 or 0 armor. Assault
    closes to 4 and hits first: 1, 0 or 4 damage; with armor King (guard 3) stands,
    pulls her 1 through his space (to 2) and hits for 16; without, he is stunned."""
    for gauge, life, pulled in ((5, 29, True), (6, 30, True), (4, 26, False)):
        d = _strike("kingoftager", gauge, [])
        d.pay(*GAUGE[:4])
        if pulled:
            d.choose("pull 1")
            assert d.space(P2) == 2 and d.life(P2) == 14, gauge
        else:
            assert d.space(P2) == 4 and d.life(P2) == 30, gauge
        assert d.life(P1) == life and d.space(P1) == 3, gauge


def test_exceeded_assault_close_within_the_limit_asks_nothing() -> None:
    """Client test_tager_exceed_assault_no_choice (version 0412346). Exceeded Tager may
    ignore his movement limit of 2 (``may_ignore_movement_limit``), but Assault's
    ``before: close 2`` is within it, so no choice is asked: he closes 4 -> 6 next to
    Nehtali (7) and hits Spike's owner first (speed 5 against 3) for 4 + 1 (his exceed
    ability's powerup); Spike (guard 4) is stunned and Assault's hit gives him the
    advantage: he acts next."""
    d = position(p1=dict(space=4, hand=["assault"], exceeded=True, overdrive=["grasp", "cross"]),
                 p2=dict(space=7, hand=["spike"]), chars=("tager", "nehtali"))
    d.select(P1, "grasp")  # the overdrive card discarded at his turn start
    d.choose("pass")  # its effect: pull 2 | pass
    d.act(Strike())
    d.set_attack(P1, "assault")  # no gauge: his ability's gauge_for_effect is not asked
    d.set_attack(P2, "spike")
    assert (d.space(P1), d.space(P2)) == (6, 7)
    assert (d.life(P1), d.life(P2)) == (30, 25)
    # his next turn starts at once: his last overdrive card goes, its effect is asked
    assert d.expect(ChoiceRequest, P1).labels == ("pull 2", "pass")
