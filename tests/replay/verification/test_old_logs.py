"""Logs recorded before issue 14 (Red Horizon, Under Night In-Birth) read and verify.

Issue 14, item 5: "logs recorded before this change still read and verify, or are
refused with one clear line if their card data changed". The fixtures are two sample
games as committed before the first Red Horizon change (``git show 190960c~1:...``): a
Street Fighter singles game and a Tag Team game, whose header's ``card_data`` hash is the
old catalog's. Their cards did not change, so they verify identical; the changed catalog
hash is one note line (docs/log-format.md, "Logs across card-data changes").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ruling_changes import assert_verdict, changed

from engine.cards.catalog import default_catalog
from engine.recording.record import read_game
from replay.cli import main
from replay.verification.verify import verify
from replay.viewer.cursor import Replay

OLD = sorted((Path(__file__).parents[2] / "fixtures" / "logs").glob("before-issue14_*.exlog"))


def test_there_are_old_logs() -> None:
    assert len(OLD) == 2


@pytest.mark.parametrize("path", OLD, ids=lambda p: p.name)
def test_an_old_log_reads_replays_and_verifies_identical(path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    """The old header's hash differs from this engine's; the log still folds to its end
    (the replayer's last state is the game's end) and re-simulates identically, up to the
    rule fixes since (``tests/ruling_changes.py``), which ``verify`` reports."""
    log = read_game(path)
    assert log.header.card_data != default_catalog().content_hash
    replay = Replay(log)
    replay.seek(replay.length)
    assert replay.state.winner is not None
    verdict = verify(log)
    assert_verdict(path, verdict)
    change = changed(path)
    assert main(["verify", str(path)]) == (0 if change is None else 1)
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].startswith(f"{path}: note: recorded with different card data than this "
                               "engine (log ")
    if change is None:
        assert lines[1].startswith(f"{path}: identical (") and err == ""
    else:
        assert lines[1].startswith(f"{path}: DIVERGES at decision {change.decision} "
                                   f"(turn {change.turn}, "), lines
