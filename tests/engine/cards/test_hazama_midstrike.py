"""Hazama's Serpent's Benediction played during a strike: its strike is not offered.

Card facts: roster.md, "Hazama". Rising Fang's continuous boost Vengeful Viper, ``hit:
choice <boost_then_sustain_topdiscard 1 {limitation=continuous} | pass>``, can play
Hungry Coils' continuous boost Serpent's Benediction from the top of the discard pile
in the middle of a strike. Serpent's Benediction: ``now: force_costs_reduced_passive 1``
and ``now: choice <strike_opponent_sets_first | pass>``. effects.md, ``strike``:
"Outside a strike: you must initiate a strike now. Ignored during a strike." So during a
strike the strike option does nothing; it is not offered, and with only ``pass`` left
no decision is asked. Outside a strike the choice stays, and the strike starts with the
opponent setting first.

The same holds for any boost whose strike-starting effect is reached mid-strike: Bang's
Bang-Style Shuriken (``before: ... choice <boost_then_sustain {hand, ignore_costs} |
pass>``) playing Hyper Shadowstep Strike's For Love And Justice (``now: strike``)
starts no strike and asks nothing.

Hazama is P1 and Nehtali P2 (the standard Normals): Cross (range 1-2, power 3, speed 6,
``after: retreat 3``), Sweep (range 1-3, power 6, speed 2, guard 6).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from conftest import P1, P2, Driver, boost, position

from engine import events as ev
from engine.cards import schema as c
from engine.core.decisions import ActionRequest, ChoiceRequest, SetAttackRequest, Strike
from engine.core.ids import Zone
from engine.effects.control import _offered


def _viper_plays_benediction() -> Driver:
    """Hazama (on 3) with Vengeful Viper in play and Hungry Coils on his discard pile
    hits Nehtali (on 4) with Cross, before her Sweep; Vengeful Viper's hit choice plays
    Serpent's Benediction."""
    d = position(p1=dict(space=3, hand=["cross"], boosts=["risingfang"],
                         discard=["hungrycoils"]),
                 p2=dict(space=4, hand=["sweep"]), chars=("hazama", "nehtali"))
    d.act(Strike())
    d.set_attack(P1, "cross")
    d.set_attack(P2, "sweep")
    d.choose("boost then sustain topdiscard")
    return d


def test_serpents_benediction_mid_strike_strike_opponent_sets_first_not_offered() -> None:
    """Mid-strike (Vengeful Viper's hit), Serpent's Benediction's ``choice
    <strike_opponent_sets_first | pass>`` asks nothing (its strike would do nothing);
    ``force_costs_reduced_passive 1`` still applies. The strike ends as it would have:
    Cross deals 3 to Nehtali (30 to 27), Hazama retreats 3 (3 to 1), her Sweep reaches
    him at range 3 for 6 (30 to 24, stunned); Cross goes to his gauge, Rising Fang to
    the discard pile, Serpent's Benediction stays in play (sustained) and Nehtali acts
    next. No second strike starts."""
    d = _viper_plays_benediction()
    assert [r for r in d.forced if isinstance(r, ChoiceRequest)] == []
    assert d.expect(ActionRequest).player == P2
    assert d.game.table.force_discount(P1) == 1
    assert d.life(P2) == 27 and d.life(P1) == 24
    assert d.space(P1) == 1 and d.space(P2) == 4
    assert d.zone(P1, Zone.BOOSTS) == ["Hungry Coils"]
    assert d.zone(P1, Zone.DISCARD) == ["Rising Fang"]
    assert d.zone(P1, Zone.GAUGE) == ["Cross"]
    assert d.events(ev.BoostSustained)[0].card == d.ref(P1, "hungrycoils", Zone.BOOSTS)
    assert len(d.events(ev.StrikeStarted)) == 1 and d.state.strike is None


def test_serpents_benediction_as_the_action_offers_the_strike_opponent_sets_first() -> None:
    """Outside a strike (boosted as Hazama's action) the choice is offered, ``strike``
    and ``pass``; taking the strike starts one in which Nehtali sets first."""
    d = position(p1=dict(space=3, hand=["hungrycoils", "cross"]),
                 p2=dict(space=4, hand=["sweep"]), chars=("hazama", "nehtali"))
    boost(d, "hungrycoils")
    request = d.expect(ChoiceRequest, P1)
    assert request.labels == ("strike", "pass")
    d.choose("strike")
    assert d.state.strike is not None and d.state.strike.attacker == P1
    d.expect(SetAttackRequest, P2)
    d.set_attack(P2, "sweep")
    d.set_attack(P1, "cross")
    assert [e.player for e in d.events(ev.AttackSet)] == [P2, P1]
    assert d.game.table.force_discount(P1) == 1


def test_for_love_and_justice_now_strike_mid_strike_starts_nothing() -> None:
    """Bang's Bang-Style Shuriken (1F, range 1-4, power 1, speed 6) boosts For Love And
    Justice (Hyper Shadowstep Strike's continuous boost: ``during_strike: powerup 1 +
    speedup 1``, ``now: strike``) from his hand in its before step: its strike is
    ignored (no decision, no second strike); its powerup applies on arrival: the
    Shuriken deals 1 + 1 = 2 to Ryu's Sweep."""
    d = position(p1=dict(space=3, hand=["bangstyleshuriken", "hypershadowstepstrike",
                                        "cross"], deck=["dive", "spike"]),
                 p2=dict(space=5, hand=["sweep"]), chars=("bang", "ryu"))
    d.strike("bangstyleshuriken", "sweep")
    d.pay("cross")
    d.choose("boost")
    d.select(P1, "hypershadowstepstrike")
    played = [e for e in d.events(ev.CardMoved) if e.dst is Zone.BOOSTS]
    assert [d.name(e.card) for e in played] == ["Hyper Shadowstep Strike"]
    assert [r for r in d.forced if isinstance(r, ChoiceRequest)] == []
    assert len(d.events(ev.StrikeStarted)) == 1
    assert d.life(P2) == 28 and d.state.strike is None


def test_choice_offered_options_during_a_strike_keep_one_way_to_decline() -> None:
    """The rule beyond Hazama (``engine.effects.control._offered``, options written as
    cards write them): during a strike an option that would only start a strike goes
    while another option does nothing (``strike | pass``: only ``pass``; ``strike |
    strike_wild``: the first stays); with no such option it stays, as the way to decline
    the rest (Dan's ``strike | move_top_cards``, Ragna's ``close 1, then strike |
    strike``: both offered). A delayed wild swing made now (Morathi's ``strike_wild
    {auto_delayed_strike}``) does something and stays; outside a strike every option is
    offered."""
    strike, wild, passing = (c.Strike(),), (c.StrikeWild(),), (c.Pass(),)
    close = (c.Close(amount=1, then=(c.Strike(),)),)
    draw = (c.Draw(amount=1),)
    delayed = (c.StrikeWild(auto_delayed_strike=True),)
    in_strike = _ctx(strike=True)
    assert _offered(in_strike, (strike, passing)) == [passing]
    assert _offered(in_strike, (strike, wild)) == [strike]
    assert _offered(in_strike, (strike, draw)) == [strike, draw]
    assert _offered(in_strike, (close, strike)) == [close, strike]
    assert _offered(in_strike, (draw, delayed)) == [draw, delayed]
    assert _offered(_ctx(strike=False), (strike, passing)) == [strike, passing]


def _ctx(strike: bool) -> Any:
    """Just what ``_offered`` reads of an effect context: whether a strike is on."""
    state = SimpleNamespace(strike=object() if strike else None)
    return SimpleNamespace(table=SimpleNamespace(state=state))
