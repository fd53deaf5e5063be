"""Moment search (``replay.search.pattern``, ``replay.index.search``, ``exceed find``):
the five examples of docs/search.md find exactly the moments planted in the corpus of
``conftest.py``, at the right event; bad patterns are one line with column and token;
values reach SQL only as parameters."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from replay.index.source import execute
from replay.query import PatternError, Source, compile_pattern, find_moments, parse_pattern, run_sql

Planted = tuple[Path, dict[str, Path]]

EXAMPLES = {
    # pattern: (planted game, kind of the event the link opens)
    "stunned defender by wild_swing": ("wild-stun", "stunned"),
    "miss card=Shoryuken": ("shoryuken-miss", "missed"),
    "decked_out": ("decked", "game_ended"),
    "boost then strike same turn": ("boost-strike", "action"),
    "hit damage>=7 range=1": ("ex-hit-range-1", "hit"),
}


def _games(planted: Planted) -> dict[str, str]:
    """Game id -> planted name."""
    db, paths = planted
    src = Source.duckdb(db)
    _, rows = run_sql(src, "SELECT game_id, path FROM games")
    by_path = {str(p.resolve()): name for name, p in paths.items()}
    return {str(gid): by_path[str(path)] for gid, path in rows}


@pytest.mark.parametrize("pattern", list(EXAMPLES))
def test_each_example_finds_exactly_the_planted_moment(planted: Planted, pattern: str) -> None:
    db, _ = planted
    src = Source.duckdb(db)
    names = _games(planted)
    found = find_moments(src, pattern)
    game, event_type = EXAMPLES[pattern]
    assert [names[m.game_id] for m in found] == [game]
    moment = found[0]
    _, rows = run_sql(src, f"SELECT type, turn FROM events WHERE game_id = '{moment.game_id}' "
                           f"AND seq = {moment.event}")
    assert rows[0][0] == event_type
    assert moment.turn == 1


def test_the_moments_say_who_and_what(planted: Planted) -> None:
    src = Source.duckdb(planted[0])
    [stun] = find_moments(src, "stunned defender by wild_swing")
    assert (stun.strike, stun.player, stun.role, stun.foe_card) == (1, 1, "defender",
                                                                     "ryu_donkeykick")
    assert stun.description == "p2 Ken Masters stunned (defender) by Donkey Kick (a wild swing)"
    [hit] = find_moments(src, "hit damage>=7 range=1")
    assert (hit.card, hit.damage, hit.range, hit.player) == ("ryu_donkeykick", 7, 1, 0)
    assert hit.description == "p1 Ryu's Donkey Kick hit (attacker) for 7 at range 1"
    [pair] = find_moments(src, "boost then strike same turn")
    assert pair.strike is None and pair.card == "ryu_shoryuken" and len(pair.events) == 2
    assert pair.events[1] > pair.events[0]
    [chain] = find_moments(src, "wild_swing then hit then stunned same strike")
    _, rows = run_sql(src, "SELECT seq, type FROM events WHERE game_id = "
                           f"'{chain.game_id}' AND seq IN {tuple(chain.events)} ORDER BY seq")
    assert [r[1] for r in rows] == ["strike_started", "hit", "stunned"]
    assert [r[0] for r in rows] == chain.events
    [out] = find_moments(src, "decked_out")
    assert (out.player, out.description) == (1, "p2 Ken Masters decked out")


def test_the_near_misses_are_found_by_looser_patterns(planted: Planted) -> None:
    src = Source.duckdb(planted[0])
    names = _games(planted)

    def games(pattern: str) -> list[str]:
        return sorted(names[m.game_id] for m in find_moments(src, pattern))

    assert games("stunned defender") == ["boost-strike", "ex-hit-range-1", "ex-hit-range-2",
                                         "hand-stun", "wild-stun"]
    assert games("boost then strike") == ["boost-later", "boost-strike"]
    assert games("hit card=Shoryuken") == ["shoryuken-hit"]
    assert games("hit damage>=7") == ["ex-hit-range-1", "ex-hit-range-2"]
    assert games("hit ex range=2") == ["ex-hit-range-2"]
    assert games("hit not ex damage=6 range=1 p1 fighter=Ryu") == [
        "boost-strike", "hand-stun", "wild-stun"]
    assert games("wild_swing then stunned same strike") == ["wild-stun"]
    assert games("decked_out player=p1") == []
    assert find_moments(src, "stunned defender", limit=2) == find_moments(src,
                                                                         "stunned defender")[:2]


@pytest.mark.parametrize(("pattern", "message"), [
    ("hit dmg>=7", "at column 5, 'dmg': unknown condition; known: card, damage, fighter, "
                   "player, range, role, speed, turn"),
    ("hti", "at column 1, 'hti': unknown kind; known: boost, decked_out, hit, miss, "
            "strike, stunned, wild_swing"),
    ("", "at column 1, '': empty pattern; start with a kind: boost, decked_out, hit, miss, "
         "strike, stunned, wild_swing"),
    ("hit damage>=x", "at column 13, 'x': damage takes a whole number"),
    # a number past 64 bits met DuckDB's own error, echoing every digit (fuzzed, 6 Dec 2026)
    ("hit damage>=1" + "0" * 100, "at column 13, '1000000000000000000000000000000000000000…': "
                                  "damage takes a whole number of at most 18 digits"),
    ("hit turn=-1" + "0" * 18, "at column 10, '-1000000000000000000': turn takes a whole "
                               "number of at most 18 digits"),
    ("hit turn=1_0", "at column 10, '1_0': turn takes a whole number"),  # int() takes these
    ("hit damage>=\uff11", "at column 13, '\uff11': damage takes a whole number"),
    ("miss card=Shoryukn", "at column 11, 'Shoryukn': unknown card (give a card id or its "
                           "name)"),
    ("boost then", "at column 11, '': the pattern ends too soon"),
    ("boost range=1", "at column 7, 'range': does not apply to boost; boost takes: card, "
                      "fighter, player, turn"),
    ("hit by ex", "at column 5, 'by': 'by' (the opposing attack) only follows 'stunned'"),
    ("hit same turn", "at column 5, 'same': 'same turn' needs two steps joined by 'then'"),
    ("boost then hit same strike", "at column 1, 'boost': 'same strike' joins only strike "
                                   "moments: hit, miss, strike, stunned, wild_swing"),
    ("stunned by", "at column 11, '': 'by' needs a condition"),
    ("hit then", "at column 9, '': the pattern ends too soon"),
    ("miss not attacker", "at column 10, 'attacker': 'not' takes a flag: critical, ex, "
                          "stun, wild_swing"),
    ('miss card="Shoryuken', "at column 11, '\"Shoryuken': unterminated quote"),
    ("hit card>Shoryuken", "at column 9, '>': card compares only with = or !="),
])
def test_a_bad_pattern_says_where_it_stops_making_sense(planted: Planted, pattern: str,
                                                        message: str) -> None:
    with pytest.raises(PatternError) as caught:
        find_moments(Source.duckdb(planted[0]), pattern)
    assert str(caught.value) == message


def test_values_reach_sql_only_as_parameters() -> None:
    sql, params = compile_pattern(parse_pattern(
        "hit card=\"Donkey Kick\" damage>=7 fighter=ryu p1 then stunned by card=Spike"))
    assert "Donkey" not in sql and "ryu_" not in sql and "7" not in sql.replace("m0", "")
    assert "ryu_donkeykick" in params and 7 in params and "ryu" in params
    with pytest.raises(PatternError, match="unknown card"):
        compile_pattern(parse_pattern("hit card=\"x'); DROP TABLE games; --\""))


def test_exceed_find_prints_lines_json_and_one_line_errors(planted: Planted,
                                                           cli: Callable[..., Any]) -> None:
    db, _ = planted
    result = cli("find", "hit damage>=7 range=1", "--db", db)
    assert result.code == 0 and result.err == ""
    [line] = result.out.splitlines()
    [moment] = find_moments(Source.duckdb(db), "hit damage>=7 range=1")
    assert line.split("\t") == [
        moment.game_id, "turn 1", "strike 1", f"event {moment.event + 1}",  # counted from 1
        "p1 Ryu's Donkey Kick hit (attacker) for 7 at range 1",
        f"http://127.0.0.1:8501/game?game={moment.game_id}&event={moment.event + 1}"]
    result = cli("find", "stunned defender", "--db", db, "--json", "--limit", "2",
                 "--url", "http://host:9/")
    records = json.loads(result.out)
    assert len(records) == 2
    stored = find_moments(Source.duckdb(db), "stunned defender", 2)
    assert [r["event"] for r in records] == [m.event + 1 for m in stored]
    assert [r["events"] for r in records] == [[e + 1 for e in m.events] for m in stored]
    assert records[0]["link"] == (f"http://host:9/game?game={records[0]['game_id']}"
                                  f"&event={records[0]['event']}")
    result = cli("find", "hit dmg>=7", "--db", db)
    assert (result.code, result.out) == (2, "")
    assert result.err == ("exceed find: pattern: at column 5, 'dmg': unknown condition; "
                          "known: card, damage, fighter, player, range, role, speed, turn\n")
    result = cli("find", "hit", "--db", db.with_name("missing.duckdb"))
    assert result.code == 2 and len(result.err.splitlines()) == 1


def test_a_limit_past_any_table_finds_every_moment(planted: Planted,
                                                  cli: Callable[..., Any]) -> None:
    """``exceed find hit --limit 99999999999999999999`` printed DuckDB's ``Conversion
    Error`` (its ``LIMIT`` is a BIGINT), blamed on the index, exit 2; no index holds
    2**63 moments, so it finds every one, as a limit of all of them does."""
    db, _ = planted
    every = find_moments(Source.duckdb(db), "hit", 100_000)
    assert every
    result = cli("find", "hit", "--db", db, "--json", "--limit", str(10**20))
    assert (result.code, result.err) == (0, "")
    assert [r["event"] for r in json.loads(result.out)] == [m.event + 1 for m in every]


def test_find_links_name_the_dashboards_port(planted: Planted, cli: Callable[..., Any],
                                             monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27 item 19: the links always named 8501. ``--port N`` names the port, and
    ``$EXCEED_DASHBOARD_PORT`` (the port ``exceed dashboard`` serves on) is the default;
    a bad value is one usage line."""
    db, _ = planted

    def link(out: str) -> str:
        return out.split("\t")[-1]

    result = cli("find", "hit damage>=7 range=1", "--db", db, "--port", "8765")
    assert link(result.out).startswith("http://127.0.0.1:8765/game?game=")
    monkeypatch.setenv("EXCEED_DASHBOARD_PORT", "8601")
    assert link(cli("find", "hit damage>=7 range=1", "--db", db).out).startswith(
        "http://127.0.0.1:8601/game?game=")
    from replay.cli import build_parser
    assert build_parser().parse_args(["dashboard"]).port == 8601
    monkeypatch.setenv("EXCEED_DASHBOARD_PORT", "eighty")
    with pytest.raises(SystemExit) as stopped:  # argparse's usage line, exit 2
        build_parser().parse_args(["find", "hit", "--db", str(db)])
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and "--port: expected a port number, got 'eighty'" in err


