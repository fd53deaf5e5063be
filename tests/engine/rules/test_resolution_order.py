"""The reference's strike resolution order and turn structure (reference effects.md,
"Strike resolution order as implemented", "Turn structure around strikes", "Places
where the engine settles a rules ambiguity"): the statements no other rule test pinned
with a real outcome, each test quoting its statement and the rulebook words if any.
Card facts: roster.md (standard Normals: Grasp, Sweep, Block, Spike...)."""

from __future__ import annotations

from conftest import P1, P2, boost, deck_cards, kinds, position

from engine import events as ev
from engine.core.decisions import (
    ActionRequest,
    CardPurpose,
    CharacterAction,
    DiscardRequest,
    PayForceRequest,
    Prepare,
    SelectCardsRequest,
    Strike,
)
from engine.core.ids import Zone


def test_attackers_hit_effects_come_before_the_defenders_force_for_armor() -> None:
    """effects.md, strike step 12 ("If hit: The attacker's `hit` effects resolve first.
    Then the defender's `when_hit` effects and any force-for-armor decision") and
    ambiguity 1 ("The defender's `when_hit` (Block force-for-armor) resolves after the
    attacker's hit effects"); core rulebook, Active Player Attack 3: "perform all Hit
    effects, then do damage". Sweep (power 6, hit: opponent discards 1 at random) hits
    Ken's Block holding one card: the card is gone before Ken could spend it as force,
    so Block keeps 2 armor only: 4 damage > guard 3, stunned, Block discarded."""
    d = position(p1=dict(space=3, hand=["sweep"]), p2=dict(space=4, hand=["block", "grasp"]))
    d.strike("sweep", "block")
    assert not isinstance(d.pending, PayForceRequest)  # no force left to ask for
    assert d.life(P2) == 26
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.zone(P2, Zone.DISCARD) == ["Grasp", "Block"]
    assert d.zone(P2, Zone.HAND) == []


def test_damage_equal_to_guard_does_not_stun() -> None:
    """effects.md, strike step 12 ("Stun if the accumulated damage is strictly greater
    than total guard") and ambiguity 3 ("Stun needs damage strictly greater than
    guard"); core rulebook, Doing Damage: "If your damage dealt over the entire attack
    is greater than the opponent's Guard, they are Stunned." Sweep against Sweep (power
    6, guard 6, a speed tie won by the attacker): 6 is not more than 6, so Ken still
    attacks back: both at 24."""
    d = position(p1=dict(space=3, hand=["sweep", "dive"]), p2=dict(space=4, hand=["sweep", "cross"]))
    d.strike("sweep", "sweep")
    assert d.events(ev.PlayerStunned) == []
    assert [e.player for e in d.events(ev.AttackActivated)] == [P1, P2]
    assert d.life(P1) == 24 and d.life(P2) == 24


def test_end_of_turn_effects_run_after_a_strike() -> None:
    """effects.md, strike step 17 ("After a strike there is no end-of-turn draw and no
    hand-size check. The turn player's `end_of_turn` effects run"). Chaos's character
    action strikes with Azhi placed (set_strike: place_buddy_in_any_space); his
    ability's ``end_of_turn: remove_buddy`` takes Azhi away once the strike is over,
    before the turn passes; no card is drawn."""
    d = position(p1=dict(space=2, hand=["coldreflection", "grasp"], deck=["cross"]),
                 p2=dict(space=7, hand=["assault"]), chars=("chaos", "nehtali"))
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "coldreflection")
    d.move_to(P1, 6)
    d.set_attack(P2, "assault")
    order = kinds(d.log, ev.StrikeEnded, ev.BuddyRemoved, ev.TurnEnded)
    assert order == ["StrikeEnded", "BuddyRemoved", "TurnEnded"]
    assert d.zone(P1, Zone.HAND) == ["Grasp"]
    assert d.expect(ActionRequest).player == P2


