"""Agent names: the one parser of what a seat may be given (``random``, ``heuristic``,
``search``, ``search:N``). The CLI, the log checks and ``engine.play.agents.make_agent``
all ask ``agent_problem``; a bad name is refused with one line listing the valid forms."""

from __future__ import annotations

from collections.abc import Sequence

AGENT_NAMES = ("random", "heuristic", "search")
SEARCH = "search"
SEARCH_ITERATIONS = 128
"""The iterations of ``search`` without ``:N``: under a second of one core a decision
(about 6.6 ms of CPU an iteration, measured by ``python -m bench.agents``)."""
MAX_SEARCH_ITERATIONS = 100_000
AGENT_FORMS = (*AGENT_NAMES, f"{SEARCH}:N")
"""Every form an agent name takes."""
_N = (f"{SEARCH}:N searches N iterations, 1..{MAX_SEARCH_ITERATIONS}; "
      f"{SEARCH} is {SEARCH}:{SEARCH_ITERATIONS}")


def agent_problem(name: str, also: Sequence[str] = ()) -> str | None:
    """None if ``name`` names an agent (``AGENT_NAMES``, or ``search:N``) or one of
    ``also`` (``human``, where a person may sit), else one line saying what is wrong and
    listing the valid forms. The one parser of agent names."""
    if name in AGENT_NAMES or name in also:
        return None
    known = f"known: {', '.join((*AGENT_FORMS, *also))} ({_N})"
    shown = name if len(name) <= 40 else name[:40] + "..."
    head, sep, count = name.partition(":")
    if head == SEARCH and sep:
        whole = count.isascii() and count.isdigit() and len(count) <= 6 and (
            count == "0" or not count.startswith("0"))
        if not whole or not 1 <= int(count) <= MAX_SEARCH_ITERATIONS:
            return (f"agent {shown!r}: N must be 1..{MAX_SEARCH_ITERATIONS}, digits only, no "
                    f"leading zero; {known}")
        return None
    return f"unknown agent {shown!r}; {known}"


def search_iterations(name: str) -> int | None:
    """The iterations a ``search`` agent name asks for (None: not a search agent)."""
    if name == SEARCH:
        return SEARCH_ITERATIONS
    if name.startswith(SEARCH + ":") and agent_problem(name) is None:
        return int(name.partition(":")[2])
    return None
