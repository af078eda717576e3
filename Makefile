# The README's commands. Each sets up .venv on first use (llama-cpp-python builds from source: ~5 min).
VENV ?= .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin
# CI gate: the accuracy reached on the public sets minus a small margin, and the false-action bound.
MIN_ACCURACY ?= 0.95
MAX_FALSE_ACTIONS_PER_100 ?= 1

.PHONY: install serve test unit eval bench levers browser

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -e ".[dev]"
	$(PY) -m app.model_files
	touch $@

install: $(VENV)/.installed

serve: install
	$(BIN)/kikitori

# The playground's browser test drives Debian's Chromium (no browser download at test time).
browser:
	command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium >/dev/null)

test: install browser
	$(BIN)/ruff check app tests
	$(BIN)/mypy
	$(PY) -m pytest
	$(BIN)/eval-interpret eval/*.json --json reports/eval.json \
		--min-accuracy $(MIN_ACCURACY) --max-false-actions-per-100 $(MAX_FALSE_ACTIONS_PER_100)

unit: install
	$(PY) -m pytest -m "not integration"

eval: install
	$(BIN)/eval-interpret eval/*.json --backend model,lexical --repeat 3 --json reports/eval.json

bench: install
	$(BIN)/kikitori-bench

levers: install
	bash eval/levers.sh
