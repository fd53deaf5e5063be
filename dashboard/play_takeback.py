"""The Play page's takeback: against the AI a button, between people an offer.

Against the AI, Take back forks the game at the seat's last decision
(``q.live_takeback``). Between people it is an offer (``q.offer_takeback``) the other
seat accepts or declines (``q.answer_takeback``), as lichess offers it; an offer
lapses at the next decision, and once declined it may not be offered again before a
decision. Either way a takeback is refused while it would undo a decision after which
a card hidden then was shown (the other seat's face-down attack revealed, a card
drawn): ``replay.live`` refuses it in one line, which the page shows when the button is
pressed (the page does not work the reason out at every draw: ``live_picture``).
What the takeback took back is shown on the new game
(``taken_back``).
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import streamlit as st

from dashboard import data
from dashboard.literal import markdown as md
from replay import query as q

EDGE_REFUSED = "play.refused"
"""Why a Resign, Abandon, takeback or Rematch click was refused: said above those buttons
(``play_edges.edges``). It was said at the top of the page, a screen and more above
them: on a phone the click seemed to do nothing."""
TAKEN_BACK = "play.taken_back"
"""The last takeback of this session: (the new game's id, the lines it took back, the
seat whose decision was taken back, the decision number it was first shown at or None),
shown on the new game until the next decision (``taken_back``)."""


def controls(root: Path, pic: q.SeatPicture, token: str, tab: str, col: Any,
             pressed: Any) -> None:
    """The takeback control of a seat whose game goes on, in ``col``; ``pressed`` is
    ``play_table.pressed`` (a click kept until a run reaches its button)."""
    if pic.seat not in ("p1", "p2") or pic.opponent == "hotseat":
        return
    if not pic.decided and not pic.takeback_offer:  # nothing of yours to take back yet
        return
    if pic.opponent == "person":
        _offer(root, pic, token, tab, col, pressed)
        return
    if _barred(root, pic, col, "Take back"):
        return
    if pressed(col.button, "Take back", pic, "takeback",
               help="take back your last decision (the game is forked there; refused "
                    "once a card hidden from you then was shown)"):
        try:
            new_id = q.live_takeback(root, pic.game_id, token, tab)
        except (q.LiveRefused, q.LiveError) as error:
            st.session_state[EDGE_REFUSED] = str(error)
            st.rerun()
        _follow(root, pic, new_id, pic.seat)


def _offer(root: Path, pic: q.SeatPicture, token: str, tab: str, col: Any,
           pressed: Any) -> None:
    """Between people: offer a takeback, or answer the other's offer."""
    offer = pic.takeback_offer
    if offer == pic.seat:
        col.caption("You offered a takeback; the other player has not answered yet "
                    "(it lapses at the next decision).")
        return
    if pic.takeback_declined == pic.seat:  # the offerer's answer, without a click
        col.caption("The other player declined your takeback; you may offer again once a "
                    "decision has been made.")
    if offer:  # the other's: answered at the top of the options column (``answer``)
        return
    if pic.takeback_declined == pic.seat:  # the caption above says why
        col.button("Offer a takeback", key="takeback", disabled=True,
                   help="the other player declined your takeback; you may offer again once "
                        "a decision has been made")
        return
    if _barred(root, pic, col, "Offer a takeback"):
        return
    if pressed(col.button, "Offer a takeback", pic, "takeback",
               help="ask the other player to let you take back your last decision"):
        try:
            q.offer_takeback(root, pic.game_id, token, tab)
        except (q.LiveRefused, q.LiveError) as error:
            st.session_state[EDGE_REFUSED] = str(error)
        st.rerun()


ANSWER_REFUSED = "play.takeback_answer_refused"
"""Why an Accept or Decline click was refused (the offer lapsed meanwhile): said where
the offer was, at the next run."""


