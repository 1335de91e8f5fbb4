"""Pictures for the Carcassonne lesson (``notebooks/30-carcassonne-tunnel.ipynb``, issue 19).

Every rule section of the lesson shows its rule as a static picture (plain SVG, no widget:
Voila loses widgets on long pages), made here so that a cell calls one function:

* :func:`game_in_progress`: a mid-game position of a seeded bot game with its parts named
  (city, road, field, cloister, followers) beside it;
* :func:`one_turn`: the diagram of one whole turn (CB-03 … CB-10, TU-03);
* :func:`explained`: what a move did, one picture per rule the engine's teacher names
  (a completed feature counted tile by tile, its majority, its points, followers going
  home; at the end every unfinished feature and farm, CB-13 … CB-16, KR-02);
* :func:`farms`: each field in its own colour with the completed cities it borders
  numbered (CB-15), and what each farm rule (``farms=``) pays;
* :func:`refused`: a position with the place of a refused move marked, and the engine's
  refusal with its rule ID; :func:`shown`: a position with sentences under it.

Drawing only: the rules are asked (``why_illegal``, the teacher, ``end_scoring``), never
decided here.
"""
from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import boardlib
from boardlib.core.teaching import Mark, Step, teacher
from boardlib.svg import Drawing, SVGPicture, seat
from boardlib.svg.diagram import Step as TurnStep
from boardlib.svg.diagram import turn_diagram
from boardlib.svg.marks import EXPLAIN, MarkLayer

from .bots import CarcassonneGreedyBot
from .draw import HALF, UNIT, caption, centre, draw_hand, draw_svg, draw_tile, local
from .rules import (CarcassonneGame, CarcassonneState, EndTurn, PlaceFollower, PlaceTile,
                    PlaceTunnelToken, end_scoring, load_state)
from .tiles import CITY, CLOISTER, FIELD, ROAD, TILE_TYPES

PANEL_WIDTH = 400
"""The widest a picture of a figure is shown, in pixels (a tile 60 px wide up to this)."""
LEAST_WIDTH = 220
"""The narrowest a picture of a map is shown, in pixels."""

FIELD_COLOURS = (("#ffd23f", "yellow"), ("#a45ee5", "purple"), ("#38b6ff", "sky blue"),
                 ("#ff7f50", "coral"), ("#00c2a8", "teal"), ("#ff5fa2", "pink"),
                 ("#c0c0c0", "silver"), ("#8b5a2b", "brown"))
"""One colour per field (CB-15), with its name for the words under the picture."""

LEGEND_WIDTH = 330.0


# --- a figure: pictures with words under each -------------------------------------------

def scaled(svg: str, width: int = PANEL_WIDTH) -> str:
    """The SVG shown at most ``width`` pixels wide, keeping its shape."""
    return svg.replace("<svg ", f'<svg style="max-width:{width}px;width:100%;height:auto" ',
                       1)


@dataclass(frozen=True)
class Figure:
    """Pictures side by side, each with its words under it; static HTML (no widget).

    ``panels``: ``(svg, words)``, the svg may be ``""`` (words only)."""

    title: str
    panels: tuple[tuple[str, str], ...]
    width: int = PANEL_WIDTH

    def _repr_html_(self) -> str:
        cells = []
        for svg, words in self.panels:
            # a picture at its own size (60 px a tile), between LEAST_WIDTH and the cap
            width = min(self.width, max(LEAST_WIDTH, round(svg_size(svg)[0]))) if svg else 0
            picture = f"<div>{scaled(svg, width)}</div>" if svg else ""
            size = f"width:{width}px;max-width:100%" if svg else f"max-width:{PANEL_WIDTH}px"
            cells.append(f'<figure style="margin:0 12px 10px 0;{size}">'
                         f"{picture}<figcaption style='font-size:0.92em'>"
                         f"{html.escape(words)}</figcaption></figure>")
        return (f'<div class="boardlib-figure" role="group" aria-label="{html.escape(self.title)}"'
                ' style="display:flex;flex-wrap:wrap;align-items:flex-start">'
                + "".join(cells) + "</div>")

    def __repr__(self) -> str:
        return f"<{self.title} figure>"


