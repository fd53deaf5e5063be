"""The Play page at a game's end and after a takeback, driven by Streamlit's AppTest
(found by a player's walk of the page): the loser reads how it ended, a takeback says
what it took back, a spectator gets the review link, the other seat and the spectators
are offered the rematch, and a friend who typed no name is a guest of a seat."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.analysis_jobs import duration
from dashboard.literal import markdown as md
from replay import query as q
from tests.dashboard.page_kit import elements, open_play, waiting_on_p2


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "index.duckdb"


def _said(at: AppTest) -> str:
    """Every code box of the page ("What just happened", "Taken back")."""
    return "\n".join(c.value for c in at.code)


def _query(at: AppTest, key: str) -> str:
    value = at.query_params[key]
    return str(value[0] if isinstance(value, list) else value)


def _links(at: AppTest) -> list[str]:
    return [e.proto.label for e in at.get("page_link")]


def test_the_loser_reads_how_the_game_ended(app: Callable[..., AppTest], db: Path) -> None:
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5)
    at = open_play(app, db, g=created.game_id, t=created.tokens["p1"])
    at.checkbox[0].check().run()
    next(b for b in at.button if b.label == "Resign").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert "You resigned: p2 Ken Masters wins" in _said(at)


def test_a_takeback_says_what_it_took_back(app: Callable[..., AppTest], db: Path) -> None:
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5)
    at = open_play(app, db, g=created.game_id, t=created.tokens["p1"])
    for _ in range(2):  # two decisions: a third (the set) reveals p2's card, barring it
        next(b for b in at.button if (b.key or "").startswith(("opt-", "pick-"))).click().run()
        assert not at.exception, [e.message for e in at.exception]
    next(b for b in at.button if b.label == "Take back").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert _query(at, "g") != created.game_id
    texts = " ".join(m.value for m in at.markdown)
    assert "Taken back" in texts
    taken = q.taken_back(root, created.game_id, "p1")
    assert taken and "\n".join(taken) in _said(at)
    next(b for b in at.button if (b.key or "").startswith(("opt-", "pick-"))).click().run()
    assert "Taken back" not in " ".join(m.value for m in at.markdown)  # decided since


def test_a_spectator_gets_the_review_link_at_the_end(
        app: Callable[..., AppTest], db: Path) -> None:
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5)
    q.live_resign(root, created.game_id, created.tokens["p1"], "")
    at = open_play(app, db, g=created.game_id)
    assert "Review this game" in _links(at)
    assert not [b for b in at.button if b.label.startswith("Rematch")]  # not a seat's


def test_the_end_is_green_only_for_the_seat_that_won(
        app: Callable[..., AppTest], db: Path) -> None:
    """The "Game over" box was a success box for every seat: the loser read their loss
    in green. Now green for the winner; the loser and a spectator read it plain."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=8, name="Ann")
    q.live_resign(root, created.game_id, created.tokens["p2"], "")
    pages = {"p1": open_play(app, db, g=created.game_id, t=created.tokens["p1"]),
             "p2": open_play(app, db, g=created.game_id, t=created.tokens["p2"]),
             "spectator": open_play(app, db, g=created.game_id)}
    said = md("Game over: p1 Ryu wins: p2 Ken Masters resigned")
    for seat, at in pages.items():
        assert not at.exception, [e.message for e in at.exception]
        boxes = (at.success, at.info)
        won, plain = ([x.value for x in box if said in x.value] for box in boxes)
        assert (len(won), len(plain)) == ((1, 0) if seat == "p1" else (0, 1)), seat


def test_the_other_seat_and_a_spectator_are_offered_the_rematch(
        app: Callable[..., AppTest], db: Path) -> None:
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=8, name="Ann")
    q.live_resign(root, created.game_id, created.tokens["p2"], "")
    ann = open_play(app, db, g=created.game_id, t=created.tokens["p1"])
    friend = open_play(app, db, g=created.game_id, t=created.tokens["p2"])
    watcher = open_play(app, db, g=created.game_id)
    next(b for b in ann.button if b.label == "Rematch (seats swapped)").click().run()
    assert not ann.exception, [e.message for e in ann.exception]
    new_id = _query(ann, "g")
    assert new_id != created.game_id and _query(ann, "t") == created.tokens["p1"]
    friend.run()  # the page's next look (a browser's reruns every second)
    assert any(md("Ann offers a rematch (seats swapped): open it to accept it") in i.value
               for i in friend.info)
    friend.button(key="to-rematch").click().run()
    assert not friend.exception, [e.message for e in friend.exception]
    assert (_query(friend, "g"), _query(friend, "t")) == (new_id, created.tokens["p2"])
    assert any("Ann invites a rematch" in i.value for i in friend.info)
    next(b for b in friend.button if b.label == "Join the rematch").click().run()
    assert not friend.exception, [e.message for e in friend.exception]
    texts = " ".join(m.value for m in friend.markdown)
    assert md("P1 (guest)") + md(" (you)") in texts  # the friend now plays p1
    watcher.run()
    watcher.button(key="to-rematch").click().run()
    assert _query(watcher, "g") == new_id and "t" not in watcher.query_params


