"""Rule tests for the heuristic agent's clash rules of issue 32 item 0's sixth round
(``engine.play.heuristic_first``, ``engine.play.heuristic_clash``): the opponent's
slower answer measures its range after this attack's movement; the stat ups an attack
always gets in its seat's role; and the opponent's attacks weighed by the copies it has
not shown.

Each test builds a position with the scenario builder and asks the heuristic agent for
its decision from its own view, or reads the clash it judges by; the card each rule
reads is named in the docstring.
"""

from __future__ import annotations

from kit_positions import CATALOG, P1, decide, position

from engine.core.decisions import Prepare, SetAttack, Strike
from engine.knowledge.views import observe
from engine.play import heuristic_clash as clash
from engine.play import heuristic_first as first
from engine.play import heuristic_traits
from engine.play.heuristic import HeuristicAgent


def test_donkey_kicks_push_and_cross_retreat_move_before_the_answer() -> None:
    """Core rulebook, Resolving Strikes: the faster attack resolves whole (Before, Hit,
    After) before the slower one measures its range. Ryu's Donkey Kick ("Hit: Push 2")
    from 1 space leaves the opponent 3 away, unless their attack ignores pushes (Focus);
    Cross's "After: Retreat 3" leaves 4 between the fighters; Dive's "Before: Advance 3"
    from 4 spaces lands next to them."""
    kick, cross, dive = (CATALOG.card("ryu_donkeykick"), CATALOG.card("standard_normal_cross"),
                         CATALOG.card("standard_normal_dive"))
    focus = CATALOG.card("standard_normal_focus")
    assert first.after_first(kick, 4, 5, hit=True) == (4, 7)
    assert first.after_first(kick, 4, 5, hit=False) == (4, 5)
    assert first.after_first(kick, 4, 5, hit=True, their_card=focus) == (4, 5)
    assert first.after_first(cross, 4, 5, hit=True) == (1, 5)
    assert first.after_first(dive, 1, 5, hit=True) == (4, 5)


def test_cross_hits_and_runs_out_of_the_answers_reach() -> None:
    """Cross (power 3, speed 6, range 1-2, "After: Retreat 3") 2 spaces from Ryu: it
    hits before most of his attacks and then stands 5 away, where only Hadoken and Metsu
    Hadoken reach. Striking from there with Cross and Focus (power 4, speed 1, guard 5),
    the agent sets Cross; before, Ryu's slower Sweep, Focus and Donkey Kick were counted
    as hitting back from 2 spaces, and it set Focus."""
    game = position("ryu", space=3, hand=["cross", "focus", "block"], them={"space": 5})
    agent = HeuristicAgent(0, P1, CATALOG)
    game.step(Strike())
    decision = decide(game, agent)
    assert isinstance(decision, SetAttack)
    assert CATALOG.card(game.state.card_defs[decision.cards[0]]).name == "Cross"


def test_shoryuken_is_faster_when_defending() -> None:
    """Ryu's Shoryuken: "+2 Speed if you did not initiate the strike" (speed 7 as the
    defender, 5 as the attacker); Ken's Shinryuken: +4 Power if he initiated it. The
    clash reads these role-held stat ups (power, speed, armor, guard)."""
    shoryuken = CATALOG.card("ryu_shoryuken")
    assert heuristic_traits.traits(shoryuken, attacking=False).stats == (0, 2, 0, 0)
    assert heuristic_traits.traits(shoryuken, attacking=True).stats == (0, 0, 0, 0)
    assert heuristic_traits.traits(CATALOG.card("ken_shinryuken"), attacking=True).stats == (4, 0, 0, 0)


def test_cross_next_to_ryu_meets_a_speed_7_shoryuken() -> None:
    """Next to Ryu, Cross (power 3, speed 6) as the attacker is slower than a defending
    Shoryuken (speed 5 + 2, power 4: Cross is stunned first), so hitting and running
    is no reason to strike there: the agent prepares. Counted at its printed speed 5,
    Shoryuken was beaten to the hit, and the agent struck."""
    game = position("ryu", space=4, hand=["cross", "block", "block"], them={"space": 5})
    assert decide(game) == Prepare()


def test_answers_the_opponent_has_shown_are_weighed_out() -> None:
    """The opponent sets from its hidden hand, which is its deck list less what it has
    shown: with both of Ryu's Sweeps (guard 6), One Inch Punches (guard 6), Focuses
    (guard 5) and Donkey Kicks (guard 4) in his discard pile, none of them can answer.
    Sweep's share is then 0, the others' shares sum to 1, and Assault (power 4,
    "Before: Close 2") from 3 spaces is expected to do more: the agent strikes with it."""
    shown = ["sweep", "sweep", "oneinchpunch", "oneinchpunch", "focus", "focus",
             "donkeykick", "donkeykick"]
    hand = ["assault", "grasp", "block", "focus"]
    fresh = position("ryu", space=3, hand=hand, them={"space": 6})
    game = position("ryu", space=3, hand=hand, them={"space": 6, "discard": shown})
    agent = HeuristicAgent(0, P1, CATALOG)
    view, fresh_view = observe(game.state, P1), observe(fresh.state, P1)
    deck = clash.threats(agent, "ryu")
    likely = clash.shares(agent, view)
    assert [s for t, s in zip(deck, likely, strict=True) if t.card.name == "Sweep"] == [0.0]
    assert abs(sum(likely) - 1.0) < 1e-9
    assert clash.shares(agent, fresh_view) == tuple(t.share for t in deck)
    assault = CATALOG.card("standard_normal_assault")
    assert (clash.value(agent, view, assault, 1, 1.0, True)
            > clash.value(agent, fresh_view, assault, 1, 1.0, True))
    assert decide(game) == Strike()
