"""The words of a request's options (``replay.options``): a choice's label reads in plain
words, not in the card data's terms (the engine records its effect words in the log)."""

from __future__ import annotations

from engine import GameSetup, default_catalog, new_game
from replay.options import _Names, plain_words


def _names(p1: str, p2: str) -> _Names:
    catalog = default_catalog()
    return _Names(new_game(GameSetup(p1=p1, p2=p2), 1, catalog).state, catalog)


def test_strike_x_reads_as_x() -> None:
    """Vatista's Instant Flight and Merkava's character action move by X (``choice advance
    strike_x | retreat strike_x``, docs/effects.md)."""
    names = _names("ryu", "ken")
    assert plain_words("advance strike_x", names) == "advance X"
    assert plain_words("push strike_x", names) == "push X"


def test_a_condition_reads_as_if() -> None:
    names = _names("ryu", "ken")
    assert (plain_words("advance 2, then [if advanced_through] powerup 2", names)
            == "advance 2, then if advanced through: powerup 2")
    assert (plain_words("[if buddy_space_unoccupied] move to buddy", names)
            == "if buddy space unoccupied: move to buddy")


def test_a_buddy_id_reads_as_its_printed_name() -> None:
    """Hazama's Ouroboros (roster: buddies ``Ouroboros - Fake``, ``Ouroboros - Move to it``)."""
    names = _names("ryu", "hazama")
    assert (plain_words("place buddy at range ouroboros_move 1-1", names)
            == "place buddy at range Ouroboros - Move to it 1-1")
    # a fighter without that buddy: the term reads with spaces
    assert (plain_words("place buddy at range ouroboros_move 1-1", _names("ryu", "ken"))
            == "place buddy at range ouroboros move 1-1")


def test_plain_labels_are_left_alone() -> None:
    names = _names("cammy", "chunli")
    for label in ("retreat 1", "eject: swap p1 Cammy for Chun-Li", "p2 Fierce",
                  "strike with the lightning rod Grasp (2 damage)", "spend 0 force"):
        assert plain_words(label, names) == label