def test_two_rematch_clicks_at_the_same_moment_start_the_rematch(
        app: Callable[..., AppTest], db: Path) -> None:
    """Both people clicked Rematch at the same moment (found by walking the Play page
    with two browsers): the second landed on the rematch's join form, as if they had
    not asked for it. The second click accepts the first's offer: both pages play the
    rematch, each in its swapped seat, under the names played under."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=8, name="Ann")
    q.live_resign(root, created.game_id, created.tokens["p2"], "")
    ann = open_play(app, db, g=created.game_id, t=created.tokens["p1"])
    friend = open_play(app, db, g=created.game_id, t=created.tokens["p2"])
    next(b for b in ann.button if b.label == "Rematch (seats swapped)").click().run()
    new_id = _query(ann, "g")
    assert new_id != created.game_id
    next(b for b in friend.button if b.label == "Rematch (seats swapped)").click().run()
    assert not friend.exception, [e.message for e in friend.exception]
    assert (_query(friend, "g"), _query(friend, "t")) == (new_id, created.tokens["p2"])
    assert q.read_live_settings(root, new_id).waiting is None  # accepted: the game is on
    assert not [b for b in friend.button if b.label == "Join the rematch"]
    texts = " ".join(m.value for m in friend.markdown)
    assert md("P1 (guest)") + md(" (you)") in texts, texts
    ann.run()  # the offerer's page's next look
    texts = " ".join(m.value for m in ann.markdown)
    assert md("Ann") + md(" (you)") in texts, texts


def test_a_friend_who_typed_no_name_is_a_guest_in_the_header(
        app: Callable[..., AppTest], db: Path) -> None:
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=8, name="Ann")
    at = open_play(app, db, g=created.game_id, t=created.tokens["p2"])
    texts = " ".join(m.value for m in at.markdown)
    assert md("P2 (guest) (you)") in texts and "human" not in texts


def test_a_flag_that_fell_before_both_decided_says_the_game_was_abandoned(
        app: Callable[..., AppTest], db: Path) -> None:
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5,
                            clock=q.Clock(bank_ms=1_000))
    pic = q.live_picture(root, created.game_id, "p1")  # the mulligan: no clock runs
    q.live_act(root, created.game_id, created.tokens["p1"], "", pic.decision,
               pic.groups[0].options[0].decision)
    q.live_picture(root, created.game_id, "p1", now=lambda: 2**62)  # the flag falls
    at = open_play(app, db, g=created.game_id, t=created.tokens["p1"])
    assert not at.exception, [e.message for e in at.exception]
    said = " ".join(i.value for i in at.info)
    assert md("This game was abandoned: p1's time ran out before both players had made "
              "their first decision, so the game was abandoned, not scored") in said
    assert not any(b.label == "Resign" for b in at.button)


def test_an_abandoned_game_offers_no_option(app: Callable[..., AppTest], db: Path) -> None:
    """An abandoned game's page still drew the seat's options and spaces to click (each
    click then refused: "the game was abandoned"), and the other seat's page said it
    waited for the other side, polling the game for good."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=5)
    q.abandon_live(root, created.game_id, created.tokens["p1"], "t")
    for seat in ("p1", "p2"):
        pic = q.live_picture(root, created.game_id, seat)
        assert pic.abandoned and pic.request is None and pic.groups == ()
        at = open_play(app, db, g=created.game_id, t=created.tokens[seat])
        assert not at.exception, [e.message for e in at.exception]
        keys = [b.key or "" for b in at.button]
        assert not any(k.startswith(("opt-", "pick-", "space-", "go-")) for k in keys), keys
        said = " ".join(i.value for i in at.info)
        assert "This game was abandoned" in said and "Waiting for the other side" not in said


