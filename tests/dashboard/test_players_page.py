"""The Players page headless (``AppTest``): every player's record (``exceed query
players``) as a sortable table with the count of players and a fighter filter in the
URL; one player's page (``?player=NAME``) with their record, their fighters, their
newest games opening on the Game page, and links to their games on the Games page and
to their Insights; an unknown name, an empty index or one built before games had
players is one line; a name full of markup shows as written."""

from __future__ import annotations

import contextlib
import io
import shutil
from collections.abc import Callable
from pathlib import Path
from urllib.parse import parse_qsl

import duckdb
import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from dashboard.literal import markdown
from engine import GameSetup, Recording, new_game
from replay import query as q
from replay.cli import main
from tests.dashboard.page_kit import open_page

PLAYERS = "app_pages/players.py"
MARKUP = "**Ann** <b>x</b> [a](http://a.b) :red[r]"


def _record(path: Path, p1: str, p2: str, seed: int, players: tuple[str, str],
            finish: bool = True) -> None:
    with path.open("wb") as stream:
        recording = Recording(new_game(GameSetup(p1=p1, p2=p2), seed), seed, stream,
                              agents=("heuristic", "random"), players=players)
        if not finish:
            recording.close()
            return
        recording.play_out()
        recording.seal()


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Ann (Ryu) against Bob (Ken) three times, Bob (Sagat) against Ann unfinished, Ann
    at both seats, Cy (Ryu and Ken) against Bob (Ken)."""
    folder = tmp_path_factory.mktemp("players-club")
    for seed in (1, 2, 3):
        _record(folder / f"ann-bob-{seed}.exlog", "ryu", "ken", seed, ("Ann", "Bob"))
    _record(folder / "bob-ann.exlog", "sagat", "ryu", 4, ("Bob", "Ann"), finish=False)
    _record(folder / "ann-ann.exlog", "ryu", "ken", 5, ("Ann", "Ann"))
    _record(folder / "cy-bob.exlog", "ryu+ken", "ken", 6, ("Cy", "Bob"))
    db = folder / "index.duckdb"
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["index", str(folder), "--db", str(db), "--jobs", "1"]) == 0
    return db


def _open(app: Callable[..., AppTest], db: Path, **params: str) -> AppTest:
    return open_page(app, db, PLAYERS, **params)


def _links(at: AppTest) -> dict[str, tuple[str, dict[str, str]]]:
    return {e.proto.label: (e.proto.page, dict(parse_qsl(e.proto.query_string)))
            for e in at.get("page_link")}


def test_the_list_has_every_players_record_most_games_first(
        app: Callable[..., AppTest], club: Path) -> None:
    at = _open(app, club)
    assert [t.value for t in at.title] == ["Players"]
    rows = at.dataframe[0].value.to_dict("records")
    assert [r["player"] for r in rows] == ["Ann", "Bob", "Cy"]
    expected = {r.player: r for r in q.player_records(q.open_source(club))}
    for row in rows:
        record = expected[str(row["player"])]
        assert (row["games"], row["wins"], row["losses"], row["unfinished"],
                row["both seats"]) == (record.games, record.wins, record.losses,
                                       record.unfinished, record.both_seats)
    assert rows[0]["fighters"] == "Ryu, Ken Masters"
    assert rows[2]["fighters"] == "Ryu + Ken Masters"  # a Tag Team, one fighter
    # fewer than 10 decided games: no win rate (never 0% or 100% on three games)
    assert all(pd.isna(r["win %"]) for r in rows)
    assert at.caption[0].value.startswith("3 player(s), most games first")
    assert not at.error and not at.warning


def test_the_list_looks_fighter_names_up_once_whatever_the_players(
        app: Callable[..., AppTest], club: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The list looked up each row's fighters by name in a cached call of its own, about
    0.2 ms each: 2 s of a 2.2 s page with 10,000 players (0.3 s now). One lookup for the
    fighter chooser and one for every row's fighters, with the same names shown."""
    from dashboard import data

    real, asked = data.character_names, []

    def counted(char_ids: tuple[str, ...]) -> dict[str, str]:
        asked.append(char_ids)
        return real(char_ids)

    monkeypatch.setattr(data, "character_names", counted)
    at = _open(app, club)
    asked.clear()  # the app's first page (Games) looked names up too
    at.run()
    rows = at.dataframe[0].value.to_dict("records")
    assert [r["fighters"] for r in rows] == ["Ryu, Ken Masters", "Ken Masters, Sagat",
                                            "Ryu + Ken Masters"]
    assert len(asked) == 2 and asked[1] == ("ken", "ryu", "ryu+ken", "sagat")


