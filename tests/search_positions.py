"""Built positions for the search agent's tests (``tests/engine/play/test_search.py``,
``tests/engine/play/search/test_halving.py``)."""

from __future__ import annotations

from engine.core.decisions import SetAttack, SetAttackRequest
from engine.core.ids import Player
from engine.play.api import Game
from engine.play.scenario import Scenario

P1, P2 = Player.P1, Player.P2


def marked() -> tuple[Game, str]:
    """Ryu (P1, deciding his turn's action) against Ken, whose hand holds both his
    Shoryukens; the marker card id."""
    game = (Scenario("ryu", "ken")
            .player(P1, space=3, hand=["hadoken", "grasp", "sweep", "focus"])
            .player(P2, space=6, hand=["shoryuken", "shoryuken", "grasp", "cross"])
            .active(P1).game(seed=4))
    return game, "ken_shoryuken"


def forced_win() -> tuple[Game, SetAttack]:
    """Ryu (life 2) sets first against Ken (life 4), one space apart, with Grasp's boost
    Fierce (+2 power) in play. Grasp (speed 7, power 3 + 2) resolves before anything Ken
    can set (both his Grasps are in his discard; an EX Cross ties at 7 and the attacker
    wins ties) and hits for at least 4 (his Blocks and Focuses are in his discard too: no
    armor but an EX attack's +1): a win in this strike, whatever Ken holds ("Resolving
    Strikes": the faster attack resolves first; a defeated player's attack does not).
    The game, and Ryu's Grasp among his options."""
    game = (Scenario("ryu", "ken")
            .player(P1, space=4, life=2, hand=["grasp", "sweep", "dive", "spike"],
                    boosts=["grasp"])
            .player(P2, space=5, life=4, hand=["cross", "assault", "dive", "axekick",
                                               "kneebash"],
                    discard=["grasp", "grasp", "block", "block", "focus", "focus"])
            .active(P1).strike(step="first_sets").game(seed=5))
    request = game.pending
    assert isinstance(request, SetAttackRequest) and request.player is P1
    grasp = next(o for o in request.choices if isinstance(o, SetAttack)
                 and game.state.card_defs[o.cards[0]] == "standard_normal_grasp")
    return game, grasp
