"""Bug capsules: a moment of a game cut down to a position, a few decisions and a test.

A game (``Source``: seat specs, seed, a built position's events, the decisions and, for
a log, the events recorded per decision) is re-simulated (``simulate``), noting after
every decision the PRNG state and any failure: an exception, a broken invariant
(``engine.core.invariants``) or, against a log, events other than those recorded. A capsule
(``make_capsule``) starts at the last restartable position at or before the moment (a
turn start, before its ``TurnStarted``, or an attack to be set: ``restart_points``),
stated as a recipe (``engine.play.export``), keeps the PRNG where
the game had it (the capsule's seed is that state: SplitMix64's state is its seed), and
replays the decisions from there to the moment, their cards mapped onto the copies the
builder deals. Each decision's outcome is compared with the original by position
(``position_signature``) and who is asked what; a position whose replay differs is
passed over for an earlier one.

For a failure, ``shrink`` delta-debugs the decisions (dropping a decision; those that
became illegal are skipped) and then removes cards from the recipe's zones (they go to
the bottom of the deck) while the same failure (exception type, or broken invariant)
still reproduces. A divergence from a log is not shrunk: its expected outcome is known
only for the recorded decisions.

``write_capsule`` writes ``<name>.position.json`` (the recipe, for ``exceed play
--position``), ``<name>.exlog`` (the position and the decisions, recorded; then played
out by the heuristic agent and sealed when the game can go on) and ``test_<name>.py``, a
standalone pytest file that builds the position, feeds the decisions and asserts the
outcome.
"""

from __future__ import annotations

import json
import os
import pprint
from collections.abc import Callable, Sequence
from pathlib import Path

import msgspec

from engine.cards.catalog import Catalog, default_catalog
from engine.core import events as ev
from engine.core.apply import fold
from engine.core.decisions import Decision, IllegalDecision, Request
from engine.core.invariants import check
from engine.core.state import State
from engine.play.api import Game, GameSetup, game_from_position, initial_state, new_game
from engine.play.export import (
    export_position,
    map_decision,
    places,
    position_signature,
    ref_map,
)
from engine.play.match import play_game, play_on
from engine.play.scenario import Scenario, ScenarioError
from engine.recording.log import asks_effect_order
from engine.recording.record import GameLog, Recording


class CapsuleError(ValueError):
    """A capsule that cannot be made; the message is one line."""


class Source(msgspec.Struct, kw_only=True):
    """A game to re-simulate: ``recorded`` holds each decision's recorded events (a
    log's; None: nothing to compare with)."""

    setup: GameSetup
    seed: int
    stated: list[ev.Event]
    decisions: list[Decision]
    recorded: list[tuple[ev.Event, ...]] | None = None
    printed_order: bool = False
    """A log older than format 4: effects that share a trigger resolve as printed,
    unasked (``engine.play.api.Game.printed_order``)."""


def source_of_log(log: GameLog) -> Source:
    """The game a log holds (a built position's stated events included)."""
    h = log.header
    setup_events = list(log.steps[0].events) if log.steps else []
    decided = [s for s in log.steps if s.decision is not None]
    return Source(setup=h.setup, seed=h.seed, stated=setup_events[:h.position],
                  decisions=[s.decision for s in decided if s.decision is not None],
                  recorded=[s.events for s in decided],
                  printed_order=not asks_effect_order(h.format))


class Failure(msgspec.Struct, frozen=True, kw_only=True):
    """What went wrong at ``decision``: ``kind`` is ``exception``, ``invariant`` or
    ``divergence``; ``key`` is what a reproduction must match (the exception type)."""

    decision: int
    kind: str
    key: str
    message: str


class Simulation(msgspec.Struct, kw_only=True):
    """A re-simulated game: every event, where each decision's events start, the PRNG
    state and table after each decision (index -1: setup) and the first failure."""

    events: list[ev.Event]
    starts: list[int]
    rng: dict[int, int]
    states: dict[int, State]
    asks: dict[int, tuple[str, str] | None]
    """Who is asked what after each decision (None: the game is over)."""
    failure: Failure | None
    initial: State

    def step_end(self, index: int) -> int:
        """The number of events once decision ``index`` (-1: setup) is taken."""
        return self.starts[index + 1] if index + 1 < len(self.starts) else len(self.events)


