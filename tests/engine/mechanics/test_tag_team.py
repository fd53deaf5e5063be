"""Street Fighter rulebook, "VARIANT: TAG TEAM": team decks and life, the three Tag Team
actions, the invalid tagged-out cards, the three new strike types, the win condition,
shared resources, and Tag Team games recorded, replayed, verified, played from the CLI
and fuzzed.

Positions are built with the scenario builder: a seat spec ``"ryu+ken"`` is a Tag Team
with Ryu in play and Ken tagged out.
"""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pytest
from conftest import CATALOG, P1, P2, Driver, position

from engine import events as ev
from engine.cards.team import InvalidTeam, check_spec, team_deck
from engine.core.apply import fold
from engine.core.decisions import (
    ActionRequest,
    Boost,
    CrossBoost,
    CrossExceed,
    CrossStrike,
    Decision,
    EffectOrderRequest,
    OrderEffects,
    PayCards,
    PayForceRequest,
    PayGaugeRequest,
    Prepare,
    SetAttack,
    SetAttackRequest,
    Strike,
    SwitchFighters,
)
from engine.core.ids import Zone
from engine.core.state import EndReason, canonical_bytes, state_hash
from engine.devtools.fuzz import run_fuzz
from engine.play.api import GameSetup, initial_state
from engine.recording.record import RULESET_TAG_TEAM, read_game_bytes, record_game
from engine.rules.actions import legal_actions
from replay.cli import main
from replay.verification.verify import verify

TEAM = ("ryu+ken", "ryu")


def _actions(d: Driver) -> tuple[Decision, ...]:
    request: ActionRequest = d.expect(ActionRequest)
    return request.choices


def test_team_deck_has_52_cards_and_each_fighter_20_life() -> None:
    """SF rulebook, Tag Team: "shuffle all of their unique cards and 3 copies of each
    Normal Attack together to form a 52-card deck ... Each character has 20 life." The
    first fighter of the spec starts in play; a single opponent keeps its 30 life."""
    state = initial_state(GameSetup(p1="ryu+ken", p2="sagat"), CATALOG)
    team, single = state.players
    deck = [state.card_defs[ref] for ref in team.deck]
    assert len(deck) == 52 and deck == team_deck(CATALOG, "ryu", "ken")
    counts = Counter(deck)
    normals = [c for c in counts if c.startswith("standard_normal_")]
    assert len(normals) == 8 and all(counts[c] == 3 for c in normals)
    ryu = [c for c in counts if c.startswith("ryu_")]
    ken = [c for c in counts if c.startswith("ken_")]
    assert len(ryu) == len(ken) == 7 and all(counts[c] == 2 for c in ryu + ken)
    assert (team.character, team.life, team.partner, team.partner_life) == ("ryu", 20, "ken", 20)
    assert (single.character, single.life, single.partner, len(single.deck)) == (
        "sagat", 30, None, 30)
    assert check_spec(CATALOG, "ken+ryu") == "ken+ryu"
    with pytest.raises(InvalidTeam, match="two different characters"):
        check_spec(CATALOG, "ryu+ryu")
    with pytest.raises(LookupError, match="unknown character 'rye'"):
        check_spec(CATALOG, "ken+rye")
    with pytest.raises(InvalidTeam, match="nine cannot join a Tag Team"):
        check_spec(CATALOG, "nine+akuma")  # her gems start sealed, her Astral Heat aside


def test_a_blazblue_fighter_with_a_set_aside_card_cannot_team() -> None:
    """A fighter whose setup deals cards out of its deck (a BlazBlue Astral Heat set
    aside) has no place in the 52-card team deck: the spec is refused in one line rather
    than the setup failing (it did for ``ragna+akuma``)."""
    with pytest.raises(InvalidTeam, match="litchi cannot join a Tag Team"):
        check_spec(CATALOG, "litchi+akuma")
    with pytest.raises(InvalidTeam, match="ragna cannot join a Tag Team"):
        check_spec(CATALOG, "ryu+ragna")


