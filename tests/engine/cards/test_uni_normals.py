"""The 8 `uni` Normals (Under Night In-Birth): every attack and every boost.

Card facts: roster.md, "`uni` normals". The attacks are the `standard` ones; the boosts
are the season's own. Both seats are the test-only UNI fighter ``unitester``
(``tests/uni_fixture.py``: the uni Normals x2 and a Trap). A test's name contains the
effect tags it exercises (the effect-registry meta-test relies on it).
"""

from __future__ import annotations

from typing import Any

from conftest import P1, P2, Driver, boost
from uni_fixture import UNI_CATALOG

from engine import events as ev
from engine.core.decisions import ActionRequest, ChoiceRequest, NameCardRequest, SetAttackRequest
from engine.core.ids import Player, Zone
from engine.core.state import Stat
from engine.play.scenario import Scenario


def uni(p1: dict[str, Any] | None = None, p2: dict[str, Any] | None = None,
        active: Player = P1) -> Driver:
    """A position with ``unitester`` in both seats."""
    builder = Scenario("unitester", "unitester", UNI_CATALOG)
    builder.player(P1, **(p1 or {}))
    builder.player(P2, **(p2 or {}))
    builder.active(active)
    return Driver(builder.game(0))


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


# --- the attacks (the standard ones) -------------------------------------------------


def test_uni_grasp_attack_hit_push() -> None:
    """uni Grasp: range 1, power 3, speed 7; hit: push 2 carries the opponent to 8."""
    d = uni(p1=dict(space=5, hand=["grasp"]), p2=dict(space=6, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("push 2")
    assert d.space(P2) == 8
    assert d.life(P2) == 29  # 3 power - Block's 2 armor
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]


def test_uni_cross_attack_after_retreat() -> None:
    """uni Cross: range 1-2, power 3; after: retreat 3 (5 -> 2, away from 7)."""
    d = uni(p1=dict(space=5, hand=["cross"]), p2=dict(space=7, hand=["block"]))
    d.strike("cross", "block")
    assert d.space(P1) == 2
    assert d.life(P2) == 29


def test_uni_assault_attack_close_gain_advantage() -> None:
    """uni Assault: before: close 2; hit: gain_advantage, so P1 acts next."""
    d = uni(p1=dict(space=3, hand=["assault"]), p2=dict(space=6, hand=["block"]))
    d.strike("assault", "block")
    assert d.space(P1) == 5
    assert d.life(P2) == 28
    assert _next(d) == P1


def test_uni_dive_attack_advance_dodge() -> None:
    """uni Dive: advance 3 across the opponent dodges their attack (6 -> 9 past 8)."""
    d = uni(p1=dict(space=6, hand=["dive"]), p2=dict(space=8, hand=["sweep"]))
    d.strike("dive", "sweep")
    assert d.space(P1) == 9
    assert d.life(P2) == 25
    assert d.life(P1) == 30


def test_uni_spike_attack_ignore_armor_ignore_guard() -> None:
    """uni Spike: ignores Focus's armor 2 and guard 5: 5 damage stuns."""
    d = uni(p1=dict(space=3, hand=["spike"]), p2=dict(space=5, hand=["focus"]))
    d.strike("spike", "focus")
    assert d.life(P2) == 25
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]


def test_uni_sweep_attack_opponent_discard_random() -> None:
    """uni Sweep: range 1-3, power 6; hit: the opponent discards 1 card at random."""
    d = uni(p1=dict(space=3, hand=["sweep"]), p2=dict(space=5, hand=["block", "cross"]))
    d.strike("sweep", "block")
    assert d.life(P2) == 26
    assert d.zone(P2, Zone.DISCARD) == ["Cross", "Block"]  # the random discard, then Block
    assert d.zone(P2, Zone.HAND) == []


def test_uni_focus_attack_after_draw() -> None:
    """uni Focus: range 1-2, power 4, armor 2, guard 5; after: draw 1."""
    d = uni(p1=dict(space=4, hand=["focus"], deck=["cross"]), p2=dict(space=5, hand=["block"]))
    d.strike("focus", "block")
    assert d.life(P2) == 28
    assert d.zone(P1, Zone.HAND) == ["Cross"]


def test_uni_block_attack_set_total_power_add_strike_to_gauge() -> None:
    """uni Block: never hits; it goes to gauge after cleanup all the same."""
    d = uni(p1=dict(space=4, hand=["block"]), p2=dict(space=5, hand=["block"]))
    d.strike("block", "block")
    assert d.life(P1) == d.life(P2) == 30
    assert d.zone(P1, Zone.GAUGE) == ["Block"]


