"""The buddy effect handlers and conditions, by what they do:

- ``tokens``: placing, moving, swapping and removing a buddy token (face down when its
  character declares it so: Hazama's Ouroboros);
- ``movement``: a fighter moving to their buddy, a buddy's space as a wall, the opponent
  pushed or pulled from or toward a buddy;
- ``strike``: an attack's range measured from a buddy, Carl Clover's Nirvana flipped;
- ``placed_boosts``: boosts played onto a space (Rachel's, Carmine's Traps);
- ``conditions``: the buddy conditions.

Each registers itself with ``engine.effects`` (handlers) and ``engine.core.conditions``
(predicates) when imported; importing this package (the buddies' ``register`` call in ``engine.mechanics.builtin`` does)
loads them all. ``docs/effects.md`` lists them with the others.
"""

from __future__ import annotations

from engine.mechanics.buddies.effects import (
    conditions,
    movement,
    placed_boosts,
    strike,
    tokens,
)

__all__ = ["conditions", "movement", "placed_boosts", "strike", "tokens"]
