"""Shared test settings: hypothesis runs derandomised, so a run is repeatable."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "repeatable", derandomize=True, deadline=None, max_examples=300,
    suppress_health_check=[HealthCheck.too_slow],
)  # fmt: skip
settings.load_profile("repeatable")
