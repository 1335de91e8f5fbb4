"""The pictures and sentences of the Zyrcan lesson (notebooks/10-zyrcan.ipynb, issue 19).

Every cell of the lesson calls one function here; each returns a static picture
(:class:`~boardlib.svg.SVGPicture`, no widget: a long Voila page keeps its widgets for the
boards a learner clicks) or a sentence in the board's words (Red, Blue, Yellow).

* :func:`game_in_progress` — a mid-game position with its parts labelled (the opening);
* :func:`one_turn` — one whole turn, as a diagram of steps with their rule IDs;
* :func:`board_sizes` (ZY-02), :func:`fleet_words` (ZY-03), :func:`straight_lines`
  (ZY-07), :func:`attack_picture` and :func:`explained` (ZY-09 … ZY-15): a rule drawn on
  a board, or said in a sentence, instead of a printed Python value.

Every position and number comes from the engine (``position``, ``targets``, ``landing``,
the teacher's explanations); nothing here decides a rule.
"""
from __future__ import annotations

from typing import Any, Sequence
from xml.etree import ElementTree as ET

from boardlib.core.bots import GreedyBot
from boardlib.core.teaching import Mark, Teacher, plural, teacher
from boardlib.grids.hex import Hex, line
from boardlib.svg import INK, Drawing, SVGPicture, seat
from boardlib.svg.diagram import Step, turn_diagram, wrap
from boardlib.svg.marks import EXPLAIN, MarkLayer

from .draw import RESERVE_WIDTH, draw_svg, hex_id
from .guided import opening
from .rules import ATTACK, ENGINE_TYPES, Attack, Pass, ZyrcanGame, ZyrcanState
from .teaching import direction_words

SVG_NS = ' xmlns="http://www.w3.org/2000/svg"'
LEGEND_WIDTH = 380.0
LEGEND_FONT = 13.0
LEGEND_CHARS = 44
CALLOUT = "#374151"
BADGE_OFFSET = 15.0
MID_GAME_ATTACKS = 6   # attacks played after the guided game's placements


def lesson_teacher(game: Any) -> Teacher:
    """The engine's teacher, naming seats as the boards do (Red, Blue, Yellow ...)."""
    return teacher(game, lambda player: seat(player).name)


# --- composing pictures ----------------------------------------------------------------------

def nested(svg: str, x: float, y: float, scale: float = 1.0,
           crop_right: float = 0.0) -> ET.Element:
    """A board's SVG as an element placed at ``(x, y)`` of another picture, scaled by
    ``scale``, with ``crop_right`` units of its right side cut off."""
    root = ET.fromstring(svg.replace(SVG_NS, "", 1))
    min_x, min_y, width, height = map(float, root.get("viewBox", "0 0 0 0").split())
    pixels = float(root.get("width", width)) / width if width else 1.0
    width -= crop_right
    root.set("viewBox", f"{min_x:.2f} {min_y:.2f} {width:.2f} {height:.2f}")
    root.set("width", f"{width * pixels * scale:.2f}")
    root.set("height", f"{height * pixels * scale:.2f}")
    root.set("x", f"{x:.2f}")
    root.set("y", f"{y:.2f}")
    return root


def size_of(svg: str) -> tuple[float, float]:
    root = ET.fromstring(svg.replace(SVG_NS, "", 1))
    return float(root.get("width", 0)), float(root.get("height", 0))


def hex_centers(svg: str) -> dict[str, tuple[float, float]]:
    """The centre of every clickable hex of a board's SVG (``hex_q_r`` -> (x, y)), read
    from its cell's polygon: a picture labels what the board drew, where it drew it."""
    root = ET.fromstring(svg.replace(SVG_NS, "", 1))
    centers = {}
    for group in root.iter("g"):
        ident = group.get("id", "")
        cell = group.find("polygon")
        if ident.startswith("hex_") and cell is not None:
            points = [tuple(map(float, p.split(","))) for p in cell.get("points", "").split()]
            centers[ident] = (sum(p[0] for p in points) / len(points),
                              sum(p[1] for p in points) / len(points))
    return centers


class Callout:
    """A label beside a board: ``text`` (wrapped), pointing at ``at`` (a hex, or ``None``
    for a note without a pointer)."""

    def __init__(self, text: str, at: Hex | None = None) -> None:
        self.text, self.at = text, at


