"""replay's query API: the one module the dashboard imports (and the CLI reads through).

It gathers, without adding code of its own:

- **the index** (``replay.index.source`` and ``replay.index.queries``): ``open_source`` /
  ``Source`` (a DuckDB index file or an exported Parquet dataset, read through
  short-lived read-only connections), the typed queries (``games``, ``game``,
  ``resolve_game_id``, ``game_strikes``, ``matchup_win_rates``, ``card_performance``,
  ``game_lengths``, ``characters``, ``agents``, ``counts``, ``run_sql``), their row types
  and the one-line errors a reader meets;
- **the statistics queries** (``replay.index.stats_queries``): ``matchup_cells`` (ordered
  or unordered, filtered by agents and first player; ``MatchupCell``),
  ``first_player_advantage``, ``fighter_record``, ``card_usage`` (strikes and Boost actions
  per card), ``game_page`` (a page of games and the total, in SQL) and ``longest_game``;
  counts only (the intervals are the dashboard's);
- **moment search** (``replay.search.pattern``, ``replay.index.search``): ``parse_pattern`` a
  pattern (``PatternError``: column, token and why), ``compile_pattern`` to SQL and
  ``find_moments`` (``MomentRow``); see docs/search.md;
- **the read model of one game** (``replay.viewer.frames``, ``replay.viewer.timeline``, and
  ``replay.viewer.card_labels`` for display names):
  ``open_game`` / ``open_game_bytes`` (a ``GameReplay``: the log opened once, its
  ``frame`` per position and perspective) and ``GameTimeline``, every layer of the strike
  timeline from one source: ``GameReplay.timeline`` from the log, or
  ``timeline_from_index`` from the index's rows when the log is gone;
  ``GameReplay.lanes`` (``replay.viewer.lanes``: ``GameLanes`` of ``SeatLanes``, one per
  lane of ``LANES``, from the end of the setup, ``GameLanes.start``, and each strike's
  final ``AttackStats``) for the resource lanes;
- **the strike summary** (``replay.strikes``): ``StrikeSummary`` and ``StrikeRow``, the
  same record with its game id, one definition for the replayer, index and dashboard;
- **upload checks** (``replay.upload``): ``inspect_upload`` for the Verify page;
- **corpus triage** (``replay.verification.triage``): ``triage`` (logs re-simulated over
  worker processes, a ``Triage`` of ``TriageOutcome`` per file and ``TriageGroup``s of
  divergences by ``GroupKey``) and ``group_outcomes`` (outcomes verified in parts, grouped
  as one), for the Verify page's indexed games;
- **game analysis** (``replay.analysis``, stored by ``replay.index.analysis``):
  ``game_analysis`` reads a stored analysis (``StoredAnalysis`` of ``AnalysisPointRow``
  and ``AnalysisOptionRow``), ``analyse_and_store`` runs one (``Params``; refusals
  ``AnalysisRefused`` / ``LogFormatError``, an index it cannot write ``IndexBusy`` /
  ``NotAnIndex``), ``INACCURACY``/``MISTAKE``/``BLUNDER`` are the swing thresholds and
  ``LABEL_MIN_N`` the sample below which no decision is labelled; ``ties_best`` /
  ``TIED``: an option as good as the best (``replay.analysis.ties``);
- **errors**: ``first_line`` (an error's first non-blank line, or its type's name: one
  line to show); ``not_an_index`` (``replay.foreign_index``: the one line for a DuckDB
  file that is another program's database, or that DuckDB cannot open, else None);
- **event numbers** (``replay.event_numbers``): ``event_number`` (the number shown for a
  stored 0-based index), ``parse_event`` (a URL's event number as a replay position) and
  ``event_range`` (the numbers a game has, for a message);
- **quoting** (``replay.quoting``): ``quoted`` (a value from a URL, a log or a person in
  a message, cut short when long), ``as_written`` (a number as typed, cut short),
  ``integer_as_typed`` (an integer as ``exceed --seed`` reads it),
  ``not_an_integer`` (why ``int`` refused a text; ``NOT_ASCII_DIGITS`` for ``𝟗``),
  ``whole_number`` (``int`` of ASCII digits only: a link's number), ``printable`` and ``printable_lines``
  (every control or unprintable character of a text escaped as Python writes it);
- **insights** (``replay.insights``, ``replay.index.insight_queries``): ``insights`` (a
  player's accuracy, breakdowns, costliest habits and trend over their stored analyses,
  ``Insights``, filtered by ``InsightFilter``; a breakdown's rows are ``InsightGroup``s), ``players`` (every player in the index),
  ``player_records`` (each player's record, ``PlayerRow``), ``player_profile`` (one
  player's record and record per fighter, ``PlayerProfile`` of ``PlayerFighterRow``) and ``player_games`` (their newest games),
  ``analyse_command`` (``analyze_logs_command`` for given logs; ``no_analyses_here`` says
  why a Parquet export gets none), ``unanalysed_games`` (the games with no stored analysis, newest
  first, at most ``BATCH_GAMES``: the page's "analyse the rest") and ``game_link``;
- **live games** (``replay.live``, issue 30): ``create_live`` a game against an agent,
  a person or hotseat, from a typed seed (``seed_from_text``) (``Created``: the seat tokens; a friend's game waits until
  ``join_live``, where the friend types their name, or ``cancel_waiting`` by its host), ``live_picture`` what one seat or
  a spectator may be shown (``SeatPicture``, options grouped by kind in ``Group``s),
  ``live_charts`` its strike timeline and lanes (``SeatCharts``: ended strikes only),
  ``live_cards`` its fighters' card texts,
  ``live_act`` / ``live_resign`` / ``live_takeback`` / ``live_claim`` a seat's decision (``when_queued``:
  told when the search agent's answer waits for a place, ``MAX_SEARCHING`` at once; ``LiveRefused``:
  one line, nothing recorded; ``taken_back``: what a takeback took back, in words (``taken_back_by``: whose decision);
  between people ``offer_takeback`` / ``answer_takeback``, an offer the other accepts;
  ``takeback_barred``: why a seat may not take back now, asked without acting),
  ``live_rematch`` (the seats swapped, joined by the other seat's click), ``seat_of_token``, ``read_live_settings``,
  ``claim_tab`` (the newest tab acts), ``mark_seen`` (a seat's page looked: the other
  person may claim the win once it has not for ``AWAY_S``, ``replay.live.presence``), ``unfinished_live`` (among the ``LOOKED_AT``
  newest logs; ``not_looked_at`` counts the others; ``for_browser`` what one browser's
  list shows: a game waiting for a friend only to a browser holding a seat of it) /
  ``abandon_live``,
  ``index_live`` (the finished game, through the indexer), ``live_fighters`` (and
  ``live_partners``, those a Tag Team may hold, and ``team_refusal``, why a pair makes none),
  ``live_root``, ``Clock``, ``LiveError``, ``OPPONENTS`` (``PERSON``: a friend), ``SPECTATOR``, and
  ``name_cookie`` / ``kept_name`` (the typed name a browser keeps, checked) and
  ``seats_cookie`` / ``kept_seats`` (the seat tokens it opened, checked);
- **card texts** (``replay.card_reference``): ``card_reference`` (each fighter of given
  seat specs: its character card and deck list's cards in words, ``FighterCards`` of
  ``CardText``) and ``game_cards`` (the same for an opened game, from its catalog);
- **forks** (``replay.viewer.fork_origin``): ``fork_origin`` (a forked game's parent, the
  decision it replaced and the option it took, ``ForkOrigin``) and ``played_at`` (the
  option a game took at one decision).

The named queries of ``exceed query`` (``NAMED_QUERIES``, ``Filters``) are in
``replay.index.named``, for the command line only.
"""

