"""A payment of an attack's cost names the attack (``replay.menu.needs``): a wild-swung
Ultra asked "spend 2 gauge (cards from your gauge); or decline" and a Special's force
cost "pay 1 force (...)", naming neither the card nor what declining does (the attack is
invalid: a wild swing instead). Found playing Carl Clover on the Play page."""

from __future__ import annotations

import random

import pytest

from engine import GameSetup, default_catalog, events, new_game, observe
from replay.menu import needs


def _tag(struct: object) -> str:
    return str(getattr(getattr(struct, "__struct_config__", None), "tag", ""))


@pytest.mark.parametrize(("p1", "p2", "seed"), [("carlclover", "hyde", 3),
                                                 ("ken", "ryu", 2), ("hakumen", "vatista", 4)])
def test_an_attack_cost_names_the_attack_and_what_declining_does(
        p1: str, p2: str, seed: int) -> None:
    """Every payment the words call an attack's cost is one: declined, that attack is
    invalid at once; paid, it is not; and every declined payment that made an attack
    invalid was called its cost, naming it."""
    catalog = default_catalog()
    game = new_game(GameSetup(p1=p1, p2=p2), seed, catalog)
    pick = random.Random(seed)
    named = 0
    while game.pending is not None and len(game.decisions) < 600:
        request = game.pending
        options = list(request.options())
        strike = next((o for o in options if _tag(o) == "strike"), None)
        if request.kind not in ("pay_force", "pay_gauge"):
            game.step(strike if strike is not None and pick.random() < 0.7
                      else pick.choice(options))
            continue
        view = observe(game.state, request.player)
        said = needs(request, view, catalog)
        decline = bool(getattr(request, "optional", False)) and pick.random() < 0.5
        choice = next(o for o in options if not getattr(o, "cards", ())) if decline \
            else next(o for o in options if getattr(o, "cards", ()))
        before = len(game.events)
        game.step(choice)
        after = [e for e in game.events[before:] if type(e).__name__ != "CardMoved"]
        invalid = bool(after) and type(after[0]).__name__ == "AttackInvalid" \
            and isinstance(after[0], events.AttackInvalid) \
            and int(after[0].player) == int(request.player)
        attack = game.state.strike.sides[request.player] if game.state.strike else None
        if "for your attack " in said:
            named += 1
            assert invalid == decline, (said, decline, after[:2])
            if decline:
                assert said.count("; or decline: the attack is then invalid, and you "
                                  "wild swing instead") == 1, said
            elif attack is not None and attack.attack is not None:
                name = catalog.card(game.state.card_defs[attack.attack]).name
                assert f"for your attack {name}, its cost" in said, said
        else:
            assert not invalid, (said, after[:2])
    assert named, "no attack cost was paid or declined in this game"
