"""PuzzleBoard: a puzzle (:mod:`boardlib.core.puzzles`) on a game's own board.

The learner answers by clicking on the board exactly as in a game (the game's controller
turns clicks into moves). Every candidate move goes to :meth:`Puzzle.judge` instead of
being played at once:

* right: the move is played, the board says so and why (the rule cited, then the rule-by-
  rule steps of the engine's teacher), the stars are saved to the progress file;
* wrong and illegal: the engine's own refusal in the why-not line, with its rule ID;
* wrong and legal: why it is worse, in the why-not line, and the refutation marked on the
  board (the marks' places outlined in the colour of the seat each mark belongs to);

and the position stays as it was, so the learner tries again. *Hint* (or H on the board)
first gives the puzzle's hint, then shows an answer on the board; each costs a star.
*Again* (or U) sets the puzzle up afresh. Bots, Auto-play, New game and Redo are hidden:
nobody solves a puzzle for the learner.

Marks are outlined by a style scoped to this board alone: the game's controller names the
elements each mark's place stands for (``mark_element_ids``: by default a hex ``q, r`` ->
``hex_<q>_<r>``; Room 25's rooms -> ``room_<p>``). Only marks found on the board are said to
show why.

A game whose board composes more than one view (Carcassonne's tile in hand beside the map)
names them in :data:`EXTRA_VIEWS`; puzzle and guided boards build them in too.

Only public names of :mod:`boardlib.widgets` and :mod:`boardlib.svg` are used.
"""
from __future__ import annotations

import html
import itertools
from functools import partial
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

from boardlib.core.api import Illegal, State
from boardlib.core.puzzles import (MAX_STARS, Guide, GuidedStep, Progress, Puzzle, Verdict,
                                   stars_for)
from boardlib.core.teaching import Mark, history, teacher
from boardlib.svg import BoardSVG, seat

from .controller import BaseController, ClickResult, Play, mark_element_ids
from .panel import GamePanel
from .parts import shared

CONTROLLERS: dict[str, tuple[str, dict[str, Any]]] = {
    "zyrcan": ("boardlib.zyrcan.widget:ZyrcanController", {"show_coordinates": True}),
    "carcassonne": ("boardlib.carcassonne.widget:CarcassonneController", {}),
    "section_x": ("boardlib.section_x.widget:SectionXController", {}),
    "room25": ("boardlib.room25.widget:Room25Controller", {}),
}
"""Each game's controller for puzzle boards, as ``"module:Class"`` with its settings
(Zyrcan's hexes carry their ``q,r``: the goals name hexes)."""

EXTRA_VIEWS: dict[str, str] = {
    "carcassonne": "boardlib.carcassonne.widget:HandPart",
}
"""The views a game's board composes beside its main one, as ``"module:Class"``:
``Class(panel, controller)`` builds the view into ``panel`` (the game's own controller is
given, not the puzzle's wrapper) and has ``show()`` (after each redraw), ``owns(id)`` and
``click(id)`` (Carcassonne's tile in hand and its rotate buttons, CB-04)."""

MARK_STYLE = {"removed": "stroke-dasharray:7 4;"}
_BOARD_NUMBERS = itertools.count(1)


def controller_for(game: Any) -> BaseController[Any]:
    """A new controller of ``game``'s board (see :data:`CONTROLLERS`)."""
    name = game.TYPE.name if hasattr(game, "TYPE") else game.name
    where, settings = CONTROLLERS[name]
    module, _, cls = where.partition(":")
    made: BaseController[Any] = getattr(import_module(module), cls)(**settings)
    return made


def extra_views_for(panel: GamePanel, controller: BaseController[Any]) -> list[Any]:
    """The extra views of ``panel``'s game (see :data:`EXTRA_VIEWS`), built into it."""
    game: Any = panel.game
    where = EXTRA_VIEWS.get(game.TYPE.name if hasattr(game, "TYPE") else game.name)
    if where is None:
        return []
    module, _, cls = where.partition(":")
    return [getattr(import_module(module), cls)(panel, controller)]


