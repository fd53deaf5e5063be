"""``fork_into_index`` (``replay/index/forks.py``): "play this option instead" from the
dashboard writes the fork beside the index, indexes it, and gives the same game again
when asked twice."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine import read_game
from replay.fork import ForkError
from replay.index.forks import fork_into_index, forks_folder
from replay.query import game, open_source
from replay.verification.verify import verify


def test_a_fork_is_written_beside_the_index_indexed_and_verifies(
        tmp_path: Path, sample_path: Path) -> None:
    parent = tmp_path / sample_path.name
    shutil.copy(sample_path, parent)
    db = tmp_path / "index.duckdb"
    game_id = fork_into_index(str(parent), 4, 0, db)
    row = game(open_source(db), game_id)
    assert row is not None and Path(row.path).parent == forks_folder(db)
    log = read_game(row.path)
    assert log.header.fork_at == 4 and log.sealed
    assert verify(log).identical
    assert fork_into_index(str(parent), 4, 0, db) == game_id  # the same game again
    assert len(list(forks_folder(db).glob("*.exlog"))) == 1


def test_an_illegal_option_is_one_line(tmp_path: Path, sample_path: Path) -> None:
    with pytest.raises(ForkError, match="is not an option at decision 4"):
        fork_into_index(str(sample_path), 4, 999, tmp_path / "index.duckdb")
