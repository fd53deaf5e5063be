"""Compressed BLOCK frames of log format 6: one per flushed turn (``docs/log-format.md``).

A BLOCK frame's payload is a flags byte, the block's inflated size (an unsigned LEB128
varint) and the zstd output of its records. The records of a whole log form one zstd
stream, flushed (not ended) at every block, so each block is decodable once the blocks
before it were, and later blocks reuse the earlier ones' history; a block whose flags
say ``RESTART`` begins a new stream (a live game appended by a new process). The stream
is compressed with the frozen dictionary of format 6 (``engine.recording.dictionary``).

Inside, a block holds records: ``u32 length``, ``u8 kind`` and the msgpack payload, the
frames of section 3 without their CRC (the BLOCK frame's CRC covers them all).

Reading is capped before anything is allocated: a block may declare at most
``MAX_BLOCK`` bytes, inflates to exactly what it declares (the output is counted as it
is produced, and decompression stops one chunk past the declaration), a whole log
inflates to at most ``MAX_INFLATED_LOG`` bytes, and a zstd window over ``MAX_WINDOW``
is refused by the decompressor itself.
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Iterator
from typing import Final

import zstandard

from engine.recording import dictionary

MAX_BLOCK: Final = 4 * 1024 * 1024
"""Bytes one BLOCK may inflate to (a turn of a real game is about 600)."""
MAX_INFLATED_LOG: Final = 256 * 1024 * 1024
"""Bytes all the BLOCKs of one log may inflate to together (``MAX_FILE``)."""
MAX_WINDOW: Final = 1 << 20
"""The largest zstd window a reader accepts; writers use exactly this (``WINDOW_LOG``)."""
WINDOW_LOG: Final = 20
LEVEL: Final = 3
"""The zstd level of format 6 writers: fixed, like every other parameter, so the same game
gives the same bytes (no threads, no checksum, no content size, no dictionary id)."""
RESTART: Final = 0x01
"""Flag: this block begins a new zstd stream."""
OUT_CHUNK: Final = MAX_BLOCK + 1
"""Bytes the decompressor hands over at a time (the most a block's output can overshoot
its declaration before it is refused). At least ``MAX_BLOCK``: a zstd stream writer
stops once its input is used up, and output the stream still held then (more than one
piece's worth) would stay inside it, so a valid block of more than one piece (128 KiB
of records in 64 KiB pieces) read short and was refused."""

RECORD_HEAD: Final = struct.Struct(">IB")


class BlockError(ValueError):
    """A BLOCK that cannot be inflated: damage at that block (its turn)."""


def uvarint(value: int) -> bytes:
    """``value`` (>= 0) as an unsigned LEB128 varint."""
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def read_uvarint(data: bytes | memoryview, offset: int) -> tuple[int, int]:
    """The varint at ``offset`` and the offset after it; ``BlockError`` if malformed."""
    value = shift = 0
    while True:
        if offset >= len(data):
            raise BlockError("block header is truncated")
        byte = data[offset]
        offset += 1
        value |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return value, offset
        shift += 7
        if shift > 35:
            raise BlockError("block header holds an overlong varint")


def _params() -> zstandard.ZstdCompressionParameters:
    return zstandard.ZstdCompressionParameters.from_level(
        LEVEL, window_log=WINDOW_LOG, write_content_size=0, write_checksum=0,
        write_dict_id=0, threads=0)


@functools.cache
def _prepared() -> zstandard.ZstdCompressionDict:
    """The format's dictionary, digested once for compressing with ``_params``."""
    found = dictionary.compression_dict()
    found.precompute_compress(compression_params=_params())
    return found


def _compressor() -> zstandard.ZstdCompressor:
    """A compressor of its own for each stream: a zstd context serves one stream at once."""
    return zstandard.ZstdCompressor(dict_data=_prepared(), compression_params=_params())


_IDLE: list[zstandard.ZstdCompressor] = []
"""Compressors whose stream ended (``BlockWriter.release``), reused by the next stream:
a zstd context with its window and tables is about 2 MB, allocated and cleared afresh
for every log otherwise. A stream starts a new zstd frame, so the bytes are the same."""
MAX_IDLE: Final = 4


