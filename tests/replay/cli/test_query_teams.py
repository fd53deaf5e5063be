"""``exceed query games`` finds a fighter inside a Tag Team, as the Games page does.

``--character ryu`` used to match only a seat that is Ryu alone, so the ``ryu+ken`` team
was left out of the CLI's answer while the Games page's "Fighter (either seat)" filter
and ``exceed find`` included it (noticed by the corpus analyst's walk). A team's own spec
(``ryu+ken``) still matches.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from replay.cli import main

SAMPLES = Path(__file__).resolve().parents[3] / "sample_games"
TEAM = "ryu+ken-vs-sagat+zangief_heuristic-vs-heuristic_seed300.exlog"
SINGLE = "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"
OTHER = "cammy+chunli-vs-guile+bison_heuristic-vs-random_seed301.exlog"


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("teams")
    for name in (TEAM, SINGLE, OTHER):
        shutil.copy(SAMPLES / name, folder / name)
    index = folder / "index.duckdb"
    assert main(["index", str(folder), "--db", str(index), "--jobs", "1"]) == 0
    return index


def _found(db: Path, capsys: pytest.CaptureFixture[str], *filters: str) -> set[str]:
    capsys.readouterr()
    assert main(["query", "games", "--db", str(db), "--format", "json", *filters]) == 0
    return {Path(row["path"]).name for row in json.loads(capsys.readouterr().out)}


def test_a_fighter_matches_the_tag_teams_that_include_it(
        db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _found(db, capsys, "--character", "ryu") == {TEAM, SINGLE}
    assert _found(db, capsys, "--character", "zangief") == {TEAM}
    assert _found(db, capsys, "--p1", "ken") == {TEAM}  # Ken is p1 only inside the team
    assert _found(db, capsys, "--p2", "ken") == {SINGLE}
    assert _found(db, capsys, "--p2", "bison") == {OTHER}


def test_a_teams_own_spec_still_matches(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _found(db, capsys, "--character", "ryu+ken") == {TEAM}
    assert _found(db, capsys, "--p1", "cammy+chunli") == {OTHER}
    assert _found(db, capsys, "--character", "ryu+sagat") == set()


def test_the_winner_filter_reads_inside_the_winning_team(
        db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = {}
    capsys.readouterr()
    assert main(["query", "games", "--db", str(db), "--format", "json"]) == 0
    for row in json.loads(capsys.readouterr().out):
        rows[Path(row["path"]).name] = (row["p1"], row["p2"])[row["winner"]]
    for name, spec in rows.items():
        for member in spec.split("+"):
            assert name in _found(db, capsys, "--winner", member), (name, member)


def test_a_team_given_in_the_other_order_finds_nothing_and_says_which_order_is_held(
        db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A team's spec starts with the fighter it started with (Street Fighter rulebook, Tag
    Team: "Start with either character of your choice in play"), so ``ken+ryu`` is
    another seat than ``ryu+ken``; the empty answer says the index holds the other order
    (it read as "never played")."""
    assert _found(db, capsys, "--character", "ken+ryu") == set()
    capsys.readouterr()
    assert main(["query", "games", "--db", str(db), "--p2", "zangief+sagat"]) == 0
    captured = capsys.readouterr()
    assert "(0 rows)" in captured.out
    assert captured.err == ("exceed query: note: no p2 'zangief+sagat' in the index, but "
                            "'sagat+zangief' is: a team's spec starts with the fighter it "
                            "started the game with; give --p2 sagat+zangief\n")
    # a team held in neither order: no note
    assert main(["query", "games", "--db", str(db), "--character", "ken+guile"]) == 0
    assert capsys.readouterr().err == ""
