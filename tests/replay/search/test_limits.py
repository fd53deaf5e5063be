"""Moment search is bounded (issue 27 item 6): a pattern's length, its steps and its
conditions are capped, each refused with one line naming the cap before anything is
read; and one time limit covers the whole search, its queries interrupted at its end.

Before the caps, 5,000 x ``ex`` and 30 x ``then`` ran out of memory, 300 x ``then ...
same turn`` ran 50 s against the 30 s limit (planning is not interruptible) and 2,000 x
``then`` showed DuckDB's "Max expression depth" binder error.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from replay.index import search
from replay.index.source import execute
from replay.query import PatternError, QueryTimeout, Source, find_moments, parse_pattern
from replay.search.pattern import MAX_CONDITIONS, MAX_LENGTH, MAX_STEPS

Planted = tuple[Path, dict[str, Path]]

HOSTILE = {
    "5,000 x ex": ("hit" + " ex" * 5000, f"at most {MAX_LENGTH} characters long"),
    "30 x then": ("hit" + " then hit" * 29, f"at most {MAX_STEPS} steps"),
    "300 x then same turn": ("boost" + " then strike" * 299 + " same turn",
                             f"at most {MAX_LENGTH} characters long"),
    "2,000 x then": ("hit" + " then hit" * 1999, f"at most {MAX_LENGTH} characters long"),
    "5 steps": ("hit" + " then hit" * MAX_STEPS, f"at most {MAX_STEPS} steps"),
    "13 conditions": ("hit" + " ex" * (MAX_CONDITIONS + 1),
                      f"at most {MAX_CONDITIONS} conditions"),
    "13 conditions over steps": ("stunned by ex p1 then hit" + " ex" * (MAX_CONDITIONS - 1),
                                 f"at most {MAX_CONDITIONS} conditions"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_each_cap_is_one_line_naming_it(name: str, planted: Planted,
                                        cli: Callable[..., Any]) -> None:
    pattern, cap = HOSTILE[name]
    with pytest.raises(PatternError, match=cap):
        parse_pattern(pattern)
    start = time.monotonic()
    result = cli("find", pattern, "--db", planted[0])
    assert (result.code, result.out) == (2, "")
    [line] = result.err.splitlines()
    assert line.startswith("exceed find: pattern: at column ")
    assert cap in line
    assert len(line) < 200
    assert time.monotonic() - start < 60  # refused before any query (no 30 s limit hit)


def test_the_caps_point_at_where_they_are_passed() -> None:
    with pytest.raises(PatternError) as caught:
        parse_pattern("hit then miss then hit then miss then strike")
    assert str(caught.value) == (f"at column 34, 'then': a pattern has at most {MAX_STEPS} "
                                 "steps")
    with pytest.raises(PatternError) as caught:
        parse_pattern("x" * (MAX_LENGTH + 1))
    assert caught.value.column == MAX_LENGTH + 1
    assert str(caught.value).endswith(f"(this one has {MAX_LENGTH + 1})")


def test_a_pattern_at_every_cap_is_searched(planted: Planted) -> None:
    conditions = " ".join(["not ex", "not critical", "turn>=1"] * 2)
    pattern = " then ".join(["strike " + conditions] * 2 + ["strike"] * (MAX_STEPS - 2))
    assert len(parse_pattern(pattern).steps) == MAX_STEPS
    assert sum(len(s.conditions) for s in parse_pattern(pattern).steps) == MAX_CONDITIONS
    assert len(pattern) <= MAX_LENGTH
    moments = find_moments(Source.duckdb(planted[0]), pattern)
    assert all(len(m.events) == MAX_STEPS for m in moments)


ENDLESS = "SELECT count(*) AS n FROM range(100000000000)"


def test_the_search_time_limit_interrupts_its_query(planted: Planted,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "compile_pattern", lambda *a, **k: (ENDLESS, []))
    src = Source.duckdb(planted[0]).with_limit(0.5)
    with pytest.raises(QueryTimeout, match=r"^the query ran longer than 0\.5 s"):
        find_moments(src, "hit")


def test_one_time_limit_covers_every_slice(planted: Planted,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # every query of the search gets what is left of one limit, not a limit each
    given: list[float] = []
    real = execute  # the one search imports

    def slow(src: Source, *rest: Any) -> Any:
        given.append(src.limit)
        time.sleep(0.2)
        return real(src, *rest)

    monkeypatch.setattr(search, "execute", slow)
    monkeypatch.setattr(search, "FIRST_GAMES", 0.5)  # many slices of the planted games
    src = Source.duckdb(planted[0]).with_limit(600)
    find_moments(src, "stunned defender", limit=100)
    assert len(given) >= 3
    assert all(b < a for a, b in itertools.pairwise(given))
    assert given[0] <= 600
    # with no time left, the search stops with the whole limit's line
    src = Source.duckdb(planted[0]).with_limit(0.1)
    with pytest.raises(QueryTimeout, match=r"^the query ran longer than 0\.1 s"):
        find_moments(src, "stunned defender", limit=100)
