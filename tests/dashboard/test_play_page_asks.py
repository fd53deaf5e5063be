"""What the Play page asks says what it is for (``replay.menu.needs``), found by playing
the page as a newcomer: an attack's cost names the attack (a wild-swung Ultra of Carl
Clover's asked "spend 3 gauge (cards from your gauge); or decline", and a newcomer could
not tell what the gauge was for, nor that declining makes the attack invalid, a wild
swing instead); the discard down to the hand limit says so (it read "discard 1 card")."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

from streamlit.testing.v1 import AppTest

from dashboard import play_words
from dashboard.literal import markdown as md
from replay import query as q
from tests.dashboard.page_kit import at_action, open_play

ASKED = ("spend 3 gauge for your attack Rhapsody of Memories, its cost (cards from your "
         "gauge); or decline: the attack is then invalid, and you wild swing instead")


def test_an_ultras_cost_names_it_and_what_declining_does(
        app: Callable[..., AppTest], tmp_path: Path) -> None:
    db = tmp_path / "index.duckdb"
    root = q.live_root(db)
    created = q.create_live(root, "carlclover", "hyde", seat="p1", seed=1)
    token = created.tokens["p1"]
    for _ in range(60):  # p1 strikes with wild swings until one turns up an Ultra
        pic = q.live_picture(root, created.game_id, "p1")
        if pic.request is not None and pic.request.kind == "pay_gauge" \
                and "for your attack" in pic.needs:
            break
        options = [o for g in pic.groups for o in g.options]
        pick = next((o for o in options if o.label in ("Strike", "Wild swing")), None) \
            or next((o for o in options if o.label.startswith("Decline")), options[0])
        q.live_act(root, created.game_id, token, "", pic.decision, pick.decision)
    assert pic.needs == ASKED
    at = open_play(app, db, g=created.game_id, t=token)
    assert md(ASKED) in [c.value for c in at.caption]
    next(b for b in at.button if b.label == "Spend these (none)").click().run()  # decline
    assert not at.exception, [e.message for e in at.exception]
    said = "\n".join(c.value for c in at.code)
    assert "p1 Carl Clover's Rhapsody of Memories is invalid" in said


def test_the_hand_limit_discard_says_why(app: Callable[..., AppTest], tmp_path: Path) -> None:
    db = tmp_path / "index.duckdb"
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=3)
    token = created.tokens["p1"]
    for _ in range(60):  # p1 prepares (draws a card) until the hand is over the limit
        pic = q.live_picture(root, created.game_id, "p1")
        if pic.request is not None and pic.request.kind == "discard":
            break
        options = [o for g in pic.groups for o in g.options]
        pick = next((o for o in options if o.label == "Prepare"), options[0])
        q.live_act(root, created.game_id, token, "", pic.decision, pick.decision)
    # one card to discard has no order to choose: the order clause is left out
    asked = ("discard 1 card (your hand holds 8, more than the hand limit of 7, at the end "
             "of your turn)")
    assert pic.needs == asked
    at = open_play(app, db, g=created.game_id, t=token)
    assert md(asked) in [c.value for c in at.caption]


def test_a_movement_answer_says_who_moves_where(app: Callable[..., AppTest],
                                                tmp_path: Path) -> None:
    """Ryu's step asks "advance 1 / retreat 1"; Grasp's hit "push 1 / push 2 / pull 1 /
    pull 2": nothing said who moves, or where."""
    db = tmp_path / "index.duckdb"
    root = q.live_root(db)
    created, pic = at_action(root)
    step = next(o for g in pic.groups for o in g.options
                if o.label == "Character action: Ryu's step")
    q.live_act(root, created.game_id, created.tokens["p1"], "t", pic.decision, step.decision)
    at = open_play(app, db, g=created.game_id, t=created.tokens["p1"])
    labels = [b.label for b in at.button if (b.key or "").startswith("opt-")]
    assert labels == ["advance 1", "retreat 1"]
    assert md("advance: you move toward the opponent, past them if you reach them (their "
              "space not counted); retreat: you move away from the opponent") in \
        [c.value for c in at.caption]


def test_push_and_pull_are_said_once_each_in_the_rulebooks_order() -> None:
    options = tuple(SimpleNamespace(label=f"{verb} {n}") for verb in ("push", "pull")
                    for n in (1, 2))
    group = q.Group("prompt", options)  # type: ignore[arg-type]
    assert play_words.answer_words(group) == (
        "push: the opponent moves away from you; pull: the opponent moves toward you, "
        "past you if they reach you (your space not counted)")
    assert play_words.answer_words(q.Group("move", options)) == ""  # type: ignore[arg-type]
    assert play_words.answer_words(q.Group("prompt", (SimpleNamespace(
        label="Space 4"),))) == ""  # type: ignore[arg-type]
