"""The parts a game panel is made of, each usable on its own.

* :class:`StatusLine` and :class:`ExplanationLine`: the two aria-live lines the
  :class:`~boardlib.widgets.BoardView` draws above and below the board;
* :class:`HistoryList`: the move list and the event log (newest first);
* :class:`ActionButtons`: the game's own move buttons ("Pass", programs);
* :class:`Toolbar`: New game, Undo, Redo, Bot move (a whole turn), Step (one part of it),
  Hint, Explain, Auto-play, delay, view boxes;
* :class:`SetupForm`: the New game form, the game's options and one seat per player.

Layouts and styles are shared models (:func:`shared`): the browser loads each once.
Widgets a part no longer shows are closed, so a long session does not pile them up.
"""
from __future__ import annotations

import html
import re
from typing import Any, Callable, Iterable, Mapping, Sequence

import ipywidgets as w
from ipywidgets.widgets.widget_bool import CheckboxStyle, ToggleButtonStyle
from ipywidgets.widgets.widget_string import HTMLStyle

from boardlib.core.api import Game, Illegal, InvalidInputError, Option

from .board import BoardView

_RULE_ID = re.compile(r"\b([A-Z][A-Z0-9]*-[A-Z]?[0-9]+)\b")   # ZY-05, R25-17, SX-I5 ...
_SHARED: dict[tuple[Any, ...], w.Widget] = {}


def shared(kind: type[w.Widget], **traits: Any) -> Any:
    """One Layout or style model per kind and traits, shared by every widget that asks.

    Each model is one more thing the browser must restore when a page opens; a notebook of
    a dozen boards loaded about 50 per board, and under load anywidget gives a board only
    two seconds to start. Shared, they are a few for the whole notebook. Do not change a
    shared model's traits: every widget that shares it would change.
    """
    key = (kind, tuple(sorted(traits.items())))
    model = _SHARED.get(key)
    if model is None or model.comm is None:      # closed (Widget.close_all): make anew
        model = _SHARED[key] = kind(**traits)
    return model


def rule_ids_whole(text: str) -> str:
    """Escaped text whose rule IDs never break at their hyphen in a narrow log."""
    return _RULE_ID.sub(r'<span class="boardlib-rule">\1</span>', html.escape(text))


def checkbox(description: str, value: bool, tooltip: str = "") -> w.Checkbox:
    """A toolbar box (an overlay, labels …) with the shared layout and style."""
    # a left margin, so that a box is not read as the end of the label before it
    return w.Checkbox(value=value, description=description, tooltip=tooltip, indent=False,
                      layout=shared(w.Layout, width="auto", margin="2px 2px 2px 12px"),
                      style=shared(CheckboxStyle))


def button(description: str, tooltip: str, icon: str = "",
           handler: Callable[[], Any] | None = None) -> w.Button:
    """A button with the shared layout and style; ``handler()`` on every press."""
    made = w.Button(description=description, tooltip=tooltip, icon=icon,
                    layout=shared(w.Layout, width="auto"), style=shared(w.ButtonStyle))
    if handler is not None:
        made.on_click(lambda _: handler())
    return made


class StatusLine:
    """The line above the board: whose turn it is and what to click. ``value`` is HTML."""

    def __init__(self, view: BoardView) -> None:
        self.view = view

    @property
    def value(self) -> str:
        return self.view.status

    @value.setter
    def value(self, html_text: str) -> None:
        self.view.status = html_text


