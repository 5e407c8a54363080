#!/usr/bin/env bash
# Set up (first run) and run every test: lint and types; engine, CLI and widget tests; every
# notebook under nbval; the dashboards in a real browser (Debian's chromium) against Voila; the
# documentation site built with warnings as errors; and the wheel installed into a fresh venv.
source "$(dirname "$0")/setup-env.sh" test
if ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing Debian's chromium for the browser tests" >&2
        apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    elif [ -n "${CI:-}" ]; then
        echo "the browser tests need Debian's chromium, and it cannot be installed here (root and apt-get)" >&2
        exit 1
    else
        echo "note: chromium is missing and needs root to install: the browser tests will be skipped" >&2
    fi
fi
# The room store's tests run on a real Redis too: Debian's redis-server, installed the same way.
if ! command -v redis-server >/dev/null 2>&1 && [ ! -x /usr/bin/redis-server ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing Debian's redis-server for the room store's tests" >&2
        apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
    elif [ -n "${CI:-}" ]; then
        echo "the room store's tests need Debian's redis-server, and it cannot be installed here (root and apt-get)" >&2
        exit 1
    else
        echo "note: redis-server is missing and needs root to install: the Redis store tests will be skipped" >&2
    fi
fi
.venv/bin/ruff check --quiet .
.venv/bin/mypy
.venv/bin/lint-imports --no-cache --no-logo  # the import contract in pyproject.toml: layers, no Jupyter in the engine
# Two workers (pytest-xdist): the browser tests wait on kernels and servers much of the time, so two
# share two cores well. loadscope keeps each module (its module-scoped fixtures) and each notebook (nbval
# runs its cells in order in one kernel) on one worker; in collection order, the long browser modules
# start first and the many short notebooks fill the end. TEST_WORKERS=0 runs everything in one process.
exec .venv/bin/python -m pytest --nbval --nbval-current-env \
    --nbval-sanitize-with tests/nbval_sanitize.cfg -n "${TEST_WORKERS:-2}" \
    --dist loadscope --no-loadscope-reorder "$@"
