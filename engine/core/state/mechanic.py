"""A season mechanic's own state, kept in ``State.mechanics`` beside the core fields, and
the one way records are read and written there.

A record is a ``MechanicState`` under a string key. ``kept_record`` reads one and
``game_record`` creates one for a fold to write to; a ``StrikeRecord`` lasts one strike
(``strike_record`` reads the strike in progress's, ``current_strike_record`` gives a fold
a fresh one when the one kept belongs to an earlier strike). A game that never keeps a
record hashes as if the record type did not exist (``engine.core.state.encoding``).
"""


from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

import msgspec

from engine.core.ids import Player

if TYPE_CHECKING:
    from engine.cards.catalog import Catalog
    from engine.core.rng import Rng
    from engine.core.state.table import State

MECHANICS_ATTR = "mechanics"
"""The key of ``State.mechanics`` in the state's instance dict (it is no struct field)."""


LIGHTNING_ROD = "lightning_rod"
"""The ``SpaceObject.kind`` of a lightning rod (BlazBlue, Rachel): a card lying on a
space, which ``set_strike_x lightningrods_in_opponent_space`` counts."""


class SpaceObject(msgspec.Struct, frozen=True, kw_only=True):
    """Something a season mechanic keeps on an arena space, for boards and views: a Trap
    boost played onto a space (``card``: its reference; UNI rulebook, Trap Boosts), a
    buddy token (``name``) or a lightning rod (``card`` and ``name``). Every one is open
    to both players."""

    space: int
    owner: Player
    kind: str
    """``trap``, ``buddy`` or ``lightning_rod`` (``LIGHTNING_ROD``)."""
    card: int | None = None
    name: str = ""


class MechanicState(msgspec.Struct, kw_only=True):
    """Base of a season mechanic's own state (kept in ``State.mechanics``); a subclass
    holds msgpack-encodable fields only, and is changed only by the mechanic's folds.

    Boards read a mechanic's areas, arena objects and numbers only through ``named_areas``,
    ``space_objects`` and ``counters`` (gathered for every mechanic by
    ``engine.knowledge.views``), so a new season's areas and objects show in every viewer
    with no change there."""

    def hash_form(self) -> object:
        """What the state hash encodes for this record (``engine.core.state.encoding``):
        the record itself, unless a generic record stands in for a struct it replaced
        (``StrikeValues``)."""
        return self

    def named_areas(self, who: int) -> dict[str, list[int]]:
        """``who``'s areas beyond the core zones, by name (Under Night's set-aside and
        character areas), each with its card references; none by default."""
        return {}

    def counters(self, who: int) -> dict[str, int]:
        """Numbers to show for ``who``, by name (BlazBlue's overdrive count); none by
        default. Gathered for every record by ``engine.knowledge.views.counters``."""
        return {}

    def area_cards(self, who: int) -> list[int]:
        """The card references this state holds in ``who``'s areas beyond the core zones;
        the invariants and views count them as somewhere, and open."""
        return [card for cards in self.named_areas(who).values() for card in cards]

    def space_objects(self, state: State) -> list[SpaceObject]:
        """What this mechanic keeps on arena spaces (traps, buddies); none by default."""
        return []

    def attack_origin(self, state: State, who: int) -> str | None:
        """Where ``who``'s attack in the strike in progress measures its range from, when
        this state moves it off the fighter (a buddy's id or a placed boost's name);
        None by default."""
        return None

    def hide_from(self, view: State, viewer: int) -> None:
        """Hide in ``view`` (a copy of the state, this record one of its own) what
        ``viewer`` may not see of what this record keeps; ``engine.knowledge.views.observe`` calls it
        for every record. Nothing is hidden by default (Hazama's face-down Ouroboros:
        ``FaceDownBuddies``)."""
        return None

    def redraw(self, world: State, viewer: int, rng: Rng, catalog: Catalog) -> None:
        """In ``world`` (a determinization for ``viewer``: a copy, this record one of its
        own), draw again what ``viewer`` cannot see of what this record keeps, as
        ``engine.knowledge.infoset.determinize`` does for hidden cards. Nothing by default
        (Hazama's face-down Ouroboros: ``FaceDownBuddies``)."""
        return None


class StrikeRecord(MechanicState, kw_only=True):
    """Base of a record that lasts one strike: ``strike`` is the number of the strike it
    belongs to, and a record of an earlier strike counts as none (``strike_record``)."""

    strike: int = 0



M = TypeVar("M", bound=MechanicState)


def kept_record(state: State, key: str, kind: type[M]) -> M | None:
    """The ``kind`` record kept under ``key`` (None if there is none). Reads only: the
    mechanics dict is not created."""
    kept = state.__dict__.get(MECHANICS_ATTR)
    if not kept:
        return None
    found = kept.get(key)
    return found if isinstance(found, kind) else None


def game_record(state: State, key: str, kind: type[M]) -> M:
    """The ``kind`` record kept under ``key``, created empty on first use (for a fold to
    write to)."""
    found = state.mechanics.get(key)
    if not isinstance(found, kind):
        found = state.mechanics[key] = kind()
    return found


R = TypeVar("R", bound=StrikeRecord)


def strike_record(state: State, key: str, kind: type[R]) -> R | None:
    """The ``kind`` record under ``key`` of the strike in progress; None outside a strike
    or if it has none (an earlier strike's record counts as none). Reads only: the
    mechanics dict is not created."""
    found = (state.__dict__.get(MECHANICS_ATTR) or {}).get(key)
    if state.strike is None or not isinstance(found, kind) or found.strike != state.strikes:
        return None
    return found


def current_strike_record(state: State, key: str, kind: type[R]) -> R:
    """The ``kind`` record under ``key`` for the strike in progress, a fresh one if the
    one kept belongs to an earlier strike (for a fold to write to)."""
    found = state.mechanics.get(key)
    if not isinstance(found, kind) or found.strike != state.strikes:
        found = kind(strike=state.strikes)
        state.mechanics[key] = found
    return found



def named_area(state: State, who: int, name: str) -> list[int]:
    """The cards in ``who``'s area ``name`` beyond the core zones (BlazBlue's
    ``overdrive``), gathered from every mechanic's ``named_areas``; empty if none.
    Reads only."""
    return [card for mechanic in state.mechanics.values()
            for card in mechanic.named_areas(who).get(name, [])]
