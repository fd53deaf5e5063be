"""The replay viewer: the table as a picture for a perspective, the controls and events.

The board is ``dashboard.arena``'s picture (the nine spaces, both fighters, the strike
in progress as two facing cards, every zone as card chips); the same table as text (a
compact arena table and each player's zones as lists) stays in an expander under it.

Back / forward, previous / next strike and turn, start / end, the step slider (each
button with a keyboard shortcut after the terminal viewer's keys) and a click on the
strike timeline all move one position per game, kept in ``st.session_state`` under
``position_key(game_id)``. Widgets only change it in their callbacks, which run before
the page does, so every control shows the same position on the next run.
"""

from __future__ import annotations

import bisect
import urllib.parse
from collections.abc import Callable, Mapping, Sequence

import streamlit as st

from dashboard import arena, card_texts, key_focus, urlstate
from dashboard.drawn_keys import drawn_key
from dashboard.literal import html as html_text
from dashboard.literal import lines as code_lines
from dashboard.literal import markdown
from dashboard.review import seen_as
from dashboard.timeline import COLOURS
from replay.query import (
    FRAME_PERSPECTIVES,
    Frame,
    GameReplay,
    Perspective,
    PlayerFrame,
    SideFrame,
    as_written,
    event_range,
    frame,
    game_cards,
    not_an_integer,
    parse_event,
    quoted,
    whole_number,
    why,
)

PERSPECTIVE_KEY = "viewer.perspective"  # the perspective chosen (V, the radio, a link)
PERSPECTIVE_RADIO = "viewer.perspective.radio"
"""The base of the perspective radio's keys (``viewer.perspective.radio.N``, a new ``N``
whenever the app changes the perspective: ``drawn_keys``)."""
PERSPECTIVE_BOX = "viewer-perspective"
"""The key of the box around the perspective radio (CSS class ``st-key-viewer-perspective``)."""
CHOICES = "all, p1, p2 or public, a spectator's"
"""The perspectives a link's ``as=`` takes, as its warning names them."""
PERSPECTIVE_HELP = ("all: omniscient; p1 / p2: only what that player sees; spectator "
                    "(as=public in a link): what both see, neither hand (V)")
URL_KEY = "viewer.url"  # per game: the (as, at) the page last took from the URL
LINK_KEY = "viewer.link"  # per game: the moments the link named ("turn=9", position)
ARENA = range(1, 10)


OBJECT_MARKS = arena.OBJECT_MARKS


def position_key(game_id: str) -> str:
    return f"viewer.at.{game_id}"


def slider_key(game_id: str, at: int) -> str:
    """The event slider's key while it shows position ``at``: a new slider at each
    position the board moves to (``_slid`` says why)."""
    return f"viewer.slider.{game_id}.{at}"


def get_position(game_id: str, length: int, opening: int = 0) -> int:
    """The viewer's position for ``game_id`` (``opening`` the first time), in 0..length."""
    return max(0, min(int(st.session_state.get(position_key(game_id), opening)), length))


def set_position(game_id: str, position: int, length: int) -> None:
    st.session_state[position_key(game_id)] = max(0, min(position, length))


# --- the moment in a link: /game?game=ID&as=p2&at=140 (or &event=N) ----------------------
# The page reads a moment from its URL (a shared link) but never writes the URL while the
# viewer moves: Streamlit turns every query-parameter change into a browser history entry,
# so Back would step through replay positions instead of leaving the game. The link to
# the moment shown is offered beside the board instead (``moment_link``).


def _numbered(name: str, text: str, targets: Mapping[int, int]) -> tuple[int | None, str]:
    """``?turn=N`` or ``?strike=N``: the position of ``targets[N]``, or None and the line
    saying why ``text`` is none of them."""
    span = (f"this game's {name}s are {min(targets)} to {max(targets)}" if targets
            else f"this game has no {name}")
    try:
        number = whole_number(text)  # ASCII digits: int() reads 𝟗 as 9
    except ValueError:
        return None, f"{name}={quoted(text)} {not_an_integer(text, f'a {name} number')} ({span})"
    if number not in targets:
        return None, f"{name}={as_written(text)} is not a {name} of this game ({span})"
    return targets[number], ""


MOMENTS = ("at", "event", "turn", "strike")
"""The URL parameters that name a moment of the game (``adopt_url``; a stored analysis's
``decision=`` is another, ``analysis_panel.adopt_url``)."""


