"""Asking a player: the flows that yield a request and return what the validated decision
says (a choice, cards, a space), and the two payments, force and gauge, that move the
cards paid. Rules and effect handlers ``yield from`` them with the ``Table``
(``engine.core.context``) they hold.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.cards.schema import ForceCostsReducedPassive, Pass, effect_tag
from engine.core import events as ev
from engine.core.context import Flow, Table
from engine.core.decisions import (
    CardPurpose,
    ChoiceOption,
    ChoiceRequest,
    ChooseOption,
    MoveTo,
    PayCards,
    PayForceRequest,
    PayGaugeRequest,
    SelectCards,
    SelectCardsRequest,
    SpaceRequest,
)
from engine.core.ids import Player, Zone


def choose(
    table: Table, who: Player, labels: Sequence[str], descriptions: Sequence[ChoiceOption]
) -> Flow[int]:
    """Ask ``who`` to pick one of ``labels``, each described as data by the
    ``descriptions`` at the same index. A single option is asked too (the match driver
    answers it without the agent), so the log shows it offered and taken. The request
    names what asks (``Table.asking_source``: the card whose effect is resolving)."""
    assert len(labels) == len(descriptions), "one description per label"
    decision = yield ChoiceRequest(
        player=who, labels=tuple(labels), descriptions=tuple(descriptions),
        source=table.asking_source(who),
    )
    assert isinstance(decision, ChooseOption)
    return decision.index


def select_cards(
    who: Player,
    purpose: CardPurpose,
    candidates: Sequence[int],
    min_count: int,
    max_count: int,
) -> Flow[tuple[int, ...]]:
    """Ask ``who`` to pick ``min_count``..``max_count`` of ``candidates`` (both clipped
    to what there is); a forced outcome (all of them, or none) is taken without asking:
    rule tests pin that (e.g. discarding a hand of one), and which cards go is no
    player's choice."""
    most = min(max_count, len(candidates))
    least = max(0, min(min_count, most))
    if most <= 0:
        return ()
    if least == len(candidates):
        return tuple(candidates)
    decision = yield SelectCardsRequest(
        player=who, purpose=purpose, candidates=tuple(candidates), min_count=least,
        max_count=most,
    )
    assert isinstance(decision, SelectCards)
    return decision.cards


def choose_space(who: Player, spaces: Sequence[int]) -> Flow[int]:
    """Ask ``who`` which of ``spaces`` to move to; a single space is asked too (the match
    driver answers it), so the log shows it offered and taken."""
    decision = yield SpaceRequest(player=who, choices=tuple(MoveTo(space=s) for s in spaces))
    assert isinstance(decision, MoveTo)
    return decision.space


def pay_force(
    table: Table,
    who: Player,
    amount: int | None,
    exclude: Sequence[int] = (),
    optional: bool = False,
    source: int | None = None,
) -> Flow[int]:
    """Ask ``who`` to discard cards from hand or gauge as force; returns the force made.

    With ``amount`` None the player pays any amount (ultras worth 2), e.g. Change Cards.
    A fixed ``amount`` is a cost: the player's force discount (``force_discount``) comes
    off it; a cost the discount covers is paid with no card (an optional one is still a
    yes/no choice), and the whole ``amount`` counts as paid. A payment of any amount
    gets the discount as free force on top of the cards paid ("every force payment gets
    N free force": Serpent's Benediction makes Change Cards of one card draw 2 and a
    Block's force for armor give 2 armor for no card), so it may then be paid with no
    card, and with no card to pay it is the discount, unasked. ``source`` names what
    asks when a rule asks on a card's behalf (Block's force for armor, asked at damage);
    otherwise the game fills it in from the innermost cause (``Game``).
    """
    if amount == 0:
        return 0
    due = amount
    discount = table.force_discount(who)
    if amount is not None and discount:
        due = max(0, amount - discount)
        if due == 0:
            if optional:
                labels = [f"pay {amount} force (costs reduced by {discount})", "decline"]
                options = [ChoiceOption(tag=effect_tag(ForceCostsReducedPassive)),
                           ChoiceOption(tag=effect_tag(Pass))]
                if (yield from choose(table, who, labels, options)) == 1:
                    return 0
            return amount
    p = table.p(who)
    candidates = tuple(c for c in p.hand if c not in exclude) + tuple(p.gauge)
    free = discount if amount is None else 0  # any amount: the discount on top, so
    if free and not candidates:  # no card is needed, and with none it is not asked
        return free
    ultras = tuple(c for c in candidates if table.force_value(c) == 2)
    request = PayForceRequest(
        player=who, amount=due, candidates=candidates, ultras=ultras,
        optional=optional or free > 0, source=source,
    )
    decision = yield request
    assert isinstance(decision, PayCards)
    for card in decision.cards:
        src = Zone.HAND if card in p.hand else Zone.GAUGE
        table.move(who, card, src, Zone.DISCARD, ev.MoveReason.FORCE)
    if amount is not None and decision.cards:
        return amount
    return sum(table.force_value(c) for c in decision.cards) + free


def pay_gauge(
    table: Table, who: Player, amount: int, optional: bool = False,
    spend: Callable[[int], None] | None = None,
) -> Flow[bool]:
    """Ask ``who`` to spend ``amount`` gauge; returns whether it was paid. Each card paid
    goes to the discard pile, or to ``spend`` (BlazBlue's Exceed: the overdrive area)."""
    p = table.p(who)
    if len(p.gauge) < amount:
        return False
    decision = yield PayGaugeRequest(
        player=who, amount=amount, candidates=tuple(p.gauge), optional=optional
    )
    assert isinstance(decision, PayCards)
    if not decision.cards:
        return amount == 0
    for card in decision.cards:
        if spend is not None:
            spend(card)
        else:
            table.move(who, card, Zone.GAUGE, Zone.DISCARD, ev.MoveReason.GAUGE_SPENT)
    return True
