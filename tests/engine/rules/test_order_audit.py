"""Strike resolution order and turn structure audit: effects.md's "Strike resolution
order as implemented", "Turn structure around strikes" and "Timings", with the core
rulebook's Resolving Strikes and Actions, each test naming its step (and quoting a few
of its words). Card facts: roster.md."""

from __future__ import annotations

from conftest import P1, P2, Driver, boost, position
from uni_fixture import UNI_CATALOG

from engine import events as ev
from engine.core.decisions import PayGaugeRequest, SetAttackRequest, Strike
from engine.core.ids import Zone
from engine.play.scenario import Scenario


def _uni(p1: dict[str, object], p2: dict[str, object]) -> Driver:
    """A position with the test-only UNI fighter ``unitester`` (the uni Normals) in both
    seats, P1 to act."""
    builder = Scenario("unitester", "unitester", UNI_CATALOG)
    builder.player(P1, **p1)
    builder.player(P2, **p2)
    builder.active(P1)
    return Driver(builder.game(0))


def test_after_setting_extra_runs_before_the_defender_responds() -> None:
    """effects.md, strike resolution step 3: the initiator's set effects include "any
    'after setting' extra", and "The defender sees the outcome before responding"
    (glossary, ``strike_effect_after_setting``: "after you set, an extra effect runs").
    The uni Spike boost Mixup (roster.md: immediate, 0; ``choice <close 1 | retreat 1>``,
    ``strike_effect_after_setting {after_set_effect=(draw 1)}``): P1 closes 1 and sets
    Spike; P1 has drawn the Cross on top of the deck when P2 is asked to set, not only at
    the reveal (the engine drew it there: P1's hand was empty at P2's set)."""
    d = _uni(p1=dict(space=3, hand=["spike", "spike"], deck=["cross"]),
             p2=dict(space=6, hand=["block"]))
    boost(d, "spike")
    d.choose("close 1")
    d.set_attack(P1, "spike")
    d.expect(SetAttackRequest, P2)
    assert d.events(ev.AfterSetEffectsDue) == [ev.AfterSetEffectsDue(player=P1)]
    assert d.zone(P1, Zone.HAND) == ["Cross"]
    d.set_attack(P2, "block")
    assert d.zone(P1, Zone.HAND) == ["Cross"]  # one draw only, none at the reveal
    assert d.life(P2) == 25  # Spike (power 5, ignore armor) hits from 4 at range 2


def test_a_replacement_wild_swing_that_must_be_set_face_up_is_invalid() -> None:
    """effects.md, strike resolution step 8: "The card becomes invalid if it cannot be
    paid or is forced invalid (... Verderben not set face-up ...). The player then wild
    swings again and again until a valid card appears"; core rulebook, Invalid attacks:
    "These replacement Wild Swings are not considered to be setting a new attack" (so no
    set effect can turn one face up). Waldstein's Verderben (roster.md: ultra 4G,
    ``_rules_: invalid_if_not_set_face_up=True``) turned over as the replacement for a
    declined wild-swung Katastrophe (ultra 2G) is invalid at once, even with 5 gauge to
    pay for it: no payment is offered and Assault is swung next. The engine offered the
    4 gauge for Verderben (an optional PayGaugeRequest of 4; AttackInvalid named only
    Katastrophe)."""
    d = position(p1=dict(space=3, hand=["grasp"],
                         gauge=["cross", "dive", "spike", "sweep", "focus"],
                         deck=["katastrophe", "verderben", "assault"]),
                 p2=dict(space=6, hand=["block"]), chars=("waldstein", "ryu"))
    d.act(Strike())
    d.set_attack(P1, "wild")
    d.set_attack(P2, "block")
    assert d.expect(PayGaugeRequest, P1).amount == 2  # Katastrophe, wild-swung: declined
    d.decline()
    assert [d.name(e.card) for e in d.events(ev.AttackInvalid)] == ["Katastrophe",
                                                                     "Verderben"]
    assert [d.name(e.card) for e in d.events(ev.WildSwingRevealed)] == ["Verderben",
                                                                        "Assault"]
    assert d.zone(P1, Zone.DISCARD) == ["Katastrophe", "Verderben"]
    # no gauge spent; Assault (close 2, range 1) hits Block and goes to gauge
    assert d.zone(P1, Zone.GAUGE) == ["Cross", "Dive", "Spike", "Sweep", "Focus", "Assault"]


def test_a_stun_from_an_effects_damage_runs_the_on_stunned_hook() -> None:
    """effects.md, Timings: ``on_stunned``, "Character hook when you become stunned";
    strike resolution step 12: damage taken this strike accumulates and "each check
    compares the total so far" (``take_damage`` counts toward it). Londrekia exceeded
    (roster.md: ``on_stunned: spend_all_gauge_and_save_amount + set_strike_x
    {source=gauge_spent_before_strike} + draw strike_x + revert``) defends with Spike
    (guard 4) against Rachel's faster Cross (power 3: not stunned); then Rachel's
    lightning rod on her space strikes for 2 (BlazBlue: 2 nonlethal damage after the
    attack): 5 taken, stunned, so her hook runs: both gauge cards spent, 2 cards drawn,
    reverted. The engine stunned her without running it (gauge kept, still exceeded)."""
    d = position(p1=dict(space=4, hand=["cross"], rods=[("dive", 5)]),
                 p2=dict(space=5, hand=["spike"], gauge=["grasp", "assault"],
                         exceeded=True, deck=["focus", "sweep", "block"]),
                 chars=("rachel", "londrekia"))
    d.strike("cross", "spike")
    d.choose("strike")  # the rod on Londrekia's space
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert [e.player for e in d.events(ev.AttackSkipped)] == [P2]
    assert d.life(P2) == 25
    assert d.zone(P2, Zone.GAUGE) == []
    assert d.zone(P2, Zone.HAND) == ["Focus", "Sweep"]
    assert not d.p(P2).exceeded
