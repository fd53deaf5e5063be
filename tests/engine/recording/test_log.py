"""Tests for engine.recording.log, the byte-level framing of .exlog files (format v1).

The payloads here are stand-ins: this layer must not care what they mean. The interop
tests walk the framing by hand with struct, zlib and msgpack, never with engine.recording.log,
because the point is that another implementation can read and write these files.
"""

from __future__ import annotations

import datetime
import io
import os
import random
import struct
import tracemalloc
import zlib
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.recording.log import (
    FORMAT_VERSION,
    MAGIC,
    MAX_CONTAINER,
    MAX_DEPTH,
    MAX_FILE,
    MAX_FRAME,
    FrameError,
    FrameKind,
    LogFormatError,
    LogWriter,
    PayloadError,
    ScanResult,
    decode_payload,
    encode_frame,
    encode_preamble,
    iter_frames,
    read_capped,
    read_log,
    read_log_bytes,
)

HEADER: dict[str, object] = {
    "engine": "0.1.0",
    "seed": 2**64 - 1,
    "characters": ["ryu", "ken"],
    "cards_hash": bytes(range(32)),
}
TRAILER: dict[str, object] = {"winner": 1, "reason": "life", "turns": 17}


def _step(i: int) -> dict[str, object]:
    return {
        "decision": i,
        "choice": {"card": 100 + i % 9, "ex": i % 3 == 0, "note": None},
        "events": [{"t": "CardDrawn", "player": i % 2, "card": -i}] * (i % 4),
        "hash": (i * 7919).to_bytes(8, "big"),
        "name": "é" * (i % 3),
    }


def _make_log(n_steps: int, *, seal: bool = True) -> bytes:
    buffer = io.BytesIO()
    writer = LogWriter(buffer, HEADER)
    for i in range(n_steps):
        writer.write_step(_step(i))
    if seal:
        writer.seal(TRAILER)
    assert writer.bytes_written == len(buffer.getvalue())
    return buffer.getvalue()


def _frame_ends(data: bytes) -> list[int]:
    """Offsets just past each frame, computed by hand (not with engine.recording.log)."""
    ends, offset = [], 12
    while offset < len(data):
        (length,) = struct.unpack_from(">I", data, offset)
        offset += 9 + length
        ends.append(offset)
    return ends


def _raw_frame(kind: int, body: bytes) -> bytes:
    crc = zlib.crc32(bytes([kind]) + body)
    return struct.pack(">IBI", len(body), kind, crc) + body


# --------------------------------------------------------------------------- round trip


def test_round_trip_header_50_steps_trailer() -> None:
    data = _make_log(50)
    result = read_log_bytes(data)
    assert result.version == FORMAT_VERSION
    assert result.header == HEADER
    assert result.steps == [_step(i) for i in range(50)]
    assert result.trailer == TRAILER
    assert result.sealed is True
    assert result.damage is None
    assert result.size == len(data)


def test_read_log_from_file_and_flush_with_fsync(tmp_path: Path) -> None:
    path = tmp_path / "game.exlog"
    with open(path, "wb") as stream:
        writer = LogWriter(stream, HEADER, fsync=True)
        writer.write_step(_step(0))
        writer.flush()
        assert read_log(path).steps == [_step(0)]  # flushed: visible to a reader now
        assert read_log(path).sealed is False
        writer.seal(TRAILER)
    result = read_log(path)
    assert result.sealed and result.steps == [_step(0)]


def test_unsealed_log_is_clean_but_not_sealed() -> None:
    result = read_log_bytes(_make_log(5, seal=False))
    assert result.steps == [_step(i) for i in range(5)]
    assert (result.trailer, result.sealed, result.damage) == (None, False, None)


def test_header_only_log_reads() -> None:
    result = read_log_bytes(_make_log(0, seal=False))
    assert result.header == HEADER and result.steps == [] and not result.sealed


# --------------------------------------------------------------------------- determinism