class ExplanationLine:
    """The "why not?" line under the board: a refusal with its rule, a hint, or a word.

    ``text`` is what it says in plain words; ``refusal`` the refusal shown, if any.
    ``rule_title(rule_id)`` gives the catalogue line shown as the rule ID's tooltip.
    """

    def __init__(self, view: BoardView, rule_title: Callable[[str], str] = lambda _: "") -> None:
        self.view = view
        self.rule_title = rule_title
        self.text = ""
        self.refusal: Illegal | None = None

    @property
    def value(self) -> str:
        return self.view.message

    def refuse(self, problem: Illegal, reason: str) -> None:
        """Show ``problem`` (``reason``: its sentence in the board's words) and its rule."""
        self.refusal = problem
        self.text = f"Why not? {reason} ({problem.rule})"
        title = self.rule_title(problem.rule)
        tip = f' title="{html.escape(title)}"' if title else ""
        self._show(f"<b>Why not?</b> {html.escape(reason)} "
                   f"<code{tip}>{html.escape(problem.rule)}</code>", "refusal")

    def hint(self, text: str) -> None:
        """A suggestion (violet, like the hint's outline on the board)."""
        self.refusal = None
        self.text = text
        self._show(f'<span class="boardlib-hint">{html.escape(text)}</span>', "hint")

    def explain(self, step: Any, index: int, count: int) -> None:
        """One step of an explanation (:class:`boardlib.core.teaching.Step`): its rule ID
        (the catalogue line as its tooltip), the rule's title and the sentence."""
        self.refusal = None
        self.text = f"Step {index + 1} of {count}: {step.rule} {step.title}: {step.text}"
        title = self.rule_title(step.rule)
        tip = f' title="{html.escape(title)}"' if title else ""
        self._show(f"<b>Step {index + 1} of {count}</b> · <code{tip}>{html.escape(step.rule)}"
                   f"</code> <b>{html.escape(step.title)}</b>: {html.escape(step.text)}",
                   "explain")

    def say(self, text: str) -> None:
        self.refusal = None
        self.text = text
        self._show(html.escape(text), "info")

    def clear(self) -> None:
        self.refusal = None
        self.text = ""
        self._show("", "")

    def _show(self, html_text: str, kind: str) -> None:
        with self.view.hold_sync():
            self.view.message = html_text
            self.view.message_kind = kind


class HistoryList(w.HTML):  # type: ignore[misc]  # ipywidgets is untyped
    """A list that shows its newest entries first (at most ``shown``); one entry per move
    of the match, so undo pops exactly what the move added (an entry may be empty)."""

    def __init__(self, css_class: str, shown: int = 100, numbered: bool = True) -> None:
        super().__init__(layout=shared(w.Layout), style=shared(HTMLStyle))
        self.add_class(css_class)
        self.shown = shown
        self.numbered = numbered
        self.entries: list[str] = []   # HTML, one per move

    def append(self, entry_html: str) -> None:
        self.entries.append(entry_html)

    def pop(self) -> str:
        return self.entries.pop()

    def reset(self, entries: Iterable[str] = ()) -> None:
        self.entries = list(entries)

    def render(self) -> None:
        """Send the newest entries to the browser (after every move: a bounded list)."""
        if self.numbered:
            newest = self.entries[:-self.shown - 1:-1]
            earlier = len(self.entries) - len(newest)
            plural = "s" if earlier != 1 else ""
            more = f"<div>… and {earlier} earlier move{plural}</div>" if earlier else ""
            self.value = f"<ol reversed>{''.join(newest)}</ol>{more}" if newest else ""
        else:
            kept = [e for e in self.entries[:-self.shown - 1:-1] if e]
            self.value = f"<ul>{''.join(kept)}</ul>" if kept else ""


class ActionButtons(w.HBox):  # type: ignore[misc]  # ipywidgets is untyped
    """The game's own move buttons, right by the board; ``show([(label, callback)])``.

    A button is made once per label and kept for when the label comes back (a bot's turn
    hides them all for a moment; Room 25 has a few dozen program labels); a pressed button
    calls the callback of the list now shown. At most ``KEPT`` are kept; older ones close.
    """

    KEPT = 64

    def __init__(self) -> None:
        # move buttons wrap rather than shrink: a cut "move → l…" cannot be read
        super().__init__(layout=shared(w.Layout, flex_flow="row wrap"))
        self.callbacks: list[Callable[[], Any]] = []
        self._made: dict[tuple[str, int], w.Button] = {}   # (label, how many before) -> button

    @property
    def labels(self) -> list[str]:
        return [b.description for b in self.children]

    def show(self, actions: Sequence[tuple[str, Callable[[], Any]]]) -> None:
        self.callbacks = [callback for _, callback in actions]
        labels = [label for label, _ in actions]
        if self.labels == labels:
            return
        children = []
        for k, label in enumerate(labels):
            key = (label, labels[:k].count(label))
            made = self._made.pop(key, None)
            if made is None:
                made = w.Button(description=label, tooltip=label, style=shared(w.ButtonStyle),
                                layout=shared(w.Layout, width="auto", flex="0 0 auto"))
                made.on_click(self._press)
            self._made[key] = made            # newest last: the oldest go first
            children.append(made)
        self.children = children
        while len(self._made) > self.KEPT:
            key = next(iter(self._made))
            old = self._made[key]
            if old in children:
                break
            old.close()
            del self._made[key]

    def _press(self, pressed: w.Button) -> None:
        for k, b in enumerate(self.children):
            if b is pressed and k < len(self.callbacks):
                self.callbacks[k]()
                return


