"""The index schema (``replay.index.schema``): the ``strikes`` columns come from the one
strike summary, and an existing index file keeps reading (same names, order and types)."""

from __future__ import annotations

import msgspec

from engine import GameLog
from replay.index.schema import AGGREGATES, SCHEMA_VERSION, SUMMARY_FIELDS, TABLES
from replay.strikes import StrikeRow, StrikeSummary, strike_summaries

STRIKES_V4 = [
    ("game_id", "VARCHAR"), ("strike", "INTEGER"), ("turn", "INTEGER"),
    ("first_event", "INTEGER"), ("last_event", "INTEGER"), ("attacker", "INTEGER"),
    ("defender", "INTEGER"), ("first", "INTEGER"), ("a_char", "VARCHAR"),
    ("d_char", "VARCHAR"), ("a_card", "VARCHAR"), ("d_card", "VARCHAR"),
    ("a_set_card", "VARCHAR"), ("d_set_card", "VARCHAR"), ("a_ex", "BOOLEAN"),
    ("d_ex", "BOOLEAN"), ("a_wild", "BOOLEAN"), ("d_wild", "BOOLEAN"),
    ("a_critical", "BOOLEAN"), ("d_critical", "BOOLEAN"), ("a_invalid", "INTEGER"),
    ("d_invalid", "INTEGER"), ("a_speed", "INTEGER"), ("d_speed", "INTEGER"),
    ("a_hit", "BOOLEAN"), ("d_hit", "BOOLEAN"), ("a_damage", "INTEGER"),
    ("d_damage", "INTEGER"), ("a_absorbed", "INTEGER"), ("d_absorbed", "INTEGER"),
    ("a_stunned", "BOOLEAN"), ("d_stunned", "BOOLEAN"), ("a_distance", "INTEGER"),
    ("d_distance", "INTEGER"), ("a_space_before", "INTEGER"),
    ("d_space_before", "INTEGER"), ("a_space_after", "INTEGER"),
    ("d_space_after", "INTEGER"), ("a_life_before", "INTEGER"),
    ("d_life_before", "INTEGER"), ("a_life_after", "INTEGER"), ("d_life_after", "INTEGER"),
    ("a_gauge_before", "INTEGER"), ("d_gauge_before", "INTEGER"),
    ("a_gauge_after", "INTEGER"), ("d_gauge_after", "INTEGER"), ("advantage", "INTEGER"),
    ("a_set_from", "VARCHAR"), ("d_set_from", "VARCHAR"), ("a_objects", "INTEGER"),
    ("d_objects", "INTEGER"), ("a_origin", "VARCHAR"), ("d_origin", "VARCHAR"),
    ("a_exceeded", "BOOLEAN"), ("d_exceeded", "BOOLEAN"), ("a_overdrive", "INTEGER"),
    ("d_overdrive", "INTEGER"), ("a_hit_event", "INTEGER"), ("d_hit_event", "INTEGER"),
    ("a_stun_event", "INTEGER"), ("d_stun_event", "INTEGER"),
    ("bucket", "VARCHAR"),
]
"""The ``strikes`` table of schema version 4 (version 1 lacked ``a_set_from`` ..
``d_objects``, version 2 ``a_origin`` .. ``d_overdrive``, version 3 ``a_hit_event`` ..
``d_stun_event``); an index of another version is
rebuilt (tests/replay/index/test_writer.py)."""


def test_strikes_columns_are_those_of_schema_version_4_then_the_fighters() -> None:
    assert SCHEMA_VERSION == 7  # 5 added the games' players (below), 6 the card totals'
    # agent (below), 7 the fighter in play of a strike's sides and of a boost
    assert list(TABLES["strikes"]) == [*STRIKES_V4[:-1], ("a_fighter", "VARCHAR"),
                                       ("d_fighter", "VARCHAR"), STRIKES_V4[-1]]
    assert [name for name, _ in TABLES["boosts"]] == [
        "game_id", "bucket", "idx", "turn", "player", "decision", "event", "card", "fighter"]


def test_strikes_columns_are_the_strike_row_then_the_bucket() -> None:
    names = [name for name, _ in TABLES["strikes"]]
    assert names == [*StrikeRow.__struct_fields__, "bucket"]
    assert names[0] == "game_id" and names[1:-1] == list(SUMMARY_FIELDS)
    assert SUMMARY_FIELDS == StrikeSummary.__struct_fields__


def test_a_strike_row_is_a_summary_with_its_game(sample_logs: list[GameLog]) -> None:
    summary = strike_summaries(sample_logs[0])[0]
    row = StrikeRow(game_id="ab" * 32, **msgspec.structs.asdict(summary))
    assert isinstance(row, StrikeSummary)
    assert msgspec.structs.asdict(row) == {"game_id": "ab" * 32,
                                           **msgspec.structs.asdict(summary)}
    header = sample_logs[0].header
    assert {row.attacker: row.a_char, row.defender: row.d_char} == {0: header.p1, 1: header.p2}


def test_schema_version_5_gives_each_game_its_players_and_when_it_was_played() -> None:
    names = [name for name, _ in TABLES["games"]]
    assert names[-4:] == ["player1", "player2", "played", "bucket"]
    assert dict(TABLES["games"])["player1"] == "VARCHAR"


def test_schema_version_6_keys_the_card_totals_by_the_seats_agent() -> None:
    """``exceed query cards --agent`` sums the card totals of the seats an agent played."""
    assert [name for name, _ in TABLES["card_totals"]][:4] == [
        "bucket", "character", "agent", "card"]
    assert AGGREGATES["card_totals"] == 4
