"""The Momentum mechanic: its hook (after an attack that hit), its wording, its counter
(through ``MomentumState``) and its recipe field (``momentum``: a seat's momentum)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from engine.cards.catalog import Catalog
from engine.core.context import Flow, Table
from engine.core.hooks.mechanic import Mechanic, RecipeSeat, Teller
from engine.core.ids import Player
from engine.core.state import State, kept_record
from momentum.events import MomentumGained
from momentum.state import MOMENTUM, MomentumState

WORDS: Mapping[type, Callable[[Teller, Any], str | None]] = {
    MomentumGained: lambda t, e: f"{t.who(e.player)} gains momentum"}


class MomentumFields(msgspec.Struct, kw_only=True):
    """Momentum's recipe field of a seat."""

    momentum: int = 0


class Momentum(Mechanic):
    """Attached to every game and seat; a seat whose attack hit gains 1 momentum."""

    name = MOMENTUM
    words = WORDS
    recipe_fields = MomentumFields
    recipe_keys = frozenset({MOMENTUM})

    def attached(self, state: State, catalog: Catalog) -> bool:
        return True

    def attached_seat(self, state: State, catalog: Catalog, who: Player) -> bool:
        return True

    def after_attack(self, table: Table, who: Player) -> Flow[None]:
        strike = table.state.strike
        if strike is not None and strike.sides[who].hit:
            # a plugin's own event, outside the engine's Event union (closed for its types)
            table.emit(MomentumGained(player=who))  # type: ignore[arg-type]
        yield from ()

    def recipe_events(self, seat: RecipeSeat, fields: Any) -> list[Any]:
        if fields.momentum < 0:
            raise ValueError(f"{seat.who.label}: momentum must be 0 or more, "
                             f"got {fields.momentum}")
        return [MomentumGained(player=seat.who)] * fields.momentum

    def recipe(self, seat: RecipeSeat) -> dict[str, object]:
        found = kept_record(seat.state, MOMENTUM, MomentumState)
        return {"momentum": found.gained[seat.who]} if found is not None else {}