class ExtraViews:
    """Mixed into a puzzle's or a guided game's board: the game's extra views
    (:data:`EXTRA_VIEWS`) are drawn after the board and get their own clicks."""

    extra_views: list[Any] = []

    def add_extra_views(self, controller: BaseController[Any]) -> None:
        assert isinstance(self, GamePanel)
        self.extra_views = extra_views_for(self, controller)
        for view in self.extra_views:
            view.show()

    def show_beside(self) -> None:
        super().show_beside()  # type: ignore[misc]
        for view in self.extra_views:
            view.show()

    def click(self, element_id: str) -> None:
        """A click on ``element_id`` on the board or in an extra view."""
        for view in self.extra_views:
            if view.owns(element_id):
                view.click(element_id)
                return
        super().click(element_id)  # type: ignore[misc]


def marks_style(scope: str, marks: Sequence[Mark],
                ids: Callable[[Mark], Sequence[str]] = mark_element_ids) -> str:
    """A ``<style>`` that outlines each mark's elements in its seat's colour, for the
    board whose view has the class ``scope`` only."""
    rules = []
    for mark in marks:
        color = seat(mark.seat).color if mark.seat is not None else "#000000"
        for found in ids(mark):
            rules.append(f'.{scope} [id="{found}"] > title + *{{stroke:{color} !important;'
                         f"stroke-width:6px !important;{MARK_STYLE.get(mark.kind, '')}}}")
    return f"<style>{''.join(rules)}</style>" if rules else ""


def marked_words(controller: BaseController[Any], state: State, verdict: Verdict) -> str:
    """The words that point at a wrong answer's marks, if any of them names an element of
    the board (the marks are outlined there); else none."""
    shown = any(controller.mark_element_ids(state, mark) for mark in verdict.marks)
    return "The marked places show why. " if shown else ""


class PuzzleController(BaseController[Any]):
    """The game's controller, with every move a click makes sent to the puzzle's judge
    first (``answer``). Everything else is the game's controller's."""

    def __init__(self, inner: BaseController[Any], answer: Callable[[Any], ClickResult],
                 overlay: Callable[[], str],
                 refused: Callable[[Illegal], None] = lambda _: None) -> None:
        self.inner = inner
        self.answer = answer
        self.refused = refused
        self.overlay = overlay
        self.colors = inner.colors
        self.names = inner.names

    def draw(self, state: State, selection: Any, hint: Any = None) -> str:
        try:
            svg = self.inner.draw(state, selection, hint=hint)
        except TypeError:
            svg = self.inner.draw(state, selection)
        extra = self.overlay()
        if not extra:
            return svg
        cut = svg.rfind("</svg>")
        return BoardSVG(svg[:cut] + extra + svg[cut:], getattr(svg, "clickable", None))

    def click(self, state: State, element_id: str, selection: Any) -> ClickResult:
        result = self.inner.click(state, element_id, selection)
        if isinstance(result, Illegal):
            self.refused(result)    # refused before it is a move (ZY-07's "not in line")
        return self.answer(result.move) if isinstance(result, Play) else result

    def status(self, state: State, selection: Any) -> str:
        return self.inner.status(state, selection)

    def localize(self, text: str) -> str:
        return self.inner.localize(text)

    def describe(self, state: State, move: Any) -> str:
        return self.inner.describe(state, move)

    def describe_hint(self, state: State, move: Any) -> str:
        return self.inner.describe_hint(state, move)

    def button_moves(self, state: State) -> Sequence[tuple[str, Any]]:
        return self.inner.button_moves(state)

    def selection_after(self, state: State, selection: Any) -> Any:
        return self.inner.selection_after(state, selection)

    def selection_after_refusal(self, state: State, selection: Any) -> Any:
        return self.inner.selection_after_refusal(state, selection)

    def rotate(self, state: State, selection: Any, step: int) -> ClickResult:
        result = self.inner.rotate(state, selection, step)
        return self.answer(result.move) if isinstance(result, Play) else result

    def clicks_for(self, state: State, move: Any, selection: Any = None) -> list[str]:
        return self.inner.clicks_for(state, move, selection)

    def static_svg(self, state: State) -> str:
        return self.inner.static_svg(state)


