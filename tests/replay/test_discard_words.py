"""The discard down to the hand limit says why (``replay.menu.needs``): it asked "discard
1 card; the cards go to your discard pile..." after a Prepare, and only the line after
it ("discards Metsu Hadoken to the hand limit") told the player there was a limit.
Found playing ``exceed play`` at the terminal as a newcomer."""

from __future__ import annotations

import random

import pytest

from engine import GameSetup, default_catalog, new_game, observe
from engine.core.decisions import DiscardRequest
from replay.menu import needs


@pytest.mark.parametrize(("p1", "p2", "seed"), [("ryu", "ken", 3), ("carlclover", "hyde", 2)])
def test_the_hand_limit_discard_says_why(p1: str, p2: str, seed: int) -> None:
    """Every discard the words call the hand limit's discards to it, and every discard to
    the hand limit is called so: the words are asked of the table, which holds no
    purpose."""
    catalog = default_catalog()
    game = new_game(GameSetup(p1=p1, p2=p2), seed, catalog)
    pick = random.Random(seed)
    said_limit = 0
    while game.pending is not None and len(game.decisions) < 600:
        request = game.pending
        options = list(request.options())
        prepare = [o for o in options if type(o).__name__ == "Prepare"]
        if request.kind != "discard":
            game.step(prepare[0] if prepare and pick.random() < 0.5 else pick.choice(options))
            continue
        said = needs(request, observe(game.state, request.player), catalog)
        before = len(game.events)
        game.step(options[0])
        reasons = {getattr(e, "reason", None) for e in game.events[before:]
                   if type(e).__name__ == "CardMoved"}
        to_limit = any(getattr(r, "name", "") == "HAND_LIMIT" for r in reasons)
        assert isinstance(request, DiscardRequest)  # its kind, "discard"
        hand = len(request.candidates)
        count = request.count
        words = (f"discard {count} card{'s' if count != 1 else ''} (your hand holds {hand}, "
                 "more than the hand limit of 7, at the end of your turn)")
        order = "; the cards go to your discard pile in the order you pick them, the last on top"
        # several cards have an order to choose (core rulebook, Discard); one has none
        assert (said == words + (order if count > 1 else "")) == to_limit, (said, reasons)
        said_limit += to_limit
    assert said_limit, "no discard to the hand limit in this game"