def answer(root: Path, pic: q.SeatPicture, token: str, tab: str, pressed: Any) -> None:
    """The other person's takeback offer and its Accept and Decline buttons, drawn at the
    top of the options column, where the person it asks is looking (``pressed`` is
    ``play_table.pressed``). They sat with Resign under the board and what just happened,
    below the fold at 1280x800 and a screen down on a phone: the offer "appeared by
    itself" where nobody deciding looked."""
    refused = st.session_state.pop(ANSWER_REFUSED, None)
    if refused:
        st.warning(md(refused))
    offer = pic.takeback_offer
    if pic.seat not in ("p1", "p2") or pic.opponent != "person" or not offer \
            or offer == pic.seat or pic.over or pic.abandoned:
        return
    st.info(md(f"{pic.seat_named(offer)} offers to take back their last decision (and what followed "
               "it): accept it, and the game goes on from before it."))
    yes, no = st.columns(2)
    accept = pressed(yes.button, "Accept the takeback", pic, "takeback-yes")
    decline = pressed(no.button, "Decline", pic, "takeback-no")
    if not (accept or decline):
        return
    try:
        new_id = q.answer_takeback(root, pic.game_id, token, tab, accept)
    except (q.LiveRefused, q.LiveError) as error:
        st.session_state[ANSWER_REFUSED] = str(error)
        st.rerun()
    if new_id:
        _follow(root, pic, new_id, offer)
    st.rerun()


def _barred(root: Path, pic: q.SeatPicture, col: Any, label: str) -> bool:
    """Draw ``label``'s button disabled, with why under it, when the seat may not take
    back now (``q.takeback_barred``: the very reason a click would be refused with);
    False, drawing nothing, when it may. A newcomer pressed Take back after almost every
    strike and read that it cannot be taken back."""
    try:
        why = q.takeback_barred(root, pic.game_id, pic.seat)
    except q.LiveError:
        return False  # the click says it
    if not why:
        return False
    col.button(label, key="takeback", disabled=True, help=md(why))
    col.caption(md(why[0].upper() + why[1:] + "."))
    return True


def _follow(root: Path, pic: q.SeatPicture, new_id: str, by: str) -> None:
    """Open the fork ``new_id``, saying what was taken back (``by``'s decision)."""
    remember(root, pic.game_id, pic.seat, new_id, by)
    st.query_params["g"] = new_id
    st.rerun()


def remember(root: Path, game_id: str, seat: str, new_id: str, by: str) -> None:
    """Keep what the takeback of ``game_id`` into ``new_id`` took back, as ``seat``
    reads it, for ``taken_back``: the page of the seat that took back or
    accepted (``_follow``), and the page that followed the fork by itself (the offerer's
    between people, whose offer the other seat accepted)."""
    with contextlib.suppress(q.LiveError):  # taken back all the same: say what
        st.session_state[TAKEN_BACK] = (new_id, q.taken_back(root, game_id, seat), by, None)



def taken_back(pic: q.SeatPicture) -> None:
    """What the takeback that opened this game took back, in the words of "What just
    happened", until the next decision (the seat's or, between people, the other's).
    Against the AI it is your decision and the AI's replies; between people the
    offerer's decision and what followed it, on both pages (the one who accepted read
    "your last decision and the AI's replies" of the other's decision, and the offerer,
    whose page followed the fork by itself, read nothing)."""
    said = st.session_state.get(TAKEN_BACK)
    if not said or said[0] != pic.game_id:
        return
    _, lines, by, at = said
    if at is None:
        st.session_state[TAKEN_BACK] = (*said[:3], pic.decision)
    elif at != pic.decision:
        st.session_state.pop(TAKEN_BACK, None)  # a decision since: it is behind it
        return
    if pic.opponent != "person":
        whose = "your last decision and the AI's replies"
    elif by == pic.seat:
        whose = "your last decision and what followed it; the other player accepted"
    else:
        whose = f"{by}'s last decision and what followed it, as you accepted"
    st.markdown(f"**Taken back** ({md(whose)})")
    st.code(data.lines(lines[-RECENT_TAKEN:]) or "(nothing shown)", language=None,
            wrap_lines=True)


RECENT_TAKEN = 30
"""At most this many taken-back lines are shown (the last ones)."""
