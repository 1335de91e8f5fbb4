"""Axial hex coordinates (Red Blob Games' guide): ``Hex(q, r)`` with cube ``s = -q - r``.

Hexes are pointy-topped when drawn: rows run left to right. The six
directions have one fixed order, counter-clockwise from east::

    0 E (+1, 0)   1 NE (+1, -1)   2 NW (0, -1)
    3 W (-1, 0)   4 SW (-1, +1)   5 SE (0, +1)

Opposite directions differ by 3. Edge ``(h, d)`` of hex ``h`` is the same edge
as ``(h.neighbor(d), (d + 3) % 6)``. Pixel positions belong to drawing code.
"""
from __future__ import annotations

from typing import Iterable, Iterator, NamedTuple


class Hex(NamedTuple):
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: object) -> "Hex":
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: "Hex") -> "Hex":
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> "Hex":
        return Hex(self.q * k, self.r * k)

    def neighbor(self, direction: int) -> "Hex":
        dq, dr = DIRECTIONS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbors(self) -> tuple["Hex", ...]:
        return tuple(self.neighbor(d) for d in range(6))

    def length(self) -> int:
        return (abs(self.q) + abs(self.r) + abs(self.s)) // 2

    def distance(self, other: "Hex") -> int:
        return (self - other).length()

    def rotate(self, steps: int = 1, center: "Hex | None" = None) -> "Hex":
        """Turn by ``steps`` sixths of a circle counter-clockwise about ``center``."""
        center = center or ORIGIN
        q, r = self.q - center.q, self.r - center.r
        for _ in range(steps % 6):
            q, r = q + r, -q  # cube (q, r, s) -> (-s, -q, -r): E becomes NE
        return Hex(q + center.q, r + center.r)

    def __str__(self) -> str:
        return f"{self.q},{self.r}"

    @classmethod
    def parse(cls, text: str) -> "Hex":
        """Read ``"q,r"`` (as ``str`` writes it); ``ValueError`` otherwise."""
        parts = text.strip().strip("()").split(",")
        if len(parts) != 2:
            raise ValueError(f"a hex is written q,r — not {text!r}")
        return cls(int(parts[0]), int(parts[1]))


ORIGIN = Hex(0, 0)
DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
DIRECTION_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")


def opposite(direction: int) -> int:
    return (direction + 3) % 6


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction from ``a`` to ``b`` if they lie on one straight hex line, else ``None``."""
    d = b - a
    n = d.length()
    if n == 0:
        return None
    for i, step in enumerate(DIRECTIONS):
        if step.scale(n) == d:
            return i
    return None


def line(start: Hex, direction: int, length: int) -> list[Hex]:
    """``length`` hexes from ``start`` (excluded) straight on in ``direction``."""
    dq, dr = DIRECTIONS[direction % 6]
    return [Hex(start.q + dq * k, start.r + dr * k) for k in range(1, length + 1)]


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` from ``center`` (``[center]`` for radius 0)."""
    if radius == 0:
        return [center]
    result = []
    h = center + DIRECTIONS[4].scale(radius)
    for d in range(6):
        for _ in range(radius):
            result.append(h)
            h = h.neighbor(d)
    return result


def spiral(center: Hex, radius: int) -> list[Hex]:
    """All hexes within ``radius``, ring by ring from the centre."""
    return [h for k in range(radius + 1) for h in ring(center, k)]


def hexagon(radius: int, center: Hex = ORIGIN) -> frozenset[Hex]:
    return frozenset(spiral(center, radius))


def offset_to_axial(col: int, row: int) -> Hex:
    """Odd rows shifted half a hex to the right ("odd-r" offset layout)."""
    return Hex(col - (row - (row & 1)) // 2, row)


def bounding_rows(hexes: Iterable[Hex]) -> Iterator[list[Hex]]:
    """The hexes grouped by row (``r``), each row left to right."""
    rows: dict[int, list[Hex]] = {}
    for h in hexes:
        rows.setdefault(h.r, []).append(h)
    for r in sorted(rows):
        yield sorted(rows[r])
