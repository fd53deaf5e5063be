"""How much of each fighter's kit an agent uses, and how often it wins (issue 32 item 0).

Every fighter (or those named with ``--fighters``) plays ``--games`` seeded games as p1
(seeds ``--seed``, ``--seed`` + 1, ...) against ``--opponent`` played by ``--vs``.
Counted from the events, for the p1 seat, per 100 games:

- **char**: character actions taken (``ActionTaken`` CHARACTER_ACTION; UNI, Chaos's Azhi,
  Carl's Nirvana, Litchi's Mantenbo, Enkidu, Merkava...);
- **exceed**: times the fighter Exceeded (the Exceed action, or an effect that Exceeds);
- **revert**: times it Reverted (UNI's Revert action, BlazBlue's empty Overdrive);
- **od**: Overdrive effects run (BlazBlue: turns started in Overdrive);
- **crit**: attacks made Critical (Street Fighter);
- **ultra**: Ultras revealed as the attack and paid for;
- **astral**: set-aside cards brought in (BlazBlue's Astral Heats, after a Reshuffle);
- **reshuf**: Manual Reshuffles; **boost**, **change**: Boost and Change Cards actions;
- **b.act**: UNI boost "Action:" abilities used;
- **win%**: p1's wins, with the 95% Wilson interval.

    .venv/bin/python -m bench.kit --games 10 --vs heuristic       # issue 32's measurement
    .venv/bin/python -m bench.kit --games 300 --vs random --jobs 2  # docs/agents.md's table
"""

from __future__ import annotations

import argparse
from collections import Counter

from engine.cards.catalog import default_catalog
from engine.cards.schema import CardKind
from engine.core import events as ev
from engine.core.events.blazblue import LeftOverdrive, OverdriveExit
from engine.core.events.critical import AttackMadeCritical
from engine.core.events.under_night import Reverted
from engine.core.ids import Player
from engine.play.api import GameSetup
from engine.play.match import play_game
from replay import workers
from replay.analysis.rollout import wilson
from replay.quoting import error_text

COLUMNS = ("char", "exceed", "revert", "od", "crit", "ultra", "astral", "reshuf",
           "boost", "change", "b.act")
_ACTIONS = {ev.ActionKind.CHARACTER_ACTION: "char", ev.ActionKind.RESHUFFLE: "reshuf",
            ev.ActionKind.BOOST: "boost", ev.ActionKind.CHANGE_CARDS: "change",
            ev.ActionKind.BOOST_ACTION: "b.act"}
P1 = Player.P1


def count_kit(events: list[ev.Event], ultras: frozenset[int]) -> Counter[str]:
    """The p1 seat's kit usage in one game's events (``ultras``: p1's Ultra card refs)."""
    counts: Counter[str] = Counter()
    revealed: int | None = None
    for e in events:
        if isinstance(e, ev.ActionTaken) and e.player is P1 and e.action in _ACTIONS:
            counts[_ACTIONS[e.action]] += 1
        elif isinstance(e, ev.Exceeded) and e.player is P1:
            counts["exceed"] += 1
        elif isinstance(e, Reverted) and e.player is P1:
            counts["revert"] += 1
        elif (isinstance(e, LeftOverdrive) and e.player is P1
              and e.reason is OverdriveExit.TURN_START):
            counts["od"] += 1
        elif isinstance(e, AttackMadeCritical) and e.player is P1:
            counts["crit"] += 1
        elif isinstance(e, ev.SetAsideCardAdded) and e.player is P1:
            counts["astral"] += 1
        elif isinstance(e, ev.AttacksRevealed):
            revealed = e.p1[0] if e.p1 and e.p1[0] in ultras else None
        elif isinstance(e, ev.AttackInvalid) and e.player is P1:
            revealed = None
        elif isinstance(e, ev.StrikeEnded):
            counts["ultra"] += revealed is not None
            revealed = None
    return counts


def _fighter(job: tuple[str, str, int, int, str, str]) -> tuple[str, Counter[str]]:
    """Kit counts and wins (``games``, ``wins``) of ``fighter`` as p1 over the seeds."""
    fighter, opponent, seed, games, agent, vs = job
    catalog = default_catalog()
    setup = GameSetup(p1=fighter, p2=opponent)
    total: Counter[str] = Counter()
    for s in range(seed, seed + games):
        try:
            game = play_game(setup, s, (agent, vs), catalog)
        except Exception as error:  # reported with its seed, the other games still count
            print(f"{fighter} seed {s}: {error_text(error)}", flush=True)
            total["errors"] += 1
            continue
        defs = game.state.card_defs
        ultras = frozenset(ref for ref in _owned(game.setup_events, P1)
                           if catalog.card(defs[ref]).kind is CardKind.ULTRA)
        total.update(count_kit(game.events, ultras))
        total["games"] += 1
        total["wins"] += game.state.winner is P1
    return fighter, total


