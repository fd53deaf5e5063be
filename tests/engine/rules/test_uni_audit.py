"""Under Night In-Birth rulebook audit: rules of the UNI rulebook that no other test
pinned, each test naming its section and quoting a few of its words, played with the
season's own fighters. Rules: ``/work/shared/rulebooks/under-night-rulebook.txt``; card
facts: ``/work/shared/reference/roster.md``."""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import ActionRequest, CharacterAction, Prepare
from engine.core.ids import Player, Zone


def hyde_linne(p1: dict[str, Any], p2: dict[str, Any], active: Player = P1) -> Driver:
    """Hyde (P1) against Linne (P2), the rulebook's Gameplay Example fighters."""
    return position(p1=p1, p2=p2, chars=("hyde", "linne"), active=active)


def test_respect_is_discarded_by_the_opponents_strike_before_it_draws() -> None:
    """UNI rulebook, Cleanup 2: "Discard all Continuous Boosts in your Boost area" (both
    players clean up, the Defender too); Glossary, Sustain: "Sustaining a Boost only
    lasts until the next Strike". Hyde's Respect (uni Grasp boost: ``start_of_next_turn:
    draw 2``) is discarded by the strike Linne starts on her turn, so his next turn starts
    without its 2 cards."""
    d = hyde_linne(dict(space=3, hand=["grasp", "block"], deck=["cross", "dive", "spike"]),
                   dict(space=7, hand=["sweep"], deck=["focus"]))
    boost(d, "grasp")
    d.choose("pass")
    assert d.zone(P1, Zone.BOOSTS) == ["Grasp"] and d.zone(P1, Zone.HAND) == ["Block", "Cross"]
    d.strike("sweep", "block")  # Linne's turn: Sweep (range 1-3) misses Hyde 4 away
    assert d.expect(ActionRequest).player == P1
    assert d.zone(P1, Zone.BOOSTS) == [] and "Grasp" in d.zone(P1, Zone.DISCARD)
    assert d.zone(P1, Zone.HAND) == ["Cross"]
    assert d.zone(P1, Zone.DECK)[:2] == ["Dive", "Spike"]


def test_a_trap_is_sustained_strike_after_strike_while_its_owner_is_not_stunned() -> None:
    """UNI rulebook, Trap Boosts: "Traps sustain themselves if you are not stunned";
    Glossary, Sustain: "You may continue to sustain Boosts over multiple Strikes."
    Carmine's Dissolve (Twist!'s boost, a Trap) lies on 1; two strikes in which Carmine
    is not stunned leave it in play and on its space each time."""
    d = position(p1=dict(space=4, hand=["twist", "block", "block"],
                         deck=["cross", "dive", "spike", "sweep"]),
                 p2=dict(space=7, hand=["block", "block"], deck=["focus", "grasp"]),
                 chars=("carmine", "linne"))
    boost(d, "twist")
    d.move_to(P1, 1)
    trap = d.events(ev.TrapPlaced)[0].card
    for _ in range(2):
        d.strike("block", "block")
        assert trap in d.p(P1).boosts
    assert [e.card for e in d.events(ev.BoostSustained)].count(trap) == 2


def test_revert_flips_back_to_basic_mode_and_the_basic_action_returns() -> None:
    """UNI rulebook, Character Cards 4 (Downshift: "An Action that lets you leave your
    Exceed mode") and Glossary, Revert: "Deactivate your Exceed Mode by flipping your
    character to its Basic Mode." Exceeded Hyde takes his Revert action (a card from hand
    to gauge, revert, a bonus action): in the bonus action his Basic Mode action (index
    0: close 1 | retreat 1 ...) is offered, not the exceeded one (strike from gauge)."""
    d = hyde_linne(dict(space=3, hand=["grasp", "cross"], exceeded=True),
                   dict(space=7))
    d.act(CharacterAction(index=1))
    d.select(P1, "grasp")
    assert not d.p(P1).exceeded
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    request = d.expect(ActionRequest, P1)
    assert CharacterAction(index=0) in request.choices
    assert CharacterAction(index=1) not in request.choices


