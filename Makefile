# Build the venv from pyproject.toml and run the checks. GNU make; recipes use tabs.

PY ?= $(shell command -v python3.11 || command -v python3)
VENV = .venv
BIN = $(VENV)/bin
SUDO = $(if $(filter 0,$(shell id -u)),,sudo )

.PHONY: venv shell test run lint typecheck importlint pytest chromium java clean samples fuzz bench

$(VENV)/.stamp: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e '.[test]' --config-settings editable_mode=compat
	touch $@

venv: $(VENV)/.stamp

# An interactive shell (your $SHELL) with .venv activated, so `exceed` is on PATH; `exit`
# leaves it. `.venv/bin/exceed` works without it.
shell: venv
	@echo "make shell: .venv activated, \`exceed\` is on PATH; type exit to leave"
	@. $(BIN)/activate && exec "$${SHELL:-/bin/sh}" -i

lint: venv
	$(BIN)/ruff check .

typecheck: venv
	$(BIN)/mypy

importlint: venv
	$(BIN)/lint-imports

# Debian's chromium for the browser test (tests/dashboard/test_browser.py); never `playwright install`.
chromium:
	@command -v chromium >/dev/null || ($(SUDO)apt-get update && $(SUDO)apt-get install -y chromium) \
	  || echo "WARNING: could not install chromium; the browser test will be skipped"

# Debian's Java runtime for the Spark test (tests/replay/test_spark.py; pyspark itself comes
# with the `test` extra); the man1 directory is missing on slim images and breaks its postinst.
java:
	@{ [ -n "$$JAVA_HOME" ] && [ -x "$$JAVA_HOME/bin/java" ]; } || command -v java >/dev/null \
	  || ($(SUDO)apt-get update && $(SUDO)mkdir -p /usr/share/man/man1 \
	      && $(SUDO)apt-get install -y default-jre-headless) \
	  || echo "WARNING: could not install Java; the Spark test will be skipped"

pytest: venv chromium java
	$(BIN)/pytest -n 2

test: venv
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	@$(MAKE) --no-print-directory chromium java
	$(BIN)/pytest -n 2

# Index sample_games/ into the default index (.exceed/index.duckdb; idempotent, fast when
# already done) and serve the dashboard on http://127.0.0.1:8501, or PORT (`make run
# PORT=8600`; Ctrl-C stops it).
run: venv
	$(BIN)/exceed index sample_games
	$(BIN)/exceed dashboard$(if $(PORT), --port $(PORT))

# Regenerate sample_games/ and its MANIFEST byte for byte (commit them with the engine change).
samples: venv
	$(BIN)/exceed samples --out sample_games

# Seeded games of every ordered pair of fighters with invariant checks; failures are
# written to fuzz_failures/ as replayable logs. The test suite plays every ordered pair
# once, the agent pairings in turn (tests/engine/devtools/test_fuzz.py).
# FIGHTERS="ryu ken" plays only the pairs those fighters are in (exceed fuzz --fighter).
GAMES ?= 20
FIGHTERS ?=
fuzz: venv
	$(BIN)/exceed fuzz --games $(GAMES)$(if $(FIGHTERS), $(addprefix --fighter=,$(FIGHTERS)))

# The benchmark suite (never part of `make test`): every metric with a baseline measured in
# the same run; rewrites docs/performance.md and bench/results/latest.json. Takes a while;
# `.venv/bin/python -m bench.run --quick` (or `--only NAME...`) is faster.
bench: venv
	$(BIN)/python -m bench.run

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis .import_linter_cache build *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
