"""The typed payloads of a game log and the decoded log (``docs/log-format.md``, P.1-P.10).

``Header``, ``Step``, ``Trailer`` and ``Think`` are the payloads of the HEADER, STEP,
TRAILER and THINK frames, decoded straight into these structs; ``GameLog`` is a whole
decoded log, with its damage, the table before its first event and its catalog. The
recorder and the reader that write and read them are ``engine.recording.record``.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain

import msgspec

from engine.cards import team
from engine.cards.catalog import Catalog, default_catalog
from engine.core import events as ev
from engine.core.causes import UNKNOWN, Cause
from engine.core.decisions import Decision, Request
from engine.core.ids import CARDS_PER_PLAYER_BASE, Player
from engine.core.state import EndReason, State
from engine.play.api import GameSetup, initial_state
from engine.recording import definitions as defs
from engine.recording.log import Damage, LogFormatError

_NO_EXTRA: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
"""``Header.extra`` of a dealt game (the default object: left out of the payload)."""
NO_PLAYERS: tuple[str, str] = ("", "")
"""``Header.players`` when no person named a seat: each seat shows its agent's name."""


class Header(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The HEADER payload. ``p1``/``p2`` are the seats' specs: a character id, or a Tag
    Team such as ``"ryu+ken"`` (its starting fighter first). ``decks`` lists each seat's
    card ids by card reference (52 for a team).

    A game played on from a built position (``engine.play.scenario``) also has ``position``,
    the number of events at the head of the setup step that state it, and ``extra``,
    each seat's cards created beyond its deck list (references after the deck's). Both
    are left out of a dealt game's header.

    A forked game (``replay.fork``: a parent's decisions up to ``fork_at``, another
    option there, then played on) names its ``parent`` (the sha256 hex of the parent
    log file's bytes, the game id of the index) and ``fork_at`` (the index of the
    decision that was replaced). Both are left out of any other game's header.

    Format 2: ``definitions``, the game's own card and fighter definitions
    (``engine.recording.definitions.Definitions``, msgpack, then zlib), so the log shows its game
    whatever the engine's card data has become; absent from a format 1 log.

    Format 4: ``card_data`` is the fingerprint of those definitions. A format 1-3 header
    is read upcast (``engine.recording.definitions.upcast``): ``catalog_hash`` holds the
    whole-catalog hash it was written with, and ``card_data`` its definitions'
    fingerprint; ``catalog_hash`` is never written.

    ``players`` are the names people typed for their seats (plain text, at most 40
    characters, checked on read); ``""`` (the default, left out) shows the agent's
    name. Written by the live game (``replay.live``) only."""

    engine: str
    format: int
    card_data: str
    ruleset: str
    seed: int
    p1: str
    p2: str
    decks: tuple[tuple[str, ...], tuple[str, ...]]
    agents: tuple[str, str]
    first: Player  # validated on read: a bad seat is an invalid header, not a crash
    position: int = 0
    extra: tuple[tuple[str, ...], tuple[str, ...]] = _NO_EXTRA
    parent: str = ""
    fork_at: int = -1
    definitions: bytes = b""
    catalog_hash: str = ""
    players: tuple[str, str] = NO_PLAYERS

    @property
    def setup(self) -> GameSetup:
        return GameSetup(p1=self.p1, p2=self.p2)


class Step(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A STEP payload: decision ``index`` (-1 for setup) with what it caused. Not
    tracked by the cyclic garbage collector (``gc=False``), as its events, causes,
    request and decision are not (``engine.core.event_base``)."""

    index: int
    turn: int
    request: Request | None = None
    decision: Decision | None = None
    events: tuple[ev.Event, ...] = ()
    hash: bytes = b""
    causes: tuple[Cause, ...] = ()
    """Format 2: why each event happened, one per event (``engine.core.causes``); empty in a
    format 1 log (read as unknown causes: ``GameLog.causes``)."""


