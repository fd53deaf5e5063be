"""Tests for engine.recording.log, the byte-level framing of .exlog files (plain frames).

The payloads here are stand-ins: this layer must not care what they mean. The interop
tests walk the framing by hand with struct, zlib and msgpack, never with engine.recording.log,
because the point is that another implementation can read and write these files.
"""

from __future__ import annotations

import io
import os
import random
import struct
import tracemalloc
import zlib
from pathlib import Path

import msgpack
import pytest

from engine.recording.log import (
    FORMAT_VERSION,
    MAGIC,
    MAX_FILE,
    MAX_FRAME,
    FrameKind,
    LogFormatError,
    PayloadError,
    decode_payload,
    read_capped,
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
    assert encode_preamble() == bytes.fromhex("8945584c4f470d0a00070000")  # format 7
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
        "8945584c4f470d0a00070000"
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
    struct.pack_into(">H", data, 8, 8)
    with pytest.raises(LogFormatError) as info:
        read_log_bytes(bytes(data), name="game.exlog")
    assert str(info.value) == (
        "game.exlog: format version 8 is newer than this reader supports (7); upgrade exceed-replay"
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
