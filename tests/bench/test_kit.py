"""bench.kit's summary line: the mean win rate, the fighters under issue 32's 95% and the
lowest, each with its exact wins (the table's percentages round, so 94.7% reads 95)."""

from __future__ import annotations

from collections import Counter

from bench.kit import summary


def test_summary_names_exact_wins_under_the_target() -> None:
    results = {"ryu": Counter(games=300, wins=284), "ken": Counter(games=300, wins=300),
               "taokaka": Counter(games=300, wins=291)}
    names = {"ryu": "Ryu", "ken": "Ken Masters", "taokaka": "Taokaka"}
    line = summary(results, names)
    assert line == ("mean win rate 97.22%; under 95%: Ryu 284 of 300; lowest: Ryu 284 of "
                    "300, Taokaka 291 of 300, Ken Masters 300 of 300")
    assert summary({}, {}) == "no games"
