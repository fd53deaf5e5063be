"""Play: a game of your own in the browser, recorded as it is played (issue 30).

Without ``?g=`` the page offers a new game (both fighters, a Tag Team as ``ryu+ken``;
your seat or a random one; the opponent: an engine agent (the search agent unless you
choose another), a person at another browser, or hotseat; for the search agent, a time
budget per decision, ``replay.live.timed``;
the seed, random unless set (against a friend always random: ``play_start.seed_refused``),
shown once the game is over; an optional clock) and lists the
unfinished games. Creating one opens its seat link, ``?g=<game>&t=<token>``, and shows
the other links: the other seat's (a person at another browser) and the spectator's
(``?g=<game>`` alone, public information only until the game ends). The table
(``dashboard.play_table``) is an ``st.fragment`` that reruns every second while the
page waits for the other side, so their moves appear by themselves; while you decide
it stands still (a poll already sent when your turn came still runs once, drawing
nothing: a click made meanwhile is kept by its button's ``on_click``,
``play_table.pressed``), but for the header of a game on a clock, a fragment of its
own that reruns every second (your time runs down, and a flag fall ends the game).
The name you type is kept in your browser: a cookie (``exceed_player``,
percent-encoded, written by a line of script once the game starts; Streamlit reads
cookies, ``st.context.cookies``, but cannot set them) fills the name field of the next
new game, checked as a typed name (at most 40 characters of plain text) and escaped
wherever it is shown.

A game against a person waits for them (``dashboard.play_waiting``): their seat link asks
their name and joins, and the game starts then; a rematch between two people waits for
the other's accept likewise. The seat tokens this browser opened are kept in a cookie
too (``exceed_seats``), so the list of unfinished games offers its seats (a host's
waiting game, a resume link) after a reload. Between people a takeback is an offer
(``dashboard.play_takeback``): the deciding seat's page looks at the seats file every
second (``_offer_watch``) so that an offer, or its answer, appears by itself; every
seat's page, against the AI too, looks at the log that way, so an older tab of the seat
follows the moves the newest one makes (only the newest acts). Each of those looks marks
the seat seen (``q.mark_seen``); between people, once the other's page has not been seen
for ``q.AWAY_S`` while the game waits on them, the seat may claim the win
(``play_edges``: they left the game, format 7).

Every game is a live game of ``replay.live`` (through ``replay.query``): its log is the
only store, so a closed tab or a restarted dashboard carries on from the link. A link to
no live game (wrong, cut short, removed) is one line and a "Start a new game" button,
which drops ``?g=`` (the sidebar's Play link keeps it, and showed the line again). A
link giving ``g=`` or ``t=`` twice, each different, opens the last, saying so in one line
(the seat tokens unnamed: ``urlstate.last_secret``).
"""

from __future__ import annotations

import contextlib
import json
import secrets
from pathlib import Path

import streamlit as st

from dashboard import data, play_edges, play_start, play_table, play_takeback, play_waiting
from dashboard.analysis_jobs import duration
from dashboard.literal import markdown as md
from dashboard.play_words import tab_words, waiting_row_words
from dashboard.routes import tab_title
from dashboard.urlstate import last, last_secret
from replay import query as q

# How often a page that waits for the other side looks again (moves appear within it).
# A comment, not a docstring: Streamlit's magic would show a bare string on the page.
POLL_SECONDS = 1.0
# The opponents as the form lists them; the search agent is chosen unless you change it
# (issue 32: the sparring partner), the others say what to expect of them: short enough
# to read whole in the box on a phone (390 px), the rest in the box's help.
OPPONENT_LABELS = {
    "search": "the search agent (strongest; time set below)",
    "heuristic": "the heuristic agent (answers at once)",
    "random": "the random agent (any legal option)",
    "person": "a person at another browser",
    "hotseat": "hotseat (same screen)",
}
OPPONENT_HELP = ("the search agent, the strongest, thinks up to the seconds per decision "
                 "set below; the heuristic agent answers at once and plays its fighter's "
                 "whole kit; the random agent plays any legal option; a person at another "
                 "browser joins with the link you send them; hotseat: both seats on this "
                 "screen")
