"""The ``Mechanic`` base class: the named hooks a season mechanic plugs into the rules.

The turn rules (``engine.rules.turn``, ``engine.rules.actions``) and the strike rules (``engine.rules.strike``)
call every attached mechanic's hook, in registration order, at the fixed points below.
Each hook's default does nothing, so a mechanic overrides only the points it needs, and
``engine.core.hooks.registry.Hooks`` calls only the overridden ones (a game with no
mechanic hooks pays nothing). A hook may emit events through ``table`` and, where it
returns a ``Flow``, ask the players for decisions; it never changes the state itself.

Setup
  ``attached(state, catalog)``: whether the mechanic takes part in this game, tested
  once per game on the initial state. The default: a fighter of the mechanic's
  ``seasons`` is seated (``CharacterDef.season``). ``seat(catalog, spec)``: a seat
  spec the mechanic claims (Tag Team: ``"ryu+ken"``), as a ``Seat``; None: not its.

Turn (``engine.rules.turn``, ``engine.rules.actions``)
  ``start_of_turn``: after ``TurnStarted``, before the first action. ``action_options``:
  extra actions, appended after the core ones. ``may_boost``: False keeps a card out of
  the core Boost action (action validity). ``perform``: carry out an action the
  mechanic offered (None: not its decision); it gets ``TurnRules`` to reuse the core
  exceed and boost. ``exceeded``: after ``Exceeded``, before the ``on_exceed`` effects.
  ``reshuffled``: after a manual Reshuffle action's ``DeckReshuffled``.
  ``end_of_turn``: after the ``end_of_turn`` effects, before ``TurnEnded``.
  ``forced_actions``: the only actions offered, when not empty (a strike an effect
  forces at the start of the turn).

Strike (``engine.rules.strike``)
  ``attack_options``: extra ways to set (appended). ``set_attack``: set an attack the
  mechanic offered; returns the cards to set (None: not its decision). ``attack_set``:
  after a player's attack is set and their set effects resolved, before the other player
  sets. ``reveal``: after ``AttacksRevealed``, before costs. ``ex``: after an EX
  attack's extra copies are discarded (how many). ``attack_valid``: False makes the set
  card an invalid attack (it cannot be paid for; also keeps it out of an extra attack).
  ``ex_granted``: True makes any single card an EX attack as it is set (a strike that
  must be EX then offers single cards too).
  ``after_triggers``: more ``after`` triggers of an attack's player, ordered with the
  attack's own (Rachel's lightning rods, Tag Team's Ejection Strike). ``after_attack``:
  after an attack's ``after`` effects. ``cleanup``: after a player's
  cleanup effects, before boosts and attack cards leave play. ``range_origins``: the
  spaces an attack's range is measured from, instead of its fighter's (a buddy's).
  ``dodge_ranges``: more distances at which an attack on a fighter misses, read at its
  hit check (Arakune's dodge at his overdrive count). ``max_life``: a lower most life
  for a seat's fighter in play than the rulebook's 30 (a Tag Team fighter's 20).
  ``range_includes``: True makes an attack reach the opponent whatever the distance (on
  a lightning rod). ``nonlethal_in_full``: True counts the damage a nonlethal cap held
  back toward the strike's damage taken (the UNI and BlazBlue rulebooks' Non-lethal
  damage). ``boost_bonus_ended``: a continuous boost left play mid-strike; for each
  event its ``during_strike`` effects emitted, end it if it is the mechanic's own
  lasting modifier (Superior's EX).

Movement (``engine.effects``, ``engine.rules.actions``)
  ``movement_walls``: spaces a fighter's own movement may not enter or pass (a buddy made a wall).

Why ``Timing`` stays a closed enum: it is the card data's vocabulary (decoded and
checked by msgspec when the catalog loads, and covered by the catalog's content hash),
not a list of places in the rules. A mechanic's places in the rules are the hooks
above, which need no enum value; a mechanic whose cards carry effects for a new moment
(Overdrive's) adds that one ``Timing`` value and resolves those effects from its hook
(``engine.effects.resolve_all``).

Presentation (read by ``engine.text`` and ``engine.knowledge``, never by the rules)
  ``describe(t, event)``: the transcript line of one of the mechanic's events (None: a
  bookkeeping event, no line); ``t`` is a ``Teller`` (names of fighters and cards).
  ``counters(state, who)``: numbers to show for ``who`` kept in the flat fields the state
  hash already fixes (Tag Team's partner life); a ``MechanicState`` shows its own
  (``MechanicState.counters``). ``attached_seat``: whether the mechanic's rules are
  ``who``'s (the BlazBlue rulebook: "each season has its own unique mechanics that only
  those characters can use").

Registration (``engine.core.hooks.registry.register``): one call per mechanic, with its
``events`` module (which events it describes; the log's ``Event`` union lists them),
its ``folds`` (``APPLY``, ``ALSO``) and its ``effects`` module (handlers and conditions,
registered as it loads). Its state is either the flat fields the state hash already
fixes (Tag Team, Critical) or a ``MechanicState`` in ``State.mechanics``; a position
recipe states it as seat fields (a ``recipe_fields`` struct): the builder (``engine.play.scenario``)
asks ``recipe_cards`` and ``recipe_events`` for its events, the exporter
(``engine.play.export``) asks ``recipe`` for the fields (a ``RecipeSeat`` each).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Protocol

import msgspec

from engine.cards.catalog import Catalog
from engine.cards.schema import Effect, Season
from engine.cards.seasons import SeasonDef
from engine.core.decisions import Decision
from engine.core.event_base import EventStruct
from engine.core.ids import Player
from engine.core.state import PlayerState, State

if TYPE_CHECKING:
    from engine.core.context import Flow, Table


class Seat(NamedTuple):
    """What a seat spec puts at a seat before setup: the fighter in play, its life, the
    deck (card ids in deck-list order) and what the mechanic adds to the new
    ``PlayerState`` (None: nothing)."""

    character: str
    life: int
    deck: list[str]
    prepare: Callable[[PlayerState], None] | None = None


class TurnRules(Protocol):
    """The core turn steps a mechanic's action may reuse (``engine.rules.actions``)."""

    def exceed(
        self, table: Table, who: Player, around: Callable[[], None] | None = None
    ) -> Flow[bool]:
        """Exceed; ``around`` runs before the cost is paid and after ``on_exceed``."""
        ...

    def play_boost(self, table: Table, who: Player, card: int) -> Flow[bool]:
        """Play ``card`` as a boost, paying its force cost."""
        ...


