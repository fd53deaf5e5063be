"""``exceed analyze`` (``replay/cli/analyze.py``): the per-point report, JSON, the result
stored in the index, and bad input: a damaged log analysed up to its last good step, a
file that is not a log, a log recorded with other card data, a locked index, an index
path that is not an index, and Ctrl-C leaving the index as it was."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import duckdb
import msgspec
import pytest

from engine import Catalog, Player, default_catalog, read_game
from engine.recording.definitions import game_catalog
from replay import query as q
from replay.analysis import rollout
from replay.analysis.positions import PointId, PointKind
from replay.analysis.run import GameAnalysis
from replay.cli import analyze, main
from replay.index.locks import writer_lock
from replay.index.schema import SCHEMA_VERSION
from replay.query import game_analysis, open_source


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


@pytest.fixture
def short_log(tmp_path: Path, sample_paths: list[Path]) -> Path:
    """The shortest sample game, copied."""
    path = min(sample_paths, key=lambda p: p.stat().st_size)
    copy = tmp_path / path.name
    shutil.copy(path, copy)
    return copy


def test_analyze_prints_every_point_and_stores_them(
        short_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "index.duckdb"
    code, out, err = run_main(capsys, "analyze", str(short_log), "--rollouts", "3",
                              "--no-review", "--db", str(db))
    assert (code, err) == (0, "")
    assert out[0].startswith(f"{short_log}: ") and "3 rollouts each, seed 0, no review" in out[0]
    point_lines = [line for line in out[1:] if " P1 " in line and line != analyze.LEGEND]
    assert point_lines and all("n=3)" in line for line in point_lines)
    stored = game_analysis(open_source(db), _game_id(short_log))
    assert stored is not None and len(stored.points) == len(point_lines)
    assert all(p.n == 3 and 0 <= p.low <= p.p1 <= p.high <= 1 for p in stored.points)


def test_the_report_names_the_log_as_it_was_given(
        short_log: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The report's first line named the log by its absolute path (``/tmp/.../x.exlog``)
    where a refusal of the same command, and ``exceed info``, name it as it was typed
    (``x.exlog``); ``--json`` keeps the absolute path, a name that outlives the folder."""
    monkeypatch.chdir(short_log.parent)
    code, out, err = run_main(capsys, "analyze", short_log.name, "--rollouts", "1",
                              "--no-review", "--no-store")
    assert (code, err) == (0, "")
    assert out[0].startswith(f"{short_log.name}: p1 "), out[0]
    code, out, err = run_main(capsys, "analyze", short_log.name, "--rollouts", "1",
                              "--no-review", "--no-store", "--json")
    assert (code, err) == (0, "")
    assert json.loads("\n".join(out))["path"] == str(short_log.resolve())


