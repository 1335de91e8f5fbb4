"""BoardView: the SVG trait, click and key messages from the browser, the static picture."""
from __future__ import annotations

import pathlib

import anywidget

from boardlib.svg import Drawing
from boardlib.widgets import KEYS, BoardView


def picture(*ids: str) -> str:
    d = Drawing(10, 10, title="probe")
    for i in ids:
        d.rect(d.clickable(None, i, f"the {i}"), 0, 0, 1, 1)
    return d.to_svg()


SVG = picture("hex_3_-1", "reserve_2")


def test_board_view_is_an_anywidget_with_its_js_and_css():
    view = BoardView(svg=SVG)
    assert isinstance(view, anywidget.AnyWidget)
    assert "export default" in view._esm and "model.send" in view._esm
    assert 'type: "click"' in view._esm and 'type: "key"' in view._esm
    assert ".boardlib-board" in view._css
    # packaged next to the module, as pyproject's package-data expects
    here = pathlib.Path(__import__("boardlib.widgets.board").widgets.board.__file__).parent
    assert (here / "board.js").is_file() and (here / "board.css").is_file()


def test_the_js_marks_clicks_by_the_class_the_builder_writes():
    from boardlib.svg.ids import CLICKABLE_CLASS

    view = BoardView()
    assert f'const CLICKABLE = "{CLICKABLE_CLASS}";' in view._esm
    assert f'class="{CLICKABLE_CLASS}' in SVG


def test_browser_click_message_reaches_on_click_callbacks():
    view = BoardView(svg=SVG)
    seen: list[str] = []
    view.on_click(seen.append)
    # what anywidget delivers for model.send({type: "click", id}) in the browser
    view._handle_custom_msg({"type": "click", "id": "hex_3_-1"}, [])
    view.click("reserve_2")
    assert seen == ["hex_3_-1", "reserve_2"]


def test_ids_it_did_not_draw_go_to_on_unknown_and_malformed_messages_nowhere():
    view = BoardView(svg=SVG)
    seen: list[str] = []
    unknown: list[str] = []
    view.on_click(seen.append)
    view.on_unknown(unknown.append)
    for content in ({"type": "hover", "id": "hex_3_-1"}, {"type": "click"},
                    {"type": "click", "id": 5}, "click", None, {"type": "key", "key": "q"}):
        view._handle_custom_msg(content, [])
    assert seen == [] and unknown == []
    for bad in ("hex_1_1", "Hex_3_-1", "nounderscore", "x" * 1000):
        view.click(bad)
    assert seen == [] and unknown == ["hex_1_1", "Hex_3_-1", "nounderscore", "x" * 64]


def test_keys_reach_on_key_callbacks():
    view = BoardView(svg=SVG)
    keys: list[str] = []
    view.on_key(keys.append)
    for key in (*KEYS, "q", "Enter", None):
        view._handle_custom_msg({"type": "key", "key": key}, [])
    assert keys == list(KEYS)
    view.press("u")
    assert keys[-1] == "u"


def test_on_click_remove():
    view = BoardView(svg=SVG)
    seen: list[str] = []
    view.on_click(seen.append)
    view.on_click(seen.append, remove=True)
    view.click("hex_3_-1")
    assert seen == []


def test_version_counts_new_pictures():
    view = BoardView(svg=SVG)
    first = view.version
    view.show(picture("hex_0_0"))
    assert view.version == first + 1 and set(view.drawn) == {"hex_0_0"}


def test_mimebundle_has_widget_view_and_static_svg():
    view = BoardView(svg=SVG)
    data, _ = view._repr_mimebundle_()
    assert data["image/svg+xml"] == SVG
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/plain"] == "BoardView()"
    empty, _ = BoardView()._repr_mimebundle_()
    assert "image/svg+xml" not in empty


def test_a_plain_string_picture_reports_the_ids_of_the_scheme_only():
    plain = ('<svg xmlns="http://www.w3.org/2000/svg">' + "".join(
        f'<g id="{i}"><path d="M0 0"/></g>' for i in (
            "board", "legend", "room_7", "roomlabel_7", "hex_3_-1", "opening_1_0_E")) + "</svg>")
    view = BoardView(plain)
    seen = []
    view.on_click(seen.append)
    for element_id in ("board", "legend", "room_7", "roomlabel_7", "hex_3_-1", "opening_1_0_E"):
        view.click(element_id)
    assert seen == ["room_7", "roomlabel_7", "hex_3_-1", "opening_1_0_E"]


def test_zoom_window_fit_and_centre_requests():
    view = BoardView(svg=SVG, zoomable=True)
    view.window = [1.0, 2.0, 5.0, 5.0]
    view.center_on("hex_3_-1")
    assert view.centre == {"id": "hex_3_-1", "n": 1}
    view.center_on("hex_3_-1")              # again: a new request (the user may have panned)
    assert view.centre == {"id": "hex_3_-1", "n": 2}
    view.fit()
    assert view.window == []
    flat = BoardView(svg=SVG)               # a view that does not zoom ignores the request
    flat.center_on("hex_3_-1")
    assert flat.centre == {}
