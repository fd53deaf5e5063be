"""replay.upload: an uploaded log gives its summary and verdict, or one clear error line."""

from __future__ import annotations

import io
import struct

import pytest

from engine.play.api import GameSetup
from engine.recording.log import FORMAT_VERSION, declared_inflation
from engine.recording.record import record_game
from replay import upload
from replay.upload import UploadReport, inspect_upload


@pytest.fixture(scope="module")
def fresh() -> bytes:
    """A game recorded on this engine, so it must verify as identical."""
    stream = io.BytesIO()
    record_game(GameSetup(p1="ryu", p2="ken"), 5, stream, ("heuristic", "random"))
    return stream.getvalue()


def _one_line(report: UploadReport) -> str:
    assert report.status == "error" and report.error is not None
    assert "\n" not in report.error
    return report.error


def test_a_good_log_is_identical(fresh: bytes) -> None:
    report = inspect_upload(fresh, "good.exlog")
    assert report.identical and report.error is None
    assert report.summary[0].startswith("good.exlog: p1 Ryu vs p2 Ken Masters, seed 5")
    assert any("good.exlog: identical" in line for line in report.verification)


def test_an_oversize_file_is_refused_before_reading(fresh: bytes) -> None:
    error = _one_line(inspect_upload(fresh, "big.exlog", max_bytes=1024))
    assert error.startswith("big.exlog is") and "over the 1,024 byte upload cap" in error
    assert "8 MiB" in _one_line(inspect_upload(b"x" * (8 * 1024 * 1024 + 1), "huge.bin"))


@pytest.mark.parametrize("data, message", [
    (b"", "empty file"),
    (b"PK\x03\x04 a zip file", "not an EXCEED log"),
    (b"%PDF-1.7", "not an EXCEED log"),
])
def test_a_foreign_file_is_one_error(data: bytes, message: str) -> None:
    report = inspect_upload(data, "foreign")
    assert message in _one_line(report) and not report.summary and not report.verification


def test_a_future_version_is_one_error(fresh: bytes) -> None:
    future = fresh[:8] + struct.pack(">H", FORMAT_VERSION + 1) + fresh[10:]
    assert "newer than this reader" in _one_line(inspect_upload(future, "future.exlog"))


def test_a_damaged_log_is_an_error_with_its_good_prefix(fresh: bytes) -> None:
    damaged = bytearray(fresh)
    damaged[len(fresh) // 2] ^= 0xFF
    report = inspect_upload(bytes(damaged), "damaged.exlog")
    assert "damaged log" in _one_line(report)
    assert report.summary and any("problem:" in line for line in report.summary)
    assert any("verifying the good prefix" in line for line in report.verification)


def test_a_truncated_log_is_damage(fresh: bytes) -> None:
    report = inspect_upload(fresh[: len(fresh) // 2], "cut.exlog")
    assert "truncated" in _one_line(report)
    assert any("sealed: no" in line for line in report.summary)


def test_a_failure_without_a_message_is_named_in_words(
        fresh: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    """Review item: a verifier bug raising a bare ``AssertionError`` was shown as
    ``x.exlog: cannot verify: AssertionError: `` with nothing after the colon."""
    def explode(*args: object) -> object:
        raise AssertionError

    monkeypatch.setattr(upload, "verify", explode)
    error = _one_line(inspect_upload(fresh, "x.exlog"))
    assert error == "x.exlog: cannot verify: AssertionError: (no details)", error


def _skipped_block_bomb(fresh: bytes, blocks: int) -> bytes:
    """``fresh``'s first frame (the HEADER's block) then ``blocks`` BLOCK frames of 4 MiB
    each of empty records of kind 100, a future kind every reader skips: a few hundred
    bytes a block on disk, 838,860 records to walk one by one."""
    import zlib

    from engine.recording.blocks import MAX_BLOCK, BlockWriter

    record = b"\x00\x00\x00\x00\x64"  # length 0, kind 100
    payload = BlockWriter().payload(record * (MAX_BLOCK // len(record)))
    frame = struct.pack(">IBI", len(payload), 128, zlib.crc32(bytes([128]) + payload)) + payload
    first = 12 + 9 + struct.unpack_from(">I", fresh, 12)[0]
    return fresh[:first] + frame * blocks


def test_a_decompression_bomb_of_skipped_records_is_refused_unread(fresh: bytes) -> None:
    """An attacker's upload: 25 KB of BLOCKs declaring 4 MiB each of empty records of a
    kind a reader skips held the Verify page (and the server) for two minutes a read,
    within every cap of the format (256 MiB inflated). It is one line now, before any
    block is inflated; a real game's blocks are far under the cap."""
    bomb = _skipped_block_bomb(fresh, 2)
    error = _one_line(inspect_upload(bomb, "bomb.exlog"))
    assert error == ("bomb.exlog: its compressed blocks declare more than 4 MiB of records, "
                     "over what an upload may inflate to (a real game's are under 1 MiB); "
                     "not read")
    caps = (upload.MAX_INFLATED, upload.MAX_FRAMES)
    assert declared_inflation(bomb, *caps)[1] > upload.MAX_INFLATED
    assert declared_inflation(fresh, *caps)[1] < 100_000
    assert inspect_upload(fresh, "good.exlog").identical  # under the cap: read as before


def test_an_upload_of_a_million_empty_frames_is_refused_unread(fresh: bytes) -> None:
    """8 MiB of empty plain frames of a kind readers skip (932,000 of them, within the
    upload cap) took 6 s a read, twice on the Verify page; a real game's log holds about
    10,000 frames at most. One line now, before the log is read."""
    import zlib

    frame = struct.pack(">IBI", 0, 100, zlib.crc32(bytes([100])))
    first = 12 + 9 + struct.unpack_from(">I", fresh, 12)[0]
    many = fresh[:first] + frame * ((8 * 1024 * 1024 - first) // len(frame))
    assert _one_line(inspect_upload(many, "many.exlog")) == (
        "many.exlog: more than 100,000 frames, over what an upload may hold (a real "
        "game's are about 10,000 at most); not read")
    frames = declared_inflation(fresh, upload.MAX_INFLATED, upload.MAX_FRAMES)[0]
    assert 0 < frames < 1_000
