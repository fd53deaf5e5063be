"""Character-card audit: abilities, exceed abilities, character actions and flags checked
against roster.md (its fighter sections and "Character flags"), each where a behaviour
the fighter's own tests leave open could go wrong.

A test's docstring names the fighter and the ability's data (roster.md notation).
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, position

from engine import events as ev
from engine.core.decisions import ActionRequest, CharacterAction
from engine.core.ids import Zone


def _pos(chars: tuple[str, str], p1: dict[str, Any], p2: dict[str, Any],
         active: Any = P1) -> Driver:
    return position(p1=p1, p2=p2, chars=chars, active=active)


# --- Hyde Kido ----------------------------------------------------------------------------


def test_hyde_exceed_ability_seal_this_at_cleanup_even_when_stunned() -> None:
    """Hyde Kido, exceed ability: set_strike: [if used_character_action(exceed, 0)]
    powerup 3 + add_attack_effect {added_effect=(seal_this)}, the added effect timed
    ``cleanup`` (roster.json). His exceeded action strikes with Dive from his gauge;
    Ryu's Grasp (speed 7) hits first and stuns him (3 damage > guard 0), so Hyde's
    after effects never run, but cleanup does: Dive is sealed, not discarded."""
    d = _pos(("hyde", "ryu"),
             dict(space=4, exceeded=True, hand=["assault"], gauge=["cross", "dive"]),
             dict(space=5, hand=["grasp"]))
    d.act(CharacterAction(index=0))
    d.pay("cross")
    d.set_attack(P2, "grasp")
    d.choose("push 1")
    assert d.life(P1) == 27
    assert d.life(P2) == 30
    assert d.zone(P1, Zone.SEALED) == ["Dive"]
    assert "Dive" not in d.zone(P1, Zone.DISCARD)
