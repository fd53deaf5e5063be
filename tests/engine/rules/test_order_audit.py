"""Strike resolution order and turn structure audit: effects.md's "Strike resolution
order as implemented", "Turn structure around strikes" and "Timings", with the core
rulebook's Resolving Strikes and Actions, each test naming its step (and quoting a few
of its words). Card facts: roster.md."""

from __future__ import annotations

from conftest import P1, P2, Driver, boost
from uni_fixture import UNI_CATALOG

from engine import events as ev
from engine.core.decisions import SetAttackRequest
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
