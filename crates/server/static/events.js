// What the game page does when something happens: a click or a key on the board, a button,
// a step through the history, a state from the server (with the messages a change deserves:
// a declined draw, a friend who joined, a seat taken over), the clocks' ticks, the sound.

import { $, show } from "./shared.js";
import {
  model, game, gameId, label, tokenFor, myTokens, knownPlayers, playing, myTurn, anyToken,
  isFlipped, analyse, ensureView, takeState, saveStore, seatOf, timeLeft,
} from "./state.js";
import {
  render, renderChoices, renderHints, renderClocks, renderControls, renderMoves, renderHistory,
  renderTitle, requestSvg, showError, notify, fitBoard, centreOf,
} from "./render.js";
import { loadSeats, saveSeats } from "./shared.js";

function busy(on) {
  model.busy = on;
  document.body.dataset.busy = on ? "1" : "0";
}

// ---- moves by clicks -----------------------------------------------------------------

/** A click (or Enter) on a point. */
export async function onPoint(point) {
  const s = model.state;
  if (!s || model.busy) return;
  if (model.ply !== null) { notify("You are looking at an earlier position: go back to the live game to move."); return; }
  if (!myTurn()) {
    if (s.outcome) showError("move-error", "The game is over.");
    else if (myTokens().length === 0) showError("move-error", "You are watching this game.");
    else showError("move-error", "It is " + label(s.to_move) + "'s turn, not yours.");
    return;
  }
  busy(true);
  try {
    const clicks = model.sel.clicks.concat([point]);
    await ensureView(clicks);
    await choose(point, clicks);
  } catch (e) {
    showError("move-error", "Could not ask for the moves: " + e.message);
  } finally {
    busy(false);
  }
}

async function choose(point, clicks) {
  const sel = model.sel;
  let a = analyse(clicks, sel.choice);
  if (a.partial.length === 0 && a.complete.length === 0) {
    if (sel.clicks.length > 0 && sel.clicks[0] === point) {
      sel.clicks = []; // a second click on the first point lets go of it
      await ensureView([]);
      renderChoices(); renderHints();
      return;
    }
    clicks = [point];
    await ensureView(clicks);
    a = analyse(clicks, sel.choice);
    if (a.partial.length === 0 && a.complete.length === 0) {
      sel.clicks = [];
      await ensureView([]);
      showError("move-error", sel.choice !== null
        ? "No legal move of that kind there." : "No legal move starts at " + point + ".");
      renderHints();
      return;
    }
  }
  showError("move-error", "");
  sel.clicks = clicks;
  if (a.partial.length === 0) {
    // A move without a choice is the default where the same clicks make others with one.
    const plain = a.complete.filter((g) => g.choice === null);
    const only = a.complete.length === 1 ? a.complete[0] : sel.choice === null && plain.length === 1 ? plain[0] : null;
    if (only) { await playMove(only.text); return; }
  }
  if (a.complete.length > 1 && a.complete.every((g) => g.choice === null) && a.partial.length === 0) {
    sel.clicks = [clicks[0]];
    showError("move-error", "Several moves end on " + point + ": click the landing squares one by one.");
  }
  renderChoices(); renderHints();
}

/** Picks (or lets go of) a kind from the hand. */
export function pickChoice(choice) {
  model.sel = { clicks: [], choice: model.sel.choice === choice ? null : choice };
  showError("move-error", "");
  renderChoices(); renderHints();
}

export async function playMove(text) {
  const s = model.state;
  if (!s || model.busy && model.busyMove) return;
  const token = tokenFor(s.to_move);
  if (!token) { showError("move-error", "It is " + label(s.to_move) + "'s turn, not yours."); return; }
  busy(true);
  model.busyMove = true;
  showError("move-error", "");
  try {
    const next = await game.move(text, token);
    model.sel = { clicks: [], choice: null };
    $("move-text").value = "";
    applyState(next);
  } catch (e) {
    showError("move-error", e.status === 403 ? "This browser's seat link does not hold that seat: " + e.message : e.message);
    model.sel.clicks = [];
    renderHints(); renderChoices();
  } finally {
    model.busyMove = false;
    busy(false);
  }
}