def notes_html(lines: Sequence[str], steps: Sequence[str] = ()) -> str:
    """The notes beside a puzzle's board: its lines, then the steps of a right answer under
    "Why, rule by rule" (folded open)."""
    parts = [f"<p>{html.escape(line)}</p>" for line in lines]
    if steps:
        items = "".join(f"<li>{html.escape(step)}</li>" for step in steps)
        parts.append(f"<details open><summary>Why, rule by rule</summary><ol>{items}</ol>"
                     "</details>")
    return "".join(parts)


def make_notes() -> w.HTML:
    """The HTML box beside the board that the notes go in."""
    notes = w.HTML(layout=shared(w.Layout, min_height="3em"))
    notes.add_class("boardlib-notes")
    return notes


def stars_text(stars: int) -> str:
    """``2`` -> ``"★★☆"``."""
    return "★" * stars + "☆" * (MAX_STARS - stars)


class PuzzleBoard(ExtraViews, GamePanel):
    """A puzzle to solve on the game's board: ``PuzzleBoard(puzzle("zyrcan-08-exact"))``.

    ``controller``: the game's controller (default: :func:`controller_for`);
    ``progress``: where solved puzzles and stars are kept (a :class:`Progress` or a path;
    default: the learner's progress file). Other keywords go to :class:`GamePanel`.
    """

    def __init__(self, puzzle: Puzzle, controller: BaseController[Any] | None = None,
                 progress: Progress | str | None = None, **kwargs: Any) -> None:
        self.puzzle = puzzle
        self.start = puzzle.position()
        self.progress = progress if isinstance(progress, Progress) else Progress(progress)
        self.verdict: Verdict | None = None
        self.tries = 0
        self.hints_used = 0
        self.shown_marks: tuple[Mark, ...] = ()
        self.scope = f"boardlib-puzzle-{next(_BOARD_NUMBERS)}"
        inner = controller if controller is not None else controller_for(self.start.game)
        self.game_controller = inner      # the game's own (its marks' element ids)
        kwargs.setdefault("board_width", "640px")
        super().__init__(self.start.game, PuzzleController(inner, self.answer, self.overlay,
                                                          self.refused),
                         state=self.start, show_setup=False, show_history=False,
                         title=f"Puzzle · {puzzle.title or puzzle.id}", **kwargs)
        # A puzzle, not a free game: pages and tests that look for game panels (the class
        # "boardlib-panel") pass it by; it is found as "boardlib-puzzle".
        self.remove_class("boardlib-panel")
        self.add_class("boardlib-puzzle")
        self.notes = make_notes()
        self.add_section(self.notes, "side")
        self.view.add_class(self.scope)
        for hidden in (self.new_game_button, self.redo_button, self.bot_button, self.autoplay,
                       self.speed, self.step_button):
            hidden.layout = shared(w.Layout, display="none")
        self.undo_button.description = "Again"
        self.undo_button.tooltip = "Set the puzzle up afresh (U)"
        self.hint_button.tooltip = "A hint costs a star (H)"
        self.add_extra_views(inner)
        self.refresh()

    # --- reading ---------------------------------------------------------------------------
    @property
    def solved(self) -> bool:
        """Was the puzzle solved on this board (since it was last set up)?"""
        return self.verdict is not None and self.verdict.right

    @property
    def stars_now(self) -> int:
        """The stars a right answer earns now."""
        return stars_for(self.hints_used)

    # --- judging ---------------------------------------------------------------------------
    def answer(self, move: Any) -> ClickResult:
        """Judge ``move`` (from a click or a button): a right one is played, a wrong one is
        refused with its reason (and its refutation marked)."""
        if self.solved or self.state is not self.match.states[0]:
            return Illegal(self.puzzle.rule, "The puzzle is solved: press Again to try it "
                           "once more.")
        verdict = self.puzzle.judge(move, self.start, self.player_name)
        self.verdict = verdict
        self.tries += 1
        if verdict.right:
            self.shown_marks = ()
            self.progress.record(self.puzzle.id, self.stars_now)
            return Play(move)
        self.shown_marks = verdict.marks
        self.refresh()
        return Illegal(verdict.rule, verdict.text)

    def refused(self, problem: Illegal) -> None:
        """A click the game's controller refused by itself counts as a wrong try."""
        if self.solved or len(self.match.moves):
            return
        self.verdict = Verdict(False, None, problem.rule, problem.reason, legal=False)
        self.tries += 1
        self.shown_marks = ()
        self.refresh()

    def overlay(self) -> str:
        """The refutation's marks, while the puzzle's position is shown."""
        if not self.shown_marks or len(self.match.moves):
            return ""
        return marks_style(self.scope, self.shown_marks,
                           partial(self.game_controller.mark_element_ids, self.state))

    # --- the panel's hooks -----------------------------------------------------------------
    def gate(self, action: str) -> str | None:
        if action in ("bot", "redo", "new"):
            return "Nobody solves a puzzle for you here: try a move, or press Hint."
        return None

    def move_buttons(self) -> list[tuple[str, Callable[[], Any]]]:
        if self.solved:
            return []
        return [(label, partial(self.press_button, move))
                for label, move in self.words.button_moves(self.state)]

    def press_button(self, move: Any) -> None:
        """A move button is an answer too: judged, then played or refused with why."""
        result = self.answer(move)
        if isinstance(result, Play):
            self.try_move(result.move)
        elif isinstance(result, Illegal):
            self.why_line.refuse(result, self.words.localize(result.reason))

    def status_html(self) -> str:
        p = self.puzzle
        earned = self.progress.stars(p.id)
        before = f" · solved before {stars_text(earned)}" if earned else ""
        head = (f"<b>{html.escape(self._title_text())}</b> · <code>{html.escape(p.rule)}"
                f"</code> · {stars_text(self.stars_now)}{before}")
        return f"{head}<br>{html.escape(self.words.localize(p.goal))}"

    def _title_text(self) -> str:
        return f"Puzzle: {self.puzzle.title or self.puzzle.id}"

    def narration_lines(self) -> list[str]:
        """The notes beside the board: what to do, or the verdict on the last answer."""
        verdict = self.verdict
        if verdict is None:
            return ["Your move: answer on the board. Hint (H) costs a star."]
        localize = self.words.localize
        if verdict.right:
            return [f"Right! {localize(verdict.text)}",
                    f"You earned {stars_text(self.stars_now)}. Again (U) sets it up afresh."]
        marked = marked_words(self.game_controller, self.state, verdict)
        return [f"{verdict.headline} {marked}Try again."]

    def step_lines(self) -> list[str]:
        """A right answer's steps, rule by rule (the engine's teacher)."""
        verdict = self.verdict
        if verdict is None or not verdict.right:
            return []
        return [self.words.localize(str(step)) for step in verdict.steps]

    def refresh(self) -> None:
        super().refresh()
        notes = getattr(self, "notes", None)     # not there yet while the panel is built
        if notes is not None:
            notes.value = notes_html(self.narration_lines(), self.step_lines())

    def hint(self) -> Any:
        """First the puzzle's hint, then an answer shown on the board; each costs a star."""
        if self.solved:
            self.say("The puzzle is solved: press Again to try it once more.")
            return None
        self.hints_used += 1
        if self.hints_used == 1 and self.puzzle.hint:
            self.refresh()
            self.why_line.hint(f"Hint: {self.words.localize(self.puzzle.hint)}")
            return None
        move = self.puzzle.hint_move(self.start)
        self.hint_move = move
        words = teacher(self.game, self.player_name).hint_words(self.start, move)
        self.refresh()
        self.why_line.hint(f"Hint: {self.words.localize(words)}")
        return move

    def undo(self) -> None:
        """Again: the puzzle's position, afresh (the hints already used still count)."""
        self.restart()

    def restart(self) -> None:
        """Set the puzzle up again, as it was first shown."""
        self.verdict = None
        self.shown_marks = ()
        self.start_from(self.start)

    def __repr__(self) -> str:
        return f"<PuzzleBoard: {self.puzzle.id}>"


