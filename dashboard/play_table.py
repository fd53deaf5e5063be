"""The Play page's table: one seat's picture, its controls, its clock, its edges.

Drawn from ``replay.query.live_picture`` for the seat the link's token opens (or a
spectator): the arena of the Game page seen from that seat (``dashboard.arena`` on the
frame of the seat's perspective, so the other hand is face down with its count; a
spectator's on the ``public`` frame, both hands face down, until the game is over), what
just happened in rulebook words, and one button per option of the decision the seat
owes, grouped by kind (strike, boost, move, change cards, prepare, exceed, reshuffle,
character actions, a prompt's choices). A Move is chosen by clicking a space on the
arena's row of spaces (``clickable_spaces``: nine buttons under the arena, a space you
may move to outlined green; its click takes that Move, any other says why in one line,
``move_for_space``; buttons, not a plotly chart, so a double click or a quick second
click never undoes the first) or by its option button ("Move to space 4"). Every
answer names the decision number it answers, so a double click or an old tab is refused
in one line, and every button's click is kept in session state by its ``on_click`` until
a run of the page reaches the button (``pressed``: a button's own value can be cleared
by another run's end before that). Everything from a person (the names) is
escaped (``dashboard.literal``). The strike timeline and resource lanes of the Game page
(``dashboard.timeline``, ``dashboard.lanes``) are one toggle away (``charts``), drawn
from ``replay.query.live_charts``: the seat's perspective, ended strikes only.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import streamlit as st

from dashboard import (
    arena,
    card_texts,
    data,
    lanes,
    play_takeback,
    play_words,
    timeline,
    timeline_labels,
)
from dashboard.literal import markdown as md
from dashboard.play_focus import bring_answers_into_view
from replay import query as q

MAX_BUTTONS = 16
"""A group with more options than this (a large payment) is a select box and a button."""
CLICKED = "play.clicked"
"""The button last clicked on the page, as (game id, decision number, button key): its
``on_click`` keeps it here until a run of the page reaches that button (``pressed``)."""


def _remember(mark: tuple[str, int, str]) -> None:
    """A button's ``on_click``: Streamlit calls it while it applies the click, before
    the click's run starts."""
    st.session_state[CLICKED] = mark


def pressed(button: Callable[..., bool], label: str, pic: q.SeatPicture, key: str,
            **options: Any) -> bool:
    """Draw a button with ``button`` (``st.button`` or a column's) and say whether it
    was clicked, once per click.

    The button's own value is not enough: the end of any run of the session sets every
    button's value back to False, and a run can end after the click's run has started
    and before it reaches the button. The page's poll does that: when the page turns
    from waiting to the seat's decision, the browser may already have sent the poll's
    next tick, which Streamlit runs right after the page's run (drawing nothing, its
    fragment gone); a click made meanwhile starts a run of its own, the tick's run ends
    during it, and the button read False: the decision was lost and the page stood
    still (how the two-browser test could stand still after a click; reproduced with
    that tick's end held back, and ``tests/dashboard/test_play_page.py``). The mark the
    ``on_click`` leaves is session state, which no run's end clears; it names the game,
    the decision and the button, so it answers that button only, once."""
    mark = (pic.game_id, pic.decision, key)
    hit = bool(button(label, key=key, on_click=_remember, args=(mark,), **options))
    if st.session_state.get(CLICKED) == mark:
        del st.session_state[CLICKED]
        return True
    return hit


def clock_text(ms: int | None) -> str:
    if ms is None:
        return "no clock"
    ms = max(0, ms)
    return f"{ms // 60000}:{ms // 1000 % 60:02d}"


def header(pic: q.SeatPicture) -> None:
    """Who plays whom, the clocks and the result."""
    cols = st.columns(2)
    for who, col in enumerate(cols):
        me = " (you)" if pic.viewer is not None and int(pic.viewer) == who else ""
        clock = pic.clocks[who]  # a game without a clock says nothing of one
        timed = "" if clock is None else f" · clock {md(clock_text(clock))}"
        col.markdown(f"**p{who + 1} {md(pic.fighters[who])}**: {md(pic.names[who])}{md(me)}"
                     f"{timed}")
    if pic.over:
        won = pic.seat in ("p1", "p2") and pic.view.winner is not None \
            and pic.view.winner == pic.viewer
        # green for the seat that won; a loss, a draw, hotseat and spectators: neutral
        (st.success if won else st.info)(md(f"Game over: {pic.result}"))
        if pic.seed is not None:  # shown once over: it would show the hidden cards
            st.caption(f"Seed {pic.seed} (it decided every shuffle, so it stays unshown "
                       "while a game goes on)")
    elif pic.abandoned:
        st.info(md(f"This game was abandoned{': ' + pic.aborted if pic.aborted else ''}. "
                   "It stays unfinished (its log keeps every decision)."))
    elif pic.asked:
        st.caption(md(f"Decision {pic.decision}: {pic.asked}"))


