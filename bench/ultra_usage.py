"""How often each Ultra is set and struck in agent games (not part of ``make bench``).

Plays ``--games`` seeded games (seeds 0..N-1) for every ordered pair of fighters with
the chosen agents and reads each strike through ``replay.strikes`` (the definitions of
docs/metrics.md). For each Ultra it counts, over the seats that fighter played:

- **set**: set face-down from hand (``a_set_card``/``d_set_card``);
- **struck**: set from hand, paid for and resolved as the attack (``*_card`` is the
  Ultra and not ``*_wild``);
- **invalid**: set from hand, then not paid for (the attack became another card);
- **wild**: struck after coming off the deck in a wild swing;
- **per 100**: struck per 100 games of that fighter.

    .venv/bin/python -m bench.ultra_usage --games 200 --jobs 2
"""

from __future__ import annotations

import argparse
from collections import Counter
from itertools import product

from engine.cards.catalog import default_catalog
from engine.cards.schema import CardKind
from engine.play.api import GameSetup, initial_state
from engine.play.match import play_game
from replay import workers
from replay.strikes import summarise_strikes

COLUMNS = ("set", "struck", "invalid", "wild")


def _pair(job: tuple[str, str, int, str, str]) -> Counter[tuple[str, str]]:
    """Counts of (ultra id, column) over ``games`` games of one ordered pair."""
    p1, p2, games, a1, a2 = job
    catalog = default_catalog()
    ultras = {c for c in (*catalog.deck_list(p1), *catalog.deck_list(p2))
              if catalog.card(c).kind is CardKind.ULTRA}
    counts: Counter[tuple[str, str]] = Counter()
    setup = GameSetup(p1=p1, p2=p2)
    for seed in range(games):
        game = play_game(setup, seed, (a1, a2), catalog)
        for s in summarise_strikes(initial_state(setup, catalog), game.events):
            for set_card, card, wild in ((s.a_set_card, s.a_card, s.a_wild),
                                         (s.d_set_card, s.d_card, s.d_wild)):
                if set_card in ultras:
                    counts[set_card, "set"] += 1
                    counts[set_card, "struck" if card == set_card and not wild else "invalid"] += 1
                elif card in ultras and wild:
                    counts[card, "wild"] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ultra_usage", description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per ordered pair")
    parser.add_argument("--agents", default="heuristic,heuristic", help="p1,p2 agents")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    a1, a2 = args.agents.split(",")
    catalog = default_catalog()
    fighters = list(catalog.character_ids())
    jobs = [(p1, p2, args.games, a1, a2) for p1, p2 in product(fighters, fighters)]
    total: Counter[tuple[str, str]] = Counter()
    with workers.pool(args.jobs) as pool:
        for counts in pool.imap_unordered(_pair, jobs):
            total.update(counts)
    seats = 2 * len(fighters) * args.games  # games each fighter plays (mirrors count twice)
    print(f"{args.games} games per ordered pair of {len(fighters)} fighters, agents {a1}/{a2}")
    print("| fighter | ultra | set | struck | invalid | wild | struck per 100 games |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for fighter in fighters:
        for ultra in sorted({c for c in catalog.deck_list(fighter)
                             if catalog.card(c).kind is CardKind.ULTRA}):
            row = [total[ultra, col] for col in COLUMNS]
            per = 100 * total[ultra, "struck"] / seats
            print(f"| {catalog.character(fighter).name} | {catalog.card(ultra).name} | "
                  + " | ".join(str(n) for n in row) + f" | {per:.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
