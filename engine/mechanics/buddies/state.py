"""``BuddyState``: where each player's buddy tokens are and which buddies are walls for
the opponent, kept in ``State.mechanics["buddies"]`` and written only by
``engine.mechanics.buddies.folds``; ``BuddyRangeRecord``: the buddy an attack measures
its range from, for one strike. ``buddy_spaces`` answers "where are this player's
buddies named X" over tokens and placed Trap boosts alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from engine.core.ids import Player
from engine.core.state import (
    MechanicState,
    SpaceObject,
    State,
    StrikeRecord,
    game_record,
    kept_record,
    strike_record,
)
from engine.mechanics.under_night.state import of as under_night

if TYPE_CHECKING:
    from engine.cards.catalog import Catalog
    from engine.core.context import Table
    from engine.core.rng import Rng

BUDDIES = "buddies"
"""The ``State.mechanics`` key of ``BuddyState`` (and the mechanic's name)."""
BUDDY_RANGE = "buddy_range"
"""The ``State.mechanics`` key of the strike's ``BuddyRangeRecord``."""


class BuddyState(MechanicState, kw_only=True):
    """``spaces``: per player, buddy token id -> the space it is on (a token out of play
    has no entry); ``walls``: per player, the buddies (as effects named them) whose
    spaces the opponent's own movement may not pass."""

    spaces: list[dict[str, int]] = msgspec.field(default_factory=lambda: [{}, {}])
    walls: list[list[str]] = msgspec.field(default_factory=lambda: [[], []])

    def space_objects(self, state: State) -> list[SpaceObject]:
        """Every buddy token in play, on its space (``name``: the token's id; boards show
        the name its character declares, ``buddy_name``)."""
        return [SpaceObject(space=space, owner=Player(who), kind="buddy", name=buddy)
                for who, spaces in enumerate(self.spaces) for buddy, space in spaces.items()]


FACE_DOWN = "face_down_buddies"
"""The ``State.mechanics`` key of ``FaceDownBuddies`` (kept apart from ``BuddyState`` so
that a game without a face-down token hashes as before)."""


class FaceDownBuddies(MechanicState, kw_only=True):
    """Per player, the buddy tokens in play face down: token id -> the id the opponent
    sees (``BuddyDef.shown_as``). ``masked``: only in an opponent's view
    (``hide_from``), the face-down tokens as that player sees them, ``(shown id, space)``
    by space, taken out of ``BuddyState`` so the view names no real token."""

    shown: list[dict[str, str]] = msgspec.field(default_factory=lambda: [{}, {}])
    masked: list[list[tuple[str, int]]] = msgspec.field(default_factory=lambda: [[], []])

    def space_objects(self, state: State) -> list[SpaceObject]:
        """The face-down tokens of an opponent's view, each under its shown id."""
        return [SpaceObject(space=space, owner=Player(who), kind="buddy", name=shown)
                for who, tokens in enumerate(self.masked) for shown, space in tokens]

    def hide_from(self, view: State, viewer: int) -> None:
        """Move the other player's face-down tokens out of ``view``'s ``BuddyState`` into
        ``masked``, under the id they are shown as: which one is which stays theirs."""
        buddies = of(view)
        for who, tokens in enumerate(self.shown):
            if who == viewer:
                continue
            if buddies is not None:
                spaces = buddies.spaces[who]
                self.masked[who] = sorted((shown, spaces.pop(buddy)) for buddy, shown
                                          in tokens.items() if buddy in spaces)
            self.shown[who] = {}

    def redraw(self, world: State, viewer: int, rng: Rng, catalog: Catalog) -> None:
        """Which face-down token is which, drawn again for ``viewer``: the other
        player's tokens on their spaces get ids drawn without replacement, uniformly,
        from every buddy their character shows the same way (the fake or the real
        Ouroboros: either, whatever was placed)."""
        buddies = of(world)
        if buddies is None:
            return
        for who, tokens in enumerate(self.shown):
            if who == viewer or not tokens:
                continue
            declared = catalog.character(world.players[who].character).buddies
            spaces = buddies.spaces[who]
            for shown in sorted(set(tokens.values())):
                placed = sorted(b for b, s in tokens.items() if s == shown and b in spaces)
                where = [spaces.pop(b) for b in placed]
                candidates = rng.shuffle(sorted(b.id for b in declared if b.shown_as == shown))
                for buddy in placed:
                    del tokens[buddy]
                for buddy, space in zip(candidates, where, strict=False):
                    spaces[buddy] = space
                    tokens[buddy] = shown


def face_down(state: State) -> FaceDownBuddies | None:
    """The face-down tokens' record, None before the first is placed."""
    return kept_record(state, FACE_DOWN, FaceDownBuddies)


class _BuddyRangeHashed(msgspec.Struct, kw_only=True):
    """What the state hash encodes of a ``BuddyRangeRecord``: its fields but ``placed``."""

    strike: int
    origins: list[str | None]


class BuddyRangeRecord(StrikeRecord, kw_only=True):
    """Per player: the buddy this strike's attack range is measured from (None: from
    the fighter, as usual), and, when that buddy is a Trap boost on a space (``#<card>``),
    the space it lay on when it was chosen (``placed``): the point of origin stays there
    if the boost leaves play during the strike (Carmine's Dissolve, spent into the gauge
    by its own bonus after Thrust! chose to measure from it; core rulebook, FAQ: an
    attack from another source measures its range from that source, its point of
    origin)."""

    origins: list[str | None] = msgspec.field(default_factory=lambda: [None, None])
    placed: list[int | None] = msgspec.field(default_factory=lambda: [None, None])

    def attack_origin(self, state: State, who: int) -> str | None:
        """The buddy ``who``'s attack measures its range from, in this record's strike."""
        return self.origins[who] if self.strike == state.strikes else None

    def hash_form(self) -> object:
        """``placed`` is left out: it is the Trap's space in the state hashed when the
        origin was chosen (so the hash of logs recorded before it was kept is unchanged)."""
        return _BuddyRangeHashed(strike=self.strike, origins=self.origins)


BUDDY_STRIKE = "buddy_strike"
"""The ``State.mechanics`` key of the strike's ``BuddyStrikeRecord``."""


class BuddyStrikeRecord(StrikeRecord, kw_only=True):
    """Per player, for one strike: the buddies that entered play by a swap (a flip) and
    those the opponent may not flip (``buddy_immune_to_flip``)."""

    entered: list[list[str]] = msgspec.field(default_factory=lambda: [[], []])
    immune: list[list[str]] = msgspec.field(default_factory=lambda: [[], []])


def buddy_strike(state: State) -> BuddyStrikeRecord | None:
    """The strike in progress's ``BuddyStrikeRecord`` (None: nothing recorded)."""
    return strike_record(state, BUDDY_STRIKE, BuddyStrikeRecord)


def of(state: State) -> BuddyState | None:
    """The mechanic's state, None before its first event."""
    return kept_record(state, BUDDIES, BuddyState)


def ensure(state: State) -> BuddyState:
    """The mechanic's state, created on its first event (folds only)."""
    return game_record(state, BUDDIES, BuddyState)


def kept_origin(state: State, who: Player) -> int | None:
    """The space of the Trap boost ``who``'s attack measures its range from in the strike
    in progress, as it lay when chosen (None: no Trap boost is the origin)."""
    record = strike_record(state, BUDDY_RANGE, BuddyRangeRecord)
    return None if record is None else record.placed[who]


def range_buddy(state: State, who: Player) -> str | None:
    """The buddy ``who``'s attack measures its range from in the strike in progress
    (None: none, the range is measured from ``who``)."""
    record = strike_record(state, BUDDY_RANGE, BuddyRangeRecord)
    return None if record is None else record.origins[who]


def buddy_id(table: Table, who: Player, name: str | None) -> str | None:
    """The token id ``name`` stands for among ``who``'s character's buddies (None: the
    first one it declares); ``name`` itself if no token has that id or name (a placed
    boost's name); None if ``name`` is None and the character declares none."""
    buddies = table.catalog.character(table.p(who).character).buddies
    if name is None:
        return buddies[0].id if buddies else None
    for buddy in buddies:
        if name in (buddy.id, buddy.name):
            return buddy.id
    return name


def buddy_spaces(table: Table, who: Player, name: str | None = None) -> list[int]:
    """The spaces of ``who``'s buddies named ``name`` (a token's id or name, or a placed
    Trap boost's boost name; None: every buddy of theirs): tokens first, in the order
    they were placed, then Trap boosts in play order. ``"#<card reference>"`` names one
    Trap boost of theirs (in play, or set from it as their attack). Reads only."""
    if name is not None and name.startswith("#"):
        return _trap_by_reference(table, who, int(name[1:]))
    spaces: list[int] = []
    found = of(table.state)
    if found is not None:
        wanted = None if name is None else buddy_id(table, who, name)
        spaces.extend(s for b, s in found.spaces[who].items() if wanted in (None, b))
    traps = under_night(table.state)
    if traps is not None and traps.traps:
        for card in table.p(who).boosts:
            space = traps.traps.get(card)
            if space is not None and name in (None, table.card(card).boost.name):
                spaces.append(space)
    return spaces


def _trap_by_reference(table: Table, who: Player, card: int) -> list[int]:
    """The space of ``who``'s Trap boost ``card``, in play or set as their attack (empty:
    neither)."""
    traps = under_night(table.state)
    space = None if traps is None else traps.traps.get(card)
    strike = table.state.strike
    held = card in table.p(who).boosts or (
        strike is not None and card in strike.sides[who].cards)
    return [space] if space is not None and held else []
