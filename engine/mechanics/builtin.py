"""Attaches the built-in season mechanics to the engine, in the order their hooks run:
registers each ``Mechanic`` (``engine.core.hooks.registry``) and so declares its season
(``engine.cards.seasons``), adds their folds to ``engine.core.apply`` and loads their effect
handlers and conditions; then every ``schema.Season`` must be declared.

The core imports no mechanic; ``engine``'s ``__init__`` (and the rules) import this
module, so every game and every fold sees them. A new mechanic adds one line here.
"""

from __future__ import annotations

from engine.cards.seasons import check_declared
from engine.core.apply import check_complete
from engine.core.hooks.registry import register
from engine.mechanics import effects as effects  # registers the mechanics' handlers
from engine.mechanics import folds
from engine.mechanics.blazblue.rules import BlazBlue
from engine.mechanics.buddies.rules import Buddies
from engine.mechanics.critical.rules import Critical
from engine.mechanics.tag_team.rules import TagTeam
from engine.mechanics.under_night.rules import UnderNight

CRITICAL = register(Critical())
TAG_TEAM = register(TagTeam())
BLAZBLUE = register(BlazBlue())
UNDER_NIGHT = register(UnderNight())
BUDDIES = register(Buddies())
folds.install()
check_complete()
check_declared()
