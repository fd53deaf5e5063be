"""A toy season mechanic, Momentum, that lives in the tests only: the proof that a
mechanic needs its own package and one ``register`` line (issue 29 item 3).

Momentum: each time a seat's attack hits, that seat gains 1 momentum (nothing spends
it). It brings its event (``events``), its record and counter (``state``), its fold
(``folds``), and a ``Mechanic`` (``rules``) with its hook, its wording, its recipe field
and its counter; ``tests/engine/mechanics/test_momentum.py`` registers it in a fixture.
"""
