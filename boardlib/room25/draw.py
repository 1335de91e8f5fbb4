"""Drawing Room 25: a state becomes a deterministic plain-SVG picture (:mod:`boardlib.svg`).

The complex is a 5x5 grid of rooms (row 1 on top, columns a-e), drawn as one player knows it
(``viewer``): a face-down room that player has not seen is grey with a "?" (R25-I4); one they
have seen keeps its colour, a dashed edge and its name in brackets. Every known room shows
its name and an icon, so colour is never the only cue. Characters are their seat's shape in
its colour (:mod:`boardlib.svg.palette`) with the character's initial.

Clickable elements (ids from :mod:`boardlib.svg.ids`), each with a ``<title>`` and an
``aria-label`` in words:

* ``room_<p>``       the room on place ``p`` (0 = a1 … 24 = e5). Classes: ``target`` (a
                     legal move of the selection goes there), ``hint``.
* ``char_<c>``       character ``c``'s piece (``selected``: picked to be pushed, R25-16).
* ``slide_<k>_<d>``  the arrow at the edge that slides line ``k`` (0-4 rows, 5-9 columns)
                     one place, ``d`` = 0 towards the start (left/up), 1 towards the end
                     (R25-17). A "C" marker sits on the arrow of a line slid this turn; the
                     arrow back is greyed (class ``blocked``, R25-19). Central lines have none
                     (R25-18).
* ``action_<k>``     when one click on a room could mean several moves (a character acting on
                     the spot may move or look, R25-I5; a reminder marker, R25-20), a chip
                     under the complex says which: ``k`` indexes :data:`ROOM_ACTIONS`.
* ``cover``          the "pass the screen" cover of hot-seat play (R25-I4).

Above the complex the countdown track (no ids; class ``turn`` and its look) shows the turns
(R25-10), the alarm's cut turns crossed out (R25-12). Same arguments, same bytes.

This module is imported only by widgets and notebooks, never by the rules.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable
from xml.etree.ElementTree import Element

from boardlib.svg import (HINT, INK, SELECTED, SURFACES, BoardSVG, Drawing, SVGPicture,
                          element_id, seat, seat_colors, seat_names)
from boardlib.svg.builder import PieceCache
from boardlib.svg.marks import MarkLayer, Spot, draw_marks

from .rooms import KINDS
from .rules import (CENTRAL_LINES, EXIT_ZONES, LINES, OVER, POS_NAMES, SIZE, Clue, Illusion,
                    Look, Move, Remind, Room25State, Swap, Vision)

PLAYER_COLORS: tuple[str, ...] = seat_colors(6)
PLAYER_NAMES: tuple[str, ...] = seat_names(6)

SURFACE = SURFACES["room25"]
CELL = 100.0                 # a room's side, in the drawing's units (pixels at 1:1)
EDGE = 32.0                  # the strip around the complex that holds the slide arrows
TRACK_HEIGHT = 30.0          # the countdown track above the complex
TRACK_LEFT = 54.0            # its first box, right of its label ("turn" or "ALARM")
CAPTION_HEIGHT = 28.0
CHIPS_HEIGHT = 34.0          # the action chips under the complex (kept when empty: no jumps)
LEGEND_HEIGHT = 20.0
WIDTH = SIZE * CELL + 2 * EDGE
TOKEN_RADIUS = 9.5
BACKGROUND = "#fdfcf8"
MUTED = "#4b5563"            # small print: place names, the legend
GREYED = "#9ca3af"           # an arrow that may not be used now (R25-19)
LOCK_INK = "#7f1d1d"
CONTROL_FILL = "#E69F00"     # the Control marker "C"
TRACK_FILL = {"past": "#d1d5db", "now": "#111827", "next": "#f9fafb", "cut": "#fecaca"}

SHORT = {"central": "Central", "room25": "ROOM 25", "empty": "Empty", "vision": "Vision",
         "control": "Control", "mobile": "Moving", "twin": "Twin", "dark": "Dark",
         "cold": "Cold", "vortex": "Vortex", "prison": "Prison", "illusion": "Illusion",
         "trapped": "Trapped", "flooded": "Flooded", "acid": "Acid", "deadly": "Deadly"}
"""A room's name on the board (the catalogue's full name is in its words)."""
ICONS = {"central": "\u2302", "room25": "\u2605", "empty": "\u25cb", "vision": "\u25c9",
         "control": "\u21c4", "mobile": "\u21bb", "twin": "\u25eb", "dark": "\u25cf",
         "cold": "\u2744", "vortex": "\u229a", "prison": "\u25a6", "illusion": "\u25d0",
         "trapped": "\u26a0", "flooded": "\u2248", "acid": "\u2623", "deadly": "\u2620"}
"""One DejaVu Sans symbol per room kind, under its name: a second cue besides colour."""
DANGER = {"green": "safe", "yellow": "obstacle", "red": "deadly", "blue": "start or exit"}

PLACE_MOVES: tuple[type, ...] = (Clue, Move, Look, Vision, Swap, Illusion, Remind)
"""Every move made by a click on a room alone, first the one a click means by default."""
ROOM_ACTIONS = PLACE_MOVES
"""The room moves an ``action_<k>`` chip chooses between (when more than one is legal)."""
ROOM_ACTION_WORDS: dict[type, str] = {
    Clue: "First clue", Move: "Move", Look: "Look", Vision: "Vision", Swap: "Swap",
    Illusion: "Illusion", Remind: "Reminder marker"}

CSS = (".bl-room25 .click:hover .cell{stroke-width:3.5}"
       ".bl-room25 .slide:hover .arrow{stroke:#111111;stroke-width:2}"
       ".bl-room25 .overlay{pointer-events:none}")

PIECES = PieceCache(size=4096)
"""Drawn pieces (rooms, characters, arrows, the track, the chips) by everything they show."""
PICTURES = PieceCache(size=256)
"""Whole pictures by their key (:func:`draw_svg`)."""


def room_colour(kind: str) -> str:
    """The room's colour group (the box's): green, yellow, red or blue."""
    if kind in ("central", "room25"):
        return "blue"
    return KINDS[kind].colour.split("/")[0].rstrip("?")


def room_fill(kind: str | None) -> str:
    return SURFACE["hidden room"] if kind is None else SURFACE[f"{room_colour(kind)} room"]


def room_id(pos: int) -> str:
    return element_id("room", pos)


def char_id(char: int) -> str:
    return element_id("char", char)


def slide_id(line: int, direction: int) -> str:
    """The arrow of ``Control(line, direction)`` (direction -1 or 1)."""
    return element_id("slide", line, 1 if direction > 0 else 0)


def action_id(kind: type) -> str:
    return element_id("action", ROOM_ACTIONS.index(kind))


COVER_ID = element_id("cover")


def line_words(line: int, direction: int) -> str:
    """``"row 2 left"``, ``"column b down"``: the line and the way it slides."""
    if line < SIZE:
        return f"row {line + 1} {'right' if direction > 0 else 'left'}"
    return f"column {'abcde'[line - SIZE]} {'down' if direction > 0 else 'up'}"


def label_size(text: str) -> float:
    """A font size that fits ``text`` across a room (bold DejaVu Sans is about 0.64 em a
    character): "(Illusion)" is drawn smaller than "Dark"."""
    return min(15.0, round(CELL * 0.88 / (0.64 * max(len(text), 1)), 1))


def room_actions(state: Room25State) -> tuple[type, ...]:
    """The kinds of :data:`PLACE_MOVES` legal now, in that order: the first is what a click on
    a room means unless a chip (``action_<k>``) chose another."""
    kinds = {type(m) for m in state.legal_moves()}
    return tuple(k for k in PLACE_MOVES if k in kinds)


def draw_svg(state: Room25State, viewer: int | None = None, *, selection: Any = None,
             targets: Iterable[int] = (), hint: Any = None, reveal_all: bool = False,
             show_slides: bool = True, cover: str | None = None, caption: bool = True,
             action: type | None = None, marks: MarkLayer | None = None) -> BoardSVG:
    """The complex as SVG (:func:`draw_svg_afresh`, which says what each argument does).

    A board redraws the same position with the same arguments often (a click that only
    picks or drops a selection, a refused move, a reset to a position drawn before), so
    whole pictures are kept in :data:`PICTURES`, by the game, every field of the position
    (``Room25State.content``) and every argument: the same key, the same bytes."""
    targets = tuple(targets)
    key = (state.game, state.content(), viewer, selection, targets, hint, reveal_all,
           show_slides, cover, caption, action, marks)
    try:
        found = PICTURES.get(key)
    except TypeError:               # an argument that cannot be a key: draw it afresh
        return draw_svg_afresh(state, viewer, selection=selection, targets=targets, hint=hint,
                               reveal_all=reveal_all, show_slides=show_slides, cover=cover,
                               caption=caption, action=action, marks=marks)
    if found is None:
        svg = draw_svg_afresh(state, viewer, selection=selection, targets=targets, hint=hint,
                              reveal_all=reveal_all, show_slides=show_slides, cover=cover,
                              caption=caption, action=action, marks=marks)
        found = (str(svg), dict(svg.clickable))
        PICTURES.put(key, found)
    text, clickable = found
    return BoardSVG(text, clickable)        # its own copy of the clickable ids


def draw_svg_afresh(state: Room25State, viewer: int | None = None, *, selection: Any = None,
                    targets: Iterable[int] = (), hint: Any = None, reveal_all: bool = False,
                    show_slides: bool = True, cover: str | None = None, caption: bool = True,
                    action: type | None = None, marks: MarkLayer | None = None) -> BoardSVG:
    """The complex as SVG, as ``viewer`` may see it (``None``: only public facts;
    ``reveal_all``: everything, for teaching). ``selection``: a character picked to be pushed.
    ``targets``: places outlined as legal targets. ``hint``: a move to mark. ``cover``: text
    over the complex (the hot-seat "pass the screen" step, R25-I4): nothing private shows.
    ``caption``: say whose turn it is above the board (a live board's status line says it).
    ``action``: the room move a click means now (one of :data:`ROOM_ACTIONS`); when several
    are legal, chips under the complex choose between them. ``marks``: the last moves' or an
    *Explain* step's marks (:mod:`boardlib.svg.marks`; places 0 … 24, see
    ``boardlib.room25.teaching``), drawn over the rooms and characters.
    """
    if cover is not None:
        viewer, reveal_all, selection, targets, hint, action = None, False, None, (), None, None
        marks = None
    game = state.game
    top = CAPTION_HEIGHT if caption else 0.0
    origin = (EDGE, top + TRACK_HEIGHT + EDGE)
    height = origin[1] + SIZE * CELL + EDGE + CHIPS_HEIGHT + LEGEND_HEIGHT
    title = f"Room 25 complex: {_caption(state)}"
    d = Drawing(WIDTH, height, title=title, kind="room25", css=CSS, pixel_width=WIDTH)
    d.rect(None, 0, 0, WIDTH, height, fill=BACKGROUND)
    if caption:
        d.text(None, EDGE, CAPTION_HEIGHT * 0.55, _caption(state), size=14.0, anchor="start",
               cls="caption")
    _draw_track(d, state, top)
    known = _known(state, viewer, reveal_all)
    outlined = frozenset(targets)
    hint_place = None if cover is not None else _place_of(hint)
    markers: dict[int, tuple[int, ...]] = {}
    for c, m in enumerate(state.marker):          # one marker per character (R25-I6)
        if m >= 0:
            markers[m] = markers.get(m, ()) + (game.owner[c],)
    crowds: dict[int, list[int]] = {}
    for c in range(game.num_chars):
        pos = state.position(c)
        if pos is not None:
            crowds.setdefault(pos, []).append(c)
    for pos in range(SIZE * SIZE):
        tile = state.grid[pos]
        here = tuple(game.names[c] for c in crowds.get(pos, ()))
        look = (pos, known[pos], bool(state.up >> tile & 1), bool(state.locked >> tile & 1),
                markers.get(tile, ()), pos in outlined, pos == hint_place, here, origin)
        d.piece(None, PIECES, ("room", look), _room_drawer(d, look))
    current = state.current_character
    for pos, chars in sorted(crowds.items()):
        for slot, c in enumerate(chars):
            who = (c, game.names[c], game.owner[c], pos, slot, origin, c == current,
                   c == selection)
            d.piece(None, PIECES, ("char", who), _character_drawer(d, who))
    if show_slides:
        _draw_slides(d, state, origin, hint)
    draw_marks(d, marks, lambda at: room_spot(at, origin))
    bottom = origin[1] + SIZE * CELL + EDGE
    if cover is None and not state.is_terminal():
        _draw_chips(d, state, action, bottom)
    d.text(None, WIDTH / 2, bottom + CHIPS_HEIGHT + LEGEND_HEIGHT / 2,
           _legend(viewer, reveal_all or state.phase == OVER),
           size=11.0, fill=MUTED, cls="legend")
    if cover is not None:
        _draw_cover(d, cover, origin)
    return d.to_svg()


def room_spot(at: object, origin: tuple[float, float]) -> Spot | None:
    """Where a mark's place (0 … 24) is drawn: its room's square, just inside the edge
    (``None``: not a place of the complex)."""
    if type(at) is not int or not 0 <= at < SIZE * SIZE:
        return None
    x, y = origin[0] + (at % SIZE) * CELL, origin[1] + (at // SIZE) * CELL
    inset = 6.0
    square = [(x + inset, y + inset), (x + CELL - inset, y + inset),
              (x + CELL - inset, y + CELL - inset), (x + inset, y + CELL - inset)]
    return Spot((x + CELL / 2, y + CELL / 2), square, room_id(at), CELL * 0.42)


def _room_drawer(d: Drawing, look: tuple[Any, ...]) -> Callable[[Element], None]:
    return lambda parent: _draw_room(d, parent, *look)


def _character_drawer(d: Drawing, who: tuple[Any, ...]) -> Callable[[Element], None]:
    return lambda parent: _draw_character(d, parent, *who)


# --- the pieces --------------------------------------------------------------------------

def room_words(pos: int, kind: str | None, face_up: bool, locked: bool, here: tuple[str, ...],
               target: bool, hint: bool, markers: tuple[int, ...] = ()) -> str:
    """A room in words, as its viewer knows it: "b3: Deadly Room (deadly), face up"."""
    if kind is None:
        words = f"{POS_NAMES[pos]}: face-down room, not seen"
    else:
        state_words = "face up" if face_up else "seen, still face down"
        words = (f"{POS_NAMES[pos]}: {KINDS[kind].name} ({DANGER[room_colour(kind)]}), "
                 f"{state_words}")
    if pos in EXIT_ZONES:
        words += ", exit zone"
    if locked:
        words += ", locked"
    if here:
        words += f"; here: {', '.join(here)}"
    if markers:                              # reminder markers lie face up (R25-20)
        words += "; reminder marker of " + ", ".join(seat(p).name for p in markers)
    if target:
        words += " — a target: click it"
    if hint:
        words += " — the hint"
    return words


def _draw_room(d: Drawing, parent: Element, pos: int, kind: str | None, face_up: bool,
               locked: bool, markers: tuple[int, ...], target: bool, hint: bool,
               here: tuple[str, ...], origin: tuple[float, float]) -> None:
    classes = ["room"] + (["target"] if target else []) + (["hint"] if hint else [])
    group = d.clickable(parent, room_id(pos), room_words(pos, kind, face_up, locked, here,
                                                         target, hint, markers),
                        cls=" ".join(classes))
    x, y = origin[0] + (pos % SIZE) * CELL, origin[1] + (pos // SIZE) * CELL
    edge = INK if face_up or kind is None else "#374151"
    d.rect(group, x + 2, y + 2, CELL - 4, CELL - 4, fill=room_fill(kind), stroke=edge,
           stroke_width=3.0 if pos in EXIT_ZONES else 1.5, cls="cell",
           stroke_dasharray=None if face_up else "6 4")
    ink = INK if kind is not None else "#ffffff"
    d.text(group, x + 7, y + 12, POS_NAMES[pos], size=11.0, anchor="start",
           fill=MUTED if kind is not None else "#f3f4f6")
    if locked:
        d.text(group, x + CELL - 7, y + 12, "locked", size=10.0, anchor="end", fill=LOCK_INK,
               weight="bold")
    if kind is None:
        d.text(group, x + CELL / 2, y + 42, "?", size=30.0, weight="bold", fill=ink)
    else:
        name = SHORT[kind] if face_up else f"({SHORT[kind]})"
        d.text(group, x + CELL / 2, y + 30, name, size=label_size(name), weight="bold", fill=ink)
        d.text(group, x + CELL / 2, y + 50, ICONS[kind], size=18.0, fill=ink)
    for k, owner in enumerate(markers):      # reminder markers (R25-20): small seat shapes
        d.seat_token(group, seat(owner), x + CELL - 10 - 13 * k, y + 27, 5.0, "",
                     outline_width=1.0)
    if target:                               # inside the edge, so the name stays readable
        d.rect(group, x + 7, y + 18, CELL - 14, CELL - 24, fill="none", stroke=SELECTED,
               stroke_width=3.0, rx=6.0)
    if hint:
        d.rect(group, x + 11, y + 22, CELL - 22, CELL - 32, fill="none", stroke=HINT,
               stroke_width=3.0, stroke_dasharray="6 3", rx=4.0)


def _draw_character(d: Drawing, parent: Element, c: int, name: str, owner: int, pos: int,
                    slot: int, origin: tuple[float, float], acting: bool,
                    picked: bool) -> None:
    look = seat(owner)
    words = f"{name} ({look.name}) in {POS_NAMES[pos]}"
    if acting:
        words += ", acting now"
    if picked:
        words += " — picked to be pushed: click a room next to it"
    group = d.clickable(parent, char_id(c), words, cls="char" + (" selected" if picked else ""))
    x = origin[0] + (pos % SIZE) * CELL + 17 + 22 * (slot % 4)
    y = origin[1] + (pos // SIZE) * CELL + 70 + 18 * (slot // 4)
    d.seat_token(group, look, x, y, TOKEN_RADIUS, name[0],
                 outline=SELECTED if acting or picked else INK,
                 outline_width=3.0 if acting or picked else 1.0, dashed=picked,
                 label_size=10.0)


def _arrow_points(line: int, direction: int, origin: tuple[float, float]
                  ) -> list[tuple[float, float]]:
    """A triangle in the edge strip, at the end a slide pushes the rooms towards."""
    ox, oy = origin
    far = SIZE * CELL
    if line < SIZE:
        cy = oy + (line + 0.5) * CELL
        base = ox + far + 5 if direction > 0 else ox - 5
        tip = base + (22 if direction > 0 else -22)
        return [(base, cy - 14), (base, cy + 14), (tip, cy)]
    cx = ox + (line - SIZE + 0.5) * CELL
    base = oy + far + 5 if direction > 0 else oy - 5
    tip = base + (22 if direction > 0 else -22)
    return [(cx - 14, base), (cx + 14, base), (cx, tip)]


def _draw_slides(d: Drawing, state: Room25State, origin: tuple[float, float],
                 hint: Any) -> None:
    hinted = (getattr(hint, "line", None), getattr(hint, "direction", None))
    for line in range(2 * SIZE):
        if line in CENTRAL_LINES:
            continue                         # the Central Room's lines never slide (R25-18)
        for direction in (-1, 1):
            arrow = (line, direction, state.shifts[line] == -direction,
                     state.shifts[line] == direction, hinted == (line, direction), origin)
            d.piece(None, PIECES, ("slide", arrow), _slide_drawer(d, arrow))


def _slide_drawer(d: Drawing, arrow: tuple[Any, ...]) -> Callable[[Element], None]:
    return lambda parent: _draw_slide(d, parent, *arrow)


def _draw_slide(d: Drawing, parent: Element, line: int, direction: int, blocked: bool,
                slid: bool, is_hint: bool, origin: tuple[float, float]) -> None:
    """The arrow of one line and way: greyed if the line slid the other way this turn
    (R25-19), with the Control marker if it slid this way (R25-17, R25-27)."""
    words = f"slide {line_words(line, direction)} (Control, R25-17)"
    if slid:
        words += " — slid this way this turn"
    if blocked:
        words += " — not now: slid the other way this turn (R25-19)"
    if is_hint:
        words += " — the hint"
    classes = "slide" + (" blocked" if blocked else "") + (" hint" if is_hint else "")
    group = d.clickable(parent, slide_id(line, direction), words, cls=classes)
    points = _arrow_points(line, direction, origin)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    d.rect(group, min(xs) - 4, min(ys) - 4, max(xs) - min(xs) + 8,
           max(ys) - min(ys) + 8, fill="none", pointer_events="all")
    d.polygon(group, points, fill=GREYED if blocked else "#1f2937",
              stroke=HINT if is_hint else "none",
              stroke_width=3.0 if is_hint else None, cls="arrow")
    if slid:                         # the Control marker (R25-17, R25-27)
        cx, cy = sum(xs) / 3, sum(ys) / 3
        d.circle(group, cx, cy, 9.0, fill=CONTROL_FILL, stroke=INK, stroke_width=1.0)
        d.text(group, cx, cy, "C", size=11.0, weight="bold", fill="#000000")


def _draw_track(d: Drawing, state: Room25State, top: float) -> None:
    left = state.remaining_turns()
    words = (f"{left} turn{'s' * (left != 1)} left" if state.phase != OVER else "game over")
    track = (state.alarm, tuple(track_looks(state)), words, top)
    d.piece(None, PIECES, ("track", track), lambda parent: _draw_track_boxes(d, parent, *track))


def _draw_track_boxes(d: Drawing, parent: Element, alarm: bool, looks: tuple[str, ...],
                      words: str, top: float) -> None:
    """The countdown track (R25-10): one box a turn, the alarm's cut turns crossed out
    (R25-12), and how many turns are left."""
    y = top + 4
    d.text(parent, 6, y + 11, "ALARM" if alarm else "turn", size=11.0,
           anchor="start", weight="bold" if alarm else None,
           fill="#b91c1c" if alarm else MUTED)
    for t, look in enumerate(looks, start=1):
        x = TRACK_LEFT + (t - 1) * 30
        group = d.group(parent, cls=f"turn {look}")
        d.rect(group, x, y, 26, 22, fill=TRACK_FILL[look], rx=3.0,
               stroke="#b91c1c" if look == "cut" else INK,
               stroke_width=2.5 if look == "now" else 1.0)
        d.text(group, x + 13, y + 11, str(t), size=12.0, weight="bold" if look == "now" else None,
               fill="#ffffff" if look == "now" else INK)
        if look == "cut":
            d.line(group, (x + 3, y + 19), (x + 23, y + 3), stroke="#b91c1c", stroke_width=1.8)
    d.text(parent, TRACK_LEFT + len(looks) * 30 + 6, y + 11, words, size=11.0,
           anchor="start", fill=MUTED)


def _draw_chips(d: Drawing, state: Room25State, action: type | None, top: float) -> None:
    kinds = room_actions(state)
    if len(kinds) < 2:
        return
    chosen = action if action in kinds else kinds[0]
    chips = (kinds, chosen, top)
    d.piece(None, PIECES, ("chips", chips), lambda parent: _draw_chip_row(d, parent, *chips))


def _draw_chip_row(d: Drawing, parent: Element, kinds: tuple[type, ...], chosen: type,
                   top: float) -> None:
    """The chips that say what a click on a room means (R25-I5, R25-20)."""
    d.text(parent, EDGE, top + CHIPS_HEIGHT / 2, "A click on a room:", size=12.0,
           anchor="start", fill=MUTED)
    x = EDGE + 118
    for kind in kinds:
        words = ROOM_ACTION_WORDS[kind]
        width = 24 + 7.6 * len(words)
        on = kind is chosen
        group = d.clickable(parent, action_id(kind), f"a click on a room: {words.lower()}"
                            + (" (chosen)" if on else ""), cls="chip" + (" selected" if on else ""))
        d.rect(group, x, top + 5, width, CHIPS_HEIGHT - 10, rx=12.0,
               fill="#1f2937" if on else "#ffffff", stroke=INK, stroke_width=1.5)
        d.text(group, x + width / 2, top + CHIPS_HEIGHT / 2, ("\u2713 " if on else "") + words,
               size=12.0, weight="bold" if on else None, fill="#ffffff" if on else INK)
        x += width + 8


def _draw_cover(d: Drawing, text: str, origin: tuple[float, float]) -> None:
    ox, oy = origin
    lines = text.split("\n")
    group = d.clickable(None, COVER_ID, " ".join(lines), cls="cover")
    d.rect(group, ox - 4, oy + CELL * 0.8, SIZE * CELL + 8, CELL * 3.4, fill="#f9fafb",
           stroke="#111827", stroke_width=2.5, rx=8.0)
    for k, line in enumerate(lines):
        d.text(group, ox + SIZE * CELL / 2, oy + CELL * 2.5 + (k - (len(lines) - 1) / 2) * 28,
               line, size=20.0 if k == 0 else 15.0, weight="bold" if k == 0 else None,
               fill="#111827")


# --- what is known, and words ------------------------------------------------------------

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
    return [state.known_kind(viewer, p) for p in range(25)]


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
    return (f"Turn {state.turn} of {state.last_turn}{' · ALARM' if state.alarm else ''}"
            f" · {phase} · {who}")


def _legend(viewer: int | None, reveal_all: bool) -> str:
    who = "every room shown" if reveal_all else ("public facts" if viewer is None else
                                           f"as {PLAYER_NAMES[viewer % 6]} knows it")
    return f"{who} · grey ? = face down, not seen · (name) = seen, still face down"


def picture(state: Room25State, viewer: int | None = None, **kwargs: Any) -> SVGPicture:
    """A static picture of ``state`` for a notebook cell (same arguments as ``draw_svg``)."""
    return SVGPicture(draw_svg(state, viewer, **kwargs), "Room 25")


__all__ = ["draw_svg", "draw_svg_afresh", "PIECES", "PICTURES", "picture", "track_looks",
           "SVGPicture", "PLAYER_COLORS", "PLAYER_NAMES", "ROOM_ACTIONS", "PLACE_MOVES", "SHORT",
           "ICONS", "room_actions", "room_colour", "room_fill", "room_id", "room_spot",
           "char_id", "slide_id", "action_id", "COVER_ID", "line_words", "label_size",
           "room_words", "LINES"]
