"""A Tag Team fighter's life never goes above its 20.

Street Fighter rulebook, Tag Team: "Each character has 20 life"; FAQ: "Can my life go
above its maximum? No." A single fighter's maximum is the rulebook's 30 (Setup: "they
can never have more than 30"). Vincent's A Moment of Reflection (roster.md, Vincent:
Phoenix Revival's boost, immediate: ``force_for_effect {per_force_effect=(gain_life 1
{combine_multiple_into_one=True}), force_max=5}``) heals 1 a force: teamed with Ryu at
18 life, 4 force bring him to 20, not 22. The cap is the Tag Team mechanic's
``max_life`` hook, read by ``gain_life``.
"""

from __future__ import annotations

from conftest import P1, Driver, boost, position

from engine import events as ev

HAND = ["phoenixrevival", "grasp", "cross", "dive", "spike"]


def _reflect(chars: str, life: int, force: int) -> Driver:
    """``chars`` as P1 (Vincent in play) at ``life``, boosting A Moment of Reflection
    and spending ``force`` cards of his hand on it."""
    d = position(p1=dict(space=3, life=life, hand=HAND), p2=dict(space=6, hand=["block"]),
                 chars=(chars, "ryu"), active=P1)
    boost(d, "phoenixrevival")
    d.choose(f"spend {force} force")
    d.pay(*HAND[1:1 + force])
    return d


def test_a_team_fighter_heals_no_higher_than_20() -> None:
    """Vincent (team Vincent + Ryu) at 18 spends 4 force: he gains 2, to 20 (before:
    4, to 22); Ryu, tagged out, keeps his 20."""
    d = _reflect("vincent+ryu", 18, 4)
    assert d.life(P1) == 20
    assert d.events(ev.LifeGained) == [ev.LifeGained(player=P1, amount=2)]
    assert d.p(P1).partner_life == 20


def test_a_single_fighter_still_heals_to_30() -> None:
    """Vincent alone at 18 spends 4 force: 22 (his maximum is 30)."""
    d = _reflect("vincent", 18, 4)
    assert d.life(P1) == 22
    assert d.events(ev.LifeGained) == [ev.LifeGained(player=P1, amount=4)]
