"""Effect handlers: one small registered function per effect type in ``engine.cards``.

Handlers live in one module per group (``movement``, ``stats``, ``strike_control``,
``card_flow``, ``boosts``, ``control``; the ``*_extra`` modules hold the later fighters'
effects of the same groups) and register themselves with
``engine.effects.registry.handler``. Each handler's docstring is its reference entry
(``docs/effects.md`` is generated from them), and the meta-test fails if an effect type
used by the card data has no handler, no docstring or no test.
"""

from __future__ import annotations

from engine.effects import (
    boosts,
    card_flow,
    cards_extra,
    control,
    flow_extra,
    hand_extra,
    movement,
    movement_extra,
    stats,
    stats_extra,
    strike_control,
    strike_extra,
)
from engine.effects.registry import HANDLERS, handler, resolve, resolve_all
from engine.mechanics import effects as mechanics  # the season mechanics' handlers

__all__ = [
    "HANDLERS",
    "boosts",
    "card_flow",
    "cards_extra",
    "control",
    "flow_extra",
    "hand_extra",
    "handler",
    "mechanics",
    "movement",
    "movement_extra",
    "resolve",
    "resolve_all",
    "stats",
    "stats_extra",
    "strike_control",
    "strike_extra",
]
