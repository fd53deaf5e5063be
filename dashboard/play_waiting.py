"""The Play page's waiting room: a game against a person before that person joined.

Its log is not written yet (``replay.live.new_games.join_live`` writes it, with the name
the person types), so nothing can be played and no clock runs. The person's seat link
asks their name (kept in their browser, as the host's: the page writes the cookie once
``play.keep`` is set) and joins; a rematch between two people is joined, accepted, the
same way. A person who joins a seat already joined under another name (the link opened
in two browsers, each typing a name) plays that seat, under that name, and the table
says so in one line (``joined_as``). The host's page, a spectator's and the person's join
form look at the seats file every second and are drawn whole once the person joined or
the host cancelled (the join form learnt of a cancel only at its Join click; the look is
a fragment, whose rerun leaves the form, and a name being typed in it, alone). A host's
page that no longer knows the friend's link (a reload: the links are shown once, in the
page's session, and only the tokens' digests are kept) offers a new one, and the host
may cancel the game (``q.cancel_waiting``, once "I mean it" is ticked, as for Resign: one
click ended the friend's link for good): every link of it then says so in one line,
with a "New game" button (the host's page stood there with the friend's link still to
send, and no way to a new game but editing the address: the sidebar's Play link keeps
``?g=``); a rematch offer, which is not cancelled, offers New game to its offerer
all the same. Everything a person typed is escaped (``dashboard.literal``).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from dashboard import routes
from dashboard.literal import markdown as md
from dashboard.play_edges import new_game
from dashboard.play_words import waiting_tab_words
from replay import query as q

JOINED = "play.joined"
"""(game id, one line) when this page joined a seat already joined under another name
(the link opened in two browsers): the table says it on every run of that game."""


NAME = "play.join_name"
"""The join form's name field."""
TYPED = "play.join_typed"
"""(game id, the name typed) when the join form was sent: kept by the button's
``on_click`` for ``late_join``, since the run the click starts draws no form once the
seat was joined meanwhile (from another browser), and the name was lost unread."""


def _typed(game_id: str) -> None:
    st.session_state[TYPED] = (game_id, str(st.session_state.get(NAME, "")))


def late_join(root: Path, game_id: str, token: str) -> None:
    """The join form sent after the game started (the seat joined from another browser
    meanwhile): joined as it is (``q.join_live`` records nothing), the page told under
    which name if the one typed here differs or would be refused (``JOINED``)."""
    typed = st.session_state.pop(TYPED, None)
    if typed is None or typed[0] != game_id:
        return
    try:
        said = q.join_live(root, game_id, token, typed[1])
    except (q.LiveError, q.LiveRefused):
        return  # not this seat's link, or no game: nothing to say here
    if said:
        st.session_state[JOINED] = (game_id, said)


def joined_as(game_id: str) -> None:
    """The line ``JOINED`` keeps for ``game_id``, if any: which name this page's seat
    plays under (the one typed here was not recorded)."""
    said = st.session_state.get(JOINED)
    if said is not None and said[0] == game_id:
        st.info(md(said[1]))


def fighter(spec: str) -> str:
    """A seat's fighter by name (a Tag Team's two joined by `` + ``)."""
    names = dict(q.live_fighters())
    return " + ".join(names.get(part, part) for part in spec.split("+"))