def _game_id(path: Path) -> str:
    import hashlib
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_json_is_the_same_for_the_same_seed_and_jobs_do_not_matter(
        short_log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ("analyze", str(short_log), "--rollouts", "2", "--json", "--no-store",
            "--max-options", "3")
    first = run_main(capsys, *args)[1]
    second = run_main(capsys, *args, "--jobs", "2")[1]
    assert first == second and len(first) == 1
    doc = json.loads(first[0])
    assert doc["game_id"] == _game_id(short_log) and doc["params"]["rollouts"] == 2
    assert doc["points"] and all(len(p["options"]) <= 3 for p in doc["points"])
    capped = [p for p in doc["points"] if p["options_total"] > 3]
    assert all(len(p["options"]) == 3 for p in capped)


def test_a_damaged_log_is_analysed_up_to_its_last_good_step(
        short_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = short_log.read_bytes()
    cut = tmp_path / "cut.exlog"
    cut.write_bytes(data[: len(data) // 2])
    code, out, _ = run_main(capsys, "analyze", str(cut), "--rollouts", "2", "--no-review",
                            "--no-store")
    assert code == 1
    assert out[1].startswith("  note: damaged at byte ") and "analysed up to decision" in out[1]


def test_a_file_that_is_not_a_log_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.exlog"
    junk.write_bytes(b"not a log at all")
    code, out, err = run_main(capsys, "analyze", str(junk), "--no-store")
    assert code == 2 and out == []
    assert len(err.splitlines()) == 1 and str(junk) in err


def test_a_log_with_other_card_data_is_refused(
        short_log: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    cat = default_catalog()
    h = read_game(short_log).header
    used = {*h.decks[0], *h.decks[1]}
    cards = dict(cat.cards)
    first = sorted(used)[0]  # a card of this game (format 4 compares per game)
    cards[first] = msgspec.structs.replace(cards[first], power=cards[first].power + 1)
    other = Catalog(cards=cards, characters=cat.characters)
    theirs = game_catalog(other, (h.p1, h.p2), used).content_hash
    monkeypatch.setattr(analyze, "load_catalog_or_fail", lambda: other)
    code, out, err = run_main(capsys, "analyze", str(short_log), "--no-store")
    assert code == 2 and out == []
    assert err.strip() == (f"{short_log}: recorded with different card data than this engine "
                           f"(log {h.card_data[:12]}, engine {theirs[:12]}); "
                           "its cards would not be the ones played: analysis refused "
                           "(exceed verify shows the difference)")


def test_a_locked_index_is_one_line_and_the_report_is_still_printed(
        short_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "index.duckdb"
    with writer_lock(db, 1.0, lambda _line: None):
        code, out, err = run_main(capsys, "analyze", str(short_log), "--rollouts", "1",
                                  "--no-review", "--db", str(db), "--wait", "0.2")
    assert code == 2 and out and out[0].startswith(str(short_log))
    assert err.splitlines()[-1].startswith(f"{short_log}: analysis not stored: ")
    assert "giving up" in err


def test_an_index_path_that_is_not_an_index_is_refused(
        short_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_main(capsys, "analyze", str(short_log), "--rollouts", "1",
                            "--no-review", "--db", str(short_log))
    assert code == 2 and "is not an exceed index" in err


def test_ctrl_c_leaves_the_index_as_it_was(
        short_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "index.duckdb"
    assert run_main(capsys, "analyze", str(short_log), "--rollouts", "1", "--no-review",
                    "--db", str(db))[0] == 0
    before = game_analysis(open_source(db), _game_id(short_log))
    calls = {"n": 0}
    real = rollout.analyse_point

    def interrupted(*args: object, **kwargs: object) -> object:
        calls["n"] += 1
        if calls["n"] > 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("replay.analysis.run.analyse_point", interrupted)
    code, _, err = run_main(capsys, "analyze", str(short_log), "--rollouts", "1",
                            "--no-review", "--db", str(db))
    assert code == 130 and err.strip() == "exceed analyze: interrupted"
    assert game_analysis(open_source(db), _game_id(short_log)) == before


def test_a_report_under_the_label_minimum_says_it_is_rough() -> None:
    """docs/metrics.md, "Minimum sample": fewer than 50 rollouts (the dashboard's Quick
    analysis: 20) labels nothing, and the report says so under its first line and in
    each seat's line (a coach read "0 blunder(s)" as a clean game)."""
    def analysis(rollouts: int, review: bool = True) -> GameAnalysis:
        return GameAnalysis(game_id="x", path="g.exlog", card_data="c", points=(),
                            params=rollout.Params(rollouts=rollouts, review=review))

    assert analyze.report(analysis(20)).splitlines()[1] == (
        f"  rough: fewer than {rollout.LABEL_MIN_N} rollouts, so swings are shown but no "
        "decision is labelled (docs/metrics.md)")
    assert "rough" not in analyze.report(analysis(rollout.LABEL_MIN_N))
    assert "rough" not in analyze.report(analysis(20, review=False))
    # its per-seat lines say no labels, not "0 blunder(s)", which reads as a clean game
    assert analyze.report(analysis(20)).splitlines()[-2:] == [
        "  p1: no labels (a rough analysis)", "  p2: no labels (a rough analysis)"]
    assert analyze.report(analysis(rollout.LABEL_MIN_N)).splitlines()[-1] == (
        "  p2: 0 blunder(s), 0 mistake(s), 0 inaccuracy(ies)")


def test_a_report_names_the_fighters_as_info_does() -> None:
    """It read "byakuya (p1) vs ryu (p2)" where ``exceed info`` and the dashboard say
    "p1 Byakuya vs p2 Ryu"; a Tag Team reads "Ryu + Ken Masters", an unknown id as it is."""
    game = GameAnalysis(game_id="x", path="g.exlog", card_data="c", points=(),
                        params=rollout.Params(rollouts=200), p1="byakuya", p2="ryu+ken")
    first = analyze.report(game, default_catalog()).splitlines()[0]
    assert first.startswith("g.exlog: p1 Byakuya vs p2 Ryu + Ken Masters, unfinished; 0 points")
    odd = dataclasses.replace(game, p1="nobody")
    assert analyze.report(odd, default_catalog()).startswith("g.exlog: p1 nobody vs p2 Ryu")


@pytest.mark.parametrize("where", ["folder", "log"])
def test_a_db_that_cannot_take_the_analysis_is_refused_before_analysing(
        short_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    """Attack near the review item: ``exceed analyze LOGS --db EXPORT`` (a Parquet export,
    as exceed insights suggested for one) ran every log's rollouts, minutes each, and
    only then said "analysis not stored: EXPORT is a directory"."""
    db = tmp_path if where == "folder" else short_log

    def never(*_: object) -> object:
        raise AssertionError("analysed before the index was checked")

    monkeypatch.setattr(analyze, "analyse_log", never)
    code, out, err = run_main(capsys, "analyze", str(short_log), "--db", str(db))
    assert code == 2 and out == [] and len(err.splitlines()) == 1, err
    assert err.startswith(f"exceed analyze: {db}") and "--no-store" in err, err


@pytest.mark.parametrize("kind", ["foreign", "newer"])
def test_another_duckdb_database_or_a_newer_index_is_refused_before_analysing_and_kept(
        short_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    """``exceed index`` refuses a DuckDB database that is not an index ("refusing to
    change it"), but ``exceed analyze --db`` added its analysis tables to one, after
    minutes of rollouts: refused now before any, in one line, the file unchanged; so is
    an index a newer exceed-replay built."""
    db = tmp_path / "other.duckdb"
    with duckdb.connect(str(db)) as con:
        if kind == "foreign":
            con.execute("CREATE TABLE people (x INTEGER)")
        else:
            con.execute("CREATE TABLE schema_version (version INTEGER)")
            con.execute("INSERT INTO schema_version VALUES (?)", [SCHEMA_VERSION + 1])
    before = db.read_bytes()

    def never(*_: object) -> object:
        raise AssertionError("analysed before the index was checked")

    monkeypatch.setattr(analyze, "analyse_log", never)
    code, out, err = run_main(capsys, "analyze", str(short_log), "--db", str(db))
    assert code == 2 and out == [] and len(err.splitlines()) == 1, err
    why = ("is a DuckDB database but not an exceed index" if kind == "foreign" else
           f"is an index of schema version {SCHEMA_VERSION + 1}, newer than")
    assert err.startswith(f"exceed analyze: {db} {why}") and "--no-store" in err, err
    assert db.read_bytes() == before


def test_an_analysis_into_a_new_db_makes_an_index_that_exceed_index_then_fills(
        short_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``exceed analyze LOG`` before any ``exceed index`` (the default index not made
    yet) wrote a file of the analysis tables alone, and ``exceed index`` then refused
    it for good ("a DuckDB database but not an exceed index"), the analyses stuck in it.
    The new file is an empty index now, and one such file made before is indexed into,
    its analyses kept."""
    db = tmp_path / "index.duckdb"
    assert run_main(capsys, "analyze", str(short_log), "--rollouts", "1", "--no-review",
                    "--db", str(db))[0] == 0
    assert q.counts(open_source(db))["games"] == 0
    code, _, err = run_main(capsys, "index", str(short_log), "--db", str(db))
    assert (code, err) == (0, ""), err
    assert q.counts(open_source(db))["games"] == 1
    assert game_analysis(open_source(db), _game_id(short_log)) is not None
    # a file of the analysis tables alone, as the analyses of an older exceed-replay made
    old = tmp_path / "old.duckdb"
    with duckdb.connect(str(old)) as con:
        con.execute(f"ATTACH '{db}' AS new (READ_ONLY)")
        for table in ("analysis_points", "analysis_options"):
            con.execute(f"CREATE TABLE {table} AS SELECT * FROM new.{table}")
    code, _, err = run_main(capsys, "index", str(short_log), "--db", str(old))
    assert (code, err) == (0, ""), err
    assert q.counts(open_source(old))["games"] == 1
    assert game_analysis(open_source(old), _game_id(short_log)) is not None


def test_a_long_decision_label_is_printed_whole_never_cut_into_another_option() -> None:
    """Found walking a coach's review: the report cut every label to 28 characters, so
    Ken's "Character action: Ken's rush and strike" read "Character action: Ken's rush",
    the other option of the same menu, beside "search: Best: Character action: Ken's
    rush and strike (57%), found". A long label widens the column for the whole game."""
    def point(index: int, label: str) -> rollout.PointResult:
        where = PointId(index=index, turn=index + 1, strike=0, event=10 * index,
                        kind=PointKind.TURN, player=Player(1))
        return rollout.PointResult(id=where, decision_label=label,
                                   p1=rollout.Estimate(wins=20, n=40, low=0.35, high=0.65))

    labels = ("Character action: Ken's rush", "Character action: Ken's rush and strike",
              "Strike")
    game = GameAnalysis(game_id="x", path="g.exlog", card_data="c",
                        params=rollout.Params(rollouts=40, review=False),
                        points=tuple(point(i, label) for i, label in enumerate(labels)))
    lines = analyze.report(game).splitlines()[2:]
    assert [line.split("  p2  ")[1].split("  P1 ")[0].rstrip() for line in lines] == list(labels)
    assert len({line.index(" P1 ") for line in lines}) == 1, lines  # still one column


def _est(p: float, n: int = 60) -> rollout.Estimate:
    return rollout.Estimate(wins=p * n, n=n, low=max(0.0, p - 0.1), high=min(1.0, p + 0.1))


def _opt(label: str, p: float, n: int = 60, chosen: bool = False,
         cut: bool = False) -> rollout.OptionResult:
    return rollout.OptionResult(label=label, key=label, decisions=(), option=0,
                                estimate=_est(p, n), chosen=chosen, cut=cut)


def _strike_point(index: int, player: int, label: str, p1: float,
                  options: tuple[rollout.OptionResult, ...] = (),
                  swing: float = 0.0) -> rollout.PointResult:
    where = PointId(index=index, turn=3, strike=2, event=10 * index, kind=PointKind.STRIKE,
                    player=Player(player))
    return rollout.PointResult(id=where, decision_label=label, p1=_est(p1), options=options,
                               options_total=len(options), swing=swing)


def test_an_option_tying_the_best_is_counted_as_tied_not_cut() -> None:
    """Found in a coach's walk: at a decided strike every option reads 100% for the
    decider; the race cut the others early as "no better" than the leader, and the
    panel listed them as "cut: no better" under the played one, as if worse. The report
    says the played option is a best one and how many tie it; ``--json`` marks each
    tying option ``tied_best`` (docs/metrics.md, Order)."""
    played = _opt("Set Grasp", 1.0, chosen=True)
    ties = (_opt("Set Dive", 1.0, 25, cut=True), _opt("Wild swing", 1.0, 25, cut=True))
    worse = _opt("Set Block", 0.9, 25, cut=True)
    point = _strike_point(5, 0, "Set Grasp", 1.0, (played, *ties, worse))
    line = analyze._line(point)
    assert line.endswith("  best played (tied with 2 other options)"), line
    assert "cut" not in line
    # the played option not the best: the best's clause counts its ties
    best = _opt("Set Dive", 1.0)
    other = _opt("Wild swing", 1.0, 25, cut=True)
    mine = _opt("Set Grasp", 0.8, chosen=True)
    point = _strike_point(5, 0, "Set Grasp", 0.8, (best, mine, other), swing=0.2)
    assert "  p1's best: Set Dive 100% (tied with 1 other option), swing +20" in analyze._line(point)
    # no tie: the line is as before (a swing of 10 not significant says so)
    point = _strike_point(5, 0, "Set Grasp", 0.8, (_opt("Set Dive", 0.9), mine), swing=0.1)
    assert analyze._line(point).endswith("  p1's best: Set Dive 90%, swing +10  not significant")
    game = GameAnalysis(game_id="x", path="g.exlog", card_data="c",
                        params=rollout.Params(rollouts=60),
                        points=(_strike_point(5, 0, "Set Grasp", 1.0,
                                              (played, *ties, worse)),))
    [doc] = [analyze._json(game)["points"]]
    assert isinstance(doc, list)
    assert [o["tied_best"] for o in doc[0]["options"]] == [False, True, True, False]


def test_the_deciders_figures_say_whose_chance_they_are() -> None:
    """Found in a coach's read of ``exceed analyze``: beside a p2 decision's "P1 60%" the
    line read "best: Move to space 5 85%, swing +45", which is p2's own chance (p2 at 40%
    after the move played, plus 45), read as P1's. The review's best names its decider,
    and a key under the header says which figures are whose."""
    mine = _opt("Strike", 0.40, chosen=True)
    point = _strike_point(3, 1, "Strike", 0.60, (_opt("Move to space 5", 0.85), mine),
                          swing=0.45)
    line = analyze._line(point)
    assert "P1  60% (50%-70%, n=60)  p2's best: Move to space 5 85%, swing +45" in line, line
    game = GameAnalysis(game_id="x", path="g.exlog", card_data="c",
                        params=rollout.Params(rollouts=60), points=(point,))
    assert analyze.report(game).splitlines()[1:3] == [analyze.LEGEND, line]
    assert analyze.LEGEND == (
        "  P1 is P1's chance to win after the decision played (95% interval, rollouts); "
        "every other figure is the deciding player's own chance")
    # a report of no points has no key (nothing to read it with)
    empty = GameAnalysis(game_id="x", path="g.exlog", card_data="c",
                         params=rollout.Params(rollouts=60), points=())
    assert analyze.LEGEND not in analyze.report(empty).splitlines()


def test_a_second_setters_line_says_whose_view_and_gives_their_own_chance() -> None:
    """Found in a coach's walk: at a strike's second set point the line showed the
    curve's P1 value, the first setter's figure (curve=setter), so "P1 0% ... best: Set
    Nightmare Booster 100%, swing +12" for p2 did not add up (p2 at 100% less 100% is no
    12). The line says whose view P1's chance is from and the decider's own chance after
    the option played, which the swing is measured from."""
    first = _strike_point(4, 1, "Set Dive", 0.5)
    mine = _opt("Set Gohadoken", 0.62, chosen=True)
    second = _strike_point(5, 0, "Set Gohadoken", 0.5, (_opt("Set Spike", 0.75), mine),
                           swing=0.13)
    game = GameAnalysis(game_id="x", path="g.exlog", card_data="c",
                        params=rollout.Params(rollouts=60), points=(first, second))
    lines = analyze.report(game).splitlines()
    [one] = [x for x in lines if "Set Dive" in x]
    [two] = [x for x in lines if "Set Gohadoken" in x]
    assert "view" not in one and "own" not in one
    assert "P1  50% (40%-60%, n=60) from p2's view  p1's own: 62%  p1's best: Set Spike 75%, " \
           "swing +13" in two, two
    assert analyze.first_setters(game.points) == {5: first}
    # the same player setting twice (no second setter), or a turn point: no such line
    same = _strike_point(5, 1, "Set Gohadoken", 0.5, (mine,))
    assert analyze.first_setters((first, same)) == {}


def test_every_reviewed_line_gives_a_verdict_or_says_why_it_has_none() -> None:
    """Found in a coach's read of ``exceed analyze``: a decision whose played option was
    the best alone had nothing after its P1 figure, as a decision never reviewed has
    (``turn   4  p2  Prepare  P1  76% (63%-86%, n=50)``), and a swing of a mistake's size
    with no label (``swing +16``) sat beside a labelled ``swing +14  MISTAKE`` with no
    word why, where the Game page says "not significant (allowing for the options
    compared)". The line now says ``best played``, and ``not significant``."""
    played = _opt("Prepare", 0.76, chosen=True)
    alone = _strike_point(4, 1, "Prepare", 0.24, (played, _opt("Change Cards", 0.70)))
    assert analyze._line(alone).endswith("P1  24% (14%-34%, n=60)  best played"), analyze._line(alone)
    unreviewed = _strike_point(4, 1, "Prepare", 0.24)
    assert analyze._line(unreviewed).endswith("P1  24% (14%-34%, n=60)")
    mine = _opt("Set Focus", 0.68, chosen=True)
    best = _opt("Set Block as EX", 0.84)
    noisy = _strike_point(6, 0, "Set Focus", 0.88, (best, mine), swing=0.16)
    assert analyze._line(noisy).endswith(
        "  p1's best: Set Block as EX 84%, swing +16  not significant"), analyze._line(noisy)
    labelled = dataclasses.replace(noisy, significant=True, severity=rollout.Severity.MISTAKE)
    assert analyze._line(labelled).endswith("  p1's best: Set Block as EX 84%, swing +16  MISTAKE")
    # under the inaccuracy threshold nothing is claimed either way
    small = _strike_point(6, 0, "Set Focus", 0.88, (_opt("Set Block", 0.70), mine), swing=0.02)
    assert analyze._line(small).endswith("  p1's best: Set Block 70%, swing +2")


def test_a_log_named_twice_is_analysed_once(
        short_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``exceed analyze DIR DIR/game.exlog`` (or the same file twice, or by another path
    to it) analysed the game twice: its report printed twice and the rollouts paid twice
    (minutes at 200 rollouts). Each log is analysed once, in the order first named."""
    alias = tmp_path / "sub" / ".." / short_log.name
    (tmp_path / "sub").mkdir()
    code, out, err = run_main(capsys, "analyze", str(tmp_path), str(short_log), str(alias),
                              "--rollouts", "2", "--no-review", "--best", "0", "--no-store")
    assert (code, err) == (0, "")
    assert [line for line in out if line.startswith(f"{short_log}: ")] == [out[0]]
    assert sum(": p1 " in line and "rollouts each" in line for line in out) == 1