def labelled(board: str, callouts: Sequence[Callout], *, title: str) -> SVGPicture:
    """``board`` with a column of labels on its right, each joined to its hex by a line
    ending in a dot (numbered, so a label is found without following the line)."""
    board_width, board_height = size_of(board)
    centers = hex_centers(board)
    blocks = [wrap(c.text, LEGEND_CHARS) for c in callouts]
    line_height = LEGEND_FONT * 1.35
    needed = sum(len(b) * line_height + 14 for b in blocks) + 30
    height = max(board_height, needed)
    width = board_width + LEGEND_WIDTH
    d = Drawing(width, height, title=title, kind="zyrcan-labelled", pixel_width=width)
    d.rect(None, 0, 0, width, height, fill="#ffffff")
    d.root.append(nested(board, 0, 0))
    left = board_width + 40
    y = 30.0
    for number, (callout, block) in enumerate(zip(callouts, blocks), 1):
        top = y
        d.circle(None, left - 18, top, 10, fill=CALLOUT)
        d.text(None, left - 18, top, str(number), size=11, weight="bold", fill="#ffffff")
        for row, text in enumerate(block):
            d.text(None, left, top + row * line_height, text, size=LEGEND_FONT,
                   anchor="start", fill=INK)
        target = centers.get(hex_id(callout.at)) if callout.at is not None else None
        if target is not None:
            # the badge sits on the hex's upper right, clear of the ship's number
            tx, ty = target[0] + BADGE_OFFSET, target[1] - BADGE_OFFSET
            d.line(None, (left - 28, top), (tx, ty), stroke=CALLOUT, stroke_width=1.5,
                   stroke_dasharray="4 3", opacity="0.85")
            d.circle(None, tx, ty, 10, fill=CALLOUT, stroke="#ffffff", stroke_width=1.5)
            d.text(None, tx, ty, str(number), size=11, weight="bold", fill="#ffffff")
        y += len(block) * line_height + 14
    return SVGPicture(d.to_svg(), title)


def side_by_side(boards: Sequence[tuple[str, str]], *, title: str, scale: float = 0.7,
                 crop_right: float = 0.0) -> SVGPicture:
    """Boards in a row, all at the same ``scale`` (so their hexes are the same size), each
    with its label underneath and ``crop_right`` cut off its right side."""
    gap, label_room = 24.0, 30.0
    sizes = [((w - crop_right) * scale, h * scale) for w, h in (size_of(svg) for svg, _ in boards)]
    tallest = max(h for _, h in sizes)
    total = sum(w for w, _ in sizes) + (len(boards) - 1) * gap
    d = Drawing(total, tallest + label_room, title=title, kind="zyrcan-row",
                pixel_width=total)
    d.rect(None, 0, 0, total, tallest + label_room, fill="#ffffff")
    x = 0.0
    for (svg, label), (width, height) in zip(boards, sizes):
        d.root.append(nested(svg, x, tallest - height, scale, crop_right))
        d.text(None, x + width / 2, tallest + label_room / 2, label, size=15, fill=INK)
        x += width + gap
    return SVGPicture(d.to_svg(), title)


# --- the opening: a game in progress, one turn -----------------------------------------------

def mid_game() -> ZyrcanState:
    """A typical position: the guided game's opening, its placements finished and
    :data:`MID_GAME_ATTACKS` attacks played by seeded greedy bots; Red to move."""
    state = opening()
    bots = [GreedyBot(seed) for seed in (1, 2, 3)]
    attacks = 0
    while attacks < MID_GAME_ATTACKS or state.current_player != 0:
        state = state.apply(bots[state.current_player].choose(state))
        assert isinstance(state, ZyrcanState) and not state.is_terminal()
        attacks += state.phase == ATTACK and len(state.ships()) < 36
    return state


