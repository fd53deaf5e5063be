"""The Game page's analysis: the Analyze button, the open decision and its panel.

A stored game analysis (``exceed analyze``, or the Analyze button here) is read once per
run through ``data.game_analysis`` and drawn as the timeline's win-probability row
(``dashboard.winprob``). A *decision is open* when the viewer stands just before an
analysed decision (position = its ``event``): after a click on its point or marker on
that row (``select``), after a link with ``&decision=N`` (``adopt_url``), or after any
move that lands there. Its panel (``render_panel``) names the decision played, the
search's best move beside it (``best_line``: "Best: EX Shoryuken (71% by the search),
played: Sweep (52%)", or "..., found"), its swing and severity, and every reviewed option with the decider's chance after it, best first
(with a CSV download of that table). No severity is shown on fewer than ``LABEL_MIN_N``
rollouts: such an analysis (a Quick one) is called rough.

As the viewer's ``at=``, the URL's ``decision=`` is read when a link is opened but never
written while the viewer moves (each rewrite would be a browser history entry); the
link to the moment shown carries it (``link_extra``).

Without a stored analysis, ``render_analyze`` offers the Analyze buttons; a click starts
a background worker (``dashboard.analysis_jobs``) and ``progress`` polls it, every
``POLL_SECONDS``, with the points done and an ETA, from whatever run of the page. The
Analyze button's worker first stores the game's *first look* (``first_look``: a quick
curve of truncated rollouts, in seconds), which the page draws at once while the full
analysis runs. Above a rough one (``rough``: a Quick analysis, a first look, or truncated
rollouts) ``render_refine`` says what it is and offers the full analysis the same way;
the page shows it once stored.

``fork_buttons`` offers "play this option instead" for each option not played: a fork
(``replay.query.fork_into_index``) written beside the index, indexed and opened.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

import streamlit as st

from dashboard import analysis_jobs, data, export, review, routes, viewer_panel, winprob
from replay import query as q
from replay.query import INACCURACY, LABEL_MIN_N, AnalysisOptionRow, AnalysisPointRow, GameRow

QUICK_ROLLOUTS = 20
DEFAULT_ROLLOUTS = 200
POLL_SECONDS = 1.0  # how often the page looks at a running analysis
URL_KEY = "analysis.url"  # per game: the decision= the page last took from the URL


def decision_key(game_id: str) -> str:
    return f"analysis.decision.{game_id}"


def select(game_id: str, point: AnalysisPointRow, length: int) -> None:
    """Open ``point``: the viewer moves just before its decision (a callback)."""
    st.session_state[decision_key(game_id)] = point.idx
    viewer_panel.set_position(game_id, point.event, length)


def adopt_url(game_id: str, points: Sequence[AnalysisPointRow], length: int) -> str | None:
    """Take ``?decision=N`` from the URL when it differs from what this page last took
    from it (a shared link): open that decision. Returns one line if it names none, or
    the game has no stored analysis (it was ignored without a word), or the link's
    ``at=``, ``event=``, ``turn=`` or ``strike=`` names another moment (the decision's
    is shown, and the line says so, as ``viewer_panel.adopt_url`` says of two others)."""
    wanted = st.query_params.get("decision")
    taken: dict[str, str | None] = st.session_state.setdefault(URL_KEY, {})
    if taken.get(game_id) == wanted:
        return None
    taken[game_id] = wanted
    if wanted is None:
        return None
    if not points:  # a link from an index where the game was analysed: say so
        problem = f"decision={q.quoted(wanted)}: no analysis of this game is stored here"
        return "; ".join(filter(None, (f"{problem}; ignored",
                                       viewer_panel.link_moments_line(game_id))))
    try:  # read as at= and turn= are (``07``, `` 7``)
        number: int | None = q.whole_number(wanted)
    except ValueError:
        number = None
    point = next((p for p in points if p.idx == number), None)
    if point is None:
        problem = f"decision={q.quoted(wanted)} is not an analysed decision of this game"
        return "; ".join(filter(None, (f"{problem}; ignored",
                                       viewer_panel.link_moments_line(game_id))))
    select(game_id, point, length)
    return viewer_panel.link_moments_line(game_id, (f"decision={point.idx}", point.event))


def open_point(game_id: str, points: Sequence[AnalysisPointRow],
               position: int) -> AnalysisPointRow | None:
    """The decision open at ``position``: the analysed point just before which the viewer
    stands (the one last chosen, if several share the position), else None."""
    here = [p for p in points if p.event == position]
    chosen = st.session_state.get(decision_key(game_id))
    return next((p for p in here if p.idx == chosen), here[0] if here else None)


def link_extra(game_id: str, points: Sequence[AnalysisPointRow]) -> Callable[[int], str]:
    """For the link to the moment shown: ``&decision=N`` when a decision is open there."""
    def extra(position: int) -> str:
        point = open_point(game_id, points, position)
        return "" if point is None else f"&decision={point.idx}"
    return extra


def param_of(params: str, name: str) -> str:
    """The value of ``name`` in a stored analysis's parameter key (``rollouts=200;seed=0;
    ...``), or "?" when the key has none."""
    for part in params.split(";"):
        key, _, value = part.partition("=")
        if key == name:
            return value
    return "?"


def rollouts_of(params: str) -> str:
    """The rollouts per point named in a stored analysis's parameter key."""
    return param_of(params, "rollouts")


