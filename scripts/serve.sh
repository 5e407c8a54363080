#!/usr/bin/env bash
# Set up (first run) and serve the dashboards with Voila: open
# http://localhost:${PORT:-8866}/voila/render/index.ipynb (the index links every page).
# Serving settings (pre-started kernels for the dashboards, culling idle kernels) are in voila.json,
# which Voila reads from the checkout's top folder.
# Beside Voila, the room service (bolivia_rooms: where people play together) listens on loopback
# at $BOLIVIA_ROOMS (127.0.0.1:8867); the page kernels, which inherit that variable, are its only
# clients. Its rooms are kept in $BOLIVIA_ROOMS_STORE: a data folder for SQLite (data/rooms), or
# redis://HOST:PORT/DB when several servers share the rooms (README "Playing together").
# It stops by itself when Voila (this script's process, after exec) ends.
source "$(dirname "$0")/setup-env.sh" app
export BOLIVIA_ROOMS="${BOLIVIA_ROOMS:-127.0.0.1:8867}"
.venv/bin/python -m bolivia_rooms --listen "$BOLIVIA_ROOMS" --store "${BOLIVIA_ROOMS_STORE:-data/rooms}" --stop-with $$ &
exec .venv/bin/voila notebooks --port="${PORT:-8866}" --no-browser "$@"
