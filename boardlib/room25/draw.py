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
* ``turn_<t>``        box ``t`` of the countdown track above the complex (R25-10, R25-12)
* ``shifted_<k>_<d>`` a Control marker: line ``k`` was slid in direction ``d`` this turn
                      (R25-17, R25-27); the opposite arrow is greyed (R25-19)
* ``ready_screen``    the "pass the screen" cover of hot-seat play (R25-I4)

This module is imported only by widgets and notebooks, never by the rules.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable

from matplotlib.backends.backend_svg import FigureCanvasSVG
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.patches import Circle, Polygon, Rectangle
from matplotlib.text import Text
from matplotlib.textpath import text_to_path

from boardlib.legacy_matplotlib import BOARD_CLOSE, BOARD_OPEN, SVGCanvas
from boardlib.svg import SVGPicture

from .rooms import KINDS
from .rules import (CENTRAL_LINES, EXIT_ZONES, LINES, OVER, POS_NAMES, SIZE,
                    Room25State)


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


FIG_W, FIG_H = 5.4, 6.6            # inches
XLIM, YLIM = (-0.7, SIZE + 0.7), (-0.75, SIZE + 1.75)
TRACK_Y = SIZE + 0.62              # the countdown track, between the arrows and the caption
LABEL_SIZE = 9                     # points, for a room's name
# A room's name stays inside the target ring (0.8 wide, drawn 2.6 points thick).
LABEL_ROOM = 0.66 * FIG_W * 72 / (XLIM[1] - XLIM[0])      # points
# Countdown track colours: turns played, the current turn, turns to come, turns the alarm cut.
TRACK_FILL = {"past": "#d1d5db", "now": "#111827", "next": "#f9fafb", "cut": "#fecaca"}
CONTROL_FILL = "#E69F00"


@lru_cache(maxsize=None)
def label_size(text: str) -> float:
    """The font size that fits ``text`` into a room: long names in brackets, such as
    "(Flooded)", are made smaller rather than run over the ring or the room's edge."""
    width, _, _ = text_to_path.get_text_width_height_descent(
        text, FontProperties(size=LABEL_SIZE, weight="bold"), ismath=False)
    return min(LABEL_SIZE, round(LABEL_SIZE * LABEL_ROOM / width, 1)) if width else LABEL_SIZE


