"""The teaching protocol (boardlib.core.teaching) and whole-turn bots (boardlib.core.bots),
on a toy game and on the real engines."""
import subprocess
import sys

import pytest

import boardlib
from boardlib.carcassonne.positions import play, position
from boardlib.core import (TERMINAL, WHOLE, Event, Game, GameInfo, GameType, Illegal, Match,
                           MoveSet, Outcome, State, move)
from boardlib.core.bots import MAX_TURN_MOVES, RandomBot, make_bot, play_turn, turn_moves
from boardlib.core.teaching import (MARK_KINDS, Column, Mark, Played, SeatLine, Step, Table,
                                    Teacher, history, joined, plural, sentence,
                                    since_seat_moved, teacher, whole_turns)
from boardlib.core.testing.teaching import check_teaching


@move("add {amount}", rule="T-01", amount=WHOLE)
class Add:
    amount: int


class RaceState(State):
    """A toy race: players take turns adding 1 or 2 to a shared total; whoever reaches 5
    wins. Player 0 moves twice in a row at the start (a two-step first turn)."""

    __slots__ = ("total", "moves_made", "last")
    FIELDS = __slots__

    def __init__(self, game, total=0, moves_made=0, last=None):
        super().__init__(game)
        self.total, self.moves_made, self.last = total, moves_made, last

    @property
    def current_player(self):
        if self.total >= 5:
            return TERMINAL
        return 0 if self.moves_made < 2 else (self.moves_made - 1) % 2

    def _legal_moves(self):
        return (Add(1), Add(2))

    def _why_illegal(self, m):
        return None if m.amount in (1, 2) else Illegal("T-01", "Add 1 or 2.")

    def _apply(self, m):
        return self.evolve(total=self.total + m.amount, moves_made=self.moves_made + 1,
                           last=m)

    @property
    def events(self):
        return () if self.last is None else (Event("T-01", f"the total is {self.total}"),)

    def outcome(self):
        if self.total < 5:
            return None
        winner = (self.moves_made - 2) % 2 if self.moves_made > 2 else 0
        return Outcome("five", (winner,), (1.0 * (winner == 0), 1.0 * (winner == 1)), "T-02")

    def to_dict(self):
        return {"total": self.total, "moves_made": self.moves_made}


class RaceGame(Game):
    TYPE = GameType("race", "Race", min_players=2, max_players=2, hidden_information=False,
                    chance=False)
    MOVES = MoveSet("Race", Add, rule="T-01")

    @property
    def num_players(self):
        return 2

    def info(self):
        return GameInfo(2, max_game_length=10, min_score=0, max_score=1)

    def new_initial_state(self):
        return RaceState(self)

    def state_from_dict(self, data):
        return RaceState(self, data["total"], data["moves_made"])


def race_match(*amounts):
    match = Match(RaceGame())
    for a in amounts:
        match.play(Add(a))
    return match


def test_marks_only_of_known_kinds():
    assert Mark("from", (1, 2), 0).kind in MARK_KINDS
    with pytest.raises(ValueError, match="unknown mark kind"):
        Mark("sparkle", (1, 2))


def test_since_seat_moved_and_whole_turns():
    # Player 0 adds twice (its first turn), then 1, 0, 1 alternate.
    played = history(race_match(1, 1, 1, 1))
    assert [p.mover for p in played] == [0, 0, 1, 0]
    assert [p.mover for p in since_seat_moved(played, 1)] == [0]
    assert [p.mover for p in since_seat_moved(played, 0)] == []
    assert len(since_seat_moved(played[:2], 1)) == 2          # seat 1 has not moved yet
    assert [p.mover for p in since_seat_moved(played[:2], None)] == [0, 0]   # the last turn
    assert whole_turns(played) == [1, 2, 3]
    assert since_seat_moved((), None) == ()


def test_the_plain_teacher_serves_a_game_without_one():
    match = race_match(2, 2)
    t = teacher(match.game, ["North", "South"].__getitem__)
    assert type(t) is Teacher
    before, m, after = history(match)[-1].before, match.moves[-1], match.state
    assert t.move_words(before, m, after) == "North played add 2"
    assert t.hint_words(before, m) == "play add 2"
    (step,) = t.explain(before, m, after)
    assert (step.rule, step.title, step.text, step.event) == ("T-01", "T-01", "the total is 4",
                                                              "the total is 4")
    assert t.events(before, m, after) == (Event("T-01", "the total is 4"),)
    assert t.marks(before, m, after) == ()
    assert t.standings(match.state).summary == "The game is on."
    match.play(Add(1))
    over = t.standings(match.state)
    assert over.over and over.leaders == (1,) and over.summary == "South won."


