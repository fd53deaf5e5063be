"""Tag Team (Street Fighter rulebook, "VARIANT: TAG TEAM"): a seat of two fighters
sharing hand, gauge, deck and boosts, one in play at a time.

- ``events``: ``SwitchReason``, ``FighterSwitched`` and its fold (the swap), and the
  Ejection lock lifted when ``StrikeEnded`` is folded;
- ``fighters``: which fighter of a team may use a card, whether a seat may switch,
  the Cross costs;
- ``rules``: the actions (Switch, Cross Exceed, Cross Boost), Cross Strike, Double
  EX, Ejection (an EX attack's after trigger), Invalid attacks, as the ``TagTeam``
  mechanic's hooks; it attaches by the game setup (a seat spec ``"ryu+ken"``, see
  ``engine.cards.team``);
- ``effects``: the handler of that trigger, ``ejection_strike``.

State: the flat ``partner``, ``partner_life``, ``partner_exceeded``,
``partner_draw_from_bottom`` and ``switch_locked_until`` fields of ``PlayerState``
(their place in the state hash is fixed), written only by ``events``' folds and the
seat setup in ``rules``.
"""
