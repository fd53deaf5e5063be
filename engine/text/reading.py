"""Effect phrases for a person reading a card (the Game and Play pages' "Card texts",
``c NAME`` at the terminal): the words of ``engine.text.phrases``, with what they leave
out said.

``phrases`` names many effects by their tags alone, and recorded logs carry those words
in their choices' labels, so they stay there. A reader of Ken's character card was told
"set strike: gauge for effect" where it means "may spend 1 gauge: critical", and of
Carmine's cards "rangeup" with no figure. Here a paid effect says what is paid and what
it buys, a range bonus, a dodge range, damage taken and a force discount their figures,
and any other effect named by its tag alone its printed values after it, in its data's
words (``move to any space (move max 8)``). These phrases are never recorded.
"""

from __future__ import annotations

import enum

import msgspec

from engine.cards import schema as c
from engine.text.phrases import amount_words, conditioned, describe_effect


def _paid(effect: c.GaugeForEffect | c.ForceForEffect) -> str:
    """``may spend 1 gauge: critical``, ``may spend up to 2 force: powerup 1 per force``,
    ``the opponent may spend 1 force: ...`` (the effects are still yours)."""
    if isinstance(effect, c.GaugeForEffect):
        unit, most, each, who = "gauge", effect.gauge_max, effect.per_gauge_effect, ""
    else:
        unit, most, each = "force", effect.force_max, effect.per_force_effect
        who = "the opponent " if effect.other_player else ""
    verb = "must spend" if effect.required else "may spend"
    if effect.overall_effect:
        amount = "any" if most < 0 else str(most)
        return f"{who}{verb} {amount} {unit}: {_chain(effect.overall_effect)}"
    amount = "any amount of" if most < 0 else f"up to {most}"
    return f"{who}{verb} {amount} {unit}: {_chain(each)} per {unit}"


def _chain(effects: tuple[c.Effect, ...]) -> str:
    """A chain as a reader reads it (``describe_chain``'s ``nothing`` for none)."""
    return ", ".join(read_effect(e) for e in effects) or "nothing"


_CHAIN_FIELDS = frozenset({"timing", "condition", "then", "otherwise"})


def _worded(effect: c.Effect) -> str | None:
    """The reader's phrase of an effect ``describe_effect`` names by its tag alone, or
    None to keep ``describe_effect``'s."""
    if isinstance(effect, (c.GaugeForEffect, c.ForceForEffect)) and not (
            isinstance(effect, c.ForceForEffect) and effect.combined):
        return _paid(effect)
    if isinstance(effect, c.Rangeup):
        return f"range +{amount_words(effect.amount)}~+{amount_words(effect.amount2)}"
    if isinstance(effect, c.DodgeAtRange):
        low, high = effect.range_min, effect.range_max
        return f"attacks from range {low if low == high else f'{low}-{high}'} miss you"
    if isinstance(effect, c.TakeDamage):
        who = "the opponent takes" if effect.opponent else "take"
        return f"{who} {effect.amount} damage" + (" (not below 1 life)" if effect.nonlethal
                                                    else "")
    if isinstance(effect, c.ForceCostsReducedPassive):
        return f"your force costs are {effect.amount} less"
    tag = c.effect_tag(type(effect)).replace("_", " ")
    if describe_effect(_alone(effect)) != tag:
        return None
    values = [_value(name, getattr(effect, name)) for name in effect.__struct_fields__
              if name not in _CHAIN_FIELDS]
    shown = [v for v in values if v]
    return f"{tag} ({', '.join(shown)})" if shown else None


def _alone(effect: c.Effect) -> c.Effect:
    """``effect`` without its condition and chain (what ``describe_effect`` says of it
    alone)."""
    return msgspec.structs.replace(effect, condition=None, then=())


def _value(name: str, value: object) -> str:
    """One printed value as ``move max 8``, ``opponent`` for a flag that is set; nothing
    for an unset or default one, or for effects nested in it."""
    words = name.replace("_", " ")
    if value is None or value is False or value == () or value == "" or value == 0:
        return ""
    if value is True:
        return words
    if isinstance(value, enum.Enum):
        return f"{words} {str(value.value).replace('_', ' ')}"
    if isinstance(value, str):
        return f"{words} {value}"
    if isinstance(value, (int, c.Count)):
        return f"{words} {amount_words(value)}"
    if isinstance(value, tuple) and all(isinstance(v, enum.Enum) for v in value):
        return f"{words} " + "/".join(str(v.value).replace("_", " ") for v in value)
    return ""


def read_effect(effect: c.Effect) -> str:
    """One effect and its chain as a card's reader reads it (``describe_effect``'s
    words, with what they leave out said), a choice's options and a chain too."""
    if isinstance(effect, c.Choice):
        text = "choose: " + " / ".join(_chain(option) for option in effect.options)
    else:
        text = _worded(effect) or describe_effect(_alone(effect))
    text = conditioned(effect, text)
    if effect.then:
        text += ", then " + _chain(effect.then)
    return text


__all__ = ["read_effect"]
