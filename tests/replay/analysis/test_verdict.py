"""When a reviewed decision is called a mistake (issue 27 item 13; docs/metrics.md,
"Classification"): the best of many options is tested against the played one with a
Bonferroni-corrected bar over the options compared, no label is given below
``LABEL_MIN_N`` paired rollouts, and the options are listed best first by estimate
whatever their sample.

The option sets are constructed: per-rollout scores of each option on the same
rollouts (1 a win, 0 a loss, for the deciding player), as ``analyse_point`` collects them.
"""

from __future__ import annotations

from replay.analysis.rollout import (
    BLUNDER,
    LABEL_MIN_N,
    Z95,
    OptionResult,
    Severity,
    best_first,
    classify,
    estimate,
    swing_test,
)
from replay.analysis.verdict import critical_z, paired_test, rough


def _option(key: str, scores: list[float | None], chosen: bool = False) -> OptionResult:
    played = [s for s in scores if s is not None]
    return OptionResult(label=key, key=key, decisions=(), option=0,
                        estimate=estimate(played) if played else None, chosen=chosen)


def _review(scores: dict[str, list[float | None]], chosen: str
            ) -> tuple[list[OptionResult], Severity, float]:
    """The options best first, the severity and the swing ``analyse_point`` would give."""
    results = sorted((_option(k, v, k == chosen) for k, v in scores.items()), key=best_first)
    test = swing_test(scores, results, chosen)
    return results, classify(test.swing, test.significant, test.n), test.swing


def _old_rule(scores: dict[str, list[float | None]], best: str, chosen: str) -> Severity:
    """The rule before issue 27: a paired z over 1.96, whatever the options compared."""
    diffs = [b - c for b, c in zip(scores[best], scores[chosen], strict=True)
             if b is not None and c is not None]
    mean = sum(diffs) / len(diffs)
    test = paired_test(diffs, 1)
    assert critical_z(1) == Z95
    return classify(mean, test.significant, max(len(diffs), LABEL_MIN_N))


def _sixteen_others(n: int, wins: int) -> dict[str, list[float | None]]:
    """Sixteen alternatives, each winning ``wins`` of ``n`` rollouts, spread out."""
    return {f"other {i}": [1.0 if (j + i) % n < wins else 0.0 for j in range(n)]
            for i in range(16)}


def test_the_best_of_seventeen_by_chance_is_not_a_blunder() -> None:
    """60 rollouts each, 17 options: the best beats the played one in 24 rollouts and
    loses in 12, a 20-point swing at z = 2.05. The old rule (z > 1.96) called it a
    blunder; over 16 comparisons the bar is 2.96, so it is no mistake at all."""
    n = 60
    chosen = [1.0 if j < 18 else 0.0 for j in range(n)]  # wins 0-17
    best = [1.0 if 12 <= j < 30 or j >= 48 else 0.0 for j in range(n)]  # +1 x24, -1 x12
    scores: dict[str, list[float | None]] = {"played": list(chosen), "best": list(best),
                                             **_sixteen_others(n, 15)}
    diffs = [b - c for b, c in zip(best, chosen, strict=True)]
    assert (diffs.count(1.0), diffs.count(-1.0)) == (24, 12)
    assert _old_rule(scores, "best", "played") is Severity.BLUNDER
    results, severity, swing = _review(scores, "played")
    assert results[0].label == "best" and swing >= BLUNDER
    assert paired_test(diffs, 16).z > Z95 and critical_z(16) > 2.9
    assert severity is Severity.NONE


def test_the_quick_analysis_case_is_withheld() -> None:
    """The issue's case: a Quick analysis (20 rollouts), about 17 options, the played
    Prepare at 0% and the best at 20%. The old rule said "blunder, swing 20"; now no
    label (20 paired rollouts is below the minimum, and the corrected bar is not met)."""
    n = 20
    scores: dict[str, list[float | None]] = {"Prepare": [0.0] * n,
                                             "best": [*([1.0] * 4), *([0.0] * 16)],
                                             **_sixteen_others(n, 2)}
    assert _old_rule(scores, "best", "Prepare") is Severity.BLUNDER
    results, severity, swing = _review(scores, "Prepare")
    assert results[0].label == "best" and round(swing, 2) == 0.20
    assert severity is Severity.NONE
    assert rough(n) and not rough(LABEL_MIN_N)


def test_a_clear_blunder_is_still_flagged() -> None:
    """60 rollouts, 17 options: the best wins 40 rollouts the played option loses and
    never loses one it wins: a 67-point swing far over the corrected bar."""
    n = 60
    scores: dict[str, list[float | None]] = {
        "played": [1.0 if j < 10 else 0.0 for j in range(n)],
        "best": [1.0 if j < 50 else 0.0 for j in range(n)], **_sixteen_others(n, 20)}
    results, severity, swing = _review(scores, "played")
    assert results[0].label == "best" and round(swing, 3) == round(40 / 60, 3)
    assert severity is Severity.BLUNDER


def test_a_label_is_withheld_below_the_minimum_sample() -> None:
    """The same overwhelming difference (the played option always loses, the best always
    wins) is a blunder on ``LABEL_MIN_N`` paired rollouts and has no label on fewer."""
    for n, expected in ((LABEL_MIN_N - 1, Severity.NONE), (LABEL_MIN_N, Severity.BLUNDER)):
        scores: dict[str, list[float | None]] = {"played": [0.0] * n, "best": [1.0] * n}
        test = swing_test(scores, sorted((_option(k, v, k == "played")
                                          for k, v in scores.items()), key=best_first),
                          "played")
        assert test.significant and test.swing == 1.0 and test.n == n
        assert classify(test.swing, test.significant, test.n) is expected, n


def test_options_are_listed_best_first_whatever_their_sample() -> None:
    """A first-round option (25 rollouts) whose estimate beats the finalists' (200) is
    listed first; a tie puts the played option first; an unplayable option last. The
    swing is then measured against that first option on the rollouts both played (25:
    too few for a label)."""
    finalist = [1.0 if j % 2 else 0.0 for j in range(200)]  # 50%
    played = [1.0 if j % 4 else 0.0 for j in range(200)]  # 75%
    screened: list[float | None] = [*([1.0] * 24), 0.0]  # 96% on 25
    tied = list(played)
    scores: dict[str, list[float | None]] = {
        "finalist": list(finalist), "played": list(played), "screened": screened,
        "tied": list(tied), "unplayable": [None] * 25}
    results, severity, swing = _review(scores, "played")
    assert [r.label for r in results] == ["screened", "played", "tied", "finalist",
                                          "unplayable"]
    assert swing > 0 and severity is Severity.NONE
