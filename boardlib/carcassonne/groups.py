"""Feature groups: the incremental view of the board's features (CB-06, CB-08 … CB-12, TU-05).

Every feature segment of a laid tile is a *node* ``(position, feature index)``; connected
segments share a group id, and each group records its tiles, open ends, pennants and
followers. Merging relabels the smaller group (union by size). This is the speed layer:
``features.py`` rebuilds the same components with networkx, and the tests compare them.
A ``Features`` object is a working copy that one move changes; states share the dicts
it made and never change them.
"""
from __future__ import annotations

from typing import Any, Mapping

from .tiles import DELTA, FIELD, OPPOSITE, TILE_TYPES, meeting_half, oriented

Pos = tuple[int, int]
Node = tuple[Pos, int]


class Group:
    """A connected feature: its segments, tiles, open ends, pennants and followers.

    Treated as immutable once it sits in a state; changes make a new Group.
    ``open`` counts unmatched edges plus unlinked tunnel openings (TU-04); a road or city
    with none is complete. ``cities`` (fields only) are the city nodes the field borders.
    """

    __slots__ = ("kind", "members", "tiles", "open", "pennants", "followers", "cities", "done")

    def __init__(self, kind: str, members: tuple, tiles: frozenset | None, open_: int,
                 pennants: int, followers: tuple, cities: frozenset | None, done: bool) -> None:
        self.kind = kind
        self.members = members
        self.tiles = tiles
        self.open = open_
        self.pennants = pennants
        self.followers = followers  # ((node, player), ...)
        self.cities = cities
        self.done = done

    def replace(self, **changes: Any) -> "Group":
        g = Group(self.kind, self.members, self.tiles, self.open, self.pennants, self.followers,
                  self.cities, self.done)
        for key, value in changes.items():
            setattr(g, key, value)
        return g

    def counts(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for _, p in self.followers:
            out[p] = out.get(p, 0) + 1
        return out


def majority(counts: Mapping[int, int]) -> tuple[int, ...]:
    """CB-11 with CB-I1: every player with the most followers (none if nobody has any)."""
    if not counts:
        return ()
    top = max(counts.values())
    return tuple(sorted(p for p, c in counts.items() if c == top))


class Features:
    """The mutable working copy used while one move changes the feature groups."""

    __slots__ = ("node_group", "groups", "next_gid")

    def __init__(self, node_group: dict, groups: dict, next_gid: int) -> None:
        self.node_group = node_group
        self.groups = groups
        self.next_gid = next_gid

    def new(self, group: Group) -> int:
        gid = self.next_gid
        self.next_gid += 1
        self.groups[gid] = group
        for node in group.members:
            self.node_group[node] = gid
        return gid

    def union(self, a: int, b: int) -> int:
        if a == b:
            return a
        ga, gb = self.groups[a], self.groups[b]
        if len(ga.members) < len(gb.members):
            a, b, ga, gb = b, a, gb, ga
        tiles = ga.tiles | gb.tiles if ga.tiles is not None else None
        cities = ga.cities | gb.cities if ga.cities is not None else None
        self.groups[a] = Group(ga.kind, ga.members + gb.members, tiles, ga.open + gb.open,
                               ga.pennants + gb.pennants, ga.followers + gb.followers, cities,
                               False)
        node_group = self.node_group
        for node in gb.members:
            node_group[node] = a
        del self.groups[b]
        return a

    def close_ends(self, gid: int, count: int) -> None:
        g = self.groups[gid]
        self.groups[gid] = g.replace(open=g.open - count)

    def add_tile(self, board: Mapping[Pos, tuple[str, int]], pos: Pos, letter: str,
                 rotation: int) -> None:
        """Add a tile's segments and join them to the neighbours' across matching edges."""
        ot = oriented(letter, rotation)
        feats = TILE_TYPES[letter].features
        x, y = pos
        for i, f in enumerate(feats):
            node = (pos, i)
            if f.kind == FIELD:
                self.new(Group(FIELD, (node,), None, 0, 0, (),
                               frozenset((pos, c) for c in f.cities), False))
            else:
                self.new(Group(f.kind, (node,), frozenset((pos,)), ot.ends[i], f.pennants, (),
                               None, False))
        node_group = self.node_group
        for d in range(4):
            dx, dy = DELTA[d]
            npos = (x + dx, y + dy)
            other = board.get(npos)
            if other is None:
                continue
            nt = oriented(*other)
            side = ot.sides[d]
            if side != "F":  # city or road: the segments on both sides become one
                a = node_group[(pos, ot.edge_feature[d])]
                b = node_group[(npos, nt.edge_feature[OPPOSITE[d]])]
                self.close_ends(self.union(a, b), 2)
            if side != "C":  # field or road edge: both halves continue the fields
                for s in (0, 1):
                    h = 2 * d + s
                    a = node_group[(pos, ot.half_feature[h])]
                    b = node_group[(npos, nt.half_feature[meeting_half(h)])]
                    self.union(a, b)

    def link(self, a: Node, b: Node) -> int:
        """Join the roads of two tunnel openings (TU-05): both openings stop being ends."""
        gid = self.union(self.node_group[a], self.node_group[b])
        self.close_ends(gid, 2)
        return gid


__all__ = ["Group", "Features", "majority", "Node", "Pos"]
