"""Under Night In-Birth's part of a position recipe (``Mechanic.recipe_fields``):
``traps``, a boost in play (by name) that is a Trap on that space. (Its character areas
are the builder's own ``areas``, as every season's named areas.)"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from engine.cards.effect_walk import iter_effects
from engine.cards.schema import PlaceTrap
from engine.core.events.under_night import TrapPlaced, TrapStopsMovement
from engine.core.hooks.mechanic import Mechanic, RecipeSeat
from engine.core.ids import ARENA_MAX, ARENA_MIN
from engine.knowledge.views import space_objects
from engine.mechanics.under_night.state import TRAP_STOPS, UNDER_NIGHT


class TrapFields(msgspec.Struct, kw_only=True):
    """Under Night's recipe fields of a seat."""

    traps: Mapping[str, int] = msgspec.field(default_factory=dict)


class TrapRecipe(Mechanic):
    """The recipe hooks of the Under Night mechanic."""

    recipe_fields = TrapFields
    recipe_keys = frozenset({UNDER_NIGHT, TRAP_STOPS})

    def recipe_events(self, seat: RecipeSeat, fields: Any) -> list[Any]:
        """A ``TrapPlaced`` per ``traps`` entry: the named boost in play, on its space
        (and ``TrapStopsMovement`` if its ``place_trap`` has a ``stop_on_space_effect``)."""
        who, state = seat.who, seat.state
        events: list[Any] = []
        left = list(state.players[who].boosts)
        for name, space in fields.traps.items():
            card_id = seat.card_id(name)
            card = next((ref for ref in left if state.card_defs[ref] == card_id), None)
            if card is None:
                raise ValueError(f"{who.label}: trap {name!r} is not among the boosts")
            if not ARENA_MIN <= space <= ARENA_MAX:
                raise ValueError(f"{who.label}: trap {name!r} on space {space}, outside "
                                 f"{ARENA_MIN}..{ARENA_MAX}")
            left.remove(card)
            events.append(TrapPlaced(player=who, card=card, space=space))
            definition = seat.catalog.card(card_id)
            if any(isinstance(e, PlaceTrap) and e.stop_on_space_effect
                   for root in (definition.boost.effects, definition.effects)
                   for e in iter_effects(root)):
                events.append(TrapStopsMovement(player=who, card=card))
        return events

    def recipe(self, seat: RecipeSeat) -> dict[str, object]:
        defs = seat.state.card_defs
        traps: dict[str, int] = {}
        for o in space_objects(seat.state):
            if o.kind == "trap" and o.owner == seat.who and o.card is not None:
                if defs[o.card] in traps:
                    seat.gap(f"{seat.who.label}: two Traps of {defs[o.card]}; one is stated")
                traps[defs[o.card]] = o.space
        return {"traps": traps} if traps else {}
