"""Pictures for the Room 25 lesson (notebook 40): static SVG, one call per cell.

Every picture of a position is drawn as one named seat knows the complex (R25-I4: a
face-down room that seat has not seen is a grey "?"), and says so in its legend. The words
under a board are the engine's own (the teacher's steps, :mod:`boardlib.room25.teaching`)
or sentences a cell passes; nothing is computed here that the engine does not compute.

* :func:`scene` -- a position with marks and a few lines of text under it;
* :func:`after` -- plays moves and draws the result with the teacher's marks and steps
  (what each move caused, rule by rule, as the viewer may know it);
* :func:`game_in_progress` -- the opening's mid-game picture with its parts labelled;
* :func:`one_turn` and :func:`phases` -- the turn as a diagram (R25-06 ... R25-10);
* :func:`countdown` and :func:`turn_order` -- R25-02 and R25-03 drawn, not printed;
* :func:`composition` -- a list of rooms as tiles (R25-37, R25-I1).

Static pictures, not widgets: a long lesson page keeps its widget count low (Voila).
This module draws; it holds no rule (it reads the engine's positions and events).
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import boardlib
from boardlib.core.teaching import Mark, teacher
from boardlib.svg import INK, Drawing, SVGPicture, seat
from boardlib.svg.diagram import Step, turn_diagram, wrap
from boardlib.svg.marks import EXPLAIN, MarkLayer

from .complex import EXIT_ZONES, POS_INDEX
from .draw import (CAPTION_HEIGHT, CELL, EDGE, ICONS, PLAYER_NAMES, SHORT, TRACK_HEIGHT,
                   draw_svg, room_fill, room_spot)
from .game import Room25Game
from .scenarios import play, position, program
from .state import Room25State
from .teaching import Room25Teacher
from .turn import PHASES

LINE_HEIGHT = 17.0
TEXT_SIZE = 12.5
CHARS_PER_LINE = 80
MUTED = "#374151"
PANEL = "#f4f1e8"


def seat_name(player: int) -> str:
    """A seat's colour name, as the boards call it ("Red", "Blue" ...)."""
    return PLAYER_NAMES[player % len(PLAYER_NAMES)]


def place(name: str) -> int:
    """A place's number (0 = a1 ... 24 = e5) from its name."""
    return POS_INDEX[name]


def size_of(svg: str) -> tuple[float, float]:
    """The width and height of an SVG's viewBox."""
    match = re.search(r'viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"', svg)
    assert match is not None, "an SVG from boardlib.svg has a viewBox"
    return float(match.group(3)), float(match.group(4))


def nest(svg: str, x: float, y: float) -> str:
    """``svg`` placed at ``(x, y)`` inside another picture."""
    return svg.replace("<svg ", f'<svg x="{x:g}" y="{y:g}" ', 1)


def with_inner(outer: str, *inner: str) -> str:
    """``outer`` with the pictures ``inner`` drawn on top of it."""
    head, _, _ = outer.rpartition("</svg>")
    return head + "".join(inner) + "</svg>"


def text_lines(says: Iterable[str]) -> list[str]:
    """Sentences wrapped to the width of a board."""
    lines: list[str] = []
    for sentence in says:
        lines += wrap(sentence, CHARS_PER_LINE) or [""]
    return lines


def under(board: str, says: Sequence[str], title: str) -> SVGPicture:
    """``board`` with the sentences ``says`` written under it (inside the picture, so Voila
    shows them too)."""
    width, height = size_of(board)
    lines = text_lines(says)
    if not lines:
        return SVGPicture(board, "Room 25")
    extra = 12.0 + LINE_HEIGHT * len(lines)
    d = Drawing(width, height + extra, title=title, kind="room25-lesson", pixel_width=width)
    d.rect(None, 0, height, width, extra, fill=PANEL)
    for row, line in enumerate(lines):
        d.text(None, 14.0, height + 6.0 + LINE_HEIGHT * (row + 0.5), line, size=TEXT_SIZE,
               anchor="start", fill=INK)
    return SVGPicture(with_inner(d.to_svg(), nest(board, 0, 0)), "Room 25")


