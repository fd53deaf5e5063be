"""The Game page's board area, laid out as lichess lays out a game: the board and its
controls on the left, the evaluation and the list of analysed decisions (with the open
decision's panel) on the right, so at 1440x900 the board, the decision panel and the
step controls are on one screen.

``board_area`` is an ``st.fragment``: a step (← →, the Back / Forward buttons) reruns only
this area, not the page; the strike timeline and lanes under it keep their drawing, their
cursor line where the page last drew it. A move the timeline must follow reruns the whole
page (``needs_full_run``): any move under the p1 / p2 perspective (the timeline hides
what lies after the cursor), a change of perspective, any move of more than one event
from the board (strike, turn, start / end, the slider, a decision chosen in the list),
and a run of single steps once it has taken the board more than ``drift_allowed`` events
from the line (1% of the game: about 10 px on a 1440 px wide screen). ``remember_drawn``
records what the page last drew, ``board_area`` where the board last stood.

The evaluation is P1's chance at the last analysed point at or before the viewer
(``winprob.evaluation``). The decision list is a radio of the analysed decisions the
perspective may see (``review.seen``), each with its turn, who decided, the decision,
P1's chance and its review marker in the colour of the player who erred; choosing one
moves the viewer just before it and opens its panel.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import streamlit as st

from dashboard import analysis_panel, data, review, viewer_panel, winprob
from dashboard.drawn_keys import drawn_key
from dashboard.list_focus import keep_checked_in_view
from replay.query import AnalysisOptionRow, AnalysisPointRow, GameReplay, GameRow

DRAWN_KEY = "game.drawn"  # per game: (position, perspective) of the last whole-page run
BOARD_KEY = "game.board"  # per game: the position the board area last drew
MARKS = {"inaccuracy": "▲", "mistake": "◆", "blunder": "✕"}
DIRECTIVE_COLOURS = ("blue", "red")  # Streamlit's :blue[...] / :red[...]: p1, p2


@dataclass(frozen=True)
class Board:
    """What the board area needs from the page (fixed for one whole-page run)."""

    db: str
    row: GameRow
    game: GameReplay
    starts: tuple[int, ...]
    points: tuple[AnalysisPointRow, ...]
    options: tuple[AnalysisOptionRow, ...]
    params: str
    analysable: bool
    analysis_problem: str | None
    link_extra: Callable[[int], str]


def remember_drawn(game_id: str, position: int, perspective: str) -> None:
    """Record the position and perspective the whole page was drawn at."""
    st.session_state.setdefault(DRAWN_KEY, {})[game_id] = (position, perspective)


def drift_allowed(length: int) -> int:
    """How far (events) single steps may take the board from the timeline's cursor line
    before the whole page is drawn again: 1% of the game's ``length``, at least 1."""
    return max(1, length // 100)


def full_run_needed(drawn: tuple[int, str] | None, position: int, perspective: str,
                    board: int | None = None, drift: int = 1) -> bool:
    """Must the whole page be drawn again for the viewer at ``position`` seen as
    ``perspective``, the page last drawn at ``drawn`` (position, perspective) and the
    board last at ``board`` (None: where the page drew it)? Single steps (one event from
    the board) keep the page while the line is at most ``drift`` events behind. (See the
    module's docstring.)"""
    if drawn is None:
        return True
    at, seen_as = drawn
    if perspective != seen_as:
        return True
    if position == at:
        return False
    if perspective != "all":
        return True
    step = abs(position - (at if board is None else board)) <= 1
    return not step or abs(position - at) > drift


def needs_full_run(game_id: str, position: int, perspective: str, length: int) -> bool:
    """``full_run_needed`` against what this session last drew of ``game_id``."""
    drawn = st.session_state.get(DRAWN_KEY, {}).get(game_id)
    board = st.session_state.get(BOARD_KEY, {}).get(game_id)
    return full_run_needed(drawn, position, perspective, board, drift_allowed(length))


@st.fragment
def board_area(board: Board) -> None:
    """The board and controls beside the evaluation and decisions (a fragment)."""
    game_id = board.row.game_id
    length = board.game.length
    position = viewer_panel.get_position(game_id, length, board.game.opening)
    if needs_full_run(game_id, position, viewer_panel.url_perspective(), length):
        st.rerun()
    st.session_state.setdefault(BOARD_KEY, {})[game_id] = position
    left, right = st.columns([3, 2], gap="medium")
    with left:
        shown = viewer_panel.render_board(board.game, game_id, board.starts, board.link_extra)
        viewer_panel.render_controls(board.game, game_id, board.starts)
    with right:
        _decisions(board, shown.position, shown.perspective)
    with left:
        viewer_panel.render_details(shown, board.game)


def _decisions(board: Board, position: int, perspective: str) -> None:
    game_id = board.row.game_id
    if board.analysis_problem is not None:
        st.warning(data.plain(board.analysis_problem))
    if not board.points:
        if board.analysable and board.analysis_problem is None:
            analysis_panel.render_analyze(board.db, board.row, game_id)
        return
    if board.analysable and analysis_panel.rough(board.params):
        analysis_panel.render_refine(board.db, board.row, game_id, board.params)
    seen = review.seen(board.points, perspective, position)
    evaluation(winprob.evaluation(seen, position))
    decision_list(board, seen, position, perspective)
    point = analysis_panel.open_point(game_id, seen, position)
    if point is not None:
        analysis_panel.render_panel(
            game_id, point, [o for o in board.options if o.idx == point.idx],
            winprob.turn_at(point.event, board.game.replay.turn_starts,
                            board.game.replay.turn_numbers) or point.turn,
            perspective, board.params,
            analysis_panel.first_setter(point, board.points, board.params))


def evaluation(point: AnalysisPointRow | None) -> None:
    """P1's chance at ``point`` as a bar in the seats' colours, with its interval."""
    if point is None:
        st.caption("Evaluation: no analysed decision before this moment.")
        return
    p1 = max(0.0, min(1.0, point.p1))
    bar = (f'<div aria-label="evaluation" title="P1 {winprob.percent(p1)}" style="display:flex;'
           'height:0.9em;border-radius:3px;overflow:hidden;border:1px solid #999">'
           f'<div style="width:{100 * p1:.1f}%;background:{winprob.SEAT_COLOURS[0]}"></div>'
           f'<div style="flex:1;background:{winprob.SEAT_COLOURS[1]}"></div></div>')
    st.markdown(evaluation_text(point))
    st.markdown(bar, unsafe_allow_html=True)


def evaluation_text(point: AnalysisPointRow) -> str:
    """``**Evaluation** · P1 42% (95%: 29–58%, n=40) · p2 58% at decision 32``: the
    interval beside P1's chance, whose it is, and p2's the rest of 100 as shown (each
    rounded alone, 42.5% read "P1 42% · p2 57%", and the interval after p2's read as
    p2's)."""
    p1 = max(0.0, min(1.0, point.p1))
    shown = winprob.percent(p1)
    return (f"**Evaluation** · P1 {shown} (95%: {winprob.interval(point.low, point.high)}, "
            f"n={point.n}) · p2 {100 - int(shown.rstrip('%'))}% at decision {point.idx}")


def item_label(point: AnalysisPointRow, turn: int, perspective: str) -> str:
    """One decision of the list: ``T3 · p1 Hadoken · 54% :blue[✕]`` (the decision hidden
    from the other player's perspective; the marker in the erring player's colour)."""
    who = winprob.seat(point.player)
    decision = data.plain(point.decision) if winprob.visible(point, perspective) else "(hidden)"
    mark = (f" :{DIRECTIVE_COLOURS[point.player]}[{MARKS[point.severity]}]"
            if point.severity in MARKS and review.marked(point, perspective) else "")
    return f"T{turn} · {who} {decision} · {winprob.percent(point.p1)}{mark}"


DECISIONS_BOX = "game-decisions"
"""The key of the "Analysed decisions" box (CSS class ``st-key-game-decisions``)."""


def list_key(game_id: str) -> str:
    """The base of the "Analysed decisions" radio's keys (``game.decisions.ID.N``, a new
    ``N`` whenever the app moves the radio: ``drawn_keys``)."""
    return f"game.decisions.{game_id}"


def _chosen(key: str, drawn: int | None, game_id: str, by_idx: dict[int, AnalysisPointRow],
            length: int) -> None:
    """A decision chosen in the radio drawn under ``key`` with ``drawn`` checked: only
    another one is a choice (``drawn_keys``)."""
    idx = st.session_state.get(key)
    if idx in by_idx and idx != drawn:
        analysis_panel.select(game_id, by_idx[idx], length)


def decision_list(board: Board, seen: Sequence[AnalysisPointRow], position: int,
                  perspective: str) -> None:
    """The analysed decisions ``perspective`` may see, one radio option each (the open
    one chosen), in a scrolling box."""
    game_id = board.row.game_id
    if not seen:
        return
    turns, numbers = board.game.replay.turn_starts, board.game.replay.turn_numbers
    labels = {p.idx: item_label(p, winprob.turn_at(p.event, turns, numbers) or p.turn,
                                perspective)
              for p in seen}
    open_now = analysis_panel.open_point(game_id, seen, position)
    checked = open_now.idx if open_now is not None else None
    # a new radio whenever the app moves it: a browser behind sends the old one's value
    key = drawn_key(list_key(game_id), checked)
    with st.container(height=230, border=True, key=DECISIONS_BOX):
        st.radio("Analysed decisions", list(labels), format_func=labels.__getitem__,
                 index=None if checked is None else list(labels).index(checked),
                 key=key, on_change=_chosen,
                 args=(key, checked, game_id, {p.idx: p for p in seen}, board.game.length),
                 label_visibility="collapsed")
        # the box scrolls to the open decision (a link's &decision=40, Forward held)
        keep_checked_in_view(DECISIONS_BOX, None if open_now is None else open_now.idx)
