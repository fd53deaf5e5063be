"""``exceed fork`` (``replay/fork.py``, ``replay/options.py``, ``replay/prompt.py``,
``replay/cli/fork.py``): a recorded game replayed to a decision, another option taken
there and the game played on into a new log that verifies, names its parent and keeps
the parent's decisions before the fork point; the option listing; every refusal as one
line; a person playing a seat from scripted stdin."""

from __future__ import annotations

import hashlib
import io
import shutil
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

import msgpack
import msgspec
import pytest

from engine import (
    GameLog,
    Player,
    Recording,
    Scenario,
    State,
    default_catalog,
    new_game,
    observe,
    read_game,
    read_game_bytes,
)
from engine.recording.log import FORMAT_VERSION, expanded
from replay.fork import ForkError, fork_game, fork_point, open_parent
from replay.prompt import position_lines
from replay.summary import summary_rows
from replay.verification.verify import verify
from tests.engine.recording.log_helpers import with_decision
from tests.replay.conftest import Result

Cli = Callable[..., Result]
SAMPLE = "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"


@pytest.fixture
def parent(tmp_path: Path) -> Path:
    """A copy of a short heuristic game (Ryu vs Ken; a frozen one, whose options at each
    decision stay put when the agents' play changes) in its own folder."""
    source = Path(__file__).resolve().parents[1] / "fixtures" / "agent_v1" / SAMPLE
    copy = tmp_path / SAMPLE
    shutil.copy(source, copy)
    return copy


def _turn_start(log: GameLog) -> int:
    """The index of the first decision asking a turn's action."""
    return next(s.index for s in log.steps if s.request is not None and s.request.kind == "action")


def _frames(data: bytes) -> list[tuple[int, int, bytes]]:
    """(offset, kind, payload) of every frame after the 12-byte preamble (a format 6
    log's records, as plain frames: ``expanded``)."""
    data = expanded(data)
    frames, at = [], 12
    while at < len(data):
        size, kind, _ = struct.unpack(">IBI", data[at:at + 9])
        frames.append((at, kind, data[at + 9:at + 9 + size]))
        at += 9 + size
    return frames


def _with_header(data: bytes, **changes: object) -> bytes:
    """``data`` with its HEADER's keys changed (re-encoded with a right CRC)."""
    data = expanded(data)
    frames = _frames(data)
    header = msgpack.unpackb(frames[0][2], raw=False)
    header.update(changes)
    body = msgspec.msgpack.Encoder(order="deterministic").encode(header)
    framed = struct.pack(">IBI", len(body), 1, zlib.crc32(b"\x01" + body)) + body
    return data[:12] + framed + data[frames[1][0]:]


def _one_line(result: Result) -> str:
    lines = result.err.splitlines()
    assert len(lines) == 1, result.err
    assert lines[0].startswith("exceed fork: "), lines[0]
    assert "Traceback" not in result.err + result.out
    return lines[0]


# --- forking -----------------------------------------------------------------------------


def test_a_fork_at_a_turn_start_verifies_and_names_its_parent(parent: Path, cli: Cli) -> None:
    before = parent.read_bytes()
    log = read_game(parent)
    at = _turn_start(log)
    point = fork_point(open_parent(parent), at)
    assert point.played is not None and point.asked.endswith("chooses the turn's action")
    choose = next(o.number for o in point.listing.options if o is not point.played)
    result = cli("fork", parent, "--at", str(at), "--choose", str(choose))
    assert (result.code, result.err) == (0, ""), result.err
    new = parent.with_name(f"{parent.stem}_fork-d{at}-o{choose}.exlog")
    assert result.out == (
        f"wrote {new}: fork of {parent} (id {hashlib.sha256(before).hexdigest()[:12]}) at "
        f"decision {at} (turn {point.turn}): option {choose} "
        f"{point.listing.options[choose].label} instead of {point.played.number} "
        f"{point.played.label}; heuristic vs heuristic: "
        + result.out.split("; heuristic vs heuristic: ", 1)[1])  # a label may hold ": "
    forked = read_game(new)
    assert forked.sealed and forked.damage is None
    # the loser named, as exceed info says it: "life reached 0" alone named nobody
    assert f"({dict(summary_rows(forked))['result'].split(' (', 1)[1]} on turn" in result.out
    h = forked.header
    assert (h.parent, h.fork_at) == (hashlib.sha256(before).hexdigest(), at)
    assert (h.seed, h.p1, h.p2, h.decks, h.first) == (log.header.seed, log.header.p1,
                                                      log.header.p2, log.header.decks,
                                                      log.header.first)
    # the parent's first `at` steps exactly (requests, decisions, events, hashes), then
    # the chosen option where the parent played another
    assert forked.steps[: at + 1] == log.steps[: at + 1]
    assert forked.decisions[:at] == log.decisions[:at]
    assert forked.decisions[at] == point.listing.options[choose].decision != log.decisions[at]
    assert forked.steps[at + 1].request == log.steps[at + 1].request
    verdict = verify(forked)
    assert verdict.identical, verdict.lines()
    assert cli("verify", new).code == 0
    info = cli("info", new)
    assert f"  fork: of game {h.parent[:12]} at decision {at} " in info.out
    assert parent.read_bytes() == before  # the parent is only read


