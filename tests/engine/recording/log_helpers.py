"""Stand-in payloads and hand-made frames shared by test_log and test_log_hostile, and
``with_decision``: a real log rewritten with one recorded decision changed."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

from engine.recording.log import read_log
from engine.recording.log_writer import LogWriter

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


def with_decision(src: Path, dst: Path, step: int, decision: list[object]) -> Path:
    """``src`` written again to ``dst`` with step ``step``'s recorded decision replaced by
    ``decision`` (a decision as the log stores it: ``["move", 7]``), sealed as ``src``
    was: a log whose decision this engine may refuse. It keeps ``src``'s format: the
    preamble says the header's (the writer's own is the current one)."""
    scan = read_log(src)
    steps = [dict(s) for s in scan.steps]
    steps[step]["decision"] = decision
    with open(dst, "wb") as stream:
        writer = LogWriter(stream, scan.header)
        for record in steps:
            writer.write_step(record)
        assert scan.trailer is not None
        writer.seal(scan.trailer)
    version = scan.header["format"]
    assert isinstance(version, int)
    with open(dst, "r+b") as stream:
        stream.seek(8)
        stream.write(struct.pack(">H", version))
    return dst
