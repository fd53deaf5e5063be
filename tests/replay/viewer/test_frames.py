"""replay.viewer.frames: plain-data frames of a replay, redacted per perspective, and the series
the strike timeline draws (life totals, strike positions)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import events as ev
from engine.core.ids import Player
from engine.recording.record import read_game
from replay.strikes import strike_summaries
from replay.viewer import frames
from replay.viewer.board import render
from replay.viewer.card_labels import card_labels, card_names, character_name
from replay.viewer.cursor import Replay
from replay.viewer.frames import (
    GameUnavailable,
    fighter_lives,
    frame,
    life_series,
    log_bytes,
    open_game,
    open_game_bytes,
    strike_positions,
)
from tests.fifo_kit import fifo, released


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
        when = "setup" if shown.turn == 0 else f"turn {shown.turn} · strike {shown.strike}"
        assert shown.header == f"{when} · event {position}/{replay.length} · as all"
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


def test_card_labels_tell_apart_cards_of_one_name() -> None:
    """A Tag Team's table held two rows "Hadoken" (Ryu's and Ken's) and its chart drew
    them as one bar: each card of one table gets a label of its own."""
    ids = ["ryu_hadoken", "ken_hadoken", "standard_normal_grasp", "ken_axekick"]
    assert card_labels(ids, "ryu+ken") == {
        "ryu_hadoken": "Hadoken (Ryu)", "ken_hadoken": "Hadoken (Ken Masters)",
        "standard_normal_grasp": "Grasp", "ken_axekick": "Axe Kick"}
    assert card_labels(["standard_normal_grasp", "uni_normal_grasp"], "ryu+carmine") == {
        "standard_normal_grasp": "Grasp (Ryu)", "uni_normal_grasp": "Grasp (Carmine)"}
    # no fighter holds them apart: the ids do; a name used once stays as it is
    assert card_labels(["ryu_hadoken", "ken_hadoken", "no_such_card"]) == {
        "ryu_hadoken": "Hadoken (ryu_hadoken)", "ken_hadoken": "Hadoken (ken_hadoken)",
        "no_such_card": "no_such_card"}
    assert card_labels(["ryu_hadoken"], "ryu") == {"ryu_hadoken": "Hadoken"}
    # a game's cards take both seats' fighters (its Game page), a mirror's fighter once
    assert card_labels(["ryu_hadoken", "ken_hadoken"], "ryu+ken+ryu") == {
        "ryu_hadoken": "Hadoken (Ryu)", "ken_hadoken": "Hadoken (Ken Masters)"}


def test_open_game_refuses_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(GameUnavailable, match="cannot read"):
        open_game(tmp_path / "missing.exlog")
    foreign = tmp_path / "notes.exlog"
    foreign.write_bytes(b"not a log at all")
    with pytest.raises(GameUnavailable, match="not an EXCEED log") as caught:
        open_game(foreign)
    assert "\n" not in str(caught.value)


# --- issue 11 -------------------------------------------------------------------------------

SAMPLES = Path(__file__).resolve().parents[3] / "sample_games"
DECKED = SAMPLES / "ryu-vs-ken_random-vs-random_seed0.exlog"  # MANIFEST: deck-out loss
TAG = (SAMPLES.parent / "tests" / "fixtures" / "agent_v1"  # a game whose ending stays put
       / "ryu+ken-vs-sagat+zangief_heuristic-vs-heuristic_seed300.exlog")


def test_event_0_is_setup_with_fighters_on_their_starting_spaces() -> None:
    game = open_game(DECKED)
    shown = frame(game, 0, "all")
    assert shown.header == f"setup · event 0/{game.length} · as all"
    # rulebook, Area Setup: spaces 3 and 7; the engine puts the first player on 3, and
    # in this game p2 goes first, so p1 stands on 7 from the very start
    assert type(game.replay.events[0]).__name__ == "GameStarted"
    started = game.replay.events[0]
    assert isinstance(started, ev.GameStarted)
    assert started.first == Player.P2
    assert (shown.p1.space, shown.p2.space) == (7, 3)
    after = frame(game, 1, "all")
    assert (after.p1.space, after.p2.space) == (7, 3)


def test_terminal_board_at_event_0_puts_the_fighters_on_their_starting_spaces() -> None:
    # core rulebook, Area Setup: the first player (p2 in this game) starts on space 3
    replay = Replay(read_game(DECKED))
    replay.seek(0)
    arena = next(line for line in render(replay, None).splitlines() if line.startswith("arena"))
    cells = [cell.strip() for cell in arena.removeprefix("arena ").strip("[]").split("][")]
    assert cells[2] == "p2" and cells[6] == "p1"
    assert [c for c in cells if c] == ["p2", "p1"]


def test_deck_out_result_names_the_reason_in_words() -> None:
    game = open_game(DECKED)
    words = "p2 drew from an empty deck with no reshuffle left"
    assert frame(game, game.length, "p2").result == f"GAME OVER: p1 Ryu wins: {words}"
    assert game.ending is not None and game.ending.words == f"p1 Ryu wins: {words}"
    replay = Replay(read_game(DECKED))
    replay.seek(replay.length)
    assert f"GAME OVER: p1 Ryu wins: {words}" in render(replay, None).splitlines()


def test_life_loss_result_names_the_fighter() -> None:
    game = open_game(TAG)
    assert frame(game, game.length, "all").result == (
        "GAME OVER: p2 Sagat wins: p1 Ken Masters reached 0 life")


def test_the_terminal_board_names_the_fighter_who_reached_0_life() -> None:
    """`exceed replay` read "GAME OVER: p2 Sagat wins: p1 reached 0 life" where the Game
    page reads "p1 Ken Masters reached 0 life": of a Tag Team, which fighter fell."""
    replay = Replay(read_game(TAG))
    replay.seek(replay.length)
    assert ("GAME OVER: p2 Sagat wins: p1 Ken Masters reached 0 life"
            in render(replay, None).splitlines())


def test_tag_team_has_a_life_series_per_fighter_and_its_switches() -> None:
    game = open_game(TAG)
    lines = {(f.seat, f.name): f.points for f in fighter_lives(game)}
    assert set(lines) == {(0, "Ryu"), (0, "Ken Masters"), (1, "Sagat"), (1, "Zangief")}
    assert all(points[0] == (0, 20) and points[-1][0] == game.length
               for points in lines.values())
    assert lines[(0, "Ken Masters")][-1] == (game.length, 0)  # Ryu, tagged out, keeps 5
    assert lines[(0, "Ryu")][-1] == (game.length, 5)
    assert [(s.seat, s.fighter) for s in game.switches] == [
        (1, "Zangief"), (0, "Ken Masters"), (1, "Sagat")]


def test_card_stats_in_hands_and_the_strike_box() -> None:
    game = open_game(DECKED)
    shown = frame(game, game.opening, "p1")
    assert shown.p1.hand is not None and shown.p1.hand_stats is not None
    assert [s.split(" (")[0] for s in shown.p1.hand_stats] == list(shown.p1.hand)
    assert all(" · guard " in s and "(power " in s for s in shown.p1.hand_stats)
    assert shown.p2.hand is None and shown.p2.hand_stats is None  # hidden from p1
    start = strike_positions(game)[0]
    boxes = [frame(game, at, "p2").strike_in_progress for at in range(start, game.length)]
    sides = [b.attack for b in boxes if b is not None]
    # before the reveal p2 sees p1's attack face-down, with no stats; after it, the stats
    assert any(side.cards == "face-down" and side.stats == "" for side in sides)
    assert any(side.stats.startswith("power ") for side in sides)


def test_an_upload_opens_from_memory() -> None:
    data = DECKED.read_bytes()
    game = open_game_bytes(data, "upload.exlog")
    assert game.length == open_game(DECKED).length
    with pytest.raises(GameUnavailable, match=r"upload\.txt"):
        open_game_bytes(b"not a log", "upload.txt")


def test_a_named_pipe_where_the_log_was_is_unavailable_at_once(tmp_path: Path) -> None:
    """Review item: the Game page's ``open_game`` of a path that is now a named pipe
    waited forever for a writer (``getsize`` said 0, then ``open`` blocked)."""
    pipe = fifo(tmp_path / "game.exlog")
    with released(pipe), pytest.raises(GameUnavailable) as caught:
        open_game(pipe)
    assert str(caught.value) == f"{pipe}: cannot read: not a regular file (a named pipe)"


def test_a_download_is_the_game_viewed_or_nothing(longest_path: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Review item: the Game page's download read the log again with a plain ``open``
    and cut it at the cap, so a log replaced or grown since the page opened it was
    offered, cut or different, under the game's name. ``log_bytes`` gives exactly the
    bytes of the game the page opened (its id, the SHA-256), else None: the log changed
    since, over the cap, gone, or a named pipe (at once, no wait)."""
    copy = tmp_path / "game.exlog"
    copy.write_bytes(longest_path.read_bytes())
    game_id = open_game(copy).game_id
    assert log_bytes(copy, game_id) == longest_path.read_bytes()
    copy.write_bytes(longest_path.read_bytes() + b"\0")  # changed since it was opened
    assert log_bytes(copy, game_id) is None
    copy.write_bytes(longest_path.read_bytes())
    monkeypatch.setattr(frames, "MAX_LOG_BYTES", len(longest_path.read_bytes()) - 1)
    assert log_bytes(copy, game_id) is None  # over the cap: not a cut copy
    monkeypatch.undo()
    copy.unlink()
    assert log_bytes(copy, game_id) is None
    pipe = fifo(tmp_path / "pipe.exlog")
    with released(pipe):
        assert log_bytes(pipe, game_id) is None