PARTNER_HELP = ("Street Fighter rulebook, Tag Team: two fighters who share their Normals; "
                "one that starts with cards out of its deck (an Astral Heat set aside, "
                "sealed cards) is not listed")
db = Path(data.db_path())
root = q.live_root(db)
st.title("Play")

if "play.tab" not in st.session_state:
    st.session_state["play.tab"] = secrets.token_hex(8)
tab: str = st.session_state["play.tab"]
# a link giving g= or t= twice (a hand-edited one) opened its last without a word
game_id = last("g", "game") or ""
token = last_secret("t", "the seat token") or ""


def _kept_name() -> str:
    """The name typed in this browser before: this session's, else the cookie's."""
    if "play.name" in st.session_state:
        return str(st.session_state["play.name"])
    return q.kept_name(st.context.cookies.get(q.NAME_COOKIE) or "")


def _keep_name() -> None:
    """Write the name just typed into the browser's cookie (once, after the game
    started). The value is percent-encoded: no quote or tag can reach the script."""
    name = st.session_state.pop("play.keep", None)
    if name is None:
        return
    cookie = f"{q.NAME_COOKIE}={q.name_cookie(name)}; path=/; max-age=31536000; SameSite=Strict"
    st.html(f"<script>document.cookie = {json.dumps(cookie)};</script>",
            unsafe_allow_javascript=True)


def _held() -> dict[str, str]:
    """The seat tokens this browser opened (game id -> token, oldest first): its
    cookie's (``q.SEATS_COOKIE``: kept across a reload, a new tab, a restarted
    dashboard) and this session's. A token still opens a seat only by its digest."""
    held = q.kept_seats(st.context.cookies.get(q.SEATS_COOKIE) or "")
    held.update(st.session_state.get("play.held", {}))
    return held


def _keep_seats() -> None:
    """Write the seat tokens this session holds into the browser's cookie (once, after
    a seat was opened), so the list of unfinished games offers this browser its seats
    after a reload: only ``A-Za-z0-9_-:.`` reach the script."""
    if not st.session_state.pop("play.keep_seats", False):
        return
    value = q.seats_cookie(st.session_state.get("play.held", {}))
    cookie = f"{q.SEATS_COOKIE}={value}; path=/; max-age=31536000; SameSite=Strict"
    st.html(f"<script>document.cookie = {json.dumps(cookie)};</script>",
            unsafe_allow_javascript=True)


