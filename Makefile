# Two set-up commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DOCS_STAMP := $(VENV)/.installed-docs
# What `make docs` writes; removed before each build, so that every page is
# read again (a warning of an unchanged page is never missed) and every
# gallery script and the tour run again.
DOCS_OUTPUT := docs/_build docs/api/generated docs/auto_examples

.PHONY: demo test lint format bench docs clean

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

$(DOCS_STAMP): $(STAMP) pyproject.toml
	$(PY) -m pip install --quiet -e '.[docs]'
	touch $(DOCS_STAMP)

# The documentation site, offline, into docs/_build/html; warnings are errors.
docs: $(DOCS_STAMP)
	rm -rf $(DOCS_OUTPUT)
	$(PY) -m sphinx -W --keep-going -b html -d docs/_build/doctrees docs docs/_build/html
	@echo "open docs/_build/html/index.html"

clean:
	rm -rf $(VENV) demo-output .pytest_cache .hypothesis $(DOCS_OUTPUT)
