"""Akuma: situations of the reference client's ``test/unit/test_akuma.gd`` that our
Akuma tests (``test_akuma.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Akuma" (ability: "[if is_critical] add_attack_effect
(powerup_both_players 2)", exceeded 3), the ``standard`` normals, and Arakune's
"y, two-dash" (Irrationality: "powerup_both_players -1", "rangeup_both_players 1/1").
As in the client's tests, P2 is Akuma too.
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, boost, position

from engine import events as ev
from engine.core.decisions import ActionRequest, Prepare
from engine.core.ids import Zone

CHARS = ("akuma", "akuma")


@pytest.mark.parametrize(("exceeded", "p2_life"), [(False, 24), (True, 23)])
def test_akuma_critical_tatsumaki_short_of_the_opponent(exceeded: bool, p2_life: int) -> None:
    """Akuma's Critical (both attacks +2 power; exceeded +3) on Tatsumaki Zankukyaku
    (client: ``test_akuma_crit``, ``test_exceeded_akuma_crit``). From 3 he advances 2
    (to 5, not past P2 on 7: no discard) and hits Spike first (4 > 3) for 6 (7): above
    guard 4, P2 is stunned; P2's hand is untouched."""
    d = position(p1=dict(space=3, hand=["tatsumakizankukyaku"], gauge=["grasp"],
                         exceeded=exceeded),
                 p2=dict(space=7, hand=["spike", "cross"]), chars=CHARS)
    d.strike("tatsumakizankukyaku", "spike", crit=(True, False))
    assert (d.space(P1), d.space(P2)) == (5, 7)
    assert (d.life(P1), d.life(P2)) == (30, p2_life)
    assert d.zone(P2, Zone.HAND) == ["Cross"]


def test_akuma_critical_zugaihasatsu_against_guard_four() -> None:
    """Akuma, Zugaihasatsu: "hit: [if is_critical] gain_advantage; hit: [if
    opponent_total_guard_greater_or_equal 4] powerup 2" (client:
    ``test_akuma_zugaihasatsu_opponent_guard_power_bonus``). Critical, at range 2 against
    Spike (guard 4): 3 + 2 + 2 = 7; Akuma gains advantage and acts next."""
    d = position(p1=dict(space=6, hand=["zugaihasatsu"], gauge=["grasp"]),
                 p2=dict(space=8, hand=["spike"]), chars=CHARS)
    d.strike("zugaihasatsu", "spike", crit=(True, False))
    assert (d.space(P1), d.space(P2)) == (6, 8)
    assert (d.life(P1), d.life(P2)) == (30, 23)
    assert d.expect(ActionRequest).player == P1


def test_akuma_instant_hell_murder_counts_the_critical_bonus() -> None:
    """Akuma, Instant Hell Murder ("[if total_powerup_greater_or_equal 3] speedup 3")
    with Power of Hatred (+2) and a Critical (+2), both boosted on earlier turns (client:
    ``test_akuma_zugaihasatsu_plus_crit_more_than_3``). His Sweep (2 + 3 = 5) beats
    P2's Spike (3) and hits at range 2 for 6 + 2 + 2 = 10; his gauge holds Sweep and
    Power of Hatred (it hit)."""
    d = position(p1=dict(space=6, hand=["zugaihasatsu", "wrathoftheragingdemon", "sweep"],
                         gauge=["grasp"]),
                 p2=dict(space=8, hand=["spike"]), chars=CHARS)
    boost(d, "zugaihasatsu")
    d.act(Prepare())
    boost(d, "wrathoftheragingdemon")
    d.act(Prepare())
    d.strike("sweep", "spike", crit=(True, False))
    assert d.events(ev.PriorityDetermined)[0].first == P1
    assert (d.space(P1), d.space(P2)) == (6, 8)
    assert (d.life(P1), d.life(P2)) == (30, 20)
    assert sorted(d.zone(P1, Zone.GAUGE)) == ["Sweep", "Zugaihasatsu"]


@pytest.mark.parametrize(("ex", "p2_life"), [(False, 20), (True, 18)])
def test_akuma_critical_demon_armageddon_doubles_the_bonus(ex: bool, p2_life: int) -> None:
    """Akuma, Demon Armageddon ("multiply_positive_power_bonuses 2") with his Critical
    (+2), plain and EX (+1) (client: ``test_akuma_demon_armageddon_power_bonuses``,
    ``..._ex``): 6 + 2 x 2 = 10, EX 6 + 3 x 2 = 12."""
    hand = ["demonarmageddon", "demonarmageddon"] if ex else ["demonarmageddon"]
    d = position(p1=dict(space=7, hand=hand, gauge=["grasp", "cross", "dive", "spike", "sweep"]),
                 p2=dict(space=8, hand=["spike"]), chars=CHARS)
    d.strike(hand if ex else "demonarmageddon", "spike", crit=(True, False))
    d.pay("cross", "dive", "spike", "sweep")
    assert (d.life(P1), d.life(P2)) == (30, p2_life)
    assert len(d.zone(P1, Zone.GAUGE)) == 1


