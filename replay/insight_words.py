"""The Insights' worst decisions named in today's words, from each game's log.

A habit's examples (``replay.index.insight_queries.Example``) carry the label stored with
the analysis, in the words of the day it was made: one stored before a label was
improved read "Move to space 4" where the Game page, opened from the example's link,
names the same decision "Move to space 4 (1 force)". As the Game page does
(``StoredAnalysis.in_words_of``), each example's game log is read, the decision found
(``replay.analysis.positions.points``) and named as ``exceed analyze`` names it now.

A log that cannot be read (moved, over the viewer's cap, damaged before the decision,
rewritten since it was indexed: its SHA-256 is no longer the game id) keeps the stored
words; nothing here raises for a log.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engine import Catalog, GameLog, LogFormatError, read_game_bytes
from replay.analysis.labels import option_label
from replay.analysis.positions import points
from replay.index.insight_queries import Example
from replay.index.queries import games_by_id
from replay.index.source import Source
from replay.viewer.frames import log_bytes, naming_catalog


def _opened(path: str, game_id: str) -> tuple[GameLog, Catalog] | None:
    """The log at ``path`` and the catalog the Game page names it with, if it is still
    the game ``game_id`` names and within the viewer's cap (``log_bytes``); else None."""
    data = log_bytes(path, game_id)
    if data is None:
        return None
    try:
        log = read_game_bytes(data, path)
    except (LogFormatError, ValueError):
        return None
    return log, naming_catalog(log)


def named_today(src: Source, examples: Sequence[Example]) -> list[Example]:
    """``examples`` with each decision named as it is named today (the stored words where
    its log cannot say); each game's log is read once."""
    wanted: dict[str, set[int]] = {}
    for e in examples:
        wanted.setdefault(e.game_id, set()).add(e.idx)
    rows = games_by_id(src, list(wanted))
    words: dict[tuple[str, int], str] = {}
    for game_id, indices in wanted.items():
        row = rows.get(game_id)
        opened = None if row is None or not row.path else _opened(row.path, game_id)
        if opened is None:
            continue
        log, catalog = opened
        try:
            for point in points(log, catalog, indices):
                words[(game_id, point.id.index)] = option_label(
                    point.decision, point.request, point.state, catalog)
        except Exception:  # a log this engine no longer folds that far
            continue  # (a rule changed since): the stored words stay; never the page down
    return [msgspec.structs.replace(e, decision=words.get((e.game_id, e.idx), e.decision))
            for e in examples]


__all__ = ["named_today"]
