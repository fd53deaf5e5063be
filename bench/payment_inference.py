"""How much the opponent's discards by choice tell of its hidden hand (issue 32: "the
cards it discards, pays with and keeps tell more").

    python -m bench.payment_inference [--seeds 4] [--worlds 30]

Plays heuristic-against-heuristic games of the ladder's 20 matchups (``bench.agents``),
seat P1 followed by a search agent that keeps every discard by choice of P2
(``SearchAgent.payments``: force paid from hand or gauge, a discard down to the hand
limit; ``engine.play.search.inference.PaySeen``). At each, it draws ``--worlds`` worlds
uniformly from P1's knowledge and asks ``payment_agrees``: would the heuristic agent, at
the table before with the world's cards, have discarded the same cards? The share that
agree is what the payment leaves of the uniform worlds (1: it tells nothing). It also
checks the real table agrees (the opponent is the heuristic agent), so the test is
faithful. Prints the payments per game, the mean agreement and the share of payments
that rule out more than half of the worlds.
"""

from __future__ import annotations

import argparse
from collections import Counter

from bench import agents as ladder
from engine.cards.catalog import default_catalog
from engine.core.ids import Player
from engine.core.rng import Rng, derive_seed
from engine.knowledge.infoset import drawing
from engine.play.agents import heuristic_policy
from engine.play.api import Game, GameSetup
from engine.play.match import play_game
from engine.play.search.agent import SearchAgent
from engine.play.search.inference import payment_agrees


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.payment_inference")
    parser.add_argument("--seeds", type=int, default=4, help="seeds per matchup (from 0)")
    parser.add_argument("--worlds", type=int, default=30, help="uniform worlds per payment")
    args = parser.parse_args(argv)
    catalog = default_catalog()
    policy = heuristic_policy(catalog)
    truth: Counter[tuple[bool, bool | None]] = Counter()
    shares: dict[bool, list[float]] = {False: [], True: []}
    games = 0
    for seed in range(args.seeds):
        for p1, p2 in ladder.matchups():
            games += 1
            watcher = SearchAgent(seed, Player.P1, catalog, 1, "search:1", policy)
            watcher.payments = 1_000_000
            done = [0]

            def hook(game: Game, *_: object, watcher: SearchAgent = watcher,
                     done: list[int] = done, seed: int = seed) -> None:
                watcher.follow(game)
                while done[0] < len(watcher.paid):
                    pay = watcher.paid[done[0]]
                    done[0] += 1
                    truth[(pay.limit, payment_agrees(game.state, pay, Player.P1, policy,
                                                     catalog))] += 1
                    assert watcher.table is not None and watcher.knowledge is not None
                    draw, said = drawing(), Counter[bool | None]()
                    for i in range(args.worlds):
                        world = draw(watcher.table, watcher.knowledge,
                                     Rng(derive_seed(seed, f"payment/{done[0]}/{i}")), catalog)
                        said[payment_agrees(world, pay, Player.P1, policy, catalog)] += 1
                    told = said[True] + said[False]
                    if told:
                        shares[pay.limit].append(said[True] / told)

            play_game(GameSetup(p1=p1, p2=p2), seed, ("heuristic", "heuristic"), catalog,
                      on_step=hook)
    print(f"{games} games; the real table: {dict(truth)} ((hand limit?, agrees) -> count)")
    for limit, name in ((False, "force paid"), (True, "hand limit")):
        got = shares[limit]
        if got:
            print(f"{name}: {len(got)} payments ({len(got) / games:.2f} a game), uniform "
                  f"worlds agreeing {sum(got) / len(got):.3f} on average, "
                  f"{sum(1 for s in got if s < 0.5) / len(got):.1%} of payments rule out "
                  "more than half")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
