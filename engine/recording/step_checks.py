"""The checks of a log's STEPs and TRAILER against one validated HEADER (``StepCheck``).

Each event, decision and request type gets a plan of field checks (card references,
spaces, amounts, turns, flags), compiled once into one function per type; the step's own
fields (index, turn, hash), its causes and the trailer's counts are checked in order. A
problem raises ``PayloadError`` (``docs/log-format.md``, P.9). The limits and the HEADER's
checks are ``engine.recording.checks``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from itertools import chain
from typing import TYPE_CHECKING, Final, NoReturn

import msgspec

from engine.cards.catalog import Catalog
from engine.core import events as ev
from engine.core.decisions import (
    DECISION_TYPES,
    MAX_PENDING,
    REQUEST_TYPES,
    ChoiceOption,
    ChoiceRequest,
    EffectOrderRequest,
    LeftGame,
    MoveTo,
)
from engine.core.ids import ARENA_MAX, ARENA_MIN, CARDS_PER_PLAYER_BASE
from engine.recording.checks import (
    _ALL_FLAGS,
    HASH_SIZE,
    MAX_AMOUNT,
    MAX_LIFE_LOST,
    MAX_OPTION_WORD,
    MAX_PENDING_TEXT,
    MAX_TURN,
    OPTION_TAGS,
    _short,
)
from engine.recording.log import LEFT_GAME_FORMAT, PayloadError, asks_effect_order

if TYPE_CHECKING:
    from engine.core.causes import Cause
    from engine.recording.game_log import Header, Step, Trailer

# --------------------------------------------------------------------------- steps

_Check = Callable[["StepCheck", object], str | None]
_LT = operator.lt
_SEATS: Final = frozenset({-1, 0, 1})
"""The values a cause's ``player`` may take (-1: no player)."""


