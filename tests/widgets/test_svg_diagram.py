"""The turn diagram of the lessons' ``## One turn`` sections (boardlib.svg.diagram)."""

import xml.etree.ElementTree as ET

import pytest

from boardlib.svg import Step, turn_diagram
from boardlib.svg.diagram import wrap

NS = "{http://www.w3.org/2000/svg}"


def test_turn_diagram_numbers_each_step_and_joins_them_with_arrows():
    steps = [Step("Draw", "take the top tile of the pile", "SX-06"),
             Step("Place", "it must fit its neighbours", "SX-07"),
             Step("Move", "prisoners or a door", "SX-12")]
    root = ET.fromstring(turn_diagram(steps, title="A turn", loop="next player").svg)
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert ["1. Draw", "2. Place", "3. Move"] == [t for t in texts if t and t[0].isdigit()]
    assert {"SX-06", "SX-07", "SX-12", "next player"} <= set(texts)
    boxes = [g for g in root.iter(f"{NS}g") if g.get("class") == "step"]
    assert len(boxes) == 3
    # two arrows between the boxes and one back from the last: each a line and a head
    assert len(list(root.iter(f"{NS}polygon"))) == 3


def test_turn_diagram_without_loop_has_no_way_back_and_needs_a_step():
    root = ET.fromstring(turn_diagram([Step("Act")], title="Solo").svg)
    assert not list(root.iter(f"{NS}polygon"))
    with pytest.raises(ValueError):
        turn_diagram([], title="Nothing")


def test_wrap_breaks_between_words_within_the_width():
    lines = wrap("fly straight, exactly the engine count, over ships", 16)
    assert all(len(line) <= 16 for line in lines)
    assert " ".join(lines) == "fly straight, exactly the engine count, over ships"
