"""The leaf evaluator's fitted weights (``replay.analysis.leaf``), written by
``python -m bench.horizon_fit --games 2000 --write``: 46769 turn starts of
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
    0.063586,
    0.136681,
    2.84633,
    0.024372,
    0.088416,
    -0.023917,
    0.051233,
    -0.010378,
    0.057674,
)