def test_tables_read_values_and_print():
    table = Table("Fleets", (Column("engines", "Engines", "ZY-13", True),),
                  (SeatLine(0, "Red", (3,), note="to move"), SeatLine(1, "Blue", (12,))))
    assert table.value(1, "engines") == 12
    assert table.text() == " " * 15 + "Engines\nRed (to move)  3\nBlue           12"
    assert str(Step("ZY-08", "Exact distance", "It flies 2 hexes.")) == \
        "ZY-08 Exact distance: It flies 2 hexes."


def test_words_helpers():
    assert sentence("player 0 won") == "Player 0 won" and sentence("") == ""
    assert joined(["a"]) == "a" and joined(["a", "b", "c"]) == "a, b and c"
    assert plural(1, "hex", "hexes") == "1 hex" and plural(2, "ship") == "2 ships"


def test_the_protocol_check_runs_on_any_game():
    report = check_teaching(RaceGame(), games=5, seat_names=("North", "South"))
    assert report.games == 5 and report.steps == report.moves


def test_the_protocol_check_catches_engine_notation_in_words():
    class Noisy(Teacher):
        def move_words(self, before, m, after=None, viewer=None):
            return f"{self.name(before.current_player)} played add {m.amount}"

    RaceGame.TEACHING = f"{__name__}:NOISY"
    globals()["NOISY"] = Noisy
    try:
        with pytest.raises(AssertionError, match="notation"):
            check_teaching(RaceGame(), games=1, notation=[r"\badd \d"])
    finally:
        RaceGame.TEACHING = None


def test_the_protocol_check_catches_words_that_tell_a_secret_move():
    class Discreet(Teacher):
        def move_words(self, before, m, after=None, viewer=None):
            return f"{self.name(before.current_player)} added something"

        def hint_words(self, state, m, viewer=None):
            return "add a number"

        def explain(self, before, m, after=None, viewer=None):
            return (self.step("T-01", "A number was added.", event="a number was added"),)

    def other_amount(state, m, viewer):   # pretend the amount is secret
        return [Add(3 - m.amount)]

    with pytest.raises(AssertionError, match="can tell"):
        check_teaching(RaceGame(), games=1, hidden_moves=other_amount)
    RaceGame.TEACHING = f"{__name__}:DISCREET"
    globals()["DISCREET"] = Discreet
    try:
        report = check_teaching(RaceGame(), games=2, hidden_moves=other_amount)
        assert report.twins == 2 * report.moves   # two viewers, one other move each
    finally:
        RaceGame.TEACHING = None


# --- a bot move means a whole turn --------------------------------------------------------

def test_a_whole_turn_in_carcassonne_is_tile_to_end_of_turn():
    state = position("U", deck=["U", "U"])
    bot = RandomBot(seed=3)
    moves = turn_moves(bot, state)
    assert str(moves[0]).startswith("tile ") and str(moves[-1]) == "end turn"
    match = Match(state.game, state)
    assert play_turn(match, RandomBot(seed=3)) == moves
    assert match.state.current_player == 1 and len(match) == len(moves)


def test_the_greedy_carcassonne_bot_plans_its_whole_turn_in_one_search():
    # Red can close D's city with E turned over and put a knight in it: 4 points now.
    state = position("E", deck=["U"])
    bot = make_bot("greedy", seed=1, game=state.game)
    moves = bot.choose_turn(state)
    assert [str(m) for m in moves] == ["tile 0,1 rot 180", "follower city:S", "end turn"]
    after = play(state, *map(str, moves))
    assert after.scores == (4, 0) and after.current_player == 1
    assert bot.choose(state) == moves[0]          # one step is still there


def test_a_whole_turn_in_zyrcan_is_one_move():
    match = Match(boardlib.load("zyrcan"))
    assert len(play_turn(match, RandomBot(seed=1))) == 1 and match.state.current_player == 1


def test_a_whole_turn_stops_at_the_end_of_the_game_and_at_a_turn_that_never_passes():
    match = race_match(2, 2)                     # total 4, player 1 to move
    assert len(play_turn(match, RandomBot(seed=0))) == 1 and match.state.is_terminal()
    assert play_turn(match, RandomBot(seed=0)) == ()

    class Stuck:
        current_player = 0

        def is_terminal(self):
            return False

        def apply(self, m):
            return self

    class Echo(RandomBot):
        def choose(self, state):
            return "again"

    with pytest.raises(RuntimeError, match=f"after {MAX_TURN_MOVES} moves"):
        turn_moves(Echo(), Stuck())


def test_teaching_modules_import_no_drawing_or_widgets():
    modules = ("boardlib.core.teaching", "boardlib.core.testing.teaching",
               "boardlib.zyrcan.teaching", "boardlib.carcassonne.teaching")
    code = (f"import sys, {', '.join(modules)}; "
            "bad = [m for m in ('matplotlib', 'ipywidgets', 'anywidget') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_played_names_its_mover():
    match = race_match(1)
    (p,) = history(match)
    assert isinstance(p, Played) and p.mover == 0 and p.after is match.state