def _owned(setup: list[ev.Event], who: Player) -> frozenset[int]:
    """The card refs dealt to ``who``: their deck and set-aside cards at setup."""
    owned: set[int] = set()
    for e in setup:
        if isinstance(e, ev.DeckShuffled) and e.player is who:
            owned.update(e.order)
        elif isinstance(e, ev.CardsSetAside) and e.player is who:
            owned.update(e.cards)
    return frozenset(owned)


def table(results: dict[str, Counter[str]], names: dict[str, str]) -> list[str]:
    """The markdown table: per fighter, kit usage per 100 games and p1's win rate."""
    lines = ["| fighter | " + " | ".join(COLUMNS) + " | win% (95% CI) |",
             "|---|" + "---:|" * (len(COLUMNS) + 1)]
    for fighter in sorted(results, key=lambda f: names[f]):
        c = results[fighter]
        n = c["games"]
        per = [f"{100 * c[col] / n:.0f}" for col in COLUMNS]
        low, high = wilson(c["wins"], n)
        win = f"{100 * c['wins'] / n:.0f} ({100 * low:.0f}-{100 * high:.0f})"
        lines.append(f"| {names[fighter]} | " + " | ".join(per) + f" | {win} |")
    return lines


TARGET = 0.95
"""Issue 32 item 0: every fighter wins at least this share against random."""


def summary(results: dict[str, Counter[str]], names: dict[str, str]) -> str:
    """The mean win rate over the fighters, the fighters under ``TARGET`` and the three
    lowest, each with its exact wins (the table rounds)."""
    rates = {f: c["wins"] / c["games"] for f, c in results.items() if c["games"]}
    if not rates:
        return "no games"
    under = sorted((f for f, r in rates.items() if r < TARGET), key=lambda f: names[f])
    lowest = sorted(rates, key=lambda f: (rates[f], names[f]))[:3]

    def exact(f: str) -> str:
        return f"{names[f]} {results[f]['wins']} of {results[f]['games']}"
    return (f"mean win rate {100 * sum(rates.values()) / len(rates):.2f}%; "
            f"under {TARGET:.0%}: {', '.join(map(exact, under)) or 'none'}; "
            f"lowest: {', '.join(map(exact, lowest))}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.kit", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="games per fighter")
    parser.add_argument("--seed", type=int, default=9000, help="first seed")
    parser.add_argument("--agent", default="heuristic", help="p1's agent")
    parser.add_argument("--vs", default="random", help="the opponent's agent")
    parser.add_argument("--opponent", default="ryu", help="the opponent's fighter")
    parser.add_argument("--fighters", default="", help="comma-separated ids (default: all)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    catalog = default_catalog()
    known = list(catalog.character_ids())
    fighters = [f for f in args.fighters.split(",") if f] or known
    unknown = [f for f in fighters if f not in known]
    if unknown:
        parser.error(f"unknown fighter {unknown[0]!r}; known: {', '.join(known)}")
    jobs = [(f, args.opponent, args.seed, args.games, args.agent, args.vs) for f in fighters]
    results: dict[str, Counter[str]] = {}
    with workers.pool(args.jobs) as pool:
        for fighter, counts in pool.imap_unordered(_fighter, jobs):
            results[fighter] = counts
    names = {f: catalog.character(f).name for f in fighters}
    print(f"{args.games} games per fighter as p1 ({args.agent}) against "
          f"{args.opponent} ({args.vs}), seeds {args.seed}..{args.seed + args.games - 1};"
          " kit usage per 100 games")
    print("\n".join(table(results, names)))
    total = Counter[str]()
    for c in results.values():
        total.update(c)
    never = [names[f] for f, c in results.items() if not c["exceed"]]
    errors = sum(c["errors"] for c in results.values())
    if errors:
        print(f"\n{errors} games stopped with an error (listed above), not counted")
    print(f"\ncharacter actions: {total['char']} in {total['games']} games; "
          f"exceeds: {total['exceed']}; never exceeded: {', '.join(sorted(never)) or 'none'}")
    print(summary(results, names))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
