"""The rulebooks' worked gameplay examples, replayed move for move."""

from __future__ import annotations

from conftest import P1, P2, position

from engine import events as ev
from engine.core.decisions import ActionRequest
from engine.core.ids import Zone


def test_street_fighter_rulebook_ryu_vs_ken() -> None:
    """SF rulebook "Gameplay example": Ryu's Tatsumaki vs Ken's Hadoken.

    Ken's Hadoken (speed 4) goes first and hits Ryu at range 4 for 4 (Ryu 26); 4 is not
    more than Tatsumaki's guard 4, so Ryu is not stunned; Ryu advances 2 and hits for 5
    (Ken 25); Ken declines Hadoken's After; both attacks go to gauge; Ken's turn.
    """
    d = position(p1=dict(space=3, hand=["tatsumakisenpukyaku"]),
                 p2=dict(space=7, hand=["hadoken"]))
    d.strike("tatsumakisenpukyaku", "hadoken")
    d.choose("pass")
    assert d.life(P1) == 26
    assert d.life(P2) == 25
    assert d.space(P1) == 5 and d.space(P2) == 7
    # Ryu is not stunned (4 is not more than guard 4). Ken, guard 0, is stunned by the
    # 5 damage, but he already attacked, so it changes nothing (SF rulebook "Stunned").
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.zone(P1, Zone.GAUGE) == ["Tatsumaki Senpukyaku"]
    assert d.zone(P2, Zone.GAUGE) == ["Hadoken"]
    request = d.expect(ActionRequest)
    assert request.player == P2


def test_core_rulebook_dive_vs_focus() -> None:
    """Core rulebook "Gameplay example": Raul's Focus vs Brooke's Dive.

    Dive (speed 4) beats Focus (speed 1); Dive advances 3 to be adjacent and hits; Focus
    has 2 armor so 5 damage becomes 3; Focus hits back for 4. Both attacks to gauge.
    """
    d = position(p1=dict(space=3, hand=["focus"]), p2=dict(space=7, hand=["dive"]))
    d.strike("focus", "dive")
    assert d.space(P2) == 4
    assert d.life(P1) == 27
    assert d.life(P2) == 26
    assert d.zone(P1, Zone.GAUGE) == ["Focus"]
    assert d.zone(P2, Zone.GAUGE) == ["Dive"]
    assert d.expect(ActionRequest).player == P2
