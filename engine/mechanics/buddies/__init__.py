"""Buddies: named tokens a fighter owns (Chaos's Azhi, Hilda's Condensity Gloom,
Merkava's Persistently Cling; BlazBlue's Nirvana, ...), each out of play or on one arena
space, and Trap boosts placed on a space, which cards name as buddies by their boost
name (Carmine's Dissolve).

- ``state``: ``BuddyState`` (where each token is, which are walls) and
  ``buddy_spaces``, the one lookup over tokens and placed boosts;
- ``folds``: the folds of ``engine.core.events.buddies``;
- ``effects``: the buddy effect handlers and conditions;
- ``rules``: the ``Buddies`` mechanic: an attack's range measured from a buddy
  (``range_origins``) and a buddy's space as a wall (``movement_walls``).
"""
