"""The effect vocabulary: one frozen, tagged struct per effect type, grouped by domain.

``base`` holds what every effect shares (timing, condition, ``then``/``else``); the
domain modules hold the effect types: ``movement``, ``stats``, ``traits``, ``card_flow``,
``discards``, ``strike_control``, ``boosts``, ``character_modes``, ``costs`` and
``control``. Each type's handler is in the ``engine.effects`` module of the same name.
``engine.cards`` builds the closed ``Effect`` union from these modules and re-exports
every type, so data and code name an effect as ``engine.cards.Advance``.

The structs live apart from their handlers because ``engine.state`` decodes effects
(``AttackSide.added``) and must not import the rules and effects that fold into it.
"""

from __future__ import annotations

# Load engine.cards first: it imports the domain modules in a fixed order and builds
# the ``Effect`` union their nested fields refer to.
from engine import cards as cards
