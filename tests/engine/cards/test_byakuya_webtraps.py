"""Byakuya's ability with two different Web Traps under the opponent.

roster.md, Byakuya: ``set_strike: [if used_character_action(details=["default", 0])]
discard_boost_in_opponent_space {boost_name=Web Trap, overall_effect=(powerup 2 +
speedup 2)}``; effects.md, ``discard_boost_in_opponent_space``: "Discard one of your
placed boosts that sits on the opponent's space (choose if several), then bonus
effect". Traps may share a space (UNI rulebook, Trap Boosts: "played onto any space"),
so two of his Web Trap boosts can lie under Ryu: he chooses which one goes to the
discard pile (the other stays in play, a Trap where it was), and the bonus comes once.
Byakuya is P1 and Ryu P2, as in tests/engine/cards/test_byakuya.py.
"""

from __future__ import annotations

from conftest import P1, P2, Driver, position

from engine import events as ev
from engine.core.decisions import CharacterAction, ChoiceRequest
from engine.core.ids import Zone
from engine.core.state import Stat
from engine.mechanics.under_night.state import trap_space

TRAPS = {"endlessnightmare": 4, "becomeapartofme": 4}


def _two_traps_under_ryu() -> Driver:
    """Byakuya on 3 with Endless Nightmare's and Become a Part of Me's Web Traps on
    Ryu's space 4; his character action strike, Grasp set (Ryu sets Block after)."""
    d = position(p1=dict(space=3, hand=["grasp"],
                         boosts=["endlessnightmare", "becomeapartofme"], traps=TRAPS),
                 p2=dict(space=4, hand=["block"]), chars=("byakuya", "ryu"), active=P1)
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "grasp")
    return d


def test_two_web_traps_under_the_opponent_he_chooses_which_is_discarded() -> None:
    """He is asked which Web Trap to discard (before: the first was discarded without
    asking); he picks Become a Part of Me: it goes to his discard pile, Endless
    Nightmare stays in play on space 4, and his Grasp gets +2 power and +2 speed once
    (5 power against Block's armor 2: Ryu to 27)."""
    d = _two_traps_under_ryu()
    request = d.expect(ChoiceRequest, P1)
    assert sorted(request.labels) == ["discard Become a Part of Me",
                                      "discard Endless Nightmare"]
    d.choose("discard Become a Part of Me")
    d.set_attack(P2, "block")
    d.choose("push 1")  # Grasp's hit
    mods = [(e.stat, e.amount) for e in d.events(ev.StatModified) if e.player == P1]
    assert mods == [(Stat.POWER, 2), (Stat.SPEED, 2)]
    assert d.life(P2) == 27
    assert "Become a Part of Me" in d.zone(P1, Zone.DISCARD)
    assert d.zone(P1, Zone.BOOSTS) == ["Endless Nightmare"]
    assert trap_space(d.state, d.ref(P1, "endlessnightmare", Zone.BOOSTS)) == 4
