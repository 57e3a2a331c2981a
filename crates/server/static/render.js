// The game page drawn from the model: the status line, the seats with their scores and
// clocks, the move list, the buttons, the hand, the board with its hints, the game-over
// panel. Each function redraws its part from the model alone; events.js decides when.

import { $, el, show, cap, formatClock, formatControl, plainReason, linkRow } from "./shared.js";
import {
  model, game, gameId, label, isMine, knownPlayers, myTokens, myTurn, playing, over, seatOf,
  timeLeft, isFlipped, svgUrl, choiceName, gestureList, analyse, pickerChoices, nextPoints,
  viewServes, ensureView,
} from "./state.js";
import { playMove, pickChoice } from "./events.js";

export function showError(box, msg) {
  const e = $(box);
  e.textContent = msg || "";
  show(e, !!msg);
}

/** A short message for everyone at this screen (a declined draw, a friend who joined). */
export function notify(text) {
  const n = $("notice");
  n.textContent = text;
  show(n, !!text);
}

function dot(player) {
  const color = (model.state.colors && model.state.colors[player]) || player;
  return el("span", { class: "turn-dot c-" + color, "aria-hidden": "true" });
}

/** Redraws everything. */
export function render() {
  const s = model.state;
  if (!s) return;
  if (!Array.isArray(s.gestures) && myTurn() && !viewServes(model.sel.clicks)) {
    ensureView(model.sel.clicks).then(() => { if (model.state === s) { renderChoices(); renderHints(); } }, () => {});
  }
  renderStatus();
  renderSeats();
  renderMoves();
  renderControls();
  renderLinks();
  renderOver();
  renderHistory();
  requestSvg();
  renderChoices();
  renderHints();
  renderTitle();
}

export function renderTitle() {
  const base = $("game-title").textContent || "game";
  document.title = (myTurn() ? "(your move) " : "") + base + " — boardrules";
}

function outcomeText(o) {
  if (o.result !== "win") return "Draw " + plainReason(o.reason);
  let text = label(o.player) + " wins " + plainReason(o.reason);
  if (knownPlayers().length === 1) text += isMine(o.player) ? " — you won" : " — you lost";
  return text;
}

export function renderStatus() {
  const st = $("status");
  const s = model.state;
  st.textContent = "";
  st.className = "status";
  if (s.outcome) {
    st.classList.add("over");
    st.append("Game over: " + outcomeText(s.outcome));
    return;
  }
  const p = s.to_move;
  if (!p) return;
  st.append(dot(p), label(p) + " to move");
  const seat = seatOf(p);
  if (myTurn()) {
    st.classList.add("yours");
    st.append(" — your move");
    // Where every move is a button (a pie rule's choice), the status names them.
    const all = gestureList();
    if (all.length > 0 && all.every((g) => g.points.length === 0 && g.choice)) {
      st.append(": " + all.map((g) => choiceName(g.choice)).join(" or "));
    }
  } else if (seat && seat.kind === "engine") {
    st.append(s.thinking ? " — engine thinking…" : " — engine");
  } else if (seat && seat.kind === "open") {
    st.append(" — waiting for someone to join from the lobby");
  } else if (seat) {
    st.append(seat.connected ? " — waiting for their move" : " — waiting for them to join");
  }
}

