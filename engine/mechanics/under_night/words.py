"""Under Night In-Birth's transcript lines (``Mechanic.describe``): a fighter reverts;
the season's other events are bookkeeping, with no line."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.events.under_night import Reverted
from engine.core.hooks.mechanic import Teller

WORDS: Mapping[type, Callable[[Teller, Any], str | None]] = {
    Reverted: lambda t, e: f"{t.who(e.player)} reverts to Basic Mode",
}
"""Event type -> its transcript line."""
