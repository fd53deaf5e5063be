"""A live game when this engine fails in the middle of a decision (a bug met in play): one
line, and the log is kept whole, the game going on from it.

The game a process keeps in memory (``table._CACHE``) was stepped before its step was
written; an exception from the engine (or the agent answering) left it ahead of the
log, or stopped inside a step, and it was kept because the log had not changed. The
exception reached the Play page as a traceback, and the next decisions were appended
after steps the log never had: "step 0: index 1 where 0 belongs", the game damaged for
good. A log whose replay meets such a bug was a traceback too. And a log left waiting on
the agent's seat (the person's decision ended a turn, so it was flushed, and the agent
failed, or the process was killed while it thought) waited for good: the agent plays
only right after a person's decision. Whoever looks next plays its reply now.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Game, read_game
from replay.live import new_games, picture, store, table
from replay.live.store import LiveError


def _act(root: Path, created: new_games.Created) -> None:
    pic = picture.live_picture(root, created.game_id, "p1")
    table.live_act(root, created.game_id, created.tokens["p1"], "t", pic.decision,
                   pic.groups[0].options[0].decision)


def _started(root: Path) -> tuple[new_games.Created, Path]:
    created = new_games.create_live(root, "ryu", "ken", seat="p1", opponent="heuristic", seed=3)
    store.claim_tab(root, created.game_id, "p1", "t")
    for _ in range(3):
        _act(root, created)
    return created, store.log_path(root, created.game_id)


def _broken(*_: object) -> None:
    raise RuntimeError("an engine bug")


def _full(*_: object) -> None:
    raise OSError(28, "No space left on device")


@pytest.mark.parametrize("where", ["step", "agent", "disk"])
def test_an_engine_failure_is_one_line_and_the_game_goes_on_from_its_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    created, path = _started(tmp_path)
    recorded = len(read_game(path).decisions)
    with monkeypatch.context() as patch:
        if where == "step":
            patch.setattr(Game, "_advance", _broken)
        elif where == "disk":
            patch.setattr("engine.recording.log_writer.LogWriter.flush", _full)
        else:
            patch.setattr("engine.play.heuristic.HeuristicAgent.decide", _broken)
        with pytest.raises(LiveError) as raised:
            _act(tmp_path, created)
    message = str(raised.value)
    assert message.startswith(f"{path.name}: cannot be written (No space left on device)"
                              if where == "disk" else
                              f"{path.name}: this engine failed while playing the decision "
                              "(RuntimeError: an engine bug; set EXCEED_DEBUG=1"), message
    assert message.endswith("the log keeps every step recorded before it, and the game goes "
                            "on from there") and "\n" not in message
    kept = read_game(path)
    assert kept.damage is None and len(kept.decisions) >= recorded
    table._CACHE.clear()  # a process killed while the agent thought leaves the same log
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    assert pic.request is not None and pic.request.player.label == "p1"  # never the agent's
    for _ in range(3):  # the same process plays on, from the log
        _act(tmp_path, created)
    after = read_game(path)
    assert after.damage is None, after.damage
    assert after.decisions[:len(kept.decisions)] == kept.decisions
    table._CACHE.clear()  # as a dashboard restarted would: the log replays whole
    live, _ = table.load(tmp_path, created.game_id)
    assert live.game.decisions == after.decisions


def test_an_engine_failure_replaying_a_log_is_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    created, path = _started(tmp_path)
    before = path.read_bytes()
    table._CACHE.clear()
    monkeypatch.setattr(Game, "step", _broken)
    with pytest.raises(LiveError) as raised:
        table.load(tmp_path, created.game_id)
    assert str(raised.value) == (
        f"{path.name}: this engine failed replaying decision 0 of the log (RuntimeError: "
        "an engine bug; set EXCEED_DEBUG=1 for a traceback); the log is kept as it is")
    monkeypatch.setattr(Game, "_advance", _broken)  # the setup, before any decision
    with pytest.raises(LiveError) as raised:
        table.load(tmp_path, created.game_id)
    assert str(raised.value) == (
        f"{path.name}: this engine failed setting the game up (RuntimeError: an engine "
        "bug; set EXCEED_DEBUG=1 for a traceback); the log is kept as it is")
    assert path.read_bytes() == before


def test_a_person_s_answer_is_on_disk_while_the_search_agent_thinks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by the qa3 walk (the dashboard killed while the search agent thought, up to
    its budget): the person's answer in the middle of a turn (their attack set) was held
    with the agent's reply and written with it, so it was lost without a word, and the
    restarted page asked it again. It is flushed before the agent searches now; whoever
    looks next plays the agent's reply from the log."""
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", opponent="search",
                                    seed=4, budget_ms=200)
    store.claim_tab(tmp_path, created.game_id, "p1", "t")
    path = store.log_path(tmp_path, created.game_id)
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    while pic.request is not None and pic.request.kind != "action":
        _act(tmp_path, created)
        pic = picture.live_picture(tmp_path, created.game_id, "p1")
    strike = next(g for g in pic.groups if g.kind == "strike").options[0].decision
    table.live_act(tmp_path, created.game_id, created.tokens["p1"], "t", pic.decision, strike)
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    assert pic.request is not None and pic.request.kind == "set_attack"
    answer = pic.groups[0].options[0].decision
    with monkeypatch.context() as patch:  # the agent's search never comes back
        patch.setattr("replay.live.timed.TimedSearch.decide", _broken)
        with pytest.raises(LiveError):
            table.live_act(tmp_path, created.game_id, created.tokens["p1"], "t",
                           pic.decision, answer)
    kept = read_game(path)
    assert kept.damage is None
    assert len(kept.decisions) == pic.decision + 1 and kept.decisions[-1] == answer
    table._CACHE.clear()  # the dashboard restarted: the next look plays the agent's reply
    after = picture.live_picture(tmp_path, created.game_id, "p1")
    replayed = read_game(path)
    assert replayed.damage is None and replayed.decisions[pic.decision] == answer
    assert len(replayed.decisions) > pic.decision + 1  # the agent answered
    assert after.request is None or after.request.player.label == "p1" or after.over