def test_switch_characters_keeps_boosts_for_the_new_fighter() -> None:
    """SF rulebook, Tag Team, Switch Characters: "Swap your active character for your
    other character in the same position. All Boosts remain in play when you switch
    characters, and apply to your new active character." Ken (tagged in) defends with
    his own Shoryuken: 4 power + Fierce's 2 = 6 damage."""
    d = position(p1=dict(space=3, life=14, boosts=["grasp"], hand=["ken_shoryuken"]),
                 p2=dict(space=4, hand=["spike"]), chars=TEAM)
    assert SwitchFighters() in _actions(d)
    d.act(SwitchFighters())
    me = d.p(P1)
    assert (me.character, me.life, me.partner, me.partner_life) == ("ken", 20, "ryu", 14)
    assert me.space == 3 and d.zone(P1, Zone.BOOSTS) == ["Grasp"]
    [switch] = d.events(ev.FighterSwitched)
    assert switch.reason is ev.SwitchReason.SWITCH
    d.strike("spike", "ken_shoryuken")  # p2's turn: Spike misses at range 1
    assert d.events(ev.AttackHit)[0].player == P1
    assert d.events(ev.DamageDealt)[0].amount == 6
    assert d.life(P2) == 24


def test_cross_exceed_pays_the_tagged_out_fighters_cost() -> None:
    """SF rulebook, Tag Team, Cross Exceed: "change your tagged-out character to their
    Exceed Mode without tagging them in, paying all costs as normal": Ken's cost is 3
    gauge (Ryu's would be 2) and his exceed hook (draw 1, then close) resolves; Ryu stays
    in play, not exceeded."""
    d = position(p1=dict(space=3, hand=["grasp"], gauge=["focus", "block", "dive"]),
                 p2=dict(space=7), chars=TEAM)
    assert CrossExceed() in _actions(d)
    d.act(CrossExceed())
    request = d.expect(PayGaugeRequest, P1)
    assert request.amount == 3
    d.pay("focus", "block", "dive")
    d.choose("pass")
    me = d.p(P1)
    assert (me.character, me.exceeded, me.partner, me.partner_exceeded) == (
        "ryu", False, "ken", True)
    assert d.zone(P1, Zone.GAUGE) == [] and len(me.hand) == 3  # Ken's draw + end of turn
    assert [e.reason for e in d.events(ev.FighterSwitched)] == [ev.SwitchReason.CROSS_EXCEED] * 2
    assert len(d.events(ev.Exceeded)) == 1
    d.act(Prepare())  # p2's turn; then p1 tags Ken in, exceeded
    assert CrossExceed() not in _actions(d)
    d.act(SwitchFighters())
    me = d.p(P1)
    assert (me.character, me.exceeded, me.partner, me.partner_exceeded) == (
        "ken", True, "ryu", False)


def test_cross_exceed_gives_dan_his_draw_choice_not_the_fighter_in_play() -> None:
    """SF rulebook, Tag Team, Cross Exceed, with Dan's exceed hook (draws from the bottom
    of the deck): it belongs to Dan, tagged out, and comes in with him."""
    d = position(p1=dict(space=3, gauge=["focus", "block"]), p2=dict(space=7),
                 chars=("chunli+dan", "ryu"))
    d.act(CrossExceed())
    d.pay("focus", "block")
    me = d.p(P1)
    assert (me.draw_from_bottom, me.partner_draw_from_bottom, me.partner_exceeded) == (
        False, True, True)


