"""The numbered options of a request, in rulebook words: what ``exceed fork`` lists and
what a person at the terminal picks from.

Option numbers are the engine's own order (``Request.options()``): a menu's choices as
the rules offer them (actions, attacks, spaces), a choice's labels in order, the names
of a card to name. A request that states a constraint instead of a menu (a mulligan,
a force or gauge payment, a discard, cards to select) is listed as its legal subsets in
the engine's order: by number of cards (smallest first), then in the order of the
candidates, only the ones the request allows. At most ``MAX_LISTED`` options are listed
and numbered; a request with more (a large free payment) offers only those, and a
recorded decision beyond them is shown as not listed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from itertools import islice

import msgspec

from engine import (
    Catalog,
    Decision,
    Player,
    Request,
    State,
    move_force,
    read_choice,
)
from replay.asking_words import (
    known_card,
    team_fighter,
    who,
)
from replay.force_words import spent_words

MAX_LISTED = 1000
"""The most options a request lists (and that ``--choose`` may name)."""


class Option(msgspec.Struct, frozen=True):
    """Option ``number`` of a request: the decision it stands for and its words."""

    number: int
    decision: Decision
    label: str


class Listing(msgspec.Struct, frozen=True):
    """The options of ``request`` (at most ``MAX_LISTED``; ``capped`` if it has more)."""

    request: Request
    options: tuple[Option, ...]
    capped: bool

    @property
    def range(self) -> str:
        """The legal option numbers, ``0-7`` (``0`` for one)."""
        last = len(self.options) - 1
        return "0" if last == 0 else f"0-{last}"

    def number_of(self, decision: Decision) -> int | None:
        """The number of the option ``decision`` takes (cards in any order), or None
        if it is not listed (beyond the cap, or an edit of the position)."""
        key = _key(decision)
        return next((o.number for o in self.options if _key(o.decision) == key), None)


def list_options(request: Request, state: State, catalog: Catalog) -> Listing:
    """The numbered options of ``request``, labelled with the card names ``state`` shows
    (a player's view names only what that player may see)."""
    taken = list(islice(request.options(), MAX_LISTED + 1))
    shown = taken[:MAX_LISTED]
    names = _Names(state, catalog)
    options = tuple(Option(number, decision, label(decision, request, names))
                    for number, decision in enumerate(shown))
    return Listing(request=request, options=options, capped=len(taken) > MAX_LISTED)


# --- labels -----------------------------------------------------------------------------


def card_name(state: State, catalog: Catalog, ref: int) -> str:
    """A card's name as ``state`` shows it (``_Names.card``): a Tag Team seat's special
    or ultra with its fighter."""
    return _Names(state, catalog).card(ref)


class _Names:
    """Card names as ``state`` knows them (``a hidden card`` for one it does not); a Tag
    Team seat's special or ultra with its fighter, ``Shinryuken (Ken Masters)``."""

    def __init__(self, state: State, catalog: Catalog) -> None:
        self.state = state
        self.catalog = catalog
        self.teams = any(p.partner is not None for p in state.players)

    def _fighter(self, card_id: str) -> str | None:
        return team_fighter(self.state, self.catalog, card_id) if self.teams else None

    def card(self, ref: int) -> str:
        card_id = self.state.card_defs.get(ref)
        if card_id is None or card_id not in self.catalog.cards:
            return "a hidden card"
        fighter = self._fighter(card_id)
        name = self.catalog.card(card_id).name
        return name if fighter is None else f"{name} ({fighter})"

    def cards(self, refs: tuple[int, ...]) -> str:
        return ", ".join(self.card(r) for r in refs)

    def boost(self, ref: int) -> str:
        card_id = self.state.card_defs.get(ref)
        if card_id is None or card_id not in self.catalog.cards:
            return self.card(ref)
        card = self.catalog.card(card_id)
        fighter = self._fighter(card_id)
        return (f"{card.name} ({card.boost.name})" if fighter is None
                else f"{card.name} ({fighter}; {card.boost.name})")

    def partner(self, player: Player) -> str:
        """The tagged-out fighter of a Tag Team seat (``Ken Masters``)."""
        partner = self.state.players[player].partner
        return self.catalog.character(partner).name if partner else "the other fighter"

    def action(self, player: Player, index: int) -> str:
        p = self.state.players[player]
        char = self.catalog.character(p.character)
        actions = char.exceed_actions if p.exceeded else char.actions
        return actions[index].name if 0 <= index < len(actions) else f"action {index}"


def _attack(names: _Names, refs: tuple[int, ...]) -> str:
    """``Hadoken``, ``Hadoken as EX`` (two copies), ``Hadoken as Double EX`` (three)."""
    if not refs:
        return "nothing"
    first = names.card(refs[0])
    return {1: first, 2: f"{first} as EX", 3: f"{first} as Double EX"}.get(
        len(refs), names.cards(refs))


def _cards_of(decision: Decision) -> tuple[int, ...]:
    cards = getattr(decision, "cards", ())
    return tuple(c for c in cards if isinstance(c, int)) if isinstance(cards, tuple) else ()


def _int_of(decision: Decision, field: str) -> int:
    value = getattr(decision, field, 0)
    return value if isinstance(value, int) else 0


def _pay(decision: Decision, request: Request, names: _Names) -> str:
    cards = _cards_of(decision)
    if request.kind == "pay_gauge":
        return f"Spend {names.cards(cards)} from gauge" if cards else "Decline (pay no gauge)"
    return f"Pay force with {names.cards(cards)}" if cards else "Pay nothing"


_CONDITION = re.compile(r"\[if ([a-z0-9_ ]+)\] ")
_TERM = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")


def plain_words(label: str, names: _Names) -> str:
    """A choice's label (the engine's effect words, recorded in the log: ``advance
    strike_x``, ``[if buddy_space_unoccupied] move to buddy``, ``place buddy at range
    ouroboros_move 1-1``) in plain words: ``strike_x`` is the strike's X, a condition
    reads ``if ...:``, a buddy id is the buddy's printed name, and any other term of the
    card data reads with spaces (``flip buddy miss get gauge``)."""
    fighters = [c for p in names.state.players for c in (p.character, p.partner)]

    def term(match: re.Match[str]) -> str:
        word = match.group(0)
        if word == "strike_x":
            return "X"
        named = names.catalog.buddy_name(fighters, word)
        return named if named != word else word.replace("_", " ")

    text = _CONDITION.sub(lambda m: f"if {m.group(1).replace('_', ' ')}: ", label)
    return _TERM.sub(term, text)


_RULEBOOK = (
    (re.compile(r"\breturn attack to top of deck\b"), "put {attack} on top of your deck"),
    (re.compile(r"\badd top discard to gauge\b"),
     "put the top card of your discard pile into your gauge"),
    (re.compile(r"\badd top deck to gauge 1\b"), "put the top card of your deck into your gauge"),
    (re.compile(r"\badd top deck to gauge (\d+)\b"),
     "put the top \\1 cards of your deck into your gauge"),
    (re.compile(r"\bdiscard topdeck\b"), "discard the top card of your deck"),
)
"""Card-data phrases a recorded choice label carries (``engine.text.phrases``: the log
holds them, so the engine's words stay) and their rulebook English, shown instead;
``{attack}`` is the card that asks (the request's source), else "your attack"."""


def rulebook_words(label: str, request: Request, names: _Names) -> str:
    """``label`` with its card-data phrases in rulebook English (``_RULEBOOK``): Hadoken's
    "return attack to top of deck, then add top discard to gauge" reads "put Hadoken on
    top of your deck, then put the top card of your discard pile into your gauge"."""
    card = known_card(names.state, names.catalog, getattr(request, "source", None))
    attack = "your attack" if card is None else card.name
    for pattern, words in _RULEBOOK:  # the name is inserted as text, never as a template
        label = pattern.sub(partial(_expanded, words=words, attack=attack), label)
    return label


def _expanded(match: re.Match[str], words: str, attack: str) -> str:
    """``words`` (a trusted template of ``_RULEBOOK``) with ``match``'s groups, then the
    asking card's name put in as text: a name from a log's own definitions may hold
    ``\\g<9>``, which ``re.sub`` would read as a group."""
    return match.expand(words).replace("{attack}", attack)


def _choice(decision: Decision, request: Request, names: _Names) -> str:
    """A choice's option in the card reader's words when the asking card prints the
    choice (``engine.read_choice``: ``put 1 card (Special or Ultra) of your discard pile
    into your hand`` for the recorded ``cards from discard``), else its recorded label
    made plain (``plain_words``, ``rulebook_words``)."""
    labels = getattr(request, "labels", ())
    index = _int_of(decision, "index")
    if isinstance(labels, tuple) and 0 <= index < len(labels):
        label = str(labels[index])
        offered = getattr(request, "descriptions", ())
        spent = spent_words(label, str(getattr(offered[index], "tag", "")),
                            _definitions(request, names), names.catalog
                            ) if index < len(offered) else None
        if spent is not None:
            return spent
        read = _read_options(request, names)
        if read is not None and len(read) == len(labels):
            words = _with_values(read[index], label)
        else:
            words = rulebook_words(plain_words(label, names), request, names)
        return words + _x_value(label, request, names.state)
    return f"option {index}"


def _definitions(request: Request, names: _Names) -> list[object]:
    """What may print the choice ``request`` asks: its source card, then the seats'
    character cards (the asker's first); none for a rule's question (no source)."""
    source = getattr(request, "source", None)
    if not isinstance(source, int):
        return []
    state, catalog = names.state, names.catalog
    found: list[object] = []
    card_id = state.card_defs.get(source) if source >= 0 else None
    if card_id is not None and card_id in catalog.cards:
        found.append(catalog.card(card_id))
    seat = getattr(request, "player", None)
    seats = (Player.P1, Player.P2) if seat != Player.P2 else (Player.P2, Player.P1)
    return found + [catalog.character(state.players[p].character) for p in seats
                    if state.players[p].character in catalog.characters]


def _read_options(request: Request, names: _Names) -> tuple[str, ...] | None:
    """``request``'s options in the reader's words, read from what its source prints:
    the asking card, or a character card (the asker's, then the other fighter's, whose
    character may grant the choice); None for a rule's question (no source). Asked by
    an attack, "your attack card" is that card by name (Hadoken's "Hadoken goes on top
    of your deck")."""
    offered = getattr(request, "descriptions", ())
    source = getattr(request, "source", None)
    read = None
    if offered and isinstance(source, int):
        state, catalog = names.state, names.catalog
        card_id = state.card_defs.get(source) if source >= 0 else None
        read = read_choice(catalog, _definitions(request, names), offered)
        strike = state.strike
        if read is not None and card_id is not None and strike is not None and any(
                source == side.attack for side in strike.sides):
            name = catalog.card(card_id).name  # the asking card is an attack: named
            read = tuple(text.replace("your attack card", name) for text in read)
    return read


_TOTAL_POWER = re.compile(r"total_power \((-?\d+)\)")


def _with_values(words: str, label: str) -> str:
    """The reader's ``words`` with the value a recorded ``label`` gave the attack's total
    power when it was offered (``push total_power (3)``: "push by your total power
    (3)")."""
    found = _TOTAL_POWER.search(label)
    if found is None or "total power" not in words:
        return words
    return words.replace("total power", f"total power ({found.group(1)})", 1)


def _x_value(label: str, request: Request, state: State) -> str:
    """`` (X = 4)`` for a label that moves by the strike's X (Merkava's Instant Flight:
    ``advance strike_x``), read from the asking player's side of the strike in progress;
    empty otherwise."""
    player = getattr(request, "player", None)
    if "strike_x" not in label or state.strike is None or not isinstance(player, int):
        return ""
    return f" (X = {state.strike.sides[player].strike_x})"


def _select(decision: Decision, request: Request, names: _Names) -> str:
    cards = _cards_of(decision)
    purpose = getattr(request, "purpose", None)
    what = f" ({purpose.name.lower().replace('_', ' ')})" if purpose is not None else ""
    return (f"Select {names.cards(cards)}" if cards else "Select none") + what


def _mulligan(decision: Decision, request: Request, names: _Names) -> str:
    cards = _cards_of(decision)
    if not cards:
        return "Keep the opening hand"
    return f"Mulligan {names.cards(cards)} (draw {len(cards)} new)"


def _order(decision: Decision, request: Request, names: _Names) -> str:
    """``Resolve Just Defense: After: Lose all armor, then Tenacious Mist: ...``, each
    effect's recorded text made plain as a choice's label is (``plain_words``,
    ``rulebook_words``): Shishigami Bang's read "[if opponent_buddy_in_range] pass"."""
    effects = getattr(request, "effects", ())
    order = getattr(decision, "order", ())
    texts = [rulebook_words(plain_words(str(effects[i].text), names), request, names)
             for i in order if isinstance(i, int) and 0 <= i < len(effects)]
    return "Resolve " + ", then ".join(texts) if texts else "Resolve in some order"


def _space(space: int, request: Request, names: _Names) -> str:
    """The turn's Move action with the force it costs, ``Move to space 4 (2 force)``
    (``move_force``: a newcomer at the terminal picked a move across the arena, then
    found its payment took their whole hand); a space an effect asks for
    (``choose_space``: a move, or where a Trap, buddy or lightning rod goes, or which
    Trap moves) ``Space 4``, with who stands there: ``Space 4 (p2 Ryu)`` (it read "Move
    to space 4" for Kokonoe's Gravitron placed on the space Ryu stood on)."""
    if request.kind != "choose_space":
        try:
            force = move_force(names.state, names.catalog, request.player, space)
        except (KeyError, IndexError):  # a position without its mover's cards: no figure
            return f"Move to space {space}"
        return f"Move to space {space} ({force} force)"
    here = [who(names.state, seat, names.catalog)
            for seat in (Player.P1, Player.P2) if names.state.players[seat].space == space]
    return f"Space {space}" + (f" ({', '.join(here)})" if here else "")


_Label = Callable[[Decision, Request, _Names], str]

_LABELS: dict[str, _Label] = {
    "mulligan": _mulligan,
    "prepare": lambda d, r, n: "Prepare",
    "move": lambda d, r, n: _space(_int_of(d, "space"), r, n),
    "change_cards": lambda d, r, n: "Change Cards",
    "exceed": lambda d, r, n: "Exceed",
    "reshuffle": lambda d, r, n: "Reshuffle",
    "boost": lambda d, r, n: f"Boost {n.boost(_int_of(d, 'card'))}",
    "strike": lambda d, r, n: "Strike",
    "character_action": lambda d, r, n: (
        f"Character action: {n.action(r.player, _int_of(d, 'index'))}"),
    "set_attack": lambda d, r, n: f"Set {_attack(n, _cards_of(d))}",
    "wild_swing": lambda d, r, n: "Wild swing",
    "pay": _pay,
    "choose": _choice,
    "name_card": lambda d, r, n: f"Name {getattr(d, 'name', '?')}",
    "discard": lambda d, r, n: f"Discard {n.cards(_cards_of(d))}",
    "select_cards": _select,
    "switch": lambda d, r, n: f"Switch Characters: {n.partner(r.player)} tags in",
    "cross_exceed": lambda d, r, n: "Cross Exceed",
    "cross_boost": lambda d, r, n: f"Cross Boost {n.boost(_int_of(d, 'card'))}",
    "cross_strike": lambda d, r, n: f"Cross Strike: set {_attack(n, _cards_of(d))}",
    "edit": lambda d, r, n: "A referee's edit of the position",
    "boost_action": lambda d, r, n: f"Action of the boost {n.boost(_int_of(d, 'card'))}",
    "order_effects": _order,
}


def label(decision: Decision, request: Request, names: _Names) -> str:
    """``decision`` in rulebook words, e.g. ``Move to space 4``, ``Set Hadoken as EX``."""
    tag = decision.__struct_config__.tag
    fn = _LABELS.get(tag if isinstance(tag, str) else "")
    return fn(decision, request, names) if fn is not None else str(tag)


def label_of(decision: Decision, request: Request, state: State, catalog: Catalog) -> str:
    """``label`` with the card names ``state`` shows."""
    return label(decision, request, _Names(state, catalog))


def _key(decision: Decision) -> tuple[object, ...]:
    """``decision`` with its cards as a set: a payment listed ``(3, 5)`` was recorded as
    ``(5, 3)`` if the agent picked them in that order."""
    fields = msgspec.structs.astuple(decision)
    return (decision.__struct_config__.tag,
            *(tuple(sorted(v)) if isinstance(v, tuple) and all(isinstance(x, int) for x in v)
              else v for v in fields))
