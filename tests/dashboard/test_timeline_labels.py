"""The strike timeline's marker labels never overlap, and its hovers fit beside a marker
(issue 27 item 16: "Cross WS CR / Assault WS" stacked, the strike hover clipped at the
right edge). Measured on the densest sample game, as ``dashboard.timeline_labels``
measures the narrowest plot the page draws."""

from __future__ import annotations

import html
import itertools
import re
from pathlib import Path

from dashboard import timeline, timeline_labels
from dashboard.timeline_labels import CHAR_PX, PAD_PX, PLOT_PX, Box
from replay.query import GameRow, card_names, open_game


def _densest(rows: list[GameRow]) -> GameRow:
    """The finished sample game with the most strikes per event."""
    return max((r for r in rows if r.strikes), key=lambda r: (r.strikes / r.events, r.game_id))


def _label_boxes(fig: object, x_span: float) -> list[Box]:
    """Every shown strike label's box, measured from the figure's own traces: its width
    ``len * CHAR_PX + PAD_PX`` centred on its marker, in the lane its position names."""
    lanes = {(0, "top center"): "top", (0, "bottom center"): "middle",
             (1, "top center"): "middle", (1, "bottom center"): "bottom"}
    markers = [t for t in fig.data  # type: ignore[attr-defined]
               if t.mode == "markers+text" and t.customdata is not None]
    assert len(markers) == 2
    scale = PLOT_PX / x_span
    out = []
    for seat, trace in enumerate(markers):
        for x, text, pos in zip(trace.x, trace.text, trace.textposition, strict=True):
            if text:
                half = (len(html.unescape(text)) * CHAR_PX + PAD_PX) / 2
                out.append(Box(lanes[(seat, pos)], x * scale - half, x * scale + half))
    return out


def test_no_two_labels_overlap_on_the_densest_sample(sample_rows: list[GameRow]) -> None:
    row = _densest(sample_rows)
    game = open_game(row.path)
    model = game.timeline
    cards = card_names({c for s in model.strikes for c in (s.a_card, s.d_card) if c},
                       game.catalog)
    fig = timeline.chart(model, ("p1 Aaaaaa", "p2 Bbbbbb"), cards, attacks=game.lanes.attacks)
    low, high = fig.layout.xaxis.range
    boxes = _label_boxes(fig, high - low)
    for a, b in itertools.combinations(boxes, 2):
        assert a.lane != b.lane or a.right <= b.left or b.right <= a.left, (a, b)
    # not empty: most strikes keep a label, and some had to give way (abbreviated or left off)
    shown = len(boxes)
    assert shown >= len(model.strikes)
    whole = [timeline.label(s, seat, cards) for s in model.strikes for seat in (0, 1)]
    texts = [html.unescape(t) for trace in fig.data if trace.mode == "markers+text"
             for t in trace.text]
    assert sorted(texts) != sorted(whole)


def test_crowded_labels_move_lane_then_shorten_then_go() -> None:
    """Three labels at one x: the first in p1's own lane, the next in the middle lane, the
    third finds no room in either, whole or abbreviated, and is left off."""
    same = [(10.0, ["Tatsumaki…", "Tats…"])] * 3
    placed = timeline_labels.place([same, []], x_span=100)
    assert placed[0] == [("Tatsumaki…", "top center"), ("Tatsumaki…", "bottom center"),
                         ("", "top center")]
    near = [(10.0, ["Tatsumaki…", "Tats…"]), (19.0, ["Shoryuken", "Shor…"])]
    placed = timeline_labels.place([near, [(14.0, ["Assault WS", "Assa… WS"])]], x_span=100)
    # 10 units apart is 56 px: two whole labels (64 px) collide, abbreviated ones (34) fit
    assert placed[0][0] == ("Tatsumaki…", "top center")
    assert placed[1][0] == ("Assault WS", "bottom center")  # p2's own lane is free
    assert placed[0][1] in (("Shoryuken", "bottom center"), ("Shor…", "top center"))


def test_every_strike_hover_line_fits_beside_its_marker(sample_rows: list[GameRow]) -> None:
    """Each hover line is at most ``HOVER_CHARS`` characters (11 px font), so a hover is
    at most half the narrowest plot wide: plotly puts it left of a marker near the right
    edge instead of cutting it off."""
    assert timeline_labels.HOVER_CHARS * 6.5 <= PLOT_PX / 2 + 40
    for row in sorted(sample_rows, key=lambda r: -r.strikes)[:5]:
        game = open_game(Path(row.path))
        model = game.timeline
        cards = card_names({c for s in model.strikes for c in (s.a_card, s.d_card) if c},
                           game.catalog)
        fig = timeline.chart(model, ("p1 Ken Masters", "p2 Ryu"), cards,
                             attacks=game.lanes.attacks)
        for trace in fig.data:
            for text in trace.hovertext or ():
                for line in str(text).split("<br>"):
                    visible = html.unescape(re.sub(r"<[^>]+>", "", line))
                    assert len(visible) <= timeline_labels.HOVER_CHARS, visible
    assert CHAR_PX >= 5 and PAD_PX > 0
