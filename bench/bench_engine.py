"""Engine and recording benchmarks: games per second, throughput, memory, log size.

- games/s for random-vs-random and heuristic-vs-heuristic, Ryu vs Ken and a mixed
  roster (every character in the catalog, seeded random ordered pairs), against a
  baseline of folding the same games' events with ``engine.core.apply`` (the state changes
  alone, without rules or agents);
- decisions/s against feeding the same decisions to the engine without agents, and
  events/s against folding the same events;
- peak memory of a child process playing 500 games against one that only imports;
- recording: simulation with recording against simulation without (the same games);
- log size per game against the same content (header, steps, trailer) as JSON lines
  compressed with zstd and with gzip, and our log compressed with zstd.

Everything here runs on one core (this process, single-threaded).
"""

from __future__ import annotations

import gzip
import io
import random
import statistics
import sys
import zlib
from collections.abc import Callable

import msgspec
import zstandard

from bench.config import ROOT, Config
from bench.harness import Metric, Sample, Target, peak_rss_mib, rate, repeat_pair
from engine import events as ev
from engine.cards.catalog import default_catalog
from engine.core.apply import fold
from engine.core.decisions import Decision
from engine.play.api import GameSetup, initial_state, new_game
from engine.play.match import play_game
from engine.recording.record import read_game_bytes, record_game

RVK = GameSetup(p1="ryu", p2="ken")
FOLD_BASELINE = "fold of the same games' events (engine.core.apply, no rules or agents)"
GAMES_PER_CORE = Target("value", ">=", 300, ">= 300 games/s per core with recording on")
# overhead = t_recorded / t_plain - 1 = 1 / ratio - 1 <= 10%
RECORDING_OVERHEAD = Target("ratio", ">=", 1 / 1.1, "overhead <= 10% (ratio >= 0.909)")
LOG_SIZE_TARGET = Target("ratio", "<=", 0.75, "<= 0.75 of JSON lines + zstd (issue 31)")
ENGINE_TARGET = Target("value", ">=", 1000, ">= 1,000 games/s on one core (issue 18)")
MIXED_TARGET = Target("ratio", ">=", 0.85, ">= 0.85 of Ryu vs Ken (issue 18)")

Matchups = list[tuple[GameSetup, int]]


def rvk(cfg: Config) -> Matchups:
    return [(RVK, seed) for seed in range(cfg.seed, cfg.seed + cfg.games)]


def mixed(cfg: Config) -> Matchups:
    """Seeded random ordered pairs (mirrors included) of every character in the catalog."""
    chars = default_catalog().character_ids()
    rng = random.Random(f"mixed-{cfg.seed}")
    return [(GameSetup(p1=rng.choice(chars), p2=rng.choice(chars)), seed)
            for seed in range(cfg.seed, cfg.seed + cfg.games)]


def _play(games: Matchups, agents: tuple[str, str]) -> None:
    catalog = default_catalog()
    for setup, seed in games:
        play_game(setup, seed, agents, catalog)


def _fold_all(games: Matchups, agents: tuple[str, str]) -> Callable[[], None]:
    catalog = default_catalog()
    played = [(setup, play_game(setup, seed, agents, catalog).events) for setup, seed in games]

    def fold_all() -> None:
        for setup, events in played:
            fold(initial_state(setup, catalog), events)

    return fold_all


