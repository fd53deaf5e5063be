"""Format 5 (issue 30): the seams a live game needs in the engine and its recorder.

A resignation and a flag fall are decisions (``Resign``, ``FlagFall``) accepted at any
request from either seat and recorded like any other; the header may name the seats'
players; a THINK frame keeps a decision's thinking time beside it; an ABANDONED frame
seals an unfinished game as abandoned; a recorder can append to a log written by
another process (``Recorder.resumed``). ``docs/log-format.md`` section 10 (version
4 -> 5) and P.10.
"""

from __future__ import annotations

import io

import msgspec
import pytest

from engine.core.decisions import FlagFall, IllegalDecision, Resign
from engine.core.ids import Player
from engine.core.state import EndReason
from engine.play.api import GameSetup, new_game
from engine.recording.checks import MAX_PLAYER_NAME, player_name_problem
from engine.recording.game_log import Think
from engine.recording.log import FORMAT_VERSION, FrameKind, read_log_bytes
from engine.recording.record import Recorder, Recording, read_game_bytes
from tests.decision_kit import first_legal

SETUP = GameSetup(p1="ryu", p2="ken")
P1, P2 = Player.P1, Player.P2


def _play(recording: Recording, count: int) -> None:
    for _ in range(count):
        recording.step(first_legal(recording.game.pending))


def test_the_seat_not_on_move_may_resign_and_the_log_says_so() -> None:
    stream = io.BytesIO()
    recording = Recording(new_game(SETUP, 11), 11, stream, ("human", "heuristic"))
    _play(recording, 3)
    assert recording.game.pending is not None
    waiting_for = recording.game.pending.player
    caused = recording.step(Resign(player=waiting_for.other))  # the seat not on move
    assert recording.game.over and recording.game.state.winner is waiting_for
    assert recording.game.state.end_reason is EndReason.RESIGNED
    assert [type(e).__name__ for e in caused] == ["GameEnded"]
    recording.seal()
    log = read_game_bytes(stream.getvalue(), "r.exlog")
    assert log.sealed and log.damage is None and log.header.format == FORMAT_VERSION
    assert log.trailer is not None and log.trailer.reason is EndReason.RESIGNED
    assert log.decisions[-1] == Resign(player=waiting_for.other)
    assert log.steps[-1].request is not None  # the request that was pending, recorded


def test_a_flag_fall_loses_on_time() -> None:
    game = new_game(SETUP, 3)
    game.step(FlagFall(player=P1))
    assert game.state.winner is P2 and game.state.end_reason is EndReason.TIME
    with pytest.raises(IllegalDecision, match="the game is over"):
        game.step(Resign(player=P2))


def test_no_request_offers_a_resignation_so_no_agent_picks_one() -> None:
    game = new_game(SETUP, 5)
    for _ in range(40):
        request = game.pending
        assert request is not None
        options = list(request.options()) if request.kind != "pay_force" else []
        assert not any(isinstance(o, (Resign, FlagFall)) for o in options)
        game.step(first_legal(request))


def test_player_names_are_recorded_and_a_default_header_leaves_them_out() -> None:
    plain, named = io.BytesIO(), io.BytesIO()
    Recording(new_game(SETUP, 2), 2, plain).close()
    Recording(new_game(SETUP, 2), 2, named, players=("Ann <b>", "")).close()
    assert b"players" not in plain.getvalue()
    assert read_game_bytes(plain.getvalue()).header.players == ("", "")
    assert read_game_bytes(named.getvalue()).header.players == ("Ann <b>", "")


@pytest.mark.parametrize(("name", "says"), [
    ("x" * (MAX_PLAYER_NAME + 1), "is 41 characters long, over 40"),
    ("Ann\nBob", "control or unprintable"),
    ("a\u202eb", "control or unprintable"),  # a right-to-left override (format character)
    ("   ", "only spaces"),
])
def test_a_bad_player_name_is_refused_in_one_line(name: str, says: str) -> None:
    problem = player_name_problem(name)
    assert problem is not None and says in problem
    stream = io.BytesIO()
    Recording(new_game(SETUP, 2), 2, stream, players=("ok", name)).close()
    with pytest.raises(Exception) as info:
        read_game_bytes(stream.getvalue(), "bad.exlog")
    text = str(info.value)
    assert "player name of p2" in text and says in text and "\n" not in text


