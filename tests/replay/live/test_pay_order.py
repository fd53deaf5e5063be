"""A person's payment on the Play page goes to the discard pile in the order the cards
were picked (core rulebook, Discard: "When you discard multiple cards simultaneously,
you choose the order"): the page's card picker keeps the picking order, and the live
table records the decision as picked."""

from __future__ import annotations

from pathlib import Path

from engine import Decision, read_game
from engine.core.decisions import MoveTo
from replay.live import new_games, picture, store, table
from replay.viewer.cursor import Replay


def test_force_paid_on_the_live_table_goes_to_the_discard_pile_as_picked(
        tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", opponent="person", seed=8)
    for seat in ("p1", "p2"):
        store.claim_tab(tmp_path, created.game_id, seat, "t")

    def asked() -> tuple[str, picture.SeatPicture]:
        for seat in ("p1", "p2"):
            pic = picture.live_picture(tmp_path, created.game_id, seat)
            if pic.request is not None:
                return seat, pic
        raise AssertionError("no seat is asked")

    def act(seat: str, pic: picture.SeatPicture, decision: Decision) -> None:
        table.live_act(tmp_path, created.game_id, created.tokens[seat], "t", pic.decision,
                       decision)

    seat, pic = asked()
    while pic.request is not None and pic.request.kind == "mulligan":  # keep both hands
        act(seat, pic, picture.cards_decision(pic.request, ()))
        seat, pic = asked()
    assert pic.request is not None and pic.request.kind == "action"
    here = pic.request.player
    space = pic.view.players[here].space
    two = [o.decision for g in pic.groups for o in g.options
           if isinstance(o.decision, MoveTo) and abs(o.decision.space - space) == 2]
    act(seat, pic, two[0])  # core rulebook, Move: 1 force a space
    seat, pic = asked()
    assert pic.request is not None and pic.request.kind == "pay_force"
    ultras = set(getattr(pic.request, "ultras", ()))
    plain = [ref for ref, _ in pic.cards if ref not in ultras]
    picked = (plain[-1], plain[0])  # against the listing's order
    act(seat, pic, picture.cards_decision(pic.request, picked))
    replay = Replay(read_game(store.log_path(tmp_path, created.game_id)))
    state = replay.seek(replay.length)
    assert state.players[here].space in (space - 2, space + 2)
    assert tuple(state.players[here].discard[-2:]) == picked  # the last on top
