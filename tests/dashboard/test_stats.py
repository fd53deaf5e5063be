"""The honest-rate helpers (``dashboard/stats.py``) and the CSV/PNG export helpers
(``dashboard/export.py``): pure functions, checked against known values."""

from __future__ import annotations

import csv
import io

import pytest

from dashboard.export import NAME_PX, average_columns, chart_config, csv_bytes, name_column
from dashboard.stats import MIN_GAMES, Rate, wilson


@pytest.mark.parametrize("k, n, low, high", [
    (0, 10, 0.0, 0.2775),
    (5, 10, 0.2366, 0.7634),
    (81, 263, 0.2553, 0.3662),
    (10, 10, 0.7225, 1.0),
    (1, 1, 0.2065, 1.0),
    (50, 100, 0.4038, 0.5962),
    (0, 0, 0.0, 1.0),
])
def test_wilson_known_values(k: int, n: int, low: float, high: float) -> None:
    got = wilson(k, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_is_symmetric_and_contains_the_rate() -> None:
    for n in (1, 7, 30, 263):
        for k in range(n + 1):
            low, high = wilson(k, n)
            assert 0.0 <= low <= k / n <= high <= 1.0
            other = wilson(n - k, n)
            assert (low, high) == pytest.approx((1 - other[1], 1 - other[0]))


@pytest.mark.parametrize("k, n", [(-1, 5), (6, 5), (0, -1)])
def test_wilson_refuses_impossible_counts(k: int, n: int) -> None:
    with pytest.raises(ValueError, match="0 <= k <= n"):
        wilson(k, n)


def test_rate_below_the_threshold_is_never_a_rate() -> None:
    for k in (0, MIN_GAMES - 1):
        rate = Rate(k, MIN_GAMES - 1)
        assert not rate.enough and rate.value is None
        assert rate.text() == f"not enough games (n={MIN_GAMES - 1})"
        assert rate.short() == f"n={MIN_GAMES - 1}"  # grey says "not enough games"
        assert rate.columns("win rate") == {"win rate": None, "win rate low": None,
                                            "win rate high": None}
    assert Rate(0, 0).text() == "not enough games (n=0)"
    assert Rate(3, 5, minimum=3).enough
    assert Rate(3, 5, minimum=3).text("strikes") == "60% [23–88%] n=5"


def test_rate_text_and_columns() -> None:
    rate = Rate(81, 263)
    assert rate.enough and rate.value == pytest.approx(81 / 263)
    assert rate.text() == "31% [26–37%] n=263"
    assert rate.short() == "31%<br>26–37<br>n=263"
    assert (rate.headline(), rate.detail()) == ("31%", "95% interval 26–37%, 81 of 263")
    assert (Rate(2, 3).headline(), Rate(2, 3).detail()) == (
        "–", "not enough games: 2 of 3, fewer than 10 give no rate")
    assert rate.columns("hit rate") == {"hit rate": 0.308, "hit rate low": 0.255,
                                        "hit rate high": 0.366}


def test_a_name_column_is_as_wide_as_its_longest_name() -> None:
    """The Cards page cut "Wrath of the Raging Demon" to "Wrath of the Ra": the first
    column, when it holds names, is sized to the longest (capped), never a number column."""
    per_char, padding, most = NAME_PX
    rows: list[dict[str, object]] = [{"card": "Grasp", "n": 2},
                                     {"card": "Wrath of the Raging Demon", "n": 2},
                                     {"card": None, "n": 0}]
    [(name, config)] = name_column(rows).items()
    assert name == "card" and config["width"] == int(padding + per_char * 25)
    [config] = name_column([{"card": "x" * 200}]).values()
    assert config["width"] == most
    assert name_column([{"turns": 12, "games": 3}]) == {} and name_column([]) == {}


def test_an_average_has_two_decimals() -> None:
    """The Cards page showed avg damage 3.6 under 3.32."""
    rows = [{"card": "Grasp", "avg damage": 3.6, "damage": 18}]
    [(name, config)] = average_columns(rows).items()
    assert name == "avg damage" and config["type_config"]["format"] == "%.2f"
    assert average_columns([]) == {} and average_columns([{"damage": 3}]) == {}


def test_csv_bytes_header_values_and_empty_cells() -> None:
    rows = [{"card": "Hadoken", "n": 12, "rate": 0.5}, {"card": "Grasp, \"EX\"", "n": 3,
                                                        "rate": None}]
    data = csv_bytes(rows)
    assert data.startswith(b"card,n,rate\nHadoken,12,0.5\n")
    assert list(csv.DictReader(io.StringIO(data.decode()))) == [
        {"card": "Hadoken", "n": "12", "rate": "0.5"},
        {"card": "Grasp, \"EX\"", "n": "3", "rate": ""}]
    assert csv_bytes([]) == b""


def test_csv_text_a_spreadsheet_would_run_is_written_as_text() -> None:
    """A player typed ``=HYPERLINK(...)`` as a name on the Play page; the Players page's
    CSV held it raw, and a spreadsheet ran it. A text cell starting =, +, -, @, a tab or
    a carriage return is written after an apostrophe; numbers, negative ones too, and
    other text stay as they are."""
    rows = [{"player": '=HYPERLINK("http://x","a")', "n": -3, "rate": -0.5},
            {"player": "@SUM(A1)", "n": 1, "rate": None}, {"player": "+1", "n": 2, "rate": 0.1},
            {"player": "-x", "n": 0, "rate": 0.0}, {"player": "\tTab", "n": 0, "rate": 0.0},
            {"player": "Ann = Bob", "n": 0, "rate": 0.0}]
    read = list(csv.DictReader(io.StringIO(csv_bytes(rows).decode())))
    assert [r["player"] for r in read] == ["'=HYPERLINK(\"http://x\",\"a\")", "'@SUM(A1)", "'+1",
                                           "'-x", "'\tTab", "Ann = Bob"]
    assert (read[0]["n"], read[0]["rate"]) == ("-3", "-0.5")


def test_chart_config_names_the_png() -> None:
    config = chart_config("ryu-hit-rate")
    assert config["toImageButtonOptions"] == {"format": "png", "filename": "ryu-hit-rate",
                                              "scale": 2}
