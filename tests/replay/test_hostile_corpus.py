"""The hostile corpus (issue 11, items 20, 21 and 23): logs whose frames are intact but
whose values the format forbids, and every command run on each of them.

Each bad log is a copy of a sample with one field of one frame changed and the frame
re-encoded with ``engine.recording.log_writer.encode_frame`` (so lengths and CRCs are valid). A bad HEADER
is refused by every command with the same one line (exit 2; ``index`` skips the file and
names it); a bad STEP or TRAILER is damage: every command keeps the good prefix, says
where and why, and exits 1. Nothing ever prints a traceback or exits 70, and the good
logs of the same folder are all indexed. A sweep then sets every field of the header, the
setup step, a strike's step and the trailer to -1, 2**63 and "x" in turn.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb
import pytest

from engine.recording.log import LogFormatError, decode_payload, expanded, iter_frames
from engine.recording.log_writer import encode_frame
from engine.recording.record import read_game_bytes
from replay.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_games"
FROZEN = ROOT / "tests" / "fixtures" / "agent_v1"  # games whose moments stay put
SAMPLE = FROZEN / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"
TEAM_SAMPLE = FROZEN / "ryu+ken-vs-sagat+zangief_heuristic-vs-heuristic_seed300.exlog"
GOOD = [SAMPLE, TEAM_SAMPLE, SAMPLES / "ken-vs-ryu_random-vs-random_seed8.exlog"]

Payload = dict[str, object]
Change = Callable[[list[Payload]], object]
"""Changes the decoded payloads in place (what it returns is not used)."""


def items(payload: Payload, key: str) -> list[Any]:
    """``payload[key]``, a list (a step's events, its causes)."""
    found = payload[key]
    assert isinstance(found, list), found
    return found


def _after_the_end(payloads: list[Payload]) -> None:
    """A game_ended event, and its cause, added to step 8's."""
    items(payloads[9], "events").append(["game_ended", 0, 0])
    items(payloads[9], "causes").append([0, "", -1, -1, -1])


def rebuild(source: Path, change: Change) -> bytes:
    """``source`` with its decoded payloads changed by ``change``, every frame re-encoded
    (a format 6 log's records as plain frames)."""
    data = expanded(source.read_bytes())
    frames = list(iter_frames(data))
    payloads = [decode_payload(payload) for _, _, payload in frames]
    change(payloads)
    return data[:12] + b"".join(
        encode_frame(kind, payload) for (kind, _, _), payload in zip(frames, payloads, strict=True)
    )


def header(key: str, value: object) -> Change:
    def change(payloads: list[Payload]) -> None:
        payloads[0][key] = value
    return change


def deck(seat: int, edit: Callable[[list[str]], list[str]]) -> Change:
    def change(payloads: list[Payload]) -> None:
        decks = payloads[0]["decks"]
        assert isinstance(decks, list)
        decks[seat] = edit(list(decks[seat]))
    return change


def step(frame: int, key: str, value: object) -> Change:
    def change(payloads: list[Payload]) -> None:
        payloads[frame][key] = value
    return change


def event(tag: str, position: int, value: object) -> Change:
    """Set field ``position`` of the first ``tag`` event (``[tag, field1, ...]``)."""
    def change(payloads: list[Payload]) -> None:
        for payload in payloads[1:-1]:
            events = payload["events"]
            assert isinstance(events, list)
            for item in events:
                if item[0] == tag:
                    item[position] = value
                    return
        raise AssertionError(f"no {tag} event")
    return change


def decision(position: int, value: object, tag: str = "move") -> Change:
    def change(payloads: list[Payload]) -> None:
        for payload in payloads[1:-1]:
            chosen = payload["decision"]
            if isinstance(chosen, list) and chosen[0] == tag:
                chosen[position] = value
                return
        raise AssertionError(f"no {tag} decision")
    return change


def trailer(key: str, value: object) -> Change:
    return step(-1, key, value)


# (name, source, change, words the one-line reason must hold)
BAD_HEADERS: list[tuple[str, Path, Change, str]] = [
    ("seed_minus_1", SAMPLE, header("seed", -1), "seed -1 is outside 0..2**64-1"),
    ("seed_minus_2_63", SAMPLE, header("seed", -(2**63)), "is outside 0..2**64-1"),
    ("seed_float", SAMPLE, header("seed", 1.5), "invalid header: Expected `int`"),
    ("format_0", SAMPLE, header("format", 0), "log format 0 is not 1"),
    ("format_8", SAMPLE, header("format", 8), "invalid header: format 8 in a version 6 file "
     "(the header's format and the file's version disagree)"),
    ("format_1_with_definitions", SAMPLE, header("format", 1),
     "a format 1 header cannot carry card definitions"),
    ("definitions_missing", SAMPLE, lambda p: p[0].pop("definitions") and None,
     "a format 6 header must carry card definitions"),
    ("definitions_junk", SAMPLE, header("definitions", b"junk"), "definitions cannot be read"),
    ("engine_text", SAMPLE, header("engine", "x" * 500), "is not a version number"),
    ("card_data_short", SAMPLE, header("card_data", "abc"), "is not 64 hex digits"),
    ("ruleset_unknown", SAMPLE, header("ruleset", "house_rules"), "unknown ruleset"),
    ("ruleset_mismatch", TEAM_SAMPLE, header("ruleset", "core+street_fighter"),
     "does not match seats"),
    ("fighter_unknown", SAMPLE, header("p1", "nobody"), "unknown character 'nobody' in p1"),
    ("team_twice", SAMPLE, header("p1", "ryu+ryu"), "two different characters"),
    # checked against the log's own definitions (format 2), which seat no Sagat
    ("team_of_three", SAMPLE, header("p2", "ryu+ken+sagat"), "unknown character 'sagat' in p2"),
    ("fighter_case", SAMPLE, header("p1", "RYU"), "unknown character 'RYU'"),
    ("deck_unknown_card", SAMPLE, deck(0, lambda d: ["no_such_card", *d[1:]]),
     "unknown card 'no_such_card' in p1's deck"),
    ("deck_short", SAMPLE, deck(1, lambda d: d[:-1]), "p2's deck has 29 cards"),
    ("deck_long", SAMPLE, deck(0, lambda d: d * 4), "p1's deck has 120 cards"),
    ("decks_one", SAMPLE, header("decks", [[]]), "invalid header: Expected `array` of length 2"),
    ("agents_unknown", SAMPLE, header("agents", ["nobody", "random"]), "unknown agent 'nobody'"),
    ("agents_one", SAMPLE, header("agents", ["random"]), "invalid header"),
    ("first_2", SAMPLE, header("first", 2), "invalid header: Invalid enum value 2"),
    ("no_seed", SAMPLE, lambda p: p[0].pop("seed") and None, "missing required field `seed`"),
]

# (name, change, words of the damage reason, frame index of the damage)
BAD_STEPS: list[tuple[str, Change, str, int]] = [
    ("index_2_31", step(5, "index", 2**31), "step 3: index 2147483648 where 3 belongs", 5),
    ("index_2_63_turn_minus_5",
     lambda p: (step(6, "index", 2**63)(p), step(6, "turn", -5)(p)) and None,
     "step 4: index 9223372036854775808 where 4 belongs", 6),
    ("index_gap", step(7, "index", 7), "step 5: index 7 where 5 belongs", 7),
    ("setup_index", step(1, "index", 0), "setup step: index 0 where -1 belongs", 1),
    ("turn_minus_5", step(8, "turn", -5), "step 6: turn -5 is outside 0..100000", 8),
    ("turn_2_31", step(8, "turn", 2**31), "turn 2147483648 is outside", 8),
    ("turn_back", step(20, "turn", 1), "step 18: turn 1 comes after turn", 20),
    ("hash_short", step(9, "hash", b"12345678"), "state hash of 8 bytes, not 16", 9),
    ("setup_decision", step(1, "decision", ["prepare"]), "setup step: setup step has a request", 1),
    ("no_decision", step(10, "decision", None), "step 8: step lacks its request or decision", 10),
    ("card_unknown_ref", event("card_moved", 2, 9999), "card_moved card 9999 is not a card", 1),
    ("card_negative_ref", event("invalid", 2, -1), "invalid card -1 is not a card of this game",
     48),
    ("order_bad_ref", event("deck_shuffled", 2, [2**40]), "deck_shuffled order hold 1099511627776",
     1),
    ("revealed_bad_ref", event("revealed", 2, [150]), "revealed p2 hold 150", 7),
    ("space_0", event("moved", 3, 0), "moved dst 0 is not a space 1..9", 4),
    ("space_huge", decision(1, 2**62), "move space 4611686018427387904 is not a space", 8),
    ("damage_huge", event("damage", 2, 2**40), "damage amount 1099511627776 is outside 0..999",
     7),
    ("damage_negative", event("damage", 2, -3), "damage amount -3 is outside 0..999", 7),
    ("mulligan_negative", event("mulligan", 2, -1), "mulligan count -1 is outside", 2),
    ("turn_event_huge", event("turn_started", 2, 2**31), "turn_started turn 2147483648", 3),
    ("flag_bits", event("flag", 2, 2**40), "flag flag 1099511627776", 7),
    ("priority_huge", event("priority", 2, -(2**63)), "priority speed_p1 -9223372036854775808", 7),
    ("unknown_tag", event("stunned", 0, "teleported"), "invalid step payload", 7),
    ("step_after_the_end",
     _after_the_end,
     "step 8: comes after the game ended", 10),
    ("causes_short", lambda p: items(p[8], "causes").pop() and None,
     "step 6 has", 8),
    ("cause_after_itself", lambda p: items(p[8], "causes")[0].__setitem__(4, 10**6),
     "follows from event 1000000, not an earlier one", 8),
    ("trailer_decisions", trailer("decisions", -1), "trailer: decisions -1 but the steps hold 55",
     57),
    ("trailer_events", trailer("events", 2**63), "trailer: events 9223372036854775808", 57),
    ("trailer_strikes", trailer("strikes", 9), "trailer: strikes 9 but the steps hold 8", 57),
    ("trailer_winner", trailer("winner", 0), "trailer: winner or reason differs", 57),
    ("trailer_hash", trailer("hash", bytes(16)), "trailer: final hash differs", 57),
]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of every bad log above next to good samples."""
    folder = tmp_path_factory.mktemp("hostile")
    for name, source, change, _ in BAD_HEADERS:
        (folder / f"header_{name}.exlog").write_bytes(rebuild(source, change))
    for name, change, _, _ in BAD_STEPS:
        (folder / f"step_{name}.exlog").write_bytes(rebuild(SAMPLE, change))
    for good in GOOD:
        shutil.copy(good, folder / good.name)
    return folder


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "internal error" not in err, err
    assert code != 70
    return code, out, err


def test_the_rebuilt_sample_is_byte_identical() -> None:
    # the builder itself changes nothing: decode + encode_frame gives the same records
    # (a format 6 sample's, as plain frames)
    assert rebuild(SAMPLE, lambda payloads: None) == expanded(SAMPLE.read_bytes())


@pytest.mark.parametrize(("name", "source", "change", "reason"), BAD_HEADERS,
                         ids=[case[0] for case in BAD_HEADERS])
def test_a_bad_header_is_refused_by_every_command_with_the_same_line(
    capsys: pytest.CaptureFixture[str], corpus: Path, name: str, source: Path,
    change: Change, reason: str,
) -> None:
    path = str(corpus / f"header_{name}.exlog")
    with pytest.raises(LogFormatError) as refused:
        read_game_bytes((corpus / f"header_{name}.exlog").read_bytes(), path)
    line = str(refused.value)
    assert line.startswith(f"{path}: ") and reason in line and "\n" not in line
    code, out, err = run(capsys, "info", path)
    assert (code, out, err) == (2, "", line + "\n")
    code, out, err = run(capsys, "verify", path)
    assert (code, out, err) == (2, "", line + "\n")
    code, out, err = run(capsys, "replay", path)
    assert (code, out, err) == (2, "", f"exceed replay: {line}\n")


@pytest.mark.parametrize(("name", "change", "reason", "frame"), BAD_STEPS,
                         ids=[case[0] for case in BAD_STEPS])
def test_a_bad_step_is_damage_and_every_command_keeps_the_good_prefix(
    capsys: pytest.CaptureFixture[str], corpus: Path, name: str, change: Change,
    reason: str, frame: int,
) -> None:
    path = str(corpus / f"step_{name}.exlog")
    log = read_game_bytes((corpus / f"step_{name}.exlog").read_bytes(), path)
    assert log.damage is not None and reason in log.damage.reason, log.damage
    assert log.damage.frame_index == frame and not log.sealed
    assert len(log.steps) == min(frame, 57) - 1  # every step before the bad frame is kept
    code, out, err = run(capsys, "info", path)
    assert code == 1 and err == ""
    assert f"problem: stopped at byte {log.damage.offset} (frame {frame}): " in out
    assert reason in out
    code, out, err = run(capsys, "verify", path)
    assert code == 1 and err == ""
    assert f"{path}: damaged log: " in out and reason in out
    assert f"{path}: identical (" not in out  # issue 11 item 23
    code, out, err = run(capsys, "replay", path)
    assert code == 1 and len(err.splitlines()) == 1
    assert err.startswith("exceed replay: warning: ") and reason in err
    assert f"event {log.event_count}/{log.event_count} · as all ==" in out


def test_index_skips_bad_headers_indexes_damaged_prefixes_and_every_good_log(
    capsys: pytest.CaptureFixture[str], corpus: Path, tmp_path: Path
) -> None:
    db = tmp_path / "index.duckdb"
    code, _, err = run(capsys, "index", str(corpus), "--db", str(db), "--jobs", "1")
    assert code == 1  # some files were skipped
    for name, _, _, reason in BAD_HEADERS:
        lines = [line for line in err.splitlines() if f"header_{name}.exlog" in line]
        assert len(lines) == 1 and ": skipped: " in lines[0] and reason in lines[0], lines
    for name, _, reason, _ in BAD_STEPS:
        lines = [line for line in err.splitlines() if f"step_{name}.exlog" in line]
        assert len(lines) == 1 and ": damaged: " in lines[0] and reason in lines[0], lines
    with duckdb.connect(str(db), read_only=True) as con:
        rows = dict(con.execute("SELECT path, sealed FROM games").fetchall())
    names = {Path(path).name: sealed for path, sealed in rows.items()}
    assert {good.name for good in GOOD} <= {n for n, sealed in names.items() if sealed}
    assert {f"step_{case[0]}.exlog" for case in BAD_STEPS} == {
        n for n, sealed in names.items() if not sealed}
    assert len(rows) == len(GOOD) + len(BAD_STEPS)


def test_commands_in_a_subprocess_print_one_line_and_no_traceback(corpus: Path,
                                                                  tmp_path: Path) -> None:
    exceed = Path(sys.executable).parent / "exceed"
    bad = corpus / "header_seed_minus_1.exlog"
    for command in ("info", "verify", "replay"):
        result = subprocess.run([str(exceed), command, str(bad)], capture_output=True,
                                text=True, timeout=600)
        assert result.returncode == 2, result.stderr
        assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr
        assert "seed -1 is outside 0..2**64-1" in result.stderr
    db = tmp_path / "i.duckdb"
    result = subprocess.run([str(exceed), "index", str(corpus), "--db", str(db), "--jobs", "2"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 1 and "Traceback" not in result.stderr  # 1: files skipped
    assert len(result.stderr.splitlines()) == len(BAD_HEADERS) + len(BAD_STEPS)
    with duckdb.connect(str(db), read_only=True) as con:
        count = con.execute("SELECT count(*) FROM games").fetchone()
    assert count == (len(GOOD) + len(BAD_STEPS),)


def test_values_at_the_edges_of_the_ranges_are_read(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    path = tmp_path / "edge.exlog"
    path.write_bytes(rebuild(SAMPLE, lambda p: (header("seed", 2**64 - 1)(p),
                                                 header("agents", ["human", "heuristic"])(p))
                             and None))
    code, out, err = run(capsys, "info", str(path))
    assert (code, err) == (0, "")
    assert ", seed 18446744073709551615, agents human/heuristic, first " in out
    assert "  sealed: yes\n" in out


def test_events_that_do_not_fold_are_refused_by_replay_and_never_identical(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # in range, but card 115 is drawn from p2's gauge, where it is not: only a fold sees it
    path = tmp_path / "nofold.exlog"
    path.write_bytes(rebuild(SAMPLE, event("card_moved", 3, 3)))
    assert read_game_bytes(path.read_bytes()).damage is None
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (2, "")
    assert err == (f"exceed replay: {path}: event 3 (card_moved) does not fold onto the "
                   "game so far: ValueError: list.remove(x): x not in list\n")
    code, out, err = run(capsys, "verify", str(path))
    assert code == 1 and f"{path}: identical" not in out
    assert "recorded events do not fold" in out
    code, _, err = run(capsys, "index", str(path), "--db", str(tmp_path / "i.duckdb"),
                       "--jobs", "1")
    assert code == 1 and f"{path}: skipped: " in err


def _leaves(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every scalar position in a decoded payload (tags of events and decisions excluded)."""
    if isinstance(value, dict):
        return [leaf for key, item in value.items() for leaf in _leaves(item, (*path, key))]
    if isinstance(value, list):
        return [leaf for i, item in enumerate(value) if not (i == 0 and isinstance(item, str))
                for leaf in _leaves(item, (*path, i))]
    return [path]


def _set(payload: Payload, path: tuple[object, ...], value: object) -> None:
    target: Any = payload  # the decoded payload's nested dicts and lists, any depth
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


# the header's keys, the setup step, a strike's step and the trailer: every field kind
_SWEEP_FRAMES = (0, 1, 8, -1)
_SAMPLE_FRAMES = list(iter_frames(expanded(SAMPLE.read_bytes())))
_SWEEP = [(frame, path) for frame in _SWEEP_FRAMES
          for path in _leaves(decode_payload(_SAMPLE_FRAMES[frame][2]))
          if frame != 0 or path[0] != "decks" or path[-1] in (0, 29)]


@pytest.mark.parametrize("value", [-1, 2**63, "x"])
def test_every_field_of_every_frame_kind_set_out_of_range_never_crashes(value: object) -> None:
    """Each leaf of the header, the setup step, a strike's step and the trailer is set to
    ``value`` in turn: the reader refuses or keeps a prefix, and nothing downstream of it
    (replay, verify, index rows) raises anything but a one-line ``LogFormatError``."""
    from replay.index.rows import ChunkRows
    from replay.verification.verify import verify
    from replay.viewer.cursor import Replay

    outcomes = {"refused": 0, "damaged": 0, "read": 0}
    original = expanded(SAMPLE.read_bytes())  # what rebuild gives for no change
    for frame, path in _SWEEP:
        def change(payloads: list[Payload], frame: int = frame,
                   path: tuple[object, ...] = path) -> None:
            _set(payloads[frame], path, value)
        data = rebuild(SAMPLE, change)
        if data == original:  # the field already held ``value``
            continue
        try:
            log = read_game_bytes(data, "sweep.exlog")
        except LogFormatError as error:
            assert "\n" not in str(error) and str(error).startswith("sweep.exlog: ")
            outcomes["refused"] += 1
            continue
        outcomes["damaged" if log.damage is not None else "read"] += 1
        try:
            Replay(log)
        except LogFormatError as error:
            assert "\n" not in str(error), (frame, path)
        verdict = verify(log)
        assert log.damage is not None or not verdict.identical, (frame, path)
        rows = ChunkRows()
        try:
            rows.add(log, "0" * 64)
        except (ValueError, KeyError, AssertionError, IndexError):
            pass  # the indexer skips this file with the reason
        rows.tables()
    assert outcomes["refused"] > 0 and outcomes["damaged"] > 0, outcomes
    assert sum(outcomes.values()) > 100, outcomes
