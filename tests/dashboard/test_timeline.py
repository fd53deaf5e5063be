"""The strike timeline figure and the mapping from a chart click to a strike.

Issue 11: both sides' outcomes (item 1), hover text per perspective (item 2), Tag Team
life lines (item 3) and the deck-out mark (item 4).
"""

from __future__ import annotations

import html
import itertools
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

from dashboard import export, timeline, timeline_labels
from engine.cards.catalog import default_catalog
from engine.cards.schema import Season
from engine.cards.seasons import roster
from engine.core.events.tag_team import FighterSwitched
from engine.core.ids import Player
from engine.knowledge.views import HIDDEN, redact
from replay.query import (
    FRAME_PERSPECTIVES,
    DeckOut,
    GameReplay,
    GameRow,
    StrikeRow,
    card_names,
    fighter_lives,
    game_strikes,
    open_game,
    open_source,
)
from tests.frozen_games import ASTRAL_HEAT

SAMPLES = Path(__file__).resolve().parents[2] / "sample_games"
SEED8 = SAMPLES / "ken-vs-ryu_random-vs-random_seed8.exlog"
BLAZBLUE = set(roster(default_catalog(), Season.BLAZBLUE))
TAG = SAMPLES / "ryu+ken-vs-sagat+zangief_heuristic-vs-heuristic_seed300.exlog"


def _markers(fig: Any) -> list[Any]:
    """The marker traces of a plotly figure (plotly is untyped: its traces are Any)."""
    return [t for t in fig.data
            if t.mode in ("markers", "markers+text") and t.customdata is not None]


def _strikes(index_path: Path, game: GameReplay) -> list[StrikeRow]:
    return game_strikes(open_source(index_path), game.game_id)


def test_figure_has_a_marker_per_seat_per_strike_and_step_lines(index_path: Path,
                                                                longest: GameRow) -> None:
    strikes = game_strikes(open_source(index_path), longest.game_id)
    game = open_game(longest.path)
    seats = ("p1 Ryu", "p2 Ken Masters")
    cards = {s.a_card: s.a_card.upper() for s in strikes} | {s.d_card: s.d_card.upper()
                                                           for s in strikes}
    fig = timeline.figure(strikes, fighter_lives(game), seats, cards, at=10)
    markers = _markers(fig)
    assert [len(t.x) for t in markers] == [len(strikes), len(strikes)] == [longest.strikes] * 2
    assert [set(t.y) for t in markers] == [{"p1 Ryu"}, {"p2 Ken Masters"}]
    for t in markers:  # customdata: strike number and where a click lands (its start)
        assert [(int(c[0]), c[1]) for c in t.customdata] == [(s.strike, s.first_event + 1)
                                                             for s in strikes]
    symbols = {sym for t in markers for sym in t.marker.symbol}
    assert symbols <= set(timeline.SYMBOLS.values())
    lines = [t for t in fig.data if t.mode == "lines" and t.xaxis == "x2"]
    assert [t.name for t in lines] == ["p1 Ryu life", "p2 Ken Masters life"]
    assert all(t.line.shape == "hv" for t in lines)
    assert markers[0].xaxis == "x"  # shared axis, two rows
    legend = {t.name for t in fig.data if t.showlegend is not False}
    assert {"p1 Ryu", "p2 Ken Masters", "hit", "miss", "hit + stun"} <= legend


def test_defender_hit_shows_on_the_defender_row_where_the_damage_lands(
        index_path: Path) -> None:
    """Ken vs Ryu seed 8: strikes where the attacker missed and the defender hit back."""
    game = open_game(SEED8)
    strikes = _strikes(index_path, game)
    counters = [s for s in strikes if not s.a_hit and s.d_hit and s.d_damage > 0]
    assert len(counters) >= 2
    fig = timeline.figure(strikes, fighter_lives(game), ("p1 Ken Masters", "p2 Ryu"), {})
    rows = {t.y[0]: t for t in _markers(fig)}
    life = {line.seat: dict(line.points) for line in fighter_lives(game)}
    for s in counters:
        attacker_row = rows["p1 Ken Masters" if s.attacker == 0 else "p2 Ryu"]
        defender_row = rows["p2 Ryu" if s.attacker == 0 else "p1 Ken Masters"]
        i = s.strike - 1
        # the attacker missed, or was stunned before its attack resolved
        assert attacker_row.marker.symbol[i] in ("x", "circle-open")
        assert defender_row.marker.symbol[i] in ("circle", "star")  # the defender hit
        assert defender_row.marker.size[i] == 10 + 3 * s.d_damage
        x = defender_row.x[i]  # on the attacker's life step: life there is life after
        assert s.first_event + 1 <= x <= s.last_event + 1
        assert life[s.attacker][x] == s.a_life_after
        assert defender_row.marker.line.width[i] < attacker_row.marker.line.width[i]


