"""The README's commands run as written (issue 11, item 12).

Every command of the README's "First commands" block is run, in order, from a scratch
folder laid out like a fresh clone after `make venv` (`.venv` and `sample_games/` linked
in), and must exit 0 with no traceback. `make shell` must give a shell where plain
`exceed` is the venv's, and no code block outside the Dashboard section may call a bare
`exceed` (it is not on PATH after `make`).

The commands run as written, except that ``SMALLER`` options are appended to some of them
so that they do the same work at a smaller size (issue 27 item 21): `exceed analyze` at
its default 200 rollouts a point took minutes of CPU, most of the suite's wall time. The
timeout is only a hang guard: honest work on a loaded machine is never timed.

Some of the README's claims are checked too, where that is cheap: its list of docs, the
fighters per line, the Makefile's targets and the analyze example's number of points.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from pathlib import Path

from engine.cards.catalog import default_catalog
from replay.analysis.positions import points
from replay.analysis.run import load

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
SMALLER = {"analyze": ["--rollouts", "2"]}
"""Options appended to the README command of that name in this test only."""
HANG_GUARD = 3600  # s per command


def _section(title: str) -> str:
    start = README.index(f"## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start : end if end != -1 else len(README)]


def _code_lines(text: str) -> list[str]:
    """The lines of ```sh blocks, without their trailing comments."""
    lines: list[str] = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            command = line.split("  #", 1)[0].strip()
            if command:
                lines.append(command)
    return lines


def test_first_commands_run_as_written_from_a_fresh_checkout(tmp_path: Path) -> None:
    commands = _code_lines(_section("First commands"))
    assert len(commands) >= 8 and all(c.startswith(".venv/bin/exceed ") for c in commands)
    assert {c.split()[1] for c in commands} >= set(SMALLER)  # every shrunk command is there
    (tmp_path / ".venv").symlink_to(ROOT / ".venv")
    (tmp_path / "sample_games").symlink_to(ROOT / "sample_games")
    env = {k: v for k, v in os.environ.items() if k not in ("EXCEED_INDEX", "VIRTUAL_ENV")}
    for command in commands:
        argv = shlex.split(command)
        done = subprocess.run(argv + SMALLER.get(argv[1], []), cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=HANG_GUARD)
        assert done.returncode == 0, f"{command}: exit {done.returncode}\n{done.stderr}"
        assert "Traceback" not in done.stderr, command
        assert done.stdout.strip(), f"{command} printed nothing"
    assert len(list((tmp_path / "my_games").glob("*.exlog"))) == 10
    assert (tmp_path / ".exceed" / "index.duckdb").is_file()


def test_make_shell_puts_the_venvs_exceed_on_path() -> None:
    env = {**os.environ, "SHELL": "/bin/sh"}
    env.pop("VIRTUAL_ENV", None)
    env["PATH"] = "/usr/bin:/bin"
    done = subprocess.run(["make", "-s", "-o", ".venv/.stamp", "shell"], cwd=ROOT, env=env,
                          input="command -v exceed\nexit\n", capture_output=True, text=True,
                          timeout=HANG_GUARD)
    assert done.returncode == 0, done.stderr
    assert f"{ROOT}/.venv/bin/exceed" in done.stdout.splitlines()


def test_no_bare_exceed_command_outside_the_dashboard_section() -> None:
    text = README.replace(_section("Dashboard"), "")
    bare = [line for line in _code_lines(text) if line.split()[0] == "exceed"]
    assert bare == []
    assert "reports damaged or unfinished log files" in README


def test_the_docs_line_names_every_doc_and_only_docs_that_exist() -> None:
    """Found walking the README: `docs/analysis.md` was missing from its list of docs."""
    line = README[README.index("\nDocs: "):README.index("\n\n", README.index("\nDocs: "))]
    named = set(re.findall(r"`(docs/[\w-]+\.md)`", line))
    present = {f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")}
    assert named == present


def test_the_fighters_per_line_are_the_catalogs() -> None:
    """The README's count of fighters per line ("all 51 fighters of Red Horizon (4),
    ...") is the catalog's, as `exceed characters` lists them."""
    catalog = default_catalog()
    per_line: dict[str, int] = {}
    for char_id in catalog.character_ids():
        season = catalog.character(char_id).season.value.replace("_", " ").title()
        per_line[season] = per_line.get(season, 0) + 1
    claim = re.search(r"all (\d+) fighters of Red Horizon \((\d+)\), Street\s+Fighter\s+"
                      r"\((\d+)\), BlazBlue \((\d+)\) and Under Night In-Birth \((\d+)\)", README)
    assert claim is not None
    total, red, street, blaz, under = map(int, claim.groups())
    assert total == len(catalog.character_ids())
    assert (per_line.get("Red Horizon"), per_line.get("Street Fighter"),
            per_line.get("Blazblue"), per_line.get("Under Night")) == (red, street, blaz, under)


def test_the_layouts_make_targets_are_the_makefiles() -> None:
    """The Layout's list of Makefile targets is the Makefile's .PHONY line."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    phony = set(re.search(r"^\.PHONY: (.*)$", makefile, flags=re.M).group(1).split())  # type: ignore[union-attr]
    listed = re.search(r"Makefile\s+(venv, .*?)\n\.ci", README, flags=re.S)
    assert listed is not None
    assert set(re.split(r",\s*", " ".join(listed.group(1).split()))) == phony


def test_the_analyze_example_reviews_the_points_the_readme_says() -> None:
    """The README's "the example above reviews 43 points" is the example log's count of
    analysis points (no rollout needed to count them)."""
    claim = re.search(r"the example above reviews (\d+) points", README)
    assert claim is not None
    example = re.search(r"\.venv/bin/exceed analyze (\S+)", README)
    assert example is not None
    catalog = default_catalog()
    log, _ = load(str(ROOT / example.group(1)), catalog)
    assert len(list(points(log, catalog))) == int(claim.group(1))


def test_the_sample_games_count_is_the_folders() -> None:
    """Found walking the README: it said "24+ committed games" of a corpus of 77; its
    count is the number of logs in `sample_games/` (and in its MANIFEST)."""
    claim = re.search(r"\(`sample_games/`\): (\d+) committed games", README)
    assert claim is not None
    logs = sorted(p.name for p in (ROOT / "sample_games").glob("*.exlog"))
    manifest = (ROOT / "sample_games" / "MANIFEST").read_text(encoding="utf-8").splitlines()
    assert int(claim.group(1)) == len(logs) == len([m for m in manifest if not m.startswith("#")])
