"""The Play page of a game against a person at another browser, driven by Streamlit's
AppTest (found by playing in a browser): the links a game gives are addresses to paste,
the friend names themselves when they join, and the list of unfinished games leads each
person to the page a game waits on them at."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.literal import markdown as md
from replay import query as q
from tests.dashboard.page_kit import open_play


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "index.duckdb"


def test_the_links_to_a_game_are_addresses_of_the_play_page(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """The links were shown as ``?g=<id>&t=<token>``: pasted into a friend's address
    bar that is no address (a search, at best), so the seat link went nowhere. Each
    now names the Play page (the whole address in a browser, which Streamlit knows;
    AppTest does not, so here the path)."""
    at = open_play(app, db_path)
    opponent = next(s for s in at.selectbox if s.label == "Opponent")
    opponent.set_value("person")
    at.button[0].click().run()  # Start
    assert not at.exception, [e.message for e in at.exception]
    game_id = str(at.query_params["g"][0] if isinstance(at.query_params["g"], list)
                  else at.query_params["g"])
    settings = q.read_live_settings(q.live_root(db_path), game_id)
    links = [c.value for c in at.code if "g=" in c.value]
    assert len(links) == 3, links
    for link in links:
        assert link.startswith("/play?g=" + game_id), link
    seats = [q.seat_of_token(settings, link.split("&t=")[1]) for link in links[:2]]
    assert seats == ["p1", "p2"]
    assert links[2] == f"/play?g={game_id}"


def test_the_host_is_told_which_link_to_send_the_friend(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """Found starting a game against a person as a newcomer: both seat links read
    "seat p1: keep it secret, it plays that seat" and "seat p2: keep it secret, it
    plays that seat", and nothing said which one to send the friend (told to keep both
    secret). Under each link now: the host's own to keep, the friend's to send; a
    hotseat game's one link plays both seats."""
    at = open_play(app, db_path)
    next(s for s in at.selectbox if s.label == "Opponent").set_value("person")
    at.button[0].click().run()  # Start
    assert not at.exception, [e.message for e in at.exception]
    said = [c.value for c in at.caption]
    mine = [c for c in said if c.startswith(md("your link (seat p1)"))]
    friends = [c for c in said if c.startswith(md("your friend's link (seat p2): send it "
                                                   "to your friend"))]
    assert len(mine) == 1 and len(friends) == 1, said
    assert "keep it secret" in mine[0] and "keep it secret" not in friends[0]
    assert not [c for c in said if "plays that seat" in c and "send it" not in c], said
    hotseat = open_play(app, db_path)
    next(s for s in hotseat.selectbox if s.label == "Opponent").set_value("hotseat")
    hotseat.button[0].click().run()
    assert not hotseat.exception, [e.message for e in hotseat.exception]
    said = [c.value for c in hotseat.caption]
    assert [c for c in said if c.startswith(md("your link (both seats, hotseat)"))], said
    assert not [c for c in said if "friend" in c], said


def _started_against_a_friend(app: Callable[..., AppTest], db_path: Path,
                              name: str) -> tuple[AppTest, str, dict[str, str]]:
    """The host's page after Start against a person, as ``name``; the game id and the
    seat tokens (from the links)."""
    at = open_play(app, db_path)
    next(t for t in at.text_input if t.label.startswith("Your name")).set_value(name)
    next(s for s in at.selectbox if s.label == "Opponent").set_value("person")
    at.button[0].click().run()  # Start
    assert not at.exception, [e.message for e in at.exception]
    game_id = str(at.query_params["g"][0] if isinstance(at.query_params["g"], list)
                  else at.query_params["g"])
    settings = q.read_live_settings(q.live_root(db_path), game_id)
    tokens = {q.seat_of_token(settings, t): t for t in
              (c.value.split("&t=")[1] for c in at.code if "&t=" in c.value)}
    return at, game_id, tokens


