"""Room 25 in a notebook: a playable board built on :class:`boardlib.widgets.GamePanel`.

* First clue (R25-05), Look (R25-14), Move (R25-15), Vision (R25-24), Moving
  (R25-26) and Illusion (R25-32): click the room.
* Push (R25-16): click the character to push (it gets a thick ring), then the room.
* Control (R25-17, R25-27): click one of the arrows around the complex.
* Programming (R25-07): the buttons under the board ("move → look" ...); a single
  action is a one-word button. "Keep for 2nd", "Pass" and "Reveal (guard)" are
  buttons too. In programming a click on a room puts your reminder marker (R25-20).
* When one click on a room could mean several moves (a character acting on the spot may
  move or look, R25-I5; the reminder marker, R25-20), chips under the complex
  (``action_<k>``) choose which; the first legal one is chosen until then.

The keyboard reaches every room, character, arrow and chip (arrow keys, Enter or Space);
U undoes, H hints. Nothing turns in Room 25, so R says so.

The board shows the complex as the player to move knows it (``viewer``: fix it
to one seat; with a single human seat among bots it is fixed to that seat, so the
picture never shows what a bot's seat has seen, R25-I4). The move list never
shows programs. Above the complex the countdown track marks the current turn and
the turns the alarm cut (R25-10, R25-12); a "C" marker sits on the arrow of each
line slid this turn (R25-17, R25-19).

Hot seat (``pass_screen=True`` or the "Pass the screen" checkbox): when the turn
goes from one human seat to another, the board first shows only public facts under
a "Pass the screen to <player> — click when ready" cover, and no programming
buttons; a click on the board or on the button shows the next player's view
(R25-I4). Bot seats need no such step.

Under the board a narration tells what the last step did, every effect with its rule ID
(the event log keeps the whole story), in a box of three lines that scrolls when there is
more: the board and the narration fit one 1366x768 screen together.
"""
from __future__ import annotations

import html
import re
from typing import Any, Sequence

import ipywidgets as w

import boardlib
from boardlib.core.api import Illegal
from boardlib.core.bots import Bot
from boardlib.core.teaching import Mark
from boardlib.widgets import BaseController, GamePanel, Play, Select, checkbox
from boardlib.widgets.controller import ClickResult

from boardlib.svg import parse_id
from boardlib.svg.marks import MarkLayer

from .draw import (PLAYER_COLORS, PLAYER_NAMES, ROOM_ACTION_WORDS, ROOM_ACTIONS, action_id,
                   char_id, draw_svg, room_actions, room_id, room_spot, slide_id)
from .rules import (ACTION_NAMES, EXEC, PENDING, PROGRAM, Clue, Control, Defer, Illusion, Look,
                    Move, Pass, Program, Push, Remind, Reveal, Room25State, Swap, Vision)

_PLAYER = re.compile(r"\bplayer (\d+)")
NARRATION_HEIGHT = "4em"   # three lines of the narration (board.css: line height 1.3)


def _is_char(selection: Any) -> bool:
    """Is the selection a character picked to be pushed (a whole number, R25-16)?"""
    return type(selection) is int


def _place(move: Any) -> int | None:
    """The place a room move goes to (``Move.to``, ``Look.at`` ...)."""
    value = getattr(move, "to", getattr(move, "at", None))
    return value if type(value) is int else None


def _program_label(move: Program) -> str:
    """A program's button: "move → look", or "move (one only)" (R25-07)."""
    return ACTION_NAMES[move.first] + (f" → {ACTION_NAMES[move.second]}" if move.second
                                       else " (one only)")


