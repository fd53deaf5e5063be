"""A stored analysis's labels in today's words, derived from the log when it is read.

An analysis stores its options' labels as text (``analysis_options.label``, the points'
``decision`` and ``best_move``), in the words of the day it was made: one stored before
a label was improved keeps the old wording ("Switch fighters" where the options now read
"Switch Characters: Ken Masters tags in"; "Set Shinryuken" for a Tag Team's special,
now "Set Shinryuken (Ken Masters)"). Each stored option keeps its position among the
request's options (``option``) and each point its decision index, so the log gives back
the request, the decision and the state there, and ``replay.options`` names them as it
names them now (``relabelled``). A label the log cannot give (an option outside the
listed ones, a point the log does not hold) keeps its stored text.
"""

from __future__ import annotations

from itertools import islice
from typing import TYPE_CHECKING

import msgspec

from replay.analysis.labels import option_label
from replay.analysis.positions import points

if TYPE_CHECKING:  # the stored rows are read there, and name this module's function
    from engine import Catalog, GameLog
    from replay.index.analysis_queries import StoredAnalysis


def relabelled(stored: StoredAnalysis, log: GameLog, catalog: Catalog) -> StoredAnalysis:
    """``stored`` with its points' played and best moves and its options named from
    ``log`` (the analysed game's) as ``exceed analyze`` names them today."""
    wanted = {p.idx for p in stored.points}
    numbers: dict[int, set[int]] = {}
    for p in stored.points:
        if p.best_option is not None and p.best_option >= 0:
            numbers.setdefault(p.idx, set()).add(p.best_option)
    for o in stored.options:
        if o.option >= 0:
            numbers.setdefault(o.idx, set()).add(o.option)
    played: dict[int, str] = {}
    named: dict[tuple[int, int], str] = {}
    for point in points(log, catalog, wanted):
        at = point.id.index
        played[at] = option_label(point.decision, point.request, point.state, catalog)
        asked = numbers.get(at, set())
        if asked:
            listed = list(islice(point.request.options(), max(asked) + 1))
            for number in asked & set(range(len(listed))):
                named[(at, number)] = option_label(listed[number], point.request,
                                                   point.state, catalog)
    new_points = [msgspec.structs.replace(
        p, decision=played.get(p.idx, p.decision),
        best_move=(named.get((p.idx, p.best_option), p.best_move)
                   if p.best_move is not None and p.best_option is not None else p.best_move))
        for p in stored.points]
    new_options = [msgspec.structs.replace(
        o, label=(played.get(o.idx, o.label) if o.chosen and o.option < 0
                  else named.get((o.idx, o.option), o.label)))
        for o in stored.options]
    return msgspec.structs.replace(stored, points=new_points, options=new_options)