def games_per_second(cfg: Config, agents: tuple[str, str], roster: str) -> list[Metric]:
    games = rvk(cfg) if roster == "rvk" else mixed(cfg)
    n = len(games)
    fold_all = _fold_all(games, agents)
    value, base = repeat_pair(lambda: rate(n, lambda: _play(games, agents)),
                              lambda: rate(n, fold_all), cfg.runs)
    who = "Ryu vs Ken" if roster == "rvk" else (
        f"mixed roster ({len(default_catalog().character_ids())} characters, random pairs)")
    note = ""
    if roster != "rvk":
        note = f"{len({(s.p1, s.p2) for s, _ in games})} distinct ordered pairs in {n} games"
    random = agents == ("random", "random")
    found = [Metric(
        id=f"engine.games.{roster}.{agents[0]}", name=f"engine: games/s, {who}, "
        f"{agents[0]} vs {agents[1]} (1 core, no recording)", unit="games/s", value=value,
        baseline_name=FOLD_BASELINE, baseline=base, higher_is_better=True, note=note,
        targets=(ENGINE_TARGET,) if random and roster == "rvk" else (),
    )]
    if random and roster != "rvk":
        # the roster's target is a ratio to Ryu vs Ken: measured alternately, same run
        pairs = rvk(cfg)
        mixed_rate, rvk_rate = repeat_pair(lambda: rate(n, lambda: _play(games, agents)),
                                           lambda: rate(len(pairs), lambda: _play(pairs, agents)),
                                           cfg.runs)
        found.append(Metric(
            id="engine.games.mixed.vs_rvk", name=f"engine: games/s, {who}, random vs random "
            "(1 core)", unit="games/s", value=mixed_rate,
            baseline_name="random Ryu vs Ken, the same number of games", baseline=rvk_rate,
            higher_is_better=True, note=note, targets=(MIXED_TARGET,)))
    return found


def throughput(cfg: Config) -> list[Metric]:
    """decisions/s and events/s of random Ryu vs Ken games."""
    games = rvk(cfg)
    catalog = default_catalog()
    played = [(setup, seed, play_game(setup, seed, ("random", "random"), catalog))
              for setup, seed in games]
    decisions = sum(len(g.decisions) for _, _, g in played)
    events = sum(len(g.events) for _, _, g in played)
    scripts: list[tuple[GameSetup, int, list[Decision]]] = [
        (setup, seed, list(g.decisions)) for setup, seed, g in played]

    def replay_decisions() -> None:
        for setup, seed, script in scripts:
            game = new_game(setup, seed, catalog)
            for decision in script:
                game.step(decision)

    def fold_all() -> None:
        for setup, _, g in played:
            fold(initial_state(setup, catalog), g.events)

    play = lambda: _play(games, ("random", "random"))  # noqa: E731
    dps, dbase = repeat_pair(lambda: rate(decisions, play),
                             lambda: rate(decisions, replay_decisions), cfg.runs)
    eps, ebase = repeat_pair(lambda: rate(events, play), lambda: rate(events, fold_all), cfg.runs)
    per_game = f"{decisions / len(games):.0f} decisions and {events / len(games):.0f} events " \
               "per game"
    return [
        Metric(id="engine.core.decisions", name="engine: decisions/s, random Ryu vs Ken (1 core)",
               unit="decisions/s", value=dps,
               baseline_name="the same decisions fed to the engine (Game.step, no agents)",
               baseline=dbase, higher_is_better=True, note=per_game),
        Metric(id="engine.core.events", name="engine: events/s, random Ryu vs Ken (1 core)",
               unit="events/s", value=eps, baseline_name="fold of the same events",
               baseline=ebase, higher_is_better=True, note=per_game),
    ]


_PLAY_CHILD = (
    "from engine.play.api import GameSetup\n"
    "from engine.play.match import play_game\n"
    "setup = GameSetup(p1='ryu', p2='ken')\n"
    "for seed in range({start}, {stop}):\n"
    "    play_game(setup, seed)\n"
)
_IMPORT_CHILD = "import engine.play.api, engine.play.match, engine.recording.record\n"


def memory(cfg: Config) -> list[Metric]:
    games = cfg.memory_games
    play = [sys.executable, "-c", _PLAY_CHILD.format(start=cfg.seed, stop=cfg.seed + games)]
    imports = [sys.executable, "-c", _IMPORT_CHILD]
    value, base = repeat_pair(lambda: peak_rss_mib(play, cwd=str(ROOT)),
                              lambda: peak_rss_mib(imports, cwd=str(ROOT)),
                              cfg.memory_runs, warmup=False)
    return [Metric(
        id="engine.memory", name=f"engine: peak memory, a process playing {games} random "
        "Ryu vs Ken games", unit="MiB (max RSS)", value=value,
        baseline_name="a process that only imports the engine", baseline=base,
        higher_is_better=False,
    )]


