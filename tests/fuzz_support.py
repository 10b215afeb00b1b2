"""What the two fuzz harnesses (``fuzz_api.py``, ``fuzz_cli.py``) share."""

import hypothesis


def fuzz_settings(examples):
    """Hypothesis settings for a fuzz run: ``examples`` calls, reproducible (derandomised,
    no example database), no deadline, generation only, every health check off (the
    harness draws hostile values on purpose and times each call itself)."""
    return hypothesis.settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[hypothesis.Phase.generate],
        suppress_health_check=list(hypothesis.HealthCheck),
    )
