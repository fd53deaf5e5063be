"""The buddies mechanic, attached when a seated fighter declares buddies
(``CharacterDef.buddies``):

- ``range_origins``: an attack whose range is measured from a buddy
  (``calculate_range_from_buddy``) is measured from that buddy's space, and misses
  when the buddy is not in play;
- ``movement_walls``: the spaces of the opponent's buddies made walls
  (``opponent_cant_move_past_buddy``) stop a fighter's own movement.

The effects and conditions are ``effects``; the events ``engine.events.buddies``.
"""

from __future__ import annotations

from engine.catalog import Catalog
from engine.context import Table
from engine.hooks.mechanic import Mechanic
from engine.ids import Player
from engine.mechanics.buddies.state import BUDDIES, buddy_spaces, of, range_buddy
from engine.state import State


class Buddies(Mechanic):
    """Buddy tokens: state ``BuddyState`` (``State.mechanics["buddies"]``)."""

    name = BUDDIES

    def attached(self, state: State, catalog: Catalog) -> bool:
        """A seated fighter (or a Tag Team partner) declares buddies."""
        return any(
            catalog.character(name).buddies
            for p in state.players
            for name in (p.character, p.partner)
            if name is not None
        )

    def range_origins(self, table: Table, who: Player) -> tuple[int, ...] | None:
        """The spaces of the buddy ``who``'s attack measures its range from this strike
        (empty: it is not in play), or None when it is measured from ``who``."""
        name = range_buddy(table.state, who)
        if name is None:
            return None
        return tuple(buddy_spaces(table, who, name))

    def movement_walls(self, table: Table, mover: Player) -> tuple[int, ...]:
        """The spaces of the opponent's buddies that are walls for ``mover``."""
        found = of(table.state)
        if found is None or not found.walls[mover.other]:
            return ()
        return tuple(
            space
            for name in found.walls[mover.other]
            for space in buddy_spaces(table, mover.other, name)
        )
