"""Tests for engine.recording.log against hostile files: frame kinds in the wrong place,
payloads over the caps, ext types, deep nesting, mutations, and what writers refuse."""

from __future__ import annotations

import datetime
import io
import os
import random
import struct
import zlib
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.recording.log import (
    MAX_CONTAINER,
    MAX_DEPTH,
    MAX_FRAME,
    FrameError,
    FrameKind,
    LogFormatError,
    PayloadError,
    ScanResult,
    decode_payload,
    iter_frames,
    read_log,
    read_log_bytes,
)
from engine.recording.log_writer import LogWriter, encode_frame, encode_preamble
from tests.engine.recording.log_helpers import (
    HEADER,
    TRAILER,
    _frame_ends,
    _make_log,
    _raw_frame,
    _step,
)

# --------------------------------------------------------------------------- frame kinds


def _log_with(*frames: bytes, seal: bool = False) -> bytes:
    parts = [encode_preamble(), encode_frame(FrameKind.HEADER, HEADER)]
    parts += frames
    if seal:
        parts.append(encode_frame(FrameKind.TRAILER, TRAILER))
    return b"".join(parts)


def test_unknown_non_critical_kinds_are_skipped() -> None:
    data = _log_with(
        encode_frame(FrameKind.STEP, _step(0)),
        encode_frame(4, {"future": 1}),
        _raw_frame(127, b"not even msgpack"),
        encode_frame(FrameKind.STEP, _step(1)),
        seal=True,
    )
    result = read_log_bytes(data)
    assert result.steps == [_step(0), _step(1)]
    assert result.sealed and result.damage is None


def test_unknown_critical_kind_stops_reading() -> None:
    before = _log_with(encode_frame(FrameKind.STEP, _step(0)))
    data = before + encode_frame(200, {"x": 1}) + encode_frame(FrameKind.STEP, _step(1))
    result = read_log_bytes(data)
    assert result.steps == [_step(0)]
    assert result.damage is not None
    assert result.damage.reason == "unknown critical frame kind 200"
    assert (result.damage.offset, result.damage.frame_index) == (len(before), 2)


@pytest.mark.parametrize(
    ("frame", "reason"),
    [
        (encode_frame(FrameKind.HEADER, HEADER), "duplicate header frame"),
        (_raw_frame(0, b"\x80"), "invalid frame kind 0"),
    ],
)
def test_misplaced_kinds_are_damage(frame: bytes, reason: str) -> None:
    result = read_log_bytes(_log_with(encode_frame(FrameKind.STEP, _step(0)), frame))
    assert result.steps == [_step(0)]
    assert result.damage is not None and result.damage.reason == reason


def test_garbage_after_trailer_is_reported() -> None:
    data = _make_log(3)
    result = read_log_bytes(data + b"\x00\x01")
    assert result.trailer == TRAILER and result.steps == [_step(i) for i in range(3)]
    assert result.sealed is False
    assert result.damage is not None
    assert result.damage.offset == len(data)
    assert result.damage.reason.startswith("data after trailer")


def test_frame_after_trailer_is_reported() -> None:
    data = _make_log(3)
    result = read_log_bytes(data + encode_frame(FrameKind.STEP, _step(3)))
    assert result.steps == [_step(i) for i in range(3)]
    assert result.sealed is False
    assert result.damage is not None
    assert result.damage.reason == "trailer is not the last frame"
    assert (result.damage.offset, result.damage.frame_index) == (len(data), 5)


# --------------------------------------------------------------------------- payload caps


def _single_step_log(body: bytes) -> ScanResult:
    return read_log_bytes(_log_with(_raw_frame(FrameKind.STEP, body)))


def test_container_cap_is_enforced_at_the_boundary() -> None:
    ok = _single_step_log(msgpack.packb({"a": [None] * MAX_CONTAINER}))
    assert ok.damage is None and len(ok.steps[0]["a"]) == MAX_CONTAINER  # type: ignore[arg-type]
    for payload in (
        {"a": [None] * (MAX_CONTAINER + 1)},
        {str(i): 0 for i in range(MAX_CONTAINER + 1)},
    ):
        result = _single_step_log(msgpack.packb(payload))
        assert result.steps == []
        assert result.damage is not None and "container exceeds cap" in result.damage.reason


def test_huge_declared_container_in_a_tiny_payload_is_invalid_not_allocated() -> None:
    for body in (
        b"\x81\xa1a\xdd\xff\xff\xff\xff",
        b"\x81\xa1a\xdf\xff\xff\xff\xff",
        b"\xdf\xff\xff\xff\xff",
    ):
        result = _single_step_log(body)
        assert result.damage is not None and "invalid msgpack" in result.damage.reason