def test_the_fighter_filter_is_in_the_url(app: Callable[..., AppTest], club: Path) -> None:
    at = _open(app, club, fighter="sagat")
    assert [r["player"] for r in at.dataframe[0].value.to_dict("records")] == ["Bob"]
    assert at.caption[0].value.startswith("1 player(s) who played Sagat")
    at.selectbox(key="players.fighter").set_value("ryu").run()
    assert at.query_params["fighter"] == "ryu"
    assert [r["player"] for r in at.dataframe[0].value.to_dict("records")] == ["Ann", "Cy"]
    wrong = _open(app, club, fighter="nobody")
    assert [w.value for w in wrong.warning] == [markdown(
        "the link's fighter 'nobody' is not one of the choices here; showing the default")]
    assert len(wrong.dataframe[0].value) == 3


def test_choosing_a_player_opens_their_page(app: Callable[..., AppTest], club: Path) -> None:
    at = _open(app, club)
    at.selectbox(key="players.open").set_value("Bob").run()
    assert not at.exception
    assert at.query_params["player"] == "Bob"
    assert [t.value for t in at.title] == ["Player: Bob"]


def test_a_players_page_has_record_fighters_games_and_links(
        app: Callable[..., AppTest], club: Path) -> None:
    at = _open(app, club, player="Ann")
    assert [t.value for t in at.title] == ["Player: Ann"]
    assert not at.error and not at.warning
    record = q.player_records(q.open_source(club), player="Ann")[0]
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Games"] == "5"
    assert metrics["Won / lost"] == f"{record.wins} / {record.losses}"
    assert metrics["Unfinished / both seats"] == "1 / 1"
    assert metrics["Win rate"] == "–"  # 3 decided games
    fighters = at.dataframe[0].value.to_dict("records")
    assert [(f["fighter"], f["games"]) for f in fighters] == [("Ryu", 5), ("Ken Masters", 1)]
    assert fighters[1]["both seats"] == 1 and fighters[1]["wins"] == 0
    games = at.dataframe[1].value.to_dict("records")
    assert len(games) == 5
    assert sorted(str(g["result"]) for g in games).count("both seats") == 1
    assert sum(g["result"] == "unfinished" for g in games) == 1
    unfinished = next(g for g in games if g["result"] == "unfinished")
    assert (unfinished["seat"], unfinished["fighter"], unfinished["opponent"]) == (
        "p2", "Ryu", "Bob (Sagat)")
    assert [g["played"] for g in games] == sorted((g["played"] for g in games), reverse=True)
    links = _links(at)
    assert links["All 5 games of Ann"] == ("games", {"player": "Ann"})
    assert links["Insights of Ann"] == ("insights", {"player": "Ann"})
    assert links["Back to every player"] == ("players", {})


def test_a_game_of_the_player_opens_on_the_game_page(
        app: Callable[..., AppTest], club: Path) -> None:
    at = _open(app, club, player="Cy")
    newest = q.player_games(q.open_source(club), "Cy")[0]
    at.selectbox(key="players.open_game").set_value(newest.game_id).run()
    assert not at.exception
    # a link the page's script follows (st.switch_page wrote ?game= into this page's URL
    # first, a history entry of its own: Back from the game lost ?player=)
    assert dict(at.query_params.items()) == {"player": "Cy"}
    row = at.dataframe[1].value.to_dict("records")[0]
    assert [(e.proto.label, e.proto.page, e.proto.query_string)
            for e in at.get("page_link") if e.proto.label.startswith("Open ")] == [
        (markdown(f"Open {row['fighter']} vs {row['opponent']} · {row['played']}"), "game",
         f"game={newest.game_id}")]