CARD_STYLE = (".jp-OutputArea:has(.boardlib-card-open) .boardlib-card-text,"
              ".output:has(.boardlib-card-open) .boardlib-card-text{display:none}")
"""Once a card's board is open, the card's words and picture (a static output beside it in
the same output area) give way to the board."""


class CardText:
    """A card's words and picture, shown as a static HTML output: no widget model, so
    nothing of it goes through the widget manager when a page opens. ``value`` is the HTML."""

    def __init__(self, intro: str, picture: str) -> None:
        self.value = (f'<div class="boardlib-card-text">{intro}<div class="boardlib-card-picture"'
                      f' style="max-width:380px">{picture}</div></div>')

    def _repr_html_(self) -> str:
        return f"<style>{CARD_STYLE}</style>{self.value}"

    def __repr__(self) -> str:
        return "(a board card's words and picture)"


class BoardCard(w.VBox):  # type: ignore[misc]
    """A board shown light: words and a picture, and a button that builds the live board in
    the card's place (a notebook with a board in every section would otherwise load
    hundreds of widget models before its first board answers).

    The words and the picture are a static output (:class:`CardText`, ``card.intro``) shown
    just before the card; the card itself is two small widget models (a box and its
    button). Under Voila a long page's widget states all come in one message when the page
    opens, and each output waits only two seconds for its model: with the pictures inside
    the widgets, 26 cards made that message megabytes long and a loaded machine lost widgets
    ("Error displaying widget: model not found").

    ``intro``: HTML above the picture; ``picture``: an SVG; ``build()``: makes the board;
    ``label``: the button's words. ``show_board()`` builds it (once) and returns it."""

    def __init__(self, intro: str, picture: str, build: Callable[[], GamePanel],
                 label: str, tooltip: str = "") -> None:
        self.board: GamePanel | None = None
        self.picture = picture
        self._build = build
        self.intro = CardText(intro, picture)
        self.open_button = w.Button(description=label, icon="play", tooltip=tooltip,
                                    layout=shared(w.Layout, width="auto",
                                                  align_self="flex-start"),
                                    style=shared(w.ButtonStyle))
        self.open_button.on_click(lambda _: self.show_board())
        super().__init__([self.open_button], layout=shared(w.Layout, width="100%"))
        self.add_class("boardlib-card")

    def show_board(self) -> GamePanel:
        """The live board, in the card's place (the card's words and picture give way)."""
        if self.board is None:
            self.board = self._build()
            old = list(self.children)  # type: ignore[has-type]
            self.children = [self.board]
            self.add_class("boardlib-card-open")
            for gone in old:
                gone.close()
        return self.board

    def _ipython_display_(self) -> None:
        """The words and picture as a static output, then the card's button (a widget)."""
        from IPython.display import display

        display(self.intro)  # type: ignore[no-untyped-call]
        bundle = super()._repr_mimebundle_()
        if bundle is not None:
            data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
            # a saved notebook keeps this line where the live button was
            words = f"{self.open_button.description}: run the cell to open the live board."
            display({**data, "text/plain": words}, metadata=metadata,  # type: ignore[no-untyped-call]
                    raw=True)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live card, plus the picture for saved notebooks."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, "image/svg+xml": str(self.picture), "text/plain": repr(self)}, metadata


