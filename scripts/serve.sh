#!/usr/bin/env bash
# Set up (first run) and serve the dashboards with Voila: open
# http://localhost:${PORT:-8866}/voila/render/index.ipynb (the index links every page).
# Serving settings (pre-started kernels for the dashboards, culling idle kernels) are in voila.json,
# which Voila reads from the checkout's top folder. For a class, CLASS_SIZE=30 keeps 30 kernels waiting
# with the play page run, for 30 learners opening it at once; CLASS_PAGES="play.ipynb 01_the_turn.ipynb"
# names the pages the class opens together (play.ipynb unless told).
# Beside Voila, the room service (bolivia_rooms: where people play together) listens on loopback
# at $BOLIVIA_ROOMS (127.0.0.1:8867); the page kernels, which inherit that variable, are its only
# clients. Its rooms are kept in $BOLIVIA_ROOMS_STORE: a data folder for SQLite (data/rooms), or
# redis://HOST:PORT/DB when several servers share the rooms (README "Playing together").
# It stops by itself when Voila (this script's process, after exec) ends.
source "$(dirname "$0")/setup-env.sh" app
class=()
if [ -n "${CLASS_SIZE:-}" ]; then
    if ! [[ "$CLASS_SIZE" =~ ^[0-9]+$ ]] || [ "$CLASS_SIZE" -gt 200 ]; then
        echo "CLASS_SIZE must be a number of learners from 0 to 200, not '$CLASS_SIZE'" >&2
        exit 2
    fi
    class+=("--PageKernelManager.class_size=$CLASS_SIZE")
    for page in ${CLASS_PAGES:-play.ipynb}; do
        if [ ! -f "notebooks/$page" ]; then
            echo "CLASS_PAGES names '$page', which is not a page in notebooks/ (e.g. play.ipynb, 01_the_turn.ipynb)" >&2
            exit 2
        fi
        class+=("--PageKernelManager.class_pages=$page")
    done
fi
export BOLIVIA_ROOMS="${BOLIVIA_ROOMS:-127.0.0.1:8867}"
echo "serve: the pages at http://localhost:${PORT:-8866}/voila/render/index.ipynb, the room service on $BOLIVIA_ROOMS (Ctrl-C stops both)"
.venv/bin/python -m bolivia_rooms --listen "$BOLIVIA_ROOMS" --store "${BOLIVIA_ROOMS_STORE:-data/rooms}" --stop-with $$ &
# notebooks/ named by its absolute path: Voila 0.5.8 cannot list a folder given relative (its tree page fails)
exec .venv/bin/voila "$PWD/notebooks" --port="${PORT:-8866}" --no-browser "${class[@]}" "$@"
