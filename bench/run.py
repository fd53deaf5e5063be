"""Run the benchmark suite and rewrite ``docs/performance.md``.

    python -m bench.run [--quick] [--only NAME...] [--before-ref REF | --baseline-json FILE]
                        [--save-json FILE]

Every benchmark reports metrics with a baseline measured in the same run (see
``bench/harness.py``). Results go to ``bench/results/latest.json``; with ``--only``, the
rows of the other benchmarks are kept from the previous results. ``--baseline-json``
names an earlier results file whose values are shown as "before" next to the new ones;
``--before-ref REF`` instead measures each benchmark on the code at git REF just before
measuring it on the current code (``bench/before_ref.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from bench import (
    bench_analysis,
    bench_dashboard,
    bench_engine,
    bench_index,
    bench_insights,
    bench_play,
    bench_replay,
    bench_search,
    bench_search_agent,
    bench_triage,
    profiles,
    report,
)
from bench.before_ref import BeforeRef, BeforeRefError
from bench.config import ROOT, WORK, Config
from bench.harness import Metric, fmt, machine
from replay.quoting import error_text

RESULTS = ROOT / "bench" / "results" / "latest.json"
DOC = ROOT / "docs" / "performance.md"

MetricBench = Callable[[Config], list[Metric]]
ProfileBench = Callable[[Config], dict[str, object]]

BENCHMARKS: dict[str, MetricBench] = {
    "engine.random": lambda c: bench_engine.games_per_second(c, ("random", "random"), "rvk"),
    "engine.heuristic": lambda c: bench_engine.games_per_second(
        c, ("heuristic", "heuristic"), "rvk"),
    "engine.mixed.random": lambda c: bench_engine.games_per_second(
        c, ("random", "random"), "mixed"),
    "engine.mixed.heuristic": lambda c: bench_engine.games_per_second(
        c, ("heuristic", "heuristic"), "mixed"),
    "engine.throughput": bench_engine.throughput,
    "engine.memory": bench_engine.memory,
    "recording.overhead": bench_engine.recording_overhead,
    "log.size": bench_engine.log_sizes,
    "replay.fold": bench_replay.fold_vs_decode,
    "replay.seek": bench_replay.seek_latency,
    "verify.triage": bench_triage.triage_vs_simulate,
    "index.throughput": bench_index.index_throughput,
    "index.memory": bench_index.index_memory,
    "query.matchups": bench_index.queries,
    "search": bench_search.searches,
    "dashboard.game": bench_dashboard.game_page,
    "dashboard.step": bench_dashboard.game_step,
    "dashboard.stats": bench_dashboard.stats_pages,
    "dashboard.insights": bench_insights.insights_page,
    "analysis.rollouts": bench_analysis.rollout_throughput,
    "analysis.game": bench_analysis.curve_and_review,
    "analysis.first_look": bench_analysis.first_look,
    "analysis.positions": bench_analysis.positions_throughput,
    "analysis.jitter": bench_analysis.jitter,
    "play.click": bench_play.click_and_reply,
    "play.opponent": bench_play.opponent_move,
    "play.search": bench_play.search_budget,
    "agent.search": bench_search_agent.search_rates,
}
PROFILES: dict[str, ProfileBench] = {
    "profile.engine": profiles.engine_profile,
    "profile.index": profiles.index_profile,
}
ALL = [*BENCHMARKS, *PROFILES]


def select(only: list[str] | None) -> list[str]:
    """Benchmark names matching ``only`` (exact names or dotted prefixes), in suite order."""
    if not only:
        return list(ALL)
    chosen: list[str] = []
    for pattern in only:
        hits = [n for n in ALL if n == pattern or n.startswith(pattern + ".")]
        if not hits:
            raise SystemExit(f"bench.run: unknown benchmark {pattern!r}; known: {', '.join(ALL)}")
        chosen += [n for n in hits if n not in chosen]
    return [n for n in ALL if n in chosen]


def _load(path: Path) -> dict[str, object] | None:
    if not path.exists():
        return None
    loaded = json.loads(path.read_text(encoding="utf-8"))
    return loaded if isinstance(loaded, dict) else None


def _command(argv: list[str]) -> str:
    return shlex.join(["python", "-m", "bench.run", *argv])


def run(names: list[str], cfg: Config, before: BeforeRef | None = None) -> tuple[list[dict[str, object]], dict[str, object],
                                                 dict[str, dict[str, object]]]:
    metrics: list[dict[str, object]] = []
    profs: dict[str, object] = {}
    benches: dict[str, dict[str, object]] = {}
    mode = "quick" if cfg.quick else "full"
    for name in names:
        print(f"[{name}] ...", flush=True)
        start = time.perf_counter()
        entry: dict[str, object] = {"mode": mode, "error": None, "skipped": False}
        if before is not None and name not in PROFILES:
            problem = before.measure(name)
            if problem:
                print(f"    no before: {problem}", flush=True)
            entry["before"] = problem or before.source
        try:
            if name in PROFILES:
                profs[name] = PROFILES[name](cfg)
            else:
                for metric in BENCHMARKS[name](cfg):
                    row = metric.to_json()
                    row["bench"] = name
                    metrics.append(row)
                    print(f"    {metric.name}: {fmt(metric.value.median)} {metric.unit} "
                          f"(±{metric.value.spread:.1%}) vs {metric.baseline_name}: "
                          f"{fmt(metric.baseline.median)} -> ratio {metric.ratio:.3g}"
                          + ("" if metric.met is None else
                             f"; target {'met' if metric.met else 'NOT met'}"), flush=True)
        except bench_dashboard.Skip as skip:
            entry.update(error=str(skip), skipped=True)
            print(f"    skipped: {skip}", flush=True)
        except Exception as error:  # a broken benchmark must not hide the others
            traceback.print_exc()
            entry["error"] = error_text(error, 200)
        entry["seconds"] = round(time.perf_counter() - start, 1)
        print(f"    ({entry['seconds']} s)", flush=True)
        benches[name] = entry
    return metrics, profs, benches


def _before(raw: dict[str, object]) -> dict[str, object]:
    return {"median": raw["median"], "ratio": raw["ratio"],
            "baseline_median": raw["baseline_median"]}


def merge(previous: dict[str, object] | None, names: list[str],
          metrics: list[dict[str, object]], profs: dict[str, object],
          benches: dict[str, dict[str, object]]) -> tuple[list[dict[str, object]],
                                                          dict[str, object],
                                                          dict[str, dict[str, object]]]:
    """The new rows, plus the previous run's rows of benchmarks not run this time."""
    old_metrics = previous.get("metrics", []) if previous else []
    old_profiles = previous.get("profiles", {}) if previous else {}
    old_benches = previous.get("benchmarks", {}) if previous else {}
    assert isinstance(old_metrics, list) and isinstance(old_profiles, dict)
    assert isinstance(old_benches, dict)
    by_bench: dict[str, list[dict[str, object]]] = {}
    for row in [r for r in old_metrics if r.get("bench") not in names] + metrics:
        by_bench.setdefault(str(row["bench"]), []).append(row)
    merged = [row for name in ALL for row in by_bench.get(name, [])]
    merged_profiles = {n: p for n, p in old_profiles.items() if n not in names} | profs
    merged_benches = {n: b for n, b in old_benches.items() if n not in names} | benches
    ordered = {n: merged_benches[n] for n in ALL if n in merged_benches}
    return merged, merged_profiles, ordered


