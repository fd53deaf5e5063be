"""Where the strike timeline's marker labels go, so that no two of them overlap.

Each strike puts one marker per seat on the seat's row, and each marker may carry a
label naming its attack. The labels sit in three lanes: above p1's row (``top``),
between the rows (``middle``: p1's labels under its markers and p2's over theirs) and
under p2's row (``bottom``). ``place`` goes through the labels from left to right and
puts each in its seat's outer lane if it fits there, else in the middle lane; a label
that fits in neither is tried again abbreviated, and is left off when that does not fit
either. The marker's hover still names the attack whole (``timeline.hover``).

Whether a label fits is measured on the narrowest plot the page draws (``PLOT_PX``
wide, the x range mapped onto it) with a generous width per character (``CHAR_PX``), so
labels that do not overlap there do not overlap on a wider screen; a chart narrower than
``NARROW_PX`` (a phone) hides them (``narrow_style``). ``boxes`` gives the
placed labels' extents (lane, left and right in pixels), as a test measures them.

A Tag Team tag-in is a dashed line with its label beside it (``tag_in_places``): right
of the line, or left of it when the label would run past the plot's right edge, and a
line further in when it is close to the seat's previous tag-in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

PLOT_PX = 560.0
"""The narrowest width (pixels) of the timeline's plot area the page draws."""
CHAR_PX = 6.0
"""A generous width of one character of a label (plotly's 9 px font is about 5 px)."""
PAD_PX = 4.0
"""Space kept clear between two labels of one lane."""
HOVER_CHARS = 48
"""The longest line of a strike's hover (its 11 px font: about 6 px a character, so about
half the narrowest plot): the hover fits beside its marker, left of it near the right
edge, instead of being cut off there."""
OUTER = ("top", "bottom")
"""Each seat's own lane: p1's labels above its row, p2's below theirs."""
POSITION = {("top", 0): "top center", ("middle", 0): "bottom center",
            ("middle", 1): "top center", ("bottom", 1): "bottom center"}
"""The plotly ``textposition`` of a seat's label in a lane (relative to its marker)."""


NARROW_PX = 540
"""The narrowest timeline chart (its whole width, the row names' margin included) that
shows the labels. ``place`` fits them on a plot of ``PLOT_PX``, and on a narrower chart
they ran over each other: in a 390-pixel window (a phone; a plot of about 260 pixels)
"Psycho Cr… WS" lay on "Grasp CR", and in an 800-pixel one with the sidebar open (about
370) some still did; at 1024 pixels (about 450) none. Under it the labels are hidden
(``narrow_style``); each marker's hover still names its attack whole."""


def narrow_style(prefix: str) -> str:
    """The style that hides the marker labels of the timeline charts keyed
    ``<prefix>...`` while such a chart is narrower than ``NARROW_PX`` (a CSS container
    query on the chart's own width, which a window's width does not tell: the sidebar
    may take 300 pixels of it). Built from constants only."""
    sel = f"[class*='st-key-{prefix}']"
    return (f"<style>{sel}{{container-type:inline-size}}"
            f"@container (max-width:{NARROW_PX - 1}px)"
            f"{{{sel} .scatterlayer .textpoint{{display:none}}}}</style>")


class Box(NamedTuple):
    """One placed label: its lane and its left and right edges in pixels."""

    lane: str
    left: float
    right: float


def width(text: str) -> float:
    """A label's width in pixels, with the space kept clear after it."""
    return len(text) * CHAR_PX + PAD_PX


def box(lane: str, x: float, text: str, scale: float) -> Box:
    """The box of ``text`` centred on ``x`` (data units; ``scale``: pixels per unit)."""
    half = width(text) / 2
    return Box(lane, x * scale - half, x * scale + half)


def scale_of(x_span: float) -> float:
    """Pixels per x unit when ``x_span`` units fill the narrowest plot."""
    return PLOT_PX / (x_span or 1.0)


