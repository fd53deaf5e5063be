"""A game against a friend waits for the friend, who types their name when they join
(found by walking the Play page as two people): the friend was "P2 (guest)" for good,
since the log's header, which holds the names, was written when the host created the
game, and two friends were pooled as one guest in the Insights' player list."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from engine import read_game
from replay.cli import main
from replay.live import new_games, picture, store, table
from replay.live.store import Clock, LiveError
from replay.live.table import LiveRefused
from replay.query import games, open_source, players


def _waiting(root: Path, **options: object) -> new_games.Created:
    return new_games.create_live(root, "ryu", "ken", opponent="person", seed=8, name="Ann",
                             other_joins=True, **options)  # type: ignore[arg-type]


def test_the_friend_names_themselves_when_they_join(tmp_path: Path) -> None:
    """The name the friend types is in the header, the page, ``exceed info``, the
    Games list and the Insights' player list."""
    live = tmp_path / "live"
    created = _waiting(live)
    path = store.log_path(live, created.game_id)
    assert not path.exists()  # nothing is played before the friend joins
    with pytest.raises(LiveError, match="waits for the friend to join"):
        picture.live_picture(live, created.game_id, "p1")
    new_games.join_live(live, created.game_id, created.tokens["p2"], "Bea")
    assert read_game(path).header.players == ("Ann", "Bea")
    assert picture.live_picture(live, created.game_id, "p2").names == ("Ann", "Bea")
    for again in ("Bea", " Bea ", ""):  # a second tab, a reload: nothing said
        assert new_games.join_live(live, created.game_id, created.tokens["p2"], again) == ""
    assert read_game(path).header.players == ("Ann", "Bea")  # joined once
    table.live_resign(live, created.game_id, created.tokens["p2"], "")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(["info", str(path)]) == 0
    assert "players: p1 Ann, p2 Bea" in out.getvalue(), out.getvalue()
    db = tmp_path / "index.duckdb"
    table.index_live(live, created.game_id, db)
    row = games(open_source(db))[0]  # the Games list's row
    assert (row.player1, row.player2) == ("Ann", "Bea")
    assert players(open_source(db)) == ["Ann", "Bea"]


def test_a_friend_who_types_nothing_is_the_guest_of_the_seat(tmp_path: Path) -> None:
    created = _waiting(tmp_path, seat="p2")
    new_games.join_live(tmp_path, created.game_id, created.tokens["p1"], "")
    header = read_game(store.log_path(tmp_path, created.game_id)).header
    assert header.players == ("P1 (guest)", "Ann")


@pytest.mark.parametrize(("name", "why"), [
    ("Bea\x1b[2J", "the name "), ("B" * 41, "over 40"), ("   ", "the name ")])
def test_a_bad_name_is_one_line_and_nothing_is_written(tmp_path: Path, name: str,
                                                       why: str) -> None:
    created = _waiting(tmp_path)
    with pytest.raises(LiveError, match=why) as caught:
        new_games.join_live(tmp_path, created.game_id, created.tokens["p2"], name)
    assert "\n" not in str(caught.value)
    assert not store.log_path(tmp_path, created.game_id).exists()
    assert store.read_live_settings(tmp_path, created.game_id).waiting is not None



ZALGO = "a" + "\u0301" * 30
"""'a' and 30 acute accents: 31 characters, under the 40 a name may have."""


@pytest.mark.parametrize(("name", "why"), [
    (ZALGO, "the name stacks 30 combining marks (accents) on one character, over 2"),
    ("Zoe\u0301\u0302\u0303", "the name stacks 3 combining marks (accents) on one "
                                "character, over 2"),
    ("\u0301Ann", "the name begins with a combining mark (an accent with no letter under "
                  "it)")])
def test_a_name_stacking_accents_is_refused_in_one_line(tmp_path: Path, name: str,
                                                        why: str) -> None:
    """A name made mostly of combining marks, within the 40 characters, was taken: its
    accents, drawn over their letter, stood as a column over the seat lines around it.
    At most two on a character now, none first; one line, nothing written, at Start and
    at a friend's join alike."""
    with pytest.raises(LiveError) as caught:
        new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=8, name=name)
    assert str(caught.value) == why
    assert not list(tmp_path.glob("*.exlog"))
    created = _waiting(tmp_path)
    with pytest.raises(LiveError) as caught:
        new_games.join_live(tmp_path, created.game_id, created.tokens["p2"], name)
    assert str(caught.value) == why
    assert not store.log_path(tmp_path, created.game_id).exists()


@pytest.mark.parametrize("name", [
    "Zoë", "Zoe\u0308", "Nguyễn", "Nguye\u0302\u0303n", "Ặng", "שָׁלוֹם", "محمّد", "श्री",
    "กี่", "Chloé"])