def test_a_revealed_strike_keeps_naming_its_attacks_until_it_ends(sample_path: Path) -> None:
    """The cleanup moves the attacks to gauge or discard one event at a time, and the
    viewer (the Game page's strike cards, its text table, ``exceed replay``) read "not
    set yet" for each attack already moved, as if the strike had not been revealed: it
    names the card that defined the attack until the strike ends."""
    game = open_game(sample_path)
    replay = Replay(read_game(sample_path))
    seen = 0
    for position in range(game.length + 1):
        for perspective in ("all", "p1", "p2"):
            strike = frame(game, position, perspective).strike_in_progress
            if strike is None or not strike.attack.revealed:
                continue
            seen += 1
            for side in (strike.attack, strike.defence):
                assert side.cards not in ("not set yet", "face-down"), (position, perspective)
                assert side.stats, (position, perspective)
        replay.seek(position)
        text = render(replay, None)
        if "strike:" in text and replay.state.strike is not None and any(
                s.revealed for s in replay.state.strike.sides):
            assert "not set yet" not in text, position
    assert seen


def test_the_cleanup_of_a_tag_team_strike_names_both_attacks(sample_paths: list[Path]) -> None:
    path = next(p for p in sample_paths if p.name.startswith("cammy+chunli-vs-guile+bison"))
    game = open_game(path)
    strike = frame(game, 120, "p1").strike_in_progress  # both attacks already to gauge
    assert strike is not None and strike.number == 3
    assert (strike.attack.cards, strike.defence.cards) == ("Sweep", "Focus")
    assert strike.defence.wild and strike.attack.hit and strike.defence.damage_taken == 4
    replay = Replay(read_game(path))
    replay.seek(120)
    lines = render(replay, None).splitlines()
    assert "  p1: Sweep · activated · hit · took 4 damage" in lines
    assert "  p2: Focus · wild swing · activated · hit · took 4 damage" in lines


