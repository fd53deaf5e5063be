"""The fuzzer: every matchup plays clean, and a broken invariant leaves a replayable log."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cards.catalog import Catalog, default_catalog
from engine.devtools import fuzz
from engine.play.api import GameSetup
from engine.recording.record import read_game, read_game_bytes
from replay.cli import main
from tests.planted_kit import plant_invariant_break


def test_every_ordered_matchup_plays_with_invariants_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CI's small fuzz run: one game per ordered pair of fighters, the agent pairings taken
    in turn, so every fighter meets every pairing on both sides (``make fuzz`` plays every
    pairing of every pair)."""
    seen: set[tuple[str, int, tuple[str, str]]] = set()
    real = fuzz.fuzz_game

    def noting(setup: GameSetup, seed: int, agents: tuple[str, str], catalog: Catalog
               ) -> object:
        seen.update({(setup.p1, 0, agents), (setup.p2, 1, agents)})
        return real(setup, seed, agents, catalog)

    monkeypatch.setattr(fuzz, "fuzz_game", noting)
    report = fuzz.run_fuzz(1, tmp_path, rotate_agents=True)
    roster = default_catalog().character_ids()
    assert report.matchups == len(roster) ** 2
    assert report.games == len(roster) ** 2
    assert seen == {(fighter, side, agents) for fighter in roster for side in (0, 1)
                    for agents in fuzz.AGENT_PAIRS}
    assert report.failures == []
    assert not list(tmp_path.iterdir())


def test_a_broken_invariant_writes_the_log_and_a_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plant_invariant_break(monkeypatch)
    report = fuzz.run_fuzz(1, tmp_path, characters=["ryu"], agent_pairs=[("random", "random")])
    assert len(report.failures) == 1
    failure = report.failures[0]
    assert "planted violation" in failure.problem
    assert failure.decisions == 11
    log = read_game(failure.log)
    assert not log.sealed and log.damage is None
    assert len(log.decisions) == 11
    text = Path(failure.log).with_suffix(".txt").read_text()
    assert "exceed play --p1 ryu --p2 ryu --seed 0" in text


def test_exceed_fuzz_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The command's exits (the whole roster is fuzzed by the first test of this file; here
    one fighter's pairs suffice)."""
    assert main(["fuzz", "--games", "1", "--fighter", "ryu", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "0 failure(s)" in out
    pairs = 2 * len(default_catalog().character_ids()) - 1
    assert out.startswith(f"fuzz: {pairs * len(fuzz.AGENT_PAIRS)} games over {pairs} matchups")
    with pytest.raises(SystemExit) as refused:  # argparse: types.at_most(MAX_GAMES)
        main(["fuzz", "--games", "0"])
    assert refused.value.code == 2
    assert "--games: expected a positive integer, got 0" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "needle"), [
    (["--seed", str(2**64)], "--seed: seed must be in 0..2**64-1"),
    (["--seed", "-1"], "--seed: seed must be in 0..2**64-1"),
    (["--seed", str(2**64 - 1), "--games", "2"], "--seed + --games must stay below 2**64"),
])
def test_exceed_fuzz_refuses_seeds_past_the_range_before_playing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], needle: str) -> None:
    """Audit: ``--seed 2**64`` was taken as plain ``int``, so every one of the 404 games
    failed to start (the seed does not fit a log) and was reported as a fuzz failure with
    three files each, exit 1. Now it is one line, exit 2, and nothing is written."""
    out = tmp_path / "failures"
    try:
        code = main(["fuzz", *argv, "--fighter", "ryu", "--out", str(out)])
    except SystemExit as stop:
        code = int(stop.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and needle in err and "Traceback" not in err
    assert not out.exists()


def test_run_fuzz_reports_progress_after_every_game(tmp_path: Path) -> None:
    seen: list[tuple[int, int]] = []
    report = fuzz.run_fuzz(2, tmp_path, characters=["ryu", "ken"],
                           agent_pairs=[("random", "random")], teams=[("ryu+ken", "ken")],
                           progress=lambda done, total: seen.append((done, total)))
    assert report.games == 10  # 4 ordered pairs and 1 team matchup, 2 seeds each
    assert seen == [(done, 10) for done in range(1, 11)]


def test_fuzz_involving_a_fighter_plays_each_of_its_pairs_both_ways(tmp_path: Path) -> None:
    """``involving``: only the ordered pairs in which the fighter plays, against every
    fighter of the roster on both sides (``exceed fuzz --fighter``)."""
    report = fuzz.run_fuzz(1, tmp_path, characters=["ryu", "ken", "ragna"],
                           agent_pairs=[("random", "random")], involving=["ragna"])
    assert report.matchups == 5  # ragna-ryu, ragna-ken, ragna-ragna, ryu-ragna, ken-ragna
    assert report.games == 5 and report.failures == []


def test_exceed_fuzz_fighter_names_an_unknown_id(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "--games", "1", "--fighter", "nobody"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("exceed fuzz: unknown character 'nobody'") and err.count("\n") == 1


@pytest.mark.parametrize("failing_check", range(5, 25))
def test_a_failure_mid_turn_keeps_every_decision_in_the_log(
    failing_check: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The recorder holds a turn's frames until the turn ends (log format 3); a failure in
    the middle of a turn still leaves every decision played up to it in the log."""
    plant_invariant_break(monkeypatch, at=failing_check)
    game, data, problem, count = fuzz.fuzz_game(
        GameSetup(p1="ryu", p2="ryu"), 0, ("random", "random"), default_catalog())
    assert game is None and problem is not None and "planted violation" in problem
    log = read_game_bytes(data, "failure.exlog")
    assert log.damage is None and not log.sealed
    assert len(log.decisions) == count == failing_check - 1
