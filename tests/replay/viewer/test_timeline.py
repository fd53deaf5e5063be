"""The strike timeline read model (``replay.viewer.timeline``): one source for every layer.

Built once per opened log (``GameReplay.timeline``), or from strike rows alone when the
log is gone (``timeline_from_index``); both must draw the same game.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from engine.core import events as ev
from engine.recording.record import read_game
from replay.strikes import StrikeRow, strike_summaries
from replay.viewer.frames import open_game, strike_positions
from replay.viewer.timeline import DeckOut, timeline_from_index
from tests.frozen_games import ASTRAL_HEAT


def test_the_log_timeline_holds_every_layer_of_the_opened_game(sample_paths: list[Path]) -> None:
    for path in sample_paths:
        game = open_game(path)
        model = game.timeline
        assert model.source == "log" and model.length == game.length
        assert list(model.strikes) == strike_summaries(read_game(path))
        assert list(model.starts) == strike_positions(game)
        assert [model.start_of(k) for k in range(1, len(model.strikes) + 1)] == list(model.starts)
        assert model.start_of(0) is None and model.start_of(len(model.strikes) + 1) is None
        assert list(model.fighters) == game.fighters and list(model.switches) == game.switches
        ending = game.ending
        if ending is not None and ending.reason == "decked":
            assert model.deck_out == DeckOut(game.length, ending.words.split(": ", 1)[-1])
        else:
            assert model.deck_out is None


def test_strikes_name_the_seats_character_specs(sample_paths: list[Path]) -> None:
    """``a_char`` / ``d_char`` are the header's seat specs, a Tag Team's as ``ryu+ken``."""
    tag = next(p for p in sample_paths if p.name.startswith("ryu+ken-vs-sagat+zangief"))
    strikes = open_game(tag).timeline.strikes
    assert strikes
    for s in strikes:
        seats = {s.attacker: s.a_char, s.defender: s.d_char}
        assert seats == {0: "ryu+ken", 1: "sagat+zangief"}


def test_the_index_rows_draw_the_same_markers_and_final_lives(sample_paths: list[Path]) -> None:
    """Rows keyed by game (as the index returns them) give the same strikes and clicks,
    and life lines that end on the game's final life totals."""
    for path in sample_paths:
        game = open_game(path)
        log_model = game.timeline
        rows = [StrikeRow(game_id=game.game_id, **msgspec.structs.asdict(s))
                for s in log_model.strikes]
        final = game.replay.final_state
        winner = None if final.winner is None else int(final.winner)
        reason = None if game.ending is None else game.ending.reason
        model = timeline_from_index(rows, game.length, winner, reason)
        assert model.source == "index" and model.length == game.length
        assert model.starts == log_model.starts
        assert [msgspec.structs.asdict(s) for s in model.strikes] == [
            {"game_id": game.game_id, **msgspec.structs.asdict(s)} for s in log_model.strikes]
        assert (model.deck_out is None) == (log_model.deck_out is None)
        if model.deck_out is not None:
            assert model.deck_out.position == log_model.deck_out.position == game.length  # type: ignore[union-attr]
        if not log_model.switches and rows:  # one fighter per seat: one line each
            ends = {(f.seat, f.fighter): f.points[-1] for f in model.fighters}
            for seat, p in enumerate(final.players):
                spec = rows[0].a_char if rows[0].attacker == seat else rows[0].d_char
                assert ends[(seat, spec)] == (game.length, p.life), path.name


def test_season_moments_mark_the_exceed_and_the_astral_heat_arrival() -> None:
    """BlazBlue: the timeline marks Ragna's Astral Heat joining the deck after the manual
    Reshuffle (the searched "astral heat" sample), and it is then struck with; in his
    showcase game every Exceed, Revert and arrival is marked, in order. Open information: the same for
    every perspective."""
    path = ASTRAL_HEAT
    game = open_game(path)
    moments = game.timeline.moments
    arrivals = [m for m in moments if m.kind == "arrival"]
    assert [(m.seat, m.words) for m in arrivals] == [
        (0, "p1 Ragna the Bloodedge: Black Onslaught joins the deck")]
    assert [m.position for m in moments] == sorted(m.position for m in moments)
    struck = [s for s in game.timeline.strikes
              if "ragna_blackonslaught" in (s.a_card, s.d_card)]
    assert struck and struck[0].first_event > arrivals[0].position
    showcase = open_game(path.with_name("ragna-vs-ryu_heuristic-vs-heuristic_seed400.exlog"))
    marked = [(m.kind, m.seat) for m in showcase.timeline.moments]
    kinds = {ev.Exceeded: "exceed", ev.Reverted: "revert", ev.SetAsideCardAdded: "arrival"}
    assert marked and marked == [(kinds[type(e)], int(e.player))
                                 for e in showcase.replay.events if type(e) in kinds
                                 and isinstance(e, ev.Exceeded | ev.Reverted | ev.SetAsideCardAdded)]


def test_the_index_rows_draw_each_tag_team_fighters_own_life(sample_paths: list[Path]) -> None:
    """Street Fighter rulebook, Tag Team ("Each character has 20 life"): with the log
    gone, the life lines come from the strike rows, one per fighter who fought (its
    ``a_fighter``), ending on that fighter's life as the log's own lines do; before,
    the team was one line mixing both fighters' lives."""
    tag = next(p for p in sample_paths if p.name.startswith("ryu+ken-vs-sagat+zangief"))
    game = open_game(tag)
    rows = [StrikeRow(game_id=game.game_id, **msgspec.structs.asdict(s))
            for s in game.timeline.strikes]
    fought = {(r.attacker, r.a_fighter) for r in rows} | {(r.defender, r.d_fighter) for r in rows}
    assert {fighter for _, fighter in fought} == {"ryu", "ken", "sagat", "zangief"}
    from_log = {(f.seat, f.fighter): f.points[-1][1] for f in game.fighters}
    model = timeline_from_index(rows, game.length, None, None)
    from_index = {(f.seat, f.fighter): f.points[-1][1] for f in model.fighters}
    assert set(from_index) == fought
    assert from_index == {key: from_log[key] for key in fought}
    assert {f.name for f in model.fighters} == {"Ryu", "Ken Masters", "Sagat", "Zangief"}
