"""Card audit, Street Fighter (season 3) and Red Horizon (season 1) fighters: their cards
checked against roster.md and effects.md where the fighters' own tests leave a
behaviour open, each test failing before its fix.

A test's docstring names the fighter, the card and its data (roster.md notation), what
should happen and why.
"""

from __future__ import annotations

from conftest import P1, P2, versus

from engine import events as ev
from engine.core.decisions import NameCardRequest
from engine.core.ids import Zone

# --- Vincent ------------------------------------------------------------------------------


def test_vincent_crimson_barrage_names_two_cards() -> None:
    """Vincent, Crimson Barrage (range 2-5, power 4, speed 1): hit:
    name_card_opponent_discards 2 {reveal_hand_after=True, discard_all_copies=True}
    (roster.md, "Vincent"): he names two cards, both before any is discarded (the
    reference client's order; the hand is shown once, after), and Ryu discards every
    copy of each.
    Ryu blocks (speed 0); Vincent hits first, names Hadoken then Grasp: both Hadokens
    and the Grasp go, the Cross stays. The data carried one naming only: the engine
    went on to Block's force-for-armor after Hadoken (Grasp stayed in hand)."""
    d = versus(("vincent", "ryu"), dict(space=3, hand=["crimsonbarrage"]),
             dict(space=6, hand=["block", "hadoken", "hadoken", "grasp", "cross"]))
    d.strike("crimsonbarrage", "block")
    d.name_card("Hadoken")
    assert isinstance(d.pending, NameCardRequest) and d.pending.player == P1
    assert d.events(ev.HandRevealed) == []  # both named before any discard or reveal
    d.name_card("Grasp")
    d.decline()  # then Block: Ryu spends no force for armor
    assert [e.name for e in d.events(ev.CardNamed)] == ["Hadoken", "Grasp"]
    assert d.zone(P2, Zone.DISCARD) == ["Hadoken", "Hadoken", "Grasp"]
    assert d.zone(P2, Zone.HAND) == ["Cross"]
    assert d.life(P2) == 28  # 4 power, Block's 2 armor
