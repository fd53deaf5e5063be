"""Byte-level framing of EXCEED game logs (format v1, extension ``.exlog``).

A log is a 12-byte preamble (magic, version, flags) followed by length-prefixed,
CRC-32-checked frames that each hold one msgpack map: one HEADER, then STEP frames,
then a TRAILER that seals a finished game. This module knows nothing about what the
payloads mean; ``docs/log-format.md`` is the byte-level specification it implements.
"""

from __future__ import annotations

import enum
import os
import struct
import zlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import BinaryIO, Final, Generic, TypeVar

import msgpack
import msgspec

S = TypeVar("S")
T = TypeVar("T")

MAGIC: Final = b"\x89EXLOG\r\n"
FORMAT_VERSION: Final = 5
OLDEST_VERSION: Final = 1
"""The oldest format this reader still reads (a v1 log is upcast: ``docs/log-format.md``)."""

MAX_FRAME: Final = 4 * 1024 * 1024  # largest payload a reader accepts, in bytes
MAX_FILE: Final = 256 * 1024 * 1024  # largest file a reader accepts, in bytes
MAX_CONTAINER: Final = 100_000  # elements of an array, entries of a map
MAX_STRING: Final = 1024 * 1024  # bytes of one msgpack str or bin
MAX_DEPTH: Final = 64  # container nesting a writer may produce; readers accept at least this
PREAMBLE_SIZE: Final = 12
FRAME_HEADER_SIZE: Final = 9


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


def is_critical(kind: int) -> bool:
    """Whether a reader that does not know ``kind`` must stop instead of skipping it."""
    return kind >= 128


class LogFormatError(Exception):
    """The data is not a readable EXCEED log at all; nothing in it can be trusted."""

    def __init__(self, reason: str, name: str | None = None) -> None:
        self.reason = reason
        self.name = name
        text = f"{name}: {reason}" if name else reason
        super().__init__(" ".join(text.splitlines()))


class FrameError(Exception):
    """Raised by :func:`iter_frames` at the first frame that is short, oversized or corrupt."""

    def __init__(self, offset: int, reason: str) -> None:
        super().__init__(f"at byte {offset}: {reason}")
        self.offset = offset
        self.reason = reason


class PayloadError(ValueError):
    """A payload cannot be written (or read) as a v1 frame payload."""


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


# --------------------------------------------------------------------------- writing

_ENCODER = msgspec.msgpack.Encoder(order="deterministic")
_SCALARS: Final = (type(None), bool, int, float, str, bytes)


