"""``exceed insights`` and its queries (issue 33 item 2) against figures computed by hand
from the stored analyses of a small built corpus (``tests/insights_corpus.py``) in which
the player ``human`` always wild swings when behind on life, a planted habit that must
come out as the top costly habit, with its worst decisions as examples."""

from __future__ import annotations

import json
import math
import shutil
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb
import msgspec
import pytest
from insights_corpus import ANALYSED, HABIT, HABIT_SWING, build

from engine import Player
from replay import query as q
from replay.analysis.run import GameAnalysis
from replay.analysis.situation import Situation, decision_kind
from replay.analysis.verdict import Z95
from replay.index.insight_queries import habit_cells
from replay.insights import Mean, critical_z, habits, welch_z

Cli = Callable[..., Any]
MIN = 5
"""The threshold the tests run at: the corpus is 6 games (the default is 30)."""


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[GameAnalysis]]:
    return build(tmp_path_factory.mktemp("insights"))


def _mine(analyses: list[GameAnalysis]) -> list[tuple[GameAnalysis, Any, Situation]]:
    """The habit player's decisions (seat p1 in every game), by hand."""
    out = []
    for a in analyses:
        where = {s.index: s for s in a.situations}
        out += [(a, r, where[r.id.index]) for r in a.points if r.id.player is Player.P1]
    return out


def _life_band(s: Situation) -> str:
    lead = s.life - s.opp_life
    if lead <= -8:
        return "behind by 8+"
    if lead < 0:
        return "behind by 1-7"
    if lead == 0:
        return "level"
    return "ahead by 1-7" if lead < 8 else "ahead by 8+"


