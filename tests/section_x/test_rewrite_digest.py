"""The rewritten engine plays exactly as the one before it where the rules did not change.

``old_engine_digests.json`` holds digests of 96 seeded random games made with the engine
before the rewrite (see :mod:`.digest`): every legal move in order, every pick of
``random_move`` and every position, up to the first state with an empty stack (the
rewritten engine then ends the round, SX-I7). The option sets name ``keys`` explicitly:
the default changed to ``False`` (SX-I6) with the rewrite.
"""
from __future__ import annotations

import json

from .digest import REFERENCE, all_digests


def test_seeded_games_are_those_of_the_engine_before_the_rewrite():
    reference = json.loads(REFERENCE.read_text())["digests"]
    found = all_digests()
    assert found.keys() == reference.keys()
    differ = [name for name in reference if found[name] != reference[name]]
    assert not differ, f"{len(differ)} of {len(reference)} games differ, e.g. {differ[:3]}"
    assert sum(states for _, states in found.values()) > 8_000
