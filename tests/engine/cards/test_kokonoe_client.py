"""Kokonoe: situations of the reference client's ``test/unit/test_kokonoe.gd`` (Solid
Wheel's advance stopping on Gravitron, with her ability's pull toward Gravitron ordered
first), written with our builder in our own words.

Card facts: roster.md, "Kokonoe Mercury": ability ``set_strike: [if buddy_in_play]
force_for_effect 1 (add_attack_effect pull_to_buddy 1)``; Solid Wheel v3.37 (range 1,
power 4, speed 4): ``before: advance 4 {stop_on_buddy_space gravitron}, then [if
on_buddy_space] gain_advantage``. The opponent is Nehtali with Sweep (range 1-3, power
6, speed 2, guard 6).
"""

from __future__ import annotations

from conftest import P1, P2, Driver, position

from engine import events as ev
from engine.core.decisions import ActionRequest, EffectOrderRequest, OrderEffects, Strike
from engine.mechanics.buddies.state import buddy_spaces


def _wheel(me: int, her: int, grav: int, pull: bool) -> Driver:
    """Kokonoe on ``me`` strikes with Solid Wheel, Gravitron on ``grav``, paying the
    pull toward it (``pull``) with Grasp; Nehtali on ``her`` answers with Sweep; with
    the pull, her two Before effects are ordered pull first."""
    d = position(p1=dict(space=me, hand=["solidwheel", "grasp"], buddies={"gravitron": grav}),
                 p2=dict(space=her, hand=["sweep"]), chars=("kokonoe", "nehtali"))
    d.printed_order = False
    d.act(Strike())
    d.set_attack(P1, "solidwheel")
    if pull:
        d.pay("grasp")
    else:
        d.decline()
    d.set_attack(P2, "sweep")
    if pull:
        order = d.expect(EffectOrderRequest, P1)
        tags = [e.tags[0] for e in order.effects]
        assert sorted(tags) == ["advance", "pull_to_buddy"], tags
        first = tags.index("pull_to_buddy")
        d.act(OrderEffects(order=(first, 1 - first)))
    return d


def _advantage(d: Driver) -> bool:
    return any(e.player == P1 for e in d.events(ev.AdvantageGained))


def test_pull_first_then_the_wheel_stops_on_gravitron_past_her() -> None:
    """Client test_kokonoe_solid_wheel_stop_early. Kokonoe 3, Nehtali 4, Gravitron 6:
    the pull takes Nehtali 1 toward Gravitron (to 5); the advance 4 then goes past her
    and stops on Gravitron (6): Solid Wheel hits at range 1 for 4 and she gains the
    advantage; Sweep (range 1-3) hits back for 6."""
    d = _wheel(3, 4, 6, pull=True)
    assert d.space(P1) == 6 and d.space(P2) == 5
    assert d.life(P1) == 24 and d.life(P2) == 26
    assert _advantage(d) and d.expect(ActionRequest).player == P1


def test_wheel_stops_on_gravitron_just_behind_her() -> None:
    """Client test_kokonoe_solid_wheel_stop_early_behind_opponent. Gravitron on 5, no
    pull: from 3 the advance passes Nehtali (4) and stops on Gravitron (5)."""
    d = _wheel(3, 4, 5, pull=False)
    assert d.space(P1) == 5 and d.space(P2) == 4
    assert d.life(P1) == 24 and d.life(P2) == 26
    assert _advantage(d) and d.expect(ActionRequest).player == P1


def test_wheel_does_not_stop_when_she_was_pulled_onto_gravitron_and_misses() -> None:
    """Client test_kokonoe_solid_wheel_pass_because_opponent_on_it_and_miss. Gravitron
    on 5, the pull puts Nehtali on it (4 -> 5): Kokonoe cannot stop on an occupied
    space, so the full advance 4 takes her past to 8, not on Gravitron (no
    advantage); at range 3 the Wheel misses, and Sweep hits for 6."""
    d = _wheel(3, 4, 5, pull=True)
    assert d.space(P1) == 8 and d.space(P2) == 5
    assert d.life(P1) == 24 and d.life(P2) == 30
    assert not _advantage(d) and d.expect(ActionRequest).player == P2
    assert buddy_spaces(d.game.table, P1, "gravitron") == []  # removed at cleanup


def test_wheel_passes_gravitron_under_her_and_hits() -> None:
    """Client test_kokonoe_solid_wheel_pass_because_opponent_on_it. Kokonoe 3, Nehtali
    6, Gravitron 7: pulled onto it (7), she is passed: Kokonoe ends on 8, hits at range
    1 for 4 with no advantage; Sweep hits for 6."""
    d = _wheel(3, 6, 7, pull=True)
    assert d.space(P1) == 8 and d.space(P2) == 7
    assert d.life(P1) == 24 and d.life(P2) == 26
    assert not _advantage(d) and d.expect(ActionRequest).player == P2
