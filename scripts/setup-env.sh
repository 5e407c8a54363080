# Sourced by serve.sh, test.sh, lab.sh, build-lite.sh and docs.sh: make .venv (once) and install the
# project into it with the extra named by $1 (app, test, lab, lite or docs). It says what it does in a
# line or two; pip's own output goes to .venv/setup.log, and a failed step prints that log's tail.
# pip runs again only when pyproject.toml or setup.py changed since the last install of that extra.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PYTHON=${PYTHON:-python3}
setup_log=.venv/setup.log

setup_failed() {  # $1: what failed
    echo "setup: $1; the last lines of $setup_log:" >&2
    tail -n 25 "$setup_log" >&2
    echo "setup: the whole log is $PWD/$setup_log" >&2
    exit 1
}

if [ ! -x .venv/bin/python ]; then
    echo "setup: making .venv with $PYTHON ($("$PYTHON" --version 2>&1))"
    "$PYTHON" -m venv .venv || { echo "could not create .venv with $PYTHON -m venv (Debian: apt-get install python3-venv)" >&2; exit 1; }
fi
setup_stamp=".venv/setup-$1.sha256"
setup_wanted=$(cat pyproject.toml setup.py | sha256sum)
if [ "$(cat "$setup_stamp" 2>/dev/null)" != "$setup_wanted" ]; then
    echo "setup: installing the project with its [$1] extra into .venv (pip's log: $setup_log)"
    setup_start=$SECONDS
    echo "=== $(date -u +%FT%TZ) pip install -e .[$1]" >>"$setup_log"
    .venv/bin/python -m pip install --upgrade pip >>"$setup_log" 2>&1 || setup_failed "upgrading pip failed"
    .venv/bin/python -m pip install -e ".[$1]" >>"$setup_log" 2>&1 || setup_failed "pip could not install .[$1]"
    echo "$setup_wanted" >"$setup_stamp"
    echo "setup: done in $((SECONDS - setup_start)) s"
fi
bash scripts/link-template.sh .venv/bin/python