def _seen_names(game: GameReplay, viewer: Player | None) -> list[set[str]]:
    """Card names ``viewer`` has seen after each position, from the redacted events alone
    (every card id an event still carries after ``redact``)."""
    state = game.replay.log.initial_state(game.catalog)
    names = card_names(set(state.card_defs.values()), game.catalog)
    refs: set[int] = set()
    out = [set[str]()]
    for event in game.replay.events:
        shown = redact(event, viewer)
        for field in shown.__struct_fields__:
            value = getattr(shown, field)
            if field in ("card", "cards", "p1", "p2") and value is not None:
                values = value if isinstance(value, tuple) else (value,)
                refs.update(v for v in values if isinstance(v, int) and v != HIDDEN)
        out.append({names[state.card_defs[r]] for r in refs if r in state.card_defs})
    return out


HOVER_SAMPLES = (
    "bison-vs-cammy_heuristic-vs-heuristic_seed201",
    "cammy+chunli-vs-guile+bison_heuristic-vs-random_seed301",
    "carlclover-vs-ryu_heuristic-vs-heuristic_seed400",
    "hilda-vs-ryu_heuristic-vs-heuristic_seed400",
    "ken-vs-ryu_heuristic-vs-random_seed6",
    "ken-vs-ryu_random-vs-random_seed8",
    "litchi-vs-ryu_heuristic-vs-heuristic_seed400",
    "ragna-vs-ryu_heuristic-vs-heuristic_seed400",
    "ryu-vs-ken_random-vs-random_seed0",
    "ryu-vs-ken_random-vs-random_seed150",  # the longest sample
)
"""The samples the hover test walks, cursor by cursor (a plotly figure each, ~0.1 s): a
few that hold every kind of strike the samples hold (``_strike_kinds``; checked by
``test_the_hover_samples_hold_every_kind_of_strike``), instead of all of them (issue 27
item 21: five minutes of CPU)."""
_FLAGS = ("ex", "wild", "critical", "stunned", "exceeded")


def _strike_kinds(strikes: list[StrikeRow], stem: str) -> set[str]:
    """What can change a strike's label or hover: each side's flags, where its attack was
    set from or measured from, objects and overdrive, no attack or a replaced set card; a
    Tag Team game; a random agent."""
    kinds = {"tag team"} if "+" in stem else set()
    kinds |= {"random agent"} if "random" in stem else set()
    for r in strikes:
        for side in ("a", "d"):
            def get(name: str, r: StrikeRow = r, side: str = side) -> object:
                return getattr(r, f"{side}_{name}")
            kinds |= {f"{side} {flag}" for flag in _FLAGS if get(flag)}
            kinds |= {f"{side} {name}" for name in ("origin", "objects", "overdrive",
                                                     "invalid") if get(name)}
            kinds.add(f"{side} set from {get('set_from')}")
            if not get("card"):
                kinds.add(f"{side} no attack")
            if get("set_card") not in (None, get("card")):
                kinds.add(f"{side} set card replaced")
    return kinds


def test_the_hover_samples_hold_every_kind_of_strike(index_path: Path,
                                                     sample_rows: list[GameRow]) -> None:
    source = open_source(index_path)
    kinds = {Path(g.path).stem: _strike_kinds(game_strikes(source, g.game_id),
                                              Path(g.path).stem) for g in sample_rows}
    assert set(HOVER_SAMPLES) <= set(kinds)
    missing = set().union(*kinds.values()) - set().union(*(kinds[s] for s in HOVER_SAMPLES))
    assert not missing, f"add a sample holding {sorted(missing)} to HOVER_SAMPLES"


@pytest.mark.parametrize("log", [SAMPLES / f"{stem}.exlog" for stem in HOVER_SAMPLES],
                         ids=lambda p: p.stem)
