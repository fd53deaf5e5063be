"""The payloads of log frames: the caps a reader enforces, and the checked, canonical
msgpack encoding and decoding of one payload map (``docs/log-format.md``, sections 4 and 6).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final

import msgpack
import msgspec

MAX_FRAME: Final = 4 * 1024 * 1024  # largest payload a reader accepts, in bytes
MAX_FILE: Final = 256 * 1024 * 1024  # largest file a reader accepts, in bytes
MAX_CONTAINER: Final = 100_000  # elements of an array, entries of a map
MAX_STRING: Final = 1024 * 1024  # bytes of one msgpack str or bin
MAX_DEPTH: Final = 64  # container nesting a writer may produce; readers accept at least this
MAX_RECORDS: Final = 16 * 1024 * 1024
"""Bytes of STEP and TRAILER payloads one log may hold, all together. What a payload
decodes to is about eight bytes of memory per byte of it (a one-byte integer in a list
is an eight-byte pointer), so this bounds a hostile log's decoded steps near 128 MiB,
where the 256 MiB file and inflation caps alone allowed 2 GB. The largest sample game's
steps are 70 KB: over 200 times under it."""


MAX_FRAMES: Final = 100_000
"""Frames one log may hold, each record of a BLOCK counted as one. A game's 5,000
decisions (``engine.play.match.MAX_DECISIONS``) make about 10,000 at most (a STEP and a
THINK each); the largest sample game holds 176. A reader walks a frame of a kind it
skips one by one, about 2 to 6 µs each: within every other cap, 25 KB of BLOCKs of
empty records of a future kind made 50 million of them, two minutes a read."""


class PayloadError(ValueError):
    """A payload cannot be written (or read) as a v1 frame payload."""



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
        raise PayloadError(f"invalid msgpack ({_unpacker_refusal(exc)})") from None


def check_typed_payload(payload: bytes) -> None:
    """The section 6 caps for a payload a typed decoder will read (STEP, TRAILER): one no
    longer than ``_FAST_LIMIT`` cannot exceed them; a longer one is walked first by the
    capped unpacker. ``PayloadError`` as ``decode_payload`` words it."""
    if len(payload) > _FAST_LIMIT:
        _check_caps(payload)


def _unpacker_refusal(exc: Exception) -> str:
    """What msgpack's unpacker refused, in words: two of its errors carry no message
    (``StackError``: nesting past its stack; ``FormatError``: a reserved byte)."""
    if isinstance(exc, msgpack.StackError):
        return "nesting too deep"
    if isinstance(exc, msgpack.FormatError):
        return "a byte that starts no msgpack value"
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


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
        raise PayloadError(f"invalid msgpack ({str(exc) or type(exc).__name__})") from None
    return result
