"""BlazBlue rulebook audit: rules of the BlazBlue rulebook (and its season's character
rules in roster.md) that no other test pinned, each test naming its section and quoting
a few of its words. Rules: ``/work/shared/rulebooks/blazblue-rulebook.txt``; card facts:
``/work/shared/reference/roster.md``."""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, position

from engine import events as ev
from engine.core.decisions import ActionRequest, Exceed
from engine.core.ids import Zone


def nine(p1: dict[str, Any], p2: dict[str, Any] | None = None) -> Driver:
    """Nine (P1) against Ryu (P2)."""
    return position(p1=p1, p2=p2 or {}, chars=("nine", "ryu"))


def test_nines_specials_with_a_normal_icon_are_not_counted_as_sealed_normals() -> None:
    """BlazBlue rulebook, A Note on Nine's Cards: "Some of Nine's Special cards show a
    normal icon as a reminder for her character effect. These cards are not Normals."
    Coral of Catastrophe (power 3, ``before: powerup_per_sealed_normal 1 {maximum 5}``)
    with two Normals and two of her Specials (Emerald, Amethyst) sealed: +2 power, not
    +4, so Ryu's Grasp (armor 0) takes 5."""
    d = nine(dict(space=3, hand=["coral"], sealed=["grasp", "cross", "emerald", "amethyst"]),
             dict(space=6, hand=["grasp"]))
    d.strike("coral", "grasp")
    assert d.life(P2) == 25


def test_overdrive_step_runs_again_on_a_turn_gained_by_advantage() -> None:
    """BlazBlue rulebook, Character Cards 5 (Overdrive Effect) and roster.md, Mode
    ``overdrive``: "each of your turn starts then discards one Overdrive card and runs
    the overdrive hook"; Cleanup: "If either player gained Advantage during the strike,
    they take the next turn". Jin in Overdrive (2 cards) discards one (his overdrive
    effect ``draw 1`` draws Spike) and hits with Assault (``hit: gain_advantage``; his
    exceed ability adds ``after: draw 1``: Sweep); the turn he takes next is a turn
    start too: his last overdrive card goes (no question), his effect draws Focus, and
    with the area empty he reverts."""
    d = position(p1=dict(space=4, exceeded=True, overdrive=["cross", "dive"],
                         hand=["assault"], deck=["spike", "sweep", "focus"]),
                 p2=dict(space=5, hand=["block"]), chars=("jin", "ryu"))
    d.select(P1, "cross")
    assert d.area(P1, "overdrive") == ["Dive"] and d.zone(P1, Zone.HAND) == ["Assault", "Spike"]
    d.strike("assault", "block")
    assert d.expect(ActionRequest).player == P1
    assert d.area(P1, "overdrive") == [] and d.zone(P1, Zone.HAND) == ["Spike", "Sweep", "Focus"]
    assert [e.player for e in d.events(ev.Reverted)] == [P1] and not d.p(P1).exceeded


def test_exceeding_with_a_strike_kicker_ends_the_turn_without_a_draw() -> None:
    """BlazBlue rulebook, Character Cards 4 (Kicker Effect: "An effect that happens when
    you gain your Exceed ability") and Cleanup ("Neither player draws a card at the end
    of a turn where a strike occurred"). Bang's kicker is ``strike``: the turn of his
    Exceed has a strike, so nobody draws at its end; the 4 gauge paid are in his
    overdrive area."""
    d = position(p1=dict(space=4, gauge=["grasp", "cross", "dive", "spike"], hand=["sweep"],
                         deck=["focus", "block"]),
                 p2=dict(space=5, hand=["block"], deck=["grasp"]), chars=("bang", "ryu"))
    d.act(Exceed())
    d.pay("grasp", "cross", "dive", "spike")
    d.respond(P1, "sweep", "block")
    assert d.expect(ActionRequest).player == P2
    assert d.zone(P1, Zone.HAND) == [] and d.zone(P1, Zone.DECK)[:2] == ["Focus", "Block"]
    assert d.zone(P2, Zone.HAND) == [] and d.zone(P2, Zone.DECK)[:1] == ["Grasp"]
    assert d.area(P1, "overdrive") == ["Grasp", "Cross", "Dive", "Spike"]
