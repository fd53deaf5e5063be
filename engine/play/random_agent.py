"""The seeded random agent: uniform among the legal options, force payments sampled
directly. It draws from its own PRNG stream derived from the game seed and its seat
(``agent:<name>:p1``), so it never disturbs the game's own random outcomes."""

from __future__ import annotations

from engine.core.decisions import (
    ActionRequest,
    ChoiceRequest,
    ChooseOption,
    Decision,
    EffectOrderRequest,
    Mulligan,
    MulliganRequest,
    OrderEffects,
    PayCards,
    PayForceRequest,
    Request,
    SelectCards,
    SelectCardsRequest,
    SetAttackRequest,
    SpaceRequest,
)
from engine.core.ids import Player
from engine.core.rng import Rng, derive_seed
from engine.core.state import State


def sample_payment(rng: Rng, request: PayForceRequest) -> PayCards:
    """A random legal force payment, without enumerating every subset."""
    if request.optional and (request.amount is None or rng.randbelow(4) == 0):
        if request.amount is None and request.optional:
            return PayCards(cards=())
    order = rng.shuffle(request.candidates)
    if request.amount is None:
        count = 1 + rng.randbelow(len(order))
        return PayCards(cards=tuple(order[:count]))
    chosen: list[int] = []
    force = 0
    for card in order:
        if force >= request.amount:
            break
        chosen.append(card)
        force += 2 if card in request.ultras else 1
    return PayCards(cards=tuple(chosen))


class RandomAgent:
    """Picks uniformly among the legal options (payments are sampled directly)."""

    needs_view = False

    def __init__(self, seed: int, player: Player, name: str = "random") -> None:
        self.name = name
        self.rng = Rng(derive_seed(seed, f"agent:{name}:{player.label}"))

    def decide(self, view: State, request: Request) -> Decision:
        rng = self.rng
        if isinstance(request, PayForceRequest):
            return sample_payment(rng, request)
        if isinstance(request, MulliganRequest):
            hand = list(request.hand)
            return Mulligan(cards=tuple(c for c in hand if rng.randbelow(4) == 0))
        if isinstance(request, SelectCardsRequest):
            count = request.min_count + rng.randbelow(request.max_count - request.min_count + 1)
            return SelectCards(cards=tuple(rng.shuffle(request.candidates)[:count]))
        if isinstance(request, EffectOrderRequest):  # a random order, from its own stream
            return OrderEffects(order=tuple(rng.shuffle(range(len(request.effects)))))
        if isinstance(request, _MENUS):  # the options are listed: pick one by index
            choices = request.choices
            return choices[rng.randbelow(len(choices))]
        if isinstance(request, ChoiceRequest):
            return ChooseOption(index=rng.randbelow(len(request.labels)))
        options = list(request.options())
        return options[rng.randbelow(len(options))]


_MENUS = (ActionRequest, SetAttackRequest, SpaceRequest)
"""The requests that list their options (``choices``), in the order ``options`` gives."""
