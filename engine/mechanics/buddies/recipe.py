"""The buddies' part of a position recipe (``Mechanic.recipe_fields``): ``buddies``, a
buddy token (by id) of the fighter's, in play on that space."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from engine.core.events.buddies import BuddyPlaced
from engine.core.hooks.mechanic import Mechanic, RecipeSeat
from engine.core.ids import ARENA_MAX, ARENA_MIN
from engine.knowledge.views import space_objects
from engine.mechanics.buddies.state import BUDDIES


class BuddyFields(msgspec.Struct, kw_only=True):
    """The buddies' recipe fields of a seat."""

    buddies: Mapping[str, int] = msgspec.field(default_factory=dict)


class BuddyRecipe(Mechanic):
    """The recipe hooks of the buddies mechanic."""

    recipe_fields = BuddyFields
    recipe_keys = frozenset({BUDDIES})

    def recipe_events(self, seat: RecipeSeat, fields: Any) -> list[Any]:
        """A ``BuddyPlaced`` per ``buddies`` entry: a token the fighter in play
        declares, on its space."""
        who = seat.who
        character = seat.state.players[who].character
        declared = {b.id for b in seat.catalog.character(character).buddies}
        events: list[Any] = []
        for buddy, space in fields.buddies.items():
            if buddy not in declared or not ARENA_MIN <= space <= ARENA_MAX:
                raise ValueError(f"{who.label}: no buddy {buddy!r} on space {space}")
            events.append(BuddyPlaced(player=who, buddy=buddy, space=space))
        return events

    def recipe(self, seat: RecipeSeat) -> dict[str, object]:
        buddies = {o.name: o.space for o in space_objects(seat.state)
                   if o.kind == "buddy" and o.owner == seat.who}
        return {"buddies": buddies} if buddies else {}
