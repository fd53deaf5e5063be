"""Yuzuriha: situations of the reference client's ``test/unit/test_yuzu.gd`` that our
Yuzuriha tests (``test_yuzu.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Yuzuriha" (exceed ability: "set_strike: add_attack_effect
{added_effect=(add_attack_effect {added_effect=(discard_strike_after_cleanup)})}"),
and the ``uni`` normals. As in the client's tests, P2 is Yuzuriha too.
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine.core.decisions import ActionRequest, CharacterAction, PayForceRequest
from engine.core.ids import Zone

CHARS = ("yuzu", "yuzu")


def test_yuzu_exceeded_block_is_discarded_not_added_to_gauge() -> None:
    """Exceeded, her Block against P2's Assault (client:
    ``test_yuzu_discard_block_while_exceeded``): Assault closes 5 -> 4 and hits for 4 - 2
    armor (she spends no force); Block's "add_strike_to_gauge_after_cleanup" does not
    keep it: exceeded, her attack is discarded after cleanup; P2's Assault goes to his
    gauge."""
    d = position(p1=dict(space=3, hand=["block", "grasp"], exceeded=True),
                 p2=dict(space=5, hand=["assault"]), chars=CHARS, active=P2)
    d.strike("assault", "block")
    d.expect(PayForceRequest, P1)  # Block's force for armor
    d.decline()
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert (d.life(P1), d.life(P2)) == (28, 30)
    assert "Block" in d.zone(P1, Zone.DISCARD)
    assert d.zone(P1, Zone.GAUGE) == []
    assert d.zone(P2, Zone.GAUGE) == ["Assault"]


def test_yuzu_exceeded_kurenai_stunned_still_becomes_a_boost() -> None:
    """Exceeded, Inochi Kurenai ("cleanup: [if stunned] choice <boost_this_then_sustain
    | pass>") stunned by P2's Assault (4 damage, guard 0) (client:
    ``test_yuzu_kurenai_stunned_while_exceeded``): she boosts it; the discard after
    cleanup does not take it from her boost area."""
    d = position(p1=dict(space=3, hand=["kurenai"], gauge=["grasp"], exceeded=True),
                 p2=dict(space=5, hand=["assault"]), chars=CHARS, active=P2)
    d.strike("assault", "kurenai")
    d.pay("grasp")
    d.choose("boost")
    assert (d.space(P1), d.space(P2)) == (3, 4)
    assert (d.life(P1), d.life(P2)) == (26, 30)
    assert d.zone(P1, Zone.BOOSTS) == ["Zero no Kata Hi-Ougi: Inochi Kurenai"]
    assert d.zone(P2, Zone.GAUGE) == ["Assault"]


def test_yuzu_exceeded_assault_from_gauge_wins_the_tie_with_its_speed_bonus() -> None:
    """Exceeded, her character action "strike_random_from_gauge" with only Assault in
    gauge (client: ``test_yuzu_strike_from_gauge_assault``, in one stored version only):
    P2 sets Cross first; her exceed ability ("[if was_strike_from_gauge] powerup 2 +
    speedup 1") makes Assault speed 6, tying Cross, and the initiator goes first: it
    closes 2 (3 -> 4), hits for 4 + 2 = 6, stuns Cross and gains the advantage; the
    Assault is discarded after cleanup, not gauged."""
    d = position(p1=dict(space=3, hand=["grasp"], gauge=["assault"], exceeded=True),
                 p2=dict(space=5, hand=["cross"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    d.set_attack(P2, "cross")
    d.critical(P2, False)
    assert (d.space(P1), d.space(P2)) == (4, 5)
    assert (d.life(P1), d.life(P2)) == (30, 24)
    assert d.zone(P1, Zone.GAUGE) == []
    assert "Assault" in d.zone(P1, Zone.DISCARD)
    assert d.expect(ActionRequest).player == P1
