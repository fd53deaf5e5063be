"""Game: one game's header, the board beside its decisions, the strike timeline and lanes.

The game comes from ``?game=<id>`` (the whole id or any unique prefix, such as the 12
characters the Games table shows) or the one last opened. Under the header (and, for a
fork, the line naming its parent: ``dashboard.fork_view``; with an analysis, each
player's review tally: ``dashboard.review``) the board area (``dashboard.game_board``, an
``st.fragment`` a step reruns alone) puts the table (``dashboard.arena``) and the
viewer's controls beside the evaluation, the analysed decisions and the open decision's
panel, as lichess lays out a game. Under it the strike timeline on a turn axis, each
marker labelled with its attack (a click moves the viewer to the start of that strike),
and the lanes on the same axis (``dashboard.lanes``): both players' gauge, hand, deck,
boosts and Exceed state, from turn 1 on (the setup before it a shaded band). Every layer
of the timeline comes from one read model (``data.game_timeline``): the log's, or, when
the log can no longer be read, the index's own strike rows, and one line says where the
log was last seen (no lanes then: they need the log). Every chart has plotly's PNG
button; the strikes are also a table (behind a toggle) with a CSV download.

A link may name a moment (``at=``, ``event=``, ``turn=``, ``strike=``, ``as=``,
``decision=``: ``viewer_panel.adopt_url``). The perspective (``as=``) is ``all``, ``p1``,
``p2`` or ``public``, a spectator's ("spectator" on the page: neither hand shown), and
the board, events, timeline, strikes table and review all honour it. A bad link (an
unknown game, a moment outside the game, an unknown perspective) shows one line and the
way back to Games, never a traceback; so does, for a game whose log cannot be read
(no viewer), a moment the link names or an ``as=`` that is no perspective
(``viewer_panel.logless_url_problem``).

With a stored game analysis the timeline gets a third row, P1's win probability at
every analysed decision (with a fork's parent's curve beside it when both are
analysed); clicking a point moves the viewer just before that decision and opens its
panel (``dashboard.analysis_panel``). Without one, an Analyze button starts it in the
background (``dashboard.analysis_jobs``).
"""

from __future__ import annotations

import streamlit as st

from dashboard import (
    analysis_panel,
    card_texts,
    data,
    export,
    fork_view,
    game_board,
    key_focus,
    lanes,
    review,
    routes,
    timeline,
    timeline_labels,
    viewer_panel,
    winprob,
)
from dashboard.stats import SUPPRESSED
from replay import query as q
from replay.query import (
    GameReplay,
    GameRow,
    GameUnavailable,
    QueryError,
    StoredAnalysis,
    strike_positions,
)

FULL_ID = 64
HEX = "0123456789abcdef"
END = 2**62  # past a game's last event: the position a game shown without its log is seen at

db = data.db_path()
chosen = routes.chosen_game()
if chosen is None:
    st.title("Game")
    st.info("No game chosen: pick one on the Games page.")
    st.page_link(routes.GAMES, label="Go to Games", query_params=routes.games_list(),
                 icon=":material/list:")
    st.stop()

full = chosen.strip().lower()
try:
    # a whole id needs no lookup (the cached ``data.game`` below says if it is indexed)
    game_id = full if len(full) == FULL_ID and not full.strip(HEX) else data.resolve_game(db, chosen)
except data.UNREADABLE as error:
    data.fail(error)
except QueryError as error:
    st.title("Game")
    st.error(data.unreadable(error))  # a file not an index: that line, not DuckDB's
    st.page_link(routes.GAMES, label="Back to Games", query_params=routes.games_list(),
                 icon=":material/list:")
    st.stop()
routes.remember(game_id)
row: GameRow | None = data.guarded(data.game, db, game_id)
if row is None:
    st.title("Game")
    st.error(data.plain(f"There is no game {game_id!r} in the index at {db}."))
    st.page_link(routes.GAMES, label="Back to Games", query_params=routes.games_list(),
                 icon=":material/list:")
    st.stop()

data.compact_top()
st.html(timeline_labels.narrow_style("game-timeline-"))  # a phone: no labels over each other
game: GameReplay | None
try:
    game = data.game_replay(row.path, row.game_id)