async function action(path, body, token) {
  const t = token || anyToken();
  if (!t) return null;
  showError("action-error", "");
  try {
    return await game.post(path, body, t);
  } catch (e) {
    showError("action-error", e.message);
    return null;
  }
}

// ---- the history ------------------------------------------------------------------------

/** Shows the position after `ply` moves (null: the live game). */
export function showPly(ply) {
  const n = model.state ? model.state.moves.length : 0;
  model.ply = ply === null || ply >= n ? null : Math.max(0, ply);
  model.sel = { clicks: [], choice: null };
  renderMoves(); renderHistory(); renderChoices(); renderHints(); renderControls(); renderTitle();
  requestSvg();
}

function historyKey(ev) {
  const n = model.state ? model.state.moves.length : 0;
  const at = model.ply === null ? n : model.ply;
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: n }[ev.key];
  if (to === undefined) return false;
  showPly(Math.min(n, Math.max(0, to)));
  const current = document.querySelector("#moves .current");
  if (current && $("moves-box").contains(document.activeElement)) current.focus();
  return true;
}

// ---- the keyboard on the board ----------------------------------------------------------

function boardKey(ev, target) {
  const points = [...$("board").querySelectorAll("[data-point]")];
  if (ev.key === "Enter" || ev.key === " ") {
    ev.preventDefault();
    onPoint(target.getAttribute("data-point"));
    return;
  }
  const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const d = dirs[ev.key];
  if (!d) return;
  ev.preventDefault();
  const from = centreOf(target);
  let best = null, bestScore = Infinity;
  for (const e of points) {
    if (e === target) continue;
    const c = centreOf(e);
    const along = (c.x - from.x) * d[0] + (c.y - from.y) * d[1];
    if (along < 2) continue;
    const across = Math.abs((c.x - from.x) * d[1]) + Math.abs((c.y - from.y) * d[0]);
    const score = along + 2 * across;
    if (score < bestScore) { bestScore = score; best = e; }
  }
  if (!best) return;
  target.setAttribute("tabindex", "-1");
  best.setAttribute("tabindex", "0");
  best.focus();
  // The browser's own scrolling keeps the focused point in view on a board that pans.
}

// ---- states from the server ---------------------------------------------------------------

/** What changed between two states that someone at this screen should be told. */
function tellChanges(old, s) {
  if (!old) return;
  const mine = knownPlayers();
  const moved = s.moves.length !== old.moves.length;
  if (old.draw_offer && !s.draw_offer && !s.outcome && !moved && mine.includes(old.draw_offer)) {
    notify("Your draw offer was declined.");
  }
  for (const seat of s.seats || []) {
    const before = (old.seats || []).find((x) => x.player === seat.player);
    if (!before) continue;
    if (before.kind === "open" && seat.kind === "human") {
      notify(label(seat.player) + "'s seat was taken: someone joined from the lobby.");
    } else if (before.kind === "human" && seat.kind === "engine") {
      const flagged = s.clock && timeLeft(seat.player) === 0;
      notify(label(seat.player) + (flagged ? "'s time ran out" : " resigned") + ": the default engine plays the seat from now on.");
    } else if (seat.kind === "human" && !before.connected && seat.connected && !mine.includes(seat.player)) {
      notify(label(seat.player) + " joined the game.");
    }
  }
  if (!old.outcome && s.outcome && s.outcome.reason === "resignation") {
    notify(label(s.outcome.player === undefined ? "" : otherThan(s.outcome.player)) + " resigned.");
  }
  if (moved && s.moves.length > old.moves.length) beep();
}

function otherThan(player) {
  const seat = (model.state.seats || []).find((x) => x.player !== player);
  return seat ? seat.player : player;
}

