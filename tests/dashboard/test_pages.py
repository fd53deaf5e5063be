"""Every dashboard page renders headless (``AppTest``) and its key widgets change what it shows.

The app runs from its router (``dashboard/app.py``) against an index of the sample games
(``$EXCEED_INDEX``, see conftest); pages are reached the way a user reaches them.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard import timeline
from dashboard.data import TTL_SECONDS, plain
from engine.play.api import GameSetup
from engine.recording.record import record_game
from replay.cli import main
from replay.query import (
    GameRow,
    character_name,
    open_source,
)
from tests.dashboard.page_kit import event_slider, perspective_radio

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"
GAME_PAGE = "app_pages/game.py"


def _table_rows(at: AppTest) -> int:
    return len(at.dataframe[0].value)


def _viewer_header(at: AppTest) -> str:
    headers = [m.value for m in at.markdown if m.value.startswith(("**turn ", "**setup "))]
    assert len(headers) == 1, headers
    return headers[0]


def _player_panel(at: AppTest, seat: str) -> str:
    panels = [m.value for m in at.markdown if m.value.startswith(f"#### {seat} ")]
    assert len(panels) == 1, panels
    return panels[0]


def _title(game: GameRow) -> str:
    return plain(f"p1 {character_name(game.p1)} vs p2 {character_name(game.p2)}")


def _no_exception(at: AppTest) -> None:
    assert not at.exception, [e.message for e in at.exception]


# --- Games ----------------------------------------------------------------------------------


def test_games_page_lists_every_sample_game(app: Callable[..., AppTest],
                                            sample_rows: list[GameRow]) -> None:
    at = app()
    assert at.title[0].value == "Games"
    assert _table_rows(at) == len(sample_rows)


def test_character_filter_reduces_the_list(app: Callable[..., AppTest],
                                           sample_rows: list[GameRow]) -> None:
    at = app()
    at.selectbox(key="games.character").set_value("ryu").run()
    _no_exception(at)
    # a Tag Team that includes Ryu counts too (issue 11 item 11)
    with_ryu = [g for g in sample_rows if "ryu" in g.p1.split("+") + g.p2.split("+")]
    assert any("+" in g.p1 for g in with_ryu)
    assert 0 < _table_rows(at) == len(with_ryu) < len(sample_rows)
    table = at.dataframe[0].value
    assert all("Ryu" in f"{p1} {p2}" for p1, p2 in zip(table["p1"], table["p2"], strict=True))
    assert "Ryu + Ken Masters" in set(table["p1"])


def test_length_and_seed_filters(app: Callable[..., AppTest], longest: GameRow,
                                 sample_rows: list[GameRow]) -> None:
    at = app()
    at.slider(key="games.turns").set_value((longest.turns, longest.turns)).run()
    assert _table_rows(at) == 1 + sum(g.turns == longest.turns and g != longest
                                      for g in sample_rows)
    at.slider(key="games.turns").set_value((0, 1000)).run()
    at.text_input(key="games.seed").input(str(longest.seed)).run()
    _no_exception(at)
    assert set(at.dataframe[0].value["seed"]) == {str(longest.seed)}
    at.text_input(key="games.seed").input("not a seed").run()
    assert at.warning and "integer" in at.warning[0].value


def test_choosing_a_game_opens_its_game_page(app: Callable[..., AppTest],
                                             longest: GameRow) -> None:
    at = app()
    at.selectbox(key="games.open").set_value(longest.game_id).run()
    _no_exception(at)
    # the page draws the game's link and a script that follows it (AppTest runs no
    # script, so the test follows it): the list's own URL is left as it was
    assert at.query_params.get("game") is None
    links = [(e.proto.page, e.proto.query_string) for e in at.get("page_link")
             if e.proto.label.startswith("Open ")]
    assert links == [("game", f"game={longest.game_id}")]
    at.query_params["game"] = longest.game_id
    at.switch_page("app_pages/game.py").run()
    _no_exception(at)
    assert at.title[0].value == _title(longest)
    assert at.query_params.get("game") == longest.game_id
    assert f"seed {longest.seed}" in at.caption[0].value
    at.switch_page("app_pages/games.py").run()  # and back: the choice does not stick
    _no_exception(at)
    assert at.title[0].value == "Games" and at.selectbox(key="games.open").value is None


# --- Game -----------------------------------------------------------------------------------


def test_game_page_shows_header_timeline_and_viewer(app: Callable[..., AppTest],
                                                    longest: GameRow) -> None:
    at = app(game=longest.game_id)
    assert at.title[0].value == _title(longest)
    assert f"{longest.turns} turns" in at.caption[0].value
    assert at.get_by_key(f"game.timeline.{longest.game_id}") is not None
    assert _viewer_header(at).startswith("**turn 1 · strike 0 · event ")
    assert "aria-label=\"arena\"" in "".join(h.value for h in at.html)


def test_forward_and_back_move_the_position(app: Callable[..., AppTest],
                                            longest: GameRow) -> None:
    at = app(game=longest.game_id)
    slider = event_slider(at, longest.game_id)
    start = slider.value
    assert isinstance(start, int)  # an event's position, not a range
    at.button(key=f"viewer.forward.{longest.game_id}").click().run()
    assert event_slider(at, longest.game_id).value == start + 1
    assert f"event {start + 1}/{longest.events}" in _viewer_header(at)
    at.button(key=f"viewer.back.{longest.game_id}").click().run()
    at.button(key=f"viewer.back.{longest.game_id}").click().run()
    assert f"event {start - 1}/{longest.events}" in _viewer_header(at)


def test_strike_buttons_and_slider_share_one_position(app: Callable[..., AppTest],
                                                      longest: GameRow) -> None:
    at = app(game=longest.game_id)
    at.button(key=f"viewer.next_strike.{longest.game_id}").click().run()
    at.button(key=f"viewer.next_strike.{longest.game_id}").click().run()
    assert "· strike 2 ·" in _viewer_header(at)
    assert at.info and at.info[0].value.startswith("**strike 2**")
    event_slider(at, longest.game_id).set_value(longest.events).run()
    assert f"event {longest.events}/{longest.events}" in _viewer_header(at)
    assert at.success and "GAME OVER" in at.success[0].value
    at.button(key=f"viewer.prev_strike.{longest.game_id}").click().run()
    assert f"· strike {longest.strikes} ·" in _viewer_header(at)


def test_perspective_hides_the_other_hand(app: Callable[..., AppTest],
                                          longest: GameRow) -> None:
    at = app(game=longest.game_id)
    assert "(hidden)" not in _player_panel(at, "p2")
    perspective_radio(at).set_value("p1").run()
    _no_exception(at)
    assert "cards (hidden)" in _player_panel(at, "p2")
    assert "(hidden)" not in _player_panel(at, "p1")
    assert _viewer_header(at).endswith("as p1**")
    perspective_radio(at).set_value("p2").run()
    assert "cards (hidden)" in _player_panel(at, "p1")
    assert "(hidden)" not in _player_panel(at, "p2")


def test_a_link_opens_the_moment_and_the_moment_link_follows_the_viewer(
        app: Callable[..., AppTest], longest: GameRow) -> None:
    """A shared link (short id, ``as``, ``at``) opens that moment; the page offers the link
    to the moment shown and never rewrites the URL while the viewer moves (each rewrite
    would be a browser history entry, so Back would not leave the game)."""
    at = app()
    typed = {"game": longest.game_id[:12], "as": "p2", "at": "40"}
    at.query_params.update(typed)
    at.switch_page(GAME_PAGE).run()
    _no_exception(at)
    assert f"event 40/{longest.events}" in _viewer_header(at)
    assert _viewer_header(at).endswith("as p2**")
    assert "cards (hidden)" in _player_panel(at, "p1")
    assert perspective_radio(at).value == "p2"
    assert _moment_link(at) == f"game?game={longest.game_id}&as=p2&at=40"
    at.button(key=f"viewer.forward.{longest.game_id}").click().run()
    assert _moment_link(at) == f"game?game={longest.game_id}&as=p2&at=41"
    perspective_radio(at).set_value("p1").run()
    assert _viewer_header(at).endswith("as p1**")
    assert f"event 41/{longest.events}" in _viewer_header(at)
    assert _moment_link(at) == f"game?game={longest.game_id}&as=p1&at=41"
    assert {k: at.query_params[k] for k in typed} == typed  # the URL as it was opened


def _moment_link(at: AppTest) -> str:
    links = [m.value for m in at.markdown if m.value.startswith("[link to this moment](")]
    assert len(links) == 1, links
    return links[0].removeprefix("[link to this moment](").removesuffix(")")


@pytest.mark.parametrize(("params", "line"), [
    ({"as": "p3"}, "as='p3' is not a perspective (all, p1, p2 or public, a spectator's); "
                   "ignored"),
    ({"at": "x"}, "at='x' is not an event number"),
    ({"at": "99999"}, "at=99999 is outside this game's events"),
    ({"event": "99999"}, "event=99999 is outside this game's events"),
    ({"event": "-3"}, "event=-3 is outside this game's events"),
    ({"event": "x"}, "event='x' is not an event number"),
])
def test_a_bad_moment_in_a_link_is_one_line(app: Callable[..., AppTest], longest: GameRow,
                                            params: dict[str, str], line: str) -> None:
    """Issue 19 item 3: a link to a moment outside the game or an unknown perspective is
    one warning on the page, the game still shown, the way back to Games offered."""
    at = app()
    at.query_params.update({"game": longest.game_id, **params})
    at.switch_page(GAME_PAGE).run()
    _no_exception(at)
    assert [w.value for w in at.warning] == [w.value for w in at.warning
                                             if plain(line) in w.value]  # shown as text
    assert len(at.warning) == 1 and not at.error
    assert _viewer_header(at)  # the game is still shown
    assert _back_links(at) == [("Back to Games", "games")]


@pytest.mark.parametrize("moment", ["99999", "-5", "9" * 30])
def test_a_moment_outside_the_game_is_ignored_as_it_says(
        app: Callable[..., AppTest], longest: GameRow, moment: str) -> None:
    """``?at=99999`` said "ignored" but moved the viewer to the last event (and ``at=-5``
    to the table before the first): the game opens where it opens without it, as with
    ``event=99999``."""
    plain_at = app()
    plain_at.query_params["game"] = longest.game_id
    plain_at.switch_page(GAME_PAGE).run()
    at = app()
    at.query_params.update({"game": longest.game_id, "at": moment})
    at.switch_page(GAME_PAGE).run()
    _no_exception(at)
    assert len(at.warning) == 1 and at.warning[0].value.endswith("ignored")
    assert _viewer_header(at) == _viewer_header(plain_at)
    assert f"event {longest.events}/" not in _viewer_header(at)


def _back_links(at: AppTest) -> list[tuple[str, str]]:
    return [(e.proto.label, e.proto.page) for e in at.main
            if getattr(e, "type", "") == "page_link"]


def test_game_page_without_a_game_points_to_the_games_page(
        app: Callable[..., AppTest]) -> None:
    at = app(page=GAME_PAGE)
    assert at.info and "Games page" in at.info[0].value


def test_unknown_game_id_is_one_error(app: Callable[..., AppTest]) -> None:
    at = app(game="0" * 64)
    assert len(at.error) == 1 and "no game" in at.error[0].value
    assert _back_links(at) == [("Back to Games", "games")]


def test_cards_character_selector_changes_the_table(app: Callable[..., AppTest]) -> None:
    at = app(page="app_pages/cards.py")
    first = at.selectbox(key="cards.character").value
    before = set(at.dataframe[0].value["card"])
    other = "ryu" if first == "ken" else "ken"
    at.selectbox(key="cards.character").set_value(other).run()
    _no_exception(at)
    after = set(at.dataframe[0].value["card"])
    assert before != after
    assert "strikes (n)" in at.dataframe[0].value.columns
    assert "Hadoken" in after


# --- Verify ---------------------------------------------------------------------------------


def _fresh_log() -> bytes:
    """A game recorded now, so it verifies on this engine whatever the committed samples."""
    stream = io.BytesIO()
    record_game(GameSetup(p1="ryu", p2="ken"), 3, stream, ("heuristic", "heuristic"))
    return stream.getvalue()


def test_verify_an_uploaded_log_is_identical(app: Callable[..., AppTest]) -> None:
    at = app(page="app_pages/verify.py")
    at.file_uploader(key="verify.upload").upload("fresh.exlog", _fresh_log()).run()
    _no_exception(at)
    assert not at.error
    assert at.success and "identical" in at.success[0].value
    header, verdict = at.code[0].value, at.code[1].value
    assert header.startswith("fresh.exlog: p1 Ryu vs p2 Ken Masters, seed 3")
    assert "fresh.exlog: identical" in verdict


@pytest.mark.parametrize("name, data", [
    ("notes.txt", b"just some notes, not a game"),
    ("empty.exlog", b""),
])
def test_verify_a_foreign_file_is_one_error(app: Callable[..., AppTest], name: str,
                                            data: bytes) -> None:
    at = app(page="app_pages/verify.py")
    at.file_uploader(key="verify.upload").upload(name, data).run()
    _no_exception(at)
    assert len(at.error) == 1 and at.error[0].value.startswith(plain(name))
    assert not at.success and not at.code


def test_missing_index_is_one_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EXCEED_INDEX", str(tmp_path / "none.duckdb"))
    at = AppTest.from_file(str(APP), default_timeout=600).run()
    _no_exception(at)
    assert len(at.error) == 1 and "exceed index" in at.error[0].value


def test_games_indexed_later_appear_without_a_restart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sample_rows: list[GameRow]) -> None:
    logs = sorted(Path(g.path) for g in sample_rows)
    db, first, later = tmp_path / "index.duckdb", tmp_path / "first", tmp_path / "later"
    for directory, chosen in ((first, logs[:3]), (later, logs[3:])):
        directory.mkdir()
        for log in chosen:
            shutil.copy(log, directory / log.name)

    def index(directory: Path) -> None:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            assert main(["index", str(directory), "--db", str(db), "--jobs", "1"]) == 0

    index(first)
    monkeypatch.setenv("EXCEED_INDEX", str(db))
    at = AppTest.from_file(str(APP), default_timeout=600).run()
    assert _table_rows(at) == 3
    index(later)  # the dashboard holds no connection open between runs
    time.sleep(TTL_SECONDS + 0.5)
    at.run()
    _no_exception(at)
    assert _table_rows(at) == len(logs)


def test_the_dashboard_never_writes_the_index(tmp_path: Path, index_path: Path,
                                              longest: GameRow,
                                              monkeypatch: pytest.MonkeyPatch) -> None:

    db = tmp_path / "copy.duckdb"
    shutil.copy(index_path, db)
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    monkeypatch.setenv("EXCEED_INDEX", str(db))
    at = AppTest.from_file(str(APP), default_timeout=600).run()
    at.query_params["game"] = longest.game_id
    for page in ("app_pages/game.py", "app_pages/matchups.py", "app_pages/cards.py",
                 "app_pages/verify.py", "app_pages/games.py", "app_pages/players.py"):
        at.switch_page(page).run()
        _no_exception(at)
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before
    assert not (tmp_path / "copy.duckdb.wal").exists()


# --- issue 11 -------------------------------------------------------------------------------


def _row(sample_rows: list[GameRow], seed: int) -> GameRow:
    return next(g for g in sample_rows if g.seed == seed)


def test_games_columns_speak_the_players_language(app: Callable[..., AppTest],
                                                  sample_rows: list[GameRow]) -> None:
    at = app()
    table = at.dataframe[0].value
    assert {"went first", "completed", "how"} <= set(table.columns)
    assert "sealed" not in table.columns and "first p2" not in table.columns
    assert set(table["went first"]) == {"p1", "p2"}
    assert "decked out" in set(table["how"])
    options = at.selectbox(key="games.character").options
    shown = options[1:]
    assert shown == sorted(shown, key=str.casefold) and "Ryu + Ken Masters" not in shown
    assert "Cammy" in shown and "Chun-Li" in shown
    firsts = [(p1.casefold(), p2.casefold()) for p1, p2 in zip(table["p1"], table["p2"],
                                                               strict=True)]
    assert firsts == sorted(firsts) and len(firsts) == len(sample_rows)  # M. Bison after Ken


def test_short_game_id_opens_the_game(app: Callable[..., AppTest], longest: GameRow) -> None:
    at = app(game=longest.game_id[:12])
    _no_exception(at)
    assert at.title[0].value == _title(longest)
    # the URL keeps the id as typed (a rewrite would be a browser history entry, and Back
    # would land on the same game); the link to the moment names the full id
    assert at.query_params.get("game") == longest.game_id[:12]
    assert _moment_link(at).startswith(f"game?game={longest.game_id}&")


@pytest.mark.parametrize("text, words", [("zz12", "not a hex game id"),
                                         ("ffffffffffff", "has an id starting with")])
def test_bad_game_id_is_one_line_and_a_link_back(app: Callable[..., AppTest], text: str,
                                                 words: str) -> None:
    at = app(game=text)
    assert len(at.error) == 1 and plain(words) in at.error[0].value
    links = [e.proto for e in at.main if getattr(e, "type", "") == "page_link"]
    assert [(link.label, link.page) for link in links] == [("Back to Games", "games")]


def test_game_page_names_a_deck_out_and_offers_the_log(app: Callable[..., AppTest],
                                                       sample_rows: list[GameRow]) -> None:
    decked = _row(sample_rows, 0)  # the "deck-out loss" sample of sample_games/MANIFEST
    at = app(game=decked.game_id)
    assert plain("p1 Ryu wins: p2 drew from an empty deck with no reshuffle left") in \
        at.caption[0].value
    assert "p2 went first" in at.caption[0].value
    spec = at.get_by_key(f"game.timeline.{decked.game_id}").proto.spec
    assert "p2 drew from an empty deck with no reshuffle left" in spec
    download = at.get_by_key("game.download")
    assert download is not None and "Download .exlog" in str(download.proto)
    event_slider(at, decked.game_id).set_value(decked.events).run()
    assert at.success and at.success[0].value == plain(
        "GAME OVER: p1 Ryu wins: p2 drew from an empty deck with no reshuffle left")


def test_turn_buttons_setup_header_and_card_stats(app: Callable[..., AppTest],
                                                  longest: GameRow) -> None:
    at = app(game=longest.game_id)
    assert "hand (" in _player_panel(at, "p1") and "power " in _player_panel(at, "p1")
    assert "· guard " in _player_panel(at, "p1")
    at.button(key=f"viewer.next_turn.{longest.game_id}").click().run()
    assert _viewer_header(at).startswith("**turn 2 · ")
    at.button(key=f"viewer.prev_turn.{longest.game_id}").click().run()
    assert _viewer_header(at).startswith("**turn 1 · ")
    at.button(key=f"viewer.start.{longest.game_id}").click().run()
    assert _viewer_header(at).startswith("**setup · event 0/")
    at.button(key=f"viewer.next_strike.{longest.game_id}").click().run()
    at.button(key=f"viewer.forward.{longest.game_id}").click().run()
    for _ in range(12):  # on to the reveal: the strike box names cards with their stats
        if at.info and "(power " in at.info[0].value:
            break
        at.button(key=f"viewer.forward.{longest.game_id}").click().run()
    assert at.info and "(power " in at.info[0].value and "guard" in at.info[0].value
    at.button(key=f"viewer.view.{longest.game_id}").click().run()
    assert _viewer_header(at).endswith("as p1**")


def test_hover_follows_the_perspective(app: Callable[..., AppTest], longest: GameRow,
                                       index_path: Path) -> None:
    from replay.query import card_names, game_strikes
    first = game_strikes(open_source(index_path), longest.game_id)[0]
    name = card_names([first.a_card])[first.a_card]
    at = app(game=longest.game_id)
    key = f"game.timeline.{longest.game_id}"

    def hovers() -> str:
        spec = json.loads(at.get_by_key(key).proto.spec)
        return "\n".join(str(t) for trace in spec["data"]
                         for t in trace.get("hovertext") or ())

    def labels() -> list[str]:
        spec = json.loads(at.get_by_key(key).proto.spec)
        return [t for trace in spec["data"] if trace.get("mode") == "markers+text"
                for t in trace["text"]]

    assert f"<b>{name}</b>" in hovers()
    assert any(timeline.short_name(name) in label for label in labels())
    perspective_radio(at).set_value("p2").run()
    assert "<b>strike 1</b>" in hovers() and f"<b>{name}</b>" not in hovers()
    assert "the attacks are named once the viewer<br>  passes event" in hovers()
    assert set(labels()) == {"?"}  # the viewer stands before the first strike


def test_moved_log_falls_back_to_the_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           longest: GameRow) -> None:
    folder, db = tmp_path / "logs", tmp_path / "index.duckdb"
    folder.mkdir()
    log = folder / Path(longest.path).name
    shutil.copy(longest.path, log)
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["index", str(folder), "--db", str(db), "--jobs", "1"]) == 0
    log.rename(tmp_path / "elsewhere.exlog")
    monkeypatch.setenv("EXCEED_INDEX", str(db))
    at = AppTest.from_file(str(APP), default_timeout=600).run()
    at.query_params["game"] = longest.game_id
    at.switch_page(GAME_PAGE).run()
    _no_exception(at)
    assert not at.error and len(at.warning) == 1
    warning = at.warning[0].value
    assert plain(str(log)) in warning and "`exceed index NEW_FOLDER`" in warning
    spec = at.get_by_key(f"game.timeline.{longest.game_id}").proto.spec
    assert spec.count('"customdata"') >= 2 and "p1 Ryu life" in spec
    assert at.subheader[0].value == "Strike timeline (from the index)"


def test_verify_opens_the_upload_in_the_viewer(app: Callable[..., AppTest],
                                               index_path: Path) -> None:
    before = hashlib.sha256(index_path.read_bytes()).hexdigest()
    at = app(page="app_pages/verify.py")
    at.file_uploader(key="verify.upload").upload("*fresh*.exlog", _fresh_log()).run()
    _no_exception(at)
    assert at.success[0].value.startswith(plain("*fresh*.exlog") + ": identical")
    assert "aria-label=\"arena\"" in "".join(h.value for h in at.html)
    assert any(m.value.startswith("**turn 1 · strike 0") for m in at.markdown)
    at.button(key=next(b.key for b in at.button if b.key and ".next_strike." in b.key)).click()
    at.run()
    assert any("· strike 1 ·" in m.value for m in at.markdown)
    assert hashlib.sha256(index_path.read_bytes()).hexdigest() == before  # not indexed


def test_a_tag_teams_strikes_name_which_fighters_card(
        app: Callable[..., AppTest], sample_rows: list[GameRow]) -> None:
    """The Ryu + Ken sample game strikes with Ryu's and with Ken's Tatsumaki Senpukyaku (his EX):
    its strikes table (and the timeline's labels) named both "Tatsumaki Senpukyaku".
    Each card of the game now has a label of its own, its fighter after a shared name
    (``replay.query.card_labels`` over both seats' fighters)."""
    row = next(r for r in sample_rows if r.p1 == "ryu+ken")
    at = app(game=row.game_id)
    at.toggle(key=f"game.strikes.show.{row.game_id}").set_value(True).run()
    assert not at.exception, [e.message for e in at.exception]
    table = at.dataframe[0].value
    shown = {str(v) for column in table.columns for v in table[column]}
    assert {"Tatsumaki Senpukyaku (Ryu)", "EX Tatsumaki Senpukyaku (Ken Masters)"} <= shown
    assert not {"Tatsumaki Senpukyaku", "EX Tatsumaki Senpukyaku"} & shown


def test_a_seed_is_read_as_exceed_reads_it(app: Callable[..., AppTest],
                                           longest: GameRow) -> None:
    # "010" was "not an integer", and "-5" (no seed of any game) listed no game, unexplained
    at = app()
    at.text_input(key="games.seed").input(f"00{longest.seed}").run()
    _no_exception(at)
    assert not at.warning
    assert set(at.dataframe[0].value["seed"]) == {str(longest.seed)}
    at.text_input(key="games.seed").input(hex(longest.seed)).run()
    assert not at.warning and set(at.dataframe[0].value["seed"]) == {str(longest.seed)}
    for outside in ("-5", str(2**64)):
        at.text_input(key="games.seed").input(outside).run()
        _no_exception(at)
        assert [re.sub(r"\\(.)", r"\1", w.value) for w in at.warning] == [
            f"the seed {outside} is outside 0..2**64-1, the seeds a game has; ignoring it"]
