"""The Game page's timeline on a turn axis, its labels and the lanes under it, the
strikes table's CSV, and the arena as each perspective sees it (issue 19), driven
headless by ``AppTest`` against an index of the sample games (as ``test_pages.py``)."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from dashboard import data, timeline
from replay.cli import main
from replay.query import (
    GameRow,
    abandon_live,
    create_live,
    frame,
    games,
    index_live,
    join_live,
    live_act,
    live_picture,
    live_resign,
    live_root,
    live_takeback,
    open_game,
    open_source,
)
from tests.dashboard.conftest import SAMPLES
from tests.dashboard.page_kit import open_page
from tests.dashboard.test_pages import GAME_PAGE, _no_exception, _viewer_header

# --- issue 19: the turn axis, labels, lanes, the arena, PNG buttons ------------------------


def _chart(at: AppTest, key: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A plotly chart's figure and config (JSON)."""
    proto = at.get_by_key(key).proto
    figure: dict[str, Any] = json.loads(proto.spec)
    config: dict[str, Any] = json.loads(proto.config)
    return figure, config


def test_timeline_on_turns_with_labels_and_lanes_under_it(app: Callable[..., AppTest],
                                                          longest: GameRow) -> None:
    game = open_game(longest.path)
    at = app(game=longest.game_id)
    spec, config = _chart(at, f"game.timeline.{longest.game_id}")
    layout = spec["layout"]
    assert layout["xaxis"]["ticktext"][0] == "1"
    assert layout["xaxis"]["tickvals"][0] == game.replay.turn_starts[0] + 1
    assert layout["xaxis2"]["title"]["text"] == "turn"
    markers = [t for t in spec["data"] if t.get("mode") == "markers+text"]
    assert len(markers) == 2 and all(len(t["text"]) == longest.strikes for t in markers)
    first = game.strikes[0]
    assert markers[first.attacker]["text"][0].removeprefix("EX ").split(" ")[0] in \
        timeline.short_name(game.catalog.cards[first.a_card].name)
    assert "power " in markers[first.attacker]["hovertext"][0]
    lanes, lane_config = _chart(at, f"game.lanes.{longest.game_id}")
    names = [t["name"] for t in lanes["data"]]
    for lane in ("gauge", "hand", "deck", "boosts", "exceed"):
        assert f"p1 Ryu {lane}" in names and f"p2 Ken Masters {lane}" in names
    assert lanes["layout"]["xaxis"]["tickvals"] == layout["xaxis"]["tickvals"]
    assert lanes["layout"]["xaxis"]["range"] == layout["xaxis"]["range"]
    assert not [d for d in at.dataframe if "p1 attack" in d.value.columns]  # until asked
    at.toggle(key=f"game.strikes.show.{longest.game_id}").set_value(True).run()
    [strikes_table] = [d.value for d in at.dataframe if "p1 attack" in d.value.columns]
    assert len(strikes_table) == longest.strikes
    assert list(strikes_table["strike"]) == list(range(1, longest.strikes + 1))
    csv = at.get_by_key(f"game.strikes.csv.{longest.game_id}")
    assert csv is not None and "CSV" in str(csv.proto)
    for cfg, what in ((config, "timeline"), (lane_config, "lanes")):
        assert cfg["modeBarButtons"] == [["toImage"]] and cfg["displayModeBar"] is True
        name = cfg["toImageButtonOptions"]["filename"]
        assert name.startswith(f"exceed-ryu-vs-ken-seed{longest.seed}-") and name.endswith(what)


SHORT = "ken-vs-ryu_random-vs-random_seed8.exlog"


