"""Byte-level framing of EXCEED game logs (extension ``.exlog``).

A log is a 12-byte preamble (magic, version, flags) followed by length-prefixed,
CRC-32-checked frames that each hold one msgpack map: one HEADER, then STEP frames,
then a TRAILER that seals a finished game. Format 6 writers put those records, a turn
at a time, into compressed BLOCK frames (``engine.recording.blocks``); the reader gives
the same records either way. This module reads them (and holds the framing's constants);
writing is ``engine.recording.log_writer``. It knows nothing about what the payloads
mean; ``docs/log-format.md`` is the byte-level specification it implements.
"""

from __future__ import annotations

import enum
import os
import struct
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

import msgspec

from engine.recording import blocks
from engine.recording.blocks import BlockError
from engine.recording.files import read_limited
from engine.recording.payload import MAX_CONTAINER as MAX_CONTAINER
from engine.recording.payload import MAX_DEPTH as MAX_DEPTH
from engine.recording.payload import MAX_FILE as MAX_FILE
from engine.recording.payload import MAX_FRAME as MAX_FRAME
from engine.recording.payload import MAX_FRAMES as MAX_FRAMES
from engine.recording.payload import MAX_STRING as MAX_STRING
from engine.recording.payload import PayloadError as PayloadError
from engine.recording.payload import decode_payload as decode_payload
from engine.recording.payload import encode_payload as encode_payload

S = TypeVar("S")
T = TypeVar("T")

MAGIC: Final = b"\x89EXLOG\r\n"
FORMAT_VERSION: Final = 7
OLDEST_VERSION: Final = 1
"""The oldest format this reader still reads (a v1 log is upcast: ``docs/log-format.md``)."""
BLOCKS_FORMAT: Final = 6
"""The first format whose records are compressed into BLOCK frames (section 11)."""

PREAMBLE_SIZE: Final = 12
FRAME_HEADER_SIZE: Final = 9


def writes_blocks(format_version: int) -> bool:
    """Whether a log of ``format_version`` holds its records in BLOCK frames (format 6
    on; older logs are plain frames, and a writer appending to one keeps them plain)."""
    return format_version >= BLOCKS_FORMAT


LEFT_GAME_FORMAT: Final = 7
"""The first format that may record ``LeftGame`` (a win claimed from a seat that left,
``EndReason.LEFT``): an older reader would take it for damage."""


def asks_effect_order(format_version: int) -> bool:
    """Whether a game of a log of ``format_version`` asks its players the order of their
    effects that share a trigger (``EffectOrderRequest``): from format 4 on. An older
    log is replayed answering it with the printed order, as its engine resolved them
    (``engine.play.api.Game.printed_order``)."""
    return format_version >= 4


_PREAMBLE = struct.Struct(">8sHH")
_FRAME_HEAD = struct.Struct(">IBI")
_KIND_CRC: Final = tuple(zlib.crc32(bytes((kind,))) for kind in range(256))


class FrameKind(enum.IntEnum):
    """The frame kinds of format v1. Kinds 4..127 are skippable, 128..255 critical."""

    HEADER = 1
    STEP = 2
    TRAILER = 3
    THINK = 4
    """Skippable: the thinking time of one decision (``docs/log-format.md`` P.10)."""
    ABANDONED = 5
    """Skippable: the game was left unfinished by its players; nothing follows (P.10)."""
    BLOCK = 128
    """Critical (format 6): a turn's records, compressed (``engine.recording.blocks``)."""


def is_critical(kind: int) -> bool:
    """Whether a reader that does not know ``kind`` must stop instead of skipping it."""
    return kind >= 128


class LogFormatError(Exception):
    """The data is not a readable EXCEED log at all; nothing in it can be trusted."""

    def __init__(self, reason: str, name: str | None = None) -> None:
        self.reason = reason
        self.name = name
        # one line: the reason's breaks read as spaces; a file name's are written as Python
        # writes them (``bad\\nname.exlog``), not spaces: they name another file
        said = " ".join(reason.splitlines())
        super().__init__(f"{_one_line(name)}: {said}" if name else said)