def test_a_name_of_a_real_script_keeps_its_accents(tmp_path: Path, name: str) -> None:
    """Vietnamese stacks two accents on a letter, Hebrew and Arabic two points, typed
    composed or apart: each is a name."""
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=8, name=name)
    assert read_game(store.log_path(tmp_path, created.game_id)).header.players[0] == name

@pytest.mark.parametrize(("name", "why"), [
    ("heuristic", "an agent's name"), ("search:64", "an agent's name"),
    ("human", "an agent's name"), ("P1 (guest)", "a seat nobody named"),
    ("Ann", "the other player's"), ("Heuristic", "reads as an agent's name"),
    ("the search agent", r"reads as an agent's name \(search\)"),
    ("SEARCH:64", "reads as an agent's name"), ("Human", "reads as an agent's name"),
    ("p1 (GUEST)", "a seat nobody named"), ("ann", "the other player's")])
def test_a_name_that_would_count_as_someone_elses_is_refused(tmp_path: Path, name: str,
                                                             why: str) -> None:
    """Attack 4: the index counts a seat by its player's name, else its agent's, so a
    friend who joined as ``heuristic`` had their games counted as the heuristic agent's
    (``exceed query players``, Insights), one who joined as the host (``Ann``, or the
    host's guest name) made one player of two who played both seats. Refused, one line,
    nothing written; the host's own name is checked the same way. A name that reads as
    one of those, its case or the page's words for an agent aside ("Heuristic", "the
    search agent"), is refused too: the Players page listed it beside the agent."""
    created = _waiting(tmp_path)
    with pytest.raises(LiveError, match=why) as caught:
        new_games.join_live(tmp_path, created.game_id, created.tokens["p2"], name)
    assert str(caught.value).startswith("the name ") and "\n" not in str(caught.value)
    assert not store.log_path(tmp_path, created.game_id).exists()
    assert store.read_live_settings(tmp_path, created.game_id).waiting is not None
    if name.casefold() != "ann":  # the host's name: only the friend's is refused
        with pytest.raises(LiveError, match=why):
            new_games.create_live(tmp_path, "ryu", "ken", opponent="heuristic", name=name)
    unnamed = new_games.create_live(tmp_path, "ryu", "ken", opponent="person", seed=8,
                                    other_joins=True)  # the host is "P1 (guest)"
    with pytest.raises(LiveError, match="a seat nobody named"):
        new_games.join_live(tmp_path, unnamed.game_id, unnamed.tokens["p2"], "P1 (guest)")
    new_games.join_live(tmp_path, unnamed.game_id, unnamed.tokens["p2"], "Heuristic Fan")


@pytest.mark.parametrize(("name", "why"), [
    ("\uff48\uff45\uff55\uff52\uff49\uff53\uff54\uff49\uff43", "reads as an agent's name"),
    ("\U0001d5c1\U0001d5be\U0001d5ce\U0001d5cb\U0001d5c2\U0001d5cc\U0001d5cd"
     "\U0001d5c2\U0001d5bc", "reads as an agent's name"),
    ("P1 (\uff47\uff55\uff45\uff53\uff54)", "a seat nobody named"),
    ("\uff21\uff4e\uff4e", "the other player's")])
def test_a_name_that_reads_as_someone_elses_in_other_letters_is_refused(
        tmp_path: Path, name: str, why: str) -> None:
    """Found by the qa3 walk: fullwidth ``ｈｅｕｒｉｓｔｉｃ`` and mathematical sans-serif
    ``𝗁𝖾𝗎𝗋𝗂𝗌𝗍𝗂𝖼`` were taken as a person's names (listed on the Players page beside
    the agent they read as), ``P1 (ｇｕｅｓｔ)`` as a name of its own, and a friend
    joined as ``Ａｎｎ`` beside the host Ann: each is its plain letters in another form
    (NFKC), and is refused as those letters are, nothing written."""
    created = _waiting(tmp_path)
    with pytest.raises(LiveError, match=why):
        new_games.join_live(tmp_path, created.game_id, created.tokens["p2"], name)
    assert not store.log_path(tmp_path, created.game_id).exists()
    assert store.read_live_settings(tmp_path, created.game_id).waiting is not None