def map_svg(state: CarcassonneState, marks: Sequence[Mark] = (), margin: float = 0.6) -> str:
    """The map of ``state`` as a static picture cropped to the land (``margin`` tiles
    around it; nothing to click), with ``marks`` drawn as an *Explain* step's. A tile is
    60 px wide at 1:1."""
    layer = MarkLayer(tuple(marks), EXPLAIN) if marks else None
    svg = str(draw_svg(state, controls=False, marks=layer))
    xs = [x for x, _ in state.board]
    ys = [-y for _, y in state.board]
    left, top = (min(xs) - 0.5 - margin) * UNIT, (min(ys) - 0.5 - margin) * UNIT
    width = (max(xs) - min(xs) + 1 + 2 * margin) * UNIT
    height = (max(ys) - min(ys) + 1 + 2 * margin) * UNIT
    head, rest = svg.split(">", 1)
    head = re.sub(r'viewBox="[^"]*"', f'viewBox="{left:g} {top:g} {width:g} {height:g}"', head)
    head = re.sub(r'\swidth="[^"]*"', f' width="{width:g}"', head, count=1)
    head = re.sub(r'\sheight="[^"]*"', f' height="{height:g}"', head, count=1)
    return head + ">" + rest


def colour_name(player: int) -> str:
    """A seat's colour, the name the board calls it by ("Red")."""
    return seat(player).name


def words_of(state: CarcassonneState, text: str) -> str:
    """The engine's words with the players' colours ("player 0" -> "Red")."""
    return re.sub(r"\b[Pp]layer (\d+)", lambda m: seat(int(m[1])).name, text)


# --- the opening: a game in progress, one turn ----------------------------------------

def bot_game(seed: int = 1, moves: int = 56, tunnel: bool = True) -> CarcassonneState:
    """A position of a seeded two-player game between greedy bots (the same every time)."""
    state = boardlib.load("carcassonne", players=2, seed=seed, tunnel=tunnel).new_initial_state()
    assert isinstance(state, CarcassonneState)
    bots = (CarcassonneGreedyBot(seed=seed), CarcassonneGreedyBot(seed=seed + 10))
    for _ in range(moves):
        if state.is_terminal():
            break
        state = state.apply(bots[state.current_player].choose(state))
    return state


PART_WORDS = {
    CITY: "a city: brown, walled; closed, it scores 2 a tile (CB-09)",
    ROAD: "a road: runs to a crossing, city or cloister (CB-08)",
    FIELD: "a field: green; farmers on it score at the end (CB-15)",
    CLOISTER: "a cloister: 9 points once surrounded (CB-10)",
}
ROLE_WORDS = {CITY: "knight", ROAD: "thief", FIELD: "farmer", CLOISTER: "monk"}


def named_parts(state: CarcassonneState) -> list[tuple[Any, str]]:
    """(place, words) for one feature of each kind on the map (one with a follower if there
    is one), then the tile to lay next."""
    found: dict[str, Any] = {}
    for group in sorted(state.groups.values(),
                        key=lambda g: (not g.followers, min(g.members))):
        found.setdefault(group.kind, group)
    parts: list[tuple[Any, str]] = []
    for kind in (CITY, ROAD, FIELD, CLOISTER):
        if kind not in found:
            continue
        g = found[kind]
        if g.followers:
            node, player = sorted(g.followers)[0]
            parts.append((node, f"{PART_WORDS[kind]}; {seat(player).name}'s "
                                f"{ROLE_WORDS[kind]} on it"))
        else:
            parts.append((min(g.members), PART_WORDS[kind]))
    return parts


def legend_svg(lines: Sequence[str], title: str, extra: Sequence[str] = ()) -> str:
    """A column of numbered badges with their words (the labels of a picture)."""
    from boardlib.svg.diagram import wrap

    rows: list[tuple[int | None, str]] = []
    for number, line in enumerate(lines, 1):
        for k, part in enumerate(wrap(line, 38)):
            rows.append((number if k == 0 else None, part))
    for line in extra:
        rows += [(None, part) for part in wrap(line, 42)]
    height = 40.0 + 19.0 * len(rows)
    d = Drawing(LEGEND_WIDTH, height, title=title, kind="legend")
    d.rect(None, 0, 0, LEGEND_WIDTH, height, fill="#ffffff")
    d.text(None, 8, 16, title, size=15.0, anchor="start", weight="bold")
    for row, (badge, text) in enumerate(rows):
        y = 40.0 + 19.0 * row
        if badge is not None:
            d.circle(None, 18, y, 9.0, fill="#4b5563", stroke="#111111", stroke_width=1.2)
            d.text(None, 18, y, str(badge), size=11.5, weight="bold", fill="#ffffff")
        d.text(None, 34, y, text, size=13.0, anchor="start")
    return str(d.to_svg())


