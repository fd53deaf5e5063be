"""Log format 6: each flushed turn is one compressed BLOCK frame (``docs/log-format.md``,
section 11). A block that will not inflate, declares too much or inflates past what it
declares is damage at its turn: the turns before it are kept and the reason names the
turn; a decompression bomb is stopped at its cap before it allocates more."""

from __future__ import annotations

import io
import struct
import tracemalloc
import zlib
from pathlib import Path

import pytest
import zstandard

from engine.play.api import GameSetup
from engine.recording import blocks, dictionary
from engine.recording.log import (
    MAX_FRAME,
    FrameKind,
    LogFormatError,
    expanded,
    is_torn,
    iter_frames,
    read_log_bytes,
)
from engine.recording.record import read_game_bytes, record_game
from replay.cli import main
from replay.summary import summarise

SETUP = GameSetup(p1="ryu", p2="ken")


def _recorded(seed: int = 3) -> bytes:
    stream = io.BytesIO()
    record_game(SETUP, seed, stream, ("random", "random"))
    return stream.getvalue()


def _frame(kind: int, payload: bytes) -> bytes:
    return struct.pack(">IBI", len(payload), kind, zlib.crc32(bytes((kind,)) + payload)) + payload


def _with_block(data: bytes, which: int, payload: bytes) -> tuple[bytes, int]:
    """``data`` with BLOCK ``which`` replaced by one holding ``payload`` (its CRC right),
    and that block's offset."""
    frames = list(iter_frames(data))
    _, offset, old = frames[which]
    end = offset + 9 + len(old)
    return data[:offset] + _frame(FrameKind.BLOCK, payload) + data[end:], offset


def _zstd(raw: bytes) -> bytes:
    """``raw`` as the start of a format 6 stream (the format's parameters, one flush)."""
    stream = zstandard.ZstdCompressor(compression_params=blocks._params()).compressobj()
    return stream.compress(raw) + stream.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)


def test_a_recorded_log_is_one_block_per_turn_and_reads_as_its_records() -> None:
    data = _recorded()
    frames = list(iter_frames(data))
    assert {kind for kind, _, _ in frames} == {FrameKind.BLOCK}
    log = read_game_bytes(data)
    assert log.sealed and log.damage is None
    turn_ends = sum(1 for step in log.steps[1:] if step.hash)  # each flushed a block
    # the header and setup step's block first; the step ending the game goes with the
    # trailer
    assert len(frames) == 1 + turn_ends
    flags = [payload[0] for _, _, payload in frames]
    assert flags[0] == blocks.RESTART and not any(flags[1:])  # one stream
    # the same records as plain frames read the same
    again = read_game_bytes(expanded(data))
    assert again.steps == log.steps and again.trailer == log.trailer and again.sealed
    assert read_log_bytes(data).steps == read_log_bytes(expanded(data)).steps


def test_a_block_that_fails_to_decompress_is_damage_at_its_turn(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]
                                                                ) -> None:
    data = _recorded()
    full = read_game_bytes(data)
    _, _, old = list(iter_frames(data))[6]
    _, start = blocks.read_uvarint(old, 1)
    garbage = bytes(b ^ 0x5A for b in old[start:])
    damaged, offset = _with_block(data, 6, old[:start] + garbage)
    kept = read_game_bytes(data[:offset])
    log = read_game_bytes(damaged, "g.exlog")
    assert log.damage is not None and log.damage.offset == offset and log.damage.frame_index == 6
    turn = kept.steps[-1].turn
    assert log.damage.reason.startswith(f"turn {turn}: block ")
    assert "decompress" in log.damage.reason or "inflates" in log.damage.reason
    assert log.steps == full.steps[:len(kept.steps)] and len(kept.steps) > 1
    assert "\n" not in summarise(log)[-1] if isinstance(summarise(log), list) else True
    path = tmp_path / "g.exlog"
    path.write_bytes(damaged)
    for command in ("info", "verify", "replay"):
        assert main([command, str(path)]) != 0, command
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    assert f"turn {turn}" in out.out + out.err


