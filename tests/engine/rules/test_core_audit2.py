"""Core rulebook audit, second pass: rules that no other rule test pinned, each test
naming its section and quoting a few of its words. Each was checked against the engine
(found right unless the test says otherwise). Card facts: roster.md."""

from __future__ import annotations

from conftest import P1, P2, Driver, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    ChoiceRequest,
    EffectOrderRequest,
    Exceed,
    OrderEffects,
    PayGaugeRequest,
    Prepare,
    Strike,
)
from engine.core.ids import Zone


def test_no_limit_to_continuous_boosts_and_all_leave_at_cleanup() -> None:
    """Core rulebook, Continuous Boosts: "There is no limit to the number of Continuous
    Boosts that can be in your in-play area"; Cleanup 2: "Discard all Continuous Boosts
    in your Boost area". Ryu has Fierce (+2 power), Light (+2 speed) and Defend (+1
    armor, +3 guard) in play: his Cross is power 5, speed 8, armor 1, guard 3. It hits
    Ken's Sweep first for 5 and retreats 3 (3 to 1); Sweep (range 1-3) answers for 6 - 1
    = 5, more than guard 3 (stunned, too late to matter). All three boosts leave."""
    d = position(p1=dict(space=3, hand=["cross"], boosts=["grasp", "sweep", "spike"]),
                 p2=dict(space=4, hand=["sweep"]))
    d.strike("cross", "sweep")
    [priority] = d.events(ev.PriorityDetermined)
    assert (priority.first, priority.speed_p1, priority.speed_p2) == (P1, 8, 2)
    assert d.life(P2) == 25 and d.life(P1) == 25
    assert d.space(P1) == 1
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Sweep", "Spike"]
    assert d.zone(P1, Zone.GAUGE) == ["Cross"] and d.zone(P2, Zone.GAUGE) == ["Sweep"]


def test_a_stunned_reactive_player_still_cleans_up() -> None:
    """Core rulebook, Reactive Player Attack: "If they are Stunned, skip their attack
    entirely"; Cleanup: "both players clean up" (2: "Discard all Continuous Boosts", 3:
    "If you didn't hit your opponent, put your attack card into your discard pile").
    Ryu's Spike (speed 3, ignores armor and guard) hits Ken's Sweep (speed 2, Defend in
    play) for 5 and stuns him: Sweep never activates, and at cleanup Ken's Defend and his
    Sweep go to the discard pile while Spike goes to Ryu's gauge."""
    d = position(p1=dict(space=3, hand=["spike"]),
                 p2=dict(space=5, hand=["sweep"], boosts=["spike"]))
    d.strike("spike", "sweep")
    assert [e.player for e in d.events(ev.AttackSkipped)] == [P2]
    assert [e.player for e in d.events(ev.AttackActivated)] == [P1]
    assert d.life(P2) == 25 and d.life(P1) == 30
    assert d.zone(P2, Zone.BOOSTS) == []
    assert d.zone(P2, Zone.DISCARD) == ["Spike", "Sweep"]
    assert d.zone(P2, Zone.GAUGE) == []
    assert d.zone(P1, Zone.GAUGE) == ["Spike"]


def test_sustain_lasts_until_the_next_strike_and_may_be_renewed() -> None:
    """Core rulebook, Glossary "Sustain": "Sustaining a Boost only lasts until the next
    Strike. You may continue to sustain Boosts over multiple Strikes"; Cleanup 2: "If a
    Continuous Boost was sustained during this Strike, leave it in play instead". Dan's
    Saikyo Glory (Koryuken's boost: ``cleanup: [if not_stunned] choice <sustain_this |
    pass>``) is sustained at two strikes (Assault's advantage keeps Dan's turns coming),
    then not at the third, where it is discarded."""
    d = position(p1=dict(space=3, hand=["assault", "assault", "cross"], boosts=["koryuken"]),
                 p2=dict(space=5, hand=["block", "block", "spike"]), chars=("dan", "ryu"))
    for strike in range(2):
        d.strike("assault", "block")
        d.decline()  # Block: no force for armor
        d.choose("sustain")
        assert d.zone(P1, Zone.BOOSTS) == ["Koryuken"], f"strike {strike + 1}"
        assert d.expect(ActionRequest).player == P1  # Assault's advantage
    d.strike("cross", "spike")
    d.choose("pass")
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.DISCARD) == ["Koryuken"]
    assert d.life(P2) == 23  # 2 + 2 (Assault 4 - Block's 2 armor) + 3 (Cross)
    assert len(d.events(ev.BoostSustained)) == 2


def test_the_hand_limit_is_checked_for_the_turn_player_only() -> None:
    """Core rulebook, Hand Size: "If you have more than 7 cards in hand, discard cards down
    to 7 at the end of your turn" - your turn: Ken, holding 8 cards, discards nothing at
    the end of Ryu's Prepare turn."""
    eight = ["grasp", "grasp", "cross", "cross", "dive", "dive", "spike", "spike"]
    d = position(p1=dict(space=3, hand=["block"]), p2=dict(space=7, hand=eight))
    d.act(Prepare())
    assert d.expect(ActionRequest).player == P2
    assert len(d.p(P2).hand) == 8
    assert len(d.p(P1).hand) == 3
    assert not [e for e in d.events(ev.CardMoved) if e.reason is ev.MoveReason.HAND_LIMIT]


