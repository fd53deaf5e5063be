"""Season mechanics: rules that plug into the core turn and strike through named hooks.

A mechanic (Critical, Tag Team; later Overdrive, Astral Heat, ...) is a sub-package
``engine.mechanics.<name>`` holding what it brings to the rules:

- ``folds``: the ``apply`` functions of its events (``APPLY``; the event types
  themselves are ``engine.core.events.<name>``, the log's vocabulary) and functions run after
  a core event's fold (``ALSO``), added to ``engine.core.apply`` by ``engine.mechanics.folds``;
- ``effects``: the effect handlers and condition predicates it owns (registered with
  ``engine.effects`` and ``engine.core.conditions`` when ``engine.mechanics.effects`` loads);
- ``rules``: a ``Mechanic`` subclass (``engine.core.hooks.mechanic``) whose hook methods the
  turn and strike rules call at fixed points, and its ``attached`` test (the fighter's
  ``Season`` or the game setup).

The seam, ``engine.core.hooks``, holds the registry and says which mechanics take part in a
game; ``engine.mechanics.builtin`` attaches the built-in ones, and ``engine``'s
``__init__`` imports it. The core never imports this package (an import contract): the
dependency runs from the mechanics to the core.
"""
