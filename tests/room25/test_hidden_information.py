"""The hidden-information differential test (R25-I4), over 200+ seeded games per mode.

At sample points of random games, change only what one player ``p`` may not see, in a way the
rules would not make public at that point:

* ``SwapRoles``: swap the hidden roles of two other characters that stand alike (both alive,
  both outside Room 25); ``SwapAnyRoles``: of any two (one inside Room 25, one outside,
  preferably), which changes how many prisoners an escape misses; ``DealSpare``: give
  another character the role tile left unseen in the box, so the number of guards dealt
  differs (R25-38);
* ``SwapRooms``: swap two face-down rooms ``p`` has not seen (no reminder marker on them);
* ``ChangeProgram``: change another player's programmed actions not carried out yet;
  ``ProgramChoice``: the next program another player makes is a different one.

Then both positions play on with the same moves, and everything ``p`` can see must be
identical — until the rules make the changed fact public (a role shown, a room turned up, the
programmed slot reached, a death, the end), or the two positions' players would have to choose
differently (a move legal in one only: a guard's Reveal).

What ``p`` sees is a list of *seat views* (``SEAT_VIEWS``): the engine's observation, the
events (narration), ``revealed_to(p)`` and, when ``p`` is to move, the legal moves and the
``why_illegal`` texts of probe moves. The board layer plugs in its own views of the seat (the
picture, status line, buttons, move list and hint) by appending to ``BOARD_VIEWS``; the views
the current board offers are there now and run on the first games of each mode.
"""
import random

import pytest

import boardlib
from boardlib.room25 import rules as R
from boardlib.room25.bots import RoleBot

MODES = {"suspicion": (4, 5, 6), "cooperative": (2, 3, 4, 6), "competition": (2, 3),
         "team": (4, 6), "solo": (1,)}
GAMES = 200
POINTS = 4          # sample points per game
FOLLOW = 12         # moves followed after each change
BOARD_GAMES = 12    # games per mode whose board views are compared too (drawing is slower)


# --- what a seat sees ---------------------------------------------------------------------------

def probes(state):
    """Moves to ask ``why_illegal`` about: a spread of every kind, legal or not."""
    n = state.game.num_chars
    out = [R.Move(p) for p in range(0, 25, 2)] + [R.Look(p) for p in range(1, 25, 3)]
    out += [R.Push(c, p) for c in range(n) for p in (7, 11, 13, 17)]
    out += [R.Control(k, d) for k in range(10) for d in (-1, 1)]
    out += [R.Vision(3), R.Swap(3), R.Illusion(3), R.Clue(7), R.Remind(4), R.Defer(), R.Pass(),
            R.Reveal(), R.Program(0, "M", "L"), R.Program(n - 1, "C")]
    return out


def engine_view(state, p):
    view = {"observation": state.observation(p),
            "events": [str(e) for e in state.events],
            "revealed": state.revealed_to(p)}
    if state.current_player == p:
        view["legal"] = [str(m) for m in state.legal_moves()]
        view["refusals"] = [str(state.why_illegal(m)) for m in probes(state)]
    return view


SEAT_VIEWS = [engine_view]


def current_board_view(state, p):
    """The board of this branch, as seat ``p`` would see it (picture, status, buttons)."""
    from boardlib.room25.widget import Room25Controller
    board = Room25Controller(viewer=p)
    view = {"picture": board.draw(state, None), "status": board.status(state, None)}
    if state.current_player == p:
        view["buttons"] = [label for label, _ in board.button_moves(state)]
        view["moves"] = [board.describe(state, m) for m in state.legal_moves()]
    return view


_PANELS = {}


def panel_board_view(state, p):
    """The whole board widget showing ``state`` to seat ``p`` (all seats human, ``viewer=p``):
    its picture with the chips and outlines a click would use, its status line and its move
    buttons, as the panel composes them."""
    from boardlib.room25.widget import Room25Board
    key = (id(state.game), p)           # the game is kept with its board: its id stays its own
    game, board = _PANELS.get(key, (None, None))
    if game is not state.game or board is None:
        board = Room25Board(state=state, viewer=p, show_setup=False, show_history=False,
                            seats=["human"] * state.game.num_players)
        _PANELS[key] = (state.game, board)
    board.start_from(state)
    view = {"svg": board.svg, "status": board.status_line.value}
    if state.current_player == p:
        view["buttons"] = board.actions.labels
    return view


BOARD_VIEWS = [current_board_view, panel_board_view]


def seen_by(state, p, board):
    views = SEAT_VIEWS + (BOARD_VIEWS if board else [])
    return [v(state, p) for v in views]


