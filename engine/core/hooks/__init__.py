"""The seam between the core rules and the season mechanics.

``mechanic`` defines ``Mechanic``, whose methods are the named hook points the turn and
strike rules call (action options, attack options and validity, EX, reveal, exceed,
start and end of turn, reshuffle, cleanup...), and ``Seat``; ``registry`` holds the
registered mechanics and gives each game its ``Hooks`` (only the overridden ones).

The core (``engine.core.context``, ``engine.rules``, ``engine.play.api``) imports this package,
never a mechanic; the mechanics (``engine.mechanics``) import it to register. So the
core knows how to call a mechanic without knowing any.
"""