class StepCheck:
    """Checks STEPs in file order, then the TRAILER, against one validated HEADER."""

    def __init__(self, header: Header, catalog: Catalog, *, bulk_causes: bool = False
                 ) -> None:
        self.bulk_causes = bulk_causes
        """Check the events' causes of the steps read so far together, in ``causes_ok``,
        instead of step by step (see ``_causes``)."""
        self.pending: list[tuple[Cause, ...]] = []
        """Bulk mode: the causes of the steps read so far, not yet checked."""
        self.bulk_failed = False
        self.refs = {
            CARDS_PER_PLAYER_BASE * who + k
            for who, deck in enumerate(header.decks)
            for k in range(len(deck))
        }
        """The card references of the game so far: the decks', then each created card's
        from its ``cards_created`` event on (a built position's, or an edit's)."""
        self.known_ids = frozenset(catalog.cards)
        self.causes_expected = header.format >= 2
        """Format 2: every STEP holds one cause per event."""
        self.orders_effects = asks_effect_order(header.format)
        """Format 4: a step may ask the order of effects that share a trigger."""
        self.claims = header.format >= LEFT_GAME_FORMAT
        """Format 7: a step may record ``LeftGame``, a win claimed from a seat that left."""
        self.sparse_hashes = header.format >= 3
        """Format 3: only the setup step and a step that ends a turn or the game hold the
        state hash; formats 1 and 2 hold one in every step."""
        self.next_index = -1
        self.turn = 0
        self.events = 0
        self.strikes = 0
        self.life_lost = 0
        self.winner: int | None = None
        self.reason: int | None = None
        self.hash = b""

    def _causes(self, step: Step) -> None:
        """One cause per event, each following from an earlier event (or the decision)
        and naming a card of the game (or none)."""
        causes = step.causes
        if len(causes) != len(step.events):
            raise PayloadError(f"step {step.index} has {len(step.causes)} causes for "
                               f"{len(step.events)} events")
        if not causes:
            return
        if self.bulk_causes:  # checked with the other steps' in ``causes_ok``
            self.pending.append(causes)
            return
        if self._all_good(causes, self.events):
            return
        for offset, cause in enumerate(step.causes):
            here = self.events + offset
            if not -1 <= cause.after < here:
                raise PayloadError(f"step {step.index}: the cause of event {here} follows "
                                   f"from event {cause.after}, not an earlier one")
            if cause.card != -1 and cause.card not in self.refs:
                raise PayloadError(f"step {step.index}: the cause of event {here} names "
                                   f"card reference {cause.card}, not a card of this game")
            if not -1 <= cause.player <= 1 or len(cause.what) > MAX_OPTION_WORD:
                raise PayloadError(f"step {step.index}: the cause of event {here} is "
                                   "out of range")

    def _all_good(self, causes: Sequence[Cause], first: int) -> bool:
        """Whether every one of ``causes`` (of the events ``first, first + 1, ...``) is
        good, in C (map, min, max, set); ``_causes`` words the first problem."""
        # comprehensions read a struct's field by the interpreter's specialised attribute
        # load: several times cheaper than ``map(attrgetter)``, as ``operator.lt`` is than
        # ``int.__lt__`` (a slot wrapper)
        afters = [c.after for c in causes]
        cards = {c.card for c in causes}
        cards.discard(-1)
        return bool(min(afters) >= -1 and all(map(_LT, afters, range(first, 1 << 62)))
                    and cards <= self.refs and {c.player for c in causes} <= _SEATS
                    and max(map(len, [c.what for c in causes])) <= MAX_OPTION_WORD)

    def causes_ok(self) -> bool:
        """Bulk mode: whether the causes of every step read so far are good. The steps
        read in bulk mode are the first ones of the log, so their events are numbered
        from 0. On ``False`` the caller reads the log again step by step
        (``bulk_causes=False``), which says which step is bad and how."""
        if self.pending:
            good = self._all_good(tuple(chain.from_iterable(self.pending)), 0)
            self.pending.clear()
            self.bulk_failed |= not good
        return not self.bulk_failed

    def step(self, step: Step) -> Step:
        """``step`` if its values are in range (raises ``PayloadError`` otherwise)."""
        index, turn, request = step.index, step.turn, step.request
        if (index != self.next_index or not self.turn <= turn <= MAX_TURN
                or (len(step.hash) != HASH_SIZE and not (
                    self.sparse_hashes and not step.hash and index >= 0 and turn == self.turn))
                or self.winner is not None
                or (index < 0) != (request is None) or (index < 0) != (step.decision is None)):
            self._refuse(step)
        get = _CHECKERS.get  # None for a type with nothing to check
        if index >= 0:
            for asked in (request, step.decision):
                checker = get(type(asked))
                if checker is not None and (found := checker(self, asked)) is not None:
                    self._fail(asked, found)
            if (found := self._source(request)) is not None:
                self._fail(request, found)
            if type(request) is ChoiceRequest and (found := self._options(request)):
                self._fail(request, found)
            if type(request) is EffectOrderRequest and (found := self._pending(request)):
                self._fail(request, found)
            if type(step.decision) is LeftGame and not self.claims:
                self._fail(step.decision, ("player", "cannot be recorded before format 7"))
        for item in step.events:
            checker = get(type(item))
            if checker is not None and (found := checker(self, item)) is not None:
                self._fail(item, found)
        if self.causes_expected or step.causes:
            self._causes(step)
        if not step.hash and self.winner is not None:
            raise PayloadError(f"step {index}: ends the game without the state hash")
        self.next_index = index + 1
        self.turn = turn
        if step.hash:
            self.hash = step.hash
        self.events += len(step.events)
        return step

    def _fail(self, item: object, found: tuple[str, str]) -> NoReturn:
        tag = item.__struct_config__.tag  # type: ignore[attr-defined]
        raise PayloadError(f"{self._where()}: {tag} {found[0]} {found[1]}")

    def _where(self) -> str:
        return "setup step" if self.next_index < 0 else f"step {self.next_index}"

    def _refuse(self, step: Step) -> NoReturn:
        """Raise ``PayloadError`` naming the first bad value of the step's own fields."""
        where = self._where()
        if step.index != self.next_index:
            raise PayloadError(f"{where}: index {step.index} where {self.next_index} belongs")
        if not 0 <= step.turn <= MAX_TURN:
            raise PayloadError(f"{where}: turn {step.turn} is outside 0..{MAX_TURN}")
        if step.turn < self.turn:
            raise PayloadError(f"{where}: turn {step.turn} comes after turn {self.turn}")
        if self.sparse_hashes and not step.hash and step.index < 0:
            raise PayloadError(f"{where}: the setup step lacks the state hash")
        if self.sparse_hashes and not step.hash and step.turn != self.turn:
            raise PayloadError(f"{where}: ends turn {self.turn} without the state hash")
        if len(step.hash) != HASH_SIZE and (step.hash or not self.sparse_hashes):
            raise PayloadError(f"{where}: state hash of {len(step.hash)} bytes, not {HASH_SIZE}")
        if self.winner is not None:
            raise PayloadError(f"{where}: comes after the game ended")
        setup = step.index < 0
        what = "has a request or decision" if setup else "lacks its request or decision"
        raise PayloadError(f"{where}: {'setup ' if setup else ''}step {what}")

    def trailer(self, trailer: Trailer) -> Trailer:
        """``trailer`` if its counts agree with the steps read (raises ``PayloadError``)."""
        counts = {"decisions": self.next_index, "events": self.events, "turns": self.turn,
                  "strikes": self.strikes}
        for key, expected in counts.items():
            value = getattr(trailer, key)
            if value != expected:
                raise PayloadError(f"trailer: {key} {value} but the steps hold {expected}")
        if trailer.hash != self.hash:
            raise PayloadError("trailer: final hash differs from the last step's hash")
        if self.winner is None:
            raise PayloadError("trailer: no step holds the game's end")
        if (trailer.winner, trailer.reason) != (self.winner, self.reason):
            raise PayloadError("trailer: winner or reason differs from the game's end")
        return trailer

    def _source(self, request: object) -> tuple[str, str] | None:
        """A problem with a request's ``source`` (``SOURCED``): it must be a card of the
        game, -1 (the character card) or none."""
        source = getattr(request, "source", None)
        if source is not None and source != -1 and source not in self.refs:
            return "source", f"{source} is not a card of this game"
        return None

    def _options(self, request: ChoiceRequest) -> tuple[str, str] | None:
        """A problem with a choice's ``descriptions``: one per label (or none, as logs
        recorded before them hold), each option's tag known and its numbers in range."""
        described = request.descriptions
        if described and len(described) != len(request.labels):
            return "descriptions", f"{len(described)} for {len(request.labels)} labels"
        for option in described:
            for part in (option, *option.then):
                problem = self._option(part)
                if problem is not None:
                    return "descriptions", problem
        return None

    def _pending(self, request: EffectOrderRequest) -> tuple[str, str] | None:
        """A problem with an effect-order request: none before format 4, at least two
        effects and at most ``MAX_PENDING``, each on a card of the game (or -1, the
        character card), its tag known and its text at most ``MAX_PENDING_TEXT``."""
        if not self.orders_effects:
            return "effects", "cannot be asked before format 4"
        if not 2 <= len(request.effects) <= MAX_PENDING:
            return "effects", f"{len(request.effects)} listed, not 2..{MAX_PENDING}"
        for pending in request.effects:
            if pending.card != -1 and pending.card not in self.refs:
                return "effects", f"name card {pending.card}, not a card of this game"
            if (not set(pending.tags) <= OPTION_TAGS or len(pending.tags) > MAX_PENDING
                    or len(pending.text) > MAX_PENDING_TEXT):
                return "effects", f"hold an unknown tag or a text over {MAX_PENDING_TEXT}"
        return None

    def _option(self, option: ChoiceOption) -> str | None:
        if option.tag not in OPTION_TAGS:
            return f"hold the unknown option tag {_short(option.tag)}"
        if option.then and any(part.then for part in option.then):
            return "nest chains deeper than one level"
        if len(option.word) > MAX_OPTION_WORD or len(option.condition) > MAX_OPTION_WORD:
            return f"hold a word longer than {MAX_OPTION_WORD} characters"
        for amount in option.amounts:
            if (problem := _number(self, amount)) is not None:
                return f"hold an amount: {problem}"
        return self.card(option.card)

    # --- value checks, one per kind of field -------------------------------------------

    def card(self, value: object) -> str | None:
        if value is None or value in self.refs:
            return None
        return f"{value} is not a card of this game"

    def cards(self, value: object) -> str | None:
        assert isinstance(value, tuple)
        bad = next((ref for ref in value if ref not in self.refs), None)
        return None if bad is None else f"hold {bad}, not a card of this game"

    def created(self, value: object) -> str | None:
        """A created card's reference is new and a seat's; it is a card from then on."""
        assert isinstance(value, tuple)
        limit = 2 * CARDS_PER_PLAYER_BASE
        bad = next((ref for ref in value if ref in self.refs or not 0 <= ref < limit), None)
        if bad is not None:
            return f"hold {bad}, a card reference already in use or outside 0..{limit - 1}"
        if self.bulk_causes:  # the causes so far name cards of the game before these
            self.causes_ok()
            self.bulk_causes = False
        self.refs.update(value)
        return None

    def card_ids(self, value: object) -> str | None:
        assert isinstance(value, tuple)
        bad = next((card for card in value if card not in self.known_ids), None)
        return None if bad is None else f"hold {_short(str(bad))}, not a card of this catalog"

    def strike(self, value: object) -> str | None:
        self.strikes += 1
        return None

    def winner_is(self, value: object) -> str | None:
        if self.winner is not None:
            return "comes after the game already ended"
        assert isinstance(value, int)
        self.winner = value
        return None

    def reason_is(self, value: object) -> str | None:
        assert isinstance(value, int)
        self.reason = value
        return None

    def damage(self, value: object) -> str | None:
        problem = _amount(self, value)
        if problem is None:
            assert isinstance(value, int)
            self.life_lost += value  # both players': a bound on the sum bounds each
            if self.life_lost > MAX_LIFE_LOST:
                return f"makes more than {MAX_LIFE_LOST} life lost in one game"
        return problem


