# boardlib: two commands on a fresh machine with Python 3.11+ -- `make lab` and `make test`.
# Every target first makes sure .venv exists and holds requirements.txt plus boardlib itself;
# a stamp file keyed on requirements.txt and pyproject.toml keeps that step instant afterwards.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.boardlib-installed

# The lessons and the play apps (apps/<game>.ipynb): `make notebooks` executes both, nbval checks both.
NOTEBOOKS  := $(sort $(wildcard notebooks/*.ipynb)) $(sort $(wildcard apps/*.ipynb))
BENCHMARKS := $(sort $(wildcard benchmarks/bench_*.py))
# Jupyter refuses to run as root unless told; CI and these machines run as root.
ROOT_FLAG  := $(if $(filter 0,$(shell id -u)),--allow-root,)

# Three workers on two cores: a browser test often waits for a kernel, a server or a page,
# and a third worker uses that time. (The CPU is still the limit: load 5-9 during `make test`.)
PYTEST_WORKERS ?= 3
# Same hash order and SVG metadata date in `make notebooks` and in nbval's re-run.
export PYTHONHASHSEED := 0
export SOURCE_DATE_EPOCH := 0
LAB_PORT   ?= 8888
VOILA_PORT ?= 8866
LITE_PORT  ?= 8000

# The JupyterLite site is rebuilt only when one of its inputs changed (lite/build.py says
# what goes in); the stamp is written last, so a failed build is tried again.
LITE_STAMP  := lite/_cache/site-built
LITE_INPUTS := $(wildcard lite/*.py lite/*.txt lite/*.json) requirements.txt pyproject.toml \
               README.md LICENSE $(shell find boardlib -type f -not -name '*.pyc') \
               $(wildcard notebooks/*.ipynb apps/*.ipynb)

.PHONY: help install lab test test-fast test-browser test-notebooks bench notebooks voila lite lite-serve clean

help:
	@echo "make lab        open JupyterLab on notebooks/00-start-here.ipynb"
	@echo "make test       run every test: unit, packaging, browser (Chromium) and nbval"
	@echo "make bench      run every benchmarks/bench_*.py"
	@echo "make notebooks  execute every notebook top to bottom, storing outputs"
	@echo "make voila      serve the play apps and the lessons as web pages (Voila)"
	@echo "make lite       build the JupyterLite site (runs in a browser alone) into lite/_output"
	@echo "make lite-serve serve lite/_output on http://127.0.0.1:$(LITE_PORT)"

# A venv made without pip (Debian without python3-venv) is removed, or later runs would skip it.
$(PY):
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	    echo "could not make $(VENV): on Debian or Ubuntu, install python3-venv"; exit 1; }

$(STAMP): requirements.txt pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt -e .
	touch $(STAMP)

install: $(STAMP)

# Signing the notebooks (jupyter trust) lets JupyterLab show their saved board pictures
# before any cell has run; tests/browser checks that it does.
# The address JupyterLab prints opens the start page (default_url), and no news pop-up
# covers the boards (as on Binder, see binder/postBuild).
lab: $(STAMP)
	$(VENV)/bin/jupyter trust notebooks/*.ipynb
	$(VENV)/bin/jupyter labextension disable "@jupyterlab/apputils-extension:announcements"
	$(VENV)/bin/jupyter lab $(ROOT_FLAG) --port=$(LAB_PORT) \
	    --LabApp.default_url=/lab/tree/00-start-here.ipynb notebooks/00-start-here.ipynb

# One pytest run: the test suite in $(PYTEST_WORKERS) workers plus nbval over the stored outputs of every
# notebook. --dist loadfile keeps each notebook's cells in one worker, in order (they share a
# kernel; loadgroup would not), and each browser-test module with its own servers.
test: $(STAMP) $(LITE_STAMP)
	$(PY) -m pytest -n $(PYTEST_WORKERS) --dist loadfile --durations=15 \
	    --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg \
	    tests $(NOTEBOOKS)

# Everything except the browser tests and nbval: the quick loop while writing rules.
test-fast: $(STAMP)
	$(PY) -m pytest -n $(PYTEST_WORKERS) --dist loadfile -m "not browser" tests

test-browser: $(STAMP)
	$(PY) -m pytest -m browser tests/browser

test-notebooks: $(STAMP)
	$(PY) -m pytest --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg \
	    $(NOTEBOOKS)

bench: $(STAMP) $(LITE_STAMP)
	@if [ -z "$(BENCHMARKS)" ]; then echo "no benchmarks/bench_*.py yet"; fi
	@set -e; for f in $(BENCHMARKS); do echo "== $$f"; $(PY) $$f; done

notebooks: $(STAMP)
	$(PY) tools/execute_notebooks.py $(NOTEBOOKS)

# One Voila on the repository root serves apps/ and notebooks/ at the same paths as Binder's
# /voila/render/..., so the start page's relative links to the apps work in both.
voila: $(STAMP)
	@echo "Open http://localhost:$(VOILA_PORT)/voila/render/notebooks/00-start-here.ipynb (the start page)"
	@echo "  or an app: http://localhost:$(VOILA_PORT)/voila/render/apps/zyrcan.ipynb"
	$(VENV)/bin/voila --no-browser --port=$(VOILA_PORT) .

lite: $(LITE_STAMP)

$(LITE_STAMP): $(STAMP) $(LITE_INPUTS)
	$(PY) lite/build.py
	touch $(LITE_STAMP)

lite-serve: $(LITE_STAMP)
	$(PY) -m http.server $(LITE_PORT) --bind 127.0.0.1 --directory lite/_output

clean:
	rm -rf build dist *.egg-info .pytest_cache .hypothesis lite/_output lite/_build lite/_cache