class PuzzleCard(BoardCard):
    """A puzzle's goal and position, and a button that opens its :class:`PuzzleBoard`.
    Keywords go to the board."""

    def __init__(self, puzzle: Puzzle, controller: BaseController[Any] | None = None,
                 progress: Progress | str | None = None, **kwargs: Any) -> None:
        self.puzzle = puzzle
        self.progress = progress if isinstance(progress, Progress) else Progress(progress)
        state = puzzle.position()
        picture = (controller or controller_for(state.game)).static_svg(state)
        earned = self.progress.stars(puzzle.id)
        solved = f" · solved {stars_text(earned)}" if earned else ""
        intro = (f"<b>Puzzle: {html.escape(puzzle.title or puzzle.id)}</b> · "
                 f"<code>{html.escape(puzzle.rule)}</code>{solved}<br>"
                 f"{html.escape(puzzle.goal)}")
        super().__init__(intro, picture, lambda: PuzzleBoard(puzzle, controller, self.progress,
                                                             **kwargs),
                         "Solve it on the board", "Answer on the board; a hint costs a star")
        self.add_class("boardlib-puzzle-card")

    def __repr__(self) -> str:
        return f"<PuzzleCard: {self.puzzle.id}>"


class GuidedCard(BoardCard):
    """A guided game's first position, and a button that starts its :class:`GuidedBoard`.
    Keywords go to the board."""

    def __init__(self, guide: Guide, controller: BaseController[Any] | None = None,
                 **kwargs: Any) -> None:
        self.guide = guide
        state = guide.setup()
        picture = (controller or controller_for(state.game)).static_svg(state)
        intro = (f"<b>Your first game</b> · {len(guide.steps)} guided steps, then free play"
                 f"<br>{html.escape(guide.steps[0].say)}")
        super().__init__(intro, picture, lambda: GuidedBoard(guide, controller, **kwargs),
                         "Start the game", "The board guides your first moves")
        self.add_class("boardlib-guided-card")

    def __repr__(self) -> str:
        return f"<GuidedCard: {self.guide.name}>"


