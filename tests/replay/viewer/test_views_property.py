"""No player's view of a replay leaks the opponent's hand, a face-down attack or deck order.

Checked on the structured view (``Replay.view``) at every position, and on the rendered
board: the opponent's hand line is only a count, deck lines are only counts, and no card
name that is secret from the viewer at that moment appears unless the same name is also
visible to the viewer somewhere (names repeat across zones and decks).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import events as ev
from engine.cards.catalog import Catalog
from engine.core.ids import Player
from engine.core.state import State
from engine.knowledge.views import HIDDEN, named_areas
from engine.recording.game_log import GameLog
from replay.viewer.board import render
from replay.viewer.cursor import Replay

RECENT = 8
VIEWERS = (Player.P1, Player.P2)
Recorder = Callable[[str, str, int, tuple[str, str]], GameLog]


def check_view(replay: Replay, viewer: Player) -> None:
    """The structured view hides exactly the opponent's hand, decks and face-down attacks."""
    truth, view = replay.state, replay.view(viewer)
    opponent = viewer.other
    assert all(c == HIDDEN for c in view.players[opponent].hand)
    assert len(view.players[opponent].hand) == len(truth.players[opponent].hand)
    for p, real in zip(view.players, truth.players, strict=True):
        assert all(c == HIDDEN for c in p.deck) and len(p.deck) == len(real.deck)
        assert (p.discard, p.gauge, p.boosts, p.sealed) == (
            real.discard, real.gauge, real.boosts, real.sealed)
    assert view.players[viewer].hand == truth.players[viewer].hand
    if view.strike is not None:
        assert truth.strike is not None
        for who, (side, real_side) in enumerate(zip(view.strike.sides, truth.strike.sides,
                                                    strict=True)):
            visible = real_side.revealed or (who == viewer and not real_side.wild)
            assert side.cards == (real_side.cards if visible
                                  else [HIDDEN] * len(real_side.cards))


def check_board(replay: Replay, viewer: Player, catalog: Catalog) -> None:
    """The rendered board shows counts for hidden zones and no secret card name."""
    text = render(replay, viewer, RECENT)
    lines = text.splitlines()
    opponent = viewer.other
    block = _player_block(lines, opponent)
    hand = [line for line in block if line.startswith("  hand ")]
    assert len(hand) == 1 and re.fullmatch(r"  hand \d+( \(hidden\))?", hand[0]), hand
    for who in VIEWERS:
        decks = [line for line in _player_block(lines, who) if " · deck " in line]
        assert len(decks) == 1 and re.search(r" · deck \d+$", decks[0]), decks
    secret, allowed = _secret_and_allowed(replay, viewer, catalog)
    stripped = text
    for name in sorted(allowed, key=len, reverse=True):
        stripped = stripped.replace(name, "")
    for name in secret - allowed:
        assert not re.search(rf"\b{re.escape(name)}\b", stripped), (name, text)


def _player_block(lines: list[str], who: Player) -> list[str]:
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{who.label} "))
    block = []
    for line in lines[start + 1 :]:
        if not line.startswith("  "):
            break
        block.append(line)
    return block


def _secret_and_allowed(replay: Replay, viewer: Player, catalog: Catalog) -> tuple[set[str],
                                                                                    set[str]]:
    truth, view = replay.state, replay.view(viewer)

    def names(refs: Iterable[int], state: State = truth) -> set[str]:
        return {catalog.card(state.card_defs[r]).name for r in refs if r != HIDDEN}

    secret = names(truth.players[viewer.other].hand)
    for p in truth.players:
        secret |= names(p.deck)
    if truth.strike is not None and view.strike is not None:
        for side, shown in zip(truth.strike.sides, view.strike.sides, strict=True):
            if shown.cards and shown.cards[0] == HIDDEN:
                secret |= names(side.cards)
    visible: list[int] = []
    for who, p in enumerate(view.players):
        visible += [*p.hand, *p.discard, *p.gauge, *p.boosts, *p.sealed]
        for cards in named_areas(view, Player(who)).values():  # open areas (overdrive...)
            visible += cards
    if view.strike is not None:
        for side in view.strike.sides:
            visible += side.cards
    allowed = names(visible) | {p.reading for p in view.players if p.reading is not None}
    for event in replay.recent(RECENT, viewer):
        allowed |= names(_event_cards(event))
        if isinstance(event, ev.CardNamed):
            allowed.add(event.name)
    return secret, allowed


def _event_cards(event: ev.Event) -> list[int]:
    refs: list[int] = []
    for field in ("card", "cards", "p1", "p2"):
        value = getattr(event, field, None)
        if isinstance(value, int) and not isinstance(value, bool):
            refs.append(value)
        elif isinstance(value, tuple):
            refs.extend(v for v in value if isinstance(v, int))
    return refs


def check_replay(log: GameLog) -> None:
    """Both checks, for both players, at every position of the game."""
    replay = Replay(log, keyframe_every=32)
    for position in range(replay.length + 1):
        replay.seek(position)
        for viewer in VIEWERS:
            check_view(replay, viewer)
            check_board(replay, viewer, replay.catalog)
            assert replay.position == position


def test_no_view_leaks_on_the_samples(sample_logs: list[GameLog]) -> None:
    for log in sample_logs[::4]:
        check_replay(log)


@settings(max_examples=10, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**63),
    chars=st.sampled_from([("ryu", "ken"), ("ken", "ryu"), ("ryu", "ryu"), ("ken", "ken")]),
    agents=st.sampled_from([("random", "random"), ("heuristic", "random"),
                            ("random", "heuristic"), ("heuristic", "heuristic")]),
)
def test_no_view_leaks_on_recorded_games(recorded: Recorder, seed: int,
                                         chars: tuple[str, str],
                                         agents: tuple[str, str]) -> None:
    check_replay(recorded(chars[0], chars[1], seed, agents))


def test_omniscient_board_shows_both_hands(sample_logs: list[GameLog]) -> None:
    replay = Replay(sample_logs[0])
    replay.seek_turn(3)
    text = render(replay, None)
    assert "(hidden)" not in text
    for who in VIEWERS:
        hand = replay.state.players[who].hand
        line = next(x for x in _player_block(text.splitlines(), who) if x.startswith("  hand"))
        expected = ", ".join(replay.catalog.card(replay.state.card_defs[r]).name for r in hand)
        assert line == f"  hand {len(hand)}: {expected}"
