"""What a space question is for, in words: which buddy, Trap or fighter goes to the space
chosen, read from the effects printed on the card that asks.

A ``SpaceRequest`` records only the spaces offered and what asks (``source``: a card,
or -1 for the asked seat's character card); it does not say what moves. Carl Clover's
Move Nirvana read "choose a space for Carl Clover's character card". Every effect that
asks for a space is of one of the types below, so when all such effects printed on the
asker would move the same thing, the question can say so: "choose where Nirvana goes
(Carl Clover's character card)". When the asker prints two different ones (a card that
moves a buddy and its fighter), nothing is guessed and the question keeps its general
words. Nothing here changes a game or a log.
"""

from __future__ import annotations

import msgspec

from engine import (
    Catalog,
    Request,
    State,
    iter_effects,
    space_objects,
)

_BUDDY_MOVES = frozenset({"move_buddy", "place_buddy_in_any_space", "place_buddy_at_range",
                          "place_buddy_in_attack_range"})
"""Effects (by tag) that ask where one of their player's buddy tokens goes."""

_SELF_MOVES = frozenset({"move_to_any_space", "move_to_lightningrods"})
"""Effects that ask the space their player's fighter moves to."""

_RANGE_FROM = "choose_calculate_range_from_buddy"
_TRAPS = frozenset({"place_trap", "place_boost_in_space"})
_MOVE_TRAP = "move_any_boost"
_ROD = "place_lightningrod"

_ASKING = _BUDDY_MOVES | _SELF_MOVES | _TRAPS | {_RANGE_FROM, _MOVE_TRAP, _ROD}
"""Every effect that asks for a space (each handler that calls the engine's
``choose_space``); ``tests/replay/test_space_questions.py`` checks the list."""


def space_purpose(request: Request, state: State, catalog: Catalog) -> str | None:
    """What ``request`` (a ``choose_space``) asks for, as a short sentence from the
    asking seat's side: ``choose where Nirvana goes``, ``choose the space you move to``,
    ``choose the Dissolve to move, by its space``; None for another request, a rule's
    question, a log recorded before questions named their source, or an asker that
    prints space questions about different things."""
    if request.kind != "choose_space":
        return None
    source: int | None = getattr(request, "source", None)
    if source is None:
        return None
    seat = state.players[request.player]
    character = catalog.characters.get(seat.character)
    if character is None:
        return None
    if source < 0:
        roots = (
            (character.exceed_ability, *(a.effects for a in character.exceed_actions))
            if seat.exceeded
            else (character.ability, *(a.effects for a in character.actions))) + (
            character.on_exceed, character.on_revert, character.overdrive)
        boost_name = None
    else:
        card_id = state.card_defs.get(source)
        if card_id is None or card_id not in catalog.cards:
            return None
        card = catalog.card(card_id)
        roots = (card.effects, card.boost.effects, card.on_invalid)
        boost_name = card.boost.name
    names = {b.id: b.name for b in character.buddies}
    # a token placed face down is named as it is shown (Hazama's Ouroboros, whichever)
    buddies = {b.id: names.get(b.shown_as, b.name) if b.shown_as else b.name
               for b in character.buddies}
    spaces = {getattr(option, "space", None) for option in request.options()}
    found = {_sentence(effect, buddies, boost_name, spaces, state, request.player)
             for root in roots for effect in iter_effects(root) if _tag(effect) in _ASKING}
    if len(found) != 1:  # none, or two different things: nothing is guessed
        return None
    return found.pop()  # None too when the one effect names nothing to go by


def _tag(value: object) -> str:
    return str(value.__struct_config__.tag) if isinstance(value, msgspec.Struct) else ""


def _sentence(effect: msgspec.Struct, buddies: dict[str, str], boost_name: str | None,
              spaces: set[int | None], state: State, seat: int) -> str | None:
    """The question ``effect`` asks, in words (None: it names nothing to go by)."""
    tag = _tag(effect)
    buddy: str | None = getattr(effect, "buddy", None)
    if tag in _BUDDY_MOVES:
        name = _buddy_name(buddy, buddies)
        return None if name is None else f"choose where {name} goes"
    if tag == _RANGE_FROM:
        # ``buddy`` names a buddy, or a Trap boost by its name (Carmine's Dissolve)
        name = _buddy_name(buddy, buddies) or buddy
        return None if name is None else (
            f"choose the {name} your attack's range is measured from, by its space")
    if tag in _SELF_MOVES:
        return "choose the space you move to"
    if tag == _ROD:
        return "choose where the lightning rod goes"
    if tag in _TRAPS:
        return None if boost_name is None else f"choose where {boost_name} goes"
    if tag == _MOVE_TRAP:
        name = getattr(effect, "boost_name", None) or "Trap"
        held = {obj.space for obj in space_objects(state)
                if obj.kind == "trap" and obj.owner == seat}
        if spaces and spaces <= held:
            return f"choose the {name} to move, by its space"
        return f"choose where {name} goes"
    return None


def _buddy_name(buddy: str | None, buddies: dict[str, str]) -> str | None:
    """A buddy's name as the board shows it: the one named, else the character's only
    one (or its tokens' one shared name)."""
    if buddy is not None:  # an id, or (as some cards print it) the name itself
        return buddies.get(buddy) or (buddy if buddy in buddies.values() else None)
    names = set(buddies.values())
    return names.pop() if len(names) == 1 else None
