"""The Play page as a player finds it at the table, driven by Streamlit's AppTest (found
by playing in a browser): the options read in order and say what they do, a refused
answer or resign is said where it was asked, and a card's option holds its text. A game
against a person at another browser: ``test_play_page_friend``."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.literal import markdown as md
from replay import query as q
from tests.dashboard.page_kit import at_action, open_play, play_to_action


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "index.duckdb"


def test_the_options_read_in_order_when_the_columns_stack(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """Found walking the Play page at a phone's width (390 px): the options stood in two
    columns, the first holding options 1, 3, 5..., the second 2, 4, 6..., and Streamlit
    stacks columns under 640 px, so a phone listed "Move to space 1, 3, 5, 9, 2, 4, 8".
    Each pair is a row of its own now: stacked, the options read in their order (here,
    as the page's elements run, which is how a phone stacks them)."""
    root = q.live_root(db_path)
    created, pic = at_action(root)
    page = open_play(app, db_path, g=created.game_id, t=created.tokens["p1"])
    for group in pic.groups:
        if len(group.options) < 3:
            continue
        wanted = [md(o.label) for o in group.options]
        shown = [b.label for b in page.button if b.label in wanted]
        assert shown == wanted, (group.kind, shown)
    assert sum(len(g.options) >= 3 for g in pic.groups) >= 2  # Boost and Move at least


def test_each_kind_of_option_says_what_it_does(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """Found walking the Play page as a player new to EXCEED: the turn's options read
    "Prepare", "Change Cards", "Reshuffle", "Move to space 5", "Wild swing" with not a
    word of what they do, and a Move asked for a force payment the button had not
    mentioned. Under each kind's heading one line says it, in rulebook words."""
    root = q.live_root(db_path)
    created, pic = at_action(root)
    page = open_play(app, db_path, g=created.game_id, t=created.tokens["p1"])
    said = [c.value for c in page.caption]
    kinds = [g.kind for g in pic.groups]
    assert {"strike", "boost", "move", "change cards", "prepare"} <= set(kinds), kinds
    for kind, words in (("prepare", "Draw a card"), ("move", "1 more to move over them"),
                        ("change cards", "draw a card per force"),
                        ("strike", "face down"), ("boost", "lower text")):
        assert [c for c in said if words in c], (kind, said)
    q.claim_tab(root, created.game_id, "p1", "t")  # the page claimed it: a newer tab
    q.live_act(root, created.game_id, created.tokens["p1"], "t", pic.decision,
               next(o.decision for g in pic.groups if g.kind == "strike" for o in g.options))
    page.run()  # the page follows (a tab of the seat), now setting an attack
    assert [c.value for c in page.caption if "the top card of your deck is your attack"
            in c.value], [c.value for c in page.caption]


def _farthest_move_asked(root: Path, created: q.Created) -> int:
    """Seat p1 of ``created`` (acting from tab "t") plays its first options to its first
    turn action and takes the farthest Move: the number of the decision that asks for
    that Move's force."""
    pic = play_to_action(root, created)
    far = max((o for g in pic.groups if g.kind == "move" for o in g.options),
              key=lambda o: abs(getattr(o.decision, "space", 0) - pic.view.players[0].space))
    q.live_act(root, created.game_id, created.tokens["p1"], "t", pic.decision, far.decision)
    return pic.decision + 1


def test_a_refused_answer_is_said_beside_the_options(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """Found walking the Play page: a Move asks for its force, and "Pay with these
    (none)" pressed with no card picked was refused in one line at the top of the page,
    a screen and more above the button on a phone, whose page keeps its scroll on a
    rerun: the button seemed to do nothing. The line stands above the options now, in
    their column, beside the button pressed. (Since, that button waits for a pick: a
    Move's force cannot be nothing; one card too few is refused instead.)"""
    root = q.live_root(db_path)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5)
    q.claim_tab(root, created.game_id, "p1", "t")
    asked = _farthest_move_asked(root, created)
    page = open_play(app, db_path, g=created.game_id, t=created.tokens["p1"])
    # paying nothing is no answer to a Move's force (its button waits for a pick), and
    # one card is too little for the farthest Move: the engine refuses it
    picker = page.multiselect(key=f"cards-{asked}")
    picker.set_value(picker.options[:1]).run()
    column = next(c for c in page.columns
                  if any(b.label == "Pay with these" for b in c.button))
    next(b for b in column.button if b.label == "Pay with these").click().run()
    assert not page.exception, [e.message for e in page.exception]
    column = next(c for c in page.columns
                  if any(b.label == "Pay with these" for b in c.button))
    said = [w.value for w in column.warning]
    assert len(said) == 1 and "not legal now" in said[0], said
    assert re.search(r"these cards make 1( to 2)? force, not the \d+ needed", said[0]), said
    assert len([w for w in page.warning if "not legal now" in w.value]) == 1  # once
    assert q.live_picture(root, created.game_id, "p1").decision == asked


def test_paying_nothing_is_offered_only_where_it_is_an_answer(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """Found walking the Play page: a Move's force (core rulebook, Move: force equal to
    the spaces moved) offered "Pay with these (none)", which could only be refused. With
    no card picked that button now waits (disabled, its help saying why), and reads
    "(none)" only where nothing is an answer: the mulligan (keep the hand)."""
    root = q.live_root(db_path)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5)
    q.claim_tab(root, created.game_id, "p1", "t")
    page = open_play(app, db_path, g=created.game_id, t=created.tokens["p1"])
    # the mulligan's button with no card picked keeps the hand, and says so (the Play
    # walk: "Mulligan these (none)" read as a mulligan)
    keep = [b for b in page.button if b.label.startswith(("Mulligan these", "Keep the"))]
    assert [(b.label, b.disabled) for b in keep] == [("Keep the opening hand", False)]
    q.claim_tab(root, created.game_id, "p1", "t")  # the page took the seat: act from "t"
    asked = _farthest_move_asked(root, created)
    page = open_play(app, db_path, g=created.game_id, t=created.tokens["p1"])
    pay = [b for b in page.button if b.label.startswith("Pay with these")]
    assert [(b.label, b.disabled) for b in pay] == [("Pay with these", True)]
    assert "paying nothing is not an answer here" in (pay[0].help or "")
    page.multiselect(key=f"cards-{asked}").set_value(
        page.multiselect(key=f"cards-{asked}").options[:1]).run()
    pay = [b for b in page.button if b.label.startswith("Pay with these")]
    assert [(b.label, b.disabled) for b in pay] == [("Pay with these", False)]


def _in_order(node: object) -> list[object]:
    """The page's elements in the order they are drawn (blocks flattened)."""
    children = getattr(node, "children", None)
    if not isinstance(children, dict):
        return [node]
    return [leaf for _, child in sorted(children.items()) for leaf in _in_order(child)]


def test_a_refused_resign_is_said_above_its_button(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """Found walking the Play page: a refused Resign (Abandon, takeback, Rematch) was said
    at the top of the page, a screen and more above its button on a phone: the click
    seemed to do nothing. It is said above those buttons now, after the options, once."""
    root = q.live_root(db_path)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5)
    page = open_play(app, db_path, g=created.game_id, t=created.tokens["p1"])
    q.claim_tab(root, created.game_id, "p1", "newer")  # this page's tab is now stale
    page.checkbox(key="sure-0").check().run()
    next(b for b in page.button if b.label == "Resign").click().run()
    assert not page.exception, [e.message for e in page.exception]
    said = [w for w in page.warning if "newer tab" in w.value]
    assert len(said) == 1, [w.value for w in page.warning]
    drawn = _in_order(page.main)
    where = next(i for i, e in enumerate(drawn) if e is said[0])
    options = max(i for i, e in enumerate(drawn)
                  if getattr(e, "label", "") == "Keep the opening hand")
    resign = next(i for i, e in enumerate(drawn) if getattr(e, "label", "") == "Resign")
    assert options < where < resign, (options, where, resign)
    assert q.live_picture(root, created.game_id, "p1").over is False



def test_abandon_from_an_older_tab_is_refused_above_its_button(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """Abandon from a seat's older tab left the game for good, where Resign from it was
    refused: it is refused in the same words now, said above the buttons, and the game
    goes on."""
    root = q.live_root(db_path)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5)
    page = open_play(app, db_path, g=created.game_id, t=created.tokens["p1"])
    q.claim_tab(root, created.game_id, "p1", "newer")  # this page's tab is now stale
    page.checkbox(key="sure-0").check().run()
    next(b for b in page.button if b.label == "Abandon").click().run()
    assert not page.exception, [e.message for e in page.exception]
    said = [w.value for w in page.warning if "newer tab" in w.value]
    assert said == [md("this seat is open in a newer tab; only the newest tab acts "
                       "(reload here to act from this tab)")], [w.value for w in page.warning]
    pic = q.live_picture(root, created.game_id, "p1")
    assert not pic.abandoned and pic.abandonable

def test_a_card_s_option_holds_the_card_s_text(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """Found walking the Play page as a player new to EXCEED: "Boost Dive (Tech)" and
    "Set Assault" said nothing of what Tech does or what Assault's range is; the card
    texts were a toggle at the foot of the page. A boost's and an attack's button holds
    the card's text now (its help, shown when the pointer rests on it), escaped."""
    root = q.live_root(db_path)
    created, pic = at_action(root)
    texts = {c.name: c for f in q.live_cards(root, created.game_id) for c in f.cards}
    page = open_play(app, db_path, g=created.game_id, t=created.tokens["p1"])
    boosts = [b for b in page.button if b.label.startswith("Boost ")]
    assert boosts
    for button in boosts:
        name = next(n for n in texts if button.label.startswith(md(f"Boost {n} (")))
        assert button.help.startswith(md(name)), (button.label, button.help)
        for line in texts[name].lines:
            assert md(line.strip()) in button.help, (line, button.help)
    q.claim_tab(root, created.game_id, "p1", "t")
    q.live_act(root, created.game_id, created.tokens["p1"], "t", pic.decision,
               next(o.decision for g in pic.groups if g.kind == "strike" for o in g.options))
    page.run()
    attacks = [b for b in page.button if b.label.startswith("Set ")]
    assert attacks and all(b.help and "power" in b.help for b in attacks), [
        (b.label, b.help) for b in attacks]


def test_the_options_cards_texts_can_be_read_by_tapping(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """A button holds its card's text only as hover help, which a touch screen never
    shows: on a phone the texts were the "Card texts" toggle at the foot of the page,
    a screen and more below the options. An expander above the options, "What these
    cards do", now holds the text of each card the options boost or set, once."""
    root = q.live_root(db_path)
    created, pic = at_action(root)
    texts = {c.card: c for f in q.live_cards(root, created.game_id) for c in f.cards}
    boosted = dict.fromkeys(pic.view.card_defs[o.decision.card]
                            for g in pic.groups if g.kind == "boost" for o in g.options
                            if hasattr(o.decision, "card"))
    assert boosted
    page = open_play(app, db_path, g=created.game_id, t=created.tokens["p1"])
    [expander] = [e for e in page.expander if e.label == "What these cards do"]
    said = "\n".join(m.value for m in expander.markdown)
    for card in boosted:
        assert said.count(md(texts[card].name) + "  \n") == 1, (card, said)
        for line in texts[card].lines:
            assert md(line.strip()) in said, (line, said)
    drawn = _in_order(page.main)
    where = next(i for i, e in enumerate(drawn) if e is expander.markdown[0])
    first_option = min(i for i, e in enumerate(drawn)
                       if getattr(e, "label", "").startswith(("Boost ", "Strike")))
    assert where < first_option
