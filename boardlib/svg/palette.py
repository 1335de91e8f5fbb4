"""One palette for every board: six seat colours, their names, letters and shapes, and the
surfaces each game draws its pieces on.

Seat ``n`` has the same colour, name, letter and shape in every game (player 0 is Red
everywhere). The colours are six of the eight Okabe–Ito colours, chosen and ordered by
``tests/widgets/test_palette.py``, which simulates deuteranopia, protanopia and tritanopia
(Machado, Oliveira and Fernandes 2009, severity 1) and measures CIEDE2000 differences:

* any two seat colours differ by at least :data:`SEAT_DIFFERENCE` under normal vision and
  under each simulation. No six Okabe–Ito colours do better (12.25 is the best); the order
  makes the first three seats (the smallest games) the most distinct (23.8);
* every seat colour differs from every surface in :data:`SURFACES` by at least
  :data:`SURFACE_DIFFERENCE`, so a piece never melts into the field it stands on.

Colour is never the only cue: every piece also shows its seat's letter or shape
(:func:`boardlib.svg.Drawing.seat_token`). Black is left out: it looked like Carcassonne's
tunnel openings (issue 17).
"""
from __future__ import annotations

from typing import Mapping, NamedTuple


class Seat(NamedTuple):
    """How seat ``index`` looks on every board."""

    index: int    # type: ignore[assignment]  # (a field named like tuple.index: public)
    name: str     # the colour's name: the board calls the player by it ("Red to move")
    color: str    # fill, #rrggbb
    ink: str      # text drawn on that fill: black or white, whichever contrasts more (WCAG)
    letter: str   # one capital, unique among the seats
    shape: str    # one of SHAPES, unique among the seats


SHAPES = ("circle", "square", "triangle", "diamond", "cross", "star")
"""Shapes :meth:`Drawing.seat_token` can draw, in seat order."""

SEATS: tuple[Seat, ...] = (
    Seat(0, "Red", "#D55E00", "#000000", "R", "circle"),        # Okabe–Ito vermillion
    Seat(1, "Blue", "#0072B2", "#ffffff", "B", "square"),
    Seat(2, "Yellow", "#F0E442", "#000000", "Y", "triangle"),
    Seat(3, "Sky", "#56B4E9", "#000000", "S", "diamond"),       # sky blue
    Seat(4, "Pink", "#CC79A7", "#000000", "P", "cross"),      # reddish purple
    Seat(5, "Green", "#009E73", "#000000", "G", "star"),        # bluish green
)

SEAT_DIFFERENCE = 12.0
"""Least CIEDE2000 difference between two seat colours, in every simulated vision."""
SURFACE_DIFFERENCE = 10.0
"""Least CIEDE2000 difference between a seat colour and a surface, in every simulated vision.
Lower than between seats: a piece also has a dark outline against its surface."""

SURFACES: Mapping[str, Mapping[str, str]] = {
    "zyrcan": {"background": "#fdfcf8", "hex": "#f3efe4", "target": "#fef9b3"},
    "section_x": {"ocean": "#cfe3f0", "island": "#d2cfac", "gate": "#8fcf7f",
                  "tunnel": "#5b4a3a", "channel": "#faf2e0", "background": "#fdfcf8"},
    "carcassonne": {"field": "#9ccc65", "road": "#fafafa", "city": "#9e6f4c",
                    "cloister": "#6c5b7b"},
    "room25": {"green room": "#b7e4c7", "yellow room": "#faf9ad", "red room": "#f4a6a6",
               "blue room": "#a9cce3", "hidden room": "#6b7280"},
}
"""What pieces stand on, per game. A game's drawing takes its surface colours from here (the
palette test checks them); Section X, Carcassonne and Room 25 adopt them when they are
drawn through :mod:`boardlib.svg`."""

INK = "#1a1a1a"          # outlines and text on light surfaces
HINT = "#7c3aed"         # a hint's outline (violet, like the hint text)
SELECTED = "#111111"     # the outline of a selected piece


def seat(player: int) -> Seat:
    """The look of seat ``player`` (seats beyond six reuse the colours, with a number)."""
    base = SEATS[player % len(SEATS)]
    if player < len(SEATS):
        return base
    return base._replace(index=player, name=f"{base.name} {player // len(SEATS) + 1}")


def seat_names(count: int) -> tuple[str, ...]:
    return tuple(seat(p).name for p in range(count))


def seat_colors(count: int = len(SEATS)) -> tuple[str, ...]:
    return tuple(seat(p).color for p in range(count))


__all__ = ["Seat", "SEATS", "SHAPES", "SURFACES", "SEAT_DIFFERENCE", "SURFACE_DIFFERENCE",
           "INK", "HINT", "SELECTED", "seat", "seat_names", "seat_colors"]
