"""Season counters (``engine.counters``): each mechanic shows its own numbers for the
seats it is attached to, and every board shows them with no per-season code: the
overdrive count (BlazBlue rulebook, Overdrive), a tagged-out partner's life (Street
Fighter rulebook, Tag Team: each fighter keeps its own life) and whether a Critical can
be paid for (Street Fighter rulebook, Critical: 1 gauge). In a game across lines a
mechanic counts only for its own seats (BlazBlue rulebook: "each season has its own
unique mechanics that only those characters can use")."""

from __future__ import annotations

from engine import Player, Scenario, counters, default_catalog, initial_state
from engine.core.hooks.registry import seat_mechanics
from replay.viewer.board import table_lines
from replay.viewer.lanes import fold_lanes

CATALOG = default_catalog()
P1, P2 = Player.P1, Player.P2


def test_a_blazblue_seat_counts_its_overdrive_and_a_street_fighter_seat_its_critical() -> None:
    builder = (Scenario("ryu", "ragna")
               .player(P1, space=3, gauge=["grasp"])
               .player(P2, space=7, exceeded=True, overdrive=["grasp", "cross"]))
    state = builder.build()
    assert counters(state, CATALOG, P1) == {"critical available": 1}
    assert counters(state, CATALOG, P2) == {"overdrive": 2}
    names = [[m.name for m in seat_mechanics(state, CATALOG, who)] for who in (P1, P2)]
    assert "critical" in names[0] and "critical" not in names[1]
    assert "overdrive" in names[1] and "overdrive" not in names[0]
    board = table_lines(state, CATALOG, None)
    assert "  critical available 1" in board and "  overdrive 2" in board
    stated = builder.game(0).setup_events  # the position stated, then its turn starts
    lanes = fold_lanes(initial_state(builder.setup, CATALOG), stated, CATALOG)
    assert lanes.start == len(stated)  # the lanes begin as the turn starts
    assert lanes.counter_names == ("critical available", "overdrive")
    assert lanes.at(1, "overdrive", len(stated)) == 2
    assert lanes.at(0, "overdrive", len(stated)) == 0


def test_critical_is_not_available_with_an_empty_gauge() -> None:
    state = Scenario("ryu", "ken").player(P1, gauge=[]).build()
    assert counters(state, CATALOG, P1) == {"critical available": 0}


def test_a_team_seat_counts_its_partner_life_and_the_board_shows_it_once() -> None:
    state = (Scenario("ryu+ken", "guile")
             .player(P1, space=3, partner_life=12).player(P2, space=7).build())
    assert counters(state, CATALOG, P1) == {"critical available": 0, "partner life": 12}
    assert "partner life" not in counters(state, CATALOG, P2)
    board = table_lines(state, CATALOG, None)
    head = next(line for line in board if "tagged out" in line)
    assert head.endswith("tagged out: Ken Masters") and "12" not in head
    assert "  critical available 0 · partner life 12" in board
