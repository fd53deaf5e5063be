"""Simulated game logs for the index benchmarks, cached under the work dir.

Games are random Ryu vs Ken, recorded by ``exceed simulate --jobs 2`` in chunks of
2,000 consecutive seeds (``<work>/corpus-format<F>/<key>/seeds<first>/``). The log format
``F`` names the folder, so the logs are always of the format this tree writes (before,
a corpus of an older format was reused), and a ``--before-ref`` tree of another format
keeps its own folder instead of deleting this one's. The cache key holds the first seed,
the engine version and the card data hash, so a card change simulates afresh (and drops
corpora and scratch indexes of other keys of the same format); scratch indexes are kept
per index schema version (``<key>/schema<N>/``).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from bench.config import Config
from engine.cards.catalog import default_catalog
from engine.play.api import ENGINE_VERSION
from engine.recording.log import FORMAT_VERSION
from replay.index.schema import SCHEMA_VERSION
from replay.workers import child_preexec

CHUNK = 2000


def exceed() -> list[str]:
    script = Path(sys.executable).parent / "exceed"
    return [str(script)] if script.exists() else [sys.executable, "-m", "replay.cli"]


def cache_dir(cfg: Config) -> Path:
    key = f"seed{cfg.seed}-engine{ENGINE_VERSION}-cards{default_catalog().content_hash[:12]}"
    root = cfg.work / f"corpus-format{FORMAT_VERSION}"
    here = root / key
    if not here.exists() and root.exists():
        for other in root.iterdir():  # stale corpora and their scratch indexes
            shutil.rmtree(other, ignore_errors=True)
    here.mkdir(parents=True, exist_ok=True)
    return here


def _chunk(cfg: Config, first: int, say: bool = True) -> Path:
    final = cache_dir(cfg) / f"seeds{first}"
    if final.is_dir():
        return final
    part = final.with_name(final.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    if say:
        print(f"  simulating {CHUNK} games (seeds {first}..{first + CHUNK - 1}) into {final}",
              flush=True)
    subprocess.run([*exceed(), "simulate", "--p1", "ryu", "--p2", "ken", "--seed", str(first),
                    "--games", str(CHUNK), "--jobs", "2", "--out", str(part)],
                   check=True, stdout=subprocess.DEVNULL, preexec_fn=child_preexec())
    part.rename(final)
    return final


def logs(cfg: Config, games: int) -> list[Path]:
    """Paths (whole chunk directories, or single files) holding exactly ``games`` logs."""
    paths: list[Path] = []
    first = cfg.seed
    left = games
    while left > 0:
        directory = _chunk(cfg, first)
        if left >= CHUNK:
            paths.append(directory)
        else:
            paths += [directory / f"ryu-vs-ken_random-vs-random_seed{s}.exlog"
                      for s in range(first, first + left)]
        left -= CHUNK
        first += CHUNK
    return paths


def scratch(cfg: Config, name: str) -> Path:
    """A path for a cached scratch index belonging to this corpus and this index schema
    (``<key>/schema<N>/``: an index of another schema version is never reused)."""
    here = cache_dir(cfg) / f"schema{SCHEMA_VERSION}"
    here.mkdir(exist_ok=True)
    return here / name