def _one_line(name: str) -> str:
    """``name`` with each line break (``str.splitlines``'s) written as ``repr`` does."""
    return "".join(repr(c)[1:-1] if len(f"a{c}b".splitlines()) > 1 else c for c in name)


class FrameError(Exception):
    """Raised by :func:`iter_frames` at the first frame that is short, oversized or corrupt."""

    def __init__(self, offset: int, reason: str, index: int = -1) -> None:
        super().__init__(f"at byte {offset}: {reason}")
        self.offset = offset
        self.reason = reason
        self.index = index
        """The frame's index when known (a BLOCK's), else -1."""


class Damage(msgspec.Struct, frozen=True, kw_only=True):
    """Where and why a reader stopped. Every byte before ``offset`` was good."""

    offset: int
    frame_index: int
    reason: str


class ScanResult(msgspec.Struct, frozen=True, kw_only=True):
    """Everything recovered from a log, plus whether it is sealed or damaged."""

    version: int
    header: dict[str, object]
    steps: list[dict[str, object]]
    trailer: dict[str, object] | None
    sealed: bool
    damage: Damage | None
    size: int


def read_preamble(data: bytes | bytearray | memoryview, name: str | None = None) -> int:
    """Check size, magic and version; return the format version or raise LogFormatError."""
    size = len(data)
    if size > MAX_FILE:
        raise LogFormatError(f"file is larger than the {MAX_FILE >> 20} MiB cap", name)
    if size == 0:
        raise LogFormatError("empty file (not an EXCEED log)", name)
    head = bytes(data[:PREAMBLE_SIZE])
    if not head.startswith(MAGIC):
        if size < len(MAGIC) and MAGIC.startswith(head):
            raise LogFormatError(f"truncated preamble ({size} of {PREAMBLE_SIZE} bytes)", name)
        raise LogFormatError("not an EXCEED log (bad magic)", name)
    if size < PREAMBLE_SIZE:
        raise LogFormatError(f"truncated preamble ({size} of {PREAMBLE_SIZE} bytes)", name)
    _, version, _flags = _PREAMBLE.unpack(head)  # unknown flag bits are ignored
    if version > FORMAT_VERSION:
        raise LogFormatError(
            f"format version {version} is newer than this reader supports "
            f"({FORMAT_VERSION}); upgrade exceed-replay",
            name,
        )
    if version < 1:
        raise LogFormatError(f"invalid format version {version}", name)
    return int(version)


def iter_frames(
    data: bytes | bytearray | memoryview, name: str | None = None
) -> Iterator[tuple[int, int, bytes]]:
    """Yield ``(kind, offset, payload)`` for each well-formed frame after the preamble.

    Checks only the framing: the length cap, truncation and the CRC. At the first bad
    frame it raises :class:`FrameError` with that frame's offset; a bad preamble raises
    :class:`LogFormatError`. Payloads are not decoded, and kinds are not interpreted.
    """
    read_preamble(data, name)
    view = memoryview(data)
    size = len(view)
    offset = PREAMBLE_SIZE
    while offset < size:
        left = size - offset
        if left < FRAME_HEADER_SIZE:
            raise FrameError(
                offset, f"truncated frame header (needs {FRAME_HEADER_SIZE} bytes, {left} left)"
            )
        length, kind, crc = _FRAME_HEAD.unpack_from(view, offset)
        if length > MAX_FRAME:
            raise FrameError(offset, f"frame exceeds 4 MiB cap (length field says {length})")
        start = offset + FRAME_HEADER_SIZE
        if length > size - start:
            raise FrameError(
                offset, f"truncated payload (needs {length} bytes, {size - start} left)"
            )
        payload = bytes(view[start : start + length])
        if zlib.crc32(payload, _KIND_CRC[kind]) != crc:
            raise FrameError(offset, f"checksum mismatch in {frame_name(kind)}")
        yield kind, offset, payload
        offset = start + length


