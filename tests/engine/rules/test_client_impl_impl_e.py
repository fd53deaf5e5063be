"""Our strike flow against the reference client's implementation (``scenes/game/
local_game.gd`` at 278d3c91, offsets 386,000-480,000: remaining effects, timings, the
strike's flow, hit check, damage, stun, cleanup, extra attacks): the differences found,
each pinned with our scenario builder.
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine.core.decisions import ChooseOption
from engine.core.ids import Zone


def test_extra_attack_armor_and_guard_stay_for_the_reactive_attack() -> None:
    """An extra attack (``play_attack_from_hand``) is put into play "gaining any Armor,
    Guard, and passive effects on it" (the reference client, ``begin_extra_attack``
    ~470,900, its list of the extra attack's steps; ``continue_extra_attack``
    ExtraAttackState_Activation ~474,300 adds the card's printed armor and guard to the
    player's strike bonuses, which last until the strike's cleanup). Core rulebook,
    Doing Damage: "If your opponent has any Armor, deduct this from the total amount
    of damage they take over the course of the strike"; effects.md,
    ``play_attack_from_hand``: the card stays in the strike until its end ("at end of
    strike it goes to gauge if it hit").

    Dan (3), Legendary Taunt (speed 4, armor 1, guard 5), passes the advance and makes
    an extra attack with Focus (range 1-2, power 4, armor 2, guard 5): it hits P2 (5)
    for 4, not above Sweep's guard 6. P2's Sweep (power 6) then hits Dan with 1 + 2 = 3
    armor: 3 damage, 27 life (before: Focus's armor was gone, 25)."""
    d = position(p1=dict(space=3, hand=["legendarytaunt", "focus"], gauge=["grasp", "dive"]),
                 p2=dict(space=5, hand=["sweep"]), chars=("dan", "dan"))
    d.strike("legendarytaunt", "sweep")
    d.pay("grasp", "dive")
    d.choose("pass")
    d.act(ChooseOption(index=1))  # play_attack_from_hand, no draw
    d.select(P1, "focus")
    assert d.life(P2) == 26
    assert d.life(P1) == 27
    assert "Focus" in d.zone(P1, Zone.GAUGE)
    assert "Sweep" in d.zone(P2, Zone.GAUGE)