def test_string_cap_is_enforced() -> None:
    result = _single_step_log(msgpack.packb({"s": "x" * ((1 << 20) + 1)}))
    assert result.damage is not None and "string exceeds cap" in result.damage.reason
    assert _single_step_log(msgpack.packb({"s": "x" * (1 << 20)})).damage is None


@pytest.mark.parametrize(
    "body",
    [
        msgpack.packb({"e": msgpack.ExtType(5, b"ab")}),
        b"\x81\xa1e\xc7\x00\x05",  # ext of length zero
        msgpack.packb({"t": datetime.datetime(2020, 1, 1, tzinfo=datetime.UTC)}, datetime=True),
        msgpack.packb({"t": msgpack.Timestamp(1, 5)}),  # timestamp 64
        msgpack.packb({"t": msgpack.Timestamp(2**40, 0)}),  # timestamp 96
        b"\x81\xa1t\xc8\x00\x04\xff\x00\x00\x00\x01",  # timestamp 32 in an ext16
        b"\x81\xa1t\xd4\xff\x00",  # malformed timestamp (fixext 1)
        msgpack.packb({"t": [msgpack.Timestamp(1, 0)] * 60000}),  # big: checked by msgpack
    ],
)
def test_ext_types_and_timestamps_are_refused(body: bytes) -> None:
    result = _single_step_log(body)
    assert result.steps == []
    assert result.damage is not None and "ext types are not allowed" in result.damage.reason


@pytest.mark.parametrize(
    "body",
    [b"", b"\xc1", b"\x91\x01", b"\x81\x01\x01", b"\x81\xa1a\xa1\xff", b"\x81\xa1a\x01\x00"],
)
def test_invalid_payloads_are_damage(body: bytes) -> None:
    result = _single_step_log(body)
    assert result.steps == [] and result.damage is not None
    assert result.damage.reason.startswith(("invalid msgpack", "payload is not a map"))


def test_deep_nesting_is_damage_not_a_crash() -> None:
    for depth in (MAX_DEPTH, 5000, 2_000_000):
        body = b"\x81\xa1a" + b"\x91" * depth + b"\xc0"
        result = _single_step_log(body)
        if depth == MAX_DEPTH:
            assert result.damage is None
        else:
            assert result.damage is not None and "invalid msgpack" in result.damage.reason


@pytest.mark.parametrize(("body", "why"), [
    (b"\x81\xa1a" + b"\x91" * 200_000 + b"\xc0", "invalid msgpack (nesting too deep)"),
    (b"\x82\xa1a\xc6" + struct.pack(">I", 100_000) + b"x" * 100_000 + b"\xa1b\xc1",
     "invalid msgpack (a byte that starts no msgpack value)"),
])
def test_a_refusal_of_msgpacks_unpacker_says_what_is_wrong(body: bytes, why: str) -> None:
    """The dashboard audit left: a damaged header read "invalid msgpack (StackError: )":
    msgpack's ``StackError`` (nesting past its stack) and ``FormatError`` (a reserved
    byte) carry no message. A payload over 100,000 bytes is walked by that unpacker."""
    assert len(body) > MAX_CONTAINER
    with pytest.raises(PayloadError) as refused:
        decode_payload(body)
    assert str(refused.value) == why
    header_frame = _raw_frame(FrameKind.HEADER, body)
    with pytest.raises(LogFormatError) as caught:
        read_log_bytes(encode_preamble() + header_frame, "bad.exlog")
    assert str(caught.value).endswith(f"damaged header frame: {why}"), str(caught.value)
    step = _single_step_log(body).damage
    assert step is not None and step.reason == why


def _assert_same_decoding(body: bytes) -> None:
    outcomes = []
    for checked in (False, True):
        try:
            outcomes.append(repr(decode_payload(body, always_check_caps=checked)))
        except PayloadError:
            outcomes.append("PayloadError")
    assert outcomes[0] == outcomes[1], body.hex()


def test_fast_and_checked_decoding_paths_agree_on_mutated_payloads() -> None:
    rng = random.Random(1234)
    seeds = [msgpack.packb(_step(i)) for i in range(8)] + [
        msgpack.packb({"k": {1: 2, None: [1.5, True]}, "b": b"\xff\xff"}),
    ]
    for _ in range(3000):
        body = bytearray(rng.choice(seeds))
        for _ in range(rng.randint(1, 3)):
            position = rng.randrange(len(body))
            body[position] = rng.randrange(256)
        _assert_same_decoding(bytes(body))


