"""A game between two people played fair, as lichess is (the Play page's review): a game
is abandoned only before both seats have made their first decision after the mulligan,
then only resigned; a seat's clock starts at its first decision after the mulligan; a
game waiting for the friend is listed, and its host may cancel it."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from engine import read_game
from replay.live import listing, new_games, picture, store, table
from replay.live.store import Clock, LiveError
from replay.live.table import LiveRefused
from tests.live_kit import people

HOUR_NS = 3600 * 10**9


def _step(root: Path, created: new_games.Created, now: table.Now | None = None) -> str:
    """The seat on move takes its first option (at ``now``); the kind it answered."""
    live, _ = table.load(root, created.game_id)
    request = live.game.pending
    assert request is not None
    seat = request.player.label
    pic = picture.live_picture(root, created.game_id, seat)
    table.live_act(root, created.game_id, created.tokens[seat], "t", pic.decision,
                   pic.groups[0].options[0].decision, **({} if now is None else {"now": now}))
    return request.kind


def _until_opened(root: Path, created: new_games.Created) -> None:
    """Play until both seats have made their first decision after the mulligan (the
    last step before is the one that opens it)."""
    while not table.opened(table.load(root, created.game_id)[0]):
        _step(root, created)


def test_a_person_game_is_abandoned_until_both_seats_made_their_first_decision(
        tmp_path: Path) -> None:
    """Either person could Abandon at any time, and a losing player left the game
    unfinished, unrecorded as a loss; now only Resign once both seats have decided."""
    created = people(tmp_path)
    _step(tmp_path, created)  # p1's mulligan
    _step(tmp_path, created)  # p2's mulligan
    _step(tmp_path, created)  # p1's first action: p2 has made none of its own yet
    pic = picture.live_picture(tmp_path, created.game_id, "p2")
    assert pic.abandonable
    _until_opened(tmp_path, created)
    path = store.log_path(tmp_path, created.game_id)
    size = path.stat().st_size
    for seat in ("p1", "p2"):
        assert not picture.live_picture(tmp_path, created.game_id, seat).abandonable
        with pytest.raises(LiveRefused) as refused:
            table.abandon_live(tmp_path, created.game_id, created.tokens[seat], "t")
        assert str(refused.value) == ("both seats have made their first decision: the game "
                                      "can no longer be abandoned, only resigned; nothing "
                                      "was recorded")
    assert path.stat().st_size == size and not read_game(path).abandoned
    table.live_resign(tmp_path, created.game_id, created.tokens["p2"], "t")
    log = read_game(path)
    assert log.sealed and not log.abandoned
    assert picture.live_picture(tmp_path, created.game_id, "p1").result


def test_a_game_is_abandoned_before_the_second_seat_decides(tmp_path: Path) -> None:
    """Until the second seat's first decision after the mulligan, Abandon still works
    (a friend who never played a move leaves nobody a loss to hide)."""
    created = people(tmp_path)
    for _ in range(3):
        _step(tmp_path, created)
    table.abandon_live(tmp_path, created.game_id, created.tokens["p1"], "t")
    assert read_game(store.log_path(tmp_path, created.game_id)).abandoned
    table.abandon_live(tmp_path, created.game_id, created.tokens["p2"], "t")  # stays as it is
    pic = picture.live_picture(tmp_path, created.game_id, "p2")
    assert pic.abandoned and not pic.abandonable
    # who left it (the page read "This game was abandoned." without a word of who)
    assert pic.aborted == "p1 left it before both players had made their first decision"


def test_the_abandon_line_names_the_seat_and_the_person_who_left(tmp_path: Path) -> None:
    """A seat with a typed name is named by it too; at the hotseat, the hotseat."""
    created = new_games.create_live(tmp_path, "ryu", "ken", opponent="person", seed=8,
                                    name="Ann <b>Lee</b>", other_name="Bo")
    for seat in ("p1", "p2"):
        store.claim_tab(tmp_path, created.game_id, seat, "t")
    table.abandon_live(tmp_path, created.game_id, created.tokens["p2"], "t")
    assert picture.live_picture(tmp_path, created.game_id, "p1").aborted == (
        "p2 (Bo) left it before both players had made their first decision")
    hotseat = new_games.create_live(tmp_path, "ryu", "ken", opponent="hotseat", seed=8)
    table.abandon_live(tmp_path, hotseat.game_id, hotseat.tokens["both"], "t")
    assert picture.live_picture(tmp_path, hotseat.game_id, "both").aborted == (
        "it was left at the hotseat before both players had made their first decision")


def test_against_the_ai_a_started_game_is_resigned_not_abandoned(tmp_path: Path) -> None:
    """Against the AI too: a loss to it counts in the player's record
    (``exceed query players``), and Abandon hid it."""
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=5)
    store.claim_tab(tmp_path, created.game_id, "p1", "t")
    assert picture.live_picture(tmp_path, created.game_id, "p1").abandonable
    while not table.opened(table.load(tmp_path, created.game_id)[0]):
        _step(tmp_path, created)
    with pytest.raises(LiveRefused, match="only resigned"):
        table.abandon_live(tmp_path, created.game_id, created.tokens["p1"], "t")
    assert not read_game(store.log_path(tmp_path, created.game_id)).abandoned


def test_the_clock_does_not_run_during_the_mulligan(tmp_path: Path) -> None:
    """An hour over the mulligan, on a 10-minute clock: the flag fell before the game
    began. The mulligan costs nothing; the clock starts at the first turn's decision."""
    created = people(tmp_path, clock=Clock(bank_ms=600_000, increment_ms=5_000))
    since = table.load(tmp_path, created.game_id)[0].since
    late = since + HOUR_NS
    pic = picture.live_picture(tmp_path, created.game_id, "p1", now=lambda: late)
    assert not pic.over and pic.clocks == (600_000, 600_000)
    assert _step(tmp_path, created, now=lambda: late) == "mulligan"
    since = table.load(tmp_path, created.game_id)[0].since
    assert _step(tmp_path, created, now=lambda: since + HOUR_NS) == "mulligan"
    live = table.load(tmp_path, created.game_id)[0]
    pending = live.game.pending
    assert pending is not None and pending.kind == "action"
    ten_s = live.since + 10 * 10**9
    pic = picture.live_picture(tmp_path, created.game_id, "p1", now=lambda: ten_s)
    assert not pic.over and pic.clocks == (590_000, 600_000)  # no increment for a mulligan
    assert _step(tmp_path, created, now=lambda: ten_s) == "action"
    pic = picture.live_picture(tmp_path, created.game_id, "p1", now=lambda: 0)  # no wait
    assert pic.clocks[0] == 595_000  # 10 s thought, 5 s increment