@pytest.mark.parametrize("where", ["0", "12"])
def test_the_viewer_in_the_setup_draws_the_lanes_from_turn_1(
        app: Callable[..., AppTest], sample_rows: list[GameRow], where: str) -> None:
    """The viewer at the table before setup (``at=0``) or inside it (``at=12``, between
    the opening draws): the page draws, its header says setup, and the lanes start at
    turn 1 (position 27 of the short sample, its first tick) after the labelled setup
    band, with the viewer's line in the band; the caption says what the band is."""
    row = next(r for r in sample_rows if Path(r.path).name == SHORT)
    at = app()
    at.query_params.update({"game": row.game_id, "at": where})
    at.switch_page(GAME_PAGE).run()
    _no_exception(at)
    assert _viewer_header(at).startswith(f"**setup · event {where}/")
    spec: Any = _chart(at, f"game.lanes.{row.game_id}")[0]
    assert spec["data"] and {t["x"][0] for t in spec["data"]} == {27}
    layout = spec["layout"]
    assert layout["xaxis"]["tickvals"][0] == 27
    band, cursor = layout["shapes"]
    assert (band["type"], band["x0"], band["x1"]) == ("rect", 0, 27)
    assert (cursor["type"], cursor["x0"]) == ("line", int(where))
    assert [a["text"] for a in layout["annotations"]] == ["setup"]
    assert any("Lanes: p1 solid, p2 dotted, from turn 1 on (the shaded band before it is "
               "the setup: shuffles, opening draws, mulligans)." in c.value for c in at.caption)


def test_the_decision_table_downloads_as_csv(app: Callable[..., AppTest],
                                            analysed_index: Path, analysed: GameRow) -> None:
    """Issue 19 item 4: the Game page's table (the open decision's options) has a CSV
    download with the rows the table shows."""
    from replay.query import game_analysis

    analysis = game_analysis(open_source(analysed_index), analysed.game_id)
    assert analysis is not None
    point = next(p for p in analysis.points
                 if any(o.idx == p.idx for o in analysis.options))
    at = app(db=analysed_index)
    at.query_params.update({"game": analysed.game_id, "decision": str(point.idx)})
    at.switch_page(GAME_PAGE).run()
    _no_exception(at)
    table = at.table[0].value
    button = at.get_by_key(f"game.decision.csv.{analysed.game_id}.{point.idx}")
    assert button is not None and "CSV" in str(button.proto)
    from dashboard.export import csv_bytes
    rows = [dict(zip(table.columns, values, strict=True)) for values in table.values.tolist()]
    lines = csv_bytes(rows).decode().splitlines()
    assert lines[0].split(",")[1:] == list(table.columns)[1:]
    assert len(lines) == 1 + len(table)


def _arena(at: AppTest) -> str:
    found = [h.value for h in at.html if 'aria-label="arena"' in h.value]
    assert len(found) == 1, found
    return found[0]


def _zone(html: str, label: str) -> str:
    start = html.index(f'aria-label="{label}"')
    return html[start:html.index("</div>", start)]


@pytest.mark.parametrize("seat", ["p1", "p2"])
def test_the_arena_follows_the_perspective(app: Callable[..., AppTest], longest: GameRow,
                                           seat: str) -> None:
    """Issue 19 item 2: a link ``?event=N&as=p1`` draws the arena with the fighters on
    their spaces, p1's hand, gauge and boosts as named chips and p2's hand face down
    with its count; ``as=p2`` the other way round."""
    game = open_game(longest.path)
    event = 140
    at = app()
    at.query_params.update({"game": longest.game_id, "event": str(event), "as": seat})
    at.switch_page(GAME_PAGE).run()
    _no_exception(at)
    shown = frame(game, event, seat)  # type: ignore[arg-type]  # right after event N
    assert _viewer_header(at).endswith(f"as {seat}**")
    html = _arena(at)
    other = "p2" if seat == "p1" else "p1"
    mine = shown.p1 if seat == "p1" else shown.p2
    theirs = shown.p2 if seat == "p1" else shown.p1
    assert mine.hand is not None and theirs.hand is None and theirs.hand_count > 0
    for p in shown.players:  # each fighter on its space, named
        cell = html[html.index(f'aria-label="space {p.space}"'):]
        cell = cell[:cell.find('aria-label="space', 10)]
        assert f'title="{p.seat} {p.character}, life {p.life}"' in cell
    hand = _zone(html, f"{seat} hand")
    assert [c for c in mine.hand if f">{c}</span>" not in hand] == []
    assert hand.count('data-face="up"') == len(mine.hand) and 'data-face="down"' not in hand
    hidden = _zone(html, f"{other} hand")
    assert f"{theirs.hand_count} face down" in hidden
    assert hidden.count('data-face="down"') == theirs.hand_count
    assert 'data-face="up"' not in hidden
    for card in mine.gauge:
        assert f">{card}</span>" in html
    # the near seat is drawn last (at the bottom)
    assert html.index(f'aria-label="{seat} zones"') > html.index('aria-label="arena"')


