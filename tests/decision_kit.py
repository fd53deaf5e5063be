"""A legal decision for any request, for tests that only need the game to move on."""

from __future__ import annotations

from engine.core.decisions import Decision, Request, forced_decision


def first_legal(request: Request | None) -> Decision:
    """A legal decision for ``request``: its forced one, else its first option."""
    assert request is not None
    decision = forced_decision(request)
    return decision if decision is not None else next(iter(request.options()))
