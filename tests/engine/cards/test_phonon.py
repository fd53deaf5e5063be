"""Phonon (Under Night In-Birth): her ability and exceed ability (keyed to her character
action strike and to whether the last turn was a strike), her exceeded actions, and
every attack and boost, among them the ranges whose bound is the attack's total power.

Card facts: roster.md, "Phonon". Phonon is P1 and Nehtali P2 (no ability, the standard
Normals): he mostly answers with Cross (range 1-2, power 3, speed 6), Spike (range 2-3,
power 5, speed 3, guard 4) or Sweep (range 1-3, power 6, speed 2, guard 6). A test's
name contains the effect and condition tags it exercises.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import CATALOG, P1, P2, Driver, boost, position

from engine import events as ev
from engine.cards import schema as c
from engine.cards.catalog import DATA_DIR, CardDataError, load_catalog
from engine.core.context import EffectCtx
from engine.core.decisions import (
    ActionRequest,
    CharacterAction,
    ChoiceRequest,
    MoveTo,
    PayGaugeRequest,
    Prepare,
    SelectCardsRequest,
    Strike,
)
from engine.core.ids import Zone
from engine.core.state import Stat
from engine.effects import resolve
from engine.effects.amounts import total_power
from engine.play.scenario import Scenario

CHARS = ("phonon", "nehtali")


def phonon(p1: dict[str, Any], p2: dict[str, Any], active: Any = P1) -> Driver:
    """A position with Phonon as P1 and Nehtali as P2."""
    return position(p1=p1, p2=p2, chars=CHARS, active=active)


def _next(d: Driver) -> object:
    return d.expect(ActionRequest).player


def _power(d: Driver, who: Any = P1) -> list[int]:
    return [e.amount for e in d.events(ev.StatModified) if e.stat is Stat.POWER
            and e.player == who]


def _action_strike(d: Driver, index: int, attack: str, response: str, *gauge: str) -> None:
    """Phonon takes character action ``index`` (a strike), paying ``gauge`` if asked."""
    d.act(CharacterAction(index=index))
    if isinstance(d.pending, PayGaugeRequest) and gauge:
        d.pay(*gauge)
    d.respond(P1, attack, response)


def _strike_last_turn(d: Driver) -> None:
    """Nehtali (active) strikes Block against Phonon's Block on turn 1: nobody is hit,
    and on turn 2 the last turn was a strike."""
    d.strike("block", "block")
    assert d.events(ev.StrikeTurnNoted) == [ev.StrikeTurnNoted(turn=1)]


# --- ability, exceed ability, character actions ----------------------------------------


def test_phonon_ability_used_character_action_not_last_turn_was_strike_powerup_2() -> None:
    """Phonon's ability: after her free character action strike (default #0), ``set_strike:
    [if used_character_action 0] pass, then [if last_turn_was_strike] powerup 1, else
    powerup 2``. No strike last turn: +2. Impulsive Frustration (power 3, speed 4) hits
    Spike first for 5, stunning him (guard 4), then pushes 2."""
    d = phonon(dict(space=3, hand=["impulsivefrustration"]), dict(space=5, hand=["spike"]))
    _action_strike(d, 0, "impulsivefrustration", "spike")
    assert _power(d) == [2]
    assert d.life(P2) == 25
    assert d.life(P1) == 30
    assert d.space(P2) == 7


def test_phonon_ability_last_turn_was_strike_powerup_1() -> None:
    """Phonon's ability: with a strike on the previous turn her character action strike
    gets +1 only: Impulsive Frustration hits Spike for 4, who is stunned (guard 4)."""
    d = phonon(dict(space=3, hand=["impulsivefrustration", "block"]),
               dict(space=5, hand=["block", "spike"]), active=P2)
    _strike_last_turn(d)
    _action_strike(d, 0, "impulsivefrustration", "spike")
    assert _power(d) == [1]
    assert d.life(P2) == 26


def test_phonon_ability_plain_strike_action_gets_no_power() -> None:
    """Phonon's ability: the ordinary Strike action is no character action: Impulsive
    Frustration hits for its printed 3 and Spike (guard 4, not stunned) hits back."""
    d = phonon(dict(space=3, hand=["impulsivefrustration"]), dict(space=5, hand=["spike"]))
    d.act(Strike())
    d.respond(P1, "impulsivefrustration", "spike")
    assert _power(d) == []
    assert d.life(P2) == 27


def test_phonon_exceeded_action_not_last_turn_was_strike_choice_close_strike() -> None:
    """Phonon exceeded, character action #0 (1 gauge): no strike last turn, so she chooses
    close 1 or retreat 1, then strikes; her exceed ability gives ``set_strike: [if
    used_character_action 0] powerup 2``. She closes 4 -> 5 (Nehtali on 7): Impulsive
    Frustration at range 2 hits Spike for 5."""
    d = phonon(dict(space=4, hand=["impulsivefrustration"], gauge=["grasp"], exceeded=True),
               dict(space=7, hand=["spike"]))
    d.act(CharacterAction(index=0))
    if isinstance(d.pending, PayGaugeRequest):
        d.pay("grasp")
    labels = d.expect(ChoiceRequest, P1).labels
    assert len(labels) == 2
    d.choose("close")
    assert d.space(P1) == 5
    d.respond(P1, "impulsivefrustration", "spike")
    assert _power(d) == [2]
    assert d.life(P2) == 25


def test_phonon_exceeded_action_retreat_strike() -> None:
    """Phonon exceeded, character action #0: retreat 1 (5 -> 4), then strike: Impulsive
    Frustration (+2: range 2-5) reaches Nehtali 3 spaces away."""
    d = phonon(dict(space=5, hand=["impulsivefrustration"], gauge=["grasp"], exceeded=True),
               dict(space=7, hand=["spike"]))
    d.act(CharacterAction(index=0))
    if isinstance(d.pending, PayGaugeRequest):
        d.pay("grasp")
    d.choose("retreat")
    assert d.space(P1) == 4
    d.respond(P1, "impulsivefrustration", "spike")
    assert d.life(P2) == 25


def test_phonon_exceeded_action_last_turn_was_strike_plain_strike() -> None:
    """Phonon exceeded, character action #0 after a strike last turn: ``[if
    last_turn_was_strike] strike``: no movement choice, she strikes at once (+2)."""
    d = phonon(dict(space=3, hand=["impulsivefrustration", "block"], gauge=["grasp"],
                    exceeded=True), dict(space=5, hand=["block", "spike"]), active=P2)
    _strike_last_turn(d)
    d.act(CharacterAction(index=0))
    if isinstance(d.pending, PayGaugeRequest):
        d.pay("grasp")
    assert not isinstance(d.pending, ChoiceRequest)
    d.respond(P1, "impulsivefrustration", "spike")
    assert _power(d) == [2]
    assert d.space(P1) == 3


def test_phonon_exceeded_revert_cards_from_hand_bonus_action() -> None:
    """Phonon exceeded, character action #1 "Revert": one card from hand to gauge,
    ``revert``, then a bonus action: she acts again, no longer exceeded."""
    d = phonon(dict(space=3, hand=["cross", "grasp"], exceeded=True), dict(space=5))
    d.act(CharacterAction(index=1))
    d.select(P1, "grasp")
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.events(ev.Reverted) == [ev.Reverted(player=P1)]
    assert not d.p(P1).exceeded
    assert _next(d) == P1


# --- attacks: ranges that are the total power ------------------------------------------


def test_phonon_guidanceascension_range_is_total_power_hits_at_1_push() -> None:
    """Guidance Ascension: range TOTAL_POWER-TOTAL_POWER, power 1, speed 6: range 1.
    Adjacent it hits Spike (range 2-3, no reach) for 1 and pushes 2 (5 -> 7)."""
    d = phonon(dict(space=4, hand=["guidanceascension"]), dict(space=5, hand=["spike"]))
    d.strike("guidanceascension", "spike")
    assert d.life(P2) == 29
    assert d.space(P2) == 7


def test_phonon_guidanceascension_range_is_total_power_misses_at_2() -> None:
    """Guidance Ascension: at power 1 its range is exactly 1, so Nehtali 2 spaces away
    is out of range (min and max are both the total power)."""
    d = phonon(dict(space=3, hand=["guidanceascension"]), dict(space=5, hand=["spike"]))
    d.strike("guidanceascension", "spike")
    assert d.life(P2) == 30
    assert [e.player for e in d.events(ev.AttackMissed)] == [P1]


def test_phonon_guidanceascension_charged_attack_powerup_moves_range() -> None:
    """Guidance Ascension with Charged Attack in play (its own boost, ``during_strike:
    powerup 2``): total power 3, so its range is exactly 3: it hits Nehtali 3 spaces
    away for 3 and no longer reaches him adjacent."""
    d = phonon(dict(space=2, hand=["guidanceascension"], boosts=["guidanceascension"]),
               dict(space=5, hand=["spike"]))
    d.strike("guidanceascension", "spike")
    assert _power(d) == [2]
    assert d.life(P2) == 27


def test_phonon_charged_attack_add_boost_to_gauge_on_move() -> None:
    """Charged Attack (Guidance Ascension's boost): ``now: add_boost_to_gauge_on_move``:
    it stays in play until Phonon moves herself; her Move action sends it to her gauge."""
    d = phonon(dict(space=3, hand=["guidanceascension", "cross"]),
               dict(space=6, hand=["cross"], deck=["grasp", "grasp"]))
    boost(d, "guidanceascension")
    assert d.zone(P1, Zone.BOOSTS) == ["Guidance Ascension"]
    d.act(Prepare())  # Nehtali's turn
    d.act(MoveTo(space=4))
    if d.pending is not None and not isinstance(d.pending, ActionRequest):
        d.pay("cross")
    assert d.zone(P1, Zone.BOOSTS) == []
    assert "Guidance Ascension" in d.zone(P1, Zone.GAUGE)


def test_phonon_impulsivefrustration_max_range_is_total_power_misses_at_4() -> None:
    """Impulsive Frustration: range 2-TOTAL_POWER, power 3: Nehtali 4 spaces away is out
    of range; Sweep (range 1-3) cannot reach either."""
    d = phonon(dict(space=1, hand=["impulsivefrustration"]), dict(space=5, hand=["sweep"]))
    d.strike("impulsivefrustration", "sweep")
    assert d.life(P2) == 30
    assert d.life(P1) == 30


def test_phonon_come_at_me_powerup_reaches_range_4() -> None:
    """Come At Me! (Impulsive Frustration's boost, 1 force): ``during_strike: powerup
    3``: Impulsive Frustration's total power 6 makes its range 2-6; answering Nehtali's
    Sweep it hits him 4 spaces away for 6 (guard 6: not stunned; Sweep cannot reach).
    Nehtali is active: at the start of Phonon's turn the boost would go to her gauge."""
    d = phonon(dict(space=1, hand=["impulsivefrustration"], boosts=["impulsivefrustration"]),
               dict(space=5, hand=["sweep"]), active=P2)
    d.strike("sweep", "impulsivefrustration")
    assert _power(d) == [3]
    assert d.life(P2) == 24
    assert d.space(P2) == 7


def test_phonon_come_at_me_start_of_next_turn_add_to_gauge_immediately() -> None:
    """Come At Me!: boosted for 1 force, it stays in play through Nehtali's turn; at the
    start of Phonon's next turn ``add_to_gauge_immediately`` moves it to her gauge."""
    d = phonon(dict(space=3, hand=["impulsivefrustration", "grasp", "cross"]),
               dict(space=7, hand=["cross"]))
    boost(d, "impulsivefrustration", "grasp")
    assert d.zone(P1, Zone.BOOSTS) == ["Impulsive Frustration"]
    d.act(Prepare())  # Nehtali's turn
    assert _next(d) == P1
    assert d.zone(P1, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.GAUGE) == ["Impulsive Frustration"]


def test_phonon_slidingaffliction_range_greater_or_equal_4_pull_gain_advantage() -> None:
    """Sliding Affliction: range 1-TOTAL_POWER, power 3; with Compounding Plots in play
    (+1) its range is 1-4. It hits Nehtali 4 spaces away for 4 and, at range 4 or more,
    offers push 2 or pull 2, each with advantage: she pulls (6 -> 4) and acts next."""
    d = phonon(dict(space=2, hand=["slidingaffliction"], boosts=["turningsatisfaction"]),
               dict(space=6, hand=["sweep"]))
    d.strike("slidingaffliction", "sweep")
    d.choose("pull")
    assert d.life(P2) == 26
    assert d.space(P2) == 4
    assert d.events(ev.AdvantageGained) == [ev.AdvantageGained(player=P1)]
    assert _next(d) == P1


def test_phonon_slidingaffliction_below_range_4_no_choice() -> None:
    """Sliding Affliction: adjacent (range 1 < 4) the hit offers nothing: Nehtali's
    Sweep then hits back, and he takes the next turn."""
    d = phonon(dict(space=4, hand=["slidingaffliction"]), dict(space=5, hand=["sweep"]))
    d.strike("slidingaffliction", "sweep")
    assert d.life(P2) == 27
    assert d.events(ev.AdvantageGained) == []
    assert d.life(P1) == 24


def test_phonon_resonance_initiated_strike_speedup_return_this_boost_to_hand() -> None:
    """Resonance (Sliding Affliction's boost): ``during_strike: [if initiated_strike]
    speedup 2`` (the powerup 2 needs not_initiated_strike); ``hit: choice
    return_this_boost_to_hand | pass``. Her Cross (speed 6 + 2) beats Grasp (7), hits
    and she returns Resonance to her hand."""
    d = phonon(dict(space=4, hand=["cross"], boosts=["slidingaffliction"]),
               dict(space=5, hand=["grasp"]))
    d.strike("cross", "grasp")
    assert [e.amount for e in d.events(ev.StatModified) if e.stat is Stat.SPEED] == [2]
    assert _power(d) == []
    d.choose("return")
    assert "Sliding Affliction" in d.zone(P1, Zone.HAND)
    assert d.zone(P1, Zone.BOOSTS) == []


def test_phonon_resonance_not_initiated_strike_powerup() -> None:
    """Resonance: when Nehtali initiates, ``[if not_initiated_strike] powerup 2`` applies
    instead of the speed; her Cross hits for 5 and she keeps the boost (pass)."""
    d = phonon(dict(space=4, hand=["cross"], boosts=["slidingaffliction"]),
               dict(space=5, hand=["sweep"]), active=P2)
    d.strike("sweep", "cross")
    assert _power(d) == [2]
    d.choose("pass")
    assert d.life(P2) == 25
    assert "Sliding Affliction" in d.zone(P1, Zone.DISCARD)  # discarded at cleanup


def test_phonon_suppressiverestriction_after_push_total_power_draw() -> None:
    """Suppressive Restriction: range 1-8, power 1, speed 2; ``after: choice push
    total_power + draw 2 | pull total_power + draw 2``. With Charged Attack (+2) its
    power is 3: it hits Nehtali (Grasp out of reach) for 3, then pushes him 3 and she
    draws 2."""
    d = phonon(dict(space=1, hand=["suppressiverestriction"], boosts=["guidanceascension"],
                    deck=["grasp", "cross", "dive"]),
               dict(space=4, hand=["grasp"]))
    d.strike("suppressiverestriction", "grasp")
    assert d.life(P2) == 27
    labels = d.expect(ChoiceRequest, P1).labels
    assert labels == ("push total_power (3), then draw 2", "pull total_power (3), then draw 2")
    d.choose("push")
    assert d.space(P2) == 7
    assert len(d.zone(P1, Zone.HAND)) == 2


def test_phonon_suppressiverestriction_after_pull_total_power() -> None:
    """Suppressive Restriction: the pull option moves Nehtali by its total power (1):
    from 4 to 3."""
    d = phonon(dict(space=1, hand=["suppressiverestriction"], deck=["grasp", "cross"]),
               dict(space=4, hand=["grasp"]))
    d.strike("suppressiverestriction", "grasp")
    d.choose("pull")
    assert d.space(P2) == 3


def test_phonon_blowback_range_1_push_then_strike() -> None:
    """Blowback (Suppressive Restriction's immediate boost): ``[if range 1] choice push
    1 + strike | push 2 + strike``. Adjacent, she pushes 2 (5 -> 7) and strikes."""
    d = phonon(dict(space=4, hand=["suppressiverestriction", "impulsivefrustration"]),
               dict(space=5, hand=["spike"]))
    boost(d, "suppressiverestriction")
    d.choose("push 2")
    assert d.space(P2) == 7
    d.respond(P1, "impulsivefrustration", "spike")
    assert d.life(P2) == 27
    assert "Suppressive Restriction" in d.zone(P1, Zone.DISCARD)


def test_phonon_blowback_not_at_range_1_does_nothing() -> None:
    """Blowback: not adjacent, the condition fails: no push, no strike; the turn ends."""
    d = phonon(dict(space=3, hand=["suppressiverestriction", "cross"]),
               dict(space=5, hand=["spike"]))
    boost(d, "suppressiverestriction")
    assert d.space(P2) == 5
    assert d.events(ev.StrikeStarted) == []
    assert _next(d) == P2


def test_phonon_turningsatisfaction_push_reveal_copy_for_advantage() -> None:
    """Tuning Satisfaction: range 1-4, power 2, speed 5; ``hit: push 1, then choice
    reveal_copy (then gain_advantage) | pass``. Holding another copy, she reveals it and gains
    advantage: she acts next although Spike hits her back."""
    d = phonon(dict(space=3, hand=["turningsatisfaction", "turningsatisfaction"]),
               dict(space=5, hand=["spike"]))
    d.strike("turningsatisfaction", "spike")
    assert d.space(P2) == 6
    d.choose("reveal")
    revealed = d.events(ev.HandRevealed)
    assert [d.names(e.cards) for e in revealed] == [["Tuning Satisfaction"]]
    assert d.events(ev.AdvantageGained) == [ev.AdvantageGained(player=P1)]
    assert d.life(P2) == 28
    assert d.life(P1) == 25
    assert _next(d) == P1


def test_phonon_turningsatisfaction_reveal_copy_without_copy_nothing() -> None:
    """Tuning Satisfaction: with no other copy in hand the reveal does nothing: no
    advantage, Nehtali takes the next turn."""
    d = phonon(dict(space=3, hand=["turningsatisfaction", "cross"]),
               dict(space=5, hand=["spike"]))
    d.strike("turningsatisfaction", "spike")
    d.choose("reveal")
    assert d.events(ev.AdvantageGained) == []
    assert _next(d) == P2


def test_phonon_compounding_plots_powerup_bonus_action() -> None:
    """Compounding Plots (Tuning Satisfaction's boost): ``now: bonus_action``: she acts
    again; ``during_strike: powerup 1``: her Cross then hits for 4."""
    d = phonon(dict(space=4, hand=["turningsatisfaction", "cross"]),
               dict(space=5, hand=["spike"]))
    boost(d, "turningsatisfaction")
    assert _next(d) == P1
    d.strike("cross", "spike")
    assert _power(d) == [1]
    assert d.life(P2) == 26


def test_phonon_bindingbeatitude_after_return_attack_to_hand() -> None:
    """Binding Beatitude: ultra (2 gauge), range 3-TOTAL_POWER, power 3; ``after:
    choice return_attack_to_hand | pass``. It hits Nehtali 3 spaces away (Cross cannot
    reach) for 3, and she takes the card back into her hand instead of her gauge."""
    d = phonon(dict(space=2, hand=["bindingbeatitude"], gauge=["grasp", "cross"]),
               dict(space=5, hand=["grasp"]))
    d.strike("bindingbeatitude", "grasp")
    if isinstance(d.pending, PayGaugeRequest):
        d.pay("grasp", "cross")
    assert d.life(P2) == 27
    d.choose("return")
    assert d.zone(P1, Zone.HAND) == ["Binding Beatitude"]
    assert "Binding Beatitude" not in d.zone(P1, Zone.GAUGE)
    assert "Binding Beatitude" not in d.zone(P1, Zone.DISCARD)


def test_phonon_baroque_noise_draw_powerup_return_this_boost_to_hand() -> None:
    """Baroque Noise (Binding Beatitude's boost): ``now: draw 1``; ``during_strike:
    powerup 1``; ``after: choice return_this_boost_to_hand | pass``. Boosted, she draws;
    (then her end-of-turn draw); on Nehtali's strike her Cross gets +1 and after it
    she takes the boost back."""
    d = phonon(dict(space=4, hand=["bindingbeatitude", "cross"], deck=["grasp", "dive"]),
               dict(space=5, hand=["spike"]))
    boost(d, "bindingbeatitude")
    assert sorted(d.zone(P1, Zone.HAND)) == ["Cross", "Dive", "Grasp"]
    d.strike("spike", "cross")
    assert _power(d) == [1]
    assert d.life(P2) == 26
    d.choose("return")
    assert "Binding Beatitude" in d.zone(P1, Zone.HAND)
    assert d.zone(P1, Zone.BOOSTS) == []


def test_phonon_completeservitude_hit_multiply_power_bonuses() -> None:
    """Complete Servitude: ultra (3 gauge), range 3-TOTAL_POWER, power 3; ``hit:
    multiply_power_bonuses 2``. Charged Attack's +2 counts twice: 3 + 4 = 7 damage to
    Nehtali 5 spaces away (range 3-5 with the +2; Grasp cannot reach)."""
    d = phonon(dict(space=1, hand=["completeservitude"], boosts=["guidanceascension"],
                    gauge=["grasp", "cross", "dive"]),
               dict(space=6, hand=["grasp"]))
    d.strike("completeservitude", "grasp")
    if isinstance(d.pending, PayGaugeRequest):
        d.pay("grasp", "cross", "dive")
    assert d.events(ev.PowerBonusesMultiplied) == [
        ev.PowerBonusesMultiplied(player=P1, factor=2)]
    assert d.life(P2) == 23


def test_phonon_completeservitude_multiply_power_bonuses_negative_too() -> None:
    """Complete Servitude's ``multiply_power_bonuses 2`` doubles negative bonuses too.
    In a strike started at its costs, with -1 and +2 on her attack, resolving it makes
    the total 3 - 2 + 4 = 5 (Akuma's positive-only multiplier would make 6)."""
    game = (Scenario("phonon", "nehtali", CATALOG)
            .player(P1, space=1, hand=["completeservitude"], gauge=["grasp", "cross", "dive"])
            .player(P2, space=5, hand=["cross"]).active(P1)
            .strike("costs", p1="completeservitude", p2="cross").game(0))
    table = game.table
    table.emit(ev.StatModified(player=P1, stat=Stat.POWER, amount=-1))
    table.emit(ev.StatModified(player=P1, stat=Stat.POWER, amount=2))
    assert table.state.strike is not None
    side = table.state.strike.sides[P1]
    assert total_power(table, side) == 4
    list(resolve(EffectCtx(table, P1, None), c.MultiplyPowerBonuses(amount=2)))
    assert total_power(table, side) == 5


def test_phonon_muniel_save_power_use_saved_power_as_printed_power() -> None:
    """Muniel (Complete Servitude's boost): ``now: save_power_of_card_from_hand`` (she
    reveals Sweep, power 6), ``during_strike: use_saved_power_as_printed_power``, ``now:
    strike``. Her Cross's printed power becomes 6: it hits Nehtali's Spike first
    (speed 6 > 3) for 6, stunning him."""
    d = phonon(dict(space=4, hand=["completeservitude", "sweep", "cross"]),
               dict(space=6, hand=["spike"]))
    boost(d, "completeservitude")
    request = d.expect(SelectCardsRequest, P1)
    assert len(request.candidates) == 2
    d.select(P1, "sweep")
    assert [e.value for e in d.events(ev.PowerSaved)] == [6]
    assert "Sweep" in d.zone(P1, Zone.HAND)
    d.respond(P1, "cross", "spike")
    assert d.events(ev.PrintedPowerSet) == [ev.PrintedPowerSet(player=P1, value=6)]
    assert d.life(P2) == 24
    assert d.life(P1) == 30


def test_phonon_catalog_total_power_bound_must_hold_printed_power(tmp_path: Path) -> None:
    """The catalog refuses a range bound marked ``max_range_is_total_power`` that does
    not hold the printed power (Impulsive Frustration's 2-3 written as 2-4)."""
    data_dir = tmp_path / "data"
    shutil.copytree(DATA_DIR, data_dir)
    path = data_dir / "characters" / "phonon.json"
    data = json.loads(path.read_text())
    card = next(c for c in data["cards"] if c["id"] == "phonon_impulsivefrustration")
    card["range"] = [2, 4]
    path.write_text(json.dumps(data))
    with pytest.raises(CardDataError, match="total-power bound must hold the printed power"):
        load_catalog(data_dir)


def test_phonon_bindingbeatitude_return_attack_to_hand_loses_its_printed_armor_and_guard() -> None:
    """Binding Beatitude (range 3-TOTAL_POWER, power 3, speed 3, armor 3, guard 3):
    ``after: choice return_attack_to_hand | pass``. effects.md: "Your attack returns to
    your hand (immediately unless ``not_immediate``); it leaves the strike"; the
    reference client then runs ``change_stats_when_attack_leaves_play`` (printed armor
    and guard subtracted). It hits Ryu from 3 away for 3 first; back in her hand, it no longer gives armor 3 or guard 3: Sweep (power
    6) hits her for 6 (not 3) and stuns her, and its hit makes her discard her one
    card, Binding Beatitude."""
    d = phonon(dict(space=2, hand=["bindingbeatitude"], gauge=["grasp", "cross"]),
               dict(space=5, hand=["sweep"]))
    d.strike("bindingbeatitude", "sweep")
    if isinstance(d.pending, PayGaugeRequest):
        d.pay("grasp", "cross")
    assert d.life(P2) == 27
    d.choose("return")
    assert d.life(P1) == 24
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P1]
    assert d.zone(P1, Zone.HAND) == []
    assert d.zone(P1, Zone.DISCARD)[-1] == "Binding Beatitude"
