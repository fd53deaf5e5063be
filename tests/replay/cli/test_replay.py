"""``exceed replay``: the board at a turn, strike or event, and one-line errors."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core.ids import Player
from engine.recording.record import read_game
from replay.cli import main
from replay.viewer.cursor import Replay

EXCEED = Path(sys.executable).parent / "exceed"


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_exceed(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(EXCEED), *argv], capture_output=True, text=True, timeout=600,
                          check=False)


def block(text: str, who: Player) -> list[str]:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{who.label} "))
    out = []
    for line in lines[start + 1 :]:
        if not line.startswith("  "):
            break
        out.append(line)
    return out


def test_turn_as_p1_shows_the_arena_and_only_a_count_for_p2s_hand(
    capsys: pytest.CaptureFixture[str], sample_path: Path
) -> None:
    code, out, err = run_main(capsys, "replay", str(sample_path), "--turn", "3", "--as", "p1")
    assert code == 0 and err == ""
    assert out.startswith("== turn 3 · strike ")
    assert out.splitlines()[0].endswith(" · as p1 ==")
    assert re.search(r"^arena (\[[ p12+]{4}\]){9}$", out, re.M)
    replay = Replay(read_game(sample_path))
    replay.seek_turn(3)
    names = replay.catalog.card
    p2_hand = replay.state.players[Player.P2].hand
    p1_hand = replay.state.players[Player.P1].hand
    hand_lines = [line for line in block(out, Player.P2) if line.startswith("  hand")]
    assert hand_lines == [f"  hand {len(p2_hand)} (hidden)"]
    p1_names = ", ".join(names(replay.state.card_defs[r]).name for r in p1_hand)
    assert f"  hand {len(p1_hand)}: {p1_names}" in block(out, Player.P1)


def test_strike_event_and_default_end(capsys: pytest.CaptureFixture[str],
                                      sample_path: Path) -> None:
    log = read_game(sample_path)
    code, out, _ = run_main(capsys, "replay", str(sample_path), "--strike", "1")
    assert code == 0 and re.match(r"== turn \d+ · strike 1 · event \d+/", out)
    assert "strike: p" in out and "acts first" not in out  # just after StrikeStarted
    code, out, _ = run_main(capsys, "replay", str(sample_path), "--event", "0")
    assert code == 0 and out.startswith(f"== turn 0 · strike 0 · event 0/{log.event_count} ")
    code, out, _ = run_main(capsys, "replay", str(sample_path), "--as", "p2")
    assert code == 0
    assert out.startswith(f"== turn {log.trailer.turns if log.trailer else 0} · strike ")
    assert f"event {log.event_count}/{log.event_count} · as p2 ==" in out
    assert "GAME OVER" in out


def test_damaged_file_replays_its_good_prefix_with_one_warning(
    capsys: pytest.CaptureFixture[str], sample_path: Path, tmp_path: Path
) -> None:
    data = sample_path.read_bytes()
    cut = tmp_path / "cut.exlog"
    cut.write_bytes(data[: len(data) * 2 // 3])
    kept = read_game(cut).event_count
    code, out, err = run_main(capsys, "replay", str(cut))
    assert code == 1  # shown, but not a clean log (issue 11 item 21: as `exceed info`)
    assert len(err.splitlines()) == 1 and "warning" in err and "damaged" in err
    assert f"event {kept}/{kept} · as all ==" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.exlog"], "cannot read"),
        (["FOREIGN"], "not an EXCEED log"),
        (["SAMPLE", "--turn", "999"], "turn 999 is outside"),
        (["SAMPLE", "--strike", "0"], "strike 0 is outside"),
        (["SAMPLE", "--event", "-1"], "event -1 is outside"),
    ],
)
def test_errors_are_one_line_and_exit_2(
    args: list[str], message: str, sample_path: Path, tmp_path: Path
) -> None:
    foreign = tmp_path / "foreign.exlog"
    foreign.write_text("not a log\n")
    paths = {"SAMPLE": str(sample_path), "FOREIGN": str(foreign),
             "missing.exlog": str(tmp_path / "missing.exlog")}
    result = run_exceed("replay", *[paths.get(a, a) for a in args])
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert result.stderr.startswith("exceed replay: ") and message in result.stderr
    assert "Traceback" not in result.stderr


def test_seek_options_are_mutually_exclusive(sample_path: Path) -> None:
    result = run_exceed("replay", str(sample_path), "--turn", "1", "--event", "3")
    assert result.returncode == 2
    assert "not allowed with" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("option", ["--turn", "--strike", "--event", "--why"])
def test_seek_options_read_integers_as_every_option_does(
        option: str, sample_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The CLI audit left: ``--turn 0x2`` was refused ("invalid int value") where every
    other integer option (``--recent``, ``--seed``, ``--games``) takes ``0x2``."""
    decimal = run_main(capsys, "replay", str(sample_path), option, "2")
    assert decimal[0] == 0, decimal[2]
    assert run_main(capsys, "replay", str(sample_path), option, "0x2") == decimal
    assert run_main(capsys, "replay", str(sample_path), option, "002") == decimal
    with pytest.raises(SystemExit) as stop:  # argparse's usage error
        main(["replay", str(sample_path), option, "9" * 5000])
    out, err = capsys.readouterr()
    last = err.splitlines()[-1]
    assert stop.value.code == 2 and out == "" and len(last) < 300, err
    assert "(5,000 characters)" in last and "too many digits" in last


@pytest.mark.parametrize("args", [["--event", "999999"], ["--turn", "999"], ["--why", "999999"]])
def test_a_moment_past_a_damaged_logs_prefix_is_one_line_saying_why(
    capsys: pytest.CaptureFixture[str], sample_path: Path, tmp_path: Path, args: list[str]
) -> None:
    """A refused moment of a damaged log printed two lines, the damage warning (as if the
    prefix were about to be replayed) and then the refusal; now one line, the refusal with
    the damage that made the game short, exit 2, nothing on stdout."""
    data = sample_path.read_bytes()
    cut = tmp_path / "cut.exlog"
    cut.write_bytes(data[: len(data) * 2 // 3])
    log = read_game(cut)
    assert log.damage is not None
    code, out, err = run_main(capsys, "replay", str(cut), *args)
    assert (code, out) == (2, "")
    [line] = err.splitlines()
    assert line.startswith("exceed replay: ") and " is outside " in line
    assert line.endswith(f" ({cut}: damaged at byte {log.damage.offset} (frame "
                         f"{log.damage.frame_index}): {log.damage.reason}; the game read has "
                         f"only the {log.event_count} event(s) before it)")