def test_hover_names_only_cards_the_perspective_has_seen(index_path: Path, log: Path) -> None:
    game = open_game(log)
    strikes = _strikes(index_path, game)
    cards = card_names({c for s in strikes for c in (s.a_card, s.d_card) if c}, game.catalog)
    seats = ("p1 A", "p2 B")
    cursors = sorted({0, game.length, *(s.first_event + 2 for s in strikes),
                      *(s.last_event + 1 for s in strikes)})
    by_seat = {"p1": _seen_names(game, Player.P1), "p2": _seen_names(game, Player.P2)}
    # a spectator (public) has seen what both seats have: a card shown to either one only
    # was in that seat's hand
    by_seat["public"] = [a & b for a, b in zip(by_seat["p1"], by_seat["p2"], strict=True)]
    for perspective in FRAME_PERSPECTIVES:
        if perspective == "all":
            continue
        seen = by_seat[perspective]
        for at in cursors:
            fig = timeline.figure(strikes, fighter_lives(game), seats, cards, at, perspective)
            texts = [str(t) for trace in fig.data
                     for t in (*(trace.text or ()), *(trace.hovertext or ()))]
            texts += [trace.hovertemplate or "" for trace in fig.data]
            for trace in _markers(fig):  # a label names a card once the hover may
                for r, text in zip(strikes, trace.text, strict=True):
                    assert text in ("?", "") or timeline.cards_visible(r, perspective, at), text
            named = {html.unescape(n) for t in texts for n in re.findall(r"<b>(.*?)</b>", t)
                     if not n.startswith("strike ")}
            named.discard("(no attack)")
            assert named <= seen[at], (perspective, at, named - seen[at])
    # and the test is not empty: at the end every struck card is named for both players
    end = timeline.figure(strikes, fighter_lives(game), seats, cards, game.length, "p2")
    named = {html.unescape(n) for t in _markers(end)[0].hovertext
             for n in re.findall(r"<b>(.*?)</b>", t)}
    assert {cards[s.a_card] for s in strikes if s.a_card} <= named


def test_hover_before_the_strike_ends_names_no_card_for_a_player(index_path: Path,
                                                                  longest: GameRow) -> None:
    strike = game_strikes(open_source(index_path), longest.game_id)[0]
    names = {strike.a_card: "Card A", strike.d_card: "Card D"}
    seats = ("p1 Ryu", "p2 Ken Masters")
    for perspective in ("p1", "p2"):
        text = timeline.hover(strike, names, seats, perspective, strike.last_event)
        assert "Card A" not in text and "Card D" not in text and "speed" not in text
        assert f"passes event {strike.last_event + 1}" in text
    text = timeline.hover(strike, names, seats, "all", 0)
    assert "Card A" in text and "Card D" in text
    assert f"speed {strike.a_speed}" in text and f"speed {strike.d_speed}" in text
    assert "life after" in text and f"strike {strike.strike}" in text


def test_tag_team_draws_a_line_per_fighter_and_marks_each_tag_in(index_path: Path) -> None:
    game = open_game(TAG)
    strikes = _strikes(index_path, game)
    fig = timeline.figure(strikes, game.fighters, ("p1 Ryu + Ken Masters", "p2 Sagat + Zangief"),
                          {}, switches=game.switches)
    lines = {t.name: t for t in fig.data if t.mode == "lines" and t.xaxis == "x2"}
    assert set(lines) == {"p1 Ryu life", "p1 Ken Masters life", "p2 Sagat life",
                          "p2 Zangief life"}
    for line in lines.values():  # no line ever jumps back up: life only falls (or heals)
        assert next(iter(line.y)) == 20
    ryu = list(lines["p1 Ryu life"].y)
    end = game.replay.seek(game.replay.length).players[0]  # Ryu in play, or tagged out
    assert ryu[-1] == (end.life if end.character == "ryu" else end.partner_life)
    assert all(b <= a for a, b in itertools.pairwise(ryu))
    assert lines["p1 Ken Masters life"].line.dash == "dot"
    tags = [a.text for a in fig.layout.annotations if "tags in" in (a.text or "")]
    # one mark per tag-in, in order (the switches the sample's events hold)
    assert len(game.switches) >= 2, "the Tag Team sample should hold tag-ins"
    assert len(game.switches) <= sum(isinstance(e, FighterSwitched)
                                     for e in game.replay.events)
    assert tags == [f"p{s.seat + 1} {s.fighter} tags in" for s in game.switches]
    assert [s.position for s in game.switches] == sorted(s.position for s in game.switches)