def recording_overhead(cfg: Config) -> list[Metric]:
    games = rvk(cfg)
    n = len(games)
    catalog = default_catalog()

    def recorded() -> None:
        for setup, seed in games:
            record_game(setup, seed, io.BytesIO(), catalog=catalog)

    value, base = repeat_pair(lambda: rate(n, recorded),
                              lambda: rate(n, lambda: _play(games, ("random", "random"))),
                              cfg.runs)
    return [Metric(
        id="recording.games", name="recording: games/s with recording (into memory), "
        "random Ryu vs Ken (1 core)", unit="games/s", value=value,
        baseline_name="the same games without recording", baseline=base,
        higher_is_better=True, targets=(GAMES_PER_CORE, RECORDING_OVERHEAD),
    )]


def _jsonl(data: bytes) -> bytes:
    """The log's content (header, every step, trailer) as JSON lines. The header's card
    definitions are zlib'ed (level 9) as formats 2-5 stored them, so the baseline holds
    the same bytes it held before format 6 wrote them uncompressed (its BLOCKs compress
    them)."""
    log = read_game_bytes(data)
    header = log.header
    if header.definitions[:1] and header.definitions[0] >> 4 == 0x8:  # format 6: raw map
        header = msgspec.structs.replace(header,
                                         definitions=zlib.compress(header.definitions, 9))
    lines = [msgspec.json.encode({"header": header})]
    lines += [msgspec.json.encode({"step": step}) for step in log.steps]
    if log.trailer is not None:
        lines.append(msgspec.json.encode({"trailer": log.trailer}))
    return b"\n".join(lines) + b"\n"


def log_sizes(cfg: Config) -> list[Metric]:
    catalog = default_catalog()
    compressor = zstandard.ZstdCompressor(level=3)
    ours: list[int] = []
    ours_zstd: list[int] = []
    json_zstd: list[int] = []
    json_gzip: list[int] = []
    events: list[int] = []
    for setup, seed in rvk(cfg):
        stream = io.BytesIO()
        game = record_game(setup, seed, stream, catalog=catalog)
        data = stream.getvalue()
        jsonl = _jsonl(data)
        ours.append(len(data))
        ours_zstd.append(len(compressor.compress(data)))
        json_zstd.append(len(compressor.compress(jsonl)))
        json_gzip.append(len(gzip.compress(jsonl, compresslevel=6)))
        events.append(len(game.events))
        assert any(type(e) is ev.GameEnded for e in game.events)

    def med(sizes: list[int]) -> Sample:
        return Sample((float(statistics.median(sizes)),))

    n = len(ours)
    note = (f"median over {n} random Ryu vs Ken games ({statistics.median(events):.0f} events "
            "each); the JSON lines hold the same header, steps (request, decision, events, "
            "state hash) and trailer, the header's definitions zlib'ed as formats 2-5 stored them")
    return [
        Metric(id="log.size.vs_zstd", name="log: bytes per game, .exlog", unit="bytes",
               value=med(ours), baseline_name="the same content as JSON lines + zstd (level 3)",
               baseline=med(json_zstd), higher_is_better=False, exact=True, note=note,
               targets=(LOG_SIZE_TARGET,)),
        Metric(id="log.size.vs_gzip", name="log: bytes per game, .exlog", unit="bytes",
               value=med(ours), baseline_name="the same content as JSON lines + gzip (level 6)",
               baseline=med(json_gzip), higher_is_better=False, exact=True, note=note),
        Metric(id="log.size.zstd", name="log: bytes per game, .exlog + zstd (level 3)",
               unit="bytes", value=med(ours_zstd),
               baseline_name="the same content as JSON lines + zstd (level 3)",
               baseline=med(json_zstd), higher_is_better=False, exact=True, note=note),
    ]