class _Board:
    """The figure, one artist per drawable thing, and a cache of rendered SVG pieces.

    A piece (a room in one look, a figure on a place, an arrow, the caption) is drawn
    by matplotlib's SVG renderer the first time it is needed and its text kept; a redraw
    joins cached pieces, so a click costs little once the pieces have been seen.
    """

    def __init__(self) -> None:
        self.fig = Figure(figsize=(FIG_W, FIG_H), dpi=72)
        FigureCanvasSVG(self.fig)
        self.ax = self.fig.add_axes((0.0, 0.0, 1.0, 1.0))
        self.ax.set_xlim(*XLIM)
        self.ax.set_ylim(*YLIM)
        self.ax.set_axis_off()
        self.rect = Rectangle((0, 0), 0.92, 0.92)
        self.label = Text(0, 0, "", ha="center", va="center", fontsize=LABEL_SIZE,
                          fontweight="bold")
        self.place = Text(0, 0, "", ha="left", va="center", fontsize=6)
        self.lock = Text(0, 0, "locked", ha="right", va="center", fontsize=6, color="#7f1d1d")
        self.markers = [Polygon([(0, 0), (1, 0), (0, 1)], closed=True, edgecolor="black",
                                linewidth=0.5) for _ in range(6)]
        # a target ring ends below the place name in the corner (a1 … e5)
        self.target = Rectangle((0, 0), 0.8, 0.7, fill=False, edgecolor="#111111",
                                linewidth=2.6)
        self.hint = Rectangle((0, 0), 0.72, 0.72, fill=False, edgecolor="#7c3aed",
                              linewidth=2.4, linestyle=(0, (2, 2)))
        self.disc = Circle((0, 0), 0.1, edgecolor="black")
        self.initial = Text(0, 0, "", ha="center", va="center", fontsize=7, color="white",
                            fontweight="bold")
        self.arrow = Polygon([(0, 0), (1, 0), (0, 1)], closed=True, edgecolor="none")
        self.caption = Text(SIZE / 2, SIZE + 1.45, "", ha="center", va="center", fontsize=10)
        self.box = Rectangle((0, 0), 0.36, 0.36, linewidth=1.0)
        self.box_text = Text(0, 0, "", ha="center", va="center", fontsize=7.5)
        self.cross = Polygon([(0, 0), (1, 1)], closed=False, edgecolor="#b91c1c",
                             linewidth=1.4, fill=False)
        self.track_label = Text(-0.05, TRACK_Y + 0.18, "", ha="right", va="center",
                                fontsize=7.5, color="#374151")
        self.token = Circle((0, 0), 0.12, facecolor=CONTROL_FILL, edgecolor="black",
                            linewidth=0.8)
        self.token_text = Text(0, 0, "C", ha="center", va="center", fontsize=6.5,
                               fontweight="bold", color="black")
        self.cover = Rectangle((-0.1, 0.6), SIZE + 0.2, SIZE - 1.2, facecolor="#f9fafb",
                               edgecolor="#111827", linewidth=2.0, alpha=0.96)
        self.cover_text = Text(SIZE / 2, SIZE / 2, "", ha="center", va="center", fontsize=12,
                               fontweight="bold", color="#111827", wrap=False)
        self.legend = Text(SIZE / 2, -0.6, "", ha="center", va="center", fontsize=7.5,
                           color="#374151")
        for artist in [self.rect, self.label, self.place, self.lock, *self.markers, self.target,
                       self.hint, self.disc, self.initial, self.arrow, self.caption,
                       self.legend, self.box, self.box_text, self.cross, self.track_label,
                       self.token, self.token_text, self.cover, self.cover_text]:
            artist.set_figure(self.fig)
            artist.set_transform(self.ax.transData)
            artist.set_clip_on(False)
        self._pieces: dict[tuple[Any, ...], str] = {}
        self._canvas = SVGCanvas(FIG_W * 72, FIG_H * 72)
        self._header = self._canvas.header + BOARD_OPEN

    def _piece(self, key: tuple[Any, ...], prepare: Any) -> str:
        piece = self._pieces.get(key)
        if piece is None:
            artists = prepare()
            piece = self._pieces[key] = self._canvas.render(artists)
            if len(self._pieces) > 20_000:  # a long session: start the cache afresh
                self._pieces.clear()
        return piece

    def room(self, pos: int, kind: str | None, face_up: bool, locked: bool,
             markers: tuple[int, ...], target: bool, hint: bool) -> str:
        def prepare() -> list[Any]:
            x, y = _xy(pos)
            self.rect.set_xy((x + 0.04, y + 0.04))
            self.rect.set_facecolor(room_colour(kind) if kind else HIDDEN_FILL)
            self.rect.set_edgecolor("#111827" if face_up else ("#f9fafb" if kind else "#374151"))
            self.rect.set_linewidth(2.0 if pos in EXIT_ZONES else 1.0)
            self.rect.set_linestyle("solid" if face_up else (0, (3, 2)))
            self.rect.set_gid(f"room_{pos}")
            text = SHORT.get(kind, "?") if kind else "?"
            text = f"({text})" if kind and not face_up else text
            self.label.set_text(text)
            self.label.set_fontsize(label_size(text))
            self.label.set_position((x + 0.5, y + 0.62))
            self.label.set_color("#111827" if kind else "white")
            self.place.set_text(POS_NAMES[pos])
            self.place.set_position((x + 0.08, y + 0.86))
            self.place.set_color("#374151" if kind else "#f9fafb")
            # The words on a room click like the room itself (roomlabel_<p>).
            for artist in (self.label, self.place, self.lock):
                artist.set_gid(f"roomlabel_{pos}")
            out: list[Any] = [self.rect]
            if target:     # under the words, so the room's name stays readable
                self.target.set_xy((x + 0.1, y + 0.1))
                self.target.set_gid(f"target_{pos}")
                out.append(self.target)
            if hint:
                self.hint.set_xy((x + 0.14, y + 0.14))
                self.hint.set_gid(f"hint_{pos}")
                out.append(self.hint)
            out += [self.label, self.place]
            if locked:
                self.lock.set_position((x + 0.92, y + 0.86))
                out.append(self.lock)
            for k, p in enumerate(markers):
                tri = self.markers[k]
                left = x + 0.78 - 0.12 * k
                tri.set_xy([(left, y + 0.1), (left + 0.12, y + 0.1), (left + 0.06, y + 0.24)])
                tri.set_facecolor(PLAYER_COLORS[p % 6])
                out.append(tri)
            return out
        return self._piece(("room", pos, kind, face_up, locked, markers, target, hint), prepare)

    def figure(self, c: int, pos: int, slot: int, colour: str, letter: str, ring: bool) -> str:
        def prepare() -> list[Any]:
            x, y = _xy(pos)
            cx, cy = x + 0.18 + 0.21 * (slot % 4), y + 0.3 - 0.22 * (slot // 4)
            self.disc.center = (cx, cy)
            self.disc.set_facecolor(colour)
            self.disc.set_linewidth(2.4 if ring else 0.8)
            self.disc.set_gid(f"char_{c}")
            self.initial.set_position((cx, cy))
            self.initial.set_text(letter)
            return [self.disc, self.initial]
        return self._piece(("char", c, pos, slot, colour, letter, ring), prepare)

    def slide(self, line: int, d: int, greyed: bool) -> str:
        def prepare() -> list[Any]:
            self.arrow.set_xy(_arrow(line, d))
            self.arrow.set_facecolor("#9ca3af" if greyed else "#1f2937")
            self.arrow.set_gid(f"slide_{line}_{1 if d > 0 else 0}")
            return [self.arrow]
        return self._piece(("slide", line, d, greyed), prepare)

    def track_box(self, t: int, look: str, alarm_cut: bool) -> str:
        """Box ``t`` of the countdown track: ``look`` is past, now, next or cut (R25-12)."""
        def prepare() -> list[Any]:
            x = _track_x(t)
            self.box.set_xy((x, TRACK_Y))
            self.box.set_facecolor(TRACK_FILL[look])
            self.box.set_edgecolor("#b91c1c" if look == "cut" else "#111827")
            self.box.set_linewidth(2.2 if look == "now" else 1.0)
            self.box.set_gid(f"turn_{t}")
            self.box_text.set_text(str(t))
            self.box_text.set_position((x + 0.18, TRACK_Y + 0.18))
            self.box_text.set_color("white" if look == "now" else "#111827")
            out: list[Any] = [self.box, self.box_text]
            if look == "cut":
                self.cross.set_xy([(x + 0.04, TRACK_Y + 0.04), (x + 0.32, TRACK_Y + 0.32)])
                out.append(self.cross)
            return out
        return self._piece(("track", t, look, alarm_cut), prepare)

    def control_marker(self, line: int, d: int) -> str:
        """A Control marker on the arrow of the direction line ``line`` slid (R25-17/19)."""
        def prepare() -> list[Any]:
            xs, ys = zip(*_arrow(line, d))
            cx, cy = sum(xs) / 3, sum(ys) / 3
            self.token.center = (cx, cy)
            self.token.set_gid(f"shifted_{line}_{1 if d > 0 else 0}")
            self.token_text.set_position((cx, cy))
            return [self.token, self.token_text]
        return self._piece(("control", line, d), prepare)

    def cover_piece(self, value: str) -> str:
        def prepare() -> list[Any]:
            self.cover.set_gid("ready_screen")
            self.cover_text.set_text(value)
            return [self.cover, self.cover_text]
        return self._piece(("cover", value), prepare)

    def text(self, which: str, value: str) -> str:
        artist = {"caption": self.caption, "legend": self.legend,
                  "track": self.track_label}[which]

        def prepare() -> list[Any]:
            artist.set_text(value)
            return [artist]
        return self._piece((which, value), prepare)

    def svg(self, parts: list[str]) -> str:
        return self._header + "".join(parts) + BOARD_CLOSE


_BOARD: _Board | None = None


def draw_svg(state: Room25State, viewer: int | None = None, *, selection: Any = None,
             targets: Iterable[int] = (), hint: Any = None, reveal_all: bool = False,
             show_slides: bool = True, cover: str | None = None) -> str:
    """The complex as an SVG string, as ``viewer`` may see it (None: only public facts;
    ``reveal_all``: everything, for teaching). ``targets``: places to outline. ``hint``:
    a move to mark (its place, when it has one). ``cover``: a text over the middle of the
    board (the hot-seat "pass the screen" step). Same arguments, same bytes.

    Above the complex the countdown track shows turns 1 … 8 or 10 with the current turn
    filled (R25-10); after the alarm (R25-12) the turns beyond the new last turn are red
    and crossed out. A Control marker "C" sits on the arrow of every line slid this turn,
    pointing the way it went (R25-17, R25-27); the arrow back is greyed (R25-19)."""
    global _BOARD
    if _BOARD is None:
        _BOARD = _Board()
    board = _BOARD
    game = state.game
    known = _known(state, viewer, reveal_all)
    targets = set(targets)
    hint_place = _place_of(hint)
    markers: dict[int, tuple[int, ...]] = {}
    for c, m in enumerate(state.marker):          # one marker per character (R25-I6)
        if m >= 0:
            markers[m] = markers.get(m, ()) + (game.owner[c],)
    parts = []
    for pos in range(25):
        t = state.grid[pos]
        parts.append(board.room(pos, known[pos], bool(state.up >> t & 1),
                                bool(state.locked >> t & 1), markers.get(t, ()),
                                pos in targets, pos == hint_place))
    current = state.current_character
    crowd: dict[int, int] = {}
    for c in range(game.num_chars):
        pos = state.position(c)
        if pos is None:
            continue
        slot = crowd.get(pos, 0)
        crowd[pos] = slot + 1
        parts.append(board.figure(c, pos, slot, PLAYER_COLORS[game.owner[c] % 6],
                                  game.names[c][0], c == current or c == selection))
    if show_slides:
        for line in range(10):
            if line in CENTRAL_LINES:
                continue
            for d in (-1, 1):
                parts.append(board.slide(line, d, state.shifts[line] == -d))
    for line, d in enumerate(state.shifts):
        if d:
            parts.append(board.control_marker(line, d))
    alarm = bool(state.alarm)
    for t, look in enumerate(track_looks(state), start=1):
        parts.append(board.track_box(t, look, alarm))
    parts.append(board.text("track", "ALARM" if alarm else "turn"))
    parts.append(board.text("caption", _caption(state)))
    parts.append(board.text("legend", _legend(state, viewer)))
    if cover is not None:
        parts.append(board.cover_piece(cover))
    return board.svg(parts)


def _track_x(t: int) -> float:
    """Left edge of countdown box ``t`` (1-based): 10 boxes fit over the five columns."""
    return 0.05 + (t - 1) * 0.495


def track_looks(state: Room25State) -> list[str]:
    """How each box of the countdown track looks (R25-10, R25-12): ``past``, ``now``,
    ``next`` or ``cut`` (after the alarm, the turns beyond the new last turn)."""
    out = []
    for t in range(1, state.game.turns + 1):
        if t > state.last_turn:
            out.append("cut")
        elif t != state.turn:
            out.append("past" if t < state.turn else "next")
        else:
            out.append("now")
    return out


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
    return (f"Turn {state.turn} of {state.last_turn} · {state.remaining_turns()} left"
            f"{' · ALARM' if state.alarm else ''} · {phase} · {who}")


def _legend(state: Room25State, viewer: int | None) -> str:
    who = "everyone" if viewer is None else PLAYER_NAMES[viewer % 6]
    return f"as {who} sees it · grey ? = face down · (name) = seen, still face down"


def picture(state: Room25State, viewer: int | None = None, **kwargs: Any) -> SVGPicture:
    """A static picture of ``state`` for a notebook cell (same arguments as ``draw_svg``)."""
    return SVGPicture(draw_svg(state, viewer, **kwargs), "Room 25")


def slide_id(line: int, direction: int) -> str:
    return f"slide_{line}_{1 if direction > 0 else 0}"


__all__ = ["draw_svg", "picture", "track_looks", "SVGPicture", "PLAYER_COLORS", "PLAYER_NAMES",
           "room_colour", "slide_id", "LINES"]
