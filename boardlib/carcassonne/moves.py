"""Carcassonne's moves, each declared once with its text (CB-03, CB-04, CB-06, TU-03).

A turn is ``PlaceTile``, then optionally ``PlaceFollower`` and ``PlaceTunnelToken`` in
either order, then ``EndTurn`` (the catalogue's *Engine* line). ``MOVES`` writes and reads
them (``tile 1,0 rot 90``, ``follower road:E+W``, ``token blue 1,0 E``, ``end turn``) and
checks their field types before the rules see them.
"""
from __future__ import annotations

from typing import Any

from boardlib.core import PAIR, FieldKind, MoveSet, TextKind, move

from .tiles import CLOISTER, DIRS, FIELD, HALVES

Pos = tuple[int, int]


class RotationKind(FieldKind):
    """A tile's turn in quarter turns clockwise (0 … 3), written in degrees (``rot 90``)."""

    description = "a quarter-turn count 0 to 3"
    pattern = r"[0-9]{1,4}"

    def parse(self, text: str) -> int:
        degrees = int(text)
        if degrees % 90 or degrees >= 360:
            raise ValueError("rotation must be 0, 90, 180 or 270")
        return degrees // 90

    def write(self, value: Any) -> str:
        return str(90 * int(value))

    def accepts(self, value: Any) -> bool:
        return type(value) is int


class OpeningKind(FieldKind):
    """A tunnel opening ``(x, y, side)``: the tile's place and the edge, written ``x,y S``."""

    description = "an opening x,y and a side N, E, S or W"
    pattern = r"-?[0-9]{1,9},-?[0-9]{1,9} [NESW]"

    def parse(self, text: str) -> tuple[int, int, str]:
        place, side = text.split(" ")
        x, y = place.split(",")
        return int(x), int(y), side

    def write(self, value: Any) -> str:
        x, y, side = value
        return f"{x},{y} {side}"

    def accepts(self, value: Any) -> bool:
        return (type(value) is tuple and len(value) == 3 and type(value[0]) is int
                and type(value[1]) is int and type(value[2]) is str)


def feature_name(text: str) -> str:
    """A feature label with its parts in the engine's order: ``road:W+E`` -> ``road:E+W``."""
    if text == CLOISTER:
        return text
    kind, _, parts = text.partition(":")
    order = HALVES if kind == FIELD else tuple(DIRS)
    names = parts.split("+")
    if not all(p in order for p in names):
        raise ValueError(f"{kind} parts are {', '.join(order)}")
    return f"{kind}:{'+'.join(sorted(names, key=order.index))}"


FEATURE = TextKind(r"(?:city|road|field):[A-Z+]{1,40}|cloister",
                   "a feature such as road:E+W, city:N, field:NL+NR or cloister",
                   parse=feature_name)


@move("tile {position} rot {rotation}", rule="CB-04", position=PAIR, rotation=RotationKind())
class PlaceTile:
    """Lay the drawn tile at ``position`` turned ``rotation`` quarter turns clockwise (CB-04)."""

    position: Pos
    rotation: int


@move("follower {feature}", rule="CB-06", feature=FEATURE)
class PlaceFollower:
    """Put a follower on ``feature`` of the tile just laid, e.g. ``"city:N+E"`` (CB-06)."""

    feature: str


@move("token {colour} {opening}", rule="TU-03",
      colour=TextKind("[a-z]{1,12}", "a colour such as blue"), opening=OpeningKind())
class PlaceTunnelToken:
    """Claim the tunnel opening ``(x, y, side)`` with a token of ``colour`` (TU-03, TU-05)."""

    opening: tuple[int, int, str]
    colour: str


@move("end turn", rule="CB-03")
class EndTurn:
    """Finish the turn: score what it completed and draw the next tile (CB-03)."""


Move = PlaceTile | PlaceFollower | PlaceTunnelToken | EndTurn
END_TURN = EndTurn()
MOVES = MoveSet("Carcassonne", PlaceTile, PlaceFollower, PlaceTunnelToken, EndTurn,
                rule="CB-03")

_PLACE_TILE: dict[tuple[Pos, int], PlaceTile] = {}


def place_tile(pos: Pos, rotation: int) -> "PlaceTile":
    """Shared PlaceTile values: legal-move lists reuse them instead of building new ones."""
    move = _PLACE_TILE.get((pos, rotation))
    if move is None:
        move = _PLACE_TILE[(pos, rotation)] = PlaceTile(pos, rotation)
    return move


__all__ = ["PlaceTile", "PlaceFollower", "PlaceTunnelToken", "EndTurn", "Move", "END_TURN",
           "MOVES", "FEATURE", "RotationKind", "OpeningKind", "feature_name", "place_tile"]


