"""The Game page's "Card texts": every card of the game's fighters, as the terminal's
``c NAME`` gives one, behind a toggle; a box keeps the cards a typed name matches; the
texts (a log's own definitions) are shown as written, never as markup."""

from __future__ import annotations

import contextlib
import io
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from replay.cli import main
from replay.query import GameRow

from .test_literal import HOSTILE, _no_markup_from, _rendered, _text
from .test_pages import APP, GAME_PAGE


def _team(rows: list[GameRow]) -> GameRow:
    return next(g for g in rows if Path(g.path).name.startswith("ryu+ken-vs-sagat+zangief"))


def _shown(at: AppTest) -> list[str]:
    return [str(m.value) for m in at.markdown]


def test_off_the_page_holds_no_card_text(app: Callable[..., AppTest],
                                        sample_rows: list[GameRow]) -> None:
    game = _team(sample_rows)
    at = app(game=game.game_id)
    assert not at.toggle(key=f"game.cards.{game.game_id}.show").value
    assert not any("**Hadoken**" in m for m in _shown(at))


def test_each_fighter_has_a_tab_with_its_cards(app: Callable[..., AppTest],
                                              sample_rows: list[GameRow]) -> None:
    game = _team(sample_rows)
    at = app(game=game.game_id)
    at.toggle(key=f"game.cards.{game.game_id}.show").set_value(True).run()
    assert not at.exception, [e.message for e in at.exception]
    assert [t.label for t in at.tabs] == ["Ryu", "Ken Masters", "Sagat", "Zangief"]
    ryu = [str(m.value) for m in at.tabs[0].markdown]
    assert _text(_rendered(ryu[0])).startswith("Ryu (fighter): life 30 · exceed cost 2 ability")
    hadoken = next(m for m in ryu if m.startswith("**Hadoken**"))
    assert _text(_rendered(hadoken)).startswith(
        "Hadoken · special · 2 copies power 4 · speed 4 · range 3-6 · armor 0 · guard 0")
    assert len(ryu) == 1 + 15  # the character card and 15 different cards (30 in all)
    find = at.text_input(key=f"game.cards.{game.game_id}.find")
    find.set_value("hadoken").run()
    heads = [str(m.value).split("**")[1] for m in at.tabs[0].markdown]
    assert heads == ["Hadoken", "Metsu Hadoken"]
    find.set_value("zzz").run()
    assert not at.tabs[0].markdown
    assert "No card of Ryu is called" in str(at.tabs[0].caption[0].value)


def _hostile(hostile: str) -> None:
    from dashboard import card_texts
    from replay.query import CardText, FighterCards

    card = CardText(card="x", name=hostile, kind=hostile, copies=1, starts=hostile,
                    lines=(hostile, f"  {hostile}"))
    fighter = FighterCards(fighter="x", name=hostile, lines=(hostile, f"  {hostile}"),
                           cards=(card,))
    import streamlit as st
    st.session_state.setdefault("t.show", True)
    card_texts.render(lambda: [fighter], "t")


def test_texts_from_a_log_are_shown_as_written() -> None:
    at = AppTest.from_function(_hostile, args=(HOSTILE,), default_timeout=60)
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    seen = 0
    for element in at.markdown:
        rendered = _rendered(str(element.value))
        _no_markup_from(rendered)
        seen += _text(rendered).count(HOSTILE)
    assert seen == 7  # the fighter's two lines; the card's name, kind, start and two lines


def test_the_play_page_has_the_same_card_texts_for_a_seat_and_a_spectator(
        app: Callable[..., AppTest], tmp_path: Path) -> None:
    """A player at the table had no way to read what a card does (the terminal has
    ``c NAME``); the Play page now has the Game page's "Card texts", for a spectator
    too (deck lists are open information)."""
    from replay import query as q
    from tests.dashboard.page_kit import open_play

    db = tmp_path / "index.duckdb"
    created = q.create_live(q.live_root(db), "hyde", "ken", opponent="person", seed=3)
    for seat, token in (("p1", created.tokens["p1"]), ("spectator", None)):
        params = {"g": created.game_id, **({"t": token} if token else {})}
        at = open_play(app, db, **params)
        assert not any("**Hadoken**" in m for m in _shown(at)), seat
        at.toggle(key="play.cards.show").set_value(True).run()
        assert not at.exception, [e.message for e in at.exception]
        assert [t.label for t in at.tabs] == ["Hyde Kido", "Ken Masters"], seat
        ken = [str(m.value).split("**")[1] for m in at.tabs[1].markdown]
        assert "Hadoken" in ken and "Shinryuken" in ken, seat


def test_a_game_whose_log_is_gone_shows_this_engines_card_texts_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sample_rows: list[GameRow]) -> None:
    """The Game page of a game whose log was moved away (the timeline read from the index)
    still has "Card texts": this engine's card data for the row's fighters, with a caption
    saying they are not the log's own definitions."""
    game = _team(sample_rows)
    folder, db = tmp_path / "logs", tmp_path / "index.duckdb"
    folder.mkdir()
    log = folder / Path(game.path).name
    shutil.copy(game.path, log)
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["index", str(folder), "--db", str(db), "--jobs", "1"]) == 0
    log.unlink()
    monkeypatch.setenv("EXCEED_INDEX", str(db))
    at = AppTest.from_file(str(APP), default_timeout=600).run()
    at.query_params["game"] = game.game_id
    at.switch_page(GAME_PAGE).run()
    assert not at.exception, [e.message for e in at.exception]
    assert at.subheader[0].value == "Strike timeline (from the index)"
    at.toggle(key=f"game.cards.{game.game_id}.show").set_value(True).run()
    assert not at.exception, [e.message for e in at.exception]
    assert [t.label for t in at.tabs] == ["Ryu", "Ken Masters", "Sagat", "Zangief"]
    assert any("From this engine's card data" in str(c.value) for c in at.caption)
    ryu = [str(m.value) for m in at.tabs[0].markdown]
    assert len(ryu) == 1 + 15 and any(m.startswith("**Hadoken**") for m in ryu)


def test_the_cards_page_reads_the_fighter_s_cards(app: Callable[..., AppTest]) -> None:
    """A coach on the Cards page sees Axe Kick's hit rate but could not read what the card
    does without opening a game: the same "Card texts" toggle sits under the table, for
    the chosen fighter, from this engine's card data (and says so)."""
    at = app(page="app_pages/cards.py")
    at.selectbox(key="cards.character").set_value("ken").run()
    at.toggle(key="cards.texts.ken.show").set_value(True).run()
    assert not at.exception, [e.message for e in at.exception]
    assert [t.label for t in at.tabs] == ["Ken Masters"]
    ken = [str(m.value) for m in at.tabs[0].markdown]
    assert _text(_rendered(ken[0])).startswith("Ken Masters (fighter): life 30")
    assert any(m.startswith("**Axe Kick**") for m in ken)
    assert any("this engine's card data" in str(c.value) for c in at.caption)
