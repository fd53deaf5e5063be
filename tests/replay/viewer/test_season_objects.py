"""A season's objects and areas in the viewers: Trap boosts on arena spaces, the sealed
area, set-aside and character areas (UNI rulebook, The Play Area: every area but the hand
and the deck is open to both players; Trap Boosts: a Trap is played onto a space).

The terminal board (``replay.viewer.board.render``) and the dashboard's frame
(``replay.viewer.frames.frame``) both read them through ``engine.knowledge.views.space_objects`` and
``named_areas``, for every perspective. The UNI seat is the test-only fighter
``unitester`` (``tests/uni_fixture.py``).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import P1, P2
from uni_fixture import UNI_CATALOG

from engine.core.decisions import Prepare
from engine.knowledge.views import named_areas, space_objects
from engine.play.scenario import Scenario
from engine.recording.record import Recording, read_game_bytes
from replay.viewer.board import render
from replay.viewer.cursor import Replay
from replay.viewer.frames import GameReplay, ObjectFrame, frame


@pytest.fixture(scope="module")
def game() -> GameReplay:
    """P1 (space 3) has a Test Trap played onto space 5, Block set aside and two Grasps
    in a character area ``web``, and Cross sealed; P2 stands on 7. One decision
    (P1 prepares) is recorded."""
    builder = (Scenario("unitester", "unitester", UNI_CATALOG)
               .player(P1, space=3, hand=["dive"], boosts=["trap"], traps={"trap": 5},
                       sealed=["cross"],
                       areas={"set_aside": ["block"], "web": ["grasp", "grasp"]})
               .player(P2, space=7, hand=["spike"]))
    stream = io.BytesIO()
    recording = Recording(builder.game(3), 3, stream, catalog=UNI_CATALOG)
    recording.step(Prepare())
    recording.close()
    log = read_game_bytes(stream.getvalue(), "objects.exlog", UNI_CATALOG)
    return GameReplay(log, "objects", UNI_CATALOG)


def test_engine_lists_the_trap_and_the_areas(game: GameReplay) -> None:
    """``space_objects``: the Trap on space 5, owned by P1; ``named_areas``: P1's
    set-aside and character area by name, P2 none."""
    state = game.replay.state
    game.replay.seek(game.length)
    objects = space_objects(game.replay.state)
    assert [(o.space, o.owner, o.kind) for o in objects] == [(5, P1, "trap")]
    assert objects[0].card == game.replay.state.players[P1].boosts[0]
    areas = named_areas(game.replay.state, P1)
    assert {name: len(cards) for name, cards in areas.items()} == {"set_aside": 1, "web": 2}
    assert named_areas(state, P2) == {}


@pytest.mark.parametrize("perspective", ["all", "p1", "p2"])
def test_frame_shows_the_trap_and_areas_to_every_perspective(game: GameReplay,
                                                             perspective: str) -> None:
    """The dashboard's frame: the Trap (boost name and card) on space 5 for P1, and
    P1's sealed, set-aside and character-area cards by name, whoever looks; P2's hand
    stays hidden from P1 and P1's from P2."""
    shown = frame(game, game.length, perspective)  # type: ignore[arg-type]
    assert shown.objects == (ObjectFrame(space=5, seat="p1", kind="trap", name="Test Snare",
                                         card="Test Trap"),)
    assert shown.p1.sealed == ("Cross",)
    assert shown.p1.areas == (("set aside", ("Block",)), ("web", ("Grasp", "Grasp")))
    assert shown.p2.areas == ()
    if perspective == "p1":
        assert shown.p2.hand is None
    if perspective == "p2":
        assert shown.p1.hand is None


@pytest.mark.parametrize("perspective", [None, P1, P2])
def test_terminal_board_draws_the_trap_and_areas(game: GameReplay, perspective: object) -> None:
    """The terminal board: a ``t1`` mark under space 5 and an ``on spaces`` line naming
    the Trap; P1's sealed, set-aside and web lines; the same for every perspective."""
    replay = Replay(game.replay.log, UNI_CATALOG)
    replay.seek(replay.length)
    text = render(replay, perspective, recent=0)  # type: ignore[arg-type]
    lines = text.splitlines()
    arena = next(i for i, line in enumerate(lines) if line.startswith("arena "))
    marks = lines[arena + 1]
    cell = lines[arena].index("[", 6 + 4 * 6)  # the fifth cell's bracket
    assert marks[cell:cell + 6].strip() == "t1"
    assert "on spaces: 5: p1's Test Snare (trap, Test Trap)" in lines
    assert "  sealed 1: Cross" in lines
    assert "  set aside 1: Block" in lines
    assert "  web 2: Grasp, Grasp" in lines


