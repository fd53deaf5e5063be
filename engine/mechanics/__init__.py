"""Season mechanics: rules that plug into the core turn and strike through named hooks.

A mechanic (Critical, Tag Team; later Overdrive, Astral Heat, ...) is a sub-package
``engine.mechanics.<name>`` holding everything it brings:

- ``events``: its event types and the ``apply`` functions that fold them (``APPLY``),
  plus functions that run after a core event's fold (``ALSO``); ``engine.apply``
  collects both through ``engine.mechanics.folds``;
- ``effects``: the effect handlers and condition predicates it owns (registered with
  ``engine.effects`` through ``engine.mechanics.effects``);
- ``rules``: a ``Mechanic`` subclass (``engine.hooks.mechanic``) whose hook methods the
  turn and strike rules call at fixed points, and its ``attached`` test (the fighter's
  ``Season`` or the game setup).

``engine.hooks.registry`` holds the registered mechanics and says which take part
in a game; ``engine.mechanics.builtin`` registers the built-in ones.

This ``__init__`` imports nothing, so ``engine.apply`` and ``engine.events`` can import
a mechanic's ``events`` module without pulling in the rules.
"""