def moments_line(count: int, names: Sequence[str], shown: str) -> str:
    """The line for a link naming ``count`` different moments by ``names`` (``turn=9``):
    which it names, and which one is shown."""
    return f"the link names {count} different moments ({', '.join(names)}); showing {shown}"


def link_moments_line(game_id: str, then: tuple[str, int] | None = None) -> str | None:
    """The moments line for the moments ``adopt_url`` last took from this game's link,
    and ``then`` (a stored analysis's ``decision=N`` and its position, shown over them)
    last, when they are more than one moment (two names of one moment count once)."""
    taken: list[tuple[str, int]] = [*st.session_state.get(LINK_KEY, {}).get(game_id, ())]
    if then is not None:
        taken.append(then)
    moments = len({position for _, position in taken})
    if moments < 2:
        return None
    return moments_line(moments, [name for name, _ in taken], taken[-1][0])


def adopt_url(game_id: str, length: int, turns: Mapping[int, int] | None = None,
              strikes: Sequence[int] = (), decision_follows: bool = False) -> str | None:
    """Take ``?as=`` (perspective) and ``?at=`` (replay position), ``?event=N`` (the
    table right after event N, counted from 1: position N, the moment a search found;
    ``replay.event_numbers``), ``?turn=N`` (the start of turn N: ``turns`` maps each turn
    number to its position) or ``?strike=N`` (the start of the N-th strike, counted from
    1: ``strikes`` are their positions) from the URL when they differ from what this page
    last took from it, as when a shared link is opened; returns one line naming a value
    it could not use, or the moments of a link that names more than one (the last of
    them is shown), else None. With ``decision_follows`` (the Game page), a link's
    ``decision=`` is read next (``analysis_panel.adopt_url``), whose line names these
    moments with it, so this one leaves them out."""
    wanted = (st.query_params.get("as"), *(st.query_params.get(name) for name in MOMENTS))
    written: dict[str, tuple[str | None, ...]] = st.session_state.setdefault(URL_KEY, {})
    if written.get(game_id) == wanted:
        return None
    written[game_id] = wanted
    problems = []
    taken: list[tuple[str, int]] = []  # each moment the link names: "turn=9", its position
    # at=1&at=2: the last is read; say so (Streamlit reads the last without a word)
    twice = [line for name in ("as", *MOMENTS, "decision") if (line := urlstate.repeated(name))]
    perspective, at, event, turn, strike = wanted
    if perspective is not None:
        if perspective in FRAME_PERSPECTIVES:
            st.session_state[PERSPECTIVE_KEY] = perspective
        else:
            problems.append(f"as={quoted(perspective)} is not a perspective ({CHOICES})")
    if at is not None:
        try:
            position = whole_number(at)
        except ValueError:
            problems.append(f"at={quoted(at)} {not_an_integer(at, 'an event number')} "
                            f"({event_range(length)})")
        else:
            if not 0 <= position <= length:  # ignored as it says, as event= is
                problems.append(f"at={as_written(at)} is outside this game's events "
                                f"({event_range(length)})")
            else:
                taken.append((f"at={as_written(at)}", position))
    if event is not None:  # event N: right after event N, counted from 1 (position N)
        try:
            taken.append((f"event={as_written(event)}", parse_event("event", event, length)))
        except ValueError as error:
            problems.append(str(error))
    for name, text, targets in (("turn", turn, turns or {}),
                                ("strike", strike, dict(enumerate(strikes, start=1)))):
        if text is not None:
            target, problem = _numbered(name, text, targets)
            if target is None:
                problems.append(problem)
            else:
                taken.append((f"{name}={as_written(text)}", target))
    if taken:  # the last one named wins (at, event, turn, strike), as before
        set_position(game_id, taken[-1][1], length)
    st.session_state.setdefault(LINK_KEY, {})[game_id] = tuple(taken)
    lines = [*twice, *(["; ".join(problems) + "; ignored"] if problems else [])]
    # turn=9&strike=3: not one moment; a decision= is read later and said with them
    said = None if decision_follows and "decision" in st.query_params else \
        link_moments_line(game_id)
    return "; ".join([*lines, *([said] if said else [])]) or None


