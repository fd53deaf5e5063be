"""The heuristic agent never sets an attack it cannot pay for while it has a payable one.

Street Fighter's Critical is paid as the attack is set (``set_strike: gauge_for_effect
1: critical``), before the reveal; an Ultra's gauge cost is paid after it ("Resolving
Strikes": reveal, then costs). An agent that sets Ryu's Metsu Hadoken (3 gauge) with
exactly 3 gauge and then pays 1 for Critical loses the Ultra to an Invalid Attack. The
unit tests pin that position; the property tests watch whole heuristic games over every
ordered pair of fighters (and Tag Teams) for an attack the agent set that the cost step
then made invalid while a wild swing or a Normal (both always payable) was on offer.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import events as ev
from engine.cards.catalog import default_catalog
from engine.cards.schema import CardKind
from engine.cards.team import InvalidTeam, check_spec
from engine.core.decisions import (
    ActionRequest,
    CrossStrike,
    Decision,
    PayCards,
    PayForceRequest,
    PayGaugeRequest,
    Request,
    SetAttack,
    SetAttackRequest,
    Strike,
    WildSwing,
)
from engine.core.ids import Player
from engine.knowledge.views import observe
from engine.play.api import Game, GameSetup
from engine.play.heuristic import HeuristicAgent
from engine.play.match import play_game
from engine.play.scenario import Scenario

CATALOG = default_catalog()
P1, P2 = Player.P1, Player.P2
FIGHTERS = tuple(CATALOG.character_ids())
HEURISTIC = ("heuristic", "heuristic")


# --- one position: Ryu with Metsu Hadoken in hand ----------------------------------------


def _strike(
    hand: list[str], gauge: list[str], fighter: str = "ryu", attacker: Player = P1
) -> tuple[Game, list[ev.Event]]:
    """``fighter`` (p1, heuristic) at space 3 and Ken at 7 (range 4); ``attacker``
    strikes at once. Ken sets Block and declines his Critical. Returns the game and the
    events up to the end of the first strike."""
    game = (
        Scenario(fighter, "ken", CATALOG)
        .player(P1, space=3, hand=hand, gauge=gauge)
        .player(P2, space=7, hand=["block", "grasp"])
        .active(attacker)
        .game(seed=1)
    )
    agent = HeuristicAgent(1, P1, CATALOG)
    events: list[ev.Event] = []
    while game.pending is not None and not any(type(e) is ev.StrikeEnded for e in events):
        request = game.pending
        decision = (
            agent.decide(observe(game.state, P1), request)
            if request.player is P1
            else _ken(game, request)
        )
        events.extend(game.step(decision))
    return game, events


def _ken(game: Game, request: Request) -> Decision:
    if isinstance(request, ActionRequest):
        return Strike()
    if isinstance(request, SetAttackRequest):
        block = [o for o in request.choices if isinstance(o, SetAttack)
                 and game.state.card_defs[o.cards[0]] == "standard_normal_block"]
        return block[0]
    if isinstance(request, PayGaugeRequest | PayForceRequest) and request.optional:
        return PayCards(cards=())  # no Critical, no force for Block's armor
    raise AssertionError(f"Ken was not expected to be asked {request!r}")


def _names(game: Game, refs: tuple[int, ...]) -> list[str]:
    return [CATALOG.card(game.state.card_defs[r]).name for r in refs]


def test_with_exactly_the_ultras_gauge_the_agent_declines_critical() -> None:
    """3 gauge, Metsu Hadoken (3 gauge, range 3-5) in hand at range 4: the agent sets it,
    declines Critical (paying would leave 2), and pays the 3 gauge: the Ultra hits."""
    game, events = _strike(["metsuhadoken", "grasp"], ["sweep", "spike", "focus"])
    sets = [e for e in events if type(e) is ev.AttackSet and e.player is P1]
    assert [_names(game, e.cards) for e in sets] == [["Metsu Hadoken"]]
    assert [e for e in events if type(e) is ev.AttackMadeCritical] == []
    assert [e for e in events if type(e) is ev.AttackInvalid] == []
    spent = [e.card for e in events if type(e) is ev.CardMoved
             and e.reason is ev.MoveReason.GAUGE_SPENT]
    assert sorted(_names(game, tuple(spent))) == ["Focus", "Spike", "Sweep"]
    assert [e.player for e in events if type(e) is ev.AttackHit] == [P1]
    assert _names(game, tuple(game.state.players[P1].gauge)) == ["Metsu Hadoken"]


def test_with_gauge_to_spare_the_agent_still_pays_critical() -> None:
    """4 gauge: Critical (1) and Metsu Hadoken (3) are both paid; nothing is invalid."""
    game, events = _strike(["metsuhadoken", "grasp"], ["sweep", "spike", "focus", "dive"])
    assert [e.player for e in events if type(e) is ev.AttackMadeCritical] == [P1]
    assert [e for e in events if type(e) is ev.AttackInvalid] == []
    assert [e.player for e in events if type(e) is ev.AttackHit] == [P1]
    assert game.state.players[P1].gauge != []


def test_defending_with_too_little_gauge_the_ultra_is_not_set() -> None:
    """2 gauge, Ken strikes: Metsu Hadoken would be invalid, so Ryu sets the Hadoken."""
    game, events = _strike(["metsuhadoken", "hadoken"], ["sweep", "spike"], attacker=P2)
    sets = [e for e in events if type(e) is ev.AttackSet and e.player is P1]
    assert [_names(game, e.cards) for e in sets] == [["Hadoken"]]
    assert [e for e in events if type(e) is ev.AttackInvalid] == []


def test_dans_ultra_is_set_when_it_is_free() -> None:
    """Haoh Gadouken costs nothing when it is Dan's last card in hand (its card rule),
    so with no gauge at all it is set, paid for free and hits (not a wild swing)."""
    game, events = _strike(["haohgadouken"], [], fighter="dan", attacker=P2)
    sets = [e for e in events if type(e) is ev.AttackSet and e.player is P1]
    assert [(_names(game, e.cards), e.wild) for e in sets] == [(["Haoh Gadouken"], False)]
    assert [e for e in events if type(e) is ev.AttackInvalid] == []
    assert P1 in [e.player for e in events if type(e) is ev.AttackHit]


def test_critical_is_declined_while_saving_for_an_ultra_in_hand() -> None:
    """3 gauge and Metsu Shoryuken (4 gauge) in hand: defending with the Hadoken, the
    agent keeps its gauge (no Critical) so the Ultra comes within reach."""
    game, events = _strike(["metsushoryuken", "hadoken"], ["sweep", "spike", "focus"],
                           attacker=P2)
    sets = [e for e in events if type(e) is ev.AttackSet and e.player is P1]
    assert [_names(game, e.cards) for e in sets] == [["Hadoken"]]
    assert [e for e in events if type(e) is ev.AttackMadeCritical] == []
    assert [e for e in events if type(e) is ev.CardMoved
            and e.reason is ev.MoveReason.GAUGE_SPENT] == []


# --- whole games ------------------------------------------------------------------------


def _unpaid_sets(setup: GameSetup, seed: int) -> list[str]:
    """Every attack the heuristic set that the cost step made invalid although the same
    request offered a wild swing or a Normal; one line each, naming seed, seat and card."""
    found: list[str] = []
    open_sets: dict[Player, tuple[int, bool]] = {}

    def on_step(game: Game, request: Request, decision: Decision, caused: list[ev.Event]) -> None:
        if isinstance(request, SetAttackRequest) and isinstance(decision, SetAttack | CrossStrike):
            open_sets[request.player] = (decision.cards[0], _has_payable(game, request, decision))
        for event in caused:
            if type(event) is ev.StrikeEnded:
                open_sets.clear()
            elif type(event) is ev.AttackInvalid and event.player in open_sets:
                card, alternative = open_sets.pop(event.player)
                if card == event.card and alternative:
                    name = CATALOG.card(game.state.card_defs[card]).name
                    found.append(f"{setup.p1} vs {setup.p2} seed {seed}: "
                                 f"{event.player.label} set {name}, then it was invalid")

    play_game(setup, seed, HEURISTIC, CATALOG, on_step=on_step)
    return found


def _has_payable(game: Game, request: SetAttackRequest, chosen: Decision) -> bool:
    """A wild swing or a Normal (no cost, valid for either Tag Team fighter) was offered."""
    for option in request.choices:
        if option == chosen:
            continue
        if isinstance(option, WildSwing):
            return True
        if isinstance(option, SetAttack):
            card = CATALOG.card(game.state.card_defs[option.cards[0]])
            if card.kind is CardKind.NORMAL:
                return True
    return False


def test_no_unpaid_attack_over_every_pair_of_fighters_seeds_1_to_7() -> None:
    """Every ordered pair of fighters (self-mirrors included), heuristic against
    heuristic: before the fix 824 of the 1,008 games of the then 12 fighters' pairs at
    seeds 1-7 had at least one (1,599 in all). With 51 fighters that grid is 18,207 games
    (11 minutes of the suite), so each pair now plays one of the seeds 1-7, in turn
    (issue 27 item 21)."""
    pairs = [(p1, p2) for p1 in FIGHTERS for p2 in FIGHTERS]
    found = [
        line
        for number, (p1, p2) in enumerate(pairs)
        for line in _unpaid_sets(GameSetup(p1=p1, p2=p2), 1 + number % 7)
    ]
    assert found == []


FIGHTER = st.sampled_from(FIGHTERS)

def _may_team(pair: tuple[str, str]) -> bool:
    """Two different fighters sharing their Normals (a UNI and a standard fighter may not)."""
    try:
        check_spec(CATALOG, "+".join(pair))
    except InvalidTeam:
        return False
    return True


SEAT = st.one_of(FIGHTER, st.tuples(FIGHTER, FIGHTER).filter(_may_team).map("+".join))


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**64 - 1), p1=SEAT, p2=SEAT)
def test_no_unpaid_attack_for_any_seed_fighter_or_tag_team(seed: int, p1: str, p2: str) -> None:
    assert _unpaid_sets(GameSetup(p1=p1, p2=p2), seed) == []


def _ultras_struck(setup: GameSetup, seeds: range) -> Counter[str]:
    """Ultras set from hand and paid for (no AttackInvalid for them in their strike)."""
    struck: Counter[str] = Counter()
    for seed in seeds:
        game = play_game(setup, seed, HEURISTIC, CATALOG)
        open_sets: dict[Player, int] = {}
        for event in game.events:
            if type(event) is ev.AttackSet and not event.wild:
                open_sets[event.player] = event.cards[0]
            elif type(event) is ev.AttackInvalid:
                open_sets.pop(event.player, None)
            elif type(event) is ev.StrikeEnded:
                for card in open_sets.values():
                    definition = CATALOG.card(game.state.card_defs[card])
                    if definition.kind is CardKind.ULTRA:
                        struck[definition.name] += 1
                open_sets.clear()
    return struck


def test_ryus_and_kens_ultras_are_all_struck() -> None:
    """Heuristic Ryu vs Ken, seeds 0-79: each side's two Ultras are struck, 6 times or
    more (before the fix none of them ever was: Metsu Hadoken and Guren Senpukyaku were
    always invalid after Critical, and the 4-gauge Metsu Shoryuken and Shinryuken were
    never set). Once 3 in seeds 0-39; since the agent judges reach after Dive's and
    Assault's movement, Shinryuken comes 2 times in 0-39 and 6 in 40-79, so the same
    rate is asked of twice the games. Since the clash reads Spike's and One Inch
    Punch's ignored armor and guard (heuristic_clash.traits), Shinryuken comes 4 times
    in 0-79 and 13 in 80-159: the same rate again, of seeds 0-159."""
    struck = _ultras_struck(GameSetup(p1="ryu", p2="ken"), range(160))
    for name in ("Metsu Hadoken", "Metsu Shoryuken", "Guren Senpukyaku", "Shinryuken"):
        assert struck[name] >= 12, struck


def test_optional_set_strike_force_is_declined_when_it_would_take_the_ultras_gauge() -> None:
    """Nu-13's ability, ``set_strike: force_for_effect 1: rangeup 3/4``, asks for an
    optional force right after she sets; with Legacy Edge (3 gauge) set, exactly 3 gauge
    and nothing else in hand, paying it from the gauge would make the Ultra invalid, so
    the agent declines and the Ultra is paid and hits."""
    game, events = _strike(["legacyedge"], ["sweep", "spike", "focus"], fighter="nu13")
    sets = [e for e in events if type(e) is ev.AttackSet and e.player is P1]
    assert [_names(game, e.cards) for e in sets] == [["Legacy Edge"]]
    assert [e for e in events if type(e) is ev.AttackInvalid] == []
    assert [e.player for e in events if type(e) is ev.AttackHit] == [P1]
    assert _names(game, tuple(game.state.players[P1].gauge)) == ["Legacy Edge"]