def test_cross_boost_costs_one_gauge_plus_the_force_cost() -> None:
    """SF rulebook, Tag Team, Cross Boost: "Spend 1 Gauge and activate a Boost on a
    Special or Ultra Card from your tagged-out character. You still pay all regular Force
    costs for that boost." Ken's Guren Senpukyaku (True Master, force 1) while Ryu is in
    play: no plain Boost, a Cross Boost for Focus (gauge) then Grasp (force)."""
    d = position(p1=dict(space=3, hand=["gurensenpukyaku", "grasp"], gauge=["focus"]),
                 p2=dict(space=7), chars=TEAM)
    guren = d.ref(P1, "gurensenpukyaku")
    actions = _actions(d)
    assert Boost(card=guren) not in actions and CrossBoost(card=guren) in actions
    d.act(CrossBoost(card=guren))
    gauge = d.expect(PayGaugeRequest, P1)
    assert gauge.amount == 1
    d.pay("focus")
    force = d.expect(PayForceRequest, P1)
    assert force.amount == 1
    d.pay("grasp")
    assert d.zone(P1, Zone.BOOSTS) == ["Guren Senpukyaku"]
    assert sorted(d.zone(P1, Zone.DISCARD)) == ["Focus", "Grasp"]
    assert d.zone(P1, Zone.GAUGE) == []
    # without the gauge, or without force left after the gauge, there is no Cross Boost
    for gauge_cards in ([], ["focus"]):
        d = position(p1=dict(space=3, hand=["gurensenpukyaku"], gauge=gauge_cards),
                     p2=dict(space=7), chars=TEAM)
        assert not any(isinstance(o, CrossBoost) for o in _actions(d))


def test_tagged_out_specials_and_ultras_are_invalid_attacks() -> None:
    """SF rulebook, Tag Team: "The Special Attacks and Ultras of your tagged-out character
    are considered Invalid Attacks for your tagged-in character": Ryu's Axe Kick (Ken's
    card) is invalid at reveal and a wild swing replaces it; a wild-swung Ken card is
    invalid too, and the chain swings again."""
    d = position(p1=dict(space=3, hand=["axekick"], deck=["shoryuken", "grasp"]),
                 p2=dict(space=4, hand=["block"]), chars=TEAM)
    d.strike("axekick", "block")
    invalid = d.events(ev.AttackInvalid)
    assert d.names(e.card for e in invalid) == ["Axe Kick"]
    assert d.names(e.card for e in d.events(ev.WildSwingRevealed)) == ["Shoryuken"]
    assert d.p(P1).character == "ryu" and d.state.card_defs[
        d.events(ev.WildSwingRevealed)[0].card] == "ryu_shoryuken"  # Ryu's own: valid
    d = position(p1=dict(space=3, hand=["block"], deck=["shinryuken", "grasp"]),
                 p2=dict(space=4, hand=["block"]), chars=TEAM)
    d.strike("wild", "block")
    assert d.names(e.card for e in d.events(ev.AttackInvalid)) == ["Shinryuken"]
    assert d.names(e.card for e in d.events(ev.WildSwingRevealed)) == ["Grasp"]


def test_cross_strike_spends_two_gauge_and_makes_the_partners_cards_valid() -> None:
    """SF rulebook, Tag Team, Cross Strike: "As you set your attack cards, you can spend
    2 Gauge to tag your character instantly. This will allow you to use cards in hand
    that would otherwise be invalid." Ken tags in and his Axe Kick hits for 5."""
    d = position(p1=dict(space=3, hand=["axekick"], gauge=["focus", "block"]),
                 p2=dict(space=4, hand=["sweep"]), chars=TEAM)
    d.act(Strike())
    request = d.expect(SetAttackRequest, P1)
    axe = d.ref(P1, "axekick")
    assert CrossStrike(cards=(axe,)) in request.choices
    d.act(CrossStrike(cards=(axe,)))
    assert d.expect(PayGaugeRequest, P1).amount == 2
    d.pay("focus", "block")
    assert d.p(P1).character == "ken"
    assert [e.reason for e in d.events(ev.FighterSwitched)] == [ev.SwitchReason.CROSS_STRIKE]
    d.set_attack(P2, "sweep")
    assert d.events(ev.AttackInvalid) == []
    assert next((e.target, e.amount) for e in d.events(ev.DamageDealt)) == (P2, 5)
    # with one gauge there is no Cross Strike
    d = position(p1=dict(space=3, hand=["axekick"], gauge=["focus"]),
                 p2=dict(space=4, hand=["cross"]), chars=TEAM)
    d.act(Strike())
    assert not any(isinstance(o, CrossStrike) for o in d.expect(SetAttackRequest).choices)