def logless_url_problem() -> str | None:
    """For a game shown without its log (its timeline from the index, no viewer): one
    line naming a link's ``as=`` that is no perspective and the moments it names
    (``at=``, ``event=``, ``turn=``, ``strike=``), which only the log's viewer can open;
    None when the link has neither. (Such a link was followed without a word.)"""
    lines = []
    perspective = st.query_params.get("as")
    if perspective is not None and perspective not in FRAME_PERSPECTIVES:
        lines.append(f"as={quoted(perspective)} is not a perspective ({CHOICES}); ignored")
    named = [f"{name}={quoted(text)}" for name in MOMENTS
             if (text := st.query_params.get(name)) is not None]
    if named:
        lines.append(f"{', '.join(named)}: the viewer, which stops at a moment, needs "
                     "the game's log; ignored")
    return "; ".join(lines) or None


def url_perspective() -> Perspective:
    """The perspective the page shows: the viewer's choice, else the URL's, else ``all``."""
    chosen = st.session_state.get(PERSPECTIVE_KEY, st.query_params.get("as", "all"))
    return next((p for p in FRAME_PERSPECTIVES if p == chosen), "all")


def moment_link(game_id: str, perspective: str, position: int, extra: str = "") -> str:
    """The relative link that opens this game at ``position`` seen as ``perspective``
    (``extra``: more of the page's state, such as ``&decision=12``). The id is
    URL-encoded: an index from elsewhere may hold any text as a game's id, and one such
    as ``abcd) [evil](https://evil.example`` ended the Markdown link and made another."""
    query = urllib.parse.urlencode({"game": game_id, "as": perspective, "at": position})
    return f"game?{query}{extra}"


# --- callbacks (run before the page, so they may set any state) -------------------------


def _step(game_id: str, delta: int, length: int) -> None:
    set_position(game_id, get_position(game_id, length) + delta, length)


def _to_strike(game_id: str, forward: bool, starts: Sequence[int], length: int) -> None:
    at = get_position(game_id, length)
    if forward:
        i = bisect.bisect_right(starts, at)
        target = starts[i] if i < len(starts) else at
    else:
        i = bisect.bisect_left(starts, at)
        target = starts[i - 1] if i > 0 else at
    set_position(game_id, target, length)


def _slid(game_id: str, length: int, drawn: int) -> None:
    """The slider drawn at ``drawn`` was moved: the board goes where it was moved to.

    A rerun sends the app every widget's value as the browser holds it, and a key pressed
    (or a button clicked) while the browser was still drawing the previous rerun sent the
    slider's value from before it: one slider whose value the script set to each new
    position took that old value for a move, and → pressed just after a click on an
    analysed decision took the board back to the start, then one event on. Each
    position has its own slider now (``slider_key``), whose value is the one it was
    drawn with until a person moves it: an old slider's value is no move."""
    moved = st.session_state.get(slider_key(game_id, drawn))
    if moved is not None and int(moved) != drawn:
        set_position(game_id, int(moved), length)


# --- rendering ----------------------------------------------------------------------------


def html_block(body: str) -> None:
    """Draw ``body`` (HTML whose every text from a log is already escaped) with ``st.html``,
    not ``st.markdown(unsafe_allow_html=True)``: the browser then inserts it as it is
    (DOMPurify-cleaned) instead of parsing it into markdown's React elements, most of the
    browser's work on a step of the Game page (bench/notes.md, "Game page step (helper
    step)"). The wrapper's -1rem bottom margin is the one Streamlit gives a markdown
    block, so the board keeps its place on the page."""
    st.html(f'<div style="margin-bottom:-1rem">{body}</div>')


UNLINKED = ("No link to this moment: an upload is held in memory only, and no page "
            "can open it again. Index the log (`exceed index`) to share its moments.")
"""What the viewer of a game no page can reopen (an upload) says instead of the link."""


def render(game: GameReplay, game_id: str, strike_starts: Sequence[int]) -> Frame:
    """Draw the whole viewer (board, then details) for ``game`` at its session position:
    a game held by this page only (an upload, ``game_id`` its own key), so no link to the
    moment is offered (``UNLINKED``)."""
    shown = render_board(game, game_id, strike_starts, shareable=False)
    render_controls(game, game_id, strike_starts)
    render_details(shown)
    key_focus.release_after_click([PERSPECTIVE_BOX])  # → steps, not the next perspective
    return shown


