"""The index schema: every table's columns with their DuckDB and Arrow types.

The ``strikes`` columns are derived field by field from ``replay.strikes.StrikeRow``
(``game_id`` and the single definition of strike facts, ``StrikeSummary``), then the
partition ``bucket``; ``docs/index.md`` documents every column.
"""

from __future__ import annotations

import msgspec
import pyarrow as pa

from replay.strikes import StrikeRow, StrikeSummary

SCHEMA_VERSION = 7
"""2: the strikes' ``a_set_from``/``d_set_from`` and ``a_objects``/``d_objects`` (issue 14);
3: ``a_origin``/``d_origin``, ``a_exceeded``/``d_exceeded`` and ``a_overdrive``/
``d_overdrive`` (issue 15, BlazBlue); 4: the strikes' ``a_hit_event`` .. ``d_stun_event``
and the ``boosts`` table, so that moment search never reads ``events`` (issue 17); the
``card_totals`` table, so that the card query never reads ``strikes`` nor ``events``
(issue 18); 5: the games' ``player1``/``player2`` (who played each seat) and
``played`` (when), for ``exceed insights`` (issue 33); 6: ``card_totals`` keyed by the
seat's ``agent`` too (``exceed query cards --agent``), its ``boosted`` counting Boost
actions (the ``boosts`` rows naming a card), as the dashboard does, not every card
moved to the boost area by an effect; 7: the strikes' ``a_fighter``/``d_fighter`` and the
boosts' ``fighter``, the fighter in play (a Tag Team seat's ``a_char`` names the whole
team), so that moment search names and matches the fighter who struck or boosted."""

Column = tuple[str, str]

GAMES: tuple[Column, ...] = (
    ("game_id", "VARCHAR PRIMARY KEY"), ("path", "VARCHAR"), ("seed", "UBIGINT"),
    ("p1", "VARCHAR"), ("p2", "VARCHAR"), ("agent1", "VARCHAR"), ("agent2", "VARCHAR"),
    ("first", "INTEGER"), ("winner", "INTEGER"), ("reason", "VARCHAR"),
    ("turns", "INTEGER"), ("strikes", "INTEGER"), ("decisions", "INTEGER"),
    ("events", "INTEGER"), ("p1_life", "INTEGER"), ("p2_life", "INTEGER"),
    ("sealed", "BOOLEAN"), ("damage", "VARCHAR"), ("card_data", "VARCHAR"),
    ("engine", "VARCHAR"), ("player1", "VARCHAR"), ("player2", "VARCHAR"),
    ("played", "VARCHAR"), ("bucket", "VARCHAR"),
)


def _summary_type(annotation: object) -> str:
    if annotation in (bool, bool | None):
        return "BOOLEAN"
    if annotation in (int, int | None):
        return "INTEGER"
    return "VARCHAR"


SUMMARY_FIELDS: tuple[str, ...] = StrikeSummary.__struct_fields__
"""The strike summary's fields in order (a summary's ``astuple``)."""
STRIKES: tuple[Column, ...] = (
    *((f.name, _summary_type(f.type)) for f in msgspec.structs.fields(StrikeRow)),
    ("bucket", "VARCHAR"),
)
EVENTS: tuple[Column, ...] = (
    ("game_id", "VARCHAR"), ("bucket", "VARCHAR"), ("seq", "INTEGER"),
    ("decision", "INTEGER"), ("turn", "INTEGER"), ("type", "VARCHAR"),
    ("player", "INTEGER"), ("card", "VARCHAR"), ("data", "VARCHAR"),
)
DECISIONS: tuple[Column, ...] = (
    ("game_id", "VARCHAR"), ("bucket", "VARCHAR"), ("idx", "INTEGER"), ("turn", "INTEGER"),
    ("player", "INTEGER"), ("request", "VARCHAR"), ("decision", "VARCHAR"),
    ("data", "VARCHAR"),
)
BOOSTS: tuple[Column, ...] = (
    ("game_id", "VARCHAR"), ("bucket", "VARCHAR"), ("idx", "INTEGER"), ("turn", "INTEGER"),
    ("player", "INTEGER"), ("decision", "VARCHAR"), ("event", "INTEGER"), ("card", "VARCHAR"),
    ("fighter", "VARCHAR"),
)
CARD_TOTALS: tuple[Column, ...] = (
    ("bucket", "VARCHAR"), ("character", "VARCHAR"), ("agent", "VARCHAR"),
    ("card", "VARCHAR"), ("struck", "BIGINT"), ("hits", "BIGINT"), ("damage", "BIGINT"), ("stuns", "BIGINT"),
    ("wild_swung", "BIGINT"), ("boosted", "BIGINT"),
)
AGGREGATES: dict[str, int] = {"card_totals": 4}
"""Tables of sums kept by the indexer, and how many of their first columns are the key:
each batch adds one row per key (its games' sums), in the batch's transaction, so a
query sums the rows of a key. They have no ``game_id``; ``counts`` leaves them out."""
BOOST_DECISIONS = ("boost", "cross_boost")
"""The decisions that play a card as a boost (``boosts`` rows): Boost, and Tag Team's
Cross Boost."""
TABLES: dict[str, tuple[Column, ...]] = {
    "games": GAMES, "strikes": STRIKES, "events": EVENTS, "decisions": DECISIONS,
    "boosts": BOOSTS, "card_totals": CARD_TOTALS,
}
"""Every table's columns in order, with their DuckDB types (also the Parquet views')."""

_ARROW = {"VARCHAR": pa.string(), "INTEGER": pa.int32(), "UBIGINT": pa.uint64(),
          "BIGINT": pa.int64(), "BOOLEAN": pa.bool_()}


def column_type(decl: str) -> str:
    """The bare type of a column declaration (``VARCHAR PRIMARY KEY`` -> ``VARCHAR``)."""
    return decl.split()[0]


ARROW_SCHEMAS = {
    table: pa.schema([(name, _ARROW[column_type(decl)]) for name, decl in columns])
    for table, columns in TABLES.items()
}
