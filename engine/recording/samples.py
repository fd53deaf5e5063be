"""The committed sample corpus: which games ``sample_games/`` holds, and how to remake it.

``regenerate`` (``exceed samples``, ``make samples``) rewrites every sample and the ``MANIFEST``
byte for byte. Most samples are fixed (matchup, agents, seed), including one showcase
game for each Street Fighter fighter and two Tag Team games; two are found by a
deterministic search so they stay meaningful when the rules change: the longest
random-vs-random Ryu vs Ken game among seeds 0..199, the first such game lost by
deck-out, and the first heuristic Ragna vs Ryu game (if any) in which an Astral Heat is struck
with. A test re-simulates every sample and fails if the engine no longer produces
the committed bytes; regenerate on purpose, in the same commit as the engine change.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import msgspec

from engine.cards.catalog import Catalog, default_catalog
from engine.core import events as ev
from engine.core.state import EndReason, State
from engine.play.api import GameSetup
from engine.play.match import log_name, play_game
from engine.recording.record import record_to_file

SAMPLE_DIR = Path("sample_games")
MANIFEST = "MANIFEST"
SEARCH_SEEDS = range(200)
ASTRAL_SEEDS = SEARCH_SEEDS
"""Since issue 32's reach and clash rules the heuristic Ragna wins before a Manual
Reshuffle brings his Astral Heat in: no game of seeds 0..1999 holds one, so the corpus
has none (the tests read a frozen one, ``tests/fixtures/agent_v1``)."""
STREET_FIGHTERS = ("akuma", "bison", "cammy", "chunli", "cviper", "dan", "guile", "ken", "ryu",
                   "sagat", "vega", "zangief")


class Sample(msgspec.Struct, frozen=True, kw_only=True):
    p1: str
    p2: str
    agents: tuple[str, str]
    seed: int
    note: str = ""

    @property
    def setup(self) -> GameSetup:
        return GameSetup(p1=self.p1, p2=self.p2)

    @property
    def file(self) -> str:
        return log_name(self.setup, self.agents, self.seed)


def fixed_samples() -> list[Sample]:
    """Mirrors and cross matchups under every agent pairing, plus extra heuristic games."""
    samples: list[Sample] = []
    matchups = (("ryu", "ken"), ("ken", "ryu"), ("ryu", "ryu"), ("ken", "ken"))
    pairings = (("heuristic", "heuristic"), ("heuristic", "random"),
                ("random", "heuristic"), ("random", "random"))
    seed = 1
    for p1, p2 in matchups:
        for agents in pairings:
            samples.append(Sample(p1=p1, p2=p2, agents=agents, seed=seed))
            seed += 1
    for extra in range(6):
        p1, p2 = matchups[extra % 2]
        samples.append(Sample(p1=p1, p2=p2, agents=("heuristic", "heuristic"), seed=100 + extra))
    for i, fighter in enumerate(STREET_FIGHTERS):
        opponent = STREET_FIGHTERS[(i + 1) % len(STREET_FIGHTERS)]
        samples.append(Sample(p1=fighter, p2=opponent, agents=("heuristic", "heuristic"),
                              seed=200 + i, note=f"{fighter} showcase"))
    others = [c for c in default_catalog().character_ids() if c not in STREET_FIGHTERS]
    for fighter in others:  # the other lines' fighters, each against Ryu: a fighter added
        # later adds its own file and changes no other sample's name or game
        samples.append(Sample(p1=fighter, p2="ryu", agents=("heuristic", "heuristic"),
                              seed=400, note=f"{fighter} showcase"))
    samples.append(Sample(p1="ryu+ken", p2="sagat+zangief", agents=("heuristic", "heuristic"),
                          seed=300, note="tag team"))
    samples.append(Sample(p1="cammy+chunli", p2="guile+bison", agents=("heuristic", "random"),
                          seed=301, note="tag team"))
    return samples


def searched_samples() -> list[Sample]:
    """The longest random game and the first deck-out loss among the search seeds."""
    setup, agents = GameSetup(p1="ryu", p2="ken"), ("random", "random")
    catalog = default_catalog()
    longest: tuple[int, int] | None = None
    decked: int | None = None
    for seed in SEARCH_SEEDS:
        state = play_game(setup, seed, agents, catalog).state
        if longest is None or state.turn > longest[0]:
            longest = (state.turn, seed)
        if decked is None and state.end_reason is EndReason.DECKED:
            decked = seed
    assert longest is not None
    found = [Sample(p1="ryu", p2="ken", agents=agents, seed=longest[1], note="long game")]
    if decked is not None:
        found.append(Sample(p1="ryu", p2="ken", agents=agents, seed=decked, note="deck-out loss"))
    astral = GameSetup(p1=ASTRAL_P1, p2="ryu")
    for seed in ASTRAL_SEEDS:
        game = play_game(astral, seed, ("heuristic", "heuristic"), catalog)
        if astral_heat_struck(game.state, game.table.events, catalog):
            found.append(Sample(p1=ASTRAL_P1, p2="ryu", agents=("heuristic", "heuristic"),
                                seed=seed, note="astral heat"))
            break
    return found


ASTRAL_P1 = "ragna"
"""The fighter of the searched Astral Heat sample (BlazBlue: brought in by the manual
Reshuffle action, then struck with)."""


def astral_heat_struck(state: State, events: Sequence[ev.Event], catalog: Catalog) -> bool:
    """An attack revealed in the game is a set-aside card of its owner's fighter (a
    BlazBlue Astral Heat)."""
    for event in events:
        if isinstance(event, ev.AttacksRevealed):
            for who, cards in enumerate((event.p1, event.p2)):
                aside = {e.card for e in catalog.character(state.players[who].character).set_aside}
                if any(state.card_defs[card] in aside for card in cards):
                    return True
    return False


def all_samples() -> list[Sample]:
    samples = fixed_samples()
    files = {s.file for s in samples}
    for sample in searched_samples():
        if sample.file in files:
            samples = [s if s.file != sample.file else sample for s in samples]
        else:
            samples.append(sample)
    return samples


def regenerate(out: Path) -> list[str]:
    """Write every sample and the MANIFEST into ``out``; returns the manifest lines."""
    out.mkdir(parents=True, exist_ok=True)
    lines = ["# file\tseed\tp1\tp2\tagent1\tagent2\twinner\treason\tturns\tnote"]
    for sample in all_samples():
        game = record_to_file(out / sample.file, sample.setup, sample.seed, sample.agents)
        state = game.state
        assert state.winner is not None and state.end_reason is not None
        lines.append("\t".join([
            sample.file, str(sample.seed), sample.p1, sample.p2, *sample.agents,
            state.winner.label, state.end_reason.name.lower(), str(state.turn), sample.note,
        ]))
    (out / MANIFEST).write_text("\n".join(lines) + "\n")
    return lines
