"""Setup and turns (core rulebook "Setup", "Actions").

A turn: the player takes one action (more with bonus actions). If no strike happened
they draw a card and discard down to the hand limit of 7. The next turn belongs to the
opponent, or to whoever last gained advantage during the turn. The actions themselves
(which are legal, carrying one out) are ``engine.rules.actions``.

Season mechanics plug in through their hooks (``engine.core.hooks.mechanic``), called in a
loop at fixed points: start of turn, action options, boost validity, performing their
actions, exceed, reshuffle, end of turn.
"""

from __future__ import annotations

from engine.cards.schema import Timing
from engine.core import events as ev
from engine.core.asking import choose
from engine.core.context import EffectCtx, Flow, GameOver, Table, rule
from engine.core.decisions import (
    ActionRequest,
    ChoiceOption,
    Discard,
    DiscardRequest,
    Mulligan,
    MulliganRequest,
    Request,
    RuleOption,
    SetAttackRequest,
)
from engine.core.ids import MAX_HAND, Player, Zone
from engine.effects import resolve, resolve_all
from engine.rules.actions import legal_actions, perform
from engine.rules.strike import StrikeStep, strike_from, strike_step

OPENING_HAND_FIRST = 5
OPENING_HAND_SECOND = 6


def run_game(table: Table) -> Flow[None]:
    """The whole game from setup to the end; returns when a player has lost."""
    try:
        yield from setup(table)
        while True:
            yield from take_turn(table)
    except GameOver:
        return


def resume(table: Table) -> Flow[None]:
    """Play on from a built position: the strike in progress from its step
    (``engine.rules.strike.strike_step``) and then the end of that turn, else the turn
    of ``state.active`` starts."""
    state = table.state
    if state.strike is None:
        return _play_on(table, take_turn(table))
    step = strike_step(state.strike)
    return _play_on(table, _strike_then_end(table, state.active, step))


def restart(table: Table, request: Request) -> Flow[None] | None:
    """The rules again from ``request``'s point, after the position was edited
    (``Game.edit``): a turn's action choice, or an attack to be set. None where the
    rules cannot start again (inside an effect, a payment, a mulligan)."""
    state = table.state
    if isinstance(request, ActionRequest):
        return _play_on(table, turn_actions(table, request.player))
    if isinstance(request, SetAttackRequest) and state.strike is not None:
        step = strike_step(state.strike)
        if step <= StrikeStep.SECOND_SETS:
            return _play_on(table, _strike_then_end(table, state.active, step))
    return None


def _play_on(table: Table, first: Flow[None]) -> Flow[None]:
    try:
        yield from first
        while True:
            yield from take_turn(table)
    except GameOver:
        return


def _strike_then_end(table: Table, who: Player, step: StrikeStep) -> Flow[None]:
    yield from strike_from(table, step)
    yield from end_turn(table, who, struck=True)


@rule("setup")
def setup(table: Table) -> Flow[None]:
    """Decide the first player from the seed, put in play what the mechanics start with
    (``game_setup``), deal the cards that start out of the deck, shuffle, draw 5/6, then
    mulligan."""
    first = Player(table.rng.randbelow(2))
    table.emit(ev.GameStarted(first=first))
    for game_setup in table.hooks.game_setup:
        game_setup(table)
    for who in (Player.P1, Player.P2):
        deal_apart(table, who)
        table.shuffle_deck(who)
    table.draw(first, OPENING_HAND_FIRST)
    table.draw(first.other, OPENING_HAND_SECOND)
    for who in (first, first.other):
        yield from mulligan(table, who)


def deal_apart(table: Table, who: Player) -> None:
    """Before the first shuffle, the cards of ``who``'s fighter that start out of the
    deck leave it (they were numbered after the deck list's cards): its start-sealed
    cards for the sealed area (Nine's gems), then its set-aside cards (BlazBlue
    rulebook, Setup 4: each fighter's Astral Heat). Nothing for most fighters; a Tag Team
    never seats a fighter that has such cards (``engine.cards.team.check_spec``)."""
    char = table.catalog.character(table.p(who).character)
    deck = table.p(who).deck
    for entries, sealed in ((char.start_sealed, True), (char.set_aside, False)):
        ids = [entry.card for entry in entries for _ in range(entry.copies)]
        cards: list[int] = []
        for card_id in ids:
            found = next((ref for ref in reversed(deck) if table.state.card_defs[ref]
                          == card_id and ref not in cards), None)
            if found is not None:
                cards.append(found)
        if sealed:
            for card in cards:
                table.move(who, card, Zone.DECK, Zone.SEALED, ev.MoveReason.SETUP)
        elif cards:
            table.emit(ev.CardsSetAside(player=who, cards=tuple(cards)))


@rule("mulligan")
def mulligan(table: Table, who: Player) -> Flow[None]:
    """Set cards aside, draw as many, then shuffle the set-aside cards into the deck."""
    decision = yield MulliganRequest(player=who, hand=tuple(table.p(who).hand))
    assert isinstance(decision, Mulligan)
    table.emit(ev.MulliganTaken(player=who, count=len(decision.cards)))
    if not decision.cards:
        return
    table.draw(who, len(decision.cards))
    for card in decision.cards:
        table.move(who, card, Zone.HAND, Zone.DECK, ev.MoveReason.MULLIGAN)
    table.shuffle_deck(who)


