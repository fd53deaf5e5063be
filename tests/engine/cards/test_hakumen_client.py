"""Hakumen: situations of the reference client's ``test/unit/test_hakumen.gd`` that our
Hakumen tests (``test_hakumen.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Hakumen", and the ``standard`` normals. As in the client's
tests, P2 is Hakumen too (answering with ``standard`` normals).
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChoiceRequest,
    Exceed,
    MoveTo,
    PayGaugeRequest,
    Prepare,
)
from engine.core.ids import Zone

CHARS = ("hakumen", "hakumen")
G4 = ["grasp", "grasp", "cross", "cross"]


def test_hakumen_exceeded_wild_swing_declines_shippu_and_swings_again() -> None:
    """Exceeded Hakumen (flag only, his 4 gauge not reduced) wild swings into
    Kokuujin: Shippu (ultra, 4 gauge) and declines to pay (core rulebook FAQ: "You may
    pay the Gauge and use an Ultra that you Wild Swing into, but you do not have to";
    client: ``test_hakumen_wild_swing_exceeded``): the next card, Assault, is his
    attack; it closes 2 (3 -> 5) and, tied at speed 5 as initiator, hits P2's Assault
    for 4 first, stunning it."""
    d = position(p1=dict(space=3, exceeded=True, gauge=G4, hand=["focus"],
                         deck=["kokuujinshippu", "assault"]),
                 p2=dict(space=6, hand=["assault"]), chars=CHARS)
    d.strike("wild", "assault")
    request = d.expect(PayGaugeRequest, P1)
    assert request.optional and request.amount == 4
    d.decline()
    assert [d.name(e.card) for e in d.events(ev.AttackInvalid)] == ["Kokuujin: Shippu"]
    assert (d.space(P1), d.space(P2)) == (5, 6)
    assert (d.life(P1), d.life(P2)) == (30, 26)
    assert len(d.zone(P1, Zone.GAUGE)) == 5  # nothing spent; Assault hit


def test_hakumen_yukikaze_holds_at_1_life_then_advances_past() -> None:
    """Kokuujin: Yukikaze (``during_strike: stun_immunity, cannot_go_below_life 1``;
    ``before: [if was_hit] powerup 6 + close 8``; ``hit: advance 2``) at 3 life against
    Assault (client: ``test_hakumen_yukikaze_cannot_go_below_life``): Assault closes
    6 -> 4 and hits first for 4, but Hakumen stays at 1; Yukikaze hits for 6 and
    advances 2 from 3 past P2 on 4 to 6 (the opponent's space is not counted)."""
    d = position(p1=dict(space=3, life=3, hand=["kokuujinyukikaze"], gauge=G4),
                 p2=dict(space=6, hand=["assault"]), chars=CHARS)
    d.strike("kokuujinyukikaze", "assault")
    d.pay(*G4)
    assert (d.space(P1), d.space(P2)) == (6, 4)
    assert (d.life(P1), d.life(P2)) == (1, 24)
    assert d.state.winner is None


def test_hakumen_akumetsu_blocks_cross_retreat_then_move_is_free_again() -> None:
    """Akumetsu (``during_strike: block_opponent_move, dodge_at_range 1``; ``cleanup:
    seal_this + remove_block_opponent_move``) against Cross (range 1-2, ``after:
    retreat 3``) at range 1 (client: ``test_hakumen_akumetsu``): Cross misses, its
    retreat is blocked (P2 stays on 4), Akumetsu hits for 10 and is sealed; on P2's
    turn a Move is allowed again."""
    g8 = [*G4, "dive", "dive", "spike", "spike"]
    d = position(p1=dict(space=3, hand=["akumetsu"], gauge=g8, set_aside=[]),
                 p2=dict(space=4, hand=["cross", "sweep"]), chars=CHARS)
    d.strike("akumetsu", "cross")
    d.pay(*g8)
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert (d.life(P1), d.life(P2)) == (30, 20)
    assert d.zone(P1, Zone.SEALED) == ["Akumetsu"]
    d.act(MoveTo(space=5))
    d.pay("sweep")
    assert d.space(P2) == 5


# --- beyond the client: when his end-of-turn gauge does and does not come -----------------


def test_hakumen_move_draws_then_top_card_to_gauge() -> None:
    """His ability ``end_of_turn: [if did_end_of_turn_draw] add_top_deck_to_gauge`` after
    a Move (an action with the end-of-turn draw): he draws Cross, then Dive goes to
    gauge."""
    d = position(p1=dict(space=3, hand=["grasp"], deck=["cross", "dive", "spike"]),
                 p2=dict(space=7, hand=["block"]), chars=CHARS)
    d.act(MoveTo(space=4))
    d.pay("grasp")
    assert d.zone(P1, Zone.HAND) == ["Cross"] and d.zone(P1, Zone.GAUGE) == ["Dive"]


def test_hakumen_no_gauge_after_a_strike_turn() -> None:
    """After a strike there is no end-of-turn draw (core rulebook: "Neither player draws
    a card at the end of a turn containing a Strike"), so ``[if did_end_of_turn_draw]``
    is false: his gauge holds only the Grasp that hit, and Cross stays on top."""
    d = position(p1=dict(space=4, hand=["grasp"], deck=["cross", "dive", "spike"]),
                 p2=dict(space=5, hand=["block"]), chars=CHARS)
    d.strike("grasp", "block")
    d.choose("push 1")
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.zone(P1, Zone.DECK)[:1] == ["Cross"]


# --- beyond the client: the BlazBlue FAQ on his free ultras and stunned cleanups -----------


def test_hakumen_exceeded_may_invalidate_a_free_wild_swung_ultra() -> None:
    """Exceeded through his Exceed (kicker: gauge costs reduced by 99), he wild swings
    into Kokuujin: Shippu, now free. BlazBlue rulebook FAQ: "If you Wild Swing into it,
    however, you may invalidate it even if you could pay for it via other means": he is
    offered the choice, makes it invalid and swings again (Assault)."""
    g8 = [*G4, "dive", "dive", "spike", "spike"]
    d = position(p1=dict(space=3, gauge=g8, hand=["focus"],
                         deck=["block", "kokuujinshippu", "assault", "assault"]),
                 p2=dict(space=6, hand=["sweep", "cross"]), chars=CHARS)
    d.act(Exceed())
    d.pay(*g8)
    d.act(Prepare())  # P2's turn
    d.select(P1, "grasp")  # his turn start: the overdrive discard
    d.select(P1, "grasp")  # his overdrive effect: a card to hand
    d.strike("wild", "sweep")
    request = d.expect(ChoiceRequest, P1)
    assert len(request.labels) == 2
    d.choose("invalid")
    assert [d.name(e.card) for e in d.events(ev.AttackInvalid)] == ["Kokuujin: Shippu"]
    assert [d.name(e.card) for e in d.events(ev.WildSwingRevealed)] == ["Assault"]


def test_hakumen_stunned_still_sustains_fuumajin_at_cleanup() -> None:
    """Fuumajin (``cleanup: [if range_multiple 4..5] force_for_effect 1: sustain_this``):
    Cross (speed 6) stuns his Dive (guard 0) and retreats 4 -> 7, leaving range 4. FAQ:
    "If my attack is faster ... can I still be Stunned? A: Yes, although you will still
    perform your Cleanup triggers": stunned, he is still offered the force and keeps the
    boost."""
    d = position(p1=dict(space=3, hand=["dive", "focus"], boosts=["enma"]),
                 p2=dict(space=4, hand=["cross"]), chars=CHARS, active=P2)
    d.strike("cross", "dive")
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]
    d.pay("focus")
    assert d.zone(P1, Zone.BOOSTS) == ["Enma"]
    assert (d.space(P1), d.space(P2), d.life(P1)) == (3, 7, 27)


def test_hakumen_stunned_akumetsu_is_still_sealed_and_the_block_ends() -> None:
    """Akumetsu (``cleanup: seal_this + remove_block_opponent_move``) stunned by Spike
    (range 2, speed 3, ignoring guard) for 5: the cleanup still runs (FAQ above):
    Akumetsu is sealed, not discarded, and P2 may Move on the next turn."""
    g8 = [*G4, "dive", "dive", "spike", "focus"]
    d = position(p1=dict(space=3, hand=["akumetsu"], gauge=g8, set_aside=[]),
                 p2=dict(space=5, hand=["spike", "sweep"]), chars=CHARS)
    d.strike("akumetsu", "spike")
    d.pay(*g8)
    assert (d.life(P1), d.life(P2)) == (25, 30)
    assert d.zone(P1, Zone.SEALED) == ["Akumetsu"]
    assert "Akumetsu" not in d.zone(P1, Zone.DISCARD)
    assert MoveTo(space=4) in d.expect(ActionRequest, P2).choices
