"""The scenario builder: set up any position directly, for rule tests and "what if".

    game = (Scenario("ryu", "ken")
            .player(P1, space=3, hand=["tatsumakisenpukyaku"], gauge=["grasp"])
            .player(P2, space=7, hand=["hadoken"])
            .active(P1)
            .game(seed=1))

Card names may be full ids (``ryu_hadoken``) or short names resolved against the
player's character (each member of a Tag Team such as ``"ryu+ken"``, in order) and then
the normals (``hadoken``, ``focus``). Every card comes from the player's own deck (30
cards, 52 for a team), so card conservation holds; cards not placed stay in the deck
(``deck=[...]`` puts named cards on top in that order; ``deck_rest`` says what follows:
``"ordered"``, the default, the other cards in deck-list order; ``"shuffled"``, the
other cards shuffled by the game's seed; ``"none"``, nothing: ``deck`` is the whole deck,
and every card of the deck list must then be placed in some zone). ``reshuffles_left``
counts the reshuffles a player still has (the core rules allow one per game, so 0 or 1;
``reshuffled=True`` is the same as ``reshuffles_left=0``). A season mechanic adds its own
seat fields (``Mechanic.recipe_fields``: a team seat's ``partner_life``,
``partner_exceeded`` and ``switch_locked_until``; Under Night's ``traps``; ``buddies``;
BlazBlue's ``overdrive`` and ``rods``), and states them itself. Positions no game can
reach are refused with ``ScenarioError`` naming the field and the rule: both fighters on
one space or off the arena, a life outside 1..30, Tag Team fields on a single fighter, a
negative turn or switch lock, a whole deck that leaves cards unplaced, an unknown field,
card or ``deck_rest``.

Extra cards: ``extra={"hand": ["hadoken"], "gauge": [...]}`` creates cards beyond the deck
list in those zones (after the zone's named cards; for ``"deck"``, under the named top).
They are the player's own cards (their fighter's or the normals), get references after
the deck's (``CardsCreated``), count in no deck list, and the log header lists them.

A built position is a list of events (``events``): cards created, then each seat's
zones and values as ``PositionEdited``, the next turn, and for a mid-strike start the
strike so far (``strike``). ``game()`` folds them as the head of the setup step and the
rules play on from there, so a recorded position replays and verifies like any game
(the header's ``position`` counts those events). ``Edits`` (``engine.play.edits``)
changes a game in play the same way, as a recorded referee decision (``EditPosition``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from engine.cards.catalog import Catalog, default_catalog
from engine.cards.schema.characters import Season
from engine.core import events as ev
from engine.core.apply import fold
from engine.core.folds.zones import zone_list
from engine.core.hooks.mechanic import Mechanic
from engine.core.ids import ARENA_MAX, ARENA_MIN, CARDS_PER_PLAYER_BASE, MAX_LIFE, Player
from engine.core.rng import Rng, derive_seed
from engine.core.state import PlayerState, State
from engine.core.state.records import SET_ASIDE
from engine.play.api import Game, GameSetup, game_from_position, initial_state
from engine.play.scenario_recipe import (
    DECK_RESTS,
    RESHUFFLES_PER_GAME,
    STEP_NAMES,
    STRIKE_STEPS,
    WILD,
    ZONES,
    SeatRecipe,
    StrikeRecipe,
    recipe_mechanics,
    seat_named,
)
from engine.play.seat_cards import ScenarioError, is_own, own_card, resolve_card
from engine.rules.strike import StrikeStep

MAX_BUILT_TURN = 998
"""The most turns a built position may have been played (``turn``): its next turn's number,
``turn + 1``, is recorded as a ``position_edited`` value, which a log bounds to 999
(``engine.recording.checks.MAX_AMOUNT``; a test holds the two together)."""


class _SeatPlace:
    """One seat being placed, as a mechanic's recipe hooks see it (``RecipeSeat``)."""

    def __init__(self, builder: Scenario, state: State, who: Player, pool: list[int]) -> None:
        self.builder, self.state, self.who, self.pool = builder, state, who, pool
        self.catalog = builder.catalog

    def card_id(self, name: str) -> str:
        return self.builder.card_id(self.who, name)

    def take(self, name: str) -> int:
        card_id = self.card_id(name)
        for ref in self.pool:
            if self.state.card_defs[ref] == card_id:
                self.pool.remove(ref)
                return ref
        spec = self.builder.setup.character(self.who)
        if not is_own(self.catalog, spec, card_id):  # not "no more copies": none at all
            raise ScenarioError(f"{self.who.label}: {card_id} belongs to another fighter; "
                                f"{spec} holds none of it (a position written for other "
                                "fighters?)")
        raise ScenarioError(f"{self.state.players[self.who].character} has no more copies "
                            f"of {card_id}")

    def names(self, refs: Sequence[int], where: str) -> list[str]:
        raise NotImplementedError  # exporting only

    def gap(self, line: str) -> None:
        raise NotImplementedError  # exporting only