def _start(source: Source, catalog: Catalog) -> Game:
    if source.stated:
        return game_from_position(source.setup, source.seed, list(source.stated), catalog,
                                  printed_order=source.printed_order)
    return new_game(source.setup, source.seed, catalog, printed_order=source.printed_order)


def _asks(game: Game) -> tuple[str, str] | None:
    request = game.pending
    return None if request is None else (request.player.label, request.kind)


def simulate(source: Source, catalog: Catalog | None = None,
             until: int | None = None) -> Simulation:
    """Re-simulate ``source`` (its decisions up to ``until``, inclusive), stopping at the
    first failure."""
    cat = catalog if catalog is not None else default_catalog()
    game = _start(source, cat)
    sim = Simulation(events=game.events, starts=[], rng={-1: game.table.rng.state},
                     states={-1: game.state.copy()}, asks={-1: _asks(game)}, failure=None,
                     initial=initial_state(source.setup, cat))
    last = len(source.decisions) if until is None else min(until + 1, len(source.decisions))
    for index, decision in enumerate(source.decisions[:last]):
        sim.starts.append(len(game.events))
        if game.pending is None:
            sim.failure = Failure(decision=index, kind="divergence", key="over",
                                  message=f"the game is over before decision {index}")
            break
        try:
            caused = game.step(decision)
        except Exception as error:  # any failure is a finding
            sim.failure = Failure(decision=index, kind="exception", key=type(error).__name__,
                                  message=f"{type(error).__name__}: {error}")
            break
        sim.rng[index] = game.table.rng.state
        sim.states[index] = game.state.copy()
        sim.asks[index] = _asks(game)
        problems = check(game.state, game.pending)
        if problems:
            sim.failure = Failure(decision=index, kind="invariant", key="invariant",
                                  message="; ".join(problems))
            break
        if source.recorded is not None and list(source.recorded[index]) != caused:
            sim.failure = Failure(decision=index, kind="divergence", key="divergence",
                                  message=f"decision {index} causes other events than "
                                          "the log records")
            break
    return sim


class Capsule(msgspec.Struct, kw_only=True):
    """A moment as a position and decisions: the recipe builds it with ``seed``; the
    decisions are in the built game's card references; ``moment`` indexes the built
    game's events (the original ``event``); ``failure`` when it reproduces one."""

    p1: str
    p2: str
    recipe: dict[str, object]
    seed: int
    decisions: list[Decision]
    event: int
    start: int
    """The original game's events before the position (a turn start, or the events
    before an attack is set)."""
    asks: str = ""
    """What the position asks first, in words (``p1 sets an attack``)."""
    moment: int
    gaps: list[str]
    failure: Failure | None = None
    expected: dict[str, object] | None = None
    """A divergence's outcome as the log recorded it (``position_signature``)."""


class Point(msgspec.Struct, frozen=True, kw_only=True):
    """A restartable position: before event ``event`` (a turn start) or once the step
    of decision ``step`` is over (an attack to be set, ``strike``)."""

    event: int
    step: int
    strike: bool = False


def restart_points(sim: Simulation) -> list[Point]:
    """Every turn start (before its ``TurnStarted``) and every attack to be set (the
    first or second of a strike), in the order of the game."""
    found = []
    for index, event in enumerate(sim.events):
        if isinstance(event, ev.TurnStarted):
            found.append(Point(event=index, step=step_of(sim, index)))
    for step, state in sim.states.items():
        strike = state.strike
        if (step >= 0 and strike is not None and sim.asks.get(step) is not None
                and sim.asks[step] == _set_attack(state)):
            found.append(Point(event=sim.step_end(step), step=step, strike=True))
    return sorted(found, key=lambda p: (p.event, p.strike))


def _words(asks: tuple[str, str] | None) -> str:
    return "nothing (the game is over)" if asks is None else f"{asks[0]} {asks[1]}"


def _set_attack(state: State) -> tuple[str, str] | None:
    """Who sets an attack next if the strike stands before its second attack."""
    strike = state.strike
    assert strike is not None
    if strike.sides[strike.defender].cards:
        return None
    who = strike.defender if strike.sides[strike.attacker].cards else strike.attacker
    return (who.label, "set_attack")


def step_of(sim: Simulation, event: int) -> int:
    """The decision whose step holds ``event`` (-1: setup)."""
    return sum(1 for start in sim.starts if start <= event) - 1


