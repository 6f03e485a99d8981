# The two jobs the README names: `make run` (the main job) and `make test` (every check).
# Both build .venv from the lock file first, so a fresh machine needs only Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint types pytest clean

$(STAMP): requirements.lock pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements.lock
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e .
	touch $(STAMP)

# The web app on http://127.0.0.1:8000/ (LEVELS=DIR serves a folder of level files).
HOST ?= 127.0.0.1
PORT ?= 8000
run: $(STAMP)
	$(BIN)/itsutsu serve --host $(HOST) --port $(PORT) $(if $(LEVELS),--levels $(LEVELS))

# scripts/ (level-making scripts) is linted once it exists.
CODE := src tests bench $(wildcard scripts)

lint: $(STAMP)
	$(BIN)/ruff check $(CODE)
	$(BIN)/ruff format --check $(CODE)

types: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n 2 -p no:cacheprovider

test: lint types pytest

clean:
	rm -rf $(VENV)
