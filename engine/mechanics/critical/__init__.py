"""Critical (Street Fighter season): pay 1 gauge as you set your attack to make it
Critical, which turns on the card's ``[if is_critical]`` effects for the strike.

- ``events``: ``AttackMadeCritical`` and its fold; Critical carries over into an extra
  attack (``ExtraAttackStarted``);
- ``effects``: the ``critical`` effect handler, the ``is_critical`` and
  ``is_not_critical`` conditions;
- ``rules``: the ``Mechanic`` (attached by the Street Fighter season; no rule hooks:
  the payment is the card data's ``set_strike: gauge_for_effect 1: critical``).

State: ``AttackSide.critical`` (``engine.core.state``), owned by this mechanic.
"""
