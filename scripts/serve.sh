#!/usr/bin/env bash
# Set up (first run) and serve the dashboards with Voila: open
# http://localhost:${PORT:-8866}/voila/render/index.ipynb (the index links every page).
# Serving settings (pre-started kernels for the dashboards, culling idle kernels) are in voila.json,
# which Voila reads from the checkout's top folder.
source "$(dirname "$0")/setup-env.sh" app
exec .venv/bin/voila notebooks --port="${PORT:-8866}" --no-browser "$@"