def test_board_without_season_objects_has_no_extra_lines(sample_paths: list[Path]) -> None:
    """A Street Fighter game draws no object row, no ``on spaces`` line, no area line."""
    from engine.recording.record import read_game
    path = next(p for p in sample_paths if "ryu" in p.name and "ken" in p.name)
    replay = Replay(read_game(path))
    replay.seek(replay.length // 2)
    text = render(replay, None, recent=0)
    assert "on spaces" not in text and "set aside" not in text


def test_dashboard_arena_and_zones_show_the_trap_and_areas(game: GameReplay) -> None:
    """The dashboard's arena puts a ▲ Test Snare in P1's colour in the fifth cell, with
    the owner and card in its hover text; P1's zones list the set-aside and web areas."""
    from dashboard.timeline import COLOURS
    from dashboard.viewer_panel import arena_html, player_markdown
    shown = frame(game, game.length, "p2")
    cells = arena_html(shown).split("<td")[1:]
    assert "▲ Test Snare" in cells[4] and COLOURS[0] in cells[4]
    assert "p1's trap: Test Snare (Test Trap)" in cells[4]
    assert not any("Snare" in cell for i, cell in enumerate(cells) if i != 4)
    zones = player_markdown(shown.p1)
    assert "- set aside (1): Block" in zones and "- web (2): Grasp, Grasp" in zones


def test_a_buddy_is_drawn_by_its_declared_name() -> None:
    """Chaos's Azhi placed on space 6 (a buddy token, ``engine.mechanics.buddies``):
    the board names it ``Azhi (attack)`` as Chaos's data declares it, and the
    dashboard's frame lists it for every perspective, until his ability's end-of-turn
    ``remove_buddy`` takes it away (Prepare ends the turn)."""
    builder = (Scenario("chaos", "ryu").player(P1, space=3, hand=["spewout"], buddies={"azhi": 6})
               .player(P2, space=7, hand=["sweep"]))
    stream = io.BytesIO()
    recording = Recording(builder.game(5), 5, stream)
    recording.step(Prepare())
    recording.close()
    log = read_game_bytes(stream.getvalue(), "buddy.exlog")
    game = GameReplay(log, "buddy")
    from engine import events as ev
    placed = next(i for i, e in enumerate(game.replay.events) if type(e) is ev.BuddyPlaced) + 1
    for perspective in ("all", "p1", "p2"):
        shown = frame(game, placed, perspective)
        assert shown.objects == (ObjectFrame(space=6, seat="p1", kind="buddy",
                                             name="Azhi (attack)"),)
    assert frame(game, game.length).objects == ()
    replay = Replay(log)
    replay.seek(placed)
    assert "on spaces: 6: p1's Azhi (attack) (buddy)" in render(replay, P2, recent=0)


def test_lightning_rods_are_drawn_and_counted_with_no_season_code() -> None:
    """Rachel's lightning rods (BlazBlue, ``engine.mechanics.blazblue``) are space
    objects of kind ``lightning_rod``: the board marks ``l1`` and names the rod and its
    card, the dashboard's frame lists it for every perspective, the rods area shows its
    cards, and the strike summary counts it among P1's objects (``a_objects``)."""
    from replay.strikes import strike_summaries

    builder = (Scenario("rachel", "ryu")
               .player(P1, space=4, hand=["assault"], rods=[("cross", 6)])
               .player(P2, space=5, hand=["block"]))
    stream = io.BytesIO()
    recording = Recording(builder.game(5), 5, stream)
    from engine.core.decisions import SetAttack, Strike
    recording.step(Strike())
    game_now = recording.game
    for who in (P1, P2):
        recording.step(SetAttack(cards=(game_now.state.players[who].hand[0],)))
    recording.close()
    log = read_game_bytes(stream.getvalue(), "rods.exlog")
    game = GameReplay(log, "rods")
    for perspective in ("all", "p1", "p2"):
        shown = frame(game, game.length, perspective)
        assert shown.objects == (ObjectFrame(space=6, seat="p1", kind="lightning_rod",
                                             name="Lightning Rod", card="Cross"),)
        assert ("lightning rods", ("Cross",)) in shown.p1.areas
    replay = Replay(log)
    replay.seek(replay.length)
    text = render(replay, P2, recent=0)
    assert "on spaces: 6: p1's Lightning Rod (lightning_rod, Cross)" in text
    assert "l1" in text
    from dashboard.viewer_panel import arena_html
    cells = arena_html(frame(game, game.length, "p2")).split("<td")[1:]
    assert "⚡ Lightning Rod" in cells[5] and "p1's lightning_rod: Lightning Rod (Cross)" in cells[5]
    [summary] = strike_summaries(log)
    assert summary.a_objects == 1 and summary.d_objects == 0


@pytest.mark.parametrize("seat", [P1, P2])
def test_the_terminal_position_names_the_trap_by_its_boost(game: GameReplay, seat: object) -> None:
    """The terminal's position in brief (``replay.seat_view.position_lines``) names a
    Trap as the board does, by its boost with its card: both seats see it (open)."""
    from engine import observe
    from replay.seat_view import position_lines

    game.replay.seek(game.length)
    lines = position_lines(observe(game.replay.state, seat), seat, UNI_CATALOG)  # type: ignore[arg-type]
    assert "arena: Test Snare (Test Trap), p1's trap, on 5" in lines, lines


def test_the_terminal_position_names_a_buddy_by_its_printed_name() -> None:
    """Carl Clover's Nirvana on the arena read "buddy nirvana_active (p1) on 4" (the
    token's id) at the terminal; it reads as the board and the transcript name it."""
    from conftest import position

    from engine import default_catalog, observe
    from replay.seat_view import position_lines

    d = position(p1=dict(space=3, buddies={"nirvana_active": 4}), p2=dict(space=7),
                 chars=("carlclover", "nehtali"))
    for seat in (P1, P2):
        lines = position_lines(observe(d.state, seat), seat, default_catalog())
        assert "arena: Nirvana (Active), p1's buddy, on 4" in lines, lines
