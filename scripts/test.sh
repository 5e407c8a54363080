#!/usr/bin/env bash
# Set up (first run) and run every test: lint and types, then engine, CLI and widget tests,
# and every notebook under nbval.
source "$(dirname "$0")/setup-env.sh" test
.venv/bin/ruff check --quiet .
.venv/bin/mypy
exec .venv/bin/python -m pytest --nbval --nbval-current-env \
    --nbval-sanitize-with tests/nbval_sanitize.cfg "$@"
