"""Drawing Room 25 with matplotlib: a state becomes a deterministic SVG string.

The complex is drawn as a 5x5 grid of squares (row 1 on top, columns a-e), as
one player sees it (``viewer``): face-down rooms that player has not seen are
grey with a "?" (R25-I4). Every clickable thing carries a stable id the board
widget reports:

* ``room_<p>``        the room on place ``p`` (0 = a1 … 24 = e5)
* ``char_<c>``        character ``c``'s figure
* ``slide_<k>_<d>``   the arrow that slides line ``k`` (0-4 rows, 5-9 columns) one place,
                      ``d`` = 0 towards the start (left/up), 1 towards the end (right/down)
* ``target_<p>``      an outline on a place a legal move of the selection goes to
* ``hint_<p>``        a place marked by a hint

This module is imported only by widgets and notebooks, never by the rules.
"""
from __future__ import annotations

import io
from typing import Any, Iterable

import matplotlib
from matplotlib.backends.backend_svg import FigureCanvasSVG
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Polygon, Rectangle

from .rooms import KINDS
from .rules import (CENTER, CENTRAL_LINES, EXIT_ZONES, LINES, OVER, POS_NAMES, SIZE,
                    Room25State)

SVG_RC = {"svg.hashsalt": "boardlib-room25", "svg.fonttype": "none", "svg.id": None}

# Okabe–Ito colours for the players (colour-vision safe).
PLAYER_COLORS: tuple[str, ...] = ("#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7",
                                  "#56B4E9")
PLAYER_NAMES: tuple[str, ...] = ("Red", "Blue", "Green", "Orange", "Purple", "Sky")
# Room colours follow the box: green safe, yellow obstacle, red deadly, blue start/exit.
ROOM_FILL = {"green": "#b7e4c7", "yellow": "#ffe8a3", "red": "#f4a6a6", "blue": "#a9cce3"}
HIDDEN_FILL = "#6b7280"
SEEN_EDGE = "#111827"
SHORT = {"central": "Central", "room25": "ROOM 25", "empty": "Empty", "vision": "Vision",
         "control": "Control", "mobile": "Moving", "twin": "Twin", "dark": "Dark",
         "cold": "Cold", "vortex": "Vortex", "prison": "Prison", "illusion": "Illusion",
         "trapped": "Trapped", "flooded": "Flooded", "acid": "Acid", "deadly": "Deadly"}


def room_colour(kind: str) -> str:
    colour = KINDS[kind].colour.split("/")[0].rstrip("?")
    if kind in ("central", "room25"):
        colour = "blue"
    return ROOM_FILL.get(colour, "#e5e7eb")


def _add(ax: Any, artist: Any) -> None:
    """Add an artist without the autoscaling bookkeeping (the limits are fixed)."""
    ax.add_artist(artist)


