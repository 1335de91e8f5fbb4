"""Settings shared by every test folder (keep this file small; game fixtures live beside their
tests)."""

import os
import tempfile

from hypothesis import HealthCheck, settings

# Two cores are shared by several processes here, so wall-clock deadlines only make tests flaky.
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
# In CI the same examples every run: a red build is reproducible, never a lucky draw.
settings.register_profile("ci", parent=settings.get_profile("dev"), derandomize=True,
                          print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

# Puzzle boards record what a learner solved (boardlib.core.puzzles.Progress); tests, and the
# Jupyter servers and kernels they start (which inherit this environment), write to a file of
# their own, never to the learner's ~/.boardlib/progress.json.
os.environ.setdefault("BOARDLIB_PROGRESS",
                      os.path.join(tempfile.mkdtemp(prefix="boardlib-tests-"), "progress.json"))
