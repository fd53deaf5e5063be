"""The search agent with truncated rollouts against the heuristic agent (issue 32: "roll
out with the heuristic agent, or with a cheaper policy if that measures stronger for the
same time").

    python -m bench.search_horizon [--iterations 384] [--horizon 2] [--seeds 0-4]
                                   [--jobs 2] [--journal FILE] [--report]

Each iteration of ``search:N`` plays a heuristic rollout to the end of the game (about
7 ms). With ``--horizon H`` it stops once H strikes have ended and scores the position
with the analysis's leaf evaluator (``replay.analysis.horizon.search_cutoff``, the same
cutoff as ``exceed analyze --horizon``), so more iterations fit in the same second. The
variant plays the ladder's games against heuristic (``bench.agents``: its 20 matchups,
the given seeds, both seatings), each game appended to a journal
(``bench/results/search_horizon.jsonl``; a later run plays only the games not there),
and is compared game by game with ``search:128``'s games of the same tasks in the
ladder's journal: its score, the CPU seconds of a searched decision, and the games one
won and the other did not.

The variant exists only here: the ``search`` agent plays every rollout to the end (its
``cutoff`` is None), and the ladder's fingerprint does not move. ``--exploration`` and
``--prior`` play the same way a variant of PUCT's constants (``search:128@c1@p0.6``,
``bench.search_tuning`` chooses them on positions), with ``--horizon 0`` for full
rollouts. So do ``--halving`` (``@sh``: sequential halving at the root), ``--shaping M``
(``@mM``: the life margin's share M of a finished rollout's reward,
``engine.play.search.tree.outcome``), ``--recall K`` (``@aK``: each world tested against
the opponent's last K turn actions), ``--payments K`` (``@dK``: against its last K
discards by choice) and ``--floor F`` (``@fF``: inference's floor;
``engine.play.search.inference``), or ``--uniform`` (``@uniform``) turns inference off.
``--search-opponent`` (``@opp``) searches the opponent's turn actions in the tree by
PUCT, the agent's way until 1 Dec 2026; ``--model`` (``@heur``) plays them as the
heuristic agent does, the agent's way since (the name its 400 games are journalled
under).
``--peek`` (``@peek``) draws worlds with the
opponent's hidden cards as they really are, only the decks redrawn (``peeking``): not a
fair agent, the bound on what inferring the opponent's cards could give the search.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from pathlib import Path

from bench import agents as ladder
from bench.config import ROOT
from engine.cards.catalog import Catalog, default_catalog
from engine.core.ids import Player, Zone
from engine.core.rng import Rng
from engine.core.state import State
from engine.knowledge.infoset import Knowledge, determinize, hidden_slots
from engine.play.agents import Agent, make_agent
from engine.play.search.agent import Method, SearchAgent
from engine.play.search.tree import EXPLORATION, PRIOR
from replay.analysis.horizon import search_cutoff
from replay.workers import executor

JOURNAL = ROOT / "bench" / "results" / "search_horizon.jsonl"
BASELINE = "search:128"


def variant(iterations: int, horizon: int, exploration: float = EXPLORATION,
            prior: float = PRIOR) -> str:
    """The variant's name in the journal: ``search:384@h2``; ``@cC`` and ``@pP`` name PUCT
    constants other than the agent's (``search:128@c1@p0.6``)."""
    return (f"search:{iterations}" + (f"@h{horizon}" if horizon else "")
            + (f"@c{exploration:g}" if exploration != EXPLORATION else "")
            + (f"@p{prior:g}" if prior != PRIOR else ""))


def make_variant(name: str, seed: int, player: Player, catalog: Catalog) -> Agent:
    """``make_agent``, and for ``search:N@hH@cC@pP`` a ``search:N`` agent with H-strike
    rollouts, exploration constant C and prior share P (each part optional)."""
    base, *parts = name.split("@")
    agent = make_agent(base, seed, player, catalog)
    for part in parts:
        assert isinstance(agent, SearchAgent)
        if part == "heur":
            agent.opponent = False
        elif part == "opp":
            agent.opponent = True
        elif part == "peek":
            agent.determinizer = peeking
        elif part == "uniform":
            agent.infer = False
        elif part.startswith("h"):
            agent.cutoff = search_cutoff(int(part[1:]))
        elif part.startswith("c"):
            agent.exploration = float(part[1:])
        elif part.startswith("p"):
            agent.prior = float(part[1:])
        elif part.startswith("f"):
            agent.floor = float(part[1:])
            if not 0.0 < agent.floor <= 1.0:
                raise ValueError(f"{name}: @{part}: the floor must be in (0, 1]")
        elif part.startswith("a"):
            agent.recall = int(part[1:])
            if agent.recall < 0:
                raise ValueError(f"{name}: @{part}: the actions recalled must be 0 or more")
        elif part.startswith("d"):
            agent.payments = int(part[1:])
        elif part.startswith("m"):
            agent.shaping = float(part[1:])
            if not 0.0 <= agent.shaping < 1.0:
                raise ValueError(f"{name}: @{part}: the life margin's share must be in [0, 1)")
        elif part == "sh":
            agent.method = Method.HALVING
        else:
            raise ValueError(f"{name}: unknown variant part @{part} (@hH, @cC, @pP, @mM, "
                             "@aK, @dK, @fF, @uniform, @peek, @sh, @heur or @opp)")
    return agent


