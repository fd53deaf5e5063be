"""Issue 13: a game played on from a built position, with extra cards and edits during
play, is recorded, then replays and verifies byte for byte; ``exceed info`` says so."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from engine import events as ev
from engine.core.apply import fold
from engine.core.decisions import EditPosition, forced_decision
from engine.core.ids import Player
from engine.core.state import state_hash
from engine.play.edits import Edits
from engine.play.scenario import Scenario
from engine.recording.record import Recording, read_game_bytes
from replay.cli import main
from replay.verification.verify import verify

P1, P2 = Player.P1, Player.P2


def _record(seed: int, mid_strike: bool) -> bytes:
    """A position with extra cards (and, if ``mid_strike``, inside a strike), two random
    decisions, an edit (a created card given, a life changed), then random agents play
    it out; returns the log's bytes."""
    builder = (Scenario("ryu", "ken")
               .player(P1, space=3, hand=["hadoken", "focus"], extra={"hand": ["hadoken"]})
               .player(P2, space=6, hand=["grasp", "spike"], extra={"gauge": ["ken_hadoken"]},
                       life=20))
    if mid_strike:
        builder.strike("second_sets", p1=["hadoken", "hadoken"])
    stream = io.BytesIO()
    game = builder.game(seed)
    recording = Recording(game, seed, stream, agents=("random", "random"))
    edited = False
    for _ in range(400):
        request = game.pending
        if request is None:
            break
        if not edited and type(request).__name__ == "ActionRequest":
            edited = True
            who = request.player
            recording.step(Edits(game).give(who, "focus", create=True)
                           .set_life(who.other, 7).decision())
            continue
        decision = forced_decision(request) or next(iter(request.options()))
        recording.step(decision)
    if game.pending is not None:
        recording.play_out()
    recording.seal()
    assert edited
    return stream.getvalue()


@pytest.mark.parametrize("mid_strike", [False, True], ids=["turn-start", "mid-strike"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_recorded_position_with_edits_replays_and_verifies(seed: int,
                                                             mid_strike: bool) -> None:
    data = _record(seed, mid_strike)
    assert _record(seed, mid_strike) == data  # the same seed and decisions: the same bytes
    log = read_game_bytes(data, "position.exlog")
    assert log.sealed and log.damage is None and log.trailer is not None
    h = log.header
    assert h.position > 0 and h.extra == (("ryu_hadoken",), ("ken_hadoken",))
    assert sum(isinstance(d, EditPosition) for d in log.decisions) == 1
    # replay: the fold of every event from the header's table gives every recorded hash
    # (format 3: the setup step's and those of the steps that end a turn or the game)
    state = log.initial_state()
    for step in log.steps:
        fold(state, list(step.events))
        assert state_hash(state) == step.hash or (not step.hash and step.index >= 0)
    assert log.steps[0].hash and log.steps[-1].hash
    edit = next(d for d in log.decisions if isinstance(d, EditPosition))
    given = edit.created[0]
    assert given.card_ids == ("standard_normal_focus",)
    # the extras, then the card given: the next reference of the seat it was given to
    assert state.created_cards() == [30, 130, 100 * given.player + 31]
    assert given.cards == (100 * given.player + 31,)
    # verify: the stated events taken from the log, everything after re-simulated
    verdict = verify(log)
    assert verdict.identical, "\n".join(verdict.lines())
    stated = log.steps[0].events[:h.position]
    assert len(stated) == h.position and isinstance(stated[0], ev.CardsCreated)
    strike = (ev.TurnStarted, ev.StrikeStarted, ev.AttackSet) if mid_strike else ()
    assert all(isinstance(e, (ev.CardsCreated, ev.PositionEdited, *strike)) for e in stated)


def test_exceed_info_names_a_built_position_and_its_edits(tmp_path: Path) -> None:
    path = tmp_path / "position.exlog"
    path.write_bytes(_record(2, mid_strike=True))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["info", str(path)])
    assert code == 0, out.getvalue()
    text = out.getvalue()
    assert "position: a built position" in text
    assert "extra cards: p1 ryu_hadoken; p2 ken_hadoken; edits during play: 1" in text