class Trailer(msgspec.Struct, frozen=True, kw_only=True):
    """The TRAILER payload: the result, counts and the final state hash."""

    winner: Player
    reason: EndReason
    decisions: int
    events: int
    turns: int
    strikes: int
    hash: bytes


class Think(msgspec.Struct, frozen=True, kw_only=True):
    """A THINK frame (skippable, P.10): the wall time the seat took over decision
    ``index``, in milliseconds. Metadata beside the decisions: never in the engine or
    the state hash, and ``verify`` ignores it."""

    index: int
    ms: int


MAX_THINK_MS: int = 7 * 24 * 3600 * 1000
"""The longest thinking time a THINK frame may hold (a week)."""


class GameLog(msgspec.Struct, kw_only=True):
    """A decoded log. ``damage`` says where reading stopped if the file was damaged."""

    name: str
    header: Header
    steps: list[Step]
    trailer: Trailer | None
    sealed: bool
    damage: Damage | None
    size: int
    definitions_status: str = defs.ABSENT
    """Whether the definitions are the ones the header's hash names
    (``engine.recording.definitions``: ``verified``, ``unverified`` for an old log recorded with
    another engine catalog, ``absent`` in a format 1 log)."""
    thinking: dict[int, int] = msgspec.field(default_factory=dict)
    """Decision index -> milliseconds the seat took over it (THINK frames; live games)."""
    abandoned: bool = False
    """An ABANDONED frame ends the log: unfinished because its players left it."""

    def events(self) -> Iterator[ev.Event]:
        return chain.from_iterable(step.events for step in self.steps)

    @property
    def event_count(self) -> int:
        return sum(len(step.events) for step in self.steps)

    @property
    def decisions(self) -> list[Decision]:
        return [s.decision for s in self.steps if s.decision is not None]

    def catalog(self, fallback: Catalog | None = None) -> Catalog:
        """The card data to show this game with: the log's own definitions (format 2),
        else ``fallback`` (default: this engine's). ``LogFormatError`` if the
        definitions cannot be read."""
        if self.header.definitions:
            try:
                return defs.decode(self.header.definitions)
            except ValueError as error:
                raise LogFormatError(str(error), self.name) from None
        return fallback if fallback is not None else default_catalog()

    def causes(self) -> list[Cause]:
        """Why each event happened, in stream order (``engine.core.causes``). The upcast of a
        format 1 log (or of a step written without causes): ``UNKNOWN`` for each event."""
        found: list[Cause] = []
        for step in self.steps:
            if len(step.causes) == len(step.events):
                found.extend(step.causes)
            else:
                found.extend([UNKNOWN] * len(step.events))
        return found

    def initial_state(self, catalog: Catalog | None = None) -> State:
        """The table before the first event, rebuilt from the header's decks with
        ``catalog`` (default: ``self.catalog()``, the log's own definitions when it has
        them).

        Raises ``LogFormatError`` (one line) if the header names a character or card
        that catalog does not know, since nothing could be shown for it.
        """
        cat = catalog if catalog is not None else self.catalog()
        h = self.header
        for spec in (h.p1, h.p2):
            char = team.unknown_member(cat, spec)
            if char is not None:
                raise LogFormatError(f"unknown character {char!r} in the header", self.name)
            try:
                team.check_spec(cat, spec)
            except team.InvalidTeam as error:
                raise LogFormatError(f"invalid team in the header: {error}", self.name) from None
        for deck in (*h.decks, *h.extra):
            unknown = sorted({card for card in deck if card not in cat.cards})
            if unknown:
                raise LogFormatError(f"unknown card {unknown[0]!r} in the header", self.name)
        state = initial_state(h.setup, cat)
        players = state.players
        state.card_defs = {}
        for who, deck in enumerate(h.decks):
            base = CARDS_PER_PLAYER_BASE * who
            refs = list(range(base, base + len(deck)))
            players[who].deck = refs
            state.card_defs.update(zip(refs, deck, strict=True))
        return state
