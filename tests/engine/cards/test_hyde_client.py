"""Hyde: situations of the reference client's ``test/unit/test_hyde.gd`` that our Hyde
tests (``test_hyde.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Hyde Kido", and the ``uni`` normals. As in the client's tests,
P2 is Hyde too (answering with ``uni`` normals).
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine.core.decisions import ActionRequest, CharacterAction
from engine.core.ids import Zone

CHARS = ("hyde", "hyde")


def test_hyde_charged_attack_leaves_on_assaults_close_before_damage() -> None:
    """Charged Attack (Red-Clad Craver's boost; "powerup 2; now:
    add_boost_to_gauge_on_move") (client: ``test_hyde_charged_attack_advance_before``):
    Assault's close (3 -> 5) sends it to the gauge at once, so Assault hits Focus for
    4 - 2 only; Focus hits back for 4."""
    d = position(p1=dict(space=3, hand=["assault"], boosts=["redcladcraver"]),
                 p2=dict(space=6, hand=["focus"]), chars=CHARS)
    d.strike("assault", "focus")
    assert (d.space(P1), d.space(P2)) == (5, 6)
    assert (d.life(P1), d.life(P2)) == (26, 28)
    assert "Red-Clad Craver" in d.zone(P1, Zone.GAUGE)


def test_hyde_charged_attack_stays_when_pushed() -> None:
    """Pushed 2 by P2's faster Grasp (5 -> 3), Hyde did not advance or retreat:
    Charged Attack stays and Sweep hits at 3 for 6 + 2; it is discarded with the strike
    (client: ``test_hyde_charged_attack_pushed_before``)."""
    d = position(p1=dict(space=5, hand=["sweep"], boosts=["redcladcraver"]),
                 p2=dict(space=6, hand=["grasp"]), chars=CHARS)
    d.strike("sweep", "grasp")
    d.choose("push 2")
    assert (d.space(P1), d.space(P2)) == (3, 6)
    assert (d.life(P1), d.life(P2)) == (27, 22)
    assert "Red-Clad Craver" in d.zone(P1, Zone.DISCARD)


def test_hyde_dead_set_daze_power_is_an_ex_attacks_speed() -> None:
    """Dead Set Daze (power X; "before: set_strike_x {source=opponent_speed}") against
    an EX Grasp (speed 8) (client: ``test_hyde_dead_set_daze_ex_speed_boost``): Grasp
    hits first for 4 - 1 and pushes 2 (4 -> 6); Dead Set Daze hits at 3 for 8 - 1 EX
    armor."""
    d = position(p1=dict(space=3, hand=["grasp", "grasp"]),
                 p2=dict(space=4, hand=["deadsetdaze"], gauge=["cross"]), chars=CHARS)
    d.strike(("grasp", "grasp"), "deadsetdaze")
    d.pay("cross")
    d.choose("push 2")
    assert (d.space(P1), d.space(P2)) == (3, 6)
    assert (d.life(P1), d.life(P2)) == (23, 27)


def test_hyde_action_with_an_empty_hand_only_moves_then_draws() -> None:
    """Hyde's character action: "choice <close 1 | retreat 1> + [if
    min_cards_in_hand(amount=1)] choice <strike_faceup | gauge_from_hand>" (client:
    ``test_hyde_ua_empty_hand``). With no card in hand he retreats 1 (3 to 2) and the
    second choice is not offered: the action ends, he draws his card for the turn and
    P2 acts next."""
    d = position(p1=dict(space=3, hand=[], deck=["grasp", "cross"]),
                 p2=dict(space=5, hand=["cross"]), chars=CHARS)
    d.act(CharacterAction(index=0))
    d.choose("retreat 1")
    assert (d.space(P1), d.space(P2)) == (2, 5)
    assert d.zone(P1, Zone.HAND) == ["Grasp"]
    assert d.zone(P1, Zone.GAUGE) == []
    assert d.expect(ActionRequest).player == P2