def test_a_block_declaring_more_than_the_cap_is_refused_without_inflating() -> None:
    data = _recorded()
    _, _, old = list(iter_frames(data))[3]
    _, start = blocks.read_uvarint(old, 1)
    big = bytes((old[0],)) + blocks.uvarint(blocks.MAX_BLOCK + 1) + old[start:]
    damaged, offset = _with_block(data, 3, big)
    log = read_game_bytes(damaged)
    assert log.damage is not None and log.damage.offset == offset
    assert f"declares {blocks.MAX_BLOCK + 1} bytes, over the {blocks.MAX_BLOCK} byte cap" \
        in log.damage.reason
    assert len(log.steps) == len(read_game_bytes(data[:offset]).steps)


@pytest.mark.parametrize("declared", [1000, blocks.MAX_BLOCK])
def test_a_decompression_bomb_is_stopped_at_its_cap(declared: int) -> None:
    """A 64 MiB run of zeros compresses to a few hundred bytes; declared as ``declared``
    bytes it is refused once the output passes that, before more is allocated."""
    bomb = _zstd(b"\0" * (64 << 20))
    assert len(bomb) < 4096
    data = _recorded()
    first = list(iter_frames(data))[1]
    damaged, offset = _with_block(data, 1, bytes((blocks.RESTART,)) + blocks.uvarint(declared)
                                  + bomb)
    tracemalloc.start()
    try:
        log = read_game_bytes(damaged, "bomb.exlog")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert log.damage is not None and log.damage.offset == offset == first[1]
    assert f"block inflates past the {declared} bytes it declares" in log.damage.reason
    assert log.damage.reason.startswith("turn 0: ")
    assert peak < declared + 4 * blocks.OUT_CHUNK + (1 << 20)  # never the 64 MiB


