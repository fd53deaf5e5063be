"""Illegal decisions are refused at the engine's edge, clearly, and change nothing.

For every request kind we pause a real seeded game at that request and offer decisions of
the wrong type and with out-of-range values. Each must raise ``IllegalDecision`` whose
message is one line naming the player, the request kind and what is allowed, and must
leave the state, the event stream and the pending request exactly as they were. A legal
decision then still goes through, and a finished game refuses every decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pytest

from engine.cards.catalog import default_catalog
from engine.core.decisions import (
    REQUEST_TYPES,
    ActionRequest,
    Boost,
    ChangeCards,
    CharacterAction,
    ChoiceRequest,
    ChooseOption,
    Decision,
    Discard,
    DiscardRequest,
    EffectOrderRequest,
    IllegalDecision,
    MoveTo,
    Mulligan,
    MulliganRequest,
    NameCard,
    NameCardRequest,
    OrderEffects,
    PayCards,
    PayForceRequest,
    PayGaugeRequest,
    Prepare,
    Request,
    SelectCards,
    SelectCardsRequest,
    SetAttack,
    SetAttackRequest,
    SpaceRequest,
    Strike,
    WildSwing,
)
from engine.core.ids import ARENA_MAX, ARENA_MIN, Player
from engine.core.state import State, canonical_bytes
from engine.knowledge.views import observe
from engine.play.api import Game, GameSetup, new_game
from engine.play.match import play_game
from engine.play.random_agent import RandomAgent

CATALOG = default_catalog()
RYU_KEN = GameSetup(p1="ryu", p2="ken")
NOT_A_CARD = 999
R = TypeVar("R", bound=Request)

SETUPS: dict[type, GameSetup] = {
    # request kinds that Ryu and Ken never cause: a matchup whose cards do
    SelectCardsRequest: GameSetup(p1="bison", p2="dan"),
    SpaceRequest: GameSetup(p1="bison", p2="vega"),
    EffectOrderRequest: GameSetup(p1="nine", p2="ryu"),
}


def game_waiting_for(kind: type[R], where: Callable[[R], bool] = lambda r: True) -> Game:
    """A game between random agents (Ryu vs Ken unless ``SETUPS`` names another
    matchup for ``kind``), paused at the first ``kind`` request."""
    for seed in range(50):
        game = new_game(SETUPS.get(kind, RYU_KEN), seed, CATALOG)
        agents = {who: RandomAgent(seed, who) for who in Player}
        while (request := game.pending) is not None:
            if isinstance(request, kind) and where(request):
                return game
            game.step(agents[request.player].decide(observe(game.state, request.player), request))
    raise AssertionError(f"no {kind.__name__} in 50 games")


def _their_card(state: State, who: Player) -> int:
    """A card of the opponent's (the first in their deck or hand)."""
    them = state.players[who.other]
    return (them.hand or them.deck)[0]


def _not_in_hand(state: State, who: Player) -> int:
    """One of ``who``'s own cards that is not in their hand (in the deck or elsewhere)."""
    p = state.players[who]
    return next(c for c in (*p.deck, *p.discard, *p.gauge) if c not in p.hand)


def bad_mulligans(game: Game, r: MulliganRequest) -> list[Decision | object]:
    state, who = game.state, r.player
    return [
        Prepare(),
        PayCards(cards=(r.hand[0],)),
        Mulligan(cards=(NOT_A_CARD,)),
        Mulligan(cards=(r.hand[0], r.hand[0])),
        Mulligan(cards=(_not_in_hand(state, who),)),
        Mulligan(cards=(_their_card(state, who),)),
    ]


def bad_actions(game: Game, r: ActionRequest) -> list[Decision | object]:
    p = game.state.players[r.player]
    return [
        Mulligan(),
        PayCards(),
        SetAttack(cards=(p.hand[0],)),
        WildSwing(),
        ChooseOption(index=0),
        MoveTo(space=ARENA_MIN - 1),
        MoveTo(space=ARENA_MAX + 1),
        MoveTo(space=p.space),
        MoveTo(space=game.state.players[r.player.other].space),
        Boost(card=NOT_A_CARD),
        Boost(card=_their_card(game.state, r.player)),
        Boost(card=_not_in_hand(game.state, r.player)),
        CharacterAction(index=99),
        CharacterAction(index=-1),
        "strike",
        None,
    ]


