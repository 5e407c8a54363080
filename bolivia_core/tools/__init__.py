"""Tools over the engine: the command line, comparisons of rule sets, whole-game runners and studies."""

from . import messages  # noqa: F401  (registers the tools' words with render)