class _BadValue(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
        self.path: list[str] = []


def _check_value(value: object, depth: int) -> None:
    """Reject anything a v1 reader would refuse, so a writer never makes a bad file."""
    kind = type(value)
    if kind in _SCALARS or (isinstance(value, enum.Enum) and isinstance(value, (int, str))):
        if isinstance(value, int) and not isinstance(value, bool):
            if not -(2**63) <= value < 2**64:
                raise _BadValue(f"integer {value} does not fit in 64 bits")
        elif isinstance(value, str):
            if len(value) * 4 > MAX_STRING and len(value.encode()) > MAX_STRING:
                raise _BadValue("string longer than 1 MiB")
        elif isinstance(value, bytes) and len(value) > MAX_STRING:
            raise _BadValue("bytes longer than 1 MiB")
        return
    if kind is not dict and kind is not list and kind is not tuple:
        raise _BadValue(f"type {kind.__name__} is not allowed in a log payload")
    assert isinstance(value, (dict, list, tuple))
    if depth >= MAX_DEPTH:
        raise _BadValue(f"containers nested deeper than {MAX_DEPTH}")
    if len(value) > MAX_CONTAINER:
        raise _BadValue(f"container with more than {MAX_CONTAINER} elements")
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, item in items:
        if isinstance(value, dict) and type(key) is not str:
            raise _BadValue(f"map key {key!r} is not a string")
        try:
            _check_value(item, depth + 1)
        except _BadValue as exc:
            exc.path.append(f"[{key!r}]")
            raise


def encode_payload(payload: Mapping[str, object]) -> bytes:
    """Encode one payload map deterministically (sorted keys, shortest integers)."""
    if not isinstance(payload, Mapping):
        raise PayloadError(f"payload must be a map, not {type(payload).__name__}")
    obj = payload if type(payload) is dict else dict(payload)
    try:
        _check_value(obj, 0)
        raw = _ENCODER.encode(obj)
    except _BadValue as exc:
        raise PayloadError(f"payload{''.join(reversed(exc.path))}: {exc.message}") from None
    except (TypeError, ValueError, OverflowError) as exc:  # defensive: msgspec refused
        raise PayloadError(f"payload cannot be encoded: {exc}") from None
    if len(raw) > MAX_FRAME:
        raise PayloadError(f"payload is {len(raw)} bytes, over the {MAX_FRAME} byte frame cap")
    return raw


def encode_frame(kind: int, payload: Mapping[str, object]) -> bytes:
    """Return one complete frame: length, kind, CRC-32 of kind+payload, payload."""
    if not 1 <= kind <= 255:
        raise ValueError(f"frame kind must be in 1..255, not {kind}")
    body = encode_payload(payload)
    crc = zlib.crc32(body, _KIND_CRC[kind])
    return _FRAME_HEAD.pack(len(body), kind, crc) + body


def encode_preamble(version: int = FORMAT_VERSION, flags: int = 0) -> bytes:
    """The 12 bytes every log starts with."""
    return _PREAMBLE.pack(MAGIC, version, flags)


class LogWriter:
    """Writes one game log to a binary stream: preamble and HEADER now, STEPs, then seal.

    The writer never closes the stream. If a write to the stream fails, the writer
    refuses further writes; what reached the stream is still a readable prefix.
    """

    def __init__(
        self, stream: BinaryIO, header: Mapping[str, object], *, fsync: bool = False
    ) -> None:
        self._stream = stream
        self._fsync = fsync
        self._written = 0
        self._sealed = False
        self._broken = False
        self._abandoned = False
        self._held = bytearray()
        """Frames of ``write_encoded`` not yet handed to the stream (until ``flush``)."""
        self._write(encode_preamble() + encode_frame(FrameKind.HEADER, header))

    @classmethod
    def resumed(cls, stream: BinaryIO, *, fsync: bool = False) -> LogWriter:
        """A writer that appends frames to an unsealed log whose frames so far are
        ``stream``'s (positioned at its end): a live game written one decision per
        process (``replay.live``). Nothing is written now."""
        writer = cls.__new__(cls)
        writer._stream = stream
        writer._fsync = fsync
        writer._written = 0
        writer._sealed = False
        writer._broken = False
        writer._abandoned = False
        writer._held = bytearray()
        return writer

    @property
    def bytes_written(self) -> int:
        """Bytes handed to the stream so far, preamble included."""
        return self._written

    @property
    def sealed(self) -> bool:
        """Whether the TRAILER has been written."""
        return self._sealed

    def write_step(self, payload: Mapping[str, object]) -> None:
        """Append one STEP frame."""
        self._write(encode_frame(FrameKind.STEP, payload))

    def write_encoded(self, kind: FrameKind, body: bytes) -> None:
        """Append a frame whose payload the caller already encoded as one msgpack map.

        For typed writers (the recorder) whose payload schema guarantees what
        ``encode_payload`` would check; only the frame size cap is enforced here. The
        frame is held in memory and handed to the stream, in order, by the next write,
        ``flush`` or ``seal`` (the recorder flushes at every turn's end, so this changes
        nothing a crash can keep, and saves a stream write per decision).
        """
        if self._sealed or self._broken or self._abandoned:
            self._write(b"")  # raises the reason
        if len(body) > MAX_FRAME:
            raise PayloadError(f"payload is {len(body)} bytes, over the {MAX_FRAME} byte cap")
        held = self._held
        held += _FRAME_HEAD.pack(len(body), kind, zlib.crc32(body, _KIND_CRC[kind]))
        held += body

    def seal(self, trailer: Mapping[str, object]) -> None:
        """Append the TRAILER frame and flush; the log is then finished."""
        self._write(encode_frame(FrameKind.TRAILER, trailer))
        self._sealed = True
        self.flush()

    def abandon(self) -> None:
        """Append the ABANDONED frame and flush: the log stays unfinished for good, and
        the writer refuses any further frame."""
        self.write_encoded(FrameKind.ABANDONED, encode_payload({}))
        self.flush()
        self._abandoned = True

    def flush(self) -> None:
        """Hand the held frames to the stream and flush it (and fsync it if the writer was
        created with ``fsync=True``)."""
        if self._held:
            self._write(b"")
        self._stream.flush()
        if self._fsync:
            os.fsync(self._stream.fileno())

    def _write(self, data: bytes) -> None:
        """Hand the held frames, then ``data``, to the stream."""
        if self._sealed:
            raise ValueError("cannot write to a sealed log")
        if self._broken:
            raise ValueError("cannot write after an earlier write to the stream failed")
        if self._abandoned:
            raise ValueError("cannot write to an abandoned log")
        if self._held:
            data = bytes(self._held) + data
            self._held.clear()
        view = memoryview(data)
        try:
            while view:
                count = self._stream.write(view)
                if not count:  # None from a non-blocking raw stream, or 0
                    raise OSError("stream accepted no bytes")
                view = view[count:]
                self._written += count
        except BaseException:
            self._broken = True
            raise


# --------------------------------------------------------------------------- reading


class _ExtRejected(ValueError):
    pass


def _reject_ext(code: int, data: object) -> object:
    raise _ExtRejected(f"ext type {code} is not allowed")


_DECODER = msgspec.msgpack.Decoder(dict[str, object], ext_hook=_reject_ext)
# A payload no longer than this cannot hold an oversized container or string:
# every array element takes at least one byte and every map entry at least two.
_FAST_LIMIT: Final = min(MAX_CONTAINER, MAX_STRING)
# msgspec decodes ext type -1 (timestamp) itself instead of calling ext_hook; these are
# all the encodings of a well-formed timestamp, so their absence proves there is none.
_TIMESTAMP_MARKS: Final = tuple(
    [b"\xd6\xff", b"\xd7\xff"]
    + [b"\xc7" + bytes((n,)) + b"\xff" for n in (4, 8, 12)]
    + [b"\xc8" + n.to_bytes(2, "big") + b"\xff" for n in (4, 8, 12)]
    + [b"\xc9" + n.to_bytes(4, "big") + b"\xff" for n in (4, 8, 12)]
)


def _may_hold_timestamp(payload: bytes) -> bool:
    return b"\xff" in payload and any(mark in payload for mark in _TIMESTAMP_MARKS)


def _check_caps(payload: bytes) -> None:
    """Walk the payload with msgpack's capped C unpacker; raise PayloadError on refusal."""
    try:
        msgpack.unpackb(
            payload,
            raw=False,
            strict_map_key=False,
            use_list=False,
            ext_hook=_reject_ext,
            max_array_len=MAX_CONTAINER,
            max_map_len=MAX_CONTAINER,
            max_str_len=MAX_STRING,
            max_bin_len=MAX_STRING,
            max_ext_len=0,
        )
    except Exception as exc:  # any refusal of hostile bytes is damage, whatever its type
        text = str(exc)
        if "max_array_len" in text or "max_map_len" in text:
            raise PayloadError(f"container exceeds cap of {MAX_CONTAINER} elements") from None
        if "max_str_len" in text or "max_bin_len" in text:
            raise PayloadError("string exceeds cap of 1 MiB") from None
        if "max_ext_len" in text or isinstance(exc, _ExtRejected):
            raise PayloadError("ext types are not allowed") from None
        raise PayloadError(f"invalid msgpack ({type(exc).__name__}: {text})") from None


def decode_payload(payload: bytes, *, always_check_caps: bool = False) -> dict[str, object]:
    """Decode one frame payload under the v1 caps, or raise :class:`PayloadError`.

    Small payloads go straight to msgspec (the caps cannot be exceeded, see
    ``_FAST_LIMIT``); larger ones, or ones that might hold a timestamp ext, are first
    walked by msgpack's capped unpacker. Either way msgspec builds the result, so both
    paths accept exactly the same inputs.
    """
    if always_check_caps or len(payload) > _FAST_LIMIT or _may_hold_timestamp(payload):
        _check_caps(payload)
    try:
        result: dict[str, object] = _DECODER.decode(payload)
    except _ExtRejected:
        raise PayloadError("ext types are not allowed") from None
    except msgspec.ValidationError as exc:  # msgspec validates timestamps it decodes itself
        if "timestamp" in str(exc):
            raise PayloadError("ext types are not allowed") from None
        raise PayloadError(f"payload is not a map with string keys ({exc})") from None
    except RecursionError:
        raise PayloadError("invalid msgpack (nesting too deep)") from None
    except Exception as exc:  # DecodeError, bad UTF-8, unhashable keys: all damage
        raise PayloadError(f"invalid msgpack ({exc})") from None
    return result


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
            raise FrameError(offset, f"checksum mismatch in frame of kind {kind}")
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
    frames = iter_frames(data, name)
    header = _read_header(frames, name)
    if check_header is not None:
        check_header(header)
    steps: list[S] = []
    trailer: T | None = None
    damage: Damage | None = None
    index = 1  # index of the frame being read; the header was frame 0
    try:
        for kind, offset, payload in frames:
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
        damage = Damage(offset=exc.offset, frame_index=index, reason=reason)
    return TypedScan(
        version=version,
        header=header,
        steps=steps,
        trailer=trailer,
        sealed=trailer is not None and damage is None,
        damage=damage,
        size=len(data),
    )


def _bad_kind(kind: int) -> str:
    if kind == FrameKind.HEADER:
        return "duplicate header frame"
    if kind == 0:
        return "invalid frame kind 0"
    return f"unknown critical frame kind {kind}"


def _read_header(frames: Iterator[tuple[int, int, bytes]], name: str) -> dict[str, object]:
    try:
        kind, _, payload = next(frames)
    except StopIteration:
        raise LogFormatError("missing header frame (file ends after the preamble)", name) from None
    except FrameError as exc:
        raise LogFormatError(f"damaged header frame: {exc.reason}", name) from None
    if kind != FrameKind.HEADER:
        raise LogFormatError(f"missing header frame (first frame has kind {kind})", name)
    try:
        return decode_payload(payload)
    except PayloadError as exc:
        raise LogFormatError(f"damaged header frame: {exc}", name) from None


def read_log(path: str | os.PathLike[str]) -> ScanResult:
    """Read a log file (at most ``MAX_FILE`` bytes). I/O errors propagate as OSError."""
    return read_log_bytes(read_capped(path), os.fspath(path))


READ_CHUNK: Final = 64 * 1024  # bytes asked at a time once a file grew past its stat'd size


def read_capped(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a log file, refusing files over ``MAX_FILE`` without reading them.

    Memory follows the file, not the cap: the file's size is read in one call, then
    anything it grew by meanwhile in ``READ_CHUNK`` pieces, so a 20 KB log never
    reserves 256 MiB; a file that grows past the cap while read is refused too.
    """
    name = os.fspath(path)
    with open(path, "rb") as stream:
        size = os.fstat(stream.fileno()).st_size
        if size > MAX_FILE:
            raise LogFormatError(f"file is larger than the {MAX_FILE >> 20} MiB cap", name)
        parts = [stream.read(size)] if size else []
        parts.append(stream.read(1))  # a file that grew since fstat: read on in chunks
        total = sum(map(len, parts))
        while parts[-1] and total <= MAX_FILE:
            chunk = stream.read(min(READ_CHUNK, MAX_FILE + 1 - total))
            if not chunk:
                break
            parts.append(chunk)
            total += len(chunk)
    if total > MAX_FILE:
        raise LogFormatError(f"file is larger than the {MAX_FILE >> 20} MiB cap", name)
    return parts[0] if len(parts) == 2 and not parts[1] else b"".join(parts)