@pytest.mark.parametrize("name", ["ann  lee", "Ann   Lee", "P2  (guest)", "P1  (GUEST)"])
def test_a_name_that_reads_as_the_host_s_but_for_its_spaces_is_refused(
        tmp_path: Path, name: str) -> None:
    """Found walking the Play page: a friend who typed the host's name "Ann Lee" as "ann
    Lee" with two spaces joined; both pages draw it "Ann Lee" (HTML joins the spaces),
    so the two seats read as one player, whom the index counted as two. Refused, as a
    name that reads as the host's but for its case is, and nothing is written."""
    created = new_games.create_live(tmp_path, "ryu", "ken", opponent="person", seed=8,
                                    name="Ann Lee", other_joins=True)
    with pytest.raises(LiveError, match=r"the other player's|a seat nobody named"):
        new_games.join_live(tmp_path, created.game_id, created.tokens["p2"], name)
    assert not store.log_path(tmp_path, created.game_id).exists()
    assert store.read_live_settings(tmp_path, created.game_id).waiting is not None


def test_only_the_friends_link_joins(tmp_path: Path) -> None:
    created = _waiting(tmp_path)
    with pytest.raises(LiveRefused, match="they join with the link of seat p2"):
        new_games.join_live(tmp_path, created.game_id, created.tokens["p1"], "Ann")
    with pytest.raises(LiveError, match="opens no seat"):
        new_games.join_live(tmp_path, created.game_id, "forged", "Eve")
    assert not store.log_path(tmp_path, created.game_id).exists()


def test_the_clock_starts_when_the_friend_joins(tmp_path: Path) -> None:
    """Before, the game (and the clock of the seat on move) started when the host
    created it: a friend who opened the link late found their time gone, or their flag
    fallen, before they ever saw the game."""
    created = _waiting(tmp_path, seat="p2", clock=Clock(bank_ms=60_000))
    new_games.join_live(tmp_path, created.game_id, created.tokens["p1"], "Bea")
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    assert not pic.over and pic.clocks[0] is not None and pic.clocks[0] > 55_000


def test_a_join_cut_short_after_the_log_keeps_the_log(tmp_path: Path) -> None:
    """A crash between writing the log and the seats file: the next join keeps the
    log (the name in it) and only marks the game joined."""
    created = _waiting(tmp_path)
    settings = store.read_live_settings(tmp_path, created.game_id)
    new_games.join_live(tmp_path, created.game_id, created.tokens["p2"], "Bea")
    store.write_settings(tmp_path, created.game_id, settings)  # as if cut short
    new_games.join_live(tmp_path, created.game_id, created.tokens["p2"], "Other")
    header = read_game(store.log_path(tmp_path, created.game_id)).header
    assert header.players == ("Ann", "Bea")
    assert store.read_live_settings(tmp_path, created.game_id).waiting is None


def test_the_host_may_make_a_new_link_for_the_friend_until_they_join(tmp_path: Path) -> None:
    """The links are shown once, on the page that started the game (only the tokens'
    digests are kept): a host who reloaded it before sending the friend's link had a
    game nobody could ever join."""
    created = _waiting(tmp_path)
    with pytest.raises(LiveRefused, match="the host's to make"):
        new_games.renew_friend_link(tmp_path, created.game_id, created.tokens["p2"])
    fresh = new_games.renew_friend_link(tmp_path, created.game_id, created.tokens["p1"])
    settings = store.read_live_settings(tmp_path, created.game_id)
    assert store.seat_of_token(settings, fresh) == "p2"
    with pytest.raises(LiveError, match="opens no seat"):
        new_games.join_live(tmp_path, created.game_id, created.tokens["p2"], "Eve")
    new_games.join_live(tmp_path, created.game_id, fresh, "Bea")
    with pytest.raises(LiveRefused, match="has joined"):
        new_games.renew_friend_link(tmp_path, created.game_id, created.tokens["p1"])


def test_a_rematch_between_friends_waits_for_the_other_to_accept(tmp_path: Path) -> None:
    """A rematch started at the first click, the other person's clock with it: one who
    had stepped away lost on time a game they never began. It is an offer now, joined
    by the other person (with the name they played under), its clock starting then."""
    created = _waiting(tmp_path, clock=Clock(bank_ms=60_000))
    new_games.join_live(tmp_path, created.game_id, created.tokens["p2"], "Bea")
    table.live_resign(tmp_path, created.game_id, created.tokens["p1"], "")
    new_id = new_games.live_rematch(tmp_path, created.game_id, created.tokens["p1"])
    assert not store.log_path(tmp_path, new_id).exists()
    with pytest.raises(LiveRefused, match="joins the rematch from the game before"):
        new_games.renew_friend_link(tmp_path, new_id, created.tokens["p1"])
    with pytest.raises(LiveRefused, match="link of seat p1"):  # Ann's is the offer
        new_games.join_live(tmp_path, new_id, created.tokens["p1"], "Ann")
    new_games.join_live(tmp_path, new_id, created.tokens["p2"], "Bea")
    header = read_game(store.log_path(tmp_path, new_id)).header
    assert header.players == ("Bea", "Ann")
    pic = picture.live_picture(tmp_path, new_id, "p1")
    assert pic.clocks[0] is not None and pic.clocks[0] > 55_000


