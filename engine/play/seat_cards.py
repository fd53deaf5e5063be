"""The cards a seat may name in a built or edited position, and ``ScenarioError``.

A name is a full card id (``ryu_hadoken``), a card of one of the seat's fighters
(``hadoken`` for Ryu; each member of a Tag Team in order), or a normal of the Normals sets
its decks hold (``focus``). ``engine.play.scenario`` builds positions with them and
``engine.play.edits`` edits games in play; both refuse what cannot be with
``ScenarioError``.
"""

from __future__ import annotations

from engine.cards.catalog import Catalog
from engine.cards.team import members


def _normal_sets(catalog: Catalog, spec: str) -> list[str]:
    """The Normals sets (``standard``, ``uni``) in the decks of seat ``spec``'s fighters,
    in deck order; ``standard`` when none is listed."""
    found: list[str] = []
    for member in members(spec):
        if member not in catalog.characters:
            continue
        for entry in catalog.character(member).deck:
            prefix, sep, _ = entry.card.partition("_normal_")
            if sep and prefix not in found:
                found.append(prefix)
    return found or ["standard"]


def resolve_card(catalog: Catalog, spec: str, name: str) -> str:
    """The card id ``name`` stands for at seat ``spec``: a full id, a card of one of its
    fighters (in order), or a normal of the sets its decks hold."""
    own = [f"{member}_{name}" for member in members(spec)]
    normals = [f"{normal_set}_normal_{name}" for normal_set in _normal_sets(catalog, spec)]
    for candidate in (name, *own, *normals):
        if candidate in catalog.cards:
            return candidate
    raise ScenarioError(f"unknown card {name!r} for {spec}")


def is_own(catalog: Catalog, spec: str, card_id: str) -> bool:
    """Whether seat ``spec`` may hold ``card_id``: one of its fighters' cards (set-aside
    ones included) or a normal of the sets its decks hold."""
    owners = [*members(spec), *(f"{s}_normal" for s in _normal_sets(catalog, spec))]
    return any(card_id.startswith(f"{owner}_") for owner in owners)


def own_card(catalog: Catalog, spec: str, name: str, what: str) -> str:
    """``name`` as a card seat ``spec`` may hold: one of its fighters' or a normal."""
    card_id = resolve_card(catalog, spec, name)
    if not is_own(catalog, spec, card_id):
        raise ScenarioError(f"{what} {card_id} belongs to another fighter; no zone of "
                            f"{spec} holds it in this line")
    return card_id


class ScenarioError(ValueError):
    """A position that cannot be built (unknown card or field, more copies than the deck
    has, a life or space the rules cannot reach)."""