class Toolbar(w.HBox):  # type: ignore[misc]  # ipywidgets is untyped
    """The panel's tools; ``buttons`` by name, ``add(widget)`` for a game's own controls."""

    def __init__(self, actions: Mapping[str, Callable[[], Any]], delay: float,
                 extra: Sequence[w.Widget] = ()) -> None:
        self.buttons: dict[str, w.Button] = {
            "new": button("New game", "start a new game with the options below", "refresh",
                          actions["new"]),
            "undo": button("Undo", "take back the last move (U)", "undo", actions["undo"]),
            "redo": button("Redo", "play the undone move again", "repeat", actions["redo"]),
            "bot": button("Bot move", "let a bot play this whole turn", "android",
                          actions["bot"]),
            "hint": button("Hint", "show what a bot would play, not played (H)",
                           "lightbulb-o", actions["hint"]),
        }
        # a panel that plays whole turns has a Step for one part of a turn, and Explain
        if "step" in actions:
            self.buttons["step"] = button("Step", "let a bot play one step of this turn",
                                          "step-forward", actions["step"])
        if "explain" in actions:
            self.buttons["explain"] = button(
                "Explain", "the rules the last move triggered, one step at a time (E)",
                "question-circle", actions["explain"])
        self.autoplay = w.ToggleButton(value=False, description="Auto-play", icon="play",
                                       tooltip="bots play every seat until you stop them",
                                       layout=shared(w.Layout, width="auto"),
                                       style=shared(ToggleButtonStyle))
        self.speed = w.FloatSlider(value=delay, min=0.0, max=2.0, step=0.1,
                                   description="Delay (s)", readout_format=".1f",
                                   style=shared(w.SliderStyle, description_width="initial"),
                                   layout=shared(w.Layout, width="220px"))
        self.speed.add_class("boardlib-delay")   # board.css keeps its value beside the track
        order = ("new", "undo", "redo", "bot", "step", "hint", "explain")
        self.buttons = {k: self.buttons[k] for k in order if k in self.buttons}
        super().__init__([*self.buttons.values(), self.autoplay, self.speed, *extra],
                         layout=shared(w.Layout, flex_flow="row wrap"))

    def add(self, widget: w.Widget) -> None:
        children: tuple[Any, ...] = tuple(getattr(self, "children"))   # (an untyped base)
        self.children = (*children, widget)