def scene(state: Room25State, viewer: int | None = 0, *, marks: Iterable[Mark] = (),
          says: Sequence[str] = (), **draw: Any) -> SVGPicture:
    """``state`` as ``viewer`` knows it (``None``: public facts only), with ``marks`` drawn
    over it and the sentences ``says`` under it. Other keywords go to ``draw_svg``
    (``reveal_all``, ``show_slides``, ``caption`` ...)."""
    layer = MarkLayer(tuple(marks), EXPLAIN)
    board = draw_svg(state, viewer, marks=layer, **draw)
    return under(board, says, "Room 25 complex")


def bystander(state: Room25State, rule: str, text: str) -> bool:
    """A lesson's bystanders' lost actions (R25-09: the prepared positions give characters
    without a plan "push, control", lost at once): not the mover's, so left out."""
    c = state.current_character
    return rule == "R25-09" and (c is None or not text.startswith(state.game.names[c]))


def events(state: Room25State, quiet: bool = True, actors: Sequence[int] = (0,)) -> list[str]:
    """What the last move caused, one line per engine event (rule ID first), the names as
    the boards say them; ``quiet``: without the lost actions (R25-09) of characters other
    than ``actors`` (the bystanders of a prepared position)."""
    words = Room25Teacher(state.game, seat_name)
    names = [state.game.names[c] for c in actors]
    lines = []
    for event in state.events:
        text = words.engine_text(event.text)
        if quiet and event.rule == "R25-09" and not any(map(text.startswith, names)):
            continue
        lines.append(f"{event.rule}: {text}")
    return lines


def steps_of(state: Room25State, moves: Sequence[Any], viewer: int | None = 0,
             quiet: bool = True) -> tuple[Room25State, list[Mark], list[str]]:
    """Play ``moves`` (text or moves) from ``state``: the last position, the marks of every
    move and one line per step of the teacher's explanation (rule ID first), as ``viewer``
    may know it (R25-I4); ``quiet``: without the bystanders' lost actions."""
    words = teacher(state.game, seat_name)
    marks: list[Mark] = []
    lines: list[str] = []
    for move in moves:
        if isinstance(move, str):
            move = state.game.parse_move(move)
        later = play(state, move)
        marks += words.marks(state, move, later, viewer=viewer)
        lines += [f"{step.rule}: {step.text}" for step in
                  words.explain(state, move, later, viewer=viewer)
                  if not (quiet and bystander(state, step.rule, step.text))]
        state = later
    return state, marks, lines


def after(state: Room25State, *moves: Any, viewer: int | None = 0,
          says: Sequence[str] = (), **draw: Any) -> SVGPicture:
    """Play ``moves`` and draw the result as ``viewer`` knows it: the moves' marks on the
    board, and under it what each move caused (the engine's events, rule by rule), then
    ``says``."""
    last, marks, lines = steps_of(state, moves, viewer)
    return scene(last, viewer, marks=marks, says=[*lines, *says], **draw)


def side_by_side(*pictures: SVGPicture, gap: float = 16.0) -> SVGPicture:
    """Pictures in a row, in one picture (a cell shows one output)."""
    sizes = [size_of(p.svg) for p in pictures]
    width = sum(w for w, _ in sizes) + gap * (len(pictures) - 1)
    height = max(h for _, h in sizes)
    d = Drawing(width, height, title="Room 25 pictures", kind="room25-lesson",
                pixel_width=width)
    inner, x = [], 0.0
    for picture, (w, _) in zip(pictures, sizes):
        inner.append(nest(picture.svg, x, 0))
        x += w + gap
    return SVGPicture(with_inner(d.to_svg(), *inner), "Room 25")


def route_marks(places: Sequence[int], seat_: int = 0) -> tuple[Mark, ...]:
    """A route over the complex: a dot on every place after the first (R25-13)."""
    return tuple(Mark("path", p, seat_) for p in places[1:])


def refusal(state: Room25State, notation: str) -> str:
    """The engine's refusal of the move ``notation`` in ``state``, as a sentence with its
    rule ID ("" if the move is legal)."""
    problem = state.why_illegal(state.game.parse_move(notation))
    if problem is None:
        return f"“{notation}” is legal."
    return f"“{notation}” is refused: {problem.reason} ({problem.rule})"