/** A pie rule can give a seat the other colour (the state's `colors`): say so. */
function tellColours(old, s) {
  const mine = knownPlayers();
  if (old && old.colors && s.colors) {
    const changed = Object.keys(s.colors).filter((p) => old.colors[p] && old.colors[p] !== s.colors[p]);
    if (changed.length) {
      const own = changed.filter((p) => mine.includes(p));
      notify(own.length === 1 && mine.length === 1
        ? "The colours were swapped: you now play " + s.colors[own[0]] + "."
        : "The colours were swapped: " + changed.map((p) => p + " now plays " + s.colors[p]).join(", ") + ".");
    }
  } else if (!old && s.colors && mine.length === 1 && s.colors[mine[0]] !== mine[0]) {
    notify("You play " + s.colors[mine[0]] + " (the " + mine[0] + " player).");
  }
}

export function applyState(s) {
  const old = model.state;
  if (!takeState(s)) return;
  document.body.dataset.version = String(s.version);
  if (!old || s.version !== old.version) {
    model.sel = { clicks: [], choice: null };
    if (old) showError("move-error", "");
  }
  if (model.ply !== null && model.ply > s.moves.length) model.ply = null;
  tellColours(old, s);
  tellChanges(old, s);
  render();
}

// ---- the sound -------------------------------------------------------------------------

let audio = null;
/** A short tone for a move (made by WebAudio: no sound file), when the player asked for it. */
function beep() {
  if (!model.sound) return;
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const t = audio.currentTime;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "triangle";
    osc.frequency.setValueAtTime(660, t);
    osc.frequency.exponentialRampToValueAtTime(440, t + 0.09);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.25, t + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.15);
    osc.connect(gain).connect(audio.destination);
    osc.start(t);
    osc.stop(t + 0.16);
  } catch (e) { /* no sound here */ }
}

// ---- seats and the connection --------------------------------------------------------------

/** Asks the server which seat each token holds; drops the tokens it refuses. */
export async function resolveSeats(every) {
  const unknown = Object.keys(model.store.seats).filter((t) => every || model.store.seats[t] === null);
  if (unknown.length === 0) return;
  let refused = false;
  await Promise.all(unknown.map(async (t) => {
    try {
      const r = await game.seat(t);
      if (r && typeof r.player === "string" && t in model.store.seats) model.store.seats[t] = r.player;
    } catch (e) {
      if (e.status === 403) { delete model.store.seats[t]; refused = true; }
    }
  }));
  saveStore();
  if (refused) showError("action-error", "This seat link is not valid for this game: you are watching.");
}

let ws = null;
let tries = 0;
let pingTimer = null;
let reconnectTimer = null;
export function connect() {
  let sock;
  try { sock = new WebSocket(game.socketUrl()); } catch (e) { scheduleReconnect(); return; }
  ws = sock;
  sock.addEventListener("open", () => {
    tries = 0;
    setConn(true);
    for (const t of myTokens()) sock.send(JSON.stringify({ type: "hello", token: t }));
    clearInterval(pingTimer);
    pingTimer = setInterval(() => { if (sock.readyState === 1) sock.send(JSON.stringify({ type: "ping" })); }, 25000);
  });
  sock.addEventListener("message", (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (!msg || msg.type === "pong") return;
    if (msg.error) { showError("action-error", msg.error); return; }
    applyState(msg);
  });
  sock.addEventListener("close", () => {
    if (ws !== sock) return;
    ws = null;
    clearInterval(pingTimer);
    setConn(false);
    scheduleReconnect();
  });
}
function scheduleReconnect() {
  if (reconnectTimer) return;
  const delay = Math.min(10000, 500 * Math.pow(2, tries++));
  reconnectTimer = setTimeout(async () => {
    reconnectTimer = null;
    await resolveSeats(false);
    try { applyState(await game.state()); } catch (e) { /* the socket will tell */ }
    connect();
  }, delay);
}
function setConn(up) {
  const c = $("conn");
  c.textContent = up ? "Live" : "Connection lost — reconnecting…";
  c.classList.toggle("down", !up);
}

// ---- wiring ----------------------------------------------------------------------------------

/** The rematch keeps every seat's token; the server gives each the other colour in a game of
 *  two, so the page asks again whose seat each token holds. */
