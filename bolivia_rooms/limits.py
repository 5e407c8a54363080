"""Rate limits: token buckets, one per connection (lines) and per source and in all (rooms made).

A bucket holds up to ``burst`` tokens and gains ``rate`` a second; each request takes one, and a
request finding none is refused with how long to wait. The time comes in as an argument (the
service's loop clock), so the limits are tested without sleeping.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Buckets", "TokenBucket"]


@dataclass
class TokenBucket:
    rate: float  # tokens gained a second
    burst: float  # tokens held at most (and at the start)
    tokens: float = -1.0
    stamp: float | None = None

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = self.burst

    def _refill(self, now: float) -> None:
        if self.stamp is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def wait(self, now: float) -> float:
        """The seconds until a token is there (0.0: one is there now); nothing is taken."""
        self._refill(now)
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate

    def take(self, now: float) -> float:
        """Take a token: 0.0 when there was one, else the seconds until there is (nothing taken)."""
        wait = self.wait(now)
        if not wait:
            self.tokens -= 1
        return wait

    def full(self, now: float) -> bool:
        self._refill(now)
        return self.tokens >= self.burst


class Buckets:
    """One bucket per key (a source's address), made when first asked; buckets that have filled up
    again are let go when there are many, so a crowd of sources cannot grow this without bound."""

    def __init__(self, rate: float, burst: float, most: int = 10_000) -> None:
        self.rate, self.burst, self.most = rate, burst, most
        self._buckets: dict[str, TokenBucket] = {}

    def _bucket(self, key: str, now: float) -> TokenBucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.most:
                self._buckets = {k: b for k, b in self._buckets.items() if not b.full(now)}
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst)
        return bucket

    def wait(self, key: str, now: float) -> float:
        return self._bucket(key, now).wait(now)

    def take(self, key: str, now: float) -> float:
        return self._bucket(key, now).take(now)

    def __len__(self) -> int:
        return len(self._buckets)