class Room25Controller(BaseController[Room25State]):
    """Clicks -> Room 25 moves; the selection is a character to push."""

    colors = PLAYER_COLORS
    names = PLAYER_NAMES

    def __init__(self, viewer: int | None = None) -> None:
        self.viewer = viewer
        self.public = False            # draw only public facts (a bot is to move in hot seat)
        self.screen: str | None = None  # the "pass the screen" cover text, when shown

    def _viewer(self, state: Room25State) -> int | None:
        if self.screen is not None or self.public:
            return None
        if self.viewer is not None:
            return self.viewer
        return None if state.is_terminal() else state.current_player

    def action(self, state: Room25State, selection: Any) -> type | None:
        """The room move a click on a room means now: the one a chip chose (the selection),
        else the first legal kind of :data:`PLACE_MOVES` (``None``: no room move is legal)."""
        kinds = room_actions(state)
        if isinstance(selection, type) and selection in kinds:
            return selection
        return kinds[0] if kinds else None

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, state: Room25State, selection: Any, hint: Any = None,
             marks: MarkLayer | None = None) -> str:
        """The board for the seat that sees it; ``marks``: the teacher's marks of the last
        moves or of an Explain step (public facts only, ``boardlib.room25.teaching``)."""
        if self.screen is not None:    # hot seat: nothing private until the next player is ready
            return draw_svg(state, None, cover=self.screen, caption=False)
        picked = selection if _is_char(selection) else None
        return draw_svg(state, self._viewer(state), selection=picked,
                        targets=self.targets(state, selection), hint=hint, caption=False,
                        action=self.action(state, selection), marks=marks)

    def mark_element_ids(self, state: Room25State, mark: Mark) -> tuple[str, ...]:
        """A mark at a place of the complex outlines that room (:func:`.draw.room_spot`)."""
        spot = room_spot(mark.at, (0.0, 0.0))
        return () if spot is None else (spot.ref,)

    def static_svg(self, state: Room25State) -> str:
        if self.screen is not None:
            return draw_svg(state, None, cover=self.screen)
        return draw_svg(state, self._viewer(state), targets=self.targets(state, None),
                        action=self.action(state, None))

    def targets(self, state: Room25State, selection: Any) -> list[int]:
        """Places a click sends a legal move to (for the outline): the chosen room move's,
        or the picked character's pushes (R25-16)."""
        legal = state.legal_moves()
        if _is_char(selection):
            return sorted({m.to for m in legal if isinstance(m, Push) and m.char == selection})
        kind = self.action(state, selection)
        if kind is Remind:
            return []                   # every room takes a reminder marker: no outline
        out = {_place(m) for m in legal if type(m) is kind}
        out |= {m.to for m in legal if isinstance(m, Push)} if kind is None else set()
        return sorted(p for p in out if p is not None)

    # --- clicks -----------------------------------------------------------------------------
    def click(self, state: Room25State, element_id: str, selection: Any) -> ClickResult:
        parsed = parse_id(element_id)
        if parsed is None:
            return None
        kind, fields = parsed
        if kind == "room" and len(fields) == 1 and 0 <= fields[0] < 25:
            return self._click_room(state, fields[0], selection)
        if kind == "char" and len(fields) == 1:
            return self._click_char(state, fields[0], selection)
        if kind == "slide" and len(fields) == 2:
            return Play(Control(fields[0], 1 if fields[1] else -1))
        if kind == "action" and len(fields) == 1 and 0 <= fields[0] < len(ROOM_ACTIONS):
            chosen = ROOM_ACTIONS[fields[0]]
            return Select(None if selection is chosen else chosen)   # a second click lets go
        return None

    def _click_char(self, state: Room25State, c: int, selection: Any) -> ClickResult:
        if selection == c and _is_char(selection):
            return Select(None)
        legal = state.legal_moves()
        if any(isinstance(m, Push) and m.char == c for m in legal):
            return Select(c)
        position = state.position(c) if 0 <= c < state.game.num_chars else None
        if position is not None and not any(isinstance(m, Push) for m in legal):
            return self._click_room(state, position, selection)   # no push now: its room
        return Play(Push(c, position or 0))  # the engine explains why it cannot be pushed

    def _click_room(self, state: Room25State, pos: int, selection: Any) -> ClickResult:
        if _is_char(selection):
            return Play(Push(selection, pos))      # the engine says if it may go there
        legal = state.legal_moves()
        kind = self.action(state, selection)
        for m in legal:
            if type(m) is kind and _place(m) == pos:
                return Play(m)
        pushes = [m for m in legal if isinstance(m, Push) and m.to == pos]
        if len(pushes) == 1:
            return Play(pushes[0])
        if len(pushes) > 1:
            return Illegal("R25-16", "Several characters could be pushed there: click the one "
                                     "to push first.")
        if kind is not None:
            return Play(kind(pos))   # the engine explains why not there
        # Nothing legal goes there: ask the engine about the natural move, so it explains.
        return Play(self._natural(state, pos, selection))

    def clicks_for(self, state: Room25State, move: Any, selection: Any = None) -> list[str]:
        """The element ids a player clicks to play ``move`` from ``selection``."""
        if isinstance(move, Push):
            pick = [] if selection == move.char and _is_char(selection) else [char_id(move.char)]
            return pick + [room_id(move.to)]
        if isinstance(move, Control):
            return [slide_id(move.line, move.direction)]
        if type(move) in ROOM_ACTIONS:
            clicks = []
            if _is_char(selection):
                clicks.append(char_id(selection))   # let the picked character go
                selection = None
            if self.action(state, selection) is not type(move):
                clicks.append(action_id(type(move)))
            return clicks + [room_id(_place(move) or 0)]
        return []   # programs, Keep, Pass and Reveal are buttons

    @staticmethod
    def _natural(state: Room25State, pos: int, selection: Any) -> Any:
        c = state.current_character
        if state.phase == PENDING and state.pending is not None:
            kind = state.pending[0]
            return {"vision": Vision, "mobile": Swap, "illusion": Illusion}.get(
                kind, Vision)(pos)
        if state.phase == EXEC and c is not None:
            act = state.slot(c)
            letter = state.prog[c] if act == "?" else act
            if letter == "L":
                return Look(pos)
            if letter == "P":
                return Push(selection if isinstance(selection, int) else c, pos)
        if state.phase == "clue":
            return Clue(pos)
        return Move(pos)

    # --- words and buttons -----------------------------------------------------------------
    def button_moves(self, state: Room25State) -> Sequence[tuple[str, Any]]:
        out: list[tuple[str, Any]] = []
        for m in state.legal_moves():
            if isinstance(m, Program):
                out.append((_program_label(m), m))
            elif isinstance(m, Defer):
                out.append(("Keep for 2nd action", m))
            elif isinstance(m, Pass):
                out.append(("Pass", m))
            elif isinstance(m, Reveal):
                out.append(("Reveal (guard)", m))
        return out

    def status(self, state: Room25State, selection: Any) -> str:
        if state.is_terminal():
            return ""
        return (self._action_status(state) + self._chips_note(state, selection)
                + self._role_note(state))

    def _chips_note(self, state: Room25State, selection: Any) -> str:
        """When a room click could mean several moves, which one it means now."""
        if len(room_actions(state)) < 2 or _is_char(selection):
            return ""
        kind = self.action(state, selection)
        return (f" · a room click: {ROOM_ACTION_WORDS[kind].lower()} (the chips under the "
                "board choose)") if kind is not None else ""

    def _role_note(self, state: Room25State) -> str:
        """Suspicion (R25-38): the seat whose view is shown is told its secret role, and
        the roles revealed so far (R25-39, R25-40, R25-43)."""
        viewer = self._viewer(state)
        if state.game.mode != "suspicion" or viewer is None:
            return ""
        game = state.game
        mine = [c for c in range(game.num_chars) if game.owner[c] == viewer]
        note = " · you: " + ", ".join(f"{game.names[c]}, {state.roles[c]}" for c in mine)
        shown = [f"{game.names[c]} {state.roles[c]}" for c in range(game.num_chars)
                 if c not in mine and state.role_public(c)]
        return note + (f" · revealed: {', '.join(shown)}" if shown else "") + " (R25-38)"

    def _action_status(self, state: Room25State) -> str:
        c = state.current_character
        name = state.game.names[c] if c is not None else ""
        if state.phase == "clue":
            return "first clue (R25-05): click a room next to the Central Room"
        if state.phase == PROGRAM:
            return (f"{name} programs (R25-07): pick a program below; its first action "
                    "comes first")
        if state.phase == PENDING and state.pending is not None:
            return {"vision": "Vision (R25-24): click any face-down room to look at it",
                    "mobile": "Moving room (R25-26): click a face-down room to swap with",
                    "illusion": "Illusion (R25-32): click a face-down room to trade with",
                    "control": "Control room (R25-27): click an arrow to slide a line"}[
                state.pending[0]]
        if c is None:
            return ""
        act = state.slot(c)
        if act == "*":
            return f"{name} acts on the spot: click a room, a character or an arrow"
        letter = state.prog[c] if act == "?" else act
        what = ACTION_NAMES.get(letter, letter)
        hint = {"move": "click an adjacent room", "look": "click an adjacent face-down room",
                "push": "click the character, then the room", "control": "click an arrow"}[what]
        return f"{name}, action {state.pass_no}: {what} — {hint}"

    def describe(self, state: Room25State, move: Any) -> str:
        """Programs stay secret in the move list (R25-I4)."""
        if isinstance(move, Program):
            n = 2 if move.second else 1
            return f"programs {n} action{'s' if n > 1 else ''}"
        c = state.current_character
        who = f"{state.game.names[c]}: " if c is not None else ""
        return who + str(move)

    def describe_hint(self, state: Room25State, move: Any) -> str:
        """A hint is for the player to move: it names the program's button."""
        if isinstance(move, Program):
            return f"press \"{_program_label(move)}\""
        return self.describe(state, move)

    def localize(self, text: str) -> str:
        return _PLAYER.sub(lambda m: self.player_name(int(m[1])), text)


