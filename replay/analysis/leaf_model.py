"""The leaf evaluator's fitted weights (``replay.analysis.leaf``), written by
``python -m bench.horizon_fit --games 2000 --write``: 43530 turn starts of
2000 heuristic-vs-heuristic games of every line, seeds from 3,000,000.
Do not edit by hand: run the script again."""

FEATURES: tuple[str, ...] = (
    'intercept',
    'life',
    'danger',
    'hand',
    'gauge',
    'deck',
    'boosts',
    'exceeded',
    'active',
)
WEIGHTS: tuple[float, ...] = (
    0.106429,
    0.166585,
    2.942082,
    0.033576,
    0.030819,
    -0.031744,
    -0.168153,
    -0.018957,
    0.073315,
)
