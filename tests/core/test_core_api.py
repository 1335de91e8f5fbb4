"""The core pieces through the public API: metadata, phases, building states, options,
seeds, the hidden-information hook and the registry."""
import random
import subprocess
import sys

import pytest

import boardlib
from boardlib.core import (TERMINAL, Game, GameInfo, GameType, InvalidInputError, Option,
                           Outcome, Phase, Phases, State, seed_option)


class CoinState(State):
    """A toy game with a seed: each player draws a coin; the larger total wins."""

    __slots__ = ("coins", "to_move")
    FIELDS = __slots__

    def __init__(self, game, coins, to_move):
        super().__init__(game)
        self.coins = coins
        self.to_move = to_move

    @property
    def current_player(self):
        return TERMINAL if len(self.coins) == 2 else self.to_move

    def _legal_moves(self):
        return ("draw",)

    def _why_illegal(self, move):
        return None

    def _apply(self, move):
        coin = random.Random(f"{self.game.options['seed']} {len(self.coins)}").randint(1, 6)
        return self.evolve(coins=self.coins + (coin,), to_move=1)

    def outcome(self):
        if len(self.coins) < 2:
            return None
        best = max(self.coins)
        return Outcome("drawn", tuple(p for p, c in enumerate(self.coins) if c == best),
                       tuple(map(float, self.coins)))

    def to_dict(self):
        return {"coins": list(self.coins), "to_move": self.to_move}


class CoinGame(Game):
    TYPE = GameType("coins", "Coins", min_players=2, max_players=2,
                    hidden_information=True, chance=True)
    PHASES = Phases(Phase("drawing", "C-01", "drawing coins", "each player once",
                          then=("over",)),
                    Phase("over", "C-02", "game over", "nobody", then=()))
    OPTIONS = (seed_option("seed of the coins"), Option("rounds", 1, "rounds to play"))

    @property
    def num_players(self):
        return 2

    def info(self):
        return GameInfo(2, max_game_length=2, min_score=1, max_score=6)

    def new_initial_state(self):
        return CoinState(self, (), 0)

    def state_from_dict(self, data):
        return CoinState(self, tuple(data["coins"]), data["to_move"])


def test_metadata_is_declared_once_and_names_the_game():
    game = CoinGame()
    assert game.name == "coins" and game.title == "Coins"
    assert CoinGame.TYPE.player_counts == (2,)
    assert game.info().max_game_length == 2


def test_phases_describe_themselves_and_refuse_unknown_names():
    phases = CoinGame.PHASES
    assert phases.describe("drawing") == "phase 1: drawing coins (C-01)"
    assert phases.names == ("drawing", "over") and "over" in phases
    assert phases.may_follow("drawing", "over") and not phases.may_follow("over", "drawing")
    with pytest.raises(InvalidInputError, match="unknown phase 'tea'"):
        phases["tea"]
    with pytest.raises(ValueError, match="unknown"):
        Phases(Phase("a", "X-1", "a", "nobody", then=("b",)))


def test_evolve_and_draft_build_new_states_and_leave_the_old_one_alone():
    game = CoinGame(seed=3)
    start = game.new_initial_state()
    assert start.legal_moves() == ("draw",)
    later = start.evolve(to_move=1)
    assert (start.to_move, later.to_move) == (0, 1) and later.coins is start.coins
    assert later.legal_moves() == ("draw",)
    draft = start.draft()
    draft.coins = (4,)
    assert draft.to_move == 0 and draft.coins == (4,)
    built = draft.build()
    assert built.coins == (4,) and start.coins == ()
    with pytest.raises(RuntimeError):
        draft.build()
    with pytest.raises(AttributeError):
        start.evolve(colour="red")
    with pytest.raises(AttributeError):
        start.draft().colour = "red"


def test_a_game_without_a_seed_is_a_new_deal_and_a_given_seed_is_kept():
    seeds = {CoinGame().options["seed"] for _ in range(20)}
    assert len(seeds) == 20
    fixed = CoinGame(seed=7)
    assert fixed.options["seed"] == 7 and fixed.seed_fixed and not CoinGame().seed_fixed
    play = lambda g: g.new_initial_state().apply("draw").apply("draw").coins  # noqa: E731
    assert play(CoinGame(seed=7)) == play(fixed)
    assert fixed.with_options(rounds=2).options["seed"] == 7
    fresh = CoinGame()
    assert fresh.with_options(rounds=2).options["seed"] != fresh.options["seed"]


