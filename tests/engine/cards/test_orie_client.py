"""Orie: situations of the reference client's ``test/unit/test_orie.gd`` that our Orie
tests (``test_orie.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Orie Ballardiae", and the ``uni`` normals. As in the client's
tests, P2 is Orie too (answering with ``uni`` normals).
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, position

from engine.core.decisions import ActionRequest, CharacterAction

CHARS = ("orie", "orie")


def test_orie_character_action_succession_armored_pulls_past() -> None:
    """Her ability ("[if is_special_or_ultra_attack] armorup 2") on Succession (range
    3-5, speed 2; "hit: gain_advantage + pull 3") (client: ``test_orie_ua_special``):
    it ties Sweep and goes first, hits at 3 for 3 and pulls P2 past her, 6 -> 2; Sweep
    hits back for 6 - 2; she acts next."""
    d = position(p1=dict(space=3, hand=["succession"]), p2=dict(space=6, hand=["sweep"]),
                 chars=CHARS)
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "succession")
    d.set_attack(P2, "sweep")
    assert (d.space(P1), d.space(P2)) == (3, 2)
    assert (d.life(P1), d.life(P2)) == (26, 27)
    d.expect(ActionRequest, P1)


def test_orie_exceeded_character_action_cross_uses_the_gauge_card_paid() -> None:
    """Exceeded, her character action (1 gauge) gives "use_top_discard_as_printed_power"
    (client: ``test_orie_exceed_ua``): she pays Sweep, now on top of her discard pile,
    so Cross has power 6: Sweep (guard 6) is not stunned; Cross retreats 3 (5 -> 2) and
    Sweep misses."""
    d = position(p1=dict(space=5, hand=["cross"], gauge=["sweep"], exceeded=True),
                 p2=dict(space=6, hand=["sweep"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    d.pay("sweep")
    d.set_attack(P1, "cross")
    d.set_attack(P2, "sweep")
    assert (d.space(P1), d.space(P2)) == (2, 6)
    assert (d.life(P1), d.life(P2)) == (30, 24)


def test_orie_exceeded_rest_in_peace_reads_the_discard_when_it_hits() -> None:
    """Rest in Peace (armor 6; "hit: [if was_hit] powerup 6") through her exceeded
    character action (client: ``test_orie_exceed_ua_sweep``): Sweep hits first for 6,
    all absorbed, and its "opponent_discard_random 1" discards her only card, Assault;
    on top of her discard pile when Rest in Peace hits, it sets the printed power: 4 + 6."""
    d = position(p1=dict(space=4, hand=["restinpeace", "assault"],
                         gauge=["grasp", "cross", "sweep"], exceeded=True),
                 p2=dict(space=6, hand=["sweep"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    d.pay("grasp")
    d.set_attack(P1, "restinpeace")
    d.set_attack(P2, "sweep")
    d.pay("cross", "sweep")
    assert (d.space(P1), d.space(P2)) == (4, 6)
    assert (d.life(P1), d.life(P2)) == (30, 20)


@pytest.mark.parametrize(("start", "attack", "spaces", "p2_life"),
                         [(3, "dive", (8, 7), 25), (6, "cross", (2, 7), 27),
                          (3, "assault", (6, 7), 26)])
def test_orie_the_ruler_adds_one_to_her_movement(
        start: int, attack: str, spaces: tuple[int, int], p2_life: int) -> None:
    """The Ruler (Rest in Peace's boost; "during_strike: increase_movement_effects 1")
    (client: ``test_orie_the_ruler_advance``, ``..._retreat``, ``..._close``): Dive's
    advance 4 takes her past P2 to 8; Cross's retreat 4, 6 -> 2; Assault's close 3,
    3 -> 6. Each hits P2's Dive first."""
    d = position(p1=dict(space=start, hand=[attack], boosts=["restinpeace"]),
                 p2=dict(space=7, hand=["dive"]), chars=CHARS)
    d.strike(attack, "dive")
    assert (d.space(P1), d.space(P2)) == spaces
    assert (d.life(P1), d.life(P2)) == (30, p2_life)


def test_orie_exceeded_rest_in_peace_reads_the_last_card_paid_for_it() -> None:
    """Rest in Peace (2 gauge; armor 6; "hit: [if was_hit] powerup 6") through her
    exceeded character action ("use_top_discard_as_printed_power") (client:
    ``test_orie_exceed_ua_ultra``). She pays Grasp for the action, then Cross and Sweep
    for the ultra: Sweep is last on top of her discard pile. Assault (first) closes 2
    (6 -> 5) and hits her for 4, all absorbed by the armor, but she was hit; Rest in
    Peace then hits for Sweep's 6 + 6 = 12 and stuns Assault."""
    d = position(p1=dict(space=4, hand=["restinpeace"], gauge=["grasp", "cross", "sweep"],
                         exceeded=True),
                 p2=dict(space=6, hand=["assault"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    d.pay("grasp")
    d.set_attack(P1, "restinpeace")
    d.set_attack(P2, "assault")
    d.pay("cross", "sweep")
    assert (d.space(P1), d.space(P2)) == (4, 5)
    assert (d.life(P1), d.life(P2)) == (30, 18)