def test_the_games_page_takes_the_players_link(app: Callable[..., AppTest],
                                                club: Path) -> None:
    at = open_page(app, club, "app_pages/games.py", player="Cy")
    assert not at.warning and not at.error
    rows = at.dataframe[0].value.to_dict("records")
    assert [r["players"] for r in rows] == ["Cy / Bob"]
    assert at.selectbox(key="games.player").value == "Cy"
    wrong = open_page(app, club, "app_pages/games.py", player="Zed")
    assert [w.value for w in wrong.warning] == [markdown(
        "the link's player 'Zed' is not one of the choices here; showing the default")]
    assert len(wrong.dataframe[0].value) == 6


def test_an_unknown_player_is_one_line_and_the_way_back(
        app: Callable[..., AppTest], club: Path) -> None:
    at = _open(app, club, player="x" * 500)
    assert len(at.error) == 1
    message = at.error[0].value
    assert message == markdown(f"no player {q.quoted('x' * 500)} in this index")
    assert len(message) < 200
    assert not at.dataframe
    assert _links(at) == {"Back to every player": ("players", {})}


@pytest.fixture(scope="module")
def markup_club(club: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The club with Ann renamed to a name full of Markdown and HTML."""
    db = tmp_path_factory.mktemp("players-markup") / "index.duckdb"
    shutil.copy(club, db)
    con = duckdb.connect(str(db))
    try:
        con.execute("UPDATE games SET player1 = ? WHERE player1 = 'Ann'", [MARKUP])
        con.execute("UPDATE games SET player2 = ? WHERE player2 = 'Ann'", [MARKUP])
    finally:
        con.close()
    return db


def test_a_name_full_of_markup_shows_as_written(app: Callable[..., AppTest],
                                                markup_club: Path) -> None:
    at = _open(app, markup_club)
    assert MARKUP in [r["player"] for r in at.dataframe[0].value.to_dict("records")]
    page = _open(app, markup_club, player=MARKUP)
    assert not page.error
    assert page.title[0].value == "Player: " + markdown(MARKUP)
    links = _links(page)
    assert links["Insights of " + markdown(MARKUP)] == (
        "insights", {"player": MARKUP})


def test_an_empty_index_and_an_old_one_are_one_line(
        app: Callable[..., AppTest], club: Path, tmp_path: Path) -> None:
    old = tmp_path / "old.duckdb"
    shutil.copy(club, old)
    con = duckdb.connect(str(old))
    try:
        con.execute("ALTER TABLE games DROP COLUMN player1")
    finally:
        con.close()
    at = _open(app, old)
    assert [e.value.count("was built by an older") for e in at.error] == [1]
    assert not at.dataframe


def test_a_player_named_any_is_a_player_on_the_games_page(
        app: Callable[..., AppTest], club: Path, tmp_path: Path) -> None:
    """The Games page's player filter says "(any)" for no filter: a person who typed
    "(any)" as their name on the Play page is still a choice of their own, labelled as a
    name, and the Players page's link to their games lists only theirs; an agent so named
    likewise."""
    db = tmp_path / "any.duckdb"
    shutil.copy(club, db)
    con = duckdb.connect(str(db))
    try:
        con.execute("UPDATE games SET player1 = '(any)' WHERE player1 = 'Cy'")
        con.execute("UPDATE games SET agent1 = '(any)' WHERE player1 = '(any)'")
    finally:
        con.close()
    page = _open(app, db, player="(any)")
    assert _links(page)["All 1 games of " + markdown("(any)")] == ("games", {"player": "(any)"})
    at = open_page(app, db, "app_pages/games.py", player="(any)")
    assert not at.warning
    assert [r["players"] for r in at.dataframe[0].value.to_dict("records")] == ["(any) / Bob"]
    # the chooser never reads alike for the name and for no filter
    chooser = at.selectbox(key="games.player")
    assert chooser.value == "(any)" and chooser.options.count("(any)") == 1
    assert "(any) (a name)" in chooser.options
    chooser.set_value(None).run()
    assert "player" not in at.query_params and len(at.dataframe[0].value) > 1
    # so for an agent a foreign log names "(any)": a filter of its own, not no filter
    agents = at.selectbox(key="games.agent")
    assert agents.options.count("(any)") == 1 and "(any) (a name)" in agents.options
    agents.set_value("(any)").run()
    assert at.query_params["agent"] == "(any)"
    assert [r["players"] for r in at.dataframe[0].value.to_dict("records")] == ["(any) / Bob"]