# --- the opening: a game in progress, one turn ------------------------------------------------

def mid_game() -> Room25State:
    """A typical Cooperative position, turn 3 of 8: the team spread over the complex, a few
    rooms face up, Red's clue seen (for :func:`game_in_progress`)."""
    game = boardlib.load("room25", mode="cooperative", players=4, seed=1)
    assert isinstance(game, Room25Game)
    state = position(game, rooms={"b3": "empty", "c2": "deadly", "d3": "vortex", "c4": "empty",
                                  "b4": "flooded", "a4": "room25"},
                     face_up=["b3", "c2", "d3"], chars={0: "b3", 1: "c4", 2: "c3", 3: "c3"},
                     turn=3, seen={0: ["b4"]})
    return program(state, {0: "move, look", 1: "look, move", 2: "move", 3: "look"})


LABELS = (
    ("track", "Countdown: turn 3 of 8 (R25-02, R25-10)"),
    ("c3", "Central Room: everyone starts here (R25-21)"),
    ("b3", "Red's Scientist, in a room turned face up (R25-15)"),
    ("c2", "Face up and deadly: whoever enters dies (R25-30)"),
    ("b4", "(Flooded): Red saw it; still face down (R25-14)"),
    ("e5", "Grey ?: face down, Red has not seen it (R25-I4)"),
    ("arrow", "Arrows: slide a row or column with Control (R25-17)"),
    ("a1", "Outer ring: the Exit Zones, where Room 25 hides (R25-04)"),
)
"""The labelled parts of :func:`game_in_progress`: a place (or the track, an arrow) and
its words."""


def game_in_progress() -> SVGPicture:
    """A game in progress as Red knows it, its parts numbered on the board and named beside
    it (issue 19: the lesson's ``## A game in progress``)."""
    state = mid_game()
    board = draw_svg(state, 0)
    width, height = size_of(board)
    panel = 372.0
    d = Drawing(width + panel, height, title="A game of Room 25 in progress, labelled",
                kind="room25-lesson", pixel_width=width + panel)
    d.rect(None, 0, 0, width + panel, height, fill="#ffffff")
    origin = (EDGE, CAPTION_HEIGHT + TRACK_HEIGHT + EDGE)
    spots: list[tuple[float, float]] = []
    for what, _ in LABELS:
        if what == "track":
            spots.append((EDGE + 356.0, CAPTION_HEIGHT + TRACK_HEIGHT / 2))
        elif what == "arrow":
            spots.append((origin[0] + CELL * 1.5 + 26.0, origin[1] - EDGE / 2))
        else:
            spot = room_spot(place(what), origin)
            assert spot is not None
            x, y = spot.center
            spots.append((x + CELL * 0.34, y + CELL * 0.34))
    badges = Drawing(width + panel, height, title="labels", kind="room25-labels",
                     pixel_width=width + panel)
    top = 40.0
    step = (height - top - 20.0) / len(LABELS)
    d.text(None, width + 14.0, 20.0, "The parts of the picture", size=15.0, anchor="start",
           weight="bold", fill=INK)
    for number, ((_, words), (x, y)) in enumerate(zip(LABELS, spots), 1):
        row_y = top + step * (number - 0.5)
        badge(badges, x, y, str(number))
        badge(d, width + 24.0, row_y, str(number))
        for k, line in enumerate(wrap(words, 42)[:2]):
            d.text(None, width + 42.0, row_y + (k - 0.5 * (len(wrap(words, 42)[:2]) - 1)) * 16,
                   line, size=12.5, anchor="start", fill=INK)
    labels = badges.to_svg()
    return SVGPicture(with_inner(d.to_svg(), nest(board, 0, 0), labels), "Room 25")


def badge(d: Drawing, x: float, y: float, text: str) -> None:
    """A numbered label: a dark disc with a white number."""
    d.circle(None, x, y, 11.0, fill="#111827", stroke="#ffffff", stroke_width=2.0)
    d.text(None, x, y, text, size=13.0, weight="bold", fill="#ffffff")