# --------------------------------------------------------------------------- interop


def test_interop_every_frame_decodes_with_plain_msgpack() -> None:
    data = _make_log(30)
    assert data[:8] == b"\x89EXLOG\r\n"
    version, flags = struct.unpack(">HH", data[8:12])
    assert (version, flags) == (7, 0)
    offset, decoded = 12, []
    while offset < len(data):
        length, kind, crc = struct.unpack(">IBI", data[offset : offset + 9])
        body = data[offset + 9 : offset + 9 + length]
        assert len(body) == length
        assert zlib.crc32(bytes([kind]) + body) == crc
        payload = msgpack.unpackb(
            body,
            raw=False,
            strict_map_key=True,
            max_array_len=MAX_CONTAINER,
            max_map_len=MAX_CONTAINER,
            max_str_len=1 << 20,
            max_bin_len=1 << 20,
            max_ext_len=0,
        )
        decoded.append((kind, payload))
        offset += 9 + length
    assert offset == len(data)
    assert decoded[0] == (1, HEADER)
    assert decoded[1:-1] == [(2, _step(i)) for i in range(30)]
    assert decoded[-1] == (3, TRAILER)


def test_interop_a_file_written_by_hand_is_read() -> None:
    steps = [_step(i) for i in range(5)]
    data = b"\x89EXLOG\r\n" + struct.pack(">HH", 1, 0)
    data += _raw_frame(1, msgpack.packb(HEADER))
    data += b"".join(_raw_frame(2, msgpack.packb(step)) for step in steps)
    data += _raw_frame(3, msgpack.packb(TRAILER))
    result = read_log_bytes(data)
    assert (result.header, result.steps, result.trailer) == (HEADER, steps, TRAILER)
    assert result.sealed


def test_iter_frames_yields_kind_offset_payload_and_stops_with_frame_error() -> None:
    data = _make_log(2)
    ends = _frame_ends(data)
    frames = list(iter_frames(data))
    assert [(kind, offset) for kind, offset, _ in frames] == [
        (1, 12),
        (2, ends[0]),
        (2, ends[1]),
        (3, ends[2]),
    ]
    assert msgpack.unpackb(frames[1][2]) == _step(0)
    seen = []
    with pytest.raises(FrameError) as info:
        for frame in iter_frames(data[:-1]):
            seen.append(frame)
    assert len(seen) == 3 and info.value.offset == ends[2]


# --------------------------------------------------------------------------- writer


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({"a": {1: "int key"}}, "payload['a']: map key 1 is not a string"),
        ({"a": [0, {"t": datetime.date(2020, 1, 1)}]}, "payload['a'][1]['t']: type date"),
        ({"seed": 2**64}, "payload['seed']: integer 18446744073709551616 does not fit"),
        ({"s": {1, 2}}, "type set is not allowed"),
        ({"big": bytes(MAX_FRAME)}, "bytes longer than 1 MiB"),
        ({"big": [bytes(1 << 20)] * 5}, "over the 4194304 byte frame cap"),
    ],
)
def test_writer_refuses_payloads_a_reader_would_refuse(payload: Any, message: str) -> None:
    buffer = io.BytesIO()
    writer = LogWriter(buffer, HEADER)
    before = writer.bytes_written
    with pytest.raises(PayloadError) as info:
        writer.write_step(payload)
    assert message in str(info.value)
    assert writer.bytes_written == before == len(buffer.getvalue())
    writer.write_step(_step(0))  # a refused payload does not break the writer
    assert read_log_bytes(buffer.getvalue()).steps == [_step(0)]


def test_writer_refuses_too_deep_nesting() -> None:
    payload: Any = None
    for _ in range(MAX_DEPTH):
        payload = [payload]
    encode_frame(FrameKind.STEP, {"a": payload[0]})
    with pytest.raises(PayloadError, match="nested deeper"):
        encode_frame(FrameKind.STEP, {"a": payload})


def test_writing_after_seal_raises() -> None:
    writer = LogWriter(io.BytesIO(), HEADER)
    writer.seal(TRAILER)
    assert writer.sealed
    with pytest.raises(ValueError, match="sealed"):
        writer.write_step(_step(0))
    with pytest.raises(ValueError, match="sealed"):
        writer.seal(TRAILER)


class _TrickleStream(io.RawIOBase):
    """Accepts at most three bytes per write, like a slow pipe."""

    def __init__(self) -> None:
        self.data = bytearray()

    def writable(self) -> bool:
        return True

    def write(self, b: Any) -> int:
        chunk = bytes(b[:3])
        self.data += chunk
        return len(chunk)


