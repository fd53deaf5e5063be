"""The rules' handle on a game: emit events, look up cards and draw (asking a player
and paying force or gauge are ``engine.core.asking``).

``Table`` is what rules and effect handlers hold. It never changes the state itself:
``emit`` folds each event through ``engine.core.apply`` and records it. Drawing and wild
swinging live here because both rules and effects need them, and both may end the game
(by deck-out), which raises ``GameOver`` to unwind the rules.

Rules that need a player's input are generators (``Flow``): they ``yield`` a request
and receive the decision that ``Game.step`` has already validated. The effect context
(``EffectCtx``, ``ActionScope``) and the ``rule`` causes are here too.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Generator, Sequence
from typing import ParamSpec, TypeVar

from engine.cards.catalog import Catalog
from engine.cards.schema import CardDef, ConditionKind
from engine.core import events as ev
from engine.core.apply import fold_table
from engine.core.card_facts import card_conditions, card_facts
from engine.core.causes import DECIDED, Cause, CauseKind
from engine.core.decisions import Decision, Request
from engine.core.events.boost_left import ending
from engine.core.hooks.registry import Hooks, hooks_for
from engine.core.ids import CARDS_PER_PLAYER_BASE, Player, Zone, owner_of
from engine.core.rng import Rng
from engine.core.state import EndReason, PlayerState, State

T = TypeVar("T")
P = ParamSpec("P")
Flow = Generator[Request, Decision, T]


class GameOver(Exception):
    """Raised by ``Table.emit`` after a ``GameEnded`` event, to unwind the rules."""


class Table:
    """State, PRNG, card data and the event sink of one game."""

    __slots__ = ("_boost_need", "_defs", "_discount", "_folds", "_force", "_last_cause",
                 "_read_conditions", "_why", "boost_bonuses", "catalog", "causes", "events", "hooks", "rng", "state",
                 "step_start")

    def __init__(self, state: State, rng: Rng, catalog: Catalog) -> None:
        self.state = state
        self.rng = rng
        self.catalog = catalog
        self.events: list[ev.Event] = []
        self._defs: dict[int, CardDef] = {
            ref: catalog.card(card_id) for ref, card_id in state.card_defs.items()
        }
        self._force: dict[int, int] = {}
        self._boost_need: dict[int, int] = {}
        self._discount: dict[int, int] = {}
        for ref, card in self._defs.items():
            self._know_card(ref, card)
        self.hooks: Hooks = hooks_for(state, catalog)
        """The hooks of the season mechanics attached to this game (decided from the
        state it starts from: its fighters' seasons and seats)."""
        self._read_conditions: dict[Player, frozenset[ConditionKind]] = {}
        self.causes: list[Cause] = []
        """Why each event of ``events`` happened (same length; ``engine.core.causes``)."""
        self._why: list[tuple[CauseKind, str, int, int, int]] = []
        self._folds = fold_table()
        self._last_cause: tuple[object, int, Cause] | None = None
        """The innermost cause frame and ``step_start`` of the last cause built, with it:
        the events of one frame in one step share one (immutable) ``Cause``."""
        self.step_start = 0
        self.boost_bonuses: dict[int, list[int]] = {}
        """Continuous boost -> the indices in ``events`` of what its ``during_strike``
        effects gave the strike in progress (``note_boost_bonuses``); emptied as each
        strike starts (``engine.rules.strike.run_strike``)."""
        """The index in ``events`` of the first event of the step being played (set by
        ``Game`` before each decision): a cause that begins before any event of its
        step follows from the decision (``after`` -1)."""

    # --- events -------------------------------------------------------------------

    def push_cause(self, kind: CauseKind, what: str, card: int = -1, player: int = -1) -> None:
        """Events emitted from now until the matching ``pop_cause`` were caused so (unless
        an inner cause claims them)."""
        self._why.append((kind, what, card, player, len(self.events)))

    def pop_cause(self) -> None:
        self._why.pop()

    def in_rule(self, name: str) -> bool:
        """The rule ``name`` (``rule``) is being resolved: ``attack`` while an attack's
        before, hit and after effects run (not at the strike's cleanup)."""
        return any(kind is CauseKind.RULE and what == name for kind, what, *_ in self._why)

    def asking_source(self, who: Player) -> int | None:
        """What asks ``who`` a question now (``ChoiceRequest.source``): the card whose
        effect is resolving (the innermost cause), -1 for ``who``'s own character card,
        None when the innermost cause is a rule of the game (or none is)."""
        if not self._why:
            return None
        kind, _, card, player, _ = self._why[-1]
        if kind is not CauseKind.EFFECT or (card < 0 and player != who):
            return None
        return card

    def _cause(self) -> Cause:
        """The cause of the event being emitted: the innermost cause, following from the
        last event before it began if that was in this step, else from this step's
        decision (-1). ``emit`` inlines the common case (the last cause built)."""
        if not self._why:
            return DECIDED
        top = self._why[-1]
        last = self._last_cause
        if last is not None and last[0] is top and last[1] == self.step_start:
            return last[2]
        kind, what, card, player, begun = top
        after = begun - 1 if begun > self.step_start else -1
        cause = Cause(kind=kind, what=what, card=card, player=player, after=after)
        self._last_cause = (top, self.step_start, cause)
        return cause

    def emit(self, event: ev.Event) -> None:
        kind = type(event)
        self._folds[kind](self.state, event)
        self.events.append(event)
        why = self._why
        last = self._last_cause
        if not why:
            self.causes.append(DECIDED)
        elif last is not None and last[0] is why[-1] and last[1] == self.step_start:
            self.causes.append(last[2])
        else:
            self.causes.append(self._cause())
        if kind is ev.GameEnded:
            raise GameOver
        if type(event) is ev.CardsCreated:  # a built position's extra cards
            for ref, card_id in zip(event.cards, event.card_ids, strict=True):
                card = self._defs[ref] = self.catalog.card(card_id)
                self._know_card(ref, card)
            self._read_conditions.pop(event.player, None)

    def _know_card(self, ref: int, card: CardDef) -> None:
        """Note what the hot paths read of card ``ref`` (definition ``card``):
        ``card_facts``."""
        force, need, discount = card_facts(card)
        self._force[ref] = force
        self._boost_need[ref] = need
        if discount:
            self._discount[ref] = discount
        else:
            self._discount.pop(ref, None)

    def lose(self, loser: Player, reason: EndReason) -> None:
        self.emit(ev.GameEnded(winner=loser.other, reason=reason))

    # --- lookups ------------------------------------------------------------------

    def card(self, ref: int) -> CardDef:
        return self._defs[ref]

    def printed_guard(self, ref: int) -> int:
        """Card ``ref``'s printed guard: the cards in its owner's hand now when the card
        says so (``guard_is_cards_in_hand``: Jin's Arctic Dungeon), else the number."""
        definition = self._defs[ref]
        if definition.guard_is_cards_in_hand:
            return len(self.state.players[owner_of(ref)].hand)
        return definition.guard

    def p(self, who: Player) -> PlayerState:
        return self.state.players[who]

    def cards_read(self, who: Player, kind: ConditionKind) -> bool:
        """Some card of ``who``'s in this game has an effect (or nested effect) whose
        condition is ``kind``; worked out once per player and game (again after cards
        are created for them)."""
        kinds = self._read_conditions.get(who)
        if kinds is None:
            base = CARDS_PER_PLAYER_BASE * who
            cards = {id(card): card for ref, card in self._defs.items()
                     if base <= ref < base + CARDS_PER_PLAYER_BASE}
            kinds = self._read_conditions[who] = frozenset().union(
                *(card_conditions(card) for card in cards.values()))
        return kind in kinds

    def force_value(self, ref: int) -> int:
        return self._force[ref]

    def boost_need(self, ref: int) -> int:
        """The force card ``ref``'s boost needs from its owner's other cards: its printed
        force cost plus the card's own force value (it cannot pay for itself)."""
        return self._boost_need[ref]

    def available_force(self, who: Player, exclude: Sequence[int] = ()) -> int:
        p = self.state.players[who]
        value = self._force.__getitem__
        total = sum(map(value, p.hand)) + sum(map(value, p.gauge))
        if exclude:
            total -= sum(value(c) for c in exclude if c in p.hand)
        return total

    def force_discount(self, who: Player) -> int:
        """How much less every force cost of ``who`` is: the ``force_costs_reduced_passive``
        amounts of their continuous boosts in play (Hazama's Serpent's Benediction)."""
        discount = self._discount
        if not discount:
            return 0
        return sum(discount.get(card, 0) for card in self.state.players[who].boosts)

    def force_for_costs(self, who: Player, exclude: Sequence[int] = ()) -> int:
        """The largest force cost ``who`` can pay now: their available force plus their
        force discount."""
        return self.available_force(who, exclude) + self.force_discount(who)

    # --- card flow ----------------------------------------------------------------

    def move(
        self,
        who: Player,
        card: int,
        src: Zone,
        dst: Zone,
        reason: ev.MoveReason,
        bottom: bool = False,
        keep_flags: bool = False,
    ) -> None:
        """``card`` goes from ``who``'s ``src`` to ``dst``. A continuous boost leaving
        play mid-strike (by any way but the cleanup) takes what it gave the strike with
        it (``end_boost_bonuses``); with ``keep_flags``, only its stat bonuses and dodge
        ranges: the one effect whose boost is spent into the gauge at once
        (``add_boost_to_gauge_on_strike_cleanup``) keeps the rest to the strike's end."""
        self.emit(ev.CardMoved(player=who, card=card, src=src, dst=dst, reason=reason, bottom=bottom))
        if src is Zone.BOOSTS and reason is not ev.MoveReason.CLEANUP:
            self.end_boost_bonuses(card, keep_flags=keep_flags)

    def seal(self, who: Player, card: int, src: Zone,
             reason: ev.MoveReason = ev.MoveReason.EFFECT) -> None:
        """``card`` leaves ``who``'s zone ``src`` for their sealed area (``reason``): face
        down (``CardSealedFaceDown``) when the fighter's sealed area is secret (Arakune's)."""
        if self.catalog.character(self.state.players[who].character).sealed_area_secret:
            self.emit(ev.CardSealedFaceDown(player=who, card=card, src=src))
            if src is Zone.BOOSTS:
                self.end_boost_bonuses(card)
        else:
            self.move(who, card, src, Zone.SEALED, reason)

    def note_boost_bonuses(self, card: int, start: int) -> None:
        """The ``during_strike`` effect of the continuous boost ``card`` that began
        at event ``start`` has resolved: its events are noted as what the boost gives the
        strike while it is in play (``end_boost_bonuses``)."""
        causes = self.causes
        noted = [i for i in range(start, len(self.events))
                 if causes[i].card == card and causes[i].kind is CauseKind.EFFECT]
        if noted:
            self.boost_bonuses.setdefault(card, []).extend(noted)

    def end_boost_bonuses(self, card: int, keep_flags: bool = False) -> None:
        """The continuous boost ``card`` has just left play during a strike (core
        rulebook: continuous boost effects "are active until they are discarded after
        Cleanup or by a card effect"): what its ``during_strike`` effects gave the strike
        (a stat bonus, an attack flag, a dodge range) ends, by the matching
        ``engine.core.events.boost_left`` event. What its triggered effects (before, hit,
        when hit, after) did stays done, like a move or a draw: they resolved once
        (Londrekia's Iceflower, ``when_hit: armorup 2 + stun_immunity + discard_this``,
        keeps its armor); its effects still waiting at the timing being resolved do
        not run (``engine.rules.strike.run_timing``). Nothing outside a strike.

        Every way out counts (discarded, to gauge, hand, deck, the sealed or overdrive
        area; sustained or not). The boosts that leave mid-strike by their own text:
        the Charged Attacks, Crimson Wings and Restriction
        (``add_boost_to_gauge_on_move``: Hyde, Hilda, Phonon, Vatista), Fear Not,
        Citizen! (``opponent_moved_past: discard_this``), Resonance, Baroque Noise,
        The Destroyers and Beat A Nail With Your Hammer
        (``return_this_boost_to_hand``), Chain Shift (Nanase, Enkidu),
        Bell Bug and Zero Vector (to overdrive), Soul's Oath (sealed), Iceflower; and
        any boost that another effect discards mid-strike (Platinum's Mystique Momo;
        Tech or the Under Night Block's boost when played mid-strike; Byakuya's ability
        discarding his Web Trap).

        ``keep_flags`` (``add_boost_to_gauge_on_strike_cleanup``, its boost spent into the
        gauge): only its stat bonuses (power, speed, armor, guard, range) and dodge ranges
        end, with the season mechanics' own (an EX, a dodge at the overdrive count); its
        attack flags (stun immunity...) and other modifiers stay to the strike's end. The
        reference client's ``disable_boost_effects`` takes back exactly those
        (``_revert_strike_bonus_effect``: ``powerup``, ``speedup``, ``armorup``,
        ``guardup``, ``rangeup``, ``dodge_at_range``, ``attack_is_ex``): Chun-Li's Swift
        Attack sent to her gauge at her hit no longer adds 1 to her speed for Hilda's
        Interference (``push OPPONENT_SPEED``), while Faultless Focus's stun immunity
        stays."""
        noted = self.boost_bonuses.pop(card, None)
        if not noted or self.state.strike is None:
            return
        for index in noted:
            event = self.events[index]
            ended = ending(event)
            if ended is not None and not (
                    keep_flags and not isinstance(event, ev.StatModified | ev.DodgeAtRangeGained)):
                self.emit(ended)
            for mechanic_ended in self.hooks.boost_bonus_ended:
                mechanic_ended(self, event)

    def _ensure_deck(self, who: Player) -> None:
        """Before drawing or wild swinging: reshuffle once, or lose if already done."""
        p = self.state.players[who]
        if p.deck:
            return
        if p.reshuffled or not p.discard:
            self.lose(who, EndReason.DECKED)
        order = tuple(self.rng.shuffle(p.discard))
        self.emit(ev.DeckReshuffled(player=who, order=order, manual=False))

    def draw(self, who: Player, count: int = 1, bottom: bool = False) -> None:
        """Draw ``count`` cards from the top of the deck (``bottom``: from the bottom)."""
        for _ in range(count):
            self._ensure_deck(who)
            card = self.state.players[who].deck[-1 if bottom else 0]
            self.move(who, card, Zone.DECK, Zone.HAND, ev.MoveReason.DRAW)

    def top_for_wild_swing(self, who: Player) -> int:
        self._ensure_deck(who)
        return self.state.players[who].deck[0]

    def shuffle_deck(self, who: Player) -> None:
        order = tuple(self.rng.shuffle(self.state.players[who].deck))
        self.emit(ev.DeckShuffled(player=who, order=order))


class AttackSetting(enum.Enum):
    """How the initiator of a requested strike sets their attack, when not as usual:
    ``FACEUP``: one card from hand (no EX, no wild swing), revealed at once
    (``strike_faceup``); ``FROM_GAUGE``: a card from gauge, face-up (``strike_from_gauge``);
    ``RANDOM_FROM_GAUGE``: as ``FROM_GAUGE``, the card picked at random
    (``strike_random_from_gauge``)."""

    FACEUP = "faceup"
    FROM_GAUGE = "from_gauge"
    RANDOM_FROM_GAUGE = "random_from_gauge"
    EX = "ex"
    """An EX pair from hand (no single card if a pair is held; no wild swing:
    ``strike_with_ex``)."""


class ActionScope:
    """What the effects of one action or boost ask the rules to do once they finish."""

    __slots__ = (
        "attack_setting",
        "boost_to_gauge",
        "extra_attacks",
        "manual_reshuffle",
        "opponent_sets_first",
        "opponent_wild_swing",
        "strike_requested",
        "strike_x",
        "wild_swing",
    )

    def __init__(self) -> None:
        self.strike_requested = False
        self.boost_to_gauge = False
        self.opponent_sets_first = False
        self.extra_attacks = 0
        self.manual_reshuffle = False
        """The effects run after the Reshuffle action (``manual_reshuffle``)."""
        self.wild_swing = False
        self.opponent_wild_swing = False
        self.attack_setting: AttackSetting | None = None
        self.strike_x = 0
        """X set outside a strike (``set_strike_x`` in a character action or boost), for
        the rest of this action's effects."""

    def forced_wild(self, who: Player) -> frozenset[Player]:
        """The players whose attack in the requested strike (``who`` initiating) must be
        a wild swing (``strike_wild``)."""
        forced = {who} if self.wild_swing else set()
        if self.opponent_wild_swing:
            forced.add(who.other)
        return frozenset(forced)


class EffectCtx:
    """Who is resolving an effect, from which card, and what its chain has done so far.

    ``source`` is the attack or boost card the effect is printed on (None for the
    character card). ``advanced_through`` is set by movement so that a chained
    condition (``[if advanced_through]``) can read it; ``pushed``, the spaces the last
    push of the chain moved the opponent (``[if pushed_min_spaces]``). ``drew_at_end_of_turn`` tells the
    end-of-turn effects whether the end-of-turn draw happened (``did_end_of_turn_draw``).
    ``moved_card`` is the card a per-card effect is running for.
    """

    __slots__ = (
        "advanced_through", "drew_at_end_of_turn", "moved_card", "player", "pushed", "scope",
        "source", "table",
    )

    def __init__(
        self,
        table: Table,
        player: Player,
        source: int | None = None,
        scope: ActionScope | None = None,
    ) -> None:
        self.table = table
        self.player = player
        self.source = source
        self.scope = scope if scope is not None else ActionScope()
        self.advanced_through = False
        self.pushed = 0
        self.drew_at_end_of_turn = False
        self.moved_card: int | None = None
        """The card an effect just moved, for its per-card effects (``cards_from_overdrive``
        discarding one: ``discarded_matches_attack_speed``)."""

    @property
    def opponent(self) -> Player:
        return self.player.other


# --- attack totals ------------------------------------------------------------------


# --- causes -----------------------------------------------------------------------


def rule(name: str) -> Callable[[Callable[P, Flow[T]]], Callable[P, Flow[T]]]:
    """Run a rule's flow (its first argument is the ``Table``) under the cause ``RULE
    name`` (``engine.core.causes``): every event it emits that no inner cause claims is
    recorded as caused by that rule."""

    def wrap(fn: Callable[P, Flow[T]]) -> Callable[P, Flow[T]]:
        @functools.wraps(fn)
        def flow(*args: P.args, **kwargs: P.kwargs) -> Flow[T]:
            table = args[0]
            assert isinstance(table, Table)
            table.push_cause(CauseKind.RULE, name)
            try:
                return (yield from fn(*args, **kwargs))
            finally:
                table.pop_cause()

        return flow

    return wrap


def plain_rule(name: str) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """``rule`` for a rule that asks nothing (a plain function)."""

    def wrap(fn: Callable[P, T]) -> Callable[P, T]:
        @functools.wraps(fn)
        def run(*args: P.args, **kwargs: P.kwargs) -> T:
            table = args[0]
            assert isinstance(table, Table)
            table.push_cause(CauseKind.RULE, name)
            try:
                return fn(*args, **kwargs)
            finally:
                table.pop_cause()

        return run

    return wrap