def test_gauge_is_spent_in_any_order() -> None:
    """Core rulebook, Gauge: "When spending Gauge, move the cards from your Gauge Area to
    your discard pile. You may discard cards from your Gauge in any order." Ryu exceeds
    (cost 2) with three gauge cards and spends the first and the last; the middle one
    stays."""
    d = position(p1=dict(space=3, hand=["block"], gauge=["grasp", "cross", "dive"]),
                 p2=dict(space=7))
    d.act(Exceed())
    request = d.expect(PayGaugeRequest, P1)
    assert request.amount == 2 and len(request.candidates) == 3
    d.pay("dive", "grasp")
    assert d.p(P1).exceeded
    assert d.zone(P1, Zone.GAUGE) == ["Cross"]
    assert d.zone(P1, Zone.DISCARD) == ["Dive", "Grasp"]


def _temple_massage() -> Driver:
    """C. Viper (space 3) strikes Ryu's Block (space 4) with a Critical Temple Massage
    (roster.md: range 1, power 4, speed 4; ``hit: [if is_critical] draw 3`` and ``hit:
    force_for_effect`` up to 4 force, +1 power each), holding only Grasp besides."""
    d = position(p1=dict(space=3, hand=["templemassage", "grasp"], gauge=["dive"],
                         deck=["cross", "assault", "focus"]),
                 p2=dict(space=4, hand=["block"]), chars=("cviper", "ryu"))
    d.printed_order = False  # these tests answer the order themselves
    d.strike("templemassage", "block", crit=(True, False))
    return d


def test_the_attacks_two_hit_triggers_are_resolved_in_the_order_chosen() -> None:
    """Core rulebook, FAQ: "My attack has two 'Hit' triggers. How do I resolve them? You
    choose the order to resolve each trigger. You must resolve all triggers on your
    attack." (Trigger Effects: "you choose the order to activate each trigger").
    Temple Massage's two Hit triggers are offered for ordering. Drawn first, the 3 cards
    pay 4 force with Grasp: 4 + 4 - 2 (Block's armor) = 6 damage.

    Defect: the engine kept one card's triggers in printed order and never asked."""
    d = _temple_massage()
    request = d.expect(EffectOrderRequest, P1)
    assert [(d.name(e.card), e.tags) for e in request.effects] == [
        ("Temple Massage", ("draw",)), ("Temple Massage", ("force_for_effect",))]
    d.act(OrderEffects(order=(0, 1)))
    assert d.expect(ChoiceRequest, P1).labels[-1] == "spend 4 force"
    d.choose("spend 4 force")
    d.pay("grasp", "cross", "assault", "focus")
    assert d.life(P2) == 24


def test_the_attacks_hit_triggers_in_the_other_order() -> None:
    """Core rulebook, FAQ (two 'Hit' triggers, "You choose the order"): the force trigger
    first, with Grasp alone to pay: 1 force, +1 power (5 - 2 = 3 damage), then the 3
    cards are drawn."""
    d = _temple_massage()
    d.expect(EffectOrderRequest, P1)
    d.act(OrderEffects(order=(1, 0)))
    assert d.expect(ChoiceRequest, P1).labels == ("spend 0 force", "spend 1 force")
    d.choose("spend 1 force")
    d.pay("grasp")
    assert d.life(P2) == 27
    assert d.zone(P1, Zone.HAND) == ["Cross", "Assault", "Focus"]


def test_an_attack_trigger_that_cannot_act_is_not_ordered() -> None:
    """Core rulebook, FAQ (two 'Hit' triggers): only triggers that act are ordered. Not
    Critical, Temple Massage's ``[if is_critical] draw 3`` does nothing, so no order is
    asked and the force trigger comes at once."""
    d = position(p1=dict(space=3, hand=["templemassage", "grasp"], gauge=["dive"]),
                 p2=dict(space=4, hand=["block"]), chars=("cviper", "ryu"))
    d.printed_order = False
    d.strike("templemassage", "block", crit=(False, False))
    labels = d.expect(ChoiceRequest, P1).labels  # Grasp and the gauge's Dive
    assert labels == ("spend 0 force", "spend 1 force", "spend 2 force")


def test_an_attacks_set_effects_keep_their_printed_order() -> None:
    """Core rulebook, FAQ (an attack's two 'Hit' triggers, ordered by its player) is
    about the attack's triggers when it activates; its set effects are one paragraph whose
    parts build on each other and stay together, in printed order: Hilda's Condensity
    Gloom (roster.md: ``set_strike: [if was_not_wild_swing] place_buddy_in_any_space`` and
    ``set_strike: [if buddy_in_play] reveal_strike + calculate_range_from_buddy``) is one
    entry beside her character card's set effect, never two."""
    d = position(p1=dict(space=2, hand=["condensitygloom"]), p2=dict(space=7, hand=["block"]),
                 chars=("hilda", "nehtali"))
    d.printed_order = False
    d.act(Strike())
    d.set_attack(P1, "condensitygloom")
    request = d.expect(EffectOrderRequest, P1)
    assert [(e.card == -1, e.tags) for e in request.effects] == [
        (False, ("place_buddy_in_any_space", "reveal_strike")), (True, ("add_attack_effect",))]
