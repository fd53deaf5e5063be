"""The buddies mechanic, attached when a seated fighter declares buddies
(``CharacterDef.buddies``):

- ``range_origins``: an attack whose range is measured from a buddy
  (``calculate_range_from_buddy``) is measured from that buddy's space, and misses
  when the buddy is not in play;
- ``game_setup``: a buddy declared to start in play is placed (Carl Clover's Nirvana);
- ``movement_walls``: the spaces of the opponent's buddies made walls
  (``opponent_cant_move_past_buddy``) stop a fighter's own movement.

The effects and conditions are ``effects``; the events ``engine.core.events.buddies``.
"""

from __future__ import annotations

from engine.cards import schema as c
from engine.cards.catalog import Catalog
from engine.core.context import Table
from engine.core.events.buddies import BuddyPlaced
from engine.core.ids import ARENA_MAX, ARENA_MIN, Player
from engine.core.state import State
from engine.mechanics.buddies.recipe import BuddyRecipe
from engine.mechanics.buddies.state import BUDDIES, buddy_spaces, kept_origin, of, range_buddy
from engine.mechanics.buddies.words import WORDS


class Buddies(BuddyRecipe):
    """Buddy tokens: state ``BuddyState`` (``State.mechanics["buddies"]``)."""

    name = BUDDIES
    words = WORDS

    def attached(self, state: State, catalog: Catalog) -> bool:
        """A seated fighter (or a Tag Team partner) declares buddies, or has a card that
        measures its range from one (Trap boosts count as buddies by boost name)."""
        return any(
            catalog.character(name).buddies or _measures_from_buddy(catalog, name)
            for p in state.players
            for name in (p.character, p.partner)
            if name is not None
        )

    def game_setup(self, table: Table) -> None:
        """Each fighter's buddy that starts in play (``BuddyDef.start_offset``) is placed
        that many spaces from them toward the opponent (Carl Clover's Nirvana, Active,
        on his own space)."""
        for who in (Player.P1, Player.P2):
            me, them = table.p(who).space, table.p(who.other).space
            toward = 1 if them > me else -1
            for buddy in table.catalog.character(table.p(who).character).buddies:
                if buddy.start_offset is not None:
                    space = min(ARENA_MAX, max(ARENA_MIN, me + toward * buddy.start_offset))
                    table.emit(BuddyPlaced(player=who, buddy=buddy.id, space=space))

    def range_origins(self, table: Table, who: Player) -> tuple[int, ...] | None:
        """The spaces of the buddy ``who``'s attack measures its range from this strike
        (empty: it is not in play; a Trap boost that has left play since it was chosen:
        the space it lay on, ``kept_origin``), or None when it is measured from ``who``."""
        name = range_buddy(table.state, who)
        if name is None:
            return None
        spaces = buddy_spaces(table, who, name)
        kept = kept_origin(table.state, who) if not spaces else None
        return (kept,) if kept is not None else tuple(spaces)

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


_FROM_BUDDY = (c.CalculateRangeFromBuddy, c.ChooseCalculateRangeFromBuddy,
               c.CalculateRangeFromSetFromBoostSpace)


_MEASURES: dict[tuple[int, str], tuple[Catalog, bool]] = {}
"""(id of a catalog, character) -> (that catalog, ``_measures_from_buddy``): worked out
once per catalog and character, not at every game's start."""


def _measures_from_buddy(catalog: Catalog, character: str) -> bool:
    """A card of ``character``'s deck measures its attack's range from a buddy (an
    effect at any depth of its attack or boost)."""
    known = _MEASURES.get((id(catalog), character))
    if known is not None and known[0] is catalog:
        return known[1]
    found = _deck_measures_from_buddy(catalog, character)
    _MEASURES[(id(catalog), character)] = (catalog, found)
    return found


def _deck_measures_from_buddy(catalog: Catalog, character: str) -> bool:
    def uses(effects: tuple[c.Effect, ...]) -> bool:
        return any(isinstance(e, _FROM_BUDDY) or uses(e.then) or uses(e.otherwise)
                   for e in effects)
    return any(uses(catalog.card(entry.card).effects)
               or uses(catalog.card(entry.card).boost.effects)
               for entry in catalog.character(character).deck)
