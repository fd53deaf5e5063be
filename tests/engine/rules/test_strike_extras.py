"""Strike steps added for the Street Fighter fighters, driven directly with granted
effects in a real strike: the during-strike retry, the order of automatic misses and
the moved-past range, and how multiplied power totals up.
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, position

from engine import events as ev
from engine.cards import schema as c
from engine.core.context import EffectCtx
from engine.core.decisions import SetAttackRequest, Strike
from engine.core.ids import Player
from engine.core.state import AttackSide, Stat
from engine.effects import resolve
from engine.effects.amounts import total_power

DURING = c.Timing.DURING_STRIKE


def _grant(d: Any, who: Player, effect: c.Effect) -> None:
    """Resolve ``effect`` for ``who`` now, inside the strike (no decision allowed)."""
    assert list(resolve(EffectCtx(d.game.table, who), effect)) == []


def _ryu_sets(d: Any, card: str) -> None:
    """Ryu (P1) strikes with ``card``; pause while Ken is asked for his response."""
    d.act(Strike())
    d.set_attack(P1, card)
    d.expect(SetAttackRequest, P2)


def test_during_strike_retries_a_failed_condition_after_later_bonuses() -> None:
    """A during_strike effect whose condition fails is retried once later effects have
    run: Ryu's granted "[if total_powerup_greater_or_equal 2] speedup 3" comes before
    the "+2 power" but still applies."""
    d = position(p1=dict(space=3, hand=["cross"]), p2=dict(space=5, hand=["block"]))
    _ryu_sets(d, "cross")
    needs = c.Condition(kind=c.ConditionKind.TOTAL_POWERUP_GREATER_OR_EQUAL, amount=2)
    _grant(d, P1, c.AddAttackEffect(
        added_effect=c.Speedup(amount=3, timing=DURING, condition=needs)))
    _grant(d, P1, c.AddAttackEffect(added_effect=c.Powerup(amount=2, timing=DURING)))
    d.set_attack(P2, "block")
    mods = [(e.stat, e.amount) for e in d.events(ev.StatModified)]
    assert mods == [(Stat.POWER, 2), (Stat.SPEED, 3)]


def test_during_strike_still_failing_runs_its_else_once() -> None:
    """A condition that never holds runs its ``else`` branch once, at the end."""
    d = position(p1=dict(space=3, hand=["cross"]), p2=dict(space=5, hand=["block"]))
    _ryu_sets(d, "cross")
    never = c.Condition(kind=c.ConditionKind.TOTAL_POWERUP_GREATER_OR_EQUAL, amount=9)
    _grant(d, P1, c.AddAttackEffect(added_effect=c.Speedup(
        amount=3, timing=DURING, condition=never, otherwise=(c.Guardup(amount=1),))))
    d.set_attack(P2, "block")
    assert [(e.stat, e.amount) for e in d.events(ev.StatModified)] == [(Stat.GUARD, 1)]


def test_dodge_at_range_beats_range_includes_if_moved_past() -> None:
    """Automatic misses come before the range check: an attack that moved past (and so
    would reach) still misses an opponent who dodges at that range."""
    d = position(p1=dict(space=3, hand=["dive"]), p2=dict(space=4, hand=["block"]))
    _ryu_sets(d, "dive")
    _grant(d, P1, c.RangeIncludesIfMovedPast())
    _grant(d, P2, c.DodgeAtRange(range_min=3, range_max=3))
    d.set_attack(P2, "block")
    assert d.space(P1) == 7
    assert d.events(ev.AttackMissed)[0] == ev.AttackMissed(
        player=P1, reason=ev.MissReason.DODGED_AT_RANGE, distance=3)


def test_total_power_multiplies_only_positive_bonuses_and_set_power_wins() -> None:
    """total_power: printed + negative bonuses + positive bonuses (EX included) times
    the multiplier, never below 0; set_total_power (Block) overrides it all. The sides
    are built with Sweep among the strike's cards (``cards=[sweep]``), as in a strike:
    an attack whose card has left the strike has power 0 (``AttackSide.left_strike``,
    tests/engine/rules/test_attack_leaves_play.py), which is not what this pins."""
    d = position(p1=dict(hand=["sweep"]))
    sweep = d.ref(P1, "sweep")  # printed power 6
    table = d.game.table
    side = AttackSide(cards=[sweep], attack=sweep, power=1, power_positive=3, ex=True,
                      power_multiplier=2)
    assert total_power(table, side) == 6 - 2 + (3 + 1) * 2
    assert total_power(table, AttackSide(cards=[sweep], attack=sweep, power=-9,
                                         power_multiplier=3)) == 0
    side.set_power = 0
    assert total_power(table, side) == 0


def test_rangeup_per_boost_modifier_counts_boosts_at_the_range_check() -> None:
    """rangeup_per_boost_modifier is live: with no boost in play it adds nothing."""
    d = position(p1=dict(space=3, hand=["cross"]), p2=dict(space=6, hand=["block"]))
    _ryu_sets(d, "cross")
    _grant(d, P1, c.RangeupPerBoostModifier(amount=0, amount2=5))
    d.set_attack(P2, "block")
    assert d.events(ev.AttackMissed)[0].reason is ev.MissReason.OUT_OF_RANGE
