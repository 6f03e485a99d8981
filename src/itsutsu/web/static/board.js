// itsutsu board: the <itsutsu-board> element, and mountBoard(host, options, transport).
//
// The server owns the game: this module sends each finger event (press, the cells a drag
// crosses, lift; a tap on a pipe; undo, restart, check, cheat, hint) and patches its SVG with
// what the server answers. Messages are pipelined and numbered; a lost connection is resumed
// from the game code the page keeps, and the moves not yet answered are sent again.
//
// The transport is a small object, so the same board plays over a WebSocket (the app's) or
// over anything else (the notebook widget's kernel):
//   transport.send(message)        send one message (a plain object)
//   transport.onmessage = fn       the board sets this; call it with each reply object
//   transport.onstate = fn         the board sets this; call fn("open") when messages may be
//                                  sent (again after each reconnect), fn("closed") when lost
//   transport.start(), .close()

const SVG_NS = "http://www.w3.org/2000/svg";
// The app's root is the folder above this file's. Loaded from elsewhere (the notebook widget
// loads this text as a module of its own, from a blob: or data: URL) there is no such folder,
// and the page's own address stands in.
const APP_ROOT = appRootOf(import.meta.url);
const SNAP_CELLS = 400; // Suido boards of this many cells play without animation
const UNDO_MOST = 200;
const KEEP_UNDO = 50;
const ZOOM_FROM = 10;
const EDGE = 36;
const EDGE_STEP = 6;

// ------------------------------------------------------------------------------ transports

const WIRE_KEPT = ["code", "progress"];

function applySplices(old, changes) {
  let out = "";
  let at = 0;
  for (const [start, end, text] of changes) {
    out += old.slice(at, start) + text;
    at = end;
  }
  return out + old.slice(at);
}

export function socketTransport(url) {
  let socket = null;
  let closed = false;
  let wait = 250;
  const transport = {
    onmessage: null,
    onstate: null,
    url,
    send(message) {
      if (socket && socket.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify(message));
        return true;
      }
      return false;
    },
    start() {
      closed = false;
      connect();
    },
    close() {
      closed = true;
      if (socket) socket.close();
    },
    get ready() {
      return !!socket && socket.readyState === WebSocket.OPEN;
    },
  };
  function connect() {
    const here = new WebSocket(url);
    socket = here;
    // The kept codes this socket last carried: the server sends them again as changes
    // ("codeAt": [start, end, text] triples), which are turned back into "code" here.
    const wire = {};
    here.onopen = () => {
      wait = 250;
      if (transport.onstate) transport.onstate("open");
    };
    here.onmessage = (event) => {
      if (socket !== here) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      for (const name of WIRE_KEPT) {
        const changes = message[`${name}At`];
        if (Array.isArray(changes) && typeof wire[name] === "string") {
          message[name] = applySplices(wire[name], changes);
          delete message[`${name}At`];
        }
        if (typeof message[name] === "string") wire[name] = message[name];
      }
      if (transport.onmessage) transport.onmessage(message);
    };
    here.onclose = () => {
      if (socket !== here) return;
      socket = null;
      if (transport.onstate) transport.onstate("closed");
      if (!closed) {
        setTimeout(connect, wait);
        wait = Math.min(wait * 2, 4000);
      }
    };
  }
  return transport;
}

export function appSocketURL(root = APP_ROOT) {
  const url = new URL("ws", root);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}

function appRootOf(url) {
  try {
    return new URL("..", url);
  } catch {
    return new URL(".", document.baseURI);
  }
}

// ------------------------------------------------------------------------------ helpers

const scratch = document.createElementNS(SVG_NS, "svg");

function fragment(text) {
  scratch.innerHTML = text;
  const out = document.createDocumentFragment();
  while (scratch.firstChild) out.appendChild(scratch.firstChild);
  return out;
}

function el(tag, attributes = {}, text = null) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? "" : String(value));
  }
  if (text !== null) node.textContent = text;
  return node;
}

