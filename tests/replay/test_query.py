"""``replay.query`` is replay's query API: a façade over the index queries, the read model
of one game and the upload checks, and the only replay module the dashboard imports."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from replay import (
    card_reference,
    event_numbers,
    foreign_index,
    fork,
    insights,
    query,
    quoting,
    strikes,
    upload,
)
from replay.analysis import rollout, run, ties
from replay.index import (
    analysis,
    analysis_queries,
    forks,
    insight_queries,
    locks,
    player_queries,
    queries,
    search,
    source,
    stats_queries,
    writer,
)
from replay.live import charts as live_chart_module
from replay.live import listing as live_listing
from replay.live import new_games as live_new_games
from replay.live import picture as live_picture
from replay.live import presence as live_presence
from replay.live import searching as live_searching
from replay.live import store as live_store
from replay.live import table as live_table
from replay.live import takeback as live_takeback
from replay.search import pattern
from replay.verification import triage
from replay.viewer import card_labels as card_labels_module
from replay.viewer import fork_origin, frames, timeline

ROOT = Path(__file__).resolve().parents[2]
QUERY_FUNCTIONS = ("games", "game", "resolve_game_id", "game_strikes", "matchup_win_rates",
                   "card_performance", "game_lengths", "characters", "agents", "counts",
                   "run_sql")


def test_every_name_is_the_one_of_the_module_that_defines_it() -> None:
    homes = (queries, analysis_queries, locks, source, writer, strikes, upload, frames, timeline, rollout, run,
             analysis, fork, forks, search, pattern, triage, stats_queries, event_numbers,
             fork_origin, insights, insight_queries, live_picture, live_store, live_table,
             live_chart_module, ties, card_reference, live_listing, player_queries,
             live_new_games, card_labels_module, live_takeback, live_presence, quoting,
             foreign_index, live_searching)
    for name in query.__all__:
        value = getattr(query, name)
        owners = [m for m in homes if getattr(m, name, None) is value]
        assert owners, f"replay.query.{name} is not re-exported from its module"
    for name in QUERY_FUNCTIONS:
        assert getattr(query, name) is getattr(queries, name)
        assert inspect.signature(getattr(query, name)).parameters["src"].annotation == "Source"
    assert query.open_source is source.open_source and query.Source is source.Source
    assert query.StrikeRow is strikes.StrikeRow and issubclass(query.StrikeRow, query.StrikeSummary)


def test_the_dashboard_imports_replay_only_through_the_query_api() -> None:
    imported = set()
    for path in (ROOT / "dashboard").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "replay":
                imported |= {f"replay.{a.name}" for a in node.names}  # from replay import x
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("replay"):
                imported.add(str(node.module))
            elif isinstance(node, ast.Import):
                imported |= {a.name for a in node.names if a.name.startswith("replay")}
    assert imported == {"replay.query"}
