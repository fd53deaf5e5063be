"""Sagat: situations of the reference client's ``test/unit/test_sagat.gd`` that our
Sagat tests (``test_sagat.py``) did not pin, written with our scenario builder.

Card facts: roster.md, "Sagat" (ability: Critical, then "[if initiated_strike] choice
<reveal_strike + speedup 1 | pass>"; exceeded "+ powerup 1") and the ``standard``
normals. As in the client's tests, P2 is Sagat too.
"""

from __future__ import annotations

import pytest
from conftest import P1, P2, boost, position

from engine import events as ev
from engine.core.decisions import ChoiceRequest, PayGaugeRequest, Strike
from engine.core.ids import Zone

CHARS = ("sagat", "sagat")


@pytest.mark.parametrize(("exceeded", "response", "p2_life"),
                         [(False, "spike", 28), (True, "cross", 27)])
def test_sagat_critical_first_then_reveal(exceeded: bool, response: str, p2_life: int) -> None:
    """Sagat's two set_strike abilities in printed order, Critical then the reveal
    (client: ``test_sagat_crit_and_faceup``, ``..._exceeded``). Critical Low Step Kick
    (ignore guard) revealed (+1 speed, exceeded +1 power too) from 3 closes 1 and hits
    P2 (6) first at range 2 for 2 (3), stunning him through his guard."""
    d = position(p1=dict(space=3, hand=["lowstepkick"], gauge=["grasp"], exceeded=exceeded),
                 p2=dict(space=6, hand=[response]), chars=CHARS)
    d.act(Strike())
    d.set_attack(P1, "lowstepkick")
    d.expect(PayGaugeRequest, P1)
    d.pay("grasp")
    d.expect(ChoiceRequest, P1)
    d.choose("reveal")
    d.set_attack(P2, response)
    assert (d.space(P1), d.space(P2)) == (4, 6)
    assert (d.life(P1), d.life(P2)) == (30, p2_life)
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]


@pytest.mark.parametrize(("hand", "gauge"), [(["lowtigershot", "cross"], []),
                                             (["lowtigershot"], ["Cross"])])
def test_sagat_low_tiger_shot_recurs_with_or_without_a_discard(
        hand: list[str], gauge: list[str]) -> None:
    """Sagat, Low Tiger Shot ("hit: push 1; after: [if hit_opponent] choice
    <return_attack_to_top_of_deck + add_top_discard_to_gauge | pass>") (client:
    ``test_sagat_low_tiger_shot_recurs_no_discard``, ``..._recurs``). Revealed (speed
    3), it hits P2's Grasp (out of range) for 5 and pushes him to 9; it goes back on top
    of the deck, and the top of the discard pile (none, or Cross) to gauge."""
    discard = [] if len(hand) == 2 else ["cross"]
    d = position(p1=dict(space=3, hand=hand, discard=discard),
                 p2=dict(space=8, hand=["grasp"]), chars=CHARS)
    d.act(Strike())
    d.set_attack(P1, "lowtigershot")
    d.choose("reveal")
    d.set_attack(P2, "grasp")
    d.choose("return")
    assert d.zone(P1, Zone.GAUGE) == gauge
    assert d.zone(P1, Zone.DECK)[0] == "Low Tiger Shot"
    assert (d.space(P1), d.space(P2)) == (3, 9)
    assert (d.life(P1), d.life(P2)) == (30, 25)


@pytest.mark.parametrize(("attack", "life", "spaces"),
                         [("assault", (26, 30), (3, 4)), ("tigeruppercut", (30, 24), (4, 7))])
def test_sagat_anger_charge_only_for_tiger_uppercut(
        attack: str, life: tuple[int, int], spaces: tuple[int, int]) -> None:
    """Sagat, Low Step Kick's boost Anger Charge ("[if matches_named_card Tiger Uppercut]
    guardup 2 + powerup 2 + speedup 2 + critical"), defending against P2's Assault
    (client: ``test_sagat_angercharge_not_tiger``, ``..._TIGER``). With Assault, nothing:
    P2 (first, ties to the attacker) closes to 4 and stuns him for 4. With Tiger
    Uppercut (6 speed, Critical) he goes first, closes 1, hits for 6 and pushes P2 2."""
    d = position(p1=dict(space=3, hand=["lowstepkick", attack]),
                 p2=dict(space=5, hand=["assault"]), chars=CHARS)
    boost(d, "lowstepkick")
    d.act(Strike())
    d.set_attack(P2, "assault")
    d.choose("pass")
    d.set_attack(P1, attack)
    assert (d.life(P1), d.life(P2)) == life
    assert (d.space(P1), d.space(P2)) == spaces