def showcase_attack(state: ZyrcanState) -> Attack:
    """The attack the opening picture shows: of Red's attacks with a ship that flies over
    at least one hex (2 or 3 engines), the one that lands nearest the middle of the board
    (clear of the labels at its edge), then destroys the most engines."""
    hexes = state.game.hexes
    middle_q = sum(h.q for h in hexes) / len(hexes)
    middle_r = sum(h.r for h in hexes) / len(hexes)

    def key(move: Attack) -> tuple[float, int]:
        end = state.targets(move.origin)[move.direction]
        victim = state.ship_at(end)
        assert victim is not None
        dq, dr = end.q - middle_q, end.r - middle_r
        return (abs(dq) + abs(dr) + abs(dq + dr)) / 2, -victim.engines

    attacks = [m for m in state.legal_moves() if isinstance(m, Attack)]
    long = [m for m in attacks if (ship := state.ship_at(m.origin)) and ship.engines > 1]
    return min(long or attacks, key=key)


def game_in_progress() -> SVGPicture:
    """The mid-game position with Red's best attack selected, its parts labelled: a
    ship and its engines, the hexes it can hit, the attack, an empty hex, the fleets."""
    state = mid_game()
    move = showcase_attack(state)
    targets = state.targets(move.origin)
    ship = state.ship_at(move.origin)
    assert ship is not None
    end = targets[move.direction]
    victim = state.ship_at(end)
    assert victim is not None
    # another outlined target than the attacked one, so that labels 2 and 3 do not meet
    other_target = next((h for h in targets.values() if h != end), end)
    flown = line(move.origin, move.direction, ship.engines)[:-1]
    empty = next((h for h in flown if state.ship_at(h) is None), None) or next(
        h for h in sorted(state.game.hexes, key=lambda h: h.distance(move.origin))
        if state.ship_at(h) is None)
    marks = MarkLayer((Mark("from", move.origin, 0), Mark("to", end, 0)), EXPLAIN)
    board = draw_svg(state, move.origin, targets.values(), marks=marks)
    totals = ", ".join(f"{seat(p).name} {state.engines(p)}"
                       for p in range(state.game.num_players))
    callouts = [
        Callout(f"Red's ship with {plural(ship.engines, 'engine')}: the number is its engines, "
                "its speed and what it is worth (ZY-03, ZY-04).", move.origin),
        Callout("The hexes it can hit, outlined: straight on, exactly its engine count "
                "away, on an enemy ship (ZY-07, ZY-08).", other_target),
        Callout(f"The attack: it flies there and destroys {seat(victim.owner).name}'s "
                f"{victim.engines}-engine ship, taking its hex (ZY-10).", end),
        Callout("An empty hex" + (" it flies over" if empty in flown else "")
                + ": ships fly over anything, friend or foe, but land only on an enemy "
                "(ZY-09, ZY-10).", empty),
        Callout(f"Engines on the board: {totals}. When a player cannot attack the game "
                "ends, and most engines wins (ZY-12, ZY-13).", None),
        Callout("Fleets: Red circles, Blue squares, Yellow triangles — shape and colour "
                "both tell them apart.", None),
    ]
    return labelled(board, callouts, title="A Zyrcan game in progress, labelled")


TURN = (   # details of at most three lines of about 20 characters fit a box
    Step("Place a ship", "12 rounds first: put a ship on an empty hex", "ZY-05"),
    Step("Pick your ship", "then each turn: one of your own ships", "ZY-06"),
    Step("Fly straight", "6 ways, as far as its engines, over all", "ZY-07/08/09"),
    Step("Destroy", "land on an enemy ship: it is gone", "ZY-10"),
    Step("Or pass", "no attack? then pass, and the game ends", "ZY-12"),
)


def one_turn() -> SVGPicture:
    """One whole turn of Zyrcan, placement and attack, as numbered steps (ZY-05 … ZY-14)."""
    return turn_diagram(TURN, title="One turn of Zyrcan",
                        loop="the next player's turn: one whole move each (ZY-14)")


# --- rule sections ---------------------------------------------------------------------------

def board_sizes() -> SVGPicture:
    """ZY-02: the empty boards for three, four and five players, with their hex counts."""
    boards = []
    for players in (3, 4, 5):
        state = ZyrcanGame(players=players).new_initial_state()
        boards.append((draw_svg(state, caption=False),
                       f"{players} players: {len(state.game.hexes)} hexes"))
    # the column of ships still to place is the same on every board: cut off
    return side_by_side(boards, title="Zyrcan boards for 3, 4 and 5 players",
                        crop_right=RESERVE_WIDTH)


