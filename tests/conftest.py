import os

import matplotlib
from hypothesis import HealthCheck, settings

matplotlib.use("Agg")

# One profile for the whole suite: no per-example deadline (the first call of
# a solver compiles numpy paths and can be slow), a bounded number of examples
# so `make test` stays well under ten minutes on two cores.
settings.register_profile(
    "tiling",
    deadline=None,
    max_examples=int(os.environ.get("TILING_MAX_EXAMPLES", "100")),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("tiling")