def rollouts_text(params: str) -> str:
    """"200 rollouts per point", and for truncated rollouts (``horizon=H`` in the key,
    issue 31) what they are: "..., each stopped after 2 strikes and scored by the fitted
    evaluator". Markdown: the key's values are escaped (an index may come from anywhere)."""
    horizon = param_of(params, "horizon")
    text = f"{data.plain(rollouts_of(params))} rollouts per point"
    return text if horizon == "?" else (
        f"{text}, each stopped after {data.plain(horizon)} "
        f"strike{'' if horizon == '1' else 's'} and scored by the fitted evaluator")


def best_iterations(params: str) -> str:
    """The best move's search iterations named in a stored analysis's key (``best=N``)."""
    return param_of(params, "best")


# --- no analysis yet: the Analyze button ---------------------------------------------------


def render_analyze(db: str, row: GameRow, game_id: str) -> None:
    """The Analyze button (and a quick one) for a game with no stored analysis; a click
    starts the analysis in a background worker (``dashboard.analysis_jobs``) and the page
    polls it (``progress``), so it may be left or the viewer moved meanwhile."""
    if _job_shown(db, game_id):
        return
    refused = data.no_analyses_here(db)
    if refused:
        st.markdown("**No analysis is stored for this game.**")
        st.caption(data.plain(refused))
        return
    st.markdown("**No analysis is stored for this game.** Analyze it to see P1's chance "
                "of winning at every turn and attack, and a review of each decision (it "
                "runs in the background: the page stays usable and shows its progress).")
    rollouts = st.number_input(
        "Rollouts per point", min_value=4, max_value=5000, value=DEFAULT_ROLLOUTS, step=50,
        key=f"game.rollouts.{game_id}",
        help="games played on from each position; more is slower and more precise")
    cols = st.columns(2)  # under the number, so both labels fit in the right column
    full = cols[0].button("Analyze", key=f"game.analyze.{game_id}", type="primary",
                          icon=":material/analytics:", width="stretch")
    quick = cols[1].button(f"Quick ({QUICK_ROLLOUTS})", key=f"game.analyze_quick.{game_id}",
                           width="stretch",
                           help=f"a rough analysis: {QUICK_ROLLOUTS} rollouts per point")
    if full or quick:  # the full one shows its first look within seconds
        _start(db, game_id, row.path, int(rollouts) if full else QUICK_ROLLOUTS,
               first_look=bool(full))


def _job_shown(db: str, game_id: str) -> bool:
    """Draw the game's background analysis if one is running (its progress: True); a
    failed one's line is shown above whatever comes next (False)."""
    job = analysis_jobs.status(db, game_id)
    if job is not None and job.state == analysis_jobs.RUNNING:
        progress(db, game_id)
        return True
    if job is not None and job.state == analysis_jobs.FAILED:
        st.error(data.plain(job.message))
    return False


def _start(db: str, game_id: str, log: str, rollouts: int, first_look: bool = False) -> None:
    """Start the background analysis (``first_look``: its first look stored first) and
    draw the page again (its progress), or say in one line why it cannot start."""
    try:
        analysis_jobs.start(db, game_id, log, rollouts, first_look)
    except OSError as error:
        st.error(data.plain(f"Cannot start the analysis: {error}"))
        return
    st.rerun()


