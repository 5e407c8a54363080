"""Seeds: a fresh secret one for every game people play, and the cryptographic stream a seed keys.

A game's deals are a function of its seed alone, so a saved game, a replay, a study or a test gives
the same cards everywhere. A seed people play with must therefore be one nobody can guess or work
out from the cards they hold: ``new_seed`` draws 128 bits from ``secrets``, and every shuffle is
drawn from SHA-256 in counter mode keyed by the seed and a purpose label ("hand 1", "dealer"),
never from ``random.Random``, whose whole state follows from enough of its output. Fisher-Yates
takes each index by rejection sampling, so no position is likelier than another.

Seeds stay plain integers of any size: a learner may still choose seed 3 to see a lesson's deal
again (a small seed is as replayable as ever, and as guessable as it is small).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import MutableSequence
from typing import TypeVar

__all__ = ["SEED_BITS", "SeedStream", "derived_seed", "new_seed"]

SEED_BITS = 128
_DOMAIN = b"bolivia seed stream 1\x00"  # changing how seeds become deals changes this label
T = TypeVar("T")


def new_seed() -> int:
    """A fresh seed of ``SEED_BITS`` random bits from the operating system's secret source."""
    return secrets.randbits(SEED_BITS)


class SeedStream:
    """The choices one seed makes for one purpose: a deterministic stream of bytes, SHA-256 over
    the seed, the purpose and a block counter, read as unbiased integers."""

    def __init__(self, seed: int, purpose: str) -> None:
        if type(seed) is not int:
            raise TypeError(f"a seed is an integer, not {type(seed).__name__}")
        self._keyed = hashlib.sha256(_DOMAIN + str(seed).encode("ascii") + b"\x00" + purpose.encode("utf-8") + b"\x00")
        self._counter = 0
        self._buffer = b""
        self._at = 0

    def _take(self, count: int) -> bytes:
        while len(self._buffer) - self._at < count:
            block = self._keyed.copy()
            block.update(self._counter.to_bytes(8, "big"))
            self._counter += 1
            self._buffer = self._buffer[self._at :] + block.digest()
            self._at = 0
        taken = self._buffer[self._at : self._at + count]
        self._at += count
        return taken

    def below(self, bound: int) -> int:
        """An integer in ``range(bound)``, every one equally likely (draws past the largest whole
        multiple are thrown away rather than folded in with a modulo)."""
        if bound < 1:
            raise ValueError(f"a bound of at least 1 is needed, not {bound}")
        bits = (bound - 1).bit_length()
        mask = (1 << bits) - 1
        size = (bits + 7) // 8
        while True:
            value = int.from_bytes(self._take(size), "big") & mask
            if value < bound:
                return value

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates, from the last place down)."""
        for last in range(len(items) - 1, 0, -1):
            other = self.below(last + 1)
            items[last], items[other] = items[other], items[last]


def derived_seed(seed: int, purpose: str, bits: int = 64) -> int:
    """A seed for something else (a computer player's choices) that tells nothing of ``seed``."""
    return SeedStream(seed, purpose).below(1 << bits)