def test_same_payloads_give_identical_bytes_whatever_the_key_order() -> None:
    def shuffled(payload: dict[str, object], seed: int) -> dict[str, object]:
        keys = list(payload)
        random.Random(seed).shuffle(keys)
        return {key: payload[key] for key in keys}

    first = io.BytesIO()
    second = io.BytesIO()
    w1 = LogWriter(first, HEADER)
    w2 = LogWriter(second, shuffled(HEADER, 1))
    for i in range(20):
        w1.write_step(_step(i))
        w2.write_step(shuffled(_step(i), i))
    w1.seal(TRAILER)
    w2.seal(shuffled(TRAILER, 99))
    assert first.getvalue() == second.getvalue()
    assert first.getvalue() == _make_log(20)


def test_golden_bytes_pin_the_encoding() -> None:
    # If this changes, identical games stop giving identical files: treat it as a bug.
    assert encode_preamble() == bytes.fromhex("8945584c4f470d0a00060000")  # format 6
    body = bytes.fromhex("83a161c40100a1629401ffcd012ca178a163c0")
    frame = encode_frame(FrameKind.STEP, {"b": [1, -1, 300, "x"], "a": b"\x00", "c": None})
    assert frame == struct.pack(">IBI", 19, 2, zlib.crc32(b"\x02" + body)) + body
    assert frame[5:9].hex() == "17f9841e"  # CRC-32 of 02 83 a1 61 ..., also in the spec


def test_the_example_file_in_the_spec_is_exact() -> None:
    # docs/log-format.md, section 3, "Example file".
    buffer = io.BytesIO()
    writer = LogWriter(buffer, {"seed": 7})
    writer.write_step({"d": 0})
    writer.seal({"w": 1})
    assert buffer.getvalue().hex() == (
        "8945584c4f470d0a00060000"
        "00000007" "01" "6607c2ac" "81a473656564" "07"
        "00000004" "02" "302cecd7" "81a16400"
        "00000004" "03" "1ba4b463" "81a17701"
    )  # fmt: skip
    assert zlib.crc32(b"123456789") == 0xCBF43926  # the CRC-32/ISO-HDLC check value


# --------------------------------------------------------------------------- truncation


def test_truncation_at_every_byte_recovers_complete_frames() -> None:
    n_steps = 20
    data = _make_log(n_steps)
    ends = _frame_ends(data)  # ends[0] is the end of the header frame
    assert len(ends) == n_steps + 2
    for cut in range(len(data) + 1):
        prefix = data[:cut]
        if cut < ends[0]:
            with pytest.raises(LogFormatError):
                read_log_bytes(prefix)
            continue
        result = read_log_bytes(prefix)
        complete = [end for end in ends if end <= cut]  # header, steps, maybe trailer
        kept_steps = min(len(complete) - 1, n_steps)
        assert result.steps == [_step(i) for i in range(kept_steps)], cut
        assert result.sealed == (cut == len(data))
        if cut == complete[-1]:
            assert result.damage is None, cut
        else:
            assert result.damage is not None
            assert result.damage.offset == complete[-1], cut
            assert result.damage.frame_index == len(complete), cut
            assert "truncated" in result.damage.reason


def test_truncation_messages_are_precise() -> None:
    data = _make_log(3)
    ends = _frame_ends(data)
    cut = ends[1] + 4
    damage = read_log_bytes(data[:cut]).damage
    assert damage is not None
    assert damage.reason == "truncated frame header (needs 9 bytes, 4 left)"
    (length,) = struct.unpack_from(">I", data, ends[1])
    cut = ends[1] + 9 + 3
    damage = read_log_bytes(data[:cut]).damage
    assert damage is not None
    assert damage.reason == f"truncated payload (needs {length} bytes, 3 left)"


@pytest.mark.parametrize(
    ("prefix", "message"),
    [
        (b"", "<bytes>: empty file (not an EXCEED log)"),
        (MAGIC[:5], "<bytes>: truncated preamble (5 of 12 bytes)"),
        (MAGIC + b"\x00", "<bytes>: truncated preamble (9 of 12 bytes)"),
        (
            MAGIC + b"\x00\x01\x00\x00",
            "<bytes>: missing header frame (file ends after the preamble)",
        ),
    ],
)
def test_short_files_are_refused(prefix: bytes, message: str) -> None:
    with pytest.raises(LogFormatError) as info:
        read_log_bytes(prefix)
    assert str(info.value) == message


# --------------------------------------------------------------------------- corruption