def board(root: Path, pic: q.SeatPicture) -> None:
    """The arena as the seat sees it. A spectator's during the game is the ``public``
    frame: both hands face down and counted, the decks counted, every face-up card named
    (gauge, boosts, the discard pile's top, open areas, the strike's revealed attacks),
    a face-down attack of either seat face down; once the game is over, everything
    (``all``). A card hovered shows its text; a face-down card has none to show (the
    arena gives hover texts to face-up chips only). It read two lines of text a seat
    until the game ended ("p1 Ryu: life 30, space 3, hand 6 (face down)..."), while a
    person watching from lichess expects the board."""
    perspective: q.Perspective = (
        "all" if pic.over else "public" if pic.viewer is None
        else "p1" if int(pic.viewer) == 0 else "p2")
    game = q.open_game(root / f"{pic.game_id}.exlog")
    shown = q.frame(game, game.length, perspective)
    titles = card_texts.hover_texts(q.game_cards(game), shown)
    st.markdown(arena.html(shown, titles), unsafe_allow_html=True)


# --- a Move by clicking a space ---------------------------------------------------------

TARGET = "#2e7d32"
"""The outline of a space you may move to."""


def move_spaces(pic: q.SeatPicture) -> dict[int, object]:
    """Space -> the Move there, for each space the seat may move to now (none when it
    owes no decision, or the decision offers no Move)."""
    found: dict[int, object] = {}
    for group in pic.groups:
        if group.kind != "move":
            continue
        for option in group.options:
            space = getattr(option.decision, "space", None)
            if isinstance(space, int):
                found.setdefault(space, option.decision)
    return found


def move_for_space(pic: q.SeatPicture, space: int) -> tuple[object | None, str]:
    """The Move a click on ``space`` takes, or None and one line saying why not."""
    if pic.viewer is None:
        return None, f"space {space}: a spectator does not move"
    if pic.request is None:
        return None, f"space {space}: it is not your decision now"
    targets = move_spaces(pic)
    if space in targets:
        return targets[space], ""
    if not targets:
        return None, f"space {space}: this decision offers no Move"
    mine = pic.view.players[int(pic.viewer)].space
    where = ", ".join(str(s) for s in sorted(targets))
    if space == mine:
        return None, f"space {space}: you stand there (you may move to {where})"
    return None, f"space {space}: you cannot move there now (you may move to {where})"


def space_labels(pic: q.SeatPicture, targets: Sequence[int]) -> dict[int, tuple[str, str]]:
    """Space -> (its button's label: the number and who stands there; its tooltip, with
    what a Move there costs, as its option's button says it: "(2 force)"), as plain
    text (the caller escapes them)."""
    here: dict[int, list[str]] = {}
    for who, p in enumerate(pic.view.players):
        here.setdefault(p.space, []).append(f"p{who + 1}")
    costs: dict[int, str] = {}
    for group in pic.groups:
        for option in group.options if group.kind == "move" else ():
            space = getattr(option.decision, "space", None)
            if isinstance(space, int):
                costs[space] = option.label.removeprefix(f"Move to space {space}").strip()

    def tip(s: int) -> str:
        if s in targets:
            return f"space {s}: click to move here" + (f" {costs[s]}" if costs.get(s) else "")
        if s in here:
            return f"space {s}: {pic.fighters[int(here[s][0][1]) - 1]} stands here"
        return f"space {s}: you cannot move here now"

    return {s: (" ".join([str(s), *here.get(s, [])]), tip(s)) for s in range(1, 10)}


ONE_ROW = ("[class*='st-key-spaces-'] [data-testid='stHorizontalBlock'] "
           "{flex-wrap: nowrap !important; gap: 0.2rem !important}"
           "[class*='st-key-spaces-'] [data-testid='stColumn'] "
           "{min-width: 0 !important; width: auto !important; flex: 1 1 0 !important}")
