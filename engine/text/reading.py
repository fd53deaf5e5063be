"""Effect phrases for a person reading a card (the Game and Play pages' "Card texts",
``c NAME`` at the terminal): the words of ``engine.text.phrases``, except that a paid
effect says what is paid and what it buys.

``phrases`` names ``gauge_for_effect`` and ``force_for_effect`` by their tags, "gauge
for effect", and recorded logs carry those words in their choices' labels, so they stay
there. A reader of Ken's character card was told "set strike: gauge for effect" where it
means "may spend 1 gauge: critical". These phrases are never recorded.
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.text.phrases import describe_chain, describe_effect


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
        return f"{who}{verb} {amount} {unit}: {describe_chain(effect.overall_effect)}"
    amount = "any amount of" if most < 0 else f"up to {most}"
    return f"{who}{verb} {amount} {unit}: {describe_chain(each)} per {unit}"


def read_effect(effect: c.Effect) -> str:
    """One effect and its chain as a card's reader reads it (``describe_effect``'s
    words, a paid effect spelled out)."""
    if not isinstance(effect, (c.GaugeForEffect, c.ForceForEffect)) or (
            isinstance(effect, c.ForceForEffect) and effect.combined):
        return describe_effect(effect)
    text = _paid(effect)
    if effect.condition is not None:
        amount = effect.condition.amount
        arg = "" if amount is None else f" {amount}"
        text = f"[if {effect.condition.kind.value}{arg}] {text}"
    if effect.then:
        text += ", then " + ", ".join(read_effect(e) for e in effect.then)
    return text


__all__ = ["read_effect"]