def _new_game() -> None:
    fighters = q.live_fighters()
    ids = [f for f, _ in fighters]
    partners = [f for f, _ in q.live_partners()]  # none that no team may hold
    names = dict(fighters)
    with st.form("new"):
        # No max_chars: Streamlit's field then drops a paste that would pass it, whole
        # and without a word (a name pasted read as none: the game began as the guest's);
        # a name too long is refused in one line (q.create_live), as any other bad name.
        name = st.text_input("Your name (optional, at most 40 characters; kept in this "
                             "browser)", value=_kept_name())
        c1, c2 = st.columns(2)
        p1 = c1.selectbox("p1 fighter", ids, index=ids.index("ryu") if "ryu" in ids else 0,
                          format_func=lambda i: names.get(i, i))
        p1_team = c1.selectbox("p1 tag partner (Tag Team)", ["", *partners],
                               format_func=lambda i: names.get(i, "none"), help=PARTNER_HELP)
        p2 = c2.selectbox("p2 fighter", ids, index=ids.index("ken") if "ken" in ids else 0,
                          format_func=lambda i: names.get(i, i))
        p2_team = c2.selectbox("p2 tag partner (Tag Team)", ["", *partners],
                               format_func=lambda i: names.get(i, "none"), help=PARTNER_HELP)
        seat = st.radio("Your seat", ["p1", "p2", "random"], horizontal=True)
        opponents = list(q.OPPONENTS)
        opponent = st.selectbox("Opponent", opponents, index=opponents.index("search"),
                                format_func=lambda o: OPPONENT_LABELS.get(o, f"the {o} agent"),
                                help=OPPONENT_HELP)
        budget = st.number_input("Search agent: seconds per decision (0: its own 128 "
                                 "iterations)", 0.0, 60.0, 2.0, step=0.5,
                                 help="only for the search agent as opponent: it answers "
                                      "each decision it searches within this time")
        seed_text = st.text_input("Seed (empty: random)", help=play_start.SEED_HELP)
        clock = st.checkbox("Clock", help="each seat's time bank, with an increment per "
                                          "decision; a flag that falls loses")
        b1, b2 = st.columns(2)  # a form cannot hide them while Clock is unticked
        bank = b1.number_input("Clock bank (minutes; only with Clock ticked)", 1, 120, 10)
        increment = b2.number_input("Clock increment (seconds; only with Clock ticked)",
                                    0, 600, 5)
        if not st.form_submit_button("Start"):
            return
    form = (name, p1, p1_team, p2, p2_team, seat, opponent, budget, seed_text, clock, bank,
            increment)
    with st.spinner(play_start.STARTING):  # a click's game still made
        again = play_start.repeated(st.session_state.get(play_start.STARTED), form)
    if again is not None:
        _open_started(again, name)  # a second click of the same Start
    try:
        seed = q.seed_from_text(seed_text)
    except q.LiveError as error:
        st.error(md(str(error)))
        return
    refused = (play_start.seed_refused(opponent, seed)
               or play_start.team_refused(p1, p1_team, p2, p2_team))
    if refused is not None:
        st.error(md(refused))
        return
    started = play_start.Started(form)  # its lock held until this run settles
    try:
        st.session_state[play_start.STARTED] = started  # a stop here makes no game
        with st.spinner(play_start.STARTING):
            created = q.create_live(
                root, f"{p1}+{p1_team}" if p1_team else p1,
                f"{p2}+{p2_team}" if p2_team else p2,
                seat=seat, opponent=opponent, seed=seed, name=name,
                other_joins=opponent == "person",
                budget_ms=int(budget * 1000) if opponent == "search" else 0,
                clock=q.Clock(bank_ms=int(bank) * 60_000, increment_ms=int(increment) * 1000)
                if clock else None)
            started.made(created)  # plain Python: no stop can come between
    except q.LiveError as error:
        st.error(md(str(error)))
        return
    finally:
        started.settled()
    _open_started(created, name)


def _open_started(created: q.Created, name: str) -> None:
    """Open the seat of the game Start made (its links kept for the page)."""
    st.session_state["play.links"] = created.tokens
    st.session_state["play.name"] = st.session_state["play.keep"] = name
    st.query_params.update({"g": created.game_id, "t": created.tokens[created.seat]})
    st.rerun()


LISTED_GAMES = 30  # the unfinished games the list shows (the most recently moved)


def _unfinished() -> None:
    held = _held()
    shown = q.for_browser(root, q.unfinished_live(root), held)
    games = shown.games
    older = q.not_looked_at(root)
    if not games and not older and not shown.others_waiting:
        return
    st.subheader("Unfinished games")
    if older:
        st.caption(f"The list looks at the {q.LOOKED_AT:,} most recently played live games "
                   f"only, not at {older:,} older one(s): an unfinished one still opens from "
                   "its link.")
    if shown.others_waiting:
        st.caption(f"{shown.others_waiting:,} game(s) started in other browsers wait for a "
                   "friend to join and are not listed here: only the browser that started "
                   "one lists it, and the friend joins from the link they were sent.")
    if len(games) > LISTED_GAMES:
        st.caption(f"The {LISTED_GAMES} most recently moved of {len(games):,} unfinished "
                   "games are listed.")
    for game in games[:LISTED_GAMES]:
        link = f"play?g={game.game_id}"
        seats = (f"p1 {q.character_name(game.p1)} ({game.names[0]}) vs "
                 f"p2 {q.character_name(game.p2)} ({game.names[1]})")  # names, not ids
        resume = (f" · [resume]({link}&t={held[game.game_id]})" if game.game_id in held
                  else "")
        if game.waiting:  # listed only with a token of this browser that opens a seat
            token = shown.tokens.get(game.game_id, "")
            what, opens = waiting_row_words(game.waiting == "rematch", _hosts(game, token))
            st.markdown(md(f"{seats}, {what}, idle {duration(game.idle_s)}")
                        + f" · [{opens}]({link}&t={token})")
            continue
        st.markdown(md(f"{seats}, {game.decisions} decision(s), "
                       f"idle {duration(game.idle_s)}")
                    + f" · [watch]({link}){resume}")