def read_log_bytes(data: bytes | bytearray | memoryview, name: str = "<bytes>") -> ScanResult:
    """Read a whole log held in memory. See ``docs/log-format.md`` for the rules."""
    scan = scan_log_bytes(data, name, decode_payload, decode_payload)
    return ScanResult(
        version=scan.version,
        header=scan.header,
        steps=scan.steps,
        trailer=scan.trailer,
        sealed=scan.sealed,
        damage=scan.damage,
        size=scan.size,
    )


@dataclass(frozen=True)
class TypedScan(Generic[S, T]):
    """``ScanResult`` with STEP and TRAILER payloads decoded by caller-supplied decoders."""

    version: int
    header: dict[str, object]
    steps: list[S]
    trailer: T | None
    sealed: bool
    damage: Damage | None
    size: int


def scan_log_bytes(
    data: bytes | bytearray | memoryview,
    name: str,
    decode_step: Callable[[bytes], S],
    decode_trailer: Callable[[bytes], T],
    check_header: Callable[[dict[str, object]], None] | None = None,
    on_skippable: Callable[[int, bytes], None] | None = None,
) -> TypedScan[S, T]:
    """The reading algorithm of ``read_log_bytes`` with pluggable payload decoders.

    A typed reader (``engine.recording.record``) decodes STEP payloads straight into its structs
    in one pass. A decoder that raises ``PayloadError`` or a msgspec error marks the
    frame as damaged, exactly like a bad checksum: everything before it is kept.
    ``check_header`` sees the decoded HEADER before any STEP is decoded; it refuses the
    file by raising ``LogFormatError``. ``on_skippable`` sees each skippable frame
    (kinds 4..127) in order; a ``PayloadError`` from it is damage at that frame.
    """
    version = read_preamble(data, name)
    steps: list[S] = []
    frames = _records(data, name, version, lambda: _turn_of(steps[-1]) if steps else 0)
    header = _read_header(frames, name)
    if check_header is not None:
        check_header(header)
    trailer: T | None = None
    damage: Damage | None = None
    index = 1  # index of the frame being read; the header was frame 0
    try:
        for kind, offset, index, payload in frames:
            reason: str | None = None
            if trailer is not None:
                reason = "trailer is not the last frame"
            elif kind == FrameKind.STEP:
                try:
                    steps.append(decode_step(payload))
                except PayloadError as exc:
                    reason = str(exc)
                except (msgspec.MsgspecError, ValueError, RecursionError) as exc:
                    reason = f"invalid step payload: {exc}"
            elif kind == FrameKind.TRAILER:
                try:
                    trailer = decode_trailer(payload)
                except PayloadError as exc:
                    reason = str(exc)
                except (msgspec.MsgspecError, ValueError, RecursionError) as exc:
                    reason = f"invalid trailer payload: {exc}"
            elif kind == FrameKind.HEADER or kind == 0 or is_critical(kind):
                reason = _bad_kind(kind)
            elif on_skippable is not None:  # a skippable frame the caller may know
                try:
                    on_skippable(kind, payload)
                except PayloadError as exc:
                    reason = str(exc)
                except (msgspec.MsgspecError, ValueError, RecursionError) as exc:
                    reason = f"invalid frame of kind {kind}: {exc}"
            # any other kind is a future, skippable frame: its CRC was checked, ignore it
            if reason is not None:
                damage = Damage(offset=offset, frame_index=index, reason=reason)
                break
            index += 1
    except FrameError as exc:
        reason = f"data after trailer ({exc.reason})" if trailer is not None else exc.reason
        damage = Damage(offset=exc.offset, frame_index=exc.index if exc.index >= 0 else index,
                        reason=reason)
    return TypedScan(
        version=version,
        header=header,
        steps=steps,
        trailer=trailer,
        sealed=trailer is not None and damage is None,
        damage=damage,
        size=len(data),
    )


