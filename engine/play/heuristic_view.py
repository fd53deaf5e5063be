"""A seat's view of the table without copying it, for the heuristic agent.

``engine.knowledge.views.observe`` deep-copies the whole state before hiding what the
seat may not see; on every decision of a heuristic game that copy cost about 9% of the
game (issue 31). The heuristic agent only reads its view, so ``seat_view`` builds the
same view by sharing every list and record of the live state and replacing only what
is hidden: both decks, the opponent's hand and secret sealed cards, and an attack the
seat may not see yet. The result equals ``observe(state, player)`` (a test checks it on
every decision of whole games); it must never be changed, since it shares the live
state's lists. A mechanic that hides something of its own (``MechanicState.hide_from``:
Hazama's face-down Ouroboros) changes its records in the view, so with one in play
``seat_view`` falls back to ``observe``.
"""

from __future__ import annotations

import msgspec

from engine.core.ids import Player
from engine.core.state import AttackSide, MechanicState, State, secret_sealed
from engine.core.state.mechanic import MECHANICS_ATTR
from engine.knowledge.views import HIDDEN, observe

_replace = msgspec.structs.replace
_NO_HIDING = MechanicState.hide_from


def seat_view(state: State, player: Player) -> State:
    """``state`` as ``player`` sees it, equal to ``observe(state, player)``, sharing the
    live state's unchanged parts (read only: never modify the result)."""
    mechanics: dict[str, MechanicState] | None = state.__dict__.get(MECHANICS_ATTR)
    if mechanics and any(type(m).hide_from is not _NO_HIDING for m in mechanics.values()):
        return observe(state, player)
    players = []
    for who, p in enumerate(state.players):
        if who == player:
            players.append(_replace(p, deck=[HIDDEN] * len(p.deck)))
            continue
        face_down = secret_sealed(state, who)
        sealed = ([HIDDEN if card in face_down else card for card in p.sealed]
                  if face_down else p.sealed)
        players.append(_replace(p, deck=[HIDDEN] * len(p.deck), hand=[HIDDEN] * len(p.hand),
                                sealed=sealed))
    strike = state.strike
    if strike is not None and not all(
            _visible(side, Player(who), player) for who, side in enumerate(strike.sides)):
        strike = _replace(strike, sides=[
            side if _visible(side, Player(who), player)
            else _replace(side, cards=[HIDDEN] * len(side.cards),
                          attack=None if side.attack is None else HIDDEN)
            for who, side in enumerate(strike.sides)])
    view = _replace(state, players=players, strike=strike)
    if mechanics is not None:
        view.__dict__[MECHANICS_ATTR] = mechanics
    return view


def _visible(side: AttackSide, owner: Player, viewer: Player) -> bool:
    """The seat ``viewer`` sees ``owner``'s attack: revealed, or its own set face up."""
    return side.revealed or (owner == viewer and not side.wild)