def _hosts(game: q.Listed, token: str) -> bool:
    """Whether ``token`` (held by this session) opens the host's seat of the waiting
    ``game``: the friend's seat is the one the game waits for."""
    if not token:
        return False
    try:
        return q.seat_of_token(q.read_live_settings(root, game.game_id), token) not in (
            game.friend_seat, "")
    except q.LiveError:
        return False


def _page_link(query: str) -> str:
    """The whole address of this page with ``query``, as a friend pastes it into the
    address bar (the address this browser reached the page by; ``/play?...`` when
    Streamlit does not know it). A bare ``?g=...&t=...`` was shown before: pasted, it
    is no address and goes nowhere."""
    base = (st.context.url or "").split("?")[0].split("#")[0].rstrip("/")
    page = base if base.endswith("/play") else f"{base}/play"  # it names the page or not
    return f"{page}?{query}"


def link_words(linked: str, seat: str) -> str:
    """The line under the link of seat ``linked`` on the page of ``seat``: yours to
    keep, or your friend's to send. Both seat links of a game against a person read
    "keep it secret, it plays that seat", and the host was not told which one to send
    the friend."""
    if linked == seat == "both":
        return "your link (both seats, hotseat): keep it secret, it plays them"
    if linked == seat:
        return f"your link (seat {linked}): keep it secret, it plays your seat"
    return (f"your friend's link (seat {linked}): send it to your friend, and to no one "
            "else (it plays that seat)")


def _links(game: str, seat: str, settings: q.Settings, token: str) -> None:
    """The links of the game this session started: every seat's while the game waits
    for the friend, then (once started) this seat's and the spectator's only, folded.
    The friend's link, which plays the friend's seat, stayed on the host's page the whole
    game (on a shared or streamed screen, anyone could take that seat). A link that no
    longer opens its seat (a new link for the friend made in another tab) is dropped: it
    stayed, "send it to your friend", and the friend who opened it only watched. Once
    the game is on, a seat opened by its link (the friend who joined, a reload in a new
    tab) gets its own and the spectator's: the friend had no link to hand a spectator."""
    started = settings.waiting is None
    links = st.session_state.get("play.links") or (
        {seat: token} if started and seat != q.SPECTATOR and token else None)
    if not links:
        return
    if any(not play_waiting.opens(settings, s, t) for s, t in links.items()):
        links = {s: t for s, t in links.items() if play_waiting.opens(settings, s, t)}
        st.session_state["play.links"] = links
    if started:
        links = {s: t for s, t in links.items() if s == seat}
    # Open while the friend is yet to be sent theirs; folded once the game is on (your
    # own link is the page's address): open, it stood above the table at every decision,
    # a screen of links to scroll past on a phone before the arena.
    with st.expander("Links to this game", expanded=not started):
        for linked, seat_token in links.items():
            st.code(_page_link(f"g={game}&t={seat_token}"), language=None, wrap_lines=True)
            st.caption(md(link_words(linked, seat)))
        st.code(_page_link(f"g={game}"), language=None, wrap_lines=True)
        st.caption("spectator: public information only until the game ends")


if not game_id:
    _new_game()
    _unfinished()
    st.stop()

NO_SEAT = ("This link does not open a seat of this game (its seat token is another "
           "game's, or no longer valid): you watch the game as a spectator does.")
