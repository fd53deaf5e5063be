"""``exceed query players``: each player's record over the index (games, wins, losses,
unfinished games, games at both seats, the fighters played, the last game), so that a
club or a coach can see who is in the index and how each has fared; a game against
oneself counts as a game, never as a win or a loss."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import GameSetup, Recording, new_game
from replay import query as q

Cli = Callable[..., Any]


def _record(path: Path, p1: str, p2: str, seed: int, players: tuple[str, str],
            finish: bool = True) -> int | None:
    """A heuristic-against-random game under the players' names; its winner's seat (None:
    left unfinished)."""
    with path.open("wb") as stream:
        recording = Recording(new_game(GameSetup(p1=p1, p2=p2), seed), seed, stream,
                              agents=("heuristic", "random"), players=players)
        if not finish:
            recording.close()
            return None
        game = recording.play_out()
        recording.seal()
    assert game.state.winner is not None
    return int(game.state.winner)


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """Ann and Bob's games: three of Ann (Ryu) against Bob (Ken), one of Bob (Sagat)
    against Ann (Ryu) left unfinished, one Ann played at both seats (Ryu against Ken),
    and one of Cy (a Tag Team, Ryu and Ken) against Bob (Ken)."""
    from replay.cli import main
    folder = tmp_path_factory.mktemp("club")
    winners = [_record(folder / f"ann-bob-{seed}.exlog", "ryu", "ken", seed, ("Ann", "Bob"))
               for seed in (1, 2, 3)]
    _record(folder / "bob-ann.exlog", "sagat", "ryu", 4, ("Bob", "Ann"), finish=False)
    _record(folder / "ann-ann.exlog", "ryu", "ken", 5, ("Ann", "Ann"))
    team = _record(folder / "cy-bob.exlog", "ryu+ken", "ken", 6, ("Cy", "Bob"))
    db = folder / "index.duckdb"
    assert main(["index", str(folder), "--db", str(db), "--jobs", "1"]) == 0
    return db, {"ann_wins": winners.count(0), "team": team}


def test_each_player_has_games_wins_losses_and_fighters(club: tuple[Path, dict[str, Any]]
                                                        ) -> None:
    db, facts = club
    rows = {r.player: r for r in q.player_records(q.Source.duckdb(db))}
    assert set(rows) == {"Ann", "Bob", "Cy"}
    ann, bob, cy = rows["Ann"], rows["Bob"], rows["Cy"]
    ann_wins = facts["ann_wins"]
    # Ann: 3 against Bob, 1 unfinished against Bob, 1 at both seats
    assert (ann.games, ann.wins, ann.losses, ann.unfinished, ann.both_seats) == (
        5, ann_wins, 3 - ann_wins, 1, 1)
    assert ann.win_rate == pytest.approx(ann_wins / 3)
    assert ann.characters.split(",")[0] == "ryu" and set(ann.characters.split(",")) == {
        "ryu", "ken"}
    cy_won = facts["team"] == 0
    assert (bob.games, bob.wins, bob.losses, bob.unfinished, bob.both_seats) == (
        5, 3 - ann_wins + (not cy_won), ann_wins + cy_won, 1, 0)
    assert set(bob.characters.split(",")) == {"ken", "sagat"}
    assert (cy.games, cy.wins + cy.losses, cy.characters) == (1, 1, "ryu+ken")
    assert [r.player for r in q.player_records(q.Source.duckdb(db))] == ["Ann", "Bob", "Cy"]
    assert ann.last_played and ann.last_played.endswith("Z")


def test_filters_by_player_and_by_fighter_a_team_counts(club: tuple[Path, dict[str, Any]]
                                                        ) -> None:
    db, _ = club
    src = q.Source.duckdb(db)
    assert [r.player for r in q.player_records(src, player="Cy")] == ["Cy"]
    as_ryu = {r.player: r.games for r in q.player_records(src, character="ryu")}
    assert as_ryu == {"Ann": 5, "Cy": 1}  # Cy's ryu+ken team holds Ryu
    assert q.player_records(src, player="Nobody") == []


def test_the_cli_lists_players_in_every_format(club: tuple[Path, dict[str, Any]],
                                               cli: Cli) -> None:
    db, _ = club
    result = cli("query", "players", "--db", db, "--format", "json")
    assert result.code == 0, result.err
    rows = json.loads(result.out)
    assert [r["player"] for r in rows] == ["Ann", "Bob", "Cy"]
    assert set(rows[0]) == {"player", "games", "wins", "losses", "unfinished", "both_seats",
                            "win_rate", "characters", "last_played"}
    table = cli("query", "players", "--db", db, "--character", "sagat")
    assert table.code == 0 and "Bob" in table.out and "Ann" not in table.out
    wrong = cli("query", "players", "--db", db, "--winner", "ryu")
    assert wrong.code == 2 and "does not take --winner" in wrong.err


def test_one_players_fighters_and_newest_games(club: tuple[Path, dict[str, Any]]) -> None:
    """The Players page's reads: a player's record per fighter (a game at both seats
    counts for each fighter in it, never as a win or a loss) and their newest games."""
    db, facts = club
    src = q.Source.duckdb(db)
    ann = {f.character: f for f in q.player_fighters(src, "Ann")}
    ann_wins = facts["ann_wins"]
    assert list(ann) == ["ryu", "ken"]  # most games first
    assert (ann["ryu"].games, ann["ryu"].wins, ann["ryu"].losses, ann["ryu"].unfinished,
            ann["ryu"].both_seats) == (5, ann_wins, 3 - ann_wins, 1, 1)
    assert ann["ryu"].win_rate == pytest.approx(ann_wins / 3)
    assert (ann["ken"].games, ann["ken"].wins, ann["ken"].losses, ann["ken"].both_seats,
            ann["ken"].win_rate) == (1, 0, 0, 1, None)
    assert [f.character for f in q.player_fighters(src, "Cy")] == ["ryu+ken"]
    assert q.player_fighters(src, "Nobody") == []
    newest = q.player_games(src, "Bob")
    assert len(newest) == 5 and all("Bob" in (g.player1, g.player2) for g in newest)
    assert [g.played for g in newest] == sorted((g.played for g in newest), reverse=True)
    assert [g.game_id for g in q.player_games(src, "Bob", limit=2)] == [
        g.game_id for g in newest[:2]]
    assert q.player_games(src, "Nobody") == []
    page = q.game_page(src, player="Cy")
    assert page.total == 1 and (page.rows[0].player1, page.rows[0].player2) == ("Cy", "Bob")
