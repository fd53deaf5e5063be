"""An attack card that leaves play mid-strike still defines that attack's stats."""

from __future__ import annotations

from conftest import P1, P2, position

from engine.core.ids import Zone


def test_returned_hadoken_keeps_its_ex_armor_for_the_rest_of_the_strike() -> None:
    """Ryu, Hadoken: "after: return this attack to the top of your deck".

    Ryu's EX Hadoken (speed 5) hits first for 5 and returns to the deck; Ken's Sweep then
    hits Ryu. The EX bonus (+1 armor, core rulebook "EX Attack") belongs to the attack,
    not to where the card lies, so Sweep's 6 power deals 5. Ruling recorded in the notes.
    """
    d = position(p1=dict(space=3, hand=["hadoken", "hadoken"]), p2=dict(space=6, hand=["sweep"]))
    d.strike(("hadoken", "hadoken"), "sweep")
    d.choose("return attack")
    assert d.life(P2) == 25
    assert d.life(P1) == 25
    assert d.zone(P1, Zone.DECK)[0] == "Hadoken"
    # "then add the top card of your discard pile to your gauge": that is the EX copy,
    # discarded at the reveal step.
    assert d.zone(P1, Zone.GAUGE) == ["Hadoken"]
    assert d.zone(P1, Zone.DISCARD) == []
