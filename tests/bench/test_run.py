"""The bench runner's "before" column (issue 31): rows of the benchmarks run with
``--before-ref`` take the old code's values and name their source; the rows of the others
keep the values they had."""

from __future__ import annotations

from bench.run import attach_before


def _row(rid: str, bench: str, median: float) -> dict[str, object]:
    return {"id": rid, "bench": bench, "median": median, "ratio": median / 10,
            "baseline_median": 10.0}


def test_rows_run_against_a_ref_take_its_values_and_others_keep_theirs() -> None:
    kept = {"median": 1.0, "ratio": 0.1, "baseline_median": 10.0}
    previous: dict[str, object] = {"metrics": [_row("a", "x", 5.0) | {"before": kept},
                            _row("b", "y", 6.0) | {"before": kept}]}
    metrics = [_row("a", "x", 7.0), _row("b", "y", 6.0), _row("c", "x", 2.0)]
    old_code: dict[str, object] = {"metrics": [_row("a", "x", 3.0)]}
    attach_before(metrics, previous, old_code, ran=["x"], source="git v1 (abc)")
    assert metrics[0]["before"] == {"median": 3.0, "ratio": 0.3, "baseline_median": 10.0,
                                    "source": "git v1 (abc)"}
    assert metrics[1]["before"] == kept  # benchmark y was not run: its value stays
    assert "before" not in metrics[2]  # the old code has no row c


def test_a_baseline_file_replaces_every_row() -> None:
    previous: dict[str, object] = {"metrics": [_row("b", "y", 6.0)
                                               | {"before": {"median": 1.0}}]}
    metrics = [_row("a", "x", 7.0), _row("b", "y", 6.0)]
    baseline: dict[str, object] = {"metrics": [_row("a", "x", 3.0)]}
    attach_before(metrics, previous, baseline)
    assert metrics[0]["before"]["median"] == 3.0  # type: ignore[index]
    assert "before" not in metrics[1]
