"""Build the frozen zstd dictionary of log format 6 (``engine.recording.dictionary``).

Run once, when the format is made: ``python -m engine.devtools.log_dictionary``. It
records seeded games (Ryu vs Ken, and random pairs of the whole roster; seeds from
100,000 on, apart from every bench and sample seed), trains a 64 KiB zstd dictionary on
their blocks' records, appends the msgpack definitions of every card and fighter of the
catalog, and writes the result zlib'ed beside ``engine/recording/dictionary.py``. The
committed file is the format's: rebuilding it makes another dictionary, which old logs
were not written with.
"""

from __future__ import annotations

import hashlib
import io
import sys
import zlib

import zstandard

from engine.cards.catalog import default_catalog
from engine.core.rng import Rng
from engine.play.api import GameSetup
from engine.recording import blocks, dictionary
from engine.recording import definitions as defs
from engine.recording.log import FrameKind, iter_frames
from engine.recording.record import record_game

GAMES = 240
FIRST_SEED = 100_000
TRAINED_SIZE = 64 * 1024


def _records(data: bytes) -> list[bytes]:
    reader = blocks.BlockReader()
    return [reader.records(payload) for kind, _, payload in iter_frames(data)
            if kind == FrameKind.BLOCK]


def build() -> bytes:
    """The dictionary's bytes (deterministic for one catalog, engine and zstd version)."""
    catalog = default_catalog()
    chars = catalog.character_ids()
    pick = Rng(FIRST_SEED)
    samples: list[bytes | bytearray | memoryview] = []
    for i in range(GAMES):
        seed = FIRST_SEED + i
        setup = (GameSetup(p1="ryu", p2="ken") if i % 4 == 0
                 else GameSetup(p1=chars[pick.randbelow(len(chars))],
                           p2=chars[pick.randbelow(len(chars))]))
        agents = ("random", "random") if i % 2 == 0 else ("heuristic", "heuristic")
        stream = io.BytesIO()
        record_game(setup, seed, stream, agents, catalog)
        samples += _records(stream.getvalue())[1:]  # not the header's block
    trained = zstandard.train_dictionary(TRAINED_SIZE, samples, level=blocks.LEVEL,
                                         threads=0, dict_id=6).as_bytes()
    every = defs._ENCODER.encode(defs.Definitions(cards=dict(catalog.cards),
                                                  characters=dict(catalog.characters)))
    return trained + every


def main() -> int:
    data = build()
    dictionary.PATH.write_bytes(zlib.compress(data, 9))
    print(f"{dictionary.PATH}: {len(data):,} bytes, sha256 {hashlib.sha256(data).hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
