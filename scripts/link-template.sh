# Put the pages' Voila template (voila.json names it) where Voila looks for templates, in the
# environment of the Python given as $1: an editable install (-e .) skips data files.
# Called by scripts/setup-env.sh and binder/postBuild.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
prefix=$("$1" -c 'import sys; print(sys.prefix)')
mkdir -p "$prefix/share/jupyter/voila/templates"
ln -sfn "$PWD/share/jupyter/voila/templates/bolivia" "$prefix/share/jupyter/voila/templates/bolivia"
