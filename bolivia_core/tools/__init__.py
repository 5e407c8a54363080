"""Tools over the engine: the command line, comparisons of rule sets, whole-game runners and studies."""
