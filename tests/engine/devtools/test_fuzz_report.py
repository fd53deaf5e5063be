"""The fuzzer's ``.txt`` report gives a developer what they need to reproduce a failure.

It used to hold the problem, an ``exceed play`` command and the log only: not the decision
the failure happened at, nor the capsule written beside it (whose files are named with
``_`` for every ``-`` of the stem, so ``ls STEM_capsule*`` did not find them), and its
"reproduce" command, for a broken invariant, plays a game in which nothing fails
(``exceed play`` checks no invariant).
"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from engine.devtools import fuzz
from engine.recording.record import read_game
from tests.planted_kit import plant_invariant_break, plant_powerup_bug


def test_an_exception_names_its_decision_and_the_capsule_and_its_test(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plant_powerup_bug(monkeypatch)
    report = fuzz.run_fuzz(1, tmp_path, seed=17, characters=["ken"],
                           agent_pairs=[("heuristic", "random")])
    [failure] = report.failures
    log = read_game(failure.log)
    lines = Path(failure.log).with_suffix(".txt").read_text().splitlines()
    assert lines[0] == "RuntimeError: planted bug in powerup"
    # the decision that raised is the one after the last the log holds
    assert lines[1] == (f"where: at decision {len(log.decisions)} (decisions count from 0, "
                        "as exceed verify and fork count them)")
    assert lines[2] == ("reproduce: exceed play --p1 ken --p2 ken --seed 17 --agent1 "
                        "heuristic --agent2 random")
    capsule = lines[4].removeprefix("capsule: ").split(", ")
    assert lines[4].startswith("capsule: ") and len(capsule) == 3
    assert all(Path(name).is_file() for name in capsule)
    test = next(name for name in capsule if Path(name).name.startswith("test_"))
    assert lines[5] == (f"capsule test: pytest {test} (plays the failing decisions; fails "
                        "while the bug is there)")
    # and the command playing on from the capsule's position, with its seed
    position = next(name for name in capsule if name.endswith(".position.json"))
    assert lines[6].startswith("capsule position: exceed play ")
    assert lines[6].endswith(" (plays on from the capsule's position with the heuristic "
                             "agent, not the failing decisions)")
    argv = shlex.split(lines[6].removeprefix("capsule position: exceed ").partition(" (")[0])
    assert argv[:5] == ["play", "--p1", "ken", "--p2", "ken"] and "--seed" in argv
    assert argv[argv.index("--position") + 1] == position


def test_a_broken_invariant_says_exceed_play_does_not_check_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plant_invariant_break(monkeypatch)
    report = fuzz.run_fuzz(1, tmp_path, characters=["ryu"], agent_pairs=[("random", "random")])
    [failure] = report.failures
    lines = Path(failure.log).with_suffix(".txt").read_text().splitlines()
    assert lines[0].startswith("InvariantBroken: ") and "planted violation" in lines[0]
    assert len(read_game(failure.log).decisions) == 11  # the 11th (decision 10) broke it
    assert lines[1].startswith("where: after decision 10 ")
    assert lines[2].endswith("(plays the same game, but exceed play checks no invariant: "
                             "run the capsule's test)")
    # the planted check is the fuzzer's alone: the capsule's game does not fail, and says so
    assert lines[4].startswith("no capsule: ")
    assert lines[4] == "no capsule: " + (
        tmp_path / f"{Path(failure.log).stem}_capsule.txt").read_text().removeprefix(
        "no capsule: ").rstrip("\n")
