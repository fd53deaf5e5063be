"""The committed sample corpus (``sample_games/``) still matches the engine.

Every file in the MANIFEST exists, is sealed, and records what the MANIFEST says; every
game re-simulates to the same events and final state hash; and regenerating the corpus
gives the committed bytes. When a rules change alters these games on purpose,
regenerate them with ``make samples`` in the same commit.
"""

from __future__ import annotations

import functools
from pathlib import Path

import msgspec
import pytest

from engine.core.state import state_hash
from engine.play.match import play_game
from engine.recording.game_log import GameLog
from engine.recording.record import read_game
from engine.recording.samples import MANIFEST, regenerate

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = ROOT / "sample_games"
REGENERATE = (
    "the engine changed what these games do; regenerate with `make samples` in the same commit"
)
COLUMNS = ("file", "seed", "p1", "p2", "agent1", "agent2", "winner", "reason", "turns", "note")


class Entry(msgspec.Struct, frozen=True, kw_only=True):
    file: str
    seed: int
    p1: str
    p2: str
    agent1: str
    agent2: str
    winner: str
    reason: str
    turns: int
    note: str


@functools.cache
def manifest() -> tuple[Entry, ...]:
    path = SAMPLES / MANIFEST
    assert path.is_file(), f"{path} is missing; generate the corpus with `make samples`"
    lines = path.read_text().splitlines()
    assert lines[0] == "# " + "\t".join(COLUMNS), lines[0]
    entries = []
    for line in lines[1:]:
        fields = line.split("\t")
        assert len(fields) == len(COLUMNS), line
        row = dict(zip(COLUMNS, fields, strict=True))
        entries.append(msgspec.convert(row, Entry, strict=False))
    return tuple(entries)


@functools.cache
def _read(name: str) -> GameLog:
    return read_game(SAMPLES / name)


def _ids() -> list[str]:
    try:
        return [e.file for e in manifest()]
    except AssertionError:
        return ["<no MANIFEST>"]


def test_manifest_lists_exactly_the_sample_files() -> None:
    listed = [e.file for e in manifest()]
    assert len(listed) == len(set(listed))
    on_disk = sorted(p.name for p in SAMPLES.iterdir() if p.name != MANIFEST)
    assert on_disk == sorted(listed), "stray or missing files in sample_games/"


def test_the_corpus_covers_matchups_agents_and_notable_games() -> None:
    entries = manifest()
    assert len(entries) >= 24
    matchups = {(e.p1, e.p2) for e in entries}
    assert {("ryu", "ryu"), ("ken", "ken"), ("ryu", "ken"), ("ken", "ryu")} <= matchups
    agents = {a for e in entries for a in (e.agent1, e.agent2)}
    assert {"heuristic", "random"} <= agents
    notes = {e.note: e for e in entries if e.note}
    assert "long game" in notes and "deck-out loss" in notes
    assert notes["deck-out loss"].reason == "decked"
    # the longest random Ryu vs Ken game of the search: no such game in the corpus is longer
    searched = [e for e in entries
                if (e.p1, e.p2, e.agent1, e.agent2) == ("ryu", "ken", "random", "random")]
    assert notes["long game"].turns == max(e.turns for e in searched)


@pytest.mark.parametrize("name", _ids())
def test_sample_is_sealed_and_matches_the_manifest(name: str) -> None:
    entry = next(e for e in manifest() if e.file == name)
    log = _read(name)
    assert log.sealed and log.damage is None and log.trailer is not None
    h = log.header
    assert (h.p1, h.p2, h.seed, h.agents) == (
        entry.p1, entry.p2, entry.seed, (entry.agent1, entry.agent2))
    assert ("p1", "p2")[log.trailer.winner] == entry.winner
    assert ("life", "decked")[log.trailer.reason] == entry.reason
    assert log.trailer.turns == entry.turns


@pytest.mark.parametrize("name", _ids())
def test_sample_resimulates_identically(name: str) -> None:
    log = _read(name)
    assert log.trailer is not None
    game = play_game(log.header.setup, log.header.seed, log.header.agents)
    assert game.events == list(log.events()), REGENERATE
    assert game.decisions == log.decisions, REGENERATE
    assert state_hash(game.state) == log.trailer.hash, REGENERATE


def test_regenerating_gives_the_committed_bytes(tmp_path: Path) -> None:
    lines = regenerate(tmp_path)
    assert len(lines) == 1 + len(manifest())
    assert (tmp_path / MANIFEST).read_bytes() == (SAMPLES / MANIFEST).read_bytes(), REGENERATE
    for entry in manifest():
        fresh = (tmp_path / entry.file).read_bytes()
        assert fresh == (SAMPLES / entry.file).read_bytes(), f"{entry.file}: {REGENERATE}"
    assert not list(tmp_path.glob("*.part"))


def test_samples_into_an_unwritable_place_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    from replay.cli import main

    assert main(["samples", "--out", str(blocker / "out")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("exceed samples: cannot write")