class BlockWriter:
    """Turns each block's records into a BLOCK payload, continuing one zstd stream."""

    def __init__(self) -> None:
        try:
            self._compressor = _IDLE.pop()
        except IndexError:
            self._compressor = _compressor()
        self._stream: zstandard.ZstdCompressionObj | None = self._compressor.compressobj()
        self._restart = True

    def payload(self, raw: bytes | bytearray) -> bytes:
        """The BLOCK payload of records ``raw`` (at most ``MAX_BLOCK`` bytes)."""
        if len(raw) > MAX_BLOCK:
            raise ValueError(f"block of {len(raw)} bytes, over the {MAX_BLOCK} byte cap")
        stream = self._stream
        if stream is None:
            raise ValueError("the compressed stream was released")
        flags = RESTART if self._restart else 0
        self._restart = False
        packed = stream.compress(raw) + stream.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)
        return bytes((flags, *uvarint(len(raw)))) + packed

    def release(self) -> None:
        """The stream is over (its log sealed or abandoned): its compressor may serve
        another stream. The writer writes no more blocks."""
        if self._stream is not None:
            self._stream = None
            if len(_IDLE) < MAX_IDLE:
                _IDLE.append(self._compressor)


class _TooLong(Exception):
    pass


class _Sink:
    """Collects the decompressor's output, refusing it past ``limit`` bytes."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.size = 0
        self.limit = 0

    def write(self, data: bytes) -> int:
        self.size += len(data)
        if self.size > self.limit:
            raise _TooLong
        self.parts.append(bytes(data))
        return len(data)


def _decompressor() -> zstandard.ZstdDecompressor:
    """A decompressor of its own for each log read (one zstd context per stream)."""
    return zstandard.ZstdDecompressor(dict_data=dictionary.compression_dict(),
                                      max_window_size=MAX_WINDOW)


class BlockReader:
    """Inflates the BLOCKs of one log in order (the stream carries history across them)."""

    def __init__(self) -> None:
        self._sink = _Sink()
        self._stream: zstandard.ZstdDecompressionWriter | None = None
        self.inflated = 0

    def records(self, payload: bytes) -> bytes:
        """The records a BLOCK ``payload`` holds; ``BlockError`` (one line) if it cannot be
        inflated within the caps."""
        if not payload:
            raise BlockError("empty block")
        flags = payload[0]
        size, start = read_uvarint(payload, 1)
        if size > MAX_BLOCK:
            raise BlockError(f"block declares {size} bytes, over the {MAX_BLOCK} byte cap")
        if self.inflated + size > MAX_INFLATED_LOG:
            raise BlockError(f"the log inflates past its cap of {MAX_INFLATED_LOG} bytes")
        if flags & RESTART:
            self._stream = _decompressor().stream_writer(
                self._sink, write_size=OUT_CHUNK)  # type: ignore[arg-type]
        elif self._stream is None:
            raise BlockError("block continues a compressed stream that never began")
        sink = self._sink
        sink.parts.clear()
        sink.size = 0
        sink.limit = size
        try:
            self._stream.write(payload[start:])
        except _TooLong:
            self._stream = None
            raise BlockError(f"block inflates past the {size} bytes it declares") from None
        except zstandard.ZstdError as error:
            self._stream = None
            raise BlockError(f"block fails to decompress ({error})") from None
        if sink.size != size:
            self._stream = None
            raise BlockError(f"block inflates to {sink.size} bytes, not the {size} it declares")
        self.inflated += size
        return sink.parts[0] if len(sink.parts) == 1 else b"".join(sink.parts)


def iter_records(raw: bytes, max_record: int) -> Iterator[tuple[int, bytes]]:
    """``(kind, payload)`` of each record of an inflated block; ``BlockError`` at a record
    that is cut short or over ``max_record`` bytes."""
    offset, size = 0, len(raw)
    head = RECORD_HEAD
    while offset < size:
        if size - offset < head.size:
            raise BlockError("block ends inside a record header")
        length, kind = head.unpack_from(raw, offset)
        start = offset + head.size
        if length > max_record:
            raise BlockError(f"record of {length} bytes, over the {max_record} byte cap")
        if length > size - start:
            raise BlockError(f"block ends inside a record (needs {length} bytes, "
                             f"{size - start} left)")
        offset = start + length
        yield kind, raw[start:offset]
