"""Facts worked out once per card definition for the rules' hot paths (issue 31): the
condition kinds its effects read (``Table.cards_read``) and what legal options and costs
read of it (force value, boost need, force-cost discount), each cached by identity."""

from __future__ import annotations

from engine.cards.effect_walk import iter_effects
from engine.cards.schema import CardDef, CardKind, ConditionKind, ForceCostsReducedPassive

_CARD_CONDITIONS: dict[int, tuple[CardDef, frozenset[ConditionKind]]] = {}
"""id(card) -> (the card, the condition kinds its effects read): a card's effect tree is
walked once per process, not once per game (``Table.cards_read``)."""


def card_conditions(card: CardDef) -> frozenset[ConditionKind]:
    """The condition kinds any effect of ``card`` (attack or boost, nested included)
    reads; worked out once per card definition."""
    found = _CARD_CONDITIONS.get(id(card))
    if found is not None and found[0] is card:
        return found[1]
    kinds = frozenset(e.condition.kind for root in (card.effects, card.boost.effects)
                      for e in iter_effects(root) if e.condition is not None)
    _CARD_CONDITIONS[id(card)] = (card, kinds)
    return kinds


_CARD_FACTS: dict[int, tuple[CardDef, tuple[int, int, int]]] = {}
"""id(card) -> (the card, its ``card_facts``): worked out once per card definition."""


def card_facts(card: CardDef) -> tuple[int, int, int]:
    """What the hot paths read of a card definition: its force value (an ultra 2, else
    1), the force its boost needs from its owner's other cards (the printed force cost
    plus the card's own value: the boosted card cannot pay for itself) and how much, as a
    continuous boost in play, it reduces its owner's force costs
    (``force_costs_reduced_passive``)."""
    found = _CARD_FACTS.get(id(card))
    if found is not None and found[0] is card:
        return found[1]
    force = 2 if card.kind is CardKind.ULTRA else 1
    discount = sum(effect.amount for effect in card.boost.effects
                   if isinstance(effect, ForceCostsReducedPassive))
    facts = (force, card.boost.force_cost + force, discount)
    if len(_CARD_FACTS) >= 65_536:  # bounded: catalogs decoded from many logs come and go
        _CARD_FACTS.clear()
    _CARD_FACTS[id(card)] = (card, facts)
    return facts