def rough(params: str) -> bool:
    """A stored analysis short of the full one: fewer than ``LABEL_MIN_N`` rollouts per
    point (a Quick one: it labels no decision), or truncated rollouts (``horizon=H``:
    opt-in, labelled but less accurate)."""
    return _few_rollouts(params) or param_of(params, "horizon") != "?"


def _few_rollouts(params: str) -> bool:
    """Fewer than ``LABEL_MIN_N`` rollouts per point: no decision is labelled."""
    rollouts = rollouts_of(params)
    return rollouts.isdigit() and int(rollouts) < LABEL_MIN_N


def first_look(params: str) -> bool:
    """A stored first look (``replay.query.first_look``): a curve of truncated rollouts
    with no review, stored by the Analyze button before the full analysis."""
    return param_of(params, "review") == "0" and param_of(params, "horizon") != "?"


def render_refine(db: str, row: GameRow, game_id: str, params: str) -> None:
    """Above a rough analysis (``rough``): what it is, and the full one (``DEFAULT_ROLLOUTS``
    rollouts per point) in the background, with its progress while it runs. Once stored,
    the page shows it instead (the analysis of the most rollouts is preferred, then full
    rollouts over truncated ones): a Quick analysis or a first look is not the end of the
    road."""
    if data.no_analyses_here(db):
        return
    if first_look(params):
        what = (f"A first look ({rollouts_text(params)}): the curve only, less accurate "
                "than full rollouts, and no decision reviewed.")
    elif _few_rollouts(params):
        what = f"A rough analysis ({rollouts_text(params)}): no decision is labelled."
    else:  # truncated rollouts: labelled, but less accurate
        what = f"A truncated analysis ({rollouts_text(params)}): less accurate than full rollouts."
    st.caption(f"{what} The full one replaces it when stored.")
    if _job_shown(db, game_id):
        return
    if st.button(f"Analyze ({DEFAULT_ROLLOUTS} rollouts)", key=f"game.refine.{game_id}",
                 icon=":material/analytics:",
                 help=f"{DEFAULT_ROLLOUTS} rollouts per point, in the background"):
        _start(db, game_id, row.path, DEFAULT_ROLLOUTS)


def stored_key(game_id: str) -> str:
    """Session key: the analyses the running job of ``game_id`` had stored when the page
    last drew them (``progress`` draws the page again when it stores one more)."""
    return f"analysis.stored.{game_id}"


@st.fragment(run_every=POLL_SECONDS)
def progress(db: str, game_id: str) -> None:
    """The running analysis of ``game_id``: a progress bar with the points done and the
    time left, redrawn every ``POLL_SECONDS``; when it is stored (or its first look is),
    the whole page is drawn again with it."""
    job = analysis_jobs.status(db, game_id)
    if job is None or job.state != analysis_jobs.RUNNING:
        data.game_analysis.clear()
        st.session_state.pop(stored_key(game_id), None)
        st.rerun()  # done or failed: the page shows the analysis or the one line
    drawn = st.session_state.setdefault(stored_key(game_id), job.stored)
    if job.stored != drawn:  # the first look is stored: draw the page with it
        st.session_state[stored_key(game_id)] = job.stored
        data.game_analysis.clear()
        st.rerun()
    now = time.time()
    st.progress(job.done / job.total if job.total else 0.0, text=job.progress_text(now))
    st.caption("The analysis runs in a background process: leave this page or move the "
               "viewer as you like; it is stored in the index when done.")


# --- the decision panel ---------------------------------------------------------------------


def raced(params: str) -> bool:
    """The analysis raced its options (``method=2`` in its key, issue 31): its stored
    ranks list the options played to the end first, then those cut early."""
    return "method=2" in params.split(";")


def cut_early(option: AnalysisOptionRow, params: str) -> bool:
    """The race of an analysis made with ``params`` stopped ``option`` early as no better
    than the leader (it reached at most half the rollouts: the checkpoints are 25, 50, 100 of
    200). ``cut`` is stored too; the panel reads it from the sample, which every index
    has."""
    rollouts = rollouts_of(params)
    return (raced(params) and option.p is not None and rollouts.isdigit()
            and 2 * option.n <= int(rollouts))


