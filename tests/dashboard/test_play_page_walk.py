"""The Play page as a newcomer from lichess walks it, driven by Streamlit's AppTest: each
test is a defect found by playing in a browser (QA walk of the Play page)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.errors import AppTestError

from dashboard import play_waiting
from dashboard.literal import markdown as md
from replay import query as q
from tests.dashboard.page_kit import (
    ArenaZones,
    arena_markdown,
    at_action,
    next_look,
    open_play,
)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "index.duckdb"


def _game_of(at: AppTest) -> str:
    g = at.query_params["g"]
    return str(g[0] if isinstance(g, list) else g)


def test_a_cancelled_game_leads_on_to_a_new_game(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """The host started a game against a person and cancelled it: the page said it was
    not played, under the links expander still telling them to send the friend's link,
    with no way to a new game (the sidebar's Play link keeps ``?g=``, so it reopened the
    cancelled game). The friend's link, opened, was the same dead end. Now neither page
    shows a link to send, and both offer New game, which opens the form."""
    host = open_play(app, db_path)
    next(s for s in host.selectbox if s.label == "Opponent").set_value("person")
    host.button[0].click().run()  # Start
    assert not host.exception, [e.message for e in host.exception]
    game_id = _game_of(host)
    friend_token = next(c.value.split("&t=")[1] for c in host.code
                        if "&t=" in c.value and c.value.split("&t=")[1] != host.query_params["t"])
    host.checkbox(key="play.cancel_sure").check().run()  # "I mean it"
    host.button(key="play.cancel").click().run()
    assert not host.exception, [e.message for e in host.exception]
    said = md(f"This game was not played: {q.CANCELLED}.")
    assert [i.value for i in host.info] == [said]
    assert not [c.value for c in host.caption if md("friend's link") in c.value], \
        "a cancelled game's page still asks the host to send the friend's link"
    assert not host.code, [c.value for c in host.code]
    friend = open_play(app, db_path, g=game_id, t=friend_token)
    assert [i.value for i in friend.info] == [said]
    for page in (host, friend):
        page.button(key="new-game").click().run()
        assert not page.exception, [e.message for e in page.exception]
        assert "g" not in page.query_params
        assert any(b.label == "Start" for b in page.button), "no new game form"


def test_cancel_asks_i_mean_it_before_it_ends_the_friend_s_link(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """The host's Cancel this game ended the friend's link for good at one click (a
    slip of the mouse beside New link for your friend); Resign asks "I mean it" first.
    Cancel now does too: unticked, its button is disabled (no click reaches it)
    (the game still waits, in the seats file and on the page); ticked, it cancels."""
    root = q.live_root(db_path)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=8, name="Ann",
                            other_joins=True)
    host = open_play(app, db_path, g=created.game_id, t=created.tokens["p1"])
    sure = host.checkbox(key="play.cancel_sure")
    assert sure.label == "I mean it" and not sure.value
    assert host.button(key="play.cancel").disabled
    with pytest.raises(AppTestError, match="disabled"):  # no click reaches it
        host.button(key="play.cancel").click()
    host.run()
    waiting = q.read_live_settings(root, created.game_id).waiting
    assert waiting is not None and not waiting.cancelled
    assert any("Waiting for your friend to join" in i.value for i in host.info)
    host.checkbox(key="play.cancel_sure").check().run()
    assert not host.button(key="play.cancel").disabled
    host.button(key="play.cancel").click().run()
    assert not host.exception, [e.message for e in host.exception]
    waiting = q.read_live_settings(root, created.game_id).waiting
    assert waiting is not None and waiting.cancelled
    assert [i.value for i in host.info] == [md(f"This game was not played: {q.CANCELLED}.")]


def test_the_friend_s_join_form_learns_of_a_cancel_by_itself(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """The friend's seat link showed the join form (name and Join); the host cancelled
    meanwhile, and the friend learnt it only at the Join click. The page now looks at
    the seats file every second, as the host's does: while the game waits, a look
    reruns its fragment alone (the form, and a name being typed in it, untouched); once
    the host cancelled, the page says so, with New game, and no form."""
    root = q.live_root(db_path)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=8, name="Ann",
                            other_joins=True)
    friend = open_play(app, db_path, g=created.game_id, t=created.tokens["p2"])
    assert any("Ann invites you to play p2" in i.value for i in friend.info)
    assert [t.key for t in friend.text_input] == [play_waiting.NAME]
    next_look(friend)  # still waiting: the fragment alone ran, the page was not redrawn
    assert not friend.text_input and not friend.info and not friend.button
    q.cancel_waiting(root, created.game_id, created.tokens["p1"])
    next_look(friend)  # a second later, with no click
    assert [i.value for i in friend.info] == [md(f"This game was not played: {q.CANCELLED}.")]
    assert not friend.text_input
    assert [b.key for b in friend.button] == ["new-game"]


def test_change_cards_asks_at_least_1_force_and_says_why_its_button_waits(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """Change Cards asked to "pay any amount of force", and with no card picked its
    Pay button was disabled, the reason only in its hover help (none on a phone): the
    engine refuses a payment of nothing, as the core rulebook's Change Cards spends "1
    or more Force". The question now says at least 1 force, and the reason stands
    above the button."""
    root = q.live_root(db_path)
    created, _ = at_action(root)
    page = open_play(app, db_path, g=created.game_id, t=created.tokens["p1"])
    next(b for b in page.button if b.label == "Change Cards").click().run()
    assert not page.exception, [e.message for e in page.exception]
    pic = q.live_picture(root, created.game_id, "p1")
    assert pic.request is not None and pic.request.kind == "pay_force"
    assert pic.request.check(q.cards_decision(pic.request, ())) is not None  # by design
    captions = [c.value for c in page.caption]
    assert any(c.startswith(md("pay at least 1 force for Change Cards, to draw a card per "
                               "force (each card")) for c in captions), captions
    assert not any("any amount" in c for c in captions), captions
    assert ("Pick at least one card first: this spends at least 1 force (paying nothing "
            "is not an answer here).") in captions, captions
    pay = page.button(key=f"pick-{pic.decision}")
    assert pay.label == "Pay with these" and pay.disabled


def test_the_unfinished_games_say_how_long_they_were_idle_in_minutes_and_days(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """The list of unfinished games said "idle 582 s" of a game left ten minutes
    before, and "idle 259200 s" of one left three days before: seconds a newcomer has
    to divide. It now reads as the analysis ETA does ("9 min 42 s", "3 days")."""
    root = q.live_root(db_path)
    created = q.create_live(root, "ryu", "ken", seed=3)
    log = root / f"{created.game_id}.exlog"
    old = log.stat().st_mtime - 3 * 86_400 - 5
    os.utime(log, (old, old))
    rows = [m.value for m in open_play(app, db_path).markdown if created.game_id in m.value]
    assert len(rows) == 1 and "idle 3 days" in rows[0], rows
    assert " s ·" not in rows[0], rows


def test_a_friend_s_link_renewed_in_another_tab_leaves_the_host_s_page(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """The host's page showed the friend's link ("send it to your friend"); in another
    tab the host made a new one (the list's "open: a new link for your friend"), and the
    first page went on showing the old link, which opened nothing: the friend sent it
    only watched. The page now drops a link that no longer opens its seat and offers a
    new one."""
    host = open_play(app, db_path)
    next(s for s in host.selectbox if s.label == "Opponent").set_value("person")
    host.button[0].click().run()  # Start
    assert not host.exception, [e.message for e in host.exception]
    game_id, mine = _game_of(host), str(host.query_params["t"])
    old = next(c.value.split("&t=")[1] for c in host.code
               if "&t=" in c.value and c.value.split("&t=")[1] != mine)
    fresh = q.renew_friend_link(q.live_root(db_path), game_id, mine)  # the other tab
    host.run()
    assert not host.exception, [e.message for e in host.exception]
    shown = [c.value for c in host.code]
    assert not [c for c in shown if old in c], shown
    assert any(c.endswith(f"t={mine}") for c in shown), shown  # the host's own stays
    assert host.button(key="play.relink").label.startswith("New link for your friend")
    host.button(key="play.relink").click().run()
    shown = [c.value for c in host.code if "&t=" in c.value]
    assert len(shown) == 2 and fresh not in " ".join(shown), shown


def test_a_rematch_between_people_is_an_offer_until_it_is_accepted(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """Ann clicked Rematch; her friend's page read "A rematch has started (seats
    swapped)" while it waited for the friend's own accept, and so did a spectator's and
    Ann's other tab. Each now says what it is: the friend is offered it, Ann offered it,
    the spectator watches an offer; once accepted, it has started."""
    root = q.live_root(db_path)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=8, name="Ann")
    q.live_resign(root, created.game_id, created.tokens["p2"], "")
    other_tab, friend, watcher = (  # Ann's tab that did not click, her friend's, a spectator's
        open_play(app, db_path, g=created.game_id, **({"t": created.tokens[s]} if s else {}))
        for s in ("p1", "p2", ""))
    new_id = q.live_rematch(root, created.game_id, created.tokens["p1"])  # Ann's click
    said = {}
    for name, page in (("tab", other_tab), ("friend", friend), ("watcher", watcher)):
        page.run()
        assert not page.exception, [e.message for e in page.exception]
        said[name] = " ".join(i.value for i in page.info)
    assert md("Ann offers a rematch (seats swapped): open it to accept it") in said["friend"]
    assert md("You offered a rematch (seats swapped); it starts when the other player "
              "accepts it.") in said["tab"]
    assert md("A rematch was offered (seats swapped); it starts when the other player "
              "accepts it.") in said["watcher"]
    assert not [s for s in said.values() if "has started" in s], said
    assert [b.label for b in watcher.button if b.key == "to-rematch"]
    q.join_live(root, new_id, created.tokens["p2"], "Bea")  # the friend accepts
    watcher.run()  # the page's next look: it still watches for the accept
    assert any(md("A rematch has started (seats swapped).") in i.value for i in watcher.info)


def test_a_spectator_reads_the_face_up_cards_by_name(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """A spectator's page counted each seat's gauge and boosts ("gauge 2, boosts 1")
    during the game: which cards they are is open information at the table (a
    continuous boost in play changes the next strike), and a person watching from
    lichess expects the board. They are named now, chips of the arena drawn for a
    spectator; the hands stay counted, face down."""
    root = q.live_root(db_path)
    created = q.create_live(root, "ryu", "ken", opponent="person", seat="p1", seed=8)
    for seat in ("p1", "p2"):
        q.claim_tab(root, created.game_id, seat, "t")
    watched = q.live_picture(root, created.game_id, q.SPECTATOR)
    while not any(p.gauge or p.boosts for p in watched.view.players):
        seat = next(s for s in ("p1", "p2")
                    if q.live_picture(root, created.game_id, s).request is not None)
        pic = q.live_picture(root, created.game_id, seat)
        assert pic.decision < 80, "no card reached a gauge or a boost"
        q.live_act(root, created.game_id, created.tokens[seat], "t", pic.decision,
                   pic.groups[0].options[0].decision)
        watched = q.live_picture(root, created.game_id, q.SPECTATOR)
    names = {c.card: c.name for f in q.live_cards(root, created.game_id) for c in f.cards}
    at = open_play(app, db_path, g=created.game_id)
    zones = ArenaZones(arena_markdown(at))  # the arena, drawn for a spectator
    for seat, p in zip(("p1", "p2"), watched.view.players, strict=True):
        for zone, refs in (("gauge", p.gauge), ("boosts", p.boosts)):
            listed = [names[watched.view.card_defs[r]] for r in refs]
            chips = zones.up.get(f"{seat} {zone}", [])
            assert len(chips) == len(listed), (seat, zone, chips, listed)
            for chip, name in zip(chips, listed, strict=True):  # a boost: "its name (card)"
                assert chip == name if zone == "gauge" \
                    else chip.removesuffix(" [sustained]").endswith(f"({name})")
        assert zones.down.get(f"{seat} hand") == len(p.hand), (seat, zones.down)
        assert f"{seat} hand" not in zones.up, zones.up


def test_an_ultra_the_seat_cannot_pay_is_said_before_it_is_set(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """A newcomer with no gauge struck and clicked "Set Metsu Hadoken", offered as any
    other attack, and read after the click that it was invalid (its cost 3 gauge, they
    had 0) and they had wild swung: the rule was only in the strike's general line.
    The options now say which Ultras cost more gauge than the seat holds."""
    root = q.live_root(db_path)
    created, pic = at_action(root, seed=1)
    before = open_play(app, db_path, g=created.game_id, t=created.tokens["p1"])
    assert not before.warning, [w.value for w in before.warning]  # no attack to set yet
    q.claim_tab(root, created.game_id, "p1", "t")  # the test acts as the newest tab
    strike = next(o for g in pic.groups if g.kind == "strike" for o in g.options)
    q.live_act(root, created.game_id, created.tokens["p1"], "t", pic.decision,
               strike.decision)
    pic = q.live_picture(root, created.game_id, "p1")
    assert pic.request is not None and pic.request.kind == "set_attack"
    assert "Set Metsu Hadoken" in [o.label for g in pic.groups for o in g.options]
    assert not pic.view.players[0].gauge
    at = open_play(app, db_path, g=created.game_id, t=created.tokens["p1"])
    assert [w.value for w in at.warning] == [md(
        "You hold 0 gauge, less than the cost of Metsu Hadoken (3): set, it is invalid "
        "and you wild swing instead (unless an effect lowers the cost).")]
