"""A Trap set from the boosts as an attack that becomes invalid (Under Night In-Birth
rulebook, Traps; Carmine's "You Shit! This is the END!"): the attack goes to the discard
pile by ``AttackInvalid``, not a ``CardMoved``, so the Under Night record of its space
stays. It is no Trap on the arena any more: the viewer drew it on its space and every
capsule after it failed ("p2: trap 'carmine_thisistheend' is not among the boosts")."""

from __future__ import annotations

from engine import GameSetup, default_catalog, play_game
from engine.core import events as ev
from engine.core.apply import apply
from engine.knowledge.views import space_objects
from engine.mechanics.under_night.state import of
from engine.play.api import initial_state
from engine.play.export import export_position


def test_an_invalid_trap_attack_leaves_no_trap_on_the_arena() -> None:
    catalog = default_catalog()
    game = play_game(GameSetup(p1="ken", p2="carmine"), 0, ("heuristic", "random"), catalog)
    assert game.setup is not None
    state = initial_state(game.setup, catalog)
    checked = 0
    for event in game.events:
        apply(state, event)
        found = of(state)
        if isinstance(event, ev.AttackInvalid) and found is not None \
                and event.card in found.traps:  # the record stays: the Trap does not
            assert event.card in state.players[event.player].discard
            assert event.card not in [o.card for o in space_objects(state)]
            seat = export_position(state).recipe[event.player.label]
            assert isinstance(seat, dict) and "traps" not in seat
            checked += 1
        in_play = state.players[0].boosts + state.players[1].boosts
        assert all(o.card in in_play for o in space_objects(state) if o.kind == "trap")
    assert checked == 1  # seed 0: Carmine's This is the END, event 147
