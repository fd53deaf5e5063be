"""A live game's end, takeback, rematch and unnamed seats as a player meets them (found
by a player's walk of the Play page): the loser reads how the game ended, a takeback
says what it took back, a rematch reaches the other seat, and a person nobody named is
a guest of a seat, not ``human``, in the log and everything read from it."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from engine import Player, Transcript, possessive, read_game
from replay.cli import main
from replay.live import listing, new_games, picture, store, table, takeback
from replay.live.store import Clock
from replay.live.table import LiveRefused
from replay.query import games, open_source


def _play(root: Path, created: new_games.Created, seat: str, count: int) -> picture.SeatPicture:
    """``count`` decisions of ``seat``, each its first option; its picture then."""
    store.claim_tab(root, created.game_id, seat, "t")
    pic = picture.live_picture(root, created.game_id, seat)
    for _ in range(count):
        assert pic.request is not None
        table.live_act(root, created.game_id, created.tokens[seat], "t", pic.decision,
                       pic.groups[0].options[0].decision)
        pic = picture.live_picture(root, created.game_id, seat)
    return pic


def test_the_loser_reads_that_they_resigned(tmp_path: Path) -> None:
    """The loser's "What just happened" was empty after a resignation: the resignation
    counted as their last decision, and only what followed it was shown."""
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=5)
    _play(tmp_path, created, "p1", 3)
    table.live_resign(tmp_path, created.game_id, created.tokens["p1"], "t")
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    assert pic.lines[-2:] == ("GAME OVER: p2 Ken Masters wins (p1 Ryu resigned)",
                              "You resigned: p2 Ken Masters wins")


def test_the_winner_reads_it_when_the_other_seat_resigns_out_of_turn(tmp_path: Path) -> None:
    """p1 resigns while p2 is asked: recorded at p2's request, it counted as p2's last
    decision, and the winner's page read nothing either."""
    created = new_games.create_live(tmp_path, "ryu", "ken", opponent="person", seed=8)
    pic = _play(tmp_path, created, "p1", 1)
    assert pic.request is None  # p2 to decide
    table.live_resign(tmp_path, created.game_id, created.tokens["p1"], "t")
    winner = picture.live_picture(tmp_path, created.game_id, "p2")
    assert winner.lines[-1] == "p1 Ryu resigned: you win"
    loser = picture.live_picture(tmp_path, created.game_id, "p1")
    assert loser.lines[-1] == "You resigned: p2 Ken Masters wins"


def test_the_loser_reads_that_their_flag_fell(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=5,
                                clock=Clock(bank_ms=1_000))
    _play(tmp_path, created, "p1", 3)  # the mulligan (no clock runs), p1's strike and
    assert table.opened(table.load(tmp_path, created.game_id)[0])  # set: p2 replied
    later = picture.live_picture(tmp_path, created.game_id, "p1",
                                 now=lambda: 2**62)  # long after the bank ran out
    assert later.over and later.lines[-1] == "Your flag fell: p2 Ken Masters wins on time"


