"""Rule tests for the heuristic agent's kit rules of issue 32 item 0's last round
(``engine.play.kit``, ``engine.play.heuristic_reach``, ``engine.play.heuristic_clash``):
strike actions that trade away a stun or a printed power, an Exceed that would give up a
free strike, Ultras out of range holding up an Exceed, Change Cards, an Under Night
boost's "Action:", Mika's wild swings, "Before:" movement choices and attacks that miss
after advancing through the opponent, and the clash traits read from an attack's text.

Each test builds a position with the scenario builder, asks the heuristic agent for its
decision from its own view and asserts it (then plays it where the outcome matters); the
card or rulebook section each rule reads is named in the docstring.
"""

from __future__ import annotations

import pytest
from kit_positions import CATALOG, FILLER, P1, P2, decide, play, position

from engine.core.decisions import (
    BoostAction,
    ChangeCards,
    CharacterAction,
    ChoiceRequest,
    ChooseOption,
    Decision,
    Exceed,
    PayCards,
    PayForceRequest,
    Strike,
)
from engine.knowledge.views import observe
from engine.play import heuristic_clash as clash
from engine.play import heuristic_reach as reach
from engine.play import heuristic_traits
from engine.play.api import Game
from engine.play.heuristic import HeuristicAgent
from engine.play.kit import Role, action_role, keeps_basic_strike
from engine.play.kit_options import CHANGE_MOST
from engine.play.scenario import Scenario


def _names(game: Game, refs: tuple[int, ...] | list[int]) -> list[str]:
    return [CATALOG.card(game.state.card_defs[r]).name for r in refs]


@pytest.mark.parametrize("life", [20, 5])
def test_seth_strikes_plainly_as_his_strike_action_cannot_stun(life: int) -> None:
    """Seth's ability: his character-action strike gets +1 speed but cannot stun
    (effects.md, cannot_stun) and is nonlethal. Struck with it, his hits never stopped
    the opponent's attack (stunned in 32% of his strikes, against 21% for Enkidu): with
    Sweep in reach he takes the plain Strike, whatever the opponent's life."""
    game = position("seth", space=5, hand=["sweep", *FILLER], them={"life": life})
    assert decide(game) == Strike()


@pytest.mark.parametrize(("top", "expected"), [("luminousembrace", CharacterAction(index=0)),
                                               ("grasp", Strike())])
def test_exceeded_orie_strikes_with_the_discard_power_only_when_it_is_strong(
        top: str, expected: Decision) -> None:
    """Orie's exceed side: her 1-gauge character-action strike takes the printed power
    of the top card of her discard pile. With Luminous Embrace (power 7) on top she
    takes it for Spike (power 5); with Grasp (power 3) on top, the plain Strike (it made
    her Sacred Arrow hit for 1 instead of 5, seed 9019 against random Ryu)."""
    game = position("orie", space=3, hand=["spike", *FILLER], gauge=["dive"], exceeded=True,
                     discard=[top], them={"space": 5})
    assert decide(game) == expected


def test_orie_keeps_her_basic_side() -> None:
    """Orie's character card: the basic side's strike action is free and adds 2 armor
    to her specials and ultras; the exceeded side only swaps her power for the top
    discard's, for 1 gauge. The agent does not Exceed her (it does Seth, whose exceed
    side adds speed: core rulebook, Exceed)."""
    assert keeps_basic_strike(CATALOG.character("orie"))
    assert not keeps_basic_strike(CATALOG.character("seth"))
    game = position("orie", space=2, hand=FILLER, gauge=["dive", "grasp"])
    assert decide(game) != Exceed()
    game = position("seth", space=2, hand=FILLER, gauge=["dive", "grasp"])
    assert decide(game) == Exceed()