class Scenario:
    """A fluent builder of positions; ``build()`` gives a State, ``game()`` a Game."""

    def __init__(self, p1: str = "ryu", p2: str = "ken", catalog: Catalog | None = None) -> None:
        self.catalog = catalog if catalog is not None else default_catalog()
        self.setup = GameSetup(p1=p1, p2=p2)
        self.seats = [SeatRecipe(), SeatRecipe()]
        self.more: list[dict[str, object]] = [{}, {}]
        """Each seat's fields of the season mechanics (``Mechanic.recipe_fields``)."""
        self._active = Player.P1
        self._turn = 0
        self._strike: StrikeRecipe | None = None

    @classmethod
    def from_recipe(cls, p1: str, p2: str, recipe: object,
                    catalog: Catalog | None = None) -> Scenario:
        """A builder from a recipe as JSON gives it (``exceed play --position FILE``):

            {"p1": {"space": 3, "hand": ["hadoken"], "extra": {"gauge": ["grasp"]}},
             "p2": {"space": 7, "life": 12},
             "active": "p1", "turn": 4,
             "strike": {"step": "reveal", "p1": ["hadoken"], "p2": "wild"}}

        Seat keys are ``player``'s fields; ``strike`` takes ``strike``'s arguments
        (``critical`` as seat names). ``ScenarioError`` names a bad key or value."""
        if not isinstance(recipe, dict):
            raise ScenarioError("a position is a JSON object with keys p1, p2, active, "
                                "turn and strike")
        unknown = sorted(set(recipe) - {"p1", "p2", "active", "turn", "strike"})
        if unknown:
            raise ScenarioError(f"unknown position key {unknown[0]!r}; expected p1, p2, "
                                "active, turn or strike")
        builder = cls(p1, p2, catalog)
        for who in (Player.P1, Player.P2):
            seat = recipe.get(who.label, {})
            if not isinstance(seat, dict):
                raise ScenarioError(f"{who.label} must be an object of seat fields")
            builder.player(who, **seat)  # names an unknown field first
            try:
                msgspec.convert(seat, SeatRecipe)
            except msgspec.ValidationError as error:
                raise ScenarioError(f"{who.label}: {error}") from None
            builder.mechanic_fields(who)
        turn = recipe.get("turn", 0)
        if not isinstance(turn, int) or isinstance(turn, bool):
            raise ScenarioError(f"turn must be an integer, got {turn!r}")
        builder.active(seat_named(recipe.get("active", "p1"), "active"), turn)
        strike = recipe.get("strike")
        if strike is not None:
            if not isinstance(strike, dict):
                raise ScenarioError("strike must be an object with step, p1, p2, critical")
            extra = sorted(set(strike) - {"step", "p1", "p2", "critical"})
            if extra:
                raise ScenarioError(f"unknown strike key {extra[0]!r}; expected step, p1, "
                                    "p2 or critical")
            critical = [seat_named(name, "strike.critical")
                        for name in strike.get("critical", [])]
            builder.strike(strike.get("step", "reveal"), strike.get("p1"), strike.get("p2"),
                           critical)
        return builder

    def player(self, who: Player, **fields: object) -> Scenario:
        """Set ``space``, ``life``, ``hand``, ``gauge``, ``boosts``, ``discard``,
        ``sealed``, ``deck``, ``deck_rest``, ``exceeded``, ``reshuffled``,
        ``reshuffles_left``, ``extra``, ``areas`` (area name -> cards) or ``set_aside``
        for ``who``, or a season mechanic's field (``Mechanic.recipe_fields``: for a Tag
        Team ``partner_life``, ``partner_exceeded`` or ``switch_locked_until``; for Under
        Night In-Birth ``traps``, boost name -> space; ``buddies``, buddy id -> space;
        for BlazBlue ``overdrive``: cards, and ``rods``: (card, space) pairs)."""
        core = SeatRecipe.__struct_fields__
        own = [name for _, fields_type in recipe_mechanics()
               for name in fields_type.__struct_fields__]
        unknown = sorted(set(fields) - {*core, *own})
        if unknown:
            raise ScenarioError(f"unknown seat field {unknown[0]!r}; expected one of "
                                f"{', '.join((*core, *own))}")
        self.seats[who] = msgspec.structs.replace(
            self.seats[who], **{k: v for k, v in fields.items() if k in core})
        self.more[who].update({k: v for k, v in fields.items() if k not in core})
        return self

    def mechanic_fields(self, who: Player) -> list[tuple[Mechanic, msgspec.Struct]]:
        """The season mechanics ``who``'s seat gives fields of, each with its fields
        (defaults filled in); ``ScenarioError`` names a bad value."""
        given = []
        for mechanic, fields_type in recipe_mechanics():
            mine = {k: v for k, v in self.more[who].items() if k in fields_type.__struct_fields__}
            if not mine:
                continue
            try:
                given.append((mechanic, msgspec.convert(mine, fields_type)))
            except msgspec.ValidationError as error:
                raise ScenarioError(f"{who.label}: {error}") from None
        return given

    def active(self, who: Player, turn: int = 0) -> Scenario:
        """``who`` takes the next turn (numbered ``turn + 1``); ``turn`` at most
        ``MAX_BUILT_TURN``."""
        if turn < 0:
            raise ScenarioError(f"turn must be 0 or more, got {turn}")
        if turn > MAX_BUILT_TURN:
            shown = turn if turn < 10**12 else "a number of 13 digits or more"
            raise ScenarioError(f"turn must be at most {MAX_BUILT_TURN}, got {shown}")
        self._active = who
        self._turn = turn
        return self

    def strike(self, step: str = "reveal", p1: Sequence[str] | str | None = None,
               p2: Sequence[str] | str | None = None,
               critical: Sequence[Player] = ()) -> Scenario:
        """Start inside a strike of the active player's turn (``active``: the attacker).

        ``step`` says what comes next: ``"first_sets"`` (the attacker sets),
        ``"second_sets"`` (the defender sets), ``"reveal"`` (both are set; the reveal
        comes next, with its decisions) or ``"costs"`` (revealed; costs are paid next).
        ``p1``/``p2`` are the attacks set so far: card names (two copies: EX) or
        ``"wild"`` (a wild swing: the top card of that player's deck). ``critical``
        names the players whose revealed attack is Critical (step ``"costs"``)."""
        if step not in STRIKE_STEPS:
            raise ScenarioError(f"strike step must be one of {', '.join(STRIKE_STEPS)}, "
                                f"got {step!r}")
        self._strike = StrikeRecipe(step=STRIKE_STEPS[step], attacks=(p1, p2),
                                    critical=tuple(critical))
        return self

    def card_id(self, who: Player, name: str) -> str:
        return resolve_card(self.catalog, self.setup.character(who), name)

    def build(self, seed: int = 0) -> State:
        """The position; ``seed`` shuffles a ``deck_rest="shuffled"`` deck (the same seed
        gives the same order)."""
        return fold(initial_state(self.setup, self.catalog), self.events(seed))

    def events(self, seed: int = 0) -> list[ev.Event]:
        """The events that state this position, folded onto the dealt-out table
        (``initial_state``): created cards, each seat's zones and values, the next turn,
        and the strike so far."""
        scratch = initial_state(self.setup, self.catalog)
        placed = [self._place(scratch, who, seed) for who in (Player.P1, Player.P2)]
        spaces = [p.space for p in scratch.players]
        if spaces[0] == spaces[1] or not all(ARENA_MIN <= s <= ARENA_MAX for s in spaces):
            raise ScenarioError(f"fighters must stand on two different spaces in "
                                f"{ARENA_MIN}..{ARENA_MAX}, got {spaces}")
        events: list[ev.Event] = [e for seat in placed for e in seat]
        events.append(ev.PositionEdited(player=self._active, kind=ev.EditKind.NEXT_TURN,
                                        value=self._turn))
        if self._strike is not None:
            events += self._strike_events(scratch, self._strike)
        return events

    def game(self, seed: int = 0) -> Game:
        """A game that plays on from this position: the active player's turn starts, or
        the strike goes on from its step."""
        return game_from_position(self.setup, seed, self.events(seed), self.catalog)

    def _strike_events(self, state: State, strike: StrikeRecipe) -> list[ev.Event]:
        """The strike so far: its turn starts, the strike starts, the attacks set, and
        from ``"costs"`` on, revealed (with any Critical)."""
        attacker = self._active
        order = (attacker, attacker.other)
        need = {StrikeStep.FIRST_SETS: 0, StrikeStep.SECOND_SETS: 1}.get(strike.step, 2)
        for who in (Player.P1, Player.P2):
            given = strike.attacks[who] is not None
            if given and order.index(who) >= need:
                raise ScenarioError(f"strike: {who.label}'s attack is set, but at step "
                                    f"{STEP_NAMES[strike.step]} {who.label} has not set yet")
            if not given and order.index(who) < need:
                raise ScenarioError(f"strike: at step {STEP_NAMES[strike.step]} "
                                    f"{who.label} has set an attack; give {who.label}=...")
        if strike.critical and strike.step is not StrikeStep.PAY_COSTS:
            raise ScenarioError("strike: an attack is made Critical at the reveal; "
                                "critical=... needs step 'costs'")
        events: list[ev.Event] = [ev.TurnStarted(player=attacker, turn=self._turn + 1),
                                  ev.StrikeStarted(attacker=attacker)]
        for who in order[:need]:
            events.append(self._attack_set(state, who, strike.attacks[who]))
        if strike.step is StrikeStep.PAY_COSTS:
            sides = [e.cards for e in events if isinstance(e, ev.AttackSet)]
            by_seat = dict(zip(order, sides, strict=True))
            events.append(ev.AttacksRevealed(p1=by_seat[Player.P1], p2=by_seat[Player.P2]))
            events += [ev.AttackMadeCritical(player=who) for who in strike.critical]
        return events

    def _attack_set(self, state: State, who: Player,
                    attack: Sequence[str] | str | None) -> ev.AttackSet:
        """``who``'s attack as set: named cards from the hand the seat was given, or a
        wild swing of the deck's top card."""
        p = state.players[who]
        if attack == WILD:
            if not p.deck:
                raise ScenarioError(f"strike: {who.label} wild swings with an empty deck")
            return ev.AttackSet(player=who, cards=(p.deck[0],), wild=True)
        names = [attack] if isinstance(attack, str) else list(attack or ())
        if not 1 <= len(names) <= 2 or len(set(names)) != 1:
            raise ScenarioError(f"strike: {who.label}'s attack is one card, or two copies "
                                f"of one card (EX), got {names}")
        hand = list(p.hand)
        cards = []
        for name in names:
            card_id = self.card_id(who, name)
            ref = next((r for r in hand if state.card_defs[r] == card_id), None)
            if ref is None:
                raise ScenarioError(f"strike: {who.label}'s attack {card_id} must be in "
                                    f"{who.label}'s hand (hand=[...]) before it is set")
            hand.remove(ref)
            cards.append(ref)
        return ev.AttackSet(player=who, cards=tuple(cards), wild=False)

    def _check_seat(self, who: Player) -> None:
        """Refuse values no game can reach: a fighter in play without life, a life above
        the maximum, more reshuffles than the rules allow."""
        seat = self.seats[who]
        if seat.life is not None and not 1 <= seat.life <= MAX_LIFE:
            raise ScenarioError(f"{who.label}: life must be in 1..{MAX_LIFE}, got {seat.life}")
        if seat.deck_rest not in DECK_RESTS:
            raise ScenarioError(f"{who.label}: deck_rest must be one of "
                                f"{', '.join(DECK_RESTS)}, got {seat.deck_rest!r}")
        left = seat.reshuffles_left
        if left is not None and not 0 <= left <= RESHUFFLES_PER_GAME:
            raise ScenarioError(f"{who.label}: reshuffles_left must be in "
                                f"0..{RESHUFFLES_PER_GAME} (core rulebook, Reshuffle: once "
                                f"per game), got {left}")
        if left is not None and seat.reshuffled and left > 0:
            raise ScenarioError(f"{who.label}: reshuffled=True leaves no reshuffle, but "
                                f"reshuffles_left={left}")

    def _check_areas(self, who: Player, p: PlayerState) -> None:
        """Refuse an ``areas`` name ``who``'s fighters cannot have: only Under Night's
        mechanic keeps named areas, so for any other fighter the cards would leave every
        zone the rules read (a ``ScenarioError`` naming the seat, the field and the
        name). An Under Night fighter has ``set_aside`` and the areas its data declares
        (``CharacterDef.areas``; one that declares none: any name, as no packaged Under
        Night fighter declares them yet). An area given no cards places nothing and is
        not checked (``{"web": []}`` for Ryu is harmless, as an empty ``hand`` is)."""
        names = sorted(name for name, cards in self.seats[who].areas.items() if cards)
        if not names:
            return
        fighters = [self.catalog.character(name) for name in (p.character, p.partner)
                    if name is not None]
        night = [f for f in fighters if f.season is Season.UNDER_NIGHT]
        if not night:
            raise ScenarioError(
                f"{who.label}: areas names {names[0]!r}, but "
                f"{' and '.join(f.name for f in fighters)} "
                f"{'keeps' if len(fighters) == 1 else 'keep'} no named areas (only an "
                "Under Night fighter does; set-aside cards go in set_aside)")
        if any(not f.areas for f in night):
            return
        allowed = sorted({SET_ASIDE}.union(*(f.areas for f in night)))
        unknown = [name for name in names if name not in allowed]
        if unknown:
            raise ScenarioError(f"{who.label}: areas names {unknown[0]!r}, an area "
                                f"{' and '.join(f.name for f in night)} cannot have; "
                                f"expected one of {', '.join(allowed)}")

    def _place(self, state: State, who: Player, seed: int) -> list[ev.Event]:
        """Place ``who``'s seat on ``state`` (a scratch copy of the dealt-out table)
        and return the events that do the same."""
        seat, p = self.seats[who], state.players[who]
        self._check_seat(who)
        self._check_areas(who, p)
        given = self.mechanic_fields(who)
        pool = list(p.deck)
        place = _SeatPlace(self, state, who, pool)
        events: list[ev.Event] = []
        created = self._create(state, who)
        if created is not None:
            events.append(created)
            state.card_defs.update(zip(created.cards, created.card_ids, strict=True))
        extra = list(created.cards) if created is not None else []

        take = place.take

        def extras(zone: str) -> list[int]:
            return [extra.pop(0) for _ in seat.extra.get(zone, ())]

        char = self.catalog.character(p.character)
        sealed = seat.sealed if seat.sealed is not None else [
            e.card for e in char.start_sealed for _ in range(e.copies)]
        aside = seat.set_aside if seat.set_aside is not None else [
            e.card for e in char.set_aside for _ in range(e.copies)]
        set_aside = [take(n) for n in aside]
        if set_aside:
            events.append(ev.CardsSetAside(player=who, cards=tuple(set_aside)))
        events += _hooked(given, lambda m, fields: m.recipe_cards(place, fields))
        zones = {
            "hand": [take(n) for n in seat.hand] + extras("hand"),
            "gauge": [take(n) for n in seat.gauge] + extras("gauge"),
            "boosts": [take(n) for n in seat.boosts] + extras("boosts"),
            "discard": [take(n) for n in seat.discard] + extras("discard"),
            "sealed": [take(n) for n in sealed] + extras("sealed"),
        }
        areas = {name: [take(n) for n in cards] for name, cards in seat.areas.items()}
        top = [take(n) for n in seat.deck] if seat.deck is not None else []
        zones["deck"] = top + extras("deck") + self._rest(who, state, pool, seed)
        for name, cards in zones.items():
            zone = ZONES[name]
            if cards != zone_list(p, zone):
                zone_list(p, zone)[:] = cards
                events.append(ev.PositionEdited(player=who, kind=ev.EditKind.ZONE, zone=zone,
                                                cards=tuple(cards)))
        events += [ev.CardEnteredArea(player=who, card=card, area=name)
                   for name, cards in areas.items() for card in cards]
        events += self._seat_values(who, p)
        return events + _hooked(given, lambda m, fields: m.recipe_events(place, fields))

    def _create(self, state: State, who: Player) -> ev.CardsCreated | None:
        """The ``extra`` cards of ``who``'s seat, with references after the deck's."""
        seat = self.seats[who]
        unknown = sorted(set(seat.extra) - set(ZONES))
        if unknown:
            raise ScenarioError(f"{who.label}: extra names zone {unknown[0]!r}; expected "
                                f"one of {', '.join(ZONES)}")
        names = [(zone, n) for zone in ZONES for n in seat.extra.get(zone, ())]
        if not names:
            return None
        ids = tuple(self._own_card(who, zone, n) for zone, n in names)
        base = CARDS_PER_PLAYER_BASE * who
        first = base + len(state.players[who].deck)
        if first + len(ids) > base + CARDS_PER_PLAYER_BASE:
            raise ScenarioError(f"{who.label}: at most {base + CARDS_PER_PLAYER_BASE - first} "
                                f"extra cards fit beside the deck, got {len(ids)}")
        return ev.CardsCreated(player=who, cards=tuple(range(first, first + len(ids))),
                               card_ids=ids)

    def _own_card(self, who: Player, zone: str, name: str) -> str:
        return own_card(self.catalog, self.setup.character(who), name,
                        f"{who.label}: extra {zone} card")

    def _seat_values(self, who: Player, p: PlayerState) -> list[ev.Event]:
        """The seat's space, life, Exceed and reshuffles that were given."""
        seat = self.seats[who]
        kind = ev.EditKind
        values: list[tuple[ev.EditKind, int]] = []
        if seat.space is not None:
            values.append((kind.SPACE, seat.space))
            p.space = seat.space
        if seat.life is not None:
            values.append((kind.LIFE, seat.life))
        if seat.exceeded:
            values.append((kind.EXCEEDED, 1))
        left = 0 if seat.reshuffled else seat.reshuffles_left
        if left is not None:
            values.append((kind.RESHUFFLES_LEFT, left))
        return [ev.PositionEdited(player=who, kind=k, value=v) for k, v in values]

    def _rest(self, who: Player, state: State, pool: list[int], seed: int) -> list[int]:
        """The cards under the named top of ``who``'s deck, as ``deck_rest`` says."""
        rest = self.seats[who].deck_rest
        if rest == "shuffled":
            return Rng(derive_seed(seed, f"scenario-deck-{who.label}")).shuffle(pool)
        if rest == "none" and pool:
            names = sorted({state.card_defs[ref] for ref in pool})
            raise ScenarioError(
                f"{who.label}: deck_rest='none' makes deck the whole deck, but {len(pool)} "
                f"card(s) of the deck list are in no zone ({', '.join(names[:4])}"
                f"{', ...' if len(names) > 4 else ''}); place them or use 'ordered'")
        return pool


def _hooked(given: list[tuple[Mechanic, msgspec.Struct]],
            hook: Callable[[Mechanic, msgspec.Struct], list[ev.Event]]) -> list[ev.Event]:
    """What ``hook`` gives for each mechanic's fields, in registration order; a
    mechanic's ``ValueError`` as a ``ScenarioError``."""
    events: list[ev.Event] = []
    for mechanic, fields in given:
        try:
            events += hook(mechanic, fields)
        except ScenarioError:
            raise
        except ValueError as error:
            raise ScenarioError(str(error)) from None
    return events