def test_double_ex_adds_another_plus_one_and_discards_two_copies() -> None:
    """SF rulebook, Tag Team, Double EX: "set 3 copies of a Normal Attack ... another +1
    Power, Speed, Armor, and Guard, and all extra copies of the attack go to your discard
    after being revealed": Grasp is speed 7 + 2 = 9, power 3 + 2 = 5."""
    d = position(p1=dict(space=3, hand=["grasp", "grasp", "grasp"]),
                 p2=dict(space=4, hand=["sweep"]), chars=TEAM)
    d.act(Strike())
    triple = tuple(d.p(P1).hand)
    assert SetAttack(cards=triple) in d.expect(SetAttackRequest).choices
    d.act(SetAttack(cards=triple))
    d.set_attack(P2, "sweep")
    copies = [e for e in d.events(ev.CardMoved) if e.reason is ev.MoveReason.EX_COPY]
    assert len(copies) == 2 and all(e.dst is Zone.DISCARD for e in copies)
    bonus = [(e.stat.name, e.amount) for e in d.events(ev.StatModified)]
    assert bonus == [("POWER", 1), ("SPEED", 1), ("ARMOR", 1), ("GUARD", 1)]
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == 9
    d.choose("push 1")
    assert d.events(ev.DamageDealt)[0].amount == 5
    assert d.zone(P1, Zone.DISCARD) == ["Grasp", "Grasp"]
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]


def test_ejection_swaps_a_stunned_opponent_and_locks_their_switch() -> None:
    """SF rulebook, Tag Team, Ejection Strike: an EX attack gains "After: If the opponent
    is stunned, you may swap the opponent's active character for their tagged out
    character, and they cannot swap back until the end of the next Strike." EX Grasp
    (4 power) stuns Ken (Cross, guard 0); Ryu is forced in; p2 cannot switch during the
    next strike and can again once it has ended."""
    d = position(p1=dict(space=3, hand=["grasp", "grasp", "block"]),
                 p2=dict(space=4, hand=["cross", "sweep"], gauge=["focus", "dive"]),
                 chars=("ryu", "ken+ryu"))
    d.strike(("grasp", "grasp"), "cross")
    d.choose("push 1")
    d.choose("eject")
    [eject] = d.events(ev.FighterSwitched)
    assert eject.player == P2 and eject.reason is ev.SwitchReason.EJECTION
    them = d.p(P2)
    assert (them.character, them.life, them.partner, them.partner_life) == ("ryu", 20, "ken", 16)
    assert them.switch_locked_until == 2
    assert d.events(ev.AttackSkipped)[0].player == P2
    # p2's turn: no Switch, and no Cross Strike in the next strike
    assert SwitchFighters() not in _actions(d)
    d.act(Strike())
    assert not any(isinstance(o, CrossStrike) for o in d.expect(SetAttackRequest, P2).choices)
    d.set_attack(P2, "sweep")
    d.critical(P2, False)
    d.set_attack(P1, "block")
    while d.state.strike is not None:  # answer what the strike still asks (force for armor)
        d.act(PayCards(cards=()))
    assert d.p(P2).switch_locked_until == 0
    assert SwitchFighters() in legal_actions(d.game.table, P2)


def _ex_cross_stuns_ken() -> Driver:
    """EX Cross (4 power, speed 7) hits Ken's Cross (speed 6, guard 0) first at range 1
    and stuns him; its after triggers are Cross's own "After: retreat 3" and the
    ejection, in the order p1 chooses (both can act, so p1 is asked)."""
    d = position(p1=dict(space=5, hand=["cross", "cross"]), p2=dict(space=6, hand=["cross"]),
                 chars=("ryu", "ken+ryu"))
    d.printed_order = False
    d.strike(("cross", "cross"), "cross")
    request = d.expect(EffectOrderRequest, P1)
    assert [e.tags for e in request.effects] == [("retreat",), ("ejection_strike",)]
    return d


