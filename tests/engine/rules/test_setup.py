"""Core rulebook "Setup" (and the Street Fighter rulebook's "Setup"): arena, starting
spaces, life, first player, opening hands and the mulligan."""

from __future__ import annotations

from collections import Counter

from conftest import CATALOG, P1, P2

from engine import events as ev
from engine.core.decisions import ActionRequest, Mulligan, MulliganRequest
from engine.core.ids import ARENA_MAX, ARENA_MIN, Player
from engine.play.api import Game, GameSetup, new_game


def _start(seed: int) -> Game:
    return new_game(GameSetup(p1="ryu", p2="ken"), seed)


def _first(game: Game) -> Player:
    [started] = [e for e in game.events if isinstance(e, ev.GameStarted)]
    return started.first


def _seeds_by_first_player() -> dict[Player, int]:
    found: dict[Player, int] = {}
    seed = 0
    while len(found) < 2:
        found.setdefault(_first(_start(seed)), seed)
        seed += 1
    return found


def test_arena_has_nine_spaces() -> None:
    """Core rulebook, Setup 2 "Arena Setup": an arena is always 9 spaces."""
    assert (ARENA_MIN, ARENA_MAX) == (1, 9)


def test_first_player_on_space_3_second_on_space_7() -> None:
    """Core rulebook, Setup 2: the characters start on the 3rd and 7th spaces (the
    first player on 3, whichever seat that is)."""
    by_first = _seeds_by_first_player()
    for first, seed in by_first.items():
        game = _start(seed)
        assert game.state.players[first].space == 3
        assert game.state.players[first.other].space == 7


def test_both_players_start_with_30_life() -> None:
    """Core rulebook, Setup 6 "Life Tracking": each player begins with 30 life."""
    game = _start(0)
    assert [p.life for p in game.state.players] == [30, 30]


def test_first_player_is_decided_by_the_seed() -> None:
    """Core rulebook, Setup 7 "Game Start": who goes first is random; in the engine the
    seed decides it, so two seeds can give different first players and the same seed
    always gives the same one."""
    by_first = _seeds_by_first_player()
    assert set(by_first) == {P1, P2}
    for first, seed in by_first.items():
        assert _first(_start(seed)) == first
        assert _first(_start(seed)) == _first(_start(seed))
        assert _start(seed).state.players[0].deck == _start(seed).state.players[0].deck


def test_first_player_draws_5_second_draws_6() -> None:
    """Core rulebook, Setup 4 "Starting Draw": the first player draws 5, the second 6;
    decks are the 30-card decks (SF rulebook, Setup 1 "Shuffle")."""
    for first, seed in _seeds_by_first_player().items():
        game = _start(seed)
        players = game.state.players
        assert len(players[first].hand) == 5
        assert len(players[first.other].hand) == 6
        assert len(players[first].deck) == 25
        assert len(players[first.other].deck) == 24


def test_decks_are_shuffled_at_setup() -> None:
    """Core rulebook, Setup 1 "Shuffle": each deck is shuffled before the draw."""
    game = _start(0)
    shuffles = [e for e in game.events if isinstance(e, ev.DeckShuffled)]
    assert {e.player for e in shuffles} == {P1, P2}
    for who in (P1, P2):
        p = game.state.players[who]
        in_order = list(range(100 * who, 100 * who + 30))
        assert sorted(p.hand + p.deck) == in_order
        assert p.hand + p.deck != in_order


def test_mulligan_is_asked_of_the_first_player_then_the_second() -> None:
    """Core rulebook, Setup 5 "Mulligan": after looking at their starting hand each
    player may set cards aside; the first player's turn then starts."""
    game = _start(0)
    first = _first(game)
    request = game.pending
    assert isinstance(request, MulliganRequest) and request.player == first
    assert request.hand == tuple(game.state.players[first].hand)
    game.step(Mulligan())
    request = game.pending
    assert isinstance(request, MulliganRequest) and request.player == first.other
    game.step(Mulligan())
    request = game.pending
    assert isinstance(request, ActionRequest) and request.player == first


def test_mulligan_replaces_set_aside_cards_and_shuffles_them_in() -> None:
    """Core rulebook, Setup 5 "Mulligan": set aside any number of cards, draw as many,
    then shuffle the set-aside cards into the deck. The hand size is unchanged."""
    game = _start(0)
    who = _first(game)
    p = game.state.players[who]
    before_hand = list(p.hand)
    set_aside = tuple(before_hand[:3])
    expected_draws = p.deck[:3]
    caused = game.step(Mulligan(cards=set_aside))
    assert len(p.hand) == len(before_hand) == 5
    assert p.hand == before_hand[3:] + expected_draws
    assert all(card in p.deck for card in set_aside)
    assert Counter(p.hand + p.deck) == Counter(range(100 * who, 100 * who + 30))
    assert [e.count for e in caused if isinstance(e, ev.MulliganTaken)] == [3]
    # The set-aside cards went into the deck, then the deck was shuffled.
    moved = [e for e in caused if isinstance(e, ev.CardMoved) and e.reason == ev.MoveReason.MULLIGAN]
    assert [e.card for e in moved] == list(set_aside)
    assert isinstance(caused[-1], ev.DeckShuffled) and caused[-1].player == who
    assert list(caused[-1].order) == p.deck


def test_mulligan_nothing_keeps_the_hand() -> None:
    """Core rulebook, Setup 5 "Mulligan": setting aside nothing changes nothing."""
    game = _start(0)
    who = _first(game)
    hand = list(game.state.players[who].hand)
    deck = list(game.state.players[who].deck)
    game.step(Mulligan())
    assert game.state.players[who].hand == hand
    assert game.state.players[who].deck == deck


def test_mulligan_whole_hand_of_second_player() -> None:
    """Core rulebook, Setup 5 "Mulligan": any number of cards, up to the whole hand."""
    game = _start(0)
    game.step(Mulligan())
    who = _first(game).other
    p = game.state.players[who]
    old = tuple(p.hand)
    game.step(Mulligan(cards=old))
    assert len(p.hand) == 6
    assert not set(old) & set(p.hand)
    assert set(old) <= set(p.deck)


def test_setup_uses_each_characters_own_deck() -> None:
    """SF rulebook, Setup 1 "Shuffle": 2 copies of each Normal, Special and Ultra."""
    game = _start(0)
    for who, char in ((P1, "ryu"), (P2, "ken")):
        p = game.state.players[who]
        names = Counter(game.state.card_defs[c] for c in p.hand + p.deck)
        assert names == Counter(CATALOG.deck_list(char))
        assert set(names.values()) == {2}