def test_deck_out_is_marked_and_explained(index_path: Path) -> None:
    game = open_game(SAMPLES / "ryu-vs-ken_random-vs-random_seed0.exlog")
    assert game.ending is not None and game.ending.reason == "decked"
    assert game.ending.words == ("p1 Ryu wins: p2 drew from an empty deck with no "
                                 "reshuffle left")
    fig = timeline.figure(_strikes(index_path, game), game.fighters, ("p1 Ryu", "p2 Ken"), {},
                          deck_out=DeckOut(game.ending.position, "p2 decked out"))
    marks = [a for a in fig.layout.annotations if a.text == "p2 decked out"]
    assert len(marks) == 1 and marks[0].x == game.length


def test_life_lines_from_index_rows_alone(index_path: Path, longest: GameRow) -> None:
    strikes = game_strikes(open_source(index_path), longest.game_id)
    lines = timeline.fighters_from_strikes(strikes, {"ryu": "Ryu", "ken": "Ken Masters"},
                                           longest.events)
    by_seat = {line.seat: line for line in lines}
    assert by_seat[0].points[-1] == (longest.events, longest.p1_life)
    assert by_seat[1].points[-1] == (longest.events, longest.p2_life)
    assert by_seat[0].points[0][0] == 0


def test_strike_from_selection() -> None:
    point = {"curve_number": 0, "point_index": 2, "x": 143, "customdata": [3, 143]}
    life = {"curve_number": 6, "point_index": 4, "x": 200, "y": 27}
    assert timeline.strike_from_selection({"selection": {"points": [point]}}) == 3
    assert timeline.strike_from_selection({"selection": {"points": [life, point]}}) == 3
    assert timeline.strike_from_selection({"selection": {"points": [life]}}) is None
    assert timeline.strike_from_selection({"selection": {"points": []}}) is None
    assert timeline.strike_from_selection(None) is None


def test_outcome_of_each_side(index_path: Path, sample_rows: list[GameRow]) -> None:
    rows = [s for g in sample_rows for s in game_strikes(open_source(index_path), g.game_id)]
    for s in rows:
        for seat, hit, distance, stunned in ((s.attacker, s.a_hit, s.a_distance, s.a_stunned),
                                             (s.defender, s.d_hit, s.d_distance, s.d_stunned)):
            got = timeline.outcome_of(s, seat)
            if hit:
                assert got in ("hit", "stun")
            elif distance is None and stunned:
                assert got == "stunned"
            else:
                assert got == "miss"
    # the samples hold every outcome: both sides are shown, not only the attacker's
    seen = {timeline.outcome_of(s, seat) for s in rows for seat in (0, 1)}
    assert seen == {"hit", "stun", "miss", "stunned"}


def test_hover_says_where_an_attack_was_set_from_and_the_arena_objects(
        index_path: Path, longest: GameRow) -> None:
    """Issue 14, item 5: an attack set from the gauge says so (face-up, so public once
    the cards are named), and the traps and buddies each seat had on the arena are
    counted; a strike with none of either reads as before."""
    strike = game_strikes(open_source(index_path), longest.game_id)[0]
    names = {strike.a_card: "Card A", strike.d_card: "Card D"}
    seats = ("p1 Hyde", "p2 Byakuya")
    plain = timeline.hover(strike, names, seats, "all", 0)
    assert "set from" not in plain and "on the arena" not in plain
    season = msgspec.structs.replace(strike, a_set_from="gauge", d_objects=2)
    text = timeline.hover(season, names, seats, "all", 0)
    assert "<b>Card A</b> (set from gauge)" in text
    a, d = seats[strike.attacker], seats[strike.defender]
    assert f"on the arena (traps, buddies):<br>  {a} 0 · {d} 2" in text
    hidden = timeline.hover(season, names, seats, "p1", season.last_event)
    assert "set from" not in hidden and "on the arena (traps, buddies)" in hidden


def test_season_moments_are_drawn_on_their_seat_row_and_select_no_strike() -> None:
    """BlazBlue (issue 15): the Astral Heat's arrival and an Exceed are markers on their
    seat's strike row, named in their hover, with no ``customdata`` (a click on one
    selects no strike)."""
    game = open_game(ASTRAL_HEAT)
    seats = ("p1 Ragna the Bloodedge", "p2 Ryu")
    fig = timeline.chart(game.timeline, seats, {})
    [trace] = [t for t in fig.data if t.text is not None and any(
        "joins the deck" in (x or "") for x in t.text)]
    assert list(trace.y) == [seats[0]] and trace.customdata is None
    assert list(trace.marker.symbol) == ["diamond-wide"]
    assert timeline.strike_from_selection(
        {"selection": {"points": [{"x": trace.x[0], "y": seats[0]}]}}) is None