def svg_size(svg: str) -> tuple[float, float]:
    head = svg.split(">", 1)[0]
    width = re.search(r'\swidth="([\d.]+)"', head)
    height = re.search(r'\sheight="([\d.]+)"', head)
    assert width and height, "an SVG with its size"
    return float(width[1]), float(height[1])


def beside(left: str, right: str, title: str, gap: float = 12.0) -> SVGPicture:
    """Two SVG pictures side by side in one SVG (each nested at its own size)."""
    (w1, h1), (w2, h2) = svg_size(left), svg_size(right)
    width, height = w1 + gap + w2, max(h1, h2)
    inner = (left.replace("<svg ", '<svg x="0" y="0" ', 1)
             + right.replace("<svg ", f'<svg x="{w1 + gap:g}" y="0" ', 1))
    return SVGPicture(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} '
                      f'{height:g}" width="{width:g}" height="{height:g}" role="img" '
                      f'aria-label="{html.escape(title)}"><title>{html.escape(title)}</title>'
                      f"{inner}</svg>", title)


def game_in_progress(seed: int = 1, moves: int = 56) -> SVGPicture:
    """A typical mid-game position, its parts numbered on the map and named beside it."""
    state = bot_game(seed, moves)
    parts = named_parts(state)
    marks = [Mark("points", at, None, str(k)) for k, (at, _) in enumerate(parts, 1)]
    lines = [words for _, words in parts]
    extra = ["Beside the map on a live board: the tile in hand, the tunnel tokens and the "
             "score track. Dashed squares are where a tile may go (CB-04).",
             f"Scores now: {seat(0).name} {state.scores[0]}, {seat(1).name} "
             f"{state.scores[1]}; {len(state.deck) - state.drawn} tiles left."]
    legend = legend_svg(lines, "What you see", extra)
    return beside(map_svg(state, marks), legend, "A game in progress, its parts named")


def one_turn() -> SVGPicture:
    """One whole turn, step by step with its rule IDs (CB-03)."""
    return turn_diagram([
        TurnStep("Draw", "Take the next tile from the face-down pile.", "CB-03"),
        TurnStep("Lay it", "Next to the land, every shared edge matching.", "CB-04"),
        TurnStep("Follower?", "You may put one on a free feature of that tile.", "CB-06"),
        TurnStep("Token?", "You may claim a free tunnel opening.", "TU-03"),
        TurnStep("Score", "What the tile finished scores; followers come home.", "CB-07"),
    ], title="One turn of Carcassonne", loop="then the next player draws")


# --- what a move did, rule by rule -------------------------------------------------------

def explained(state: CarcassonneState, move: Any, *, title: str = "",
              rules: Sequence[str] = (), also: Sequence[str] = ()) -> Figure:
    """``move`` (or its notation) from ``state``, one picture per step of the engine's
    explanation that marks something (``rules``: only those rules' steps), each with its
    rule and words; ``also``: sentences after them. Steps after the end (CB-13) are drawn
    on the final position."""
    if isinstance(move, str):
        move = state.game.parse_move(move)
    after = state.apply(move)
    words = teacher(state.game, colour_name)
    panels: list[tuple[str, str]] = []
    ended = False
    last: CarcassonneState | None = None
    for step in words.explain(state, move, after):
        ended = ended or (step.rule == "CB-13" and after.is_terminal())
        if rules and step.rule not in rules:
            continue
        drawn = after if ended else state
        text = words_of(drawn, f"{step.rule} {step.title}: {step.text}")
        if step.marks and drawn is not last:     # say once whose turn it is, and the scores
            text = f"({caption(drawn)}) {text}"
            last = drawn
        svg = map_svg(drawn, step.marks) if step.marks else ""
        field = [m.at for m in step.marks if m.kind == "feature" and is_field(drawn, m.at)]
        if field:                                 # a farm (CB-15): its field coloured
            svg = with_fields(svg, drawn, [field])
        panels.append((svg, text))
    panels += [("", words_of(state, line)) for line in also]
    return Figure(title or f"What {move} did", tuple(panels))


