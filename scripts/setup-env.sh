# Sourced by serve.sh and test.sh: make .venv (once) and install the project into it.
# $1 names the extra to install (app or test).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv || { echo "could not create .venv with $PYTHON -m venv (Debian: apt-get install python3-venv)" >&2; exit 1; }
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".[$1]"
bash scripts/link-template.sh .venv/bin/python