def test_hover_names_an_attack_origin_and_exceed_mode() -> None:
    """Hover (issue 15): an attack measured from a buddy says so ("from azhi"), from the
    center "from the center"; a seat in Exceed mode at the strike's start is listed with
    its overdrive cards."""
    # a BlazBlue showcase whose p1 strikes in Exceed mode (which one moves with the agents)
    row = next(s for path in sorted(SAMPLES.glob("*-vs-ryu_heuristic-vs-heuristic_seed400.exlog"))
               if path.name.split("-")[0] in BLAZBLUE
               for s in open_game(path).timeline.strikes
               if (s.a_exceeded if s.attacker == 0 else s.d_exceeded))
    seats = ("p1 Hero", "p2 Ryu")
    text = timeline.hover(row, {}, seats, "all", None)
    overdrive = row.a_overdrive if row.attacker == 0 else row.d_overdrive
    assert f"exceeded: p1 Hero (overdrive {overdrive})" in text
    buddy = msgspec.structs.replace(row, a_origin="azhi", d_origin="center")
    text = timeline.hover(buddy, {}, seats, "all", None)
    assert "(from azhi)" in text and "(from the center)" in text


# --- issue 19: the turn axis, marker labels, hover stats, lanes ----------------------------


def test_the_axis_is_in_turns_and_markers_name_their_attack(longest: GameRow) -> None:
    game = open_game(longest.path)
    turn_starts = game.replay.turn_starts
    cards = card_names({c for s in game.strikes for c in (s.a_card, s.d_card) if c},
                       game.catalog)
    fig = timeline.chart(game.timeline, ("p1 Ryu", "p2 Ken"), cards,
                         turn_starts=turn_starts, attacks=game.lanes.attacks)
    axis = fig.layout.xaxis
    assert axis.tickmode == "array" and next(iter(axis.ticktext)) == "1"
    assert next(iter(axis.tickvals)) == turn_starts[0] + 1  # just after turn 1's TurnStarted
    ticks = dict(zip((int(t) for t in axis.ticktext), axis.tickvals, strict=True))
    assert all(ticks[t] == turn_starts[t - 1] + 1 for t in ticks)
    assert fig.layout.xaxis2.title.text == "turn"
    for seat, trace in enumerate(_markers(fig)):
        assert trace.mode == "markers+text"
        for s, text in zip(game.strikes, trace.text, strict=True):
            mine = s.attacker == seat
            card = s.a_card if mine else s.d_card
            ex, wild, crit = ((s.a_ex, s.a_wild, s.a_critical) if mine
                              else (s.d_ex, s.d_wild, s.d_critical))
            if not text:  # no room left for it: the hover names the attack
                continue
            if not card:
                assert text == "–"
                continue
            assert text.startswith("EX ") == ex and text.endswith(" CR") == crit
            assert (" WS" in text) == wild
            name = cards[card]
            assert len(timeline.short_name(name)) <= 10
            assert (timeline.short_name(name) in text
                    or timeline.short_name(name, timeline.ABBREVIATED_CHARS) in text)


def test_labels_and_flags() -> None:
    assert timeline.short_name("Hadoken") == "Hadoken"
    assert timeline.short_name("Tatsumaki Senpukyaku") == "Tatsumaki…"
    assert timeline.short_name("Donkey Kick") == "Donkey Ki…"


def test_hover_names_final_power_range_distance_damage_and_stun(longest: GameRow) -> None:
    game = open_game(longest.path)
    seats = ("p1 A", "p2 B")
    hit = next(s for s in game.strikes if s.a_hit and s.a_damage)
    pair = game.lanes.attacks[hit.strike - 1]
    mine = pair[hit.attacker]
    assert mine is not None
    text = timeline.hover(hit, {}, seats, "all", None, pair)
    reach = str(mine.low) if mine.low == mine.high else f"{mine.low}-{mine.high}"
    assert (f"speed {hit.a_speed} · power {mine.power} · range {reach} · at range "
            f"{hit.a_distance}") in text
    assert f"deals {hit.a_damage}" in text
    stunned = next(s for s in game.strikes if s.d_stunned)
    assert "defender STUNNED" in timeline.hover(stunned, {}, seats, "all", None,
                                                game.lanes.attacks[stunned.strike - 1])
    hidden = timeline.hover(hit, {}, seats, "p1", hit.last_event, pair)
    assert "power" not in hidden and "range" not in hidden