def test_choosing_the_option_played_says_so(parent: Path, cli: Cli) -> None:
    """The option the parent played, taken again (to let other agents play on from the
    same decision): the line said ``option 13 Strike instead of 13 Strike``."""
    point = fork_point(open_parent(parent), 2)
    assert point.played is not None
    played = point.played.number
    result = cli("fork", parent, "--at", "2", "--choose", str(played))
    assert result.code == 0, result.err
    assert (f"at decision 2 (turn {point.turn}): option {played} {point.played.label}, "
            "the one the parent played; heuristic vs heuristic: ") in result.out
    assert "instead of" not in result.out


def test_the_fork_header_keys_are_written_only_for_a_fork(parent: Path, cli: Cli) -> None:
    data = parent.read_bytes()
    plain = msgpack.unpackb(_frames(data)[0][2], raw=False)
    assert "parent" not in plain and "fork_at" not in plain
    assert cli("fork", parent, "--at", "2", "--choose", "0").code == 0
    new = parent.with_name(f"{parent.stem}_fork-d2-o0.exlog").read_bytes()
    forked = msgpack.unpackb(_frames(new)[0][2], raw=False)
    assert forked["parent"] == hashlib.sha256(data).hexdigest() and forked["fork_at"] == 2
    assert forked["format"] == FORMAT_VERSION  # a fork is a new log, in this format
    assert {k: v for k, v in forked.items() if k not in ("parent", "fork_at", "format")} == {
        k: v for k, v in plain.items() if k != "format"}


def test_the_same_fork_gives_the_same_bytes_and_seed_changes_the_agents(
    parent: Path, tmp_path: Path
) -> None:
    a = fork_game(parent, 2, 0, ("random", "random"), out=tmp_path / "a.exlog")
    b = fork_game(parent, 2, 0, ("random", "random"), out=tmp_path / "b.exlog")
    assert a.path.read_bytes() == b.path.read_bytes()
    c = fork_game(parent, 2, 0, ("random", "random"), out=tmp_path / "c.exlog", seed=99)
    log_a, log_c = read_game(a.path), read_game(c.path)
    assert log_c.header.seed == log_a.header.seed  # the game keeps the parent's seed
    assert log_c.decisions[:3] == log_a.decisions[:3] and log_c.decisions != log_a.decisions
    assert verify(log_c).identical


def test_a_built_position_parent_forks_from_its_position(tmp_path: Path) -> None:
    builder = Scenario("ryu", "ken", default_catalog())
    builder.player(Player.P1, space=4, hand=["hadoken", "focus", "grasp"])
    builder.player(Player.P2, space=6, life=12)
    builder.active(Player.P1)
    path = tmp_path / "position.exlog"
    with open(path, "wb") as stream:
        recording = Recording(builder.game(5), 5, stream, ("heuristic", "random"))
        recording.play_out()
        recording.seal()
    parent = read_game(path)
    assert parent.header.position > 0
    point = fork_point(open_parent(path), 0)
    choose = next(o.number for o in point.listing.options if o is not point.played)
    result = fork_game(path, 0, choose, ("random", "heuristic"))
    forked = read_game(result.path)
    assert forked.header.position == parent.header.position
    assert forked.steps[0] == parent.steps[0]
    assert verify(forked).identical


