"""The parts that play a whole game with a learner (issue 18), each usable on its own.

* :class:`MoveList`: the move list in words, newest first; each entry is a button (click
  or Enter) that shows the position after that move; the engine's notation is its tooltip.
* :class:`SaveLoad`: Save (a JSON file downloaded by the browser) and Load (a file chosen
  in the browser, read there and sent to Python) in one small widget.
* :class:`PlayTabs`: the folded side column: *Moves* (move list and events), *Standings*
  (the live table, the breakdown and, once over, the score chart), *Replay* (slider,
  ←/→, back to the game), *Explain* (one step per rule, ←/→) and *File* (Save, Load).
* :func:`standings_html`: a :class:`boardlib.core.teaching.Standings` as HTML tables (the
  breakdown stacked by column: it fits the side column with five seats).
* :func:`save_text` / :func:`load_match`: a match as a save file and back, validated.

Nothing here knows a rule: words, standings and steps come from the game's Teacher.
"""
from __future__ import annotations

import html
import json
from typing import Any, Callable, Iterable, Sequence

import anywidget
import ipywidgets as w
import traitlets
from ipywidgets.widgets.widget_string import HTMLStyle

from boardlib.core.api import Game, InvalidInputError
from boardlib.core.match import Match
from boardlib.core.registry import load
from boardlib.core.schema import ListOf, Record, Text, Whole, load_json
from boardlib.core.teaching import Column, SeatLine, Standings, Table

from .parts import button, shared

_MOVE_LIST_JS = """
function render({ model, el }) {
  const show = () => {
    el.innerHTML = model.get("value") || "";
    const picked = model.get("picked");
    for (const item of el.querySelectorAll("[data-move]")) {
      const here = Number(item.dataset.move) === picked;
      item.classList.toggle("boardlib-picked", here);
      item.setAttribute("aria-current", here ? "true" : "false");
    }
  };
  const pick = (event) => {
    const item = event.target.closest("[data-move]");
    if (!item || !el.contains(item)) return;
    if (event.type === "keydown" && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      event.preventDefault();
      model.send({ type: "step", by: event.key === "ArrowLeft" ? -1 : 1 });
      return;
    }
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    model.send({ type: "pick", index: Number(item.dataset.move) });
  };
  el.addEventListener("click", pick);
  el.addEventListener("keydown", pick);
  model.on("change:value", show);
  model.on("change:picked", show);
  show();
  return () => { model.off("change:value", show); model.off("change:picked", show); };
}
export default { render };
"""

_SAVE_LOAD_JS = """
function render({ model, el }) {
  el.classList.add("boardlib-file");
  const save = document.createElement("button");
  save.type = "button";
  save.textContent = "Save";
  save.title = "download this game as a JSON file";
  save.className = "jupyter-button boardlib-save";
  const input = document.createElement("input");
  input.type = "file";
  input.accept = ".json,application/json";
  input.className = "boardlib-load-input";
  input.setAttribute("aria-label", "load a saved game (JSON file)");
  const open = document.createElement("button");
  open.type = "button";
  open.textContent = "Load";
  open.title = "open a saved game (JSON file)";
  open.className = "jupyter-button boardlib-load";
  for (const b of [save, open, input]) b.setAttribute("data-lm-suppress-shortcuts", "true");
  el.append(save, open, input);
  save.addEventListener("click", () => model.send({ type: "save" }));
  open.addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    const text = file.size > model.get("max_bytes") ? "" : await file.text();
    model.send({ type: "load", name: file.name, size: file.size, text });
    input.value = "";
  });
  model.on("msg:custom", (message) => {
    if (!message || message.type !== "file") return;
    const blob = new Blob([message.text], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = message.name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });
}
export default { render };
"""


