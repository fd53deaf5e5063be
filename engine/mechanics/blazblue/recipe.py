"""BlazBlue's part of a position recipe (``Mechanic.recipe_fields``): ``overdrive``, the
cards in the overdrive area (oldest first), and ``rods``, Rachel's lightning rods as
(card, space) pairs in the order placed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from engine.core.events.blazblue import EnteredOverdrive, LightningRodPlaced
from engine.core.hooks.mechanic import Mechanic, RecipeSeat
from engine.core.ids import ARENA_MAX, ARENA_MIN, Zone
from engine.core.state import LIGHTNING_ROD
from engine.knowledge.views import space_objects
from engine.mechanics.blazblue.state import LIGHTNING_RODS, OVERDRIVE


class OverdriveFields(msgspec.Struct, kw_only=True):
    """BlazBlue's recipe fields of a seat."""

    overdrive: Sequence[str] = ()
    rods: Sequence[tuple[str, int]] = ()


class OverdriveRecipe(Mechanic):
    """The recipe hooks of the BlazBlue mechanic."""

    recipe_fields = OverdriveFields
    recipe_keys = frozenset({OVERDRIVE, LIGHTNING_RODS})
    recipe_areas = frozenset({OVERDRIVE, LIGHTNING_RODS})

    def recipe_cards(self, seat: RecipeSeat, fields: Any) -> list[Any]:
        who = seat.who
        events: list[Any] = [
            EnteredOverdrive(player=who, card=seat.take(n), src=Zone.DECK, from_player=who)
            for n in fields.overdrive]
        for name, space in fields.rods:
            if not ARENA_MIN <= space <= ARENA_MAX:
                raise ValueError(f"{who.label}: lightning rod {name!r} on space {space}, "
                                 f"outside {ARENA_MIN}..{ARENA_MAX}")
            events.append(LightningRodPlaced(player=who, card=seat.take(name), src=Zone.DECK,
                                             space=space))
        return events

    def recipe(self, seat: RecipeSeat) -> dict[str, object]:
        state, who = seat.state, seat.who
        out: dict[str, object] = {}
        record = state.mechanics.get(OVERDRIVE)
        if record is not None:
            out["overdrive"] = seat.names(record.named_areas(who).get(OVERDRIVE, []),
                                          "overdrive")
        rods = [[state.card_defs[o.card], o.space] for o in space_objects(state)
                if o.kind == LIGHTNING_ROD and o.owner == who and o.card is not None]
        if rods:
            out["rods"] = rods
        return out
