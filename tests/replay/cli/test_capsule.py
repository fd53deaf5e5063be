"""``exceed capsule``: a moment of a sample game as a position, decisions, a verifying log
and a passing test; a planted bug (a copy of the Powerup handler that raises from turn 8
on) found by ``--failing``, shrunk to a handful of decisions, its test failing with the
bug and passing without it; the fuzzer's capsule beside a failure; one-line refusals."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from engine import capsule_paths, read_game, run_fuzz
from engine.cards.schema import Powerup
from engine.effects.registry import HANDLERS
from replay.cli import main
from replay.verification.verify import verify
from tests.planted_kit import plant_powerup_bug

ROOT = Path(__file__).resolve().parents[3]


class Result:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err


def run_cli(*args: str | os.PathLike[str]) -> Result:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([os.fspath(a) for a in args])
    return Result(code, out.getvalue(), err.getvalue())


GAME = ROOT / "tests" / "fixtures" / "agent_v1" / "ken-vs-ken_random-vs-heuristic_seed15.exlog"
BUG = '''"""A planted bug: Powerup raises from turn 8 on (pytest plugin: -p capsule_bug)."""
from engine.cards.schema import Powerup
from engine.effects.registry import HANDLERS

_real, _flow = HANDLERS[Powerup]


def _buggy(ctx, effect):
    if ctx.table.state.turn >= 8:
        raise RuntimeError("planted bug in powerup")
    return _real(ctx, effect)


HANDLERS[Powerup] = (_buggy, _flow)
'''


ONE_MORE = '''"""A planted bug: Powerup adds one more (pytest plugin: -p capsule_bug)."""
import msgspec

from engine.cards.schema import Powerup
from engine.effects.registry import HANDLERS

_real, _flow = HANDLERS[Powerup]


def _buggy(ctx, effect):
    if isinstance(effect.amount, int):
        effect = msgspec.structs.replace(effect, amount=effect.amount + 1)
    return _real(ctx, effect)


HANDLERS[Powerup] = (_buggy, _flow)
'''


def _pytest(test: Path, plugin_dir: Path | None = None) -> subprocess.CompletedProcess[str]:
    paths = [str(ROOT)] + ([str(plugin_dir)] if plugin_dir is not None else [])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    extra = ["-p", "capsule_bug"] if plugin_dir is not None else []
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir",
         str(test.parent), *extra, str(test)],
        capture_output=True, text=True, env=env, cwd=test.parent, timeout=600)


@pytest.fixture
def planted(monkeypatch: pytest.MonkeyPatch) -> None:
    plant_powerup_bug(monkeypatch)


@pytest.fixture
def one_more(monkeypatch: pytest.MonkeyPatch) -> None:
    real, flow = HANDLERS[Powerup]

    def buggy(ctx: object, effect: Powerup) -> object:
        if isinstance(effect.amount, int):
            effect = msgspec.structs.replace(effect, amount=effect.amount + 1)
        return real(ctx, effect)  # type: ignore[arg-type]

    monkeypatch.setitem(HANDLERS, Powerup, (buggy, flow))


def test_a_divergence_from_the_log_asserts_the_recorded_outcome(tmp_path: Path,
                                                                 one_more: None) -> None:
    result = run_cli("capsule", GAME, "--failing", "--out", tmp_path, "--name", "div")
    assert result.code == 0, result.err
    assert "divergence at decision 71" in result.out
    verdict = verify(read_game(tmp_path / "div.exlog"))  # on the engine that wrote it
    assert verdict.identical, verdict.lines()
    (tmp_path / "plugin").mkdir()
    (tmp_path / "plugin" / "capsule_bug.py").write_text(ONE_MORE)
    with_bug = _pytest(tmp_path / "test_div.py", tmp_path / "plugin")
    assert with_bug.returncode == 1, with_bug.stdout
    without = _pytest(tmp_path / "test_div.py")
    assert without.returncode == 0, without.stdout


def test_a_moment_becomes_a_position_decisions_a_log_and_a_passing_test(tmp_path: Path) -> None:
    result = run_cli("capsule", GAME, "--at", "190", "--out", tmp_path, "--name", "moment")
    assert result.code == 0, result.err
    assert "moment.position.json" in result.out and "to event 190" in result.out
    recipe = json.loads((tmp_path / "moment.position.json").read_text())
    assert set(recipe) == {"p1", "p2", "active", "turn"}
    verdict = verify(read_game(tmp_path / "moment.exlog"))
    assert verdict.identical, verdict.lines()
    ran = _pytest(tmp_path / "test_moment.py")
    assert ran.returncode == 0, ran.stdout
    assert "1 passed" in ran.stdout
    played = run_cli("play", "--p1", "ken", "--p2", "ken", "--position",
                     tmp_path / "moment.position.json")
    assert played.code == 0, played.err


def test_an_opponents_card_in_arakunes_overdrive_is_stepped_over(tmp_path: Path) -> None:
    """Random Ryu against heuristic Arakune, seed 0: at the last 4 restart points before
    event 174 (events 157 on) a card of Ryu's (Block) lies in Arakune's overdrive, which
    no position recipe can state (its owner's deck list then lacks it), so the capsule
    failed ("1 card(s) of the deck list are in no zone"). Such points are now passed
    over for an earlier one (found by the engine developer's walk through exceed fuzz)."""
    out = tmp_path / "games"
    assert run_cli("simulate", "--p1", "ryu", "--p2", "arakune", "--agents",
                   "random,heuristic", "--seed", "0", "--out", out).code == 0
    [log] = out.glob("*.exlog")
    result = run_cli("capsule", log, "--at", "174", "--out", tmp_path, "--name", "overdrive")
    assert result.code == 0, result.err
    start = int(re.search(r"position after event (\d+)", result.out).group(1))  # type: ignore[union-attr]
    assert start < 157 and "to event 174" in result.out
    assert verify(read_game(tmp_path / "overdrive.exlog")).identical
    ran = _pytest(tmp_path / "test_overdrive.py")
    assert ran.returncode == 0 and "1 passed" in ran.stdout, ran.stdout


def test_failing_shrinks_a_planted_bug(tmp_path: Path, planted: None) -> None:
    result = run_cli("capsule", GAME, "--failing", "--out", tmp_path, "--name", "bug")
    assert result.code == 0, result.err
    assert "RuntimeError: planted bug in powerup" in result.out
    test = tmp_path / "test_bug.py"
    source = test.read_text()
    decisions = source.split("DECISIONS = msgspec.json.decode('")[1].split("'")[0]
    assert 1 <= len(json.loads(decisions)) <= 4
    shrunk = re.search(r"shrunk from (\d+) decision\(s\), (\d+) card\(s\) to (\d+) "
                       r"decision\(s\), (\d+) card\(s\)", result.out)
    assert shrunk is not None, result.out
    assert int(shrunk[3]) <= 4 and int(shrunk[4]) <= 6 < int(shrunk[2])
    verdict = verify(read_game(tmp_path / "bug.exlog"))
    assert verdict.divergence is None, verdict.lines()
    (tmp_path / "plugin").mkdir()
    (tmp_path / "plugin" / "capsule_bug.py").write_text(BUG)
    with_bug = _pytest(test, tmp_path / "plugin")
    assert with_bug.returncode == 1, with_bug.stdout
    assert "planted bug in powerup" in with_bug.stdout
    without = _pytest(test)
    assert without.returncode == 0, without.stdout


def test_a_broken_invariant_is_shrunk_too(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    real, flow = HANDLERS[Powerup]

    def lose_a_card(ctx: object, effect: Powerup) -> object:
        """A planted bug: from turn 8 on, Powerup drops the top card of the deck from
        every zone (card conservation breaks)."""
        state = ctx.table.state  # type: ignore[attr-defined]
        deck = state.players[ctx.player].deck  # type: ignore[attr-defined]
        if state.turn >= 8 and deck:
            deck.pop(0)
        return real(ctx, effect)  # type: ignore[arg-type]

    monkeypatch.setitem(HANDLERS, Powerup, (lose_a_card, flow))
    result = run_cli("capsule", GAME, "--failing", "--out", tmp_path, "--name", "lost")
    assert result.code == 0, result.err
    assert "invariant at decision 71" in result.out and "cards missing" in result.out
    # play it plays on with the heuristic agent; the failing decisions are the test's
    assert f"  the failure: pytest {tmp_path / 'test_lost.py'} (plays the failing " \
        "decisions; play it plays on with the heuristic agent)\n" in result.out
    monkeypatch.setitem(HANDLERS, Powerup, (real, flow))
    without = _pytest(tmp_path / "test_lost.py")
    assert without.returncode == 0, without.stdout


def test_the_fuzzer_writes_a_capsule_beside_a_failure(tmp_path: Path, planted: None) -> None:
    report = run_fuzz(1, tmp_path, seed=17, characters=["ken"],
                      agent_pairs=[("heuristic", "random")])
    assert len(report.failures) == 1
    stem = Path(report.failures[0].log).stem.replace("-", "_")
    assert (tmp_path / f"test_{stem}_capsule.py").exists()
    assert (tmp_path / f"{stem}_capsule.position.json").exists()


def test_failing_without_a_failure_is_one_line_and_exit_1(tmp_path: Path) -> None:
    result = run_cli("capsule", GAME, "--failing", "--out", tmp_path)
    assert result.code == 1
    assert result.err.count("\n") == 1 and "no failure" in result.err


def test_at_out_of_range_names_the_range(tmp_path: Path) -> None:
    events = read_game(GAME).event_count
    result = run_cli("capsule", GAME, "--at", str(events + 1), "--out", tmp_path)
    assert result.code == 2
    assert result.err == (f"exceed capsule: {GAME}: --at {events + 1} is out of range: the "
                          f"game has events 1-{events}\n")
    assert not tmp_path.exists() or not any(tmp_path.iterdir())


def test_a_damaged_logs_refusals_are_one_line(tmp_path: Path) -> None:
    """A damaged log's refused ``--at`` printed two lines, the warning that the capsule
    uses its good prefix and then the refusal; now one line: past the prefix, the range
    and the damage that made the game short; in the setup, the refusal alone."""
    data = GAME.read_bytes()
    cut = tmp_path / "cut.exlog"
    cut.write_bytes(data[: len(data) * 2 // 3])
    log = read_game(cut)
    assert log.damage is not None
    events, out = log.event_count, tmp_path / "capsules"
    past = run_cli("capsule", cut, "--at", str(events + 1), "--out", out)
    assert past.code == 2
    assert past.err == (f"exceed capsule: {cut}: --at {events + 1} is out of range: the game "
                        f"has events 1-{events} ({cut}: damaged at byte {log.damage.offset} "
                        f"(frame {log.damage.frame_index}): {log.damage.reason}; the game "
                        f"read has only the {events} event(s) before it)\n")
    setup = run_cli("capsule", cut, "--at", "3", "--out", out)
    assert setup.code == 2
    assert setup.err == (f"exceed capsule: {cut}: event 3 comes before the first turn "
                         "starts; no position before it can be stated\n")
    assert not out.exists() or not any(out.iterdir())


def test_a_moment_in_the_setup_has_no_position_before_it(tmp_path: Path) -> None:
    result = run_cli("capsule", GAME, "--at", "3", "--out", tmp_path)
    assert result.code == 2
    assert result.err == (f"exceed capsule: {GAME}: event 3 comes before the first turn "
                          "starts; no position before it can be stated\n")


def test_an_out_that_is_a_file_is_one_line(tmp_path: Path) -> None:
    """Audit: ``--out`` naming a file (or a folder no file can be made in) was an internal
    error, exit 70 (``FileExistsError`` from the folder's ``mkdir``), then
    ``cannot write the capsule to FILE: File exists``; it now says what ``--out`` takes,
    as ``play --out`` does for a folder, before the capsule is built."""
    taken = tmp_path / "notes.txt"
    taken.write_text("mine\n", encoding="utf-8")
    result = run_cli("capsule", GAME, "--at", "60", "--out", taken)
    assert result.code == 2 and result.out == ""
    assert result.err == (f"exceed capsule: {taken} is a file; --out takes the folder to "
                          "write the capsule into\n")
    assert taken.read_text(encoding="utf-8") == "mine\n"


def test_a_capsule_never_overwrites_one_of_the_same_name(tmp_path: Path) -> None:
    """The CLI audit left: a second ``capsule`` of the same name replaced the first one's
    three files silently (``play --out`` and ``fork`` never overwrite a file)."""
    first = run_cli("capsule", GAME, "--at", "60", "--out", tmp_path)
    assert first.code == 0, first.err
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    second = run_cli("capsule", GAME, "--at", "60", "--out", tmp_path)
    taken = capsule_paths(tmp_path, f"{GAME.stem}_e60")[0]  # the name's - made _
    assert second.code == 2 and second.out == ""
    assert second.err == (f"exceed capsule: {taken} already exists; name another capsule "
                          "with --name, or another --out\n")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


@pytest.mark.parametrize("suffix", [".position.json", ".exlog"])
def test_a_capsule_file_taken_by_a_folder_is_refused_before_anything_is_written(
        tmp_path: Path, suffix: str) -> None:
    """The CLI audit left: with ``NAME.exlog`` a folder, ``NAME.position.json`` was
    written before the one-line error; now nothing is."""
    (tmp_path / f"m{suffix}").mkdir()
    result = run_cli("capsule", GAME, "--at", "60", "--out", tmp_path, "--name", "m")
    assert result.code == 2 and result.out == ""
    assert result.err == (f"exceed capsule: {tmp_path / f'm{suffix}'} is a folder; name "
                          "another capsule with --name, or another --out\n")
    assert [p.name for p in tmp_path.iterdir()] == [f"m{suffix}"]


@pytest.mark.parametrize(("name", "stem"), [("x²½", "x__"), ("café", "café"), ("a-b c", "a_b_c")])
def test_a_capsules_test_is_python_whatever_its_name(
        name: str, stem: str, tmp_path: Path) -> None:
    """Attack 3: the capsule's name kept every character ``str.isalnum`` takes, and the
    test is named after it, so ``--name x²½`` (or a log named so, the default name
    being its stem) wrote ``def test_x²½()``: a SyntaxError, and pytest collected an
    error instead of the capsule. A character no Python name may hold becomes ``_``."""
    log = ROOT / "sample_games" / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"
    result = run_cli("capsule", log, "--at", "30", "--out", tmp_path, "--name", name)
    assert result.code == 0, result.err
    test = tmp_path / f"test_{stem}.py"
    source = test.read_text(encoding="utf-8")
    compile(source, str(test), "exec")  # raised SyntaxError for x²½
    assert f"def test_{stem}() -> None:" in source
    assert (tmp_path / f"{stem}.exlog").exists() and test.stem.isidentifier()


def test_the_help_names_the_positions_a_capsule_starts_from(tmp_path: Path) -> None:
    """Found checking `exceed capsule -h` against docs/cli.md: the help said a capsule
    starts at "the last turn start at or before --at EVENT", where the README's example
    (`--at 40`) starts at an attack to be set (the docs: a turn start, or an attack to
    be set)."""
    sample = ROOT / "sample_games" / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"
    result = run_cli("capsule", sample, "--at", "40", "--out", tmp_path)
    assert result.code == 0, result.err
    assert "position after event 28 (asks p1 set_attack)" in result.out
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main(["capsule", "--help"])
    assert ("the last restartable position at or before --at EVENT (a turn start, or an "
            "attack to be set)") in " ".join(out.getvalue().split())