class SetupForm(w.Accordion):  # type: ignore[misc]  # ipywidgets is untyped
    """The New game form: the game's options, then one seat per player.

    ``make_widget(option, value)`` may give a game's own field for an option (``None``:
    the usual one); ``player_name(p)`` names the seats. A game with hidden information
    shows no seed (it would tell the deal); elsewhere an empty seed means a new deal.
    """

    def __init__(self, game: Game, seat_kinds: Sequence[str], seats: Sequence[str],
                 player_name: Callable[[int], str],
                 make_widget: Callable[[Option, Any], w.Widget | None],
                 hidden_information: bool, seed_fixed: bool) -> None:
        self.player_name = player_name
        self.seat_kinds = tuple(seat_kinds)
        self.option_widgets: dict[str, w.Widget] = {}
        self.seed_field: str | None = None      # the option a text field asks a seed for
        style = {"description_width": "initial"}
        for option in type(game).OPTIONS:
            value = game.options.get(option.name, option.default)
            label = option.name.replace("_", " ")
            widget = make_widget(option, value)
            if widget is None and is_seed(option):
                if hidden_information:
                    continue     # R25-I4 and the like: the seed would tell the deal
                widget = w.Text(value=str(value) if seed_fixed else "", description=label,
                                placeholder="empty: a new deal", style=style,
                                layout=w.Layout(width="220px"))
                self.seed_field = option.name
            elif widget is None and option.choices is not None:
                widget = w.Dropdown(options=list(option.choices), value=value,
                                    description=label, style=style,
                                    layout=w.Layout(width="auto"))
            elif widget is None and option.name == "first_player" and isinstance(value, int):
                # seats are named by colour, so the first player is picked by colour too
                widget = w.Dropdown(options=self._player_choices(game.num_players),
                                    value=value, description=label, style=style,
                                    layout=w.Layout(width="auto"))
            elif widget is None and isinstance(option.default, bool):
                widget = w.Checkbox(value=bool(value), description=label, indent=False)
            elif (widget is None and isinstance(option.default, int)
                  and isinstance(value, int)):
                widget = w.IntText(value=value, description=label, style=style,
                                   layout=w.Layout(width="160px"))
            elif (widget is None and isinstance(option.default, str)
                  and isinstance(value, str)):
                widget = w.Text(value=value, description=label, style=style)
            if widget is None:
                continue  # structured options (custom boards) keep their current value
            widget.tooltip = option.doc
            self.option_widgets[option.name] = widget
        self.seat_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._seat_values = list(seats)
        self.fit_to_players(game.num_players)
        players = self.option_widgets.get("players")
        if players is not None:
            players.observe(lambda _: self.fit_to_players(), names="value")
        form = w.VBox([w.HBox(list(self.option_widgets.values()),
                              layout=w.Layout(flex_flow="row wrap")), self.seat_box])
        super().__init__(children=[form], selected_index=None)
        self.set_title(0, "New game options and seats")

    def _player_choices(self, count: int) -> list[tuple[str, int]]:
        return [(self.player_name(p), p) for p in range(count)]

    def player_count(self, default: int) -> int:
        players = self.option_widgets.get("players")
        value = players.value if players is not None else None
        return int(value) if isinstance(value, int) and 0 < value <= 12 else default

    def options(self) -> dict[str, Any]:
        """The options the form asks for; ``InvalidInputError`` for a seed that is not one."""
        chosen = {}
        for name, widget in self.option_widgets.items():
            value = widget.value
            if name == self.seed_field:
                text = value.strip()
                if not text:
                    continue          # a new deal: the game draws a fresh seed
                if not text.isdigit() or len(text) > 18:
                    raise InvalidInputError("the seed is a whole number, or empty for a new "
                                            "deal")
                value = int(text)
            chosen[name] = value
        return chosen

    def seats(self) -> list[str]:
        return [d.value for d in self.seat_box.children]

    def sync(self, game: Game, seats: Sequence[str], seed_fixed: bool) -> None:
        """Show the options and seats of the game now played."""
        for name, widget in self.option_widgets.items():
            if name not in game.options:
                continue
            value = game.options[name]
            if name == self.seed_field:
                value = str(value) if seed_fixed else ""
            if widget.value != value:
                widget.value = value
        self._seat_values = list(seats)
        self.fit_to_players()

    def fit_to_players(self, count: int | None = None) -> None:
        """One seat, and one first-player choice, per player the form asks for. Dropdowns
        are reused and the ones no longer needed closed (no widget piles up)."""
        n = count if count is not None else self.player_count(len(self.seat_box.children))
        first = self.option_widgets.get("first_player")
        if isinstance(first, w.Dropdown):
            choices = self._player_choices(n)
            if list(first.options) != choices:
                keep = first.value if first.value is not None and first.value < n else 0
                first.options = choices
                first.value = keep
        old = list(self.seat_box.children)
        values = [d.value for d in old] + self._seat_values[len(old):]
        dropdowns = []
        for p in range(n):
            value = values[p] if p < len(values) else "human"
            if value not in self.seat_kinds:
                value = "human"
            if p < len(old):
                dropdown = old[p]
                dropdown.description = self.player_name(p)
                if dropdown.value != value:
                    dropdown.value = value
            else:
                dropdown = w.Dropdown(options=list(self.seat_kinds), value=value,
                                      description=self.player_name(p),
                                      style={"description_width": "initial"},
                                      layout=w.Layout(width="auto"))
            dropdowns.append(dropdown)
        for extra in old[n:]:
            extra.close()
        if old != dropdowns:
            self.seat_box.children = dropdowns


def is_seed(option: Option) -> bool:
    """Is this the option that seeds the game's randomness?"""
    return bool(getattr(option, "is_seed", False)) or option.name == "seed"


__all__ = ["shared", "checkbox", "button", "rule_ids_whole", "StatusLine", "ExplanationLine",
           "HistoryList", "ActionButtons", "Toolbar", "SetupForm", "is_seed"]
