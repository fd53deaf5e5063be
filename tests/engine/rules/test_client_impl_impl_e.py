"""Our strike flow against the reference client's implementation (``scenes/game/
local_game.gd`` at 278d3c91, offsets 386,000-480,000: remaining effects, timings, the
strike's flow, hit check, damage, stun, cleanup, extra attacks): the differences found,
each pinned with our scenario builder.
"""

from __future__ import annotations

from conftest import P1, P2, Driver, position

from engine import events as ev
from engine.core.decisions import (
    ChooseOption,
    EffectOrderRequest,
    OrderEffects,
    PayForceRequest,
    PayGaugeRequest,
    Strike,
)
from engine.core.ids import Zone


def _taunt_then_extra_focus(d: Driver) -> None:
    """Dan's Legendary Taunt, set: he pays Grasp and Dive, passes its advance and takes
    ``play_attack_from_hand`` without the draw, with Focus."""
    d.pay("grasp", "dive")
    d.choose("pass")
    d.act(ChooseOption(index=1))  # play_attack_from_hand, no draw
    d.select(P1, "focus")


def test_extra_attack_armor_and_guard_stay_for_the_reactive_attack() -> None:
    """An extra attack (``play_attack_from_hand``) is put into play "gaining any Armor,
    Guard, and passive effects on it" (the reference client, ``begin_extra_attack``
    ~467,300, its list of the extra attack's steps; ``continue_extra_attack``
    ExtraAttackState_Activation ~471,500 adds the card's printed armor and guard to the
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
    _taunt_then_extra_focus(d)
    assert d.life(P2) == 26
    assert d.life(P1) == 27
    assert "Focus" in d.zone(P1, Zone.GAUGE)
    assert "Sweep" in d.zone(P2, Zone.GAUGE)


def test_extra_attack_ultra_cost_cannot_be_declined_under_may_invalidate_ultras() -> None:
    """An extra attack's cost must be paid: it is never an Invalid Attack, so
    ``may_invalidate_ultras`` (Kokonoe's exceed ability: "You may declare a revealed
    Ultra invalid at payment time and wild swing instead", effects.md) does not make it
    optional (the reference client's ``ask_for_cost`` ~441,600: "Extra attacks live
    outside of lots of rules. They cannot fail to pay the cost." — no wild swing, no
    forced invalid, no invalidating anyway, so PayStrikeCost_Required). effects.md,
    ``play_attack_from_hand``: "an extra attack with a card from hand you can pay for:
    pay cost, ...".

    Exceeded Kokonoe (3) with Jamming Dark in play hits Ryu (7) with Flame Cage at range
    4 and orders its extra attack first, with Flaming Belobog (2 gauge, payable with
    force under ``may_generate_gauge_with_force``). The payment is asked, not optional
    (before: optional, and declining it left the Ultra attacking unpaid)."""
    d = position(p1=dict(space=3, hand=["flamecage", "flamingbelobog", "grasp", "cross"],
                         exceeded=True, overdrive=["focus", "block"], boosts=["flamingbelobog"],
                         buddies={"gravitron": 5}, deck=["dive", "spike"], set_aside=[]),
                 p2=dict(space=7, hand=["sweep"]), chars=("kokonoe", "ryu"))
    d.select(P1, "focus")  # her turn start: overdrive discards Focus
    d.choose("pass")  # its Gravitron placement
    d.printed_order = False
    d.act(Strike())
    d.set_attack(P1, "flamecage")
    d.decline()  # the pull toward Gravitron
    d.set_attack(P2, "sweep")
    assert d.life(P2) == 25
    order = d.expect(EffectOrderRequest, P1)
    tags = [e.tags[0] for e in order.effects]
    extra = tags.index("play_attack_from_hand")
    d.act(OrderEffects(order=(extra, 1 - extra)))
    d.select(P1, "flamingbelobog")
    request = d.expect(PayForceRequest | PayGaugeRequest, P1)
    assert isinstance(request, PayForceRequest | PayGaugeRequest)
    assert request.player == P1 and not request.optional
    d.pay("grasp", "cross")
    assert d.names(e.card for e in d.events(ev.ExtraAttackStarted)) == ["Flaming Belobog v2.73"]
    assert {"Grasp", "Cross"} <= set(d.zone(P1, Zone.DISCARD))


def test_was_hit_counts_an_extra_attack_that_hit() -> None:
    """``was_hit`` ("The opponent's attack has hit you this strike") holds once the
    opponent's extra attack hit you, even when their main attack never does: the
    reference client marks the defender ``was_hit`` in ``apply_damage`` (~434,700), which
    its extra attacks call too (``continue_extra_attack`` ExtraAttackState_Hit_ApplyDamage).
    Core rulebook, Doing Damage: damage from "a card effect or attack" in the same
    strike counts; effects.md, ``play_attack_from_hand``: an extra attack has its own
    "range check, hit, damage".

    Dan (3), Legendary Taunt (no range: it never hits), makes an extra attack with
    Focus, which hits Morathi (5) for 4 (guard 5: not stunned). Morathi's Ivory Ghost
    Impalement (``before: [if was_hit] powerup 3``) then hits for 4 + 3 = 7 against 1 + 2
    armor (Taunt, Focus): 4 damage, Dan 26 (before: was_hit failed, 1 damage)."""
    d = position(p1=dict(space=3, hand=["legendarytaunt", "focus"], gauge=["grasp", "dive"]),
                 p2=dict(space=5, hand=["ivoryghostimpalement"]), chars=("dan", "morathi"))
    d.strike("legendarytaunt", "ivoryghostimpalement")
    _taunt_then_extra_focus(d)
    assert d.life(P2) == 26
    assert d.life(P1) == 26


def test_burning_justice_discards_twice_the_damage_a_nonlethal_attack_would_deal() -> None:
    """Burning Justice (Super Skull Man's Kaplow!!!! boost: ``add_passive
    discard_2x_topdeck_instead_of_damage``) discards twice the damage the attack would
    deal, after the cap of a ``nonlethal_attack`` ("Your attack damage cannot reduce the
    opponent below 1 life", effects.md): the reference client's ``apply_damage``
    (~435,200) caps the damage first (``deal_nonlethal_damage``: at life - 1), then
    ``cards_to_discard = 2 * damage_after_armor``.

    Seth (4) with Kerykeion in play (``during_strike: cannot_stun + nonlethal_attack``;
    ``hit: set_total_power 7``) hits Super Skull Man (5, 2 life) with Cross for 7:
    capped at 1, so 2 cards are discarded and his life stays 2 (before: 14 cards, twice
    the uncapped 7)."""
    d = position(p1=dict(space=4, hand=["cross"], boosts=["piercingpenetration"]),
                 p2=dict(space=5, hand=["sweep"], boosts=["kaplow"], life=2),
                 chars=("seth", "superskullman"))
    deck = len(d.zone(P2, Zone.DECK))
    d.strike("cross", "sweep")
    assert d.life(P2) == 2
    assert [(e.amount, e.discarded) for e in d.events(ev.DamageTakenAsDiscards)] == [(1, 2)]
    assert len(d.zone(P2, Zone.DECK)) == deck - 2


def test_hyper_shadowstep_strike_needs_4_different_specials_in_overdrive() -> None:
    """Hyper Shadowstep Strike (Bang, 8 gauge; card rule ``gauge_cost_reduction
    free_if_4_specials_in_overdrive``, roster.md) is free with four *different* Specials
    in his overdrive area: the reference client's ``get_gauge_cost`` (~437,300) counts
    the Specials there by card, each once (``found_specials``), and frees the cost at 4
    (Bang has exactly four Specials, two copies each).

    Exceeded Bang (3) holds two Bang Style Shurikens and two Void Tempest Kicks in
    overdrive (four Specials, two different) and one gauge card: the Strike costs its
    printed 8, cannot be paid and is invalid (before: free, it closed and hit)."""
    d = position(p1=dict(space=3, exceeded=True, hand=["hypershadowstepstrike"], gauge=["grasp"],
                         overdrive=["bangstyleshuriken", "bangstyleshuriken", "voidtempestkick",
                                    "voidtempestkick"]),
                 p2=dict(space=7, hand=["focus"]), chars=("bang", "ryu"), active=P2)
    d.strike("focus", "hypershadowstepstrike")
    assert d.space(P1) == 3  # no close: the attack was invalid
    assert "Hyper Shadowstep Strike" in d.zone(P1, Zone.DISCARD)
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]


def test_extra_attack_dodge_at_range_stays_for_the_reactive_attack() -> None:
    """The same for an extra attack's passive ``dodge_at_range`` (the client keeps it in
    the player's strike bonuses, read by ``in_range``'s range dodge ~421,900, until
    cleanup). Dan (3), Legendary Taunt, makes an extra attack with Haoh Gadouken (free:
    no other card in hand; ``during_strike: dodge_at_range 2-5``), which hits P2's Focus
    (5) for 7 - 2 armor = 5, not above guard 5. P2's Focus (range 1-2) then misses Dan
    from range 2 (before: it hit him for 3)."""
    d = position(p1=dict(space=3, hand=["legendarytaunt", "haohgadouken"], gauge=["grasp", "dive"]),
                 p2=dict(space=5, hand=["focus"]), chars=("dan", "dan"))
    d.strike("legendarytaunt", "focus")
    d.pay("grasp", "dive")
    d.choose("pass")
    d.act(ChooseOption(index=1))  # play_attack_from_hand, no draw
    d.select(P1, "haohgadouken")
    assert d.life(P2) == 25
    assert d.life(P1) == 30
