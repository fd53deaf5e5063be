"""One number, one meaning, on every surface: ``exceed query matchups`` / ``cards`` (the
CLI, its CSV and JSON) and the dashboard's queries (``replay.index.stats_queries``) give
the same counts on the same games.

- a mirror game (Ryu vs Ryu) is counted once, in ``mirrors``, and left out of
  ``games``, ``wins`` and the win rate (empty) on both;
- ``--agent`` keeps the sides (matchups) and the plays (cards) of the seats that agent
  played, as the dashboard's "played by" filters do;
- "boosted" is the Boost actions that played the card on both, not the cards an effect
  moved to the boost area (Platinum's, Rachel's and Wagner's samples have such moves).

The index is built here from a few samples: the four Ryu mirrors (every agent pairing),
Ryu against Ken, and the fighters whose effects boost cards.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engine import events as ev
from engine.recording.record import read_game
from replay import query as q
from tests.replay.conftest import run_cli

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = ROOT / "sample_games"
PICKED = ("ryu-vs-ryu_", "ryu-vs-ken_", "ken-vs-ryu_", "platinum-vs-ryu_",
          "rachel-vs-ryu_", "wagner-vs-ryu_")
AGENTS = (None, "heuristic", "random")


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    logs = tmp_path_factory.mktemp("one-meaning-logs")
    for path in sorted(SAMPLES.glob("*.exlog")):
        if path.name.startswith(PICKED):
            shutil.copy(path, logs / path.name)
    out = tmp_path_factory.mktemp("one-meaning") / "index.duckdb"
    result = run_cli("index", logs, "--db", out, "--jobs", "1")
    assert result.code == 0, result.err
    return out


def _json(*args: str | Path) -> list[dict[str, object]]:
    result = run_cli("query", *args, "--format", "json")
    assert result.code == 0, result.err
    rows: list[dict[str, object]] = json.loads(result.out)
    return rows


def test_a_mirror_is_counted_once_apart_from_the_win_rate(db: Path) -> None:
    games = q.games(q.open_source(db), limit=1000)
    mirrors = [g for g in games if g.p1 == g.p2 == "ryu" and g.winner is not None]
    assert len(mirrors) == 4
    rows = {(r["character"], r["opponent"]): r for r in _json("matchups", "--db", db)}
    ryu = rows["ryu", "ryu"]
    assert (ryu["games"], ryu["wins"], ryu["win_rate"], ryu["mirrors"]) == (0, 0, None, 4)
    assert rows["ryu", "ken"]["mirrors"] == 0
    csv = run_cli("query", "matchups", "--db", db, "--format", "csv")
    header, *lines = csv.out.splitlines()
    assert header.endswith(",games,wins,win_rate,mirrors")
    assert [line for line in lines if line.startswith("ryu,Ryu,ryu,")] == [
        "ryu,Ryu,ryu,Ryu,0,0,,4"]


@pytest.mark.parametrize("agent", AGENTS)
def test_matchups_agree_with_the_dashboards_unordered_view(db: Path, agent: str | None) -> None:
    args: tuple[str, ...] = () if agent is None else ("--agent", agent)
    cli = {(r["character"], r["opponent"]): (r["games"], r["wins"], r["mirrors"])
           for r in _json("matchups", "--db", db, *args)}
    cells = q.matchup_cells(q.open_source(db), "unordered", row_agent=agent)
    assert cli == {(c.character, c.opponent): (c.games, c.wins, c.mirrors) for c in cells}
    for row in _json("matchups", "--db", db, *args):
        games, wins = row["games"], row["wins"]
        assert isinstance(games, int) and isinstance(wins, int)
        assert row["win_rate"] == (wins / games if games else None)


def test_an_agent_tells_a_mirrors_seats_apart(db: Path) -> None:
    """Ryu (heuristic) against Ryu (random) is a game like any other for the heuristic
    side; heuristic against heuristic stays a mirror."""
    games = [g for g in q.games(q.open_source(db), limit=1000)
             if g.p1 == g.p2 == "ryu" and g.winner is not None]
    mixed = [g for g in games if {g.agent1, g.agent2} == {"heuristic", "random"}]
    same = [g for g in games if g.agent1 == g.agent2 == "heuristic"]
    won = sum((g.agent1, g.agent2)[g.winner or 0] == "heuristic" for g in mixed)
    rows = {(r["character"], r["opponent"]): r
            for r in _json("matchups", "--db", db, "--agent", "heuristic")}
    assert (rows["ryu", "ryu"]["games"], rows["ryu", "ryu"]["wins"],
            rows["ryu", "ryu"]["mirrors"]) == (len(mixed), won, len(same))


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("fighter", ["ryu", "platinum", "wagner"])
def test_cards_agree_with_the_dashboards_card_usage(db: Path, fighter: str,
                                                   agent: str | None) -> None:
    args: tuple[str, ...] = () if agent is None else ("--agent", agent)
    cli = {r["card"]: (r["struck"], r["hits"], r["damage"], r["stuns"], r["wild_swung"],
                       r["boosted"])
           for r in _json("cards", "--db", db, "--character", fighter, *args)}
    usage = q.card_usage(q.open_source(db), fighter, agent)
    assert cli == {u.card: (u.struck, u.hits, u.damage, u.stuns, u.wild_swung, u.boosted)
                   for u in usage}


def test_boosted_counts_boost_actions_not_cards_an_effect_boosted(db: Path) -> None:
    """Platinum's sample moves cards to the boost area by an effect (Dream Sally, Mystique
    Momo, Sweep) without a Boost action: neither surface counts those as boosted."""
    path = next(SAMPLES.glob("platinum-vs-ryu_*.exlog"))
    log = read_game(path)
    defs = log.initial_state().card_defs
    actions: dict[str, int] = {}
    moved: dict[str, int] = {}
    for e in log.events():
        if isinstance(e, ev.ActionTaken) and e.card is not None and e.player == 0:
            actions[defs[e.card]] = actions.get(defs[e.card], 0) + 1
        if isinstance(e, ev.CardMoved) and e.reason == ev.MoveReason.BOOST and e.player == 0:
            moved[defs[e.card]] = moved.get(defs[e.card], 0) + 1
    assert moved != actions, "the sample has boosts that are not Boost actions"
    cli = {r["card"]: r["boosted"]
           for r in _json("cards", "--db", db, "--character", "platinum") if r["boosted"]}
    usage = {u.card: u.boosted for u in q.card_usage(q.open_source(db), "platinum")
             if u.boosted}
    assert cli == usage == actions


def test_an_unknown_agent_is_one_line(db: Path) -> None:
    for name in ("matchups", "cards"):
        result = run_cli("query", name, "--db", db, "--agent", "heuristc")
        assert result.code == 2 and "Traceback" not in result.err
        assert result.err.count("\n") == 1
        assert "--agent 'heuristc': no such agent in the index" in result.err
