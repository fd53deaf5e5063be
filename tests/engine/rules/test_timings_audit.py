"""Timings audit: the timings of effects.md's "Timings" table (who runs a timing's
effects, when, how often, and whether they run when their owner is stunned or the card
has left play), each test naming its row and the card of its "e.g." column. Card facts:
roster.md.

The runners of the table's timings were checked against it one by one; the two tests
here pin behaviours that were already right but untested and easy to break (see each
docstring)."""

from __future__ import annotations

from conftest import P1, P2, boost, position

from engine.core.decisions import ActionRequest, MoveTo, Prepare
from engine.core.ids import Zone

# --- discarded ------------------------------------------------------------------------------


def test_lie_in_wait_discarded_by_the_opponents_tech_is_run_by_its_owner() -> None:
    """effects.md, ``discarded``: "When this continuous boost leaves play by being
    discarded; the owner runs it". Chaos's Lie In Wait (Cold Reflection's boost,
    continuous): ``during_strike: guardup 3``, ``discarded: draw 2``. Ryu's Tech
    (Dive's boost, immediate: ``discard_continuous_boost 1 {required=True}``) discards
    it on Ryu's turn: Chaos, its owner, draws 2 (Grasp, Cross); Ryu draws only his
    end-of-turn card (Spike)."""
    d = position(p1=dict(space=3, hand=["dive"], deck=["spike", "sweep"]),
                 p2=dict(space=7, boosts=["coldreflection"], deck=["grasp", "cross", "dive"]),
                 chars=("ryu", "chaos"))
    boost(d, "dive")  # the only boost in play: discarded without a question
    assert d.zone(P2, Zone.BOOSTS) == []
    assert d.zone(P2, Zone.DISCARD) == ["Cold Reflection"]
    assert d.zone(P2, Zone.HAND) == ["Grasp", "Cross"]
    assert d.zone(P1, Zone.HAND) == ["Spike"]


def test_flying_ice_strike_discarded_at_cleanup_lifts_the_block() -> None:
    """effects.md, ``discarded`` (a boost discarded at cleanup) and
    ``remove_block_opponent_move``: "Lifts ``block_opponent_move``". Jin's Flying Ice
    Strike (Dual Ice Strike's boost, continuous, 1F): ``now: block_opponent_move``,
    ``discarded: remove_block_opponent_move`` (roster.md also prints ``during_strike:
    block_opponent_move``; the engine's data leaves it out, as blocking again while the
    block holds would, with its one ``discarded`` remove, block Ryu for good). Played,
    it stops Ryu moving; Ryu strikes on his turn, the boost is discarded at that
    strike's cleanup, and on his next turn Ryu may Move again."""
    d = position(p1=dict(space=3, hand=["dualicestrike", "grasp", "cross"]),
                 p2=dict(space=7, hand=["sweep", "dive", "spike"]), chars=("jin", "ryu"))
    boost(d, "dualicestrike", "grasp")
    assert not any(isinstance(choice, MoveTo) for choice in d.expect(ActionRequest, P2).choices)
    d.strike("sweep", "cross")  # Ryu's turn: neither reaches
    assert d.zone(P1, Zone.BOOSTS) == []
    assert "Dual Ice Strike" in d.zone(P1, Zone.DISCARD)
    d.act(Prepare())  # Jin's turn
    assert any(isinstance(choice, MoveTo) for choice in d.expect(ActionRequest, P2).choices)
