"""Escape routes for the bots: how many steps each place is from an open free zone.

Not a rule: the bots' heuristic (``SectionXState.heuristic``) and the escape bot plan with
it. :func:`.tunnels.escape_route` finds the same lengths with networkx, and the tests check
that both agree.
"""
from __future__ import annotations

from .board import is_zone, zone_code
from .state import SectionXPosition
from .tiles import PRISONERS


def escape_distances(state: SectionXPosition, player: int | None = None,
                     avoid_full: bool = False, use_key: bool = True) -> dict[int, int]:
    """Steps from each place to the nearest open free zone (breadth-first, SX-18).

    With ``player`` given, parts holding another player's door are closed (SX-13), but while
    the player's key is unused (and ``use_key``) one of them may be passed (SX-I6); with
    ``avoid_full`` also parts full of other players' prisoners are closed (SX-17). Step
    budgets are ignored.
    """
    links = state.links()
    occ = state.occupancy()
    doors: set[int] = set()         # closed, but the key opens one of them
    full: set[int] = set()          # closed
    if player is not None:
        doors = {d.part for q, row in enumerate(state.doors) if q != player
                 for d in row if d is not None}
        if avoid_full:
            full = {c for c, ks in occ.items() if c >= 0 and len(ks) >= state.capacity(c)
                    and any(k // PRISONERS != player for k in ks)}
    with_key = use_key and player is not None and bool(state.keys[player]) and bool(doors)
    layers = (False, True) if with_key else (False,)
    # Backwards from the open zones over (place, key still unused) pairs. A prisoner on a
    # closed part may still leave it, but no route passes through it; the key lets a
    # prisoner onto one door part, after which it is spent.
    frontier = [(z, k) for z in (zone_code(g) for g in range(6))
                if z in links and not occ.get(z) for k in layers]
    dist = dict.fromkeys(frontier, 0)
    while frontier:
        following = []
        for c, k in frontier:
            if c in full or (c in doors and (k or not with_key)):
                continue
            before = True if c in doors else k     # the key was used to step onto c
            d = dist[c, k] + 1
            for n in links.get(c, ()):
                if (n, before) not in dist and not is_zone(n):
                    dist[n, before] = d
                    following.append((n, before))
        frontier = following
    return {c: d for (c, k), d in dist.items() if k == with_key or is_zone(c)}


__all__ = ["escape_distances"]