def attach_before(metrics: list[dict[str, object]], previous: dict[str, object] | None,
                  baseline: dict[str, object] | None, ran: list[str] | None = None,
                  source: str | None = None) -> None:
    """"Before" values: from ``baseline`` (``--baseline-json``, or the ``--before-ref`` rows)
    for the benchmarks in ``ran`` (all, if None), else kept from the last results.
    ``source``, if given, is stored in each fresh value (the report names it)."""
    kept: dict[str, object] = {}
    if previous is not None:
        rows = previous.get("metrics", [])
        assert isinstance(rows, list)
        kept = {str(r["id"]): r["before"] for r in rows if isinstance(r.get("before"), dict)}
    fresh: dict[str, dict[str, object]] | None = None
    if baseline is not None:
        rows = baseline.get("metrics", [])
        assert isinstance(rows, list)
        fresh = {str(r["id"]): _before(r) | ({"source": source} if source else {})
                 for r in rows}
    for row in metrics:
        rid = str(row["id"])
        value = (fresh.get(rid) if fresh is not None and (ran is None or row["bench"] in ran)
                 else kept.get(rid))
        if value is not None:
            row["before"] = value
        else:
            row.pop("before", None)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="python -m bench.run",
                                     description="Run the benchmarks; rewrite docs/performance.md.")
    parser.add_argument("--quick", action="store_true", help="fewer games and runs (~3 min)")
    parser.add_argument("--only", nargs="+", metavar="NAME",
                        help=f"benchmarks to run (names or prefixes): {', '.join(ALL)}")
    parser.add_argument("--seed", type=int, default=0, help="first seed of every game set")
    parser.add_argument("--work", type=Path, default=WORK,
                        help="cache and scratch directory (default: %(default)s)")
    parser.add_argument("--baseline-json", type=Path, metavar="FILE",
                        help="an earlier results file: show its values as 'before'")
    parser.add_argument("--before-ref", metavar="REF",
                        help="measure each benchmark on the code at this git tag, branch or "
                             "commit just before the current code, and show it as 'before'")
    parser.add_argument("--clear-before", action="store_true",
                        help="drop the 'before' values kept from the previous results")
    parser.add_argument("--save-json", type=Path, metavar="FILE",
                        help=f"also save the results here (always saved to {RESULTS.relative_to(ROOT)})")
    parser.add_argument("--render", action="store_true",
                        help="run nothing: rewrite the doc from the saved results (e.g. after "
                             "editing bench/notes.md)")
    parser.add_argument("--no-write", action="store_true",
                        help="print only; leave the results file and the doc alone")
    args = parser.parse_args(argv)
    if args.render:
        saved = _load(RESULTS)
        if saved is None:
            raise SystemExit(f"bench.run: no results in {RESULTS}; run the benchmarks first")
        report.write(saved, DOC)
        print(f"wrote {DOC.relative_to(ROOT)} from {RESULTS.relative_to(ROOT)}")
        return 0
    names = select(args.only)
    cfg = Config(quick=args.quick, seed=args.seed, work=args.work)
    os.chdir(ROOT)
    baseline = _load(args.baseline_json) if args.baseline_json else None
    if args.baseline_json and baseline is None:
        raise SystemExit(f"bench.run: {args.baseline_json}: no such results file")
    before: BeforeRef | None = None
    if args.before_ref:
        if args.baseline_json:
            raise SystemExit("bench.run: give --before-ref or --baseline-json, not both")
        before = BeforeRef(args.before_ref, cfg.work, cfg.quick, cfg.seed)
        try:
            before.prepare()
        except BeforeRefError as error:
            raise SystemExit(f"bench.run: --before-ref {args.before_ref}: {error}") from None
    load_before = os.getloadavg()[0]
    started = time.perf_counter()
    metrics, profs, benches = run(names, cfg, before)
    if before is not None:
        baseline = {"metrics": [{"id": i, **row} for i, row in before.rows.items()]}
    elapsed = time.perf_counter() - started
    print(f"done in {elapsed:.0f} s", flush=True)

    previous = _load(RESULTS)
    merged, merged_profiles, merged_benches = merge(previous if args.only else None, names,
                                                    metrics, profs, benches)
    attach_before(merged, None if args.clear_before else previous, baseline,
                  names if before is not None else None,
                  before.source if before is not None else None)
    results: dict[str, object] = {
        "format": 1,
        "command": _command(argv),
        "merged": bool(args.only) and previous is not None,
        "elapsed_s": round(elapsed, 1),
        "machine": machine() | {"load": f"{load_before:.2f} before, "
                                          f"{os.getloadavg()[0]:.2f} after"},
        "metrics": merged,
        "profiles": merged_profiles,
        "benchmarks": merged_benches,
        "before_source": (str(args.baseline_json) if args.baseline_json else None
                          if args.clear_before else (previous or {}).get("before_source")),
    }
    text = json.dumps(results, indent=1) + "\n"
    if not args.no_write:
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text(text, encoding="utf-8")
        report.write(results, DOC)
        print(f"wrote {RESULTS.relative_to(ROOT)} and {DOC.relative_to(ROOT)}")
    if args.save_json:
        args.save_json.write_text(text, encoding="utf-8")
    failed = [n for n, b in benches.items() if b["error"] and not b["skipped"]]
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