def _space(_check: StepCheck, value: object) -> str | None:
    if value is None or (isinstance(value, int) and ARENA_MIN <= value <= ARENA_MAX):
        return None
    return f"{value} is not a space {ARENA_MIN}..{ARENA_MAX}"


def _amount(_check: StepCheck, value: object) -> str | None:
    if value is None or (isinstance(value, int) and 0 <= value <= MAX_AMOUNT):
        return None
    return f"{value} is outside 0..{MAX_AMOUNT}"


def _number(_check: StepCheck, value: object) -> str | None:
    if value is None or (isinstance(value, int) and -MAX_AMOUNT <= value <= MAX_AMOUNT):
        return None
    return f"{value} is outside -{MAX_AMOUNT}..{MAX_AMOUNT}"


def _turn(_check: StepCheck, value: object) -> str | None:
    if isinstance(value, int) and 0 <= value <= MAX_TURN:
        return None
    return f"{value} is outside 0..{MAX_TURN}"


def _flags(_check: StepCheck, value: object) -> str | None:
    if isinstance(value, int) and 0 <= value and not value & ~_ALL_FLAGS:
        return None
    return f"{value} holds unknown flag bits"


_CARDS_FIELDS: Final = frozenset({"cards", "order", "hand", "candidates", "ultras"})
_AMOUNT_FIELDS: Final = frozenset({"count", "min_count", "max_count", "absorbed", "factor",
                                   "distance", "locked_until", "amount"})