def bad_attacks(game: Game, r: SetAttackRequest) -> list[Decision | object]:
    p = game.state.players[r.player]
    return [
        Strike(),
        Prepare(),
        PayCards(cards=(p.hand[0],)),
        SetAttack(cards=()),
        SetAttack(cards=(NOT_A_CARD,)),
        SetAttack(cards=(_their_card(game.state, r.player),)),
        SetAttack(cards=(_not_in_hand(game.state, r.player),)),
        SetAttack(cards=(p.hand[0], p.hand[0])),
        SetAttack(cards=tuple(p.hand[:3])),
    ]


def bad_choices(game: Game, r: ChoiceRequest) -> list[Decision | object]:
    return [
        ChooseOption(index=-1),
        ChooseOption(index=len(r.labels)),
        ChooseOption(index=10**9),
        Prepare(),
        NameCard(name=r.labels[0]),
    ]


def bad_force(game: Game, r: PayForceRequest) -> list[Decision | object]:
    bad: list[Decision | object] = [
        ChooseOption(index=0),
        Discard(cards=r.candidates[:1]),
        PayCards(cards=(NOT_A_CARD,)),
        PayCards(cards=(r.candidates[0], r.candidates[0])),
        PayCards(cards=(_their_card(game.state, r.player),)),
    ]
    if not r.optional:
        bad.append(PayCards(cards=()))
    if r.amount is not None:
        plain = [c for c in r.candidates if c not in r.ultras]
        if len(plain) > r.amount:
            bad.append(PayCards(cards=tuple(plain[: r.amount + 1])))  # overpaying
    return bad


def bad_gauge(game: Game, r: PayGaugeRequest) -> list[Decision | object]:
    p = game.state.players[r.player]
    bad: list[Decision | object] = [
        Prepare(),
        ChooseOption(index=0),
        PayCards(cards=(NOT_A_CARD,) * r.amount),
        PayCards(cards=tuple(p.hand[: r.amount])),  # hand cards are not gauge
        PayCards(cards=(r.candidates[0],) * (r.amount + 1)),
    ]
    if not r.optional:
        bad.append(PayCards(cards=()))
    if len(r.candidates) > r.amount:
        bad.append(PayCards(cards=r.candidates[: r.amount + 1]))
    return bad


def bad_names(game: Game, r: NameCardRequest) -> list[Decision | object]:
    return [
        NameCard(name="Nope"),
        NameCard(name=r.names[0].upper() + "!"),
        NameCard(name=""),
        ChooseOption(index=0),
        Prepare(),
    ]


def bad_discards(game: Game, r: DiscardRequest) -> list[Decision | object]:
    return [
        Prepare(),
        PayCards(cards=r.candidates[: r.count]),
        Discard(cards=r.candidates[: r.count - 1]),
        Discard(cards=r.candidates[: r.count + 1]),
        Discard(cards=(NOT_A_CARD,) * r.count),
        Discard(cards=(r.candidates[0],) * max(2, r.count)),
        Discard(cards=(_their_card(game.state, r.player),) * r.count),
    ]


def bad_selections(game: Game, r: SelectCardsRequest) -> list[Decision | object]:
    too_many = (*r.candidates, NOT_A_CARD)[: r.max_count + 1]
    return [
        Prepare(),
        Discard(cards=r.candidates[: r.min_count]),
        SelectCards(cards=too_many) if len(too_many) > r.max_count else Prepare(),
        SelectCards(cards=(NOT_A_CARD,)),
        SelectCards(cards=(r.candidates[0], r.candidates[0])),
        SelectCards(cards=(_their_card(game.state, r.player),)),
    ]


def bad_spaces(game: Game, r: SpaceRequest) -> list[Decision | object]:
    offered = {m.space for m in r.choices if isinstance(m, MoveTo)}
    them = game.state.players[r.player.other].space
    return [Prepare(), ChooseOption(index=0), MoveTo(space=them), MoveTo(space=ARENA_MAX + 1),
            *(MoveTo(space=s) for s in range(ARENA_MIN, ARENA_MAX + 1) if s not in offered)]


