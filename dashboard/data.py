"""Where the pages get their data: the index path and cached reads through ``replay.query``.

The index is ``--db FILE`` from the script arguments (``streamlit run app.py -- --db
FILE``), else ``$EXCEED_INDEX``, else the default location. Query results are cached
for a few seconds only (``st.cache_data``), so games indexed while the dashboard runs
appear without a restart; the statistics reads (scans of every game) are kept longer,
keyed by the index file's stamp (``index_stamp``), so they too change as soon as the index
does; an opened replay is cached per log (``st.cache_resource``).
A game's strike timeline (``game_timeline``) is the read model built with the opened log,
or from the index's rows when the log cannot be read (cached like a query).
Every reader connection is short-lived and read-only (inside ``replay.query``); the one
write is the Game page's Analyze button, run by a background worker
(``dashboard.analysis_jobs``: a game analysis stored in the index's analysis tables, as
``exceed analyze`` does).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn, ParamSpec, TypeVar

import streamlit as st

from dashboard import literal
from replay import query as q

TTL_SECONDS = 5
STATS_TTL_SECONDS = 600  # the statistics reads, also keyed by the index file's stamp
GAMES_PAGE_SIZE = 100  # rows of the Games page's table per page (paged in SQL)
SEARCH_LIMIT = 100  # the most moments the Search page lists
MAX_UPLOAD_BYTES = 8 * 1024 * 1024  # also server.maxUploadSize in .streamlit/config.toml
P = ParamSpec("P")
T = TypeVar("T")

# Errors a reader can meet (no index, a locked or foreign file, a bad filter, a missing log).
READ_ERRORS = (q.IndexMissing, q.IndexBusy, q.QueryError, q.GameUnavailable)
UNREADABLE = (q.IndexMissing, q.IndexBusy)  # the index itself cannot be read


def db_path(argv: list[str] | None = None) -> str:
    """``--db`` from the script arguments, else ``$EXCEED_INDEX``, else the default."""
    args = sys.argv[1:] if argv is None else argv
    for i, arg in enumerate(args):
        if arg == "--db" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--db="):
            return arg.removeprefix("--db=")
    return str(q.default_index_path())


plain = literal.markdown
"""``text`` escaped so that Markdown shows it as it is (``dashboard.literal.markdown``:
the pages' one escaping function, named here for the pages that read through ``data``)."""

code = literal.code
"""``text`` for an ``st.code`` or ``st.text`` box: its lines kept, every control or
unprintable character (an escape, a bidi override) escaped (``dashboard.literal.code``)."""

lines = literal.lines
"""Lines from elsewhere for an ``st.code`` box, one line each, a line break inside one
written ``\\n`` (``dashboard.literal.lines``)."""


def fail(error: Exception) -> NoReturn:
    """Show one error line (as plain text) and stop this run of the page; an index that
    is missing or being written says so and what to run (``unreadable``)."""
    st.error(unreadable(error))
    st.stop()


def unreadable(error: Exception) -> str:
    """The page's one message for a read error: the error as plain text, and for an index
    that is missing or being written, what to do about it; a refused query on a served
    file that is not an exceed index (another program's database, one put in the index's
    place while the dashboard runs) is the line ``exceed dashboard`` refuses that file
    with (``foreign``), not DuckDB's words."""
    foreign = _foreign(error)
    if foreign is not None:
        return (f"{plain(foreign)}; refusing to read it: serve an exceed index "
                "(`exceed dashboard --db FILE`; build one with `exceed index DIR`), then "
                "reload this page.")
    text = plain(str(error))
    if isinstance(error, q.IndexBusy):
        return (f"The index is being written (an `exceed index` is running): {text}. "
                "Wait until it finishes, then reload this page.")
    if isinstance(error, q.NoIndexFile):  # its own words name the command: said once
        return (f"No index at {plain(error.path)}. Build the index with `exceed index DIR` "
                "(DIR: a folder of .exlog game logs; `--db FILE` for another file), then "
                "reload this page.")
    if isinstance(error, q.IndexMissing):
        return (f"{text}. Build the index with `exceed index DIR` (DIR: a folder of .exlog "
                "game logs; `--db FILE` for another file), then reload this page.")
    return text


def error_line(error: Exception) -> str:
    """A read error's one line, as text (unescaped): ``str(error)``, or for a served file
    that is not an exceed index the line saying so (``_foreign``)."""
    return _foreign(error) or str(error)


def _foreign(error: Exception) -> str | None:
    """For a query refused (not stopped by a limit) while the served index is a DuckDB
    file that is not an exceed index, the one line saying so (``q.not_an_index``:
    another program's database, or a file DuckDB cannot open), else None. Asked after
    the error only, so a page pays nothing while the index is one."""
    if not isinstance(error, q.QueryError) or isinstance(error, q.QueryLimit):
        return None
    return q.not_an_index(q.Source.duckdb(db_path()))


def compact_top() -> None:
    """Less empty space above the page title, so the Game page's timeline and board fit
    in a 1280x800 window together."""
    st.markdown("<style>.stMainBlockContainer{padding-top:2.2rem}</style>",
                unsafe_allow_html=True)


def wrapping_buttons(prefix: str) -> str:
    """The style that lets the labels of the buttons inside containers keyed
    ``<prefix>...`` wrap to more lines: Streamlit cuts a button's label to one line
    (the Play page's options, the decision panel's forks)."""
    sel = f"[class*='st-key-{prefix}'] button"
    return (f"<style>{sel} {{height: auto; text-align: left}}"
            f"{sel} [data-testid='stMarkdownContainer'],"
            f"{sel} p {{white-space: normal; overflow: visible; text-overflow: clip}}</style>")


REFUSED_UPLOAD_STYLE = (
    "<style>[data-testid='stFileChip'] [role='alert'] {position: static; width: auto; "
    "height: auto; clip: auto; clip-path: none; overflow: visible; white-space: normal; "
    "margin: 0 0 0 0.5rem; color: rgb(255, 43, 43)}</style>")
"""The style that shows Streamlit's own line for a file its uploader refused in the
browser (over ``server.maxUploadSize``: never sent, so no page hears of it) beside the
file's chip: it was a visually hidden alert and a hover tooltip, the chip only turned
red (the Verify page)."""


def read_log(path: str, game_id: str) -> bytes | None:
    """The bytes of the game ``game_id``'s log for the download button: None if it
    cannot be read now, is over the cap or changed since (``replay.query.log_bytes``:
    never a cut copy, nor another game's bytes under this game's name)."""
    return q.log_bytes(path, game_id)


def resolve_game(db: str, text: str) -> str:
    """The full id of the game ``text`` names (a whole id or a unique prefix, such as the
    Games table's 12 characters); ``QueryError`` (one line) if none or several match."""
    return q.resolve_game_id(_source(db), text)


def check_index(db: str) -> None:
    """Raise the reader's error (``IndexMissing``) now if there is no index at ``db``: for a
    page that reads the index only later (the Search page before a pattern is typed)."""
    q.open_source(db)


def guarded(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``fn(*args, **kwargs)``, turning a read error into one message and a stopped page."""
    try:
        return fn(*args, **kwargs)
    except READ_ERRORS as error:
        fail(error)


# --- cached reads (plain data: lists of row structs, pickled by st.cache_data) -------------


def _source(db: str) -> q.Source:
    return q.open_source(db)


def fighters(specs: list[str]) -> list[str]:
    """Every single character in ``specs`` (Tag Teams split), sorted by display name."""
    singles = {c for spec in specs for c in spec.split("+")}
    return sorted(singles, key=lambda c: (q.character_name(c).casefold(), c))


@st.cache_data(ttl=TTL_SECONDS, show_spinner=False)
def moments(db: str, pattern: str, limit: int) -> list[q.MomentRow]:
    """The moments matching a search pattern (``q.PatternError`` for a bad one)."""
    return q.find_moments(_source(db), pattern, limit)


@st.cache_data(ttl=TTL_SECONDS, show_spinner=False)
def game(db: str, game_id: str) -> q.GameRow | None:
    return q.game(_source(db), game_id)


@st.cache_data(ttl=TTL_SECONDS, show_spinner=False)
def games_by_id(db: str, game_ids: tuple[str, ...]) -> dict[str, q.GameRow]:
    return q.games_by_id(_source(db), game_ids)


def by_name(specs: list[str]) -> tuple[str, ...]:
    """Seat specs sorted by the names a player reads (``M. Bison`` after ``Ken``)."""
    return tuple(sorted(specs, key=lambda c: (q.character_name(c).casefold(), c)))


def characters(db: str) -> list[str]:
    """Every seat spec in the index, kept while the index file is unchanged (like the
    statistics below): a page's selectbox needs no query on a return visit."""
    return _characters(db, index_stamp(db))


@st.cache_data(ttl=STATS_TTL_SECONDS, max_entries=64, show_spinner=False)
def _characters(db: str, stamp: tuple[int, ...]) -> list[str]:
    return q.characters(_source(db))


@st.cache_data(ttl=TTL_SECONDS, show_spinner=False)
def agents(db: str) -> list[str]:
    return q.agents(_source(db))


@st.cache_data(ttl=TTL_SECONDS, show_spinner=False)
def game_lengths(db: str) -> list[q.LengthRow]:
    return q.game_lengths(_source(db))


def no_analyses_here(db: str) -> str:
    """Why no analysis can be stored in ``db`` ("" for a DuckDB index): a Parquet export
    holds none. Its Analyze buttons ran every rollout and only then failed ("is a
    directory; --db takes the index file"), so the pages say this instead."""
    if not Path(db).is_dir():
        return ""
    return (f"{db} is a Parquet export, which holds no analyses: analyse the games into "
            "the DuckDB index it was exported from (exceed analyze LOGS --db INDEX) and "
            "serve that index (exceed dashboard --db INDEX).")


def index_stamp(db: str) -> tuple[int, ...]:
    """What changes whenever the index is written: the DuckDB file's and its WAL's
    modification time and size. A Parquet export (a directory) or a path that cannot be
    read gets the current ``TTL_SECONDS`` slot instead, so its reads expire as before."""
    try:
        if not Path(db).is_file():
            raise OSError(db)
        stamp: list[int] = []
        for path in (Path(db), Path(db + ".wal")):
            try:
                info = path.stat()
                stamp += [info.st_mtime_ns, info.st_size]
            except FileNotFoundError:
                stamp += [0, 0]
        return tuple(stamp)
    except OSError:
        return (int(time.time() // TTL_SECONDS),)


# The statistics reads: scans of up to every game and strike (and the action events), kept
# while the index file is unchanged (``index_stamp`` is part of each cache key), so going
# back and forth between pages does not scan 100,000 games again; a write shows at once.


def matchup_cells(db: str, view: str, row_agent: str | None, col_agent: str | None,
                  first: str | None, character: str | None = None) -> list[q.MatchupCell]:
    """Wins per (row, column) fighter: ``q.matchup_cells`` (view ``ordered`` or
    ``unordered``, first ``row`` or ``col``)."""
    return _matchup_cells(db, index_stamp(db), view, row_agent, col_agent, first, character)


@st.cache_data(ttl=STATS_TTL_SECONDS, max_entries=256, show_spinner=False)
def _matchup_cells(db: str, stamp: tuple[int, ...], view: str, row_agent: str | None,
                   col_agent: str | None, first: str | None,
                   character: str | None) -> list[q.MatchupCell]:
    return q.matchup_cells(_source(db), "ordered" if view == "ordered" else "unordered",
                           row_agent=row_agent, col_agent=col_agent,
                           first="row" if first == "row" else "col" if first == "col" else None,
                           character=character)


def first_player_advantage(db: str, p1_agent: str | None = None, p2_agent: str | None = None,
                           character: str | None = None) -> q.FirstPlayerRow:
    return _first_player_advantage(db, index_stamp(db), p1_agent, p2_agent, character)


@st.cache_data(ttl=STATS_TTL_SECONDS, max_entries=256, show_spinner=False)
def _first_player_advantage(db: str, stamp: tuple[int, ...], p1_agent: str | None,
                            p2_agent: str | None, character: str | None) -> q.FirstPlayerRow:
    return q.first_player_advantage(_source(db), p1_agent=p1_agent, p2_agent=p2_agent,
                                    character=character)


def fighter_record(db: str, fighter: str) -> q.FighterRecord:
    return _fighter_record(db, index_stamp(db), fighter)


@st.cache_data(ttl=STATS_TTL_SECONDS, max_entries=256, show_spinner=False)
def _fighter_record(db: str, stamp: tuple[int, ...], fighter: str) -> q.FighterRecord:
    return q.fighter_record(_source(db), fighter)


def card_usage(db: str, fighter: str, agent: str | None = None, opp_agent: str | None = None,
               first: str | None = None) -> list[q.CardUsageRow]:
    """Per card of ``fighter``: ``q.card_usage`` (the plays of the seats that pass the
    filters: its agent, its opponent's, who went first, ``row`` or ``col``)."""
    return _card_usage(db, index_stamp(db), fighter, agent, opp_agent, first)


@st.cache_data(ttl=STATS_TTL_SECONDS, max_entries=256, show_spinner=False)
def _card_usage(db: str, stamp: tuple[int, ...], fighter: str, agent: str | None,
                opp_agent: str | None, first: str | None) -> list[q.CardUsageRow]:
    return q.card_usage(_source(db), fighter, agent, opp_agent=opp_agent,
                        first="row" if first == "row" else "col" if first == "col" else None)


def game_page(db: str, fighter: str | None, winner: str | None, agent: str | None,
              seed: int | None, min_turns: int | None, max_turns: int | None, limit: int,
              offset: int, order: tuple[str, ...] = (),
              player: str | None = None, newest: bool = False) -> q.GamePage:
    """One page of the games matching the filters, and their number (paged in SQL);
    ``order``: the seat specs by the names a player reads; ``player``: either seat's;
    ``newest``: the latest played first."""
    return _game_page(db, index_stamp(db), fighter, winner, agent, seed, min_turns, max_turns,
                      limit, offset, order, player, newest)


@st.cache_data(ttl=STATS_TTL_SECONDS, max_entries=256, show_spinner=False)
def _game_page(db: str, stamp: tuple[int, ...], fighter: str | None, winner: str | None,
               agent: str | None, seed: int | None, min_turns: int | None,
               max_turns: int | None, limit: int, offset: int,
               order: tuple[str, ...], player: str | None, newest: bool) -> q.GamePage:
    return q.game_page(_source(db), fighter=fighter, winner=winner, agent=agent, seed=seed,
                       min_turns=min_turns, max_turns=max_turns, limit=limit, offset=offset,
                       order=order, player=player, newest=newest)


def longest_game(db: str) -> int:
    return _longest_game(db, index_stamp(db))


@st.cache_data(ttl=STATS_TTL_SECONDS, max_entries=64, show_spinner=False)
def _longest_game(db: str, stamp: tuple[int, ...]) -> int:
    return q.longest_game(_source(db))


@st.cache_resource(max_entries=16, show_spinner=False)
def game_replay(path: str, game_id: str) -> q.GameReplay:
    """The opened log behind an indexed game (keyed by its content hash too, so a log
    rewritten in place is reopened)."""
    return q.open_game(path)


def game_timeline(db: str, row: q.GameRow, game: q.GameReplay | None) -> q.GameTimeline:
    """Every layer of ``row``'s strike timeline from one source: the opened log's own
    timeline when it is the indexed log, else the index's strike rows (log gone or
    rewritten since it was indexed)."""
    if game is not None and game.game_id == row.game_id:
        return game.timeline
    return _index_timeline(db, row.game_id, row.events, row.winner, row.reason)


@st.cache_data(ttl=TTL_SECONDS, show_spinner=False)
def _index_timeline(db: str, game_id: str, length: int, winner: int | None,
                    reason: str | None) -> q.GameTimeline:
    return q.timeline_from_index(q.game_strikes(_source(db), game_id), length, winner, reason)


@st.cache_data(ttl=TTL_SECONDS, show_spinner=False)
def game_analysis(db: str, game_id: str, path: str | None = None) -> q.StoredAnalysis | None:
    """The stored analysis of one game (the one with the most rollouts), or None; with
    ``path``, the game's own log (the indexed one), its moves and options named as they
    are named today, not in the words of the day it was stored
    (``StoredAnalysis.in_words_of``)."""
    stored = q.game_analysis(_source(db), game_id)
    if stored is None or path is None:
        return stored
    game = game_replay(path, game_id)
    return stored.in_words_of(game.replay.log, game.catalog)


# A name of these three is shown as text, in a widget's options and a table's cells too:
# an id only a log's own definitions know (``zz\u202eabc``) is its own name, so each is
# made inert (``code``: every control or bidi character written out) where it is made.


@st.cache_data(show_spinner=False)
def names(card_ids: tuple[str, ...]) -> dict[str, str]:
    return {c: code(name) for c, name in q.card_names(card_ids).items()}


@st.cache_data(show_spinner=False)
def card_labels(card_ids: tuple[str, ...], fighter: str) -> dict[str, str]:
    """One label per card of ``fighter``'s table: its name, with its fighter (or id)
    where two cards share the name (``replay.query.card_labels``)."""
    return {c: code(label) for c, label in q.card_labels(card_ids, fighter).items()}


def card_order(rows: list[q.CardUsageRow], labels: dict[str, str]) -> list[q.CardUsageRow]:
    """A fighter's cards in the one order the Fighter and Cards pages list them: the
    most struck first, then the most boosted, then by the label shown (``card_labels``,
    case aside), then by id. The two pages broke a tie differently (the Fighter page by
    boosts and card id, as the query returns them; the Cards page by name), so two cards
    struck alike stood in one order on one page and the other on the other."""
    return sorted(rows, key=lambda r: (-r.struck, -r.boosted, labels[r.card].casefold(),
                                       r.card))


@st.cache_data(show_spinner=False)
def character_names(char_ids: tuple[str, ...]) -> dict[str, str]:
    return {c: code(q.character_name(c)) for c in char_ids}


# --- insights (issue 33): a player's habits, over the stored analyses -----------------------


def players(db: str) -> list[str]:
    """Every player in the index, kept while the index file is unchanged."""
    return _players(db, index_stamp(db))


@st.cache_data(ttl=STATS_TTL_SECONDS, max_entries=64, show_spinner=False)
def _players(db: str, stamp: tuple[int, ...]) -> list[str]:
    return q.players(_source(db))


def player_records(db: str, character: str | None = None) -> list[q.PlayerRow]:
    """Every player's record, most games first (only their games as ``character`` if
    given), kept while the index file is unchanged."""
    return _player_records(db, index_stamp(db), character)


@st.cache_data(ttl=STATS_TTL_SECONDS, max_entries=64, show_spinner=False)
def _player_records(db: str, stamp: tuple[int, ...],
                    character: str | None) -> list[q.PlayerRow]:
    return q.player_records(_source(db), character=character)


PLAYER_GAMES = 20  # the newest games a player's page lists


def player_profile(db: str, player: str) -> tuple[q.PlayerProfile, list[q.GameRow]]:
    """One player's record and record per fighter (``q.player_profile``: no record for an
    unknown player) and their ``PLAYER_GAMES`` newest games, kept while the index file is
    unchanged."""
    return _player_profile(db, index_stamp(db), player)


@st.cache_data(ttl=STATS_TTL_SECONDS, max_entries=64, show_spinner=False)
def _player_profile(db: str, stamp: tuple[int, ...],
                    player: str) -> tuple[q.PlayerProfile, list[q.GameRow]]:
    src = _source(db)
    return q.player_profile(src, player), q.player_games(src, player, PLAYER_GAMES)


def insights(db: str, player: str, fighter: str | None, opponent: str | None,
             since: str | None, least: int = q.MIN_DECISIONS) -> tuple[q.Insights, str]:
    """A player's insights (``q.insights``, groups of at least ``least`` decisions) and
    the command analysing the rest."""
    return _insights(db, index_stamp(db), player, fighter, opponent, since, least)


def unanalysed_games(db: str, player: str, fighter: str | None, opponent: str | None,
                     since: str | None) -> list[tuple[str, str]]:
    """The player's games under these filters with no stored analysis (game id, log
    path), newest first, at most ``q.BATCH_GAMES``: read now, never cached (the
    Insights page's "analyse the rest" starts on them)."""
    f = q.InsightFilter(player=player, fighter=fighter, opponent=opponent, since=since)
    return q.unanalysed_games(_source(db), f)


@st.cache_data(ttl=STATS_TTL_SECONDS, max_entries=64, show_spinner=False)
def _insights(db: str, stamp: tuple[int, ...], player: str, fighter: str | None,
              opponent: str | None, since: str | None,
              least: int) -> tuple[q.Insights, str]:
    src = _source(db)
    f = q.InsightFilter(player=player, fighter=fighter, opponent=opponent, since=since)
    return q.insights(src, f, least), q.analyse_command(src, f, db)
