"""A small corpus with one planted habit, for the insights tests: games in which p1, a
person (the header's agent ``human``: a log's agents must be ones the engine knows),
always wild swings when behind on life (its life below the opponent's when it sets an
attack) and otherwise plays as the heuristic agent would; p2 is the heuristic agent.

``record_habit_games(out, seeds)`` records them (Ryu vs Ken), each log dated one day
after the one before (2026-01-01 + i days, 12:00 UTC, as its modification time:
``games.played``). ``build(out)`` indexes them and stores an analysis of all but the
last (``ANALYSED``) through
the index's writer (``store_analysis``), made of the game's real points and situations
(``replay.analysis.positions``, ``replay.analysis.situation``: no rollouts) with the
swing ``planted_swing`` gives: a wild swing when behind costs ``HABIT_SWING``, every
other decision a small swing from a fixed cycle. Real rollouts cannot stand in here: at
the 6 rollouts a test can afford, 8 such games took 612 s to analyse on the shared
machine, and every decision's swing was about 13 points of noise (the best of several
noisy options), the wild swings 15: no habit is significant at that depth.
"""

from __future__ import annotations

import calendar
import contextlib
import io
import os
from pathlib import Path

from engine import (
    GameSetup,
    Player,
    Recording,
    SetAttackRequest,
    default_catalog,
    forced_decision,
    make_agent,
    new_game,
    observe,
)
from replay.analysis.positions import points
from replay.analysis.rollout import Estimate, PointResult
from replay.analysis.run import GameAnalysis, load
from replay.analysis.situation import situation
from replay.analysis.verdict import LABEL_MIN_N, classify
from replay.cli import main
from replay.index.analysis import store_analysis
from replay.query import Params

HABIT = "human"
"""The player with the habit: the name its seat is indexed under."""
PARAMS = Params(rollouts=LABEL_MIN_N, seed=33)
"""The parameters the planted analyses are stored under."""
SEEDS = tuple(range(7))
ANALYSED = 6
"""The first ``ANALYSED`` games get a stored analysis; the last one none."""
MAX_DECISIONS = 2000


def record_habit_game(path: Path, seed: int, day: int) -> None:
    """Record one game of the habit (p1, Ryu, as ``HABIT``) against the heuristic agent (p2, Ken)."""
    catalog = default_catalog()
    game = new_game(GameSetup(p1="ryu", p2="ken"), seed, catalog)
    seats = (make_agent("heuristic", seed, Player.P1, catalog),
             make_agent("heuristic", seed, Player.P2, catalog))
    with open(path, "wb") as stream:
        recording = Recording(game, seed, stream, (HABIT, "heuristic"), catalog)
        for _ in range(MAX_DECISIONS):
            request = game.pending
            if request is None:
                break
            decision = forced_decision(request)
            if decision is None:
                me, them = game.state.players[request.player], game.state.players[
                    1 - request.player]
                swings = [o for o in request.options()
                          if o.__struct_config__.tag == "wild_swing"]
                if (request.player is Player.P1 and isinstance(request, SetAttackRequest)
                        and me.life < them.life and swings):
                    decision = swings[0]
                else:
                    decision = seats[request.player].decide(
                        observe(game.state, request.player), request)
            recording.step(decision)
        recording.seal()
    stamp = calendar.timegm((2026, 1, 1 + day, 12, 0, 0, 0, 0, 0))
    os.utime(path, (stamp, stamp))


def record_habit_games(out: Path, seeds: tuple[int, ...] = SEEDS) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for day, seed in enumerate(seeds):
        path = out / f"ryu-vs-ken_swinger-vs-heuristic_seed{seed}.exlog"
        record_habit_game(path, seed, day)
        paths.append(path)
    return paths


HABIT_SWING = 0.30
CYCLE = (0.0, 0.02, 0.06, 0.0, 0.11, 0.01, 0.03, 0.0, 0.07, 0.04)
"""The swings of the other decisions, by decision index modulo 10: 0.11 is a mistake,
0.06 and 0.07 inaccuracies, the rest unlabelled (docs/metrics.md)."""
ROLLOUTS = LABEL_MIN_N
"""The sample each planted swing claims: enough to carry a label."""


def planted_swing(kind: str, player: Player, life: int, opp_life: int, index: int) -> float:
    """The swing stored for a decision: the habit's, or the cycle's."""
    if player is Player.P1 and kind == "wild swing" and life < opp_life:
        return HABIT_SWING
    return CYCLE[index % len(CYCLE)]


def planted_analysis(path: Path) -> GameAnalysis:
    """The analysis ``build`` stores for the log at ``path``."""
    catalog = default_catalog()
    log, game_id = load(str(path), catalog)
    results, situations = [], []
    for point in points(log, catalog):
        s = situation(point)
        swing = planted_swing(s.kind, point.id.player, s.life, s.opp_life, point.id.index)
        p1 = Estimate(wins=ROLLOUTS / 2, n=ROLLOUTS, low=0.36, high=0.64)
        results.append(PointResult(
            id=point.id, decision_label=f"planted {s.kind}", p1=p1,
            swing=swing, significant=swing > 0, severity=classify(swing, swing > 0, ROLLOUTS)))
        situations.append(s)
    return GameAnalysis(game_id=game_id, path=str(path), card_data=log.header.card_data,
                        params=PARAMS, points=tuple(results), p1=log.header.p1,
                        p2=log.header.p2, situations=tuple(situations))


def build(out: Path, seeds: tuple[int, ...] = SEEDS) -> tuple[Path, list[GameAnalysis]]:
    """Record and index the corpus under ``out`` and store its planted analyses: the
    index and the analyses."""
    logs = record_habit_games(out / "logs", seeds)
    db = out / "index.duckdb"
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["index", str(out / "logs"), "--db", str(db), "--jobs", "1"]) == 0
    analyses = [planted_analysis(path) for path in logs[:ANALYSED]]
    for analysis in analyses:
        store_analysis(db, analysis, say=lambda _line: None)
    return db, analyses
