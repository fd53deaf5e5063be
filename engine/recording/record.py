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
damaged file. Only this module writes logs. The payloads it writes and reads (``Header``,
``Step``, ``Trailer``, ``Think``) and the decoded ``GameLog`` are
``engine.recording.game_log``.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

import msgspec

from engine.cards import team
from engine.cards.catalog import Catalog, default_catalog
from engine.core import events as ev
from engine.core.causes import Cause
from engine.core.decisions import Decision, Request
from engine.core.ids import CARDS_PER_PLAYER_BASE
from engine.core.state import Phase, state_hash
from engine.play.api import ENGINE_VERSION, Game, GameSetup
from engine.play.match import play_game, play_on
from engine.recording import definitions as defs
from engine.recording.checks import RULESET as RULESET
from engine.recording.checks import RULESET_TAG_TEAM as RULESET_TAG_TEAM
from engine.recording.checks import check_header, ruleset_of
from engine.recording.game_log import (
    _NO_EXTRA,
    MAX_THINK_MS,
    NO_PLAYERS,
    GameLog,
    Header,
    Step,
    Think,
    Trailer,
)
from engine.recording.log import (
    FORMAT_VERSION,
    FrameKind,
    LogFormatError,
    PayloadError,
    read_capped,
    read_preamble,
    scan_log_bytes,
    writes_blocks,
)
from engine.recording.log_writer import LogWriter
from engine.recording.payload import MAX_RECORDS, check_typed_payload
from engine.recording.step_checks import StepCheck


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
        self.records = 0

    def check_header(self, payload: dict[str, object]) -> None:
        try:
            header = msgspec.convert(payload, Header)
        except msgspec.ValidationError as error:
            raise LogFormatError(f"invalid header: {error}", self.name) from None
        if header.format > FORMAT_VERSION:
            if header.format != self.version:  # the file's own version is one this reads
                raise LogFormatError(
                    f"invalid header: format {header.format} in a version {self.version} "
                    "file (the header's format and the file's version disagree)", self.name)
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
        self._capped(payload)
        return self.checks.step(_STEP_DECODER.decode(payload))

    def trailer(self, payload: bytes) -> Trailer:
        assert self.checks is not None
        if self.abandoned:
            raise PayloadError("a trailer follows the frame that abandoned the game")
        self._capped(payload)
        return self.checks.trailer(_TRAILER_DECODER.decode(payload))

    def _capped(self, payload: bytes) -> None:
        """The payload caps of section 6, and the log's budget of decoded records
        (``MAX_RECORDS``), before a typed decoder builds anything from ``payload``."""
        self.records += len(payload)
        if self.records > MAX_RECORDS:
            raise PayloadError(f"the log's steps pass {MAX_RECORDS:,} bytes of records, "
                               "the most a reader decodes")
        check_typed_payload(payload)

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
