"""The engine as teaching material: every rule has one home that cites it, modules are named
after concepts and share no private names, and rules never import drawing or widgets."""
import ast
import importlib
import inspect
from pathlib import Path

import boardlib.room25 as package
from boardlib.room25.catalogue import CATALOGUE
from boardlib.room25.rules import WHERE

FOLDER = Path(package.__file__).parent
ENGINE = ("actions", "complex", "deaths", "effects", "game", "modes", "moves", "position",
          "refusals", "rooms", "rules", "saves", "state", "turn", "victory")


def resolve(path):
    module, *names = path.split(".")
    obj = importlib.import_module(f"boardlib.room25.{module}")
    for name in names:
        obj = getattr(obj, name)
    return module, names[-1], obj


def comment_above(module, name):
    """The comment lines right above the assignment of ``name`` in ``module``."""
    source = (FOLDER / f"{module}.py").read_text(encoding="utf-8").splitlines()
    tree = ast.parse("\n".join(source))
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                lines = []
                i = node.lineno - 2
                while i >= 0 and source[i].lstrip().startswith("#"):
                    lines.append(source[i])
                    i -= 1
                return "\n".join(reversed(lines))
    raise AssertionError(f"{module}.{name} is not assigned at the top of its module")


def test_every_rule_has_exactly_one_home_that_cites_it():
    ids = [rule.id for rule in CATALOGUE]
    assert sorted(WHERE) == sorted(ids), set(WHERE) ^ set(ids)
    for rule, path in WHERE.items():
        module, name, obj = resolve(path)
        if inspect.isfunction(obj) or inspect.isclass(obj) or inspect.ismethod(obj):
            text = inspect.getdoc(obj) or ""
        else:                                    # a table: the comment above it
            text = comment_above(module, name)
        assert rule in text, f"{rule}: {path} does not cite it"


def test_a_rules_home_states_it_first():
    """The home's docstring begins with the rule's ID (or names it in its first sentence),
    so a reader who searches the ID lands on the rule, not on a passing mention."""
    for rule, path in WHERE.items():
        module, name, obj = resolve(path)
        if inspect.isfunction(obj) or inspect.isclass(obj):
            first = (inspect.getdoc(obj) or "").split(". ")[0]
            assert rule in first or rule in (inspect.getdoc(obj) or "")[:120], (rule, path)


def test_no_private_names_cross_modules():
    for path in FOLDER.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    assert not alias.name.startswith("_"), f"{path.name} imports {alias.name}"


def test_engine_modules_import_no_drawing_or_widgets():
    for module in ENGINE:
        tree = ast.parse((FOLDER / f"{module}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [a.name for a in node.names]
            for n in names:
                assert not any(w in n for w in ("matplotlib", "ipywidgets", "draw", "widget")), (
                    f"{module} imports {n}")


def test_content_is_every_field_of_a_position_and_only_caches_are_left_out():
    """``Room25State.content`` keys kept pictures (``draw.PICTURES``) and the secrets twins'
    views: it must hold every field a position has (the legal-move caches aside)."""
    import boardlib
    from boardlib.core.api import State
    from boardlib.room25.position import FIELDS
    from boardlib.room25.state import Room25State

    caches = {"_lset", "_legal", "_picked"}
    slots = set(Room25State.__slots__) | set(State.__slots__)
    assert slots - caches - {"game"} == set(FIELDS)     # the game is a key of its own
    state = boardlib.load("room25", mode="suspicion", seed=3).new_initial_state()
    assert state.content() == tuple(getattr(state, name) for name in FIELDS)
    moved = state.apply(state.legal_moves()[0])
    assert moved.content() != state.content()
