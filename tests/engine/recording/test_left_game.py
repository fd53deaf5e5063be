"""Format 7: a win claimed from a seat that left (``LeftGame``, ``EndReason.LEFT``).

The live game records it when the seat still there claims the win, after the other
seat's page has not been seen for a while as the game waits on it (``replay.live``).
Like ``Resign`` and ``FlagFall`` it is accepted at any request, never among a request's
options, and causes one ``game_ended`` event; a log older than format 7 may not hold it.
``docs/log-format.md`` section 10 (version 6 -> 7) and P.8.
"""

from __future__ import annotations

import io

import msgspec
import pytest

from engine.cards.catalog import default_catalog
from engine.core.decisions import IllegalDecision, LeftGame
from engine.core.ids import Player
from engine.core.state import EndReason
from engine.play.api import GameSetup, new_game
from engine.recording.log import FORMAT_VERSION, PayloadError
from engine.recording.record import Recording, read_game_bytes
from engine.recording.step_checks import StepCheck
from engine.text.notation import Transcript
from replay.verification.verify import verify
from tests.decision_kit import first_legal

SETUP = GameSetup(p1="ryu", p2="ken")
P1, P2 = Player.P1, Player.P2



def _claimed(seed: int = 13) -> tuple[bytes, Player]:
    """A game of two people, six decisions in, whose seat on move left: the other seat
    claimed the win. Its log's bytes, and the seat that left."""
    stream = io.BytesIO()
    recording = Recording(new_game(SETUP, seed), seed, stream, ("human", "human"))
    for _ in range(6):
        recording.step(first_legal(recording.game.pending))
    assert recording.game.pending is not None
    gone = recording.game.pending.player
    caused = recording.step(LeftGame(player=gone))
    assert [type(e).__name__ for e in caused] == ["GameEnded"]
    recording.seal()
    return stream.getvalue(), gone


def test_the_seat_that_left_loses_and_the_log_says_so() -> None:
    data, gone = _claimed()
    log = read_game_bytes(data, "left.exlog")
    assert log.header.format == FORMAT_VERSION == 7
    assert log.sealed and log.damage is None
    assert log.trailer is not None and log.trailer.reason is EndReason.LEFT
    assert log.trailer.winner is gone.other
    assert log.decisions[-1] == LeftGame(player=gone)
    assert log.steps[-1].request is not None and log.steps[-1].request.player is gone
    assert verify(log).identical


def test_the_transcript_names_the_seat_that_left() -> None:
    data, gone = _claimed()
    log = read_game_bytes(data, "left.exlog")
    catalog = default_catalog()
    transcript = Transcript(log.initial_state(catalog), catalog, None)
    lines = [line for e in log.events() if (line := transcript.feed(e)) is not None]
    assert lines[-1].startswith("GAME OVER: ")
    assert lines[-1].endswith("left the game)") and f"({gone.label} " in lines[-1]


def test_a_claim_is_never_an_option_and_ends_the_game_at_any_request() -> None:
    game = new_game(SETUP, 5)
    for _ in range(30):
        request = game.pending
        assert request is not None
        options = list(request.options()) if request.kind != "pay_force" else []
        assert not any(isinstance(o, LeftGame) for o in options)
        game.step(first_legal(request))
    request = game.pending
    assert request is not None
    game.step(LeftGame(player=request.player.other))  # the seat not on move left
    assert game.over and game.state.winner is request.player
    assert game.state.end_reason is EndReason.LEFT
    with pytest.raises(IllegalDecision, match="the game is over"):
        game.step(LeftGame(player=P1))


def test_a_log_before_format_7_may_not_record_it() -> None:
    data, _ = _claimed()
    log = read_game_bytes(data, "left.exlog")
    check = StepCheck(msgspec.structs.replace(log.header, format=6), default_catalog())
    for step in log.steps[:-1]:
        check.step(step)
    with pytest.raises(PayloadError, match="left_game player cannot be recorded before "
                                           "format 7"):
        check.step(log.steps[-1])