class GuidedBoard(ExtraViews, GamePanel):
    """A guided first game (:class:`boardlib.core.puzzles.Guide`): the board says what to
    try, judges the learner's move like a puzzle's (a wrong one is refused with why, the
    refutation marked, and may be retried), explains the right one, lets the bots reply,
    and after the last step the game goes on freely against the bots.

    ``controller``: the game's controller (default: :func:`controller_for`). Other keywords
    go to :class:`GamePanel` (``delay`` for the bots' replies ...)."""

    def __init__(self, guide: Guide, controller: BaseController[Any] | None = None,
                 **kwargs: Any) -> None:
        self.guide = guide
        self.step_number = 0              # steps done
        self.verdict: Verdict | None = None
        self.shown_marks: tuple[Mark, ...] = ()
        self.judged: State | None = None
        self.hinted: State | None = None     # where the step's hint words were given
        self.scope = f"boardlib-puzzle-{next(_BOARD_NUMBERS)}"
        start = guide.setup()
        inner = controller if controller is not None else controller_for(start.game)
        self.game_controller = inner      # the game's own (its marks' element ids)
        kwargs.setdefault("board_width", "640px")
        super().__init__(start.game, PuzzleController(inner, self.answer, self.overlay,
                                                      self.refused),
                         state=start, seats=list(guide.seats), show_setup=False,
                         show_history=False, title="Your first game", **kwargs)
        self.remove_class("boardlib-panel")     # a guided game: see PuzzleBoard
        self.add_class("boardlib-guided")
        self.notes = make_notes()
        self.add_section(self.notes, "side")
        self.view.add_class(self.scope)
        for hidden in (self.new_game_button, self.redo_button):
            hidden.layout = shared(w.Layout, display="none")
        self.again_button = w.Button(description="Start again", tooltip="The guided game "
                                     "from its first step", layout=shared(w.Layout,
                                                                          width="auto"))
        self.again_button.on_click(lambda _: self.restart())
        self.add_control(self.again_button)
        self.add_extra_views(inner)
        self.refresh()

    # --- reading ---------------------------------------------------------------------------
    @property
    def step(self) -> GuidedStep | None:
        """The step the learner is on (``None``: the steps are done, free play)."""
        steps = self.guide.steps
        return steps[self.step_number] if self.step_number < len(steps) else None

    @property
    def guiding(self) -> bool:
        """Is a step waiting for the learner's move now?"""
        state = self.state
        return (self.step is not None and not state.is_terminal()
                and state.current_player == self.guide.seat)

    # --- judging ---------------------------------------------------------------------------
    def answer(self, move: Any) -> ClickResult:
        step = self.step
        if step is None or not self.guiding:
            return Play(move)
        state = self.state
        verdict = step.puzzle(state, self.step_number + 1).judge(move, state, self.player_name)
        self.verdict = verdict
        self.judged = state
        if verdict.right:
            self.shown_marks = ()
            self.step_number += 1
            return Play(move)
        self.shown_marks = verdict.marks
        self.refresh()
        return Illegal(verdict.rule, verdict.text)

    def refused(self, problem: Illegal) -> None:
        if self.guiding:
            self.verdict = Verdict(False, None, problem.rule, problem.reason, legal=False)
            self.shown_marks = ()
            self.refresh()

    def overlay(self) -> str:
        if not self.shown_marks or self.state is not self.judged:
            return ""
        return marks_style(self.scope, self.shown_marks,
                           partial(self.game_controller.mark_element_ids, self.state))

    # --- the panel's hooks -----------------------------------------------------------------
    def gate(self, action: str) -> str | None:
        if self.step is None:
            return None
        if action == "undo":
            return "Undo comes with free play, after the guided steps."
        if action == "bot" and self.guiding:
            return "This move is yours to try: press Hint if you are stuck."
        return None

    def move_buttons(self) -> list[tuple[str, Callable[[], Any]]]:
        """The game's move buttons (End turn); during a step each is judged like a click's
        move (:meth:`press_button`), even where a bot would be to move afterwards."""
        if not self.guiding:
            return super().move_buttons()
        return [(label, partial(self.press_button, move))
                for label, move in self.words.button_moves(self.state)]

    def press_button(self, move: Any) -> None:
        """A move button pressed during a step: judged, then played or refused with why."""
        if not self.guiding:
            super().press_button(move)
            return
        result = self.answer(move)
        if isinstance(result, Play):
            self.try_move(result.move)
        elif isinstance(result, Illegal):
            self.why_line.refuse(result, self.words.localize(result.reason))

    def hint(self) -> Any:
        """During a step: its hint, then an answer on the board; afterwards the usual hint."""
        step = self.step
        if step is None or not self.guiding:
            return super().hint()
        state = self.state
        if step.hint and self.hinted is not state:    # first the step's words
            self.hinted = state
            self.why_line.hint(f"Hint: {self.words.localize(step.hint)}")
            return None
        move = step.puzzle(state, self.step_number + 1).hint_move(state)
        self.hint_move = move
        words = teacher(self.game, self.player_name).hint_words(state, move)
        self.refresh()
        self.why_line.hint(f"Hint: {self.words.localize(words)}")
        return move

    def status_html(self) -> str:
        total = len(self.guide.steps)
        where = (f"step {self.step_number + 1} of {total}" if self.step is not None
                 else "free play")
        return f"{super().status_html()} · <i>{html.escape(where)}</i>"

    def narration_lines(self) -> list[str]:
        localize = self.words.localize
        lines: list[str] = []
        verdict = self.verdict
        if verdict is not None:
            if verdict.right:
                lines.append(f"Right! {localize(verdict.text)}")
            elif self.guiding:
                marked = marked_words(self.game_controller, self.state, verdict)
                lines.append(f"{verdict.headline} {marked}Try again.")
        played = history(self.match)
        if played and played[-1].mover != self.guide.seat:
            words = teacher(self.game, self.player_name)
            lines += [f"{w}." for w in words.recent_words(played, self.guide.seat)]
        step = self.step
        if self.state.is_terminal():
            pass
        elif step is not None and self.guiding:
            lines.append(f"Step {self.step_number + 1} of {len(self.guide.steps)}: "
                         f"{localize(step.say)}")
        elif step is None and self.state.current_player == self.guide.seat:
            lines.append(localize(self.guide.finale))
        return lines

    def refresh(self) -> None:
        super().refresh()
        notes = getattr(self, "notes", None)     # not there yet while the panel is built
        if notes is not None:
            notes.value = notes_html(self.narration_lines())

    def restart(self) -> None:
        """The guided game from its first step."""
        self.step_number = 0
        self.verdict = None
        self.shown_marks = ()
        self.hinted = None
        self.start_from(self.guide.setup())

    def __repr__(self) -> str:
        return f"<GuidedBoard: {self.guide.name}>"


