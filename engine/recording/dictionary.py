"""The frozen zstd dictionary of log format 6 (``docs/log-format.md``, section 11).

Format 6 compresses a log's records as one zstd stream primed with this dictionary: a
zstd dictionary trained on the records of seeded games (requests, decisions, events,
causes), followed by the msgpack definitions of every card and fighter of the catalog
it was built from, so a game's own definitions in its HEADER cost a few bytes each.

The dictionary is data (``format6.zdict.z``, zlib'ed), built once by
``python -m engine.devtools.log_dictionary`` and never changed: a game whose cards
changed since is still written and read exactly, only less compressed, and a new
dictionary would be a new format version, this one staying for reading format 6 logs.
"""

from __future__ import annotations

import functools
import hashlib
import zlib
from pathlib import Path
from typing import Final

import zstandard

PATH: Final = Path(__file__).with_name("format6.zdict.z")
SHA256: Final = "743495e45f378688c3e9bae31f90e4b76614e309c388e2c79c33eec6a4d7e8f7"
"""The SHA-256 of the inflated dictionary: a changed file is refused, not misread."""


@functools.cache
def raw_dictionary() -> bytes:
    """The dictionary's bytes, checked against ``SHA256``."""
    data = zlib.decompress(PATH.read_bytes())
    if SHA256 and hashlib.sha256(data).hexdigest() != SHA256:
        raise RuntimeError(f"{PATH.name} is not the format 6 dictionary (its hash differs)")
    return data


@functools.cache
def compression_dict() -> zstandard.ZstdCompressionDict:
    """The dictionary every format 6 stream is compressed with."""
    return zstandard.ZstdCompressionDict(raw_dictionary(), dict_type=zstandard.DICT_TYPE_FULLDICT)
