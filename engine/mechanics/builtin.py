"""Attaches the built-in season mechanics to the engine, in the order their hooks run:
one ``register`` call per mechanic (``engine.core.hooks.registry``) with everything it
brings: its ``Mechanic`` (which declares its season, ``engine.cards.seasons``, and gives
its wording, counters and recipe fields), its events module (``engine.core.events.<name>``,
listed in the log's ``Event`` union), its folds (added to ``engine.core.apply``) and its
effect handlers and conditions. Then every event must have a fold, every mechanic's
event must be in the ``Event`` union, and every ``schema.Season`` must be declared.

The core imports no mechanic; ``engine``'s ``__init__`` (and the rules) import this
module, so every game and every fold sees them. A new mechanic adds one line here.
"""

from __future__ import annotations

from types import ModuleType

from engine.cards.seasons import check_declared
from engine.core.apply import check_complete
from engine.core.events import EVENT_TYPES
from engine.core.events import blazblue as blazblue_events
from engine.core.events import buddies as buddies_events
from engine.core.events import critical as critical_events
from engine.core.events import tag_team as tag_team_events
from engine.core.events import under_night as under_night_events
from engine.core.hooks.registry import event_types, register
from engine.mechanics.blazblue import effects as blazblue_effects
from engine.mechanics.blazblue import folds as blazblue_folds
from engine.mechanics.blazblue.rules import BlazBlue
from engine.mechanics.buddies import effects as buddies_effects
from engine.mechanics.buddies import folds as buddies_folds
from engine.mechanics.buddies.rules import Buddies
from engine.mechanics.critical import effects as critical_effects
from engine.mechanics.critical import folds as critical_folds
from engine.mechanics.critical.rules import Critical
from engine.mechanics.tag_team import effects as tag_team_effects
from engine.mechanics.tag_team import folds as tag_team_folds
from engine.mechanics.tag_team.rules import TagTeam
from engine.mechanics.under_night import effects as under_night_effects
from engine.mechanics.under_night import folds as under_night_folds
from engine.mechanics.under_night.rules import UnderNight

CRITICAL = register(Critical(), events=critical_events, folds=critical_folds,
                    effects=critical_effects)
TAG_TEAM = register(TagTeam(), events=tag_team_events, folds=tag_team_folds,
                    effects=tag_team_effects)
BLAZBLUE = register(BlazBlue(), events=blazblue_events, folds=blazblue_folds,
                    effects=blazblue_effects)
UNDER_NIGHT = register(UnderNight(), events=under_night_events, folds=under_night_folds,
                       effects=under_night_effects)
BUDDIES = register(Buddies(), events=buddies_events, folds=buddies_folds,
                   effects=buddies_effects)


def check_logged(modules: tuple[ModuleType, ...]) -> None:
    """Raise ``RuntimeError`` naming a built-in mechanic's event the log cannot decode
    (missing from ``engine.core.events.Event``)."""
    missing = [t.__name__ for m in modules for t in event_types(m) if t not in EVENT_TYPES]
    if missing:
        raise RuntimeError(f"mechanic events missing from the Event union: {missing}")


check_complete()
check_logged((critical_events, tag_team_events, blazblue_events, under_night_events,
              buddies_events))
check_declared()