export function renderSeats() {
  const s = model.state;
  const ul = $("seats");
  ul.textContent = "";
  for (const seat of s.seats || []) {
    const p = seat.player;
    const li = el("li", { class: "seat" + (p === s.to_move && !s.outcome ? " to-move" : ""), "data-player": p });
    li.append(el("span", { class: "conn" + (seat.connected || seat.kind === "engine" ? " on" : ""),
      title: seat.kind === "engine" ? "engine" : seat.connected ? "connected" : "not connected" }));
    const kind = seat.kind === "engine" ? el("span", { class: "muted" }, "engine " + (seat.engine || ""))
      : seat.kind === "open" ? el("span", { class: "muted" }, "open seat")
      : isMine(p) ? el("span", { class: "you" }, "you")
      : el("span", { class: "muted" }, "person");
    li.append(dot(p), el("span", { class: "who" }, el("span", { class: "name" }, label(p)), " ", kind));
    const scored = s.score && typeof s.score[p] === "number";
    li.append(scored ? el("span", { class: "score", title: s.score_label || "score",
      "aria-label": label(p) + ": " + s.score[p] + " " + (s.score_label || "") }, String(s.score[p])) : el("span"));
    li.append(s.clock ? el("span", { class: "clock", "data-clock": p, role: "timer", "aria-label": label(p) + "'s clock" }) : el("span"));
    ul.append(li);
  }
  const unknown = Object.values(model.store.seats).filter((p) => p === null).length;
  if (unknown > 0) ul.append(el("li", { class: "muted small" }, "You hold a seat link the server has not confirmed yet: the page asks again when it reconnects."));
  if (myTokens().length === 0) ul.append(el("li", { class: "muted small" }, "You are watching this game."));
  if (s.score_label) ul.append(el("li", { class: "muted small", id: "score-label" }, "Scores: " + s.score_label));
  if (s.clock) ul.append(el("li", { class: "muted small" }, "Clock: " + formatControl(s.clock)));
  const hands = s.hands || {};
  for (const seat of s.seats || []) {
    const p = seat.player;
    if (!hands[p]) continue;
    const left = hands[p].filter((e) => e.count > 0).map((e) => e.count + " " + e.kind + (e.count > 1 ? "s" : ""));
    if (left.length) ul.append(el("li", { class: "small hand-line" }, label(p) + " holds " + left.join(", ")));
  }
  renderClocks();
}

/** The clocks' times, as of now (called several times a second while one runs). */
export function renderClocks() {
  for (const e of document.querySelectorAll("[data-clock]")) {
    const p = e.getAttribute("data-clock");
    const left = timeLeft(p);
    if (left === null) continue;
    e.textContent = formatClock(left);
    const running = model.state.clock.running === p;
    e.classList.toggle("running", running);
    e.classList.toggle("low", left < 10000);
  }
}

export function renderMoves() {
  const s = model.state;
  const table = $("moves");
  table.textContent = "";
  const moves = s.moves || [];
  show($("no-moves"), moves.length === 0);
  const per = (s.seats || []).length || 2;
  const shown = model.ply === null ? moves.length : model.ply;
  for (let r = 0; r * per < moves.length; r++) {
    const tr = el("tr", {}, el("th", { scope: "row" }, String(r + 1) + "."));
    for (let i = r * per; i < (r + 1) * per; i++) {
      if (i >= moves.length) { tr.append(el("td")); continue; }
      const current = i + 1 === shown;
      tr.append(el("td", {}, el("button", { type: "button", class: "mv" + (current ? " current" : ""),
        "data-ply": i + 1, "aria-current": current ? "step" : null,
        title: "Show the position after move " + (i + 1) }, moves[i])));
    }
    table.append(tr);
  }
  const current = table.querySelector(".current");
  const box = $("moves-box");
  if (current && box) {
    // Keep the move shown in view without moving the page.
    const top = current.offsetTop, bottom = top + current.offsetHeight;
    if (top < box.scrollTop) box.scrollTop = top - 4;
    else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight + 4;
  }
}

/** The banner over the board while an earlier position is shown. */
export function renderHistory() {
  const on = model.ply !== null;
  show($("history"), on);
  if (on) $("history-text").textContent = "Position after move " + model.ply + " of " + model.state.moves.length;
}

