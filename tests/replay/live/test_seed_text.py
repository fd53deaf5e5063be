"""A seed typed on the Play page (``replay.live.new_games.seed_from_text``): a game's seed
is 0..2**64-1, and every other text is one ``LiveError`` naming it and why."""

from __future__ import annotations

import pytest

from replay.live.new_games import seed_from_text
from replay.live.store import LiveError


@pytest.mark.parametrize(("typed", "seed"), [
    ("", None), ("   ", None), ("0", 0), (" 77 ", 77), (str(2**64 - 1), 2**64 - 1),
    ("010", 10), ("0x1f", 31),  # as `exceed --seed` reads them (the form took no 0x)
])
def test_a_seed_in_range_or_none(typed: str, seed: int | None) -> None:
    assert seed_from_text(typed) == seed


@pytest.mark.parametrize(("typed", "message"), [
    ("9" * 5000, "seed '" + "9" * 40 + "…' (5,000 characters) is outside 0..2**64-1"),
    (str(2**64), f"seed {2**64} is outside 0..2**64-1"),
    ("-1", "seed -1 is outside 0..2**64-1"),
    ("0x" + "f" * 17, "seed 0x" + "f" * 17 + " is outside 0..2**64-1"),
    ("1.5", "seed '1.5' is not an integer"),
    ("x" * 300, "seed '" + "x" * 40 + "…' (300 characters) is not an integer"),
])
def test_a_seed_no_game_can_have_is_refused_naming_it(typed: str, message: str) -> None:
    with pytest.raises(LiveError) as caught:
        seed_from_text(typed)
    assert str(caught.value) == message
