"""Replay layer: read recorded EXCEED games, step through them, verify and index them.

- ``strikes``: the one strike summary (``StrikeSummary``; ``StrikeRow`` keyed by game).
- ``viewer/``: the cursor (``Replay``), the terminal board and session, the dashboard's
  frames and the strike timeline read model.
- ``verification/``: re-simulating a log on the current engine.
- ``index/``: the DuckDB index: schema, rows, the one writer, sources, queries, export.
- ``analysis/``: reserved for win probability, decision review and moment search.
- ``query``: the query API, the only module the dashboard imports.
- ``upload``: checks on a log handed in by a user (the dashboard's Verify page).

These modules import the engine only through its public surface (``from engine import
...``); ``upload``'s engine imports change with the CLI's move to ``replay/cli/``.
"""
