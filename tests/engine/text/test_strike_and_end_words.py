"""The transcript's words a newcomer asked about (``engine.text.notation``), found playing
the Play page: the last line names the loser (the loser read "GAME OVER: p2 Ken Masters
wins (opponent resigned)" after resigning, as if Ken had, and "(life)" said whose life ran
out only from the board); a tie of speeds says it is one, won by the attacker."""

from __future__ import annotations

import copy

from engine import GameSetup, Player, Transcript, default_catalog, new_game
from engine import events as ev
from engine.core.decisions import Resign


def _lines(seed: int, resign: bool = False) -> list[str]:
    """Every transcript line of a Ryu vs Ken game of ``seed`` whose seats strike when they
    can (else take the first option), or in which p1 resigns at once (``resign``)."""
    catalog = default_catalog()
    game = new_game(GameSetup(p1="ryu", p2="ken"), seed, catalog)
    words = Transcript(copy.deepcopy(game.state), catalog)
    lines: list[str | None] = []
    while game.pending is not None:
        start = len(game.events)
        options = list(game.pending.options())
        strike = [o for o in options if type(o).__name__ == "Strike"]
        game.step(Resign(player=Player.P1) if resign else (strike or options)[0])
        lines += [words.feed(event) for event in game.events[start:]]
    return [line for line in lines if line is not None]


def _last_line(seed: int, resign: bool) -> str:
    return _lines(seed, resign)[-1]


def test_a_resignation_names_who_resigned() -> None:
    assert _last_line(5, resign=True) == "GAME OVER: p2 Ken Masters wins (p1 Ryu resigned)"


def test_a_life_loss_names_whose_life_reached_0() -> None:
    assert _last_line(1, resign=False) == "GAME OVER: p2 Ken Masters wins (p1 Ryu's life reached 0)"
    assert _last_line(5, resign=False) == \
        "GAME OVER: p1 Ryu wins (p2 Ken Masters' life reached 0)"


def _priority_lines(seed: int) -> list[str]:
    catalog = default_catalog()
    game = new_game(GameSetup(p1="ryu", p2="ken"), seed, catalog)
    words = Transcript(copy.deepcopy(game.state), catalog)
    lines: list[str] = []
    while game.pending is not None:
        start = len(game.events)
        options = list(game.pending.options())
        game.step(([o for o in options if type(o).__name__ == "Strike"] or options)[0])
        for event in game.events[start:]:
            line = words.feed(event)
            if type(event).__name__ == "PriorityDetermined" and line is not None:
                attacker = words.state.strike.attacker  # type: ignore[union-attr]
                lines.append(f"{line} | attacker {attacker.label}")
    return lines


def test_a_tie_of_speeds_says_the_attacker_acts_first() -> None:
    """"speeds p1 4 / p2 4: p2 Ken Masters acts first" left a newcomer asking why p2."""
    lines = [x for s in (1, 2, 3, 4, 5) for x in _priority_lines(s)]
    ties = [x for x in lines if ", a tie: " in x]
    assert ties, lines
    assert "speeds p1 4 / p2 4, a tie: p2 Ken Masters acts first (the attacker wins a tie)" \
        " | attacker p2" in ties
    for line in lines:
        said, attacker = line.split(" | attacker ")
        p1, p2 = (int(x.split()[1]) for x in said.split(":")[0].split(",")[0]
                  .removeprefix("speeds ").split(" / "))
        first = said.split(": ")[1].split()[0]
        if p1 != p2:
            assert ", a tie" not in said and "wins a tie" not in said, line
        else:
            assert said.endswith(" (the attacker wins a tie)") == (first == attacker), line
            assert ", a tie: " in said, line


def _damage_lines(seed: int) -> list[str]:
    return [line for line in _lines(seed) if " damage" in line]


def test_the_last_hit_says_it_took_all_the_life_left() -> None:
    """A power 6 hit on 2 life read "takes 2 damage, life 0": a newcomer could not tell
    why the damage was less than the power. The event holds the damage dealt, not the
    power; the line says the life is gone. Other hits keep their words."""
    assert _damage_lines(1)[-3:] == [
        "p1 Ryu takes 6 damage, life 5",
        "p1 Ryu takes 2 damage (2 absorbed by armor), life 3",
        "p1 Ryu takes 3 damage (all the life left), life 0",
    ]
    assert _damage_lines(5)[-1] == "p2 Ken Masters takes 4 damage (all the life left), life 0"


def test_armor_and_the_life_left_are_both_said() -> None:
    catalog = default_catalog()
    state = copy.deepcopy(new_game(GameSetup(p1="ryu", p2="ken"), 1, catalog).state)
    state.players[Player.P1].life = 2
    line = Transcript(state, catalog).feed(ev.DamageDealt(target=Player.P1, amount=2, absorbed=1))
    assert line == "p1 Ryu takes 2 damage (1 absorbed by armor; all the life left), life 0"


def test_a_miss_says_why_in_words() -> None:
    """Core rulebook, Active Player Attack, step 2: "Check Range to the opponent"; an
    attack out of range misses. The line read "misses (out of range, range 4)", and an
    attack an effect made miss "misses (does not hit, range 1)" (Carl Clover's Nirvana
    flipped by the opponent, a terminal game). Each reason reads as a sentence with the
    range the opponent was at."""
    from engine.core.events import MissReason
    from engine.text.notation import _MISSED

    assert set(_MISSED) == set(MissReason)  # every reason has its words
    catalog = default_catalog()
    game = new_game(GameSetup(p1="ryu", p2="ken"), 1, catalog)
    words = Transcript(copy.deepcopy(game.state), catalog)
    said = [words.feed(ev.AttackMissed(player=Player.P1, reason=reason, distance=4))
            for reason in MissReason]
    assert said == [
        "p1 Ryu misses: out of range (the opponent is at range 4)",
        "p1 Ryu misses: the attack has no range (the opponent is at range 4)",
        "p1 Ryu misses: an effect makes it not hit (the opponent is at range 4)",
        "p1 Ryu misses: the opponent dodges it (range 4)",
        "p1 Ryu misses: the opponent dodges attacks at range 4",
    ]
    played = [line for seed in (1, 5) for line in _lines(seed) if " misses: " in line]
    assert played and all(
        line.endswith(")") and "out of range (the opponent is at range " in line
        for line in played if "out of range" in line)


def test_an_ultra_without_the_gauge_for_it_says_why_it_is_invalid() -> None:
    """Core rulebook, Reveal Step: "If you reveal an Ultra attack, you must pay the Gauge
    Cost ... If you can't, the attack is invalid." The line read "p1 Ryu's Metsu
    Shoryuken is invalid", and a newcomer could not tell why; it names the cost and the
    gauge held. Ryu, no gauge, sets Metsu Shoryuken (4 gauge) and wild swings instead."""
    from conftest import P1, position

    from engine.core.ids import Zone

    d = position(p1=dict(space=3, hand=["metsushoryuken"], deck=["assault"]),
                 p2=dict(space=7, hand=["grasp"]))
    words = Transcript(copy.deepcopy(d.state), default_catalog())
    start = len(d.game.events)
    d.strike("metsushoryuken", "grasp")
    lines = [words.feed(e) for e in d.game.events[start:]]
    assert "p1 Ryu's Metsu Shoryuken is invalid (its cost is 4 gauge; p1 has 0)" in lines
    assert "p1 Ryu wild swings Assault" in lines
    assert "Metsu Shoryuken" in d.zone(P1, Zone.DISCARD)
