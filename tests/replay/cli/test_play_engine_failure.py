"""``exceed play`` when the engine raises mid-game: the command a fuzz failure's report
gives to reproduce it (``reproduce: exceed play --p1 ... --seed S --agent1 ...``).

Found walking the developer's path of the README with a planted bug (Powerup raising
from turn 8): the command printed only ``exceed play: internal error: RuntimeError: ...``,
none of the transcript up to the failure (it was printed once the game had ended), no
decision, and with ``--out`` it left ``FILE.exlog.part`` holding the steps up to the last
turn's end (33 of 36) without saying so. Now the transcript up to the failure is printed,
the one line names the decision and turn, and the log keeps every step before it,
unfinished, under the name given, which the line names.

The bug is planted here by making ``Game._advance`` raise at one decision.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import plant_engine_bug

from engine import read_game
from replay.cli import main
from replay.verification.verify import verify

FAILS_AT = 20  # the decision (from 0) at which the planted bug raises
GAME = ["play", "--p1", "ryu", "--p2", "ken", "--seed", "3",
        "--agent1", "random", "--agent2", "random"]


@pytest.fixture
def planted_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    plant_engine_bug(monkeypatch, FAILS_AT)


@pytest.mark.usefixtures("planted_bug")
def test_the_transcript_up_to_the_failure_and_one_line_naming_the_decision(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(GAME) == 70
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0] == "EXCEED p1 Ryu (random) vs p2 Ken Masters (random), seed 3"
    assert any(line.startswith("== turn ") for line in lines)  # the game up to the bug
    assert not any(line.startswith("final:") for line in lines)
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"exceed play: internal error at decision {FAILS_AT} (turn ")
    assert "RuntimeError: planted bug" in err
    assert "the transcript above is the game up to it" in err


@pytest.mark.usefixtures("planted_bug")
def test_out_keeps_every_step_before_the_failure_and_says_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "bug.exlog"
    assert main([*GAME, "--out", str(log)]) == 70
    _, err = capsys.readouterr()
    assert err.rstrip("\n").endswith(f"; the game so far is kept, unfinished, in {log}")
    assert not log.with_name("bug.exlog.part").exists()
    game = read_game(log)
    assert game.trailer is None and len(game.decisions) == FAILS_AT
    verdict = verify(game)
    assert verdict.divergence is None and verdict.checked == FAILS_AT
