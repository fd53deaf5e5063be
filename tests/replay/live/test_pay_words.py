"""What a payment on the Play page says it is for (``replay.menu.paid_for``): the cost of
the turn's action just chosen names that action (QA walk of whole games: after Exceed
the page asked "spend 2 gauge (cards from your gauge)", for nothing named)."""

from __future__ import annotations

from pathlib import Path

from replay.live import new_games, picture, store, table


def _choose(root: Path, created: new_games.Created, kind: str) -> picture.SeatPicture:
    """p1 (Ryu against the heuristic agent) plays its first options until ``kind`` (a
    group of the turn's action) is offered, takes it, and returns its picture then."""
    for _ in range(400):
        pic = picture.live_picture(root, created.game_id, "p1")
        assert not pic.over and pic.request is not None, "the game ended first"
        wanted = [o for g in pic.groups if g.kind == kind for o in g.options]
        option = (wanted or [o for g in pic.groups for o in g.options])[0]
        table.live_act(root, created.game_id, created.tokens["p1"], "t", pic.decision,
                       option.decision)
        if wanted:
            return picture.live_picture(root, created.game_id, "p1")
    raise AssertionError(f"{kind} was never offered")


def test_the_exceed_and_change_cards_payments_name_their_action(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=5)
    store.claim_tab(tmp_path, created.game_id, "p1", "t")
    pic = _choose(tmp_path, created, "change cards")
    assert pic.request is not None and pic.request.kind == "pay_force"
    assert pic.needs.startswith("pay at least 1 force for Change Cards, to draw a card "
                                "per force (each card from your hand or gauge"), pic.needs
    pic = _choose(tmp_path, created, "exceed")
    assert pic.request is not None and pic.request.kind == "pay_gauge"
    assert pic.needs == "spend 2 gauge to Exceed (cards from your gauge)", pic.needs


def test_a_payment_that_names_what_asks_it_is_left_alone() -> None:
    from engine import Player
    from engine.core.decisions import Exceed
    from engine.core.decisions.requests import PayGaugeRequest
    from replay.menu import paid_for

    request = PayGaugeRequest(player=Player.P1, amount=1, candidates=(3,), optional=True)
    words = "spend 1 gauge to make your attack Critical (its Critical effects apply)"
    assert paid_for(words, request, Exceed()) == words
    assert paid_for("spend 1 gauge (cards from your gauge)", request, None) == (
        "spend 1 gauge (cards from your gauge)")