def take_turn(table: Table) -> Flow[None]:
    who = table.state.active
    yield from start_of_turn(table, who)
    yield from turn_actions(table, who)


@rule("start_of_turn")
def start_of_turn(table: Table, who: Player) -> Flow[None]:
    """The turn starts: the season mechanics' start of turn (BlazBlue's overdrive step),
    then ``who``'s continuous boosts' ``start_of_next_turn`` effects."""
    table.emit(ev.TurnStarted(player=who, turn=table.state.turn + 1))
    for start in table.hooks.start_of_turn:
        yield from start(table, who)
    yield from start_of_next_turn(table, who)


def start_of_next_turn(table: Table, who: Player) -> Flow[None]:
    """Each continuous boost of ``who``'s still in play, in play order: its
    ``start_of_next_turn`` effects, with the boost as their source (after the season
    mechanics' start of turn: BlazBlue's overdrive step comes first)."""
    for boost in list(table.p(who).boosts):
        for effect in table.card(boost).boost.effects:
            if effect.timing is Timing.START_OF_NEXT_TURN and boost in table.p(who).boosts:
                yield from resolve(EffectCtx(table, who, boost), effect)


def turn_actions(table: Table, who: Player) -> Flow[None]:
    """``who`` takes actions (one, more with bonus actions), then the turn ends."""
    state = table.state
    while True:
        decision = yield ActionRequest(player=who, choices=tuple(legal_actions(table, who)))
        struck = yield from perform(table, who, decision)
        if struck or state.bonus_actions == 0:
            break
    yield from end_turn(table, who, struck)


@rule("end_of_turn")
def end_turn(table: Table, who: Player, struck: bool) -> Flow[None]:
    """The end-of-turn draw and hand limit unless ``who`` struck, end-of-turn effects,
    then the next player is named. An effect that skips the draw (Dan's Lucky!, Super
    Skull Man's Quick Change) skips only the draw: the hand limit is still checked (core
    rulebook, Hand Size: "If you have more than 7 cards in hand, discard cards down to 7
    at the end of your turn")."""
    state = table.state
    drew = not struck and not table.p(who).skip_end_of_turn_draw
    if drew:
        yield from end_of_turn_draw(table, who)
    if not struck:
        yield from hand_limit(table, who)
    yield from run_end_of_turn(table, who, drew)
    for end in table.hooks.end_of_turn:
        yield from end(table, who)
    nxt = state.next_player if state.next_player is not None else who.other
    table.emit(ev.TurnEnded(player=who, next_player=nxt))


@rule("end_of_turn_draw")
def end_of_turn_draw(table: Table, who: Player) -> Flow[None]:
    """Draw 1 for the end of the turn; with ``draw_from_bottom`` set (Dan exceeded:
    ``set_mode draw_from_top_or_bottom``) the player picks the top or the bottom of the
    deck (no question when they are the same card)."""
    bottom = False
    p = table.p(who)
    if p.draw_from_bottom and len(p.deck) > 1:
        labels = ["draw from the top", "draw from the bottom"]
        tag = RuleOption.END_OF_TURN_DRAW
        options = [ChoiceOption(tag=tag, word="top"), ChoiceOption(tag=tag, word="bottom")]
        bottom = (yield from choose(table, who, labels, options)) == 1
    table.draw(who, 1, bottom=bottom)


def run_end_of_turn(table: Table, who: Player, drew: bool = False) -> Flow[None]:
    """The turn player's ``end_of_turn`` effects: continuous boosts (a delayed boost
    skips this once), then the character card; ``drew`` feeds ``did_end_of_turn_draw``."""
    p = table.p(who)
    for boost in list(p.boosts):
        if boost not in p.boosts:
            continue
        if boost in p.delayed_boosts:
            table.emit(ev.BoostDelayEnded(player=who, card=boost))
            continue
        effects = [e for e in table.card(boost).boost.effects if e.timing is Timing.END_OF_TURN]
        yield from resolve_all(EffectCtx(table, who, boost), effects)
    char = table.catalog.character(p.character)
    for effect in char.exceed_ability if p.exceeded else char.ability:
        if effect.timing is Timing.END_OF_TURN:
            ctx = EffectCtx(table, who)
            ctx.drew_at_end_of_turn = drew
            yield from resolve_all(ctx, (effect,))


@rule("hand_limit")
def hand_limit(table: Table, who: Player) -> Flow[None]:
    hand = table.p(who).hand
    excess = len(hand) - MAX_HAND
    if excess <= 0:
        return
    decision = yield DiscardRequest(player=who, count=excess, candidates=tuple(hand))
    assert isinstance(decision, Discard)
    for card in decision.cards:
        table.move(who, card, Zone.HAND, Zone.DISCARD, ev.MoveReason.HAND_LIMIT)