def end_of_game(state: CarcassonneState, *, title: str = "The end scoring") -> Figure:
    """The end scoring of a game ``state`` whose last turn is about to end (``end turn``),
    feature by feature (CB-13 … CB-16, KR-02)."""
    return explained(state, EndTurn(), title=title,
                     rules=("CB-13", "CB-14", "CB-15", "CB-11", "CB-16", "KR-02"))


# --- farms -------------------------------------------------------------------------------

def half_edge_strip(h: int, depth: float = 0.22) -> list[tuple[float, float]]:
    """The strip of a tile along half-edge ``h`` (tile-local, v up), ``depth`` deep."""
    u, v = HALF[h]
    along = (0.25, 0.0) if abs(v) == 0.5 else (0.0, 0.25)
    a = (u - along[0], v - along[1])
    b = (u + along[0], v + along[1])
    keep = 1.0 - 2 * depth
    return [a, b, (b[0] * keep, b[1] * keep), (a[0] * keep, a[1] * keep)]


def field_overlay(state: CarcassonneState, fields: Sequence[Sequence[Any]]) -> str:
    """SVG polygons colouring each field of ``fields`` (each its segments ``((x, y), i)``)
    along its half-edges, in :data:`FIELD_COLOURS` order."""
    from boardlib.svg import num

    shapes = []
    for k, members in enumerate(fields):
        colour = FIELD_COLOURS[k % len(FIELD_COLOURS)][0]
        for (x, y), i in sorted(members):
            letter, r = state.board[(x, y)]
            cx, cy = centre(x, y)
            for h in TILE_TYPES[letter].features[i].edges:
                corners = [local(p, r) for p in half_edge_strip(h)]
                shape = " ".join(f"{num(cx + px)},{num(cy + py)}" for px, py in corners)
                shapes.append(f'<polygon points="{shape}" fill="{colour}" fill-opacity="0.7" '
                              'stroke="#1f2937" stroke-width="0.6"/>')
    return ('<g class="overlay fields" pointer-events="none" aria-hidden="true">'
            + "".join(shapes) + "</g>")


def with_fields(svg: str, state: CarcassonneState, fields: Sequence[Sequence[Any]]) -> str:
    """The map ``svg`` of ``state`` with ``fields`` coloured (:func:`field_overlay`)."""
    cut = svg.rfind("</svg>")
    return svg[:cut] + field_overlay(state, fields) + svg[cut:]


def is_field(state: CarcassonneState, at: Any) -> bool:
    """Is ``at`` a field segment ``((x, y), i)`` of a laid tile?"""
    if not (isinstance(at, tuple) and len(at) == 2 and isinstance(at[0], tuple)):
        return False
    pos, i = at
    if pos not in state.board:
        return False
    features = TILE_TYPES[state.board[pos][0]].features
    return 0 <= i < len(features) and features[i].kind == FIELD


