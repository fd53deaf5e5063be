"""replay.viewer: plain-data frames of a replay, redacted per perspective, and the series
the strike timeline draws (life totals, strike positions)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.ids import Player
from engine.record import read_game
from replay.replayer import Replay
from replay.strikes import strike_summaries
from replay.viewer import (
    GameUnavailable,
    card_names,
    character_name,
    frame,
    life_series,
    open_game,
    strike_positions,
)


@pytest.fixture(scope="module")
def longest_path(sample_paths: list[Path]) -> Path:
    return max(sample_paths, key=lambda p: (read_game(p).event_count, p.name))


def test_frame_matches_the_replay_state(longest_path: Path) -> None:
    game = open_game(longest_path)
    replay = Replay(read_game(longest_path))
    for position in (0, 1, game.opening, game.length // 2, game.length):
        replay.seek(position)
        shown = frame(game, position, "all")
        assert (shown.position, shown.turn, shown.strike) == (
            position, replay.turn_at(), replay.strike_at())
        assert shown.header == (f"turn {shown.turn} · strike {shown.strike} · "
                                f"event {position}/{replay.length} · as all")
        for seat, player in zip((Player.P1, Player.P2), shown.players, strict=True):
            real = replay.state.players[seat]
            assert (player.life, player.space, player.deck, player.hand_count) == (
                real.life, real.space, len(real.deck), len(real.hand))
            assert player.hand is not None and len(player.hand) == len(real.hand)
            assert len(player.gauge) == len(real.gauge) and player.discard == len(real.discard)


def test_a_perspective_sees_only_its_own_hand(longest_path: Path) -> None:
    game = open_game(longest_path)
    position = game.opening
    everything = frame(game, position, "all")
    assert everything.p1.hand and everything.p2.hand
    as_p1 = frame(game, position, "p1")
    assert as_p1.p1.hand == everything.p1.hand
    assert as_p1.p2.hand is None and as_p1.p2.hand_count == len(everything.p2.hand)
    as_p2 = frame(game, position, "p2")
    assert as_p2.p1.hand is None and as_p2.p2.hand == everything.p2.hand


def test_a_face_down_attack_is_hidden_from_the_opponent(longest_path: Path) -> None:
    game = open_game(longest_path)
    checked = 0
    for summary in game.strikes:
        defender = "p1" if summary.defender == 0 else "p2"
        for position in range(summary.first_event + 1, summary.last_event + 1):
            everything = frame(game, position, "all").strike_in_progress
            shown = frame(game, position, defender).strike_in_progress  # type: ignore[arg-type]
            assert everything is not None and shown is not None
            assert shown.number == everything.number == summary.strike
            if everything.attack.cards == "not set yet":
                continue
            if shown.attack.cards != "face-down":
                assert shown.attack.cards == everything.attack.cards  # revealed
                break
            checked += 1
    assert checked > 0
    assert all(s.last_event > s.first_event for s in game.strikes)


def test_recent_lines_and_result(longest_path: Path) -> None:
    game = open_game(longest_path)
    assert frame(game, 0).recent == ()
    end = frame(game, game.length)
    assert end.result is not None and end.result.startswith("GAME OVER")
    assert len(end.recent) == 12 and end.recent[-1].startswith(f"#{game.length} ")
    assert frame(game, game.length + 50).position == game.length  # clamped
    with pytest.raises(ValueError, match="perspective"):
        frame(game, 0, "p3")  # type: ignore[arg-type]


def test_strike_positions_and_life_series_agree_with_the_summaries(longest_path: Path) -> None:
    log = read_game(longest_path)
    game = open_game(longest_path)
    summaries = strike_summaries(log)
    assert strike_positions(game) == [i + 1 for i in Replay(log).strike_starts]
    assert [game.strike_position(s.strike) for s in summaries] == strike_positions(game)
    series = life_series(game)
    assert series[0].position == 0 and series[-1].position == game.length
    assert [p.position for p in series] == sorted({p.position for p in series})

    def life_at(position: int) -> tuple[int, int]:
        last = [p for p in series if p.position <= position][-1]
        return last.p1_life, last.p2_life

    for s in summaries:
        after = life_at(s.last_event + 1)
        assert after[s.attacker] == s.a_life_after and after[s.defender] == s.d_life_after


def test_names() -> None:
    assert card_names(["standard_normal_grasp", "no_such_card"]) == {
        "standard_normal_grasp": "Grasp", "no_such_card": "no_such_card"}
    assert character_name("ken") == "Ken Masters" and character_name("zzz") == "zzz"


def test_open_game_refuses_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(GameUnavailable, match="cannot read"):
        open_game(tmp_path / "missing.exlog")
    foreign = tmp_path / "notes.exlog"
    foreign.write_bytes(b"not a log at all")
    with pytest.raises(GameUnavailable, match="not an EXCEED log") as caught:
        open_game(foreign)
    assert "\n" not in str(caught.value)
