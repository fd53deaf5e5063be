"""Effect helpers over the closed vocabulary (``engine.vocabulary``): an effect type's
data-file tag, and a printed effects tuple filtered by timing (memoized)."""

from __future__ import annotations

from engine.vocabulary import Effect
from engine.vocabulary.base import EffectBase, Timing


def effect_tag(effect_type: type[EffectBase]) -> str:
    """The data-file tag of an effect struct type, e.g. ``"advance"``."""
    tag = effect_type.__struct_config__.tag
    assert isinstance(tag, str)
    return tag


_TIMED: dict[tuple[int, Timing], tuple[tuple[Effect, ...], tuple[Effect, ...]]] = {}
"""(id of a printed effects tuple, timing) -> (that tuple, its effects at the timing):
a card's or ability's effects are filtered by timing once per process, not per use."""


def timed(effects: tuple[Effect, ...], timing: Timing) -> tuple[Effect, ...]:
    """The effects of ``effects`` (a printed, immutable tuple) at ``timing``, in order."""
    key = (id(effects), timing)
    known = _TIMED.get(key)
    if known is not None and known[0] is effects:
        return known[1]
    chosen = tuple(e for e in effects if e.timing is timing)
    if len(_TIMED) >= 65_536:  # bounded: catalogs decoded from many logs come and go
        _TIMED.clear()
    _TIMED[key] = (effects, chosen)
    return chosen
