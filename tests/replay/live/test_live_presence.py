"""A person who leaves a game between two people: the other may claim the win once the
leaver's page has not been seen for ``presence.AWAY_S`` while the game waits on them
(format 7, ``LeftGame``; ``docs/log-format.md`` P.10, ``docs/architecture.md``), as
lichess offers "claim victory". Each look of a seat's page marks it seen
(``presence.mark_seen``); a claim anywhere else is refused in one line, nothing
recorded."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from engine import EndReason, LeftGame, Player, read_game
from replay.live import new_games, picture, presence, store, table
from replay.live.table import LiveRefused
from replay.query import games, open_source
from replay.verification.verify import verify

AWAY_NS = presence.AWAY_S * 1_000_000_000


def _person_game(root: Path, opponent: str = "person") -> new_games.Created:
    """A game whose seats both made their first decision after the mulligan, now waiting
    on p2 (each seat taking its first option)."""
    created = new_games.create_live(root, "ryu", "ken", opponent=opponent, seat="p1", seed=8)
    seats = ("p1", "p2") if opponent == "person" else ("both",)
    for seat in seats:
        store.claim_tab(root, created.game_id, seat, "t")
    for _ in range(40):
        live, _ = table.load(root, created.game_id)
        pending = live.game.pending
        assert pending is not None
        if table.opened(live) and pending.player is Player.P2:
            return created
        seat = pending.player.label if opponent == "person" else "both"
        pic = picture.live_picture(root, created.game_id, seat)
        assert pic.request is not None
        table.live_act(root, created.game_id, created.tokens[seat], "t", pic.decision,
                       pic.groups[0].options[0].decision)
    raise AssertionError("the game never came to wait on p2 after both had decided")


def test_the_win_is_claimed_once_the_other_page_is_gone_long_enough(tmp_path: Path) -> None:
    created = _person_game(tmp_path)
    gid, token = created.game_id, created.tokens["p1"]
    t0 = time.time_ns()
    presence.mark_seen(tmp_path, gid, "p2", now=lambda: t0)
    waiting = picture.live_picture(tmp_path, gid, "p1", now=lambda: t0 + 45_000_000_000)
    assert waiting.away_s == 45 and not waiting.over
    with pytest.raises(LiveRefused, match=rf"p2's page was seen 60 s ago; the win can be "
                                          rf"claimed once it has not been seen for "
                                          rf"{presence.AWAY_S} s; nothing was recorded"):
        presence.live_claim(tmp_path, gid, token, "t", now=lambda: t0 + 60_000_000_000)
    before = read_game(store.log_path(tmp_path, gid))
    assert not before.sealed and len(before.decisions) == len(
        table.load(tmp_path, gid)[0].game.decisions)

    presence.live_claim(tmp_path, gid, token, "t", now=lambda: t0 + AWAY_NS)
    log = read_game(store.log_path(tmp_path, gid))
    assert log.sealed and log.damage is None and log.header.format >= 7
    assert log.decisions[-1] == LeftGame(player=Player.P2)
    assert log.trailer is not None and log.trailer.winner is Player.P1
    assert log.trailer.reason is EndReason.LEFT
    assert verify(log).identical
    winner = picture.live_picture(tmp_path, gid, "p1")
    assert winner.over and winner.away_s is None
    assert winner.lines[-1] == "p2 Ken Masters left the game: you claimed the win"
    loser = picture.live_picture(tmp_path, gid, "p2")
    assert loser.lines[-1] == "You left the game: p1 Ryu claimed the win"
    assert winner.result == "p1 Ryu wins: p2 Ken Masters left the game"


def test_the_index_says_the_game_was_left(tmp_path: Path) -> None:
    created = _person_game(tmp_path / "live")
    gid = created.game_id
    presence.mark_seen(tmp_path / "live", gid, "p2", now=lambda: 0)
    presence.live_claim(tmp_path / "live", gid, created.tokens["p1"], "t")
    db = tmp_path / "index.duckdb"
    table.index_live(tmp_path / "live", gid, db)
    (row,) = games(open_source(db))
    assert (row.winner, row.reason) == (0, "left")


def test_a_page_that_looks_again_is_not_gone(tmp_path: Path) -> None:
    created = _person_game(tmp_path)
    gid = created.game_id
    t0 = time.time_ns()
    presence.mark_seen(tmp_path, gid, "p2", now=lambda: t0)
    presence.mark_seen(tmp_path, gid, "p2", now=lambda: t0 + AWAY_NS)  # it looked again
    assert presence.last_seen(tmp_path, gid, "p2") == t0 + AWAY_NS
    with pytest.raises(LiveRefused, match="p2's page was seen 1 s ago"):
        presence.live_claim(tmp_path, gid, created.tokens["p1"], "t",
                            now=lambda: t0 + AWAY_NS + 1_000_000_000)


def test_the_seat_on_move_cannot_claim_and_is_told_nothing_of_presence(
        tmp_path: Path) -> None:
    created = _person_game(tmp_path)
    gid = created.game_id
    presence.mark_seen(tmp_path, gid, "p1", now=lambda: 0)  # p1 gone for decades
    later = time.time_ns() + AWAY_NS
    asked = picture.live_picture(tmp_path, gid, "p2", now=lambda: later)
    assert asked.request is not None and asked.away_s is None
    with pytest.raises(LiveRefused, match="the game waits for you, not for the other seat; "
                                          "nothing was recorded"):
        presence.live_claim(tmp_path, gid, created.tokens["p2"], "t", now=lambda: later)
    spectator = picture.live_picture(tmp_path, gid, picture.SPECTATOR, now=lambda: later)
    assert spectator.away_s is None


@pytest.mark.parametrize(("opponent", "seat"), [("heuristic", "p1"), ("hotseat", "both")])
def test_no_claim_against_the_ai_nor_in_hotseat(tmp_path: Path, opponent: str,
                                                seat: str) -> None:
    if opponent == "hotseat":
        created = _person_game(tmp_path, "hotseat")
    else:
        created = new_games.create_live(tmp_path, "ryu", "ken", opponent=opponent,
                                        seat="p1", seed=8)
    later = time.time_ns() + 10 * AWAY_NS
    with pytest.raises(LiveRefused, match="a win is claimed only in a game between two "
                                          "people, by one of them"):
        presence.live_claim(tmp_path, created.game_id, created.tokens[seat], "t",
                            now=lambda: later)
    assert not read_game(store.log_path(tmp_path, created.game_id)).sealed


def test_before_both_seats_decided_the_game_is_abandoned_instead(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", opponent="person", seat="p1",
                                    seed=8)
    gid = created.game_id
    presence.mark_seen(tmp_path, gid, "p2", now=lambda: 0)
    live, _ = table.load(tmp_path, gid)
    assert not table.opened(live)
    with pytest.raises(LiveRefused, match="the game can be abandoned instead"):
        presence.live_claim(tmp_path, gid, created.tokens["p1"], "",
                            now=lambda: time.time_ns() + AWAY_NS)


def test_a_game_begun_before_claims_were_recorded_cannot_record_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A live game goes on in its log's own format (``Recorder.resumed``): one begun
    before the format that records ``LeftGame`` offers no claim, as its readers would
    take the step for damage (here the format is made to be one newer than the log's)."""
    created = _person_game(tmp_path)
    gid = created.game_id
    presence.mark_seen(tmp_path, gid, "p2", now=lambda: 0)
    format_now = read_game(store.log_path(tmp_path, gid)).header.format
    monkeypatch.setattr(presence, "LEFT_GAME_FORMAT", format_now + 1)
    assert picture.live_picture(tmp_path, gid, "p1").away_s is None
    with pytest.raises(LiveRefused, match=rf"this game's log is format {format_now}, begun "
                                          "before a claimed win could be recorded"):
        presence.live_claim(tmp_path, gid, created.tokens["p1"], "t",
                            now=lambda: time.time_ns() + AWAY_NS)


def test_marking_a_seat_seen_follows_no_link_and_makes_no_file(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", opponent="person", seat="p1",
                                    seed=8)
    gid = created.game_id
    presence.mark_seen(tmp_path, gid, "p2")  # no page opened p2: nothing is made
    assert not store.tab_path(tmp_path, gid, "p2").exists()
    assert presence.last_seen(tmp_path, gid, "p2") is None
    target = tmp_path / "elsewhere"
    target.write_text("x")
    store.tab_path(tmp_path, gid, "p2").symlink_to(target)
    before = target.stat().st_mtime_ns
    presence.mark_seen(tmp_path, gid, "p2", now=lambda: 5)
    assert target.stat().st_mtime_ns == before
    assert presence.last_seen(tmp_path, gid, "p2") is None
    presence.mark_seen(tmp_path, gid, "spectator")  # not a seat: nothing
