"""The table as a picture (``dashboard.arena``): spaces, fighters, objects, card chips and
the strike in progress, for each perspective (issue 19 item 2).

Frames come from real logs (the samples, and a recorded Rachel position with a lightning
rod on the arena); one hand-made frame checks that names are escaped.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import msgspec

from dashboard import arena
from dashboard.timeline import COLOURS
from engine.core.decisions import SetAttack, Strike
from engine.core.ids import Player
from engine.play.scenario import Scenario
from engine.recording.record import Recording, read_game_bytes
from replay.query import Frame, GameReplay, frame, open_game

SAMPLES = Path(__file__).resolve().parents[2] / "sample_games"
FROZEN = SAMPLES.parent / "tests" / "fixtures" / "agent_v1"  # games whose moments stay put
RAGNA = FROZEN / "ragna-vs-ryu_heuristic-vs-heuristic_seed400.exlog"


def _space(html: str, space: int) -> str:
    """The HTML of one arena cell (up to the next labelled element: the next cell, or the
    zones after the last one)."""
    start = html.index(f'aria-label="space {space}"')
    end = html.find('aria-label="', start + 10)
    return html[start:end if end > 0 else len(html)]


def _zone(html: str, label: str) -> str:
    start = html.index(f'aria-label="{label}"')
    return html[start:html.index("</div>", start)]


def _rods() -> GameReplay:
    """Rachel (p1, space 4) with a lightning rod (Cross) on space 6 strikes Ryu (space 5)."""
    builder = (Scenario("rachel", "ryu")
               .player(Player.P1, space=4, hand=["assault"], rods=[("cross", 6)])
               .player(Player.P2, space=5, hand=["block"]))
    stream = io.BytesIO()
    recording = Recording(builder.game(5), 5, stream)
    recording.step(Strike())
    for who in (Player.P1, Player.P2):
        recording.step(SetAttack(cards=(recording.game.state.players[who].hand[0],)))
    recording.close()
    return GameReplay(read_game_bytes(stream.getvalue(), "rods.exlog"), "rods")


def test_nine_spaces_with_each_fighter_on_its_own() -> None:
    game = open_game(RAGNA)
    shown = frame(game, game.length // 2, "all")
    html = arena.html(shown)
    assert [int(n) for n in re.findall(r'aria-label="space (\d)"', html)] == list(range(1, 10))
    for p in shown.players:
        cell = _space(html, p.space)
        assert f'title="{p.seat} {p.character}, life {p.life}"' in cell
        assert COLOURS[0 if p.seat == "p1" else 1] in cell
    empty = [s for s in range(1, 10) if s not in (shown.p1.space, shown.p2.space)]
    assert all("title=" not in _space(html, s) for s in empty)


def test_an_exceeded_fighter_says_so() -> None:
    game = open_game(RAGNA)
    at = next(i for i in range(game.length, 0, -1) if frame(game, i, recent=0).p1.exceeded)
    shown = frame(game, at, "all", recent=0)
    assert "EXCEED</div>" in _space(arena.html(shown), shown.p1.space)
    before = frame(game, 0, "all", recent=0)
    assert "EXCEED" not in arena.html(before)


def test_objects_sit_on_their_space_in_the_owners_colour() -> None:
    game = _rods()
    for perspective in ("all", "p1", "p2"):
        html = arena.html(frame(game, game.length, perspective))
        cell = _space(html, 6)
        assert "⚡ Lightning Rod" in cell and COLOURS[0] in cell
        assert "p1's lightning rod: Lightning Rod (Cross)" in cell
        assert all("Lightning Rod" not in _space(html, s) for s in range(1, 10) if s != 6)


def test_the_strike_is_two_facing_cards_face_down_until_the_reveal() -> None:
    game = _rods()
    events = [type(e).__name__ for e in game.replay.events]
    reveal = events.index("AttacksRevealed") + 1
    # both attacks set, not yet revealed: p2 sees p1's card as a back, its own greyed
    before = arena.html(frame(game, reveal - 1, "p2"))
    p1_card = _zone(before, "p1 attack")
    assert 'data-face="down"' in p1_card and "Assault" not in p1_card
    own = _zone(before, "p2 attack")
    assert 'data-face="down"' in own and "Block" in own  # p2 knows its own card
    everyone = arena.html(frame(game, reveal - 1, "all"))
    assert 'data-face="down"' in _zone(everyone, "p1 attack")  # face down on the table
    after = arena.html(frame(game, reveal, "p2"))
    for seat, card in (("p1", "Assault"), ("p2", "Block")):
        zone = _zone(after, f"{seat} attack")
        assert 'data-face="up"' in zone and f"<b>{card}</b>" in zone
    assert after.index('aria-label="p1 attack"') < after.index('aria-label="p2 attack"')


def test_the_hand_the_perspective_cannot_see_is_face_down_with_its_count() -> None:
    game = open_game(RAGNA)
    position = game.opening
    for seat, other in (("p1", "p2"), ("p2", "p1")):
        shown = frame(game, position, seat)  # type: ignore[arg-type]
        html = arena.html(shown)
        mine = shown.p1 if seat == "p1" else shown.p2
        theirs = shown.p2 if seat == "p1" else shown.p1
        assert mine.hand is not None and theirs.hand is None
        hand = _zone(html, f"{seat} hand")
        assert hand.count('data-face="up"') == len(mine.hand) > 0
        hidden = _zone(html, f"{other} hand")
        assert hidden.count('data-face="down"') == theirs.hand_count > 0
        assert f"{theirs.hand_count} face down" in hidden
        # the perspective's own seat sits at the bottom, under the arena
        assert html.index(f'aria-label="{seat} zones"') > html.index('aria-label="arena"')
        assert html.index(f'aria-label="{other} zones"') < html.index('aria-label="arena"')
    everyone = arena.html(frame(game, position, "all"))
    assert 'data-face="down"' not in everyone


def test_names_are_escaped() -> None:
    game = open_game(RAGNA)
    shown = frame(game, game.opening, "all", recent=0)
    p1 = msgspec.structs.replace(shown.p1, character="<script>x</script>",
                                 gauge=("<b>bold</b>",))
    html = arena.html(msgspec.structs.replace(shown, p1=p1))
    assert "<script>" not in html and "&lt;script&gt;x&lt;/script&gt;" in html
    assert "&lt;b&gt;bold&lt;/b&gt;" in html
    assert isinstance(shown, Frame)


def test_the_token_shows_a_long_name_whole_and_exceed_inside() -> None:
    """Issue 27 item 19: "Super Skull Man 33" was cut to "Sup…" and EXCEED spilled out of
    the token. The name is written whole and wraps (no ellipsis, nothing hidden), and so
    does EXCEED, in a smaller font than the name (at most: both shrink to fit)."""
    game = open_game(FROZEN / "superskullman-vs-ryu_heuristic-vs-heuristic_seed400.exlog")
    shown = frame(game, game.length // 2, "all", recent=0)
    cell = _space(arena.html(shown), shown.p1.space)
    name = re.search(r"<div data-name style=\"([^\"]*)\">([^<]*)</div>", cell)
    assert name is not None and name.group(2) == "Super Skull Man 33"
    assert "ellipsis" not in cell and "nowrap" not in name.group(1)
    # it wraps, in a font that first shrinks with the token to fit its longest word
    # (tests/dashboard/test_arena_browser.py draws every name)
    assert "overflow-wrap:anywhere" in name.group(1) and "cqi, 0.62em)" in name.group(1)
    ragna = open_game(RAGNA)
    at = next(i for i in range(ragna.length, 0, -1) if frame(ragna, i, recent=0).p1.exceeded)
    exceeded = frame(ragna, at, "all", recent=0)
    token = _space(arena.html(exceeded), exceeded.p1.space)
    mode = re.search(r'<div data-mode="exceed" style="([^"]*)">EXCEED</div>', token)
    assert mode is not None and "overflow-wrap:anywhere" in mode.group(1)
    size = float(re.search(r"cqi, ([\d.]+)em\)", mode.group(1)).group(1))  # type: ignore[union-attr]
    assert size < 0.62  # smaller than the name's


def test_a_face_up_card_hovered_shows_its_own_fighter_s_text() -> None:
    """A newcomer reads a card in their hand by pointing at it: each face-up chip's hover
    text is its card's text (stats, effects, boost), from the seat's own fighter: Ryu's
    Shoryuken is faster when he defends, Ken's when he initiates (their card data)."""
    from dashboard.card_texts import hover_texts
    from replay.query import game_cards

    game = open_game(SAMPLES / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog")
    shown = frame(game, game.length // 2, "all")
    titles = hover_texts(game_cards(game), shown)
    assert "[if you are the defender] +2 speed" in titles["p1"]["Shoryuken"]
    assert "[if you initiated the strike] +2 speed" in titles["p2"]["Shoryuken"]
    html = arena.html(shown, titles)
    chips = re.findall(r'<span data-face="up" title="([^"]*)"[^>]*>([^<]*)</span>', html)
    assert chips
    for title, name in chips:
        assert title.startswith(f"{name} (") and " · speed " in title, (name, title)
    # without texts, a chip's hover text is its name, as before
    plain = re.findall(r'<span data-face="up" title="([^"]*)"[^>]*>([^<]*)</span>',
                       arena.html(shown))
    assert plain and all(title == name for title, name in plain)


def test_a_tag_team_s_cards_show_their_texts_too() -> None:
    """Street Fighter rulebook, Tag Team: a seat's hand holds both fighters' cards, its
    specials and ultras named with their fighter ("Hosenka (Chun-Li)", the tagged-out
    partner's): each shows its text when hovered, as a single fighter's do."""
    from dashboard.card_texts import hover_texts
    from replay.query import game_cards

    game = open_game(next(SAMPLES.glob("cammy+chunli-vs-guile+bison_*.exlog")))
    shown = frame(game, game.length // 2, "all")
    titles = hover_texts(game_cards(game), shown)
    assert titles["p1"]["Hosenka (Chun-Li)"].startswith("Hosenka (ultra): power 9 ")
    assert titles["p1"]["Gyro Driver Smasher (Cammy)"].startswith("Gyro Driver Smasher (")
    html = arena.html(shown, titles)
    hand = _zone(html, "p1 hand")
    for title, name in re.findall(r'title="([^"]*)"[^>]*>([^<]*)</span>', hand):
        assert title.startswith(f"{name.split(' (')[0]} ("), (name, title)


def test_an_objects_name_is_written_whole() -> None:
    """Carl Clover's buddy read "◆ Nirvan…" on its space at 1280x800 (found playing the
    Play page): the name is now written whole and wraps, as a fighter's, in a font that
    first shrinks to fit its longest word."""
    game = _rods()
    cell = _space(arena.html(frame(game, game.length, "all")), 6)
    name = re.search(r'<div data-object style="([^"]*)">([^<]*)</div>', cell)
    assert name is not None and name.group(2) == "⚡ Lightning Rod"
    assert "ellipsis" not in cell and "nowrap" not in cell
    assert "overflow-wrap:anywhere" in name.group(1) and "cqi, 0.6em)" in name.group(1)