def test_an_hour_unanswered_once_both_seats_decided_is_a_flag_fall(tmp_path: Path) -> None:
    """The clock still runs from the first decision after the mulligan."""
    created = people(tmp_path, clock=Clock(bank_ms=600_000))
    _until_opened(tmp_path, created)
    since = table.load(tmp_path, created.game_id)[0].since
    pic = picture.live_picture(tmp_path, created.game_id, "p2", now=lambda: since + HOUR_NS)
    assert pic.over and "time" in pic.result


def test_a_flag_that_falls_before_a_seat_first_decided_abandons_the_game(
        tmp_path: Path) -> None:
    """A person who never made their first decision lost on time, a loss scored in the
    log, ``exceed info`` and the index, though Abandon was still offered to both (lichess
    aborts such a game). Now the game is abandoned, its log kept, and the page says why."""
    created = people(tmp_path, clock=Clock(bank_ms=600_000))
    _step(tmp_path, created)  # p1's mulligan
    _step(tmp_path, created)  # p2's mulligan
    _step(tmp_path, created)  # p1's first decision; p2 has made none
    path = store.log_path(tmp_path, created.game_id)
    decisions = read_game(path).decisions
    live = table.load(tmp_path, created.game_id)[0]
    assert live.game.pending is not None and not table.opened(live)
    since, on_move = live.since, live.game.pending.player.label
    asked = picture.live_picture(tmp_path, created.game_id, on_move, now=lambda: since)
    pic = picture.live_picture(tmp_path, created.game_id, "p1", now=lambda: since + HOUR_NS)
    assert not pic.over and pic.abandoned and pic.result == "unfinished (abandoned)"
    assert pic.aborted.startswith(f"{on_move}'s time ran out before both players had made their "
                                  "first decision")
    log = read_game(path)
    assert log.abandoned and log.trailer is None and log.decisions == decisions  # kept
    assert pic.request is None and pic.groups == ()  # nobody is asked any more
    with pytest.raises(LiveRefused, match="abandoned"):  # a click from before is refused
        table.live_act(tmp_path, created.game_id, created.tokens[on_move], "t",
                       asked.decision, asked.groups[0].options[0].decision,
                       now=lambda: since + HOUR_NS)
    assert created.game_id not in {g.game_id for g in listing.unfinished_live(tmp_path)}