def make_capsule(source: Source, event: int | None = None, catalog: Catalog | None = None,
                 tries: int = 4) -> Capsule:
    """The capsule of ``event`` (a 0-based index into the game's events; its messages
    name the event by number, index + 1, as users count: docs/log-format.md), or with
    ``event`` None of the game's first failure (``CapsuleError`` if there is none)."""
    cat = catalog if catalog is not None else default_catalog()
    if event is None:
        sim = simulate(source, cat)
        failure = sim.failure
        if failure is None:
            raise CapsuleError(f"no failure: all {len(source.decisions)} decisions "
                               "re-simulate without an exception, a broken invariant or "
                               "a divergence")
        last = failure.decision
        moment_event = sim.starts[last]
        candidates = [p for p in restart_points(sim) if p.step < last]
    else:
        sim = simulate(source, cat)
        total = len(sim.events)
        if sim.failure is not None and sim.failure.kind == "exception":
            total = sim.starts[sim.failure.decision]
        if not 0 <= event < total:  # messages name events by number, from 1
            raise CapsuleError(f"--at {event + 1} is out of range: the game has events "
                               f"1-{total}")
        failure = None
        last = step_of(sim, event)
        moment_event = event
        candidates = [p for p in restart_points(sim) if p.event <= event]
    if not candidates:
        raise CapsuleError(f"event {moment_event + 1} comes before the first turn starts; "
                           "no position before it can be stated")
    problem = ""
    for point in reversed(candidates[-tries:]):
        try:
            return _capsule_from(source, sim, cat, point, last, moment_event, failure)
        except CapsuleError as error:
            problem = str(error)
    raise CapsuleError(problem)


def _capsule_from(source: Source, sim: Simulation, cat: Catalog, point: Point,
                  last: int, moment_event: int, failure: Failure | None) -> Capsule:
    start, step = point.event, point.step
    if point.strike:
        before = sim.states[step]
    else:
        before = fold(sim.initial.copy(), sim.events[:start])
    exported = export_position(before)
    seed = sim.rng[step]
    try:
        scenario = Scenario.from_recipe(exported.p1, exported.p2, exported.recipe, cat)
        built = scenario.build(seed)
        game = scenario.game(seed)
    except ScenarioError as error:
        raise CapsuleError(f"the position at event {start} cannot be built: "
                           f"{error}") from None
    mapping = ref_map(before, built)
    decisions = [map_decision(d, mapping) for d in source.decisions[step + 1:last + 1]]
    if (position_signature(game.state) != position_signature(sim.states[step])
            or _asks(game) != sim.asks[step]):
        raise CapsuleError(f"the position at event {start} plays differently when "
                           "built")
    for offset, decision in enumerate(decisions):
        index = step + 1 + offset
        if failure is not None and index == failure.decision and failure.kind != "divergence":
            break
        try:
            game.step(decision)
        except IllegalDecision as error:
            raise CapsuleError(f"decision {index} is illegal from the position at event "
                               f"{start}: {error}") from None
        if failure is not None and index == failure.decision:
            break
        if position_signature(game.state) != position_signature(sim.states[index]):
            raise CapsuleError(f"decision {index} plays differently from the position at "
                               f"event {start}")
    moment = len(scenario.events(seed)) + moment_event - start
    capsule = Capsule(p1=exported.p1, p2=exported.p2, recipe=exported.recipe, seed=seed,
                      decisions=decisions, event=moment_event, start=start,
                      asks=_words(sim.asks[step]),
                      moment=moment, gaps=exported.gaps, failure=failure)
    if failure is not None and failure.kind == "divergence" and source.recorded is not None:
        recorded = fold(sim.states[failure.decision - 1].copy() if failure.decision
                        else sim.states[-1].copy(), list(source.recorded[failure.decision]))
        capsule.expected = position_signature(recorded)
    elif failure is not None and reproduce(capsule, cat) != failure.key:
        raise CapsuleError(f"the failure at decision {failure.decision} does not reproduce "
                           f"from the position at event {start}")
    return capsule


# --- reproducing and shrinking a failure -------------------------------------------------