__all__ = ["PuzzleBoard", "BoardCard", "PuzzleCard", "GuidedCard", "GuidedBoard",
           "PuzzleController", "CardText", "CARD_STYLE", "notes_html", "make_notes",
           "controller_for", "mark_element_ids", "marks_style", "stars_text", "CONTROLLERS",
           "EXTRA_VIEWS", "ExtraViews", "extra_views_for"]


# --- the learner's progress, for the start page (issue 19 item 3) ----------------------------

PROGRESS_FALLBACK = ("<p><b>Your progress</b> — run this page to see it: the puzzles you "
                     "solved in each lesson and the stars you earned.</p>")
"""What a saved copy of the start page shows in the panel's place (a saved page knows no
learner's progress)."""


def progress_place(path: Any) -> str:
    """Where the progress file is, in words: in the browser's storage on the browser-only
    site, else the file's path (``~`` for the home folder)."""
    from pathlib import Path

    from boardlib.core.puzzles import BROWSER_DRIVE

    where = Path(path)
    if BROWSER_DRIVE in where.parents:
        return f"in this browser's storage (the site's file {where.name})"
    try:
        return "in ~/" + where.relative_to(Path.home()).as_posix()
    except ValueError:
        return f"in {where.as_posix()}"


CELL = " style='text-align:left;padding:1px 18px 1px 0;line-height:1.3'"


