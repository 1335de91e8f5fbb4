"""GamePanel: a playable board for any boardlib game, built from plain ipywidgets.

The panel owns a :class:`boardlib.core.Match` (history, undo/redo) and a
:class:`BoardView`. A game adds only a small controller (see ``controller.py``)
that draws a state and says what a click means. The panel never decides a rule
itself: every candidate move goes through ``State.why_illegal``; a refusal is
shown in the "why not?" line with its rule ID, and the state stays as it was.

Bots (random, greedy, mcts) play the seats given to them. In a live kernel they
run as an asyncio task on the kernel's own event loop (the one ipykernel runs
comm messages on), with the thinking itself in a worker thread, so the notebook,
JupyterLab and Voila stay responsive and Auto-play can be stopped at any time.
Without a running loop (plain Python, tests) the same steps run synchronously.
"""
from __future__ import annotations

import asyncio
import html
import inspect
import re
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as w
from ipywidgets.widgets.widget_bool import CheckboxStyle, ToggleButtonStyle
from ipywidgets.widgets.widget_string import HTMLStyle

from boardlib.core.api import Game, Illegal, InvalidInputError, State
from boardlib.core.bots import Bot, make_bot
from boardlib.core.match import Match

from .board import BoardView
from .controller import BaseController, Controller, Play, Select

HUMAN = "human"
SEAT_KINDS: tuple[str, ...] = (HUMAN, "random", "greedy", "mcts")
"""The seats every game offers; ``GamePanel.seat_kinds`` adds the game's own bots."""
DEFAULT_BOT_SETTINGS: dict[str, dict[str, Any]] = {"mcts": {"time_limit": 1.0}}
_SHOWN = 100  # moves shown in the move list and event log (the newest; the match keeps all)
_RULE_ID = re.compile(r"\b([A-Z][A-Z0-9]*-[A-Z]?[0-9]+)\b")   # ZY-05, R25-17, SX-I5 ...


def _rule_ids_whole(text: str) -> str:
    """Escaped text whose rule IDs never break at their hyphen in a narrow log."""
    return _RULE_ID.sub(r'<span class="boardlib-rule">\1</span>', text)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


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


def _auto() -> w.Layout:
    return shared(w.Layout, width="auto")


def checkbox(description: str, value: bool, tooltip: str = "") -> w.Checkbox:
    """A toolbar box (an overlay, labels …) with the shared layout and style."""
    # a left margin, so that a box is not read as the end of the label before it
    return w.Checkbox(value=value, description=description, tooltip=tooltip, indent=False,
                      layout=shared(w.Layout, width="auto", margin="2px 2px 2px 12px"),
                      style=shared(CheckboxStyle))


