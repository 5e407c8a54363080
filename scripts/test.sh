#!/usr/bin/env bash
# Set up (first run) and run every test: engine, CLI and widget tests, and every notebook under nbval.
source "$(dirname "$0")/setup-env.sh" test
exec .venv/bin/python -m pytest --nbval --nbval-current-env \
    --nbval-sanitize-with tests/nbval_sanitize.cfg "$@"
