"""BlazBlue effects: the season's own effect types (the overdrive area), kept apart from
the core domains because only BlazBlue cards use them.

The handlers are in ``engine.mechanics.blazblue.effects``, under the same names in snake
case; they register when the mechanic is attached (``engine.mechanics.builtin``).
"""

from __future__ import annotations

from engine.vocabulary.base import EffectBase


class AddTopDiscardToOverdrive(
    EffectBase, frozen=True, kw_only=True, tag="add_top_discard_to_overdrive"
):
    """The top ``amount`` cards of your discard pile enter your overdrive area (Arakune)."""

    amount: int = 1


class BoostDiscardedOverdrive(
    EffectBase, frozen=True, kw_only=True, tag="boost_discarded_overdrive"
):
    """The card just discarded from your overdrive area (the top of your discard pile)
    is played as a continuous boost (Platinum's overdrive effect)."""
