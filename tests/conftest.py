"""Shared test settings: hypothesis runs derandomised, so a run is repeatable; and every test starts from
the process's defaults (English, cards in notation), whatever a page made before it set."""

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from bolivia_core.i18n import set_card_style, set_language

settings.register_profile(
    "repeatable", derandomize=True, deadline=None, max_examples=300,
    suppress_health_check=[HealthCheck.too_slow],
)  # fmt: skip
settings.load_profile("repeatable")


@pytest.fixture(autouse=True)
def process_defaults_afterwards() -> Iterator[None]:
    """A page says cards in words and may change the language: the next test starts from the defaults."""
    yield
    set_card_style("notation")
    set_language("en")