"""The nine spaces stay one row on a narrow screen: Streamlit stacks columns under
640 px, and on a phone the row was nine full-width buttons, one under the other,
pushing the options a screen and more below the arena."""


def spaces_style(decision: int, targets: Sequence[int]) -> str:
    """The row's look: square buttons, a space you may move to outlined green, one row
    at any width (``ONE_ROW``). Built from numbers only (the decision, the spaces),
    never from anything a person typed."""
    rules = [f".st-key-space-{decision}-{s} button {{border: 3px solid {TARGET}; "
             f"background: #e8f5e9}}" for s in targets]
    return ("<style>[class*='st-key-space-'] button {min-height: 3rem; padding: 0 0.2rem}"
            + ONE_ROW + "".join(rules) + "</style>")


def clickable_spaces(root: Path, pic: q.SeatPicture, token: str, tab: str) -> None:
    """The row of spaces under the arena, for the seat that owes a decision: a click on
    a space you may move to takes that Move; any other click says why in one line.

    Each space is a button, not a point of a chart: a click is a trigger, sent once and
    never undone by the next click. (A plotly chart's selection was: a second click
    within its double-click window, or on the point just selected, cleared it, and the
    click that had chosen the space never reached the page: the Move was lost.)"""
    if pic.request is None or pic.viewer is None:
        return
    targets = sorted(move_spaces(pic))
    key = f"spaces-{pic.game_id}-{pic.decision}"
    clicked: int | None = None
    with st.container(key=key):
        st.html(spaces_style(pic.decision, targets))
        cols = st.columns(9, gap="small")
        for (space, (label, tip)), col in zip(space_labels(pic, targets).items(), cols,
                                               strict=True):
            if pressed(col.button, md(label), pic, f"space-{pic.decision}-{space}",
                       help=md(tip), width="stretch"):
                clicked = space
    st.caption("Click a space outlined green to move there." if targets
               else "No Move is offered at this decision.")
    if clicked is not None:
        decision, why = move_for_space(pic, clicked)
        if decision is not None:
            _answer(root, pic, token, tab, decision)  # reruns the page
        st.session_state["play.space"] = (key, why)  # a refused click: say why
    said = st.session_state.get("play.space")
    if said is not None and said[0] == key:
        st.info(md(said[1]))  # the last refused click at this decision, until the next


# --- the strike timeline and the lanes ----------------------------------------------------


def charts(root: Path, pic: q.SeatPicture) -> None:
    """The Game page's strike timeline and resource lanes, as this seat may see them,
    behind a toggle (off: nothing is built)."""
    if not st.toggle("Strike timeline and resource lanes", key="play.charts"):
        return
    try:
        seen = q.live_charts(root, pic.game_id, pic.seat, pic.viewer)
    except q.LiveError as error:
        st.caption(md(str(error)))
        return
    model, game_lanes = seen.timeline, seen.lanes
    turns = timeline.turn_marks(model.strikes, seen.turn_starts)
    if model.strikes:
        st.html(timeline_labels.narrow_style("play-timeline-"))  # a phone: no labels
        st.plotly_chart(timeline.chart(model, seen.seats, seen.cards, seen.length,
                                       seen.perspective, turn_starts=seen.turn_starts,
                                       attacks=game_lanes.attacks),
                        key=f"play.timeline.{pic.game_id}", width="stretch",
                        config=timeline.chart_config(f"exceed-live-{pic.game_id}-timeline"))
    else:
        st.caption("No strike has ended yet.")
    st.plotly_chart(lanes.figure(game_lanes, seen.seats, timeline.x_range(model), turns,
                                 seen.length),
                    key=f"play.lanes.{pic.game_id}", width="stretch",
                    config=timeline.chart_config(f"exceed-live-{pic.game_id}-lanes"))


def cards(root: Path, pic: q.SeatPicture) -> None:
    """Every card of the game's fighters, behind a toggle (``dashboard.card_texts``, as
    on the Game page); deck lists are open information, shown alike to every seat."""

    def load() -> Sequence[q.FighterCards]:
        try:
            return q.live_cards(root, pic.game_id)
        except q.LiveError as error:
            st.caption(md(str(error)))
            return ()

    card_texts.render(load, "play.cards")


