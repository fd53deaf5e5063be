"""Helpers shared by the tests of engine.recording.record (test_record, test_record_damage):
recorded sample games, compressed and as plain frames, and a frame walker that uses no
engine.recording.log code."""

from __future__ import annotations

import functools
import io
import struct
import zlib

from engine.play.api import GameSetup
from engine.recording.game_log import GameLog
from engine.recording.log import FORMAT_VERSION, MAGIC, expanded
from engine.recording.record import read_game_bytes, record_game

SETUP = GameSetup(p1="ryu", p2="ken")


def _record(seed: int, agents: tuple[str, str] = ("heuristic", "random"),
            setup: GameSetup = SETUP) -> tuple[bytes, object]:
    stream = io.BytesIO()
    game = record_game(setup, seed, stream, agents)
    return stream.getvalue(), game


@functools.cache
def _plain_sample() -> tuple[bytes, GameLog]:
    """A recorded game as plain frames (``expanded``: each record its own frame, read
    exactly as the compressed file), so a test can alter one record's frame; the BLOCK
    layer itself is tested in ``test_blocks``."""
    data, _ = _record(7)
    return expanded(data), read_game_bytes(data, "sample.exlog")


@functools.cache
def _sample() -> tuple[bytes, GameLog]:
    data, _ = _record(7)
    return data, read_game_bytes(data, "sample.exlog")


def _frames(data: bytes) -> list[tuple[int, int, bytes]]:
    """(offset, kind, payload) of every frame, walked by hand: no engine.recording.log involved."""
    assert data[:8] == MAGIC
    version, _flags = struct.unpack(">HH", data[8:12])
    assert version == FORMAT_VERSION
    out = []
    offset = 12
    while offset < len(data):
        length, kind, crc = struct.unpack(">IBI", data[offset : offset + 9])
        payload = data[offset + 9 : offset + 9 + length]
        assert len(payload) == length
        assert zlib.crc32(bytes([kind]) + payload) == crc
        out.append((offset, kind, payload))
        offset += 9 + length
    assert offset == len(data)
    return out