class MoveList(anywidget.AnyWidget):
    """The move list, newest first (at most ``shown``); one entry per move of the match,
    so undo pops exactly what the move added. An entry is clickable: ``on_pick(callback)``
    gets the number of moves played after it (1 for the first move)."""

    _esm = _MOVE_LIST_JS
    value = traitlets.Unicode("").tag(sync=True)
    picked = traitlets.Int(-1).tag(sync=True)   # the entry whose position is shown

    def __init__(self, css_class: str = "boardlib-moves", shown: int = 100) -> None:
        super().__init__(layout=shared(w.Layout))
        self.add_class(css_class)
        self.shown = shown
        self.entries: list[str] = []   # HTML, one per move (an <li> without its tag)
        self.titles: list[str] = []    # the engine's notation, one per move
        self._handlers: list[Callable[[int], None]] = []
        self._step_handlers: list[Callable[[int], None]] = []
        self.on_msg(self._message)

    def append(self, entry_html: str, title: str = "") -> None:
        self.entries.append(entry_html)
        self.titles.append(title)

    def pop(self) -> str:
        self.titles.pop()
        return self.entries.pop()

    def reset(self, entries: Iterable[str] = (), titles: Iterable[str] = ()) -> None:
        self.entries = list(entries)
        self.titles = list(titles)
        self.titles += [""] * (len(self.entries) - len(self.titles))

    def render(self) -> None:
        """Send the newest entries to the browser (a bounded list)."""
        count = len(self.entries)
        first = max(0, count - self.shown)
        items = []
        for k in range(count - 1, first - 1, -1):
            tip = f' title="{html.escape(self.titles[k])}"' if self.titles[k] else ""
            items.append(f'<li value="{k + 1}" data-move="{k + 1}" role="button" tabindex="0"'
                         f'{tip}>{self.entries[k]}</li>')
        more = (f"<div>… and {first} earlier move{'s' if first != 1 else ''}</div>"
                if first else "")
        self.value = f"<ol reversed>{''.join(items)}</ol>{more}" if items else ""

    def on_pick(self, callback: Callable[[int], None]) -> None:
        self._handlers.append(callback)

    def pick(self, index: int) -> None:
        """What a click on entry ``index`` does (tests call it as the browser would)."""
        self._message(self, {"type": "pick", "index": index}, [])

    def on_step(self, callback: Callable[[int], None]) -> None:
        """``callback(-1 | 1)`` for ← or → pressed in the list (a replay steps)."""
        self._step_handlers.append(callback)

    def _message(self, widget: Any, content: Any, buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "step":
            by = content.get("by")
            if by in (-1, 1):
                for handler in list(self._step_handlers):
                    handler(by)
            return
        if not isinstance(content, dict) or content.get("type") != "pick":
            return
        index = content.get("index")
        if type(index) is int and 0 < index <= len(self.entries):
            for handler in list(self._handlers):
                handler(index)

    def __repr__(self) -> str:
        return "MoveList()"


MAX_SAVE_BYTES = 2_000_000
"""A file larger than this is refused before it is read (a save of a long game is ~10 kB)."""


class SaveLoad(anywidget.AnyWidget):
    """Save and Load buttons. ``on_save(callback)``: ``callback()`` returns ``(file name,
    text)`` to download, or ``None`` (it said why elsewhere); ``on_load(callback)``:
    ``callback(name, text)`` for a chosen file ("" when it was too large to read)."""

    _esm = _SAVE_LOAD_JS
    max_bytes = traitlets.Int(MAX_SAVE_BYTES).tag(sync=True)

    def __init__(self) -> None:
        super().__init__(layout=shared(w.Layout))
        self._save: Callable[[], tuple[str, str] | None] | None = None
        self._load: Callable[[str, str], Any] | None = None
        self.last_saved: tuple[str, str] | None = None   # what the last Save sent
        self.on_msg(self._message)

    def on_save(self, callback: Callable[[], tuple[str, str] | None]) -> None:
        self._save = callback

    def on_load(self, callback: Callable[[str, str], Any]) -> None:
        self._load = callback

    def save(self) -> tuple[str, str] | None:
        """Press Save: make the file and send it to the browser to download."""
        made = self._save() if self._save is not None else None
        if made is not None:
            self.last_saved = made
            self.send({"type": "file", "name": made[0], "text": made[1]})
        return made

    def load(self, text: str, name: str = "game.json") -> None:
        """Load a file's text (what the browser sends when a file is chosen)."""
        self._message(self, {"type": "load", "name": name, "text": text}, [])

    def _message(self, widget: Any, content: Any, buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("type") == "save":
            self.save()
        elif content.get("type") == "load" and self._load is not None:
            text, name = content.get("text"), content.get("name")
            self._load(str(name)[:120] if isinstance(name, str) else "the file",
                       text if isinstance(text, str) else "")

    def __repr__(self) -> str:
        return "SaveLoad()"


# --- save files ------------------------------------------------------------------------------

POSITION_FORMAT = "boardlib-position"
"""A save of a match that started from a prepared position (not the game's first one)."""


def save_text(match: Match) -> str:
    """The save file of ``match``: :meth:`Match.to_json` when it starts where the game
    starts, else the starting position (``State.to_json``) and the moves as text."""
    start = match.states[0]
    if start == match.game.new_initial_state():
        return match.to_json()
    return json.dumps({"format": POSITION_FORMAT, "version": 1, "game": match.game.name,
                       "start": start.to_json(), "moves": [str(m) for m in match.moves]},
                      indent=1)


def load_match(text: str, game_name: str) -> Match:
    """The match a save file holds; ``InvalidInputError`` says what is wrong with it (not
    a save, another game, a move that cannot be played ...). Every move is replayed
    through the rules (``Match.from_json``, ``Game.state_from_json``)."""
    data = load_json(text, "this save file")
    if isinstance(data, dict) and data.get("format") == POSITION_FORMAT:
        Record({"format": Text(40), "version": Whole(1, 1), "game": Text(40),
                "start": Text(1_000_000),
                "moves": ListOf(Text(2000), max_length=100_000)}).check(data, "save")
        _same_game(data["game"], game_name)
        start_data = load_json(data["start"], "the saved position")
        if not isinstance(start_data, dict) or not isinstance(start_data.get("options"), dict):
            raise InvalidInputError("save.start: not a saved position")
        game = load(data["game"], **start_data["options"])
        match = Match(game, game.state_from_json(data["start"]))
        for number, move in enumerate(data["moves"], 1):
            try:
                match.play(move)
            except Exception as exc:  # IllegalMoveError or InvalidInputError, with its words
                raise InvalidInputError(f"move {number} ({move[:40]}) cannot be played: "
                                        f"{exc}") from None
        return match
    if isinstance(data, dict) and isinstance(data.get("game"), str):
        _same_game(data["game"], game_name)
    return Match.from_json(text)


def _same_game(saved: str, game_name: str) -> None:
    if saved != game_name:
        raise InvalidInputError(f"this is a save of {saved[:40]!r}, not of {game_name!r}")


# --- standings -------------------------------------------------------------------------------

def table_html(table: Table, leaders: Sequence[int] = (), css: str = "boardlib-table") -> str:
    """A standings table, a row per seat: the deciding columns first and in bold, leaders
    marked ★; a column's title wraps between words, its tooltip says it in full with the
    rule it comes from."""
    order = sorted(range(len(table.columns)), key=lambda k: not table.columns[k].decides)
    bold = {k: ' class="decides"' if table.columns[k].decides else "" for k in order}
    head = "".join(
        f'<th scope="col" title="{html.escape(_column_tip(table.columns[k]))}"{bold[k]}>'
        f"{html.escape(table.columns[k].title)}</th>" for k in order)
    rows = []
    for line in table.lines:
        cells = "".join(
            f'<td data-key="{html.escape(table.columns[k].key)}"{bold[k]}>'
            f"{_value_text(line.values[k])}</td>" for k in order)
        out = ' class="out"' if line.out else ""
        rows.append(f'<tr data-seat="{line.seat}"{out}>{_seat_header(line, leaders, "row")}'
                    f"{cells}</tr>")
    return (f'<div class="boardlib-scroll"><table class="{css}"><caption>'
            f"{html.escape(table.title)}</caption><thead><tr><th></th>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table></div>")


def table_by_column_html(table: Table, leaders: Sequence[int] = (),
                         css: str = "boardlib-table boardlib-by-column") -> str:
    """The same table stacked the other way: a row per column (a breakdown's "Roads",
    "Cities" ...), a column per seat, so that many columns still fit a narrow side column
    (five seats' names are narrower than seven titles). Every cell keeps ``data-key`` and
    ``data-seat``."""
    head = "".join(_seat_header(line, leaders, "col") for line in table.lines)
    rows = []
    for k, column in enumerate(table.columns):
        bold = ' class="decides"' if column.decides else ""
        cells = "".join(
            f'<td data-key="{html.escape(column.key)}" data-seat="{line.seat}"{bold}>'
            f"{_value_text(line.values[k])}</td>" for line in table.lines)
        rows.append(f'<tr data-key="{html.escape(column.key)}"><th scope="row" title="'
                    f'{html.escape(_column_tip(column))}"{bold}>{html.escape(column.title)}'
                    f"</th>{cells}</tr>")
    return (f'<div class="boardlib-scroll"><table class="{css}"><caption>'
            f"{html.escape(table.title)}</caption><thead><tr><th></th>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table></div>")


def _column_tip(column: Column) -> str:
    return f"{column.title} ({column.rule})" if column.rule else column.title


def _seat_header(line: SeatLine, leaders: Sequence[int], scope: str) -> str:
    """A seat's name as a header cell: ★ for a leader, its note ("King") under the name."""
    star = "★ " if line.seat in leaders else ""
    note = f" <small>({html.escape(line.note)})</small>" if line.note else ""
    out = ' class="out"' if line.out and scope == "col" else ""
    seat_attr = f' data-seat="{line.seat}"' if scope == "col" else ""
    return (f'<th scope="{scope}"{seat_attr}{out}>{star}{html.escape(line.name)}{note}</th>')


def _value_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return html.escape(str(value))


def standings_html(standings: Standings, chart_svg: str = "") -> str:
    """The standing panel: the summary, the table, the facts, the breakdown at the end and
    the score chart (an SVG string) when given."""
    parts = [f'<div class="boardlib-summary">{html.escape(standings.summary)}</div>',
             table_html(standings.table, standings.leaders)]
    parts += [f'<div class="boardlib-fact">{html.escape(fact)}</div>'
              for fact in standings.facts]
    if standings.breakdown is not None:      # per seat, many columns: stacked by column
        parts.append(table_by_column_html(standings.breakdown, standings.leaders))
    if chart_svg:
        parts.append(f'<div class="boardlib-chart">{chart_svg}</div>')
    return "".join(parts)


# --- the folded side column ------------------------------------------------------------------

class Pager(w.HBox):  # type: ignore[misc]  # ipywidgets is untyped
    """← and → buttons, a line that says where we are, and an optional last button."""

    def __init__(self, back: Callable[[], Any], forward: Callable[[], Any],
                 extra: Sequence[w.Widget] = ()) -> None:
        self.back = button("←", "back one (← on the board)", handler=back)
        self.forward = button("→", "forward one (→ on the board)", handler=forward)
        self.where = w.HTML("", layout=shared(w.Layout, margin="0 6px"), style=shared(HTMLStyle))
        super().__init__([self.back, self.forward, self.where, *extra],
                         layout=shared(w.Layout, flex_flow="row wrap", align_items="center"))


class PlayTabs(w.Tab):  # type: ignore[misc]  # ipywidgets is untyped
    """The side column's tabs; ``pages`` by name: moves, standings, replay, explain, file."""

    TITLES = {"moves": "Moves", "standings": "Standings", "replay": "Replay",
              "explain": "Explain", "file": "File"}

    def __init__(self, pages: dict[str, w.Widget]) -> None:
        self.names = list(pages)
        super().__init__(children=list(pages.values()), layout=shared(w.Layout, width="100%"))
        for k, name in enumerate(self.names):
            self.set_title(k, self.TITLES.get(name, name.title()))
        self.add_class("boardlib-tabs")

    def show(self, name: str) -> None:
        self.selected_index = self.names.index(name)

    @property
    def shown(self) -> str:
        index = self.selected_index
        return self.names[index] if index is not None else ""


def notation_parses_back(game: Game, move: Any) -> bool:
    """Does ``str(move)`` parse back to ``move`` (the tooltip the move list shows)?"""
    try:
        return bool(game.parse_move(str(move)) == move)
    except (InvalidInputError, NotImplementedError):
        return False


__all__ = ["MoveList", "SaveLoad", "PlayTabs", "Pager", "MAX_SAVE_BYTES", "POSITION_FORMAT",
           "save_text", "load_match", "standings_html", "table_html", "table_by_column_html",
           "notation_parses_back"]