class GamePanel(w.VBox):
    """A board with New game, Undo/Redo, Bot move, Hint, Auto-play, move list and event log.

    ``game``: the game (its options are the defaults of the New game form).
    ``controller``: draws states and interprets clicks (see :class:`Controller`).
    ``state``: a prepared starting position (a teaching position); default: a new game.
    ``seats``: per player ``"human"``, ``"random"``, ``"greedy"``, ``"mcts"`` or a bot
    object; default: everybody human. Bots reply on their own when at least one seat is human.
    ``show_setup`` / ``show_history``: show the New game form / the move list and event log
    (leave them out for small teaching boards); ``board_width``: the board's largest width;
    ``extra_controls``: game-specific widgets for the toolbar (see ``ZyrcanBoard``).
    ``graph_toggle``: ``(label, tooltip)`` of a toolbar box that switches the controller's
    ``show_graph`` (a graph drawn over the board); ``show_graph``: start with it ticked.
    ``view_boxes``: more such boxes, ``(controller attribute, label, tooltip)``, each ticked
    as the controller's flag starts; all of them are in ``self.view_boxes`` by attribute.
    """

    def __init__(self, game: Game | None = None, controller: Controller | None = None, *,
                 state: State | None = None, seats: Sequence[str | Bot] | None = None,
                 hint_bot: str = "greedy", seed: int = 0, delay: float = 0.4,
                 bot_settings: Mapping[str, Mapping[str, Any]] | None = None,
                 new_game: Callable[..., Game] | None = None, show_setup: bool = True,
                 show_history: bool = True, board_width: str = "640px",
                 extra_controls: Sequence[w.Widget] = (), title: str | None = None,
                 graph_toggle: tuple[str, str] | None = None, show_graph: bool = False,
                 view_boxes: Sequence[tuple[str, str, str]] = ()) -> None:
        if state is not None:
            game = state.game
        if game is None or controller is None:
            raise TypeError("GamePanel needs a game (or a state) and a controller")
        if not isinstance(controller, Controller):
            raise TypeError("the controller needs draw(state, selection) and "
                            "click(state, element_id, selection)")
        self.game = game
        self.controller = controller
        # A controller may leave out draw's optional ``hint``; hints then show as text only.
        self._draw_takes_hint = "hint" in inspect.signature(controller.draw).parameters
        self._helpers: BaseController = (controller if isinstance(controller, BaseController)
                                         else BaseController())
        self.seed = seed
        self.bot_settings = {**DEFAULT_BOT_SETTINGS, **{k: dict(v) for k, v in
                                                        (bot_settings or {}).items()}}
        self._make_game = new_game or (lambda **options: type(self.game)(**options))
        self.hint_bot_kind = hint_bot
        self.match = Match(game, state)
        self.selection: Any = None
        self.hint_move: Any = None
        self.last_refusal: Illegal | None = None
        self.message = ""                 # plain text of the why-not / info line
        self._generation = 0              # bumped on every change of position
        self._task: asyncio.Task[Any] | None = None
        self._thinking: int | None = None
        self._moves_html: list[str] = []  # one entry per move of the match
        self._log_html: list[str] = []
        self._title = title or game.title
        self._seats: list[str | Bot] = []
        self._bots: dict[int, Bot] = {}
        self._set_seats(seats)
        self._helper = make_bot(hint_bot, seed=seed + 97, game=game,
                                **self.bot_settings.get(hint_bot, {}))

        # --- widgets ---------------------------------------------------
        # Layouts and styles are shared models (see ``shared``): the browser loads each once.
        self.view = BoardView(max_width=board_width, layout=shared(w.Layout, flex="3 1 420px"))
        self.view.on_click(self.click)
        html_style = shared(HTMLStyle)
        self.status_line = w.HTML(layout=shared(w.Layout, min_height="1.5em"), style=html_style)
        self.status_line.add_class("boardlib-status")
        self.why_line = w.HTML(layout=shared(w.Layout), style=html_style)
        self.why_line.add_class("boardlib-why")
        self.move_list = w.HTML(layout=shared(w.Layout), style=html_style)
        self.move_list.add_class("boardlib-moves")
        self.event_log = w.HTML(layout=shared(w.Layout), style=html_style)
        self.event_log.add_class("boardlib-log")

        def button(description: str, tooltip: str, icon: str,
                   handler: Callable[[], Any]) -> w.Button:
            b = w.Button(description=description, tooltip=tooltip, icon=icon,
                         layout=_auto(), style=shared(w.ButtonStyle))
            b.on_click(lambda _: handler())
            return b

        self.new_game_button = button("New game", "start a new game with the options below",
                                      "refresh", self._new_game_from_form)
        self.undo_button = button("Undo", "take back the last move", "undo", self.undo)
        self.redo_button = button("Redo", "play the undone move again", "repeat", self.redo)
        self.bot_button = button("Bot move", "let a bot play this move", "android",
                                 self.bot_move)
        self.hint_button = button("Hint", "show what a bot would play (not played)",
                                  "lightbulb-o", self.hint)
        self.autoplay = w.ToggleButton(value=False, description="Auto-play", icon="play",
                                       tooltip="bots play every seat until you stop them",
                                       layout=_auto(), style=shared(ToggleButtonStyle))
        self.autoplay.observe(self._on_autoplay, names="value")
        self.speed = w.FloatSlider(value=delay, min=0.0, max=2.0, step=0.1,
                                   description="Delay (s)", readout_format=".1f",
                                   style=shared(w.SliderStyle, description_width="initial"),
                                   layout=shared(w.Layout, width="240px"))
        self.speed.add_class("boardlib-delay")   # board.css keeps its value beside the track
        # move buttons wrap rather than shrink: a cut "move → l…" cannot be read
        self.actions = w.HBox(layout=shared(w.Layout, flex_flow="row wrap"))
        self._action_moves: list[Any] = []   # the moves of the buttons in self.actions
        # Boxes that switch a drawing flag of the controller (an overlay, labels) and redraw.
        if graph_toggle is not None:
            controller.show_graph = show_graph  # type: ignore[attr-defined]
            view_boxes = [("show_graph", *graph_toggle), *view_boxes]
        self.view_boxes: dict[str, w.Checkbox] = {}
        for attribute, label, tooltip in view_boxes:
            box = self.view_boxes[attribute] = checkbox(
                label, bool(getattr(controller, attribute)), tooltip)
            box.observe(lambda change, a=attribute: self._set_view(a, change["new"]),
                        names="value")
        self.graph_box: w.Checkbox | None = self.view_boxes.get("show_graph")
        extra_controls = [*self.view_boxes.values(), *extra_controls]
        toolbar = w.HBox([self.new_game_button, self.undo_button, self.redo_button,
                          self.bot_button, self.hint_button, self.autoplay, self.speed,
                          *extra_controls],
                         layout=shared(w.Layout, flex_flow="row wrap"))

        # The New game form, made only when shown (a teaching board has a dozen of them:
        # every widget is one more model for the browser to load). Without it, New game
        # keeps the options and seats.
        self.option_widgets: dict[str, w.Widget] = {}
        self.seat_box: w.HBox | None = None
        self.setup: w.Accordion | None = None
        if show_setup:
            self.option_widgets = self._option_form()
            self.seat_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
            self._fit_form_to_players()
            players = self.option_widgets.get("players")
            if players is not None:
                players.observe(lambda _: self._fit_form_to_players(), names="value")
            form = w.VBox([w.HBox(list(self.option_widgets.values()),
                                  layout=w.Layout(flex_flow="row wrap")), self.seat_box])
            self.setup = w.Accordion(children=[form], selected_index=None)
            self.setup.set_title(0, "New game options and seats")

        shown: list[w.Widget] = [self.view]
        if show_history:    # made only when shown: fewer models for the browser
            shown.append(w.VBox([w.HTML("<b>Moves</b>"), self.move_list,
                                 w.HTML("<b>Events</b>"), self.event_log],
                                layout=w.Layout(flex="1 1 240px", min_width="220px")))
        body = w.HBox(shown, layout=shared(w.Layout, flex_flow="row wrap", width="100%"))
        # the game's own move buttons (End turn, Pass, programs) right under the board, then tools
        children: list[w.Widget] = [self.status_line, body, self.why_line, self.actions, toolbar]
        if self.setup is not None:
            children.append(self.setup)
        super().__init__(children=children)
        self.add_class("boardlib-panel")
        self._rebuild_history()
        self._refresh()
        self._maybe_start_bots()

    # --- reading --------------------------------------------------------
    @property
    def state(self) -> State:
        return self.match.state

    @property
    def svg(self) -> str:
        return self.view.svg

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(s if isinstance(s, str) else getattr(s, "name", "bot") for s in self._seats)

    @property
    def seat_kinds(self) -> tuple[str, ...]:
        """What can sit in a seat: a human, or one of the game's bots (``Game.bots``)."""
        return (HUMAN, *self.game.bots())

    def seat_kind(self, player: int) -> str:
        return self.seats[player] if 0 <= player < len(self._seats) else HUMAN

    # --- clicks and moves -------------------------------------------------
    def click(self, element_id: str) -> None:
        """Handle a click on the board element ``element_id`` (what the browser sends)."""
        state = self.state
        player = state.current_player
        # A bot seat's moves are the bot's, and auto-play moves for everyone.
        if not state.is_terminal() and (player in self._bots
                                        or (self._bots_moving and self.autoplay.value)):
            if not self._bots_moving:
                self._maybe_start_bots()      # a reply that was stopped starts again
            if self._bots_moving:
                self._say(f"Wait a moment: {self._player(player)} ({self.seat_kind(player)}) "
                          "is to move.")
            else:
                self._say(f"{self._player(player)} is a {self.seat_kind(player)} bot: press "
                          "Bot move or Auto-play, or make the seat human under New game.")
            return
        result = self.controller.click(state, element_id, self.selection)
        if result is None:
            return
        if isinstance(result, Illegal):
            self._refuse(result)
        elif isinstance(result, Select):
            self.selection = result.selection
            self._clear_message()
            self._refresh()
        elif isinstance(result, Play):
            self.try_move(result.move)
        else:
            raise TypeError(f"a controller's click returned {result!r}")

    def try_move(self, move: Any) -> bool:
        """Play ``move`` if the rules allow it; else show why not. True if it was played."""
        problem = self.state.why_illegal(move)
        if problem is not None:
            self._refuse(problem)
            return False
        self._cancel_task()
        self._play(move)
        self._maybe_start_bots()
        return True

    def enter(self, move: Any) -> list[str]:
        """Enter ``move`` as a learner would: click the elements ``clicks_for`` names, in
        order (press its button when it has none). Returns the ids clicked; raises
        ``ValueError`` if the board refused a click or played another move."""
        clicks = self.controller.clicks_for(self.state, move, self.selection)
        before = len(self.match.moves)
        if not clicks:
            self.try_move(move)
        for element_id in clicks:
            self.click(element_id)
            if self.last_refusal is not None:
                raise ValueError(f"the board refused click {element_id} for {move}: "
                                 f"{self.message}")
        if len(self.match.moves) <= before or self.match.moves[before] != move:
            raise ValueError(f"clicks {clicks} did not play {move}: {self.message}")
        return clicks

    def play(self, move: Any) -> State:
        """Play ``move`` (a move or its text) from code; raises ``IllegalMoveError`` if illegal."""
        if isinstance(move, str):
            move = self.game.parse_move(move)
        self._cancel_task()
        self._play(move)
        return self.state

    def undo(self) -> None:
        """Take back the last move, and the bots' replies before it, back to a human turn."""
        self._cancel_task()
        if not self.match.can_undo:
            self._say("There is no move to undo.")
            return
        self.selection = None
        self._undo_one()
        while (self.match.can_undo and self._bots
               and self.state.current_player in self._bots and self._has_human()):
            self._undo_one()
        self._changed()

    def redo(self) -> None:
        self._cancel_task()
        if not self.match.can_redo:
            self._say("There is no move to redo.")
            return
        before = self.state
        self.selection = None
        self.match.redo()
        self._record(before, self.match.moves[-1], self.state)
        self._changed()

    def bot_move(self) -> None:
        """One move by the bot of the seat to move (the hint bot for a human seat)."""
        if self.state.is_terminal():
            self._say("The game is over.")
            return
        self._cancel_task()
        if _running_loop() is not None:
            self._start_task(self._run_bots(all_seats=True, limit=1))
        else:
            self._bot_step_sync()
            self._maybe_start_bots()

    def hint(self) -> Any:
        """Show (not play) the move the hint bot would choose; returns it."""
        state = self.state
        if state.is_terminal():
            self._say("The game is over.")
            return None
        move = self._helper.choose(state)
        self.hint_move = move
        self.message = (f"Hint ({self.hint_bot_kind}): "
                        f"{self._helpers.describe_hint(state, move)}")
        self.last_refusal = None
        # violet like the hint's outline on the board, not the red of a refusal
        self.why_line.value = f'<span class="boardlib-hint">{html.escape(self.message)}</span>'
        self._draw()
        return move

    def redraw(self) -> None:
        """Draw the board again (after a controller setting changed, e.g. an overlay)."""
        self._draw()

    def _set_view(self, attribute: str, value: bool) -> None:
        setattr(self.controller, attribute, bool(value))
        self.redraw()

    def new_game(self, seats: Sequence[str | Bot] | None = None, **options: Any) -> None:
        """Start again with a new game; options default to the current game's."""
        self._cancel_task()
        merged = {**dict(self.game.options), **options}
        try:
            game = self._make_game(**merged)
        except InvalidInputError as exc:
            self._say(f"Cannot start that game: {exc}")
            return
        self.game = game
        self.match = Match(game)
        self.selection = None
        if seats is not None or len(self._seats) != game.num_players:
            self._set_seats(seats if seats is not None else self._seats)
        self._sync_form()
        self._rebuild_history()
        self._changed()
        self._maybe_start_bots()

    # --- bots -----------------------------------------------------------
    def _set_seats(self, seats: Sequence[str | Bot] | None) -> None:
        n = self.game.num_players
        given = list(seats) if seats is not None else []
        seats_out: list[str | Bot] = []
        for p in range(n):
            seat = given[p] if p < len(given) else HUMAN
            if isinstance(seat, str) and seat not in self.seat_kinds:
                raise ValueError(f"seat {p}: {seat!r} is not one of {list(self.seat_kinds)}")
            seats_out.append(seat)
        self._seats = seats_out
        self._bots = {}
        for p, seat in enumerate(seats_out):
            if isinstance(seat, Bot):
                self._bots[p] = seat
            elif seat != HUMAN:
                self._bots[p] = make_bot(seat, seed=self.seed + p, game=self.game,
                                         **self.bot_settings.get(seat, {}))

    def _has_human(self) -> bool:
        return len(self._bots) < self.game.num_players

    def _bot_for(self, player: int) -> Bot:
        return self._bots.get(player, self._helper)

    def _maybe_start_bots(self) -> None:
        """Let bot seats reply when a human plays against them."""
        state = self.state
        if state.is_terminal() or state.current_player not in self._bots or not self._has_human():
            return
        if _running_loop() is not None:
            self._start_task(self._run_bots(all_seats=False))
        else:
            while (not self.state.is_terminal() and self.state.current_player in self._bots):
                self._bot_step_sync()

    def _bot_step_sync(self) -> None:
        state = self.state
        self._play(self._bot_for(state.current_player).choose(state))

    def _on_autoplay(self, change: dict[str, Any]) -> None:
        if change["new"]:
            if self.state.is_terminal():
                self._say("The game is over; start a new game to auto-play.")
                self.autoplay.value = False
                return
            self._cancel_task(stop_autoplay=False)
            if _running_loop() is not None:
                self._start_task(self._run_bots(all_seats=True))
            else:
                while not self.state.is_terminal():
                    self._bot_step_sync()
                self.autoplay.value = False
        else:
            self._cancel_task(stop_autoplay=False)
            self._maybe_start_bots()       # a bot seat stopped mid-thought still replies

    @property
    def _bots_moving(self) -> bool:
        """Is a bot task (auto-play, or replies to a human) under way?"""
        return self._task is not None and not self._task.done()

    def _start_task(self, coroutine: Any) -> None:
        loop = asyncio.get_running_loop()
        self._task = loop.create_task(coroutine)

    def _cancel_task(self, stop_autoplay: bool = True) -> None:
        task, self._task = self._task, None
        self._thinking = None
        if task is not None and not task.done() and task is not _current_task():
            task.cancel()
        if stop_autoplay and self.autoplay.value:
            self.autoplay.value = False

    async def _run_bots(self, all_seats: bool, limit: int | None = None) -> None:
        """Bots move one by one (every seat when ``all_seats``), pausing ``speed`` seconds."""
        me = _current_task()
        loop = asyncio.get_running_loop()
        played = 0
        try:
            while not self.state.is_terminal() and (limit is None or played < limit):
                player = self.state.current_player
                if not all_seats and player not in self._bots:
                    break
                if all_seats and limit is None and not self.autoplay.value:
                    break
                if played or not all_seats:  # a reply waits too: first see your own move
                    await asyncio.sleep(self.speed.value)
                    if self._task is not me:
                        return
                state, generation = self.state, self._generation
                self._thinking = player
                self._refresh_status()
                move = await loop.run_in_executor(None, self._bot_for(player).choose, state)
                if self._task is not me or generation != self._generation:
                    return  # the position changed meanwhile (undo, new game): drop this move
                self._thinking = None
                self._play(move)
                played += 1
        finally:
            if self._task is me:
                self._task = None
                self._thinking = None
                if self.autoplay.value and all_seats and limit is None:
                    self.autoplay.value = False
                self._refresh_status()
        if limit is not None and played:
            self._maybe_start_bots()

    # --- internals ------------------------------------------------------
    def _play(self, move: Any) -> None:
        before = self.state
        self.match.play(move)
        self._record(before, move, self.state)
        self.selection = self._helpers.selection_after(self.state, self.selection)
        self._changed()

    def _undo_one(self) -> None:
        self.match.undo()
        self._moves_html.pop()
        self._log_html.pop()

    def _changed(self) -> None:
        self._generation += 1
        self.hint_move = None
        self.last_refusal = None
        self.message = ""
        self.why_line.value = ""
        self._refresh()

    def _record(self, before: State, move: Any, after: State) -> None:
        player = before.current_player
        who = self._player_html(player)
        text = _rule_ids_whole(html.escape(self._helpers.describe(before, move)))
        self._moves_html.append(f"<li>{who}: {text}</li>")
        events = "".join(
            f"<li>{_rule_ids_whole(html.escape(self._helpers.localize(str(e))))}</li>"
            for e in after.events)
        self._log_html.append(events)

    def _rebuild_history(self) -> None:
        self._moves_html = []
        self._log_html = []
        states = self.match.states
        for i, move in enumerate(self.match.moves):
            self._record(states[i], move, states[i + 1])

    def _refuse(self, problem: Illegal) -> None:
        self.last_refusal = problem
        kept = self._helpers.selection_after_refusal(self.state, self.selection)
        if kept != self.selection:
            self.selection = kept
            self._refresh()
        reason = self._helpers.localize(problem.reason)
        self.message = f"Why not? {reason} ({problem.rule})"
        rule = html.escape(problem.rule)
        title = self._rule_title(problem.rule)
        tip = f' title="{html.escape(title)}"' if title else ""
        self.why_line.value = (f"<b>Why not?</b> {html.escape(reason)} "
                               f"<code{tip}>{rule}</code>")

    def _say(self, text: str) -> None:
        self.last_refusal = None
        self.message = text
        self.why_line.value = html.escape(text)

    def _clear_message(self) -> None:
        self.last_refusal = None
        self.message = ""
        self.why_line.value = ""

    def _rule_title(self, rule_id: str) -> str:
        catalogue = getattr(self.game, "catalogue", None)
        try:
            rule = catalogue[rule_id]  # type: ignore[index]
        except (KeyError, TypeError):
            return ""
        return f"{rule.id} {rule.title}: {rule.statement}"

    def _player(self, player: int) -> str:
        return self._helpers.player_name(player)

    def _player_html(self, player: int) -> str:
        name = html.escape(self._player(player))
        color = self._helpers.player_color(player)
        if not color:
            return name
        return (f'<span style="color:{html.escape(color)}">&#9632;</span> {name}')

    def _draw(self) -> None:
        if self.hint_move is not None and self._draw_takes_hint:
            self.view.svg = self.controller.draw(self.state, self.selection, self.hint_move)
        else:
            self.view.svg = self.controller.draw(self.state, self.selection)

    def _refresh(self) -> None:
        self._draw()
        self._refresh_status()
        # Newest first, so the last move and what it caused show without scrolling.
        # Both are sent to the browser after every move, so only the newest _SHOWN moves.
        moves = self._moves_html[:-_SHOWN - 1:-1]
        earlier = len(self._moves_html) - len(moves)
        plural = "s" if earlier != 1 else ""
        more = f"<div>… and {earlier} earlier move{plural}</div>" if earlier else ""
        self.move_list.value = f"<ol reversed>{''.join(moves)}</ol>{more}" if moves else ""
        log = [line for line in self._log_html[:-_SHOWN - 1:-1] if line]
        self.event_log.value = f"<ul>{''.join(log)}</ul>" if log else ""
        self.undo_button.disabled = not self.match.can_undo
        self.redo_button.disabled = not self.match.can_redo
        over = self.state.is_terminal()
        self.bot_button.disabled = over
        self.hint_button.disabled = over
        self._refresh_actions()

    def _refresh_status(self) -> None:
        state = self.state
        if state.is_terminal():
            outcome = state.outcome()
            text = "Game over" + (f": {html.escape(self._helpers.outcome_text(outcome))}"
                                  if outcome is not None else ".")
        else:
            p = state.current_player
            kind = self.seat_kind(p)
            text = f"{self._player_html(p)} to move"
            if kind != HUMAN:
                text += f" ({html.escape(kind)} bot)"
            if self._thinking == p:
                text += " — thinking…"
            # what to click is for people; a bot seat's turn says how it gets to move
            extra = self._helpers.status(state, self.selection) if kind == HUMAN else (
                "" if self._bots_moving else "press Bot move or Auto-play")
            if extra:
                text += f" — {html.escape(extra)}"
        self.status_line.value = f"<b>{html.escape(self._title)}</b> · {text}"

    def _refresh_actions(self) -> None:
        wanted = [] if self.state.is_terminal() else list(self._helpers.button_moves(self.state))
        # Buttons with the same labels are kept (fewer widget models), so a button looks its
        # move up when pressed: the next character's "move → look" is another move.
        self._action_moves = [move for _, move in wanted]
        labels = [label for label, _ in wanted]
        if [b.description for b in self.actions.children] != labels:
            buttons = []
            for k, label in enumerate(labels):
                b = w.Button(description=label, tooltip=label, style=shared(w.ButtonStyle),
                             layout=shared(w.Layout, width="auto", flex="0 0 auto"))
                b.on_click(lambda _, k=k: self._press_action(k))
                buttons.append(b)
            self.actions.children = buttons

    def _press_action(self, k: int) -> None:
        if k < len(self._action_moves):
            self.try_move(self._action_moves[k])

    # --- the New game form ------------------------------------------------
    def _option_form(self) -> dict[str, w.Widget]:
        form: dict[str, w.Widget] = {}
        style = {"description_width": "initial"}
        for option in type(self.game).OPTIONS:
            value = self.game.options.get(option.name, option.default)
            label = option.name.replace("_", " ")
            if option.choices is not None:
                widget: w.Widget = w.Dropdown(options=list(option.choices), value=value,
                                              description=label, style=style,
                                              layout=w.Layout(width="auto"))
            elif option.name == "first_player" and isinstance(value, int):
                # seats are named by colour, so the first player is picked by colour too
                widget = w.Dropdown(options=self._player_choices(), value=value,
                                    description=label, style=style,
                                    layout=w.Layout(width="auto"))
            elif isinstance(option.default, bool):
                widget = w.Checkbox(value=bool(value), description=label, indent=False)
            elif isinstance(option.default, int) and isinstance(value, int):
                widget = w.IntText(value=value, description=label, style=style,
                                   layout=w.Layout(width="160px"))
            elif isinstance(option.default, str) and isinstance(value, str):
                widget = w.Text(value=value, description=label, style=style)
            else:
                continue  # structured options (custom boards) keep their current value
            widget.tooltip = option.doc
            form[option.name] = widget
        return form

    def _player_choices(self) -> list[tuple[str, int]]:
        return [(self._player(p), p) for p in range(self._seat_count_from_form())]

    def _form_options(self) -> dict[str, Any]:
        return {name: widget.value for name, widget in self.option_widgets.items()}

    def _sync_form(self) -> None:
        for name, widget in self.option_widgets.items():
            if name in self.game.options and widget.value != self.game.options[name]:
                widget.value = self.game.options[name]
        self._fit_form_to_players()

    def _seat_count_from_form(self) -> int:
        players = self.option_widgets.get("players")
        return int(players.value) if players is not None else self.game.num_players

    def _fit_form_to_players(self) -> None:
        """One seat, and one first-player choice, per player the form asks for."""
        first = self.option_widgets.get("first_player")
        if isinstance(first, w.Dropdown):          # as many choices as seats
            choices = self._player_choices()
            if list(first.options) != choices:
                keep = first.value if first.value is not None and first.value < len(choices) else 0
                first.options = choices
                first.value = keep
        if self.seat_box is None:
            return
        n = self._seat_count_from_form()
        old = [d.value for d in self.seat_box.children]
        dropdowns = []
        for p in range(n):
            value = old[p] if p < len(old) else (self.seat_kind(p) if p < len(self._seats)
                                                 else HUMAN)
            if value not in self.seat_kinds:
                value = HUMAN
            dropdowns.append(w.Dropdown(options=list(self.seat_kinds), value=value,
                                        description=self._player(p),
                                        style={"description_width": "initial"},
                                        layout=w.Layout(width="auto")))
        self.seat_box.children = dropdowns

    def _new_game_from_form(self) -> None:
        seats = None if self.seat_box is None else [d.value for d in self.seat_box.children]
        self.new_game(seats=seats, **self._form_options())

    # --- static pictures for saved notebooks ------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(self.controller, BaseController):
            picture = self.controller.static_svg(self.state)
        else:
            picture = self.controller.draw(self.state, None)
        if bundle is None:
            return None
        if isinstance(bundle, tuple):
            data, metadata = bundle
            return {**data, "image/svg+xml": picture, "text/plain": repr(self)}, metadata
        return {**bundle, "image/svg+xml": picture, "text/plain": repr(self)}

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.game!r}>"


def _current_task() -> asyncio.Task[Any] | None:
    try:
        return asyncio.current_task()
    except RuntimeError:
        return None


__all__ = ["GamePanel", "HUMAN", "SEAT_KINDS"]
