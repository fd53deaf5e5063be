"""What the Game page's analysis tests share: the shortest game to analyse, the Game
page opened on a game, the stored analysis of a game, its most costly point, and the
page's decision panel and viewer header as drawn."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from streamlit.testing.v1 import AppTest

from replay.query import AnalysisPointRow, GameRow, StoredAnalysis, game_analysis, open_source

GAME_PAGE = "app_pages/game.py"


def tiny(rows: list[GameRow]) -> GameRow:
    """The game of ``rows`` with the fewest events (the quickest to analyse)."""
    return min(rows, key=lambda g: (g.events, g.game_id))


def open_game(app: Callable[..., AppTest], db: Path, game: GameRow) -> AppTest:
    """The Game page on ``game`` of the index ``db``, run once, with no exception."""
    at = app(db=db)
    at.query_params["game"] = game.game_id
    at.switch_page(GAME_PAGE).run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def stored(db: Path, game: GameRow) -> StoredAnalysis:
    """The analysis of ``game`` stored in the index ``db`` (there must be one)."""
    analysis = game_analysis(open_source(db), game.game_id)
    assert analysis is not None
    return analysis


def worst(analysis: StoredAnalysis) -> AnalysisPointRow:
    """The point with the largest swing among those with a severity (else any)."""
    marked = [p for p in analysis.points if p.severity] or list(analysis.points)
    return max(marked, key=lambda p: (p.swing, -p.idx))


def panel(at: AppTest) -> list[str]:
    """The open decision's panel headings (``**Decision N** · turn ...``)."""
    return [m.value for m in at.markdown if m.value.startswith("**Decision ")]


def viewer_header(at: AppTest) -> str:
    """The viewer's one header line (``**turn 3 · ...**``)."""
    headers = [m.value for m in at.markdown if m.value.startswith(("**turn ", "**setup "))]
    assert len(headers) == 1, headers
    return headers[0]