@pytest.mark.parametrize(("them", "exceeds"), [(8, True), (3, False)])
def test_an_ultra_out_of_range_does_not_hold_up_the_overdrive(them: int, exceeds: bool) -> None:
    """Iron Tager's Overdrive costs 5 gauge (BlazBlue rulebook, Overdrive), Genesic
    Emerald Tager Buster 4 (range 1). With 5 gauge and the Ultra out of range (6
    spaces) he Exceeds; with the opponent next to him he keeps the gauge for it (and
    strikes). Before, any Ultra in hand held the gauge: Tager never Exceeded."""
    game = position("tager", space=2, hand=["tagerbuster", *FILLER],
                     gauge=["dive", "grasp", "cross", "spike", "sweep"], them={"space": them})
    decision = decide(game)
    assert (decision == Exceed()) is exceeds
    if not exceeds:
        assert decision == Strike()


def test_changes_cards_with_a_full_hand_out_of_reach() -> None:
    """Core rulebook, Change Cards: with 6 cards of range 1 at 3 spaces (one step
    closer reaches nothing either), drawing would only overfill the hand: the agent
    changes cards, paying the weakest cards that do not reach (Blocks first), at most
    ``CHANGE_MOST``, and draws as many."""
    hand = ["block", "block", "grasp", "grasp", "oneinchpunch", "shoryuken"]
    game = position("ryu", space=2, hand=hand, them={"space": 5})
    agent = HeuristicAgent(0, P1, CATALOG)
    assert play(game, agent) == ChangeCards()
    request = game.pending
    assert isinstance(request, PayForceRequest) and request.amount is None
    payment = decide(game, agent)
    assert isinstance(payment, PayCards) and len(payment.cards) == CHANGE_MOST
    assert _names(game, payment.cards)[:2] == ["Block", "Block"]
    game.step(payment)
    after = game.state.players[P1].hand
    assert not set(payment.cards) & set(after)
    assert len(after) == len(hand) + 1  # as many drawn, and the end-of-turn draw


def test_seth_takes_stitched_segments_action_to_pull_into_reach() -> None:
    """Seth's Ultras' boost Stitched Segment (Under Night: a boost's "Action:"): discard
    it, push or pull the opponent 1 or 2, then a bonus action. Sweep (range 1-3) does
    not reach at 5 spaces but does after a pull of 2: the agent takes the action and
    pulls 2."""
    game = position("seth", space=2, hand=["sweep", *FILLER], boosts=["distantfrontier"])
    agent = HeuristicAgent(0, P1, CATALOG)
    assert isinstance(play(game, agent), BoostAction)
    assert isinstance(game.pending, ChoiceRequest)
    play(game, agent)
    assert game.state.players[P2].space == 5


def test_seth_keeps_stitched_segment_when_an_attack_reaches() -> None:
    """With Sweep already in reach, Stitched Segment's action (which discards the
    boost's +1 power) is not taken."""
    game = position("seth", space=2, hand=["sweep", *FILLER], boosts=["distantfrontier"],
                     them={"space": 4})
    assert not isinstance(decide(game), BoostAction)


def test_mika_wild_swings_with_her_character_action() -> None:
    """Mika's character card: discard a card, then boost and wild swing, or wild swing
    (read as ``Role.WILD``). With five cards that reach nothing at 3 spaces (Cross:
    range 1-2) and her deck list expected to deal more than it takes from there, she
    swings, and takes the free boost before the swing. (From 5 spaces her deck's
    advancing attacks, Dive and Mika's Cannon, land in reach of Ryu's slower answers:
    ``heuristic_first``.)"""
    assert action_role(CATALOG.character("mika").actions[0]) is Role.WILD
    hand = ["block", "block", "grasp", "grasp", "cross"]
    game = position("mika", space=1, hand=hand, them={"space": 4})
    agent = HeuristicAgent(0, P1, CATALOG)
    assert play(game, agent) == CharacterAction(index=0)
    play(game, agent)  # the card discarded
    assert isinstance(game.pending, ChoiceRequest)
    labels = [o.tag for o in game.pending.descriptions]
    assert decide(game, agent) == ChooseOption(index=labels.index("boost_additional"))