def render_board(game: GameReplay, game_id: str, strike_starts: Sequence[int],
                 link_extra: Callable[[int], str] | None = None,
                 shareable: bool = True) -> Frame:
    """The header, the result, the arena and the perspective at the session position;
    ``link_extra(position)`` adds the page's own state to the link to this moment, which
    only an indexed game (``shareable``, ``game_id`` its id) gets."""
    length = game.length
    turns = {n: t + 1 for n, t in zip(game.replay.turn_numbers, game.replay.turn_starts,
                                      strict=False)}
    problem = adopt_url(game_id, length, turns, strike_starts)
    if problem is not None:
        st.warning(markdown(problem))
    at = get_position(game_id, length, game.opening)
    set_position(game_id, at, length)
    shown = frame(game, at, url_perspective())
    st.markdown(f"**{markdown(shown.header)}**")
    if shown.result:
        st.success(markdown(shown.result))
    html_block(arena.html(shown, card_texts.hover_texts(game_cards(game), shown)))
    st.session_state[PERSPECTIVE_KEY] = shown.perspective
    # a new radio whenever the app changes the perspective (V, a link): a browser behind
    # sends the old one's value, which must not undo V (``drawn_keys``)
    key = drawn_key(PERSPECTIVE_RADIO, shown.perspective)
    with st.container(key=PERSPECTIVE_BOX):
        st.radio("Perspective", FRAME_PERSPECTIVES, horizontal=True, key=key,
                 index=FRAME_PERSPECTIVES.index(shown.perspective), format_func=seen_as,
                 help=PERSPECTIVE_HELP, on_change=_perspective_chosen,
                 args=(key, shown.perspective))
    if not shareable:
        st.caption(UNLINKED)
        return shown
    link = moment_link(game_id, shown.perspective, shown.position,
                       link_extra(shown.position) if link_extra is not None else "")
    st.markdown(f"[link to this moment]({link})",
                help="opens this game at this event and perspective (copy it to share)")
    return shown


def render_controls(game: GameReplay, game_id: str, strike_starts: Sequence[int]) -> None:
    """The move buttons (with keyboard shortcuts) and the event slider."""
    length = game.length
    _controls(game_id, length, strike_starts, tuple(game.replay.turn_starts),
              get_position(game_id, length, game.opening))


def render_details(shown: Frame, game: GameReplay | None = None) -> None:
    """The table as text (in an expander: the arena as a table, both players' zones),
    the strike in progress and the recent events; with ``game``, why the last of them
    happened (its chain of causes back to a decision)."""
    with st.expander("The table as text"):
        st.markdown(arena_html(shown), unsafe_allow_html=True)
        left, right = st.columns(2)
        for column, player in ((left, shown.p1), (right, shown.p2)):
            with column:
                st.markdown(player_markdown(player))
    if shown.strike_in_progress is not None:
        s = shown.strike_in_progress
        first = f" · {s.first} acts first" if s.first else ""
        who = markdown(f"{s.attacker} {s.attacker_name} attacks{first}")
        st.info(f"**strike {s.number}**: {who}  \n{markdown(side_text(s.attack))}  \n"
                f"{markdown(side_text(s.defence))}")
    st.caption("recent events")
    st.code(code_lines(shown.recent) or "(the table before setup)", language=None,
            wrap_lines=True)  # read whole on a phone: a box scrolls a long line sideways
    if game is not None and shown.position > 0:
        with st.expander(f"Why did event #{shown.position} happen?"):
            st.code(code_lines(why(game, shown.position, shown.perspective)),
                    language=None, wrap_lines=True)


def _perspective_chosen(key: str, drawn: str) -> None:
    """A person chose a perspective in the radio drawn under ``key`` showing ``drawn``:
    only another value is a choice (a run cut short by the next keeps an old radio's
    callback, and its old value is none: ``drawn_keys``)."""
    chosen = st.session_state.get(key)
    if chosen in FRAME_PERSPECTIVES and chosen != drawn:
        st.session_state[PERSPECTIVE_KEY] = chosen


def _cycle_perspective() -> None:
    current = st.session_state.get(PERSPECTIVE_KEY, FRAME_PERSPECTIVES[0])
    index = FRAME_PERSPECTIVES.index(current) if current in FRAME_PERSPECTIVES else 0
    st.session_state[PERSPECTIVE_KEY] = FRAME_PERSPECTIVES[(index + 1) % len(FRAME_PERSPECTIVES)]


def _to_turn(game_id: str, forward: bool, turn_starts: Sequence[int], length: int) -> None:
    """To the start of the next / previous turn (just after its ``TurnStarted``)."""
    _to_strike(game_id, forward, [t + 1 for t in turn_starts], length)


# Keys of the terminal viewer (replay/viewer/session.py HELP) where Streamlit allows them:
# → / ← step, t / T turn, g / G start / end, v view; "]" and "[" (strike) are punctuation,
# which st.button shortcuts do not support, so strikes use Shift+→ / Shift+←.
KEYS = {"back": "Left", "forward": "Right", "prev_strike": "Shift+Left",
        "next_strike": "Shift+Right", "prev_turn": "Shift+T", "next_turn": "T",
        "start": "G", "end": "Shift+G", "view": "V"}