def _hand_mean(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, max(0.0, mean - half), mean + half


def test_accuracy_and_labels_per_game_are_the_hand_computed_figures(corpus: Any) -> None:
    db, analyses = corpus
    found = q.insights(q.open_source(db), q.InsightFilter(player=HABIT), MIN)
    assert (found.coverage.games, found.coverage.analysed) == (ANALYSED + 1, ANALYSED)
    swings = [r.swing for _, r, _ in _mine(analyses)]
    mean, low, high = _hand_mean(swings)
    assert found.accuracy.n == len(swings)
    assert found.accuracy.mean == pytest.approx(mean)
    assert found.accuracy.interval == pytest.approx((low, high))
    assert found.labelled == len(swings)  # every planted swing claims 50 rollouts
    for label, key in (("blunder", "blunders"), ("mistake", "mistakes"),
                       ("inaccuracy", "inaccuracies")):
        per_game = [sum(1 for r in a.points if r.id.player is Player.P1
                        and r.severity.value == label) for a in analyses]
        m = found.per_game[key]
        assert m.n == ANALYSED
        assert m.mean == pytest.approx(statistics.fmean(per_game))
        assert m.interval == pytest.approx(_hand_mean([float(c) for c in per_game])[1:])
    assert found.per_game["blunders"].total > 0  # the habit's swings are blunders


def test_a_game_analysed_too_roughly_to_label_is_not_a_game_without_blunders(
        corpus: Any, tmp_path: Path, cli: Cli) -> None:
    """Found walking a coach's review: two search:16 games analysed at 40 rollouts (rough:
    no decision labelled, 11.6 points lost per decision) read "blunders 0.0 [0.0–0.0]
    over n=2": a certain zero over games that could not label anything. The label rates
    are over the games analysed on enough rollouts; a rough game is left out of the
    base, and with none left they read "not enough games"."""
    db, analyses = corpus
    rough = tmp_path / "rough.duckdb"
    shutil.copy(db, rough)
    first = analyses[0].game_id
    con = duckdb.connect(str(rough))
    try:  # the first game's analysis as a rough one stores it: n under the minimum
        con.execute("UPDATE analysis_points SET n = ?, severity = '', significant = false "
                    "WHERE game_id = ?", [q.LABEL_MIN_N - 30, first])
    finally:
        con.close()
    found = q.insights(q.open_source(rough), q.InsightFilter(player=HABIT), MIN)
    rest = analyses[1:]
    for label, key in (("blunder", "blunders"), ("mistake", "mistakes"),
                       ("inaccuracy", "inaccuracies")):
        per_game = [sum(1 for r in a.points if r.id.player is Player.P1
                        and r.severity.value == label) for a in rest]
        m = found.per_game[key]
        assert m.n == ANALYSED - 1, key
        assert m.mean == pytest.approx(statistics.fmean(per_game)), key
    assert found.accuracy.n == len(_mine(rest))  # its swings are left out (rough)

    con = duckdb.connect(str(rough))
    try:  # every game rough: no base at all
        con.execute("UPDATE analysis_points SET n = ?, severity = ''", [q.LABEL_MIN_N - 30])
    finally:
        con.close()
    result = cli("insights", "--player", HABIT, "--db", rough, "--min-decisions", str(MIN))
    assert result.code == 0, result.err
    line = next(x for x in result.out.splitlines() if x.startswith("Per game"))
    assert line.startswith("Per game analysed on enough rollouts to label: blunders not "
                           "enough games (n=0), mistakes not enough games (n=0)"), line
    assert "0.0 [0.0" not in line, line
    assert f"  note: {len(_mine(analyses))} decisions of {ANALYSED} games analysed on " \
        f"fewer than {q.LABEL_MIN_N} rollouts" in result.out, result.out


def test_a_rough_analysis_swings_are_left_out_of_every_mean_and_said_so(
        corpus: Any, tmp_path: Path, cli: Cli) -> None:
    """Found in a coach's walk: "swing lost per decision" averaged a Quick analysis's
    swings (20 rollouts: mostly the winner's curse of picking the best of noisy options,
    +12 to +50 points at 8 rollouts on a sample game) with the real ones, unflagged,
    while the label rates already left such games out. Now every mean (accuracy,
    breakdowns, habits, trend) counts the decisions on ``LABEL_MIN_N`` rollouts or more,
    and the report, its JSON and the page say how many were left out."""
    db, analyses = corpus
    rough = tmp_path / "rough.duckdb"
    shutil.copy(db, rough)
    first = analyses[0].game_id
    con = duckdb.connect(str(rough))
    try:  # the first game analysed roughly, its swings inflated as a rough review's are
        con.execute("UPDATE analysis_points SET n = ?, swing = 0.9, severity = '', "
                    "significant = false WHERE game_id = ?", [q.LABEL_MIN_N - 1, first])
    finally:
        con.close()
    found = q.insights(q.open_source(rough), q.InsightFilter(player=HABIT), MIN)
    kept = _mine(analyses[1:])
    left = len(_mine(analyses)) - len(kept)
    mean, low, high = _hand_mean([r.swing for _, r, _ in kept])
    assert found.accuracy.n == len(kept)
    assert found.accuracy.mean == pytest.approx(mean)
    assert found.accuracy.interval == pytest.approx((low, high))
    assert (found.rough.decisions, found.rough.games) == (left, 1)
    assert sum(g.swing.n for g in found.breakdowns if g.dimension == "kind") == len(kept)
    assert sum(g.swing.n for g in found.trend) == len(kept)
    assert all(e.game_id != first for h in found.habits for e in h.examples)
    text = cli("insights", "--player", HABIT, "--db", rough, "--min-decisions", str(MIN))
    assert text.code == 0, text.err
    assert (f"  note: {left} decisions of 1 game analysed on fewer than "
            f"{q.LABEL_MIN_N} rollouts are left out") in text.out, text.out
    doc = json.loads(cli("insights", "--player", HABIT, "--db", rough, "--min-decisions",
                         str(MIN), "--json").out)
    assert doc["accuracy"]["n"] == len(kept)
    assert (doc["rough"]["decisions"], doc["rough"]["games"]) == (left, 1)
    # the command that analyses the rough game again (exceed analyze: 200 rollouts)
    path = next(g.path for g in q.games(q.open_source(rough)) if g.game_id == first)
    again = q.analyze_logs_command([path], str(rough))
    assert found.rough.paths == (path,)
    assert q.reanalyse_command(found.rough, str(rough)) == again
    assert f"  analyse them again: {again}" in text.out.splitlines()
    assert doc["rough"]["command"] == again
    clean = cli("insights", "--player", HABIT, "--db", db, "--min-decisions", str(MIN))
    assert "left out" not in clean.out and "analyse them again" not in clean.out


def test_each_game_counts_the_analysis_its_game_page_shows(corpus: Any, tmp_path: Path) -> None:
    """Found reading the two pickers side by side in a coach's walk: of two analyses of a
    game with as many rollouts, the Game page shows the one with best moves (then
    curve=setter, infer=1, full rollouts), the insights took the first params by text,
    so an example's link could open on other swings than those counted. Here each game
    gets a second analysis of as many rollouts, with best moves and truncated rollouts,
    every swing 0: the Game page shows it, and so must the insights count it."""
    db, analyses = corpus
    both = tmp_path / "both.duckdb"
    shutil.copy(db, both)
    con = duckdb.connect(str(both))
    try:
        for table in ("analysis_points", "analysis_options"):
            con.execute(f"CREATE TEMP TABLE copy AS SELECT * FROM {table}")
            con.execute("UPDATE copy SET params = params || ';horizon=2;leaf=2'")
            if table == "analysis_points":
                con.execute("UPDATE copy SET swing = 0, severity = '', best_move = decision, "
                            "found = true")
            con.execute(f"INSERT INTO {table} SELECT * FROM copy")
            con.execute("DROP TABLE copy")
    finally:
        con.close()
    src = q.open_source(both)
    shown = [q.game_analysis(src, a.game_id) for a in analyses]
    assert all(s is not None and s.params.endswith(";horizon=2;leaf=2") for s in shown)
    found = q.insights(src, q.InsightFilter(player=HABIT), MIN)
    assert found.accuracy.n == len(_mine(analyses))
    assert found.accuracy.total == 0.0 and found.per_game["blunders"].total == 0
    assert not found.habits


def test_breakdowns_by_kind_life_band_fighter_and_day(corpus: Any) -> None:
    db, analyses = corpus
    found = q.insights(q.open_source(db), q.InsightFilter(player=HABIT), MIN)
    mine = _mine(analyses)
    by: dict[tuple[str, str], list[float]] = {}
    for a, r, s in mine:
        by.setdefault(("kind", s.kind), []).append(r.swing)
        by.setdefault(("life", _life_band(s)), []).append(r.swing)
        lead = "behind" if s.life < s.opp_life else "level" if s.life == s.opp_life else "ahead"
        by.setdefault(("lead", lead), []).append(r.swing)
        by.setdefault(("matchup", "ryu vs ken"), []).append(r.swing)
        day = f"2026-01-{analyses.index(a) + 1:02d}"
        by.setdefault(("day", day), []).append(r.swing)
    groups = {(g.dimension, g.value): g.swing for g in (*found.breakdowns, *found.trend)}
    for key, values in by.items():
        got = groups[key]
        assert got.n == len(values), key
        assert got.total == pytest.approx(sum(values)), key
        if len(values) >= MIN:
            assert got.mean == pytest.approx(statistics.fmean(values)), key
        else:
            assert got.mean is None and got.text().startswith("not enough decisions"), key
    assert {k for k in groups if k[0] == "kind"} == {k for k in by if k[0] == "kind"}


DOC_BANDS = {
    "lead": ["behind", "level", "ahead"],
    "life": ["behind by 8+", "behind by 1-7", "level", "ahead by 1-7", "ahead by 8+"],
    "distance": ["1", "2", "3", "4-5", "6+"],
    "gauge": ["0", "1", "2", "3", "4+"],
    "hand": ["0-3", "4-5", "6-7", "8+"],
    "turn": ["1-5", "6-10", "11-15", "16-20", "21+"],
}
"""The bands as docs/metrics.md lists them, in that order."""


def test_each_situations_bands_come_in_their_natural_order(corpus: Any, cli: Cli) -> None:
    """Found walking the README's ``exceed insights`` example: the bands came sorted as
    text, turn ``1-5, 11-15, 16-20, 21+, 6-10`` and life ``ahead ..., behind ...,
    level``, on the command and the page alike."""
    db, _ = corpus
    found = q.insights(q.open_source(db), q.InsightFilter(player=HABIT), MIN)
    for dimension, bands in DOC_BANDS.items():
        shown = [g.value for g in found.breakdowns if g.dimension == dimension]
        assert shown and shown == [b for b in bands if b in shown], dimension
    out = cli("insights", "--player", HABIT, "--min-decisions", str(MIN), "--db", str(db)).out
    after = out[out.index("By turn:"):].splitlines()[1:]
    turns = after[:next(i for i, line in enumerate([*after, ""]) if not line.startswith("  "))]
    shown = [line.split()[0] for line in turns]
    assert shown == [b for b in DOC_BANDS["turn"] if b in shown] and len(shown) >= 2


def test_fighters_and_matchups_are_named_as_everywhere_else(corpus: Any, cli: Cli) -> None:
    """Found in a coach's read of ``exceed insights``: "By fighter: ken", "By matchup:
    ryu vs ken", where ``exceed info``, the report of ``exceed analyze`` and the
    dashboard say "Ken Masters". The command and the page name them (the JSON keeps the
    index's ids, which the filters take); the column stays one column."""
    db, _ = corpus
    out = cli("insights", "--player", HABIT, "--min-decisions", str(MIN), "--db", str(db)).out
    lines = out.splitlines()
    assert lines[lines.index("By fighter:") + 1].startswith("  Ryu  ")
    matchup = lines[lines.index("By matchup:") + 1]
    assert matchup.startswith("  Ryu vs Ken Masters  "), matchup
    found = q.insights(q.open_source(db), q.InsightFilter(player=HABIT), MIN)
    [group] = [g for g in found.breakdowns if g.dimension == "matchup"]
    assert group.value == "ryu vs ken" and group.shown(q.character_name) == "Ryu vs Ken Masters"
    assert matchup.endswith(group.swing.text())
    doc = json.loads(cli("insights", "--player", HABIT, "--min-decisions", str(MIN), "--db",
                         str(db), "--json").out)
    assert {"dimension": "matchup", "value": "ryu vs ken"}.items() <= next(
        b for b in doc["breakdowns"] if b["dimension"] == "matchup").items()
    # the filters take a fighter's name too, as exceed play's seats do
    by_name = cli("insights", "--player", HABIT, "--min-decisions", str(MIN), "--db", str(db),
                  "--fighter", "RYU", "--opponent", "Ken Masters")
    by_id = cli("insights", "--player", HABIT, "--min-decisions", str(MIN), "--db", str(db),
                "--fighter", "ryu", "--opponent", "ken")
    assert by_name.code == by_id.code == 0 and by_name.out == by_id.out
    assert by_id.out.startswith(f"Insights for {HABIT} (fighter ryu, opponent ken): ")
    # an id no catalog knows (a log may define its own fighters) is shown as it is
    odd = q.InsightGroup("matchup", "zed vs ryu", group.swing)
    assert odd.shown(q.character_name) == "zed vs Ryu"
    assert q.InsightGroup("turn", "1-5", group.swing).shown(q.character_name) == "1-5"


def test_no_cell_to_test_is_said_so_not_none_found(corpus: Any, cli: Cli) -> None:
    """With too few decisions for any habit cell the command said "none found" under
    "... over 0 cells", which reads as a clean bill; it says none could be tested."""
    db, _ = corpus
    out = cli("insights", "--player", HABIT, "--min-decisions", "10000", "--db", str(db)).out
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Costliest habits"))
    assert lines[at + 1] == ("  none tested yet: no situation x decision kind cell has "
                             "10000 decisions")
    assert "none found" not in out
    # nor a bar for a test never run: it read "at z > 1.64 over 0 cells"
    assert lines[at] == ("Costliest habits (situation x decision kind, at least 10000 "
                         "decisions, mean swing lost above your other decisions'):")


def test_the_planted_habit_is_the_top_costly_habit_with_its_worst_examples(
        corpus: Any) -> None:
    db, analyses = corpus
    found = q.insights(q.open_source(db), q.InsightFilter(player=HABIT), MIN)
    assert found.habits, "the planted habit was not found"
    top = found.habits[0]
    planted = [(a, r, s) for a, r, s in _mine(analyses)
               if s.kind == "wild swing" and s.life < s.opp_life]
    assert len(planted) >= MIN
    # the top habit is the wild swing when behind: every decision in it is a planted one
    assert top.kind == "wild swing"
    assert top.swing.mean == pytest.approx(HABIT_SWING)
    assert top.z > found.critical_z
    assert found.critical_z == pytest.approx(critical_z(found.cells_tested))
    assert (top.dimension, top.value) == ("lead", "behind")
    assert top.swing.n == len(planted)
    # each life band behind with enough wild swings is a significant cell of its own
    # (beyond the five shown, maybe)
    every, tested, _ = habits(habit_cells(q.open_source(db), q.InsightFilter(player=HABIT)),
                              found.accuracy, MIN)
    assert tested == found.cells_tested
    assert [(h.dimension, h.value, h.kind, h.swing.n) for h in every[:len(found.habits)]] == [
        (h.dimension, h.value, h.kind, h.swing.n) for h in found.habits]
    assert [h.swing.total for h in every[:len(found.habits)]] == pytest.approx(
        [h.swing.total for h in found.habits])  # two queries: sums may differ in the last bit
    behind = {_life_band(s) for _, _, s in planted}
    for band in behind:
        cell = [h for h in every if (h.dimension, h.value, h.kind)
                == ("life", band, "wild swing")]
        count = sum(1 for _, _, s in planted if _life_band(s) == band)
        assert bool(cell) == (count >= MIN), band
    # its three worst decisions, linked to the Game page's decision panel
    assert len(top.examples) == 3
    ids = {a.game_id: a for a in analyses}
    for rank, e in enumerate(top.examples, 1):
        assert e.rank == rank and e.swing == pytest.approx(HABIT_SWING)
        point = next(r for r in ids[e.game_id].points if r.id.index == e.idx)
        where = {s.index: s for s in ids[e.game_id].situations}[e.idx]
        assert point.id.player is Player.P1 and where.kind == "wild swing"
        assert where.life < where.opp_life
        assert q.game_link(e.game_id, e.idx) == f"/game?game={e.game_id}&decision={e.idx}"
    assert [(e.game_id, e.idx) for e in top.examples] == sorted(
        (e.game_id, e.idx) for e in top.examples)  # equal swings: by game, then decision


def test_the_worst_decisions_are_named_in_todays_words_from_their_logs(corpus: Any) -> None:
    """Found in a coach's walk: a habit's worst decisions kept the words stored with the
    analysis (a label improved since, such as a Move now saying its force, read the old
    way), while the Game page their links open names them from the log in today's
    words. They are named from each game's log too; a log that moved, or changed since it
    was indexed, keeps the stored words. The corpus stores its planted wild swings as
    "planted wild swing"; today's words are "Wild swing"."""
    db, _ = corpus
    src, filt = q.open_source(db), q.InsightFilter(player=HABIT)
    _, stored = q.run_sql(src, "SELECT DISTINCT decision FROM analysis_points "
                               "WHERE decision LIKE '%wild%'")
    assert stored == [("planted wild swing",)]
    examples = q.insights(src, filt, MIN).habits[0].examples
    assert [e.decision for e in examples] == ["Wild swing"] * 3
    # a log that moved keeps the stored words; so does one rewritten since it was indexed
    moved = examples[0].game_id
    path = Path(q.game(src, moved).path)  # type: ignore[union-attr]
    kept = path.read_bytes()
    away = path.with_suffix(".moved")
    try:
        path.rename(away)
        again = q.insights(src, filt, MIN).habits[0].examples
        assert {e.decision for e in again if e.game_id == moved} == {"planted wild swing"}
        assert {e.decision for e in again if e.game_id != moved} <= {"Wild swing"}
        away.rename(path)
        path.write_bytes(kept + b"\0")  # no longer the game its id names
        again = q.insights(src, filt, MIN).habits[0].examples
        assert {e.decision for e in again if e.game_id == moved} == {"planted wild swing"}
    finally:
        if away.exists():
            away.rename(path)
        path.write_bytes(kept)


def test_the_habit_test_is_welchs_z_against_the_other_decisions() -> None:
    cell = Mean(4, 4 * 0.3, 4 * 0.09, 2)
    rest = Mean(3, 0.3, 0.01 + 0.04 + 0.0, 0)
    # rest: 0.1, 0.2, 0.0 -> mean 0.1, variance 0.01; the cell's variance is 0
    assert welch_z(cell, rest) == pytest.approx((0.3 - 0.1) / math.sqrt(0.01 / 3))
    assert critical_z(1) == pytest.approx(1.6448536)
    assert critical_z(50) == pytest.approx(3.0902323)
    assert Mean(3, 0.3, 0.05).text() == "not enough decisions (n=3)"


def test_filters_and_the_games_left_to_analyse(corpus: Any) -> None:
    db, analyses = corpus
    src = q.open_source(db)
    since = q.insights(src, q.InsightFilter(player=HABIT, since="2026-01-04"), MIN)
    assert (since.coverage.games, since.coverage.analysed) == (4, 3)
    assert [g.value for g in since.trend] == ["2026-01-04", "2026-01-05", "2026-01-06"]
    as_ken = q.insights(src, q.InsightFilter(player=HABIT, fighter="ken"), MIN)
    assert as_ken.coverage.games == 0
    against = q.insights(src, q.InsightFilter(player=HABIT, opponent="ken"), MIN)
    assert against.accuracy.n == len(_mine(analyses))
    command = q.analyse_command(src, q.InsightFilter(player=HABIT), str(db))
    assert command.startswith("exceed analyze ") and command.endswith(f"--db {db}")
    assert "seed6.exlog" in command and "seed0.exlog" not in command


def test_the_command_prints_the_same_figures(corpus: Any, cli: Cli) -> None:
    db, _ = corpus
    result = cli("insights", "--player", HABIT, "--db", db, "--min-decisions", str(MIN),
                 "--json")
    assert result.code == 0, result.err
    doc = json.loads(result.out)
    found = q.insights(q.open_source(db), q.InsightFilter(player=HABIT), MIN)
    assert (doc["games"], doc["analysed"]) == (ANALYSED + 1, ANALYSED)
    assert doc["accuracy"]["mean"] == pytest.approx(100 * (found.accuracy.mean or 0))
    top = doc["habits"][0]
    assert top["kind"] == "wild swing"
    assert [e["link"] for e in top["examples"]] == [
        "http://127.0.0.1:8501" + q.game_link(e.game_id, e.idx)
        for e in found.habits[0].examples]
    text = cli("insights", "--player", HABIT, "--db", db, "--min-decisions", str(MIN))
    assert text.code == 0
    assert f"Insights for {HABIT} (no filter): {ANALYSED} of {ANALYSED + 1} game(s) " \
           "analysed" in text.out
    assert "analyse the rest: exceed analyze " in text.out
    assert "  1. " in text.out and ", wild swing: 30.0 [30.0–30.0]" in text.out


def test_the_examples_links_are_whole_addresses_as_finds_are(
        corpus: Any, cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found in a coach's walk: the worst decisions' links read "/game?game=...", a bare
    path no terminal can open, where ``exceed find`` prints whole addresses. They take
    find's ``--port`` / ``--url`` (``replay.cli.links``) and are whole, in the report
    and in ``--json``."""
    db, _ = corpus
    monkeypatch.delenv("EXCEED_DASHBOARD_PORT", raising=False)
    found = q.insights(q.open_source(db), q.InsightFilter(player=HABIT), MIN)
    paths = [q.game_link(e.game_id, e.idx) for e in found.habits[0].examples]
    assert paths and all(p.startswith("/game?game=") for p in paths)
    for flags, base in (((), "http://127.0.0.1:8501"), (("--port", "8642"),
                        "http://127.0.0.1:8642"), (("--url", "https://coach.example/x/"),
                                                  "https://coach.example/x")):
        text = cli("insights", "--player", HABIT, "--db", db, "--min-decisions", str(MIN),
                   *flags)
        assert text.code == 0, text.err
        shown = [line.split()[0] for line in text.out.splitlines()
                 if "/game?" in line]
        assert shown[:len(paths)] == [base + p for p in paths], text.out
        doc = json.loads(cli("insights", "--player", HABIT, "--db", db, "--min-decisions",
                             str(MIN), "--json", *flags).out)
        assert [e["link"] for e in doc["habits"][0]["examples"]] == [base + p for p in paths]


def test_each_worst_decision_names_its_game_as_the_player_finds_it(corpus: Any,
                                                                     cli: Cli) -> None:
    """A coach's read: an example was a link, a turn and "Wild swing", and which game it
    was could be learnt only by opening it. Each now names the player's fighter, the
    opponent's and the day played, in the report and in ``--json``."""
    db, _ = corpus
    found = q.insights(q.open_source(db), q.InsightFilter(player=HABIT), MIN)
    e = found.habits[0].examples[0]
    assert (e.fighter, e.opponent) in (("ryu", "ken"), ("ken", "ryu"))
    assert e.played.startswith("2026-01-")
    named = q.example_game(e, q.character_name)
    mine, theirs = ("Ryu", "Ken Masters") if e.fighter == "ryu" else ("Ken Masters", "Ryu")
    assert named == f"{mine} vs {theirs}, {e.played}"
    text = cli("insights", "--player", HABIT, "--db", db, "--min-decisions", str(MIN))
    line = next(t for t in text.out.splitlines() if q.game_link(e.game_id, e.idx) in t)
    assert f"  {named}  turn {e.turn}  " in line
    doc = json.loads(cli("insights", "--player", HABIT, "--db", db, "--min-decisions",
                         str(MIN), "--json").out)
    shown = doc["habits"][0]["examples"][0]
    assert (shown["game"], shown["fighter"], shown["opponent"], shown["day"]) == (
        named, e.fighter, e.opponent, e.played)
    # a game the index names no fighter for (an older index's row) is named by its id
    assert q.example_game(msgspec.structs.replace(e, fighter=""), q.character_name) == e.game_id


def test_swings_are_summed_the_same_in_any_order() -> None:
    """Doubles summed in another order differ in the last bits (``sum`` of 0.1 ten times
    is 0.9999999999999999 one way and 1.0 another), and DuckDB's threads add rows in the
    order they finish, so ``insights --json`` differed between runs. The sums add whole
    millionths of a point (``us``), exact in any order."""
    from replay.index.insight_queries import _TOTALS

    swings = [0.1] * 10 + [33.3, 66.7, 1e-7]
    assert sum(swings[:10]) != 1.0  # what a double sum in this order gives
    con = duckdb.connect()
    try:
        con.execute("CREATE TABLE a AS SELECT swing, CAST(round(swing * 1000000) AS BIGINT) "
                    "AS us FROM (SELECT unnest(?::DOUBLE[]) AS swing)", [swings])
        sums = [con.execute(f"SELECT {_TOTALS} FROM (SELECT * FROM a ORDER BY swing {way})")
                .fetchall() for way in ("ASC", "DESC")]
    finally:
        con.close()
    # 0.1 × 10 + 33.3 + 66.7 (the 1e-7 rounds to no millionth); squares 0.01 × 10 +
    # 33.3² + 66.7², each the double nearest the exact figure
    assert sums == [[(101.0, 5557.88)], [(101.0, 5557.88)]]


def test_analyses_stored_before_the_situations_still_count(
        corpus: Any, tmp_path: Path) -> None:
    db, analyses = corpus
    old = tmp_path / "old.duckdb"
    shutil.copy(db, old)
    con = duckdb.connect(str(old))
    try:
        for column in ("decision_kind", "life", "opp_life", "distance", "gauge", "hand"):
            con.execute(f"ALTER TABLE analysis_points DROP COLUMN {column}")
    finally:
        con.close()
    found = q.insights(q.open_source(old), q.InsightFilter(player=HABIT), MIN)
    assert found.accuracy.n == len(_mine(analyses))
    assert {g.value for g in found.breakdowns if g.dimension in ("kind", "lead", "life")} == {
        "not stored"}
    assert not found.habits and found.cells_tested == 0


def test_a_decisions_kind_in_rulebook_words(sample_logs: list[Any]) -> None:
    from engine import default_catalog
    from replay.analysis.positions import points

    kinds = {decision_kind(p.decision) for log in sample_logs[:6]
             for p in points(log, default_catalog())}
    assert {"strike", "attack set"} <= kinds
    assert kinds <= {"strike", "attack set", "EX attack set", "wild swing", "boost", "move",
                     "change cards", "prepare", "exceed", "character action", "reshuffle",
                     "switch fighters", "boost action"}
