"""Tag Team's part of a position recipe (``Mechanic.recipe_fields``): a team seat's
``partner_life``, ``partner_exceeded`` and ``switch_locked_until`` (Street Fighter
rulebook, Tag Team: each fighter keeps its own life and exceed state)."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.events.position import EditKind, PositionEdited
from engine.core.hooks.mechanic import Mechanic, RecipeSeat
from engine.core.ids import MAX_LIFE


class TeamFields(msgspec.Struct, kw_only=True):
    """Tag Team's recipe fields of a seat."""

    partner_life: int | None = None
    partner_exceeded: bool = False
    switch_locked_until: int = 0


class TeamRecipe(Mechanic):
    """The recipe hooks of the Tag Team mechanic."""

    recipe_fields = TeamFields

    def recipe_events(self, seat: RecipeSeat, fields: Any) -> list[Any]:
        """The team values given, as position edits; refused on a single fighter, and
        outside their bounds."""
        who, p = seat.who, seat.state.players[seat.who]
        if p.partner is None:
            given = [f for f in TeamFields.__struct_fields__
                     if getattr(fields, f) != getattr(TeamFields(), f)]
            raise ValueError(f"{who.label}: {given[0]} is for a Tag Team seat, but "
                             f"{p.character} fights alone")
        life, locked = fields.partner_life, fields.switch_locked_until
        if life is not None and not 0 <= life <= MAX_LIFE:
            raise ValueError(f"{who.label}: partner_life must be in 0..{MAX_LIFE}, got {life}")
        if locked < 0:
            raise ValueError(f"{who.label}: switch_locked_until must be 0 or more, "
                             f"got {locked}")
        values = [(EditKind.PARTNER_LIFE, life),
                  (EditKind.PARTNER_EXCEEDED, 1 if fields.partner_exceeded else None),
                  (EditKind.SWITCH_LOCKED_UNTIL, locked or None)]
        return [PositionEdited(player=who, kind=kind, value=value)
                for kind, value in values if value is not None]

    def recipe(self, seat: RecipeSeat) -> dict[str, object]:
        p = seat.state.players[seat.who]
        if p.partner is None:
            return {}
        if p.switch_locked_until:
            seat.gap(f"{seat.who.label}: the switch lock counts strikes from this position, "
                     f"not from strike {seat.state.strikes}")
        return {"partner_life": p.partner_life, "partner_exceeded": p.partner_exceeded,
                "switch_locked_until": p.switch_locked_until}