def test_a_hotseat_game_says_the_end_without_a_you(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", opponent="hotseat", seed=5)
    table.live_resign(tmp_path, created.game_id, created.tokens["both"], "")
    pic = picture.live_picture(tmp_path, created.game_id, "both")
    assert pic.lines[-1].startswith("GAME OVER: ")
    assert not any(line.startswith(("You ", "Your ")) for line in pic.lines)


def test_a_takeback_says_what_it_took_back_in_the_words_of_what_happened(
        tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=5)
    _play(tmp_path, created, "p1", 2)  # the mulligan and a Strike: nothing shown since
    before = read_game(store.log_path(tmp_path, created.game_id))
    new_id = takeback.live_takeback(tmp_path, created.game_id, created.tokens["p1"], "t")
    at = read_game(store.log_path(tmp_path, new_id)).header.fork_at
    said = picture.taken_back(tmp_path, created.game_id, "p1")
    catalog = before.catalog()
    transcript = Transcript(before.initial_state(catalog), catalog, Player.P1)
    expected = []
    for step in before.steps:
        for event in step.events:
            line = transcript.feed(event)
            if line is not None and step.request is not None and step.index >= at:
                expected.append(line)
    assert said and said[0] == expected[0] and said[0].startswith("p1 Ryu")
    assert len(said) <= len(expected)  # repeats squeezed as the page squeezes them
    assert picture.taken_back(tmp_path, new_id, "p1") == ()  # not taken back


def test_an_unnamed_person_is_a_guest_of_the_seat_everywhere(tmp_path: Path) -> None:
    """A friend who never typed a name was ``human`` (the seat's agent) in the header,
    the log, ``exceed info`` and the Games list."""
    created = new_games.create_live(tmp_path / "live", "ryu", "ken", opponent="person",
                                seed=5, name="Ann")
    path = store.log_path(tmp_path / "live", created.game_id)
    assert read_game(path).header.players == ("Ann", "P2 (guest)")
    pic = picture.live_picture(tmp_path / "live", created.game_id, "p2")
    assert pic.names == ("Ann", "P2 (guest)")
    listed = listing.unfinished_live(tmp_path / "live")
    assert listed[0].names == ("Ann", "P2 (guest)")
    table.live_resign(tmp_path / "live", created.game_id, created.tokens["p2"], "")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(["info", str(path)]) == 0
    assert "players: p1 Ann, p2 P2 (guest)" in out.getvalue(), out.getvalue()
    db = tmp_path / "index.duckdb"
    table.index_live(tmp_path / "live", created.game_id, db)
    row = games(open_source(db))[0]  # the Games list's row
    assert (row.player1, row.player2) == ("Ann", "P2 (guest)")
    agent = new_games.create_live(tmp_path / "live", "ryu", "ken", seat="p2", seed=5)
    log = read_game(store.log_path(tmp_path / "live", agent.game_id))
    assert log.header.players == ("", "P2 (guest)")  # the agent's seat keeps its name


def test_a_rematch_swaps_the_seats_and_reaches_the_other_seat(tmp_path: Path) -> None:
    """The rematch was a new game only the clicking seat knew of: the other seat's page
    (and a spectator's) never learnt of it. The old game now names it, each person's
    token opens their seat there, and the other seat's Rematch click accepts it: the
    two people clicked at the same moment, each asking for it (found by walking the
    Play page with two browsers: the second click opened the offer's join form, as if
    that person had not asked for a rematch)."""
    clock = Clock(bank_ms=600_000, increment_ms=5_000)
    created = new_games.create_live(tmp_path, "ryu", "ken", opponent="person", seed=8,
                                name="Ann", clock=clock)
    with pytest.raises(LiveRefused, match="not over yet"):
        new_games.live_rematch(tmp_path, created.game_id, created.tokens["p2"])
    table.live_resign(tmp_path, created.game_id, created.tokens["p1"], "")
    new_id = new_games.live_rematch(tmp_path, created.game_id, created.tokens["p1"])
    assert new_games.live_rematch(tmp_path, created.game_id, created.tokens["p1"]) == new_id
    settings = store.read_live_settings(tmp_path, new_id)  # Ann's double click: an offer
    assert store.seat_of_token(settings, created.tokens["p1"]) == "p2"
    assert store.seat_of_token(settings, created.tokens["p2"]) == "p1"
    assert settings.opponent == "person" and settings.clock == clock
    assert settings.waiting is not None and settings.waiting.seat == "p1"  # Ann's offer
    assert new_games.live_rematch(tmp_path, created.game_id, created.tokens["p2"]) == new_id
    assert store.read_live_settings(tmp_path, new_id).waiting is None  # accepted by it
    assert new_games.live_rematch(tmp_path, created.game_id, created.tokens["p2"]) == new_id
    header = read_game(store.log_path(tmp_path, new_id)).header
    assert (header.p1, header.p2) == ("ryu", "ken")
    assert header.players == ("P1 (guest)", "Ann")  # Ann moved to p2; the guest to p1
    for seat in ("p2", picture.SPECTATOR):
        assert picture.live_picture(tmp_path, created.game_id, seat).rematch == new_id


def test_a_rematch_against_the_agent_keeps_the_agent_and_the_token(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=5,
                                opponent="search", budget_ms=300)
    table.live_resign(tmp_path, created.game_id, created.tokens["p1"], "")
    new_id = new_games.live_rematch(tmp_path, created.game_id, created.tokens["p1"])
    settings = store.read_live_settings(tmp_path, new_id)
    assert store.seat_of_token(settings, created.tokens["p1"]) == "p2"
    assert settings.budget_ms == 300 and settings.opponent == "search"
    assert read_game(store.log_path(tmp_path, new_id)).header.agents == ("search", "human")


def test_a_tag_team_lost_on_life_names_the_fighter_who_fell(tmp_path: Path) -> None:
    """The Play page read "Game over: ... p2 Guile + M. Bison's life reached 0" and "You
    win: p2 Guile + M. Bison's life reached 0": one fighter of a team reached 0 (Street
    Fighter rulebook, Tag Team), the other kept its life. The fighter who fell is named,
    as the Game page's viewer names it."""
    created = new_games.create_live(tmp_path, "ryu+ken", "guile+bison", seat="p1", seed=5)
    store.claim_tab(tmp_path, created.game_id, "p1", "t")
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    while not pic.over:
        assert pic.request is not None
        table.live_act(tmp_path, created.game_id, created.tokens["p1"], "t", pic.decision,
                       pic.groups[0].options[0].decision)
        pic = picture.live_picture(tmp_path, created.game_id, "p1")
    state = pic.view
    assert state.winner is not None and state.end_reason is not None
    assert state.end_reason.name == "LIFE"
    loser = state.winner.other
    fallen = f"{loser.label} " + {"ryu": "Ryu", "ken": "Ken Masters", "guile": "Guile",
                                  "bison": "M. Bison"}[state.players[loser].character]
    assert state.players[loser].life == 0
    assert pic.result.endswith(f"{possessive(fallen)} life reached 0"), pic.result
    told = pic.lines[-1]
    if state.winner is Player.P1:
        assert told == f"You win: {possessive(fallen)} life reached 0", told
