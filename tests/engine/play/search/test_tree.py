"""The search's reward for a finished rollout (``engine.play.search.tree.outcome``): the
result alone by default, and with ``shaping`` a share given by the life margin, never
ranking a loss above a win (core rules: "When a player's life reaches zero, they
lose"; each begins with 30, the maximum)."""

from __future__ import annotations

import pytest

from engine.core.ids import MAX_LIFE, Player
from engine.core.state import State
from engine.play.scenario import Scenario
from engine.play.search.tree import SHAPING, outcome

P1, P2 = Player.P1, Player.P2


def _finished(winner: Player | None, p1_life: int, p2_life: int) -> State:
    state = (Scenario("ryu", "ken").player(P1, life=max(p1_life, 1))
             .player(P2, life=max(p2_life, 1)).game(seed=1).state.copy())
    state.players[0].life, state.players[1].life = p1_life, p2_life
    state.winner = winner
    return state


def test_the_agent_rewards_the_result_alone() -> None:
    assert SHAPING == 0.0
    assert outcome(_finished(P1, 1, 0)) == 1.0
    assert outcome(_finished(P2, 0, 30)) == 0.0
    assert outcome(_finished(None, 5, 5)) == 0.5


def test_shaping_gives_its_share_to_the_life_margin() -> None:
    # P1 wins with 12 life left, P2 at 0: margin 0.5 + 12 / 60 = 0.7
    assert outcome(_finished(P1, 12, 0), 0.3) == pytest.approx(0.7 + 0.3 * 0.7)
    # P2 wins with all its life: margin 0
    assert outcome(_finished(P2, 0, MAX_LIFE), 0.3) == pytest.approx(0.0)
    # a loser's life below 0 counts as 0
    assert outcome(_finished(P1, 3, -4), 0.5) == outcome(_finished(P1, 3, 0), 0.5)


@pytest.mark.parametrize("shaping", [0.1, 0.3, 0.5])
def test_a_narrow_win_is_worth_more_than_any_loss(shaping: float) -> None:
    narrow_win = outcome(_finished(P1, 1, 0), shaping)
    best_loss = outcome(_finished(P2, 0, 1), shaping)
    assert narrow_win > 0.5 > best_loss
