"""Condition predicates, one small registered function per ``ConditionKind``.

A condition gates an effect: when it is false the effect (and its ``then`` chain) is
skipped and its ``else`` branch runs instead. The predicates are grouped by what they
read, as the effect handlers are: ``strike`` (the attacks and how they went), ``stats``
(the attacks' totals), ``movement`` (the arena and the moves made), ``cards`` (a player's
piles) and ``turn`` (the turn's marks, Exceed, life). They register with
``registry.predicate`` (a season mechanic's too, in the mechanic); importing this package
registers the core ones. The meta-test checks that every kind used in the card data has a
predicate, with a docstring and a test.
"""

from __future__ import annotations

from engine.core.conditions import cards, movement, stats, strike, turn
from engine.core.conditions.registry import PREDICATES, Predicate, holds, predicate

__all__ = ["PREDICATES", "Predicate", "cards", "holds", "movement", "predicate", "stats", "strike", "turn"]
