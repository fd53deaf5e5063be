"""Shared builders for the replay tests: the sample logs and in-process recorded games.

The committed ``sample_games/`` are used when present; otherwise the same corpus is
regenerated once per session with ``engine.samples.regenerate`` (deterministic).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.api import GameSetup
from engine.record import GameLog, read_game, read_game_bytes, record_game
from engine.samples import SAMPLE_DIR, regenerate

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def sample_paths(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Every sample log, sorted by name."""
    committed = sorted((ROOT / SAMPLE_DIR).glob("*.exlog"))
    if committed:
        return committed
    out = tmp_path_factory.mktemp("samples")
    regenerate(out)
    return sorted(out.glob("*.exlog"))


@pytest.fixture(scope="session")
def sample_logs(sample_paths: list[Path]) -> list[GameLog]:
    return [read_game(path) for path in sample_paths]


@pytest.fixture(scope="session")
def sample_path(sample_paths: list[Path]) -> Path:
    """One short heuristic sample (Ryu vs Ken) for CLI and interactive tests."""
    for path in sample_paths:
        if path.name.startswith("ryu-vs-ken_heuristic-vs-heuristic"):
            return path
    return sample_paths[0]


def _recorded(p1: str, p2: str, seed: int, agents: tuple[str, str]) -> GameLog:
    stream = io.BytesIO()
    record_game(GameSetup(p1=p1, p2=p2), seed, stream, agents)
    return read_game_bytes(stream.getvalue(), f"{p1}-vs-{p2}_seed{seed}")


@pytest.fixture(scope="session")
def recorded() -> Callable[[str, str, int, tuple[str, str]], GameLog]:
    """``recorded(p1, p2, seed, agents)``: record one game in memory and read it back."""
    return _recorded