def test_a_damaged_parent_forks_inside_its_good_prefix(parent: Path, cli: Cli) -> None:
    data = parent.read_bytes()
    parent.write_bytes(data[: len(data) // 2])
    good = len(read_game(parent).decisions)
    assert cli("fork", parent, "--at", "2", "--choose", "0", "--out",
               parent.with_name("ok.exlog")).code == 0
    assert verify(read_game(parent.with_name("ok.exlog"))).identical
    damage = read_game(parent).damage
    assert damage is not None
    line = _one_line(cli("fork", parent, "--at", str(good + 5), "--choose", "0"))
    assert line == (f"exceed fork: --at {good + 5} is past the end: {parent} is damaged at "
                    f"frame {damage.frame_index} ({damage.reason}); "
                    f"its good prefix holds decisions 0-{good - 1}")


# --- listing -------------------------------------------------------------------------------


def test_without_choose_the_options_are_listed_and_nothing_written(parent: Path,
                                                                   cli: Cli) -> None:
    result = cli("fork", parent, "--at", "2")
    assert (result.code, result.err) == (0, "")
    lines = result.out.splitlines()
    assert lines[0] == (f"{parent}: decision 2 (turn 1): p2 Ken Masters chooses the turn's "
                        "action; 15 option(s)")
    # each Move with its force: the distance travelled (Ken on 3, Ryu on 7; crossing
    # Ryu's space costs 1 more and his space is not counted, so 3 -> 8 is 5)
    assert lines[1:8] == ["    0  Prepare", "    1  Move to space 1 (2 force)",
                          "    2  Move to space 2 (1 force)", "    3  Move to space 4 (1 force)",
                          "    4  Move to space 5 (2 force)", "    5  Move to space 6 (3 force)",
                          "    6  Move to space 8 (5 force)"]
    assert "    8  Boost Block (Parry)" in lines and "   13  Strike" in lines
    assert "   14  Character action: Ken's rush  <- played" in lines
    assert lines[-1] == f"fork with: exceed fork {parent} --at 2 --choose N"
    assert sorted(p.name for p in parent.parent.iterdir()) == [SAMPLE]


def test_a_recorded_decision_not_offered_is_named(parent: Path, cli: Cli) -> None:
    """A log whose decision 2 this engine refuses (a move onto p1's own space): the
    listing said only ``(the option played is not listed)`` and the fork ``instead of an
    option not listed``, so the developer could not see what the log had played there."""
    # decision 2 (step 3, after the setup step): p1 stands on 7
    refused = with_decision(parent, parent.with_name("refused.exlog"), 3, ["move", 7])
    result = cli("fork", refused, "--at", "2")
    assert result.code == 0, result.err
    assert ("  (the option played is not listed: the log records move(space=7), which this "
            "engine does not offer here)") in result.out.splitlines()
    result = cli("fork", refused, "--at", "2", "--choose", "0", "--out",
                 parent.with_name("f.exlog"))
    assert result.code == 0, result.err
    assert ": option 0 Prepare instead of the recorded move(space=7), not offered; " \
        in result.out


def test_a_payment_lists_its_card_sets_and_marks_the_one_played(parent: Path,
                                                                cli: Cli) -> None:
    log = read_game(parent)
    at = next(s.index for s in log.steps if s.request is not None
              and s.request.kind == "mulligan")
    point = fork_point(open_parent(parent), at)
    labels = [o.label for o in point.listing.options]
    assert labels[0] == "Keep the opening hand"
    assert point.played is not None
    assert point.listing.options[point.played.number].decision.cards == tuple(  # type: ignore[union-attr]
        sorted(log.decisions[at].cards))  # type: ignore[union-attr]
    sizes = [len(o.decision.cards) for o in point.listing.options]  # type: ignore[union-attr]
    assert sizes == sorted(sizes) and len(sizes) == 2 ** sizes[-1]


# --- refusals --------------------------------------------------------------------------------


def test_at_past_the_end_names_the_valid_range(parent: Path, cli: Cli) -> None:
    count = len(read_game(parent).decisions)
    line = _one_line(cli("fork", parent, "--at", "9999", "--choose", "0"))
    assert line == f"exceed fork: --at 9999 is past the end: {parent} has decisions 0-{count - 1}"
    assert cli("fork", parent, "--at", "9999").code == 2  # the listing too


def test_an_illegal_choose_names_the_legal_options(parent: Path, cli: Cli) -> None:
    result = cli("fork", parent, "--at", "2", "--choose", "15")
    assert result.code == 2
    assert _one_line(result) == ("exceed fork: --choose 15 is not an option at decision 2: "
                                 "the options are 0-14 (list them without --choose)")
    assert sorted(p.name for p in parent.parent.iterdir()) == [SAMPLE]  # no .part left


@pytest.mark.parametrize(("agents", "says"), [
    ("mcts,heuristic", "unknown agent 'mcts'; known: random, heuristic, search, search:N, "
                       "human (search:N searches N iterations, 1..100000; search is search:128)"),
    ("search:0,heuristic", "agent 'search:0': N must be 1..100000, digits only, no leading "
                           "zero; known: random, heuristic, search, search:N, human (search:N "
                           "searches N iterations, 1..100000; search is search:128)"),
    ("heuristic", "--agents takes two seats P1,P2 (each one of random, heuristic, search, "
                  "search:N, human), got 'heuristic'"),
])
def test_an_unknown_agent_is_one_line(parent: Path, cli: Cli, agents: str, says: str) -> None:
    result = cli("fork", parent, "--at", "2", "--choose", "0", "--agents", agents)
    assert result.code == 2 and _one_line(result) == f"exceed fork: {says}"


def test_a_dangling_symlink_out_is_refused_before_playing(parent: Path, cli: Cli) -> None:
    """A symlink at ``--out`` to a file not there yet was taken for a free name (the
    fork was played, then kept as ``.part``); now it is refused at once, one line."""
    link, pointed = parent.with_name("link.exlog"), parent.with_name("elsewhere.exlog")
    link.symlink_to(pointed)
    result = cli("fork", parent, "--at", "2", "--choose", "0", "--out", link)
    assert result.code == 2
    assert _one_line(result) == (f"exceed fork: {link} already exists; name another file "
                                 "with --out")
    assert not pointed.exists()
    assert sorted(p.name for p in parent.parent.iterdir()) == sorted([SAMPLE, "link.exlog"])


def test_an_existing_out_is_never_overwritten(parent: Path, cli: Cli) -> None:
    taken = parent.with_name("taken.exlog")
    taken.write_bytes(b"mine")
    result = cli("fork", parent, "--at", "2", "--choose", "0", "--out", taken)
    assert result.code == 2
    assert _one_line(result) == (f"exceed fork: {taken} already exists; name another file "
                                 "with --out")
    assert taken.read_bytes() == b"mine"
    assert cli("fork", parent, "--at", "2", "--choose", "0").code == 0
    again = cli("fork", parent, "--at", "2", "--choose", "0")  # the default name, now taken
    assert again.code == 2 and "already exists" in _one_line(again)


@pytest.mark.parametrize(("make", "says"), [
    (lambda data: b"not a log at all", "not an EXCEED log"),
    (lambda data: data[:8] + b"\x00\x08" + data[10:], "newer than this reader"),
    # a header's format past the file's own version is no newer log: the two disagree
    (lambda data: _with_header(data, format=8), "invalid header: format 8 in a version 6 "
     "file (the header's format and the file's version disagree)"),
    # format 4: card_data is the fingerprint of the log's own definitions (issue 29)
    (lambda data: _with_header(data, card_data="0" * 64),
     "invalid header: card_data 000000000000 does not match the definitions"),
    (lambda data: _with_header(data, parent="ab" * 32), "invalid header: parent and fork_at"),
])
def test_a_log_that_cannot_be_forked_is_one_line(
    parent: Path, cli: Cli, make: Callable[[bytes], bytes], says: str
) -> None:
    parent.write_bytes(make(parent.read_bytes()))
    for args in (("--choose", "0"), ()):
        result = cli("fork", parent, "--at", "2", *args)
        assert result.code == 2 and says in _one_line(result), result.err
    assert sorted(p.name for p in parent.parent.iterdir()) == [SAMPLE]


def test_the_api_refuses_with_fork_error(parent: Path) -> None:
    with pytest.raises(ForkError, match="--at 5000 is past the end"):
        fork_game(parent, 5000, 0)
    with pytest.raises(ForkError, match="a human seat needs a person"):
        fork_game(parent, 2, 0, ("human", "heuristic"))


# --- a person at the terminal -------------------------------------------------------------------


class _Interrupted(io.StringIO):
    # typeshed ignores this override in StringIO too (its _IOBase base reads bytes)
    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        raise KeyboardInterrupt


def test_a_person_plays_p1_from_stdin(parent: Path, cli: Cli,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # bad input first (a word, a number out of range), then always the first option
    monkeypatch.setattr("sys.stdin", io.StringIO("seven\n99\n" + "0\n" * 3000))
    result = cli("fork", parent, "--at", "2", "--choose", "13", "--agents", "human,heuristic")
    assert (result.code, result.err) == (0, ""), result.err
    out = result.out.splitlines()
    first = next(at for at, line in enumerate(out) if line.startswith("-- decision "))
    assert first > 0  # what happened after the fork point is told first
    assert ": p1 Ryu chooses " in out[first]
    you = next(at for at in range(first, len(out)) if out[at].startswith("  you  p1 Ryu | "))
    assert you <= first + 2  # after the strike line, if the question is in a strike
    assert out[you + 1].startswith("  them p2 Ken Masters | life ")
    assert any(line.startswith("'seven' is not an option or a command: enter a number 0-")
               and line.endswith(", or ? for help") for line in out)
    assert any(line.startswith("'99' is not an option: enter a number 0-") for line in out)
    assert out[-1].startswith(f"wrote {parent.with_name(parent.stem + '_fork-d2-o13.exlog')}")
    forked = read_game(parent.with_name(f"{parent.stem}_fork-d2-o13.exlog"))
    assert forked.header.agents == ("human", "heuristic")
    assert verify(forked).identical


def test_the_prompt_shows_only_what_the_player_sees(parent: Path) -> None:
    catalog = default_catalog()
    state = _state_at(read_game(parent), 20)
    lines = position_lines(observe(state, Player.P1), Player.P1, catalog)
    hand = [catalog.card(state.card_defs[r]).name for r in state.players[0].hand]
    assert lines[0].startswith("you  p1 Ryu | ") and lines[1].startswith("them p2 Ken")
    assert lines[2] == f"your hand: {', '.join(hand) or '-'}"
    assert f"hand {len(state.players[1].hand)}" in lines[1].split(" | ")
    assert not any("hand:" in line for line in lines if line is not lines[2])


def _state_at(log: GameLog, decisions: int) -> State:
    game = new_game(log.header.setup, log.header.seed)
    for decision in log.decisions[:decisions]:
        game.step(decision)
    return game.state


def _kept(parent: Path, decisions: int) -> None:
    """The fork's log beside the parent holds the game up to the stop, unfinished, and
    re-simulates as the prefix it is."""
    new = parent.with_name(f"{parent.stem}_fork-d2-o13.exlog")
    assert sorted(p.name for p in parent.parent.iterdir()) == sorted([SAMPLE, new.name])
    log = read_game(new)
    assert not log.sealed and len(log.decisions) == decisions
    assert log.header.fork_at == 2
    report = verify(log)  # an identical prefix: no divergence, no damage, all checked
    assert (report.divergence, report.damage, report.checked) == (None, None, decisions)


def test_end_of_input_stops_cleanly_and_keeps_the_game_so_far(
        parent: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("x\n"))
    result = cli("fork", parent, "--at", "2", "--choose", "13", "--agents", "human,heuristic")
    assert result.code == 1
    new = parent.with_name(f"{parent.stem}_fork-d2-o13.exlog")
    assert _one_line(result) == ("exceed fork: stopped at decision 4 (end of input); the "
                                 f"game so far is kept, unfinished, in {new}")
    assert "'x' is not an option" in result.out
    _kept(parent, 4)


def test_ctrl_c_stops_cleanly_and_keeps_the_game_so_far(
        parent: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", _Interrupted())
    result = cli("fork", parent, "--at", "2", "--choose", "13", "--agents", "heuristic,human")
    assert result.code == 130
    line = _one_line(result)
    assert line.startswith("exceed fork: stopped at decision ")
    assert line.endswith(" (interrupted); the game so far is kept, unfinished, in "
                         f"{parent.with_name(parent.stem + '_fork-d2-o13.exlog')}")
    _kept(parent, int(line.split("decision ")[1].split(" ")[0]))


def test_read_game_bytes_of_a_fork_matches_the_file(parent: Path) -> None:
    result = fork_game(parent, 2, 1)
    data = result.path.read_bytes()
    assert read_game_bytes(data).steps == read_game(result.path).steps


def test_a_new_log_in_a_missing_folder_is_one_line(parent: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Audit: ``--out`` in a folder that does not exist was an internal error (exit 70,
    ``FileNotFoundError`` on ``NEW.part``); now it is a refusal naming the file, exit 2."""
    from replay.cli import main

    target = parent.parent / "missing" / "what_if.exlog"
    code = main(["fork", str(parent), "--at", "2", "--choose", "0", "--out", str(target)])
    err = capsys.readouterr().err
    assert code == 2
    assert err == f"exceed fork: cannot write {target}: No such file or directory\n"
    assert not target.parent.exists()
    with pytest.raises(ForkError, match="cannot write"):
        fork_game(parent, 2, 0, out=target)


def test_a_parent_read_from_a_pipe_forks_into_the_current_folder(tmp_path: Path) -> None:
    """Attack 3: ``exceed fork - --at 3 --choose 0`` (the parent piped in) wrote its new
    log beside ``/dev/stdin``, into ``/dev`` (``/dev/stdin_fork-d3-o0.exlog``; for a user
    who cannot write there, "cannot write /dev/..." after the whole game was played), and
    ``<(zstdcat F)`` into ``/dev/fd``. A parent that is no regular file forks into the
    current folder."""
    import os
    import subprocess
    import sys

    from replay.fork import default_out

    pipe = tmp_path / "piped.exlog"
    os.mkfifo(pipe)
    assert default_out(pipe, 3, 0) == Path("piped_fork-d3-o0.exlog")
    (tmp_path / "a.exlog").write_bytes(b"")
    assert default_out(tmp_path / "a.exlog", 3, 0) == tmp_path / "a_fork-d3-o0.exlog"
    root = Path(__file__).resolve().parents[2]
    parent = root / "sample_games" / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"
    wrong = Path("/dev/stdin_fork-d3-o0.exlog")
    try:
        result = subprocess.run(
            [sys.executable, "-m", "replay.cli", "fork", "-", "--at", "3", "--choose", "0"],
            input=parent.read_bytes(), capture_output=True, cwd=tmp_path, timeout=300,
            env={**os.environ, "PYTHONPATH": str(root)})
        assert not wrong.exists()
    finally:
        if wrong.exists() and wrong.stat().st_size and not wrong.is_char_device():
            wrong.unlink()  # what the defect wrote (as root), not left in /dev
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().startswith("wrote stdin_fork-d3-o0.exlog: fork of /dev/stdin")
    assert read_game(tmp_path / "stdin_fork-d3-o0.exlog").header.fork_at == 3


def test_an_out_that_is_a_folder_says_what_out_takes(parent: Path, cli: Cli) -> None:
    """Walking the terminal: ``fork --out DIR`` said ``DIR already exists; name another
    file with --out``, where ``play --out DIR`` says what ``--out`` takes; fork says the
    same now, before replaying, and the folder is left as it was."""
    folder = parent.with_name("forks")
    folder.mkdir()
    result = cli("fork", parent, "--at", "2", "--choose", "0", "--out", folder)
    assert result.code == 2
    assert _one_line(result) == (f"exceed fork: {folder} is a folder; --out takes the log "
                                 "file to write")
    assert list(folder.iterdir()) == []
