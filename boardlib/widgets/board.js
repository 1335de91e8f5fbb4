// boardlib BoardView: one board on the page, drawn from the SVG string of the `svg` trait.
//
//   status line (aria-live)   the `status` trait
//   the board                 the SVG; clicks, keyboard focus, pan and zoom
//   why-not line (aria-live)  the `message` trait; its room is kept, so nothing jumps
//
// Clickable elements carry the class "click" (boardlib.svg.ids.CLICKABLE_CLASS) and an id;
// a click, or Enter/Space on the focused one, sends {type: "click", id}. Arrow keys move the
// focus to the nearest clickable element in that direction (clickables drawn on one spot,
// as a crossing's two parts: Left and Right step through them); U, H, R, Shift+R and Escape are
// sent as {type: "key", key} (undo, hint, rotate, let go). With `zoomable`, the view shows
// the `window` part of the picture: drag to pan, wheel or +/- to zoom, 0 or "Fit" for all.

const CLICKABLE = "click";
const UNDER_BOARD = "boardlib-under-board"; // a part under the board that stays on screen
// A plain picture (not built by boardlib.svg, which marks clickables with the class above)
// marks them by id only: every id of the scheme, kind_fields (as board.py's clickable_ids).
const SCHEME_ID = /^[a-z]+_/;
const KEYS = { u: "u", U: "u", h: "h", H: "h", r: "r", R: "R", Escape: "escape", e: "e",
  E: "e" };
// While `arrow_keys` is set (a replay, an explanation), Left and Right page instead.
const PAGE_KEYS = { ArrowLeft: "left", ArrowRight: "right" };
const ZOOM_STEP = 1.25;
const MAX_ZOOM = 8;
const DRAG_SLOP = 5; // px a press may move and still be a click
// Clickables share one spot when their middles are closer than this part of the smaller
// one's size (an outline drawn round one of them moves its middle by a few px).
const STACK_SHARE = 0.2;
const STACK_SPREAD = 6; // px between the clickables of one spot, for the arrow keys

function svgBody(text) {
  const start = text.indexOf("<svg");
  return start < 0 ? text : text.slice(start);
}

// A picture's own <style> (boardlib.svg puts one in every drawing, so that a saved picture
// keeps its look) would be one more style sheet of the whole page each time a picture is
// shown: inserting it makes the browser work out the style of the whole page again, which
// took 10-25 ms of every click (issue 17). Its rules are scoped by the drawing's root class,
// so one copy in the document head does the same: each distinct text is put there once
// (shared by every board of the page) and taken out of the pictures shown.
const SHARED_STYLE = "data-boardlib-svg-style";
const MOST_SHARED_STYLES = 32; // beyond that a picture keeps its own (texts made per state)

function shareStyles(content) {
  const root = content.querySelector("svg");
  if (!root || !root.classList.contains("bl-svg")) return; // only boardlib.svg drawings
  for (const style of Array.from(root.children).filter((n) => n.localName === "style")) {
    const text = style.textContent;
    const shared = Array.from(document.head.querySelectorAll(`style[${SHARED_STYLE}]`));
    if (!shared.some((n) => n.textContent === text)) {
      if (shared.length >= MOST_SHARED_STYLES) continue;
      const sheet = document.createElement("style");
      sheet.setAttribute(SHARED_STYLE, "");
      sheet.textContent = text;
      document.head.appendChild(sheet);
    }
    style.remove();
  }
}

function isPlainClickable(node) {
  const id = node.getAttribute && node.getAttribute("id");
  return Boolean(id && SCHEME_ID.test(id));
}

function clickableOf(target, root, plain) {
  for (let node = target; node && node !== root; node = node.parentNode) {
    if (!node.getAttribute) continue;
    if (plain ? isPlainClickable(node) : node.classList.contains(CLICKABLE)) return node;
  }
  return null;
}

