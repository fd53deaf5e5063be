"""Human-readable notation: effect summaries for choice labels and event transcripts.

Used by the engine (to label the options of a choice), by the CLI transcript and by
the replayer. Nothing here changes a game.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import cards as c

_AMOUNT_EFFECTS = (
    c.Advance,
    c.Retreat,
    c.Close,
    c.Push,
    c.Pull,
    c.Powerup,
    c.Speedup,
    c.Armorup,
    c.Guardup,
    c.Draw,
    c.OpponentDiscardRandom,
)


def describe_effect(effect: c.Effect) -> str:
    """A short phrase for one effect and its chain, e.g. ``"advance 2, then draw 1"``."""
    tag = c.effect_tag(type(effect)).replace("_", " ")
    if isinstance(effect, _AMOUNT_EFFECTS):
        text = f"{tag} {effect.amount}"
    elif isinstance(effect, c.Choice):
        text = "choose: " + " / ".join(describe_chain(o) for o in effect.options)
    else:
        text = tag
    if effect.condition is not None:
        text = f"[if {effect.condition.kind.value}] {text}"
    if effect.then:
        text += ", then " + describe_chain(effect.then)
    return text


def describe_chain(effects: Sequence[c.Effect]) -> str:
    return ", ".join(describe_effect(e) for e in effects) or "nothing"