class SeenBy:
    """``seen_by`` computed once per position and seat (positions compared by
    ``Room25State.content``). The original game's positions are followed once for each change
    tried from them (escape tries: every kind of change for every seat), and a variant
    that has not diverged yet (``ProgramChoice`` before its different choice) is the
    original position: what a seat sees of it is the same, so it is computed once.
    ``Room25State.content`` is every field (tests/room25/test_structure.py checks it)."""

    def __init__(self, game, board):
        self.game = game
        self.board = board
        self.memo = {}

    def __call__(self, state, p):
        assert state.game is self.game
        key = (state.content(), p)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = seen_by(state, p, self.board)
        return found


# --- changes a seat cannot see ------------------------------------------------------------------

class Change:
    """A change of ``state`` hidden from player ``p``; ``public(a, b)`` says when the rules
    have made it public in either of the two positions ``a``, ``b``."""

    def __init__(self, state, p, rng):
        self.game = state.game
        self.p = p
        self.variant = self.make(state, rng)

    def load(self, data):
        return self.game.state_from_dict(data)

    def move_for_variant(self, state, move):
        """The move the variant plays where the original plays ``move``: the same one."""
        return move


class SwapRoles(Change):
    """Two characters who stand alike: both alive and outside Room 25."""

    alike = True

    def make(self, state, rng):
        game, p = self.game, self.p
        if game.mode != "suspicion":
            return None
        r25 = game.room25_tile
        hidden = [c for c in range(game.num_chars) if game.owner[c] != p
                  and state.alive(c) and not state.role_public(c)
                  and (state.loc[c] != r25 or not self.alike)]
        pairs = [(a, b) for a in hidden for b in hidden if a < b
                 and state.roles[a] != state.roles[b]]
        if not self.alike:      # rather one inside Room 25 and one outside: that changes counts
            pairs = [(a, b) for a, b in pairs if (state.loc[a] == r25) != (state.loc[b] == r25)
                     ] or pairs
        if not pairs:
            return None
        self.a, self.b = rng.choice(pairs)
        data = state.to_dict()
        roles = data["roles"]
        roles[self.a], roles[self.b] = roles[self.b], roles[self.a]
        return self.load(data)

    def public(self, *states):
        r25 = self.game.room25_tile
        if any(s.role_public(c) or not s.alive(c) for s in states for c in (self.a, self.b)):
            return True
        return self.alike and any((s.loc[self.a] == r25) != (s.loc[self.b] == r25)
                                  for s in states)


class SwapAnyRoles(SwapRoles):
    """Any two hidden roles, one inside Room 25 and one outside, say: until a role is shown or
    the game ends (an escape that works in one position only), nothing may differ either —
    a failed escape does not say how many prisoners were missing."""

    alike = False


class DealSpare(SwapRoles):
    """Another character got the role tile that stayed unseen in the box (R25-38), so the
    number of guards dealt differs: nothing may tell it before a role is shown."""

    alike = False

    def make(self, state, rng):
        game, p = self.game, self.p
        if game.mode != "suspicion" or game.num_chars == 6:
            return None
        pool = ["prisoner"] * 4 + ["guard"] * (1 if game.num_chars == 4 else 2)
        for role in state.roles:
            pool.remove(role)
        spare = pool[0]
        hidden = [c for c in range(game.num_chars) if game.owner[c] != p and state.alive(c)
                  and not state.role_public(c) and state.roles[c] != spare]
        if not hidden:
            return None
        self.a = self.b = rng.choice(hidden)
        data = state.to_dict()
        data["roles"][self.a] = spare
        return self.load(data)


class SwapRooms(Change):
    def make(self, state, rng):
        p = self.p
        marked = set(state.marker)
        hidden = [q for q in range(25) if not state.is_face_up(q)
                  and not state.seen[p] >> state.grid[q] & 1 and state.grid[q] not in marked]
        pairs = [(a, b) for a in hidden for b in hidden if a < b
                 and state.kind_at(a) != state.kind_at(b)]
        if not pairs:
            return None
        a, b = rng.choice(pairs)
        self.tiles = (state.grid[a], state.grid[b])
        data = state.to_dict()
        grid = data["grid"]
        grid[a], grid[b] = grid[b], grid[a]
        return self.load(data)

    def public(self, *states):
        return any((s.up | s.seen[self.p]) >> t & 1 for s in states for t in self.tiles)