except GameUnavailable:
    game = None
# named as the game's board names them: by the log's own definitions (the index's ids
# through this engine's names only when the log cannot be opened)
names = (game.characters if game is not None else
         tuple(data.character_names((row.p1, row.p2))[c] for c in (row.p1, row.p2)))
seats = (f"p1 {names[0]}", f"p2 {names[1]}")
st.title(data.plain(f"{seats[0]} vs {seats[1]}"))
if game is not None and game.ending is not None:
    result = game.ending.words
elif row.winner is None:  # a damaged log is no game left unfinished: say where it stops
    result = (f"damaged log: {row.damage}; its complete prefix is shown"
              if row.damage and row.damage.startswith("stopped at ") else
              "unfinished (abandoned): its players left it"
              if row.damage and row.damage.startswith("unfinished (abandoned)") else
              "unfinished")
else:  # the log cannot be read: the index's reason, in the words the log's ending uses
    loser = "p2" if row.winner == 0 else "p1"
    result = f"{seats[row.winner]} wins: " + {
        "decked": f"{loser} drew from an empty deck and could not reshuffle",
        "resigned": f"{loser} resigned", "time": f"{loser} lost on time",
        "left": f"{loser} left the game"}.get(
            row.reason or "", f"{seats[1 - row.winner]} reached 0 life")
st.caption(data.plain(
    f"seed {row.seed} · "
    + ("" if (row.player1, row.player2) == (row.agent1, row.agent2) else
       f"players {row.player1} / {row.player2} · ")
    + f"agents {row.agent1} / {row.agent2} · "
    f"{'p1' if row.first == 0 else 'p2'} went first · {result} · {row.turns} turns · "
    f"{row.strikes} strikes · {row.events} events · final life {row.p1_life} / "
    f"{row.p2_life} · id {row.game_id[:12]}"))

# one row that wraps on a narrow window (columns cut the labels to "Back to Ga" and
# "Downl…" at 1024x768)
links = st.container(horizontal=True, vertical_alignment="center")
routes.back_to_games(links, game_id)
if game is None:
    st.warning(f"The log of this game was last seen at {data.plain(row.path)} and cannot be "
               "read now; the timeline below is from the index. To replay the game, run "
               "`exceed index NEW_FOLDER` on the folder that holds the log now.")
elif game.game_id != row.game_id:
    st.warning(f"{data.plain(row.path)} changed since it was indexed; run `exceed index` "
               "again (the timeline is from the index, the viewer from the file).")
else:
    log_bytes = data.read_log(row.path, row.game_id)
    if log_bytes is not None:
        links.download_button("Download .exlog", log_bytes,
                                 file_name=export.log_file_name(row.path, row.game_id),
                                 mime="application/octet-stream", key="game.download",
                                 icon=":material/download:", on_click="ignore")

model = data.guarded(data.game_timeline, db, row, game)
strikes = model.strikes
# A click's selection is handled once, then the chart is a new widget (its key counts the
# clicks): plotly sends its current selection, and a second click on the strike already
# selected would deselect it and move nothing (a coach clicking the same strike again).
clicks_key = f"game.timeline.clicks.{game_id}"
clicks = int(st.session_state.get(clicks_key, 0))
chart_key = f"game.timeline.{game_id}" + (f".{clicks}" if clicks else "")
png_name = export.safe_file_name(
    f"exceed-{row.p1}-vs-{row.p2}-seed{row.seed}-{game_id[:8]}")
# one label per card: two cards of one name (Ryu's and Ken's Hadoken, in a Tag Team or
# facing each other) are told apart by their fighter (``replay.query.card_labels``)
cards = data.card_labels(tuple(sorted({c for s in strikes for c in (s.a_card, s.d_card) if c})),
                         f"{row.p1}+{row.p2}")

# The stored analysis (never recomputed here): the win-probability row and decision panel.
# Shown only when the log read is the indexed one (its positions are the analysis's).
analysis: StoredAnalysis | None = None
analysis_problem: str | None = None
analysable = game is None or game.game_id == row.game_id
if analysable:
    try:
        # named from the log when it is the indexed one: in today's words, where an
        # analysis stored before a label was improved keeps the old ones
        analysis = data.game_analysis(db, row.game_id, row.path if game is not None else None)
    except data.READ_ERRORS as error:
        analysis_problem = ("The stored analysis of this game cannot be read: "
                            f"{data.error_line(error)}")
    if analysis is not None and not analysis.points:
        analysis_problem = ("The stored analysis of this game has no analysed points "
                            f"({analysis.params}); analyse it again: "
                            f"{q.analyze_logs_command([row.path], db)}")
        analysis = None