function centre(node) {
  const r = node.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

// Where the keyboard takes each clickable to be: the middle of its box. Clickables drawn on
// one spot (a crossing's two straight parts share their middle) are spread STACK_SPREAD px
// apart round the first one's middle, left to right in drawing order, so Left and Right
// step through them and every one can be reached; without that, an arrow key could never
// leave one for the other.
function keyPoints(nodes) {
  const points = new Map();
  const stacks = [];
  for (const node of nodes) {
    const r = node.getBoundingClientRect();
    const c = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    const size = Math.max(r.width, r.height);
    points.set(node, c);
    const stack = stacks.find((s) => Math.hypot(s.x - c.x, s.y - c.y)
      <= Math.max(2, STACK_SHARE * Math.min(size, s.size)));
    if (stack) stack.nodes.push(node); else stacks.push({ ...c, size, nodes: [node] });
  }
  for (const stack of stacks) {
    const n = stack.nodes.length;
    if (n < 2) continue;
    stack.nodes.forEach((node, k) => {
      points.set(node, { x: stack.x + (k - (n - 1) / 2) * STACK_SPREAD, y: stack.y });
    });
  }
  return points;
}

// The element an arrow key moves to from `from`, in direction (dx, dy). First the nearest
// line ahead (a row or a column within 31 degrees; hex rows zig-zag), and on it the element
// nearest to `goal` (the column an up/down run started in, as a text cursor keeps it, so
// Up and Down go straight across a hex grid); else the nearest element within 60, then 80
// degrees. Ties go to the left or the top: the same keys always go the same way.
// `points`: each node's place (keyPoints).
function nearestInDirection(from, nodes, dx, dy, goal, points) {
  const c = points.get(from);
  const vertical = dy !== 0;
  for (const cone of [0.6, 1.75, 5.7]) {
    let best = null;
    let bestKey = null;
    for (const node of nodes) {
      if (node === from) continue;
      const p = points.get(node);
      const ahead = (p.x - c.x) * dx + (p.y - c.y) * dy;
      const aside = Math.abs((p.x - c.x) * dy - (p.y - c.y) * dx);
      if (ahead <= 1 || aside > ahead * cone) continue;
      const line = Math.round(ahead / 4);
      const key = cone === 0.6
        ? [line, Math.round(Math.abs((vertical ? p.x : p.y) - (vertical ? goal.x : goal.y))),
          vertical ? p.x : p.y]
        : [Math.round(Math.hypot(p.x - c.x, p.y - c.y)), vertical ? p.x : p.y, 0];
      if (!bestKey || key[0] < bestKey[0] || (key[0] === bestKey[0] && (key[1] < bestKey[1]
          || (key[1] === bestKey[1] && key[2] < bestKey[2])))) {
        best = node;
        bestKey = key;
      }
    }
    if (best) return best;
  }
  return null;
}

function parseBox(text) {
  const v = (text || "").trim().split(/[\s,]+/).map(Number);
  return v.length === 4 && v.every(Number.isFinite) && v[2] > 0 && v[3] > 0 ? v : null;
}

function render({ model, el }) {
  el.classList.add("boardlib-view");
  const status = document.createElement("div");
  status.className = "boardlib-status";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  const frame = document.createElement("div");
  frame.className = "boardlib-frame";
  const board = document.createElement("div");
  board.className = "boardlib-board";
  board.setAttribute("role", "application");
  board.setAttribute("aria-roledescription", "board");
  // JupyterLab: keys pressed on the board are the board's, not notebook shortcuts.
  board.setAttribute("data-lm-suppress-shortcuts", "true");
  const zoombar = document.createElement("div");
  zoombar.className = "boardlib-zoom";
  const why = document.createElement("div");
  why.className = "boardlib-why";
  why.setAttribute("role", "status");
  why.setAttribute("aria-live", "polite");
  frame.append(board, zoombar);
  el.append(status, frame, why);

  let focusedId = null; // the element the keyboard is on, kept across redraws
  let clickPoint = null; // where the mouse last clicked a clickable: {id, x, y}
  let goal = null; // where a run of Up/Down (or Left/Right) keys started: kept straight
  let keyboard = false; // the ring shows while the keyboard is used, not after mouse clicks
  let full = null; // the picture's own viewBox
  let plain = false;

  function svg() {
    return board.querySelector("svg");
  }

  function clickables() {
    const root = svg();
    if (!root) return [];
    if (plain) return Array.from(root.querySelectorAll("[id]")).filter(isPlainClickable);
    return Array.from(root.querySelectorAll("." + CLICKABLE));
  }

  function byId(id) {
    return clickables().find((n) => n.getAttribute("id") === id) || null;
  }

  // --- sizing: as wide as there is room (up to max_width), never taller than the screen
  // The screen is JupyterLab's notebook area, or the window (Voila, a plain page); the board
  // leaves room for its status and why-not lines (or `reserve_height` px, if set).
  function screenRoom() {
    const reserve = model.get("reserve_height") || 0;
    if (reserve) return window.innerHeight - reserve;
    const area = el.closest(".jp-WindowedPanel-outer");
    const height = area ? area.clientHeight : window.innerHeight;
    return height - status.offsetHeight - why.offsetHeight - roomUnder() - 24;
  }

  // Parts under the board in its column marked UNDER_BOARD (Room 25's narration) stay on
  // the screen with it: the board leaves them their room. They keep one height, or the
  // board would change size with them.
  function roomUnder() {
    const column = el.parentElement;
    if (!column) return 0;
    let bottom = 0;
    for (const part of column.querySelectorAll("." + UNDER_BOARD)) {
      bottom = Math.max(bottom, part.getBoundingClientRect().bottom);
    }
    return bottom ? Math.max(0, bottom - el.getBoundingClientRect().bottom) : 0;
  }

  // The room is read from the page's layout only when it may have changed (a resize, a
  // new height of the lines around the board): reading it forces a layout, and doing that
  // for every new picture put a whole layout of the page between a click and its picture
  // (issue 17). A new picture of the same room reuses the last reading.
  let room = null; // {width, height}: the last reading
  function measure() {
    room = { width: el.clientWidth || 600, height: screenRoom() };
  }

  function fit(remeasure = true) {
    const root = svg();
    if (!root || !full) return;
    if (remeasure || !room) measure();
    const aspect = full[3] / full[2];
    const maxWidth = parseFloat(model.get("max_width")) || 900;
    const maxHeight = Math.max(240, room.height);
    const width = Math.max(120, Math.min(room.width, maxWidth, maxHeight / aspect));
    const w = width + "px";
    const h = width * aspect + "px";
    // the same size again changes nothing (no new layout, no resize callback)
    if (root.style.width !== w) root.style.width = w;
    if (root.style.height !== h) root.style.height = h;
  }

  // --- the window shown (pan and zoom)
  function windowBox() {
    const w = model.get("window") || [];
    return model.get("zoomable") && w.length === 4 ? w : null;
  }

  function applyWindow() {
    const root = svg();
    if (!root || !full) return;
    const w = windowBox() || full;
    root.setAttribute("viewBox", w.join(" "));
    drawRing();
  }

  function clampWindow(w) {
    const aspect = full[3] / full[2];
    let width = Math.min(full[2], Math.max(full[2] / MAX_ZOOM, w[2]));
    let height = width * aspect;
    let x = Math.min(full[0] + full[2] - width, Math.max(full[0], w[0]));
    let y = Math.min(full[1] + full[3] - height, Math.max(full[1], w[1]));
    return [x, y, width, height];
  }

  // Saved at once: a change kept only here could be overwritten by the kernel's echo of an
  // earlier one (a drag saves once, when it ends).
  function setWindow(w, save = true) {
    if (!full) return;
    const clamped = clampWindow(w);
    const isFull = clamped[2] >= full[2] - 1e-6;
    model.set("window", isFull ? [] : clamped.map((v) => Math.round(v * 100) / 100));
    applyWindow();
    if (save) model.save_changes();
  }

  function zoomBy(factor, cx, cy) {
    const w = windowBox() || full;
    const x = cx === undefined ? w[0] + w[2] / 2 : cx;
    const y = cy === undefined ? w[1] + w[3] / 2 : cy;
    const width = w[2] / factor;
    const height = w[3] / factor;
    setWindow([x - (x - w[0]) / factor, y - (y - w[1]) / factor, width, height]);
  }

  function toSvgPoint(clientX, clientY) {
    const root = svg();
    const m = root.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  function boxInSvg(node) {
    const r = node.getBoundingClientRect();
    const a = toSvgPoint(r.left, r.top);
    const b = toSvgPoint(r.right, r.bottom);
    return a && b ? [a.x, a.y, b.x - a.x, b.y - a.y] : null;
  }

  function centreOn(node) {
    if (!model.get("zoomable") || !full) return;
    const box = boxInSvg(node);
    if (!box) return;
    let w = windowBox() || full;
    if (box[2] > w[2] || box[3] > w[3]) {
      const width = Math.max(box[2] / 0.8, (box[3] / 0.8) * (full[2] / full[3]));
      w = [w[0], w[1], width, width * (full[3] / full[2])];
    }
    setWindow([box[0] + box[2] / 2 - w[2] / 2, box[1] + box[3] / 2 - w[3] / 2, w[2], w[3]]);
  }

  function inWindow(node) {
    const box = boxInSvg(node);
    const w = windowBox();
    if (!box || !w) return true;
    return box[0] >= w[0] && box[1] >= w[1] && box[0] + box[2] <= w[0] + w[2]
      && box[1] + box[3] <= w[1] + w[3];
  }

  // --- keyboard focus (one element at a time is in the Tab order: a roving tabindex)
  let ring = null;
  function drawRing() {
    const root = svg();
    if (ring) ring.remove();
    ring = null;
    const node = keyboard && focusedId && board.contains(document.activeElement)
      ? byId(focusedId) : null;
    if (!root || !node) return;
    const box = boxInSvg(node);
    if (!box) return;
    const pad = Math.max(box[2], box[3]) * 0.06 + 1;
    ring = document.createElementNS("http://www.w3.org/2000/svg", "g");
    ring.setAttribute("class", "boardlib-focus-ring");
    for (const cls of ["outer", "inner"]) { // dark under light: seen on any colour
      const rect = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      rect.setAttribute("class", cls);
      rect.setAttribute("x", box[0] - pad);
      rect.setAttribute("y", box[1] - pad);
      rect.setAttribute("width", box[2] + 2 * pad);
      rect.setAttribute("height", box[3] + 2 * pad);
      rect.setAttribute("rx", pad);
      ring.appendChild(rect);
    }
    root.appendChild(ring);
  }

  // JupyterLab matches shortcuts such as ".jp-Notebook :focus" against the focused element
  // itself ("0 0" would restart the kernel): the focused element opts out (on focusin too).
  function optOut(node) {
    if (node && !node.hasAttribute("data-lm-suppress-shortcuts")) {
      node.setAttribute("data-lm-suppress-shortcuts", "true");
    }
  }

  let roving = null; // the clickable whose tabindex is 0
  function rove(node, focus, fresh = false) {
    if (plain) {
      for (const n of clickables()) {
        n.setAttribute("tabindex", n === node ? "0" : "-1");
        optOut(n);
      }
    } else {
      // boardlib.svg draws every clickable with tabindex -1: only the roving one changes
      // (a new picture: no old one to reset)
      if (roving && roving !== node && !fresh && roving.isConnected) {
        roving.setAttribute("tabindex", "-1");
      }
      if (node) {
        node.setAttribute("tabindex", "0");
        optOut(node);
      }
    }
    roving = node;
    if (!node) {
      board.setAttribute("tabindex", "0"); // nothing to click: the board itself is focusable
      return;
    }
    board.removeAttribute("tabindex");
    focusedId = node.getAttribute("id");
    if (focus) {
      node.focus({ preventScroll: true });
      // where the keyboard went, the window follows; after a mouse click the element is in
      // sight already (and asking where it is would lay out the page before it is shown)
      if (keyboard && !inWindow(node)) centreOn(node);
      drawRing();
    }
  }

  function show() {
    const hadFocus = board.contains(document.activeElement);
    // Parse first, then swap in one step: the old <svg> leaves the page as the new one
    // arrives (browser tests wait for exactly that), with no blank moment in between.
    const template = document.createElement("template");
    template.innerHTML = svgBody(model.get("svg") || "");
    shareStyles(template.content);
    // Where the focused element was matters only if the new picture lacks it (reading a
    // place forces a layout of the page)
    const kept = focusedId && template.content.querySelector(`[id="${CSS.escape(focusedId)}"]`);
    let oldCentre = null;
    if (focusedId && !kept) {
      if (clickPoint && clickPoint.id === focusedId) { // where the mouse clicked it: no layout
        oldCentre = { x: clickPoint.x, y: clickPoint.y };
      } else {
        const oldNode = byId(focusedId);
        oldCentre = oldNode ? centre(oldNode) : null;
      }
    }
    board.replaceChildren(template.content);
    const root = svg();
    ring = null;
    full = null;
    if (root) {
      full = parseBox(root.getAttribute("viewBox"));
      if (!full) {
        const w = parseFloat(root.getAttribute("width")) || 600;
        const h = parseFloat(root.getAttribute("height")) || 400;
        full = [0, 0, w, h];
        root.setAttribute("viewBox", full.join(" "));
      }
      root.removeAttribute("width");
      root.removeAttribute("height");
      plain = root.querySelector("." + CLICKABLE) === null;
      board.setAttribute("aria-label", (root.getAttribute("aria-label")
        || "board") + ". Arrow keys move between the places you can click; Enter clicks.");
      fit(false);
      applyWindow();
    }
    board.dataset.version = String(model.get("version") || 0);
    // The keyboard stays where it was: the same element, else the nearest one.
    const nodes = clickables();
    let node = focusedId ? byId(focusedId) : null;
    const nearest = () => nodes.reduce((a, b) => {
      const da = centre(a); const db = centre(b);
      return Math.hypot(da.x - oldCentre.x, da.y - oldCentre.y)
        <= Math.hypot(db.x - oldCentre.x, db.y - oldCentre.y) ? a : b;
    });
    let later = false;
    if (!node && oldCentre && nodes.length) {
      if (keyboard) node = nearest();
      else later = true; // after a mouse click: found once the picture is laid out (below)
    }
    if (!node) node = nodes[0] || null;
    rove(node, hadFocus, true);
    if (later) {
      // Finding the nearest element asks where every one is, which lays out the page: at
      // the next frame that layout is the one the frame needs anyway, not one more before
      // the picture is in. Meanwhile the first element holds the place.
      const root = svg();
      const held = node;
      requestAnimationFrame(() => {
        if (svg() !== root || roving !== held) return; // redrawn or moved meanwhile
        rove(nearest(), board.contains(document.activeElement));
      });
    }
  }

  function showStatus() {
    status.innerHTML = model.get("status") || "";
  }

  function showMessage() {
    why.innerHTML = model.get("message") || "";
    why.dataset.kind = model.get("message_kind") || "";
  }

  function showZoomBar() {
    zoombar.replaceChildren();
    if (!model.get("zoomable")) return;
    for (const [label, title, action] of [["+", "zoom in (+)", () => zoomBy(ZOOM_STEP)],
      ["\u2212", "zoom out (\u2212)", () => zoomBy(1 / ZOOM_STEP)],
      ["Fit", "show the whole board (0)", () => setWindow(full || [0, 0, 1, 1])]]) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.title = title;
      b.setAttribute("aria-label", title);
      b.setAttribute("data-lm-suppress-shortcuts", "true");
      b.addEventListener("click", (event) => { event.stopPropagation(); action(); });
      zoombar.appendChild(b);
    }
  }

  // --- pointer: click, or drag to pan
  let press = null;
  let dragged = false;
  function onPointerDown(event) {
    dragged = false;
    keyboard = false;
    goal = null;
    press = model.get("zoomable") && event.button === 0
      ? { x: event.clientX, y: event.clientY, window: (windowBox() || full).slice() } : null;
  }
  function onPointerMove(event) {
    if (!press || !full) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!dragged && Math.hypot(dx, dy) < DRAG_SLOP) return;
    dragged = true;
    const root = svg();
    const scale = press.window[2] / root.getBoundingClientRect().width;
    setWindow([press.window[0] - dx * scale, press.window[1] - dy * scale,
      press.window[2], press.window[3]], false);
  }
  function onPointerUp() {
    if (press && dragged) model.save_changes();
    press = null;
  }
  function onClick(event) {
    if (dragged) { // the end of a drag is not a click
      dragged = false;
      return;
    }
    const node = clickableOf(event.target, board, plain);
    if (node) {
      clickPoint = { id: node.getAttribute("id"), x: event.clientX, y: event.clientY };
      rove(node, false);
      model.send({ type: "click", id: node.getAttribute("id") });
    }
  }
  function onWheel(event) {
    if (!model.get("zoomable") || !full) return;
    event.preventDefault();
    const p = toSvgPoint(event.clientX, event.clientY);
    zoomBy(Math.pow(ZOOM_STEP, -Math.sign(event.deltaY)), p && p.x, p && p.y);
  }

  // --- keyboard
  const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  function onKeyDown(event) {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    keyboard = true;
    const nodes = clickables();
    const current = focusedId ? byId(focusedId) : null;
    let handled = true;
    if (model.get("arrow_keys") && event.key in PAGE_KEYS && !event.shiftKey) {
      model.send({ type: "key", key: PAGE_KEYS[event.key] });
    } else if (event.key in ARROWS) {
      const [dx, dy] = ARROWS[event.key];
      if (event.shiftKey && model.get("zoomable") && full) { // Shift+arrow pans
        const w = windowBox() || full;
        setWindow([w[0] + dx * w[2] * 0.2, w[1] + dy * w[3] * 0.2, w[2], w[3]]);
      } else if (!current) {
        rove(nodes[0] || null, true);
      } else {
        const points = keyPoints(nodes);
        const here = points.get(current);
        if (!goal || goal.vertical !== (dy !== 0)) goal = { ...here, vertical: dy !== 0 };
        if (goal.vertical) goal.y = here.y; else goal.x = here.x;
        const next = nearestInDirection(current, nodes, dx, dy, goal, points);
        if (next) rove(next, true);
      }
    } else if (event.key === "Home" || event.key === "End") {
      rove(event.key === "Home" ? nodes[0] : nodes[nodes.length - 1], true);
    } else if (event.key === "Enter" || event.key === " ") {
      if (current) model.send({ type: "click", id: focusedId });
    } else if (event.key in KEYS) {
      model.send({ type: "key", key: KEYS[event.key] });
    } else if (model.get("zoomable") && (event.key === "+" || event.key === "=")) {
      zoomBy(ZOOM_STEP);
    } else if (model.get("zoomable") && (event.key === "-" || event.key === "_")) {
      zoomBy(1 / ZOOM_STEP);
    } else if (model.get("zoomable") && event.key === "0") {
      setWindow(full || [0, 0, 1, 1]);
    } else {
      handled = false;
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  function onFocusIn(event) {
    const node = clickableOf(event.target, board, plain);
    optOut(node);
    if (node) focusedId = node.getAttribute("id");
    drawRing();
  }
  function onFocusOut() {
    setTimeout(drawRing, 0);
  }

  let centred = 0;
  function applyCentre() {
    const request = model.get("centre") || {};
    if (!request.id || request.n === centred) return;
    centred = request.n;
    const node = byId(request.id);
    if (node) centreOn(node);
  }

  const resize = new ResizeObserver(() => { fit(); drawRing(); });
  resize.observe(el);
  // The parts under the board may come after it: a change of its column's size fits again.
  requestAnimationFrame(() => { if (el.parentElement) resize.observe(el.parentElement); });
  const onWindowResize = () => fit();
  window.addEventListener("resize", onWindowResize);

  show();
  showStatus();
  showMessage();
  showZoomBar();
  requestAnimationFrame(applyCentre); // once laid out: a request made before the board showed
  const handlers = {
    "change:svg": show,
    "change:status": showStatus,
    "change:message": showMessage,
    "change:message_kind": showMessage,
    "change:zoomable": () => { showZoomBar(); applyWindow(); },
    "change:window": applyWindow,
    "change:max_width": fit,
    "change:reserve_height": fit,
    "change:version": () => { board.dataset.version = String(model.get("version") || 0); },
    "change:centre": applyCentre,
  };
  for (const [name, handler] of Object.entries(handlers)) model.on(name, handler);
  board.addEventListener("click", onClick);
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointermove", onPointerMove);
  board.addEventListener("pointerup", onPointerUp);
  board.addEventListener("wheel", onWheel, { passive: false });
  board.addEventListener("keydown", onKeyDown);
  board.addEventListener("focusin", onFocusIn);
  board.addEventListener("focusout", onFocusOut);
  return () => {
    for (const [name, handler] of Object.entries(handlers)) model.off(name, handler);
    resize.disconnect();
    window.removeEventListener("resize", onWindowResize);
  };
}

export default { render };