def test_from_the_index_alone_the_turns_come_from_the_strikes(index_path: Path,
                                                              longest: GameRow) -> None:
    strikes = game_strikes(open_source(index_path), longest.game_id)
    fig = timeline.figure(strikes, timeline.fighters_from_strikes(strikes, {}, longest.events),
                          ("p1 A", "p2 B"), {})
    marks = timeline.turn_marks(strikes, None)
    assert marks[strikes[0].turn] == strikes[0].first_event + 1
    assert next(iter(fig.layout.xaxis.tickvals)) == strikes[0].first_event + 1


def test_every_chart_has_only_the_png_button_with_a_filename() -> None:
    config = timeline.chart_config("exceed-ryu-vs-ken")
    assert config["displayModeBar"] is True and config["modeBarButtons"] == [["toImage"]]
    assert config["toImageButtonOptions"]["filename"] == "exceed-ryu-vs-ken"
    assert config["toImageButtonOptions"]["format"] == "png"


def test_lanes_share_the_timeline_axis(longest: GameRow) -> None:
    from dashboard import lanes

    game = open_game(longest.path)
    seats = ("p1 Ryu", "p2 Ken")
    turns = timeline.turn_marks(game.strikes, game.replay.turn_starts)
    top = timeline.chart(game.timeline, seats, {}, turn_starts=game.replay.turn_starts)
    fig = lanes.figure(game.lanes, seats, timeline.x_range(game.timeline), turns, at=40)
    assert list(fig.layout.xaxis.range) == list(top.layout.xaxis.range)
    assert list(fig.layout.xaxis.tickvals) == list(top.layout.xaxis.tickvals)
    assert fig.layout.margin.l == top.layout.margin.l
    names = [t.name for t in fig.data]
    assert names == [f"{seat} {lane}" for lane in game.lanes.names() for seat in seats]
    assert game.lanes.names()[:5] == ("gauge", "hand", "deck", "boosts", "exceed")
    gauge = fig.data[0]
    assert list(gauge.x)[-1] == game.length and gauge.line.shape == "hv"
    assert [v for p, v in game.lanes.seats[0].gauge] == list(gauge.y)[:-1]
    assert lanes.mode_words(0) == "normal" and lanes.mode_words(1) == "exceeded"


def test_the_lanes_begin_at_turn_1_after_a_labelled_setup_band() -> None:
    """The short sample's setup (events 1-26: shuffles, opening draws, both mulligans) is
    a grey band labelled ``setup``: every lane's line starts at turn 1's tick (position
    27), p1 at the 5 cards in hand and 25 in the deck it begins with, not at an empty
    hand and a 30-card deck; the viewer stepped into the setup is drawn there."""
    from dashboard import lanes

    game = open_game(SEED8)
    seats = ("p1 Ken", "p2 Ryu")
    turns = timeline.turn_marks(game.strikes, game.replay.turn_starts)
    fig = lanes.figure(game.lanes, seats, timeline.x_range(game.timeline), turns, at=12)
    assert game.lanes.start == game.opening == turns[1] == 27
    assert fig.data and {t.x[0] for t in fig.data} == {27}
    by_name = {t.name: t for t in fig.data}
    assert by_name["p1 Ken hand"].y[0] == 5 and by_name["p1 Ken deck"].y[0] == 25
    assert by_name["p2 Ryu hand"].y[0] == 6 and by_name["p2 Ryu deck"].y[0] == 24
    band, cursor = fig.layout.shapes
    assert (band.type, band.x0, band.x1, band.y0, band.y1) == ("rect", 0, 27, 0, 1)
    assert (cursor.type, cursor.x0) == ("line", 12)
    [label] = fig.layout.annotations
    assert label.text == "setup" and label.x == 13.5
    assert list(fig.layout.xaxis.range) == timeline.x_range(game.timeline)


