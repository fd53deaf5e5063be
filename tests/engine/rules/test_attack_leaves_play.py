"""An attack card that leaves the strike before it is over loses its stats.

effects.md, ``boost_this_then_sustain``: "Your current attack leaves the strike (its
stats become invalid)"; ``return_attack_to_top_of_deck``: "Your attack leaves play now
and goes on top of your deck". The rulebooks say nothing more, so we count as the
reference client does (``local_game.gd``, ``change_stats_when_attack_leaves_play``, run
by every effect that takes the attack out mid-strike): its total power and speed become
0, its range invalid, its printed armor and guard no longer count while its armor and
guard bonuses (EX's +1 among them) still do, and its ``ignore_push_and_pull``,
``when_hit_force_for_armor`` and ``higher_speed_misses`` end. The card stays the attack's
card for its name and effects.
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine import events as ev
from engine.core.attack_totals import total_armor, total_guard, total_speed
from engine.core.decisions import ChoiceRequest
from engine.core.ids import Zone
from engine.effects.amounts import attack_reach, total_power


def test_returned_hadoken_keeps_its_ex_armor_for_the_rest_of_the_strike() -> None:
    """Ryu, Hadoken: "after: return this attack to the top of your deck".

    Ryu's EX Hadoken (speed 5) hits first for 5 and returns to the deck; Ken's Sweep then
    hits Ryu. Hadoken prints no armor; the EX bonus (+1 armor, core rulebook "EX Attack")
    is a bonus, which the reference client keeps when the card leaves
    (``change_stats_when_attack_leaves_play`` subtracts only the printed armor), so
    Sweep's 6 power deals 5. (The earlier ruling, that the card keeps all its stats, gave
    the same 5 here: Hadoken has no printed armor to lose.)
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


def test_returned_hadoken_has_speed_zero_for_interferences_push() -> None:
    """Hilda's Interference (range 1-3, power 4, speed 2): ``hit: push {count:
    opponent_speed}``. Ryu's Hadoken (speed 4) hits her first from 3 away for 4 (not over
    her guard 6) and returns to the top of his deck ("leaves play now"); its speed is
    then invalid, 0 (client: ``overwritten_total_speed = 0``), so Interference hits him
    for 4 and pushes him 0 spaces: he stays on 3 (with Hadoken's speed 4 kept he would
    be pushed to 1)."""
    d = position(p1=dict(space=3, hand=["hadoken"]), p2=dict(space=6, hand=["interference"]),
                 chars=("ryu", "hilda"))
    d.strike("hadoken", "interference")
    d.choose("return attack")
    assert d.life(P2) == 26
    assert d.life(P1) == 26
    assert d.zone(P1, Zone.DECK)[0] == "Hadoken"
    assert d.space(P1) == 3
    assert [e for e in d.events(ev.PlayerMoved) if e.player == P1] == []


def test_returned_focus_loses_its_armor_and_no_longer_stops_a_push() -> None:
    """Focus (range 1-2, power 4, speed 1, armor 2, guard 5; ``during_strike:
    ignore_push_and_pull``; ``after: draw 1``) with Magical Boomerang (Dream Sally's
    boost: ``after: draw 1, then return_attack_to_top_of_deck``) and Light (Sweep's
    boost: +2 speed) in play goes first (speed 3) against Nine's Amethyst (range 1-3,
    power 5, speed 2; ``hit: push 2``) and hits for 4. At its after Focus goes back on
    top of Platinum's deck: its printed armor 2 no longer counts (client:
    ``armor -= get_card_stat(card, "armor")``) and its ``ignore_push_and_pull`` ends,
    so Amethyst hits her for the full 5 and pushes her from 3 to 1."""
    d = position(p1=dict(space=3, hand=["focus", "cross"], boosts=["dreamsally", "sweep"],
                         deck=["dive", "spike", "grasp"]),
                 p2=dict(space=5, hand=["amethyst"]), chars=("platinum", "nine"))
    d.strike("focus", "amethyst")
    assert d.life(P2) == 26
    assert d.life(P1) == 25
    assert d.space(P1) == 1
    assert d.zone(P1, Zone.DECK)[0] == "Focus"


def test_an_attack_that_left_the_strike_has_no_power_speed_range_or_printed_defence() -> None:
    """The same strike, stopped at Platinum's cleanup choice (the strike is not over):
    Focus is on her deck, and its totals read as the client's
    ``change_stats_when_attack_leaves_play`` leaves them: total power 0 and total speed
    0 (Light's +2 no longer counts either), no range (``overwrite_range_to_invalid``),
    armor and guard 0 (printed 2 and 5 gone, no bonus)."""
    d = position(p1=dict(space=3, hand=["focus", "cross"], boosts=["dreamsally", "sweep"],
                         deck=["dive", "spike", "grasp"]),
                 p2=dict(space=5, hand=["amethyst"]), chars=("platinum", "nine"))
    d.strike("focus", "amethyst")
    assert isinstance(d.pending, ChoiceRequest)
    assert d.pending.labels == ("boost then sustain topdeck", "pass")
    table = d.game.table
    side = d.side(P1)
    assert side.left_strike and d.name(side.card or 0) == "Focus"
    assert total_power(table, side) == 0
    assert total_speed(table, side) == 0
    assert attack_reach(table, side) is None
    assert total_armor(table, side) == 0
    assert total_guard(table, side) == 0
    # Nine's Amethyst is still in the strike and keeps its stats.
    assert total_power(table, d.side(P2)) == 5 and total_speed(table, d.side(P2)) == 2
