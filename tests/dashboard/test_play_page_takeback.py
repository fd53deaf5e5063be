"""The Play page's takeback (``dashboard.play_takeback``), driven by Streamlit's AppTest:
refused with its reason once a hidden card was shown, offered between people and
accepted or declined by the other seat."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.literal import markdown as md
from engine import read_game
from replay import query as q
from replay.live import store
from tests.dashboard.page_kit import open_play


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "index.duckdb"


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.message for e in at.exception]


def _first(at: AppTest) -> None:
    next(b for b in at.button if (b.key or "").startswith(("opt-", "pick-"))).click().run()
    _ok(at)


def _first_options(root: Path, created: q.Created, seats: tuple[str, ...]) -> None:
    """Each of ``seats`` in turn takes its first option, through the live API."""
    for seat in seats:
        pic = q.live_picture(root, created.game_id, seat)
        q.live_act(root, created.game_id, created.tokens[seat], "", pic.decision,
                   pic.groups[0].options[0].decision)


def _query(at: AppTest, key: str) -> str:
    value = at.query_params[key]
    return str(value[0] if isinstance(value, list) else value)


def test_take_back_is_refused_with_its_reason_once_the_ai_s_attack_was_shown(
        app: Callable[..., AppTest], db: Path) -> None:
    """The AI set its attack face down, the person set theirs, the strike revealed both:
    Take back forked the game before the person's set, who chose again knowing it."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=7)
    at = open_play(app, db, g=created.game_id, t=created.tokens["p1"])
    _first(at)  # the mulligan
    clicked = next(b.label for b in at.button if (b.key or "").startswith(("opt-", "pick-")))
    assert clicked == "Set Shoryuken"
    _first(at)  # the set, against the AI's face-down attack: the strike reveals both
    # the page works the refusal out before a click: the button is disabled, and why
    # is under it, in the words a click was refused with (a newcomer pressed it after
    # almost every strike, and read that it cannot be taken back)
    [button] = [b for b in at.button if b.label == "Take back"]
    assert button.disabled
    why = q.takeback_barred(root, created.game_id, "p1")
    assert why == (  # the move in the page's words, not "decision 2"
        "your last move (an attack to set: Set Shoryuken) cannot be taken back: p2's "
        "face-down attack has been shown since, hidden when it was made (it would be "
        "chosen again knowing it)")
    assert md(why[0].upper() + why[1:] + ".") in [c.value for c in at.caption]
    assert button.help == md(why)
    assert not at.warning  # (AppTest refuses to click a disabled button, as a browser does)
    assert _query(at, "g") == created.game_id and len(q.unfinished_live(root)) == 1
    assert q.unfinished_live(root)[0].game_id == created.game_id  # nothing forked


