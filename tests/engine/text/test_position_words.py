"""The ``position:`` lines of a built position (``engine.text.notation``) in the words a
player uses: ``exceed play --position`` opened with ``p1 Ryu's exceeded set to 1`` and
``switch locked until turn set to 5`` (a strike number, not a turn), found by playing a
recipe that sets every field."""

from __future__ import annotations

from engine import Player, Scenario, Transcript, default_catalog, initial_state
from engine import events as ev


def _lines(p1: str, p2: str, recipe: dict[str, object],
           more: tuple[ev.Event, ...] = ()) -> list[str]:
    """The ``position:`` lines of the recipe's stated events (then of ``more``)."""
    catalog = default_catalog()
    game = Scenario.from_recipe(p1, p2, recipe, catalog).game(0)
    assert game.setup is not None
    words = Transcript(initial_state(game.setup, catalog), catalog)
    lines = [words.feed(event) for event in (*game.events[:game.stated], *more)]
    return [line.removeprefix("position: ") for line in lines
            if line is not None and line.startswith("position: ")]


def test_every_value_a_recipe_sets_reads_as_words() -> None:
    lines = _lines("ryu", "ken", {
        "p1": {"space": 3, "life": 9, "exceeded": True, "reshuffles_left": 0,
               "hand": ["hadoken"], "discard": ["focus"]},
        "p2": {"space": 6, "reshuffles_left": 1},
        "active": "p2", "turn": 4})
    for line in ("p1 Ryu's hand holds Hadoken", "p1 Ryu's discard pile holds Focus",
                 "p1 Ryu stands on space 3", "p1 Ryu's life is 9", "p1 Ryu is exceeded",
                 "p1 Ryu has reshuffled their deck already (no reshuffle left)",
                 "p2 Ken Masters stands on space 6",
                 "p2 Ken Masters may still reshuffle their deck",
                 "p2 Ken Masters takes the next turn (turn 5)"):
        assert line in lines, lines
    assert any(line.startswith("p1 Ryu's deck holds ") for line in lines), lines
    assert not [line for line in lines if " set to " in line], lines


def test_tag_team_values_and_the_zero_values_read_as_words() -> None:
    edits = (ev.PositionEdited(player=Player.P1, kind=ev.EditKind.EXCEEDED, value=0),
             ev.PositionEdited(player=Player.P2, kind=ev.EditKind.PARTNER_EXCEEDED, value=0),
             ev.PositionEdited(player=Player.P2, kind=ev.EditKind.SWITCH_LOCKED_UNTIL,
                               value=0))
    lines = _lines("ryu+ken", "guile+bison", {
        "p1": {"partner_life": 20, "partner_exceeded": True, "switch_locked_until": 5,
               "gauge": []},
        "active": "p1", "turn": 2}, edits)
    # the tagged-out partner by name (it said "partner" alone)
    for line in ("p1 Ryu's partner Ken Masters has life 20",
                 "p1 Ryu's partner Ken Masters is exceeded",
                 "p1 Ryu may not switch until strike 5 has ended", "p1 Ryu is not exceeded",
                 "p2 Guile's partner M. Bison is not exceeded", "p2 Guile is free to switch"):
        assert line in lines, lines
    assert not [line for line in lines if " set to " in line], lines