def test_the_strike_in_progress_is_two_cards_face_down_until_the_reveal(
        app: Callable[..., AppTest], longest: GameRow) -> None:
    game = open_game(longest.path)
    strike = game.strikes[0]
    reveal = next(i for i in range(strike.first_event + 1, strike.last_event + 2)
                  if frame(game, i, "p1").strike_in_progress is not None
                  and frame(game, i, "p1").strike_in_progress.attack.revealed)  # type: ignore[union-attr]
    at = app()
    at.query_params.update({"game": longest.game_id, "at": str(reveal - 1), "as": "p1"})
    at.switch_page(GAME_PAGE).run()
    html = next(h.value for h in at.html if 'aria-label="strike in progress"' in h.value)
    attacker = "p1" if strike.attacker == 0 else "p2"
    defender = "p2" if attacker == "p1" else "p1"
    for seat in (attacker, defender):
        card = html[html.index(f'aria-label="{seat} attack"'):]
        assert 'data-face="down"' in card.split(">")[0] or 'data-face="none"' in card.split(">")[0]
    at.button(key=f"viewer.forward.{longest.game_id}").click().run()
    html = next(h.value for h in at.html if 'aria-label="strike in progress"' in h.value)
    for seat in (attacker, defender):
        card = html[html.index(f'aria-label="{seat} attack"'):]
        assert 'data-face="up"' in card.split(">")[0]


# --- Matchups and Cards ---------------------------------------------------------------------


# The Matchups, Fighter and Cards pages' statistics: tests/dashboard/test_stats_pages.py
# and test_stats_pages_cards_games.py.



def _resigned_by(db: Path, name: str) -> str:
    """A live game between Ann (p1) and ``name`` (p2, who resigns), indexed into ``db``:
    its game id."""
    root = live_root(db)
    created = create_live(root, "ryu", "ken", opponent="person", seed=8, name="Ann",
                          other_joins=True)
    join_live(root, created.game_id, created.tokens["p2"], name)
    live_resign(root, created.game_id, created.tokens["p2"], "")
    return index_live(root, created.game_id, db)


def test_a_game_between_friends_names_them_on_the_games_and_game_pages(
        app: Callable[..., AppTest], tmp_path: Path) -> None:
    """Ann and Bea played on the Play page: the Games page and the Game page said
    "human / human" (the agents) and named neither. Both show the players now, as
    plain text."""
    db = tmp_path / "index.duckdb"
    game_id = _resigned_by(db, "<b>Bea</b>")
    at = open_page(app, db, "app_pages/games.py")
    assert list(at.dataframe[0].value["players"]) == ["Ann / <b>Bea</b>"]  # a cell: data
    at = app(game=game_id, db=db)
    _no_exception(at)
    said = " ".join(c.value for c in at.caption)
    assert data.plain("players Ann / <b>Bea</b> · agents human / human") in said, said


