# Two set-up commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test lint format bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,lint,dask,serve]'
	touch $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/tiling demo

test: $(STAMP)
	MPLBACKEND=Agg $(PY) -m pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(STAMP)
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

bench: $(STAMP)
	MPLBACKEND=Agg $(PY) benchmarks/run_all.py

clean:
	rm -rf $(VENV) demo-output .pytest_cache .hypothesis