def test_spaces_around_a_typed_name_are_dropped(tmp_path: Path) -> None:
    """The Play page kept them (a phone's keyboard adds one after a word it completed):
    "Ann " was recorded, counted by the index as another player than "Ann", and a
    friend who typed the host's name with a space after it was not refused. Dropped
    now, as ``exceed play --name`` drops them."""
    created = new_games.create_live(tmp_path, "ryu", "ken", opponent="person", seed=8,
                                    name=" Ann ", other_joins=True)
    with pytest.raises(LiveError, match="the other player's"):
        new_games.join_live(tmp_path, created.game_id, created.tokens["p2"], "Ann ")
    new_games.join_live(tmp_path, created.game_id, created.tokens["p2"], "Bea ")
    header = read_game(store.log_path(tmp_path, created.game_id)).header
    assert header.players == ("Ann", "Bea")
    against = new_games.create_live(tmp_path, "ryu", "ken", seed=8, name="Ann\u3000")
    assert read_game(store.log_path(tmp_path, against.game_id)).header.players[0] == "Ann"
    with pytest.raises(LiveError, match="an agent's name"):
        new_games.create_live(tmp_path, "ryu", "ken", name="heuristic ")


def test_a_second_browser_joining_under_another_name_is_told_whose_seat_it_plays(
        tmp_path: Path) -> None:
    """Found by walking the Play page with two browsers: the friend's link was opened
    in two, each typed a name, and the second ("Bob") was silently dropped: that page
    played the seat as "Bea", who joined first, and said nothing. The link is the
    seat's (lichess's too): the second page plays that seat, and is told in one line
    under which name, its own typed one named too, each quoted (data, not markup)."""
    created = _waiting(tmp_path)
    assert new_games.join_live(tmp_path, created.game_id, created.tokens["p2"], "Bea") == ""
    said = new_games.join_live(tmp_path, created.game_id, created.tokens["p2"], "Bob *x*")
    assert said == ("this seat was already joined as 'Bea', not as 'Bob *x*': this page "
                    "plays it as 'Bea' (the link opens the seat, whoever holds it)"), said
    assert "\n" not in said
    header = read_game(store.log_path(tmp_path, created.game_id)).header
    assert header.players == ("Ann", "Bea")
    unnamed = _waiting(tmp_path)  # the friend joined as the seat's guest
    new_games.join_live(tmp_path, unnamed.game_id, unnamed.tokens["p2"], "")
    said = new_games.join_live(tmp_path, unnamed.game_id, unnamed.tokens["p2"], "Bob")
    assert said.startswith("this seat was already joined as 'P2 (guest)', not as 'Bob'")


@pytest.mark.parametrize(("typed", "why"), [
    ("   ", "the name is only spaces"), ("B" * 41, "the name is 41 characters long, over 40"),
    ("heuristic", "the name 'heuristic' is an agent's name"),
    ("Bea\x1b[2J", "the name 'Bea\\x1b[2J' holds a control")])
def test_a_late_join_under_a_refused_name_says_why_and_whose_seat_it_plays(
        tmp_path: Path, typed: str, why: str) -> None:
    """The friend's link opened in a second browser after the seat was joined, under a
    name that would be refused: nothing was said (the refusal was dropped, and the page
    played the seat as "Bea"). The seat is played still (the link is the seat's, and the
    name would not be recorded anyway); one line says why the name was not taken and
    under which the seat plays, quoted (data, not markup). Nothing is written."""
    created = _waiting(tmp_path)
    new_games.join_live(tmp_path, created.game_id, created.tokens["p2"], "<b>Bea</b>")
    said = new_games.join_live(tmp_path, created.game_id, created.tokens["p2"], typed)
    assert said.startswith(f"the name typed here was not taken ({why}"), said
    assert said.endswith("this page plays the seat as '<b>Bea</b>', the name it was "
                         "joined under (the link opens the seat, whoever holds it)"), said
    assert "\n" not in said and "\x1b" not in said
    header = read_game(store.log_path(tmp_path, created.game_id)).header
    assert header.players == ("Ann", "<b>Bea</b>")
    still = _waiting(tmp_path)  # a game still waiting refuses such a name, as before
    with pytest.raises(LiveError, match=re.escape(why)):
        new_games.join_live(tmp_path, still.game_id, still.tokens["p2"], typed)
