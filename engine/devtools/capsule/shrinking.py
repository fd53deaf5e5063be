"""Shrinking a failing capsule (``shrink``): delta-debugging its decisions (dropping a
decision; those that became illegal are skipped), then removing cards from the recipe's
zones (they go to the bottom of the deck), while the same failure (exception type, or
broken invariant) still reproduces. A divergence from a log is not shrunk: its expected
outcome is known only for the recorded decisions.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import msgspec

from engine.cards.catalog import Catalog, default_catalog
from engine.core.decisions import Decision, IllegalDecision
from engine.core.state import State
from engine.devtools.capsule.build import Capsule, feed
from engine.play.export import map_decision, places
from engine.play.scenario import Scenario
from engine.play.seat_cards import ScenarioError


class Shrunk(msgspec.Struct, kw_only=True):
    capsule: Capsule
    decisions_before: int
    decisions_after: int
    cards_before: int
    cards_after: int


def stated_cards(recipe: dict[str, object]) -> int:
    """The cards a recipe names (every zone, the deck's top included)."""
    total = 0
    for who in ("p1", "p2"):
        seat = recipe.get(who, {})
        assert isinstance(seat, dict)
        total += sum(len(seat.get(z, [])) for z in ("hand", "gauge", "boosts", "discard",
                                                    "sealed", "deck"))
    return total


def shrink(capsule: Capsule, catalog: Catalog | None = None) -> Shrunk:
    """Delta-debug a failing capsule: fewer decisions, then fewer cards, while the same
    failure reproduces."""
    cat = catalog if catalog is not None else default_catalog()
    key = capsule.failure.key if capsule.failure is not None else None
    before = (len(capsule.decisions), stated_cards(capsule.recipe))
    if key is None or capsule.failure is None or capsule.failure.kind == "divergence":
        return Shrunk(capsule=capsule, decisions_before=before[0], decisions_after=before[0],
                      cards_before=before[1], cards_after=before[1])
    recipe = json.loads(json.dumps(capsule.recipe))
    for seat in ("p1", "p2"):
        recipe[seat]["deck_rest"] = "ordered"
    base = Scenario.from_recipe(capsule.p1, capsule.p2, capsule.recipe, cat).build(capsule.seed)
    decisions = _ddmin(list(capsule.decisions),
                       lambda ds: feed(capsule, recipe, ds, cat) == key)
    recipe, decisions = _drop_cards(capsule, recipe, decisions, base, key, cat)
    decisions = _legal(capsule, recipe, decisions, cat)
    small = msgspec.structs.replace(capsule, recipe=recipe, decisions=decisions)
    return Shrunk(capsule=small, decisions_before=before[0], decisions_after=len(decisions),
                  cards_before=before[1], cards_after=stated_cards(recipe))


def _ddmin(items: list[Decision], fails: Callable[[list[Decision]], bool]) -> list[Decision]:
    """Zeller's ddmin: a 1-minimal sublist of ``items`` that still ``fails``."""
    n = 2
    while len(items) >= 2:
        chunk = max(1, len(items) // n)
        parts = [items[i:i + chunk] for i in range(0, len(items), chunk)]
        for i in range(len(parts)):
            rest = [d for j, part in enumerate(parts) if j != i for d in part]
            if fails(rest):
                items, n = rest, max(n - 1, 2)
                break
        else:
            if n >= len(items):
                break
            n = min(len(items), n * 2)
    if len(items) == 1 and fails([]):
        return []
    return items


def _drop_cards(capsule: Capsule, recipe: dict[str, object], decisions: list[Decision],
                base: State, key: str, cat: Catalog) -> tuple[dict[str, object], list[Decision]]:
    """Remove the recipe's cards one at a time (each to the bottom of the deck), the
    decisions' card references carried to the copies the smaller position deals."""
    current = recipe
    for seat in ("p1", "p2"):
        for zone in ("hand", "gauge", "boosts", "discard", "deck"):
            index = 0
            while True:
                cards = current[seat][zone]  # type: ignore[index]
                if index >= len(cards):
                    break
                trial = json.loads(json.dumps(current))
                del trial[seat][zone][index]
                try:
                    smaller = Scenario.from_recipe(capsule.p1, capsule.p2, trial,
                                                   cat).build(capsule.seed)
                except ScenarioError:
                    index += 1
                    continue
                mapped = [map_decision(d, _carry(base, smaller)) for d in decisions]
                if feed(capsule, trial, mapped, cat) == key:
                    current, decisions, base = trial, mapped, smaller
                else:
                    index += 1
    return current, decisions


def _carry(old: State, new: State) -> dict[int, int]:
    """Each card of ``old`` -> the copy in the same place of ``new`` (a place lost one
    card: the rest keep their order); a card gone to the deck -> a free copy there."""
    mapping: dict[int, int] = {}
    used: set[int] = set()
    new_places = places(new)
    for name, cards in places(old).items():
        left = list(new_places.get(name, []))
        for ref in cards:
            match = next((r for r in left if new.card_defs[r] == old.card_defs[ref]), None)
            if match is not None and match not in used:
                left.remove(match)
                mapping[ref] = match
                used.add(match)
    for ref, card_id in old.card_defs.items():
        if ref not in mapping:
            free = next((r for r, c in new.card_defs.items()
                         if c == card_id and r not in used), ref)
            mapping[ref] = free
            used.add(free)
    return mapping


def _legal(capsule: Capsule, recipe: dict[str, object], decisions: list[Decision],
           cat: Catalog) -> list[Decision]:
    """The decisions the game takes (illegal ones, skipped in shrinking, left out)."""
    game = Scenario.from_recipe(capsule.p1, capsule.p2, recipe, cat).game(capsule.seed)
    kept = []
    for decision in decisions:
        try:
            game.step(decision)
        except IllegalDecision:
            continue
        except Exception:  # the failing decision: kept, last
            kept.append(decision)
            break
        kept.append(decision)
    return kept