def peeking(state: State, knowledge: Knowledge, rng: Rng,
            catalog: Catalog | None = None) -> State:
    """A world with every card hidden from the decider but those in the decks as it
    really is (the opponent's hand, face-down attack, sealed cards), the decks' unknown
    cards redrawn and shuffled as ``determinize`` does: the bound on what inferring the
    opponent's cards could give the search (``@peek``; never the agent's)."""
    told = knowledge.copy()
    for ref, (_, zone) in hidden_slots(state, knowledge.viewer).items():
        if zone is not Zone.DECK:
            told.tracked[ref] = zone
    return determinize(state, told, rng, catalog)


def _play(task: ladder.Task) -> ladder.Game:
    return ladder.play(*task, make=make_variant)


def _seeds(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def _read(path: Path) -> dict[ladder.Task, ladder.Game]:
    """A journal's games (``ladder.games_of``: the ladder's fingerprint line, or a torn
    tail, skipped); none if there is no journal yet."""
    if not path.exists():
        return {}
    return ladder.games_of(path.read_text(encoding="utf-8").splitlines())


def report(name: str, tasks: list[ladder.Task], played: dict[ladder.Task, ladder.Game],
           baseline: dict[ladder.Task, ladder.Game]) -> str:
    """The variant against heuristic, and game by game against ``BASELINE``."""
    mine = [played[t] for t in tasks if t in played]
    paired = [(played[t], baseline[(BASELINE, *t[1:])]) for t in tasks
              if t in played and (BASELINE, *t[1:]) in baseline]
    score = sum(g.score for g in mine)
    low, high = ladder.wilson(score, len(mine))
    seconds = sum(g.search_seconds for g in mine) / max(1, sum(g.searched for g in mine))
    base_score = sum(b.score for _, b in paired)
    base_seconds = (sum(b.search_seconds for _, b in paired)
                    / max(1, sum(b.searched for _, b in paired)))
    better = sum(1 for g, b in paired if g.score > b.score)
    worse = sum(1 for g, b in paired if g.score < b.score)
    return (f"{name} vs heuristic: {score:g} of {len(mine)} "
            f"({100 * score / max(1, len(mine)):.1f}%, 95% {100 * low:.1f}-{100 * high:.1f}%), "
            f"{seconds:.2f} CPU s a searched decision\n"
            f"{BASELINE} on the same {len(paired)} games: {base_score:g} "
            f"({100 * base_score / max(1, len(paired)):.1f}%), {base_seconds:.2f} CPU s; "
            f"games the variant won and {BASELINE} did not: {better}, the reverse: {worse}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.search_horizon")
    parser.add_argument("--iterations", type=int, default=384)
    parser.add_argument("--horizon", type=int, default=2)
    parser.add_argument("--exploration", type=float, default=EXPLORATION)
    parser.add_argument("--prior", type=float, default=PRIOR)
    parser.add_argument("--seeds", type=_seeds, default=_seeds("0-4"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--journal", type=Path, default=JOURNAL)
    parser.add_argument("--shaping", type=float, default=0.0,
                        help="the life margin's share of a rollout's reward (@mM)")
    parser.add_argument("--recall", type=int, default=0,
                        help="worlds tested against the opponent's last K actions (@aK)")
    parser.add_argument("--payments", type=int, default=0,
                        help="test worlds against the opponent's last K discards by choice")
    parser.add_argument("--floor", type=float, default=None,
                        help="inference's likelihood of a choice the policy would not "
                             "make (@fF; default the agent's)")
    parser.add_argument("--uniform", action="store_true",
                        help="no inference: every world as determinize draws it (@uniform)")
    parser.add_argument("--peek", action="store_true",
                        help="the opponent's hidden cards but the deck's known (@peek)")
    parser.add_argument("--halving", action="store_true",
                        help="sequential halving at the root (@sh) instead of PUCT")
    parser.add_argument("--model", action="store_true",
                        help="the opponent's turn actions played by the heuristic agent "
                             "in the tree, not searched (@heur)")
    parser.add_argument("--search-opponent", action="store_true",
                        help="the opponent's turn actions searched in the tree too "
                             "(@opp: the agent's own way)")
    parser.add_argument("--report", action="store_true", help="play nothing")
    args = parser.parse_args(argv)
    name = variant(args.iterations, args.horizon, args.exploration, args.prior)
    name += f"@m{args.shaping:g}" if args.shaping else ""
    name += f"@f{args.floor:g}" if args.floor is not None else ""
    name += f"@a{args.recall}" if args.recall else ""
    name += f"@d{args.payments}" if args.payments else ""
    name += "@uniform" if args.uniform else ""
    name += "@peek" if args.peek else ""
    name += "@sh" if args.halving else ""
    name += "@heur" if args.model else ""
    name += "@opp" if args.search_opponent else ""
    try:
        make_variant(name, 0, Player.P1, default_catalog())
    except ValueError as error:
        print(f"bench.search_horizon: {error}", file=sys.stderr)
        return 2
    tasks = [(name, "heuristic", p1, p2, seed, first_seat) for seed in args.seeds
             for p1, p2 in ladder.matchups() for first_seat in (0, 1)]
    played = _read(args.journal)
    todo = [t for t in tasks if t not in played]
    if not args.report and todo:
        print(f"bench.search_horizon: {len(tasks) - len(todo)} of {len(tasks)} games of "
              f"{name} in {args.journal.name}; {len(todo)} to play", file=sys.stderr)
        args.journal.parent.mkdir(parents=True, exist_ok=True)
        with args.journal.open("a", encoding="utf-8") as journal, \
                executor(args.jobs) as pool:
            for game in pool.map(_play, todo, chunksize=1):
                journal.write(json.dumps(asdict(game)) + "\n")
                journal.flush()
                played[(game.first, game.second, game.p1, game.p2, game.seed,
                        game.first_seat)] = game
    print(report(name, tasks, played, _read(ladder.JOURNAL)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