def fleet_words(state: ZyrcanState, player: int) -> "Words":
    """ZY-03: what ``player`` still has to place, in a sentence."""
    reserve = state.reserve(player)
    kinds = ", ".join(f"{reserve[e]} with {e} engine{'s' * (e != 1)}" for e in ENGINE_TYPES)
    engines = sum(e * reserve[e] for e in ENGINE_TYPES)
    return Words(f"{seat(player).name}'s fleet: {sum(reserve.values())} ships — {kinds}; "
                 f"{engines} engines in all (ZY-03).")


def straight_lines(state: ZyrcanState, origin: Hex) -> SVGPicture:
    """ZY-07, ZY-08: the six straight flights of the ship on ``origin``, each exactly its
    engine count long; an arrow to every landing hex on the board."""
    ship = state.ship_at(origin)
    assert ship is not None
    marks = [Mark("from", origin, ship.owner)]
    for direction in range(6):
        end = state.game.landing(origin, ship.engines, direction)
        if end is not None:
            marks += [Mark("path", h, ship.owner) for h in line(origin, direction,
                                                                ship.engines)[:-1]]
            marks.append(Mark("to", end, ship.owner))
    return SVGPicture(draw_svg(state, show_coordinates=True,
                               marks=MarkLayer(tuple(marks), EXPLAIN)), "Zyrcan board")


def attack_picture(state: ZyrcanState, move: Any, *, after: bool = False,
                   **kwargs: Any) -> SVGPicture:
    """``move`` drawn with every mark its explanation shows (the flight, the hexes
    counted, the ships flown over, the ship destroyed), on the board before the move (or
    ``after`` it)."""
    steps = lesson_teacher(state.game).explain(state, move)
    marks: list[Mark] = []
    for step in steps:
        marks += [m for m in step.marks if m not in marks and m.kind != "count"]
    shown = state.apply(move) if after else state
    assert isinstance(shown, ZyrcanState)
    kwargs.setdefault("show_coordinates", True)
    return SVGPicture(draw_svg(shown, marks=MarkLayer(tuple(marks), EXPLAIN), **kwargs),
                      "Zyrcan board")


def explained(state: ZyrcanState, move: Any, rules: Sequence[str] = ()) -> "Words":
    """What ``move`` does, rule by rule, in the teacher's words (only the steps of
    ``rules`` if given), one line each ending in its rule ID."""
    steps = lesson_teacher(state.game).explain(state, move)
    return Words("\n".join(f"{step.text} ({step.rule})" for step in steps
                           if not rules or step.rule in rules))




# --- sentences -------------------------------------------------------------------------------

class Words(str):
    """A sentence (or a few lines) that a notebook cell shows as text, not as a Python
    repr: its Markdown is itself, one line a line."""

    def _repr_markdown_(self) -> str:
        return self.replace("\n", "  \n")


def targets_words(state: ZyrcanState, origin: Hex) -> Words:
    """ZY-07 … ZY-10: what the ship on ``origin`` can hit, as the engine's ``targets``
    say, and that passing is all that is left when no ship of the mover can attack."""
    ship = state.ship_at(origin)
    assert ship is not None
    owner = seat(ship.owner).name
    targets = state.targets(origin)
    hits = [f"{seat(v.owner).name}'s {v.engines}-engine ship on {h} "
            f"({direction_words(d)})"
            for d, h in sorted(targets.items()) if (v := state.ship_at(h)) is not None]
    what = (f"{owner}'s {ship.engines}-engine ship on {origin} can hit "
            + (", ".join(hits) if hits else
               f"nothing: no enemy ship lies exactly {plural(ship.engines, 'hex', 'hexes')} "
               "away on a straight line") + " (ZY-07, ZY-08, ZY-10).")
    if all(isinstance(m, Pass) for m in state.legal_moves()):
        what += f"\n{owner} has no attack at all, so the only legal move is to pass (ZY-12)."
    return Words(what)


__all__ = ["Words", "Callout", "TURN", "MID_GAME_ATTACKS", "lesson_teacher", "mid_game",
           "showcase_attack", "game_in_progress", "one_turn", "board_sizes", "fleet_words",
           "straight_lines", "targets_words", "attack_picture", "explained", "labelled",
           "side_by_side", "nested", "size_of", "hex_centers"]
