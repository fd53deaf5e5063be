"""A flag that fell is recorded before any seat action (found by an attacker's walk of
the Play page): a resignation, a takeback against the AI and a takeback accepted
between people each read the game without it, so a seat that resigned once the
other's time had run out lost the game the other had lost on time, and a takeback
taken after the taker's own flag fell forked the lost game and gave its time back.
Each records the flag first now, as a decision does (``table._acting``), and is
refused in one line, nothing else recorded. Abandon, before both seats' first
decision, said its presser left a game whose seat on move had run out of time: the
flag, recorded first, abandons it now, saying so."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine import EndReason, Player, read_game
from replay.live import new_games, picture, store, table, takeback
from replay.live.store import Clock
from replay.live.table import LiveRefused

BANK = Clock(bank_ms=600_000)


def _run_out(root: Path, game_id: str) -> None:
    """The seat on move's time runs out, nobody looking: the log was last written an
    hour ago (a clock runs from the log's last write), past the bank of ``BANK``."""
    path = store.log_path(root, game_id)
    seen = path.stat()
    os.utime(path, ns=(seen.st_atime_ns, seen.st_mtime_ns - 3600 * 10**9))


def _act(root: Path, game_id: str, token: str, seat: str) -> None:
    """``seat`` takes its first option (its newest tab ``t``)."""
    pic = picture.live_picture(root, game_id, seat)
    assert pic.request is not None
    table.live_act(root, game_id, token, "t", pic.decision, pic.groups[0].options[0].decision)


def _other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


def _opened_between_people(root: Path, seed: int = 8, offer: bool = False
                           ) -> tuple[new_games.Created, str]:
    """A game between two people on a clock, played (first options) until both seats
    have made their first decision after the mulligan (and, with ``offer``, the seat
    not on move may offer a takeback); it and the seat on move."""
    created = new_games.create_live(root, "ryu", "ken", opponent="person", seed=seed,
                                    clock=BANK)
    for seat in ("p1", "p2"):
        store.claim_tab(root, created.game_id, seat, "t")
    for _ in range(40):
        live = table.load(root, created.game_id)[0]
        pending = live.game.pending
        assert pending is not None
        mover = pending.player.label
        if table.opened(live) and not (
                offer and takeback.barred(root, created.game_id, _other(mover))):
            return created, mover
        _act(root, created.game_id, created.tokens[mover], mover)
    raise AssertionError("no such position in 40 decisions")


def _lost_on_time(root: Path, game_id: str, seat: str) -> None:
    """The log ends with ``seat``'s flag fall: the other seat won on time."""
    trailer = read_game(store.log_path(root, game_id)).trailer
    assert trailer is not None and trailer.reason is EndReason.TIME
    assert trailer.winner is (Player.P2 if seat == "p1" else Player.P1)


def test_a_resignation_after_the_other_s_flag_fell_is_refused(tmp_path: Path) -> None:
    """The seat on move ran out of time; the other seat's Resign, read before the flag
    was recorded, made the seat out of time the winner."""
    created, mover = _opened_between_people(tmp_path)
    other = _other(mover)
    _run_out(tmp_path, created.game_id)
    with pytest.raises(LiveRefused, match=r"^the game is over; nothing was recorded$"):
        table.live_resign(tmp_path, created.game_id, created.tokens[other], "t")
    _lost_on_time(tmp_path, created.game_id, mover)


def test_a_resignation_after_one_s_own_flag_fell_reads_lost_on_time(tmp_path: Path) -> None:
    created, mover = _opened_between_people(tmp_path)
    _run_out(tmp_path, created.game_id)
    with pytest.raises(LiveRefused, match=r"^the game is over; nothing was recorded$"):
        table.live_resign(tmp_path, created.game_id, created.tokens[mover], "t")
    _lost_on_time(tmp_path, created.game_id, mover)


def test_a_takeback_after_one_s_flag_fell_is_refused(tmp_path: Path) -> None:
    """Against the AI: the fork of a game lost on time went on, its clock as it was
    before the decision taken back (the time run out given back), the loss unrecorded."""
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=1,
                                    clock=BANK)
    token = created.tokens["p1"]
    store.claim_tab(tmp_path, created.game_id, "p1", "t")
    for _ in range(3):  # the mulligan, then two decisions the AI answered
        _act(tmp_path, created.game_id, token, "p1")
    assert takeback.barred(tmp_path, created.game_id, "p1") == ""  # in time: it may
    assert table.opened(table.load(tmp_path, created.game_id)[0])
    _run_out(tmp_path, created.game_id)
    with pytest.raises(LiveRefused, match=r"^the game is over; review it instead$"):
        takeback.live_takeback(tmp_path, created.game_id, token, "t")
    assert store.game_ids(tmp_path) == [created.game_id]  # no fork written
    _lost_on_time(tmp_path, created.game_id, "p1")


def test_a_takeback_accepted_after_the_accepting_seat_s_flag_fell_is_refused(
        tmp_path: Path) -> None:
    """Between people: the seat on move accepted the other's offer once its own time
    had run out, and the fork went on from before the offering seat's decision."""
    created, mover = _opened_between_people(tmp_path, seed=1, offer=True)
    offerer = _other(mover)
    takeback.offer_takeback(tmp_path, created.game_id, created.tokens[offerer], "t")
    _run_out(tmp_path, created.game_id)
    with pytest.raises(LiveRefused, match=r"^no takeback is offered now"):
        takeback.answer_takeback(tmp_path, created.game_id, created.tokens[mover], "t", True)
    assert store.game_ids(tmp_path) == [created.game_id]  # no fork written
    _lost_on_time(tmp_path, created.game_id, mover)


def test_abandon_after_a_flag_fell_says_whose_time_ran_out(tmp_path: Path) -> None:
    """Before both seats have made their first decision after the mulligan, the seat on
    move ran out of time; the other seat's Abandon recorded that it left the game, not
    that the time ran out (the flag, recorded first, abandons the game itself)."""
    created = new_games.create_live(tmp_path, "ryu", "ken", opponent="person", seed=8,
                                    clock=BANK)
    for seat in ("p1", "p2"):
        store.claim_tab(tmp_path, created.game_id, seat, "t")
    live = table.load(tmp_path, created.game_id)[0]
    while (pending := live.game.pending) is not None and pending.kind == table.MULLIGAN:
        _act(tmp_path, created.game_id, created.tokens[pending.player.label],
             pending.player.label)
        live = table.load(tmp_path, created.game_id)[0]
    assert pending is not None and not table.opened(live)
    mover = pending.player.label
    _run_out(tmp_path, created.game_id)
    table.abandon_live(tmp_path, created.game_id, created.tokens[_other(mover)], "t")
    assert read_game(store.log_path(tmp_path, created.game_id)).abandoned
    assert store.read_live_settings(tmp_path, created.game_id).aborted == (
        f"{mover}'s time ran out before both players had made their first decision, so "
        "the game was abandoned, not scored")