class ChangeProgram(Change):
    def make(self, state, rng):
        game, p = self.game, self.p
        options = []
        for c in range(game.num_chars):
            prog, did = state.prog[c], state.did[c]
            if game.owner[c] == p or not prog or not state.alive(c):
                continue
            if state.phase in ("exec", "pending") and state.current_character == c:
                continue        # this slot is being carried out: it is public now
            done = len(did) if len(prog) == 2 else (1 if did.replace("-", "") else 0)
            if done >= len(prog):
                continue
            for new in self.programs(len(prog)):
                if new[:done] == prog[:done] and new != prog:
                    options.append((c, new, done))
        if not options:
            return None
        self.c, new, self.done = rng.choice(options)
        data = state.to_dict()
        data["prog"][self.c] = new
        return self.load(data)

    @staticmethod
    def programs(length):
        if length == 1:
            return list("MLPC")
        return [a + b for a in "MLPC" for b in "MLPC" if a != b]

    def public(self, *states):
        c = self.c
        for s in states:
            if s.turn != self.turn:
                return True
            if len(s.did[c]) > self.done and s.did[c].replace("-", "")[self.done:]:
                return True
            if s.phase in ("exec", "pending") and s.current_character == c:
                return True
        return False


class ProgramChoice(ChangeProgram):
    """The next program another player makes is a different one (of as many actions)."""

    def make(self, state, rng):
        self.rng = rng
        self.c = None
        return self.load(state.to_dict())

    def move_for_variant(self, state, move):
        if (self.c is None and isinstance(move, R.Program)
                and self.game.owner[move.char] != self.p):
            others = [m for m in state.legal_moves() if isinstance(m, R.Program)
                      and m.char == move.char and bool(m.second) == bool(move.second)
                      and m != move]
            if others:
                self.c, self.done, self.turn = move.char, 0, state.turn
                return self.rng.choice(others)
        return move

    def public(self, *states):
        return self.c is not None and super().public(*states)


CHANGES = (SwapRoles, SwapAnyRoles, DealSpare, SwapRooms, ChangeProgram, ProgramChoice)
ROLE_CHANGES = (SwapRoles, SwapAnyRoles, DealSpare)


def game_path(game, seed, rng):
    """The positions and moves of one game: random moves (even seeds), or observation bots
    that head for Room 25 with one random move in five (odd seeds), so that escapes are
    tried."""
    bots = [RoleBot(seed=seed * 7 + p) for p in range(game.num_players)]
    path, moves = [], []
    state = game.new_initial_state()
    while not state.is_terminal():
        if seed % 2 and rng.random() < 0.8:
            move = bots[state.current_player].choose(state)
        else:
            move = rng.choice(state.legal_moves())
        path.append(state)
        moves.append(move)
        state = state.apply(move)
    return path, moves


def escape_tries(path):
    """A few positions before each slide of Room 25 off the edge."""
    return [max(0, i - 3) for i, b in enumerate(path[1:])
            if any("Room 25 slides off" in e.text for e in b.events)]


def follow(change, start, moves, p, seen, where):
    """Play both positions on with ``moves``; compare what ``p`` sees (``seen``, a
    ``SeenBy``) while the change is secret. Returns the number of compared position pairs."""
    compared = 0
    change.turn = start.turn
    a, b = change.load(start.to_dict()), change.variant    # both loaded: no events yet
    for move in moves + [None]:
        if a.is_terminal() or b.is_terminal() or change.public(a, b):
            break       # the end shows everything (R25-I4)
        assert seen(a, p) == seen(b, p), (
            f"{type(change).__name__} changed what player {p} sees ({where})")
        compared += 1
        if move is None:
            break
        other = change.move_for_variant(b, move)
        if b.why_illegal(other) is not None:
            break       # the two positions' players would choose differently
        a, b = a.apply(move), b.apply(other)
    return compared


def differential(game, seed, board):
    """Play one game. At ``POINTS`` sample points change one hidden thing for one player; a
    few moves before every slide of Room 25 off the edge, try every change for every
    player. Follow both positions with the game's own next moves. Returns the number of
    compared position pairs."""
    rng = random.Random(seed)
    path, moves = game_path(game, seed, rng)
    kinds = [k for k in CHANGES if game.mode == "suspicion" or k not in ROLE_CHANGES]
    tries = [(i, p, k) for i in escape_tries(path) for p in range(game.num_players)
             for k in kinds]
    tries += [(i, rng.randrange(game.num_players), rng.choice(kinds))
              for i in rng.sample(range(len(path)), min(POINTS, len(path)))]
    compared = 0
    seen = SeenBy(game, board)
    for i, p, kind in tries:
        change = kind(path[i], p, rng)
        if change.variant is not None:
            compared += follow(change, path[i], moves[i:i + FOLLOW], p, seen,
                               f"seed {seed}, move {i}")
    return compared


@pytest.mark.parametrize("mode", sorted(MODES))
def test_R25_I4_what_a_player_sees_ignores_what_they_may_not_see(mode):
    compared = 0
    for seed in range(GAMES):
        players = MODES[mode][seed % len(MODES[mode])]
        game = boardlib.load("room25", mode=mode, players=players,
                             composition="expert" if seed % 2 else "beginner", seed=seed)
        compared += differential(game, seed, board=seed < BOARD_GAMES)
    assert compared >= 10 * GAMES, compared      # the comparisons were not idle
