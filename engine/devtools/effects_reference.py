"""The effects reference (``docs/effects.md``), rendered from the code that runs effects.

The size of the vocabulary, the list of timings, the rules every effect follows (a boost
leaving play, the order of effects that share a trigger), then one section per effect
tag (its handler's docstring and its data-file fields), then one per condition kind
(its predicate's docstring). Regenerate
with ``python -m engine.devtools.effects_reference > docs/effects.md``; a test fails when it is stale.
"""

from __future__ import annotations

import inspect
import sys
import typing

import msgspec

from engine.cards import schema as c
from engine.cards.catalog import default_catalog
from engine.cards.effect_walk import single_fighter_effect_types, used_effect_types
from engine.core.conditions import PREDICATES
from engine.core.context import Table
from engine.effects import HANDLERS
from engine.rules import effect_order

_INTRO = """\
# Effects reference

Generated from the docstrings of the effect handlers (`engine/effects/`) and the
condition predicates (`engine/core/conditions/`) by `python -m engine.devtools.effects_reference`.
Do not edit by hand.

An effect in the card data is a JSON object whose `type` is one of the tags below. Every
effect may also carry `timing` (when it fires), `if` (a condition, see
[Conditions](#conditions); when false the effect is skipped and its `else` effects run
instead) and `then` (effects that run after it, only if it ran). The fields listed for
each effect are its own, in addition to those four.

The structs are in `engine/vocabulary/<domain>.py` and their handlers in
`engine/effects/<domain>.py`: movement, stats, traits, card_flow, discards,
strike_control, boosts, character_modes, costs, control. An `amount` marked "or Count"
may be computed when the effect resolves: `{"count": "gauge", "times": 1, "plus": 0,
"at_most": 5}` counts one of the quantities `gauge`, `cards_in_hand`, `spaces_between`,
`opponent_gauge`.
"""

_BEFORE = (
    "Before issue 12 made fighter-specific effects data on shared primitives there were "
    "79 effect types, 31 of them used by one fighter only (37 used by one data file: six "
    "more only by the shared Normals, so by every fighter)."
)


def _common_fields() -> frozenset[str]:
    """The fields every effect type has (timing, condition, then, otherwise)."""
    field_sets = [frozenset(t.__struct_fields__) for t in c.EFFECT_TYPES]
    return frozenset.intersection(*field_sets)


def _type_name(annotation: object) -> str:
    if isinstance(annotation, type):
        return annotation.__name__
    if typing.get_origin(annotation) is tuple:
        inner = _type_name(typing.get_args(annotation)[0])
        return "list of effects" if inner == "effect" else f"list of ({inner})"
    members = typing.get_args(annotation)
    if members and not all(m in c.EFFECT_TYPES for m in members):
        # a union of plain values, e.g. ``int | SymbolicAmount`` or ``BoostKind | None``
        return " or ".join("null" if m is type(None) else _type_name(m) for m in members)
    return "effect"


def _fields(effect_type: type[msgspec.Struct]) -> str:
    """The effect's own data-file fields (not the four every effect has), in Markdown."""
    common = _common_fields()
    found = []
    for field in msgspec.structs.fields(effect_type):
        if field.name in common:
            continue
        text = f"`{field.encode_name}` ({_type_name(field.type)}"
        if field.default is not msgspec.NODEFAULT:
            text += f", default `{msgspec.json.encode(field.default).decode()}`"
        found.append(text + ")")
    return ", ".join(found) if found else "none of its own"


def _doc(obj: object) -> str:
    return inspect.getdoc(obj) or "*Undocumented.*"


def _effect_section(tag: str, effect_type: type[msgspec.Struct]) -> str:
    handler, asks = HANDLERS[effect_type]
    return (
        f"### `{tag}`\n\n{_doc(handler)}\n\n"
        f"- Fields: {_fields(effect_type)}\n"
        f"- Its handler asks a player to decide: {'yes' if asks else 'no'}\n"
    )


def _condition_section(kind: c.ConditionKind) -> str:
    return f"### `{kind.value}`\n\n{_doc(PREDICATES[kind])}\n"


def _timings() -> str:
    """The values an effect's ``timing`` may take (``engine.cards.schema.Timing``)."""
    values = ", ".join(f"`{t.value}`" for t in c.Timing)
    return (
        f"## Timings\n\nAn effect's `timing` is one of {values}. The order in which they "
        "fire during a strike is described in `engine/rules/strike/__init__.py`.\n"
    )


def _rules() -> str:
    """The rules every effect follows, from the docstrings of the code that keeps them."""
    return (
        "## Rules the effects follow\n\n"
        "### A continuous boost's effects last only while it is in play\n\n"
        f"{_doc(Table.end_boost_bonuses)}\n\n"
        "### You choose the order of your effects that share a trigger\n\n"
        f"{_doc(effect_order)}\n\n{_doc(effect_order.order_matters)}\n"
    )


def _size() -> str:
    """How many effect types there are, and which ones a single fighter uses."""
    catalog = default_catalog()
    single = single_fighter_effect_types(catalog)
    used = used_effect_types(catalog)
    names = ", ".join(
        f"`{c.effect_tag(t)}` ({catalog.character(who).name})"
        for t, who in sorted(single.items(), key=lambda item: c.effect_tag(item[0]))
    )
    return (
        f"## Size of the vocabulary\n\n{len(c.EFFECT_TYPES)} effect types, "
        f"{len(used)} used by the card data; {len(single)} of them by one fighter only, "
        f"each saying under \"Own type\" why it is not data on shared primitives: "
        f"{names}.\n\n{_BEFORE}\n"
    )


def render() -> str:
    """The whole Markdown reference: size, timings, effects by tag, then conditions."""
    effects = sorted((c.effect_tag(t), t) for t in c.EFFECT_TYPES)
    conditions = sorted(c.ConditionKind, key=lambda k: k.value)
    parts = [_INTRO, _size(), _timings(), _rules(), "## Effects\n"]
    parts.extend(_effect_section(tag, t) for tag, t in effects)
    parts.append("## Conditions\n")
    parts.extend(_condition_section(k) for k in conditions)
    return "\n".join(parts)


def main() -> None:
    """Print the reference (redirect it to ``docs/effects.md``)."""
    sys.stdout.write(render())


if __name__ == "__main__":
    main()