def best_first(option: AnalysisOptionRow, params: str = "") -> tuple[int, float, bool, int, int]:
    """The options' order (``replay.analysis.rollout.best_first``): a raced analysis
    (``raced``) in its stored ranks (played to the end, best first, then cut early); an
    older one by the decider's chance, best first, whatever the sample (its stored ranks
    put the larger samples first); the played one first among equals; unplayable ones
    last."""
    if raced(params):
        return option.rank, 0.0, False, 0, 0
    if option.p is None:
        return 1, 0.0, not option.chosen, 0, option.rank
    return 0, -option.p, not option.chosen, -option.n, option.rank


def verdict(point: AnalysisPointRow) -> str:
    """The review's word on the decision: its severity, or why it has none (a label
    needs a significant swing on ``LABEL_MIN_N`` rollouts: docs/metrics.md)."""
    if point.severity and point.n >= LABEL_MIN_N:
        return f"**{point.severity}**"
    if point.significant and point.swing >= INACCURACY:
        return f"no label: fewer than {LABEL_MIN_N} rollouts behind this swing (rough)"
    if point.significant:
        return "significant, under the inaccuracy threshold"
    return "not significant (allowing for the options compared)"


def in_order(options: Sequence[AnalysisOptionRow], params: str = "") -> list[AnalysisOptionRow]:
    """The options as the panel lists them: best first (``best_first``), and an option
    the race cut early whose estimate ties the best's right after it, among the best
    (``replay.analysis.ties``: a tie is as good, not "no better" below the rest)."""
    ordered = sorted(options, key=lambda o: best_first(o, params))
    best = _best_p(ordered, params)
    return sorted(ordered, key=lambda o: not q.ties_best(o.p, best))  # stable


def _best_p(ordered: Sequence[AnalysisOptionRow], params: str) -> float | None:
    """The best option's estimate: the first in ``best_first`` order the race did not
    cut early (None when none could be played)."""
    return next((o.p for o in ordered if o.p is not None and not cut_early(o, params)), None)


def mark(option: AnalysisOptionRow, first: bool, best: float | None, params: str) -> str:
    """An option's mark in the panel: "▶ played"; ``TIED`` ("tied with the best", and
    "(cut early)" when the race stopped it) for one after the first whose estimate is
    the best's; "cut: no better" for another one the race cut early; else nothing."""
    if option.chosen:
        return "▶ played"
    if not first and q.ties_best(option.p, best):
        return q.TIED + (" (cut early)" if cut_early(option, params) else "")
    return "cut: no better" if cut_early(option, params) else ""


def options_table(options: Sequence[AnalysisOptionRow], decider: str,
                  params: str = "") -> list[dict[str, str]]:
    """The reviewed options in the panel's order (``in_order``), one row each: its
    ``mark`` (played, tied with the best, cut: no better), the decider's chance of
    winning after it, its 95% interval and sample."""
    ordered = in_order(options, params)
    best = _best_p(ordered, params)
    return [{
        "": mark(o, i == 0, best, params),
        "option": o.label + (f" (×{o.copies})" if o.copies > 1 else ""),
        f"{decider} win %": winprob.percent(o.p) if o.p is not None else "–",
        "95% interval": (winprob.interval(o.low, o.high) if o.p is not None
                         else "could not be played"),
        "n": str(o.n),
    } for i, o in enumerate(ordered)]




def options_csv(table: Sequence[dict[str, str]]) -> bytes:
    """The options table as CSV, its unnamed mark column (played, tied, cut) headed
    ``mark``: a spreadsheet read an empty first header."""
    return export.csv_bytes([{("mark" if key == "" else key): value
                              for key, value in row.items()} for row in table])


