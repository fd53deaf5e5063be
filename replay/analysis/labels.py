"""Decisions in a player's words ("Boost Hadoken (Overhead)", "Set Shoryuken as EX",
"Move to space 4", the words of ``replay.options``), and the key that groups options
leading to the same position.

Two copies of a card are different references but the same option: ``option_key``
replaces every card reference of a decision by its card id, so "set Hadouken (copy 1)"
and "set Hadouken (copy 2)" fall in one group and are played out once.
"""

from __future__ import annotations

import msgspec

from engine import Catalog, Decision, Request, State
from replay.options import label_of


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


def option_label(decision: Decision, request: Request, state: State, catalog: Catalog) -> str:
    """The decision as a player would say it (``replay.options``: the words ``exceed
    fork`` lists options in)."""
    return label_of(decision, request, state, catalog)
