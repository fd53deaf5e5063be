"""Frozen games for tests that walk one moment of a game (``tests/fixtures/agent_v1``):
sample games as the heuristic agent played them before issue 32's reach and clash rules.
The samples move whenever the agents' play changes; these stay put, and verify on the
current engine (their decisions, not their agents, are replayed)."""

from __future__ import annotations

from pathlib import Path

FROZEN = Path(__file__).resolve().parent / "fixtures" / "agent_v1"
ASTRAL_HEAT = FROZEN / "ragna-vs-ryu_heuristic-vs-heuristic_seed593.exlog"
"""Ragna reshuffles by hand (BlazBlue: Manual Reshuffle), his Astral Heat joins his deck
and he strikes with it; the agents of today reach no such game in seeds 0..1999."""