TURN = (
    Step("Programming", "each one lays 1 or 2 tokens face down", "R25-07"),
    Step("First actions", "in turn order: each one's first action", "R25-08"),
    Step("Second actions", "then all second actions, same order", "R25-08"),
    Step("Countdown", "tokens back; first player goes last", "R25-10"),
)
"""One whole turn of Room 25 (R25-06); the details are kept short enough for their boxes."""


def one_turn() -> SVGPicture:
    """The diagram of one whole turn (R25-06 ... R25-10)."""
    return turn_diagram(TURN, title="One turn of Room 25 (before turn 1, each player takes a "
                        "first clue: R25-05)", loop="next turn, until the countdown runs out")


PHASE_DETAILS = {
    "program": "each one, face down; others see the count",
    "exec": "first actions, then second actions",
    "pending": "a room asks: then on with execution",
    "countdown": "tokens back, order turns, one turn less",
}
"""Short words for the engine's phases in :func:`phases` (its ``acts`` are too long for a
box); the first clue (once, before turn 1) and the end are said in the title and the loop."""


def phases() -> SVGPicture:
    """The engine's phases of a turn, as declared in its data (``PHASES``, R25-06): their
    names and rule IDs are the engine's."""
    return turn_diagram([Step(phase.title.capitalize(), PHASE_DETAILS[phase.name], phase.rule)
                         for phase in PHASES if phase.name in PHASE_DETAILS],
                        title="The phases of a turn in the engine (rules.PHASES; the first "
                        "clue comes once, before: R25-05)",
                        loop="next turn, until Room 25 is out or time runs out")


# --- set-up: countdown, turn order, compositions ---------------------------------------------

MODES = ("suspicion", "competition", "team", "cooperative", "solo")


def countdown(modes: Sequence[str] = MODES) -> SVGPicture:
    """The countdown track of each mode, as the engine deals it (R25-02); the 10-turn modes
    show where the alarm cuts in (R25-12)."""
    box, gap, left, top, row = 30.0, 4.0, 120.0, 38.0, 46.0
    width = left + 10 * (box + gap) + 190.0
    height = top + row * len(modes) + 10.0
    d = Drawing(width, height, title="The countdown of each mode", kind="room25-lesson",
                pixel_width=width)
    d.rect(None, 0, 0, width, height, fill="#ffffff")
    d.text(None, 12.0, 18.0, "The countdown (R25-02): one box per turn", size=15.0,
           anchor="start", weight="bold", fill=INK)
    for k, mode in enumerate(modes):
        state = boardlib.load("room25", mode=mode, seed=1).new_initial_state()
        assert isinstance(state, Room25State)
        y = top + row * k
        d.text(None, 12.0, y + box / 2, mode.capitalize(), size=13.0, anchor="start",
               fill=INK)
        for t in range(1, state.last_turn + 1):
            x = left + (t - 1) * (box + gap)
            d.rect(None, x, y, box, box, rx=4.0, fill="#f9fafb", stroke=INK, stroke_width=1.2)
            d.text(None, x + box / 2, y + box / 2, str(t), size=12.0, fill=INK)
        note = (f"{state.last_turn} turns · the alarm can cut it (R25-12)"
                if state.last_turn == 10 else f"{state.last_turn} turns · no alarm")
        d.text(None, left + 10 * (box + gap) + 8.0, y + box / 2, note, size=12.0,
               anchor="start", fill=MUTED)
    return SVGPicture(d.to_svg(), "Room 25")


