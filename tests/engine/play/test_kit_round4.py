"""Rule tests for the heuristic agent's kit rules of issue 32 item 0's fourth round
(``engine.play.heuristic_reach``, ``engine.play.agents``): where Chaos places Azhi when
his attack measures its range from it, and when Kokonoe and Iron Tager pay for the pull
their ability offers as they set an attack.

Each test builds a position with the scenario builder, plays P1 up to the decision,
asks the heuristic agent for it from its own view and asserts the answer; the card
each rule reads is named in the docstring.
"""

from __future__ import annotations

import pytest
from kit_positions import CATALOG, FILLER, P1, P2, decide, position

from engine.core.decisions import (
    CharacterAction,
    MoveTo,
    PayCards,
    PayForceRequest,
    PayGaugeRequest,
    SetAttack,
    SpaceRequest,
    Strike,
)
from engine.play.api import Game


def _azhi_request(attack: str, them: int) -> Game:
    """Chaos on space 2 strikes with his character action (the bonus used: at set
    strike Azhi goes in any space) and sets ``attack``, with 4 gauge for an Ultra's
    cost; the opponent is on ``them``. The game then waits for Azhi's space."""
    game = position("chaos", space=2, hand=[attack, *FILLER], them={"space": them},
                    gauge=["grasp", "dive", "spike", "sweep"])
    game.step(CharacterAction(index=0))
    ref = next(r for r in game.state.players[P1].hand
               if CATALOG.card(game.state.card_defs[r]).id == f"chaos_{attack}")
    game.step(SetAttack(cards=(ref,)))
    assert isinstance(game.pending, SpaceRequest) and game.pending.player is P1
    return game


@pytest.mark.parametrize(("attack", "distance"), [("spewout", 2), ("coldreflection", 1),
                                                  ("deeprevenance", 4),
                                                  ("thatsyourprey", 0), ("repel", 0)])
def test_chaos_places_azhi_where_his_attack_reaches(attack: str, distance: int) -> None:
    """Chaos's ability: struck with his character action, Azhi goes in any space at set
    strike, and his specials and Ultras measure their range from Azhi
    (``calculate_range_from_buddy``). Azhi goes where the attack reaches the opponent:
    Spew Out (range 2-3) 2 spaces from them, Deep Revenance (range 4) 4; That's Your Prey
    (range 0-1; +2 power with Azhi on the opponent) and Repel (range 0) on them. Before,
    Azhi always went next to the opponent, where Spew Out and Deep Revenance miss (20 of
    55 such strikes missed in seeds 20000-20060 against random Ryu)."""
    them = 5
    game = _azhi_request(attack, them)
    answer = decide(game)
    assert isinstance(answer, MoveTo) and abs(answer.space - them) == distance
    life = game.state.players[P2].life
    game.step(answer)
    while game.pending is not None and game.pending.player is P1 and (
            game.state.players[P2].life == life):  # Deep Revenance's 4 gauge
        game.step(decide(game))
    assert game.state.players[P2].life < life  # the attack reached from Azhi and hit



def test_azhi_goes_next_to_the_opponent_for_a_normal() -> None:
    """A Normal does not measure its range from Azhi (only Chaos's specials and Ultras
    print ``calculate_range_from_buddy``): Azhi goes next to the opponent, as before
    (Dissect Barrage then moves Chaos to Azhi)."""
    game = _azhi_request("dissectbarrage", 5)
    answer = decide(game)
    assert isinstance(answer, MoveTo) and abs(answer.space - 5) == 1


@pytest.mark.parametrize(("attack", "them", "gravitron", "pays"),
                         [("absolutezero", 6, 4, True), ("absolutezero", 5, 6, False),
                          ("flamecage", 6, 4, False)])
def test_kokonoe_pays_for_gravitrons_pull_only_to_reach(attack: str, them: int,
                                                        gravitron: int, pays: bool) -> None:
    """Kokonoe's ability: with Gravitron in play, as she sets an attack she may pay 1
    force to add "Before: pull the opponent 1 toward Gravitron" to it. She pays only when
    the pull brings the opponent into her attack's reach: Absolute Zero (range 1-2) from
    3 spaces with Gravitron between them (the pull leaves 2), not from 2 spaces (it
    reaches already), and not for Flame Cage (range 2-5), which reaches from 3. Before,
    she paid a card for it at nearly every strike, wild swings too (19 times in 4 games
    against random Ryu; over 900 games on other seeds 92.3% -> 93.8%)."""
    game = position("kokonoe", space=3, hand=[attack, *FILLER, "grasp"],
                    buddies={"gravitron": gravitron}, them={"space": them})
    _strike_with(game, f"kokonoe_{attack}")
    assert isinstance(game.pending, PayForceRequest) and game.pending.optional
    answer = decide(game)
    assert isinstance(answer, PayCards) and bool(answer.cards) is pays


def _strike_with(game: Game, card_id: str) -> None:
    """P1 strikes and sets the card ``card_id`` from their hand."""
    game.step(Strike())
    ref = next(r for r in game.state.players[P1].hand
               if CATALOG.card(game.state.card_defs[r]).id == card_id)
    game.step(SetAttack(cards=(ref,)))


@pytest.mark.parametrize(("attack", "pays"), [("sparkbolt", False), ("sledgehammer", True)])
def test_tager_pays_for_his_pull_only_to_reach(attack: str, pays: bool) -> None:
    """Iron Tager's ability: as he sets an attack when he strikes, he may pay 1 gauge to
    pull the opponent 2. From 4 spaces away he pays for Sledgehammer (range 1-2, "Before:
    close 1": the pull leaves 2 spaces, then 1) but not for Spark Bolt (range 3-8), which
    reaches from 4 and would not from 2. Before, he paid whenever he had 3 gauge (over 900
    games on other seeds against random Ryu, 93.3% -> 94.8%)."""
    game = position("tager", space=2, hand=[attack, *FILLER, "grasp"],
                    gauge=["dive", "spike", "sweep"], them={"space": 6})
    _strike_with(game, f"tager_{attack}")
    assert isinstance(game.pending, PayGaugeRequest) and game.pending.optional
    answer = decide(game)
    assert isinstance(answer, PayCards) and bool(answer.cards) is pays