def test_between_people_a_takeback_is_offered_and_the_other_accepts(
        app: Callable[..., AppTest], db: Path) -> None:
    """lichess lets a player propose a takeback the opponent accepts; the page had none
    between people. Accepted, the game is forked before the offerer's decision, and
    both seats' links open the fork."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=5)
    p1 = open_play(app, db, g=created.game_id, t=created.tokens["p1"])
    _first(p1)  # p1's mulligan
    p2 = open_play(app, db, g=created.game_id, t=created.tokens["p2"])
    _first(p2)  # p2's mulligan
    p1.run()
    _first(p1)  # p1's Strike: its set comes next, nothing hidden was shown since
    next(b for b in p1.button if b.label == "Offer a takeback").click().run()
    _ok(p1)
    assert "You offered a takeback" in " ".join(c.value for c in p1.caption)
    assert not any(b.label == "Accept the takeback" for b in p1.button)  # not one's own
    p2.run()
    _ok(p2)
    offered = " ".join(i.value for i in p2.info)
    assert md("p1 offers to take back their last decision") in offered
    before = read_game(store.log_path(root, created.game_id))
    next(b for b in p2.button if b.label == "Accept the takeback").click().run()
    _ok(p2)
    fork = _query(p2, "g")
    assert fork != created.game_id
    log = read_game(store.log_path(root, fork))
    assert log.header.fork_at == 2 and log.decisions == before.decisions[:2]
    assert read_game(store.log_path(root, created.game_id)).abandoned
    p1.run()
    _ok(p1)
    assert _query(p1, "g") == fork  # the offerer's page follows the fork
    settings = q.read_live_settings(root, fork)
    assert q.seat_of_token(settings, created.tokens["p1"]) == "p1"
    assert q.seat_of_token(settings, created.tokens["p2"]) == "p2"


def test_a_declined_offer_changes_nothing_and_bars_offering_again(
        app: Callable[..., AppTest], db: Path) -> None:
    """Declined, the game goes on unchanged; the offering seat's new offer is refused,
    saying why, until a decision is made (it could offer again at once, over and over)."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=5)
    _first_options(root, created, ("p1", "p2", "p1"))  # the mulligans, p1's Strike
    q.offer_takeback(root, created.game_id, created.tokens["p1"], "")
    size = store.log_path(root, created.game_id).stat().st_size
    p2 = open_play(app, db, g=created.game_id, t=created.tokens["p2"])
    next(b for b in p2.button if b.label == "Decline").click().run()
    _ok(p2)
    offer = q.read_live_settings(root, created.game_id).takeback
    assert offer is not None and offer.declined
    assert store.log_path(root, created.game_id).stat().st_size == size
    assert _query(p2, "g") == created.game_id
    assert not any(b.label == "Decline" for b in p2.button)
    p1 = open_play(app, db, g=created.game_id, t=created.tokens["p1"])
    # the button is disabled (a click was refused with these words), the caption says
    # why, once
    [button] = [b for b in p1.button if b.label == "Offer a takeback"]
    assert button.disabled
    assert button.help == ("the other player declined your takeback; you may offer again "
                           "once a decision has been made")
    said = [c.value for c in p1.caption if "declined your takeback" in c.value]
    assert said == ["The other player declined your takeback; you may offer again once a "
                    "decision has been made."]
    offer = q.read_live_settings(root, created.game_id).takeback
    assert offer is not None and offer.declined  # no new offer was made


def _taken(at: AppTest) -> str:
    """The "Taken back" line of the page, or ""."""
    return next((m.value for m in at.markdown if "Taken back" in m.value), "")


def test_between_people_both_pages_say_whose_decision_was_taken_back(
        app: Callable[..., AppTest], db: Path) -> None:
    """The one who accepted read "your last decision and the AI's replies" of the
    other's decision, and the offerer, whose page followed the fork by itself, was not
    told what was taken back. Both read it now, each in their own words, until the next
    decision."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=5)
    _first_options(root, created, ("p1", "p2"))  # the mulligans
    p1 = open_play(app, db, g=created.game_id, t=created.tokens["p1"])
    _first(p1)  # p1's Strike: its set comes next, nothing hidden was shown since
    next(b for b in p1.button if b.label == "Offer a takeback").click().run()
    p2 = open_play(app, db, g=created.game_id, t=created.tokens["p2"])
    next(b for b in p2.button if b.label == "Accept the takeback").click().run()
    _ok(p2)
    fork = _query(p2, "g")
    assert fork != created.game_id
    said = "\n".join(q.taken_back(root, created.game_id, "p2"))
    assert said and said in "\n".join(c.value for c in p2.code)
    assert "AI" not in _taken(p2)
    assert md("p1's last decision and what followed it, as you accepted") in _taken(p2)
    p1.run()
    _ok(p1)
    assert _query(p1, "g") == fork
    assert md("your last decision and what followed it; the other player accepted"
              ) in _taken(p1)
    assert "\n".join(q.taken_back(root, created.game_id, "p1")) in "\n".join(
        c.value for c in p1.code)
    _first(p1)  # p1 decides again: the takeback is behind both pages
    assert not _taken(p1)
    p2.run()
    _ok(p2)
    assert not _taken(p2)


def test_the_offerer_reads_that_the_takeback_was_declined(
        app: Callable[..., AppTest], db: Path) -> None:
    """A declined offer said nothing to the one who offered: their page went back to
    "Offer a takeback" as if never offered, and only its click said it had been
    declined. It says so now, by itself, until a decision is made."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=5)
    _first_options(root, created, ("p1", "p2", "p1"))  # the mulligans, p1's Strike
    p1 = open_play(app, db, g=created.game_id, t=created.tokens["p1"])
    next(b for b in p1.button if b.label == "Offer a takeback").click().run()
    q.answer_takeback(root, created.game_id, created.tokens["p2"], "", False)
    p1.run()
    _ok(p1)
    captions = " ".join(c.value for c in p1.caption)
    assert "The other player declined your takeback" in captions
    assert "You offered a takeback" not in captions
    _first(p1)  # p1 sets its attack: a decision, so it may offer again
    assert "declined" not in " ".join(c.value for c in p1.caption)


