// boardlib BoardView: shows the SVG string of the `svg` trait and sends clicked ids to Python.
//
// A click walks up from the clicked SVG element to the nearest element whose id looks like
// "prefix_fields" (lower-case prefix, underscore) and sends {type: "click", id} to the kernel.
// matplotlib writes an artist's gid as the id of its <g> group, so the whole group is clickable.

const CLICKABLE = /^[a-z]+_/;
// matplotlib names every artist it draws (text_15, patch_3 ...): those are not our ids.
const MATPLOTLIB_ID = /^(figure|axes|patch|text|line2d|legend|image|collection)_\d+$/;

function svgBody(text) {
  // Drop the XML declaration and DOCTYPE that matplotlib writes before <svg>.
  const start = text.indexOf("<svg");
  return start < 0 ? text : text.slice(start);
}

function clickedId(target, root) {
  for (let node = target; node && node !== root; node = node.parentNode) {
    const id = node.getAttribute ? node.getAttribute("id") : null;
    if (id && CLICKABLE.test(id) && !MATPLOTLIB_ID.test(id)) {
      return id;
    }
  }
  return null;
}

function render({ model, el }) {
  const board = document.createElement("div");
  board.classList.add("boardlib-board");
  el.appendChild(board);

  function show() {
    // Parse first, then swap in one step: the old <svg> leaves the page as the new one
    // arrives (browser tests wait for exactly that), with no blank moment in between.
    const template = document.createElement("template");
    template.innerHTML = svgBody(model.get("svg") || "");
    board.replaceChildren(template.content);
    const svg = board.querySelector("svg");
    if (svg) {
      // Scale with the notebook column while keeping matplotlib's aspect ratio.
      svg.removeAttribute("height");
      svg.style.width = "100%";
      svg.style.height = "auto";
      svg.style.maxWidth = model.get("max_width") || "640px";
    }
    board.dataset.version = String(model.get("version") || 0);
  }

  function onClick(event) {
    const id = clickedId(event.target, board);
    if (id) {
      model.send({ type: "click", id: id });
    }
  }

  function showVersion() {
    board.dataset.version = String(model.get("version") || 0);
  }

  show();
  model.on("change:svg", show);
  model.on("change:version", showVersion);
  model.on("change:max_width", show);
  board.addEventListener("click", onClick);
  return () => {
    model.off("change:svg", show);
    model.off("change:version", showVersion);
    model.off("change:max_width", show);
    board.removeEventListener("click", onClick);
  };
}

export default { render };
