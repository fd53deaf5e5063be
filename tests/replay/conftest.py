"""Shared builders for the replay tests.

- The sample logs and in-process recorded games: the committed ``sample_games/`` are used
  when present; otherwise the same corpus is regenerated once per session with
  ``engine.recording.samples.regenerate`` (deterministic).
- For the index and its commands (``tests/replay/index/``, ``tests/replay/cli/``): a
  recorded corpus, what the index must say about it, and an index (DuckDB file and
  exported Parquet dataset) built from it once per session. ``run_cli`` runs ``exceed``
  in-process and captures its output; ``exceed_process`` starts it as a separate
  process, as a user (or a second indexer) would.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from engine import GameSetup, log_name
from engine import events as ev
from engine.recording.game_log import GameLog
from engine.recording.record import read_game, read_game_bytes, record_game, record_to_file
from engine.recording.samples import SAMPLE_DIR, regenerate
from replay.cli import main
from replay.strikes import strike_summaries

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


# (p1, p2, agents, games): both orders of the matchup, and both mirrors
CORPUS = (
    ("ryu", "ken", ("random", "heuristic"), 24),
    ("ken", "ryu", ("heuristic", "random"), 12),
    ("ryu", "ryu", ("random", "random"), 12),
    ("ken", "ken", ("heuristic", "heuristic"), 12),
)


class Expected(msgspec.Struct, frozen=True, kw_only=True):
    """What one log must become in the index, computed from the log alone."""

    game_id: str
    path: str
    p1: str
    p2: str
    agents: tuple[str, str]
    seed: int
    winner: str | None
    turns: int
    strikes: list[dict[str, object]]
    events: int
    decisions: int
    boosts: list[tuple[str, str]]


class Result(msgspec.Struct, frozen=True):
    code: int
    out: str
    err: str


def run_cli(*args: str | os.PathLike[str]) -> Result:
    """Run ``exceed ARGS`` in this process; returns its exit code and captured output."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([os.fspath(a) for a in args])
    return Result(code, out.getvalue(), err.getvalue())


def exceed_process(*args: str | os.PathLike[str]) -> subprocess.Popen[str]:
    """Start ``exceed ARGS`` as a separate process (stdout and stderr piped)."""
    env = {k: v for k, v in os.environ.items() if k != "EXCEED_DEBUG"}
    return subprocess.Popen([sys.executable, "-m", "replay.cli", *(os.fspath(a) for a in args)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def record_corpus(out: Path, corpus: tuple[tuple[str, str, tuple[str, str], int], ...] = CORPUS,
                  first_seed: int = 1) -> list[Path]:
    paths = []
    for p1, p2, agents, count in corpus:
        setup = GameSetup(p1=p1, p2=p2)
        for seed in range(first_seed, first_seed + count):
            path = out / f"{p1}-{p2}" / log_name(setup, agents, seed)
            path.parent.mkdir(parents=True, exist_ok=True)
            record_to_file(path, setup, seed, agents)
            paths.append(path)
    return paths


def expected_for(path: Path) -> Expected:
    log = read_game(path)
    h = log.header
    chars = (h.p1, h.p2)
    strikes = []
    for s in strike_summaries(log):
        row = msgspec.structs.asdict(s)
        row.update(a_char=chars[s.attacker], d_char=chars[s.defender])
        strikes.append(row)
    defs = log.initial_state().card_defs
    # Boost actions: the action events naming a card (a Boost or Cross Boost), not the
    # cards an effect moved to the boost area (docs/metrics.md, "boosted")
    boosts = [(chars[e.player], defs[e.card]) for e in log.events()
              if isinstance(e, ev.ActionTaken) and e.card is not None]
    t = log.trailer
    return Expected(
        game_id=hashlib.sha256(path.read_bytes()).hexdigest(), path=str(path.resolve()),
        p1=h.p1, p2=h.p2, agents=h.agents, seed=h.seed,
        winner=chars[t.winner] if t is not None and log.sealed else None,
        turns=t.turns if t is not None else log.steps[-1].turn, strikes=strikes,
        events=log.event_count, decisions=len(log.decisions), boosts=boosts)


@pytest.fixture(scope="session")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory (with subdirectories) of 60 recorded logs."""
    out = tmp_path_factory.mktemp("corpus")
    record_corpus(out)
    return out


@pytest.fixture(scope="session")
def expected(corpus: Path) -> dict[str, Expected]:
    """The expected index content of ``corpus``, by game id."""
    rows = [expected_for(p) for p in sorted(corpus.rglob("*.exlog"))]
    return {r.game_id: r for r in rows}


@pytest.fixture(scope="session")
def built_index(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``corpus`` indexed into a DuckDB file (read only by the tests that share it)."""
    db = tmp_path_factory.mktemp("index") / "index.duckdb"
    result = run_cli("index", corpus, "--db", db, "--jobs", "2")
    assert result.code == 0, result.err
    return db


@pytest.fixture(scope="session")
def exported(built_index: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``built_index`` exported as a Parquet dataset."""
    out = tmp_path_factory.mktemp("parquet") / "dataset"
    result = run_cli("export", "--parquet", out, "--db", built_index)
    assert result.code == 0, result.err
    return out


@pytest.fixture(scope="session")
def cli() -> Callable[..., Result]:
    """``cli("index", path, "--db", db)``: run ``exceed`` in-process (see ``run_cli``)."""
    return run_cli


@pytest.fixture(scope="session")
def spawn() -> Callable[..., subprocess.Popen[str]]:
    """``spawn("index", ...)``: start ``exceed`` as another process."""
    return exceed_process


@pytest.fixture(scope="session")
def record_logs() -> Callable[..., list[Path]]:
    """``record_logs(out, corpus, first_seed)``: record more logs (see ``record_corpus``)."""
    return record_corpus


@pytest.fixture(scope="session")
def expect_log() -> Callable[[Path], Expected]:
    """``expect_log(path)``: what the index must hold for one log."""
    return expected_for