KEYS_LINE = ("Keys: ← / → event · Shift+← / Shift+→ strike · Shift+T / T turn · "
             "G / Shift+G start / end · V view")
"""Under the move buttons: their keys, which the buttons themselves do not show."""
CONTROLS_STYLE = ("<style>.st-key-viewer-controls button kbd {display: none}"
                  ".st-key-viewer-controls button {padding-left: 0.2rem; "
                  "padding-right: 0.2rem}</style>")
"""Streamlit prints a button's shortcut inside it (``Shift + T``), which cut the labels
of four or five buttons in a row of the board's width to "P…" and "For…" at 1440x900:
the keys are listed once under the buttons instead (``KEYS_LINE``) and in each tooltip,
and the buttons' side padding is narrower, so the labels fit at 1280x800 too; on a
narrower window (1024x768) a row wraps rather than cutting a label (``_buttons``)."""


def _controls(game_id: str, length: int, starts: Sequence[int], turn_starts: Sequence[int],
              at: int) -> None:
    st.markdown(CONTROLS_STYLE, unsafe_allow_html=True)
    with st.container(key="viewer-controls", gap="small"):
        _buttons(game_id, length, starts, turn_starts, at)
    st.caption(KEYS_LINE)
    st.slider("Event", 0, length, value=at, key=slider_key(game_id, at), on_change=_slid,
              args=(game_id, length, at), help="replay position: the number of events applied")


def _buttons(game_id: str, length: int, starts: Sequence[int], turn_starts: Sequence[int],
             at: int) -> None:
    turns = [t + 1 for t in turn_starts]
    # two rows that wrap on a narrow window, each button as wide as its label: in fixed
    # columns the labels were cut to "Pre…" and "F…" at 1024x768
    row1 = st.container(horizontal=True, gap="small")
    row1.button("Prev turn", icon=":material/first_page:", key=f"viewer.prev_turn.{game_id}",
                   on_click=_to_turn, args=(game_id, False, tuple(turn_starts), length),
                   disabled=not turns or at <= turns[0], width="content",
                   shortcut=KEYS["prev_turn"], help="previous turn (Shift+T, as T in the terminal)")
    row1.button("Prev strike", icon=":material/skip_previous:",
                   key=f"viewer.prev_strike.{game_id}",
                   on_click=_to_strike, args=(game_id, False, tuple(starts), length),
                   disabled=not starts or at <= starts[0], width="content",
                   shortcut=KEYS["prev_strike"], help="previous strike (Shift+←; [ in the terminal)")
    row1.button("Next strike", icon=":material/skip_next:",
                   key=f"viewer.next_strike.{game_id}",
                   on_click=_to_strike, args=(game_id, True, tuple(starts), length),
                   disabled=not starts or at >= starts[-1], width="content",
                   shortcut=KEYS["next_strike"], help="next strike (Shift+→; ] in the terminal)")
    row1.button("Next turn", icon=":material/last_page:", key=f"viewer.next_turn.{game_id}",
                   on_click=_to_turn, args=(game_id, True, tuple(turn_starts), length),
                   disabled=not turns or at >= turns[-1], width="content",
                   shortcut=KEYS["next_turn"], help="next turn (T, as t in the terminal)")
    row2 = st.container(horizontal=True, gap="small")
    row2.button("Start", icon=":material/keyboard_double_arrow_left:",
                   key=f"viewer.start.{game_id}", on_click=set_position,
                   args=(game_id, 0, length), disabled=at <= 0, width="content",
                   shortcut=KEYS["start"], help="the table before setup (G, as g)")
    row2.button("Back", icon=":material/chevron_left:", key=f"viewer.back.{game_id}",
                   on_click=_step, args=(game_id, -1, length), disabled=at <= 0,
                   width="content", shortcut=KEYS["back"], help="one event back (←)")
    row2.button("Forward", icon=":material/chevron_right:", key=f"viewer.forward.{game_id}",
                   on_click=_step, args=(game_id, 1, length), disabled=at >= length,
                   width="content", shortcut=KEYS["forward"], help="one event on (→)")
    row2.button("End", icon=":material/keyboard_double_arrow_right:",
                   key=f"viewer.end.{game_id}", on_click=set_position,
                   args=(game_id, length, length), disabled=at >= length, width="content",
                   shortcut=KEYS["end"], help="the end of the game (Shift+G, as G)")
    row2.button("View", icon=":material/visibility:", key=f"viewer.view.{game_id}",
                   on_click=_cycle_perspective, width="content", shortcut=KEYS["view"],
                   help="next perspective: all, p1, p2, spectator (V, as v)")


