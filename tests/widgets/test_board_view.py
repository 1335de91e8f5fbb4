"""BoardView: the SVG trait, click messages from the browser, the static picture."""
from __future__ import annotations

import pathlib

import anywidget

from boardlib.widgets import BoardView

SVG = '<svg xmlns="http://www.w3.org/2000/svg"><rect id="hex_3_-1" width="1" height="1"/></svg>'


def test_board_view_is_an_anywidget_with_its_js_and_css():
    view = BoardView(svg=SVG)
    assert isinstance(view, anywidget.AnyWidget)
    assert "export default" in view._esm and "model.send" in view._esm
    assert 'type: "click"' in view._esm
    assert ".boardlib-board" in view._css
    # packaged next to the module, as pyproject's package-data expects
    here = pathlib.Path(__import__("boardlib.widgets.board").widgets.board.__file__).parent
    assert (here / "board.js").is_file() and (here / "board.css").is_file()


def test_browser_click_message_reaches_on_click_callbacks():
    view = BoardView(svg=SVG)
    seen: list[str] = []
    view.on_click(seen.append)
    # what anywidget delivers for model.send({type: "click", id}) in the browser
    view._handle_custom_msg({"type": "click", "id": "hex_3_-1"}, [])
    view.click("reserve_2")
    assert seen == ["hex_3_-1", "reserve_2"]


def test_malformed_messages_are_ignored():
    view = BoardView(svg=SVG)
    seen: list[str] = []
    view.on_click(seen.append)
    for content in ({"type": "hover", "id": "hex_1_1"}, {"type": "click"},
                    {"type": "click", "id": 5}, {"type": "click", "id": "Hex_1"},
                    {"type": "click", "id": "nounderscore"}, "click", None):
        view._handle_custom_msg(content, [])
    assert seen == []


def test_on_click_remove():
    view = BoardView()
    seen: list[str] = []
    view.on_click(seen.append)
    view.on_click(seen.append, remove=True)
    view.click("hex_0_0")
    assert seen == []


def test_version_counts_new_pictures():
    view = BoardView(svg=SVG)
    first = view.version
    view.svg = SVG.replace("hex_3_-1", "hex_0_0")
    assert view.version == first + 1


def test_mimebundle_has_widget_view_and_static_svg():
    view = BoardView(svg=SVG)
    data, _ = view._repr_mimebundle_()
    assert data["image/svg+xml"] == SVG
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/plain"] == "BoardView()"
    empty, _ = BoardView()._repr_mimebundle_()
    assert "image/svg+xml" not in empty


def test_matplotlib_artist_names_are_not_clicks():
    from boardlib.widgets import BoardView

    view = BoardView("<svg/>")
    seen = []
    view.on_click(seen.append)
    for element_id in ("text_15", "patch_3", "axes_1", "room_7", "roomlabel_7", "hex_3_-1"):
        view.click(element_id)
    assert seen == ["room_7", "roomlabel_7", "hex_3_-1"]
