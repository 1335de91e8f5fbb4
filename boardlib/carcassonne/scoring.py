"""Scoring: completed features during the game (CB-07 … CB-12), the end (CB-13 … CB-15)
and the royal bonus (KR-02); shared with the from-scratch check in ``features.py``.

``completed_this_turn`` says which features a turn completed and ``end_scoring`` what the end
pays, as records (``Completion``, ``Payment``) that the turn itself, the bots and the teaching
layer (``boardlib.carcassonne.teaching``) all read, so no rule is written twice.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from .groups import Group, Pos, majority
from .tiles import CITY, CLOISTER, CLOISTER_INDEX, FIELD, ROAD, TILE_TYPES

if TYPE_CHECKING:
    from .state import Position

def neighbours(board: Mapping[Pos, Any], pos: Pos) -> int:
    """Tiles on the 8 places around ``pos`` (CB-10, CB-14)."""
    x, y = pos
    return sum((x + dx, y + dy) in board for dx in (-1, 0, 1) for dy in (-1, 0, 1)
               if dx or dy)


def leaders(scores: Iterable[int]) -> tuple[int, ...]:
    """CB-16 with CB-I1: every player with the most points (the winners at the end)."""
    scores = tuple(scores)
    best = max(scores)
    return tuple(p for p, v in enumerate(scores) if v == best)


def feature_points(g: Group, small_city_2pts: bool) -> int:
    """What a completed feature pays each of its majority players (CB-08, CB-09, CB-10)."""
    assert g.tiles is not None  # only fields have no tile set, and they score elsewhere
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


class Completion(NamedTuple):
    """A feature the turn completed (CB-08, CB-09, CB-10): its group id and kind; ``linked``
    says a tunnel token of this turn joined it (TU-05, for TU-09)."""

    group: int
    kind: str
    linked: bool = False


def completed_this_turn(state: Position) -> tuple[Completion, ...]:
    """CB-03: the features the turn completed, in the order ``EndTurn`` scores them.

    First the laid tile's cities and roads and the roads a tunnel token joined this turn
    (TU-05), each once and only if it has no open end (CB-08, CB-09); then every cloister on
    or around the laid tile that now has all eight neighbours (CB-10). Features scored in
    earlier turns are done and left out.
    """
    groups, node_group = state.feats.groups, state.feats.node_group
    pos = state.placed
    assert pos is not None
    letter, _ = state.board[pos]
    candidates = [node_group[(pos, i)]
                  for i, f in enumerate(TILE_TYPES[letter].features) if f.kind in (CITY, ROAD)]
    linked: set[int] = set()
    for colour in state.turn_tokens:
        ops = state.colour_openings(colour)
        if len(ops) == 2:
            gid = node_group[state.opening_node(ops[1])]
            candidates.append(gid)
            linked.add(gid)
    out: list[Completion] = []
    seen: set[int] = set()
    for gid in candidates:
        if gid in seen:
            continue
        seen.add(gid)
        g = groups[gid]
        if not g.done and g.open == 0:
            out.append(Completion(gid, g.kind, gid in linked))
    x, y = pos
    board = state.board
    for cx in (x - 1, x, x + 1):
        for cy in (y - 1, y, y + 1):
            placed = board.get((cx, cy))
            if placed is None or placed[0] not in CLOISTER_INDEX:
                continue
            gid = node_group[((cx, cy), CLOISTER_INDEX[placed[0]])]
            if not groups[gid].done and neighbours(board, (cx, cy)) == 8:
                out.append(Completion(gid, CLOISTER))
    return tuple(out)


KING, BARON = "king", "robber baron"


class Payment(NamedTuple):
    """One line of the end scoring: ``amount`` points to each of ``players`` (CB-11).

    ``kind`` is what pays: a road, city or cloister left unfinished (CB-14), a farm (CB-15)
    or the King or Robber Baron (KR-02). ``group`` is the feature's group id (for farms of
    the third edition the field, of the first and second the city supplied); ``fields`` and
    ``cities`` are, for farms, the fields and the completed cities that count.
    """

    rule: str
    kind: str
    amount: int
    players: tuple[int, ...]
    what: str
    group: int | None = None
    fields: tuple[int, ...] = ()
    cities: tuple[int, ...] = ()

    @property
    def text(self) -> str:
        return f"{self.what}: +{self.amount} " + " and ".join(f"player {p}" for p in self.players)


@dataclass
class EndScore:
    """The end scoring: points per player, every payment, and the events it causes."""

    points: tuple[int, ...]
    payments: tuple[Payment, ...]

    @property
    def events(self) -> list[tuple[str, str]]:
        """(rule, text) for every payment that paid somebody something."""
        return [(p.rule, p.text) for p in self.payments if p.players and p.amount]


def end_scoring(state: Position) -> EndScore:
    """Unfinished features (CB-14), farms (CB-15) and the royal bonus (KR-02)."""
    o = state.game.options
    n = state.game.num_players
    points = [0] * n
    payments: list[Payment] = []
    groups, node_group = state.feats.groups, state.feats.node_group

    def pay(winners: Iterable[int], amount: int, what: str, rule: str, kind: str,
            group: int | None = None, fields: Iterable[int] = (),
            cities: Iterable[int] = ()) -> None:
        winners = tuple(winners)
        for p in winners:
            points[p] += amount
        payments.append(Payment(rule, kind, amount, winners, what, group, tuple(fields),
                                tuple(sorted(cities))))

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
        pay(majority(g.counts()), amount, what, "CB-14", g.kind, gid)
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
                f"farm supplying {count} city(ies)", "CB-15", FIELD, gid, (gid,),
                field_cities[gid])
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
                pay(majority(total), 4, "city supplied by farmers (1st edition)", "CB-15",
                    FIELD, city, fields, (city,))
            else:
                paid = sorted({p for f in fields for p in majority(groups[f].counts())})
                pay(paid, 3, "city supplied by farmers (2nd edition)", "CB-15", FIELD, city,
                    fields, (city,))
    if o["king_robber_baron"]:
        cities, roads, _ = state.completed
        if state.king is not None:
            pay((state.king[0],), cities, f"King, {cities} completed cities", "KR-02",
                KING)
        if state.baron is not None:
            pay((state.baron[0],), roads, f"Robber Baron, {roads} completed roads", "KR-02",
                BARON)
    return EndScore(tuple(points), tuple(payments))


__all__ = ["leaders", "EndScore", "Payment", "Completion", "completed_this_turn", "end_scoring",
           "feature_points", "subset_sums", "neighbours", "majority", "KING", "BARON"]