_FRAME_NAMES: dict[int, str] = {
    FrameKind.HEADER: "the header frame",
    FrameKind.STEP: "a step frame",
    FrameKind.TRAILER: "the trailer frame",
    FrameKind.THINK: "a think frame",
    FrameKind.ABANDONED: "an abandoned frame",
    FrameKind.BLOCK: "a block frame (a turn's records)",
}


def is_torn(damage: Damage) -> bool:
    """Whether ``damage`` is a torn tail (a frame cut short, as a crash leaves it) rather
    than corrupt bytes; a format 6 reason may begin with its turn (``turn 4: ``)."""
    reason = damage.reason
    if reason.startswith("turn "):
        reason = reason.partition(": ")[2]
    return reason.startswith("truncated")


def frame_name(kind: int) -> str:
    """A frame's kind in words for a damage reason: ``a step frame``, ``a frame of kind 9``."""
    return _FRAME_NAMES.get(kind, f"a frame of kind {kind}")


def _bad_kind(kind: int) -> str:
    if kind == FrameKind.HEADER:
        return "duplicate header frame"
    if kind == 0:
        return "invalid frame kind 0"
    return f"unknown critical frame kind {kind}"


def _turn_of(step: object) -> object:
    return step.get("turn") if isinstance(step, dict) else getattr(step, "turn", None)


def _records(data: bytes | bytearray | memoryview, name: str, version: int,
             turn: Callable[[], object]) -> Iterator[tuple[int, int, int, bytes]]:
    """``(kind, offset, frame index, payload)`` of every frame, and of every record of the
    BLOCK frames of a format 6 log in their place (at their block's offset and index).
    A block that cannot be inflated, and once a block was read any frame that is torn or
    corrupt, raises ``FrameError`` naming ``turn()``, the turn of
    the last step read before it; so does the frame or record past ``MAX_FRAMES``."""
    reader = blocks.BlockReader() if writes_blocks(version) else None
    frames = enumerate(iter_frames(data, name))
    blocked = False  # a BLOCK was read: the log is written a turn per block
    left = MAX_FRAMES + 1  # MAX_FRAMES in all, the header's included
    while True:
        try:
            index, (kind, offset, payload) = next(frames)
        except StopIteration:
            return
        except FrameError as exc:  # a torn or corrupt frame of a log in blocks: its turn
            if not blocked:  # a plain log, or its header's frame
                raise
            raise FrameError(exc.offset, f"turn {turn()}: {exc.reason}", exc.index) from None
        if kind != FrameKind.BLOCK or reader is None:
            left -= 1
            if not left:
                raise FrameError(offset, _too_many(turn() if blocked else None), index)
            yield kind, offset, index, payload
            continue
        blocked = True
        try:
            for inner, body in blocks.iter_records(reader.records(payload), MAX_FRAME):
                if inner == FrameKind.BLOCK:
                    raise BlockError("a block holds a block")
                left -= 1
                if not left:
                    raise BlockError(_too_many(None))
                yield inner, offset, index, body
        except BlockError as exc:
            raise FrameError(offset, f"turn {turn()}: {exc}", index) from None


def _too_many(turn: object) -> str:
    """The damage past ``MAX_FRAMES`` (``turn``: the turn to name it by, when known)."""
    where = "" if turn is None else f"turn {turn}: "
    return (f"{where}the log holds more than {MAX_FRAMES:,} frames, the most a reader reads "
            "(a real game's are about 10,000 at most)")


def _header_reason(reason: str) -> str:
    """A damage ``reason`` met reading the header. In format 6 the header is the first
    record of the first block frame, and a block's damage names it by a turn's records
    (``_FRAME_NAMES``): "checksum mismatch in a block frame (a turn's records)" for a
    header no turn has written. The first block is named as the header's."""
    return reason.replace(frame_name(FrameKind.BLOCK),
                          "the first block frame (the header's records)")