def bad_orders(game: Game, r: EffectOrderRequest) -> list[Decision | object]:
    """Not a permutation of the pending effects (issue 28, bad input)."""
    n = len(r.effects)
    return [Prepare(), ChooseOption(index=0), OrderEffects(order=()),
            OrderEffects(order=(0,) * n), OrderEffects(order=tuple(range(n + 1))),
            OrderEffects(order=tuple(range(1, n + 1))), OrderEffects(order=(-1, *range(1, n)))]


CASES: list[tuple[type[Request], Callable[..., list[Decision | object]]]] = [
    (MulliganRequest, bad_mulligans),
    (ActionRequest, bad_actions),
    (SetAttackRequest, bad_attacks),
    (ChoiceRequest, bad_choices),
    (PayForceRequest, bad_force),
    (PayGaugeRequest, bad_gauge),
    (NameCardRequest, bad_names),
    (DiscardRequest, bad_discards),
    (SelectCardsRequest, bad_selections),
    (SpaceRequest, bad_spaces),
    (EffectOrderRequest, bad_orders),
]


def test_every_request_kind_is_covered() -> None:
    assert {kind for kind, _ in CASES} == set(REQUEST_TYPES)


def assert_refused(game: Game, decision: object) -> IllegalDecision:
    """``decision`` raises IllegalDecision and leaves the game exactly as it was."""
    request = game.pending
    before = canonical_bytes(game.state)
    events, decisions = list(game.events), list(game.decisions)
    with pytest.raises(IllegalDecision) as info:
        game.step(decision)  # type: ignore[arg-type]
    assert canonical_bytes(game.state) == before, f"{decision!r} changed the state"
    assert game.events == events and game.decisions == decisions
    assert game.pending is request
    return info.value


@pytest.mark.parametrize(("kind", "bad"), CASES, ids=[k.__name__ for k, _ in CASES])
def test_illegal_decisions_are_refused_with_one_clear_line(
    kind: type[Request], bad: Callable[..., list[Decision | object]]
) -> None:
    game = game_waiting_for(kind)
    request = game.pending
    assert isinstance(request, kind)
    for decision in bad(game, request):
        error = assert_refused(game, decision)
        message = str(error)
        assert "\n" not in message, message
        assert f"for {request.player.label}:" in message, message
        assert f"asked {request.kind}," in message, message
        assert f"allowed: {request.describe()}" in message, message
        assert error.request is request and error.decision is decision
    # The game was not disturbed: a legal decision still goes through.
    legal = RandomAgent(1, request.player).decide(observe(game.state, request.player), request)
    game.step(legal)
    assert game.decisions[-1] == legal


def test_optional_payments_refuse_partial_nonsense_but_accept_declining() -> None:
    game = game_waiting_for(PayGaugeRequest, lambda r: r.optional)
    request = game.pending
    assert isinstance(request, PayGaugeRequest)
    assert_refused(game, PayCards(cards=(NOT_A_CARD,)))
    game.step(PayCards(cards=()))


def test_change_cards_must_pay_something() -> None:
    game = game_waiting_for(ActionRequest, lambda r: ChangeCards() in r.choices)
    game.step(ChangeCards())
    request = game.pending
    assert isinstance(request, PayForceRequest) and request.amount is None
    assert "must pay" in str(assert_refused(game, PayCards(cards=())))


@pytest.mark.parametrize("decision", [Prepare(), Strike(), Mulligan(), PayCards(), None])
def test_a_finished_game_refuses_every_decision(decision: object) -> None:
    game = play_game(RYU_KEN, 3, ("random", "random"), CATALOG)
    assert game.pending is None and game.over
    before = canonical_bytes(game.state)
    count = len(game.events)
    with pytest.raises(IllegalDecision, match="the game is over") as info:
        game.step(decision)  # type: ignore[arg-type]
    assert "\n" not in str(info.value)
    assert info.value.request is None
    assert canonical_bytes(game.state) == before and len(game.events) == count


def test_an_illegal_decision_crosses_a_process_pool() -> None:
    """A refusal raised in a pool worker reaches the parent as the same one line: an
    exception that cannot be unpickled there left ``imap`` waiting forever (seen by
    ``bench.kit``)."""
    import pickle

    game = game_waiting_for(ActionRequest)
    request = game.pending
    error = assert_refused(game, Boost(card=9999))
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is IllegalDecision and str(again) == str(error)
    assert again.request == request and again.decision == error.decision