def test_face_me_is_wiped_by_the_opponents_strike_before_its_start_of_turn_strike() -> None:
    """effects.md, ambiguity 6 ("Continuous boosts of both players are discarded at the
    end of any strike, not only the owner's. Waldstein's "Face Me!" is wiped by an
    opponent's strike before its start-of-turn trigger"); core rulebook, Cleanup 2:
    "Discard all Continuous Boosts in your Boost area". Waldstein boosts Face Me!
    (Sturmangriff; start_of_next_turn: start_of_turn_strike); Ryu strikes on his turn;
    at Waldstein's next turn Face Me! is gone: he may Prepare (no forced strike)."""
    d = position(p1=dict(space=4, hand=["sturmangriff", "block"], deck=["cross", "dive", "spike"]),
                 p2=dict(space=5, hand=["grasp"], deck=["cross", "dive"]),
                 chars=("waldstein", "ryu"))
    boost(d, "sturmangriff")
    d.strike("grasp", "block")
    d.choose("push 1")
    d.decline()  # Block: no force for armor
    assert d.zone(P1, Zone.BOOSTS) == []
    assert "Sturmangriff" in d.zone(P1, Zone.DISCARD)
    request = d.expect(ActionRequest, P1)
    assert Prepare() in request.choices and request.choices != (Strike(),)


def test_an_advance_against_a_cornered_opponent_moves_nobody_and_its_chain_still_runs() -> None:
    """effects.md, ambiguity 5 ("If the opponent is against a wall, advance/pull stop
    adjacent and nothing moves. The chained effects still run (Flying Swallow's +2
    power applies with 0 movement). `moved_self_this_strike` only becomes true when the
    position actually changed"); core rulebook, Move: "never count the opponent's
    space". Linne on 8 next to Ryu cornered on 9: Flying Swallow's ``before: advance 3 +
    powerup 2`` moves her nowhere, yet hits Block for 3 + 2 - 2 = 3; not having moved,
    her ``after: [if not_moved_self_this_strike] advance 3 + draw 1`` draws a card."""
    d = position(p1=dict(space=8, hand=["flyingswallow", "grasp"], deck=["dive"]),
                 p2=dict(space=9, hand=["block"]), chars=("linne", "ryu"))
    d.strike("flyingswallow", "block")
    d.choose("advance 3")
    assert d.space(P1) == 8 and d.space(P2) == 9
    assert d.life(P2) == 27
    assert d.zone(P1, Zone.HAND) == ["Grasp", "Dive"]


def test_the_overdrive_step_comes_before_start_of_next_turn_effects() -> None:
    """effects.md, strike step 17 ("If the new turn player is in Overdrive (BlazBlue),
    they discard one Overdrive card (their choice), then run their overdrive effect, and
    revert if the area is now empty. ... Their `start_of_next_turn` effects run, then
    they pick an action"). Kokonoe, exceeded with Grasp alone in her overdrive area and
    Overtime in play (Flame Cage's boost: ``start_of_next_turn: add_to_gauge_immediately
    + self_discard_choose 3``): her turn starts with Grasp discarded and her overdrive
    effect (Gravitron, passed), she reverts, and only then Overtime goes to gauge and
    asks for 3 discards."""
    d = position(p1=dict(space=3, exceeded=True, overdrive=["grasp"], boosts=["flamecage"],
                         hand=["cross", "dive", "spike", "sweep"]),
                 p2=dict(space=7), chars=("kokonoe", "ryu"))
    d.choose("pass")  # her overdrive effect: no Gravitron
    request = d.expect(SelectCardsRequest, P1)
    assert request.purpose is CardPurpose.DISCARD and request.min_count == 3
    assert not d.p(P1).exceeded
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]
    assert d.zone(P1, Zone.GAUGE) == ["Flame Cage v1.43"]
    order = kinds(d.game.table.events, ev.LeftOverdrive, ev.Reverted, ev.CardMoved)
    assert order == ["LeftOverdrive", "Reverted", "CardMoved"]


