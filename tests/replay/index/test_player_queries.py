"""``exceed query players``: each player's record over the index (games, wins, losses,
unfinished games, games at both seats, the fighters played, the last game), so that a
club or a coach can see who is in the index and how each has fared; a game against
oneself counts as a game, never as a win or a loss."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
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


def test_one_players_profile_and_newest_games(club: tuple[Path, dict[str, Any]]) -> None:
    """The Players page's reads: a player's record (as ``player_records`` gives it) and
    record per fighter (a game at both seats counts for each fighter in it, once, never
    as a win or a loss) and their newest games."""
    db, facts = club
    src = q.Source.duckdb(db)
    profile = q.player_profile(src, "Ann")
    assert profile.record == q.player_records(src, player="Ann")[0]
    ann = {f.character: f for f in profile.fighters}
    ann_wins = facts["ann_wins"]
    assert list(ann) == ["ryu", "ken"]  # most games first
    assert (ann["ryu"].games, ann["ryu"].wins, ann["ryu"].losses, ann["ryu"].unfinished,
            ann["ryu"].both_seats) == (5, ann_wins, 3 - ann_wins, 1, 1)
    assert ann["ryu"].win_rate == pytest.approx(ann_wins / 3)
    assert (ann["ken"].games, ann["ken"].wins, ann["ken"].losses, ann["ken"].both_seats,
            ann["ken"].win_rate) == (1, 0, 0, 1, None)
    assert [f.character for f in q.player_profile(src, "Cy").fighters] == ["ryu+ken"]
    for name in ("Bob", "Cy"):
        assert q.player_profile(src, name).record == q.player_records(src, player=name)[0]
    assert q.player_profile(src, "Nobody") == q.PlayerProfile(record=None, fighters=[])
    newest = q.player_games(src, "Bob")
    assert len(newest) == 5 and all("Bob" in (g.player1, g.player2) for g in newest)
    assert [g.played for g in newest] == sorted((g.played for g in newest), reverse=True)
    assert [g.game_id for g in q.player_games(src, "Bob", limit=2)] == [
        g.game_id for g in newest[:2]]
    assert q.player_games(src, "Nobody") == []
    page = q.game_page(src, player="Cy")
    assert page.total == 1 and (page.rows[0].player1, page.rows[0].player2) == ("Cy", "Bob")


def _reference(rows: list[q.GameRow], character: str | None) -> dict[str, tuple[int, ...]]:
    """Each player's (games, wins, losses, unfinished, both_seats) counted game by game:
    a game counts once for a player whose seat in it passes the fighter filter."""
    def holds(spec: str) -> bool:
        return character is None or character in (spec, *spec.split("+"))

    found: dict[str, list[int]] = {}
    for g in rows:
        seats = [(0, g.player1, g.p1), (1, g.player2, g.p2)]
        for name in {g.player1, g.player2}:
            mine = [seat for seat, who, spec in seats if who == name and holds(spec)]
            if not mine:
                continue
            counts = found.setdefault(name, [0, 0, 0, 0, 0])
            own = g.player1 == g.player2
            counts[0] += 1
            counts[1] += (not own and g.winner in mine)
            counts[2] += (not own and g.winner is not None and g.winner not in mine)
            counts[3] += g.winner is None
            counts[4] += own
    return {name: tuple(c) for name, c in found.items()}


def test_games_at_both_seats_count_once_under_every_filter(
        tmp_path: Path) -> None:
    """The records count each game once per player without ``count(DISTINCT game_id)``
    (0.75 s on the 100,000-game bench index; 0.1 s without): a mirror at both seats
    (Ann's Ryu against Ann's Ryu), a game at both seats whose second seat alone holds
    the fighter (Ann's Ken against Ann's Ryu, filtered by Ryu), and a Tag Team."""
    from replay.cli import main
    _record(tmp_path / "mirror.exlog", "ryu", "ryu", 7, ("Ann", "Ann"))
    _record(tmp_path / "swap.exlog", "ken", "ryu", 8, ("Ann", "Ann"))
    _record(tmp_path / "team.exlog", "ryu+ken", "ryu", 9, ("Ann", "Bob"))
    _record(tmp_path / "open.exlog", "ryu", "ken", 10, ("Bob", "Ann"), finish=False)
    db = tmp_path / "index.duckdb"
    assert main(["index", str(tmp_path), "--db", str(db), "--jobs", "1"]) == 0
    src = q.Source.duckdb(db)
    rows = q.games(src)
    for character in (None, "ryu", "ken", "sagat"):
        got = {r.player: (r.games, r.wins, r.losses, r.unfinished, r.both_seats)
               for r in q.player_records(src, character=character)}
        assert got == _reference(rows, character), character
    ann = q.player_profile(src, "Ann")
    record = q.player_records(src, player="Ann")[0]
    assert ann.record is not None
    # the same record; its fighters most games first (player_records: most seats first)
    assert msgspec.structs.replace(ann.record, characters="") == msgspec.structs.replace(
        record, characters="")
    assert ann.record.characters == "ken,ryu,ryu+ken" and record.characters.startswith("ryu,")
    # Ryu: the mirror (once) and the swap; Ken: the swap and the unfinished game
    assert [(f.character, f.games, f.both_seats, f.unfinished) for f in ann.fighters] == [
        ("ken", 2, 1, 1), ("ryu", 2, 2, 0), ("ryu+ken", 1, 0, 0)]
