"""Contract tests for ``replay.query``: the same answers from the DuckDB index and from its
exported Parquet dataset, checked against what the logs themselves say."""

from __future__ import annotations

import collections
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

from replay import query as q
from tests.replay.index.test_writer import boost_decisions

HOSTILE = ["ryu'; DROP TABLE games; --", "%' OR 1=1 --", "ryu\" OR \"1\"=\"1", "' OR ''='"]


@pytest.fixture(params=["duckdb", "parquet"])
def src(request: pytest.FixtureRequest, built_index: Path, exported: Path) -> q.Source:
    return q.Source.duckdb(built_index) if request.param == "duckdb" else q.Source.parquet(exported)


def _order(rows: list[Any]) -> list[str]:
    return [r.game_id for r in sorted(rows, key=lambda r: (r.p1, r.p2, r.seed, r.game_id))]


class TestQueryContract:
    """Every query function, run against both backends (``src`` is parametrized)."""

    def test_games_returns_every_game_in_order(self, src: q.Source,
                                               expected: dict[str, Any]) -> None:
        rows = q.games(src, limit=1000)
        assert [r.game_id for r in rows] == _order(list(expected.values()))
        for row in rows:
            e = expected[row.game_id]
            assert (row.p1, row.p2, row.seed, row.path) == (e.p1, e.p2, e.seed, e.path)
            assert (row.agent1, row.agent2) == e.agents
            assert (row.turns, row.strikes, row.events, row.decisions) == (
                e.turns, len(e.strikes), e.events, e.decisions)
            assert row.sealed and row.damage is None and row.reason in ("life", "decked")
            assert row.winner is not None
            assert e.winner == (row.p1, row.p2)[row.winner]
            loser_life = (row.p1_life, row.p2_life)[1 - row.winner]
            assert loser_life <= 0 or row.reason == "decked"

    def test_games_by_id_finds_each_known_id_and_skips_the_rest(
            self, src: q.Source, expected: dict[str, Any]) -> None:
        every = {row.game_id: row for row in q.games(src, limit=1000)}
        wanted = sorted(every)[:3]
        found = q.games_by_id(src, [*wanted, "0" * 64])
        assert found == {game_id: every[game_id] for game_id in wanted}
        assert q.games_by_id(src, []) == {}

    @pytest.mark.parametrize("filters", [
        {"character": "ryu"}, {"p1": "ken"}, {"p2": "ken"}, {"p1": "ryu", "p2": "ryu"},
        {"winner": "ken"}, {"agent": "heuristic"}, {"seed": 3}, {"min_turns": 30},
        {"max_turns": 25}, {"character": "ryu", "winner": "ken", "min_turns": 10},
    ])
    def test_games_filters(self, src: q.Source, expected: dict[str, Any],
                           filters: dict[str, Any]) -> None:
        def keep(e: Any) -> bool:
            f = filters
            return all((
                f.get("character") in (None, e.p1, e.p2), f.get("p1") in (None, e.p1),
                f.get("p2") in (None, e.p2), f.get("winner") in (None, e.winner),
                f.get("agent") in (None, *e.agents), f.get("seed") in (None, e.seed),
                e.turns >= f.get("min_turns", 0), e.turns <= f.get("max_turns", 10**9)))

        want = _order([e for e in expected.values() if keep(e)])
        assert want, "a filter that matches nothing proves little"
        assert [r.game_id for r in q.games(src, **filters)] == want

    def test_limit_and_offset_page_through_the_games(self, src: q.Source) -> None:
        everything = [r.game_id for r in q.games(src)]
        pages = [r.game_id for offset in range(0, 60, 7)
                 for r in q.games(src, limit=7, offset=offset)]
        assert pages == everything
        with pytest.raises(q.QueryError, match="limit must be 0 or more"):
            q.games(src, limit=-1)

    def test_one_game_and_its_strikes(self, src: q.Source, expected: dict[str, Any]) -> None:
        for game_id, e in list(expected.items())[::7]:
            row = q.game(src, game_id)
            assert row is not None and row.game_id == game_id
            strikes = q.game_strikes(src, game_id)
            assert [msgspec.structs.asdict(s) for s in strikes] == [
                {"game_id": game_id, **s} for s in e.strikes]
        assert q.game(src, "0" * 64) is None
        assert q.game_strikes(src, "0" * 64) == []

    def test_matchup_win_rates(self, src: q.Source, expected: dict[str, Any]) -> None:
        games: collections.Counter[tuple[str, str]] = collections.Counter()
        wins: collections.Counter[tuple[str, str]] = collections.Counter()
        mirrors: collections.Counter[tuple[str, str]] = collections.Counter()
        for e in expected.values():
            if e.p1 == e.p2:  # once, apart from the win rate
                mirrors[e.p1, e.p2] += 1
                continue
            for pair in ((e.p1, e.p2), (e.p2, e.p1)):
                games[pair] += 1
                wins[pair] += e.winner == pair[0]
        rows = q.matchup_win_rates(src)
        assert [(r.character, r.opponent) for r in rows] == sorted(games | mirrors)
        for r in rows:
            pair = (r.character, r.opponent)
            assert (r.games, r.wins, r.mirrors) == (games[pair], wins[pair], mirrors[pair])
            if games[pair]:
                assert r.win_rate == pytest.approx(wins[pair] / games[pair])
            else:
                assert r.win_rate is None
        assert {(r.character, r.games, r.wins, r.win_rate, r.mirrors) for r in rows
                if r.character == r.opponent} == {("ken", 0, 0, None, 12),
                                                  ("ryu", 0, 0, None, 12)}

    def test_card_performance(self, src: q.Source, expected: dict[str, Any]) -> None:
        stats: dict[tuple[str, str], collections.Counter[str]] = collections.defaultdict(
            collections.Counter)
        for e in expected.values():
            for s in e.strikes:
                for me, them in (("a", "d"), ("d", "a")):
                    if not s[f"{me}_card"]:
                        continue
                    c = stats[(s[f"{me}_char"], s[f"{me}_card"])]
                    c["struck"] += 1
                    c["hits"] += s[f"{me}_hit"]
                    c["damage"] += s[f"{me}_damage"]
                    c["stuns"] += s[f"{them}_stunned"]
                    c["wild_swung"] += s[f"{me}_wild"]
            for key in e.boosts:
                stats[key]["boosted"] += 1
        rows = q.card_performance(src)
        assert [(r.character, r.card) for r in rows] == sorted(stats)
        for r in rows:
            c = stats[(r.character, r.card)]
            assert (r.struck, r.hits, r.damage, r.stuns, r.boosted, r.wild_swung) == (
                c["struck"], c["hits"], c["damage"], c["stuns"], c["boosted"], c["wild_swung"])
            if r.struck:
                assert r.hit_rate == pytest.approx(r.hits / r.struck)
                assert r.avg_damage == pytest.approx(r.damage / r.struck)
                assert r.stun_rate == pytest.approx(r.stuns / r.struck)
            else:  # only boosted: no rate (it read 0.0, a card that never hits)
                assert (r.hit_rate, r.avg_damage, r.stun_rate) == (None, None, None)
        assert any(r.boosted for r in rows) and any(r.wild_swung for r in rows)
        assert any(not r.struck for r in rows), "some card is only boosted"
        ryu = q.card_performance(src, character="ryu")
        assert ryu == [r for r in rows if r.character == "ryu"]

    def test_game_lengths(self, src: q.Source, expected: dict[str, Any]) -> None:
        for character in (None, "ken"):
            want = collections.Counter(e.turns for e in expected.values()
                                       if character in (None, e.p1, e.p2))
            rows = q.game_lengths(src, character)
            assert [(r.turns, r.games) for r in rows] == sorted(want.items())

    def test_characters_agents_and_counts(self, src: q.Source,
                                          expected: dict[str, Any]) -> None:
        assert q.characters(src) == ["ken", "ryu"]
        assert q.agents(src) == ["heuristic", "random"]
        assert q.counts(src) == {
            "games": 60,
            "strikes": sum(len(e.strikes) for e in expected.values()),
            "events": sum(e.events for e in expected.values()),
            "decisions": sum(e.decisions for e in expected.values()),
            "boosts": sum(boost_decisions(e.path) for e in expected.values()),
        }

    def test_run_sql(self, src: q.Source) -> None:
        names, rows = q.run_sql(src, "WITH w AS (SELECT p1, count(*) AS n FROM games "
                                     "GROUP BY p1) SELECT * FROM w ORDER BY p1")
        assert names == ["p1", "n"]
        assert rows == [("ken", 24), ("ryu", 36)]
        names, rows = q.run_sql(src, "SELECT type, count(*) FROM events WHERE type = "
                                     "'game_ended' GROUP BY type")
        assert rows == [("game_ended", 60)]

    @pytest.mark.parametrize("sql", [
        "DROP TABLE games",
        "INSERT INTO games SELECT * FROM games",
        "DELETE FROM games",
        "COPY games TO '/tmp/stolen.csv'",
        "COPY (SELECT * FROM games) TO '/tmp/stolen.parquet' (FORMAT parquet)",
        "ATTACH '/tmp/other.duckdb' AS other",
        "SELECT 1; DROP TABLE games",
        "SELECT 1; SELECT 2",
        "CREATE TABLE x AS SELECT 1",
        "SET enable_external_access = true",
        "PRAGMA database_list",
        "INSTALL httpfs",
    ])
    def test_run_sql_refuses_anything_but_one_select(self, src: q.Source, sql: str) -> None:
        with pytest.raises(q.QueryError) as refused:
            q.run_sql(src, sql)
        assert "\n" not in str(refused.value)
        assert q.counts(src)["games"] == 60

    def test_run_sql_cannot_read_other_files(self, src: q.Source) -> None:
        with pytest.raises(q.QueryError, match="disabled by configuration"):
            q.run_sql(src, "SELECT * FROM read_csv('/etc/passwd')")

    def test_table_names_never_resolve_to_python_variables(self, src: q.Source) -> None:
        # ``sql`` and ``names`` are local variables of run_sql: DuckDB's Python
        # replacement scans would otherwise read them as tables
        for name in ("sql", "names", "HOSTILE"):
            with pytest.raises(q.QueryError, match="does not exist"):
                q.run_sql(src, f"SELECT * FROM {name}")

    @pytest.mark.parametrize("hostile", HOSTILE)
    def test_hostile_filter_values_are_only_parameters(self, src: q.Source,
                                                       hostile: str) -> None:
        for filtered in (q.games(src, character=hostile), q.games(src, p1=hostile),
                         q.games(src, p2=hostile), q.games(src, winner=hostile),
                         q.games(src, agent=hostile)):
            assert filtered == []
        assert q.game(src, hostile) is None
        assert q.game_strikes(src, hostile) == []
        assert q.card_performance(src, character=hostile) == []
        assert q.game_lengths(src, character=hostile) == []
        assert q.counts(src)["games"] == 60
        assert q.characters(src) == ["ken", "ryu"]