def test_a_game_still_in_its_setup_has_one_band_and_no_line() -> None:
    """A live game at its mulligans (no turn started): no lane is drawn, and the band over
    the whole axis says when they begin."""
    from dashboard import lanes
    from replay.viewer.lanes import fold_lanes

    game = open_game(SEED8)
    cut = fold_lanes(game.replay.log.initial_state(game.catalog), game.replay.events[:20],
                     game.catalog)
    fig = lanes.figure(cut, ("p1 Ken", "p2 Ryu"), [-1, 21], {}, at=20)
    assert fig.data == ()
    assert (fig.layout.shapes[0].x0, fig.layout.shapes[0].x1) == (0, 20)
    assert [a.text for a in fig.layout.annotations] == [
        "setup: the lanes begin when turn 1 starts"]
    assert fig.layout.yaxis.tickvals == (0,)


def test_the_strikes_table_follows_the_perspective(longest: GameRow) -> None:
    game = open_game(longest.path)
    cards = card_names({c for s in game.strikes for c in (s.a_card, s.d_card) if c},
                       game.catalog)
    seats = ("p1 Ryu", "p2 Ken Masters")
    rows = timeline.table(game.strikes, cards, seats, "all", None, game.lanes.attacks)
    assert [r["strike"] for r in rows] == [s.strike for s in game.strikes]
    for r, s in zip(rows, game.strikes, strict=True):
        a = "p1" if s.attacker == 0 else "p2"
        assert r["attacker"] == a and r[f"{a} damage"] == s.a_damage
        assert r[f"{a} speed"] == s.a_speed and r[f"{a} at range"] == s.a_distance
        assert r[f"{a} stunned"] == s.a_stunned
        if s.a_card:
            assert cards[s.a_card] in str(r[f"{a} attack"])
    hidden = timeline.table(game.strikes, cards, seats, "p2", 0, game.lanes.attacks)
    assert {r["p1 attack"] for r in hidden} <= {"?", "–"}
    assert all(r["p1 power"] is None and r["p2 speed"] is None for r in hidden)
    csv = export.csv_bytes(rows).decode().splitlines()
    assert csv[0].startswith("strike,turn,attacker,p1 attack,p1 speed,p1 power,p1 range")
    assert len(csv) == 1 + len(rows)


def test_close_tag_ins_of_one_seat_do_not_write_over_each_other(index_path: Path) -> None:
    """Chun-Li tags in, then Cammy two turns later: both labels sat at the top right
    of their lines, and the chart read "p1 Chun-Li tagCammy tags in". A tag-in label
    close to the seat's previous one (within 15% of the game) is moved a line further
    from the edge."""
    game = open_game(SAMPLES / "cammy+chunli-vs-guile+bison_heuristic-vs-random_seed301.exlog")
    fig = timeline.figure(_strikes(index_path, game), game.fighters,
                          ("p1 Cammy + Chun-Li", "p2 Guile + M. Bison"), {},
                          switches=game.switches)
    tags = [a for a in fig.layout.annotations if "tags in" in (a.text or "")]
    assert len(tags) == len(game.switches) >= 3
    close = 0
    for one, other in itertools.combinations(tags, 2):
        if one.text[:2] == other.text[:2] and abs(one.x - other.x) < game.length * 0.15:
            close += 1
            assert (one.yshift or 0) != (other.yshift or 0), (one.text, other.text)
    assert close, "the sample's two p1 tag-ins are close"


def test_a_tag_in_near_the_end_is_labelled_inside_the_plot(index_path: Path) -> None:
    """Sagat tags back in on the Tag Team sample's last turn: its label sat right of its
    line and ran past the plot's right edge ("p2 Sagat tags" cut off). Every tag-in
    label, measured on the narrowest plot, now ends inside the x range: right of its line
    where it fits, else left of it."""
    game = open_game(TAG)
    fig = timeline.figure(_strikes(index_path, game), game.fighters,
                          ("p1 Ryu + Ken Masters", "p2 Sagat + Zangief"), {},
                          switches=game.switches)
    low, high = fig.layout.xaxis2.range
    scale = timeline_labels.PLOT_PX / (high - low)
    tags = [a for a in fig.layout.annotations if "tags in" in (a.text or "")]
    assert len(tags) == len(game.switches)
    for tag in tags:
        drawn = len(tag.text) * timeline_labels.CHAR_PX
        if tag.xanchor == "right":  # left of its line
            assert (tag.x - low) * scale - drawn >= 0, tag.text
        else:
            assert tag.xanchor == "left", (tag.text, tag.xanchor)
            assert (high - tag.x) * scale - drawn >= 0, tag.text
    assert any(t.xanchor == "right" and "Sagat" in t.text for t in tags)