from __future__ import annotations

from engine import possessive
from replay.analysis.rollout import (
    BLUNDER,
    INACCURACY,
    LABEL_MIN_N,
    MISTAKE,
    Params,
    first_look,
)
from replay.analysis.run import AnalysisRefused, LogFormatError
from replay.analysis.ties import TIED, ties_best
from replay.card_reference import (
    CardText,
    FighterCards,
    card_reference,
    engine_cards,
    game_cards,
)
from replay.event_numbers import event_number, event_range, parse_event
from replay.foreign_index import not_an_index
from replay.fork import ForkError
from replay.index.analysis import analyse_and_store
from replay.index.analysis_queries import (
    AnalysisOptionRow,
    AnalysisPointRow,
    StoredAnalysis,
    game_analysis,
    reviewed,
)
from replay.index.forks import fork_into_index
from replay.index.insight_queries import Coverage, Example, InsightFilter, players
from replay.index.locks import IndexBusy, NotAnIndex
from replay.index.player_queries import (
    PlayerFighterRow,
    PlayerProfile,
    PlayerRow,
    player_games,
    player_profile,
    player_records,
)
from replay.index.queries import (
    SHORT_ID_MIN,
    AgentRow,
    CardRow,
    CharacterRow,
    CountRow,
    GameRow,
    LengthRow,
    MatchupRow,
    agents,
    card_performance,
    characters,
    counts,
    game,
    game_lengths,
    game_strikes,
    games,
    games_by_id,
    matchup_win_rates,
    resolve_game_id,
    run_sql,
)
from replay.index.search import MomentRow, compile_pattern, find_moments
from replay.index.source import (
    DEFAULT_LIMIT,
    DEFAULT_TIMEOUT,
    SQL_LIMIT,
    IndexMissing,
    NoIndexFile,
    QueryError,
    QueryLimit,
    QueryOutOfMemory,
    QueryTimeout,
    Source,
    first_line,
    open_source,
)
from replay.index.stats_queries import (
    CardUsageRow,
    FighterRecord,
    FirstPlayerRow,
    GamePage,
    MatchupCell,
    card_usage,
    fighter_record,
    first_player_advantage,
    game_page,
    longest_game,
    matchup_cells,
)
from replay.index.writer import default_index_path
from replay.insights import (
    BATCH_GAMES,
    MIN_DECISIONS,
    NOT_ENOUGH,
    Habit,
    InsightGroup,
    Insights,
    Mean,
    Rough,
    analyse_command,
    analyze_logs_command,
    example_game,
    game_link,
    insights,
    no_analyses_here,
    reanalyse_command,
    rough_text,
    unanalysed_games,
)
from replay.live.charts import SeatCharts, live_cards, live_charts
from replay.live.listing import (
    LOOKED_AT,
    ForBrowser,
    Listed,
    for_browser,
    not_looked_at,
    unfinished_live,
)
from replay.live.new_games import (
    Created,
    cancel_waiting,
    create_live,
    join_live,
    live_rematch,
    renew_friend_link,
    seed_from_text,
)
from replay.live.picture import (
    NONE_VERBS,
    SPECTATOR,
    VERBS,
    Group,
    SeatPicture,
    cards_decision,
    live_picture,
    taken_back,
    taken_back_by,
)
from replay.live.presence import AWAY_S, live_claim, mark_seen
from replay.live.searching import MAX_SEARCHING, when_queued
from replay.live.store import (
    BOTH_SEATS,
    NAME_COOKIE,
    SEATS_COOKIE,
    Clock,
    LiveError,
    Settings,
    TakebackOffer,
    Waiting,
    claim_tab,
    kept_name,
    kept_seats,
    log_mark,
    name_cookie,
    read_live_settings,
    seat_of_token,
    seats_cookie,
)
from replay.live.table import (
    CANCELLED,
    OPPONENTS,
    PERSON,
    LiveRefused,
    abandon_live,
    index_live,
    live_act,
    live_fighters,
    live_partners,
    live_resign,
    live_root,
    team_refusal,
)
from replay.live.takeback import answer_takeback, live_takeback, offer_takeback, takeback_barred
from replay.quoting import (
    NOT_ASCII_DIGITS,
    as_written,
    integer_as_typed,
    not_an_integer,
    printable,
    printable_lines,
    quoted,
    whole_number,
)
from replay.search.pattern import Pattern, PatternError, by_note, parse_pattern
from replay.strikes import StrikeRow, StrikeSummary
from replay.upload import UploadReport, inspect_upload
from replay.verification.triage import (
    GroupKey,
    Triage,
    TriageGroup,
    TriageOutcome,
    group_outcomes,
    triage,
)
from replay.viewer.card_labels import card_labels, card_names, character_name
from replay.viewer.fork_origin import ForkOrigin, fork_origin, played_at
from replay.viewer.frames import (
    FRAME_PERSPECTIVES,
    LANES,
    PERSPECTIVES,
    AttackStats,
    Frame,
    GameLanes,
    GameReplay,
    GameUnavailable,
    LifePoint,
    ObjectFrame,
    Perspective,
    PlayerFrame,
    SeatLanes,
    SideFrame,
    StrikeFrame,
    fighter_lives,
    frame,
    life_series,
    log_bytes,
    open_game,
    open_game_bytes,
    strike_positions,
    switches,
    why,
)
from replay.viewer.timeline import (
    DeckOut,
    Ending,
    FighterLife,
    GameTimeline,
    Moment,
    Switch,
    fighters_from_strikes,
    timeline_from_index,
)

