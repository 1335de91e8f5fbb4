"""Game-agnostic layer: the State/Game API, errors, matches, catalogues, bots and the
pieces every engine is built from.

How a game uses the core
========================

Zyrcan (``boardlib/zyrcan/rules.py``) is the reference example: it uses every piece
below that a game without chance or hidden information needs (pieces 7 and 8 are for
games with a seed or secrets; ``seed_option`` and ``revealed_to`` are tested on a toy
game in ``tests/core/test_core_api.py``).

1. **Metadata** (``metadata.py``): declare ``TYPE = GameType(name, title, min_players,
   max_players, hidden_information, chance)`` on the ``Game`` class (it also sets
   ``name`` and ``title``), and implement ``info()`` returning ``GameInfo(num_players,
   max_game_length, min_score, max_score)`` for the game's options. Conformance tests
   hold every game to them.

2. **Phases** (``phases.py``): ``PHASES = Phases(Phase(name, rule, title, acts,
   then=(...)), ...)``, once, in order. The state stores the phase's name; the save
   schema takes its choices from ``PHASES.names``; boards say
   ``PHASES.describe(state.phase)`` ("phase 2: attacks (ZY-06)").

3. **Moves** (``moves.py``): declare each move with its text once::

       @move("place {engines} at {at}", rule="ZY-05", engines=WHOLE, at=HEX)
       class Place:
           at: Hex
           engines: int

   and list them: ``MOVES = MoveSet("Zyrcan", Place, Attack, Pass, rule="ZY-14")`` as a
   ``Game`` class attribute. That gives ``str(move)``, ``game.parse_move(text)``
   (bounded length, ``InvalidInputError`` with an excerpt) and typed equality. Field
   kinds: ``WHOLE``, ``HEX``, ``DIRECTION``, ``PAIR``, ``ChoiceKind(...)``,
   ``TextKind(pattern, description)``, or a ``FieldKind`` subclass of the game's own
   (Room 25's places ``b3``: pattern, parse, write, accepts).

4. **Typed refusals**: implement ``State._why_illegal(move)`` for well-typed moves; the
   base ``State.why_illegal`` first refuses (with the move's rule) anything that is not
   one of ``MOVES`` or has a field of the wrong type, so ``why_illegal(m) is None``
   exactly when ``m in legal_moves()``. ``apply`` raises ``IllegalMoveError`` from it.

5. **Building states** (``State.evolve`` / ``State.draft``): list the state's fields
   in ``FIELDS`` (its ``__slots__``); build every new state whole, by the constructor,
   ``state.evolve(phase=OVER, ended="pass")`` or ``draft = state.draft(); draft.x = ...;
   draft.build()``. Never change a state after it is built (conformance tests compare
   the old state before and after every move).

6. **Saves** (``schema.py``): write ``state_schema(game)`` as a ``Record`` of
   ``Whole(low, high)``, ``Boolean()``, ``Choice(...)``, ``Text(max_length)``,
   ``ListOf(item, max_length)``, ``TupleOf(...)``, ``Optional(...)``, ``OneOf(...)``;
   ``state_from_dict`` checks it first (``InvalidInputError("state.ships[3][1]: must be
   a whole number, not 2.5")``), then refuses, naming the rule, every state no game can
   reach or that is stuck. ``Game.state_from_json`` and ``Match.from_json`` parse with
   ``load_json`` (deep nesting, huge numbers: ``InvalidInputError``). Options take a
   ``schema=`` too.

7. **Seeds**: a game with chance declares ``seed_option(doc)`` among its ``OPTIONS``
   and draws only from ``random.Random(options["seed"])``. Without a seed, ``load``
   draws a fresh one (a new deal); a given seed is kept (``game.seed_fixed``). With
   ``hidden_information`` the seed is left out of ``repr(game)`` and
   ``game.visible_options``; saves keep it.

8. **Hidden information on boards**: override ``State.revealed_to(player)`` where a move
   shows a player something hidden (a drawn tile, a room, a role); boards then refuse
   to undo it when a bot plays a seat. Default: nothing revealed.

9. **Tests** (``testing``): ``check_random_play(game, invariant=..., wrong_moves=...)``
   over every option set (it also round-trips saves, probes ``mutated_moves`` and the
   metadata bounds), ``check_round_trip(state)``, and with hypothesis
   ``testing.strategies.mutated_save(state)`` / ``wrong_moves(state)`` checked by
   ``check_loaded_save`` / ``check_refusals``.

10. **Teaching** (``teaching.py``): a game names its teacher in ``TEACHING =
    "boardlib.<game>.teaching:<Game>Teacher"``, a ``Teacher`` subclass giving moves in
    words (``move_words``, ``hint_words``), what a move touched (``marks``), the rules it
    triggered (``explain``, one ``Step`` per rule), and who is winning (``standings``);
    ``teacher(game, seat_name)`` finds it. Zyrcan and Carcassonne have theirs;
    ``testing.teaching.check_teaching(game, twins=...)`` checks one over random play.

11. **Whole turns** (``bots.py``): ``bot.choose(state)`` is one step;
    ``bot.choose_turn(state)`` and ``play_turn(match, bot)`` play until the player to
    move changes or the game ends (Carcassonne's tile, follower, token and end of turn).

The registry (``registry.py``: ``load``, ``GAMES``) lives in the core, so no core
module imports the package top; a test checks that ``boardlib`` has no import cycles.
"""
from .api import (SHARED_BOTS, TERMINAL, Draft, Event, Game, Option, Outcome, SeedOption,
                  State, fresh_seed, seed_option)
from .bots import BOTS, Bot, GreedyBot, MCTSBot, RandomBot, make_bot, play_turn
from .catalogue import Catalogue, Rule
from .errors import Illegal, IllegalMoveError, InvalidInputError, excerpt, is_whole, require
from .match import Match
from .metadata import GameInfo, GameType
from .moves import (DIRECTION, HEX, PAIR, WHOLE, ChoiceKind, FieldKind, MoveSet, TextKind,
                    move)
from .phases import Phase, Phases

__all__ = ["TERMINAL", "Event", "Game", "Illegal", "IllegalMoveError", "InvalidInputError",
           "Option", "SeedOption", "seed_option", "fresh_seed", "Outcome", "State", "Draft",
           "require", "is_whole", "excerpt", "BOTS", "SHARED_BOTS", "Bot", "GreedyBot",
           "MCTSBot", "RandomBot", "make_bot", "play_turn", "Catalogue", "Rule", "Match",
           "GameInfo", "GameType", "Phase", "Phases", "move", "MoveSet", "FieldKind", "ChoiceKind",
           "TextKind", "WHOLE", "HEX", "DIRECTION", "PAIR"]