def turn_order(cases: Sequence[tuple[str, Room25State]]) -> SVGPicture:
    """Each case's characters in their turn order (R25-03), each in its player's shape and
    colour, its name under it, arrows between."""
    step, left, top, row = 118.0, 24.0, 40.0, 96.0
    count = max(len(state.order) for _, state in cases)
    width = left * 2 + step * count
    height = top + row * len(cases)
    d = Drawing(width, height, title="Turn order", kind="room25-lesson", pixel_width=width)
    d.rect(None, 0, 0, width, height, fill="#ffffff")
    d.text(None, 12.0, 18.0, "Turn order (R25-03): who acts first, second ...", size=15.0,
           anchor="start", weight="bold", fill=INK)
    for k, (label, state) in enumerate(cases):
        y = top + row * k
        game = state.game
        d.text(None, 12.0, y + 8.0, label, size=12.5, anchor="start", fill=MUTED)
        for n, c in enumerate(state.order):
            x = left + step * n + step / 2
            owner = game.owner[c]
            d.seat_token(None, seat(owner), x, y + 42.0, 15.0, game.names[c][0])
            d.text(None, x, y + 70.0, f"{n + 1}. {game.names[c]}", size=12.0, fill=INK)
            d.text(None, x, y + 84.0, f"({seat_name(owner)})", size=11.0, fill=MUTED)
            if n:
                d.arrow(None, (x - step + 22.0, y + 42.0), (x - 22.0, y + 42.0), color=INK,
                        width=1.6, head=8.0)
    return SVGPicture(d.to_svg(), "Room 25")


def composition(rooms: Sequence[str], title: str, says: Sequence[str] = ()) -> SVGPicture:
    """The rooms of a composition as tiles, one per kind with its count (R25-37, R25-I1),
    and the sentences ``says`` under them."""
    counts = Counter(rooms).most_common()
    tile, gap, per_row, top = 84.0, 10.0, 7, 36.0
    rows = -(-len(counts) // per_row)
    width = 12.0 * 2 + per_row * (tile + gap)
    height = top + rows * (tile + gap) + 8.0
    d = Drawing(width, height, title=title, kind="room25-lesson", pixel_width=width)
    d.rect(None, 0, 0, width, height, fill="#ffffff")
    d.text(None, 12.0, 18.0, title, size=15.0, anchor="start", weight="bold", fill=INK)
    for k, (kind, n) in enumerate(counts):
        x = 12.0 + (k % per_row) * (tile + gap)
        y = top + (k // per_row) * (tile + gap)
        d.rect(None, x, y, tile, tile, rx=6.0, fill=room_fill(kind), stroke=INK,
               stroke_width=1.2)
        d.text(None, x + tile / 2, y + 20.0, SHORT[kind], size=12.5, weight="bold",
               fill="#111827")
        d.text(None, x + tile / 2, y + 44.0, ICONS[kind], size=18.0, fill="#111827")
        d.text(None, x + tile / 2, y + 68.0, f"\u00d7 {n}", size=14.0, weight="bold",
               fill="#111827")
    return under(d.to_svg(), says, title)


def exit_zone_marks() -> tuple[Mark, ...]:
    """The twelve Exit Zone places, outlined (R25-04)."""
    return tuple(Mark("feature", p) for p in EXIT_ZONES)


__all__ = ["scene", "after", "steps_of", "events", "side_by_side", "route_marks", "refusal",
           "mid_game", "game_in_progress", "LABELS",
           "one_turn", "TURN", "phases", "countdown", "turn_order", "composition",
           "exit_zone_marks", "seat_name", "place", "MODES", "board_card"]


def board_card(state: Room25State | None = None, *, viewer: int | None = None,
               **board: Any) -> Any:
    """A light card: the position's picture (as ``viewer`` knows it; public facts if
    ``None``, R25-I4) and a button that opens it on a live ``Room25Board``: the board's
    widgets are made only when the learner asks (a long lesson page under Voila loses widgets
    when it holds many live boards). Without ``state``, the keywords ``mode``, ``players``,
    ``seed`` ... make a new game, as ``Room25Board`` does."""
    from boardlib.widgets.puzzle import BoardCard

    from .widget import Room25Board

    shown = state
    if shown is None:
        options = {k: board[k] for k in ("mode", "players", "seed", "composition",
                                          "reminder_markers") if board.get(k) is not None}
        made = boardlib.load("room25", **options).new_initial_state()
        assert isinstance(made, Room25State)
        shown = made
    picture = draw_svg(shown, viewer)
    return BoardCard("", picture, lambda: Room25Board(state=state, viewer=viewer, **board),
                     "Try it on the board", "The position on a live board: click to play")
