"""What a payment is for when it is the cost of the turn's action just chosen
(``paid_for``): ``spend 2 gauge to Exceed (...)``, ``pay at least 1 force for Change
Cards, to draw a card per force (...)``, ``pay 2 force for the Move to space 5 (...)``,
and for a fighter whose Exceed sends its gauge to the overdrive area, where the cards go.
The Play page and the terminal name a payment so (``replay.live.picture``,
``replay.prompt``), on the words ``replay.menu.needs`` gives it.
"""

from __future__ import annotations

from engine import (
    OVERDRIVE_AREA,
    Catalog,
    Decision,
    Request,
    State,
    UnknownCharacter,
    exceed_gauge_area,
)
from engine import events as ev

_ACTION_COSTS = {
    "exceed": "to Exceed",
    "cross_exceed": "to Exceed",
    "change_cards": "for Change Cards, to draw a card per force",
}
"""What the cost of a turn's action (by its decision's tag) is paid for, in ``needs``'s
words; only actions no effect decides (a Move is also an effect's answer: ``_moved``)."""


def paid_for(words: str, request: Request, previous: Decision | None,
             last_event: object | None = None, view: State | None = None,
             catalog: Catalog | None = None) -> str:
    """``words`` (``needs`` of ``request``) naming what the payment is for when it is the
    cost of the turn's action just chosen (``previous``, the game's last decision): the
    Play page asked "spend 2 gauge (cards from your gauge)" right after Exceed, and
    "pay at least 1 force" after Change Cards, for nothing named; and "pay 2 force"
    after a Move, now "pay 2 force for the Move to space 5". A Move is told from an
    effect's space pick (answered by the same decision) by what caused the payment, the
    game's ``last_event``: the Move action declared (``_moved``). Words that already
    name what asks are kept. Given the table (``view``, ``catalog``), the Exceed of a
    fighter whose Exceed mode is Overdrive says where its gauge goes
    (``_into_overdrive``): "(cards from your gauge; they go to your Overdrive)"."""
    if previous is None or request.kind not in ("pay_force", "pay_gauge"):
        return words
    tag = str(previous.__struct_config__.tag)
    what = _ACTION_COSTS.get(tag)
    if tag == "move" and _moved(request, last_event):
        what = f"for the Move to space {getattr(previous, 'space', '?')}"
    unit = " force (" if request.kind == "pay_force" else " gauge ("
    head = words.split("(", 1)[0]
    if what is None or unit not in words or " for " in head or " to " in head:
        return words
    said = words.replace(unit, f"{unit[:-2]} {what} (", 1)
    if what == _ACTION_COSTS["exceed"] and _into_overdrive(request, view, catalog):
        said = said.replace(_FROM_GAUGE, f"{_FROM_GAUGE[:-1]}; they go to your Overdrive)", 1)
    return said


_FROM_GAUGE = "(cards from your gauge)"


def _into_overdrive(request: Request, view: State | None, catalog: Catalog | None) -> bool:
    """Whether the gauge ``request``'s player pays to Exceed goes to their overdrive area
    rather than the discard pile (reference effects.md, Exceed: "or to Overdrive for
    BlazBlue"), as the engine moves it (``engine.exceed_gauge_area``: a fighter whose
    Exceed mode is Overdrive, a BlazBlue one)."""
    if view is None or catalog is None:
        return False
    try:
        fighter = catalog.character(view.players[request.player].character)
    except UnknownCharacter:
        return False
    return exceed_gauge_area(fighter) == OVERDRIVE_AREA


def _moved(request: Request, last_event: object | None) -> bool:
    """Whether ``last_event`` is ``request``'s player declaring the turn's Move action
    (``ActionTaken``, MOVE), which its force payment follows at once; an effect's move
    declares no action."""
    return (isinstance(last_event, ev.ActionTaken) and last_event.action == ev.ActionKind.MOVE
            and last_event.player is request.player)