def place(seats: Sequence[Sequence[tuple[float, Sequence[str]]]], x_span: float
          ) -> list[list[tuple[str, str]]]:
    """For each seat's markers (``(x, choices)``: its x and its label's forms, whole
    first, then shorter), the label shown and its ``textposition``: the first form that
    fits in the seat's own lane, else in the middle lane, else ``""`` (left off).
    ``x_span``: the width of the plotted x range in data units."""
    scale = scale_of(x_span)
    taken: dict[str, list[Box]] = {"top": [], "middle": [], "bottom": []}
    out: list[list[tuple[str, str]]] = [[("", POSITION[(OUTER[s], s)])] * len(marks)
                                        for s, marks in enumerate(seats)]
    order = sorted((x, seat, i) for seat, marks in enumerate(seats)
                   for i, (x, _) in enumerate(marks))
    for x, seat, i in order:
        for text in seats[seat][i][1]:
            lane = next((lane for lane in (OUTER[seat], "middle") if text and not any(
                _overlap(box(lane, x, text, scale), other) for other in taken[lane])), None)
            if lane is not None:
                taken[lane].append(box(lane, x, text, scale))
                out[seat][i] = (text, POSITION[(lane, seat)])
                break
    return out


def _overlap(a: Box, b: Box) -> bool:
    return a.lane == b.lane and a.left < b.right and b.left < a.right


def lane_of(seat: int, textposition: str) -> str:
    """The lane a seat's label with ``textposition`` sits in."""
    return next(lane for (lane, s), pos in POSITION.items() if s == seat and pos == textposition)


def boxes(seat: int, xs: Sequence[float], texts: Sequence[str], positions: Sequence[str],
          x_span: float) -> list[Box]:
    """The boxes of one seat's shown labels (a trace's ``x``, ``text`` and
    ``textposition``), measured as ``place`` measures them."""
    scale = scale_of(x_span)
    return [box(lane_of(seat, pos), x, text, scale)
            for x, text, pos in zip(xs, texts, positions, strict=True) if text]


class TagIn(NamedTuple):
    """Where a tag-in's label goes: ``side`` of its line ("right" or "left") and
    ``level``, lines in from the plot's edge (0: at the edge)."""

    side: str
    level: int


TAG_IN_CHARS_PX = 6.0
"""A generous width of one character of a tag-in label (plotly's 10 px font)."""
TAG_IN_CLOSE = 0.15
"""Two tag-ins of one seat within this share of the game are close."""


def tag_in_places(tag_ins: Sequence[tuple[int, float, str]], end: float,
                  x_max: float) -> list[TagIn]:
    """For each tag-in (``(seat, x, label)``, in order) the side and level of its label.

    A label close to the seat's previous one goes a line further in, so two do not write
    over each other ("p1 Chun-Li tagCammy tags in"); one that would run past ``x_max``
    (the x range's right end) when drawn right of its line, measured on the narrowest
    plot, is drawn left of it ("p2 Sagat tags" was cut off at the edge)."""
    scale = scale_of(x_max + end * 0.02)
    previous: dict[int, tuple[float, int]] = {}  # seat -> (x, level)
    out = []
    for seat, x, text in tag_ins:
        last, level = previous.get(seat, (-end, -1))
        level = level + 1 if x - last < end * TAG_IN_CLOSE else 0
        previous[seat] = (x, level)
        fits = x * scale + visible(text) * TAG_IN_CHARS_PX + PAD_PX <= x_max * scale
        out.append(TagIn("right" if fits else "left", level))
    return out


_TAG = re.compile(r"<[^>]*>")
_ENTITY = re.compile(r"&#?\w+;")
_WHOLE = re.compile(r"<b>.*?</b>|\([^()]*\)")
_KEEP = "\0"  # a space inside a bold name or brackets, kept from breaking


def visible(text: str) -> int:
    """How many characters of ``text`` plotly draws (tags left out, an entity one)."""
    return len(_ENTITY.sub("x", _TAG.sub("", text)))


def wrap(line: str, limit: int = HOVER_CHARS) -> list[str]:
    """``line`` broken into lines of at most ``limit`` drawn characters (later ones
    indented): at its `` · `` separators where it can, else between words; never inside
    a bold name or brackets."""
    indent = line[:len(line) - len(line.lstrip(" "))]
    kept = _WHOLE.sub(lambda m: m.group(0).replace(" ", _KEEP), line.lstrip(" "))
    lines = [""]
    for i, part in enumerate(kept.split(" · ")):
        joined = part if i == 0 else f"{lines[-1]} · {part}"
        if i and visible(joined) <= limit:
            lines[-1] = joined
            continue
        if i:
            lines.append("  ")
        for word in part.split(" "):
            spaced = word if lines[-1].strip() == "" else f"{lines[-1]} {word}"
            if lines[-1].strip() == "" or visible(spaced) <= limit:
                lines[-1] = (lines[-1] + word) if lines[-1].strip() == "" else spaced
            else:
                lines.append("  " + word)
    lines[0] = indent + lines[0]
    return [piece.replace(_KEEP, " ") for piece in lines]
