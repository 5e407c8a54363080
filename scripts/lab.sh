#!/usr/bin/env bash
# Set up (first run) and open the tutorials in JupyterLab, where a learner runs and changes their code:
# http://localhost:${PORT:-8888}/lab/tree/index.ipynb (the index links every lesson; the widgets work
# as they do in the served pages).
source "$(dirname "$0")/setup-env.sh" lab
echo "lab: starting JupyterLab on port ${PORT:-8888}: open the address it prints below, with its token (Ctrl-C stops it)"
exec .venv/bin/jupyter lab --ServerApp.root_dir=notebooks --ServerApp.ip=localhost --port="${PORT:-8888}" \
    --LabApp.default_url=/lab/tree/index.ipynb "$@"