def farms(state: CarcassonneState, *, title: str = "Farms") -> Figure:
    """CB-15: each field with a farmer in its own colour, the completed cities it borders
    numbered on the map; under it, each field's farmers and cities, and what every farm
    rule would pay (``end_scoring`` of the same position under ``farms="3rd"``, ``"1st"``,
    ``"2nd"``)."""
    groups = state.groups
    fields = [g for g in sorted(groups.values(), key=lambda g: min(g.members))
              if g.kind == FIELD and g.followers]
    city_ids: list[int] = []
    for g in fields:
        for node in sorted(g.cities or ()):
            gid = next(k for k, c in groups.items() if node in c.members)
            if groups[gid].done and gid not in city_ids:
                city_ids.append(gid)
    marks = [Mark("count", min(groups[gid].members), None, f"C{k}")
             for k, gid in enumerate(city_ids, 1)]
    svg = with_fields(map_svg(state, marks), state, [g.members for g in fields])
    lines = []
    for k, g in enumerate(fields):
        name = FIELD_COLOURS[k % len(FIELD_COLOURS)][1]
        counts = g.counts()
        who = ", ".join(f"{seat(p).name} {n}" for p, n in sorted(counts.items()))
        touched = sorted({city_ids.index(gid) + 1 for gid in city_ids
                          if any(n in groups[gid].members for n in (g.cities or ()))})
        cities = ", ".join(f"C{c}" for c in touched) or "no completed city"
        lines.append(f"The {name} field: farmers {who}; it borders {cities}.")
    panels = [(svg, " ".join(lines))]
    for version in ("3rd", "1st", "2nd"):
        options = {k: v for k, v in state.game.options.items() if k != "farms"}
        other = boardlib.load("carcassonne", **options, farms=version)
        assert isinstance(other, CarcassonneGame)
        again = load_state(other, state.to_dict())
        points = end_scoring(again).points
        scores = ", ".join(f"{seat(p).name} {n}" for p, n in enumerate(points))
        panels.append(("", f"farms={version!r} (CB-15): {scores}."))
    return Figure(title, tuple(panels))


# --- refusals and positions --------------------------------------------------------------

def move_place(state: CarcassonneState, move: Any) -> Any:
    """Where ``move`` would happen on the map (a tile's place, a follower's feature, an
    opening), or ``None``."""
    if isinstance(move, PlaceTile):
        return move.position
    if isinstance(move, PlaceTunnelToken):
        return move.opening
    if isinstance(move, PlaceFollower) and state.placed is not None:
        index = state.oriented_at(state.placed).label_index.get(move.feature)
        return None if index is None else (state.placed, index)
    return None


def refused(state: CarcassonneState, *moves: str, title: str = "", hand: bool = False,
            also: Sequence[str] = ()) -> Figure:
    """``state`` with the place of each move marked and what the engine says of it: its
    refusal with the rule ID, or that it is legal (with ``hand``: the tile in hand, token
    sets and score track beside the map); ``also``: sentences after them."""
    marks = []
    lines = []
    for text in moves:
        move = state.game.parse_move(text)
        problem = state.why_illegal(move)
        at = move_place(state, move)
        if at is not None:
            marks.append(Mark("over", at, None if problem else state.current_player))
        verdict = (f"refused: {problem.reason} ({problem.rule})" if problem else "legal.")
        lines.append(words_of(state, f"“{text}”: {verdict}"))
    svg = map_svg(state, marks)
    if hand:
        svg = beside(svg, str(draw_hand(state, controls=False)), "map and hand").svg
    lines += [words_of(state, line) for line in also]
    return Figure(title or "What the engine refuses",
                  ((svg, f"({caption(state)}) " + " ".join(lines)),),
                  width=PANEL_WIDTH + (180 if hand else 0))


def shown(state: CarcassonneState, *lines: str, title: str = "", hand: bool = False,
          marks: Sequence[Mark] = ()) -> Figure:
    """``state``'s map (and with ``hand`` the tile in hand, tokens and score track) with
    ``lines`` under it."""
    svg = map_svg(state, marks)
    if hand:
        svg = beside(svg, str(draw_hand(state, controls=False)), "map and hand").svg
    return Figure(title or "A position",
                  ((svg, f"({caption(state)}) " + words_of(state, " ".join(lines))),),
                  width=PANEL_WIDTH + (180 if hand else 0))


def tile_gallery(tiles: Sequence[Any]) -> Figure:
    """Every tile type of ``tiles`` with its letter and how many the game has."""
    return Figure("The tiles", tuple((draw_tile(t.letter).svg, f"{t.letter} ×{t.count}")
                                     for t in tiles), width=72)


def events_of(state: CarcassonneState) -> str:
    """What the last move caused, as sentences, in the players' colours."""
    return words_of(state, " ".join(f"{e}." if not str(e).endswith(".") else str(e)
                                    for e in state.events))


def steps_words(steps: Sequence[Step]) -> str:
    return " ".join(str(step) for step in steps)


__all__ = ["Figure", "tile_gallery", "game_in_progress", "one_turn", "explained",
           "end_of_game", "farms", "refused", "shown", "events_of", "bot_game", "named_parts",
           "beside", "legend_svg", "map_svg", "FIELD_COLOURS"]
