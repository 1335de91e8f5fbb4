"""Scoring: completed features during the game (CB-07 … CB-12), the end (CB-13 … CB-15)
and the royal bonus (KR-02); shared with the from-scratch check in ``features.py``."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .groups import Group, Pos, majority
from .tiles import CITY, FIELD, ROAD

if TYPE_CHECKING:
    from .state import Position


def neighbours(board: Mapping[Pos, Any], pos: Pos) -> int:
    """Tiles on the 8 places around ``pos`` (CB-10, CB-14)."""
    x, y = pos
    return sum((x + dx, y + dy) in board for dx in (-1, 0, 1) for dy in (-1, 0, 1)
               if dx or dy)


def feature_points(g: Group, small_city_2pts: bool) -> int:
    """What a completed feature pays each of its majority players (CB-08, CB-09, CB-10)."""
    size = len(g.tiles)
    if g.kind == ROAD:
        return size
    if g.kind == CITY:
        return 2 if small_city_2pts and size == 2 else 2 * size + 2 * g.pennants
    return 9


def subset_sums(values: Iterable[int]) -> int:
    """Every sum of some of ``values``, as the bits of an int (bit k set: k is a sum)."""
    sums = 1
    for v in values:
        sums |= sums << v
    return sums


@dataclass
class EndScore:
    points: tuple[int, ...]
    events: list[tuple[str, str]]


def end_scoring(state: Position) -> EndScore:
    """Unfinished features (CB-14), farms (CB-15) and the royal bonus (KR-02)."""
    o = state.game.options
    n = state.game.num_players
    points = [0] * n
    events: list[tuple[str, str]] = []
    groups, node_group = state.feats.groups, state.feats.node_group

    def pay(winners: Iterable[int], amount: int, what: str, rule: str) -> None:
        winners = tuple(winners)
        for p in winners:
            points[p] += amount
        if winners and amount:
            events.append((rule, f"{what}: +{amount} " + " and ".join(
                f"player {p}" for p in winners)))

    for gid in sorted(groups):
        g = groups[gid]
        if g.done or not g.followers or g.kind == FIELD:
            continue
        if g.kind == ROAD:
            amount, what = len(g.tiles), f"unfinished road of {len(g.tiles)}"
        elif g.kind == CITY:
            amount = len(g.tiles) + g.pennants
            what = f"unfinished city of {len(g.tiles)}"
        else:
            (pos,) = g.tiles
            amount, what = 1 + neighbours(state.board, pos), "unfinished cloister"
        pay(majority(g.counts()), amount, what, "CB-14")
    # Farms: which completed cities each field touches.
    field_cities: dict[int, set[int]] = {}
    for gid, g in groups.items():
        if g.kind == FIELD and g.followers:
            done = {node_group[c] for c in g.cities}
            field_cities[gid] = {c for c in done if groups[c].done}
    style = o["farms"]
    if style == "3rd":
        for gid in sorted(field_cities):
            count = len(field_cities[gid])
            pay(majority(groups[gid].counts()), 3 * count,
                f"farm supplying {count} city(ies)", "CB-15")
    else:
        by_city: dict[int, list[int]] = {}
        for gid, cs in field_cities.items():
            for c in cs:
                by_city.setdefault(c, []).append(gid)
        for city in sorted(by_city):
            fields = by_city[city]
            if style == "1st":
                total: dict[int, int] = {}
                for f in fields:
                    for p, k in groups[f].counts().items():
                        total[p] = total.get(p, 0) + k
                pay(majority(total), 4, "city supplied by farmers (1st edition)", "CB-15")
            else:
                paid = sorted({p for f in fields for p in majority(groups[f].counts())})
                pay(paid, 3, "city supplied by farmers (2nd edition)", "CB-15")
    if o["king_robber_baron"]:
        cities, roads, _ = state.completed
        if state.king is not None:
            pay((state.king[0],), cities, f"King, {cities} completed cities", "KR-02")
        if state.baron is not None:
            pay((state.baron[0],), roads, f"Robber Baron, {roads} completed roads", "KR-02")
    return EndScore(tuple(points), events)


__all__ = ["EndScore", "end_scoring", "feature_points", "subset_sums", "neighbours", "majority"]