def _xy(pos: int) -> tuple[float, float]:
    """Lower-left corner of a place's square (y up, so row 1 is on top)."""
    return float(pos % SIZE), float(SIZE - 1 - pos // SIZE)


def _arrow(line: int, d: int) -> list[tuple[float, float]]:
    """A small triangle outside the board at the end a slide pushes rooms towards."""
    if line < SIZE:                       # a row: arrows left and right of it
        y = SIZE - 1 - line + 0.5
        x = SIZE + 0.15 if d > 0 else -0.15
        s = 1 if d > 0 else -1
        return [(x, y - 0.22), (x, y + 0.22), (x + s * 0.32, y)]
    x = line - SIZE + 0.5                 # a column: arrows above and below it
    y = -0.15 if d > 0 else SIZE + 0.15
    s = -1 if d > 0 else 1
    return [(x - 0.22, y), (x + 0.22, y), (x, y + s * 0.32)]


def draw_svg(state: Room25State, viewer: int | None = None, *, selection: Any = None,
             targets: Iterable[int] = (), hint: Any = None, reveal_all: bool = False,
             show_slides: bool = True) -> str:
    """The complex as an SVG string, as ``viewer`` may see it (None: only public facts;
    ``reveal_all``: everything, for teaching). ``targets``: places to outline. ``hint``:
    a move to mark (its place, when it has one). Same arguments, same bytes."""
    game = state.game
    known = _known(state, viewer, reveal_all)
    fig = Figure(figsize=(5.4, 6.0), dpi=72)
    FigureCanvasSVG(fig)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(-0.7, SIZE + 0.7)
    ax.set_ylim(-0.75, SIZE + 1.05)
    ax.set_axis_off()
    targets = set(targets)
    for pos in range(25):
        x, y = _xy(pos)
        kind = known[pos]
        t = state.grid[pos]
        face_up = bool(state.up >> t & 1)
        fill = room_colour(kind) if kind else HIDDEN_FILL
        edge = "#111827" if face_up else ("#f9fafb" if kind else "#374151")
        rect = Rectangle((x + 0.04, y + 0.04), 0.92, 0.92, facecolor=fill, edgecolor=edge,
                         linewidth=2.0 if pos in EXIT_ZONES else 1.0,
                         linestyle="solid" if face_up else (0, (3, 2)), gid=f"room_{pos}")
        _add(ax, rect)
        label = SHORT.get(kind, "?") if kind else "?"
        if kind and not face_up:
            label = f"({label})"  # known to this viewer but still face down
        ax.text(x + 0.5, y + 0.62, label, ha="center", va="center", fontsize=9,
                color="white" if not kind else "#111827", fontweight="bold")
        ax.text(x + 0.08, y + 0.86, POS_NAMES[pos], ha="left", va="center", fontsize=6,
                color="#f9fafb" if not kind else "#374151")
        if state.locked >> t & 1:
            ax.text(x + 0.92, y + 0.86, "locked", ha="right", va="center", fontsize=6,
                    color="#7f1d1d")
        for p, m in enumerate(state.marker):
            if m == t:
                _add(ax, Polygon([(x + 0.78 - 0.1 * p, y + 0.1), (x + 0.9 - 0.1 * p, y + 0.1),
                                      (x + 0.84 - 0.1 * p, y + 0.24)], closed=True,
                                     facecolor=PLAYER_COLORS[p % 6], edgecolor="black",
                                     linewidth=0.5))
        if pos in targets:
            _add(ax, Rectangle((x + 0.1, y + 0.1), 0.8, 0.8, fill=False, edgecolor="#111111",
                                   linewidth=2.6, gid=f"target_{pos}"))
    hint_place = _place_of(hint)
    if hint_place is not None:
        x, y = _xy(hint_place)
        _add(ax, Rectangle((x + 0.14, y + 0.14), 0.72, 0.72, fill=False,
                               edgecolor="#7c3aed", linewidth=2.4, linestyle=(0, (2, 2)),
                               gid=f"hint_{hint_place}"))
    # Characters: small discs in their room, coloured by player, with initials.
    current = state.current_character
    crowd: dict[int, int] = {}
    for c in range(game.num_chars):
        pos = state.position(c)
        if pos is None:
            continue
        k = crowd.get(pos, 0)
        crowd[pos] = k + 1
        x, y = _xy(pos)
        cx, cy = x + 0.18 + 0.21 * (k % 4), y + 0.3 - 0.0 * (k // 4)
        ring = 2.4 if (c == current or c == selection) else 0.8
        _add(ax, Circle((cx, cy), 0.1, facecolor=PLAYER_COLORS[game.owner[c] % 6],
                            edgecolor="black", linewidth=ring, gid=f"char_{c}"))
        ax.text(cx, cy, game.names[c][0], ha="center", va="center", fontsize=7,
                color="white", fontweight="bold")
    if show_slides:
        for line in range(10):
            if line in CENTRAL_LINES:
                continue
            for d, code in ((-1, 0), (1, 1)):
                done = state.shifts[line]
                colour = "#9ca3af" if done == -d else "#1f2937"
                _add(ax, Polygon(_arrow(line, d), closed=True, facecolor=colour,
                                     edgecolor="none", gid=f"slide_{line}_{code}"))
    ax.text(SIZE / 2, SIZE + 0.75, _caption(state), ha="center", va="center", fontsize=10)
    ax.text(SIZE / 2, -0.6, _legend(state, viewer), ha="center", va="center", fontsize=7.5,
            color="#374151")
    buffer = io.StringIO()
    params = matplotlib.rcParams
    saved = {key: params[key] for key in SVG_RC}
    params.update(SVG_RC)
    try:
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    finally:
        params.update(saved)
    return buffer.getvalue()


def _known(state: Room25State, viewer: int | None, reveal_all: bool) -> list[str | None]:
    if reveal_all or state.phase == OVER:
        return [state.kind_at(p) for p in range(25)]
    if viewer is None:
        return [state.kind_at(p) if state.is_face_up(p) else None for p in range(25)]
    return [room["kind"] for room in state.observation(viewer)["rooms"]]


def _place_of(move: Any) -> int | None:
    for attr in ("to", "at"):
        value = getattr(move, attr, None)
        if isinstance(value, int):
            return value
    return None


def _caption(state: Room25State) -> str:
    if state.phase == OVER:
        outcome = state.outcome()
        if outcome is None or not outcome.winners:
            return f"Game over ({outcome.termination if outcome else ''}): nobody wins"
        names = " and ".join(PLAYER_NAMES[p % 6] for p in outcome.winners)
        return f"Game over ({outcome.termination}): {names} win"
    c = state.current_character
    who = state.game.names[c] if c is not None else PLAYER_NAMES[state.current_player % 6]
    phase = {"clue": "first clue", "program": "programming", "exec":
             f"execution, action {state.pass_no}", "pending": "room effect"}[state.phase]
    return (f"Turn {state.turn} · {state.remaining_turns()} left"
            f"{' · ALARM' if state.alarm else ''} · {phase} · {who}")


def _legend(state: Room25State, viewer: int | None) -> str:
    who = "everyone" if viewer is None else PLAYER_NAMES[viewer % 6]
    return f"as {who} sees it · grey ? = face down · (name) = seen, still face down"


class SVGPicture:
    """An SVG string that notebooks display as a picture."""

    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return "<Room 25 picture>"


def picture(state: Room25State, viewer: int | None = None, **kwargs: Any) -> SVGPicture:
    """A static picture of ``state`` for a notebook cell (same arguments as ``draw_svg``)."""
    return SVGPicture(draw_svg(state, viewer, **kwargs))


def slide_id(line: int, direction: int) -> str:
    return f"slide_{line}_{1 if direction > 0 else 0}"


__all__ = ["draw_svg", "picture", "SVGPicture", "PLAYER_COLORS", "PLAYER_NAMES", "room_colour",
           "slide_id", "LINES"]
