"""``glance`` (the match loop's view for an agent, issue 31) equals ``observe``, copies
none of what the viewer may see, and leaves the live state as it was.

Rulebook: what a player may see is ``observe``'s (core rulebook, hidden information:
decks to nobody, the opponent's hand and face-down attack; Arakune's secret sealed area
and Hazama's face-down Ouroboros hidden from the opponent): ``glance`` must show exactly
that, for every fighter and a Tag Team seat."""

from __future__ import annotations

from conftest import CATALOG

from engine import events as ev
from engine.core.decisions import Decision, Request
from engine.core.ids import Player
from engine.knowledge.views import HIDDEN, glance, observe
from engine.play.api import Game, GameSetup
from engine.play.match import play_game

SEATS = [*CATALOG.character_ids(), "ryu+ken"]


def _compare_every_step(setup: GameSetup, seed: int) -> int:
    compared = 0

    def check(game: Game, request: Request, decision: Decision, events: list[ev.Event]) -> None:
        nonlocal compared
        state = game.state
        before = state.copy()
        for viewer in (Player.P1, Player.P2):
            assert glance(state, viewer) == observe(state, viewer), (setup, seed, viewer)
            compared += 1
        assert state == before, "glance changed the live state"

    play_game(setup, seed, ("heuristic", "random"), CATALOG, on_step=check)
    return compared


def test_glance_equals_observe_at_every_step_for_every_fighter() -> None:
    compared = 0
    for index, seat in enumerate(SEATS):
        other = SEATS[(index * 7 + 3) % len(SEATS)]
        compared += _compare_every_step(GameSetup(p1=seat, p2=other), index)
    assert compared > 1000


def test_face_down_buddies_and_secret_sealed_cards_stay_hidden_in_a_glance() -> None:
    """Hazama's Ouroboros placed face down and Arakune's sealed area (their mechanics'
    ``hide_from`` runs on the glance's own copies of their records)."""
    for p1, p2 in (("hazama", "arakune"), ("arakune", "hazama")):
        for seed in range(6):
            assert _compare_every_step(GameSetup(p1=p1, p2=p2), seed) > 0


def test_glance_shares_what_the_viewer_sees_and_hides_the_rest() -> None:
    game = play_game(GameSetup(p1="ryu", p2="ken"), 3, ("random", "random"), CATALOG)
    state = game.state
    view = glance(state, Player.P1)
    mine, theirs = view.players
    assert mine.hand is state.players[0].hand  # shared, not copied
    assert mine.discard is state.players[0].discard
    assert mine.deck == [HIDDEN] * len(state.players[0].deck)
    assert theirs.hand == [HIDDEN] * len(state.players[1].hand)
    assert view.card_defs is state.card_defs