def test_ejection_is_an_after_trigger_ordered_with_the_attacks() -> None:
    """SF rulebook, Tag Team, Ejection Strike: the property "gives your attack 'After: If
    the opponent is stunned, you may swap ...'", an after trigger like the card's own;
    core rulebook, Trigger Effects: "If you have multiple effects with the same trigger,
    you choose the order". The ejection first: Ryu is forced in, then p1 retreats 3
    (5 -> 2). The engine ran the ejection only after all the attack's after effects."""
    d = _ex_cross_stuns_ken()
    d.act(OrderEffects(order=(1, 0)))
    d.choose("eject")
    events = d.game.events
    switched = next(i for i, e in enumerate(events) if isinstance(e, ev.FighterSwitched))
    assert d.space(P1) == 2 and d.p(P2).character == "ryu"
    moved = [i for i, e in enumerate(events) if isinstance(e, ev.PlayerMoved) and e.player == P1]
    assert moved and switched < moved[-1]


def test_the_attacks_own_after_trigger_may_come_before_the_ejection() -> None:
    """The same strike with Cross's retreat first: p1 retreats (5 -> 2), then ejects."""
    d = _ex_cross_stuns_ken()
    d.act(OrderEffects(order=(0, 1)))
    assert d.space(P1) == 2 and d.p(P2).character == "ken"  # not yet ejected
    d.choose("eject")
    assert d.p(P2).character == "ryu" and d.p(P2).switch_locked_until == 2


def test_an_ejection_that_cannot_act_is_not_put_in_order() -> None:
    """SF rulebook, Tag Team, Ejection Strike: "If the opponent is stunned". EX Cross (4
    power) against Ken's Block (armor 2, guard 3) deals 2 and does not stun: p1 is asked
    no order between Cross's retreat and an ejection that could do nothing, and retreats
    3 (5 -> 2); Ken stays in."""
    d = position(p1=dict(space=5, hand=["cross", "cross"]), p2=dict(space=6, hand=["block"]),
                 chars=("ryu", "ken+ryu"))
    d.printed_order = False
    d.strike(("cross", "cross"), "block")
    assert not isinstance(d.pending, EffectOrderRequest)  # no order asked: it moved on
    assert d.space(P1) == 2 and d.p(P2).character == "ken"
    assert d.events(ev.FighterSwitched) == []


def test_no_ejection_without_a_stun_or_when_declined() -> None:
    """SF rulebook, Tag Team, Ejection Strike: only "if the opponent is stunned", and
    "you may": declining leaves the opponent's fighters as they were."""
    d = position(p1=dict(space=3, hand=["grasp", "grasp"]), p2=dict(space=4, hand=["cross"]),
                 chars=("ryu", "ken+ryu"))
    d.strike(("grasp", "grasp"), "cross")
    d.choose("push 1")
    d.choose("no ejection")
    assert d.events(ev.FighterSwitched) == [] and d.p(P2).character == "ken"
    d = position(p1=dict(space=3, hand=["grasp", "grasp"]), p2=dict(space=4, hand=["spike"]),
                 chars=("ryu", "ken+ryu"))
    d.strike(("grasp", "grasp"), "spike")  # 4 damage against guard 4: no stun
    d.choose("push 1")
    assert P2 not in [e.player for e in d.events(ev.PlayerStunned)]
    assert d.events(ev.FighterSwitched) == []


def test_either_opposing_fighter_at_zero_wins() -> None:
    """SF rulebook, Tag Team: "Whenever either member of the opponent's team reaches zero
    life, you win!" Ken is tagged in at 2 life; Ryu still has 20, yet p2 wins."""
    d = position(p1=dict(space=3, partner_life=2, hand=["block"]),
                 p2=dict(space=4, hand=["sweep"]), chars=TEAM)
    d.act(SwitchFighters())
    d.strike("sweep", "block")
    while d.pending is not None:
        d.act(PayCards(cards=()))
    assert d.p(P1).partner_life == 20
    assert (d.state.winner, d.state.end_reason) == (P2, EndReason.LIFE)


