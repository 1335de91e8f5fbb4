"""Settings shared by every test folder (keep this file small; game fixtures live beside their tests)."""

import os

from hypothesis import HealthCheck, settings

# Two cores are shared by several processes here, so wall-clock deadlines only make tests flaky.
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
# In CI the same examples every run: a red build is reproducible, never a lucky draw.
settings.register_profile("ci", parent=settings.get_profile("dev"), derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


def pytest_collection_modifyitems(config, items):
    """Under `pytest -n 2 --dist loadgroup` (make test), keep each notebook's nbval cells in
    one worker, in order, since they share one kernel. Other tests spread freely."""
    import pytest

    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.xdist_group(f"nbval-{item.path.name}"))