function goToRematch(newId) {
  const next = loadSeats(newId);
  for (const t of Object.keys(model.store.seats)) if (!(t in next.seats)) next.seats[t] = null;
  if (next.invites.length === 0) {
    next.invites = model.store.invites.map((inv) => ({ player: inv.player, url: inv.url.replace("/g/" + gameId, "/g/" + newId) }));
  }
  saveSeats(newId, next);
  location.assign("/g/" + encodeURIComponent(newId));
}

export function wire() {
  const board = $("board");
  board.addEventListener("click", (ev) => {
    const t = ev.target.closest ? ev.target.closest("[data-point]") : null;
    if (t) onPoint(t.getAttribute("data-point"));
  });
  board.addEventListener("keydown", (ev) => {
    const t = ev.target.closest ? ev.target.closest("[data-point]") : null;
    if (t) boardKey(ev, t);
  });
  board.addEventListener("focusin", (ev) => {
    const t = ev.target.closest ? ev.target.closest("[data-point]") : null;
    if (!t) return;
    for (const e of board.querySelectorAll('[data-point][tabindex="0"]')) if (e !== t) e.setAttribute("tabindex", "-1");
    t.setAttribute("tabindex", "0");
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") { model.sel = { clicks: [], choice: null }; renderChoices(); renderHints(); return; }
    const inField = ev.target && ev.target.closest && ev.target.closest("input, textarea, select, [data-point]");
    if (inField || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (historyKey(ev)) ev.preventDefault();
  });
  $("moves").addEventListener("click", (ev) => {
    const b = ev.target.closest ? ev.target.closest("[data-ply]") : null;
    if (b) showPly(Number(b.getAttribute("data-ply")));
  });
  $("live").addEventListener("click", () => showPly(null));
  $("move-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const t = $("move-text").value.trim();
    if (t) playMove(t);
  });
  $("flip").addEventListener("click", () => { model.flipped = !isFlipped(); render(); });
  $("explain").addEventListener("change", () => { model.explain = $("explain").checked; requestSvg(); renderControls(); });
  $("sound").addEventListener("change", () => {
    model.sound = $("sound").checked;
    try { localStorage.setItem("boardrules:sound", model.sound ? "1" : "0"); } catch (e) { /* private mode */ }
    beep();
  });
  $("resign").addEventListener("click", () => { show($("resign"), false); show($("resign-confirm"), true); show($("resign-cancel"), true); });
  $("resign-cancel").addEventListener("click", () => { show($("resign-confirm"), false); show($("resign-cancel"), false); renderControls(); });
  $("resign-confirm").addEventListener("click", async () => {
    show($("resign-confirm"), false); show($("resign-cancel"), false);
    const s = await action("/resign", undefined);
    if (s) applyState(s); else renderControls();
  });
  $("draw-offer").addEventListener("click", async () => {
    const s = await action("/draw", { action: "offer" });
    if (s) { applyState(s); notify("You offered a draw."); }
  });
  const answer = async (what) => {
    const offer = model.state.draw_offer;
    const player = playing().find((p) => p !== offer);
    const s = player ? await action("/draw", { action: what }, tokenFor(player)) : null;
    if (s) applyState(s);
  };
  $("draw-accept").addEventListener("click", () => answer("accept"));
  $("draw-decline").addEventListener("click", () => answer("decline"));
  $("rematch").addEventListener("click", async () => {
    const t = anyToken() || myTokens()[0];
    const res = await action("/rematch", undefined, t);
    if (res && res.id) goToRematch(res.id);
  });
  $("rematch-go").addEventListener("click", (ev) => {
    if (!model.state || !model.state.rematch) return;
    ev.preventDefault();
    goToRematch(model.state.rematch);
  });
  window.addEventListener("online", () => { if (!ws) { tries = 0; clearTimeout(reconnectTimer); reconnectTimer = null; scheduleReconnect(); } });
  let resizing = null;
  window.addEventListener("resize", () => { clearTimeout(resizing); resizing = setTimeout(fitBoard, 100); });
  // The clocks tick between states.
  setInterval(() => { if (model.state && model.state.clock && model.state.clock.running) renderClocks(); }, 100);
}