points = analysis.points if analysis is not None else []

if game is None:
    st.subheader("Strike timeline (from the index)")
    # no viewer without the log: the whole game, seen as the link's perspective (a
    # spectator gets no review markers, as with the log); a decision= link says it waits
    seen_as = viewer_panel.url_perspective()
    if seen_as != review.ALL:
        st.caption(data.plain(f"As {review.seen_as(seen_as)}, over the whole game: the "
                              "viewer, which stops at a moment, needs the log."))
    logless_problem = viewer_panel.logless_url_problem()
    if logless_problem is not None:
        st.warning(data.plain(logless_problem))
    if "decision" in st.query_params:
        st.warning(data.plain(f"decision={q.quoted(st.query_params['decision'])}: the "
                              "decision panel needs the game's log; ignored"))
    if points:
        st.caption("  \n".join(data.plain(line) for line in review.tally_lines(
            points, seats, seen_as, END, analysis.params if analysis else "")))
    if strikes or points:
        st.plotly_chart(timeline.chart(model, seats, cards, END, seen_as, analysis=points,
                                       views=analysis_panel.views(
                                           points, analysis.params if analysis else "")),
                        key=chart_key,
                        width="stretch", config=timeline.chart_config(f"{png_name}-timeline"))
    else:
        st.info("This game has no strikes.")
    st.caption("The resource lanes (gauge, hand, deck, boosts, Exceed) need the log.")
    if analysis_problem is not None:
        st.warning(data.plain(analysis_problem))
    # the game's own card definitions are in its log: these are this engine's, said so
    specs = (row.p1, row.p2)
    card_texts.render(lambda: q.engine_cards(specs), f"game.cards.{game_id}",
                      source="From this engine's card data: the game's own definitions are "
                             "in its log, which cannot be read now.")
    st.stop()

replay_game: GameReplay = game
if replay_game.unverified:  # issue 27 item 2: no name from definitions nothing vouches for
    st.caption("This old log's card definitions are unverified (it names another engine "
               "catalog): its cards and fighters are shown by id.")
length = replay_game.length
starts = strike_positions(replay_game)
turn_starts = tuple(replay_game.replay.turn_starts)
turn_numbers = tuple(replay_game.replay.turn_numbers)  # a built position's start at its turn
by_idx = {p.idx: p for p in points}
origin = q.fork_origin(replay_game)

# The moment shown: a link's as= / at= / event= / turn= / strike= / decision= first, else a
# fork's fork point.
viewer_problem = viewer_panel.adopt_url(
    game_id, length, {n: t + 1 for n, t in zip(turn_numbers, turn_starts, strict=False)},
    starts, decision_follows=True)
fork_view.opening(game_id, origin, length)
url_problem = analysis_panel.adopt_url(game_id, points, length)
position = viewer_panel.get_position(game_id, length, replay_game.opening)
perspective = viewer_panel.url_perspective()
game_board.remember_drawn(game_id, position, perspective)
for problem in (viewer_problem, url_problem):
    if problem is not None:
        st.warning(data.plain(problem))
if origin is not None:
    fork_view.render_banner(db, origin, row.path)
if points:
    st.caption("  \n".join(data.plain(line) for line in review.tally_lines(
        points, seats, perspective, position, analysis.params if analysis else "")))


def _clicked() -> None:
    selection = st.session_state.get(chart_key)
    st.session_state[clicks_key] = clicks + 1  # the next run draws a chart with no selection
    decision = winprob.decision_from_selection(selection)
    if decision is not None and decision in by_idx:
        analysis_panel.select(game_id, by_idx[decision], length)
        return
    strike = timeline.strike_from_selection(selection)
    start = None if strike is None else model.start_of(strike)
    if start is not None:
        viewer_panel.set_position(game_id, start, length)


