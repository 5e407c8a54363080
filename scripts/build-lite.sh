#!/usr/bin/env bash
# Set up (first run) and build the server-free site into build/lite/: the lessons and dashboards running
# in the browser (JupyterLite and Pyodide), offline, no server running code. Serve the folder with any
# static web server, e.g. `.venv/bin/python -m http.server -d build/lite 8000`, and open
# http://localhost:8000/. Needs npm (it fetches the Pyodide runtime, the npm package `pyodide`).
source "$(dirname "$0")/setup-env.sh" lite
exec .venv/bin/python scripts/build_lite.py "$@"
