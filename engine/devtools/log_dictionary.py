"""Build the frozen zstd dictionary of log format 6 (``engine.recording.dictionary``).

Run once, when the format is made: ``python -m engine.devtools.log_dictionary --out
FILE``. It records seeded games (Ryu vs Ken, and random pairs of the whole roster; seeds from
100,000 on, apart from every bench and sample seed), trains a 64 KiB zstd dictionary on
their blocks' records, appends the msgpack definitions of every card and fighter of the
catalog, and writes the result zlib'ed to FILE (a new format's dictionary goes beside
``engine/recording/dictionary.py``). The committed file is the format's: rebuilding it
makes another dictionary, which old logs were not written with, and whose hash the
reader refuses, so every command would fail. The tool never writes over an existing file
(it used to overwrite the committed one when run without arguments).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import sys
import zlib
from pathlib import Path

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


def main(argv: list[str] | None = None) -> int:
    """Build the dictionary into ``--out``, a file that does not exist yet (exit 2,
    before anything is built, for a missing ``--out`` or an existing file)."""
    parser = argparse.ArgumentParser(
        prog="python -m engine.devtools.log_dictionary",
        description="Build a zstd log dictionary (for a new log format) into a new file.")
    parser.add_argument("--out", type=Path, required=True,
                        help=f"the new file; never an existing one such as {dictionary.PATH.name}, "
                             "the frozen format 6 dictionary")
    args = parser.parse_args(argv)
    out: Path = args.out
    if out.exists():
        print(f"log_dictionary: {out} already exists; the committed {dictionary.PATH.name} is "
              "the frozen format 6 dictionary, which every format 6 log was written with: "
              "name a new file", file=sys.stderr)
        return 2
    data = build()
    try:
        with out.open("xb") as file:
            file.write(zlib.compress(data, 9))
    except OSError as error:
        print(f"log_dictionary: cannot write {out}: {error.strerror or error}", file=sys.stderr)
        return 2
    print(f"{out}: {len(data):,} bytes, sha256 {hashlib.sha256(data).hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