_SIGNED: Final[dict[type, str]] = {ev.StatModified: "amount", ev.RangePerBoostGained: "amount",
                                   ev.RangePerAnyBoostGained: "amount",
                                   ev.GaugeCostsReduced: "amount", ev.StatBonusEnded: "amount"}
_SPACE_FIELDS: Final[dict[type, tuple[str, ...]]] = {
    ev.PlayerMoved: ("src", "dst"), ev.ActionTaken: ("space",), MoveTo: ("space",),
    ev.TrapPlaced: ("space",), ev.BuddyPlaced: ("space",),
    ev.BuddyPlacedFaceDown: ("space",)}
_DAMAGE: Final[dict[type, str]] = {ev.DamageDealt: "amount", ev.LifeSpent: "amount"}
_OPTIONAL_INT: Final = int | None


def _field_checks(cls: type) -> Iterable[tuple[str, _Check]]:
    """Card references, spaces and numbers; enums and bools are checked by the decoder."""
    spaces = _SPACE_FIELDS.get(cls, ())
    if cls is ev.CardsCreated:  # new references: checked, then known from here on
        yield from (("cards", StepCheck.created), ("card_ids", StepCheck.card_ids))
        return
    for field in msgspec.structs.fields(cls):
        name, kind = field.name, field.type
        is_int = kind is int or kind == _OPTIONAL_INT
        if name in spaces:
            yield name, _space
        elif cls is ev.AttacksRevealed and name in ("p1", "p2"):
            yield name, StepCheck.cards
        elif _DAMAGE.get(cls) == name:
            yield name, StepCheck.damage
        elif name == "card":
            yield name, StepCheck.card
        elif name in _CARDS_FIELDS:
            yield name, StepCheck.cards
        elif name == "flag":
            yield name, _flags
        elif name == "turn" and cls is ev.TurnStarted:
            yield name, _turn
        elif is_int and name in _AMOUNT_FIELDS and _SIGNED.get(cls) != name:
            yield name, _amount
        elif is_int:
            yield name, _number
    if cls is ev.StrikeStarted:
        yield "attacker", StepCheck.strike
    elif cls is ev.GameEnded:
        yield from (("winner", StepCheck.winner_is), ("reason", StepCheck.reason_is))


