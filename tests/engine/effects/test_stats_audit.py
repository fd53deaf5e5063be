"""Stats audit: the Stats group of the effect glossary (/work/shared/reference/effects.md,
"### Stats") and the attack traits checked against the engine's handlers, each test
naming its entry. Card facts: roster.md."""

from __future__ import annotations

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.core.ids import Zone

SHURIKEN = ["bangstyleshuriken", "bangstyleshuriken", "grasp"]
"""Bang's hand: Bang-Style Shuriken to attack, a second one to boost mid-strike for its
Instant Ninpo, and Grasp to pay the Shuriken's force cost."""


def _instant_ninpo(d: Driver) -> None:
    """Bang pays the Shuriken's 1 force with Grasp; its ``before: draw 1, then choice
    <boost_then_sustain {hand, ignore_costs, sustain false} | pass>`` plays the second
    Shuriken's Instant Ninpo (immediate: ``discard_continuous_boost 1 {required,
    destination: owner_hand}``, then ``choice <draw 1 | bonus_action>``): the
    opponent's only continuous boost goes back to their hand, and Bang draws."""
    d.pay("grasp")
    d.choose("boost")
    d.select(P1, "bangstyleshuriken")
    d.choose("draw")


def test_attack_is_ex_ends_when_superior_leaves_play_mid_strike() -> None:
    """effects.md, ``attack_is_ex``: "Your attack counts as EX: +1 power, speed, armor
    and guard"; core rulebook, Boosts: continuous boost effects "are active until they
    are discarded after Cleanup or by a card effect". Hyde's Superior (uni Cross boost,
    continuous; during_strike: attack_is_ex) makes his Assault (range 1, power 4,
    speed 5, armor 0, guard 0; before: close 2) EX: speed 6, tied with Bang's Bang-Style
    Shuriken (1F, range 1-4, power 1, speed 6), and Bang initiated, so Bang goes first.
    Its Instant Ninpo returns Superior to Hyde's hand: Assault is no longer EX, so
    Bang's 1 damage meets no armor and exceeds guard 0: Hyde is stunned and his Assault
    never activates. The engine kept the EX: 1 armor absorbed the damage, Hyde was not
    stunned and hit Bang for 5 (Bang on 25)."""
    d = position(p1=dict(space=3, hand=SHURIKEN, deck=["cross", "dive"]),
                 p2=dict(space=5, hand=["assault"], boosts=["cross"]),
                 chars=("bang", "hyde"))
    d.strike("bangstyleshuriken", "assault")
    _instant_ninpo(d)
    assert d.zone(P2, Zone.HAND) == ["Cross"]
    assert d.events(ev.PlayerStunned) == [ev.PlayerStunned(player=P2)]
    assert d.life(P2) == 29
    assert d.life(P1) == 30


def test_swap_power_speed_ends_when_masquerade_leaves_play_mid_strike() -> None:
    """effects.md, ``swap_power_speed``: "Your total power and total speed are swapped";
    core rulebook, Boosts: continuous boost effects "are active until they are discarded
    after Cleanup or by a card effect". Hilda's Masquerade (In The Darkness's boost,
    continuous; during_strike: swap_power_speed) swaps her Sweep (range 1-3, power 6,
    speed 2, guard 6) to speed 6, tied with Bang's Bang-Style Shuriken (speed 6), and
    Bang initiated, so Bang goes first (1 damage, no stun against guard 6). Its Instant
    Ninpo returns Masquerade to Hilda's hand: her Sweep's power is its own 6 again, and
    it hits Bang 2 away for 6. The engine kept the swap: Sweep hit for its speed, 2
    (Bang on 28)."""
    d = position(p1=dict(space=3, hand=SHURIKEN, deck=["cross", "dive"]),
                 p2=dict(space=5, hand=["sweep"], boosts=["inthedarkness"]),
                 chars=("bang", "hilda"))
    d.strike("bangstyleshuriken", "sweep")
    _instant_ninpo(d)
    assert d.events(ev.PriorityDetermined)[0].first == P1
    assert d.zone(P2, Zone.HAND) == ["In The Darkness"]
    assert d.life(P2) == 29
    assert d.life(P1) == 24


def test_use_saved_power_as_printed_power_ends_when_muniel_leaves_play_mid_strike() -> None:
    """effects.md, ``use_saved_power_as_printed_power``: "Your attack's printed power
    becomes the stored number"; core rulebook, Boosts: continuous boost effects "are
    active until they are discarded after Cleanup or by a card effect". Phonon boosts
    Muniel (Complete Servitude's boost, continuous; now: reveal a card from hand and save
    its power; during_strike: use_saved_power_as_printed_power; now: strike), reveals
    Sweep (power 6) and strikes with Focus (range 1-2, power 4, speed 1, armor 2): its
    printed power becomes 6. Bang answers with Bang-Style Shuriken (speed 6, first); its
    Instant Ninpo returns Muniel to Phonon's hand, so Focus's printed power is its own 4
    again: Bang takes 4. The engine kept the saved power: Bang took 6 (24)."""
    d = position(p1=dict(space=3, hand=SHURIKEN, deck=["cross", "dive"]),
                 p2=dict(space=4, hand=["completeservitude", "focus", "sweep"]),
                 chars=("bang", "phonon"), active=P2)
    boost(d, "completeservitude")
    d.select(P2, "sweep")
    d.respond(P2, "focus", "bangstyleshuriken")
    _instant_ninpo(d)
    assert "Complete Servitude" in d.zone(P2, Zone.HAND)
    assert d.life(P2) == 30  # Focus's 2 armor absorbed the Shuriken's 1
    assert d.life(P1) == 26


def test_attack_includes_range_ends_when_dark_bite_leaves_play_mid_strike() -> None:
    """Traits, ``attack_includes_range`` (docs/effects.md: "This strike your attack also
    hits an opponent exactly ``amount`` spaces away"); core rulebook, Boosts: continuous
    boost effects "are active until they are discarded after Cleanup or by a card
    effect". Merkava's Dark Bite (I, Defile's boost, continuous; during_strike:
    attack_includes_range 1) lets his Spike (range 2-3, power 5, speed 3, guard 4) hit
    Bang adjacent. Bang's Bang-Style Shuriken (speed 6) goes first; its Instant Ninpo
    returns Dark Bite to Merkava's hand, so Spike no longer reaches range 1 and misses.
    The engine kept the included range: Spike hit Bang for 5 (25)."""
    d = position(p1=dict(space=4, hand=SHURIKEN, deck=["cross", "dive"]),
                 p2=dict(space=5, hand=["spike"], boosts=["idefile"]),
                 chars=("bang", "merkava"))
    d.strike("bangstyleshuriken", "spike")
    _instant_ninpo(d)
    assert d.zone(P2, Zone.HAND) == ["I, Defile"]
    missed = [(e.player, e.reason) for e in d.events(ev.AttackMissed)]
    assert missed == [(P2, ev.MissReason.OUT_OF_RANGE)]
    assert d.life(P1) == 30
