"""Choice options as data (``ChoiceRequest.descriptions``) and one-option choices that
are asked, recorded and answered by the driver (issue 13, item 5)."""

from __future__ import annotations

import io

import msgspec
import pytest
from conftest import CATALOG, P1, P2, position

from engine import events as ev
from engine.cards.schema import Choice
from engine.core.decisions import ChoiceOption, ChoiceRequest, ChooseOption, Request, RuleOption
from engine.core.ids import Zone
from engine.play.api import GameSetup
from engine.play.match import play_game
from engine.recording.log import PayloadError
from engine.recording.record import read_game_bytes, record_game
from engine.recording.step_checks import StepCheck
from engine.text.notation import option_of_chain


def test_grasp_hit_offers_push_and_pull_as_data() -> None:
    """Grasp (Normal), hit: choice push 1 | push 2 | pull 1 | pull 2: each label has its
    description, and choosing by data moves the opponent as the option says."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["block"]))
    d.strike("grasp", "block")
    request = d.expect(ChoiceRequest, P1)
    assert request.labels == ("push 1", "push 2", "pull 1", "pull 2")
    assert request.descriptions == (
        ChoiceOption(tag="push", amounts=(1,)),
        ChoiceOption(tag="push", amounts=(2,)),
        ChoiceOption(tag="pull", amounts=(1,)),
        ChoiceOption(tag="pull", amounts=(2,)),
    )
    index = request.descriptions.index(ChoiceOption(tag="push", amounts=(2,)))
    d.act(ChooseOption(index=index))
    assert d.space(P2) == 6


def test_a_chain_keeps_its_condition_and_later_effects() -> None:
    """A ``choice`` option that is a chain (Dan's Saikyo Haraigoshi, hit: ``[if
    min_cards_in_hand 2] discard_random 2, then powerup 2, then pull 1, then pull 1``)
    is described by its first effect, its condition kind and the chained effects."""
    dan = CATALOG.card("dan_saikyoharaigoshi")
    choice = next(e for e in dan.effects if e.timing is not None and e.timing.value == "hit")
    assert isinstance(choice, Choice)
    option = option_of_chain(choice.options[1])
    assert (option.tag, option.amounts, option.condition) == (
        "discard_random", (2,), "min_cards_in_hand")
    assert [(o.tag, o.amounts) for o in option.then] == [
        ("powerup", (2,)), ("pull", (1,)), ("pull", (1,))]
    assert str(option) == (
        "[if min_cards_in_hand] discard_random 2, then powerup 2, then pull 1, then pull 1")


def test_chunli_lightning_legs_one_boost_to_sustain_is_asked() -> None:
    """Chun-Li, Lightning Legs: after returning to the deck, ``choose_sustain_boost 1``
    with one boost in play and no pass: the engine asks it (one option, the boost as
    data, Lightning Legs as what asks) and the driver takes it; the boost is sustained.
    The boost is Sweep's Light (Head Stomp's Swift Attack, used here before, marks
    itself for the gauge on hit and is not offered:
    ``tests/engine/effects/test_mechanics_audit.py``)."""
    d = position(p1=dict(space=3, hand=["lightninglegs"], gauge=["grasp"],
                         boosts=["sweep"]),
                 p2=dict(space=4, hand=["block"]), chars=("chunli", "ryu"))
    legs = d.ref(P1, "lightninglegs")
    d.strike("lightninglegs", "block", crit=(True, False))
    assert d.forced == []
    d.choose("return attack")
    light = d.ref(P1, "sweep", Zone.BOOSTS)
    assert d.forced == [ChoiceRequest(
        player=P1, labels=("sustain Light",),
        descriptions=(ChoiceOption(tag="choose_sustain_boost", card=light),), source=legs,
    )]
    assert [e.card for e in d.events(ev.BoostSustained)] == [light]


class _NoSingleChoices:
    """A random agent that fails the test if it is asked a one-option choice."""

    needs_view = False

    def __init__(self, inner: object) -> None:
        self.inner = inner

    def decide(self, view: object, request: Request) -> object:
        assert not (isinstance(request, ChoiceRequest) and len(request.labels) == 1)
        return self.inner.decide(view, request)  # type: ignore[attr-defined]


# ryu vs ken, random agents, seed 4: a sample game whose log holds one forced choice.
_SETUP, _SEED = GameSetup(p1="ryu", p2="ken"), 4


def test_a_recorded_game_holds_the_forced_choice_as_a_step() -> None:
    """The log of a game with a one-option choice holds it as a STEP: the request with
    its single label and description, and the decision ``choose 0``."""
    out = io.BytesIO()
    record_game(_SETUP, _SEED, out, ("random", "random"))
    log = read_game_bytes(out.getvalue())
    forced = [s for s in log.steps
              if isinstance(s.request, ChoiceRequest) and len(s.request.labels) == 1]
    assert len(forced) == 1
    step = forced[0]
    assert step.decision == ChooseOption(index=0)
    assert isinstance(step.request, ChoiceRequest)
    assert len(step.request.descriptions) == 1
    assert step.request.descriptions[0].tag  # an effect or rule tag, checked on reading


def test_the_match_driver_answers_one_option_choices_itself(monkeypatch: object) -> None:
    """``play_game`` takes a one-option choice without asking the agent (whose random
    stream is then the same as when the engine did not ask)."""
    import engine.play.match as match
    from engine.play.agents import make_agent as real  # the one the match driver imports

    def wrapped(*args: object, **kwargs: object) -> object:
        return _NoSingleChoices(real(*args, **kwargs))  # type: ignore[arg-type]

    monkeypatch.setattr(match, "make_agent", wrapped)  # type: ignore[attr-defined]
    game = play_game(_SETUP, _SEED, ("random", "random"))
    assert game.pending is None


def test_rule_options_are_strings_in_the_log() -> None:
    """Rule option tags encode as their strings (the free-ultra and ejection options)."""
    assert ChoiceOption(tag=RuleOption.USE_FOR_FREE, card=3).tag == "use_for_free"


def _checked_until_forced(descriptions: tuple[ChoiceOption, ...]) -> None:
    """Read the game of ``_SEED`` step by step with ``StepCheck``, with the forced
    choice's descriptions replaced by ``descriptions``."""
    _forced_choice_checked(descriptions=descriptions)


