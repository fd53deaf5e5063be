"""Every question an effect can ask names what asks it, as a choice does (docs/log-format.md
P.7 "What asks a question"): ``PayForceRequest``, ``PayGaugeRequest``, ``NameCardRequest``,
``DiscardRequest``, ``SelectCardsRequest`` and ``SpaceRequest`` carry ``source`` (the card
whose effect is resolving, -1 the asked seat's character card, None a rule of the game);
``same_as_recorded`` takes one recorded before sources (None) as the same request."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from conftest import CATALOG, P1, P2, boost, position

from engine import read_game
from engine.core.decisions import (
    SOURCED,
    CharacterAction,
    DiscardRequest,
    NameCardRequest,
    PayForceRequest,
    PayGaugeRequest,
    Prepare,
    Request,
    SpaceRequest,
    Strike,
    same_as_recorded,
)
from engine.recording.payload import PayloadError
from engine.recording.step_checks import StepCheck


def test_blocks_force_for_armor_names_the_block() -> None:
    """Block (Normal), during the strike: when hit, spend any force for +2 armor each;
    the payment is asked by the Block Ken struck with."""
    d = position(p1=dict(space=4, hand=["donkeykick"]),
                 p2=dict(space=5, hand=["block", "grasp", "cross"]))
    block = d.ref(P2, "block")
    d.strike("donkeykick", "block")
    request = d.expect(PayForceRequest, P2)
    assert request.optional and request.amount is None
    assert request.source == block
    assert d.name(request.source) == "Block"


def test_parrys_named_card_names_the_block_boosted() -> None:
    """Block boosted as Parry (name a card, the opponent discards it): the naming is
    asked by that Block."""
    d = position(p1=dict(hand=["block", "grasp"]), p2=dict(hand=["cross", "dive"]))
    block = d.ref(P1, "block")
    boost(d, "block")
    request = d.expect(NameCardRequest, P1)
    assert request.source == block


def test_the_hand_limit_is_a_rules_question() -> None:
    """Core rulebook, "Hand Size": the discard down to 7 is the rule's, no card's."""
    hand = ["grasp", "cross", "dive", "spike", "sweep", "focus", "block"]
    d = position(p1=dict(hand=hand, deck=["assault", "hadoken"]))
    d.act(Prepare())
    request = d.expect(DiscardRequest, P1)
    assert request.count == 2
    assert request.source is None


def test_nirvanas_move_names_carls_character_card() -> None:
    """Carl Clover's character action "Move Nirvana 1": the space is asked by his
    character card (-1)."""
    d = position(p1=dict(space=3, buddies={"nirvana_active": 4}), p2=dict(space=7),
                 chars=("carlclover", "nehtali"))
    d.act(CharacterAction(index=0))
    request = d.expect(SpaceRequest, P1)
    assert request.source == -1


def test_an_attacks_critical_is_asked_by_the_character_card() -> None:
    """Street Fighter's Critical (1 optional gauge after setting an attack) is printed
    on the character card as a gauge-for-effect: asked by it (-1)."""
    d = position(p1=dict(space=4, hand=["grasp"], gauge=["cross"]),
                 p2=dict(space=5, hand=["block"]))
    d.act(Strike())
    d.set_attack(P1, "grasp")
    request = d.game.pending
    assert isinstance(request, PayGaugeRequest) and request.player == P1
    assert request.optional and request.amount == 1
    assert request.source == -1


def test_a_request_recorded_without_a_source_is_the_same_request() -> None:
    """For each sourced request: one recorded with None is the same as this engine's with
    a source; another recorded source, or any other difference, is not."""
    d = position(p1=dict(space=4, hand=["donkeykick"]),
                 p2=dict(space=5, hand=["block", "grasp", "cross"]))
    d.strike("donkeykick", "block")
    asked = d.expect(PayForceRequest, P2)
    assert PayForceRequest in SOURCED
    old = msgspec.structs.replace(asked, source=None)
    assert same_as_recorded(asked, old)
    assert not same_as_recorded(old, asked)
    assert asked.source is not None
    assert not same_as_recorded(asked, msgspec.structs.replace(asked, source=asked.source + 1))
    assert not same_as_recorded(asked, msgspec.structs.replace(old, optional=False))



SAMPLE = Path(__file__).resolve().parents[3] / "sample_games" / (
    "ken-vs-ryu_heuristic-vs-heuristic_seed5.exlog")


def _sample_checked(kind: type[Request], source: int | None) -> None:
    """Read ``SAMPLE`` step by step with ``StepCheck``, up to its first ``kind`` request
    naming a source, read with ``source`` instead."""
    log = read_game(SAMPLE)
    check = StepCheck(log.header, CATALOG)
    for step in log.steps:
        request = step.request
        if isinstance(request, kind) and getattr(request, "source", None) is not None:
            changed = msgspec.structs.replace(request, source=source)
            check.step(msgspec.structs.replace(step, request=changed))
            return
        check.step(step)
    raise AssertionError(f"no {kind.__name__} naming a source in {SAMPLE.name}")


def test_reading_refuses_a_gauge_payments_source_that_is_no_card_of_the_game() -> None:
    """``log_check`` (P.9): every sourced request's source is a card of the game, -1 or
    nil, as a choice's is: a gauge payment naming card 77 is refused on reading."""
    with pytest.raises(PayloadError, match=r"step [0-9]+: pay_gauge source 77 is not a "
                                           r"card of this game"):
        _sample_checked(PayGaugeRequest, 77)


@pytest.mark.parametrize("source", [None, -1, 0])
def test_reading_accepts_a_payments_card_character_card_or_no_source(
        source: int | None) -> None:
    _sample_checked(PayGaugeRequest, source)



def test_the_sample_names_what_asks_its_gauge_payments() -> None:
    """The regenerated sample names what asks each gauge payment: Ken's and Ryu's
    Critical, printed on the character card (-1); an ultra's gauge cost is the rule's
    (None)."""
    log = read_game(SAMPLE)
    sources = {s.request.source for s in log.steps if isinstance(s.request, PayGaugeRequest)}
    assert sources == {None, -1}
