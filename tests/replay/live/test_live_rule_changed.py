"""A live game whose log this engine re-plays otherwise than it was recorded (a rule
fixed since, as ``add_boost_to_gauge_on_strike_cleanup`` on 2 Dec 2026, or a bug): one
line, the log kept byte for byte, and nothing appended after it.

Before, the log's decisions were re-played and only an illegal one was noticed: a game
re-played to other events went on, its next steps appended after events this engine did
not reach, so that the log no longer folded (a card moved from a zone it was not in)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import read_game
from engine.core.context import Table
from replay.live import new_games, picture, resume, store, table
from replay.live.store import LiveError


def _act(root: Path, created: new_games.Created) -> None:
    pic = picture.live_picture(root, created.game_id, "p1")
    table.live_act(root, created.game_id, created.tokens["p1"], "t", pic.decision,
                   pic.groups[0].options[0].decision)


def test_a_log_replayed_to_other_events_is_refused_and_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", opponent="heuristic",
                                    seed=3)
    store.claim_tab(tmp_path, created.game_id, "p1", "t")
    for _ in range(4):
        _act(tmp_path, created)
    path = store.log_path(tmp_path, created.game_id)
    recorded = path.read_bytes()
    decisions = len(read_game(path).decisions)
    draw = Table.draw

    def from_the_bottom(self: Table, who: object, count: int = 1, bottom: bool = False) -> None:
        draw(self, who, count, not bottom)  # type: ignore[arg-type]  # "a rule changed"

    resume._CACHE.clear()  # a dashboard restarted on an engine that draws otherwise
    with monkeypatch.context() as patch:
        patch.setattr(Table, "draw", from_the_bottom)
        with pytest.raises(LiveError) as raised:
            table.load(tmp_path, created.game_id)
        message = str(raised.value)
        assert message.startswith(f"{path.name}: this engine ")
        assert "otherwise than it was recorded (a rule changed since, or a bug: exceed " \
               "verify names the first difference); the game cannot go on here; the log " \
               "is kept as it is" in message and "\n" not in message
        with pytest.raises(LiveError):
            _act(tmp_path, created)
    assert path.read_bytes() == recorded  # nothing appended, nothing cut
    resume._CACHE.clear()  # this engine again: the game goes on from its log
    _act(tmp_path, created)
    after = read_game(path)
    assert after.damage is None and len(after.decisions) > decisions