function setAttr(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

function setVar(node, name, value) {
  if (node.style.getPropertyValue(name) !== value) node.style.setProperty(name, value);
}

function isOn(value, fallback = false) {
  if (value === null || value === undefined) return fallback;
  return !["false", "off", "0", "no"].includes(String(value).toLowerCase());
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readKept(key) {
  const store = storage();
  if (!store || !key) return null;
  try {
    return JSON.parse(store.getItem(key) || "null");
  } catch {
    return null;
  }
}

function writeKept(key, value) {
  const store = storage();
  if (!store || !key) return;
  try {
    store.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or refused: the game still plays */
  }
}

function hashText(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

let boardCount = 0;

// The cell under a point of a Tsunagi drawing (the engine's cell_at_point, in the page).
function cellAt(geo, x, y) {
  const size = geo.size;
  const cell = geo.cell;
  if (geo.hex) {
    let best = -1;
    let bestDistance = ((0.5 / (Math.sqrt(3) / 2)) * cell) ** 2;
    for (const at of geo.hexCells) {
      const [cx, cy] = geo.centres[at];
      const distance = (cx - x) ** 2 + (cy - y) ** 2;
      if (distance <= bestDistance) {
        best = at;
        bestDistance = distance;
      }
    }
    return best;
  }
  const left = x - geo.x0;
  const top = y - geo.y0;
  const reach = geo.wrap ? geo.ghost : 0;
  const span = size * cell;
  if (!(left >= -reach && left < span + reach && top >= -reach && top < span + reach)) return -1;
  let col = Math.floor(left / cell);
  let row = Math.floor(top / cell);
  if (geo.wrap) {
    col = ((col % size) + size) % size;
    row = ((row % size) + size) % size;
  }
  if (col < 0 || col >= size || row < 0 || row >= size) return -1;
  return row * size + col;
}

function cellCentre(geo, at) {
  if (geo.hex) return geo.centres[at];
  const row = Math.floor(at / geo.size);
  const col = at % geo.size;
  return [geo.x0 + (col + 0.5) * geo.cell, geo.y0 + (row + 0.5) * geo.cell];
}

// ------------------------------------------------------------------------------ the view

// A zoomable window onto an SVG: view = {x, y, w, h} in drawing units.
class View {
  constructor(box, most, onChange) {
    this.box = box;
    this.most = most;
    this.onChange = onChange;
    this.full = { x: 0, y: 0, w: 1, h: 1 };
    this.view = { ...this.full };
  }
  setFull(w, h) {
    const keep = this.zoom();
    this.full = { x: 0, y: 0, w, h };
    if (keep <= 1.0001) this.view = { ...this.full };
    this.clamp();
  }
  zoom() {
    return this.full.w / this.view.w;
  }
  clamp() {
    const full = this.full;
    const z = Math.min(this.most, Math.max(1, full.w / this.view.w));
    const w = full.w / z;
    const h = full.h / z;
    this.view.x = Math.min(Math.max(this.view.x, full.x), full.x + full.w - w);
    this.view.y = Math.min(Math.max(this.view.y, full.y), full.y + full.h - h);
    this.view.w = w;
    this.view.h = h;
    if (this.onChange) this.onChange(this.view);
  }
  zoomAbout(factor, cx, cy) {
    const z = Math.min(this.most, Math.max(1, this.zoom() * factor));
    const w = this.full.w / z;
    const h = this.full.h / z;
    const fx = (cx - this.view.x) / this.view.w;
    const fy = (cy - this.view.y) / this.view.h;
    this.view = { x: cx - fx * w, y: cy - fy * h, w, h };
    this.clamp();
  }
  zoomBy(factor) {
    this.zoomAbout(factor, this.view.x + this.view.w / 2, this.view.y + this.view.h / 2);
  }
  fit() {
    this.view = { ...this.full };
    this.clamp();
  }
  pan(dx, dy) {
    this.view.x += dx;
    this.view.y += dy;
    this.clamp();
  }
  show(x, y, margin) {
    const v = this.view;
    let dx = 0;
    let dy = 0;
    if (x - margin < v.x) dx = x - margin - v.x;
    else if (x + margin > v.x + v.w) dx = x + margin - v.x - v.w;
    if (y - margin < v.y) dy = y - margin - v.y;
    else if (y + margin > v.y + v.h) dy = y + margin - v.y - v.h;
    if (dx || dy) this.pan(dx, dy);
  }
}

// ------------------------------------------------------------------------------ the board

export function mountBoard(host, options, transport) {
  return new Board(host, options, transport);
}

class Board {
  constructor(host, options, transport) {
    this.host = host;
    this.options = options;
    this.transport = transport;
    this.puzzle = options.puzzle === "suido" ? "suido" : "tsunagi";
    this.ident = options.id || `itb${++boardCount}`;
    this.seq = 0;
    this.log = []; // messages sent (or waiting to be sent) since the kept state
    this.kept = this.initialKept();
    this.state = null; // the last opened reply
    this.words = {};
    this.drawing = null;
    this.solved = false;
    this.turning = options.turning === "anticlockwise" ? "anticlockwise" : "clockwise";
    this.focus = 0;
    this.keyDrawing = false;
    this.behind = null; // what waits for an answer: {seq, ring, focus} (see afterAnswer)
    this.stats = [];
    this.sentAt = new Map();
    this.pending = [];
    this.build();
    transport.onmessage = (message) => this.receive(message);
    transport.onstate = (state) => this.connection(state);
    transport.start();
  }

  // ---- what is kept, and resuming

  initialKept() {
    const stored = this.options.keep ? readKept(this.options.keep) : null;
    if (this.puzzle === "tsunagi") {
      const kept = {
        game: this.options.game || null,
        undo: [],
        cheated: false,
        explosions: this.options.explosions || "on",
      };
      if (stored && typeof stored.game === "string") {
        kept.game = stored.game;
        kept.undo = Array.isArray(stored.undo) ? stored.undo.slice(-UNDO_MOST) : [];
        kept.cheated = !!stored.cheated;
        if (["on", "soft", "off"].includes(stored.explosions)) kept.explosions = stored.explosions;
      }
      return kept;
    }
    const kept = { progress: this.options.progress || null, hints: 0 };
    if (stored && typeof stored.progress === "string") {
      kept.progress = stored.progress;
      kept.hints = Number.isInteger(stored.hints) ? stored.hints : 0;
    }
    return kept;
  }

  keep() {
    if (!this.options.keep) return;
    if (this.puzzle === "tsunagi") {
      writeKept(this.options.keep, {
        game: this.kept.game,
        undo: this.kept.undo.slice(-KEEP_UNDO),
        cheated: this.kept.cheated,
        explosions: this.kept.explosions,
      });
    } else {
      writeKept(this.options.keep, this.kept);
    }
  }

  openMessage() {
    const o = this.options;
    const message = { t: "open", seq: this.nextSeq(), puzzle: this.puzzle, lang: this.lang(), id: this.ident };
    message.hints = !!o.hints;
    if (this.puzzle === "tsunagi") {
      message.size = Number(o.size);
      if (o.givens) {
        message.layout = o.givens;
        if (o.answer) message.answer = o.answer;
      } else {
        message.level = Number(o.level);
        message.set = o.set || "classic";
      }
      message.cheats = !!o.cheats;
      message.explosions = this.kept.explosions;
      message.look = this.look();
      if (this.kept.game) {
        message.game = this.kept.game;
        message.undo = this.kept.undo;
        message.cheated = this.kept.cheated;
      }
    } else {
      if (o.code) {
        message.board = o.code;
        if (o.answer) message.answer = o.answer;
      } else {
        message.size = String(o.size);
        message.level = Number(o.level);
      }
      if (this.kept.progress) {
        message.progress = this.kept.progress;
        message.hintCount = this.kept.hints;
      } else if (o.shown) {
        message.shown = true;
      }
    }
    return message;
  }

  look() {
    const o = this.options;
    return {
      marks: o.marks || "colours",
      fill: o.fill || "marbles",
      colours: o.colours || "marble",
      board: o.board || "paper",
      coordinates: !!o.coordinates,
    };
  }

  lang() {
    return this.options.lang === "ja" ? "ja" : "en";
  }

  nextSeq() {
    this.seq += 1;
    return this.seq;
  }

  connection(state) {
    if (state === "open") {
      this.sentAt.clear(); // answers to the old connection's messages will never come
      const open = this.openMessage();
      this.openSeq = open.seq;
      this.transport.send(open);
      // The moves not yet reflected in the kept state are sent again, after the open.
      for (const message of this.log) {
        message.seq = this.nextSeq();
        this.sentAt.set(message.seq, performance.now());
        this.transport.send(message);
      }
      this.setNote(null);
    } else {
      this.setNote(this.words.reconnecting || "…");
    }
  }

  send(message) {
    message.seq = this.nextSeq();
    this.log.push(message);
    this.sentAt.set(message.seq, performance.now());
    this.transport.send(message);
  }

  // ---- replies

  receive(reply) {
    if (reply.t === "error") {
      this.afterAnswer(reply.seq);
      if (reply.seq === this.openSeq) this.refused(reply.reason);
      this.forget(reply.seq);
      return;
    }
    if (reply.t === "pong") return;
    if (reply.t === "opened") {
      this.opened(reply);
      return;
    }
    if (!this.svg) return;
    if (reply.t === "patch") this.patched(reply);
    else if (reply.t === "paint") this.painted(reply);
    else if (reply.t === "described") this.announce(reply.text);
    else if (reply.t === "same" && reply.seq === this.pressSeq) this.keyDrawing = false;
    this.forget(reply.seq, reply);
    const at = this.sentAt.get(reply.seq);
    if (at !== undefined) {
      this.sentAt.delete(reply.seq);
      this.stats.push(performance.now() - at);
      if (this.stats.length > 20000) this.stats.splice(0, 10000);
    }
    this.host.dispatchEvent(new CustomEvent("itsutsu-patched", { detail: { seq: reply.seq } }));
    this.afterAnswer(reply.seq);
  }

  // A press or a tap changes nothing on the page until its answer comes: the ring and the
  // focus follow then. Chromium holds the tasks that come after a press or a lift (the
  // socket's answer among them) until the next frame when the press asked for one
  // (DeferRendererTasksAfterInput); a focus or ring moved in the handler asked for one, and
  // each answer waited up to a frame (16.7 ms) for nothing.
  afterAnswer(seq) {
    const behind = this.behind;
    if (!behind || seq < behind.seq) return;
    this.behind = null;
    if (behind.ring) this.placeRing();
    if (behind.focus !== undefined) this.pointerFocus(behind.focus);
  }

  // The focus a pointer gives a piece: the tab stop moves there, and no ring shows, as when
  // the browser moves the focus on a press.
  pointerFocus(at) {
    if (!this.cellEls || !this.cellEls[at]) return;
    this.focusCell(at, false);
    const cell = this.cellEls[at];
    if (document.activeElement !== cell) cell.focus({ preventScroll: true, focusVisible: false });
  }

  forget(seq, reply = null) {
    // Messages up to a reply that carries the kept state need not be sent again.
    if (reply && (reply.code !== undefined || reply.progress !== undefined)) {
      this.log = this.log.filter((message) => message.seq > seq);
    } else if (!reply) {
      this.log = this.log.filter((message) => message.seq !== seq);
    }
  }

  refused(reason) {
    const words = this.words.refused || "The server refused: {reason}";
    this.setNote(words.replace("{reason}", reason));
    this.host.dataset.refused = "true";
  }

  opened(reply) {
    this.state = reply;
    this.words = reply.words || {};
    this.host.dataset.refused = "false";
    this.setNote(null);
    this.solved = !!reply.solved;
    if (this.puzzle === "tsunagi") {
      this.geo = reply.geometry;
      this.kept.game = reply.code;
      this.kept.undo = reply.undo || [];
      this.kept.cheated = !!reply.cheated;
      this.drawing = null;
      this.keyDrawing = false;
    } else {
      this.kept.progress = reply.progress;
      this.kept.hints = reply.hintCount || 0;
      this.turnable = reply.turnable;
    }
    // Kept from the first move on (a level only looked at is not "started").
    this.replaceSvg(reply.svg);
    if (this.puzzle === "suido") this.setupSuidoCells(reply.labels);
    this.showStatus(reply.status);
    this.buildControls();
    this.showChips(reply.chips || []);
    this.host.dataset.solved = String(this.solved);
    this.host.dataset.ready = "true";
    this.fire("change", this.detail());
  }

  patched(reply) {
    if (reply.svg) {
      this.replaceSvg(reply.svg);
    } else if (reply.pairs) {
      this.applyPairs(reply.pairs);
    }
    this.drawing = reply.drawing;
    // A keyboard line that jumped (through a portal) goes on from its new end in the same
    // stroke: the ring follows the end there.
    if (this.keyDrawing && reply.tip !== undefined && reply.seq === this.keySeq && reply.tip !== this.focus) {
      this.focus = reply.tip;
      this.placeRing();
    }
    if (reply.seq === this.pressSeq && reply.drawing === null) this.keyDrawing = false;
    if (reply.code !== undefined) {
      this.kept.game = reply.code;
      const undo = reply.undo;
      if (undo) {
        if (undo.push !== undefined) {
          this.kept.undo.push(undo.push);
          if (this.kept.undo.length > UNDO_MOST) this.kept.undo.shift();
        } else if (undo.pop) this.kept.undo.pop();
        else if (undo.clear) this.kept.undo = [];
        else if (undo.all) this.kept.undo = undo.all;
      }
      this.kept.cheated = !!reply.cheated;
      this.keep();
      if (this.undoButton) this.undoButton.disabled = !reply.canUndo;
    }
    if (reply.words) {
      this.words = reply.words;
      this.buildControls();
    }
    if (reply.chips) this.showChips(reply.chips);
    this.showStatus(reply.status);
    this.solved = !!reply.solved;
    setAttr(this.host, "data-solved", String(this.solved));
    const detail = this.detail(reply);
    if (reply.stroke !== undefined) this.fire("stroke", detail);
    if (reply.exploded) this.fire("explosion", { ...detail, exploded: reply.exploded });
    if (reply.code !== undefined) this.fire("change", detail);
    if (reply.solvedNow) this.fire("solve", { ...detail, helped: reply.helped || null });
  }

  painted(reply) {
    const cells = this.cellEls;
    // Only what differs is written: each write restyles the cell's group, and the same value
    // written again counts as a change for Chromium's style (and for observers).
    for (const [cell, wet, k, q, arms, label] of reply.cells) {
      const g = cells[cell];
      if (!g) continue;
      setAttr(g, "data-wet", wet ? "true" : "false");
      setVar(g, "--k", String(k));
      setVar(this.turnEls[cell], "--q", String(q));
      for (const arm of this.armEls[cell]) {
        setAttr(arm, "data-w", arms[arm.getAttribute("data-side")] || "");
      }
      setAttr(g, "aria-label", label);
    }
    // The root's attribute and custom property restyle every cell when they change, so they
    // are written only when they do.
    setAttr(this.svg, "data-solved", reply.root.solved ? "true" : "false");
    setVar(this.svg, "--sd-step", `${reply.root.step}ms`);
    this.lightHint(reply.hint || []);
    this.kept.progress = reply.progress;
    this.kept.hints = reply.hintCount || 0;
    this.keep();
    if (reply.words) {
      this.words = reply.words;
      this.buildControls();
    }
    if (reply.chips) this.showChips(reply.chips);
    this.showStatus(reply.status);
    const was = this.solved;
    this.solved = !!reply.solved;
    setAttr(this.host, "data-solved", String(this.solved));
    setAttr(this.host, "data-turns", String(reply.turns));
    const detail = this.detail(reply);
    if (this.lastTurn !== undefined && this.lastTurn === reply.seq) this.fire("turn", detail);
    if (this.lastHint === reply.seq) this.fire("hint", { ...detail, cell: (reply.hint || [])[0] });
    this.fire("change", detail);
    if (reply.solvedNow && !was) this.fire("solve", detail);
  }

  detail(reply = null) {
    const base = {
      puzzle: this.puzzle,
      level: this.options.level ? Number(this.options.level) : null,
      size: this.options.size || null,
      set: this.options.set || null,
      solved: this.solved,
      status: (reply || this.state || {}).status || [],
    };
    if (this.puzzle === "tsunagi") return { ...base, code: this.kept.game, lines: this.kept.game };
    return {
      ...base,
      code: (reply || this.state || {}).code,
      progress: this.kept.progress,
      turns: (reply || this.state || {}).turns,
      hints: this.kept.hints,
    };
  }

  fire(name, detail) {
    const prefix = this.puzzle === "tsunagi" ? "tsunagi" : "suido";
    this.host.dispatchEvent(new CustomEvent(`${prefix}-${name}`, { detail, bubbles: true }));
  }

  // ---- the page's parts

  build() {
    const host = this.host;
    host.classList.add("itsutsu-board", `itb-${this.puzzle}`);
    host.replaceChildren();
    this.chips = el("ul", { class: "itb-chips" });
    this.chipSays = el("p", { class: "itb-chip-says", "aria-live": "polite" });
    this.box = el("div", { class: "itb-box", tabindex: this.puzzle === "tsunagi" ? "0" : null });
    this.frame = el("div", { class: "itb-frame" });
    this.box.appendChild(this.frame);
    this.zoomPad = el("div", { class: "itb-zoom", role: "group", hidden: true });
    this.statusEl = el("div", { class: "itb-status", role: "status", "aria-live": "polite" });
    this.noteEl = el("p", { class: "itb-note", "aria-live": "polite" });
    this.spoken = el("p", { class: "itb-spoken", "aria-live": "polite" });
    this.controls = el("div", { class: "itb-controls" });
    this.keysHelp = el("p", { class: "itb-keys" });
    const showChips = this.options.chips;
    if (showChips) host.append(this.chips, this.chipSays);
    host.append(this.box, this.zoomPad, this.statusEl, this.noteEl, this.spoken);
    if (this.options.controls !== false) host.append(this.controls, this.keysHelp);
    this.view = new View(this.box, this.puzzle === "tsunagi" ? 3 : 6, (v) => this.applyView(v));
    this.listen();
    const ratio = 1;
    host.style.setProperty("--itb-ratio", String(ratio));
  }

  replaceSvg(text) {
    this.frame.innerHTML = text;
    this.svg = this.frame.querySelector("svg");
    this.svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    this.svg.removeAttribute("width");
    this.svg.removeAttribute("height");
    const box = this.svg.viewBox.baseVal;
    this.host.style.setProperty("--itb-ratio", String(box.width / box.height));
    this.view.setFull(box.width, box.height);
    this.updateZoomable();
    if (this.puzzle === "tsunagi") this.placeRing();
  }

  applyView(v) {
    if (!this.svg) return;
    this.svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
    this.host.dataset.zoomed = this.view.zoom().toFixed(2);
  }

  updateZoomable() {
    const zoom = this.options.zoom || "auto";
    let on;
    if (zoom === "off") on = false;
    else if (zoom === "on") on = true;
    else if (this.puzzle === "tsunagi") on = this.geo && this.geo.size >= ZOOM_FROM;
    else {
      const width = this.state ? this.state.width : 1;
      const px = this.box.clientWidth || 320;
      on = px / width < 22;
    }
    this.zoomable = !!on;
    this.zoomPad.hidden = !on;
    this.host.dataset.zoomable = String(!!on);
    if (!on) this.view.fit();
  }

  buildControls() {
    const w = this.words;
    const say = (key) => w[key] || key;
    this.zoomPad.replaceChildren();
    this.zoomPad.setAttribute("aria-label", say("zoomLabel"));
    const padButtons =
      this.puzzle === "tsunagi"
        ? [
            ["out", "zoomOut", "−"],
            ["in", "zoomIn", "+"],
            ["fit", "fit", "⤢"],
            ["left", "left", "←"],
            ["up", "up", "↑"],
            ["down", "down", "↓"],
            ["right", "right", "→"],
          ]
        : [
            ["out", "zoomOut", "−"],
            ["in", "zoomIn", "+"],
            ["fit", "zoomFit", "⤢"],
          ];
    for (const [action, key, glyph] of padButtons) {
      const button = el("button", { type: "button", "data-zoom": action, "aria-label": say(key), title: say(key) }, glyph);
      this.zoomPad.append(button);
    }
    this.controls.replaceChildren();
    const add = (action, label, title = null) => {
      const button = el("button", { type: "button", class: "itb-button", "data-action": action, title }, label);
      this.controls.append(button);
      return button;
    };
    const state = this.state || {};
    if (this.puzzle === "tsunagi") {
      this.undoButton = add("undo", say("undo"));
      this.undoButton.disabled = !(this.kept.undo.length > 0);
      add("restart", say("restart"));
      add("check", say("check"));
      if (state.cheats) add("cheat", say("cheat"), say("cheatTitle"));
      if (state.hints) add("hint", say("hint"));
      this.buildLook();
    } else {
      add("restart", say("restart"));
      if (state.hints) add("hint", say("hint"));
      const turning = add(
        "turning",
        this.turning === "clockwise" ? say("turningClockwise") : say("turningAnticlockwise"),
      );
      turning.setAttribute("aria-pressed", String(this.turning === "anticlockwise"));
    }
    this.keysHelp.textContent = say("keysHelp");
  }

  buildLook() {
    const w = this.words;
    const say = (key) => w[key] || key;
    const details = el("details", { class: "itb-look" });
    details.append(el("summary", {}, say("look")));
    const look = this.look();
    const select = (name, label, options) => {
      const id = `${this.ident}-${name}`;
      const wrap = el("label", { for: id }, label + " ");
      const box = el("select", { id, "data-look": name });
      for (const [value, key] of options) {
        const option = el("option", { value }, say(key));
        if (look[name] === value) option.selected = true;
        box.append(option);
      }
      details.append(wrap, box);
    };
    select("marks", say("marksColours") + " / " + say("marksNumbers"), [
      ["colours", "marksColours"],
      ["numbers", "marksNumbers"],
    ]);
    select("fill", say("fillMarbles") + " / " + say("fillLines"), [
      ["marbles", "fillMarbles"],
      ["lines", "fillLines"],
    ]);
    select("colours", say("coloursMarble") + "…", [
      ["marble", "coloursMarble"],
      ["bright", "coloursBright"],
      ["colour-blind", "coloursColourBlind"],
      ["soft", "coloursSoft"],
    ]);
    select("board", say("boardPaper") + "…", [
      ["paper", "boardPaper"],
      ["wood", "boardWood"],
      ["green", "boardGreen"],
      ["blue", "boardBlue"],
      ["red", "boardRed"],
      ["black", "boardBlack"],
    ]);
    const coordId = `${this.ident}-coordinates`;
    const coordinates = el("input", { type: "checkbox", id: coordId, "data-look": "coordinates" });
    coordinates.checked = look.coordinates;
    details.append(coordinates, el("label", { for: coordId }, say("coordinates")));
    if (this.state && this.state.hasExplosions) {
      const id = `${this.ident}-explosions`;
      const box = el("select", { id, "data-explosions": "" });
      for (const [value, key] of [
        ["on", "explosionsOn"],
        ["soft", "explosionsSoft"],
        ["off", "explosionsOff"],
      ]) {
        const option = el("option", { value }, say(key));
        if (this.kept.explosions === value) option.selected = true;
        box.append(option);
      }
      details.append(el("label", { for: id }, say("explosionsChoice") + " "), box);
    }
    this.controls.append(details);
  }

  showStatus(lines) {
    // The lines are patched in place: most replies change one number in one line, and new
    // paragraphs for every reply meant new text layout for all of them.
    const want = lines || [];
    const have = this.statusEl.children;
    for (let i = 0; i < want.length; i++) {
      if (i < have.length) {
        if (have[i].textContent !== want[i]) have[i].textContent = want[i];
      } else this.statusEl.append(el("p", {}, want[i]));
    }
    while (have.length > want.length) have[have.length - 1].remove();
  }

  setNote(text) {
    this.noteEl.textContent = text || "";
    this.host.dataset.connected = text === this.words.reconnecting ? "false" : "true";
  }

  announce(text) {
    this.spoken.textContent = text || "";
  }

  showChips(chips) {
    this.chips.replaceChildren();
    this.chipSays.textContent = "";
    for (const chip of chips) {
      const button = el("button", { type: "button", class: "itb-chip", "data-chip": chip.key, "aria-expanded": "false", title: chip.says }, chip.label);
      if (chip.mark) button.dataset.mark = chip.mark;
      button.addEventListener("click", () => {
        const open = button.getAttribute("aria-expanded") !== "true";
        for (const other of this.chips.querySelectorAll("button")) other.setAttribute("aria-expanded", "false");
        button.setAttribute("aria-expanded", String(open));
        this.chipSays.textContent = open ? chip.says : "";
      });
      const item = el("li");
      item.append(button);
      this.chips.append(item);
    }
  }

  // ---- Tsunagi drawing patches

  applyPairs(pairs) {
    const svg = this.svg;
    const washes = svg.querySelector(".tsu-washes");
    const lines = svg.querySelector(".tsu-lines");
    const beads = svg.querySelector(".tsu-beads");
    const ghosts = svg.querySelector(".tsu-ghosts > g");
    for (const [key, parts] of Object.entries(pairs)) {
      const pair = Number(key);
      const wash = washes.querySelector(`:scope > g[data-pair="${pair}"]`);
      if (wash) wash.replaceWith(fragment(parts.washes));
      const old = lines.querySelector(`:scope > .tsu-line[data-pair="${pair}"]`);
      if (old) old.remove();
      if (parts.line) insertInOrder(lines, ".tsu-line", pair, fragment(parts.line));
      for (const bead of beads.querySelectorAll(`:scope > [data-pair="${pair}"]`)) bead.remove();
      if (parts.beads) insertInOrder(beads, ".tsu-bead", pair, fragment(parts.beads));
      if (ghosts) {
        const ghost = ghosts.querySelector(`:scope > g[data-pair="${pair}"]`);
        if (ghost && parts.ghosts) ghost.replaceWith(fragment(parts.ghosts));
      }
    }
  }

  placeRing() {
    if (!this.geo || !this.svg) return;
    let ring = this.svg.querySelector(".itb-ring");
    if (!ring) {
      ring = document.createElementNS(SVG_NS, "rect");
      ring.setAttribute("class", "itb-ring");
      ring.setAttribute("width", "90");
      ring.setAttribute("height", "90");
      ring.setAttribute("rx", "18");
      ring.setAttribute("aria-hidden", "true");
      this.svg.appendChild(ring);
    }
    const [x, y] = cellCentre(this.geo, this.focus);
    ring.setAttribute("x", String(x - 45));
    ring.setAttribute("y", String(y - 45));
  }

  // ---- Suido cells

  setupSuidoCells(labels) {
    const cells = Array.from(this.svg.querySelectorAll(".sd-cell"));
    this.cellEls = cells;
    this.turnEls = cells.map((g) => g.querySelector(".sd-turn"));
    this.armEls = cells.map((g) => Array.from(g.querySelectorAll(".sd-arm")));
    // On a big board a piece snaps round and the water shows at once: Chromium restyles and
    // repaints the whole drawing on every frame of a turning piece or running water (an SVG
    // element is never a layer of its own), which on 784 cells held each tap's answer back
    // by several frames.
    this.host.classList.toggle("itb-snap", cells.length >= SNAP_CELLS);
    cells.forEach((g, at) => {
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", at === this.focus ? "0" : "-1");
      if (at === this.focus) this.tabCell = at;
      g.setAttribute("aria-label", labels[at] || "");
      if (this.turnable && !this.turnable[at]) g.setAttribute("aria-disabled", "true");
    });
  }

  lightHint(cells) {
    if (!cells.length && !this.lit) return;
    this.lit = cells.length > 0;
    for (const lit of this.svg.querySelectorAll('[data-hint="true"]')) lit.removeAttribute("data-hint");
    for (const cell of cells) {
      const g = this.cellEls[cell];
      if (!g) continue;
      g.setAttribute("data-hint", "true");
      const block = g.getAttribute("data-block");
      if (block !== null) {
        const plate = this.svg.querySelector(`.sd-plate[data-block="${block}"]`);
        if (plate) plate.setAttribute("data-hint", "true");
      }
    }
  }

  // ---- input

  toSvg(event) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return [point.x, point.y];
  }

  cellsBetween(from, to) {
    const out = [];
    const step = this.geo.cell / 4;
    const distance = Math.hypot(to[0] - from[0], to[1] - from[1]);
    const n = Math.max(1, Math.ceil(distance / step));
    let last = this.lastCell;
    for (let i = 1; i <= n; i++) {
      const x = from[0] + ((to[0] - from[0]) * i) / n;
      const y = from[1] + ((to[1] - from[1]) * i) / n;
      const cell = cellAt(this.geo, x, y);
      if (cell >= 0 && cell !== last) {
        out.push(cell);
        last = cell;
      }
    }
    this.lastCell = last;
    return out;
  }

  listen() {
    const box = this.box;
    this.host.addEventListener("click", (event) => this.clicked(event));
    this.host.addEventListener("change", (event) => this.changed(event));
    this.host.addEventListener("keydown", (event) => this.keyed(event));
    box.addEventListener("wheel", (event) => this.wheeled(event), { passive: false });
    box.addEventListener("contextmenu", (event) => {
      if (this.puzzle === "suido") {
        event.preventDefault();
        this.tapAt(event, true);
      }
    });
    if (this.puzzle === "tsunagi") {
      box.addEventListener("pointerdown", (event) => this.pressed(event));
      box.addEventListener("pointermove", (event) => this.moved(event));
      box.addEventListener("pointerup", (event) => this.lifted(event));
      box.addEventListener("pointercancel", (event) => this.lifted(event));
      box.addEventListener("lostpointercapture", (event) => this.lifted(event));
    } else {
      box.addEventListener("pointerdown", (event) => {
        this.downAt = [event.clientX, event.clientY];
        // The browser's own focus move on a press would ask for a frame (see afterAnswer).
        if (event.target.closest && event.target.closest(".sd-cell")) event.preventDefault();
      });
    }
    box.addEventListener("dragstart", (event) => event.preventDefault());
  }

  pressed(event) {
    if (!this.svg || !this.geo || event.button > 0) return;
    event.preventDefault();
    const point = this.toSvg(event);
    if (!point) return;
    const cell = cellAt(this.geo, point[0], point[1]);
    this.box.setPointerCapture(event.pointerId);
    this.pointer = event.pointerId;
    this.lastPoint = point;
    this.lastCell = cell;
    if (cell < 0) return;
    this.focus = cell;
    this.send({ t: "press", cell });
    this.behind = { seq: this.seq, ring: true };
  }

  moved(event) {
    if (this.pointer !== event.pointerId || !this.svg) return;
    const point = this.toSvg(event);
    if (!point) return;
    this.edgePan(event);
    const cells = this.cellsBetween(this.lastPoint, point);
    this.lastPoint = point;
    if (cells.length) {
      this.focus = cells[cells.length - 1];
      this.send({ t: "drag", cells });
    }
  }

  lifted(event) {
    if (this.pointer !== event.pointerId) return;
    this.pointer = null;
    this.send({ t: "lift" });
  }

  edgePan(event) {
    if (!this.zoomable || this.view.zoom() <= 1.0001) return;
    const rect = this.box.getBoundingClientRect();
    const scale = this.view.view.w / rect.width;
    let dx = 0;
    let dy = 0;
    if (event.clientX < rect.left + EDGE) dx = -EDGE_STEP;
    else if (event.clientX > rect.right - EDGE) dx = EDGE_STEP;
    if (event.clientY < rect.top + EDGE) dy = -EDGE_STEP;
    else if (event.clientY > rect.bottom - EDGE) dy = EDGE_STEP;
    if (dx || dy) this.view.pan(dx * scale, dy * scale);
  }

  wheeled(event) {
    if (!this.zoomable || !this.svg) return;
    event.preventDefault();
    const point = this.toSvg(event);
    if (!point) return;
    this.view.zoomAbout(event.deltaY < 0 ? 1.25 : 0.8, point[0], point[1]);
  }

  clicked(event) {
    const zoom = event.target.closest("button[data-zoom]");
    if (zoom) {
      const step = this.view.view.w / 6;
      const act = zoom.getAttribute("data-zoom");
      if (act === "in") this.view.zoomBy(1.5);
      else if (act === "out") this.view.zoomBy(1 / 1.5);
      else if (act === "fit") this.view.fit();
      else if (act === "left") this.view.pan(-step, 0);
      else if (act === "right") this.view.pan(step, 0);
      else if (act === "up") this.view.pan(0, -step);
      else if (act === "down") this.view.pan(0, step);
      return;
    }
    const action = event.target.closest("button[data-action]");
    if (action) {
      const act = action.getAttribute("data-action");
      if (act === "turning") {
        this.setTurning(this.turning === "clockwise" ? "anticlockwise" : "clockwise");
        return;
      }
      if (act === "hint" && this.puzzle === "suido") this.lastHint = this.seq + 1;
      this.send({ t: act });
      return;
    }
    if (this.puzzle === "suido" && this.box.contains(event.target)) this.tapAt(event, event.shiftKey);
  }

  setTurning(turning) {
    this.turning = turning;
    this.buildControls();
    this.host.dispatchEvent(new CustomEvent("suido-turning", { detail: { turning }, bubbles: true }));
  }

  tapAt(event, reverse) {
    if (this.downAt) {
      const moved = Math.hypot(event.clientX - this.downAt[0], event.clientY - this.downAt[1]);
      if (moved > 10) return;
    }
    const g = event.target.closest && event.target.closest(".sd-cell");
    if (!g || this.host.getAttribute("aria-busy") === "true") return;
    const cell = Number(g.getAttribute("data-cell"));
    if (!this.turn(cell, reverse)) {
      this.pointerFocus(cell);
      return;
    }
    this.focus = cell;
    this.behind = { seq: this.seq, focus: cell };
  }

  turn(cell, reverse) {
    if (this.turnable && !this.turnable[cell]) return false;
    const back = reverse !== (this.turning === "anticlockwise");
    this.lastTurn = this.seq + 1;
    this.send({ t: "turn", cell, by: back ? -1 : 1 });
    return true;
  }

  changed(event) {
    const target = event.target;
    if (target.hasAttribute("data-look")) {
      const name = target.getAttribute("data-look");
      this.options[name] = target.type === "checkbox" ? target.checked : target.value;
      this.send({ t: "look", look: this.look() });
    } else if (target.hasAttribute("data-explosions")) {
      this.kept.explosions = target.value;
      this.keep();
      this.reopen();
    }
  }

  reopen() {
    this.log = [];
    this.connection("open");
  }

  keyed(event) {
    if ((event.ctrlKey || event.metaKey) && (event.key === "z" || event.key === "Z")) {
      if (this.puzzle === "tsunagi") {
        event.preventDefault();
        this.send({ t: "undo" });
      }
      return;
    }
    const onBoard = this.box.contains(event.target);
    if (!onBoard || !this.svg) return;
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    if (event.key in moves) {
      event.preventDefault();
      const [dr, dc] = moves[event.key];
      this.moveFocus(dr, dc);
      return;
    }
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      if (this.puzzle === "suido") {
        this.turn(this.focus, event.shiftKey);
        return;
      }
      if (this.keyDrawing) {
        this.keyDrawing = false;
        this.send({ t: "lift" });
      } else {
        this.keyDrawing = true;
        this.send({ t: "press", cell: this.focus });
        this.pressSeq = this.seq;
        this.keySeq = this.seq;
      }
      this.send({ t: "describe", cell: this.focus });
      return;
    }
    if (event.key === "Escape" && this.puzzle === "tsunagi" && this.keyDrawing) {
      this.keyDrawing = false;
      this.send({ t: "lift" });
    }
  }

  moveFocus(dr, dc) {
    if (this.puzzle === "suido") {
      const width = this.state.width;
      const height = this.state.height;
      const row = Math.floor(this.focus / width) + dr;
      const col = (this.focus % width) + dc;
      if (row < 0 || row >= height || col < 0 || col >= width) return;
      this.focusCell(row * width + col, true);
      return;
    }
    const geo = this.geo;
    const size = geo.size;
    let row = Math.floor(this.focus / size) + dr;
    let col = (this.focus % size) + dc;
    if (geo.wrap) {
      row = (row + size) % size;
      col = (col + size) % size;
    }
    if (row < 0 || row >= size || col < 0 || col >= size) return;
    const next = row * size + col;
    if (geo.hex && !geo.hexCells.includes(next)) return;
    this.focus = next;
    this.placeRing();
    const [x, y] = cellCentre(geo, next);
    if (this.zoomable) this.view.show(x, y, geo.cell);
    if (this.keyDrawing) {
      // `end`: the cell is where the line's end goes, wherever a portal left it (a finger
      // is kept off by the passage; keys have no finger).
      this.send({ t: "drag", cells: [next], end: true });
      this.keySeq = this.seq;
    }
    this.send({ t: "describe", cell: next });
  }

  focusCell(cell, moveFocus) {
    const cells = this.cellEls;
    if (!cells || !cells[cell]) return;
    if (cells[this.tabCell]) cells[this.tabCell].setAttribute("tabindex", "-1");
    this.focus = cell;
    this.tabCell = cell; // the one cell Tab reaches (this.focus may run ahead of it)
    cells[cell].setAttribute("tabindex", "0");
    if (moveFocus) {
      cells[cell].focus();
      if (this.zoomable) {
        const width = this.state.width;
        this.view.show((cell % width) * 100 + 50, Math.floor(cell / width) * 100 + 50, 100);
      }
    }
  }

  // ---- handle

  destroy() {
    this.transport.close();
    this.host.replaceChildren();
    this.host.classList.remove("itsutsu-board", `itb-${this.puzzle}`, "itb-snap");
  }

  undo() {
    this.send({ t: "undo" });
  }
  restart() {
    this.send({ t: "restart" });
  }
  check() {
    this.send({ t: "check" });
  }
  cheat() {
    this.send({ t: "cheat" });
  }
  hint() {
    this.send({ t: "hint" });
  }
  fit() {
    this.view.fit();
  }
  set(changes) {
    Object.assign(this.options, changes);
    if ("lang" in changes) this.send({ t: "lang", lang: this.lang() });
    if (this.puzzle === "tsunagi" && ["marks", "fill", "colours", "board", "coordinates"].some((k) => k in changes)) {
      this.send({ t: "look", look: this.look() });
    }
    if ("turning" in changes) this.setTurning(changes.turning === "anticlockwise" ? "anticlockwise" : "clockwise");
  }
}

function insertInOrder(parent, selector, pair, nodes) {
  for (const child of parent.querySelectorAll(`:scope > ${selector}`)) {
    if (Number(child.getAttribute("data-pair")) > pair) {
      parent.insertBefore(nodes, child);
      return;
    }
  }
  parent.appendChild(nodes);
}

// ------------------------------------------------------------------------------ the element

let stylesAdded = false;

function addStyles(root) {
  if (stylesAdded) return;
  stylesAdded = true;
  for (const href of ["static/board.css", "style/tsunagi.css", "style/suido.css"]) {
    const url = new URL(href, root).href;
    if (document.querySelector(`link[rel="stylesheet"][href="${url}"]`)) continue;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = url;
    document.head.appendChild(link);
  }
}

export class ItsutsuBoard extends HTMLElement {
  static get observedAttributes() {
    return ["puzzle", "size", "level", "set", "givens", "code", "answer", "lang", "marks", "fill", "colours", "board", "coordinates", "explosions", "cheats", "hints", "chips", "controls", "zoom", "turning", "progress", "shown", "server"];
  }

  connectedCallback() {
    this.schedule();
  }

  disconnectedCallback() {
    if (this.mount) this.mount.destroy();
    this.mount = null;
  }

  attributeChangedCallback(name) {
    if (!this.mount) return;
    const live = { lang: "lang", marks: "marks", fill: "fill", colours: "colours", board: "board", coordinates: "coordinates", turning: "turning" };
    if (name in live && !(name === "board" && this.getAttribute("puzzle") === "suido")) {
      const value = this.readOptions()[live[name]];
      this.mount.set({ [live[name]]: value });
      return;
    }
    this.schedule();
  }

  schedule() {
    if (this.pending) return;
    this.pending = true;
    queueMicrotask(() => {
      this.pending = false;
      if (!this.isConnected) return;
      if (this.mount) this.mount.destroy();
      const root = this.getAttribute("server") ? new URL(this.getAttribute("server"), document.baseURI) : APP_ROOT;
      addStyles(root);
      const options = this.readOptions();
      this.mount = mountBoard(this, options, socketTransport(appSocketURL(root)));
    });
  }

  readOptions() {
    const a = (name) => this.getAttribute(name);
    const puzzle = a("puzzle") === "suido" ? "suido" : "tsunagi";
    const lang = a("lang") || (this.closest("[lang]") || document.documentElement).getAttribute("lang") || navigator.language;
    const options = {
      puzzle,
      size: a("size"),
      level: a("level"),
      set: a("set") || "classic",
      givens: a("givens"),
      code: a("code"),
      answer: a("answer"),
      lang: String(lang).toLowerCase().startsWith("ja") ? "ja" : "en",
      marks: a("marks") || "colours",
      fill: a("fill") || "marbles",
      colours: a("colours") || "marble",
      board: puzzle === "tsunagi" ? a("board") || "paper" : null,
      coordinates: isOn(a("coordinates")),
      explosions: a("explosions") || "on",
      cheats: isOn(a("cheats")),
      hints: isOn(a("hints")),
      chips: isOn(a("chips")),
      controls: isOn(a("controls"), true),
      zoom: a("zoom") || "auto",
      turning: a("turning") || "clockwise",
      // Suido: a gameProgress string to resume, or open on the answer (with `answer`)
      progress: puzzle === "suido" ? a("progress") : null,
      shown: puzzle === "suido" && isOn(a("shown")),
    };
    if (this.hasAttribute("keep")) {
      const what = puzzle === "tsunagi" ? options.givens : options.code;
      const place = what ? `code:${hashText(`${options.size}|${what}`)}` : `${puzzle === "tsunagi" ? options.set + ":" : ""}${options.size}:${options.level}`;
      options.keep = `itsutsu:game:${puzzle}:${place}`;
    }
    return options;
  }

  get handle() {
    return this.mount;
  }
}

if (!customElements.get("itsutsu-board")) customElements.define("itsutsu-board", ItsutsuBoard);