def test_a_damaged_log_is_called_damaged_not_unfinished(
        app: Callable[..., AppTest], tmp_path: Path) -> None:
    """A log cut short (a copy that stopped part way) was "unfinished" on the Game page,
    as if the players had left the game: the header says it is damaged and where it
    stops, as ``exceed info`` and ``exceed index`` do, while a game the players left
    stays "unfinished"."""
    whole = (SAMPLES / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog").read_bytes()
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "cut.exlog").write_bytes(whole[: len(whole) * 2 // 3])
    db = tmp_path / "index.duckdb"
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["index", str(tmp_path / "logs"), "--db", str(db), "--jobs", "1"]) == 0
    (row,) = games(open_source(db))
    assert row.winner is None and row.damage and row.damage.startswith("stopped at byte ")
    at = app(game=row.game_id, db=db)
    _no_exception(at)
    said = at.caption[0].value
    assert data.plain(f"went first · damaged log: {row.damage}; its complete prefix is "
                      f"shown · {row.turns} turns") in said, said
    assert "unfinished" not in said


def test_an_unfinished_or_abandoned_game_is_not_called_damaged(
        app: Callable[..., AppTest], tmp_path: Path) -> None:
    """The index's ``damage`` column also says why a whole log has no end ("no trailer:
    the game was not finished", "unfinished (abandoned): its players left it"): neither
    is damage, so neither reads "damaged log"."""
    db = tmp_path / "index.duckdb"
    root = live_root(db)
    left = create_live(root, "ryu", "ken", opponent="person", seed=8, name="Ann",
                       other_joins=True)
    join_live(root, left.game_id, left.tokens["p2"], "Bea")
    abandoned = create_live(root, "ryu", "ken", opponent="person", seed=9, name="Ann",
                            other_joins=True)
    join_live(root, abandoned.game_id, abandoned.tokens["p2"], "Bea")
    abandon_live(root, abandoned.game_id, abandoned.tokens["p1"], "t")
    logs = tmp_path / "logs"
    logs.mkdir()
    for path in root.rglob("*.exlog*"):
        shutil.copy(path, logs / path.name.removesuffix(".part"))
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        main(["index", str(logs), "--db", str(db), "--jobs", "1"])
    rows = {row.seed: row for row in games(open_source(db))}
    assert rows[8].damage == "no trailer: the game was not finished"
    assert rows[9].damage == "unfinished (abandoned): its players left it"
    for seed, words in ((8, "· unfinished ·"), (9, "· unfinished (abandoned): its players "
                                                      "left it ·")):
        said = app(game=rows[seed].game_id, db=db).caption[0].value
        assert data.plain(words) in said and "damaged" not in said, said


def test_a_resigned_game_whose_log_is_gone_says_resigned(
        app: Callable[..., AppTest], tmp_path: Path) -> None:
    """With its log gone, the Game page words the result from the index: a game p2
    resigned read "p1 Ryu wins: p2 Ken Masters reached 0 life" (every reason but a
    deck-out was taken for life), and the Games page's "how" read the bare "resigned" /
    "time". Both say what happened now."""
    db = tmp_path / "index.duckdb"
    game_id = _resigned_by(db, "Bea")
    (row,) = games(open_source(db))
    assert (row.winner, row.reason) == (0, "resigned")
    Path(row.path).unlink()  # (before the page opens it: an opened log stays cached)
    at = app(game=game_id, db=db)
    _no_exception(at)
    said = at.caption[0].value
    assert data.plain("went first · p1 Ryu wins: p2 resigned · ") in said, said
    assert "reached 0 life" not in said and "cannot be read now" in at.warning[0].value
    at = open_page(app, db, "app_pages/games.py")
    assert list(at.dataframe[0].value["how"]) == ["resigned"]


def test_a_game_with_a_takeback_is_not_called_a_fork_of_a_missing_game(
        app: Callable[..., AppTest], tmp_path: Path) -> None:
    """A game the person took a decision back in (the Play page forks it there) read on
    the Game page "Forked from game 0a023e337dff at decision 1: ... The parent game is
    not in this index", as if the index were broken: the game before a takeback is kept
    unfinished and never indexed. It says it was a takeback now."""
    db = tmp_path / "index.duckdb"
    root = live_root(db)
    created = create_live(root, "ryu", "ken", seat="p1", seed=7, name="Fay")
    pic = live_picture(root, created.game_id, "p1")  # the mulligan
    live_act(root, created.game_id, created.tokens["p1"], "", pic.decision,
             pic.groups[0].options[0].decision)
    fork = live_takeback(root, created.game_id, created.tokens["p1"], "")
    live_resign(root, fork, created.tokens["p1"], "")
    at = app(game=index_live(root, fork, db), db=db)
    _no_exception(at)
    said = " ".join(i.value for i in at.info)
    assert "not in this index" not in said, said
    assert "A takeback on the Play page went back to decision" in said, said