game_board.board_area(game_board.Board(
    db=db, row=row, game=replay_game, starts=tuple(starts), points=tuple(points),
    options=tuple(analysis.options) if analysis is not None else (),
    params=analysis.params if analysis is not None else "",
    analysable=analysable, analysis_problem=analysis_problem,
    link_extra=analysis_panel.link_extra(game_id, points)))

game_lanes = replay_game.lanes
shown_points = review.seen(points, perspective, position)
if strikes or points:
    figure = timeline.chart(model, seats, cards, position, perspective,
                            shown_points, turn_starts, game_lanes.attacks, turn_numbers,
                            analysis_panel.views(points,
                                                 analysis.params if analysis else ""))
    if origin is not None and shown_points:
        winprob.add_parent(figure, review.seen(fork_view.parent_points(db, origin),
                                               perspective, position), 3, origin.position)
    st.plotly_chart(figure, key=chart_key, on_select=_clicked, selection_mode="points",
                    width="stretch", config=timeline.chart_config(f"{png_name}-timeline"))
else:
    st.info("This game has no strikes.")
st.plotly_chart(lanes.figure(game_lanes, seats, timeline.x_range(model),
                             timeline.turn_marks(strikes, turn_starts, points, turn_numbers),
                             position),
                key=f"game.lanes.{game_id}", width="stretch",
                config=timeline.chart_config(f"{png_name}-lanes"))
if strikes:
    st.caption("One marker per seat per strike, for that seat's own attack, labelled "
               "with it (EX: an EX attack; WS: a wild swing; CR: Critical; ?: not yet "
               "revealed to this perspective): hit ● / miss ✕ / hit that stunned ★ / "
               "stunned before attacking ○ / not revealed, the game ended mid-strike □; "
               "size: damage dealt; dark outline: the attacker. Small marks between "
               "strikes: an Exceed ▲, a Revert ▽, an Astral Heat joining the deck ◆. "
               "A marker sits where its damage lands on the life lines. "
               "Click a strike to replay it. Lanes: p1 solid, p2 dotted, from turn 1 on "
               "(the shaded band before it is the setup: shuffles, opening draws, "
               "mulligans). The grey line "
               "marks the viewer; single steps (← →) move only the board, and the line "
               "catches up at the next larger move, or once the board is 1% of the "
               "game ahead or behind it.")
if points:
    st.caption(f"Bottom row: P1's chance of winning at every turn's first action and "
               f"every attack set (band: 95% interval; "
               f"{analysis_panel.rollouts_text(analysis.params if analysis else '')}), "
               "as the deciding player could judge it; ▲ inaccuracy / ◆ "
               "mistake / ✕ blunder, in the colour of the player who erred (p1 blue, p2 "
               "red). Under p1 / p2 only that player's markers and nothing after the "
               "viewer; as spectator neither player's markers. Click a point to replay "
               "that decision and review its options."
               + (" Dashed grey: the parent game's curve (the games part at the dotted "
                  "line, the fork point)." if origin is not None else ""))
# a toggle, not an expander: an expander's dataframe is built (and its grid loaded in
# the browser) even while closed, and the page is timed to be fully drawn
if strikes and st.toggle(f"The {len(strikes)} strikes as a table",
                         key=f"game.strikes.show.{game_id}"):
    with st.container(border=True):
        rows = timeline.table(strikes, cards, seats, perspective, position,
                              game_lanes.attacks)
        whole = {c: st.column_config.NumberColumn(format="%d") for c in rows[0]
                 if c.endswith(("speed", "power", "at range", "damage"))}
        st.dataframe(rows, hide_index=True, column_config=whole, placeholder=SUPPRESSED)
        st.download_button("CSV", export.csv_bytes(rows),
                           file_name=f"{png_name}-strikes.csv", mime="text/csv",
                           key=f"game.strikes.csv.{game_id}", icon=":material/download:",
                           on_click="ignore", help="the strikes table as CSV")
card_texts.render(lambda: q.game_cards(replay_game), f"game.cards.{game_id}")
# → steps after a click on a perspective or an analysed decision (drawn last: no gap)
key_focus.release_after_click([viewer_panel.PERSPECTIVE_BOX, game_board.DECISIONS_BOX])