def test_single_byte_corruption_in_a_payload_keeps_the_prefix() -> None:
    data = bytearray(_make_log(10))
    ends = _frame_ends(bytes(data))
    data[ends[5] + 9 + 2] ^= 0x40  # inside the payload of frame 6 (step 5)
    result = read_log_bytes(bytes(data))
    assert result.steps == [_step(i) for i in range(5)]
    assert result.damage is not None
    assert result.damage.offset == ends[5]
    assert result.damage.frame_index == 6
    assert result.damage.reason.startswith("checksum mismatch")
    assert not result.sealed and result.trailer is None


def test_corrupt_kind_byte_is_a_checksum_mismatch() -> None:
    data = bytearray(_make_log(3))
    ends = _frame_ends(bytes(data))
    data[ends[1] + 4] = 200  # looks critical, but the CRC covers the kind byte
    damage = read_log_bytes(bytes(data)).damage
    assert damage is not None and damage.reason.startswith("checksum mismatch")


def test_damaged_header_is_refused(tmp_path: Path) -> None:
    data = bytearray(_make_log(2))
    data[12 + 9 + 3] ^= 0xFF
    path = tmp_path / "game.exlog"
    path.write_bytes(bytes(data))
    with pytest.raises(LogFormatError) as info:
        read_log(path)
    assert str(info.value).startswith(f"{path}: damaged header frame: checksum mismatch")


def test_first_frame_must_be_the_header() -> None:
    data = encode_preamble() + encode_frame(FrameKind.STEP, _step(0))
    with pytest.raises(LogFormatError, match="missing header frame"):
        read_log_bytes(data)


def test_bad_magic_is_refused_with_the_file_name(tmp_path: Path) -> None:
    path = tmp_path / "game.exlog"
    path.write_bytes(b"PK\x03\x04" + bytes(100))
    with pytest.raises(LogFormatError) as info:
        read_log(path)
    assert str(info.value) == f"{path}: not an EXCEED log (bad magic)"
    with pytest.raises(LogFormatError) as info:
        read_log_bytes(b"\x89EXLOG\n" + _make_log(1)[8:], name="game.exlog")  # CRLF -> LF
    assert str(info.value) == "game.exlog: not an EXCEED log (bad magic)"


def test_future_version_is_refused() -> None:
    data = bytearray(_make_log(1))
    struct.pack_into(">H", data, 8, 7)
    with pytest.raises(LogFormatError) as info:
        read_log_bytes(bytes(data), name="game.exlog")
    assert str(info.value) == (
        "game.exlog: format version 7 is newer than this reader supports (6); upgrade exceed-replay"
    )
    assert "\n" not in str(info.value)
    struct.pack_into(">H", data, 8, 0)
    with pytest.raises(LogFormatError, match="invalid format version 0"):
        read_log_bytes(bytes(data))


def test_unknown_flag_bits_are_ignored() -> None:
    data = bytearray(_make_log(2))
    struct.pack_into(">H", data, 10, 0xFFFF)
    assert read_log_bytes(bytes(data)) == read_log_bytes(_make_log(2))


def test_oversize_length_field_is_refused_without_allocating() -> None:
    good = _make_log(3, seal=False)
    data = good + struct.pack(">IBI", 0xFFFFFFF0, FrameKind.STEP, 0) + bytes(64)
    tracemalloc.start()
    try:
        result = read_log_bytes(data)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20
    assert result.steps == [_step(i) for i in range(3)]
    assert result.damage is not None
    assert result.damage.offset == len(good)
    assert "exceeds 4 MiB cap" in result.damage.reason


def test_frame_of_exactly_max_frame_is_read_and_one_more_byte_is_not() -> None:
    blob = b"\x00" * (MAX_FRAME - 16)
    body = msgpack.packb({"b": blob})
    body = msgpack.packb({"b": blob + bytes(MAX_FRAME - len(body))})
    assert len(body) == MAX_FRAME
    with pytest.raises(PayloadError):  # bin over the 1 MiB string cap
        decode_payload(body)
    chunks = [bytes(1 << 19)] * 7
    base = msgpack.packb({"c": chunks, "p": b""})  # "p" grows from bin8 to bin32: +3 bytes
    body = msgpack.packb({"c": chunks, "p": bytes(MAX_FRAME - len(base) - 3)})
    assert len(body) == MAX_FRAME
    header = encode_preamble() + encode_frame(FrameKind.HEADER, HEADER)
    result = read_log_bytes(header + _raw_frame(FrameKind.STEP, body))
    assert result.damage is None and len(result.steps) == 1
    result = read_log_bytes(header + _raw_frame(FrameKind.STEP, body + b"\xc0"))
    assert result.damage is not None and "exceeds 4 MiB cap" in result.damage.reason


