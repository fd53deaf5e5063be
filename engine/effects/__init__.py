"""Effect handlers: one small registered function per effect type in ``engine.cards.schema``.

The modules follow the domains of the effect vocabulary (``engine.vocabulary``), one
handler module per struct module of the same name: ``movement``, ``stats``, ``traits``,
``card_flow``, ``discards``, ``strike_control``, ``boosts``, ``character_modes``,
``costs`` and ``control`` (``boost_play`` holds what the boost handlers share to play a
boost by an effect). Handlers register themselves with
``engine.effects.registry.handler``. A season mechanic's own handlers (Critical's
``critical``) live in the mechanic and register when it is attached
(``engine.mechanics.builtin``). Each handler's docstring is its reference entry
(``docs/effects.md`` is generated from them), and the meta-test fails if an effect type
used by the card data has no handler, no docstring or no test.
"""

from __future__ import annotations

from engine.effects import (
    boosts,
    card_flow,
    character_modes,
    control,
    costs,
    discards,
    movement,
    stats,
    strike_control,
    traits,
)
from engine.effects.registry import HANDLERS, handler, resolve, resolve_all

__all__ = [
    "HANDLERS",
    "boosts",
    "card_flow",
    "character_modes",
    "control",
    "costs",
    "discards",
    "handler",
    "movement",
    "resolve",
    "resolve_all",
    "stats",
    "strike_control",
    "traits",
]