def test_no_end_of_turn_draw_for_either_player_after_a_boost_strike() -> None:
    """UNI rulebook, Actions: "If you did not strike (for any reason), end your turn by
    drawing a card"; Cleanup: "Neither player draws a card at the end of a turn where a
    strike occurred." Linne's Just Defense (uni Sweep boost, ``now: strike``) is a Boost
    action that strikes: no draw at the end of that turn."""
    d = hyde_linne(dict(space=6, hand=["block"], deck=["dive"]),
                   dict(space=7, hand=["sweep", "grasp"], deck=["focus"]), active=P2)
    boost(d, "sweep")
    d.respond(P2, "grasp", "block")
    d.choose("push 1")
    assert d.expect(ActionRequest).player == P1
    assert d.zone(P2, Zone.HAND) == [] and d.zone(P2, Zone.DECK)[:1] == ["Focus"]
    assert d.zone(P1, Zone.DECK)[:1] == ["Dive"]
    assert Prepare() in d.expect(ActionRequest).choices


def _repel_from(d: Driver, azhi: int, response: str) -> None:
    """Chaos (P1) takes his character action (strike, placing the attack on a space):
    Repel, with Azhi on ``azhi``; P2 answers with ``response``."""
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "repel")
    d.move_to(P1, azhi)
    d.set_attack(P2, response)


def chaos(p1: dict[str, Any], p2: dict[str, Any]) -> Driver:
    """Chaos (P1) against Linne (P2)."""
    return position(p1=p1, p2=p2, chars=("chaos", "linne"))


def test_repels_wall_stops_an_advance_before_azhis_space() -> None:
    """Chaos's Repel (roster.md: ``during_strike: [if buddy_in_play]
    opponent_cant_move_past_buddy``; its card, as the reference client's tests quote it:
    "the opponent cannot advance or retreat into that space"). Azhi on 4 between Chaos
    (2) and Linne (6): her Dive (``before: advance 3``) stops on 5, next to Azhi, not on
    Azhi's space; both attacks miss."""
    d = chaos(dict(space=2, hand=["repel"]), dict(space=6, hand=["dive"]))
    _repel_from(d, 4, "dive")
    assert [(e.src, e.dst) for e in d.events(ev.PlayerMoved) if e.player == P2] == [(6, 5)]
    assert d.space(P2) == 5 and d.life(P1) == 30 and d.life(P2) == 30


def test_repels_wall_keeps_a_close_from_entering_azhis_space() -> None:
    """Repel's wall: Linne on 5 next to Azhi on 4; her Assault's ``before: close 2``
    would enter Azhi's space: she stays on 5, and Assault (range 1) misses Chaos on 2."""
    d = chaos(dict(space=2, hand=["repel"]), dict(space=5, hand=["assault"]))
    _repel_from(d, 4, "assault")
    assert all(e.player != P2 for e in d.events(ev.PlayerMoved))
    assert d.space(P2) == 5 and d.life(P1) == 30


def test_repels_wall_keeps_a_retreat_from_entering_azhis_space() -> None:
    """Repel's wall behind Linne: Azhi on 5, Linne on 4; her Cross hits Chaos (2) for 3,
    then its ``after: retreat 3`` would enter Azhi's space: she stays on 4."""
    d = chaos(dict(space=2, hand=["repel"]), dict(space=4, hand=["cross"]))
    _repel_from(d, 5, "cross")
    assert d.life(P1) == 27
    assert d.space(P2) == 4


def test_repels_wall_does_not_hold_a_fighter_on_azhis_space_or_behind_it() -> None:
    """Repel's wall stops movement into Azhi's space only: with Azhi under Linne (5) her
    Assault closes 2 to 3 and hits Chaos for 4; with Azhi behind her (7) likewise."""
    for azhi in (5, 7):
        d = chaos(dict(space=2, hand=["repel"]), dict(space=5, hand=["assault"]))
        _repel_from(d, azhi, "assault")
        assert d.space(P2) == 3 and d.life(P1) == 26