# --- the boosts ----------------------------------------------------------------------


def test_respect_now_choice_advance_start_of_next_turn_draw_discard_this() -> None:
    """uni Grasp boost Respect (continuous): now: advance 1|2|3|pass; at the start of
    the owner's next turn: draw 2, then discard this boost.

    P1 on 3 advances 2 to 5. P1 draws 1 at the end of the turn (a boost is no strike);
    P2 passes a turn; at the start of P1's next turn Respect draws 2 and is discarded.
    """
    d = uni(p1=dict(space=3, hand=["grasp"], deck=["cross", "dive", "spike", "sweep"]),
            p2=dict(space=7, hand=["block"], deck=["focus", "focus"]))
    boost(d, "grasp")
    request = d.expect(ChoiceRequest, P1)
    assert list(request.labels) == ["advance 1", "advance 2", "advance 3", "pass"]
    d.choose("advance 2")
    assert d.space(P1) == 5
    assert d.zone(P1, Zone.BOOSTS) == ["Grasp"]
    assert d.zone(P1, Zone.HAND) == ["Cross"]  # end-of-turn draw
    # P2's turn: Prepare (draw 1), then P1's turn starts with Respect.
    from engine.core.decisions import Prepare
    d.expect(ActionRequest, P2)
    d.act(Prepare())
    d.expect(ActionRequest, P1)
    assert d.zone(P1, Zone.HAND) == ["Cross", "Dive", "Spike"]
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]


def test_superior_during_strike_attack_is_ex() -> None:
    """uni Cross boost Superior (continuous): during_strike: your attack counts as EX,
    +1 power, speed, armor and guard, once.

    P1 strikes with Spike (power 5) against Block (armor 2): EX makes it 6 power, 4
    damage; the EX flag is on P1's side only.
    """
    d = uni(p1=dict(space=3, hand=["spike"], boosts=["cross"]),
            p2=dict(space=5, hand=["block"]))
    d.strike("spike", "block")
    assert d.events(ev.AttackMadeEx) == [ev.AttackMadeEx(player=P1)]
    assert d.life(P2) == 30 - (6 - 0)  # Spike ignores armor: 6 damage
    assert d.zone(P1, Zone.DISCARD) == ["Cross"]


def test_superior_attack_is_ex_on_an_ex_attack_adds_nothing() -> None:
    """uni Superior on an attack set as EX (two Spikes): no second EX bonus."""
    d = uni(p1=dict(space=3, hand=["spike", "spike"], boosts=["cross"]),
            p2=dict(space=5, hand=["block"]))
    d.strike(["spike", "spike"], "block")
    assert d.events(ev.AttackMadeEx) == []
    assert d.life(P2) == 24  # 5 + 1 (EX) power, armor ignored


def test_air_dash_immediate_choice_close_retreat() -> None:
    """uni Assault boost Air Dash (immediate): close 3 | retreat 3."""
    d = uni(p1=dict(space=3, hand=["assault"]), p2=dict(space=7))
    boost(d, "assault")
    request = d.expect(ChoiceRequest, P1)
    assert list(request.labels) == ["close 3", "retreat 3"]
    d.choose("close 3")
    assert d.space(P1) == 6
    assert d.zone(P1, Zone.DISCARD) == ["Assault"]
    assert _next(d) == P2


def test_air_dash_retreat_3() -> None:
    """uni Air Dash: retreat 3 from 5 (opponent on 7) goes to 2."""
    d = uni(p1=dict(space=5, hand=["assault"]), p2=dict(space=7))
    boost(d, "assault")
    d.choose("retreat 3")
    assert d.space(P1) == 2


def test_uni_reading_immediate_reading_normal_strike() -> None:
    """uni Dive boost Reading (immediate): reading_normal, then strike: the opponent
    must set the named Normal they hold."""
    d = uni(p1=dict(space=3, hand=["dive", "spike"]),
            p2=dict(space=5, hand=["sweep", "grasp"]))
    boost(d, "dive")
    d.expect(NameCardRequest, P1)
    d.name_card("Sweep")
    d.set_attack(P1, "spike")
    assert not isinstance(d.pending, SetAttackRequest)
    p2_set = [e for e in d.events(ev.AttackSet) if e.player == P2]
    assert [d.names(e.cards) for e in p2_set] == [["Sweep"]]


