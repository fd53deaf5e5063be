"""Our effect handlers against the reference client's implementation of the same
effects (``scenes/game/local_game.gd`` of daniel-k-taylor/exceedgameclient at 278d3c91,
``handle_strike_effect`` from ``return_attack_to_top_of_deck`` to the end): each test
names the card, the reference effects.md words and the client's line with its offset."""

from __future__ import annotations

from conftest import P1, P2, boost, position

from engine import events as ev
from engine.core.decisions import ActionRequest, CharacterAction
from engine.core.ids import Zone


def test_byakuya_strike_with_ex_holding_no_pair_makes_no_strike() -> None:
    """Byakuya's exceeded action (2 gauge; roster.md: ``draw 2 + choice <strike_with_ex
    | pass>``). effects.md, strike_with_ex: "You must strike with an EX attack (a pair,
    or with an EX-granting boost); no wild swing." The client's arm (offset ~378,100):
    ``"strike_with_ex": if performing_player.can_ex_strike_with_something(): ...`` and
    nothing otherwise (``can_ex_strike_with_something``: an attack_is_ex boost in play,
    or two cards of one id in hand). Holding Grasp and Cross, he draws Spike and Sweep:
    no pair, so choosing the EX strike starts no strike; his turn ends with its draw
    (Focus) and Ryu acts next. Before: he set a single card and struck."""
    d = position(p1=dict(space=3, exceeded=True, hand=["grasp", "cross"],
                         gauge=["dive", "dive"], deck=["spike", "sweep", "focus"]),
                 p2=dict(space=4, hand=["block"]), chars=("byakuya", "ryu"))
    d.act(CharacterAction(index=0))
    d.pay("dive", "dive")
    d.choose("strike with ex")
    assert d.events(ev.StrikeStarted) == []
    assert d.expect(ActionRequest).player == P2
    assert sorted(d.zone(P1, Zone.HAND)) == ["Cross", "Focus", "Grasp", "Spike", "Sweep"]
    assert (d.life(P1), d.life(P2)) == (30, 30)


def test_byakuya_strike_with_ex_holding_a_pair_still_strikes_with_it() -> None:
    """The same action drawing a second Spike: the pair is his only legal attack (set
    without asking, as the client's ``decision_info.limitation = "EX"``), and it strikes
    (client, offset ~378,100: ``create_event(EventType_ForceStartStrike, ...,
    disable_wild_swing)``)."""
    d = position(p1=dict(space=3, exceeded=True, hand=["grasp", "spike"],
                         gauge=["dive", "dive"], deck=["spike", "sweep", "focus"]),
                 p2=dict(space=4, hand=["block"]), chars=("byakuya", "ryu"))
    d.act(CharacterAction(index=0))
    d.pay("dive", "dive")
    d.choose("strike with ex")
    assert len(d.events(ev.StrikeStarted)) == 1
    assert [len(e.cards) for e in d.events(ev.AttackSet) if e.player == P1] == [2]


def test_phonon_muniel_with_an_empty_hand_sets_printed_power_to_0() -> None:
    """Phonon's Muniel (Complete Servitude's boost; roster.md: ``now: self_discard_choose
    1 {destination=reveal, discard_effect=(save_power)}``, ``during_strike:
    use_saved_power_as_printed_power``, ``now: strike``). effects.md: save_power "Store a
    number (set from a revealed card's printed power)", use_saved_power_as_printed_power
    "Your attack's printed power becomes the stored number"; neither says what an empty
    hand stores. The client's ``self_discard_choose`` arm (offset ~359,300) with no card
    to reveal: ``if ... ['effect_type'] == "save_power": performing_player.saved_power =
    0``. Boosting Muniel, her last card, Phonon wild swings Cross (power 3) into Spike
    at range 1: its printed power is 0, so it hits for 0. Before: no power was saved and
    Cross kept its 3 (Nehtali to 27)."""
    d = position(p1=dict(space=4, hand=["completeservitude"], deck=["cross", "grasp"]),
                 p2=dict(space=5, hand=["spike"]), chars=("phonon", "nehtali"))
    boost(d, "completeservitude")
    assert d.events(ev.PowerSaved) == [ev.PowerSaved(player=P1, value=0)]
    d.set_attack(P2, "spike")  # her wild swing (Cross, the top card) was automatic
    assert d.events(ev.PrintedPowerSet) == [ev.PrintedPowerSet(player=P1, value=0)]
    assert d.life(P2) == 30
