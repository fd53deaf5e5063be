"""Writing EXCEED game logs at the byte level: the preamble, one CRC-checked frame per
payload (``encode_frame``), and ``LogWriter``, which writes a game's frames to a stream
(format 6: a turn's records held and written as one compressed BLOCK). Reading them back
is ``engine.recording.log``; ``docs/log-format.md`` is the specification.
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Mapping
from typing import BinaryIO

import msgspec

from engine.recording import blocks
from engine.recording.log import _FRAME_HEAD, _KIND_CRC, _PREAMBLE, FORMAT_VERSION, MAGIC, FrameKind
from engine.recording.payload import MAX_FRAME, PayloadError, encode_payload


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

    With ``compressed`` (format 6, the recorder's), the HEADER and every later record
    are held until ``flush``, which writes them as one BLOCK frame; otherwise each is
    its own frame and the header is written now.
    """

    def __init__(
        self, stream: BinaryIO, header: Mapping[str, object], *, fsync: bool = False,
        compressed: bool = False, encoded: bytes | None = None,
    ) -> None:
        """``encoded``: the header's canonical encoding when the caller's typed schema
        already holds it to the payload rules (the recorder); otherwise it is checked
        and encoded here."""
        self._setup(stream, fsync, compressed)
        if compressed:
            self._write(encode_preamble())
            self.write_encoded(FrameKind.HEADER,
                               encode_payload(header) if encoded is None else encoded)
        else:
            self._write(encode_preamble() + encode_frame(FrameKind.HEADER, header))

    def _setup(self, stream: BinaryIO, fsync: bool, compressed: bool) -> None:
        self._stream = stream
        self._fsync = fsync
        self._written = 0
        self._sealed = False
        self._broken = False
        self._abandoned = False
        self._held = bytearray()
        """Frames (or a block's records) not yet handed to the stream (until ``flush``)."""
        self._blocks = blocks.BlockWriter() if compressed else None

    @classmethod
    def resumed(cls, stream: BinaryIO, *, fsync: bool = False,
                compressed: bool = False) -> LogWriter:
        """A writer that appends frames to an unsealed log whose frames so far are
        ``stream``'s (positioned at its end): a live game written one decision per
        process (``replay.live``). Nothing is written now; a compressed writer's first
        block begins a new zstd stream."""
        writer = cls.__new__(cls)
        writer._setup(stream, fsync, compressed)
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
        """Append one STEP frame (a compressed writer: a STEP record, held)."""
        if self._blocks is not None:
            self.write_encoded(FrameKind.STEP, encode_payload(payload))
        else:
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
        if self._blocks is not None:
            if len(held) + len(body) + blocks.RECORD_HEAD.size > blocks.MAX_BLOCK:
                self._hand_over()
            held += blocks.RECORD_HEAD.pack(len(body), kind)
        else:
            held += _FRAME_HEAD.pack(len(body), kind, zlib.crc32(body, _KIND_CRC[kind]))
        held += body

    def write_record(self, kind: FrameKind, record: object,
                     encoder: msgspec.msgpack.Encoder) -> None:
        """``write_encoded(kind, encoder.encode(record))``, for a typed writer (the
        recorder), encoding straight into the held block (no copy of the payload)."""
        held = self._held
        if self._blocks is None or self._sealed or self._broken or self._abandoned:
            self.write_encoded(kind, encoder.encode(record))
            return
        start = len(held)
        head = blocks.RECORD_HEAD.size
        encoder.encode_into(record, held, start + head)
        size = len(held) - start - head
        if size > MAX_FRAME or (start and len(held) > blocks.MAX_BLOCK):
            body = bytes(held[start + head:])
            del held[start:]
            self.write_encoded(kind, body)  # refuses it, or hands the block over first
            return
        blocks.RECORD_HEAD.pack_into(held, start, size, kind)

    def seal(self, trailer: Mapping[str, object]) -> None:
        """Append the TRAILER frame and flush; the log is then finished."""
        self.seal_encoded(encode_payload(trailer))

    def seal_encoded(self, body: bytes) -> None:
        """``seal`` with a TRAILER payload the caller encoded (``write_encoded``)."""
        self.write_encoded(FrameKind.TRAILER, body)
        self._hand_over()
        if self._blocks is not None:
            self._blocks.release()
        self._sealed = True
        self.flush()

    def abandon(self) -> None:
        """Append the ABANDONED frame and flush: the log stays unfinished for good, and
        the writer refuses any further frame."""
        self.write_encoded(FrameKind.ABANDONED, encode_payload({}))
        self.flush()
        self._abandoned = True
        if self._blocks is not None:
            self._blocks.release()

    def flush(self) -> None:
        """Hand the held frames (a compressed writer: one BLOCK of them) to the stream and
        flush it (and fsync it if the writer was created with ``fsync=True``)."""
        if self._held:
            self._hand_over()
        self._stream.flush()
        if self._fsync:
            os.fsync(self._stream.fileno())

    def _hand_over(self) -> None:
        """Write what is held: as it is, or compressed into one BLOCK frame."""
        if self._blocks is not None and self._held:
            if self._sealed or self._broken or self._abandoned:
                self._write(b"")  # raises the reason
            body = self._blocks.payload(self._held)
            self._held.clear()
            crc = zlib.crc32(body, _KIND_CRC[FrameKind.BLOCK])
            self._write(_FRAME_HEAD.pack(len(body), FrameKind.BLOCK, crc) + body)
        else:
            self._write(b"")

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