def room(root: Path, game_id: str, seat: str, token: str, settings: q.Settings,
         kept_name: str, poll_seconds: float) -> None:
    """The page of ``seat`` (``p1``, ``p2`` or a spectator) while the game waits:
    ``settings.waiting`` is set. ``kept_name`` fills the name field."""
    waiting = settings.waiting
    assert waiting is not None
    st.set_page_config(page_title=routes.tab_title(waiting_tab_words(seat, waiting), "Play"))
    if waiting.cancelled:  # the way on: a new game (the sidebar's Play link keeps ?g=)
        st.info(md(f"This game was not played: {q.CANCELLED}."))
        new_game(st)
        return
    host = 1 if waiting.seat == "p1" else 0
    named = waiting.players[host] or f"P{host + 1} (guest)"
    for who, col in enumerate(st.columns(2)):
        you = " (you)" if seat in ("p1", "p2") and int(seat[1]) - 1 == who else ""
        player = (named if who == host else "waiting to join") + you
        col.markdown(f"**p{who + 1} {md(fighter((waiting.p1, waiting.p2)[who]))}**: "
                     f"{md(player)}")
    if seat != waiting.seat:
        st.info(_host_words(seat, waiting.rematch, settings.clock is not None))
        if (seat != q.SPECTATOR and not waiting.rematch
                and waiting.seat not in st.session_state.get("play.links", {})):
            _new_friend_link(root, game_id, seat, token)
        if seat != q.SPECTATOR and not waiting.rematch:
            _cancel(root, game_id, token)
        elif seat != q.SPECTATOR:  # an offer is not cancelled: a way on all the same (the
            new_game(st)  # sidebar's Play link keeps ?g=: it reopened this page)
        st.fragment(run_every=poll_seconds)(_join_watch)(root, game_id,
                                                         dict(settings.tokens))
        return
    clock = settings.clock
    timed = "" if clock is None else (f" with a clock of {clock.bank_ms // 60_000} min + "
                                      f"{clock.increment_ms // 1000} s a decision")
    offer = "a rematch, seats swapped: you play" if waiting.rematch else "you to play"
    st.info(md(f"{named} invites {offer} p{2 - host}{timed}. Type your name (or none: "
               "you are the seat's guest) and join."))
    # the host may cancel meanwhile: said at once, not at the Join click (a rerun of the
    # fragment alone leaves the form, and a name being typed in it, as it is)
    st.fragment(run_every=poll_seconds)(_join_watch)(root, game_id, dict(settings.tokens))
    with st.form("join"):
        name = st.text_input("Your name (optional, at most 40 characters; kept in this "
                             "browser)", value=waiting.players[1 - host] or kept_name,
                             key=NAME)  # a rematch: the name played under before; no
        # max_chars: a paste past it was dropped whole, silently (see the new game form)
        if not st.form_submit_button("Join the rematch" if waiting.rematch
                                     else "Join the game", on_click=_typed, args=(game_id,)):
            return
    st.session_state.pop(TYPED, None)  # joined here, not by ``late_join``
    try:
        said = q.join_live(root, game_id, token, name)
    except (q.LiveError, q.LiveRefused) as error:
        st.error(md(str(error)))
        return
    if said:  # joined before, under another name: this page plays the seat under that
        st.session_state[JOINED] = (game_id, said)
    st.session_state["play.name"] = st.session_state["play.keep"] = name
    st.rerun()


def _host_words(seat: str, rematch: bool, clock: bool) -> str:
    """What the host's page (or a spectator's) says while the game waits: the clock is
    named only for a game that has one (a game without read "the game (and its clock)
    starts when they do", and a host wondered where the clock was)."""
    if seat == q.SPECTATOR:
        return "The game starts when both players have joined."
    game = "the game (and its clock)" if clock else "the game"
    if rematch:
        return ("Waiting for your friend to accept the rematch (from the game before); "
                f"{game} starts when they do.")
    return f"Waiting for your friend to join with their seat link; {game} starts when they do."


def opens(settings: q.Settings, linked: str, seat_token: str) -> bool:
    """Whether ``seat_token`` still opens seat ``linked`` of the game."""
    try:
        return q.seat_of_token(settings, seat_token) == linked
    except q.LiveError:
        return False


def _new_friend_link(root: Path, game_id: str, seat: str, token: str) -> None:
    """A new link for the friend (``q.renew_friend_link``), the one given before
    opening nothing from then on."""
    st.caption("Your friend's link is shown only on the page that made it (the one that "
               "started the game, or made the newest link).")
    if not st.button("New link for your friend (the one given before stops working)",
                     key="play.relink"):
        return
    try:
        fresh = q.renew_friend_link(root, game_id, token)
    except (q.LiveError, q.LiveRefused) as error:
        st.error(md(str(error)))
        return
    friend = "p1" if seat == "p2" else "p2"
    st.session_state["play.links"] = {seat: token, friend: fresh}
    st.rerun()


CANCEL_SURE = "play.cancel_sure"
"""The "I mean it" box Cancel asks first, as Resign does: one click ended the friend's
link for good."""


def _cancel(root: Path, game_id: str, token: str) -> None:
    """The host's Cancel, once "I mean it" is ticked (``CANCEL_SURE``): the game waiting
    for the friend is called off (nothing was played); the page is drawn again, saying
    so."""
    sure = st.checkbox("I mean it", key=CANCEL_SURE,
                       help="tick to cancel: your friend's link then opens nothing for good")
    if not st.button("Cancel this game (nothing was played; your friend's link then "
                     "says so)", key="play.cancel", disabled=not sure) or not sure:
        return
    try:
        q.cancel_waiting(root, game_id, token)
    except (q.LiveError, q.LiveRefused) as error:
        st.error(md(str(error)))
        return
    st.rerun()


def _join_watch(root: Path, game_id: str, tokens: dict[str, str]) -> None:
    """The waiting page, rerun every second: drawn whole once the person joined, the
    host cancelled, or a seat's token changed from ``tokens`` (a new link for the friend
    made in another tab: the one this page shows opens nothing any more). Only the seats
    file is read."""
    try:
        now = q.read_live_settings(root, game_id)
    except q.LiveError:
        return
    if now.waiting is None or now.waiting.cancelled or now.tokens != tokens:
        st.rerun()