def test_a_finished_game_offers_a_new_game(app: Callable[..., AppTest], db: Path) -> None:
    """At the end the page offered Rematch (the same fighters) and Review only, and the
    sidebar's Play link keeps ``?g=``: it reopened the finished game, and a newcomer
    found no way to a game with other fighters. "New game" opens the form."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5)
    q.live_resign(root, created.game_id, created.tokens["p1"], "")
    for params in ({"t": created.tokens["p1"]}, {}):  # the seat, a spectator
        at = open_play(app, db, g=created.game_id, **params)
        next(b for b in at.button if b.label == "New game").click().run()
        assert not at.exception, [e.message for e in at.exception]
        assert "g" not in at.query_params and "t" not in at.query_params
        assert [b.label for b in elements(at, "form_submit_button")] == ["Start"]


def test_an_abandoned_game_offers_a_new_game(app: Callable[..., AppTest], db: Path) -> None:
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5)
    q.abandon_live(root, created.game_id, created.tokens["p1"], "t")
    at = open_play(app, db, g=created.game_id, t=created.tokens["p1"])
    next(b for b in at.button if b.label == "New game").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert "g" not in at.query_params
    assert [b.label for b in elements(at, "form_submit_button")] == ["Start"]


def test_the_seat_left_behind_claims_the_win(app: Callable[..., AppTest], db: Path) -> None:
    """p2's page has not looked for longer than ``AWAY_S`` while the game waits on them:
    p1's page says so and offers "Claim the win", whose click ends the game, p2 having
    left it (lichess's "claim victory")."""
    root = q.live_root(db)
    created = waiting_on_p2(root)
    q.mark_seen(root, created.game_id, "p2", now=lambda: 0)  # p2's page gone long ago
    at = open_play(app, db, g=created.game_id, t=created.tokens["p1"])
    assert not at.exception, [e.message for e in at.exception]
    assert any("seem to have left" in w.value for w in at.warning)
    next(b for b in at.button if b.label == "Claim the win").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert "p2 Ken Masters left the game: you claimed the win" in _said(at)
    assert not [b for b in at.button if b.label == "Claim the win"]


def test_no_claim_is_offered_while_the_other_page_looks(
        app: Callable[..., AppTest], db: Path) -> None:
    root = q.live_root(db)
    created = waiting_on_p2(root)
    q.mark_seen(root, created.game_id, "p2")  # p2's page looked just now
    at = open_play(app, db, g=created.game_id, t=created.tokens["p1"])
    assert not at.exception, [e.message for e in at.exception]
    assert not [b for b in at.button if b.label == "Claim the win"]
    assert not any("left" in box.value for box in (*at.warning, *at.info))


def test_a_page_gone_a_while_is_said_with_the_time_left_before_a_claim(
        app: Callable[..., AppTest], db: Path) -> None:
    root = q.live_root(db)
    created = waiting_on_p2(root)
    seen = time.time_ns() - 30_000_000_000
    q.mark_seen(root, created.game_id, "p2", now=lambda: seen)  # 30 s ago
    at = open_play(app, db, g=created.game_id, t=created.tokens["p1"])
    assert not at.exception, [e.message for e in at.exception]
    said = " ".join(box.value for box in at.info)
    assert md("The other player's page (p2, P2 (guest)) has not been seen for 3"
              ) in said  # 30 s, or a bit more
    assert md("you may claim the win.") in said
    assert not [b for b in at.button if b.label == "Claim the win"]


@pytest.mark.parametrize(("seconds", "words"), [
    (0, "0 s"), (45, "45 s"), (60, "1 min 00 s"), (125, "2 min 05 s"), (3600, "1 h 00 min"),
    (12_000, "3 h 20 min"), (2 * 86400 - 1, "47 h 59 min"), (2 * 86400, "2 days"),
    (1_796_550_959, "20793 days")])
def test_a_wait_is_said_in_the_units_a_person_reads(seconds: int, words: str) -> None:
    assert duration(seconds) == words


def test_the_seed_is_shown_once_the_game_is_over_and_not_before(
        app: Callable[..., AppTest], db: Path) -> None:
    """The README says a Play page game's seed "is shown"; the page showed it nowhere,
    so a player who wanted to replay or share a game of a random seed never learnt it.
    It is shown once the game is over, never before: it decides every shuffle, so during
    the game it would show the other hand and both decks."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=424242, name="Ann")
    playing = open_play(app, db, g=created.game_id, t=created.tokens["p1"])
    assert "424242" not in "\n".join(e.value for e in [*playing.caption, *playing.markdown])
    q.claim_tab(root, created.game_id, "p1", "t")  # the newest tab resigns
    q.live_resign(root, created.game_id, created.tokens["p1"], "t")
    for token in (created.tokens["p1"], ""):  # the seat's page and a spectator's
        over = open_play(app, db, g=created.game_id, **({"t": token} if token else {}))
        assert any(c.value.startswith("Seed 424242 ") for c in over.caption), [
            c.value for c in over.caption]