def test_y_two_dash_reaches_by_advancing_through() -> None:
    """Arakune's y, two-dash (range 2-3): "Before: advance 2 or advance 3" with no pass.
    From 2 spaces, advancing 2 goes through the opponent to 1 space (core rulebook,
    Movement) and misses; advancing 3 ends 2 spaces beyond them and hits. It reaches
    from 1 to 6 spaces, not only 2-3, and in the strike the agent advances 3."""
    card = CATALOG.card("arakune_ytwodash")
    ends = reach.chosen_ends(card, 3, 5)
    assert sorted(abs(5 - e) for e in ends) == [1, 2]
    sc = Scenario("arakune", "ryu", CATALOG).player(P1, space=3, hand=["ytwodash", *FILLER])
    game = sc.player(P2, space=5, hand=["block"]).active(P1).strike(
        "reveal", ["ytwodash"], ["block"]).game()
    agent = HeuristicAgent(0, P1, CATALOG)
    while not isinstance(game.pending, ChoiceRequest):
        assert game.pending is not None
        game.step(HeuristicAgent(0, game.pending.player, CATALOG).decide(
            observe(game.state, game.pending.player), game.pending))
    assert play(game, agent) == ChooseOption(index=1)  # advance 3
    assert abs(game.state.players[P1].space - game.state.players[P2].space) == 2


@pytest.mark.parametrize(("them", "strikes"), [(7, False), (8, True)])
def test_mikas_cannon_misses_after_advancing_through(them: int, strikes: bool) -> None:
    """Mika's Cannon (range 1, power 7): "Before: advance 2; if advanced through, the
    attack does not hit". From 2 spaces it goes through the opponent and misses: no
    strike for it; from 3 it ends next to them and hits (Block and Grasp, range 1,
    reach from neither)."""
    assert reach.through_misses(CATALOG.card("mika_cannon"))
    game = position("mika", space=5, hand=["cannon", "block", "grasp"], them={"space": them})
    assert (decide(game) == Strike()) is strikes


def test_clash_traits_are_read_from_the_attack() -> None:
    """Effects.md: stun_immunity, cannot_stun, ignore_armor/guard, higher_speed_misses
    and dodge_at_range change who hits and who is stunned (core rulebook, Resolving
    Strikes); a trait on "if not initiated strike" holds for the defender only."""
    card = CATALOG.card
    assert heuristic_traits.traits(card("orie_succession"), True).unstunnable
    spike = heuristic_traits.traits(card("standard_normal_spike"), True)
    assert spike.ignore_armor and spike.ignore_guard
    assert heuristic_traits.traits(card("orie_sacredarrow"), True).dodge_speed == 5
    assert heuristic_traits.traits(card("orie_luminousembrace"), False).dodge_range == (4, 9)
    assert heuristic_traits.traits(card("enkidu_tidalspin"), False).cannot_stun
    assert not heuristic_traits.traits(card("enkidu_tidalspin"), True).cannot_stun


def test_an_unstunnable_attack_is_worth_more_than_its_stats() -> None:
    """Orie's Succession (stun immunity, power 3, speed 2, range 3-5) against Ryu
    at 3 spaces: the faster Hadokens would stun a plain speed-2 attack before it hits;
    immune, it hits back, so its clash value beats the same stats without the trait."""
    game = position("orie", space=3, hand=["succession", *FILLER], them={"space": 6})
    agent = HeuristicAgent(0, P1, CATALOG)
    view = observe(game.state, P1)
    immune = clash.value(agent, view, CATALOG.card("orie_succession"), 1, 1.0, True)
    plain = CATALOG.card("orie_succession")
    plain = type(plain)(**{**{f: getattr(plain, f) for f in plain.__struct_fields__},
                           "id": "plain_succession", "effects": ()})
    assert immune > clash.value(agent, view, plain, 1, 1.0, True)