def test_a_tag_team_frame_names_the_tagged_out_fighter() -> None:
    """The Play page's board and the Game page's viewer read "p1 Ryu · life 20 ·
    partner life 20": which fighter was tagged out was named nowhere (the terminal
    board says "tagged out: Ken Masters"). The frame's notes name it, as the tag-ins
    happen, with its Exceed and a switch lock (Ejection Strike) like the terminal's."""
    game = open_game(TAG)
    replay = Replay(read_game(TAG))
    seen = set()
    for position in range(game.opening, game.length + 1):
        shown = frame(game, position, "p1")
        replay.seek(position)
        for seat, player in zip((Player.P1, Player.P2), shown.players, strict=True):
            real = replay.state.players[seat]
            assert real.partner is not None
            out = character_name(real.partner, replay.catalog)
            note = next(n for n in player.notes if n.startswith("tagged out: "))
            assert note.startswith(f"tagged out: {out}"), (position, note)
            assert ("EXCEEDED" in note) == real.partner_exceeded
            seen.add((seat, out))
    assert seen == {(Player.P1, "Ryu"), (Player.P1, "Ken Masters"),
                    (Player.P2, "Sagat"), (Player.P2, "Zangief")}


def test_a_tag_team_hand_names_whose_special_each_card_is() -> None:
    """The board's hand chips of a ryu+ken seat read "Tatsumaki Senpukyaku" twice (Ryu's
    and Ken's) and "Shinryuken" with nothing to say it is Ken's (an Invalid Attack
    while Ken is tagged out): a team's special or ultra names its fighter."""
    game = open_game(TAG)
    replay = Replay(read_game(TAG))
    replay.seek(game.opening)
    shown = frame(game, game.opening, "p1")
    real = replay.state.players[Player.P1]
    assert shown.p1.hand is not None
    for ref, chip in zip(real.hand, shown.p1.hand, strict=True):
        card_id = replay.state.card_defs[ref]
        name = replay.catalog.card(card_id).name
        owner = card_id.split("_")[0]
        assert chip == {"ryu": f"{name} (Ryu)", "ken": f"{name} (Ken Masters)"}.get(
            owner, name), (card_id, chip)
    assert any(chip.endswith(")") for chip in shown.p1.hand)