class Teller(Protocol):
    """What a mechanic's wording reads: the position before the event (``state``), the
    cards' and fighters' names (``engine.text.notation.Transcript``)."""

    state: State
    catalog: Catalog

    def name(self, ref: int) -> str:
        """A card's name (``"a hidden card"`` for one the reader may not see)."""
        ...

    def who(self, player: Player) -> str:
        """``"p1 Ryu"``."""
        ...

    def whose(self, player: Player) -> str:
        """``who`` as a possessive."""
        ...

    def cards(self, refs: Sequence[int]) -> str:
        """Cards' names joined by `` + ``."""
        ...


class RecipeSeat(Protocol):
    """One seat of a position recipe being built (``engine.play.scenario``) or exported
    (``engine.play.export``), as a mechanic's recipe hooks see it."""

    who: Player
    state: State
    """Building: the position so far (the core zones placed for ``recipe_events``);
    exporting: the position exported."""
    catalog: Catalog

    def take(self, name: str) -> int:
        """Building: a copy of card ``name`` (short or full id) out of the deck."""
        ...

    def card_id(self, name: str) -> str:
        """Building: the full card id ``name`` stands for at this seat."""
        ...

    def names(self, refs: Sequence[int], where: str) -> list[str]:
        """Exporting: the cards' ids (an opponent's or a created card left out, a gap)."""
        ...

    def gap(self, line: str) -> None:
        """Exporting: note what the recipe cannot state (one line)."""
        ...