def test_file_over_max_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.exlog"
    with open(path, "wb") as stream:
        stream.write(_make_log(1))
        stream.truncate(MAX_FILE + 1)  # sparse: costs no disk and is never read
    with pytest.raises(LogFormatError, match="larger than the 256 MiB cap"):
        read_log(path)


def test_small_file_is_read_without_reserving_the_cap(tmp_path: Path) -> None:
    # issue 11 item 24: read(MAX_FILE + 1) reserved 256 MiB for every read
    path = tmp_path / "small.exlog"
    data = _make_log(20)
    path.write_bytes(data)
    tracemalloc.start()
    try:
        assert read_capped(path) == data
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 * len(data) + 65536


def test_file_growing_past_the_cap_while_read_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # fstat says small, then the file turns out to hold more than MAX_FILE bytes
    path = tmp_path / "grows.exlog"
    path.write_bytes(_make_log(1))
    with open(path, "r+b") as stream:
        stream.truncate(MAX_FILE + 1)  # sparse
    real_fstat = os.fstat

    def small_fstat(fd: int) -> os.stat_result:
        st = real_fstat(fd)
        return os.stat_result((st.st_mode, st.st_ino, st.st_dev, st.st_nlink, st.st_uid,
                               st.st_gid, 100, st.st_atime, st.st_mtime, st.st_ctime))

    monkeypatch.setattr(os, "fstat", small_fstat)
    with pytest.raises(LogFormatError, match="larger than the 256 MiB cap"):
        read_capped(path)


def test_file_that_grew_since_fstat_is_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "grew.exlog"
    data = _make_log(300)
    path.write_bytes(data)
    real_fstat = os.fstat

    def stale_fstat(fd: int) -> os.stat_result:
        st = real_fstat(fd)
        return os.stat_result((st.st_mode, st.st_ino, st.st_dev, st.st_nlink, st.st_uid,
                               st.st_gid, 50, st.st_atime, st.st_mtime, st.st_ctime))

    monkeypatch.setattr(os, "fstat", stale_fstat)
    assert read_capped(path) == data
    assert read_capped(tmp_path / "grew.exlog") == data


_UNDER_LIMIT = """
import resource, sys
from replay.cli import main
# every import is done: allow 128 MiB more address space than the interpreter now uses
with open("/proc/self/status") as status:
    used = next(int(l.split()[1]) * 1024 for l in status if l.startswith("VmSize:"))
resource.setrlimit(resource.RLIMIT_AS, (used + (128 << 20), used + (128 << 20)))
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("command", ["info", "verify"])
def test_commands_run_under_a_memory_limit(command: str) -> None:
    # issue 11 item 24. The interpreter plus numpy/pyarrow/duckdb imports do not start
    # reliably under a 256 MB RLIMIT_AS (OpenBLAS sizes its buffers to what is left), so
    # the limit is set after the imports: 128 MiB above what the process then maps.
    # On the old reader, read(MAX_FILE + 1) needed 256 MiB: MemoryError, exit 70.
    import subprocess
    import sys

    sample = Path(__file__).parents[3] / "sample_games" / "ken-vs-ryu_random-vs-random_seed8.exlog"
    result = subprocess.run([sys.executable, "-c", _UNDER_LIMIT, command, str(sample)],
                            capture_output=True, text=True, timeout=600,
                            env={**os.environ, "OPENBLAS_NUM_THREADS": "1"})
    assert result.returncode == 0, result.stderr
    assert "MemoryError" not in result.stderr
    expected = "identical" if command == "verify" else "sealed: yes"
    assert expected in result.stdout


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
    assert (version, flags) == (6, 0)
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
