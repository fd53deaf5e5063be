"""The Matchups heatmap's cell text (``dashboard.stats.cell_text``): what each cell shows
for a plot of a given width, exactly. With 12 fighters in a 1024-pixel window a cell
showed its rate alone: its line "[55–61] n=263" never fitted the cell, and the caption
promised the interval; now a rate, its interval and n are three short lines."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from dashboard.stats import (
    CHAR_EM,
    HEATMAP_FIGURE_PX,
    HEATMAP_PX,
    HEATMAP_ROW_PX,
    WIDE_EM,
    CellText,
    Rate,
    cell_font,
    cell_text,
    cell_words,
    fits,
    heatmap_height,
    heatmap_px,
    line_em,
    narrowest_figure,
)

RATE = Rate(81, 263).short()  # 31%, 26–37, n=263
FEW = Rate(2, 3).short()  # n=3 (grey: not enough games)
MIRROR = "mirror<br>n=6"


def _grid(fighters: int) -> list[list[str]]:
    """A heatmap of ``fighters`` a side: a mirror cell top left, an empty diagonal, a
    grey cell right of each, and rates elsewhere."""
    grid = [[RATE] * fighters for _ in range(fighters)]
    for i in range(fighters):
        grid[i][i] = ""
        grid[i][(i + 1) % fighters] = FEW
    grid[0][0] = MIRROR
    return grid


def _expect(fighters: int, cell: Callable[[str], str]) -> list[list[str]]:
    """``_grid(fighters)`` with each kind of cell drawn as ``cell`` maps it."""
    return [[cell(text) for text in row] for row in _grid(fighters)]


def test_a_rate_cell_is_three_short_lines() -> None:
    assert RATE == "31%<br>26–37<br>n=263" and FEW == "n=3"
    assert Rate(10, 10).short() == "100%<br>72–100<br>n=10"
    assert Rate(0, 10).short() == "0%<br>0–28<br>n=10"


def test_twelve_fighters_in_a_1024_pixel_window_show_every_line() -> None:
    """The default heatmap, in the narrowest window the page is drawn for: every cell
    with a rate shows it, its interval and n, at 10 px."""
    drawn = cell_text(_grid(12))
    assert drawn == CellText(_grid(12), 10, 0)
    assert drawn.text[0][:3] == [MIRROR, FEW, RATE]
    assert drawn.text[5][4:7] == [RATE, "", FEW]
    assert fits(HEATMAP_PX / 12, RATE.split("<br>"), 10)
    assert not fits(HEATMAP_PX / 12, RATE.split("<br>"), 11)  # "n=263" is 33 px at 11


def test_a_wider_plot_or_shorter_lines_draw_larger_up_to_the_row_height() -> None:
    assert cell_text(_grid(12), 2 * HEATMAP_PX).font == 11  # three lines in a 48-px row
    short = [[Rate(55, 100).short()] * 4] * 4  # 55%, 45–64, n=100
    assert cell_text(short).font == 11
    assert cell_font(1000.0, [["1"]]) == 12 and cell_font(1.0, [["n=263"]]) == 7


def test_sixteen_fighters_still_show_every_line_at_7_px() -> None:
    assert cell_text(_grid(16)) == CellText(_grid(16), 7, 0)


def test_a_long_n_is_left_to_the_hover_before_the_interval() -> None:
    """n=123456 does not fit a cell of 12 at 7 px: the rate and its interval still do
    (at 10 px, as "mirror" and its n, two lines)."""
    big = Rate(61728, 123456).short()
    assert big == "50%<br>50–50<br>n=123456"
    grid = [[big, FEW], [MIRROR, ""]] * 6
    grid = [row * 6 for row in grid]
    assert cell_text(grid) == CellText(
        [[text.removesuffix("<br>n=123456") for text in row] for row in grid], 10, 1
    )


@pytest.mark.parametrize("fighters, rate", [(18, "31%"), (20, "31%"), (24, "")])
def test_too_many_fighters_show_the_first_line_where_it_fits(fighters: int, rate: str) -> None:
    """With 18 fighters "26–37" does not fit a cell at 7 px: each cell shows its first
    line, a rate (``31%``) or n (``n=3``), and "mirror" is left out; with 24 a rate does
    not fit either (its cell is blank), "n=3" still does. The caption and the hover say
    the rest."""
    shown = {RATE: rate, FEW: FEW, MIRROR: "", "": ""}
    assert cell_text(_grid(fighters)) == CellText(_expect(fighters, shown.__getitem__), 7, 2)


def test_a_longer_name_narrows_the_plot() -> None:
    """The names take the figure's width the plot does not: "Super Skull Man 33" is 7
    characters longer than "Ken Masters", the longest the plot was measured with."""
    assert heatmap_px(["Ryu", "Ken Masters"]) == HEATMAP_PX
    assert heatmap_px(["Ryu", "Super Skull Man 33"]) == HEATMAP_PX - 49
    assert heatmap_height(12) - heatmap_height(11) == HEATMAP_ROW_PX


def test_a_line_is_as_wide_as_its_characters_measured() -> None:
    """Widths in ems of the font size, each character's as measured in chromium in the
    page's font (Source Sans), a tenth added; a character not measured is as wide as
    "m". Whole words measured a little narrower ("mirror" 2.65, "n=110" 2.54)."""
    assert line_em("mirror") == pytest.approx(1.1 * (0.829 + 0.246 + 3 * 0.35 + 0.542))
    assert line_em("n=110") == pytest.approx(1.1 * (0.547 + 4 * 0.497))
    assert line_em("W") == pytest.approx(1.1 * WIDE_EM) and WIDE_EM >= max(CHAR_EM.values())


def test_the_caption_says_what_a_cell_holds() -> None:
    """The caption promised "its 95% Wilson interval [low–high] and n" in each cell while
    no cell drew it; now it says what ``cell_text`` drew."""
    assert cell_words(0, 12) == (
        "under it its 95% Wilson interval low–high and n, the number of games"
    )
    assert cell_words(1, 12) == (
        "under it its 95% Wilson interval low–high (with 12 fighters n, the number of "
        "games, does not fit a cell: hover it)"
    )
    assert cell_words(2, 20) == (
        "with 20 fighters a cell holds no more, where it fits (hover it for its 95% "
        "Wilson interval and n, the number of games)"
    )


def test_a_narrower_chart_than_its_text_needs_is_named() -> None:
    """Below 1024 pixels (the sidebar open) the chart is narrower than the plot the text
    was sized for: the page hides the cells' text in a chart narrower than this, where
    "mirror" (33.3 px at 10 px with 4 to spare) would run over its neighbours, 12 of them
    beside the names and margins (154 px)."""
    drawn = cell_text(_grid(12))
    assert narrowest_figure(drawn.text, 10, ["Ryu", "Ken Masters"]) == 555
    assert narrowest_figure(drawn.text, 10, ["Ryu", "Super Skull Man 33"]) == 555 + 49
    no_mirror = [[text if text != MIRROR else "" for text in row] for row in drawn.text]
    assert narrowest_figure(no_mirror, 10, ["Ken Masters"]) == 537  # n=263: 31.9 px
    assert HEATMAP_FIGURE_PX - HEATMAP_PX == 154
