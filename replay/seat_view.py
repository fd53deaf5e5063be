"""What a seated person sees of the table, in words: the position in brief, the strike
they are in (who strikes, at what distance), the full board and any card's stats.

Every function reads a view already observed for the person's seat (``engine.observe``),
so the opponent's hand, a face-down attack and deck orders are hidden before anything
is written. A card's stats are the printed card, open to both players (the decks are
known lists), named by ``card_lines`` from a part of its name.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine import (
    HIDDEN,
    CardDef,
    Catalog,
    Names,
    Player,
    SpaceObject,
    State,
    catalog_names,
    counters,
    named_areas,
    read_effect,
    space_objects,
)
from replay.asking_words import who
from replay.viewer.board import object_names, table_lines
from replay.viewer.card_labels import card_stats

MAX_MATCHES = 8
"""``card_lines`` names at most this many cards a query matches before asking for more."""


def _names(view: State, catalog: Catalog, refs: list[int]) -> str:
    return ", ".join(_name(view, catalog, r) for r in refs) if refs else "-"


def _name(view: State, catalog: Catalog, ref: int) -> str:
    card_id = view.card_defs.get(ref)
    if ref == HIDDEN or card_id is None:
        return "a hidden card"
    return catalog.card(card_id).name


def _object_name(view: State, catalog: Catalog, obj: SpaceObject) -> str:
    """An object on the arena by its printed name, as the board names it: a buddy by the
    name its character declares (``Nirvana (Active)``, not its id ``nirvana_active``), a
    trap by its boost (its card in brackets), a hidden card as such."""
    if obj.card is not None and view.card_defs.get(obj.card) is None:
        return "a hidden card"
    name, card = object_names(catalog, view, obj)
    return f"{name} ({card})" if card and card != name else name


def position_lines(view: State, me: Player, catalog: Catalog) -> list[str]:
    """The table as ``me`` sees it, briefly: one line per player (you first), your hand,
    the objects on the arena and the strike in progress."""
    lines = []
    for seat, tag in ((me, "you "), (me.other, "them")):
        p = view.players[seat]
        parts = [f"{tag} {who(view, seat, catalog)}", f"life {p.life}", f"space {p.space}"]
        if p.partner is not None:  # its life: a counter, below
            parts.append(f"tagged out {catalog.character(p.partner).name}")
        if p.exceeded:
            parts.append("EXCEEDED")
        parts += [f"hand {len(p.hand)}", f"deck {len(p.deck)}",
                  f"gauge {len(p.gauge)} [{_names(view, catalog, p.gauge)}]",
                  f"boosts [{_names(view, catalog, p.boosts)}]"]
        for area, cards in named_areas(view, seat).items():
            parts.append(f"{area.replace('_', ' ')} [{_names(view, catalog, list(cards))}]")
        parts += [f"{name.replace('_', ' ')} {value}"
                  for name, value in counters(view, catalog, seat).items()]
        lines.append(" | ".join(parts))
    lines.append(f"your hand: {_names(view, catalog, view.players[me].hand)}")
    objects = space_objects(view)
    if objects:
        lines.append("arena: " + "; ".join(
            f"{_object_name(view, catalog, o)}, {o.owner.label}'s {o.kind.replace('_', ' ')}, "
            f"on {o.space}" for o in objects))
    if view.strike is not None:
        sides = []
        for seat in (Player.P1, Player.P2):
            side = view.strike.sides[seat]
            set_ = ("wild swing" if side.wild and side.revealed else
                    _names(view, catalog, side.cards) if side.cards else "nothing yet")
            sides.append(f"{seat.label} {set_}")
        lines.append("strike: " + " vs ".join(sides))
    return lines


def strike_line(view: State, me: Player, catalog: Catalog) -> str | None:
    """The strike ``me`` is in, from their side: ``p2 Ken Masters strikes you: distance
    4 (you on 3, them on 7); their attack: set face-down`` (None outside a strike)."""
    strike = view.strike
    if strike is None:
        return None
    mine, theirs = view.players[me].space, view.players[me.other].space
    where = f"distance {abs(mine - theirs)} (you on {mine}, them on {theirs})"
    opening = (f"you strike {who(view, me.other, catalog)}" if strike.attacker == me
               else f"{who(view, me.other, catalog)} strikes you")
    side = strike.sides[me.other]
    if not side.cards:
        attack = "not set yet"
    elif side.revealed:
        attack = "wild swing " * side.wild + _names(view, catalog, side.cards)
    else:
        attack = "set face-down" + (" (a wild swing)" if side.wild else
                                    f" (EX: {len(side.cards)} cards)" if len(side.cards) > 1 else "")
    return f"{opening}: {where}; their attack: {attack}"


def board_lines(view: State, me: Player, catalog: Catalog) -> list[str]:
    """The full board as ``me`` sees it (``exceed replay``'s, without the header)."""
    return table_lines(view, catalog, me)


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def find_cards(view: State, catalog: Catalog, query: str) -> list[CardDef]:
    """The cards of this game (both decks) that ``query`` names: exact name or id first,
    else those whose name starts with it, else those whose name holds it."""
    wanted = _norm(query)
    cards = sorted({catalog.card(cid) for cid in set(view.card_defs.values())
                    if cid in catalog.cards}, key=lambda c: (c.name, c.id))
    if not wanted:
        return []
    tests: tuple[Callable[[CardDef], bool], ...] = (
        lambda c: wanted in (_norm(c.name), _norm(c.id)),
        lambda c: _norm(c.name).startswith(wanted),
        lambda c: wanted in _norm(c.name))
    for test in tests:
        found = [c for c in cards if test(c)]
        if found:
            return found
    return []


def _fighters(view: State) -> list[str]:
    """The ids of the fighters of this game (a Tag Team's both)."""
    ids = {p.character for p in view.players} | {p.partner for p in view.players
                                                  if p.partner is not None}
    return sorted(ids)


def card_lines(view: State, catalog: Catalog, query: str) -> list[str]:
    """The stats and effects of the cards ``query`` names (a fighter of this game by
    name or id: its character card), or one line saying none or too many match."""
    wanted = _norm(query)
    fighters = [c for c in _fighters(view)
                if wanted in (_norm(catalog.character(c).name), _norm(c))]
    if wanted and fighters:
        return [line for char_id in fighters for line in describe_fighter(catalog, char_id)]
    found = find_cards(view, catalog, query)
    shown = repr(query[:40])
    if not found:
        return [f"no card of this game is called {shown} (c NAME, e.g. c {_example(view, catalog)})"]
    matched = sorted({c.name for c in found})
    if len(matched) > 1:
        listed = ", ".join(matched[:MAX_MATCHES]) + (", ..." if len(matched) > MAX_MATCHES
                                                     else "")
        return [f"{shown} matches {len(matched)} cards: {listed}; type more of the name"]
    owners = _owners(view, catalog)
    names = catalog_names(catalog)
    return [line for card in found
            for line in describe_card(card, owners.get(card.id, ""), names)]


def _owners(view: State, catalog: Catalog) -> dict[str, str]:
    """Card id -> the fighter of this game whose deck holds it ("" if both do)."""
    owners: dict[str, set[str]] = {}
    for p in view.players:
        for char_id in (p.character, p.partner):
            if char_id is None:
                continue
            char = catalog.character(char_id)
            for entry in (*char.deck, *char.start_sealed, *char.set_aside):
                owners.setdefault(entry.card, set()).add(char.name)
    return {card: next(iter(names)) if len(names) == 1 else "" for card, names in owners.items()}


def _example(view: State, catalog: Catalog) -> str:
    ids = sorted(set(view.card_defs.values()))
    return catalog.card(ids[0]).name.lower() if ids else "grasp"


def describe_card(card: CardDef, owner: str = "", names: Names | None = None) -> list[str]:
    """``Hadoken (special, Ryu): power 4 · speed 4 · range 3-6 · armor 0 · guard 0``, then
    its costs, effects by timing and its boost; ``names`` names the cards and buddies its
    effects mention (``engine.catalog_names`` of the game's catalog; by default this
    engine's)."""
    whose = f", {owner}" if owner else ""
    head = f"{card.name} ({card.kind.value}{whose}): {card_stats(card)}"
    costs = [f"{label} {value}" for label, value in
             (("gauge cost", card.gauge_cost), ("force cost", card.force_cost)) if value]
    if costs:
        head += " · " + " · ".join(costs)
    lines = [head]
    lines += [f"  {_timing(e.timing)}: {read_effect(e, names)}" for e in card.effects]
    boost = card.boost
    cost = f", force cost {boost.force_cost}" if boost.force_cost else ""
    lines.append(f"  boost {boost.name} ({boost.kind.value}{cost})"
                 + ("" if boost.effects else ": no effect"))
    lines += [f"    {_timing(e.timing)}: {read_effect(e, names)}" for e in boost.effects]
    return lines


def describe_fighter(catalog: Catalog, char_id: str) -> list[str]:
    """A character card: life and Exceed cost, its abilities and actions in effect words."""
    char = catalog.character(char_id)
    names = catalog_names(catalog)
    lines = [f"{char.name} (fighter): life {char.life} · exceed cost {char.exceed_cost}"]
    for side, effects in (("ability", char.ability), ("exceeded", char.exceed_ability),
                          ("on exceed", char.on_exceed)):
        lines += [f"  {side}: {_timing(e.timing)}: {read_effect(e, names)}" if e.timing
                  else f"  {side}: {read_effect(e, names)}" for e in effects]
    for label, actions in (("action", char.actions), ("exceeded action", char.exceed_actions)):
        for action in actions:
            costs = "".join(f", {name} {value}" for name, value in
                            (("gauge cost", action.gauge_cost),
                             ("force cost", action.force_cost)) if value)
            lines.append(f"  {label} {action.name}{costs}: "
                         + "; ".join(read_effect(e, names) for e in action.effects))
    return lines


def _timing(timing: object) -> str:
    value = getattr(timing, "value", timing)
    if value == "opponent_before":  # granted to the opponent, who resolves it
        return 'the opponent\'s before (they resolve it: "you" is them)'
    return str(value).replace("_", " ")