# A token that opens no seat here (another game's link, a friend's link renewed since)
# showed one error line and nothing of the game; the game is public to a spectator.
try:
    settings = q.read_live_settings(root, game_id)
    seat = q.SPECTATOR
    if token:
        try:
            seat = q.seat_of_token(settings, token)
        except q.LiveError:
            st.warning(md(NO_SEAT))
            token = ""  # nothing below may act with it
    if seat != q.SPECTATOR and st.session_state.get("play.claimed") != (game_id, seat):
        q.claim_tab(root, game_id, seat, tab)
except q.LiveError as error:  # a wrong or cut link: one line and the way to a new game
    st.error(md(str(error)))
    st.button("Start a new game", key="play.fresh", icon=":material/add:",
              on_click=st.query_params.clear)
    st.stop()
if seat != q.SPECTATOR and st.session_state.get("play.claimed") != (game_id, seat):
    st.session_state["play.claimed"] = (game_id, seat)
    held = _held()
    held.pop(game_id, None)  # the newest last: the cookie keeps the newest
    held[game_id] = token
    st.session_state["play.held"] = held
    st.session_state["play.keep_seats"] = True
if settings.waiting is None or not settings.waiting.cancelled:  # a cancelled game's
    _links(game_id, seat, settings, token)  # links open nothing to send
if settings.waiting is None and seat != q.SPECTATOR:
    play_waiting.late_join(root, game_id, token)
_keep_name()
_keep_seats()


if settings.waiting is not None:
    play_waiting.room(root, game_id, seat, token, settings, _kept_name(), POLL_SECONDS)
    st.stop()
play_waiting.joined_as(game_id)


def _table(polling: bool) -> None:
    q.mark_seen(root, game_id, seat)  # this seat's page looks: it has not left
    try:
        pic = q.live_picture(root, game_id, seat)
    except q.LiveError as error:
        st.error(md(str(error)))
        return
    if polling and (pic.request is not None or pic.over or pic.abandoned):
        st.rerun()  # your turn (or the end): drawn by the whole page, without polling
    st.set_page_config(page_title=tab_title(tab_words(pic), "Play"))  # whose move
    if pic.cut:
        st.warning(md(f"This game's log was found cut short in a frame (a write torn by a "
                      f"crash, or damage on disk): it goes on from the last whole frame, and "
                      f"the bytes after it are kept beside the log, in {pic.cut}."))
    if pic.replaced_by:
        st.info("This game was taken back into a fork; it continues there.")
        if seat in ("p1", "p2"):  # say what was taken back (the offerer's page)
            with contextlib.suppress(q.LiveError):
                play_takeback.remember(root, game_id, seat, pic.replaced_by,
                                       q.taken_back_by(root, game_id))
        st.query_params["g"] = pic.replaced_by
        st.rerun()
    if polling or pic.request is None or pic.clock is None:
        play_table.header(pic)
    else:
        st.fragment(run_every=POLL_SECONDS)(_running_clock)(pic.decision)
    ended = pic.over or pic.abandoned
    if ended:  # under the result, above the board: at 1280x800 they sat below the fold
        play_edges.edges(root, pic, token, tab, db)
    left, right = st.columns([3, 2])
    with left:  # what just happened under the arena, beside the options: read before
        play_table.board(root, pic)  # choosing (below the options, a player scrolled)
        play_table.clickable_spaces(root, pic, token, tab)
        play_table.happened(pic)
        play_takeback.taken_back(pic)
    with right:  # an offer to answer first: the one it asks looks here
        play_takeback.answer(root, pic, token, tab, play_table.pressed)
        play_table.controls(root, pic, token, tab)
        if not ended:
            play_edges.claim(root, pic, token, tab)
    if not ended:
        play_edges.edges(root, pic, token, tab, db)
    play_table.charts(root, pic)
    play_table.cards(root, pic)