def best_line(point: AnalysisPointRow, options: Sequence[AnalysisOptionRow]) -> str | None:
    """The search's best move beside the played option, as lichess says it (Markdown,
    the names from the log escaped): ``Best: EX Shoryuken (71% by the search), played:
    Sweep (52%)``, or ``Best: Sweep (45% by the search), found``. The best's chance is the
    search's, and says so: the same option's row in the table is the review's, another
    estimate (58% beside 45% read as a contradiction); the played option's is the
    review's. None for an analysis stored without best moves."""
    if point.best_move is None:
        return None
    best = data.plain(point.best_move)
    chance = "" if point.best_p is None else f" ({winprob.percent(point.best_p)} by the search)"
    if point.found:
        return f"Best: {best}{chance}, found"
    row = next((o for o in options if o.idx == point.idx and o.chosen and o.p is not None),
               None)
    mine = row.p if row is not None else (point.p1 if point.player == 0 else 1 - point.p1)
    return (f"Best: {best}{chance}, played: {data.plain(point.decision)} "
            f"({winprob.percent(mine)})")


def first_setter(point: AnalysisPointRow, points: Sequence[AnalysisPointRow],
                 params: str) -> AnalysisPointRow | None:
    """The strike's first set point when ``point`` is its second (the next strike point
    of the same strike, by the other player) and the analysis draws the curve there at the
    first setter's value (``curve=setter`` in ``params``, docs/metrics.md); else None."""
    if point.kind != "strike" or param_of(params, "curve") != "setter":
        return None
    same = sorted((p for p in points if p.kind == "strike" and p.strike == point.strike),
                  key=lambda p: p.idx)
    if len(same) >= 2 and same[1].idx == point.idx and same[0].player != point.player:
        return same[0]
    return None


def views(points: Sequence[AnalysisPointRow], params: str) -> dict[int, int]:
    """By ``idx``, the seat whose view the curve holds at each point where it is not
    the decider's: a strike's second set point (``first_setter``) holds the first
    setter's figure, and the curve's hover says so (``winprob.hover``)."""
    return {p.idx: first.player for p in points
            if (first := first_setter(p, points, params)) is not None}


def chance_line(point: AnalysisPointRow, options: Sequence[AnalysisOptionRow],
                first: AnalysisPointRow | None = None, shown: bool = True,
                reviewed: bool = True) -> str:
    """The panel's figures line: P1's chance here with its interval, the swing for the
    decider and the ``verdict``. At a strike's second set point (``first``: the strike's
    first) the curve holds the first setter's figure, so the line says whose view it is
    from and gives the decider's own chance after the option played (their played row,
    when ``shown``), which the swing is measured from: "P1's chance here 50% (...), from
    p2's view · p1's own chance after the option played 62% · swing 13 points for p1".
    Not ``shown`` (the other player's decision, or any as spectator), the swing and the
    verdict are left out, as the markers and the tally are: "... · review hidden". An
    analysis without a review (``reviewed`` False: a first look) has no swing: "... · not
    reviewed (the curve alone)"."""
    decider = winprob.seat(point.player)
    view = "" if first is None else f", from {winprob.seat(first.player)}'s view"
    played = next((o for o in options if o.chosen and o.p is not None), None)
    own = ("" if first is None or played is None or not shown else
           f" · {decider}'s own chance after the option played {winprob.percent(played.p)}")
    here = (f"P1's chance here {winprob.percent(point.p1)} (95%: "
            f"{winprob.interval(point.low, point.high)}, n={point.n}){view}{own}")
    if not reviewed:  # a curve alone: no swing was measured
        return f"{here} · not reviewed (the curve alone)"
    if not shown:  # the swing and label weigh a hand this viewer never saw
        return f"{here} · review hidden"
    return (f"{here} · swing {100 * point.swing:.0f} points for {decider} (best option "
            f"less the played one) · {verdict(point)}")