class Mechanic:
    """A season mechanic: a name, what attaches it, and hook methods (see the module)."""

    name: ClassVar[str] = ""
    season: ClassVar[SeasonDef | None] = None
    """The season this mechanic brings, declared here once (``engine.cards.seasons``);
    registering the mechanic declares it. None: a mechanic of no season of its own."""
    seasons: ClassVar[frozenset[Season]] = frozenset()

    # --- setup -------------------------------------------------------------------

    def attached(self, state: State, catalog: Catalog) -> bool:
        """Whether the mechanic takes part in the game starting from ``state`` (once per
        game). Default: a seated fighter's ``season`` is one of ``seasons``."""
        return any(
            catalog.character(p.character).season in self.seasons for p in state.players
        )

    def attached_seat(self, state: State, catalog: Catalog, who: Player) -> bool:
        """Whether this mechanic's rules are ``who``'s: a fighter of ``seasons`` at that
        seat (in play or tagged out). Read only the seat's fighters (``character``,
        ``partner``) and the catalog: the answer is kept per seat's fighters
        (``registry.seat_mechanics``). Used for ``counters``; the rules' own hooks test
        their seat themselves (BlazBlue's ``in_overdrive_mode``)."""
        p = state.players[who]
        return any(catalog.character(name).season in self.seasons
                   for name in (p.character, p.partner) if name is not None)

    def seat(self, catalog: Catalog, spec: str) -> Seat | None:
        """The seat for a spec this mechanic claims (None: not its). Setup only; emits
        nothing."""
        return None

    def game_setup(self, table: Table) -> None:
        """After ``GameStarted``, before any card is dealt: what the mechanic puts in play
        at the start of the game (Carl Clover's Nirvana on his space); may emit (no
        question)."""
        return None

    # --- turn --------------------------------------------------------------------

    def start_of_turn(self, table: Table, who: Player) -> Flow[None]:
        """After ``TurnStarted``, before ``who``'s first action; may emit and ask."""
        return
        yield

    def action_options(self, table: Table, who: Player) -> list[Decision]:
        """Extra actions ``who`` may take now, appended after the core ones. Reads only;
        emits nothing."""
        return []

    def may_boost(self, table: Table, who: Player, card_id: str) -> bool:
        """False keeps ``card_id`` out of the core Boost action. Reads only."""
        return True

    def forced_actions(self, table: Table, who: Player) -> list[Decision]:
        """The only actions ``who`` may take now (empty: no restriction), e.g. a strike
        an effect forces at the start of the turn. Reads only; emits nothing."""
        return []

    def perform(
        self, table: Table, who: Player, decision: Decision, rules: TurnRules
    ) -> Flow[bool] | None:
        """Carry out ``decision`` if it is one of this mechanic's actions (None: it is
        not), emitting its ``ActionTaken`` first; the flow returns True if it led to a
        strike. ``rules`` gives the core exceed and boost to reuse."""
        return None

    def exceed_gauge_to(self, table: Table, who: Player) -> Callable[[int], None] | None:
        """What to do with each gauge card ``who`` pays for the Exceed action, instead of
        discarding it (None: not this mechanic's; the first mechanic that answers wins).
        The returned function emits the card's move."""
        return None

    def exceeded(self, table: Table, who: Player) -> Flow[None]:
        """After ``Exceeded``, before the character's ``on_exceed`` effects; may emit and
        ask."""
        return
        yield

    def reshuffled(self, table: Table, who: Player) -> Flow[None]:
        """After a manual Reshuffle action's ``DeckReshuffled`` (not the automatic one
        when a deck runs out mid-draw); may emit and ask."""
        return
        yield

    def end_of_turn(self, table: Table, who: Player) -> Flow[None]:
        """After the end-of-turn draw, hand limit and ``end_of_turn`` effects, before
        ``TurnEnded`` (an ``AdvantageGained`` here still decides who acts next); may
        emit and ask."""
        return
        yield

    # --- strike ------------------------------------------------------------------

    def attack_options(
        self, table: Table, who: Player, by_id: dict[str, list[int]], options: list[Decision]
    ) -> list[Decision]:
        """Extra ways ``who`` may set, appended to ``options`` (``by_id``: the hand's
        refs by card id, after a Reading has narrowed it). Reads only."""
        return []

    def set_attack(
        self, table: Table, who: Player, decision: Decision
    ) -> Flow[tuple[int, ...]] | None:
        """Set an attack this mechanic offered (None: not its decision): may emit and
        ask, and returns the cards for the core to set face-down (``AttackSet``)."""
        return None

    def attack_set(self, table: Table, who: Player) -> Flow[None]:
        """After ``who`` has set their attack and their ``set_strike`` effects (and the
        opponent's ``opponent_set_strike`` ones) have resolved, before the other player
        sets (or, ``who`` setting second, before the reveal); may emit and ask."""
        return
        yield

    def reveal(self, table: Table) -> Flow[None]:
        """After ``AttacksRevealed``, before either side pays its costs; may emit and
        ask."""
        return
        yield

    def ex(self, table: Table, who: Player, copies: int) -> None:
        """After an EX attack's ``copies`` extra copies went to the discard pile, before
        its costs are paid; may emit (no question)."""
        return None

    def boost_bonus_ended(self, table: Table, event: EventStruct) -> None:
        """A continuous boost left play mid-strike, and ``event`` is one its
        ``during_strike`` effects emitted (``Table.end_boost_bonuses``): if it is one of
        this mechanic's lasting strike modifiers, emit what ends it (no question)."""
        return None

    def attack_valid(self, table: Table, who: Player, card: int) -> bool:
        """False: ``card`` cannot be paid for and is an invalid attack (and cannot be an
        extra attack). Reads only."""
        return True

    def ex_granted(self, table: Table, who: Player) -> bool:
        """True: whatever single card ``who`` sets now will be an EX attack (a
        continuous boost of theirs in play makes it EX), so a single card satisfies
        ``strike_with_ex``. Reads only."""
        return False

    def after_triggers(self, table: Table, who: Player) -> tuple[tuple[int, Effect], ...]:
        """More ``after`` triggers of ``who``'s attack (hit or miss), each with the card
        that carries it: gathered with the attack's, boosts' and character's ``after``
        effects (``engine.effects.registry.effects_at``), so the player orders them with
        those (core rulebook: "you choose the order to activate each trigger")."""
        return ()

    def after_attack(self, table: Table, who: Player) -> Flow[None]:
        """After ``who``'s attack's ``after`` effects (hit or miss); may emit and ask."""
        return
        yield

    def cleanup(self, table: Table, who: Player) -> Flow[None]:
        """After ``who``'s ``cleanup`` effects, before their boosts and attack cards
        leave play; may emit and ask."""
        return
        yield

    def range_origins(self, table: Table, who: Player) -> tuple[int, ...] | None:
        """The spaces ``who``'s attack measures its range from, instead of ``who``'s
        (the attack hits if the opponent is in range from any; empty: it misses); None:
        this mechanic does not move the origin. Reads only."""
        return None

    def dodge_ranges(self, table: Table, who: Player) -> tuple[tuple[int, int], ...]:
        """Distances (low, high) from which an attack on ``who`` misses now, besides the
        strike's core ``dodge_at_range`` ones, asked as the opponent's attack is checked
        for a hit (Arakune's Equals 0: exactly his overdrive count then). Reads only."""
        return ()

    def max_life(self, table: Table, who: Player) -> int | None:
        """The most life ``who``'s fighter in play may have, when this mechanic sets it
        below the rulebook's 30 (``MAX_LIFE``): a Tag Team fighter's 20 (Street Fighter
        rulebook, Tag Team: "Each character has 20 life"; FAQ: life never goes above its
        maximum). None: no cap of its own. Reads only."""
        return None

    def range_includes(self, table: Table, who: Player) -> bool:
        """True: ``who``'s attack reaches the opponent at the range check whatever the
        distance and origin (the opponent stands on one of ``who``'s lightning rods and
        the attack has ``range_includes_lightningrods``). Reads only."""
        return False

    def nonlethal_in_full(self, table: Table) -> bool:
        """True: damage a nonlethal cap keeps from the target's life still counts in full
        toward the strike's damage taken (stun, ``damage_taken``), as the UNI and
        BlazBlue rulebooks' Glossary has it ("Non-lethal damage ... They still take full
        damage for the purposes of Stunning, Armor, and other effects"); False: only
        the life lost counts (core and Street Fighter rulebooks, FAQ: "if an opponent
        with 3 life is dealt 5 non-lethal damage, they take 2 damage"). Reads only."""
        return False

    # --- movement ------------------------------------------------------------------

    def movement_walls(self, table: Table, mover: Player) -> tuple[int, ...]:
        """Spaces ``mover``'s own movement (advance, retreat, close, a move) may not
        enter or pass: it stops before the first one in its way. Reads only."""
        return ()

    def stop_space(self, table: Table, mover: Player, src: int, dst: int) -> int:
        """Where ``mover``, moving from ``src`` toward ``dst``, stops (``dst`` unless
        something on the way stops them: a Trap's ``stop_on_space_effect``). Reads only."""
        return dst

    def after_effect(self, table: Table) -> Flow[None]:
        """After each effect has resolved (before its ``then`` chain) and after a Move
        action: what a movement left pending runs (a sprung Trap); may emit and ask."""
        return
        yield

    # --- presentation and positions ------------------------------------------------

    words: ClassVar[Mapping[type, Callable[[Teller, Any], str | None]]] = {}
    """Event type -> its transcript line (what ``describe`` reads by default)."""

    def describe(self, t: Teller, event: Any) -> str | None:
        """The transcript line of ``event``, one of this mechanic's (registered with its
        ``events``); None: no line. ``t.state`` is the position before the event.
        Default: its ``words`` entry."""
        line = self.words.get(type(event))
        return None if line is None else line(t, event)

    def counters(self, state: State, who: Player) -> dict[str, int]:
        """Numbers to show for ``who`` that live in the flat state fields this mechanic
        owns (a ``MechanicState`` shows its own: ``MechanicState.counters``); none by
        default. Called for a seat it is attached to (``attached_seat``)."""
        return {}

    recipe_fields: ClassVar[type[msgspec.Struct] | None] = None
    """The seat fields a position recipe may give for this mechanic: a struct with a
    default for each (``engine.play.scenario`` converts a seat's fields to it, so a bad
    value is refused with its name, and hands it to the hooks below)."""
    recipe_keys: ClassVar[frozenset[str]] = frozenset()
    """The ``State.mechanics`` records its recipe states (the exporter lists any other
    record as a gap)."""
    recipe_areas: ClassVar[frozenset[str]] = frozenset()
    """The named areas its recipe states itself (not as the builder's ``areas``)."""

    def recipe_cards(self, seat: RecipeSeat, fields: Any) -> list[Any]:
        """Building a position: the events that put ``fields``' cards in this mechanic's
        places, each taken from the deck (``seat.take``) before the core zones are
        (the overdrive area, lightning rods). A bad value raises ``ValueError`` naming
        it. None by default."""
        return []

    def recipe_events(self, seat: RecipeSeat, fields: Any) -> list[Any]:
        """Building a position: the events that state the rest of ``fields``, after the
        core zones and values are placed (Traps among the boosts, buddies, a partner's
        life). A bad value raises ``ValueError`` naming it. None by default."""
        return []

    def recipe(self, seat: RecipeSeat) -> dict[str, object]:
        """Exporting a position: ``seat.who``'s fields of this mechanic as a recipe
        states them (``engine.play.export``), cards by id (``seat.names``), what a
        recipe cannot say through ``seat.gap``. None by default."""
        return {}
