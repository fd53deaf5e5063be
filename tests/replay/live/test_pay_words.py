"""What a payment on the Play page says it is for (``replay.action_payments.paid_for``): the cost of
the turn's action just chosen names that action (QA walk of whole games: after Exceed
the page asked "spend 2 gauge (cards from your gauge)", for nothing named)."""

from __future__ import annotations

from pathlib import Path

from engine import events as ev
from replay.live import new_games, picture, store, table

ROOT = Path(__file__).resolve().parents[3]


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
    from replay.action_payments import paid_for

    request = PayGaugeRequest(player=Player.P1, amount=1, candidates=(3,), optional=True)
    words = "spend 1 gauge to make your attack Critical (its Critical effects apply)"
    assert paid_for(words, request, Exceed()) == words
    assert paid_for("spend 1 gauge (cards from your gauge)", request, None) == (
        "spend 1 gauge (cards from your gauge)")


def test_the_move_payment_names_the_move_and_its_space(tmp_path: Path) -> None:
    """After the turn's Move the page asked "pay 1 force (each card ...)", for nothing
    named, where Exceed's and Change Cards' payments name them."""
    from engine.core.decisions import MoveTo

    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=5)
    store.claim_tab(tmp_path, created.game_id, "p1", "t")
    for _ in range(20):
        pic = _choose(tmp_path, created, "move")
        assert pic.request is not None
        if pic.request.kind == "pay_force":  # (a Move the discount pays asks nothing)
            break
    else:
        raise AssertionError("no Move asked for force")
    moved = [d for d in _decisions(tmp_path, created) if isinstance(d, MoveTo)][-1]
    amount = getattr(pic.request, "amount", None)
    assert pic.needs.startswith(
        f"pay {amount} force for the Move to space {moved.space} (each card from your "
        "hand or gauge is 1 force"), pic.needs


def _decisions(root: Path, created: new_games.Created) -> list[object]:
    from replay.live.table import load

    live, _ = load(root, created.game_id)
    return list(live.game.decisions)


def test_an_effects_space_pick_is_not_called_the_move() -> None:
    """An effect's space pick is answered with a Move's decision (``MoveTo``); a payment
    right after it is not the Move's: the Move action declared (its ``ActionTaken``) is
    what the Move's payment follows. Carmine's effect picks space 4 in a sample game."""
    from engine import Player, read_game
    from engine.core.decisions import MoveTo
    from engine.core.decisions.requests import PayForceRequest
    from replay.action_payments import paid_for

    log = read_game(ROOT / "sample_games" / "carmine-vs-ryu_heuristic-vs-heuristic_seed400.exlog")
    (step,) = [s for s in log.steps if s.index == 6]
    assert step.request is not None and step.request.kind == "choose_space"
    assert isinstance(step.decision, MoveTo)
    who = step.request.player
    request = PayForceRequest(player=who, amount=1, candidates=(3,), ultras=())
    words = "pay 1 force (each card from your hand or gauge is 1 force, an ultra 1 or 2)"
    assert paid_for(words, request, step.decision, step.events[-1]) == words
    declared = ev.ActionTaken(player=who, action=ev.ActionKind.MOVE, space=step.decision.space)
    assert paid_for(words, request, step.decision, declared) == words.replace(
        "1 force (", f"1 force for the Move to space {step.decision.space} (", 1)
    other = Player.P2 if who is Player.P1 else Player.P1
    assert paid_for(words, request, step.decision, ev.ActionTaken(
        player=other, action=ev.ActionKind.MOVE, space=step.decision.space)) == words


def test_a_blazblue_exceed_payment_says_the_gauge_goes_to_overdrive(tmp_path: Path) -> None:
    """A BlazBlue fighter's Exceed sends the gauge paid into the overdrive area, not the
    discard pile (reference effects.md, Exceed; the BlazBlue mechanic's
    ``exceed_gauge_to``): the page said only "(cards from your gauge)", as for Ryu."""
    created = new_games.create_live(tmp_path, "jin", "ragna", seat="p1", seed=0)
    store.claim_tab(tmp_path, created.game_id, "p1", "t")
    pic = _choose(tmp_path, created, "exceed")
    assert pic.request is not None and pic.request.kind == "pay_gauge"
    amount = getattr(pic.request, "amount", None)
    assert pic.needs == (f"spend {amount} gauge to Exceed (cards from your gauge; they go "
                         "to your Overdrive)"), pic.needs
    paid = pic.groups[0].options[0].decision
    table.live_act(tmp_path, created.game_id, created.tokens["p1"], "t", pic.decision, paid)
    from engine.core.events.blazblue import EnteredOverdrive
    from replay.live.table import load

    live, _ = load(tmp_path, created.game_id)
    entered = {e.card for e in live.game.events if isinstance(e, EnteredOverdrive)}
    assert set(getattr(paid, "cards", ())) <= entered and len(getattr(paid, "cards", ())) == amount