def test_short_writes_are_completed() -> None:
    stream = _TrickleStream()
    writer = LogWriter(stream, HEADER)  # type: ignore[arg-type]
    writer.write_step(_step(0))
    writer.seal(TRAILER)
    assert bytes(stream.data) == _make_log(1)


class _FailingStream(io.BytesIO):
    def write(self, b: Any) -> int:
        if len(self.getvalue()) >= 150:  # the header (114 bytes) fits, a step does not
            raise OSError("disk full")
        return super().write(bytes(b)[:50])


def test_failed_write_breaks_the_writer_but_leaves_a_readable_prefix() -> None:
    stream = _FailingStream()
    writer = LogWriter(stream, HEADER)
    with pytest.raises(OSError, match="disk full"):
        for i in range(10):
            writer.write_step(_step(i))
    with pytest.raises(ValueError, match="failed"):
        writer.write_step(_step(99))
    result = read_log_bytes(stream.getvalue())
    assert result.damage is not None and "truncated" in result.damage.reason


def test_encode_frame_refuses_bad_kinds_and_non_maps() -> None:
    for kind in (0, 256, -1):
        with pytest.raises(ValueError, match="kind"):
            encode_frame(kind, {})
    assert encode_frame(FrameKind.STEP, {}) == _raw_frame(2, b"\x80")
    for payload in ([1, 2], "text", None):
        with pytest.raises(PayloadError, match="payload must be a map"):
            encode_frame(FrameKind.STEP, payload)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- robustness


def test_1000_seeded_mutations_never_raise_anything_else() -> None:
    original = _make_log(20)
    steps = [_step(i) for i in range(20)]
    rng = random.Random(20250101)
    outcomes = {"refused": 0, "damaged": 0}
    for _ in range(1000):
        data = bytearray(original)
        for _ in range(rng.randint(1, 4)):
            op, position = rng.choice("fid"), rng.randrange(len(data))
            if op == "f":
                data[position] ^= 1 << rng.randrange(8)
            elif op == "i":
                data[position:position] = bytes([rng.randrange(256)] * rng.randint(1, 3))
            else:
                del data[position : position + rng.randint(1, 3)]
        try:
            result = read_log_bytes(bytes(data))
        except LogFormatError as exc:
            assert "\n" not in str(exc)
            outcomes["refused"] += 1
            continue
        assert isinstance(result, ScanResult)
        assert result.steps == steps[: len(result.steps)]  # never a wrong step
        assert result.damage is not None or result.steps == steps  # e.g. a flipped flag bit
        outcomes["damaged"] += result.damage is not None
    assert outcomes["refused"] > 50 and outcomes["damaged"] > 500, outcomes


_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.text() | st.binary(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.dictionaries(st.text(max_size=8), _VALUES, max_size=6), max_size=6))
def test_any_builtin_payloads_round_trip_deterministically(payloads: list[dict[str, Any]]) -> None:
    buffer = io.BytesIO()
    writer = LogWriter(buffer, HEADER)
    for payload in payloads:
        writer.write_step(payload)
    writer.seal(TRAILER)
    data = buffer.getvalue()
    result = read_log_bytes(data)
    assert result.steps == payloads and result.sealed
    again = io.BytesIO()
    writer = LogWriter(again, HEADER)
    for step in result.steps:
        writer.write_step(step)
    writer.seal(TRAILER)
    assert again.getvalue() == data


def test_reading_2000_frames_is_linear(tmp_path: Path) -> None:
    path = tmp_path / "long.exlog"
    with open(path, "wb") as stream:
        writer = LogWriter(stream, HEADER)
        for i in range(2000):
            writer.write_step(_step(i))
        writer.seal(TRAILER)
    assert os.path.getsize(path) > 100_000
    result = read_log(path)
    assert len(result.steps) == 2000 and result.sealed


def test_a_decode_failure_without_text_is_named_by_its_type(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Review item (empty error texts): ``f"({exc or type(exc).__name__})"`` never fell
    back, an exception being true whatever its text, so a decoder failure without a
    message read ``invalid msgpack ()``."""
    from engine.recording import payload

    class Silent:
        def decode(self, data: bytes) -> object:
            raise ValueError

    monkeypatch.setattr(payload, "_DECODER", Silent())
    with pytest.raises(PayloadError) as raised:
        decode_payload(msgpack.packb({"a": 1}))
    assert str(raised.value) == "invalid msgpack (ValueError)"