def test_a_wild_swing_result_says_so(planted: Planted, cli: Callable[..., Any]) -> None:
    """Issue 27 item 19: a moment found "by wild_swing" says it was a wild swing."""
    db, _ = planted
    result = cli("find", "stunned defender by wild_swing", "--db", db)
    assert result.code == 0
    descriptions = [line.split("\t")[4] for line in result.out.splitlines()]
    assert descriptions and all(d.endswith("(a wild swing)") for d in descriptions)
    plain = cli("find", "stunned defender", "--db", db).out
    assert "wild swing" not in plain


def test_an_exported_parquet_dataset_answers_the_same(planted: Planted,
                                                      cli: Callable[..., Any],
                                                      tmp_path: Path) -> None:
    db, _ = planted
    out = tmp_path / "dataset"
    assert cli("export", "--parquet", out, "--db", db).code == 0
    for pattern in EXAMPLES:
        assert find_moments(Source.parquet(str(out)), pattern) == find_moments(
            Source.duckdb(db), pattern)


def test_on_a_terminal_exceed_find_draws_a_table(planted: Planted, cli: Callable[..., Any],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import replay.cli.find as find

    monkeypatch.setattr(find, "on_terminal", lambda stream: True)
    result = cli("find", "decked_out", "--db", planted[0])
    assert result.code == 0
    assert "decked out" in result.out and "(1 moment)" in result.out
    assert "event=" in result.out


@pytest.mark.parametrize("first", [0.01, 3])
def test_searching_in_slices_of_game_ids_finds_the_same_moments(
        planted: Planted, monkeypatch: pytest.MonkeyPatch, first: float) -> None:
    """A big index is read in slices of game ids (about ``FIRST_GAMES`` games, then a
    slice sized by what it found, then the rest): the moments and their order are those
    of one pass over every game, whatever the limit."""
    from replay.index import search

    src = Source.duckdb(planted[0])
    patterns = [*EXAMPLES, "stunned defender", "hit", "boost then strike", "strike"]
    whole = {(p, n): find_moments(src, p, limit=n) for p in patterns for n in (1, 2, 3, 100)}
    monkeypatch.setattr(search, "FIRST_GAMES", first)  # of the 9 planted games
    passes: list[int] = []
    real = execute  # the one search imports
    monkeypatch.setattr(search, "execute",
                        lambda *a: passes.append(1) or real(*a))  # type: ignore[func-returns-value]
    for (pattern, limit), moments in whole.items():
        assert find_moments(src, pattern, limit=limit) == moments, (pattern, limit)
    assert len(passes) > 2 * len(whole)  # the count, then more than one slice at times