def test_a_friend_types_their_name_when_they_join(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """The friend who joined by link could not type a name: the log was written when
    the host started the game, naming them "P2 (guest)" for good. The game now waits
    for the friend, whose seat link asks their name; markup in it stays text."""
    host, game_id, tokens = _started_against_a_friend(app, db_path, "Ann")
    assert any("Waiting for your friend" in i.value for i in host.info)
    assert not [b for b in host.button if b.label == "Resign"]  # nothing to play yet
    friend = open_play(app, db_path, g=game_id, t=tokens["p2"])
    assert any("Ann invites you to play p2" in i.value for i in friend.info)
    typed = "<b>Bea</b> *x*"
    next(t for t in friend.text_input if t.label.startswith("Your name")).set_value(typed)
    next(b for b in friend.button if b.label == "Join the game").click().run()
    assert not friend.exception, [e.message for e in friend.exception]
    texts = " ".join(m.value for m in friend.markdown)
    assert md(typed) + md(" (you)") in texts, texts
    host.run()  # the host's page's next look (every second in a browser)
    texts = " ".join(m.value for m in host.markdown)
    assert md("Ann") + md(" (you)") in texts and md(typed) in texts, texts
    pic = q.live_picture(q.live_root(db_path), game_id, "p1")
    assert pic.typed == ("Ann", typed)  # as the log's header holds them


def test_a_second_browser_joining_under_another_name_is_told_whose_seat_it_plays(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """The friend's link opened in two browsers, each typing a name: the second's
    ("Bob") was silently dropped, and its page played the seat as the first's. It plays
    that seat still (the link is the seat's), and says so in one line, the names
    escaped; a second tab under the same name says nothing."""
    _, game_id, tokens = _started_against_a_friend(app, db_path, "Ann")
    first = open_play(app, db_path, g=game_id, t=tokens["p2"])
    second = open_play(app, db_path, g=game_id, t=tokens["p2"])
    same = open_play(app, db_path, g=game_id, t=tokens["p2"])
    for page, typed in ((first, "<b>Bea</b>"), (second, "Bob *x*"), (same, "<b>Bea</b>")):
        next(t for t in page.text_input if t.label.startswith("Your name")).set_value(typed)
        next(b for b in page.button if b.label == "Join the game").click().run()
        assert not page.exception, [e.message for e in page.exception]
    said = [i.value for i in second.info if "already joined" in i.value]
    assert said == [md("this seat was already joined as '<b>Bea</b>', not as 'Bob *x*': "
                       "this page plays it as '<b>Bea</b>' (the link opens the seat, "
                       "whoever holds it)")], [i.value for i in second.info]
    texts = " ".join(m.value for m in second.markdown)
    assert md("<b>Bea</b>") + md(" (you)") in texts, texts
    for page in (first, same):
        assert not [i for i in page.info if "already joined" in i.value]
    second.run()  # the page's next run still says it
    assert [i.value for i in second.info if "already joined" in i.value] == said


@pytest.mark.parametrize(("typed", "why"), [
    ("   ", "the name is only spaces"), ("heuristic", "the name 'heuristic' is an agent's")])
def test_a_late_join_under_a_refused_name_says_why_and_whose_seat_it_plays(
        app: Callable[..., AppTest], db_path: Path, typed: str, why: str) -> None:
    """The friend's link opened in two browsers, the second typing a name the page
    refuses after the first had joined: the second page played the seat and said
    nothing (the refusal was dropped by ``late_join``). It says in one line why the
    name was not taken and under which name the seat plays, escaped, on every run."""
    _, game_id, tokens = _started_against_a_friend(app, db_path, "Ann")
    first = open_play(app, db_path, g=game_id, t=tokens["p2"])
    second = open_play(app, db_path, g=game_id, t=tokens["p2"])
    for page, name in ((first, "<b>Bea</b>"), (second, typed)):
        next(t for t in page.text_input if t.label.startswith("Your name")).set_value(name)
        next(b for b in page.button if b.label == "Join the game").click().run()
        assert not page.exception, [e.message for e in page.exception]
    said = [i.value for i in second.info if "not taken" in i.value]
    assert len(said) == 1 and said[0].startswith(md(f"the name typed here was not taken "
                                                    f"({why}")), said
    assert said[0].endswith(md("this page plays the seat as '<b>Bea</b>', the name it "
                               "was joined under (the link opens the seat, whoever "
                               "holds it)")), said
    assert not second.error
    texts = " ".join(m.value for m in second.markdown)
    assert md("<b>Bea</b>") + md(" (you)") in texts, texts
    second.run()
    assert [i.value for i in second.info if "not taken" in i.value] == said


def test_a_friend_with_a_bad_name_reads_one_line_and_may_try_again(
        app: Callable[..., AppTest], db_path: Path) -> None:
    _, game_id, tokens = _started_against_a_friend(app, db_path, "Ann")
    friend = open_play(app, db_path, g=game_id, t=tokens["p2"])
    next(t for t in friend.text_input if t.label.startswith("Your name")).set_value("a\tb")
    next(b for b in friend.button if b.label == "Join the game").click().run()
    assert not friend.exception, [e.message for e in friend.exception]
    assert [e.value for e in friend.error] and "the name" in friend.error[0].value
    assert [b for b in friend.button if b.label == "Join the game"]  # still offered
    assert not (q.live_root(db_path) / f"{game_id}.exlog").exists()



def test_a_name_stacking_accents_is_one_line_at_start_and_at_the_join(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """'a' and 30 acute accents (31 characters) started a game under a name drawn as a
    column of accents over the seat lines; Start and the friend's join refuse it now, in
    one line, and nothing is started or joined."""
    zalgo = "a" + "\u0301" * 30
    said = [md("the name stacks 30 combining marks (accents) on one character, over 2")]
    at = open_play(app, db_path)
    next(t for t in at.text_input if t.label.startswith("Your name")).set_value(zalgo)
    at.button[0].click().run()  # Start
    assert not at.exception, [e.message for e in at.exception]
    assert [e.value for e in at.error] == said
    assert "g" not in at.query_params
    assert not any(q.live_root(db_path).glob("*.exlog"))
    _, game_id, tokens = _started_against_a_friend(app, db_path, "Ann")
    friend = open_play(app, db_path, g=game_id, t=tokens["p2"])
    next(t for t in friend.text_input if t.label.startswith("Your name")).set_value(zalgo)
    next(b for b in friend.button if b.label == "Join the game").click().run()
    assert not friend.exception, [e.message for e in friend.exception]
    assert [e.value for e in friend.error] == said
    assert [b for b in friend.button if b.label == "Join the game"]  # still offered
    assert not (q.live_root(db_path) / f"{game_id}.exlog").exists()

def test_a_host_who_reloaded_makes_a_new_link_for_the_friend(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """The friend's link is shown once, in the page's session: reloaded before it was
    sent, the host's page showed no link, and nobody could ever join. It offers a new
    one now (the one given before opens nothing)."""
    _, game_id, tokens = _started_against_a_friend(app, db_path, "Ann")
    host = open_play(app, db_path, g=game_id, t=tokens["p1"])  # a new session: a reload
    assert not [c for c in host.code if "&t=" in c.value]
    host.button(key="play.relink").click().run()
    assert not host.exception, [e.message for e in host.exception]
    links = [c.value for c in host.code if "&t=" in c.value]
    settings = q.read_live_settings(q.live_root(db_path), game_id)
    fresh = [t for t in (link.split("&t=")[1] for link in links) if t != tokens["p1"]]
    assert len(fresh) == 1 and q.seat_of_token(settings, fresh[0]) == "p2"
    friend = open_play(app, db_path, g=game_id, t=fresh[0])
    assert any("Ann invites you to play p2" in i.value for i in friend.info)


def test_the_host_finds_a_waiting_game_in_the_list_and_cancels_it(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """A game waiting for the friend was in no list (it has no log yet), and could not
    be called off. The host's list names it with a link to its page, where Cancel ends
    it; the friend's link then says so in one line, and the list drops it."""
    root = q.live_root(db_path)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=8, name="Ann",
                            other_joins=True)
    host = open_play(app, db_path, g=created.game_id, t=created.tokens["p1"])
    host.query_params.clear()
    host.run()  # the page without a game: the new game form and the list
    assert not host.exception, [e.message for e in host.exception]
    rows = [m.value for m in host.markdown if created.game_id in m.value]
    assert len(rows) == 1 and "waiting for your friend to join" in rows[0]
    assert f"t={created.tokens['p1']}" in rows[0] and "cancel" in rows[0]
    stranger = open_play(app, db_path)  # another browser: not listed, but counted
    assert not [m.value for m in stranger.markdown if created.game_id in m.value]
    assert any(c.value.startswith("1 game(s) started in other browsers wait for a friend")
               for c in stranger.caption)
    host = open_play(app, db_path, g=created.game_id, t=created.tokens["p1"])
    host.checkbox(key="play.cancel_sure").check().run()  # "I mean it"
    host.button(key="play.cancel").click().run()
    assert not host.exception, [e.message for e in host.exception]
    said = f"This game was not played: {q.CANCELLED}."
    assert [i.value for i in host.info] == [md(said)]
    friend = open_play(app, db_path, g=created.game_id, t=created.tokens["p2"])
    assert [i.value for i in friend.info] == [md(said)] and not friend.text_input
    assert not [m.value for m in open_play(app, db_path).markdown
                if created.game_id in m.value]


def test_waiting_games_of_other_browsers_do_not_push_a_game_off_the_list(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """Leftover of the last walk: anyone with the address could start games waiting for
    a friend, and 30 of them (the list shows 30) pushed every game being played off it.
    A waiting game is listed to the browser holding a seat of it only; the page says
    how many it leaves out."""
    root = q.live_root(db_path)
    played = q.create_live(root, "ryu", "ken", seed=1)
    for seed in range(2, 35):
        q.create_live(root, "ryu", "ken", opponent="person", seed=seed, other_joins=True)
    page = open_play(app, db_path)
    rows = [m.value for m in page.markdown if "play?g=" in m.value]
    assert len(rows) == 1 and played.game_id in rows[0]
    assert any(c.value.startswith("33 game(s) started in other browsers wait for a friend")
               for c in page.caption)


def test_the_list_of_unfinished_games_names_the_fighters(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """The Play page's list of unfinished games named the fighters by id, "cammy+chunli
    (Ann) vs ken (waiting to join)", where every other page says "p1 Cammy + Chun-Li" and
    "p2 Ken Masters"."""
    root = q.live_root(db_path)
    created = q.create_live(root, "cammy+chunli", "ken", opponent="person", seed=8,
                            name="Ann", other_joins=True)
    host = open_play(app, db_path, g=created.game_id, t=created.tokens["p1"])
    host.query_params.clear()
    host.run()
    assert not host.exception, [e.message for e in host.exception]
    (row,) = [m.value for m in host.markdown if created.game_id in m.value]
    assert row.startswith(md("p1 Cammy + Chun-Li (Ann) vs p2 Ken Masters (waiting to join), "
                             "waiting for your friend to join")), row


def test_the_friend_s_link_leaves_the_host_s_page_once_they_joined(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """The friend's seat link ("keep it secret, it plays that seat") stayed on the
    host's page the whole game: on a shared or streamed screen anyone could open it and
    play the friend's seat. Once the friend joined, the host's page shows only the
    host's own link and the spectator's."""
    host, game_id, tokens = _started_against_a_friend(app, db_path, "Ann")
    assert tokens["p2"] in "\n".join(c.value for c in host.code)  # to send to the friend
    q.join_live(q.live_root(db_path), game_id, tokens["p2"], "Bea")
    host.run()
    assert not host.exception, [e.message for e in host.exception]
    shown = [c.value for c in host.code]
    assert "Bea" in " ".join(m.value for m in host.markdown)  # the game has started
    assert not any(tokens["p2"] in value for value in shown), shown
    assert any(value.endswith(f"g={game_id}&t={tokens['p1']}") for value in shown)
    assert any(value.endswith(f"g={game_id}") for value in shown)  # the spectator's



def test_the_friend_s_page_offers_the_spectator_s_link(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """The Play page walk: the friend who joined by link had no "Links to this game" (the
    host's page keeps them in its session), so no spectator's link to hand a watcher.
    Their page now shows their own seat's link and the spectator's, not the host's."""
    _, game_id, tokens = _started_against_a_friend(app, db_path, "Ann")
    q.join_live(q.live_root(db_path), game_id, tokens["p2"], "Bea")
    friend = open_play(app, db_path, g=game_id, t=tokens["p2"])
    shown = [c.value for c in friend.code]
    assert any(value.endswith(f"g={game_id}") for value in shown), shown  # the spectator's
    assert any(value.endswith(f"g={game_id}&t={tokens['p2']}") for value in shown), shown
    assert not any(tokens["p1"] in value for value in shown), shown
    assert md("your link (seat p2): keep it secret, it plays your seat") in [
        c.value for c in friend.caption]
    watcher = open_play(app, db_path, g=game_id)  # a spectator's page: nothing to hand on
    assert not [e for e in watcher.expander if e.label == "Links to this game"]

def _links_open(at: AppTest) -> bool:
    (links,) = [e for e in at.expander if e.label == "Links to this game"]
    return bool(links.proto.expanded)


def test_the_links_fold_once_the_game_is_on(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """Found playing on a phone (390x844): the links stood open above the table at every
    decision of the game, a screen of addresses to scroll past before the arena, the
    host's own link being the page's address anyway. They are open while the friend is
    yet to be sent theirs, and folded (still there) once the game is on."""
    host, game_id, tokens = _started_against_a_friend(app, db_path, "Ann")
    assert _links_open(host)  # the friend's link to send
    q.join_live(q.live_root(db_path), game_id, tokens["p2"], "Bea")
    host.run()
    assert not host.exception, [e.message for e in host.exception]
    assert not _links_open(host)
    assert any(c.value.endswith(f"g={game_id}&t={tokens['p1']}") for c in host.code)
    against_ai = open_play(app, db_path)
    next(s for s in against_ai.selectbox if s.label == "Opponent").set_value("heuristic")
    against_ai.button[0].click().run()
    assert not against_ai.exception, [e.message for e in against_ai.exception]
    assert not _links_open(against_ai)
    assert [c for c in against_ai.caption if c.value.startswith(md("your link (seat"))]


def _rematch_offered(root: Path) -> tuple[q.Created, str]:
    """A game between Ann (p1) and Bea that Bea resigned, and Ann's rematch offer waiting
    for Bea's accept: the first game and the offer's id."""
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=8, name="Ann",
                            other_name="Bea")
    q.claim_tab(root, created.game_id, "p2", "t")
    q.live_resign(root, created.game_id, created.tokens["p2"], "t")
    return created, q.live_rematch(root, created.game_id, created.tokens["p1"])


def test_the_list_offers_a_rematch_offer_s_page_for_what_it_holds(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """Found walking the Play page: the offerer's list named a rematch waiting for the
    other's accept "open: a new link for your friend, or cancel", but that page offers
    neither (the other person holds their link, and a rematch offer is not cancelled).
    The row now says what opening it gives."""
    created, new_id = _rematch_offered(q.live_root(db_path))
    host = open_play(app, db_path, g=new_id, t=created.tokens["p1"])
    assert not [b for b in host.button if b.key in ("play.cancel", "play.relink")]
    host.query_params.clear()
    host.run()  # the page without a game: the new game form and the list
    assert not host.exception, [e.message for e in host.exception]
    (row,) = [m.value for m in host.markdown if new_id in m.value]
    assert "waiting for the other player to accept the rematch" in row, row
    assert "cancel" not in row and "new link" not in row, row
    assert f"[open your seat](play?g={new_id}&t={created.tokens['p1']})" in row, row


@pytest.mark.parametrize("clock", [False, True])
def test_the_host_s_waiting_page_names_a_clock_only_when_there_is_one(
        app: Callable[..., AppTest], db_path: Path, clock: bool) -> None:
    """Found walking the Play page: the host of a game without a clock read "the game
    (and its clock) starts when they do" while it waited for the friend."""
    root = q.live_root(db_path)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=8, name="Ann",
                            other_joins=True,
                            clock=q.Clock(bank_ms=600_000, increment_ms=5_000) if clock
                            else None)
    host = open_play(app, db_path, g=created.game_id, t=created.tokens["p1"])
    game = "the game (and its clock)" if clock else "the game"
    assert [i.value for i in host.info] == [
        f"Waiting for your friend to join with their seat link; {game} starts when they do."]


def test_the_rematch_offerer_s_page_offers_a_new_game(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """Found walking the Play page: the page of a rematch offered between people, while
    it waits for the other's accept, had no way on (an offer is not cancelled, and the
    sidebar's Play link keeps ``?g=``: it reopened the same page), so an offerer whose
    friend had gone stood there. It offers New game, which opens the form; the offer
    stays open."""
    created, new_id = _rematch_offered(q.live_root(db_path))
    host = open_play(app, db_path, g=new_id, t=created.tokens["p1"])
    host.button(key="new-game").click().run()
    assert not host.exception, [e.message for e in host.exception]
    assert "g" not in host.query_params
    assert [b.label for b in host.button if b.label == "Start"] == ["Start"]  # the form
    waiting = q.read_live_settings(q.live_root(db_path), new_id).waiting
    assert waiting is not None and not waiting.cancelled


def test_the_list_leads_the_person_a_game_waits_for_to_its_join_form(
        app: Callable[..., AppTest], db_path: Path) -> None:
    """Found walking the Play page: a friend who opened their link and came back to the
    list before joining read "waiting for a friend to join · watch", whose page has no
    join form; a person offered a rematch (the token of the game before opens their seat
    in it) found it in no list, counted among other browsers' games. Each row now says
    the game waits for them and links to their seat's page, where they join."""
    root = q.live_root(db_path)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=8, name="Ann",
                            other_joins=True)
    friend = open_play(app, db_path, g=created.game_id, t=created.tokens["p2"])
    friend.query_params.clear()
    friend.run()
    (row,) = [m.value for m in friend.markdown if created.game_id in m.value]
    assert md("waiting for you to join") in row, row
    assert f"[open it to join](play?g={created.game_id}&t={created.tokens['p2']})" in row
    q.join_live(root, created.game_id, created.tokens["p2"], "Bea")
    q.claim_tab(root, created.game_id, "p1", "t")
    q.live_resign(root, created.game_id, created.tokens["p1"], "t")
    new_id = q.live_rematch(root, created.game_id, created.tokens["p1"])  # Ann offers
    friend.run()  # Bea's list: her token of the game before opens her seat in it
    assert not friend.exception, [e.message for e in friend.exception]
    (row,) = [m.value for m in friend.markdown if new_id in m.value]
    assert md("a rematch offered to you, waiting for you to accept it") in row, row
    assert f"[open it to accept](play?g={new_id}&t={created.tokens['p2']})" in row, row
    assert not any("other browsers" in c.value for c in friend.caption)
    offer = open_play(app, db_path, g=new_id, t=created.tokens["p2"])
    assert offer.text_input(key="play.join_name").value == "Bea"  # the join form
