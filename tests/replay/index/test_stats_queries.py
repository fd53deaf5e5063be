"""The statistics queries (``replay.index.stats_queries``) against an index of the sample
games, from the DuckDB file and from its Parquet export: every count equals the one
computed here in plain Python from the games rows, or from the logs themselves (strikes
and Boost actions), for every combination of filters."""

from __future__ import annotations

import collections
import itertools
from collections.abc import Callable
from pathlib import Path

import pytest

from engine import events as ev
from engine.recording.record import read_game
from replay import query as q
from replay.strikes import strike_summaries
from tests.replay.conftest import run_cli

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = ROOT / "sample_games"
HOSTILE = ["ryu'; DROP TABLE games; --", "%' OR 1=1 --"]


@pytest.fixture(scope="module")
def sample_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("stats-index") / "index.duckdb"
    result = run_cli("index", SAMPLES, "--db", db, "--jobs", "1")
    assert result.code == 0, result.err
    return db


@pytest.fixture(scope="module")
def sample_export(sample_index: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("stats-parquet") / "dataset"
    result = run_cli("export", "--parquet", out, "--db", sample_index)
    assert result.code == 0, result.err
    return out


@pytest.fixture(scope="module", params=["duckdb", "parquet"])
def src(request: pytest.FixtureRequest, sample_index: Path, sample_export: Path) -> q.Source:
    if request.param == "duckdb":
        return q.Source.duckdb(sample_index)
    return q.Source.parquet(sample_export)


@pytest.fixture(scope="module")
def rows(sample_index: Path) -> list[q.GameRow]:
    return q.games(q.open_source(sample_index), limit=10_000)


def _sides(rows: list[q.GameRow], view: str) -> list[tuple[q.GameRow, int]]:
    """(game, row seat) for every finished game: seat 0 only when ordered, both otherwise."""
    seats = (0,) if view == "ordered" else (0, 1)
    return [(g, s) for g in rows if g.winner is not None for s in seats]


def _won(g: q.GameRow) -> int:
    """The seat that won ``g`` (a game with a winner)."""
    assert g.winner is not None, g.game_id
    return g.winner


def _expected_cells(rows: list[q.GameRow], view: str, row_agent: str | None,
                    col_agent: str | None, first: str | None
                    ) -> dict[tuple[str, str], tuple[int, int, int]]:
    kept: dict[tuple[str, str], list[tuple[str, bool]]] = collections.defaultdict(list)
    for g, seat in _sides(rows, view):
        specs, agents = (g.p1, g.p2), (g.agent1, g.agent2)
        if row_agent is not None and agents[seat] != row_agent:
            continue
        if col_agent is not None and agents[1 - seat] != col_agent:
            continue
        if first is not None and (g.first == seat) != (first == "row"):
            continue
        kept[specs[seat], specs[1 - seat]].append((g.game_id, g.winner == seat))
    cells = {}
    for pair, sides in kept.items():
        seen = collections.Counter(game for game, _ in sides)
        counted = [won for game, won in sides if seen[game] == 1]
        cells[pair] = (len(counted), sum(counted), sum(1 for n in seen.values() if n == 2))
    return cells


AGENTS = (None, "heuristic", "random")


@pytest.mark.parametrize("view", ["ordered", "unordered"])
def test_matchup_cells_count_every_filter_combination(src: q.Source, rows: list[q.GameRow],
                                                      view: str) -> None:
    for row_agent, col_agent, first in itertools.product(AGENTS, AGENTS, (None, "row", "col")):
        got = q.matchup_cells(src, view, row_agent=row_agent, col_agent=col_agent,  # type: ignore[arg-type]
                              first=first)  # type: ignore[arg-type]
        want = _expected_cells(rows, view, row_agent, col_agent, first)
        assert {(c.character, c.opponent): (c.games, c.wins, c.mirrors) for c in got} == want, (
            row_agent, col_agent, first)
        assert [(c.character, c.opponent) for c in got] == sorted(want)


def test_mirror_games_are_left_out_of_the_unordered_view_only(src: q.Source,
                                                               rows: list[q.GameRow]) -> None:
    mirrors = [g for g in rows if g.p1 == g.p2 == "ken" and g.winner is not None]
    assert len(mirrors) >= 2
    unordered = {(c.character, c.opponent): c for c in q.matchup_cells(src, "unordered")}
    assert unordered["ken", "ken"].games == 0 and unordered["ken", "ken"].mirrors == len(mirrors)
    ordered = {(c.character, c.opponent): c for c in q.matchup_cells(src, "ordered")}
    assert ordered["ken", "ken"].games == len(mirrors)
    assert ordered["ken", "ken"].wins == sum(g.winner == 0 for g in mirrors)
    # a filter that tells the two seats apart makes a mirror game count, once
    split = q.matchup_cells(src, "unordered", row_agent="heuristic", col_agent="random",
                            character="ken")
    mixed = [g for g in mirrors if {g.agent1, g.agent2} == {"heuristic", "random"}]
    cell = next(c for c in split if c.opponent == "ken")
    assert (cell.games, cell.mirrors) == (len(mixed), 0)
    assert cell.wins == sum((g.agent1, g.agent2)[_won(g)] == "heuristic" for g in mixed)


def test_unordered_cells_mirror_each_other(src: q.Source) -> None:
    cells = {(c.character, c.opponent): c for c in q.matchup_cells(src)}
    for (a, b), cell in cells.items():
        if a != b:
            other = cells[b, a]
            assert other.games == cell.games and other.wins == cell.games - cell.wins


def test_character_keeps_one_row(src: q.Source) -> None:
    every = q.matchup_cells(src)
    assert q.matchup_cells(src, character="ken") == [c for c in every if c.character == "ken"]


def test_first_player_advantage(src: q.Source, rows: list[q.GameRow]) -> None:
    for p1_agent, p2_agent, character in itertools.product(AGENTS, AGENTS, (None, "ryu")):
        games = [g for g in rows if g.winner is not None
                 and p1_agent in (None, g.agent1) and p2_agent in (None, g.agent2)
                 and character in (None, g.p1, g.p2)]
        got = q.first_player_advantage(src, p1_agent=p1_agent, p2_agent=p2_agent,
                                       character=character)
        assert got == q.FirstPlayerRow(games=len(games),
                                       first_wins=sum(g.winner == g.first for g in games))
    assert q.first_player_advantage(src, p1_agent="nobody") == q.FirstPlayerRow(games=0,
                                                                                 first_wins=0)


@pytest.mark.parametrize("fighter", ["ken", "ryu", "ryu+ken", "akuma"])
def test_fighter_record(src: q.Source, rows: list[q.GameRow], fighter: str) -> None:
    mine = [g for g in rows if fighter in (g.p1, g.p2)]
    finished = [g for g in mine if g.winner is not None]
    others = [g for g in finished if g.p1 != g.p2]
    won = [g for g in others if (g.p1, g.p2)[g.winner or 0] == fighter]
    lost = [g for g in others if g not in won]

    def avg(games: list[q.GameRow]) -> float | None:
        return sum(g.turns for g in games) / len(games) if games else None

    got = q.fighter_record(src, fighter)
    assert (got.games, got.finished, got.mirrors, got.wins) == (
        len(mine), len(finished), len(finished) - len(others), len(won))
    for value, want in ((got.avg_turns, avg(finished)), (got.avg_turns_won, avg(won)),
                        (got.avg_turns_lost, avg(lost))):
        assert value == pytest.approx(want)


def test_fighter_record_of_nobody(src: q.Source) -> None:
    got = q.fighter_record(src, "nobody")
    assert (got.games, got.wins, got.avg_turns) == (0, 0, None)


def _usage_from_logs(rows: list[q.GameRow], fighter: str,
                     keep: Callable[[q.GameRow, int], bool] = lambda g, seat: True,
                     ) -> dict[str, tuple[int, ...]]:
    """Per card: (struck, hits, damage, stuns, wild_swung, boosted), read from the logs,
    of the fighter's seats that ``keep(game, seat)``."""
    count: dict[str, list[int]] = collections.defaultdict(lambda: [0] * 6)
    for g in rows:
        if fighter not in (g.p1, g.p2):
            continue
        log = read_game(Path(g.path))
        defs = log.initial_state().card_defs
        specs = (g.p1, g.p2)
        for s in strike_summaries(log):
            for side in ("a", "d"):
                seat = s.attacker if side == "a" else s.defender
                card = getattr(s, f"{side}_card")
                if specs[seat] != fighter or not card or not keep(g, seat):
                    continue
                other = "d" if side == "a" else "a"
                c = count[card]
                c[0] += 1
                c[1] += bool(getattr(s, f"{side}_hit"))
                c[2] += getattr(s, f"{side}_damage")
                c[3] += bool(getattr(s, f"{other}_stunned"))
                c[4] += bool(getattr(s, f"{side}_wild"))
        for e in log.events():
            if (isinstance(e, ev.ActionTaken) and e.card is not None
                    and specs[e.player] == fighter and keep(g, e.player)):
                count[defs[e.card]][5] += 1
    return {card: tuple(c) for card, c in count.items()}


@pytest.mark.parametrize("fighter", ["ken", "ryu+ken", "vega"])
def test_card_usage_matches_the_logs(src: q.Source, rows: list[q.GameRow], fighter: str) -> None:
    got = q.card_usage(src, fighter)
    assert {u.card: (u.struck, u.hits, u.damage, u.stuns, u.wild_swung, u.boosted)
            for u in got} == _usage_from_logs(rows, fighter)
    assert any(u.struck for u in got)
    if fighter == "ken":  # both kinds of play occur
        assert any(u.boosted for u in got)
    assert [u.struck for u in got] == sorted((u.struck for u in got), reverse=True)


def test_card_usage_takes_the_fighter_pages_filters(src: q.Source,
                                                    rows: list[q.GameRow]) -> None:
    """The Fighter page's card table ignored the page's filters (its agent, the
    opponent's, who went first) that its win rates follow: card_usage takes all three,
    each keeping the plays of the fighter's seats that pass it."""
    def agents(g: q.GameRow, seat: int) -> tuple[str, str]:
        return (g.agent1, g.agent2) if seat == 0 else (g.agent2, g.agent1)

    def usage(*args: str | None, **filters: str) -> dict[str, tuple[int, ...]]:
        return {u.card: (u.struck, u.hits, u.damage, u.stuns, u.wild_swung, u.boosted)
                for u in q.card_usage(src, "ken", *args, **filters)}  # type: ignore[arg-type]

    every = usage()
    cases: list[tuple[dict[str, str], Callable[[q.GameRow, int], bool]]] = [
        ({"opp_agent": "random"}, lambda g, seat: agents(g, seat)[1] == "random"),
        ({"first": "row"}, lambda g, seat: g.first == seat),
        ({"first": "col"}, lambda g, seat: g.first != seat),
        ({"opp_agent": "heuristic", "first": "row"},
         lambda g, seat: agents(g, seat)[1] == "heuristic" and g.first == seat),
    ]
    for filters, keep in cases:
        got = usage(**filters)
        assert got == _usage_from_logs(rows, "ken", keep), filters
        assert got and got != every, filters
    assert usage("heuristic", opp_agent="random") == _usage_from_logs(
        rows, "ken", lambda g, seat: agents(g, seat) == ("heuristic", "random"))
    with pytest.raises(q.QueryError, match="first must be one of row, col"):
        q.card_usage(src, "ken", first="p1")  # type: ignore[arg-type]


def test_card_usage_of_every_sample_fighter_matches_the_logs(sample_index: Path,
                                                             rows: list[q.GameRow]) -> None:
    """Every fighter of every line in the samples: the boost counts come from the
    ``boosts`` table, the logs count every ``ActionTaken`` that names a card, so a card
    action event outside a Boost or Cross Boost decision would show here."""
    src = q.Source.duckdb(sample_index)
    fighters = sorted({spec for g in rows for spec in (g.p1, g.p2)})
    assert len(fighters) >= 50
    boosted = 0
    for fighter in fighters:
        got = q.card_usage(src, fighter)
        assert {u.card: (u.struck, u.hits, u.damage, u.stuns, u.wild_swung, u.boosted)
                for u in got} == _usage_from_logs(rows, fighter), fighter
        boosted += sum(u.boosted for u in got)
    assert boosted > 0


def _matches(g: q.GameRow, fighter: str | None = None, winner: str | None = None,
             agent: str | None = None, seed: int | None = None, min_turns: int | None = None,
             max_turns: int | None = None) -> bool:
    won = None if g.winner is None else (g.p1, g.p2)[g.winner]
    return all((fighter is None or fighter in g.p1.split("+") + g.p2.split("+"),
                winner is None or (won is not None and winner in won.split("+")),
                agent in (None, g.agent1, g.agent2), seed in (None, g.seed),
                min_turns is None or g.turns >= min_turns,
                max_turns is None or g.turns <= max_turns))


@pytest.mark.parametrize("filters", [
    {}, {"fighter": "ryu"}, {"fighter": "ken", "winner": "ryu"}, {"winner": "zangief"},
    {"agent": "random", "min_turns": 30}, {"max_turns": 20}, {"seed": 100},
    {"fighter": HOSTILE[0]}, {"agent": HOSTILE[1]},
])
def test_game_page_filters_counts_and_pages(src: q.Source, rows: list[q.GameRow],
                                            filters: dict[str, object]) -> None:
    want = [g.game_id for g in sorted(rows, key=lambda g: (g.p1, g.p2, g.seed, g.game_id))
            if _matches(g, **filters)]  # type: ignore[arg-type]
    pages = [q.game_page(src, limit=7, offset=o, **filters)  # type: ignore[arg-type]
             for o in range(0, len(want) + 7, 7)]
    assert all(p.total == len(want) for p in pages)
    assert [g.game_id for p in pages for g in p.rows] == want
    assert q.game_page(src, limit=0, **filters).rows == []  # type: ignore[arg-type]


def test_game_page_refusals(src: q.Source) -> None:
    with pytest.raises(q.QueryError, match="0 or more"):
        q.game_page(src, limit=-1)
    assert q.game_page(src, seed=-1) == q.GamePage(total=0, rows=[])
    with pytest.raises(q.QueryError, match="first must be one of row, col"):
        q.matchup_cells(src, first="middle")  # type: ignore[arg-type]
    with pytest.raises(q.QueryError, match="view must be"):
        q.matchup_cells(src, "sideways")  # type: ignore[arg-type]


def test_longest_game(src: q.Source, rows: list[q.GameRow]) -> None:
    assert q.longest_game(src) == max(g.turns for g in rows)


def test_game_page_order_puts_the_given_specs_first(src: q.Source,
                                                    rows: list[q.GameRow]) -> None:
    order = ("vega", "ryu")  # anything else comes after, by id
    got = q.game_page(src, limit=1000, order=order).rows

    def rank(spec: str) -> tuple[int, str]:
        return (order.index(spec), "") if spec in order else (len(order), spec)

    want = sorted(rows, key=lambda g: (rank(g.p1), rank(g.p2), g.seed, g.game_id))
    assert [g.game_id for g in got] == [g.game_id for g in want]
    assert got[0].p1 == "vega"