export function renderControls() {
  const s = model.state;
  const done = over();
  const mine = playing().length > 0;
  const two = (s.seats || []).length === 2;
  show($("resign"), mine && !done && $("resign-confirm").classList.contains("hidden"));
  if (done || !mine) { show($("resign-confirm"), false); show($("resign-cancel"), false); }
  const offer = s.draw_offer || null;
  const accepter = offer && playing().some((p) => p !== offer);
  show($("draw-offer"), mine && two && !done && !offer);
  show($("draw-accept"), !done && !!accepter);
  show($("draw-decline"), !done && !!accepter);
  show($("draw-pending"), !done && !!offer && !accepter);
  $("draw-pending").textContent = offer ? label(offer) + " offers a draw" : "";
  show($("rematch-go"), !!s.rematch);
  if (s.rematch) $("rematch-go").href = "/g/" + encodeURIComponent(s.rematch);
  show($("move-form"), myTurn());
  $("download-record").href = game.recordUrl;
  $("download-record").setAttribute("download", gameId + ".json");
  $("download-svg").href = svgUrl();
  $("download-svg").setAttribute("download", gameId + ".svg");
  $("flip").setAttribute("aria-pressed", String(isFlipped()));
  $("sound").checked = model.sound;
}

/** The game-over panel: the result in plain words, the final score, a rematch, a new game. */
export function renderOver() {
  const s = model.state;
  const panel = $("over");
  show(panel, !!s.outcome);
  if (!s.outcome) return;
  $("over-result").textContent = outcomeText(s.outcome);
  const score = $("over-score");
  score.textContent = "";
  if (s.score) {
    const parts = (s.seats || []).filter((x) => typeof s.score[x.player] === "number").map((x) => label(x.player) + " " + s.score[x.player]);
    score.textContent = cap(s.score_label || "score") + ": " + parts.join(" · ");
  }
  show(score, !!s.score);
  show($("rematch"), knownPlayers().length > 0 && !s.rematch);
  $("new-game").href = "/?game=" + encodeURIComponent(s.game);
}

export function renderLinks() {
  const s = model.state;
  const box = $("links");
  box.textContent = "";
  const waiting = !s.outcome && model.store.invites.some((inv) => {
    const seat = seatOf(inv.player);
    return seat && !seat.connected;
  });
  $("links-panel").classList.toggle("inviting", waiting);
  $("links-title").textContent = waiting ? "Invite your friend: send them their link" : "Links";
  for (const inv of model.store.invites) box.append(linkRow(label(inv.player) + " invite", inv.url));
  box.append(linkRow("Watch", location.origin + "/g/" + encodeURIComponent(gameId)));
}

/** The buttons beside the board: a pass, the choices that finish a move, the hand. */
export function renderChoices() {
  const box = $("choices");
  box.textContent = "";
  const hand = $("hand");
  hand.textContent = "";
  if (!myTurn()) { show(box, false); show(hand, false); return; }
  const buttons = [];
  for (const g of gestureList()) {
    if (g.points.length === 0) {
      buttons.push(el("button", { type: "button", class: "primary", "data-move": g.text,
        onclick: () => playMove(g.text) }, cap(choiceName(g.choice || g.text))));
    }
  }
  const { clicks, choice } = model.sel;
  if (clicks.length > 0) {
    const a = analyse(clicks, choice);
    if (a.complete.length > 1 || (a.complete.length === 1 && a.partial.length > 0)) {
      for (const g of a.complete) {
        buttons.push(el("button", { type: "button", class: "primary", "data-move": g.text, title: g.text,
          onclick: () => playMove(g.text) }, g.choice ? cap(choiceName(g.choice)) : "Play " + g.text));
      }
    }
  }
  if (buttons.length > 0) box.append(el("span", { class: "label" }, "Choose:"), ...buttons);
  show(box, buttons.length > 0);

  // The hand: the kinds the state lists for the player to move, each a button when a
  // placement of that kind is legal now.
  const kinds = pickerChoices();
  if (kinds.length === 0) { show(hand, false); return; }
  const entries = ((model.state.hands || {})[model.state.to_move] || []).filter((e) => e.choice !== null);
  const listed = entries.length ? entries : kinds.map((k) => ({ kind: choiceName(k), choice: k, count: null }));
  hand.append(el("span", { class: "label" }, "Your hand:"));
  for (const e of listed) {
    if (e.count === 0) continue;
    const legal = kinds.includes(e.choice);
    hand.append(el("button", { type: "button", "data-choice": e.choice, class: choice === e.choice ? "chosen" : "",
      "aria-pressed": String(choice === e.choice), disabled: !legal,
      title: cap(e.kind) + (legal ? "" : " (not allowed now)"), onclick: () => pickChoice(e.choice) },
      cap(e.kind), e.count !== null ? el("span", { class: "count" }, " ×" + e.count) : null));
  }
  const plain = gestureList().some((g) => g.points.length === 1 && g.choice === null);
  hand.append(el("span", { class: "muted small" }, choice !== null ? "now click a point"
    : plain ? "pick one, then a point (a point alone places a plain stone)" : "pick a piece, then a square"));
  show(hand, true);
}

