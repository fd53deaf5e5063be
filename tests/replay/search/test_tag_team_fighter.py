"""Moment search in Tag Team games names and matches the fighter who struck or boosted,
not the seat's whole team (Street Fighter rulebook, Tag Team: "Swap your active character
for your other character"; "Cross Boost: ... activate a Boost ... from your tagged-out
character"). The strikes' ``a_fighter`` / ``d_fighter`` and the boosts' ``fighter``
(index schema version 7) hold it; the truth here is the fighter in play in the folded
state at each strike's reveal and at each boost decision."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import events as ev
from engine.core.apply import apply
from engine.recording.record import read_game
from replay.index.search import find_moments
from replay.index.source import Source

TEAMS = ("guile+bison", "ryu+ken")
NAMES = {"guile": "Guile", "bison": "M. Bison", "ryu": "Ryu", "ken": "Ken Masters"}


def _truth(path: Path) -> tuple[Counter[tuple[str, int, str, str]], Counter[tuple[str, int, str]]]:
    """The hits (game seed, seat, fighter, kind) and boosts (seed, seat, fighter) of one
    log, read from the folded state: the fighter in play when the attacks are revealed,
    and the fighter in play (a Cross Boost: the tagged-out one) when a boost is decided."""
    log = read_game(path)
    state = log.initial_state()
    hits: Counter[tuple[str, int, str, str]] = Counter()
    boosts: Counter[tuple[str, int, str]] = Counter()
    fought = [p.character for p in state.players]
    hit: set[int] = set()  # the sides that hit in this strike: its first hit counts
    for step in log.steps:
        tag = None if step.decision is None else step.decision.__struct_config__.tag
        if step.request is not None and tag in ("boost", "cross_boost"):
            seat = state.players[step.request.player]
            boosts[(path.stem, int(step.request.player),
                    str(seat.partner if tag == "cross_boost" else seat.character))] += 1
        for event in step.events:
            apply(state, event)
            if isinstance(event, ev.StrikeStarted):
                hit = set()
            elif isinstance(event, ev.AttacksRevealed):
                fought = [p.character for p in state.players]
            elif isinstance(event, ev.AttackHit) and event.player not in hit:
                hit.add(event.player)
                hits[(path.stem, int(event.player), fought[event.player], "hit")] += 1
    return hits, boosts


@pytest.fixture(scope="module")
def teams(tmp_path_factory: pytest.TempPathFactory, cli: Callable[..., Any]) -> tuple[Path, Path]:
    out = tmp_path_factory.mktemp("teams")
    result = cli("simulate", "--p1", TEAMS[0], "--p2", TEAMS[1], "--games", "4",
                 "--out", out / "logs")
    assert result.code == 0, result.err
    db = out / "index.duckdb"
    result = cli("index", out / "logs", "--db", db, "--jobs", "1")
    assert result.code == 0, result.err
    return out / "logs", db


def test_a_strikes_fighter_is_the_one_in_play_at_the_reveal(teams: tuple[Path, Path]) -> None:
    logs, db = teams
    src = Source.duckdb(db)
    with src.connect() as con:
        rows = con.execute("SELECT g.path, s.attacker, s.a_char, s.a_fighter, s.a_hit, "
                           "s.defender, s.d_char, s.d_fighter, s.d_hit "
                           "FROM strikes s JOIN games g USING (game_id)").fetchall()
    got: Counter[tuple[str, int, str, str]] = Counter()
    for path, a, a_char, a_fighter, a_hit, d, d_char, d_fighter, d_hit in rows:
        assert (a_char, d_char) == (TEAMS[a], TEAMS[d])
        for seat, fighter, hit in ((a, a_fighter, a_hit), (d, d_fighter, d_hit)):
            assert fighter in TEAMS[seat].split("+")
            if hit:
                got[(Path(path).stem, seat, fighter, "hit")] += 1
    truth: Counter[tuple[str, int, str, str]] = Counter()
    for path in sorted(logs.glob("*.exlog")):
        truth += _truth(path)[0]
    # every fighter of both teams struck and hit (the games exercise the switch)
    assert {fighter for _, _, fighter, _ in truth} == {"guile", "bison", "ryu", "ken"}
    assert got == truth


def test_find_fighter_matches_only_that_fighters_hits_and_names_it(
        teams: tuple[Path, Path]) -> None:
    logs, db = teams
    truth: Counter[tuple[str, int, str, str]] = Counter()
    for path in sorted(logs.glob("*.exlog")):
        truth += _truth(path)[0]
    bison_hits = sum(n for (_, _, fighter, _), n in truth.items() if fighter == "bison")
    assert bison_hits > 0
    found = find_moments(Source.duckdb(db), "hit fighter=bison", limit=1000)
    # before schema 7 every hit of the guile+bison seat matched, Guile's too, each
    # described as "p1 Guile + M. Bison's ..."
    assert len(found) == bison_hits
    assert all(m.fighter == "bison" and m.player == 0 for m in found)
    assert all(m.description.startswith("p1 M. Bison's ") for m in found), found[0].description
    not_bison = find_moments(Source.duckdb(db), "hit p1 fighter!=bison", limit=1000)
    assert {m.fighter for m in not_bison} == {"guile"}


def test_find_boost_names_the_fighter_who_boosted(teams: tuple[Path, Path]) -> None:
    logs, db = teams
    truth: Counter[tuple[str, int, str]] = Counter()
    for path in sorted(logs.glob("*.exlog")):
        truth += _truth(path)[1]
    by_fighter = Counter({fighter: 0 for fighter in NAMES})
    for (_, _, fighter), n in truth.items():
        by_fighter[fighter] += n
    assert all(by_fighter.values()), by_fighter  # each of the four fighters boosted
    for fighter, name in NAMES.items():
        found = find_moments(Source.duckdb(db), f"boost fighter={fighter}", limit=1000)
        assert len(found) == by_fighter[fighter], fighter
        assert all(m.fighter == fighter for m in found)
        assert all(f"{name} boosted" in m.description for m in found)