def _read_header(frames: Iterator[tuple[int, int, int, bytes]], name: str) -> dict[str, object]:
    try:
        kind, _, _, payload = next(frames)
    except StopIteration:
        raise LogFormatError("missing header frame (file ends after the preamble)", name) from None
    except FrameError as exc:
        raise LogFormatError(f"damaged header frame: {_header_reason(exc.reason)}",
                             name) from None
    if kind != FrameKind.HEADER:
        raise LogFormatError(f"missing header frame (first frame has kind {kind})", name)
    try:
        return decode_payload(payload)
    except PayloadError as exc:
        raise LogFormatError(f"damaged header frame: {exc}", name) from None


def read_log(path: str | os.PathLike[str]) -> ScanResult:
    """Read a log file (at most ``MAX_FILE`` bytes). I/O errors propagate as OSError."""
    return read_log_bytes(read_capped(path), os.fspath(path))


def read_capped(path: str | os.PathLike[str], pipes: bool = True) -> bytes:
    """The bytes of a log file, refusing files over ``MAX_FILE`` without reading them.

    Memory follows the file, not the cap (``engine.recording.files.read_limited``: the
    file's size is read in one call, then anything it grew by meanwhile in pieces), so a
    20 KB log never reserves 256 MiB; a file that grows past the cap while read is
    refused too. A pipe a writer holds is read to its end under the same cap
    (``exceed info <(zstdcat game.exlog.zst)``), unless ``pipes`` is false (a reader
    that reads a file twice, as the indexer does): then it is a ``NotRegularFile``.
    """
    name = os.fspath(path)
    over = LogFormatError(f"file is larger than the {MAX_FILE >> 20} MiB cap", name)
    if os.stat(name).st_size > MAX_FILE:  # a pipe or a device states 0: read, capped
        raise over
    data = read_limited(name, MAX_FILE, pipes=pipes)
    if len(data) > MAX_FILE:
        raise over
    return data


def expanded(data: bytes | bytearray | memoryview, name: str = "<bytes>") -> bytes:
    """The same log with the records of every BLOCK frame written as plain frames (each
    with its CRC): what a format 6 log holds, readable frame by frame with plain
    ``msgpack`` and read by this reader exactly as the original. ``FrameError`` or
    ``LogFormatError`` at the first damage."""
    version = read_preamble(data, name)
    parts = [bytes(data[:PREAMBLE_SIZE])]
    for kind, _, _, payload in _records(data, name, version, lambda: "?"):
        parts.append(_FRAME_HEAD.pack(len(payload), kind, zlib.crc32(payload, _KIND_CRC[kind])))
        parts.append(payload)
    return b"".join(parts)


def declared_inflation(data: bytes, stop: int, stop_frames: int) -> tuple[int, int]:
    """How many frames the log ``data`` holds and what its BLOCK frames declare they
    inflate to, together: each block's size field (``docs/log-format.md`` sections 3 and
    11), nothing inflated nor checked; the walk ends at a frame cut short, and once past
    ``stop`` bytes or ``stop_frames`` frames. What a caller with tighter caps than the
    reader's (an upload) refuses a file by before reading it."""
    frames, total, offset, end = 0, 0, PREAMBLE_SIZE, len(data)
    head = _FRAME_HEAD.size
    while offset + head <= end and total <= stop and frames <= stop_frames:
        length, kind, _ = _FRAME_HEAD.unpack_from(data, offset)
        offset += head
        frames += 1
        if kind == FrameKind.BLOCK:
            total += _declared_size(data, offset + 1, min(offset + length, end))
        offset += length
    return frames, total


def _declared_size(data: bytes, start: int, end: int) -> int:
    """A BLOCK's size field at ``start`` (an unsigned LEB128 varint of at most 5 bytes,
    before ``end``), read as far as it goes: ``blocks.read_uvarint`` refuses one cut
    short, where this walk only adds up what is declared."""
    value = 0
    for shift, at in enumerate(range(start, min(start + 5, end))):
        value |= (data[at] & 0x7F) << (7 * shift)
        if data[at] < 0x80:
            break
    return value

