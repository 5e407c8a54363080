#!/usr/bin/env bash
# Set up (first run) and serve the dashboards with Voila: open
# http://localhost:${PORT:-8866}/voila/render/index.ipynb (the index links every page).
source "$(dirname "$0")/setup-env.sh" app
# Idle kernels are culled, so a closed page does not leave its kernel running.
exec .venv/bin/voila notebooks \
    --port="${PORT:-8866}" --no-browser \
    --MappingKernelManager.cull_interval=30 \
    --MappingKernelManager.cull_idle_timeout=120 \
    "$@"
