"""The rooms where people play together."""

from . import messages  # noqa: F401  (registers the rooms' words with render)