def test_thinking_time_sits_beside_the_decisions_and_old_readers_skip_it() -> None:
    timed, untimed = io.BytesIO(), io.BytesIO()
    a = Recording(new_game(SETUP, 9), 9, timed, ("human", "human"))
    b = Recording(new_game(SETUP, 9), 9, untimed, ("human", "human"))
    for ms in (1500, 20):
        decision = first_legal(a.game.pending)
        a.step(decision, think_ms=ms)
        b.step(decision)
    a.close()
    b.close()
    log = read_game_bytes(timed.getvalue())
    assert log.thinking == {0: 1500, 1: 20}
    # the steps are byte for byte those of the game recorded without times
    assert log.steps == read_game_bytes(untimed.getvalue()).steps
    raw = read_log_bytes(timed.getvalue())  # the framing layer skips kind 4 unread
    assert raw.damage is None and len(raw.steps) == 3


def test_a_think_frame_for_an_unread_decision_is_damage() -> None:
    stream = io.BytesIO()
    recording = Recording(new_game(SETUP, 9), 9, stream)
    recording.step(first_legal(recording.game.pending))
    recording.recorder.writer.write_encoded(
        FrameKind.THINK, msgspec.msgpack.encode(Think(index=5, ms=1)))
    recording.close()
    log = read_game_bytes(stream.getvalue(), "t.exlog")
    assert log.damage is not None and "thinking time for decision 5" in log.damage.reason
    assert len(log.decisions) == 1  # the good prefix is kept


def test_an_abandoned_game_is_sealed_as_unfinished() -> None:
    stream = io.BytesIO()
    recording = Recording(new_game(SETUP, 4), 4, stream)
    _play(recording, 2)
    recording.abandon()
    log = read_game_bytes(stream.getvalue(), "a.exlog")
    assert log.abandoned and not log.sealed and log.damage is None
    with pytest.raises(ValueError):
        recording.step(first_legal(recording.game.pending))
    after = stream.getvalue() + _step_frame_after(stream.getvalue())
    damaged = read_game_bytes(after, "a.exlog")
    assert damaged.damage is not None and "abandoned" in damaged.damage.reason


def _step_frame_after(data: bytes) -> bytes:
    """A copy of the log's last STEP record as a plain frame, to append after its
    ABANDONED frame."""
    from engine.recording.log import expanded, iter_frames

    plain = expanded(data)
    _, offset, payload = [f for f in iter_frames(plain) if f[0] == FrameKind.STEP][-1]
    return plain[offset:offset + 9 + len(payload)]


def test_a_resumed_recorder_appends_exactly_what_one_recorder_would_write() -> None:
    """A live game is written one decision per request, maybe by another process: the
    log rebuilt, then appended to, reads as one recording flushed each time (format 6:
    each process's first block begins a new compressed stream, so the bytes differ)."""
    whole = io.BytesIO()
    one = Recording(new_game(SETUP, 21), 21, whole, ("human", "human"))
    decisions = []
    for _ in range(12):
        decision = first_legal(one.game.pending)
        decisions.append(decision)
        one.step(decision, think_ms=7)
        one.flush()
    parts = io.BytesIO()
    first = Recording(new_game(SETUP, 21), 21, parts, ("human", "human"))
    first.close()
    for decision in decisions:
        game = new_game(SETUP, 21)
        for earlier in read_game_bytes(parts.getvalue()).decisions:
            game.step(earlier)
        parts.seek(0, io.SEEK_END)
        recorder = Recorder.resumed(parts, game, FORMAT_VERSION)
        request = game.pending
        assert request is not None
        caused = game.step(decision)
        recorder.on_step(game, request, decision, caused)
        recorder.think(recorder.count - 1, 7)
        recorder.close()
    appended, single = read_game_bytes(parts.getvalue()), read_game_bytes(whole.getvalue())
    assert appended.damage is None and single.damage is None
    assert appended.steps == single.steps and len(appended.steps) == 13
    assert appended.thinking == single.thinking == {i: 7 for i in range(12)}