def progress_html(lines: Sequence[Any], place: str = "") -> str:
    """The progress table: per game, puzzles solved of all and stars of all, with a bar."""
    rows = []
    for line in lines:
        share = 100 * line.stars // line.max_stars if line.max_stars else 0
        bar = (f'<div style="width:120px;height:8px;background:#e5e7eb;border-radius:4px">'
               f'<div style="width:{share}%;height:8px;background:#d97706;border-radius:4px">'
               "</div></div>")
        rows.append(f"<tr><td{CELL}>{html.escape(line.title)}</td>"
                    f"<td{CELL}>{line.solved} of {line.puzzles}</td>"
                    f"<td{CELL}>★ {line.stars} of {line.max_stars}</td>"
                    f"<td{CELL}>{bar}</td></tr>")
    solved = sum(line.solved for line in lines)
    head = ("<b>Your progress</b> · " + (f"{solved} puzzle{'s' * (solved != 1)} solved"
                                         if solved else "no puzzle solved yet")
            + (f", kept {html.escape(place)}" if place else "") + ".")
    return (f"<div class='boardlib-progress-table'>{head}"
            "<table style='margin-top:4px;border-collapse:collapse'><tr>"
            + "".join(f"<th{CELL}>{title}</th>" for title in
                      ("lesson", "puzzles solved", "stars", ""))
            + "</tr>" + "".join(rows) + "</table></div>")


class ProgressPanel(w.VBox):  # type: ignore[misc]
    """Puzzles solved and stars earned in every game, read from the progress file that the
    puzzle boards write (``progress``: a path; default: the learner's file, in the browser's
    storage on the browser-only site). *Refresh* reads it again: a puzzle solved on another
    page (another kernel) is counted then."""

    def __init__(self, progress: str | None = None, games: Sequence[str] | None = None) -> None:
        from boardlib.core.puzzles import Progress

        self.source = progress
        self.games = games
        self.table = w.HTML(layout=shared(w.Layout, width="100%"), style=shared(HTMLStyle))
        self.refresh_button = w.Button(description="Refresh", icon="refresh",
                                       tooltip="Read your progress again",
                                       layout=shared(w.Layout, width="auto",
                                                     align_self="flex-start"),
                                       style=shared(w.ButtonStyle))
        self.refresh_button.on_click(lambda _: self.refresh())
        self.progress = Progress(progress)
        self.lines: tuple[Any, ...] = ()
        self.refresh()
        super().__init__([self.table, self.refresh_button],
                         layout=shared(w.Layout, width="100%"))
        self.add_class("boardlib-progress")

    def refresh(self) -> None:
        """Read the progress file again and redraw the table."""
        from boardlib.core.puzzles import Progress, games_progress

        self.progress = Progress(self.source)
        self.lines = games_progress(self.progress, self.games)
        self.table.value = progress_html(self.lines, progress_place(self.progress.path))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live panel, plus a fixed line for saved notebooks."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, "text/html": PROGRESS_FALLBACK, "text/plain": repr(self)}, metadata

    def __repr__(self) -> str:
        return "<ProgressPanel>"


__all__ += ["ProgressPanel", "progress_html", "progress_place", "PROGRESS_FALLBACK", "CELL"]