def test_the_seed_of_a_hidden_information_game_stays_out_of_sight_but_in_saves():
    game = CoinGame(seed=123456789)
    assert "123456789" not in repr(game) and "seed" not in game.visible_options
    state = game.new_initial_state()
    assert "123456789" in state.to_json()
    assert "123456789" in boardlib.Match(game).to_json()


def test_the_seed_of_an_open_game_shows_in_its_repr():
    class OpenCoins(CoinGame):
        TYPE = GameType("open", "Open coins", 2, 2, hidden_information=False, chance=True)

    assert "seed=5" in repr(OpenCoins(seed=5))


@pytest.mark.parametrize("options, message", [
    ({"seed": 2.0}, "option seed: must be null or a whole number"),
    ({"seed": -1}, "option seed"),
    ({"seed": True}, "option seed"),
    ({"rounds": "2"}, "option rounds: must be a whole number"),
    ({"name": 1}, "no option name"),
    ({"self": 1}, "no option self"),
    ({"x" * 500: 1}, "no option 'xxxxx"),
])
def test_bad_options_are_invalid_input_never_type_errors(options, message):
    with pytest.raises(InvalidInputError, match=message) as info:
        CoinGame(**options)
    assert len(str(info.value)) < 300


def test_load_takes_options_called_name_and_self():
    for options in ({"name": "x"}, {"self": 1}):
        with pytest.raises(InvalidInputError, match="no option"):
            boardlib.load("zyrcan", **options)


def test_the_hidden_information_hook_defaults_to_nothing_revealed():
    state = CoinGame(seed=1).new_initial_state().apply("draw")
    assert state.revealed_to(0) is False and state.revealed_to(1) is False


def test_saved_states_check_game_and_options():
    game = CoinGame(seed=1)
    state = game.new_initial_state()
    assert game.state_from_json(state.to_json()) == state
    with pytest.raises(InvalidInputError, match="seed differ"):
        CoinGame(seed=2).state_from_json(state.to_json())
    with pytest.raises(InvalidInputError, match="not coins"):
        game.state_from_json(state.to_json().replace('"coins"', '"chess"', 1))
    with pytest.raises(InvalidInputError, match="nested too deeply"):
        game.state_from_json("[" * 100_000)


def test_the_registry_lists_the_four_games():
    assert set(boardlib.GAMES) == {"zyrcan", "section_x", "carcassonne", "room25"}
    assert boardlib.game_class("zyrcan").name == "zyrcan"
    with pytest.raises(InvalidInputError, match="no game called"):
        boardlib.load(["chess"])


def _imports(path, module):
    """The boardlib modules ``module`` (source at ``path``) imports, anywhere in the file
    except under ``if TYPE_CHECKING:``."""
    import ast

    tree = ast.parse(path.read_text())
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for n in ast.walk(node))
    found = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return {m for m in found if m.startswith("boardlib")}


def test_the_import_graph_of_boardlib_has_no_cycles():
    import pathlib

    import networkx as nx

    root = pathlib.Path(boardlib.__file__).parent
    modules = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = path
    graph = nx.DiGraph()
    for name, path in modules.items():
        graph.add_node(name)
        for target in _imports(path, name):
            while target not in modules and "." in target:
                target = target.rpartition(".")[0]   # "from x import name": x itself
            if target != name and target in modules:
                # a package's __init__ importing its own modules is how packages work
                if not (path.name == "__init__.py" and target.startswith(name + ".")):
                    graph.add_edge(name, target)
    cycles = list(nx.simple_cycles(graph))
    assert not cycles, f"import cycles: {cycles[:5]}"
    assert not any(t == "boardlib" for _, t in graph.out_edges("boardlib.core.match"))


def test_importing_the_core_imports_no_game():
    code = ("import sys, boardlib.core; bad = [m for m in sys.modules if m.startswith("
            "('boardlib.zyrcan', 'boardlib.carcassonne', 'boardlib.room25', "
            "'boardlib.section_x'))]; print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("module", ["errors", "schema", "metadata", "phases", "moves"])
def test_the_docstring_examples_of_the_core_hold(module):
    import doctest
    import importlib

    found = doctest.testmod(importlib.import_module(f"boardlib.core.{module}"))
    assert found.attempted > 0 and found.failed == 0
