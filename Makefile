# Build the venv from pyproject.toml and run the checks. GNU make; recipes use tabs.

PY ?= $(shell command -v python3.11 || command -v python3)
VENV = .venv
BIN = $(VENV)/bin

.PHONY: venv test run lint typecheck importlint pytest clean samples

$(VENV)/.stamp: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e '.[test]' --config-settings editable_mode=compat
	touch $@

venv: $(VENV)/.stamp

lint: venv
	$(BIN)/ruff check .

typecheck: venv
	$(BIN)/mypy

importlint: venv
	$(BIN)/lint-imports

pytest: venv
	$(BIN)/pytest -n 2

test: venv
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/pytest -n 2

run: venv
	$(BIN)/exceed play --p1 ryu --p2 ken --seed 7

# Regenerate sample_games/ and its MANIFEST byte for byte (commit them with the engine change).
samples: venv
	$(BIN)/exceed samples --out sample_games

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis .import_linter_cache build *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