def render_panel(game_id: str, point: AnalysisPointRow,
                 options: Sequence[AnalysisOptionRow], turn: int, perspective: str,
                 params: str = "", first: AnalysisPointRow | None = None) -> None:
    """The open decision: what was played, P1's chance after it, the swing and severity,
    and the options table (``options``: this point's, any order; ``params``: the stored
    analysis's key, which says how its options were raced; ``first``: the strike's first
    set point when this is its second, whose setter's figure the curve holds here)."""
    decider = winprob.seat(point.player)
    where = f"turn {turn}" + (f" · strike {point.strike}" if point.kind == "strike" else "")
    shown = winprob.visible(point, perspective)
    played = (f"**{data.plain(point.decision)}**" if shown
              else f"(hidden as {review.seen_as(perspective)})")
    with st.container(border=True, key=f"game.decision.{game_id}"):
        st.markdown(f"**Decision {point.idx}** · {where} · {decider} played {played}")
        st.markdown(chance_line(point, options, first, shown, q.reviewed(params)))
        if first is not None:
            st.caption(f"Here the curve holds {winprob.seat(first.player)}'s figure from "
                       f"decision {first.idx}: nothing public happened since but a face-down "
                       f"card. {decider}'s own chance after the option played is in the "
                       "options table (docs/metrics.md).")
        best = best_line(point, options) if shown else None
        if best is not None:
            st.markdown(best, help=(
                f"Best: the search agent's choice ({point.best_n or 0} of "
                f"{best_iterations(params)} search iterations from {decider}'s "
                "information set) and its chance by the search; played: the review's "
                "chance after the option played (docs/metrics.md, Best move)."))
        if point.n < LABEL_MIN_N:
            st.caption(f"Rough analysis ({point.n} rollouts per point): swings are shown "
                       f"but a decision is labelled only on {LABEL_MIN_N} or more.")
        if not shown:
            viewer = "a spectator" if perspective == review.PUBLIC else perspective
            st.caption(f"{decider}'s options name cards from a hand {viewer} never saw: "
                       f"choose the perspective all or {decider} to see them.")
            return
        if not options:
            st.caption("No options were reviewed at this decision." if q.reviewed(params)
                       else "This analysis is the curve alone: no decision is reviewed.")
            return
        table = options_table(options, decider, params)
        # st.table reads Markdown in its cells: the option (card names from the log) as text
        st.table([r | {"option": data.plain(r["option"])} for r in table], hide_index=True,
                 border="horizontal")
        st.download_button("CSV", options_csv(table), icon=":material/download:",
                           file_name=f"decision-{point.idx}-{game_id[:12]}.csv",
                           mime="text/csv", key=f"game.decision.csv.{game_id}.{point.idx}",
                           on_click="ignore", help="the options table as CSV")
        if point.options_shown < point.options_total:
            st.caption(f"{point.options_shown} of {point.options_total} options reviewed "
                       "(the analysis caps the options it plays out).")
        if any(cut_early(o, params) for o in options):
            st.caption("Options cut early could not beat the leader by 5 points (z 2.5) after "
                       "25, 50 or 100 rollouts (docs/metrics.md): their figures have that "
                       "sample.")
        fork_buttons(game_id, point, options, params)


FORK_STYLE = data.wrapping_buttons("forks-")
"""The fork buttons, one a line, their labels wrapping: three to a row in the panel's
column they read "Play M…" at 1280 px (as the Play page's options, ``play_table``)."""


def fork_buttons(game_id: str, point: AnalysisPointRow,
                 options: Sequence[AnalysisOptionRow], params: str = "") -> None:
    """A "play this option instead" button per option not played: the game is replayed
    to decision ``point.idx``, that option (``option``: its position among the request's
    options, what ``exceed fork --choose`` takes) is taken and the heuristic agent plays
    both seats on; the fork is written beside the index, indexed, and opened here. The
    same fork asked twice opens the same game."""
    db = data.db_path()
    try:  # a step reruns the board alone: the index may be busy since the page was drawn
        row = data.game(db, game_id)
    except data.READ_ERRORS as error:
        st.caption(f"No fork from here now: {data.unreadable(error)}")
        return
    if row is None:
        return
    others = [o for o in in_order(options, params) if not o.chosen]
    if not others:
        return
    st.caption("Play an option instead: the game is played on from here by the heuristic "
               "agent on both seats and opened as a new game (its header names this one).")
    st.html(FORK_STYLE)
    box = st.container(key=f"forks-{point.idx}")
    for o in others:
        key = f"game.fork.{game_id}.{point.idx}.{o.option}"
        if box.button(f"Play {data.plain(o.label)} instead", key=key, width="stretch"):
            with st.spinner(f"Playing {data.plain(o.label)} on from decision {point.idx}..."):
                try:
                    new_id = q.fork_into_index(row.path, point.idx, o.option, Path(db))
                except (q.ForkError, q.IndexBusy, q.NotAnIndex, q.LogFormatError,
                        OSError) as error:
                    st.error(data.plain(str(error)))
                    return
            routes.open_game(new_id)
