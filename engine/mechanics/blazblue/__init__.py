"""BlazBlue (season 5): what every BlazBlue fighter stands on.

- ``state``: ``OverdriveState``, kept in ``State.mechanics["overdrive"]`` (hashed only
  when present, so games without an overdrive card hash as before);
- ``folds``: the folds of ``engine.core.events.blazblue``;
- ``effects``: the overdrive effect handlers and conditions;
- ``rules``: the ``BlazBlue`` mechanic (attached by the BlazBlue season): the gauge paid
  to Exceed enters the overdrive area; at the start of the turn of a fighter in
  Overdrive, the mandatory overdrive discard, the ``overdrive`` effect and the revert
  when the area is empty.

The Astral Heat (a ``set_aside`` card joining the deck on a manual reshuffle) and the
Reshuffle action's ``on_reshuffle`` effects are core rules (``engine.rules.actions``): the
set-aside area is any character's, and the Reshuffle action is the core rulebook's.
"""