def happened(pic: q.SeatPicture) -> None:
    """What happened since the seat last decided, every line the picture keeps (at most
    ``picture.RECENT``), each read whole: they wrap inside the box (a code box scrolls a
    long line sideways instead, and at 1280x800 "revealed: p1 Vacant Shift vs p2 One I"
    was all a player saw of a reveal). Only the last 14 were shown, and a strike the
    seat's own payment resolved (a Critical) then read from its speeds on: the reveal
    (the opponent's attack, an invalid Ultra's wild swing) was cut off."""
    if pic.lines:
        st.markdown("**What just happened**")
        st.code(data.lines(pic.lines), language=None, wrap_lines=True)


OPTIONS_STYLE = data.wrapping_buttons("opt-")
"""An option's label wraps inside its button: Streamlit cuts a button's label to one line
("Boost I, Capture an…"), and the player must read which card and which boost it is."""


def group_title(kind: str, picker: bool) -> str:
    """The heading of a group of options: its kind (``Strike``, ``Boost``...); the
    ``prompt`` group, the answers to any other request (a choice, a space, a payment...),
    is "Answer", or "Or choose a whole answer" below a card picker, which answers the same
    request card by card (it read "Prompt" over a select box labelled "prompt")."""
    if kind == "tag team actions":  # the rulebook's heading (Street Fighter, Tag Team)
        return "Tag Team actions"
    if kind != "prompt":
        return kind.capitalize()
    return "Or choose a whole answer" if picker else "Answer"


ACTIONS = "character actions"
"""The group of the character actions (``q.group_options``)."""


def controls(root: Path, pic: q.SeatPicture, token: str, tab: str) -> None:
    """One button per option, grouped by kind; a click answers decision ``pic.decision``
    (a refused one says why above them, ``REFUSED``)."""
    refused = st.session_state.pop(REFUSED, None)
    if refused:
        st.warning(md(refused))
    if pic.request is None:
        if not pic.over and not pic.abandoned and pic.viewer is not None:
            st.info("Waiting for the other side; their moves appear here by themselves.")
        return
    bring_answers_into_view(pic.decision)
    st.html(OPTIONS_STYLE)
    if pic.needs:
        st.caption(md(pic.needs))
    if pic.cards:
        _card_picker(root, pic, token, tab)
    texts = _card_texts(root, pic)
    shown = play_words.option_cards(texts, pic.view.card_defs, pic.groups)
    if shown:  # read by tapping, where a button's hover help is never seen
        with st.expander(play_words.OPTION_CARDS):
            st.markdown("\n\n".join(shown))
    for group in pic.groups:
        whole = bool(pic.cards) and group.kind == "prompt"  # the picker answers it too:
        with (st.expander(f"{group_title(group.kind, True)} ({len(group.options)})")
              if whole else st.container()):  # listed whole only when opened
            _group(root, pic, token, tab, group, texts, whole)


def _group(root: Path, pic: q.SeatPicture, token: str, tab: str, group: q.Group,
           texts: dict[str, q.CardText], whole: bool) -> None:
    """One group of options: its heading (none inside the whole answers' expander), its
    words, and a button per option (a select box past ``MAX_BUTTONS``)."""
    if not whole:
        st.markdown(f"**{md(group_title(group.kind, bool(pic.cards)))}**")
    if group.kind in play_words.KIND_WORDS:  # what it does, for a player new to it
        st.caption(md(play_words.KIND_WORDS[group.kind]))
    elif moves := play_words.answer_words(group):  # push, pull, advance...: who moves
        st.caption(md(moves))
    if group.kind == "strike" and pic.viewer is not None:
        unpaid = play_words.unpaid_ultras(texts, pic.view.card_defs, (group,),
                                          len(pic.view.players[int(pic.viewer)].gauge))
        if unpaid:
            st.warning(md(unpaid))
    said = play_words.action_words(pic.actions, group) if group.kind == ACTIONS else ""
    if said:  # each action's own text, read on a phone too (no hover there)
        st.caption(said)
    if len(group.options) > MAX_BUTTONS:
        labels = {i: o.label for i, o in enumerate(group.options)}
        label = "every legal answer" if group.kind == "prompt" else group.kind
        chosen: int | None = st.selectbox(md(label), list(labels),
                                          format_func=labels.__getitem__,
                                          key=f"sel-{pic.decision}-{group.kind}")
        if chosen is not None and pressed(st.button, "Play this", pic,
                                          f"go-{pic.decision}-{group.kind}"):
            _answer(root, pic, token, tab, group.options[chosen].decision)
        return
    for i, option in enumerate(group.options):  # two a row, wide enough for "Move
        if i % 2 == 0:  # to space 9"; a row each pair: stacked on a phone, they read
            cols = st.columns(min(2, len(group.options)))  # in order (not 1, 3, 2)
        if pressed(cols[i % 2].button, md(option.label), pic,
                   f"opt-{pic.decision}-{group.kind}-{i}", width="stretch",
                   help=play_words.card_help(texts, pic.view.card_defs, option.decision)
                   or (play_words.action_help(pic.actions, option.decision)
                       if group.kind == ACTIONS else None)):
            _answer(root, pic, token, tab, option.decision)


