"""Requests: what the engine waits for, naming the player and the legal options (or a
payment constraint); ``forced_decision`` and ``IllegalDecision``."""

from __future__ import annotations

import enum
from collections.abc import Iterator
from itertools import combinations, permutations

import msgspec

from engine.core.decisions.inputs import (
    ChooseOption,
    Decision,
    Discard,
    Mulligan,
    NameCard,
    OrderEffects,
    PayCards,
    SelectCards,
)
from engine.core.ids import Player

# --- requests ----------------------------------------------------------------------


class _Request(msgspec.Struct, frozen=True, array_like=True, tag_field="t", gc=False):
    """Base of every request. Requests, their options and their pending effects are
    frozen and hold only immutable values: not tracked by the cyclic garbage collector
    (``gc=False``), as events are not (``engine.core.event_base``)."""

    player: Player

    @property
    def kind(self) -> str:
        tag = self.__struct_config__.tag
        assert isinstance(tag, str)
        return tag

    def check(self, decision: Decision) -> str | None:
        """``None`` if ``decision`` is legal, else why not."""
        raise NotImplementedError

    def options(self) -> Iterator[Decision]:
        """Every legal decision (payments enumerate subsets, so may be many)."""
        raise NotImplementedError

    def describe(self) -> str:
        """A short human description of what is allowed."""
        raise NotImplementedError


class MulliganRequest(_Request, frozen=True, tag="mulligan"):
    hand: tuple[int, ...]

    def check(self, decision: Decision) -> str | None:
        if not isinstance(decision, Mulligan):
            return "expected a Mulligan"
        if len(set(decision.cards)) != len(decision.cards):
            return "a card is listed twice"
        if not set(decision.cards) <= set(self.hand):
            return "cards must come from the opening hand"
        return None

    def options(self) -> Iterator[Decision]:
        for n in range(len(self.hand) + 1):
            for cards in combinations(self.hand, n):
                yield Mulligan(cards=cards)

    def describe(self) -> str:
        return f"any subset of the hand {list(self.hand)}"


class _Menu(_Request, frozen=True, array_like=True):
    """A request that lists its options explicitly."""

    choices: tuple[Decision, ...]

    def check(self, decision: Decision) -> str | None:
        return None if decision in self.choices else "not one of the offered options"

    def options(self) -> Iterator[Decision]:
        return iter(self.choices)

    def describe(self) -> str:
        return ", ".join(_short(d) for d in self.choices)


class ActionRequest(_Menu, frozen=True, tag="action"):
    """Choose the turn's action (or a bonus action)."""


class SetAttackRequest(_Menu, frozen=True, tag="set_attack"):
    """Set an attack for a strike: a card, an EX pair, or a wild swing (for a Tag Team
    also a Double EX triple and each of those as a Cross Strike)."""


class RuleOption(enum.StrEnum):
    """The tags of options that stand for a rule rather than an effect of the vocabulary
    (the effect tags, ``"pass"`` among them, name every other option)."""

    END_OF_TURN_DRAW = "end_of_turn_draw"
    """Dan exceeded: draw from the ``word`` "top" or "bottom" of the deck."""
    USE_FOR_FREE = "use_for_free"
    """A wild-swung free ultra (``card``) is used."""
    MAKE_INVALID = "make_invalid"
    """A wild-swung free ultra (``card``) is declined: the attack is invalid."""
    EJECT = "eject"
    """Tag Team Ejection Strike: swap the opponent's fighters."""
    STRIKE_LIGHTNING_ROD = "strike_lightning_rod"
    """BlazBlue, Rachel: the lightning rod ``card`` under the opponent returns to hand and
    deals them 2 nonlethal damage."""


OptionAmount = int | None
"""An amount of an option: a number, or None where the option names "nothing" (the
"no range" of ``name_range``)."""


