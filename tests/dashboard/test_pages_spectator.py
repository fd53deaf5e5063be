"""The Game page as a spectator sees it (``?as=public``, "spectator" on the page): a coach
showing a game to an audience without spoiling either hand. At a moment where a card is
in p1's hand and has never been shown, nothing on the page names it (the board, the table
as text, the recent events and why, the strike timeline and its table, the lanes, the
analysed decisions, the open decision's panel and the review tallies), while the ``all``
view names it; the selector, the V button and a link take the fourth choice (AppTest,
on the analysed sample game of ``labelled_index``, whose review has labelled decisions).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from dashboard import review
from dashboard.data import plain
from replay import query as q
from replay.query import (
    AnalysisOptionRow,
    AnalysisPointRow,
    GameRow,
    game_analysis,
    open_source,
)
from tests.dashboard.page_kit import open_game as _open
from tests.dashboard.page_kit import perspective_radio

GAME_PAGE = "app_pages/game.py"
PLAIN = re.compile(r"[A-Za-z ]+")


def _page_text(at: AppTest) -> str:
    """Everything the page sent: every element's message (markdown, code, HTML, the
    charts' specs with their hovers, the radio's options...) as protobuf text (a string
    quoted, its letters, digits and spaces as they are), and each table's cells (a
    dataframe's message holds them as Arrow bytes)."""
    parts: list[str] = []

    def walk(node: Any) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None and hasattr(proto, "DESCRIPTOR"):
            parts.append(str(proto))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)  # AppTest has no API for the whole tree
    parts.extend(frame.value.to_csv() for frame in at.dataframe)
    return "\n".join(parts)


def _secret_moment(game: q.GameReplay, points: list[AnalysisPointRow],
                   options: list[AnalysisOptionRow],
                   struck: set[str]) -> tuple[AnalysisPointRow, str]:
    """An analysed decision of p1 at whose moment a card is in p1's hand that no public
    line, zone or strike has named since the game began, and that its reviewed options
    name (so the open decision's panel would name it too, were it shown), and that card,
    one ``struck`` later if any (so the timeline's hover and the strikes table would name
    it too), the longest (no other word holds it); a name of letters and spaces only,
    which every element writes as it is (an apostrophe is ``&#x27;`` in HTML: it would be
    absent from the page however shown)."""
    public = ""
    labels = {p.idx: " ".join(o.label for o in options if o.idx == p.idx) for p in points}
    moments = {p.event: p for p in points if p.player == 0 and p.event > game.opening}
    for position in range(game.length + 1):
        shown = q.frame(game, position, "public", recent=1)
        public += "\n".join([*shown.recent, repr(shown.p1), repr(shown.p2),
                             repr(shown.strike_in_progress)])
        point = moments.get(position)
        if point is None:
            continue
        hand = q.frame(game, position, "all", recent=0).p1.hand or ()
        secret = [card for card in hand if card not in public and card in labels[point.idx]
                  and PLAIN.fullmatch(card)]
        if secret:
            return point, max(secret, key=lambda card: (card in struck, len(card)))
    raise AssertionError("no analysed moment of p1 whose options name a card never shown")


def _markers(at: AppTest, game: GameRow) -> list[str]:
    """The review markers' traces on the timeline (``p1 blunder``...)."""
    spec = json.loads(at.get_by_key(f"game.timeline.{game.game_id}").proto.spec)
    return [t["name"] for t in spec["data"]
            if t.get("name", "").endswith(("inaccuracy", "mistake", "blunder"))]


def _header(at: AppTest) -> str:
    [header] = [m.value for m in at.markdown if m.value.startswith(("**turn ", "**setup "))]
    return header


def test_the_spectator_sees_no_card_of_a_hand(app: Callable[..., AppTest],
                                              labelled_index: Path, analysed: GameRow) -> None:
    analysis = game_analysis(open_source(labelled_index), analysed.game_id)
    assert analysis is not None
    game = q.open_game(analysed.path)
    strikes = q.game_strikes(open_source(labelled_index), analysed.game_id)
    struck = set(q.card_names({c for s in strikes for c in (s.a_card, s.d_card) if c},
                              game.catalog).values())
    point, card = _secret_moment(game, list(analysis.points), list(analysis.options), struck)
    assert card in struck, (card, struck)  # the sample has one: the test covers the charts
    at = _open(app, labelled_index, analysed, **{"as": "public", "at": str(point.event)})
    at.toggle(key=f"game.strikes.show.{analysed.game_id}").set_value(True).run()
    assert not at.exception and not at.warning, [w.value for w in at.warning]
    assert perspective_radio(at).value == "public"
    assert _header(at).endswith("as spectator**")
    text = _page_text(at)
    assert card not in text, card
    assert 'aria-label=\\"table as spectator\\"' in text  # the board drawn for it
    assert f"Decision {point.idx}" in text and "(hidden as spectator)" in text  # the panel
    assert plain(review.HIDDEN_TALLIES) in [c.value for c in at.caption]
    assert "link to this moment](game?game=" in text and "as=public" in text
    assert _markers(at, analysed) == []  # neither player's review markers
    # the omniscient view of the same moment names it (p1's hand, the decision's options)
    perspective_radio(at).set_value("all").run()
    assert not at.exception
    assert card in _page_text(at)
    assert _markers(at, analysed)  # the labelled review's, which the spectator did not get


@pytest.mark.parametrize("start", ["all", "p1", "p2", "public"])
def test_v_cycles_through_the_spectator(app: Callable[..., AppTest], index_path: Path,
                                        longest: GameRow, start: str) -> None:
    """V (the View button): all, p1, p2, spectator, then all again; the selector names
    ``public`` "spectator"."""
    after = {"all": "p1", "p1": "p2", "p2": "public", "public": "all"}
    at = _open(app, index_path, longest, **{"as": start})
    radio = perspective_radio(at)
    assert radio.value == start and list(radio.options) == ["all", "p1", "p2", "spectator"]
    at.button(key=f"viewer.view.{longest.game_id}").click().run()
    assert perspective_radio(at).value == after[start]


@pytest.mark.parametrize("perspective", ["public", "p2"])
def test_a_hidden_review_is_named_neither_in_the_panel_nor_in_the_hover(
        app: Callable[..., AppTest], labelled_index: Path, analysed: GameRow,
        perspective: str) -> None:
    """The spectator (and p2, of p1's decisions) gets no review markers and no tally, yet
    the open decision's panel read "swing 30 points for p1 · **blunder**" and the curve's
    hover "blunder: p1 lost 30 points against the best option": the review the markers
    hide, in words. Both now say the review is hidden; the ``all`` view still names it."""
    analysis = game_analysis(open_source(labelled_index), analysed.game_id)
    assert analysis is not None
    blunder = next(p for p in analysis.points if p.severity == "blunder" and p.player == 0)
    at = _open(app, labelled_index, analysed, **{"as": perspective, "at": str(blunder.event)})
    panel = [m.value for m in at.markdown if m.value.startswith("P1's chance here")]
    assert panel and "blunder" not in panel[0] and "swing" not in panel[0], panel
    assert "review hidden" in panel[0], panel
    spec = json.loads(at.get_by_key(f"game.timeline.{analysed.game_id}").proto.spec)
    hovers = [h for t in spec["data"] for h in (t.get("hovertext") or [])
              if isinstance(h, str)]
    assert hovers and not any("blunder" in h or " lost " in h for h in hovers), hovers
    perspective_radio(at).set_value("all").run()
    assert not at.exception
    panel = [m.value for m in at.markdown if m.value.startswith("P1's chance here")]
    assert panel and "**blunder**" in panel[0], panel