def test_an_abandoned_game_s_clocks_stand_still(tmp_path: Path) -> None:
    """Once a flag fell before both seats had decided (the game abandoned), the seat's
    clock ran again from the abandon, from its whole time left before that decision
    (the page read 0:58, 0:48, ... under "This game was abandoned: p1's time ran out").
    It reads 0:00 now, the other seat's what it had, whenever the page looks."""
    created = people(tmp_path, clock=Clock(bank_ms=60_000))
    for _ in range(3):  # the mulligans, p1's first decision; p2 has made none
        _step(tmp_path, created)
    live = table.load(tmp_path, created.game_id)[0]
    assert live.game.pending is not None
    on_move = live.game.pending.player.label
    picture.live_picture(tmp_path, created.game_id, "p1", now=lambda: live.since + HOUR_NS)
    since = table.load(tmp_path, created.game_id)[0].since  # the abandon's write

    def at(ns: int) -> Callable[[], int]:
        return lambda: since + ns

    looks = [picture.live_picture(tmp_path, created.game_id, "p1", now=at(ns))
             for ns in (0, 2 * 10**9, 30 * 10**9, HOUR_NS)]
    assert all(pic.abandoned for pic in looks)
    other = "p2" if on_move == "p1" else "p1"
    seat = {"p1": 0, "p2": 1}
    assert {pic.clocks[seat[on_move]] for pic in looks} == {0}
    assert len({pic.clocks[seat[other]] for pic in looks}) == 1  # it stands still


def _waiting(root: Path, **options: object) -> new_games.Created:
    return new_games.create_live(root, "ryu", "ken", opponent="person", seed=8, name="Ann",
                             other_joins=True, **options)  # type: ignore[arg-type]


def test_a_game_waiting_for_the_friend_is_listed_until_joined(tmp_path: Path) -> None:
    """A game waiting for the friend has no log yet, and the list read only logs: the
    host who reloaded the page found it nowhere."""
    created = _waiting(tmp_path)
    started = new_games.create_live(tmp_path, "ryu", "ken", seed=1)
    listed = {g.game_id: g for g in listing.unfinished_live(tmp_path)}
    assert set(listed) == {created.game_id, started.game_id}
    entry = listed[created.game_id]
    assert (entry.waiting, entry.friend_seat, entry.decisions) == ("friend", "p2", 0)
    assert entry.names == ("Ann", "waiting to join") and (entry.p1, entry.p2) == ("ryu", "ken")
    assert listed[started.game_id].waiting == ""
    new_games.join_live(tmp_path, created.game_id, created.tokens["p2"], "Bea")
    joined = {g.game_id: g for g in listing.unfinished_live(tmp_path)}[created.game_id]
    assert joined.waiting == "" and joined.names == ("Ann", "Bea")


