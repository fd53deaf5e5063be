"""Registers the built-in season mechanics, in the order their hooks run. The rules
import this module, so every game sees them; a new mechanic adds one line here."""

from __future__ import annotations

from engine.mechanics.critical.rules import Critical
from engine.mechanics.registry import register
from engine.mechanics.tag_team.rules import TagTeam

CRITICAL = register(Critical())
TAG_TEAM = register(TagTeam())