def arena_html(shown: Frame) -> str:
    """The nine spaces as a compact HTML table (the text fallback of ``arena.html``)
    with both fighters on their spaces, and under them what the season mechanics keep
    there (▲ a Trap boost, ◆ a buddy, in the owner's colour; hovering names the owner
    and the card)."""
    cells = []
    for space in ARENA:
        here = [p for p in shown.players if p.space == space]
        marks = "<br>".join(
            f'<span title="{html_text(p.seat)} {html_text(p.character)}" '
            f'style="color:{COLOURS[0 if p.seat == "p1" else 1]};font-weight:600;'
            f'white-space:nowrap;word-break:keep-all">'
            f'{html_text(p.seat)}<br><span style="font-size:0.7em">'
            f"{html_text(p.character.split()[0])}</span></span>" for p in here)
        objects = "".join(
            f'<div title="{html_text(o.seat)}\'s {html_text(o.kind)}: {html_text(o.name)}'
            f'{f" ({html_text(o.card)})" if o.card else ""}" '
            f'style="font-size:0.65em;color:{COLOURS[0 if o.seat == "p1" else 1]};'
            f'border:1px dashed currentColor;border-radius:3px;margin-top:2px;'
            f'overflow:hidden;text-overflow:ellipsis;white-space:nowrap">'
            f"{OBJECT_MARKS.get(o.kind, '◆')} {html_text(o.name)}</div>"
            for o in shown.objects if o.space == space)
        marks = (marks + objects) if marks or objects else ""
        cells.append(f'<td style="border:1px solid #999;width:11%;height:3.2em;'
                     f'text-align:center;vertical-align:middle">{marks or "&nbsp;"}</td>')
    numbers = "".join(f'<th style="text-align:center;font-weight:400;color:#777">{n}</th>'
                      for n in ARENA)
    return ('<table style="width:100%;border-collapse:collapse;table-layout:fixed" '
            'aria-label="spaces as a table">'
            f"<tr>{numbers}</tr><tr>{''.join(cells)}</tr></table>")


def _names(names: Sequence[str]) -> str:
    """Card names from the log as one escaped Markdown list."""
    return ", ".join(markdown(n) for n in names) if names else "none"


def player_markdown(p: PlayerFrame) -> str:
    """One player's visible zones as markdown (every name from the log escaped)."""
    badges = [f"life **{p.life}**", f"space {p.space}"]
    if p.turn_player:
        badges.append("turn player")
    if p.exceeded:
        badges.append("**EXCEEDED**")
    badges.extend(markdown(n) for n in p.notes)
    badges.extend(f"{markdown(name)} **{value}**" for name, value in p.counters)
    if p.hand is None:
        hand = f"hand: {p.hand_count} cards (hidden)"
    elif p.hand_stats:
        hand = f"hand ({p.hand_count}):" + "".join(f"\n    - {markdown(c)}"
                                                   for c in p.hand_stats)
    else:
        hand = f"hand ({p.hand_count}): {_names(p.hand)}"
    top = f", top: {markdown(p.discard_top)}" if p.discard_top else ""
    lines = [f"#### {markdown(f'{p.seat} {p.character}')}", " · ".join(badges), "",
             f"- {hand}", f"- gauge ({len(p.gauge)}): {_names(p.gauge)}",
             f"- boosts: {_names(p.boosts)}", f"- discard {p.discard}{top} · deck {p.deck}"]
    if p.sealed:
        lines.append(f"- sealed: {_names(p.sealed)}")
    for area, cards in p.areas:
        lines.append(f"- {markdown(area)} ({len(cards)}): {_names(cards)}")
    return "\n".join(lines)


def side_text(side: SideFrame) -> str:
    """One side of the strike in progress as a short line."""
    flags = [label for label, on in (("EX", side.ex), ("wild swing", side.wild),
                                     ("Critical", side.critical), ("hit", side.hit),
                                     ("stunned", side.stunned)) if on]
    if side.damage_taken:
        flags.append(f"took {side.damage_taken} damage")
    stats = f" ({side.stats})" if side.stats else ""
    return " · ".join([f"{side.seat}: {side.cards}{stats}", *flags])