def _feed(capsule: Capsule, recipe: dict[str, object], decisions: Sequence[Decision],
          catalog: Catalog, on_step: Callable[[Game], None] | None = None) -> str | None:
    """Build ``recipe``, take ``decisions`` (skipping illegal ones); the failure key
    (exception type or ``invariant``), None if none happens."""
    try:
        game = Scenario.from_recipe(capsule.p1, capsule.p2, recipe, catalog).game(capsule.seed)
    except Exception:  # not buildable, or failing before any decision: not this failure
        return None
    for decision in decisions:
        if game.pending is None:
            return None
        try:
            game.step(decision)
        except IllegalDecision:
            continue
        except Exception as error:  # the failure reproduced
            return type(error).__name__
        if check(game.state, game.pending):
            return "invariant"
        if on_step is not None:
            on_step(game)
    return None


def reproduce(capsule: Capsule, catalog: Catalog | None = None) -> str | None:
    """The failure key the capsule's decisions end in, None if none."""
    cat = catalog if catalog is not None else default_catalog()
    return _feed(capsule, capsule.recipe, capsule.decisions, cat)


class Shrunk(msgspec.Struct, kw_only=True):
    capsule: Capsule
    decisions_before: int
    decisions_after: int
    cards_before: int
    cards_after: int


def stated_cards(recipe: dict[str, object]) -> int:
    """The cards a recipe names (every zone, the deck's top included)."""
    total = 0
    for who in ("p1", "p2"):
        seat = recipe.get(who, {})
        assert isinstance(seat, dict)
        total += sum(len(seat.get(z, [])) for z in ("hand", "gauge", "boosts", "discard",
                                                    "sealed", "deck"))
    return total


def shrink(capsule: Capsule, catalog: Catalog | None = None) -> Shrunk:
    """Delta-debug a failing capsule: fewer decisions, then fewer cards, while the same
    failure reproduces."""
    cat = catalog if catalog is not None else default_catalog()
    key = capsule.failure.key if capsule.failure is not None else None
    before = (len(capsule.decisions), stated_cards(capsule.recipe))
    if key is None or capsule.failure is None or capsule.failure.kind == "divergence":
        return Shrunk(capsule=capsule, decisions_before=before[0], decisions_after=before[0],
                      cards_before=before[1], cards_after=before[1])
    recipe = json.loads(json.dumps(capsule.recipe))
    for seat in ("p1", "p2"):
        recipe[seat]["deck_rest"] = "ordered"
    base = Scenario.from_recipe(capsule.p1, capsule.p2, capsule.recipe, cat).build(capsule.seed)
    decisions = _ddmin(list(capsule.decisions),
                       lambda ds: _feed(capsule, recipe, ds, cat) == key)
    recipe, decisions = _drop_cards(capsule, recipe, decisions, base, key, cat)
    decisions = _legal(capsule, recipe, decisions, cat)
    small = msgspec.structs.replace(capsule, recipe=recipe, decisions=decisions)
    return Shrunk(capsule=small, decisions_before=before[0], decisions_after=len(decisions),
                  cards_before=before[1], cards_after=stated_cards(recipe))


