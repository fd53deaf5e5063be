"""The Play page of a spectator (``?g=`` and no seat token) during a game, driven by
Streamlit's AppTest: the arena drawn from the ``public`` frame (``play_table.board``),
both hands face down and counted, a face-down attack face down, the face-up cards named
with their texts on hover, and no hidden card named anywhere on the page."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from replay import query as q
from tests import live_kit
from tests.dashboard.page_kit import ArenaZones, arena_markdown, open_play


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "index.duckdb"


def _everything(root: Path, game_id: str) -> q.Frame:
    game = q.open_game(root / f"{game_id}.exlog")
    return q.frame(game, game.length, "all")


def _page_text(at: AppTest) -> str:
    return " ".join([*(m.value for m in at.markdown), *(c.value for c in at.code),
                     *(c.value for c in at.caption)])


def test_a_spectator_sees_the_table_with_both_hands_and_a_set_attack_face_down(
        app: Callable[..., AppTest], db: Path) -> None:
    """Both mulligans, then p1 strikes and sets its attack face down: the spectator's
    page draws the arena ("table as spectator"), each hand face down with its count,
    p1's attack face down; no card of either hand, nor the set attack, is named
    anywhere on the page (the arena's hover texts included)."""
    root = q.live_root(db)
    created = live_kit.people(root)
    for _ in range(4):
        live_kit.step(root, created)
    every = _everything(root, created.game_id)
    assert every.strike_in_progress is not None
    set_card = every.strike_in_progress.attack.cards
    assert set_card not in ("face-down", "not set yet")
    at = open_play(app, db, g=created.game_id)
    table = arena_markdown(at)
    zones = ArenaZones(table)
    assert "table as spectator" in zones.text and "arena" in zones.text
    for p in every.players:
        assert p.hand and zones.down.get(f"{p.seat} hand") == len(p.hand)
        assert f"{p.seat} hand" not in zones.up, zones.up
        assert f"life {p.life}" in zones.text[f"{p.seat} zones"]
    assert zones.down.get("p1 attack") == 1 and "p1 attack" not in zones.up
    assert "face down" in zones.text["p1 attack"]
    assert "not set yet" in zones.text["p2 attack"]
    face_up = {name for names in zones.up.values() for name in names}
    hidden = {name for p in every.players for name in p.hand or ()} | {set_card}
    text = _page_text(at)
    assert not [n for n in hidden - face_up if re.search(rf"\b{re.escape(n)}\b", text)], (
        hidden - face_up)
    assert not [b for b in at.button if (b.key or "").startswith(("opt-", "pick-", "space-"))]


def test_a_spectator_reads_the_face_up_cards_with_their_texts(
        app: Callable[..., AppTest], db: Path) -> None:
    """Played on until a gauge card and a boost are in play: the spectator's arena
    names them as the omniscient table does, each chip's hover its card's text, and
    still names no card of a hand that is not also face up."""
    root = q.live_root(db)
    created = live_kit.people(root)
    for _ in range(80):
        every = _everything(root, created.game_id)
        if any(p.gauge for p in every.players) and any(p.boosts for p in every.players):
            break
        live_kit.step(root, created, "boost")
    else:
        raise AssertionError("no gauge card and no boost in play")
    assert every.result is None  # the game goes on
    at = open_play(app, db, g=created.game_id)
    table = arena_markdown(at)
    zones = ArenaZones(table)
    for p in every.players:
        assert zones.up.get(f"{p.seat} gauge", []) == list(p.gauge)
        assert zones.up.get(f"{p.seat} boosts", []) == list(p.boosts)
        assert zones.down.get(f"{p.seat} hand", 0) == p.hand_count
        for name in p.gauge:  # hovered: the card's text ("Grasp (normal): power ...")
            assert re.search(rf'title="{re.escape(name)} \((normal|special|ultra)\): ',
                             table), name
    face_up = {name for names in zones.up.values() for name in names}
    face_up |= {p.discard_top for p in every.players if p.discard_top}
    hidden = {name for p in every.players for name in p.hand or ()}
    said = _page_text(at)
    assert not [n for n in hidden - face_up
                if re.search(rf"\b{re.escape(n)}\b", table)], hidden - face_up
    assert "face down" in said
