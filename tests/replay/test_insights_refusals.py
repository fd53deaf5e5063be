"""``exceed insights`` refuses what it cannot read in one line, naming the value (cut
short when long) and the exit code: an unknown player or fighter, a filter matching no
game, a bad ``--since`` or ``--min-decisions``. On the corpus of ``test_insights.py``
(``tests/insights_corpus.py``; split from ``test_insights.py``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from insights_corpus import HABIT, build

from replay import query as q
from replay.analysis.run import GameAnalysis

Cli = Callable[..., Any]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[GameAnalysis]]:
    return build(tmp_path_factory.mktemp("insights"))


def test_an_unknown_player_or_empty_filters_are_one_line(corpus: Any, cli: Cli) -> None:
    db, _ = corpus
    unknown = cli("insights", "--player", "nobody", "--db", db)
    assert unknown.code == 2 and unknown.out == ""
    assert unknown.err == (f"exceed insights: no player 'nobody' in {db} (players: "
                           "heuristic, human)\n")
    empty = cli("insights", "--player", HABIT, "--fighter", "ken", "--db", db)
    assert empty.code == 2
    assert empty.err == ("exceed insights: no game of 'human' matches fighter ken; drop a "
                         "filter to see more\n")
    with pytest.raises(SystemExit) as stopped:  # argparse: a usage line, exit 2
        cli("insights", "--player", HABIT, "--since", "yesterday", "--db", db)
    assert stopped.value.code == 2


def test_a_long_player_or_filter_is_named_by_its_first_characters(corpus: Any,
                                                                    cli: Cli) -> None:
    """A 100,000-character ``--player`` (or ``--fighter``, ``--opponent``) was echoed
    whole in its one line; now its first 40 characters and its length, as every other
    refused value."""
    db, _ = corpus
    long = "x" * 100_000
    unknown = cli("insights", "--player", long, "--db", db)
    assert unknown.code == 2 and unknown.out == ""
    assert unknown.err == (f"exceed insights: no player '{'x' * 40}…' (100,000 characters) "
                           f"in {db} (players: heuristic, human)\n")
    held = ", ".join(q.characters(q.open_source(db)))
    for option in ("--fighter", "--opponent"):
        # no fighter is called that: refused as exceed query refuses it (below)
        empty = cli("insights", "--player", HABIT, option, long, "--db", db)
        assert empty.code == 2
        assert empty.err == (f"exceed insights: {option} '{'x' * 40}…' (100,000 characters): "
                             "no such character id in the index or this engine; the index "
                             f"holds {held} (`exceed characters` lists the engine's)\n")


@pytest.mark.parametrize("option", ["--fighter", "--opponent"])
def test_a_fighter_nobody_knows_is_one_line_as_query_says_it(corpus: Any, cli: Cli,
                                                              option: str) -> None:
    """A coach's typo, ``exceed insights --player human --fighter kenn``, said "no game of
    'human' matches fighter kenn; drop a filter to see more", as if Ken had not been
    played; ``exceed query games --character kenn`` names the typo and the index's
    characters. Both say it in the same words now; a fighter typed by name is still its
    id (``Ken Masters`` finds what ``ken`` finds)."""
    db, _ = corpus
    held = ", ".join(q.characters(q.open_source(db)))
    typo = cli("insights", "--player", HABIT, option, "kenn", "--db", db)
    assert (typo.code, typo.out) == (2, "")
    assert typo.err == (f"exceed insights: {option} 'kenn': no such character id in the "
                        f"index or this engine; the index holds {held} (`exceed characters` "
                        "lists the engine's)\n")
    query = cli("query", "games", "--character", "kenn", "--db", db)
    assert query.err == typo.err.replace("insights", "query").replace(option, "--character")
    by_id = cli("insights", "--player", HABIT, option, "ken", "--db", db, "--json")
    by_name = cli("insights", "--player", HABIT, option, "Ken Masters", "--db", db, "--json")
    # the same report, byte for byte: the swings are summed exactly (DuckDB added doubles
    # in the order its threads finished: 1149.0 against 1148.9999999999998 in one CI run)
    assert (by_name.code, by_name.out, by_name.err) == (by_id.code, by_id.out, by_id.err)
    # the corpus: human plays Ryu against Ken, so as Ken they have no game
    assert by_id.code == (2 if option == "--fighter" else 0), by_id.err
    assert by_id.err == ("" if option == "--opponent" else "exceed insights: no game of "
                         "'human' matches fighter ken; drop a filter to see more\n")


def test_a_long_since_is_a_usage_line_naming_its_first_characters(
        corpus: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """``--since`` of 100,000 characters was echoed whole in argparse's error line."""
    db, _ = corpus
    from replay.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(["insights", "--player", HABIT, "--since", "9" * 100_000, "--db", str(db)])
    assert stopped.value.code == 2
    line = capsys.readouterr().err.splitlines()[-1]
    assert line == ("exceed insights: error: argument --since: expected a date YYYY-MM-DD, "
                    f"got '{'9' * 40}…' (100,000 characters)")


def test_a_minimum_of_one_decision_is_refused_in_one_line(
        corpus: Any, cli: Cli, capsys: pytest.CaptureFixture[str]) -> None:
    """``--min-decisions 1`` ran: its header said "at least 1 decisions" over groups of one
    that read "not enough decisions", and each cell of one decision (no spread, no test)
    was counted among the cells tested, raising the bar for the rest. It is refused, as
    the page's ``min=1`` is; 2 runs."""
    from replay.cli import main

    db, _ = corpus
    for given, refusal in (("1", "expected 2 or more (one decision has no interval), got 1"),
                           ("10001", "expected at most 10,000 decisions, got 10001")):
        with pytest.raises(SystemExit) as stopped:  # argparse: a usage line, exit 2
            main(["insights", "--player", HABIT, "--min-decisions", given, "--db", str(db)])
        assert stopped.value.code == 2
        assert capsys.readouterr().err.splitlines()[-1] == (
            f"exceed insights: error: argument --min-decisions: {refusal}")
    assert cli("insights", "--player", HABIT, "--min-decisions", "2", "--db", str(db)).code == 0
