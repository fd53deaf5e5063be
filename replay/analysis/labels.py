"""Decisions in a player's words ("Boost Hadouken", "Set EX Shoryuken", "Move to 4"),
and the key that groups options leading to the same position.

Two copies of a card are different references but the same option: ``option_key``
replaces every card reference of a decision by its card id, so "set Hadouken (copy 1)"
and "set Hadouken (copy 2)" fall in one group and are played out once.
"""

from __future__ import annotations

import msgspec

from engine import Catalog, Decision, State

_CARD_FIELDS = ("card", "cards")


def _ids(decision: Decision, state: State) -> dict[str, object]:
    """The decision's fields, card references replaced by card ids (sorted in a set)."""
    fields: dict[str, object] = {}
    for name in decision.__struct_fields__:
        value = getattr(decision, name)
        if name == "card" and isinstance(value, int):
            value = state.card_defs.get(value, str(value))
        elif name == "cards" and isinstance(value, tuple):
            value = tuple(sorted(state.card_defs.get(ref, str(ref)) for ref in value))
        fields[name] = value
    return fields


def option_key(decision: Decision, state: State) -> str:
    """A key equal for options that lead to the same position (the same kind and the
    same card ids, whichever copies)."""
    tag = decision.__struct_config__.tag
    return msgspec.json.encode([tag, _ids(decision, state)]).decode()


def option_label(decision: Decision, state: State, catalog: Catalog) -> str:
    """The decision as a player would say it."""
    tag = str(decision.__struct_config__.tag)
    fields = _ids(decision, state)

    def name(card_id: object) -> str:
        text = str(card_id)
        return catalog.cards[text].name if text in catalog.cards else text

    if "cards" in fields and isinstance(fields["cards"], tuple):
        names = [name(c) for c in fields["cards"]]
        if tag in ("set_attack", "cross_strike"):
            if len(names) == 2 and names[0] == names[1]:
                return f"Set EX {names[0]}"
            return "Set " + " + ".join(names)
        return f"{tag.replace('_', ' ').capitalize()} " + ", ".join(names)
    if "card" in fields:
        return f"{tag.replace('_', ' ').capitalize()} {name(fields['card'])}"
    if tag == "move":
        return f"Move to {fields.get('space')}"
    if tag == "character_action":
        return f"Character action {fields.get('index', 0)}"
    if tag == "choose":
        return f"Option {fields.get('index')}"
    return tag.replace("_", " ").capitalize()
