"""The heuristic agent's module-level caches follow the catalog it reads
(``engine.play.heuristic_cache``): a log may carry its own card definitions
(``engine.recording.definitions``), analysed in the same process as games on the
current catalog, and a card id then names a different card in each. Each test alternates
two catalogs that differ in one card's printed stats in one process and checks that the
agent judges the card by the stats of the catalog it reads.
"""

from __future__ import annotations

import msgspec

from engine.cards.catalog import Catalog, default_catalog
from engine.core.decisions import Decision, SetAttack, SetAttackRequest
from engine.core.ids import Player
from engine.core.state import State
from engine.knowledge.views import observe
from engine.play import heuristic_cache
from engine.play import heuristic_clash as clash
from engine.play.heuristic import HeuristicAgent
from engine.play.scenario import Scenario

CURRENT = default_catalog()
P1, P2 = Player.P1, Player.P2


def _fast_kikousho() -> Catalog:
    """The current catalog with Chun-Li's Kikousho (Ultra, power 7, speed 2) printed at
    speed 9: it then hits before any of Ryu's attacks."""
    kikousho = msgspec.structs.replace(CURRENT.card("chunli_kikousho"), speed=9)
    return Catalog(cards={**CURRENT.cards, "chunli_kikousho": kikousho},
                   characters=CURRENT.characters)


FAST = _fast_kikousho()


def _position(catalog: Catalog) -> tuple[State, SetAttackRequest]:
    """Chun-Li next to Ryu, defending, Kikousho or Lightning Legs (power 3, speed 6) to
    set, gauge enough for Kikousho (2)."""
    sc = Scenario("chunli", "ryu", catalog).player(
        P1, space=3, hand=["kikousho", "lightninglegs", "block"],
        gauge=["grasp", "grasp", "cross"])
    sc = sc.player(P2, space=4, hand=["grasp", "cross", "dive"])
    game = sc.active(P2).strike("second_sets", None, ["grasp"]).game()
    request = game.pending
    assert isinstance(request, SetAttackRequest) and request.player is P1, request
    return observe(game.state, P1), request


def _set_name(catalog: Catalog, view: State, decision: Decision) -> str:
    assert isinstance(decision, SetAttack), decision
    return catalog.card(view.card_defs[decision.cards[0]]).name


def test_the_agents_choice_follows_each_catalog_alternated() -> None:
    """Core rulebook, Resolving Strikes: the faster attack hits first. With the printed
    Kikousho (speed 2) Ryu's faster answers stun Chun-Li first, so she sets Lightning
    Legs; with a speed 9 Kikousho she sets Kikousho. Alternated in one process, each
    catalog gets its own answer (the caches keyed by card id once kept the first)."""
    for _ in range(2):
        for catalog, wanted in ((CURRENT, "Lightning Legs"), (FAST, "Kikousho")):
            view, request = _position(catalog)
            decision = HeuristicAgent(0, P1, catalog).decide(view, request)
            assert _set_name(catalog, view, decision) == wanted


def test_clash_value_follows_each_catalog_alternated() -> None:
    """``heuristic_clash.value`` of Kikousho against Ryu's deck: higher at speed 9 than
    at speed 2 (it hits first more often), whichever catalog was read before."""
    values: dict[str, list[float]] = {"current": [], "fast": []}
    for _ in range(2):
        for name, catalog in (("current", CURRENT), ("fast", FAST)):
            view, _request = _position(catalog)
            agent = HeuristicAgent(0, P1, catalog)
            values[name].append(clash.value(agent, view, catalog.card("chunli_kikousho"), 1, 1.0,
                                            False))
    assert values["current"][0] == values["current"][1]
    assert values["fast"][0] == values["fast"][1]
    assert values["fast"][0] > values["current"][0]


def test_a_catalog_of_the_same_content_keeps_the_caches() -> None:
    """Another catalog object with the same content (the same ``content_hash``: a log of
    current definitions) shares what the caches hold; a different content empties them."""
    heuristic_cache.follow(CURRENT)
    clash.threats(HeuristicAgent(0, P1, CURRENT), "ryu")
    same = Catalog(cards=CURRENT.cards, characters=CURRENT.characters)
    heuristic_cache.follow(same)
    assert "ryu" in clash._DECKS
    heuristic_cache.follow(FAST)
    assert not clash._DECKS


def test_what_a_decision_reads_is_not_kept_past_it() -> None:
    """The opponent's shares (``heuristic_clash.shares``: its deck list less the cards
    it has shown) are read once per decision and kept only while it lasts: after the
    decision, a Sweep more in Ryu's discard pile lowers Sweep's share."""
    view, request = _position(CURRENT)
    agent = HeuristicAgent(0, P1, CURRENT)
    agent.decide(view, request)
    before = clash.shares(agent, view)
    sweep = next(t.card.id for t in clash.threats(agent, "ryu") if t.card.name == "Sweep")
    shown = max(view.card_defs) + 1  # a card of Ryu's newly shown in his discard pile
    view.card_defs[shown] = sweep
    view.players[P2].discard.append(shown)
    after = clash.shares(agent, view)
    index = [t.card.id for t in clash.threats(agent, "ryu")].index(sweep)
    assert after[index] < before[index]


def test_a_decision_in_another_thread_waits_for_the_one_in_progress() -> None:
    """Two threads, two catalogs (a fork of an old log beside a game on the current
    cards): while a decision on the current catalog is in progress, a decision on the
    other catalog in another thread waits for it, so the caches the first one filled
    (Ryu's deck list as attacks) are still there when it reads them again, and each
    thread's answer is its catalog's (Lightning Legs / Kikousho, as above)."""
    import threading

    view, request = _position(CURRENT)
    fast_view, fast_request = _position(FAST)
    agent = HeuristicAgent(0, P1, CURRENT)
    started, other_done = threading.Event(), threading.Event()
    answers: dict[str, str] = {}
    seen: list[bool] = []
    holder: list[threading.Thread] = []

    def other() -> None:
        decision = HeuristicAgent(0, P1, FAST).decide(fast_view, fast_request)
        answers["fast"] = _set_name(FAST, fast_view, decision)
        other_done.set()

    def handler(state: State, req: SetAttackRequest) -> Decision:
        clash.threats(agent, "ryu")  # fills the deck-list cache under CURRENT
        thread = threading.Thread(target=other)
        thread.start()
        started.set()
        # the other thread's decision must not run now; waiting longer only makes a
        # missing lock likelier to show (no timing is asserted on honest work)
        seen.append(other_done.wait(0.3))
        seen.append("ryu" in clash._DECKS)
        decision = agent.decide(state, req)  # a decision inside a decision re-enters
        answers["current"] = _set_name(CURRENT, state, decision)
        holder.append(thread)
        return decision

    heuristic_cache.decide(agent, view, handler, request)
    assert started.is_set()
    holder[0].join()
    assert seen == [False, True]  # the other decision waited; the cache stayed full
    assert answers == {"current": "Lightning Legs", "fast": "Kikousho"}
