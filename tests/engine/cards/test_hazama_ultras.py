"""Hazama (BlazBlue): his ultras (Eternal Coils of the Dragon Serpent, Having Fun Yet?,
Serpent's Infernal Rapture, Check Out My Snake) and his Astral Heat (Hungry Darkness of
1000 Souls) and Burst, with the position helpers of ``test_hazama.py``.

Card facts: roster.md, "Hazama". Hazama is P1 and Nehtali P2 (no ability, the standard
Normals). A test's name contains the effect and condition tags it exercises.
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChoiceRequest,
    SetAttackRequest,
    Strike,
)
from engine.core.ids import Zone

CHARS = ("hazama", "nehtali")


def hazama(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Hazama as P1 and Nehtali as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


# --- ultras ---------------------------------------------------------------------------------


def test_eternal_coils_hit_force_for_effect_per_force_powerup_then_pull() -> None:
    """Eternal Coils of the Dragon Serpent (3 gauge, range 2-4, power 3, speed 6): ``hit:
    force_for_effect`` up to 5, each force ``powerup 1, then pull 8`` (roster.md: the
    per-force effect runs once per force, no ``combine_multiple_into_one``): Hazama on 2
    spends 2 force (two Grasps): 5 damage; the first pull 8 takes Nehtali from 6 through
    his space to the edge (1), the second pulls her back through it to the other edge
    (9); with 1 force she would stay on 1."""
    for force, landed in ((2, 9), (1, 1)):
        d = hazama(dict(space=2, hand=["eternalcoils", "grasp", "grasp"],
                        gauge=["cross", "dive", "spike"]), dict(space=6, hand=["spike"]))
        d.act(Strike())
        d.set_attack(P1, "eternalcoils")
        d.decline()
        d.set_attack(P2, "spike")
        d.pay("cross", "dive", "spike")
        d.choose(f"spend {force} force")
        d.pay(*["grasp"] * force)
        assert d.life(P2) == 30 - 3 - force and d.space(P2) == landed
        pulls = [e for e in d.events(ev.PlayerMoved) if e.player == P2]
        assert [(e.src, e.dst) for e in pulls] == [(6, 1), (1, 9)][:force]


def test_having_fun_yet_force_for_effect_opponent_discard_random_then_strike() -> None:
    """Having fun yet? (Eternal Coils' immediate boost): ``force_for_effect`` up to 5, each
    ``opponent_discard_random 1``; then ``strike | pass``: 2 force makes Nehtali discard
    2 of her 3 cards at random; Hazama passes on the strike."""
    d = hazama(dict(hand=["eternalcoils", "grasp", "cross"]),
               dict(hand=["spike", "sweep", "focus"]))
    boost(d, "eternalcoils")
    d.choose("spend 2 force")
    d.pay("grasp", "cross")
    assert len(d.p(P2).hand) == 1 and len(d.zone(P2, Zone.DISCARD)) == 2
    d.choose("pass")
    assert d.state.strike is None


def test_serpents_infernal_rapture_power_7_speed_8() -> None:
    """Serpent's Infernal Rapture (4 gauge, range 1, power 7, speed 8, no effect): it
    beats Grasp (speed 7) and deals 7."""
    d = hazama(dict(space=4, hand=["serpentsinfernalrapture"],
                    gauge=["cross", "dive", "spike", "sweep"]), dict(space=5, hand=["grasp"]))
    d.act(Strike())
    d.set_attack(P1, "serpentsinfernalrapture")
    d.decline()
    d.set_attack(P2, "grasp")
    d.pay("cross", "dive", "spike", "sweep")
    assert d.life(P2) == 23


def test_check_out_my_snake_draw_3_then_strike() -> None:
    """Check out my snake! (Serpent's Infernal Rapture's immediate boost): ``draw 3``,
    then ``strike``: Hazama draws 3 and a strike begins with him setting."""
    d = hazama(dict(hand=["serpentsinfernalrapture"]), dict(hand=["grasp"]))
    boost(d, "serpentsinfernalrapture")
    assert len(d.p(P1).hand) == 3
    assert d.state.strike is not None and d.state.strike.attacker == P1
    d.expect(SetAttackRequest, P1)


def test_hungry_darkness_ignore_guard_discard_hand_opponent_strike_x_powerup_repeat_effect_optionally() -> None:
    """Hungry Darkness of 1000 Souls (Astral Heat: 4 gauge, range 1, power 4, speed 4,
    guard 4): ``during: ignore_guard``; ``hit: discard_hand opponent
    save_as_strike_x, then powerup strike_x, then repeat_effect_optionally strike_x
    first_not_automatic (draw 1)``: Nehtali (3 cards left after setting Sweep) discards
    them all: +3 power (7 damage) and Hazama may draw up to 3: he draws 2 and stops."""
    d = hazama(dict(space=4, hand=["hungrydarkness"], gauge=["cross", "dive", "spike", "grasp"],
                    set_aside=[]),
               dict(space=5, hand=["sweep", "grasp", "cross", "focus"]))
    d.act(Strike())
    d.set_attack(P1, "hungrydarkness")
    d.decline()
    d.set_attack(P2, "sweep")
    d.pay("cross", "dive", "spike", "grasp")
    assert d.p(P2).hand == []
    assert [e.value for e in d.events(ev.StrikeXSet)] == [3]
    hand = len(d.p(P1).hand)
    request = d.expect(ChoiceRequest, P1)
    assert request.labels == ("repeat: draw 1", "stop")
    d.choose("draw 1")
    d.choose("draw 1")
    d.choose("stop")
    assert len(d.p(P1).hand) == hand + 2
    assert d.life(P2) == 23


def test_hungry_darkness_repeat_effect_optionally_none_with_an_empty_hand() -> None:
    """Hungry Darkness with Nehtali's hand empty after she sets: X is 0, no power and no
    draw is offered (``first_not_automatic``: at most X draws)."""
    d = hazama(dict(space=4, hand=["hungrydarkness"], gauge=["cross", "dive", "spike", "grasp"],
                    set_aside=[]),
               dict(space=5, hand=["sweep"]))
    d.act(Strike())
    d.set_attack(P1, "hungrydarkness")
    d.decline()
    d.set_attack(P2, "sweep")
    d.pay("cross", "dive", "spike", "grasp")
    assert [e.value for e in d.events(ev.StrikeXSet)] == [0]
    assert d.life(P2) == 26


def test_burst_draw_2_seal_this_boost_bonus_action() -> None:
    """Burst (Hungry Darkness's immediate boost): ``draw 2``, ``seal_this_boost``,
    ``bonus_action``: Hazama draws 2, the card is sealed, and he acts again."""
    d = hazama(dict(hand=["hungrydarkness"], set_aside=[]), {})
    boost(d, "hungrydarkness")
    assert d.zone(P1, Zone.SEALED) == ["Hungry Darkness of 1000 Souls"]
    assert len(d.p(P1).hand) == 2
    assert d.expect(ActionRequest).player == P1
