"""What asks a question, in words: the seat that chooses (``who``), what it chooses
(``asked``) and the card or ability that asks it (``question_asker``: its ``source``),
as a board shows them; a Tag Team seat's special or ultra with its fighter
(``team_fighter``). Read by the option lists (``replay.options``), the terminal, the
Play and Game pages. Nothing here changes a game or a log.
"""

from __future__ import annotations

from engine import (
    OVERDRIVE_AREA,
    CardDef,
    Catalog,
    Player,
    Request,
    State,
    named_areas,
    owner_of,
    possessive,
)
from replay.space_questions import space_purpose


def who(state: State, player: Player, catalog: Catalog) -> str:
    """``p1 Ryu``: the seat and its fighter in play."""
    return f"{player.label} {catalog.character(state.players[player].character).name}"


_ASKED = {
    "action": "the turn's action",
    "set_attack": "an attack to set",
    "choice": "an option",  # "chooses a choice" read twice
    "pay_force": "a force payment",
    "pay_gauge": "a gauge payment",
    "name_card": "a card to name",
    "discard": "cards to discard",
    "select_cards": "cards to select",
    "choose_space": "a space",
    "mulligan": "a mulligan",
    "effect_order": "the order of effects that share a trigger",
}


def asked(request: Request, state: State, catalog: Catalog) -> str:
    """What ``request`` asks, in words: ``p1 Ryu chooses the turn's action``; a question
    with what asks it (``asker``), ``p1 Ryu chooses an option of Ryu's Run (boost of
    Cross)``, ``p2 Ken Masters chooses a force payment for Ken Masters' Block (attack)``;
    a space question says what goes there (``replay.space_questions``)."""
    return f"{who(state, request.player, catalog)} chooses {asked_what(request, state, catalog)}"


def asked_what(request: Request, state: State, catalog: Catalog) -> str:
    """What ``request`` asks, without who chooses it (``asked``): ``the turn's action``,
    ``an option of Ryu's Run (boost of Cross)``, ``where Nirvana (Active) goes (Carl
    Clover's character card)``."""
    source = question_asker(request, state, catalog)
    space = None if source is None else space_purpose(request, state, catalog)
    if space is not None:
        return f"{space.removeprefix('choose ')} ({source})"
    what = _ASKED.get(request.kind, request.kind.replace("_", " "))
    purpose = getattr(request, "purpose", None)
    if purpose is not None:
        what += f" ({purpose.name.lower().replace('_', ' ')})"
    if source is not None:
        what += f" {'of' if request.kind == 'choice' else 'for'} {source}"
    return what


def asker(request: Request, state: State, catalog: Catalog) -> str | None:
    """What asks a choice (``ChoiceRequest.source``) in words, as ``question_asker``
    words it; None for another request (the decision link of ``exceed replay --why``
    reads "an option of" it)."""
    return question_asker(request, state, catalog) if request.kind == "choice" else None


def question_asker(request: Request, state: State, catalog: Catalog) -> str | None:
    """What asks a question (``source`` of a choice, a payment, a space, cards to
    select or discard, a card to name: ``engine.SOURCED``), in words as ``state`` shows it:
    its owner's fighter and the card as it is in play, ``Ryu's Run (boost of Cross)`` (a
    boost in play, by its boost's name as the board shows it), ``Ken Masters' Grasp
    (attack)`` (a card of the strike), or ``Ryu's character card`` (an ability). None
    for another request, a rule's question, or a question recorded before it named its
    source."""
    source: int | None = getattr(request, "source", None)
    if source is None:
        return None
    if source < 0:
        action = _character_action(request, state, catalog)
        if action is not None:
            return f"{action} (character action)"
        return f"{possessive(_fighter(state, catalog, request.player))} character card"
    owner = owner_of(source)
    card_id = state.card_defs.get(source)
    if card_id is None or card_id not in catalog.cards:
        return f"{possessive(_fighter(state, catalog, owner))} hidden card"
    fighter = team_fighter(state, catalog, card_id) or _fighter(state, catalog, owner)
    card = catalog.card(card_id)
    if source in state.players[owner].boosts:
        if card.boost.name == card.name:
            return f"{possessive(fighter)} {card.name} (boost)"
        return f"{possessive(fighter)} {card.boost.name} (boost of {card.name})"
    strike = state.strike
    if strike is not None and any(source in side.cards or source == side.attack
                                  for side in strike.sides):
        return f"{possessive(fighter)} {card.name} (attack)"
    area = next((name for name, cards in named_areas(state, owner).items()
                 if source in cards), None)
    if area is not None:  # a card lying in an area of its own: Rachel's lightning rods
        return f"{possessive(fighter)} {card.name} ({_AREA_WORDS.get(area, area)})"
    return f"{possessive(fighter)} {card.name}"


_AREA_WORDS = {"lightning_rods": "lightning rod", "set_aside": "set aside",
               OVERDRIVE_AREA: "in overdrive"}
"""What a card lying in a fighter's area is, by the area's name (others: the name)."""


def known_card(state: State, catalog: Catalog, ref: int | None) -> CardDef | None:
    """The card ``ref`` is in ``state``, as ``catalog`` defines it; None for no reference,
    a card ``state`` hides, or one the catalog lacks (a log's own definitions)."""
    card_id = None if ref is None else state.card_defs.get(ref)
    return catalog.card(card_id) if card_id is not None and card_id in catalog.cards else None


def _character_action(request: Request, state: State, catalog: Catalog) -> str | None:
    """The printed name of the character action whose choice ``request`` is (``Ryu's
    step``): a choice the character card asks outside a strike whose options are, tag for
    tag, those of the first choice of one of the seat's actions (its exceeded ones once
    exceeded); None otherwise (an ability, a log without descriptions)."""
    described = getattr(request, "descriptions", ())
    if request.kind != "choice" or not described or state.strike is not None:
        return None
    seat = state.players[request.player]
    character = catalog.character(seat.character)
    actions = character.exceed_actions if seat.exceeded else character.actions
    asked = tuple(option.tag for option in described)
    for action in actions:
        choice = next((e for e in action.effects
                       if str(e.__struct_config__.tag) == "choice"), None)
        options = getattr(choice, "options", ())
        if options and all(options) and tuple(
                str(option[0].__struct_config__.tag) for option in options) == asked:
            return action.name
    return None


def _fighter(state: State, catalog: Catalog, seat: Player) -> str:
    return catalog.character(state.players[seat].character).name


def team_fighter(state: State, catalog: Catalog, card_id: str) -> str | None:
    """The name of the one fighter of a Tag Team seat whose deck holds ``card_id`` (a
    special or ultra), else None (a Normal, in both fighters' decks; a card of no team).
    The tagged-out fighter's specials and ultras are Invalid Attacks for the fighter in
    play (Street Fighter rulebook, Tag Team), and ``ryu+ken`` holds a Hadoken, a
    Shoryuken and a Tatsumaki Senpukyaku of each: the player must read whose it is."""
    for p in state.players:
        if p.partner is None:
            continue
        holders = [f for f in (p.character, p.partner)
                   if any(entry.card == card_id for entry in catalog.character(f).deck)]
        if len(holders) == 1:
            return catalog.character(holders[0]).name
    return None