// ---- the board -------------------------------------------------------------------------

const SVG_NS = "http://www.w3.org/2000/svg";
let svgShown = "";
let svgWanted = "";

export function pointElements(p) {
  return $("board").querySelectorAll('[data-point="' + CSS.escape(String(p)) + '"]');
}

export function renderHints() {
  const board = $("board");
  for (const e of board.querySelectorAll(".hint, .selected")) e.classList.remove("hint", "selected");
  for (const e of board.querySelectorAll("g.page-hints")) e.remove();
  const mine = myTurn();
  board.classList.toggle("my-turn", mine);
  if (!mine) return;
  for (const p of nextPoints()) for (const e of pointElements(p)) e.classList.add("hint");
  for (const p of model.sel.clicks) for (const e of pointElements(p)) { e.classList.remove("hint"); e.classList.add("selected"); }
  drawDots(model.sel.clicks.length === 0);
}

/** A dot on every hinted point, above the pieces, smaller before the first click. */
function drawDots(first) {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const layer = document.createElementNS(SVG_NS, "g");
  layer.setAttribute("class", "page-hints");
  layer.setAttribute("pointer-events", "none");
  const vb = svg.viewBox && svg.viewBox.baseVal;
  const most = 0.03 * (vb && vb.width ? vb.width : 400);
  for (const e of svg.querySelectorAll("[data-point].hint")) {
    let box;
    try { box = e.getBBox(); } catch (err) { continue; }
    if (!box || !box.width) continue;
    const c = document.createElementNS(SVG_NS, "circle");
    const r = Math.min(Math.min(box.width, box.height) * (first ? 0.16 : 0.26), most * (first ? 0.75 : 1));
    c.setAttribute("cx", box.x + box.width / 2);
    c.setAttribute("cy", box.y + box.height / 2);
    c.setAttribute("r", r);
    c.setAttribute("class", "hint-dot" + (first ? " start" : ""));
    c.setAttribute("stroke-width", Math.max(1, r * 0.25));
    layer.append(c);
  }
  svg.append(layer);
}

/** Loads the picture the model asks for, unless it is shown or on its way. */
export async function requestSvg() {
  const url = svgUrl();
  if (url === svgShown || url === svgWanted) return;
  svgWanted = url;
  let text;
  try {
    const res = await fetch(url);
    if (!res.ok) {
      let msg = res.status + " " + res.statusText;
      try { const d = await res.json(); if (d && d.error) msg = d.error; } catch (e) { /* not JSON */ }
      throw new Error(msg);
    }
    text = await res.text();
  } catch (e) {
    if (svgWanted === url) { svgWanted = ""; showError("move-error", "Could not load the board: " + e.message); }
    return;
  }
  if (svgWanted !== url) return;
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = doc.documentElement;
  if (!svg || svg.nodeName.toLowerCase() !== "svg") {
    showError("move-error", "The server sent a board picture the page cannot read.");
    return;
  }
  const w = svg.getAttribute("width");
  const h = svg.getAttribute("height");
  if (!svg.getAttribute("viewBox") && w && h) svg.setAttribute("viewBox", "0 0 " + parseFloat(w) + " " + parseFloat(h));
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  for (const s of svg.querySelectorAll("script")) s.remove();
  const board = $("board");
  const focused = document.activeElement && document.activeElement.getAttribute && board.contains(document.activeElement)
    ? document.activeElement.getAttribute("data-point") : null;
  board.textContent = "";
  const shown = document.importNode(svg, true);
  shown.setAttribute("role", "group");
  shown.setAttribute("aria-label", "board: use the arrow keys to move between points, Enter to click one");
  board.append(shown);
  svgShown = url;
  svgWanted = "";
  board.classList.toggle("history", model.ply !== null);
  // For scripts and tests: the position shown ("live", or the number of moves).
  board.dataset.ply = model.ply === null ? "live" : String(model.ply);
  preparePoints(focused);
  fitBoard();
  renderHints();
}