def test_after_a_non_strike_action_draw_then_hand_limit_then_end_of_turn_effects() -> None:
    """effects.md, Turn structure, "After any non-strike action": "3. The player draws 1
    for end of turn. 4. If the hand is over 7, the player discards down to 7
    (DiscardDownToMax). 5. `end_of_turn` effects run. 6. The turn passes." Net effect:
    "Prepare draws 2"; core rulebook, Hand Size: "discard cards down to 7 at the end of
    your turn". Dan, exceeded (``end_of_turn: [if did_end_of_turn_draw]
    self_discard_choose`` 0..1), holds 7 cards and Prepares: he draws 2 (9), discards
    down to 7, and only then is offered his own optional discard (he takes 1: 6 left)."""
    hand = ["grasp", "cross", "assault", "dive", "spike", "sweep", "focus"]
    d = position(p1=dict(space=3, hand=hand, deck=["block", "sweep", "grasp"],
                         exceeded=True),
                 p2=dict(space=7), chars=("dan", "ryu"))
    d.act(Prepare())
    assert len(d.p(P1).hand) == 9
    request = d.expect(DiscardRequest, P1)
    assert request.count == 2
    d.discard(P1, "grasp", "cross")
    assert len(d.p(P1).hand) == 7
    select = d.expect(SelectCardsRequest, P1)
    assert select.purpose is CardPurpose.DISCARD
    assert (select.min_count, select.max_count) == (0, 1)
    d.select(P1, "assault")
    assert len(d.p(P1).hand) == 6
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Cross", "Assault"]
    assert d.expect(ActionRequest).player == P2


def test_looking_at_an_empty_deck_does_not_reshuffle() -> None:
    """effects.md, Turn structure, Deck-out: "Looking at or revealing an empty deck does
    not reshuffle"; core rulebook, Out of Cards: "(Effects which look at one or more of
    the top cards in your deck do not trigger a reshuffle)." Bang's character action
    looks at the top 2 cards of an empty deck: nothing is taken and the discard pile
    stays; the end-of-turn draw then reshuffles (the first draw from the empty deck)."""
    d = position(p1=dict(space=3, hand=["grasp"], deck=[], deck_rest="none",
                         discard=deck_cards("bang", "grasp")),
                 p2=dict(space=7), chars=("bang", "ryu"))
    d.act(CharacterAction(index=0))
    moved = kinds(d.log, ev.CardMoved, ev.DeckReshuffled)
    assert moved == ["DeckReshuffled", "CardMoved"]  # only the end-of-turn draw's
    [reshuffle] = d.events(ev.DeckReshuffled)
    assert not reshuffle.manual
    assert len(d.p(P1).hand) == 2 and d.p(P1).discard == []
    assert d.expect(ActionRequest).player == P2


def test_on_strike_reveal_effects_initiator_first_then_defender() -> None:
    """effects.md, strike step 7 ("`on_strike_reveal` effects, initiator's then
    defender's"), before costs (step 8). Arakune against Arakune, both exceeded (exceed
    ability: ``on_strike_reveal: choose_discard 1`` from the overdrive area, ``[if
    discarded_matches_attack_speed]`` +2 power +1 speed, then seal the top card or
    pass). Both set Cross (speed 6): the attacker (P1) discards first, a Cross (+1
    speed), then the defender, a Focus (no bonus); P1's Cross, now faster, goes first."""
    d = position(p1=dict(space=4, exceeded=True, overdrive=["cross", "grasp", "focus"],
                         hand=["cross"], deck=["sweep", "dive"]),
                 p2=dict(space=5, exceeded=True, overdrive=["cross", "focus"],
                         hand=["cross"], deck=["grasp"]),
                 chars=("arakune", "arakune"))
    d.select(P1, "grasp")  # P1's turn-start overdrive step
    d.choose("pass")  # his overdrive effect: no seal
    d.strike("cross", "cross")
    assert not d.events(ev.PriorityDetermined)
    d.select(P1, "cross")  # the initiator's on_strike_reveal first
    d.choose("pass")
    d.expect(SelectCardsRequest, P2)  # then the defender's
    d.select(P2, "focus")
    d.choose("pass")
    [priority] = d.events(ev.PriorityDetermined)
    assert (priority.first, priority.speed_p1, priority.speed_p2) == (P1, 7, 6)
    assert d.life(P2) == 25  # Cross 3 + 2