def test_hand_and_gauge_are_shared_and_damage_goes_to_the_fighter_in_play() -> None:
    """SF rulebook, Tag Team: "When a character takes damage, they apply it to their own
    life total. However, your Gauge and your hand of cards are shared between your two
    fighters." Ryu takes Sweep's 6; after the switch Ken has the same hand and gauge."""
    d = position(p1=dict(space=3, hand=["block", "axekick"], gauge=["focus"]),
                 p2=dict(space=4, hand=["sweep"]), chars=TEAM, active=P2)
    d.strike("sweep", "block")
    while d.state.strike is not None:
        d.act(PayCards(cards=()))
    ryu_life = d.life(P1)
    assert ryu_life < 20 and d.p(P1).partner_life == 20
    hand, gauge = list(d.p(P1).hand), list(d.p(P1).gauge)
    d.act(SwitchFighters())
    me = d.p(P1)
    assert (me.character, me.life, me.partner_life) == ("ken", 20, ryu_life)
    assert me.gauge == gauge and set(hand) <= set(me.hand)  # plus the end-of-turn draw


def test_a_recorded_tag_game_replays_and_verifies() -> None:
    """SF rulebook, Tag Team, recorded: the header names the teams and their 52-card
    decks; folding the log's events gives the live state, and re-simulation verifies
    identical."""
    setup = GameSetup(p1="ryu+ken", p2="sagat+zangief")
    stream = io.BytesIO()
    game = record_game(setup, 3, stream, ("heuristic", "heuristic"))
    log = read_game_bytes(stream.getvalue(), "tag.exlog")
    h = log.header
    assert (h.p1, h.p2, h.ruleset) == ("ryu+ken", "sagat+zangief", RULESET_TAG_TEAM)
    assert [len(deck) for deck in h.decks] == [52, 52]
    assert any(isinstance(e, ev.FighterSwitched) for e in log.events())
    folded = fold(log.initial_state(), list(log.events()))
    assert canonical_bytes(folded) == canonical_bytes(game.state)
    assert log.trailer is not None and log.trailer.hash == state_hash(folded)
    verdict = verify(log)
    assert verdict.identical and verdict.divergence is None


def test_play_a_tag_game_from_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    """SF rulebook, Tag Team, selected with ``exceed play --p1 ryu+ken``: the transcript
    shows the switches; an unknown member is the usual one-line error."""
    assert main(["play", "--p1", "ryu+ken", "--p2", "ken+ryu", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("EXCEED p1 Ryu + Ken Masters (heuristic) vs p2 Ken Masters + Ryu "
                          "(heuristic), seed 3\n")
    assert "tags in" in out and "GAME OVER" in out
    assert main(["play", "--p1", "ryu+rye", "--p2", "ken"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("exceed play: unknown character 'rye'; playable: ")
    assert len(err.splitlines()) == 1
    assert main(["simulate", "--p1", "ryu+ryu", "--p2", "ken", "--out", "/nonexistent"]) == 2
    assert "two different characters" in capsys.readouterr().err


def test_simulate_records_tag_games(tmp_path: Path) -> None:
    """SF rulebook, Tag Team, with ``exceed simulate --p1 ryu+ken``."""
    assert main(["simulate", "--p1", "ryu+ken", "--p2", "sagat", "--games", "2",
                 "--out", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["ryu+ken-vs-sagat_random-vs-random_seed0.exlog",
                     "ryu+ken-vs-sagat_random-vs-random_seed1.exlog"]
    for name in names:
        log = read_game_bytes((tmp_path / name).read_bytes(), name)
        assert verify(log).identical


@pytest.mark.parametrize(
    ("agents", "games"),
    [((("random", "random"),), 50),
     ((("heuristic", "heuristic"), ("heuristic", "random"), ("random", "heuristic")), 20)],
    ids=["random", "heuristic"],
)
def test_tag_team_fuzz(tmp_path: Path, agents: tuple[tuple[str, str], ...], games: int) -> None:
    """SF rulebook, Tag Team, fuzzed: seeded games of several team pairings (team vs
    team, mirror, team vs a single fighter) play to the end with every invariant intact
    after every decision (card conservation over 52-card decks, life bounds)."""
    teams = [("ryu+ken", "sagat+zangief"), ("ken+ryu", "ryu+ken"), ("chunli+dan", "guile"),
             ("vega", "cammy+akuma"), ("bison+cviper", "dan+zangief")]
    report = run_fuzz(games, tmp_path, characters=[], agent_pairs=agents, teams=teams)
    assert report.matchups == len(teams)
    assert report.games == len(teams) * len(agents) * games
    assert report.failures == []