def test_akuma_exceeded_critical_hyakkishu_with_instant_hell_murder() -> None:
    """Akuma exceeded (Critical: +3 to both attacks) with Instant Hell Murder in play
    (client: ``test_akuma_instanthellmurder_enough``). P2's Assault (5) against his
    Critical Hyakkishu (4 + 3 speed): Akuma first closes 2 (to 4) and hits for 7; P2 is
    stunned; Akuma takes the next turn (P2 struck)."""
    d = position(p1=dict(space=3, hand=["wrathoftheragingdemon", "hyakkishu"], gauge=["grasp"],
                         exceeded=True),
                 p2=dict(space=5, hand=["assault"]), chars=CHARS)
    boost(d, "wrathoftheragingdemon")
    d.strike("assault", "hyakkishu", crit=(True, False))
    assert (d.space(P1), d.space(P2)) == (4, 5)
    assert (d.life(P1), d.life(P2)) == (30, 23)
    assert d.expect(ActionRequest).player == P1


def test_akuma_demon_armageddon_does_not_double_a_negative_bonus() -> None:
    """Akuma exceeded, Critical Demon Armageddon with Arakune's Irrationality (-1 power
    to both, +1 range to both) in play (client: ``test_akuma_vs_arakune_positive_bonus_check``):
    6 + 3 x 2 - 1 = 11; the range bonus lets it reach Arakune at range 2 first."""
    d = position(p1=dict(space=3, hand=["demonarmageddon"],
                         gauge=["grasp", "cross", "dive", "spike", "sweep"], exceeded=True),
                 p2=dict(space=5, hand=["dive"], boosts=["ytwodash"]),
                 chars=("akuma", "arakune"))
    d.strike("demonarmageddon", "dive", crit=(True, False))
    d.pay("cross", "dive", "spike", "sweep")
    assert (d.space(P1), d.space(P2)) == (3, 5)
    assert (d.life(P1), d.life(P2)) == (30, 19)


def test_akuma_critical_tatsumaki_past_elusive_flash_is_dodged_and_discards_nothing() -> None:
    """Akuma's Critical Tatsumaki Zankukyaku ("before: advance 2 + [if advanced_through]
    add_attack_effect (opponent_discard_random 1)") against Linne's Elusive Flash (1
    gauge; "dodge_at_range 2") (client: ``test_akuma_tatsu_miss_no_discard``, where the
    defender is an Akuma also Critical; here Linne, so only Akuma's +2 to both). Akuma (4)
    goes first on the tie and jumps over Linne (5) to 7: at range 2 he is dodged, so the
    added discard never happens; Elusive Flash hits him for 4 + 2 = 6."""
    d = position(p1=dict(space=4, hand=["tatsumakizankukyaku"], gauge=["grasp"]),
                 p2=dict(space=5, hand=["elusiveflash", "cross"], gauge=["grasp"]),
                 chars=("akuma", "linne"))
    d.strike("tatsumakizankukyaku", "elusiveflash", crit=(True, False))
    d.pay("grasp")
    assert (d.space(P1), d.space(P2)) == (7, 5)
    assert (d.life(P1), d.life(P2)) == (24, 30)
    assert d.zone(P2, Zone.HAND) == ["Cross"]


def test_akuma_instant_hell_murder_boosted_before_power_of_hatred() -> None:
    """Akuma, Instant Hell Murder ("[if total_powerup_greater_or_equal 3] speedup 3")
    boosted BEFORE Power of Hatred ("during_strike: powerup 2") (client:
    ``test_akuma_zugaihasatsu_plus_crit_more_than_3_order``, only in the newer version):
    the condition is read against the strike's total, whatever order the continuous
    boosts went into play. With the Critical (+2) the total is 4, so Sweep (2 + 3 = 5)
    beats Spike (3) and hits for 6 + 2 + 2 = 10; Power of Hatred goes to gauge (it hit)."""
    d = position(p1=dict(space=6, hand=["wrathoftheragingdemon", "zugaihasatsu", "sweep"],
                         gauge=["grasp"]),
                 p2=dict(space=8, hand=["spike"]), chars=CHARS)
    boost(d, "wrathoftheragingdemon")
    d.act(Prepare())
    boost(d, "zugaihasatsu")
    d.act(Prepare())
    d.strike("sweep", "spike", crit=(True, False))
    assert d.events(ev.PriorityDetermined)[0].first == P1
    assert (d.space(P1), d.space(P2)) == (6, 8)
    assert (d.life(P1), d.life(P2)) == (30, 20)
    assert sorted(d.zone(P1, Zone.GAUGE)) == ["Sweep", "Zugaihasatsu"]