def _running_clock(decision: int) -> None:
    """The header while you decide on a clock: redrawn every second, so your time runs
    down in front of you, and the whole page is drawn again once the game moved on (your
    flag fell: the game is over, with no click; or, before both seats had decided,
    abandoned: the options stayed, each click refused). Without it the page stood still while
    you decided: the clock read the time left when the page was drawn, and a flag that
    fell showed only at your next click. A click meanwhile is kept by its button's
    ``on_click`` (``play_table.pressed``), whichever run ends first."""
    q.mark_seen(root, game_id, seat)
    try:
        pic = q.live_picture(root, game_id, seat)
    except q.LiveError as error:
        st.error(md(str(error)))
        return
    if pic.over or pic.abandoned or pic.decision != decision:
        st.rerun()
    play_table.header(pic)


def _rematch_watch(drawn: tuple[str, bool]) -> None:
    """A finished game's page, rerun every second until a seat starts the rematch, or
    the rematch offered (``drawn``) is accepted: the whole page is then drawn again,
    saying so (``play_edges.edges``). Only the seats files are read. Without it the
    other seat's page and a spectator's stood still at the end, and never learnt of the
    rematch, nor that the offer was accepted."""
    try:
        settings = q.read_live_settings(root, game_id)
    except q.LiveError:
        return
    if play_edges.rematch_state(root, settings.rematch) != drawn or (
            seat != q.SPECTATOR and play_edges.indexed_now(root, game_id, db, settings)):
        st.rerun()


def _mode() -> str:
    """``wait``: this page waits for the other side (its table then reruns each second),
    which it does not while you decide; ``rematch``: the game is over and the other seat
    (a person) or a spectator may yet be offered a rematch, or see the one offered
    accepted (``_rematch_watch``); ``over``: the game is over otherwise; ``""``: none."""
    try:
        pic = q.live_picture(root, game_id, seat)
    except q.LiveError:
        return ""
    if pic.request is None and not pic.over and not pic.abandoned:
        return "wait"
    watching = seat == q.SPECTATOR or pic.opponent == "person"
    # none offered yet, or one waiting for the other's accept
    offered = not pic.rematch or play_edges.rematch_state(root, pic.rematch)[1]
    return ("rematch" if pic.over and not pic.abandoned and offered and watching
            else "over" if pic.over else "")


def _offer_watch(shown: q.TakebackOffer | None, mark: tuple[int, int], rematch: str,
                 over: bool) -> None:
    """A seat's page while it decides (or once its game is over), rerun every second:
    drawn whole once a takeback offer is made or answered (the seats file changed from
    ``shown``), so the other seat sees the offer without a click, or once the log
    changed from ``mark``: the other person resigned (the page went on offering the
    options, each click refused, "the game is over"), or another tab of this seat
    played; or once a rematch was started (``rematch``, the one drawn, changed) from
    another tab of this seat: that older tab stood at the finished game, its Rematch
    button still offered, and now says the rematch started, with a button to it
    (``play_edges.edges``). Against the AI and hotseat too: an older tab of the seat
    stood still at the position it was drawn at, each click refused with "reload here".
    Once ``over``, a game its page could not index (a busy index) is indexed here, and
    the page drawn with Review this game (``play_edges.indexed_now``).
    Only the seats file and the log's ``stat`` are read; the seat is marked seen (its
    tab file's time: the other person may claim the win once it has not been for
    ``q.AWAY_S``)."""
    q.mark_seen(root, game_id, seat)
    try:
        now = q.read_live_settings(root, game_id)
    except q.LiveError:
        return
    if (now.takeback != shown or now.rematch != rematch
            or q.log_mark(root, game_id) != mark
            or (over and play_edges.indexed_now(root, game_id, db, now))):
        st.rerun()


drawn = q.log_mark(root, game_id)  # before the page reads the game: a change after it shows
mode = _mode()
if mode == "wait":
    st.fragment(run_every=POLL_SECONDS)(_table)(True)
else:
    _table(False)
    if mode == "rematch":
        st.fragment(run_every=POLL_SECONDS)(_rematch_watch)(
            play_edges.rematch_state(root, settings.rematch))
    elif seat != q.SPECTATOR:  # against the AI too: another tab of the seat may play
        st.fragment(run_every=POLL_SECONDS)(_offer_watch)(settings.takeback, drawn,
                                                          settings.rematch, mode == "over")