def test_mixup_immediate_choice_strike_effect_after_setting_draw() -> None:
    """uni Spike boost Mixup (immediate): close 1 | retreat 1, then strike; once P1's
    attack is set, draw 1 (the card comes too late to be the attack).

    P1 on 3 closes 1 to 4 (P2 on 6), strikes with Spike (range 2-3) against Block; the
    draw happens once P1 has set, before P2 sets (effects.md, strike resolution step
    3): Cross is in P1's hand after the strike.
    """
    d = uni(p1=dict(space=3, hand=["spike", "spike"], deck=["cross"]),
            p2=dict(space=6, hand=["block"]))
    boost(d, "spike")
    request = d.expect(ChoiceRequest, P1)
    assert list(request.labels) == ["close 1", "retreat 1"]
    d.choose("close 1")
    assert d.space(P1) == 4
    assert d.zone(P1, Zone.HAND) == ["Spike"]
    d.respond(P1, "spike", "block")
    pending = d.events(ev.AfterSetEffectsPending)
    assert [e.player for e in pending] == [P1]
    assert d.events(ev.AfterSetEffectsDue) == [ev.AfterSetEffectsDue(player=P1)]
    assert d.zone(P1, Zone.HAND) == ["Cross"]
    assert d.life(P2) == 25
    assert _next(d) == P2


def test_just_defense_armorup_now_strike_after_lose_all_armor() -> None:
    """uni Sweep boost Just Defense (continuous): during_strike: armorup 3; now: strike;
    after: lose all armor.

    P1 plays it and strikes with Focus (armor 2 + 3 = 5) against P2's faster Grasp
    (speed 7, power 3): 3 absorbed, 2 armor left; then P1's Focus hits and its after
    effects drop P1's remaining 2 armor. Just Defense is discarded at cleanup.
    """
    d = uni(p1=dict(space=4, hand=["sweep", "focus"], deck=["cross"]),
            p2=dict(space=5, hand=["grasp"]))
    boost(d, "sweep")
    d.respond(P1, "focus", "grasp")
    d.choose("push 1")  # P2's Grasp hit; Focus ignores the push
    assert d.space(P1) == 4
    assert d.events(ev.DamageDealt)[0] == ev.DamageDealt(target=P1, amount=0, absorbed=3)
    assert d.life(P1) == 30
    assert d.life(P2) == 26
    armor = [(e.player, e.amount) for e in d.events(ev.StatModified) if e.stat is Stat.ARMOR]
    assert armor == [(P1, 3), (P1, -2)]  # armorup 3; after: the 2 left are lost
    assert d.zone(P1, Zone.DISCARD) == ["Sweep"]


def test_veil_off_exceed_now_add_to_gauge_boost_play_cleanup() -> None:
    """uni Focus boost Veil Off (immediate): exceed at no cost (on_exceed: draw 1), and
    the boost goes to gauge instead of the discard pile."""
    d = uni(p1=dict(hand=["focus"], deck=["cross", "dive"]))
    boost(d, "focus")
    assert d.p(P1).exceeded
    assert d.events(ev.Exceeded) == [ev.Exceeded(player=P1)]
    assert d.zone(P1, Zone.GAUGE) == ["Focus"]
    assert d.zone(P1, Zone.HAND) == ["Cross", "Dive"]  # on_exceed draw, end-of-turn draw


def test_veil_off_exceed_now_when_exceeded_does_nothing_more() -> None:
    """uni Veil Off while already exceeded: no second Exceeded, no on_exceed draw."""
    d = uni(p1=dict(hand=["focus"], deck=["cross", "dive"], exceeded=True))
    boost(d, "focus")
    assert d.events(ev.Exceeded) == []
    assert d.zone(P1, Zone.HAND) == ["Cross"]  # the end-of-turn draw only
    assert d.zone(P1, Zone.GAUGE) == ["Focus"]


def test_tech_hit_discard_continuous_boost_then_strike() -> None:
    """uni Block boost Tech Hit (immediate): discard a continuous boost (required), then
    strike. P2's Superior, the only continuous boost, is discarded; P1 strikes."""
    d = uni(p1=dict(space=4, hand=["block", "grasp"]),
            p2=dict(space=5, hand=["block"], boosts=["cross"]))
    boost(d, "block")
    assert d.zone(P2, Zone.DISCARD) == ["Cross"]
    d.respond(P1, "grasp", "block")
    d.choose("push 1")
    assert d.events(ev.AttackMadeEx) == []
    assert d.life(P2) == 29
    assert d.zone(P1, Zone.DISCARD) == ["Block"]
