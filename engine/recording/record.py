"""The recorder and the typed reader of game logs (the payload layer of the format).

``record_game`` plays a game and writes it as it goes: a HEADER (versions, card-data
hash, seed, characters, decks, first player, agents), one STEP frame for the setup
events, then one STEP frame per decision (the request with its options, the decision,
the events it caused and, for the step that ends a turn or the game, the state hash after
it: format 3), and a TRAILER when the game ends.
It flushes at the end of every turn (format 6: each flush writes one compressed BLOCK of
the turn's records; the step that ends the game goes with the TRAILER), so a killed
recorder leaves every finished turn
readable. ``read_game`` decodes a log back into typed records, checking every value
against the format's ranges (``engine.recording.checks``) and keeping the good prefix of a
damaged file. Only this module writes logs.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Sequence
from itertools import chain
from pathlib import Path
from typing import BinaryIO

import msgspec

from engine.cards import team
from engine.cards.catalog import Catalog, default_catalog
from engine.core import events as ev
from engine.core.causes import UNKNOWN, Cause
from engine.core.decisions import Decision, Request
from engine.core.ids import CARDS_PER_PLAYER_BASE, Player
from engine.core.state import EndReason, Phase, State, state_hash
from engine.play.api import ENGINE_VERSION, Game, GameSetup, initial_state
from engine.play.match import play_game, play_on
from engine.recording import definitions as defs
from engine.recording.checks import RULESET as RULESET
from engine.recording.checks import RULESET_TAG_TEAM as RULESET_TAG_TEAM
from engine.recording.checks import check_header, ruleset_of
from engine.recording.log import (
    FORMAT_VERSION,
    Damage,
    FrameKind,
    LogFormatError,
    LogWriter,
    PayloadError,
    read_capped,
    read_preamble,
    scan_log_bytes,
    writes_blocks,
)
from engine.recording.step_checks import StepCheck

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


def header_for(game: Game, seed: int, agents: tuple[str, str], catalog: Catalog,
               parent: str = "", fork_at: int = -1,
               players: tuple[str, str] = NO_PLAYERS) -> Header:
    """The HEADER of ``game`` as it stands now (before its first decision); ``parent``
    and ``fork_at`` only for a forked game, ``players`` only for people's names."""
    state = game.state
    created = set(state.created_cards())
    seats: tuple[list[str], list[str], list[str], list[str]] = ([], [], [], [])
    for ref, card in sorted(state.card_defs.items()):  # one pass: deck or created, by seat
        seats[ref // CARDS_PER_PLAYER_BASE + (2 if ref in created else 0)].append(card)
    decks = (tuple(seats[0]), tuple(seats[1]))
    extra = (tuple(seats[2]), tuple(seats[3]))
    p1, p2 = team.spec_of(state.players[0]), team.spec_of(state.players[1])
    card_data, blob = defs.encode(catalog, (p1, p2), set(state.card_defs.values()))
    return Header(
        engine=ENGINE_VERSION,
        format=FORMAT_VERSION,
        card_data=card_data,
        ruleset=ruleset_of(catalog, p1, p2),
        seed=seed,
        p1=p1,
        p2=p2,
        decks=(decks[0], decks[1]),
        agents=agents,
        first=state.first_player,
        position=game.stated,
        extra=(extra[0], extra[1]) if any(extra) else _NO_EXTRA,
        parent=parent,
        fork_at=fork_at,
        definitions=blob,
        players=players if any(players) else NO_PLAYERS,
    )


_ENCODER = msgspec.msgpack.Encoder(order="sorted")


class _StepRecord(msgspec.Struct, kw_only=True):
    """A STEP payload as the recorder writes it: ``Step``'s fields, holding the
    engine's lists as they are (no copies); encoded in sorted key order like ``Step``."""

    causes: Sequence[Cause]
    decision: Decision | None
    events: Sequence[ev.Event]
    hash: bytes
    index: int
    request: Request | None
    turn: int


def _payload(record: msgspec.Struct) -> dict[str, object]:
    # bytes stay msgpack bin (to_builtins would turn them into base64 text)
    built = msgspec.to_builtins(record, builtin_types=(bytes,))
    assert isinstance(built, dict)
    return built


class Recorder:
    """Writes one game to ``stream`` step by step; used as ``play_game``'s hook."""

    def __init__(self, stream: BinaryIO, header: Header, game: Game) -> None:
        self.writer = LogWriter(stream, _payload(header), compressed=True,
                                encoded=_ENCODER.encode(header))
        self.hash = state_hash(game.state)
        setup = _StepRecord(index=-1, turn=game.state.turn, events=game.setup_events,
                            hash=self.hash, request=None, decision=None,
                            causes=game.table.causes[:len(game.setup_events)])
        self.writer.write_record(FrameKind.STEP, setup, _ENCODER)
        self.writer.flush()
        self.count = 0
        self.turn = game.state.turn

    @classmethod
    def resumed(cls, stream: BinaryIO, game: Game, version: int) -> Recorder:
        """A recorder appending to the unsealed log ``stream`` (at its end) of ``game``,
        rebuilt from that log: its next STEP is decision ``len(game.decisions)``.

        It keeps writing in the log's own format ``version`` (its preamble's): a game
        begun in format 5 goes on in plain frames after an upgrade, so its log stays one
        readable version 5 file (a BLOCK there would stop every reader)."""
        recorder = cls.__new__(cls)
        recorder.writer = LogWriter.resumed(stream, compressed=writes_blocks(version))
        recorder.count = len(game.decisions)
        recorder.turn = game.state.turn
        recorder.hash = b""
        return recorder

    def think(self, index: int, ms: int) -> None:
        """Write the THINK frame of decision ``index`` (after its STEP)."""
        self.writer.write_encoded(FrameKind.THINK, _ENCODER.encode(Think(index=index, ms=ms)))

    def abandon(self) -> None:
        """Mark the log abandoned (an ABANDONED frame) and flush: it stays unfinished."""
        self.writer.abandon()

    def on_step(self, game: Game, request: Request, decision: Decision,
                caused: list[ev.Event]) -> None:
        state = game.state
        causes = game.table.causes
        # A turn ended in this step (TurnEnded and the next TurnStarted come together), or
        # the game did: the step carries the state hash (format 3: only these steps and
        # the setup step do), and is flushed, so a killed recorder keeps every finished
        # turn.
        ends = state.turn != self.turn or state.phase is Phase.OVER
        self.hash = state_hash(state) if ends else b""
        step = _StepRecord(index=self.count, turn=state.turn, request=request,
                           decision=decision, events=caused, hash=self.hash,
                           causes=causes[len(causes) - len(caused):])
        self.count += 1
        self.writer.write_record(FrameKind.STEP, step, _ENCODER)
        if ends:
            self.turn = state.turn
            if state.phase is not Phase.OVER:  # the game's last step goes with the trailer
                self.writer.flush()

    def close(self) -> None:
        """Flush what was written; the log stays unfinished (no TRAILER)."""
        self.writer.flush()

    def seal(self, game: Game) -> None:
        state = game.state
        assert state.winner is not None and state.end_reason is not None
        # the last step ended the game, so it holds the final state's hash (recomputed if
        # it was written by another process)
        trailer = Trailer(winner=state.winner, reason=state.end_reason,
                          decisions=len(game.decisions), events=len(game.events),
                          turns=state.turn, strikes=state.strikes,
                          hash=self.hash or state_hash(state))
        self.writer.seal_encoded(_ENCODER.encode(trailer))


def record_game(
    setup: GameSetup,
    seed: int,
    stream: BinaryIO,
    agents: tuple[str, str] = ("random", "random"),
    catalog: Catalog | None = None,
) -> Game:
    """Play and record one game to ``stream``; returns the finished game."""
    cat = catalog if catalog is not None else default_catalog()
    recorders: list[Recorder] = []

    def start(game: Game) -> None:
        recorders.append(Recorder(stream, header_for(game, seed, agents, cat), game))

    def hook(game: Game, request: Request, decision: Decision, caused: list[ev.Event]) -> None:
        recorders[0].on_step(game, request, decision, caused)

    try:
        game = play_game(setup, seed, agents, cat, on_step=hook, on_start=start)
    except BaseException:
        if recorders:  # the steps of the turn in progress, held by the writer, are kept
            with contextlib.suppress(OSError, ValueError):  # (unless the stream failed)
                recorders[0].close()
        raise
    recorders[0].seal(game)
    return game


class Recording:
    """A game driven step by step, recorded as it goes: a built position
    (``Scenario.game``) with any edits (``EditPosition``), or any ``Game``.

        recording = Recording(scenario.game(seed), seed, stream)
        recording.step(decision)        # a player's decision, or an edit
        recording.play_out()            # the header's agents finish the game
        recording.seal()                # (or ``close()`` to leave it unfinished)

    ``agents`` name the seats in the header (``"human"`` for decisions given here);
    ``play_out`` uses them, so they must then be engine agents. A fork of a recorded game
    names its ``parent`` log's id and the decision ``fork_at`` it replaced (``Header``).
    """

    def __init__(self, game: Game, seed: int, stream: BinaryIO,
                 agents: tuple[str, str] = ("human", "human"),
                 catalog: Catalog | None = None, *, parent: str = "",
                 fork_at: int = -1, players: tuple[str, str] = NO_PLAYERS) -> None:
        self.game = game
        self.seed = seed
        self.agents = agents
        self.catalog = catalog if catalog is not None else default_catalog()
        header = header_for(game, seed, agents, self.catalog, parent, fork_at, players)
        self.recorder = Recorder(stream, header, game)

    def step(self, decision: Decision, think_ms: int | None = None) -> list[ev.Event]:
        """Apply and record one decision (``IllegalDecision`` records nothing), with the
        time its seat took over it when known (a THINK frame after the STEP)."""
        request = self.game.pending
        caused = self.game.step(decision)
        assert request is not None  # step raised if the game was over
        self.recorder.on_step(self.game, request, decision, caused)
        if think_ms is not None:
            self.recorder.think(self.recorder.count - 1, max(0, min(think_ms, MAX_THINK_MS)))
        return caused

    def flush(self) -> None:
        """Hand every step written so far to the file (a live game: after each decision)."""
        self.recorder.writer.flush()

    def abandon(self) -> None:
        """Leave the log unfinished for good: its players left (``GameLog.abandoned``)."""
        self.recorder.abandon()

    def play_out(self) -> Game:
        """Let the header's agents play the game to its end, recording every step."""
        return play_on(self.game, self.seed, self.agents, self.catalog,
                       on_step=self.recorder.on_step)

    def seal(self) -> None:
        """Write the TRAILER (the game must be over)."""
        self.recorder.seal(self.game)

    def close(self) -> None:
        """Leave the log unfinished (no TRAILER), every step written so far kept."""
        self.recorder.close()


def record_to_file(
    path: Path,
    setup: GameSetup,
    seed: int,
    agents: tuple[str, str] = ("random", "random"),
    catalog: Catalog | None = None,
) -> Game:
    """Record a game to ``path`` via a ``.part`` file renamed once the game is sealed.
    A failure removes the ``.part`` file (``path`` is untouched); an interrupt
    (``KeyboardInterrupt``) keeps it, the unfinished game so far."""
    part = path.with_name(path.name + ".part")
    try:
        with open(part, "wb") as stream:
            game = record_game(setup, seed, stream, agents, catalog)
        os.replace(part, path)
    except Exception:
        part.unlink(missing_ok=True)
        raise
    return game


# --- reading ----------------------------------------------------------------------------


_STEP_DECODER = msgspec.msgpack.Decoder(Step)
_TRAILER_DECODER = msgspec.msgpack.Decoder(Trailer)
_THINK_DECODER = msgspec.msgpack.Decoder(Think)


def read_game(path: str | os.PathLike[str]) -> GameLog:
    """Read and decode a log file; refusals raise ``LogFormatError``."""
    return read_game_bytes(read_capped(path), os.fspath(path))


def read_game_bytes(data: bytes, name: str = "<bytes>",
                    catalog: Catalog | None = None) -> GameLog:
    """Decode a log held in memory in one typed pass; damage keeps the good prefix.

    Every value is checked against the format's ranges (``engine.recording.checks``): a bad
    HEADER raises ``LogFormatError``; a bad STEP or TRAILER is damage at that frame.
    The events' causes are checked all together after the scan (one pass in C over the
    whole log instead of one per step); should any be bad, the log is read again with
    each step's causes checked in turn, which finds the first bad step and words it, so
    the result is exactly a step-by-step read's.
    """
    catalog = catalog if catalog is not None else default_catalog()
    version = read_preamble(data, name)
    reader = _Reader(name, catalog, version, bulk_causes=True)
    scan = scan_log_bytes(data, name, reader.step, reader.trailer, reader.check_header,
                          reader.skippable)
    assert reader.checks is not None
    if not reader.checks.causes_ok():  # read again step by step: which step, and why
        reader = _Reader(name, catalog, version)
        scan = scan_log_bytes(data, name, reader.step, reader.trailer, reader.check_header,
                              reader.skippable)
    assert reader.header is not None
    return GameLog(name=name, header=reader.header, steps=scan.steps, trailer=scan.trailer,
                   sealed=scan.sealed, damage=scan.damage, size=scan.size,
                   definitions_status=reader.status, thinking=reader.thinking,
                   abandoned=reader.abandoned)


class _Reader:
    """The typed decoders of one log: the HEADER first, then STEPs checked in order."""

    def __init__(self, name: str, catalog: Catalog, version: int, *,
                 bulk_causes: bool = False) -> None:
        self.name = name
        self.bulk_causes = bulk_causes
        self.catalog = catalog
        self.version = version
        self.status = defs.ABSENT
        self.header: Header | None = None
        self.checks: StepCheck | None = None
        self.thinking: dict[int, int] = {}
        self.abandoned = False

    def check_header(self, payload: dict[str, object]) -> None:
        try:
            header = msgspec.convert(payload, Header)
        except msgspec.ValidationError as error:
            raise LogFormatError(f"invalid header: {error}", self.name) from None
        if header.format > FORMAT_VERSION:
            raise LogFormatError(f"log format {header.format} is newer than this reader",
                                 self.name)
        catalog = self.catalog
        found: Catalog | None = None
        if header.definitions:  # format 2: checked against the game's own card data
            try:
                catalog = found = defs.decode(header.definitions)
            except ValueError as error:
                raise LogFormatError(f"invalid header: {error}", self.name) from None
        try:
            check_header(header, catalog)
            if header.format != self.version:
                raise PayloadError(
                    f"format {header.format} in a version {self.version} file"
                    + (" (a version 1 log cannot carry card definitions)"
                       if self.version == 1 and header.definitions else ""))
            if header.definitions and (defs.is_raw(header.definitions)
                                       != (header.format >= defs.RAW_FORMAT)):
                raise PayloadError(f"definitions of a format {header.format} log must be "
                                   + ("the msgpack map itself"
                                      if header.format >= defs.RAW_FORMAT else "zlib data"))
            if found is not None:
                self.status = defs.check(header, found, self.catalog)
        except PayloadError as error:
            raise LogFormatError(f"invalid header: {error}", self.name) from None
        self.header = defs.upcast(header, found)
        self.checks = StepCheck(header, catalog, bulk_causes=self.bulk_causes)

    def step(self, payload: bytes) -> Step:
        assert self.checks is not None
        if self.abandoned:
            raise PayloadError("a step follows the frame that abandoned the game")
        return self.checks.step(_STEP_DECODER.decode(payload))

    def trailer(self, payload: bytes) -> Trailer:
        assert self.checks is not None
        if self.abandoned:
            raise PayloadError("a trailer follows the frame that abandoned the game")
        return self.checks.trailer(_TRAILER_DECODER.decode(payload))

    def skippable(self, kind: int, payload: bytes) -> None:
        """A THINK frame (thinking time of a step already read) or the ABANDONED frame;
        any other skippable kind is skipped unread (section 5)."""
        assert self.checks is not None
        if self.abandoned:
            raise PayloadError("a frame follows the frame that abandoned the game")
        if kind == FrameKind.THINK:
            think = _THINK_DECODER.decode(payload)
            if not 0 <= think.index < self.checks.next_index or think.index in self.thinking:
                raise PayloadError(f"thinking time for decision {think.index}, which is not "
                                   "a decision read before it, or is given twice")
            if not 0 <= think.ms <= MAX_THINK_MS:
                raise PayloadError(f"thinking time {think.ms} ms is outside 0..{MAX_THINK_MS}")
            self.thinking[think.index] = think.ms
        elif kind == FrameKind.ABANDONED:
            self.abandoned = True
