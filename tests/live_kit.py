"""Live games between two people for tests: both seats claimed by tab "t", and a step
taken by whichever seat is asked (``replay.query``'s live game API only)."""

from __future__ import annotations

from pathlib import Path

from replay import query as q


def people(root: Path, seed: int = 8, clock: q.Clock | None = None) -> q.Created:
    """A Ryu vs Ken game between two people (on ``clock``, if any), each seat claimed by
    tab "t"."""
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=seed, clock=clock)
    for seat in ("p1", "p2"):
        q.claim_tab(root, created.game_id, seat, "t")
    return created


def step(root: Path, created: q.Created, prefer: str = "") -> None:
    """Whichever seat is asked takes its first option (of the group ``prefer``, the
    first group's when none is)."""
    for seat in ("p1", "p2"):
        pic = q.live_picture(root, created.game_id, seat)
        if pic.request is not None:
            group = next((g for g in pic.groups if g.kind == prefer), pic.groups[0])
            q.live_act(root, created.game_id, created.tokens[seat], "t", pic.decision,
                       group.options[0].decision)
            return
    raise AssertionError("no seat is asked")
