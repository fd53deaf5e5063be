"""Cutting a moment of a game down to a capsule (``make_capsule``): it starts at the last
restartable position at or before the moment (a turn start, before its ``TurnStarted``,
or an attack to be set: ``restart_points``), stated as a recipe (``engine.play.export``),
keeps the PRNG where the game had it (the capsule's seed is that state: SplitMix64's
state is its seed), and replays the decisions from there to the moment, their cards
mapped onto the copies the builder deals. Each decision's outcome is compared with the
original by position (``position_signature``) and who is asked what; a position whose
replay differs is passed over for an earlier one. A failure must reproduce from the
position (``reproduce``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from engine.cards.catalog import Catalog, default_catalog
from engine.core import events as ev
from engine.core.apply import fold
from engine.core.decisions import Decision, IllegalDecision
from engine.core.invariants import check
from engine.core.state import State
from engine.devtools.capsule.simulation import Failure, Simulation, Source, asks, simulate
from engine.play.api import Game
from engine.play.export import export_position, map_decision, position_signature, ref_map
from engine.play.scenario import Scenario
from engine.play.seat_cards import ScenarioError


class CapsuleError(ValueError):
    """A capsule that cannot be made; the message is one line."""


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


def _past_failure(event: int, total: int, failure: Failure) -> str:
    """An ``--at`` past where this engine stops re-simulating the log (an exception, a
    broken invariant or a divergence at ``failure.decision``): said so, with the way to
    cut that failure, rather than a game shorter than the log."""
    return (f"--at {event + 1} is past where this engine stops re-simulating the log: "
            f"{failure.kind} at decision {failure.decision} ({failure.message}), after "
            f"event {total}; cut that failure with --failing (exceed verify reports it)")


def _followed(source: Source, sim: Simulation) -> int:
    """How many of the game's events this engine plays as the log does: all it made,
    but none of a step that raised and, for a divergence, only the step's events before the
    first that differs (``exceed verify``'s first differing event is past them)."""
    failure = sim.failure
    if failure is None:
        return len(sim.events)
    start = sim.starts[failure.decision]
    if failure.kind != "divergence" or source.recorded is None:
        return start if failure.kind == "exception" else len(sim.events)
    made, recorded = sim.events[start:], source.recorded[failure.decision]
    same = 0
    while same < min(len(made), len(recorded)) and made[same] == recorded[same]:
        same += 1
    return start + same


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
        total = _followed(source, sim)
        if event >= total and sim.failure is not None:  # the log goes on; this engine not
            raise CapsuleError(_past_failure(event, total, sim.failure))
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
    tried = 0
    for point in reversed(candidates):  # the latest first; up to ``tries`` built
        if tried == tries:
            break
        try:
            return _capsule_from(source, sim, cat, point, last, moment_event, failure)
        except _Unstatable as error:  # no recipe can state it: an earlier point, uncounted
            problem = problem or str(error)
        except CapsuleError as error:
            problem = str(error)
            tried += 1
    raise CapsuleError(problem)


class _Unstatable(CapsuleError):
    """A restart point no recipe can state (an opponent's card held in a zone: Arakune's
    overdrive, a sealed area), so no build is tried there; such a card stays until it
    leaves that zone, so the capsule starts from a point before it came."""


def _capsule_from(source: Source, sim: Simulation, cat: Catalog, point: Point,
                  last: int, moment_event: int, failure: Failure | None) -> Capsule:
    start, step = point.event, point.step
    if point.strike:
        before = sim.states[step]
    else:
        before = fold(sim.initial.copy(), sim.events[:start])
    exported = export_position(before)
    if exported.foreign:
        raise _Unstatable(f"the position at event {start} cannot be stated: "
                          f"{exported.foreign[0]}")
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
            or asks(game) != sim.asks[step]):
        raise CapsuleError(f"the position at event {start} plays differently when "
                           "built")
    for offset, decision in enumerate(decisions):
        index = step + 1 + offset
        if failure is not None and index == failure.decision and failure.kind != "divergence":
            break
        refused = failure is not None and index == failure.decision and failure.key == "illegal"
        try:
            game.step(decision)
        except IllegalDecision as error:
            if refused:  # the log's decision this engine refuses: refused here too
                break
            raise CapsuleError(f"decision {index} is illegal from the position at event "
                               f"{start}: {error}") from None
        if refused:
            raise CapsuleError(f"the failure at decision {index} does not reproduce from "
                               f"the position at event {start}: the decision is legal there")
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


def feed(capsule: Capsule, recipe: dict[str, object], decisions: Sequence[Decision],
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
    return feed(capsule, capsule.recipe, capsule.decisions, cat)