class ChoiceOption(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """What one option of a ``ChoiceRequest`` does, as data: callers match on it, the
    label beside it is for people.

    ``tag`` is the effect tag of the vocabulary the option stands for (``"push"``,
    ``"pass"``, ``"name_range"``...; see ``docs/effects.md``), or a ``RuleOption``.
    ``amounts`` are its integer parameters in declaration order (``push 1`` is
    ``(1,)``; ``name_range`` "no range" is ``(None,)``); ``word`` a closed-set
    parameter (a top-deck action, the range ``"X"``, ``"top"``/``"bottom"``); ``card``
    the card reference it is about (a boost to sustain); ``condition`` the condition
    kind it is printed with; ``then`` the effects chained after it, flattened in order.
    """

    tag: str
    amounts: tuple[OptionAmount, ...] = ()
    word: str = ""
    card: int | None = None
    condition: str = ""
    then: tuple[ChoiceOption, ...] = ()

    def __str__(self) -> str:
        parts = [f"[if {self.condition}] " if self.condition else "", self.tag]
        parts += [f" {a}" for a in self.amounts]
        parts += [f" {self.word}" if self.word else ""]
        parts += [f" #{self.card}" if self.card is not None else ""]
        text = "".join(parts)
        return ", then ".join([text, *(str(o) for o in self.then)])


class ChoiceRequest(_Request, frozen=True, tag="choice"):
    """Pick one option of a ``choice`` effect (or another either/or).

    ``labels`` are the options in words, ``descriptions`` the same options as data (one
    per label; empty in logs recorded before options were described). ``source`` is what
    asks: the card reference whose effect offers the choice, -1 the asked seat's
    character card (an ability), None a rule of the game (or a log recorded before
    sources were recorded: ``same_as_recorded``). A request with one option is still
    asked: the match driver takes it without consulting the agent, and the log records
    it as offered and taken.
    """

    labels: tuple[str, ...]
    descriptions: tuple[ChoiceOption, ...] = ()
    source: int | None = None

    def check(self, decision: Decision) -> str | None:
        if not isinstance(decision, ChooseOption):
            return "expected ChooseOption"
        if not 0 <= decision.index < len(self.labels):
            return f"index must be in 0..{len(self.labels) - 1}"
        return None

    def options(self) -> Iterator[Decision]:
        return (ChooseOption(index=i) for i in range(len(self.labels)))

    def describe(self) -> str:
        return ", ".join(f"{i}: {label}" for i, label in enumerate(self.labels))


class PayForceRequest(_Request, frozen=True, tag="pay_force"):
    """Discard cards from hand or gauge as force.

    Each card is worth 1 force, an ultra 1 or 2. With ``amount`` set the payment must
    be able to make exactly that much (no overpaying); with ``amount`` None any
    non-empty set is allowed (ultras count 2). ``optional`` allows paying nothing.
    ``source`` is what asks, as ``ChoiceRequest.source``: the card reference whose effect
    is resolving, -1 the asked seat's character card, None a rule of the game (or a log
    recorded before sources were recorded).
    """

    amount: int | None
    candidates: tuple[int, ...]
    ultras: tuple[int, ...]
    optional: bool = False
    source: int | None = None

    def check(self, decision: Decision) -> str | None:
        if not isinstance(decision, PayCards):
            return "expected PayCards"
        cards = decision.cards
        if len(set(cards)) != len(cards):
            return "a card is listed twice"
        if not set(cards) <= set(self.candidates):
            return "cards must come from your hand or gauge"
        if not cards:
            return None if self.optional else "you must pay"
        if self.amount is None:
            return None
        low = len(cards)
        high = low + sum(1 for c in cards if c in self.ultras)
        if not low <= self.amount <= high:  # "1..1 force, not exactly 2" read as code
            made = f"{low}" if low == high else f"{low} to {high}"
            return f"these cards make {made} force, not the {self.amount} needed"
        return None

    def options(self) -> Iterator[Decision]:
        if self.optional:
            yield PayCards(cards=())
        top = len(self.candidates) if self.amount is None else self.amount
        for n in range(1, top + 1):
            for cards in combinations(self.candidates, n):
                decision = PayCards(cards=cards)
                if self.check(decision) is None:
                    yield decision

    def describe(self) -> str:
        need = "any amount of" if self.amount is None else f"exactly {self.amount}"
        opt = " (or nothing)" if self.optional else ""
        return f"{need} force from {list(self.candidates)}{opt}"


class PayGaugeRequest(_Request, frozen=True, tag="pay_gauge"):
    """Spend exactly ``amount`` gauge cards; ``optional`` allows declining. ``source``:
    what asks (as ``ChoiceRequest.source``; None a rule, e.g. an attack's gauge cost)."""

    amount: int
    candidates: tuple[int, ...]
    optional: bool = False
    source: int | None = None

    def check(self, decision: Decision) -> str | None:
        if not isinstance(decision, PayCards):
            return "expected PayCards"
        cards = decision.cards
        if not cards and self.optional:
            return None
        if len(set(cards)) != len(cards) or not set(cards) <= set(self.candidates):
            return "cards must be distinct cards from your gauge"
        if len(cards) != self.amount:
            return f"pay exactly {self.amount} gauge"
        return None

    def options(self) -> Iterator[Decision]:
        if self.optional:
            yield PayCards(cards=())
        for cards in combinations(self.candidates, self.amount):
            yield PayCards(cards=cards)

    def describe(self) -> str:
        opt = " (or decline)" if self.optional else ""
        return f"exactly {self.amount} gauge from {list(self.candidates)}{opt}"


class NameCardRequest(_Request, frozen=True, tag="name_card"):
    """Name one card of ``names`` (``reading``: a read of the opponent's attack).
    ``source``: what asks (as ``ChoiceRequest.source``)."""

    names: tuple[str, ...]
    reading: bool
    source: int | None = None

    def check(self, decision: Decision) -> str | None:
        if not isinstance(decision, NameCard) or decision.name not in self.names:
            return "name one of the listed cards"
        return None

    def options(self) -> Iterator[Decision]:
        return (NameCard(name=n) for n in self.names)

    def describe(self) -> str:
        return ", ".join(self.names)


class DiscardRequest(_Request, frozen=True, tag="discard"):
    """Discard exactly ``count`` cards from ``candidates`` (e.g. down to the hand limit).
    ``source``: what asks (as ``ChoiceRequest.source``; None a rule: the hand limit)."""

    count: int
    candidates: tuple[int, ...]
    source: int | None = None

    def check(self, decision: Decision) -> str | None:
        if not isinstance(decision, Discard):
            return "expected Discard"
        cards = decision.cards
        if len(set(cards)) != len(cards) or not set(cards) <= set(self.candidates):
            return "cards must be distinct cards from your hand"
        if len(cards) != self.count:
            return f"discard exactly {self.count}"
        return None

    def options(self) -> Iterator[Decision]:
        return (Discard(cards=c) for c in combinations(self.candidates, self.count))

    def describe(self) -> str:
        return f"{self.count} of {list(self.candidates)}"


class CardPurpose(enum.IntEnum):
    """What the cards picked for a ``SelectCardsRequest`` are for."""

    TO_GAUGE = 0
    TO_TOP_OF_DECK = 1
    DISCARD = 2
    TO_HAND = 3
    BOOST = 4
    EXTRA_ATTACK = 5
    TO_SEALED = 6
    REVEAL = 7
    OVERDRIVE_DISCARD = 8
    """The mandatory overdrive discard at the start of a BlazBlue turn."""
    TO_OVERDRIVE = 9
    LIGHTNING_ROD = 10
    """A card of the discard pile to become a lightning rod (Rachel's Lotus Barrel)."""


class SelectCardsRequest(_Request, frozen=True, tag="select_cards"):
    """Pick ``min_count``..``max_count`` distinct cards of ``candidates`` for ``purpose``
    (cards from hand to gauge, a card searched from the deck, an extra attack...).
    ``source``: what asks (as ``ChoiceRequest.source``)."""

    purpose: CardPurpose
    candidates: tuple[int, ...]
    min_count: int
    max_count: int
    source: int | None = None

    def check(self, decision: Decision) -> str | None:
        if not isinstance(decision, SelectCards):
            return "expected SelectCards"
        cards = decision.cards
        if len(set(cards)) != len(cards) or not set(cards) <= set(self.candidates):
            return "cards must be distinct cards among the candidates"
        if not self.min_count <= len(cards) <= self.max_count:
            return f"pick {self.min_count}..{self.max_count} cards"
        return None

    def options(self) -> Iterator[Decision]:
        for n in range(self.min_count, self.max_count + 1):
            for cards in combinations(self.candidates, n):
                yield SelectCards(cards=cards)

    def describe(self) -> str:
        what = self.purpose.name.lower().replace("_", " ")
        return f"{self.min_count}..{self.max_count} of {list(self.candidates)} ({what})"


class SpaceRequest(_Menu, frozen=True, tag="choose_space"):
    """Choose the space to move to (``MoveTo`` options; your own space stays put).
    ``source``: what asks (as ``ChoiceRequest.source``: Nirvana's card, a movement
    effect's card...)."""

    source: int | None = None


class PendingEffect(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """One card's effects waiting to resolve at a trigger: the ``card`` they are printed
    on (-1: the character card), their effect ``tags`` in printed order (for callers to
    match on) and their ``text`` in rulebook words (``Just Defense: After: Lose all
    armor``)."""

    card: int
    tags: tuple[str, ...]
    text: str


MAX_PENDING = 8
"""The most effects one ``EffectOrderRequest`` lists (8! orders), in play and in logs."""


class EffectOrderRequest(_Request, frozen=True, tag="effect_order"):
    """Choose the order of your ``effects`` that share a trigger (core rulebook: "If you
    have multiple effects with the same trigger, you choose the order"); answered by
    ``OrderEffects``, a permutation of their indices. Asked only when the order can
    matter (``engine.effect_order.order_matters``)."""

    effects: tuple[PendingEffect, ...]

    def check(self, decision: Decision) -> str | None:
        if not isinstance(decision, OrderEffects):
            return "expected OrderEffects"
        if sorted(decision.order) != list(range(len(self.effects))):
            return f"the order must list each of 0..{len(self.effects) - 1} once"
        return None

    def options(self) -> Iterator[Decision]:
        return (OrderEffects(order=o) for o in permutations(range(len(self.effects))))

    def describe(self) -> str:
        listed = "; ".join(f"{i}: {e.text}" for i, e in enumerate(self.effects))
        return f"an order of {listed}"


Request = (
    MulliganRequest
    | ActionRequest
    | SetAttackRequest
    | ChoiceRequest
    | PayForceRequest
    | PayGaugeRequest
    | NameCardRequest
    | DiscardRequest
    | SelectCardsRequest
    | SpaceRequest
    | EffectOrderRequest
)

REQUEST_TYPES: tuple[type[_Request], ...] = Request.__args__


def forced_decision(request: Request) -> Decision | None:
    """The only decision ``request`` allows when the engine asks a question with one
    answer (a one-option ``ChoiceRequest`` or ``SpaceRequest``), else None. The engine still asks these, so the log
    shows them offered and taken; drivers answer them themselves, so no agent draws from
    its stream for them."""
    if isinstance(request, ChoiceRequest) and len(request.labels) == 1:
        return ChooseOption(index=0)
    if isinstance(request, SpaceRequest) and len(request.choices) == 1:
        return request.choices[0]
    return None


SOURCED: tuple[type[Request], ...] = (
    ChoiceRequest, PayForceRequest, PayGaugeRequest, NameCardRequest, DiscardRequest,
    SelectCardsRequest, SpaceRequest,
)
"""The requests that name what asks them (their ``source``): the questions an effect can
ask. ``engine.play.api.Game`` fills it in from the Table's innermost cause."""


def same_as_recorded(asked: Request, recorded: Request) -> bool:
    """Whether the request this engine ``asked`` is the one a log ``recorded``. A request
    recorded before it named its source (``source`` None) is the same as one that names
    a source and is otherwise equal: such logs still replay and verify."""
    if asked == recorded:
        return True
    return (type(asked) is type(recorded) and isinstance(recorded, SOURCED)
            and getattr(recorded, "source", 0) is None
            and msgspec.structs.replace(asked, source=None) == recorded)


class IllegalDecision(ValueError):
    """A decision the pending request does not allow. ``str()`` is one line."""

    def __init__(self, request: Request | None, decision: object, why: str) -> None:
        self.request = request
        self.decision = decision
        self.why = why
        if request is None:
            msg = f"illegal decision {_short(decision)}: the game is over"
        else:
            msg = (
                f"illegal decision {_short(decision)} for {request.player.label}: {why}; "
                f"asked {request.kind}, allowed: {request.describe()}"
            )
        super().__init__(msg)

    def __reduce__(self) -> tuple[type[IllegalDecision], tuple[Request | None, object, str]]:
        """Pickled with its three arguments, so it crosses a process pool (an exception
        that cannot be rebuilt there leaves the pool waiting forever)."""
        return (IllegalDecision, (self.request, self.decision, self.why))


def _short(decision: object) -> str:
    if isinstance(decision, msgspec.Struct):
        tag = decision.__struct_config__.tag
        fields = ", ".join(f"{f}={getattr(decision, f)!r}" for f in decision.__struct_fields__)
        return f"{tag}({fields})"
    return repr(decision)
