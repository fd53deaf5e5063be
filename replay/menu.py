"""The options a person at the terminal picks from: a request's legal decisions with the
equivalent ones merged, and what the request needs, in words.

Two decisions are the same to a player when they differ only in which copy of a card
they name: two Hadokens in hand, two Focus cards in gauge (the same card in the same
zone plays the same). ``distinct_options`` lists one of each, numbered from 0, in the
engine's order (``replay.options``). A request for a set of cards (a force or gauge
payment, a discard, a selection, a mulligan) is listed as the distinct sets of cards,
enumerated directly (by size, then in the order of the candidates), so copies never
crowd out other sets below the listing cap; a force payment labels each set with
where its cards come from and, when any amount may be paid, how much force it makes.
``needs`` says what is asked: ``pay 2 force``, ``spend 1 gauge``, ``discard 1 card``;
``by_names`` finds the set a person typed by name (``spike, assault, assault``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice

import msgspec

from engine import (
    MAX_HAND,
    Catalog,
    Decision,
    Player,
    Request,
    State,
    force_discount,
)
from replay.asking_words import known_card, question_asker
from replay.options import (
    MAX_LISTED,
    Listing,
    Option,
    label_of,
    list_options,
)
from replay.space_questions import space_purpose

CARD_SETS = ("pay_force", "pay_gauge", "discard", "select_cards", "mulligan")
"""The requests answered with a set of cards (``cards`` of the decision)."""
_ZONES = ("hand", "gauge", "discard", "boosts", "deck", "sealed")


def distinct_options(request: Request, view: State, catalog: Catalog) -> Listing:
    """The options of ``request`` as ``view`` names them, one per distinct decision."""
    if request.kind in CARD_SETS:
        decisions = list(islice(_card_sets(request, view), MAX_LISTED + 1))
        capped = len(decisions) > MAX_LISTED
        options = tuple(Option(number, decision, _label(decision, request, view, catalog))
                        for number, decision in enumerate(decisions[:MAX_LISTED]))
        return Listing(request=request, options=options, capped=capped)
    listing = list_options(request, view, catalog)
    kept: list[Option] = []
    keys: set[tuple[object, ...]] = set()
    for option in listing.options:
        key = _key(option.decision, view)
        if key not in keys:
            keys.add(key)
            kept.append(Option(len(kept), option.decision, option.label))
    return Listing(request=request, options=tuple(kept), capped=listing.capped)


_ORDER = "; the cards go to your discard pile in the order you pick them, the last on top"
"""Cards paid as force or discarded together go to the discard pile in the decision's
order (core rulebook, Discard: "you choose the order")."""


def _tag(struct: object) -> str:
    config = getattr(struct, "__struct_config__", None)
    return str(getattr(config, "tag", ""))


def is_critical_payment(request: Request, view: State, catalog: Catalog) -> bool:
    """Is ``request`` the Critical's payment (Street Fighter rulebook, Critical: 1 gauge
    as the attack is set)? The request names no purpose: it is a gauge payment one may
    decline, asked while the seat's attack is set and not yet revealed nor Critical, of
    a fighter whose ability in its mode pays gauge for ``critical`` at ``set_strike``
    (the only ``set_strike`` gauge payment of a Street Fighter fighter)."""
    if request.kind != "pay_gauge" or not getattr(request, "optional", False):
        return False
    strike = view.strike
    if strike is None:
        return False
    side = strike.sides[request.player]
    if side.revealed or side.critical or not (side.cards or side.wild):
        return False
    p = view.players[request.player]
    character = catalog.character(p.character)
    ability = character.exceed_ability if p.exceeded else character.ability
    return any(_tag(e) == "gauge_for_effect"
               and str(getattr(getattr(e, "timing", None), "value", "")) == "set_strike"
               and [_tag(x) for x in getattr(e, "overall_effect", ())] == ["critical"]
               for e in ability)


def _names_critical(value: object) -> bool:
    """Does ``value`` (card data: an effect, a list of them) hold an ``[if is_critical]``
    condition anywhere inside it (``then``, ``otherwise``, a choice's options...)?"""
    if isinstance(value, (tuple, list)):
        return any(_names_critical(item) for item in value)
    fields = getattr(value, "__struct_fields__", None)
    if fields is None:
        return False
    if "kind" in fields and str(getattr(value, "kind", "")) == "is_critical":
        return True
    return any(_names_critical(getattr(value, name)) for name in fields)


def critical_gains_nothing(seat: Player, view: State, catalog: Catalog) -> str | None:
    """The name of ``seat``'s set attack when Critical would gain it nothing: neither the
    attack nor the fighter's ability in its mode has an ``[if is_critical]`` effect
    (Street Fighter rulebook, Critical: "all Critical effects on your attack and
    character ability will apply"; "You may Critical an attack even if you would gain
    no Critical effects from doing so. You may want to do this as a bluff."). Only this
    attack: a Critical Ultra left invalid makes its wild swings Critical (rulebook FAQ),
    and Critical carries over into an extra attack (``engine.mechanics.critical``).
    None when it would gain, or when the attack is not known to ``view`` (a wild
    swing's card)."""
    strike = view.strike
    if strike is None:
        return None
    side = strike.sides[seat]
    card = known_card(view, catalog, side.cards[0] if side.cards and not side.wild else None)
    if card is None:
        return None
    p = view.players[seat]
    character = catalog.character(p.character)
    ability = character.exceed_ability if p.exceeded else character.ability
    if _names_critical(card.effects) or _names_critical(ability) or _names_critical(
            side.added):
        return None
    return card.name


def attack_cost(request: Request, view: State, catalog: Catalog) -> str | None:
    """The name of the seat's attack whose printed cost ``request`` pays (an Ultra's
    gauge, a Special's force), else None. The request names no purpose: it is a force
    or gauge payment asked while the seat's attack is revealed and priority is not yet
    determined, of an attack with a cost (core rulebook, Strikes: costs are paid after
    the reveal, before the speeds are compared; no card's effect pays force or gauge
    there)."""
    strike = view.strike
    if request.kind not in ("pay_force", "pay_gauge") or strike is None \
            or strike.first is not None:
        return None
    side = strike.sides[request.player]
    card_id = view.card_defs.get(side.attack) if side.attack is not None else None
    if not side.revealed or card_id is None or card_id not in catalog.cards:
        return None
    card = catalog.card(card_id)
    return card.name if card.gauge_cost or card.force_cost else None


def is_hand_limit(request: Request, view: State) -> bool:
    """Is ``request`` the discard down to the hand limit (core rulebook, End of Turn:
    at most 7 cards in hand)? The request names no purpose: it is a discard of the
    excess over the limit from the whole hand, asked of the turn player out of a strike
    (an effect's discard is asked of the opponent of the card's owner)."""
    p = view.players[request.player]
    return (request.kind == "discard" and view.strike is None
            and request.player == view.active
            and sorted(getattr(request, "candidates", ())) == sorted(p.hand)
            and getattr(request, "count", 0) == len(p.hand) - MAX_HAND)


_INVALID = "; or decline: the attack is then invalid, and you wild swing instead"
"""A declined attack cost (a wild swing's, or an Ultra's one may leave unpaid)."""


def needs(request: Request, view: State | None = None, catalog: Catalog | None = None) -> str:
    """What ``request`` asks for, with the amount: ``pay 2 force (...)``; "" for a menu.
    Given the table (``view``, ``catalog``), a Critical's payment says it is one (and,
    when the attack set has no Critical effect, that it adds nothing to it:
    ``critical_gains_nothing``), and an attack's cost names the attack (``attack_cost``)."""
    optional = bool(getattr(request, "optional", False))
    attack = None if view is None or catalog is None else attack_cost(request, view, catalog)
    if request.kind == "pay_force":
        amount = getattr(request, "amount", None)
        worth = "each card from your hand or gauge is 1 force, an ultra 1 or 2"
        if attack is not None:
            return (f"pay {amount} force for your attack {attack}, its cost ({worth})"
                    + (_INVALID if optional else "") + _ORDER)
        by = _asked_by(request, view, catalog)
        free = _free_force(request, view, catalog) if amount is None else 0
        bonus = (f", and {free} force more is free (your force costs are reduced by {free})"
                 if free else "")
        nothing = ("; or pay no card, for the free force alone" if free
                   else "; or pay nothing" if optional else "")
        if amount is None and by is not None and _grants_armor(request, view, catalog):
            return (f"spend any amount of force for {by}: +2 armor per force against this "
                    f"hit ({worth.replace('1 or 2', '2')}){bonus}"
                    + nothing + _ORDER)
        what = (f"pay {amount} force ({worth})" if amount is not None
                else f"pay any amount of force ({worth.replace('1 or 2', '2')})" if optional
                else f"pay at least 1 force ({worth.replace('1 or 2', '2')})")  # Change
        # Cards spends 1 or more (core rulebook): "any amount", and paying none refused
        if by is not None:
            what = what.replace(" force (", f" force for {by} (", 1)
        what += bonus
        return what + nothing + (
            "" if amount == 1 else _ORDER)  # 1 force is one card: no order to choose
    if request.kind == "pay_gauge":
        amount = getattr(request, "amount", 0)
        if attack is not None:
            return (f"spend {amount} gauge for your attack {attack}, its cost (cards from "
                    "your gauge)" + (_INVALID if optional else ""))
        if view is not None and catalog is not None and is_critical_payment(
                request, view, catalog):
            none = critical_gains_nothing(request.player, view, catalog)
            if none is not None:
                return (f"spend {amount} gauge to make your attack Critical; or decline ("
                        f"neither {none} nor your character's ability has a Critical "
                        f"effect, so Critical adds nothing to {none}; the rulebook allows "
                        "it, e.g. as a bluff)")
            return (f"spend {amount} gauge to make your attack Critical (its Critical "
                    "effects apply this strike); or decline")
        return f"spend {amount} gauge (cards from your gauge)" + (
            "; or decline" if optional else "")
    if request.kind == "discard":
        count = getattr(request, "count", 0)
        why = "" if view is None or not is_hand_limit(request, view) else (
            f" (your hand holds {count + MAX_HAND}, more than the hand limit of {MAX_HAND}, "
            "at the end of your turn)")
        return f"discard {count} card{'s' if count != 1 else ''}{why}" + (
            _ORDER if count > 1 else "")  # one card has no order to choose
    if request.kind == "select_cards":
        low, high = getattr(request, "min_count", 0), getattr(request, "max_count", 0)
        purpose = getattr(request, "purpose", None)
        what = purpose.name.lower().replace("_", " ") if purpose is not None else "cards"
        many = str(low) if low == high else f"{low}-{high}"
        return f"select {many} card{'s' if high != 1 else ''} ({what})"
    if request.kind == "choose_space":
        by = _asked_by(request, view, catalog)
        if by is not None:
            assert view is not None and catalog is not None  # a source is read from both
            purpose = space_purpose(request, view, catalog)
            return f"choose a space for {by}" if purpose is None else f"{purpose} ({by})"
        return ("choose a space for the effect being resolved (a move, or where a Trap, "
                "buddy or lightning rod goes)")
    if request.kind == "mulligan":
        return ("set aside any cards of your opening hand, draw as many, then shuffle the "
                "set-aside cards into your deck; or keep it")
    return ""


def _asked_by(request: Request, view: State | None, catalog: Catalog | None) -> str | None:
    """What asks ``request`` in words (``question_asker``), None without the table, for a
    rule's question or for a log recorded before questions named their source (the
    words then fall back to what the context says)."""
    if view is None or catalog is None:
        return None
    return question_asker(request, view, catalog)


def _free_force(request: Request, view: State | None, catalog: Catalog | None) -> int:
    """The free force a payment of any amount gets (``engine.force_discount``)."""
    return 0 if view is None or catalog is None else force_discount(view, catalog,
                                                                    request.player)


def _grants_armor(request: Request, view: State | None, catalog: Catalog | None) -> bool:
    """Whether the card that asks a force payment prints ``when_hit_force_for_armor``
    (Block: when hit, spend force for +2 armor each)."""
    card = None if view is None or catalog is None else known_card(
        view, catalog, getattr(request, "source", None))
    return card is not None and any(
        str(e.__struct_config__.tag) == "when_hit_force_for_armor" for e in card.effects)


# --- card sets ----------------------------------------------------------------------------


def _candidates(request: Request) -> tuple[int, ...]:
    found: tuple[int, ...] | None = getattr(request, "candidates", None)
    return found if found is not None else tuple(getattr(request, "hand", ()))


def _card_sets(request: Request, view: State) -> Iterator[Decision]:
    """Every legal set of cards, one per distinct set, by size, in candidate order."""
    first = next(iter(request.options()), None)
    if first is None:
        return
    candidates = _candidates(request)
    order = {ref: at for at, ref in enumerate(candidates)}
    classes: dict[tuple[object, ...], list[int]] = {}
    for ref in candidates:
        classes.setdefault(_card_key(ref, view), []).append(ref)
    groups = list(classes.values())
    for size in range(len(candidates) + 1):
        for counts in _counts([len(g) for g in groups], size):
            cards = sorted((ref for g, n in zip(groups, counts, strict=True) for ref in g[:n]),
                           key=order.__getitem__)
            decision: Decision = msgspec.structs.replace(first, cards=tuple(cards))
            if request.check(decision) is None:
                yield decision


def _counts(sizes: list[int], total: int) -> Iterator[tuple[int, ...]]:
    """Every way to take ``total`` cards from groups of ``sizes`` (at most a group's size
    from each), the earlier groups' cards first."""
    if not sizes:
        if total == 0:
            yield ()
        return
    if total > sum(sizes):
        return
    head, rest = sizes[0], sizes[1:]
    for n in range(min(head, total), -1, -1):
        for tail in _counts(rest, total - n):
            yield (n, *tail)


def _place(ref: int, view: State) -> tuple[int, str]:
    """Whose zone holds ``ref`` and which (``(-1, "play")`` elsewhere: an attack, an area)."""
    for seat, p in enumerate(view.players):
        for zone in _ZONES:
            if ref in getattr(p, zone):
                return seat, zone
    return -1, "play"


def _card_key(ref: int, view: State) -> tuple[object, ...]:
    """A card as a player tells it apart: its card and where it lies."""
    return (view.card_defs.get(ref), *_place(ref, view))


def _key(decision: Decision, view: State) -> tuple[object, ...]:
    """``decision`` with every card it names replaced by its ``_card_key``."""
    fields = []
    for name in decision.__struct_fields__:
        value = getattr(decision, name)
        if name == "cards" and isinstance(value, tuple):
            value = tuple(sorted((_card_key(c, view) for c in value if isinstance(c, int)),
                                 key=repr))
        elif name == "card" and isinstance(value, int):
            value = _card_key(value, view)
        fields.append(value)
    return (decision.__struct_config__.tag, *fields)


# --- labels ---------------------------------------------------------------------------------


def _label(decision: Decision, request: Request, view: State, catalog: Catalog) -> str:
    if request.kind != "pay_force":
        return label_of(decision, request, view, catalog)
    cards: tuple[int, ...] = getattr(decision, "cards", ())
    if not cards:
        return "Pay nothing"
    ultras = getattr(request, "ultras", ())
    by_zone: dict[str, list[str]] = {}
    for ref in cards:
        name = _name(ref, view, catalog) + (" [ultra: 1 or 2 force]" if ref in ultras else "")
        by_zone.setdefault(_place(ref, view)[1], []).append(name)
    text = "; ".join(f"{', '.join(names)} (from {zone})" for zone, names in by_zone.items())
    if getattr(request, "amount", None) is None:
        force = sum(2 if ref in ultras else 1 for ref in cards)
        text = text.replace("[ultra: 1 or 2 force]", "[ultra: 2 force]") + f" = {force} force"
    return text


def _name(ref: int, view: State, catalog: Catalog) -> str:
    card_id = view.card_defs.get(ref)
    if card_id is None or card_id not in catalog.cards:
        return "a hidden card"
    return catalog.card(card_id).name


# --- a set of cards typed by name ----------------------------------------------------------


def by_names(listing: Listing, view: State, catalog: Catalog, text: str) -> Option | str:
    """The option of a card-set question whose cards ``text`` names (``spike, assault``:
    a name or its start per card, copies named again), or the one line saying why none."""
    if listing.request.kind not in CARD_SETS:
        return ""
    terms = [_norm(term) for term in text.split(",")]
    if not all(terms):
        return f"name the cards separated by commas, e.g. {example(listing, view, catalog)}"
    names = sorted({_name(ref, view, catalog) for ref in _candidates(listing.request)})
    wanted = []
    for term in terms:
        exact = [n for n in names if _norm(n) == term]
        found = exact or [n for n in names if _norm(n).startswith(term)]
        if len(found) != 1:
            which = "no card" if not found else f"{len(found)} cards ({', '.join(found[:4])})"
            return f"{term!r} names {which} of this question: type more of the name or a number"
        wanted.append(found[0])
    matches = [o for o in listing.options if sorted(
        _name(ref, view, catalog) for ref in getattr(o.decision, "cards", ())) == sorted(wanted)]
    if len(matches) == 1:
        return _in_named_order(matches[0], wanted, view, catalog)
    if not matches:
        return f"no option takes exactly {', '.join(wanted)}: pick a number"
    return f"{', '.join(wanted)} can be taken from more than one zone: pick a number"


def _in_named_order(option: Option, wanted: list[str], view: State, catalog: Catalog
                    ) -> Option:
    """``option`` with its cards in the order they were named: cards paid or discarded
    together go to the discard pile in the order of the decision, the last on top (core
    rulebook, Discard: "When you discard multiple cards simultaneously, you choose the
    order")."""
    refs = list(getattr(option.decision, "cards", ()))
    ordered = []
    for name in wanted:
        ref = next(r for r in refs if _name(r, view, catalog) == name)
        refs.remove(ref)
        ordered.append(ref)
    decision = msgspec.structs.replace(option.decision, cards=tuple(ordered))
    return Option(number=option.number, decision=decision, label=option.label)


def example(listing: Listing, view: State, catalog: Catalog,
            options: Sequence[Option] | None = None) -> str:
    """The cards of the question's first set that has any (of ``options``, by default all
    the listing's), by name, as ``by_names`` reads them (``assault, assault``)."""
    for option in listing.options if options is None else options:
        refs: tuple[int, ...] = getattr(option.decision, "cards", ())
        if refs:
            return ", ".join(_name(ref, view, catalog).lower() for ref in refs)
    return "grasp"


def _norm(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalnum())