def test_both_backends_agree_on_every_query(built_index: Path, exported: Path) -> None:
    db, pq = q.Source.duckdb(built_index), q.Source.parquet(exported)
    ids = [r.game_id for r in q.games(db)][:5]
    runs: list[tuple[str, Callable[[q.Source], object]]] = [
        ("games", lambda s: q.games(s, limit=1000)),
        ("game", lambda s: [q.game(s, i) for i in ids]),
        ("strikes", lambda s: [q.game_strikes(s, i) for i in ids]),
        ("matchups", q.matchup_win_rates), ("cards", q.card_performance),
        ("lengths", q.game_lengths), ("characters", q.characters), ("agents", q.agents),
        ("counts", q.counts),
        ("sql", lambda s: q.run_sql(s, "SELECT * FROM decisions ORDER BY game_id, idx")),
        ("sql", lambda s: q.run_sql(s, "SELECT * FROM events ORDER BY game_id, seq LIMIT 500")),
    ]
    for name, run in runs:
        assert run(db) == run(pq), name


def test_parquet_views_have_the_duckdb_column_types(built_index: Path, exported: Path) -> None:
    for table in ("games", "strikes", "events", "decisions"):
        sql = f"SELECT column_name, data_type FROM information_schema.columns " \
              f"WHERE table_name = '{table}' ORDER BY ordinal_position"
        assert q.run_sql(q.Source.duckdb(built_index), sql) == q.run_sql(
            q.Source.parquet(exported), sql)


def test_open_source_picks_the_backend(built_index: Path, exported: Path,
                                       tmp_path: Path) -> None:
    assert q.open_source(built_index).kind == "duckdb"
    assert q.open_source(exported).kind == "parquet"
    with pytest.raises(q.IndexMissing, match="run `exceed index"):
        q.open_source(tmp_path / "nothing.duckdb")
    with pytest.raises(q.IndexMissing, match="not an exported index"):
        q.open_source(tmp_path)
    with pytest.raises(q.IndexMissing, match="run `exceed index"), \
            q.Source.duckdb(tmp_path / "gone.duckdb").connect():
        pass