def _ddmin(items: list[Decision], fails: Callable[[list[Decision]], bool]) -> list[Decision]:
    """Zeller's ddmin: a 1-minimal sublist of ``items`` that still ``fails``."""
    n = 2
    while len(items) >= 2:
        chunk = max(1, len(items) // n)
        parts = [items[i:i + chunk] for i in range(0, len(items), chunk)]
        for i in range(len(parts)):
            rest = [d for j, part in enumerate(parts) if j != i for d in part]
            if fails(rest):
                items, n = rest, max(n - 1, 2)
                break
        else:
            if n >= len(items):
                break
            n = min(len(items), n * 2)
    if len(items) == 1 and fails([]):
        return []
    return items


def _drop_cards(capsule: Capsule, recipe: dict[str, object], decisions: list[Decision],
                base: State, key: str, cat: Catalog) -> tuple[dict[str, object], list[Decision]]:
    """Remove the recipe's cards one at a time (each to the bottom of the deck), the
    decisions' card references carried to the copies the smaller position deals."""
    current = recipe
    for seat in ("p1", "p2"):
        for zone in ("hand", "gauge", "boosts", "discard", "deck"):
            index = 0
            while True:
                cards = current[seat][zone]  # type: ignore[index]
                if index >= len(cards):
                    break
                trial = json.loads(json.dumps(current))
                del trial[seat][zone][index]
                try:
                    smaller = Scenario.from_recipe(capsule.p1, capsule.p2, trial,
                                                   cat).build(capsule.seed)
                except ScenarioError:
                    index += 1
                    continue
                mapped = [map_decision(d, _carry(base, smaller)) for d in decisions]
                if _feed(capsule, trial, mapped, cat) == key:
                    current, decisions, base = trial, mapped, smaller
                else:
                    index += 1
    return current, decisions


def _carry(old: State, new: State) -> dict[int, int]:
    """Each card of ``old`` -> the copy in the same place of ``new`` (a place lost one
    card: the rest keep their order); a card gone to the deck -> a free copy there."""
    mapping: dict[int, int] = {}
    used: set[int] = set()
    new_places = places(new)
    for name, cards in places(old).items():
        left = list(new_places.get(name, []))
        for ref in cards:
            match = next((r for r in left if new.card_defs[r] == old.card_defs[ref]), None)
            if match is not None and match not in used:
                left.remove(match)
                mapping[ref] = match
                used.add(match)
    for ref, card_id in old.card_defs.items():
        if ref not in mapping:
            free = next((r for r, c in new.card_defs.items()
                         if c == card_id and r not in used), ref)
            mapping[ref] = free
            used.add(free)
    return mapping


def _legal(capsule: Capsule, recipe: dict[str, object], decisions: list[Decision],
           cat: Catalog) -> list[Decision]:
    """The decisions the game takes (illegal ones, skipped in shrinking, left out)."""
    game = Scenario.from_recipe(capsule.p1, capsule.p2, recipe, cat).game(capsule.seed)
    kept = []
    for decision in decisions:
        try:
            game.step(decision)
        except IllegalDecision:
            continue
        except Exception:  # the failing decision: kept, last
            kept.append(decision)
            break
        kept.append(decision)
    return kept


# --- writing ---------------------------------------------------------------------------


def outcome(game: Game, moment: int) -> dict[str, object]:
    """What the test asserts: the position's signature, who is asked what next, and the
    event at ``moment`` (in JSON)."""
    request = game.pending
    return {
        "position": json.loads(json.dumps(position_signature(game.state))),
        "next": None if request is None else [request.player.label, request.kind],
        "event": (json.loads(msgspec.json.encode(game.events[moment]))
                  if moment < len(game.events) else None),
    }


def write_capsule(capsule: Capsule, out: Path, name: str,
                  catalog: Catalog | None = None) -> list[Path]:
    """Write the position, the log and the test of ``capsule`` into ``out`` (``name``
    with every character but letters, digits and ``_`` made ``_``)."""
    cat = catalog if catalog is not None else default_catalog()
    name = "".join(c if c.isalnum() or c == "_" else "_" for c in name)
    out.mkdir(parents=True, exist_ok=True)
    position = out / f"{name}.position.json"
    position.write_text(json.dumps(capsule.recipe, indent=1) + "\n", encoding="utf-8")
    log = out / f"{name}.exlog"
    expected = _record(capsule, log, cat)
    test = out / f"test_{name}.py"
    test.write_text(_test_source(capsule, name, expected), encoding="utf-8")
    return [position, log, test]


def _record(capsule: Capsule, path: Path, cat: Catalog) -> dict[str, object]:
    """Record the capsule's position and decisions to ``path`` (played out and sealed if
    the game goes on without failing); the outcome before any failing decision."""
    scenario = Scenario.from_recipe(capsule.p1, capsule.p2, capsule.recipe, cat)
    game = scenario.game(capsule.seed)
    failing = capsule.failure is not None and capsule.failure.kind != "divergence"
    feed = capsule.decisions[:-1] if failing else capsule.decisions
    part = path.with_name(path.name + ".part")
    with open(part, "wb") as stream:
        recording = Recording(game, capsule.seed, stream, ("heuristic", "heuristic"), cat)
        for decision in feed:
            recording.step(decision)
        expected = outcome(game, capsule.moment)
        try:
            if game.pending is not None:
                play_on(game, capsule.seed, ("heuristic", "heuristic"), cat,
                        on_step=recording.recorder.on_step)
            recording.seal()
        except Exception:  # the game cannot go on (the failure): keep it unfinished
            recording.close()
    os.replace(part, path)
    return expected


_TEMPLATE = '''"""Bug capsule {name}: {what}.

Built by `exceed capsule`: the position (after event {start} of the original game: a
turn start or an attack to be set) and the decisions that follow, up to the moment.
Run with pytest.
"""

import msgspec

from engine import Decision, Scenario
from engine.core import events as ev
from engine.core.invariants import check
from engine.play.export import position_signature

P1, P2, SEED = {p1!r}, {p2!r}, {seed!r}
RECIPE = {recipe}
DECISIONS = msgspec.json.decode({decisions!r}, type=list[Decision])
EXPECTED = {expected}


def test_{ident}() -> None:
    game = Scenario.from_recipe(P1, P2, RECIPE).game(SEED)
{body}
'''

_BODY_AT = '''    for decision in DECISIONS:
        game.step(decision)
        assert check(game.state, game.pending) == []
    assert msgspec.json.decode(msgspec.json.encode(position_signature(game.state))) == \\
        EXPECTED["position"]
    request = game.pending
    assert (None if request is None else [request.player.label, request.kind]) == \\
        EXPECTED["next"]
    if EXPECTED["event"] is not None:
        event = msgspec.json.decode(msgspec.json.encode(EXPECTED["event"]), type=ev.Event)
        assert game.events[{moment}] == event'''

_BODY_FAILING = '''    *before, last = DECISIONS
    for decision in before:
        game.step(decision)
        assert check(game.state, game.pending) == []
    assert msgspec.json.decode(msgspec.json.encode(position_signature(game.state))) == \\
        EXPECTED["position"]
    request = game.pending
    assert request is not None and [request.player.label, request.kind] == EXPECTED["next"]
    game.step(last)  # failed with: {message}
    assert check(game.state, game.pending) == []'''

_BODY_DIVERGENCE = '''    for decision in DECISIONS:
        game.step(decision)
        assert check(game.state, game.pending) == []
    # the outcome the log recorded ({message})
    assert msgspec.json.decode(msgspec.json.encode(position_signature(game.state))) == \\
        EXPECTED["position"]'''


def _test_source(capsule: Capsule, name: str, expected: dict[str, object]) -> str:
    failure = capsule.failure
    if failure is None:
        what = f"the moment of event {capsule.event + 1}"
        body = _BODY_AT.format(moment=capsule.moment)
    elif failure.kind == "divergence":
        what = f"decision {failure.decision} diverges from its log"
        expected = {"position": capsule.expected}
        body = _BODY_DIVERGENCE.format(message=failure.message)
    else:
        what = f"decision {failure.decision} fails ({failure.message})"
        body = _BODY_FAILING.format(message=failure.message.replace("\n", " ")[:200])
    ident = "".join(c if c.isalnum() else "_" for c in name)
    return _TEMPLATE.format(
        name=name, what=what.replace('"', "'"), start=capsule.start,
        p1=capsule.p1, p2=capsule.p2, seed=capsule.seed,
        recipe=pprint.pformat(capsule.recipe, width=88, sort_dicts=False),
        decisions=msgspec.json.encode(capsule.decisions).decode(),
        expected=pprint.pformat(json.loads(json.dumps(expected)), width=88, sort_dicts=False),
        ident=ident, body=body)


def capsule_of_game(setup: GameSetup, seed: int, agents: tuple[str, str], out: Path,
                    name: str, catalog: Catalog | None = None) -> list[Path]:
    """The fuzzer's capsule: play the seeded game again (``play_game``) to its failure,
    shrink it and write it into ``out``; ``CapsuleError`` if it does not fail again."""
    cat = catalog if catalog is not None else default_catalog()
    games: list[Game] = []

    def start(game: Game) -> None:
        games.append(game)

    def step(game: Game, request: Request, decision: Decision, caused: list[ev.Event]) -> None:
        if check(game.state, game.pending):
            raise CapsuleError("invariant")

    try:
        play_game(setup, seed, agents, cat, on_step=step, on_start=start)
    except Exception:  # the failure again: its decision is the game's last
        pass
    if not games:
        raise CapsuleError("the game does not start")
    source = Source(setup=setup, seed=seed, stated=[], decisions=list(games[0].decisions))
    shrunk = shrink(make_capsule(source, None, cat), cat)
    return write_capsule(shrunk.capsule, out, name, cat)