def _card_texts(root: Path, pic: q.SeatPicture) -> dict[str, q.CardText]:
    """Card id -> its text, for the buttons of a boost or an attack to set (none else)."""
    if not any(g.kind in ("strike", "boost") for g in pic.groups):
        return {}
    with contextlib.suppress(q.LiveError):  # the buttons then hold no text
        return {c.card: c for f in q.live_cards(root, pic.game_id) for c in f.cards}
    return {}


def _card_picker(root: Path, pic: q.SeatPicture, token: str, tab: str) -> None:
    """Paying a cost (or a mulligan, discard, selection) is picking the cards."""
    assert pic.request is not None
    names = dict(pic.cards)
    picked = st.multiselect("Pick the cards", list(names), format_func=names.__getitem__,
                            key=f"cards-{pic.decision}")
    verb = q.VERBS.get(pic.request.kind, "Play these")
    # "(none)" only where no card is an answer (a mulligan, an optional payment): a
    # Move's force offered "Pay with these (none)", which could only be refused
    must_pick = not picked and pic.request.check(q.cards_decision(pic.request, ())) is not None
    none = q.NONE_VERBS.get(pic.request.kind, f"{verb} (none)")
    if must_pick:  # said, not only in the button's hover help (none on a phone)
        st.caption(play_words.must_pick_words(pic.request.kind,
                                              getattr(pic.request, "amount", 0)))
    if pressed(st.button, verb if picked or must_pick else none, pic,
               f"pick-{pic.decision}", disabled=must_pick,
               help="pick the cards first: paying nothing is not an answer here"
               if must_pick else None):
        _answer(root, pic, token, tab, q.cards_decision(pic.request, tuple(picked)))


THINKING = "The search agent is thinking"
"""Shown while a click waits for the search agent's replies (``thinking_words``): they
are played before the click's answer comes back (``replay.live.table``), a few seconds
where other agents answer at once."""


def thinking_words(budget_ms: int) -> str:
    """The spinner's words while the search agent replies, with its time per decision
    as the game was made with it ("up to 2 s a decision"; 0: its own iterations). It
    read "up to its time budget a decision" for a game of none, and named no time."""
    if budget_ms <= 0:
        return f"{THINKING} (its own iterations, no time budget)…"
    return f"{THINKING} (up to {budget_ms / 1000:g} s a decision)…"


def queued_words() -> str:
    """Said when the search agent's answer to a click waits for a place: the dashboard
    searches for ``q.MAX_SEARCHING`` games at once (``replay.live.searching``)."""
    games = "one game" if q.MAX_SEARCHING == 1 else f"{q.MAX_SEARCHING} games"
    return (f"The engine is busy with other games (it searches for {games} at a time): "
            "your move is queued, and the search agent answers it in its turn; its time "
            "per decision runs from then.")


def _answer(root: Path, pic: q.SeatPicture, token: str, tab: str, decision: object) -> None:
    st.session_state.pop(TAKEN_BACK, None)  # a new decision: the takeback is behind it
    waiting = (st.spinner(thinking_words(pic.budget_ms)) if pic.opponent == "search"
               else contextlib.nullcontext())
    line = st.empty()
    try:
        with waiting, q.when_queued(lambda: line.info(md(queued_words()))):
            q.live_act(root, pic.game_id, token, tab, pic.decision, decision)  # type: ignore[arg-type]
    except (q.LiveRefused, q.LiveError) as error:
        st.session_state[REFUSED] = str(error)
    st.rerun()


TAKEN_BACK = play_takeback.TAKEN_BACK
REFUSED = "play.refused_answer"
"""Why an answer (an option, a card pick, a space) was refused: said at the top of the
options (``controls``), beside the button pressed. It was said at the top of the page,
a screen and more above the button on a phone (a rerun keeps the page's scroll), and
the button seemed to do nothing."""
