"""Nanase: situations of the reference client's ``test/unit/test_nanase.gd`` that our
Nanase tests (``test_nanase.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Nanase", and the ``uni`` normals. As in the client's tests,
P2 is Nanase too (answering with normals).
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine.core.decisions import ActionRequest, CharacterAction
from engine.core.ids import Zone

CHARS = ("nanase", "nanase")


def test_nanase_character_action_cross_ties_hits_retreats_advantage() -> None:
    """Her ability ("powerup -1 + speedup -1 + add_attack_effect (gain_advantage)")
    on Cross (client: ``test_nanase_ua``): speed 5 ties Assault and goes first as the
    attacker, hits at 2 for 2, stunning it, retreats 3 (5 -> 2); she acts next."""
    d = position(p1=dict(space=5, hand=["cross"]), p2=dict(space=7, hand=["assault"]),
                 chars=CHARS)
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "cross")
    d.set_attack(P2, "assault")
    assert (d.life(P1), d.life(P2)) == (30, 28)
    assert (d.space(P1), d.space(P2)) == (2, 7)
    d.expect(ActionRequest, P1)


def test_nanase_exceeded_character_action_opponent_power_counts_when_she_is_hit() -> None:
    """Exceeded, her character action's "choice <powerup_opponent 1 + powerup 2 | ...>"
    (client: ``test_nanase_ua_exceed_gethit``): with the power, her Dive (speed 4) is
    beaten by Assault, which closes 7 -> 6 and hits her for 4 + 1, stunning her."""
    d = position(p1=dict(space=5, hand=["dive"], gauge=["grasp"], exceeded=True),
                 p2=dict(space=7, hand=["assault"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    d.pay("grasp")
    d.set_attack(P1, "dive")
    d.choose("powerup 2")
    d.set_attack(P2, "assault")
    assert (d.life(P1), d.life(P2)) == (25, 30)
    assert (d.space(P1), d.space(P2)) == (5, 6)


def test_nanase_anges_invitation_dodges_cross_then_hits_it_at_the_wall() -> None:
    """Ange's Invitation ("higher_speed_misses {6}; after: advance 3") against Cross
    (speed 6) (client: ``test_nanase_angesinvitation_speeddodge``): Cross misses and
    retreats 3 to the wall (2 -> 1); Ange's Invitation hits at 2 for 5, then advances
    3 and stops next to him (3 -> 2). Only her attack goes to gauge."""
    d = position(p1=dict(space=3, hand=["angesinvitation"]), p2=dict(space=2, hand=["cross"]),
                 chars=CHARS)
    d.strike("angesinvitation", "cross")
    assert (d.life(P1), d.life(P2)) == (30, 25)
    assert (d.space(P1), d.space(P2)) == (2, 1)
    assert len(d.p(P1).gauge) == 1 and len(d.p(P2).gauge) == 0


def test_nanase_lumiere_at_equal_speed_hits_and_keeps_its_armor() -> None:
    """Lumiere of the Dawn ("before: [if speed_greater_than OPPONENT_SPEED]
    attack_does_not_hit + lose_all_armor") against Dive, both speed 4 (client:
    ``test_nanase_lumiere_v_dive``, in one stored version only): equal is not greater,
    so the condition is false. Nanase, initiator, goes first on the tie and hits P2 on 2
    for 9, stunning Dive (it never resolves and is discarded); her gauge holds only the
    Lumiere after paying 3."""
    d = position(p1=dict(space=3, hand=["lumiereofthedawn"], gauge=["grasp", "cross", "spike"]),
                 p2=dict(space=2, hand=["dive"]), chars=CHARS)
    d.strike("lumiereofthedawn", "dive")
    d.pay("grasp", "cross", "spike")
    assert (d.space(P1), d.space(P2)) == (3, 2)
    assert (d.life(P1), d.life(P2)) == (30, 21)
    assert d.zone(P1, Zone.GAUGE) == ["Lumiere of the Dawn"]
    assert d.zone(P2, Zone.GAUGE) == []
    assert "Dive" in d.zone(P2, Zone.DISCARD)
