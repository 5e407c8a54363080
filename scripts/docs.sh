#!/usr/bin/env bash
# Set up (first run) and build the documentation site into build/docs/ (open build/docs/index.html):
# Sphinx with MyST Markdown and the PyData theme, from docs/. Arguments go on to sphinx-build
# (e.g. -W --keep-going -n, as the test command builds it: warnings as errors, every reference checked).
source "$(dirname "$0")/setup-env.sh" docs
echo "docs: building docs/ into build/docs/"
exec .venv/bin/python -m sphinx -b html --quiet docs build/docs "$@"
