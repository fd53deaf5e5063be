"""Season mechanics: rules that plug into the core turn and strike through named hooks.

A mechanic (Critical, Tag Team, BlazBlue, Under Night, buddies) is a sub-package
``engine.mechanics.<name>`` holding what it brings:

- ``folds``: the ``apply`` functions of its events (``APPLY``; the event types
  themselves are ``engine.core.events.<name>``, the log's vocabulary) and functions run after
  a core event's fold (``ALSO``);
- ``effects``: the effect handlers and condition predicates it owns (registered with
  ``engine.effects`` and ``engine.core.conditions`` as the module loads);
- ``words``: its events' transcript lines (``Mechanic.describe``);
- ``state``: its records (``MechanicState``: areas, arena objects, counters);
- ``recipe``: its seat fields in a position recipe (built and exported);
- ``rules``: a ``Mechanic`` subclass (``engine.core.hooks.mechanic``) whose hook methods the
  turn and strike rules call at fixed points, and its ``attached`` test (the fighter's
  ``Season`` or the game setup).

The seam, ``engine.core.hooks``, holds the registry and says which mechanics take part in a
game; ``engine.mechanics.builtin`` registers each built-in one in one ``register`` call
(its mechanic, events, folds and effects), and ``engine``'s
``__init__`` imports it. The core never imports this package (an import contract): the
dependency runs from the mechanics to the core.
"""
