"""Critical's transcript line (``Mechanic.describe``): the attack made Critical."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.events.critical import AttackMadeCritical
from engine.core.hooks.mechanic import Teller


def _critical(t: Teller, e: AttackMadeCritical) -> str:
    return f"{t.who(e.player)} pays 1 gauge: Critical"


WORDS: Mapping[type, Callable[[Teller, Any], str | None]] = {AttackMadeCritical: _critical}
"""Event type -> its transcript line."""