/** Every point a stop for the keyboard (one of them in the tab order: a roving tabindex). */
function preparePoints(focused) {
  const points = [...$("board").querySelectorAll("[data-point]")];
  let first = null;
  for (const e of points) {
    e.setAttribute("tabindex", "-1");
    e.setAttribute("role", "button");
    e.setAttribute("aria-label", "point " + e.getAttribute("data-point"));
    e.setAttribute("focusable", "true");
    if (focused && e.getAttribute("data-point") === focused) first = e;
  }
  const start = first || points[Math.floor(points.length / 2)] || null;
  if (start) start.setAttribute("tabindex", "0");
  if (first) first.focus({ preventScroll: true });
}

/** The centre of a point on the screen. */
export function centreOf(e) {
  const r = e.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/**
 * Sizes the board: it fills its column, no taller than the window leaves room for; but never
 * so small that two neighbouring points are less than 28 px apart — a phone then pans a board
 * wider than itself (a big board on a small screen); labels smaller than 10.5 px grow.
 */
export function fitBoard() {
  const board = $("board");
  const svg = board.querySelector("svg");
  if (!svg || !svg.viewBox || !svg.viewBox.baseVal || !svg.viewBox.baseVal.width) return;
  const vb = svg.viewBox.baseVal;
  const wrap = $("board-wrap");
  const room = wrap.clientWidth || 300;
  // The closest two points, in the picture's own units.
  const centres = [];
  for (const e of svg.querySelectorAll("[data-point]")) {
    let b;
    try { b = e.getBBox(); } catch (err) { continue; }
    centres.push([b.x + b.width / 2, b.y + b.height / 2]);
  }
  let closest = Infinity;
  for (let i = 0; i < centres.length; i++) {
    for (let j = i + 1; j < centres.length; j++) {
      const d = Math.hypot(centres[i][0] - centres[j][0], centres[i][1] - centres[j][1]);
      if (d > 0 && d < closest) closest = d;
    }
  }
  let scale = 0; // pixels per unit, at least
  if (closest < Infinity) scale = Math.max(scale, 28 / closest);
  const least = vb.width * scale;
  // The height the window leaves for the board at its widest (the status and the hand below).
  const top = board.getBoundingClientRect().top + window.scrollY;
  const tall = Math.max(240, window.innerHeight - top - 110);
  const byHeight = (tall * vb.width) / vb.height;
  const width = Math.max(least, Math.min(room, byHeight));
  svg.style.width = width + "px";
  svg.style.height = (width * vb.height) / vb.width + "px";
  const pans = width > room + 1;
  if (pans && !wrap.classList.contains("pans")) {
    // A board wider than the screen starts centred; the player drags it to see the sides.
    requestAnimationFrame(() => { wrap.scrollLeft = (wrap.scrollWidth - wrap.clientWidth) / 2; });
  }
  wrap.classList.toggle("pans", pans);
  show($("pan-hint"), pans);
  // Labels (coordinates, square numbers) at least 10.5 px tall as shown: the small ones grow
  // in the picture's units rather than the whole board growing for them.
  const shown = width / vb.width;
  for (const t of svg.querySelectorAll("text")) {
    const own = parseFloat(t.dataset.size || t.getAttribute("font-size") || "0");
    if (!(own > 0)) continue;
    t.dataset.size = String(own);
    t.setAttribute("font-size", String(Math.max(own, 10.5 / shown)));
  }
}
