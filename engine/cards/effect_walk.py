"""Walking the card data's effects: every effect nested in a list (``iter_effects``), and
the effect types and condition kinds a catalog or one fighter uses (for the handler and
predicate meta-tests and the effects reference). The catalog itself is
``engine.cards.catalog``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, cast

from engine.cards.schema import EFFECT_TYPES, CardKind, CharacterDef, ConditionKind, Effect, Season

if TYPE_CHECKING:
    from engine.cards.catalog import Catalog  # the catalog imports this module


def iter_effects(effects: Iterable[Effect]) -> Iterator[Effect]:
    """Every effect in ``effects`` and, depth first, every effect nested inside it.

    Nested effects are any struct field holding effects: ``then``, ``otherwise``,
    ``Choice.options``, ``AddAttackEffect.added_effect``, ``GaugeForEffect.overall_effect``.
    """
    for effect in effects:
        yield effect
        for name in effect.__struct_fields__:
            yield from iter_effects(_nested_effects(getattr(effect, name)))


def _nested_effects(value: object) -> Iterator[Effect]:
    if isinstance(value, EFFECT_TYPES):
        # EFFECT_TYPES is exactly the members of the Effect union.
        yield cast(Effect, value)
    elif isinstance(value, tuple):
        for item in value:
            yield from _nested_effects(item)


def _effect_roots(catalog: Catalog) -> Iterator[tuple[Effect, ...]]:
    """Every top-level effect list: card attacks, their ``on_invalid`` rules and boosts,
    and each character's card."""
    for card in catalog.cards.values():
        yield card.effects
        yield card.boost.effects
        yield card.on_invalid
    for char in catalog.characters.values():
        yield from _character_roots(char)


def _character_roots(char: CharacterDef) -> Iterator[tuple[Effect, ...]]:
    """The effect lists printed on a character card (both sides, its actions, and its
    kicker, revert and overdrive effects)."""
    yield char.ability
    yield char.exceed_ability
    yield char.on_exceed
    yield char.on_revert
    yield char.overdrive
    for action in (*char.actions, *char.exceed_actions):
        yield action.effects


def used_effect_types(catalog: Catalog) -> set[type[Effect]]:
    """The effect struct types the catalog uses anywhere (for the handler meta-test)."""
    return {type(e) for root in _effect_roots(catalog) for e in iter_effects(root)}


def used_condition_kinds(catalog: Catalog) -> set[ConditionKind]:
    """The condition kinds the catalog uses anywhere (for the predicate meta-test): on
    effects, and as character actions' ``requires``."""
    kinds = {
        e.condition.kind
        for root in _effect_roots(catalog)
        for e in iter_effects(root)
        if e.condition is not None
    }
    for char_id in catalog.character_ids():
        char = catalog.character(char_id)
        kinds |= {a.requires.kind for a in (*char.actions, *char.exceed_actions) if a.requires}
    return kinds


def character_effect_types(catalog: Catalog, char_id: str) -> set[type[Effect]]:
    """The effect types one fighter can use: its character card and every card in its
    deck (the shared Normals included)."""
    char = catalog.character(char_id)
    roots = list(_character_roots(char))
    for entry in char.deck:
        card = catalog.card(entry.card)
        roots += [card.effects, card.boost.effects, card.on_invalid]
    return {type(e) for root in roots for e in iter_effects(root)}


def single_fighter_effect_types(catalog: Catalog) -> dict[type[Effect], str]:
    """The effect types exactly one fighter uses, each with that fighter's id. A
    season's own types (``engine.vocabulary.<season>``: its Normals' boosts, the UNI
    Revert) and a type on a Normal card (a Normals set is shared by its whole season)
    belong to every fighter of the season, however few are in the catalog."""
    seasons = {season.value for season in Season}
    users: dict[type[Effect], list[str]] = {}
    for char_id in catalog.character_ids():
        for effect_type in character_effect_types(catalog, char_id):
            if effect_type.__module__.rsplit(".", 1)[1] in seasons:
                continue
            users.setdefault(effect_type, []).append(char_id)
    shared = {
        type(e)
        for card in catalog.cards.values()
        if card.kind is CardKind.NORMAL
        for root in (card.effects, card.boost.effects)
        for e in iter_effects(root)
    }
    return {t: ids[0] for t, ids in users.items() if len(ids) == 1 and t not in shared}
