"""``exceed query players``' fighters column is capped in the table (leftover of the last
attack): a player of many fighters made a cell of every id they played (51 fighters:
over 400 characters, a log's own definitions may name one anything), where a table cuts
a hash to 12 digits. The table shows the first ``FIGHTERS_SHOWN`` and ``and N more``;
JSON and CSV keep the list whole.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from engine import GameSetup, Recording, default_catalog, new_game
from replay.cli import main
from replay.cli.queries import FIGHTERS_CHARS, FIGHTERS_SHOWN, _fighters
from tests.replay.conftest import run_cli

FIGHTERS = sorted(default_catalog().character_ids())[:12]


def _index(tmp_path: Path) -> Path:
    """An index of Ann's unfinished games, one with each of ``FIGHTERS`` against Ken."""
    logs = tmp_path / "logs"
    logs.mkdir()
    for seed, fighter in enumerate(FIGHTERS):
        with (logs / f"{fighter}.exlog").open("wb") as stream:
            Recording(new_game(GameSetup(p1=fighter, p2="ken"), seed), seed, stream,
                      agents=("heuristic", "random"), players=("Ann", "Bob")).close()
    db = tmp_path / "index.duckdb"
    assert main(["index", str(logs), "--db", str(db), "--jobs", "1"]) == 0
    return db


def test_the_table_shows_a_few_fighters_and_json_and_csv_all(tmp_path: Path) -> None:
    db = _index(tmp_path)
    table = run_cli("query", "players", "--db", db, "--player", "Ann")
    assert table.code == 0, table.err
    [ann] = [line for line in table.out.splitlines() if line.startswith("Ann ")]
    assert f"and {len(FIGHTERS) - FIGHTERS_SHOWN} more" in ann
    assert len(ann) < 200, ann
    assert not any(fighter in ann for fighter in FIGHTERS[FIGHTERS_SHOWN:])
    as_json = run_cli("query", "players", "--db", db, "--player", "Ann", "--format", "json")
    [record] = json.loads(as_json.out)
    assert sorted(record["characters"].split(",")) == FIGHTERS
    as_csv = run_cli("query", "players", "--db", db, "--player", "Ann", "--format", "csv")
    [row] = list(csv.DictReader(io.StringIO(as_csv.out)))
    assert sorted(row["characters"].split(",")) == FIGHTERS


def test_long_fighter_ids_are_cut_too() -> None:
    shown = _fighters(",".join(["x" * 50, "y" * 50]))
    assert shown == "x" * 50 + "," + "y" * (FIGHTERS_CHARS - 52) + "…"
    assert _fighters("ryu,ken") == "ryu,ken"


def test_a_player_named_in_another_case_is_pointed_at(tmp_path: Path) -> None:
    """Walking a coach's corpus: ``query games --player ann`` (the player is ``Ann``)
    printed ``(0 rows)``, exit 0, as if Ann had never played, where ``insights`` names the
    index's players. A name is still matched exactly (a player is any name), and the
    answer is still no rows, but a note on stderr names the player meant."""
    db = _index(tmp_path)
    found = run_cli("query", "games", "--db", db, "--player", "Ann", "--format", "json")
    assert found.code == 0 and len(json.loads(found.out)) == len(FIGHTERS)
    case = run_cli("query", "games", "--db", db, "--player", "ann", "--format", "json")
    assert (case.code, json.loads(case.out)) == (0, [])
    assert case.err == ("exceed query: note: no player 'ann' in the index; a name is "
                        "matched exactly: did you mean 'Ann'?\n")
    unknown = run_cli("query", "games", "--db", db, "--player", "Zed", "--format", "json")
    assert (unknown.code, json.loads(unknown.out)) == (0, [])
    assert unknown.err == ("exceed query: note: no player 'Zed' in the index (players: "
                           "Ann, Bob)\n")
    # a known player whose games a filter rules out gets no note: the rows are the answer
    none = run_cli("query", "games", "--db", db, "--player", "Ann", "--winner", "ryu")
    assert none.code == 0 and none.err == ""