@pytest.mark.parametrize("size", [64 * 1024 + 1, 200_000, blocks.MAX_BLOCK])
def test_a_block_of_more_than_one_output_piece_reads_whole(size: int) -> None:
    """Section 11: a BLOCK may inflate to ``MAX_BLOCK`` bytes. A block of more than
    64 KiB of records (a HEADER with a large catalog's definitions) read back short, as
    131,072 of its 200,000 bytes, and was refused as damage; every size up to the cap
    reads whole, and the next block of the stream still continues it."""
    raw = bytes(range(256)) * (size // 256) + bytes(size % 256)
    writer = blocks.BlockWriter()
    try:
        first, second = writer.payload(raw), writer.payload(raw[:1000])
    finally:
        writer.release()
    reader = blocks.BlockReader()
    assert reader.records(first) == raw
    assert reader.records(second) == raw[:1000]


def test_the_inflated_size_of_a_whole_log_is_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    data = _recorded()
    monkeypatch.setattr(blocks, "MAX_INFLATED_LOG", 30_000)
    log = read_game_bytes(data)
    assert log.damage is not None
    assert "the log inflates past its cap of 30000 bytes" in log.damage.reason
    assert log.steps  # the blocks before the cap are kept


def test_a_block_that_inflates_short_of_its_declaration_is_damage() -> None:
    data = _recorded()
    _, _, old = list(iter_frames(data))[2]
    size, start = blocks.read_uvarint(old, 1)
    wrong = bytes((old[0],)) + blocks.uvarint(size + 1) + old[start:]
    log = read_game_bytes(_with_block(data, 2, wrong)[0])
    assert log.damage is not None
    assert f"block inflates to {size} bytes, not the {size + 1} it declares" in log.damage.reason


def test_a_stream_must_begin_before_a_block_continues_it() -> None:
    data = _recorded()
    _, _, old = next(iter_frames(data))
    with pytest.raises(LogFormatError, match="block continues a compressed stream that never "
                                             "began"):
        read_game_bytes(_with_block(data, 0, b"\0" + old[1:])[0], "g.exlog")


@pytest.mark.parametrize(("raw", "reason"), [
    (b"\0\0\0", "block ends inside a record header"),
    (struct.pack(">IB", 50, FrameKind.STEP) + b"\x80", "block ends inside a record"),
    (struct.pack(">IB", MAX_FRAME + 1, FrameKind.STEP), "over the"),
    (struct.pack(">IB", 1, FrameKind.BLOCK) + b"\x80", "a block holds a block"),
])
def test_records_inside_a_block_are_checked(raw: bytes, reason: str) -> None:
    data = _recorded()
    frames = list(iter_frames(data))
    head = data[:frames[1][1]]  # the header's block: its stream goes on in the next
    payload = bytes((blocks.RESTART,)) + blocks.uvarint(len(raw)) + _zstd(raw)
    log = read_game_bytes(head + _frame(FrameKind.BLOCK, payload))
    assert log.damage is not None and reason in log.damage.reason
    assert log.damage.reason.startswith(f"turn {log.steps[-1].turn}: ")


def test_a_truncated_block_keeps_the_turns_before_it() -> None:
    data = _recorded()
    frames = list(iter_frames(data))
    _, offset, payload = frames[4]
    for cut in (offset + 3, offset + 9, offset + 9 + len(payload) // 2):
        log = read_game_bytes(data[:cut])
        assert log.damage is not None and log.damage.offset == offset
        assert "truncated" in log.damage.reason and not log.sealed
        assert log.steps == read_game_bytes(data[:offset]).steps


def test_the_dictionary_is_the_committed_one() -> None:
    assert dictionary.raw_dictionary()  # raises if its SHA-256 differs
    assert dictionary.PATH.name == "format6.zdict.z"


@pytest.mark.parametrize("damage", ["torn", "checksum"])
def test_a_torn_or_corrupt_block_names_its_turn(damage: str) -> None:
    """Section 11, "Caps and damage": each problem with a block names the turn. A crash's
    torn tail (section 7, step 5.3) and a block whose bytes changed (a CRC mismatch, step
    5.4) used to read ``truncated payload (...)`` and ``checksum mismatch in frame of kind
    128``, with no turn; the turns before the block are kept, the reason names the turn of
    the last step read, and a torn tail is still told from corrupt bytes."""
    data = _recorded()
    frames = list(iter_frames(data))
    kind, offset, payload = frames[len(frames) // 2]
    assert kind == FrameKind.BLOCK
    good = read_game_bytes(data[:offset])
    if damage == "torn":
        damaged = data[: offset + 9 + len(payload) // 2]
    else:
        flipped = bytearray(data)
        flipped[offset + 9 + len(payload) // 2] ^= 0xFF
        damaged = bytes(flipped)
    log = read_game_bytes(damaged, "damaged.exlog")
    assert log.damage is not None and log.damage.offset == offset
    turn = good.steps[-1].turn
    assert turn > 1
    expected = (f"turn {turn}: truncated payload (needs {len(payload)} bytes,"
                if damage == "torn" else
                f"turn {turn}: checksum mismatch in a block frame (a turn's records)")
    assert log.damage.reason.startswith(expected)
    assert is_torn(log.damage) is (damage == "torn")
    assert [s.index for s in log.steps] == [s.index for s in good.steps]


def test_a_corrupt_first_block_is_named_as_the_headers() -> None:
    """Section 11: the header is the first record of the first block. A byte changed in
    that block read "damaged header frame: checksum mismatch in a block frame (a turn's
    records)": no turn had written it, and the file is refused whole because its header
    is. The block is named as the header's now."""
    data = _recorded()
    kind, offset, payload = next(iter(iter_frames(data)))
    assert kind == FrameKind.BLOCK
    flipped = bytearray(data)
    flipped[offset + 9 + len(payload) // 2] ^= 0xFF
    with pytest.raises(LogFormatError) as caught:
        read_game_bytes(bytes(flipped), "first.exlog")
    assert str(caught.value) == ("first.exlog: damaged header frame: checksum mismatch in "
                                 "the first block frame (the header's records)")