def test_no_takeback_is_offered_before_the_seat_decided(
        app: Callable[..., AppTest], db: Path) -> None:
    """The takeback button was there from the first look, before the seat had made any
    decision, its click saying "you have made no decision to take back" (lichess offers
    none before your first move). It comes with the seat's first decision."""
    root = q.live_root(db)
    against_ai = q.create_live(root, "ryu", "ken", seat="p1", seed=7)
    at = open_play(app, db, g=against_ai.game_id, t=against_ai.tokens["p1"])
    _ok(at)
    assert not any(b.label == "Take back" for b in at.button)
    _first(at)  # the mulligan: a decision of the seat's own
    assert any(b.label == "Take back" for b in at.button)
    people = q.create_live(root, "ryu", "ken", opponent="person", seed=5)
    for seat in ("p1", "p2"):
        page = open_play(app, db, g=people.game_id, t=people.tokens[seat])
        _ok(page)
        assert not any(b.label == "Offer a takeback" for b in page.button), seat
    p1 = open_play(app, db, g=people.game_id, t=people.tokens["p1"])
    _first(p1)  # p1's mulligan
    assert any(b.label == "Offer a takeback" for b in p1.button)


def _in_order(node: object) -> list[str]:
    """The page's info lines and buttons (by key) in the order the page draws them."""
    found: list[str] = []
    children = getattr(node, "children", None)
    if isinstance(children, dict):
        for child in children.values():
            found.extend(_in_order(child))
        return found
    kind = getattr(node, "type", "")
    if kind == "info":
        found.append(f"info:{node.value}")  # type: ignore[attr-defined]
    elif kind == "button":
        found.append(f"button:{node.key}")  # type: ignore[attr-defined]
    return found


def test_the_offer_is_answered_at_the_top_of_the_options(
        app: Callable[..., AppTest], db: Path) -> None:
    """Found walking the Play page with two browsers: the other person's takeback offer
    and its Accept and Decline buttons sat with Resign under the board and what just
    happened, 560 px below the fold at 1280x800 (and a screen down on a phone), while
    the person it asks looked at their options. They now open the options column."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=5)
    _first_options(root, created, ("p1", "p2", "p1", "p1"))  # mulligans, p1's Strike, set
    q.claim_tab(root, created.game_id, "p1", "t")
    q.offer_takeback(root, created.game_id, created.tokens["p1"], "t")
    p2 = open_play(app, db, g=created.game_id, t=created.tokens["p2"])
    drawn = _in_order(p2.main)
    offer = next(i for i, d in enumerate(drawn) if "offers to take back" in d)
    options = min(i for i, d in enumerate(drawn) if d.startswith("button:opt-"))
    assert offer < drawn.index("button:takeback-yes") < options, drawn
    assert offer < drawn.index("button:takeback-no") < options < drawn.index(
        "button:resign"), drawn
    next(b for b in p2.button if b.key == "takeback-no").click().run()  # still answers
    _ok(p2)
    assert q.read_live_settings(root, created.game_id).takeback is not None
    assert q.live_picture(root, created.game_id, "p1").takeback_declined == "p1"


def test_the_offer_names_the_person_who_made_it(app: Callable[..., AppTest], db: Path) -> None:
    """The offer read "p1 offers to take back ..." though both people named themselves;
    it now names the person beside the seat (a name is data: escaped)."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=5,
                            name="Ann *Lee*", other_name="Bo")
    _first_options(root, created, ("p1", "p2", "p1", "p1"))  # mulligans, p1's Strike, set
    q.claim_tab(root, created.game_id, "p1", "t")
    q.offer_takeback(root, created.game_id, created.tokens["p1"], "t")
    p2 = open_play(app, db, g=created.game_id, t=created.tokens["p2"])
    offered = " ".join(i.value for i in p2.info)
    assert md("p1 (Ann *Lee*) offers to take back their last decision") in offered
