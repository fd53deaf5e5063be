"""Verify a log against the current engine and report the first divergence in game terms.

``verify`` re-simulates the log's decisions from its header (setup and seed) and, step
by step, compares the engine's request, the events the decision causes and the state
hash with what was recorded. At the first mismatch it reports the decision (with its
turn and strike), the expected and actual events, and the state fields that differ
between the recorded fold and the live engine. A different card-data hash is stated
up front, since it usually explains a divergence.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from functools import partial

import msgspec

from engine import (
    DEFINITIONS_UNVERIFIED,
    Catalog,
    Cause,
    CauseKind,
    Game,
    GameLog,
    IllegalDecision,
    Request,
    State,
    Step,
    apply,
    asks_effect_order,
    compare_card_data,
    default_catalog,
    describe_cause,
    game_from_position,
    new_game,
    same_as_recorded,
    state_hash,
)
from engine import events as ev
from replay.quoting import error_text, shell_word, shortened
from replay.verification.definitions import MAX_CHANGED as MAX_CHANGED
from replay.verification.definitions import changed_definitions as changed_definitions
from replay.verification.differences import (
    decision_words,
    first_difference,
    involved,
    state_diff,
    tag,
    tag_at,
    window,
)


class Kind(enum.StrEnum):
    """Which difference stopped the re-simulation (the first part of a triage group)."""

    EVENTS = "different events"
    REQUEST = "another request"
    ILLEGAL = "an illegal decision"
    LOG_ENDS = "the log ends"
    GAME_OVER = "the game is over"
    NO_FOLD = "events do not fold"
    HASH = "another state hash"
    CAUSE = "another cause"
    RAISES = "the engine raises"
    TURN = "another turn number"


class Divergence(msgspec.Struct, frozen=True, kw_only=True):
    """The first point where the engine and the log disagree.

    Besides the report's lines it says, for grouping a corpus (``triage.group_key``),
    which ``kind`` of difference it is, the first differing event's tag on each side
    (``expected_tag``, ``actual_tag``; a request's or decision's kind when no event was
    made; "" for nothing), the ``card`` involved (its catalog id: the card that event
    or the decision names, else the attack of the player the event is about) and the
    ``cause`` of that event in words (log format v2: this engine's cause when it emitted
    an event there, else the log's; None when unknown, as in a v1 log)."""

    decision: int
    turn: int
    strike: int
    in_strike: bool = False
    what: str
    decided: str
    expected: tuple[str, ...]
    actual: tuple[str, ...]
    state_diff: tuple[str, ...]
    kind: Kind = Kind.EVENTS
    expected_tag: str = ""
    actual_tag: str = ""
    card: str = ""
    cause: str | None = None
    card_name: str = ""
    """The name of ``card`` in the catalog verified against ("" when none is involved)."""
    step_event: int = 0
    """Where in the step's events it first differs (0-based; 0 when no event differs)."""
    event: int = -1
    """The game's events before that point: the 0-based index, in the game's whole event
    stream, of the first differing event, or of the step's first event when none differs
    (the count of events before the step; every event when the log ends); ``exceed
    replay --event`` shows the table there. -1 when not known."""

    def compared(self) -> bool:
        """Whether an event differs (else the request, the decision, the hash or the end)."""
        return self.kind in (Kind.EVENTS, Kind.CAUSE)


class Verdict(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    identical: bool
    card_data_differs: bool
    checked: int
    log_card_data: str = ""
    engine_card_data: str = ""
    divergence: Divergence | None
    damage: str | None
    damage_at: str = ""
    """Where reading stopped in a damaged log (``byte B (frame F)``), as ``exceed info``,
    ``replay``, ``fork`` and ``capsule`` name it."""
    unverified: str = ""
    """For an old log whose definitions nothing vouches for (``DEFINITIONS_UNVERIFIED``):
    the whole-catalog hash it names, which is not this engine's."""
    changed: tuple[str, ...] = ()
    """When the card data differs: each card and fighter of the game this engine defines
    otherwise than its log, with what differs (``changed_definitions``)."""

    def lines(self) -> list[str]:
        """The report ``exceed verify`` prints, each line at most ``LINE_CHARS``
        characters besides the log's own name: a line shows what a log recorded (a
        request's options, a named card, an event's values), which a hostile log may
        make a megabyte long. The name is the person's path, not the log's, and is never
        cut away: in a folder 4,000 characters deep the cut took the whole verdict
        (``DIVERGES at decision ...``) and the ``exceed replay`` command."""
        named = self.name[:NAME_CHARS]
        word = shell_word(named)
        out = []
        for line in self._lines():
            spared = len(named) if line.startswith(f"{named}: ") else 0
            if f"exceed replay {word} --event" in line:
                spared += len(word)
            out.append(shortened(line, LINE_CHARS + spared))
        return out

    def damaged(self) -> str:
        """``damaged log: stopped at byte B (frame F): turn 9: truncated frame ...``:
        where reading the log stopped and why, as every report on it words it (``lines``,
        and the triage's line of a damaged log); "" for an intact log."""
        if self.damage is None:
            return ""
        at = f"stopped at {self.damage_at}: " if self.damage_at else ""
        return f"damaged log: {at}{self.damage}"

    def _lines(self) -> list[str]:
        out: list[str] = []
        if self.unverified:
            out.append(f"{self.name}: note: its card definitions are unverified (recorded with "
                       f"engine catalog {self.unverified[:12]}, not this engine's); names "
                       "shown from them are the log's word, not checked")
        if self.card_data_differs:
            why = ("a divergence below may come from a changed card" if self.divergence
                   else "no divergence follows from it")
            out.append(f"{self.name}: note: recorded with different card data than this engine "
                       f"(log {self.log_card_data[:12]}, engine {self.engine_card_data[:12]}); "
                       f"{why}")
            if self.changed:
                more = len(self.changed) - MAX_CHANGED
                out.append(f"{self.name}: note: defined otherwise here (log vs engine): "
                           + "; ".join(self.changed[:MAX_CHANGED])
                           + (f"; and {more} more" if more > 0 else ""))
        if self.damage is not None:
            out.append(f"{self.name}: {self.damaged()}; verifying the good prefix")
        if self.divergence is None:
            status = "identical" if self.identical else "identical prefix (unfinished log)"
            out.append(f"{self.name}: {status} ({self.checked} decisions checked)")
            return out
        d = self.divergence
        where = "setup" if d.decision < 0 else f"decision {d.decision}"
        out.append(f"{self.name}: DIVERGES at {where} ({_when(d)}): {d.what}")
        if d.decided:
            out.append(f"  decision: {d.decided}")
        out.extend(_in_the_game(self.name, d))
        out.append("  expected (log):")
        out.extend(f"    {line}" for line in d.expected or ("(nothing)",))
        out.append("  actual (engine):")
        out.extend(f"    {line}" for line in d.actual or ("(nothing)",))
        if d.state_diff:
            out.append("  state differences (log vs engine):")
            out.extend(f"    {line}" for line in d.state_diff)
        return out


LINE_CHARS = 4000
"""The characters of one report line ``Verdict.lines`` keeps: the longest real request's
options in the sample games are 388 characters."""
NAME_CHARS = 4096
"""The characters of the log's name a report line may hold beyond ``LINE_CHARS``: the
longest path a file is opened by (Linux's ``PATH_MAX``); a longer name (an upload's,
chosen by whoever sent it) is cut with the line."""


def _in_the_game(name: str, d: Divergence) -> list[str]:
    """Where the divergence is in the game's event numbers (docs/log-format.md, "Event
    numbers"), with the ``exceed replay`` command that shows the table there, and the
    card and cause involved when known."""
    out: list[str] = []
    if d.event >= 0:
        replay = f"exceed replay {shell_word(name)} --event {d.event}"
        if d.compared():
            out.append(f"  where: event {d.event + 1} of the game is the first that differs; "
                       f"{replay} shows the table before it")
        else:
            out.append(f"  where: after event {d.event} of the game; {replay} shows that "
                       "table")
    involved = []
    if d.card:
        involved.append(f"card {d.card_name} ({d.card})" if d.card_name else f"card {d.card}")
    if d.cause:
        involved.append(f"cause {d.cause}")
    if involved:
        out.append(f"  involved: {'; '.join(involved)}")
    return out


def _when(d: Divergence) -> str:
    """``turn 2, strike 1`` during a strike, ``turn 3, after strike 1`` between strikes."""
    if d.in_strike:
        return f"turn {d.turn}, strike {d.strike}"
    if d.strike:
        return f"turn {d.turn}, after strike {d.strike}"
    return f"turn {d.turn}, before the first strike"


def verify(log: GameLog, catalog: Catalog | None = None) -> Verdict:
    """Re-simulate ``log`` on this engine and compare it step by step.

    The log's own fold (its events folded from the header's table) is kept beside the
    live game only until a step has shown both states to hash alike (the setup step);
    from then on a step whose request, events and state hash equal the log's leaves
    the two states equal, so the fold is rebuilt from the log only for a step that
    differs, and the report is the same as if it had been kept all along."""
    cat = catalog if catalog is not None else default_catalog()
    expected: State | None = log.initial_state(cat)
    game = _start(log, cat)
    checked = 0
    events_before = 0  # the game's events before the step
    divergence: Divergence | None = None
    for position, step in enumerate(log.steps):
        try:
            after = log.steps[position + 1].request if position + 1 < len(log.steps) else None
            divergence, expected = _check_step(game, step, expected, cat,
                                               partial(_recorded, log, position, cat), after)
        except (ValueError, KeyError, AssertionError, IndexError) as error:
            before = expected if expected is not None else _recorded(log, position, cat)
            divergence = _diverged(step, before, "recorded events do not fold: "
                                   f"{error_text(error)}", (), (),
                                   kind=Kind.NO_FOLD)
        if divergence is not None:
            divergence = msgspec.structs.replace(
                divergence, event=events_before + divergence.step_event)
            break
        checked += step.index >= 0
        events_before += len(step.events)
    if divergence is None and log.sealed and game.pending is not None:
        request = game.pending
        divergence = Divergence(
            decision=checked, turn=game.state.turn, strike=game.state.strikes,
            in_strike=game.state.strike is not None, kind=Kind.LOG_ENDS,
            actual_tag=request.kind,
            what=f"the log ends here but this engine still asks {request.player.label} "
            f"for {request.kind}", decided="", expected=(),
            actual=(f"asks {request.player.label} for {request.kind}: {request.describe()}",),
            state_diff=(), event=events_before)
    cards = compare_card_data(log.header, cat)  # per game: its cards and fighters only
    return Verdict(
        name=log.name, identical=divergence is None and log.sealed,
        card_data_differs=cards.differs, checked=checked,
        changed=changed_definitions(log, cat) if cards.differs else (),
        log_card_data=cards.log, engine_card_data=cards.engine,
        divergence=divergence, damage=None if log.damage is None else log.damage.reason,
        damage_at=_damage_at(log),
        unverified=log.header.catalog_hash
        if log.definitions_status == DEFINITIONS_UNVERIFIED else "")


def _damage_at(log: GameLog) -> str:
    """``byte B (frame F)``: where reading a damaged log stopped (a payload's value check
    has no byte); "" for an intact one."""
    if log.damage is None:
        return ""
    where = f"byte {log.damage.offset}" if log.damage.offset >= 0 else "a payload"
    return f"{where} (frame {log.damage.frame_index})"


def _start(log: GameLog, cat: Catalog) -> Game:
    """The game as this engine starts it: dealt by the rules from the seed, or, for a
    built position, from the events at the head of the setup step that state it (a
    referee's facts, taken from the log; the rules' events after them are re-simulated)."""
    h = log.header
    printed = not asks_effect_order(h.format)  # older than format 4: printed order, unasked
    if not h.position:
        return new_game(h.setup, h.seed, cat, printed_order=printed)
    setup = log.steps[0].events if log.steps else ()
    return game_from_position(h.setup, h.seed, list(setup[:h.position]), cat,
                              printed_order=printed)


def _recorded(log: GameLog, upto: int, cat: Catalog) -> State:
    """The log's own fold before its step ``upto`` (every earlier step's events)."""
    state = log.initial_state(cat)
    for step in log.steps[:upto]:
        for event in step.events:
            apply(state, event)
    return state


def _check_step(game: Game, step: Step, expected: State | None, cat: Catalog,
                rebuild: Callable[[], State], log_next: Request | None = None,
                ) -> tuple[Divergence | None, State | None]:
    """The step's divergence (or None) and the log's fold after it: None when the live
    state stands for it (``expected`` None before the step: it did; ``rebuild()`` makes
    it again when the step differs). ``log_next``: the request of the log's next step."""

    def before_state() -> State:
        return (expected if expected is not None else rebuild()).copy()

    if step.index < 0:
        actual = list(game.setup_events)
    else:
        request = game.pending
        if request is None:
            return _diverged(step, before_state(), "the game is already over on this engine",
                             step.events, (), kind=Kind.GAME_OVER), None
        if step.request is not None and not same_as_recorded(request, step.request):
            names = _card_namer(game)
            return _diverged(step, before_state(), f"this engine asks "
                             f"{_asks(request, names)}; the log recorded "
                             f"{_asks(step.request, names)}", step.events, (), cat=cat,
                             kind=Kind.REQUEST, tags=(step.request.kind, request.kind)), None
        assert step.decision is not None
        start = len(game.table.events)
        try:
            actual = game.step(step.decision)
        except IllegalDecision as error:
            return _diverged(step, before_state(), "the recorded decision is illegal here: "
                             f"{error}", step.events, (), cat=cat, kind=Kind.ILLEGAL,
                             tags=(tag(step.decision), request.kind)), None
        except Exception as error:  # a bug of this engine: reported, never a crash
            return _raised(step, before_state(), error, game, start, cat), None
    recorded_causes = step.causes if len(step.causes) == len(step.events) else ()
    engine_causes = game.table.causes[len(game.table.causes) - len(actual):] if actual else []
    same_causes = not recorded_causes or tuple(engine_causes) == recorded_causes
    if (expected is None and list(step.events) == actual and same_causes
            and step.turn == game.state.turn
            and (not step.hash or state_hash(game.state) == step.hash)):
        return None, None
    recorded = expected if expected is not None else rebuild()
    before = recorded.copy()
    try:
        for event in step.events:
            apply(recorded, event)
    except (ValueError, KeyError, AssertionError, IndexError) as error:
        return _diverged(step, recorded, "recorded events do not fold: "
                         f"{error_text(error)}", (), (), kind=Kind.NO_FOLD), None
    if list(step.events) != actual:
        found = _diverged(step, before, "different events", step.events, actual, game.state,
                          recorded, cat)
        first = first_difference(step.events, actual)
        if first is not None:
            found = _with_cause(found, first, recorded_causes, engine_causes, game)
        stops = _stops_to_ask(step.events, actual, log_next, game.pending)
        return (msgspec.structs.replace(found, what=found.what + stops) if stops else found,
                None)
    if step.hash and state_hash(recorded) != step.hash:
        return _diverged(step, before, "the recorded state hash does not match the recorded "
                         "events (the log was altered or written by a faulty recorder)",
                         step.events, actual, game.state, recorded, cat, kind=Kind.HASH), None
    if step.hash and state_hash(game.state) != step.hash:
        return _diverged(step, before, "same events but a different state hash", step.events,
                         actual, game.state, recorded, cat, kind=Kind.HASH), None
    if not same_causes:
        first = next(i for i, (a, b) in enumerate(zip(recorded_causes, engine_causes,
                                                      strict=True)) if a != b)
        names = _card_namer(game)
        found = _diverged(
            step, before, f"same events but a different cause of event {first + 1} of this "
            f"step: the log says {describe_cause(recorded_causes[first], names)} (after "
            f"{recorded_causes[first].after}), this engine "
            f"{describe_cause(engine_causes[first], names)} (after {engine_causes[first].after})",
            step.events, actual, game.state, recorded, cat, kind=Kind.CAUSE)
        found = msgspec.structs.replace(found, step_event=first)
        return _with_cause(found, first, recorded_causes, engine_causes, game), None
    if step.turn != game.state.turn:  # the events agree: only the step's number is off
        return _diverged(step, before, f"the log numbers this step turn {step.turn}, where "
                         f"its events end turn {game.state.turn} (the log was altered or "
                         "written by a faulty recorder)", step.events, actual, game.state,
                         recorded, cat, kind=Kind.TURN), None
    return None, None  # both states hash as the log says: the live one stands for it


def _raised(step: Step, before: State, error: Exception, game: Game, start: int,
            cat: Catalog) -> Divergence:
    """The engine raised ``error`` (a bug) taking the recorded decision, after making the
    events from ``start`` on: what it made beside what the log records, the card involved
    where it stopped (the recorded event there, else the decision's card) and the cause
    the log records for that event. The triage group is the recorded event's tag there
    against the exception's type."""
    made = game.table.events[start:]
    found = _diverged(step, before, f"this engine raises {error_text(error)} after "
                      f"{len(made)} of the step's {len(step.events)} recorded event(s)",
                      step.events, made, cat=cat, kind=Kind.RAISES,
                      tags=(tag_at(step.events, len(made)), type(error).__name__))
    first = first_difference(step.events, made)
    card = involved(step, before, step.events, made, first, True)
    named = cat.cards.get(card) if card else None
    found = msgspec.structs.replace(found, card=card,
                                    card_name=named.name if named is not None else "")
    recorded = step.causes if len(step.causes) == len(step.events) else ()
    return _with_cause(found, first, recorded, (), game) if first is not None else found


def _stops_to_ask(recorded: Sequence[ev.Event], actual: Sequence[ev.Event],
                  log_next: Request | None, engine_next: Request | None) -> str:
    """When one side's events are the other's with more after them, what the shorter
    side stopped to ask there (the log's next step's request, or this engine's pending
    one), where the other went on; "" otherwise."""
    shorter, asked, who, other = ((recorded, log_next, "the log", "this engine")
                                  if len(recorded) < len(actual)
                                  else (actual, engine_next, "this engine", "the log"))
    longer = actual if shorter is recorded else recorded
    if asked is None or len(shorter) == len(longer) or list(longer[:len(shorter)]) != list(shorter):
        return ""
    return (f"; there {who} stops to ask {asked.player.label} for {asked.kind}: "
            f"{asked.describe()}, where {other} goes on")


def _asks(request: Request, names: Callable[[int], str]) -> str:
    """``p1 for choice: 0: push 1, 1: pull 1``, with what asks a request that names it
    (``p1 for choice (asked by Grasp): ...``, ``p2 for pay_force (asked by Block): ...``):
    two requests may differ only there."""
    source = getattr(request, "source", None)
    by = "" if source is None else (
        f" (asked by {'the character card' if source < 0 else names(source)})")
    return f"{request.player.label} for {request.kind}{by}: {request.describe()}"


def _card_namer(game: Game) -> Callable[[int], str]:
    def name(ref: int) -> str:
        card_id = game.state.card_defs.get(ref)
        return game.table.catalog.card(card_id).name if card_id is not None else f"card {ref}"
    return name


def _with_cause(found: Divergence, first: int, recorded: Sequence[Cause],
                engine: Sequence[Cause], game: Game) -> Divergence:
    """``found`` with the cause of the step's first differing event: this engine's when
    it emitted an event there, else the log's."""
    cause = engine[first] if first < len(engine) else (
        recorded[first] if first < len(recorded) else None)
    if cause is None or cause.kind is CauseKind.UNKNOWN:
        return found
    return msgspec.structs.replace(found, cause=describe_cause(cause, _card_namer(game)))


def _diverged(
    step: Step,
    before: State,
    what: str,
    expected: Sequence[ev.Event],
    actual: Sequence[ev.Event],
    live: State | None = None,
    recorded: State | None = None,
    cat: Catalog | None = None,
    kind: Kind = Kind.EVENTS,
    tags: tuple[str, str] | None = None,
) -> Divergence:
    catalog = cat if cat is not None else default_catalog()
    decided = ""
    if step.decision is not None:
        decided = decision_words(step, before, catalog)
    diff: tuple[str, ...] = ()
    if live is not None and recorded is not None:
        diff = tuple(state_diff(recorded, live, catalog))
    first = first_difference(expected, actual)
    if live is None:  # the engine did not take the decision: no events to compare
        pass
    elif first is not None and first < min(len(expected), len(actual)):
        what += f" from event {first + 1} of this step on"
    elif first is not None:
        what += f": the log records {len(expected)}, the engine makes {len(actual)}"
    if tags is None:
        tags = (tag_at(expected, first), tag_at(actual, first))
    card = involved(step, before, expected, actual, first, live is not None)
    named = catalog.cards.get(card) if card else None
    return Divergence(
        decision=step.index, turn=before.turn, strike=before.strikes,
        in_strike=before.strike is not None, what=what, kind=kind,
        expected_tag=tags[0], actual_tag=tags[1],
        card=card, card_name=named.name if named is not None else "",
        step_event=(len(expected) if kind is Kind.HASH  # the state after the step differs
                    else first if live is not None and first is not None else 0),
        decided=decided, expected=tuple(window(before, expected, first, catalog)),
        actual=tuple(window(before, actual, first, catalog)), state_diff=diff)