class Room25Board(GamePanel):
    """A playable Room 25 board: ``Room25Board(mode="cooperative", players=2,
    seats=["human", "role"], viewer=0)``.

    ``seats``: per player ``"human"`` or one of this game's observation-only bots
    (``"random"``, ``"prisoner"``, ``"guard"``, ``"role"``; see ``Room25Game.BOT_CLASSES``).
    ``viewer``: whose knowledge the picture shows (default: the only human seat if there
    is one, else the player to move).
    ``pass_screen``: hot-seat play; between two human seats a "pass the screen" step hides
    everything private (R25-I4). Also a checkbox in the toolbar.
    ``state``: a prepared position (``boardlib.room25.scenarios.position``).
    ``seed``: deal this game (and every New game) from it; by default each game is a new
    deal, and the seed never shows (R25-I4).

    Built on :class:`GamePanel`'s public hooks only: ``gate`` (nothing happens behind the
    cover), ``update_view``, ``status_html``, ``move_buttons``, ``narration_lines`` and
    ``option_widget``.
    """

    def __init__(self, mode: str = "cooperative", players: int | None = None,
                 state: Room25State | None = None, seats: Sequence[str | Bot] | None = None,
                 viewer: int | None = None, seed: int | None = None, pass_screen: bool = False,
                 **kwargs: Any) -> None:
        options: dict[str, Any] = {k: kwargs.pop(k) for k in ("composition", "reminder_markers")
                                   if k in kwargs}
        if seed is not None:
            options["seed"] = seed
        game = state.game if state is not None else boardlib.load(
            "room25", mode=mode, players=players, **options)
        # Hints and "Bot move" for a human seat come from a bot that sees only the mover's
        # observation: a full-state bot would give hidden rooms away (R25-I4).
        kwargs.setdefault("hint_bot", "role")
        self._shown: int | None = None   # the human seat whose private view is on the screen
        self.pass_screen = checkbox("Pass the screen", pass_screen,
                                    "hot seat: between two human players, hide everything "
                                    "private until the next one is ready (R25-I4)")
        # its own layout: it hides while fewer than two seats are human (it does nothing then)
        self.pass_screen.layout = w.Layout(width="auto", margin="2px 2px 2px 12px")
        controls = [self.pass_screen, *kwargs.pop("extra_controls", ())]
        super().__init__(game, Room25Controller(viewer), state=state, seats=seats,
                         seed=seed or 0, extra_controls=controls, viewer=viewer,
                         narration=True, seed_fixed=seed is not None, **kwargs)
        self.pass_screen.observe(lambda _: self.refresh(), names="value")
        # The narration: a box of three lines under the board, scrolling when a step did more,
        # so the board keeps its size; the board leaves it room on the screen (board.js,
        # "boardlib-under-board"): after a bot's reply the panel still fits 1366x768.
        if self.narration is not None:
            self.narration.layout = w.Layout(height=NARRATION_HEIGHT, overflow="auto")
            self.narration.add_class("boardlib-under-board")

    # --- hot seat -------------------------------------------------------------------------
    @property
    def hot_seat(self) -> bool:
        """Two or more human seats and the "pass the screen" step switched on."""
        return bool(self.pass_screen.value) and len(self.human_seats) >= 2

    @property
    def screened(self) -> bool:
        """Is the board waiting behind the "pass the screen" cover?"""
        state = self.state
        if not self.hot_seat or state.is_terminal():
            return False
        p = state.current_player
        return p not in self.bots and p != self._shown

    def ready(self) -> None:
        """The next human player has the screen: show their view (R25-I4)."""
        if not self.screened:
            return
        self._shown = self.state.current_player
        self.why_line.clear()
        self.refresh()

    def _screen_text(self) -> str:
        return f"Pass the screen to {self.player_name(self.state.current_player)}"

    # --- GamePanel hooks ------------------------------------------------------------------
    def gate(self, action: str) -> str | None:
        """Behind the cover nothing happens but "ready" (R25-I4); undo and redo bring the
        cover back, since whoever holds the screen may not be the player to move then."""
        if action in ("undo", "redo"):
            if self.hot_seat and self._shown is not None:
                self._shown = None
                self.refresh()
            return None
        if not self.screened:
            return None
        if action == "click":
            self.ready()             # any click on the cover: the next player is ready
            return ""
        return {"move": f"First pass the screen to "
                        f"{self.player_name(self.state.current_player)} and click when ready "
                        "(R25-I4).",
                "bot": "First pass the screen: the bot move waits for the next player "
                       "(R25-I4).",
                "hint": "The hint waits until the next player has the screen (R25-I4)."
                }.get(action)

    def update_view(self) -> None:
        controller = self.controller
        assert isinstance(controller, Room25Controller)
        controller.viewer = self.viewing_seat
        state = self.state
        # Hot seat and a bot to move: show only public facts (someone else may be watching).
        controller.public = (self.hot_seat and not state.is_terminal()
                             and state.current_player in self.bots)
        controller.screen = (f"{self._screen_text()}\n— click when ready" if self.screened
                             else None)
        # Hot seat needs two human seats: with one (against bots) the box would do nothing,
        # and its row is what the side column needs to fit one screen while programming.
        display = "" if len(self.human_seats) >= 2 else "none"
        if self.pass_screen.layout.display != display:
            self.pass_screen.layout.display = display

    def status_html(self) -> str:
        if self.screened:
            return (f"<b>{html.escape(self._title)}</b> · {html.escape(self._screen_text())} "
                    "— click when ready (R25-I4)")
        return super().status_html()

    def move_buttons(self) -> list[tuple[str, Any]]:
        if self.screened:
            return [(f"{self._screen_text()} — click when ready", self.ready)]
        return super().move_buttons()

    def narration_lines(self) -> list[str]:
        """What the last move did, one line per effect with its rule ID (R25-08: execution
        step by step)."""
        match = self.match
        if not match.moves:
            return []
        before = match.states[-2]
        who = self.words.describe(before, match.moves[-1])
        lines = [f"Last step — {self.player_name(before.current_player)}: {who}"]
        lines += [self.words.localize(str(e)) for e in self.state.events]
        return lines

    def option_widget(self, option: Any, value: Any) -> w.Widget | None:
        """The number of players: its default depends on the mode, so it is a number box."""
        if option.name != "players":
            return None
        players = w.BoundedIntText(value=self.game.num_players, min=1, max=6,
                                   description="players", style={"description_width": "initial"},
                                   layout=w.Layout(width="160px"))
        players.tooltip = "1 (solo) to 6; each mode checks its own range"
        return players


__all__ = ["Room25Board", "Room25Controller"]
