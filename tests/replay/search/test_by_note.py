"""A pattern whose conditions after ``by`` bind two ways (``replay.search.pattern.by_note``):
``by`` takes the one condition right after it (docs/search.md, Grammar), so in
``stunned by fighter=zangief card=Sweep`` the card is the stunned side's, where a coach
read "stunned by Zangief's Sweep". ``exceed find`` keeps that reading (patterns written
for it mean what they meant) and says so in one note on stderr, with the pattern as it
was understood and the way to write the other reading."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from replay.search.pattern import by_note, parse_pattern

Planted = tuple[Path, dict[str, Path]]


def _meaning(pattern: str) -> list[tuple[str, set[tuple[str, str, object, bool]]]]:
    """What a pattern asks, whatever the order and columns of its conditions."""
    return [(step.kind, {(c.field, c.op, c.value, c.foe) for c in step.conditions})
            for step in parse_pattern(pattern).steps]


def _readings(note: str) -> tuple[str, str]:
    """The two patterns a note quotes: as understood, and the other reading."""
    parts = note.split("'")
    return parts[1], parts[-2]


@pytest.mark.parametrize(("pattern", "understood", "other", "named"), [
    ("stunned by fighter=zangief card=Sweep", "stunned card=Sweep by fighter=zangief",
     "stunned by fighter=zangief by card=Sweep", "so card=Sweep describes the stunned side"),
    # a name whose lower case is longer ("İ" is two characters) shifts no condition
    ("stunned by card=İİİİ EX p1 then hit", "stunned EX p1 by card=İİİİ then hit",
     "stunned by card=İİİİ by EX by p1 then hit", "so EX, p1 describe the stunned side"),
    ('stunned defender by card="Donkey Kick" not ex p1 then hit same turn',
     'stunned defender not ex p1 by card="Donkey Kick" then hit same turn',
     'stunned defender by card="Donkey Kick" by not ex by p1 then hit same turn',
     "so not ex, p1 describe the stunned side"),
])
def test_conditions_after_a_by_condition_are_named_with_both_readings(
        pattern: str, understood: str, other: str, named: str) -> None:
    note = by_note(parse_pattern(pattern))
    assert _readings(note) == (understood, other), note
    assert named in note and '"by" takes only the condition right after it' in note
    # the reading understood is the pattern as parsed; the other one binds every condition
    assert _meaning(understood) == _meaning(pattern)
    first = parse_pattern(pattern).steps[0].conditions
    by_at = min(c.column for c in first if c.foe)
    assert _meaning(other)[0][1] == {(c.field, c.op, c.value, c.foe or c.column > by_at)
                                     for c in first}


@pytest.mark.parametrize("pattern", [
    "stunned defender by wild_swing", "stunned by card=Shoryuken",
    "stunned by fighter=zangief by card=Sweep", "stunned p1 by ex",
    "hit card=\"Donkey Kick\" damage>=7 fighter=ryu p1 then stunned by card=Spike",
    "boost then strike same turn", "decked_out"])
def test_a_pattern_that_reads_one_way_has_no_note(pattern: str) -> None:
    assert by_note(parse_pattern(pattern)) == ""


def test_exceed_find_says_how_it_read_the_pattern_and_finds_the_same(
        planted: Planted, cli: Callable[..., Any]) -> None:
    db, _ = planted
    trap = cli("find", "stunned by fighter=ken card=Sweep", "--db", db)
    plain = cli("find", "stunned card=Sweep by fighter=ken", "--db", db)
    assert trap.code == 0 and trap.out == plain.out
    assert trap.err.splitlines() == [
        "exceed find: note: read as 'stunned card=Sweep by fighter=ken' (\"by\" takes only "
        "the condition right after it, so card=Sweep describes the stunned side); for the "
        "opposing attack put \"by\" before each condition: 'stunned by fighter=ken by "
        "card=Sweep'"], trap.err
    assert plain.err == ""
    json_run = cli("find", "stunned by fighter=ken card=Sweep", "--db", db, "--json")
    assert json_run.code == 0 and json_run.out.startswith("[") and "note" in json_run.err
