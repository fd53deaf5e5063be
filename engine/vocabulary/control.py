"""Control effects: a player's choice between chains of effects, and the empty option.

The handlers are in ``engine.effects.control``, under the same names in snake case.
"""

from __future__ import annotations

from engine import vocabulary
from engine.vocabulary.base import Count, EffectBase, SymbolicAmount


class Choice(EffectBase, frozen=True, kw_only=True, tag="choice"):
    """The player picks one option; each option is a chain of effects."""

    options: tuple[tuple[vocabulary.Effect, ...], ...]
    skip_if_boost_sustained: bool = False
    opponent: bool = False
    """The opponent picks, and the chosen effects are theirs (Arakune's A +- B)."""


class Pass(EffectBase, frozen=True, kw_only=True, tag="pass"):
    pass


class ChoiceMultiple(EffectBase, frozen=True, kw_only=True, tag="choice_multiple"):
    """The player picks ``amount`` different options, one after another; each resolves
    as it is picked (a ``choice`` with ``multiple_amount``: Hilda's Revenant Pillar)."""

    options: tuple[tuple[vocabulary.Effect, ...], ...]
    amount: int = 2


class RepeatEffectOptionally(EffectBase, frozen=True, kw_only=True, tag="repeat_effect_optionally"):
    """``linked_effect`` runs once, then up to ``amount`` more times, each repeat a
    yes/no choice (``first_not_automatic``: every run, the first too, is asked, at most
    ``amount`` in all)."""

    amount: int | SymbolicAmount | Count
    linked_effect: tuple[vocabulary.Effect, ...]
    first_not_automatic: bool = False