_PLANS: Final[dict[type, tuple[tuple[str, _Check], ...]]] = {type(None): ()} | {
    cls: tuple(_field_checks(cls)) for cls in (*ev.EVENT_TYPES, *DECISION_TYPES, *REQUEST_TYPES)
}
"""For every event, decision and request type: the checks of its fields, in order."""


# --------------------------------------------------------------------------- compiled checks

_Checker = Callable[[StepCheck, object], "tuple[str, str] | None"]

_BAD: Final[dict[object, str]] = {
    _space: f"{{v}} is not None and not {ARENA_MIN} <= {{v}} <= {ARENA_MAX}",
    _amount: f"{{v}} is not None and not 0 <= {{v}} <= {MAX_AMOUNT}",
    _number: f"{{v}} is not None and not {-MAX_AMOUNT} <= {{v}} <= {MAX_AMOUNT}",
    _turn: f"not 0 <= {{v}} <= {MAX_TURN}",
    _flags: f"{{v}} < 0 or _and({{v}}, {~_ALL_FLAGS})",
    StepCheck.card: "{v} is not None and {v} not in refs",
    StepCheck.cards: "not refs.issuperset({v})",
}
"""For the pure checks: a Python condition that is true exactly when the check would
report a problem (the decoder has already made every such field an int or a tuple)."""


def _compile(cls: type, plan: tuple[tuple[str, _Check], ...]) -> _Checker:
    """One function that runs ``plan`` on an item of ``cls`` with the range tests inline.

    Reading checks every event of every log, so the per-field function calls of the plan
    would cost as much as folding the events; the compiled form calls a check only to
    word a problem, or for the checks that count (strikes, damage, the game's end).
    """
    body = ["def check(c, item):", "    refs = c.refs"]
    scope: dict[str, object] = {"_and": int.__and__}  # an IntFlag's own & is slow Python
    for i, (field, check) in enumerate(plan):
        value, fn = f"v{i}", f"_c{i}"
        scope[fn] = check
        body.append(f"    {value} = item.{field}")
        bad = _BAD.get(check)
        if bad is not None:
            body += [f"    if {bad.format(v=value)}:", f"        return {field!r}, {fn}(c, {value})"]
        else:
            body += [f"    p = {fn}(c, {value})", "    if p is not None:",
                     f"        return {field!r}, p"]
    body.append("    return None")
    exec(compile("\n".join(body), f"<log_check {cls.__name__}>", "exec"), scope)
    checker = scope["check"]
    assert callable(checker)
    return checker


_CHECKERS: Final[dict[type, _Checker]] = {
    cls: _compile(cls, plan) for cls, plan in _PLANS.items() if plan}
"""The compiled form of ``_PLANS``: one checker per type with something to check, same
checks, same messages."""