def _forced_choice_checked(**changes: object) -> None:
    """Read the game of ``_SEED`` step by step with ``StepCheck``, up to its forced
    choice, read with ``changes`` to its request's fields."""
    out = io.BytesIO()
    record_game(_SETUP, _SEED, out, ("random", "random"))
    log = read_game_bytes(out.getvalue())
    check = StepCheck(log.header, CATALOG)
    for step in log.steps:
        request = step.request
        if isinstance(request, ChoiceRequest) and len(request.labels) == 1:
            changed = msgspec.structs.replace(request, **changes)
            check.step(msgspec.structs.replace(step, request=changed))
            return
        check.step(step)
    raise AssertionError("no forced choice in the game")


@pytest.mark.parametrize(("descriptions", "reason"), [
    ((ChoiceOption(tag="teleport"),), "choice descriptions hold the unknown option tag"),
    ((ChoiceOption(tag="pass"),) * 2, "choice descriptions 2 for 1 labels"),
    ((ChoiceOption(tag="push", amounts=(10**6,)),), "hold an amount: 1000000 is outside"),
    ((ChoiceOption(tag="pass", card=77),), "77 is not a card of this game"),
])
def test_reading_refuses_bad_descriptions(descriptions: tuple[ChoiceOption, ...],
                                          reason: str) -> None:
    """``log_check`` (P.9): an unknown option tag, a count that differs from the labels,
    an amount out of range or a foreign card reference is damage at that step."""
    with pytest.raises(PayloadError, match=reason):
        _checked_until_forced(descriptions)


def test_reading_accepts_the_recorded_descriptions_and_old_empty_ones() -> None:
    """An old log's choice (no descriptions) is still read."""
    _checked_until_forced(())


def _source_checked(source: int | None) -> None:
    """Read the game of ``_SEED`` step by step with ``StepCheck``, its forced choice
    naming ``source`` as what asks it."""
    _forced_choice_checked(source=source)


def test_reading_refuses_a_source_that_is_no_card_of_the_game() -> None:
    """``log_check`` (P.9): a choice's source is a card of the game, -1 or nil."""
    with pytest.raises(PayloadError, match=r"step [0-9]+: choice source 77 is not a card of "
                                           r"this game"):
        _source_checked(77)


@pytest.mark.parametrize("source", [None, -1, 0])
def test_reading_accepts_a_card_the_character_card_or_no_source(source: int | None) -> None:
    """Card 0 (p1's first card), -1 (the character card), or none (a rule's question,
    or a log recorded before choices named their source)."""
    _source_checked(source)
