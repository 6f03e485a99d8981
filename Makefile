# The two jobs the README names: `make run` (the main job) and `make test` (every check).
# Both build .venv from the lock file first, so a fresh machine needs only Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint types pytest clean pools pools-tsunagi pools-suido levels levels-tsunagi levels-suido

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
	$(BIN)/pytest -n 2 -p no:cacheprovider --durations=8

test: lint types pytest

clean:
	rm -rf $(VENV)

# The level sets (README, "Making the level sets"). `make levels` makes every pool (resuming
# any that were stopped) and then chooses every level file from them; levels already
# published keep their numbers. One size at a time: `make pool-tsunagi-7`, `make
# pool-suido-7x7`. Pool runs use every core (or a Dask cluster): do not run them with -j.
#   POOL_FLAGS='--scheduler tcp://HOST:8786'  run the jobs on a Dask cluster
#   POOL_FLAGS='--workers 1 --quiet'          one local process, plain log lines
#   CHOOSE_FLAGS=--fresh                      ignore levels already published
POOLS ?= pools
POOL_FLAGS ?=
CHOOSE_FLAGS ?=
TSUNAGI_POOL_SIZES := 4 5 6 7 8 9 10 11 12 13 14 15 20 25 30 40
SUIDO_POOL_SIZES := 5x5 6x6 7x7 8x8 9x9 10x10 11x11 12x12 13x13 14x14 5x7 6x10 8x14 20x20 28x28 20x50

pool-tsunagi-%: $(STAMP)
	$(BIN)/python scripts/make_pool.py $(POOLS)/tsunagi-$*.sqlite --puzzle tsunagi --size $* $(POOL_FLAGS)

pool-suido-%: $(STAMP)
	$(BIN)/python scripts/make_pool.py $(POOLS)/suido-$*.sqlite --puzzle suido --size $* $(POOL_FLAGS)

pools-tsunagi: $(addprefix pool-tsunagi-,$(TSUNAGI_POOL_SIZES))
pools-suido: $(addprefix pool-suido-,$(SUIDO_POOL_SIZES))
pools: pools-tsunagi pools-suido

levels-tsunagi: pools-tsunagi
	$(BIN)/python scripts/choose_levels.py --puzzle tsunagi $(foreach size,$(TSUNAGI_POOL_SIZES),--pool $(POOLS)/tsunagi-$(size).sqlite) $(CHOOSE_FLAGS)

levels-suido: pools-suido
	$(BIN)/python scripts/choose_levels.py --puzzle suido $(foreach size,$(SUIDO_POOL_SIZES),--pool $(POOLS)/suido-$(size).sqlite) $(CHOOSE_FLAGS)

levels: levels-tsunagi levels-suido
