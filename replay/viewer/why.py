"""Why an event happened: a short chain back to the decision that started it.

Each event of a format 2 log carries its cause (``engine.Cause``: a card's effect, a
named rule, or the decision) and the event it follows from. ``why_lines(replay, n,
perspective)`` walks that back from event ``#n`` (the viewer's 1-based numbering), one
line per link, until the decision of the step, the deal (setup), or ``MAX_LINKS``:

    #67 p2 Ken is pushed 1 space to 5 -- Donkey Kick's push
      <- #66 p1 Ryu's Donkey Kick hits -- the rule: attack
      <- #62 priority: p1 Ryu (speed 5 vs 3) -- the rule: strike
      <- decision 8: p2 Set Spike

Events are worded as ``perspective`` (a seat, None: omniscient, or
``replay.viewer.public.PUBLIC``: a spectator) sees them (redacted), as in the recent-events list,
whose words it shares for the events the transcript leaves out (``board.bookkeeping_line``:
"p1 Vatista's draw effects draw 1 more this strike", not the event's tag).
A v1 log has no causes: the one line says so.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import CauseKind, describe_cause
from replay.asking_words import asker
from replay.options import label_of
from replay.viewer.board import bookkeeping_line
from replay.viewer.cursor import Replay
from replay.viewer.public import Viewer, redacted, transcript

MAX_LINKS = 8


def _event_line(replay: Replay, index: int, perspective: Viewer) -> str:
    """Event ``index`` (0-based) in transcript words for ``perspective``."""
    end = replay.position
    replay.seek(index)
    try:
        told = transcript(replay.state, replay.catalog, perspective)
    finally:
        replay.seek(end)
    event = replay.events[index]
    fallback = bookkeeping_line(told, redacted(event, perspective))
    line = told.feed(event)
    return fallback if line is None else line


def _card_name(replay: Replay) -> Callable[[int], str]:
    defs = replay.state.card_defs  # every reference of the game, created ones too

    def name(ref: int) -> str:
        card_id = defs.get(ref)
        return f"card {ref}" if card_id is None else replay.catalog.card(card_id).name

    return name


def _decision_words(replay: Replay, decision: int, perspective: Viewer) -> str:
    """Who took decision ``decision`` and what they chose, in the Game page's words
    (``p1 Move to space 4``; a choice with what asked it, ``p1 retreat 1 (an option of
    Ryu's character card)``, ``replay.asking_words.asker``) for a perspective that saw it
    (all, or the decider); for the other player and the public (a spectator) only its
    kind (``p2 set attack``): a face-down attack or a hidden card is not theirs to read."""
    step = replay.log.steps[decision + 1]
    request, chosen = step.request, step.decision
    if request is None or chosen is None:
        return "?"
    tag = str(chosen.__struct_config__.tag).replace("_", " ")
    if perspective is not None and perspective != request.player:
        return f"{request.player.label} {tag}"
    end = replay.position
    replay.seek(replay.decision_starts[decision])  # the table the decider chose at
    try:
        words = label_of(chosen, request, replay.state, replay.catalog)
        source = asker(request, replay.state, replay.catalog)
    except (KeyError, IndexError, ValueError):
        words, source = tag, None  # a label the state cannot name (never seen): the kind
    finally:
        replay.seek(end)
    asked_by = f" (an option of {source})" if source is not None else ""
    return f"{request.player.label} {words}{asked_by}"


def why_lines(replay: Replay, number: int, perspective: Viewer = None) -> list[str]:
    """The chain of causes of event ``#number`` (1-based), one line per link."""
    if not 1 <= number <= replay.length:
        raise ValueError(f"event #{number} is outside #1..#{replay.length}")
    causes = replay.causes
    names = _card_name(replay)
    lines: list[str] = []
    index = number - 1
    for depth in range(MAX_LINKS):
        cause = causes[index]
        lead = f"#{index + 1}" if depth == 0 else f"  <- #{index + 1}"
        said = describe_cause(cause, names)
        lines.append(f"{lead} {_event_line(replay, index, perspective)} -- {said}")
        if cause.kind is CauseKind.UNKNOWN:
            return lines
        if cause.after < 0:
            decision = replay.decision_of_event[index]
            if decision < 0:
                lines.append("  <- the deal (setup)")
            else:
                lines.append(f"  <- decision {decision}: "
                             f"{_decision_words(replay, decision, perspective)}")
            return lines
        index = cause.after
    lines.append("  <- ...")
    return lines
