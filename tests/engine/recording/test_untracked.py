"""The records a log holds are not tracked by Python's cyclic garbage collector.

A read keeps a whole game's events, causes, requests and decisions alive (about 2,600
objects for the longest sample); as tracked objects they made the collector run several
times per read and walk the whole heap now and then (a quarter of reading, bench/notes.md
"Log read and index, round 4"). They are declared ``gc=False``, which is only sound for
objects that can never be part of a reference cycle: frozen structs whose fields hold
only immutable values. The second test proves that of every such type.
"""

from __future__ import annotations

import enum
import gc
import types
import typing
from pathlib import Path

import msgspec

from engine.core import events as ev
from engine.core.causes import Cause
from engine.core.decisions import DECISION_TYPES, REQUEST_TYPES, ChoiceOption
from engine.core.decisions.requests import PendingEffect
from engine.recording.game_log import Step
from engine.recording.record import read_game_bytes

SAMPLES = Path(__file__).resolve().parents[3] / "sample_games"
UNTRACKED: tuple[type[msgspec.Struct], ...] = (Step, Cause, ChoiceOption, PendingEffect, *ev.EVENT_TYPES,
                               *DECISION_TYPES, *REQUEST_TYPES)

_IMMUTABLE = (int, str, bytes, bool, float, type(None))


def test_a_read_log_holds_no_object_the_collector_tracks_but_tuples() -> None:
    path = max(SAMPLES.glob("*.exlog"), key=lambda p: (p.stat().st_size, p.name))
    log = read_game_bytes(path.read_bytes())
    items: list[object] = []
    for step in log.steps:
        items += [step, *step.events, *step.causes]
        items += [x for x in (step.request, step.decision) if x is not None]
    assert len(items) > 1500  # the long random game: 771 events, 771 causes, 174 steps
    tracked = [type(item).__name__ for item in items if gc.is_tracked(item)]
    assert tracked == []


def _problems(kind: object, where: str, structs: list[type[msgspec.Struct]]) -> list[str]:
    """Why a field annotated ``kind`` could hold a mutable value (none: it cannot); the
    struct types it may hold are put on ``structs`` to be looked at in turn."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is typing.Annotated:
        return _problems(args[0], where, structs)
    if origin is typing.Literal or kind in _IMMUTABLE or (
            isinstance(kind, type) and issubclass(kind, enum.Enum)):
        return []
    if origin in (typing.Union, types.UnionType, tuple):
        return [p for arg in args if arg is not Ellipsis
                for p in _problems(arg, where, structs)]
    if isinstance(kind, type) and issubclass(kind, msgspec.Struct):
        structs.append(kind)
        return []
    return [f"{where}: {kind!r} may be mutated"]


def test_every_untracked_type_is_frozen_and_holds_only_immutable_values() -> None:
    problems: list[str] = []
    seen: set[type[msgspec.Struct]] = set()
    todo: list[type[msgspec.Struct]] = []
    for cls in UNTRACKED:
        assert cls.__struct_config__.gc is False, cls.__name__
        todo.append(cls)
    while todo:  # every struct type an untracked one may hold, however deep
        cls = todo.pop()
        if cls in seen:
            continue
        seen.add(cls)
        if not cls.__struct_config__.frozen:
            problems.append(f"{cls.__name__} is not frozen")
        for field in msgspec.structs.fields(cls):
            problems += _problems(field.type, f"{cls.__name__}.{field.name}", todo)
    assert len(seen) > len(UNTRACKED)  # the effects and the rest they hold, looked at too
    assert problems == []