__all__ = [
    "AWAY_S",
    "BATCH_GAMES",
    "BLUNDER",
    "BOTH_SEATS",
    "CANCELLED",
    "DEFAULT_LIMIT",
    "DEFAULT_TIMEOUT",
    "FRAME_PERSPECTIVES",
    "INACCURACY",
    "LABEL_MIN_N",
    "LANES",
    "LOOKED_AT",
    "MAX_SEARCHING",
    "MIN_DECISIONS",
    "MISTAKE",
    "NAME_COOKIE",
    "NONE_VERBS",
    "NOT_ASCII_DIGITS",
    "NOT_ENOUGH",
    "OPPONENTS",
    "PERSON",
    "PERSPECTIVES",
    "SEATS_COOKIE",
    "SHORT_ID_MIN",
    "SPECTATOR",
    "SQL_LIMIT",
    "TIED",
    "VERBS",
    "AgentRow",
    "AnalysisOptionRow",
    "AnalysisPointRow",
    "AnalysisRefused",
    "AttackStats",
    "CardRow",
    "CardText",
    "CardUsageRow",
    "CharacterRow",
    "Clock",
    "CountRow",
    "Coverage",
    "Created",
    "DeckOut",
    "Ending",
    "Example",
    "FighterCards",
    "FighterLife",
    "FighterRecord",
    "FirstPlayerRow",
    "ForBrowser",
    "ForkError",
    "ForkOrigin",
    "Frame",
    "GameLanes",
    "GamePage",
    "GameReplay",
    "GameRow",
    "GameTimeline",
    "GameUnavailable",
    "Group",
    "GroupKey",
    "Habit",
    "IndexBusy",
    "IndexMissing",
    "InsightFilter",
    "InsightGroup",
    "Insights",
    "LengthRow",
    "LifePoint",
    "Listed",
    "LiveError",
    "LiveRefused",
    "LogFormatError",
    "MatchupCell",
    "MatchupRow",
    "Mean",
    "Moment",
    "MomentRow",
    "NoIndexFile",
    "NotAnIndex",
    "ObjectFrame",
    "Params",
    "Pattern",
    "PatternError",
    "Perspective",
    "PlayerFighterRow",
    "PlayerFrame",
    "PlayerProfile",
    "PlayerRow",
    "QueryError",
    "QueryLimit",
    "QueryOutOfMemory",
    "QueryTimeout",
    "Rough",
    "SeatCharts",
    "SeatLanes",
    "SeatPicture",
    "Settings",
    "SideFrame",
    "Source",
    "StoredAnalysis",
    "StrikeFrame",
    "StrikeRow",
    "StrikeSummary",
    "Switch",
    "TakebackOffer",
    "Triage",
    "TriageGroup",
    "TriageOutcome",
    "UploadReport",
    "Waiting",
    "abandon_live",
    "agents",
    "analyse_and_store",
    "analyse_command",
    "analyze_logs_command",
    "answer_takeback",
    "as_written",
    "by_note",
    "cancel_waiting",
    "card_labels",
    "card_names",
    "card_performance",
    "card_reference",
    "card_usage",
    "cards_decision",
    "character_name",
    "characters",
    "claim_tab",
    "compile_pattern",
    "counts",
    "create_live",
    "default_index_path",
    "engine_cards",
    "event_number",
    "event_range",
    "example_game",
    "fighter_lives",
    "fighter_record",
    "fighters_from_strikes",
    "find_moments",
    "first_line",
    "first_look",
    "first_player_advantage",
    "for_browser",
    "fork_into_index",
    "fork_origin",
    "frame",
    "game",
    "game_analysis",
    "game_cards",
    "game_lengths",
    "game_link",
    "game_page",
    "game_strikes",
    "games",
    "games_by_id",
    "group_outcomes",
    "index_live",
    "insights",
    "inspect_upload",
    "integer_as_typed",
    "join_live",
    "kept_name",
    "kept_seats",
    "life_series",
    "live_act",
    "live_cards",
    "live_charts",
    "live_claim",
    "live_fighters",
    "live_partners",
    "live_picture",
    "live_rematch",
    "live_resign",
    "live_root",
    "live_takeback",
    "log_bytes",
    "log_mark",
    "longest_game",
    "mark_seen",
    "matchup_cells",
    "matchup_win_rates",
    "name_cookie",
    "no_analyses_here",
    "not_an_index",
    "not_an_integer",
    "not_looked_at",
    "offer_takeback",
    "open_game",
    "open_game_bytes",
    "open_source",
    "parse_event",
    "parse_pattern",
    "played_at",
    "player_games",
    "player_profile",
    "player_records",
    "players",
    "possessive",
    "printable",
    "printable_lines",
    "quoted",
    "read_live_settings",
    "reanalyse_command",
    "renew_friend_link",
    "resolve_game_id",
    "reviewed",
    "rough_text",
    "run_sql",
    "seat_of_token",
    "seats_cookie",
    "seed_from_text",
    "strike_positions",
    "switches",
    "takeback_barred",
    "taken_back",
    "taken_back_by",
    "team_refusal",
    "ties_best",
    "timeline_from_index",
    "triage",
    "unanalysed_games",
    "unfinished_live",
    "when_queued",
    "whole_number",
    "why",
]
