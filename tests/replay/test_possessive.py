"""Possessives of names (issue 27 item 19: "Ken Masters's"): a name ending in s takes a
bare apostrophe, everywhere a sentence says whose something is."""

from __future__ import annotations

from engine import EndReason, possessive
from replay.summary import ending


def test_a_name_ending_in_s_takes_a_bare_apostrophe() -> None:
    assert possessive("p2 Ken Masters") == "p2 Ken Masters'"
    assert possessive("p1 Ryu") == "p1 Ryu's"
    assert possessive("Chris") == "Chris'"


def test_info_says_whose_life_reached_zero() -> None:
    """``exceed info``'s result: the loser is named (``p1 Ryu wins (p2 Ken's life
    reached 0)``), and a deck-out says who decked out."""
    assert ending("p2 Ken Masters", EndReason.LIFE) == "p2 Ken Masters' life reached 0"
    assert ending("p1 Ryu", EndReason.LIFE) == "p1 Ryu's life reached 0"
    assert ending("p1 Ryu", EndReason.DECKED) == "p1 Ryu decked out"
