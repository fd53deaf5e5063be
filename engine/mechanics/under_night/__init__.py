"""Under Night In-Birth (season 6): what every UNI fighter stands on.

- ``state``: ``UnderNightState``, kept in ``State.mechanics["under_night"]`` (hashed only
  when present, so games without a UNI fighter hash as before);
- ``folds``: the folds of ``engine.core.events.under_night``, and the rule that an opponent's
  card that would enter any area but boosts, gauge, sealed or a character area returns to
  its owner's discard (UNI rulebook, FAQ);
- ``effects``: ``attack_is_ex``, ``strike_effect_after_setting``, ``exceed_now`` and
  ``revert`` (with the character's ``on_revert`` effects);
- ``rules``: the ``Mechanic`` (attached by the Under Night season): ``start_of_next_turn``
  boost effects at the start of their owner's turn, after-set effects at the reveal,
  Trap boosts sustained at cleanup while their owner is not stunned.
"""