def test_the_host_cancels_a_game_waiting_for_the_friend(tmp_path: Path) -> None:
    """A game the friend never joined could not be called off: it waited for good.
    The host cancels it; the friend's link says so in one line, and it is not listed."""
    created = _waiting(tmp_path)
    with pytest.raises(LiveRefused, match="the host's to cancel"):
        new_games.cancel_waiting(tmp_path, created.game_id, created.tokens["p2"])
    with pytest.raises(LiveError, match="opens no seat"):
        new_games.cancel_waiting(tmp_path, created.game_id, "forged")
    new_games.cancel_waiting(tmp_path, created.game_id, created.tokens["p1"])
    new_games.cancel_waiting(tmp_path, created.game_id, created.tokens["p1"])  # twice: nothing
    assert listing.unfinished_live(tmp_path) == []
    said = "the host cancelled this game before the friend joined; nothing was played"
    with pytest.raises(LiveError) as joined:
        new_games.join_live(tmp_path, created.game_id, created.tokens["p2"], "Bea")
    assert str(joined.value) == said
    with pytest.raises(LiveError) as watched:
        picture.live_picture(tmp_path, created.game_id, "p1")
    assert str(watched.value) == said
    with pytest.raises(LiveRefused, match="cancelled"):
        new_games.renew_friend_link(tmp_path, created.game_id, created.tokens["p1"])
    assert not store.log_path(tmp_path, created.game_id).exists()
    waiting = store.read_live_settings(tmp_path, created.game_id).waiting
    assert waiting is not None and waiting.cancelled  # marked, kept: nothing is lost


def test_a_joined_game_cannot_be_cancelled(tmp_path: Path) -> None:
    created = _waiting(tmp_path)
    new_games.join_live(tmp_path, created.game_id, created.tokens["p2"], "Bea")
    with pytest.raises(LiveRefused, match=r"^your friend has joined; the game is on"):
        new_games.cancel_waiting(tmp_path, created.game_id, created.tokens["p1"])
    assert picture.live_picture(tmp_path, created.game_id, "p1").request is not None


def test_an_unreadable_or_odd_seats_file_is_one_line_and_the_list_goes_on(
        tmp_path: Path) -> None:
    """The list now reads the seats file of each game without a log: one that cannot be
    read (a folder of that name here; no permission alike) raised IsADirectoryError out
    of ``read_live_settings`` (only a missing file was caught), and a pipe of that name
    would have held the list up for good."""
    created = _waiting(tmp_path)
    odd = "0123456789abcdef"
    (tmp_path / f"{odd}.seats.json").mkdir()
    os.mkfifo(tmp_path / "fedcba9876543210.seats.json")
    assert [g.game_id for g in listing.unfinished_live(tmp_path)] == [created.game_id]
    with pytest.raises(LiveError) as caught:
        store.read_live_settings(tmp_path, odd)
    assert str(caught.value).startswith(f"{odd}.seats.json: cannot be read (")
    assert "\n" not in str(caught.value)


def test_a_game_page_whose_seats_file_is_a_pipe_is_one_line_not_a_hang(
        tmp_path: Path) -> None:
    """Opening ``?g=<id>`` read the seats file with a blocking open: a pipe of that
    name held the page (and the game's every operation) for good."""
    odd = "fedcba9876543210"
    os.mkfifo(tmp_path / f"{odd}.seats.json")
    with pytest.raises(LiveError) as caught:
        store.read_live_settings(tmp_path, odd)
    assert str(caught.value) == f"{odd}.seats.json: not a regular file; not a live game's seats"


@pytest.mark.parametrize(("edit", "reason"), [
    ('"budget_ms": 1' + "0" * 400, "Expected `int` <= 60000 - at `$.budget_ms`"),
    ('"clock": {"bank_ms": -5}', "Expected `int` >= 1 - at `$.clock.bank_ms`"),
    ('"clock": {"bank_ms": 60000, "increment_ms": 36000000000}',
     "Expected `int` <= 3600000 - at `$.clock.increment_ms`"),
])
def test_a_seats_file_with_a_number_out_of_range_is_one_line(
        tmp_path: Path, edit: str, reason: str) -> None:
    """Found by a fuzz helper (6 Dec 2026): the seats file was checked for its types only,
    so one edited to a search budget of 10**400 ms made every move of that game fail
    ("integer division result too large for a float"). The bounds ``create_live``
    checks are checked again whenever the file is read."""
    created = people(tmp_path)
    path = store.settings_path(tmp_path, created.game_id)
    text = path.read_text()
    assert text.startswith("{")
    path.write_text("{" + edit + "," + text[1:])
    with pytest.raises(LiveError) as caught:
        store.read_live_settings(tmp_path, created.game_id)
    assert str(caught.value) == (f"{created.game_id}.seats.json: not a live game's seats "
                                 f"({reason})")
