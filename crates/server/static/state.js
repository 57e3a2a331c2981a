// The game page's model: the server's state and everything the page keeps beside it (the
// seats this browser holds, the clicks so far, the position shown from the history, the
// options), and what follows from them (whose turn, which moves the clicks can still make).
// Rendering and events read and change it; nothing here touches the page.

import { gameApi } from "./api.js";
import { loadSeats, saveSeats, playerLabel } from "./shared.js";

export const gameId = decodeURIComponent(location.pathname.replace(/^\/g\//, "").replace(/\/.*$/, ""));
export const game = gameApi(gameId);

/** Everything the page holds; one object, changed only through the functions below. */
export const model = {
  /** The server's state, as last received, and when (performance.now()). */
  state: null,
  receivedAt: 0,
  /** `/api/info`'s entry of this game. */
  info: null,
  /** Seat tokens → player (null until the server said), invite links. */
  store: loadSeats(gameId),
  /** The clicks so far and the picked choice. */
  sel: { clicks: [], choice: null },
  /** Where the state has no gestures: the server's answer for some clicks. */
  view: null,
  /** The ply shown from the history, or null for the live position. */
  ply: null,
  flipped: null,
  explain: false,
  sound: localStorage.getItem("boardrules:sound") === "1",
  /** A move or a request on its way. */
  busy: false,
};

export function saveStore() { saveSeats(gameId, model.store); }

export const label = (player) => playerLabel(player, model.state && model.state.colors);
export const myTokens = () => Object.keys(model.store.seats);
export const knownPlayers = () => Object.values(model.store.seats).filter((p) => p !== null);
export const isMine = (player) => knownPlayers().includes(player);

/** The token that moves `player`, if this browser holds that seat. */
export function tokenFor(player) {
  for (const [t, p] of Object.entries(model.store.seats)) if (p === player) return t;
  return null;
}

/** The seat of `player` in the state. */
export function seatOf(player) {
  return ((model.state && model.state.seats) || []).find((s) => s.player === player) || null;
}

/** The players this browser still plays: its seats that a person holds (not taken over). */
export function playing() {
  return knownPlayers().filter((p) => { const s = seatOf(p); return s && s.kind === "human"; });
}

export function over() { return !!(model.state && model.state.outcome); }

export function myTurn() {
  const s = model.state;
  return !!(s && !s.outcome && s.to_move && tokenFor(s.to_move) && model.ply === null);
}

/** A token for an action that any of this browser's seats may take. */
export function anyToken() {
  const s = model.state;
  if (s && s.to_move && playing().includes(s.to_move)) return tokenFor(s.to_move);
  const p = playing()[0];
  return p ? tokenFor(p) : myTokens()[0] || null;
}

/** The time `player` has left now, from the state's clock and the time since it arrived. */
export function timeLeft(player) {
  const c = model.state && model.state.clock;
  if (!c || !c.remaining_ms) return null;
  const at = c.remaining_ms[player];
  if (typeof at !== "number") return null;
  return c.running === player ? Math.max(0, at - (performance.now() - model.receivedAt)) : at;
}

/** Whether the board flips: by default a browser holding only the second seat of two. */
export function isFlipped() {
  if (model.flipped !== null) return model.flipped;
  const players = model.info ? model.info.players : [];
  const mine = knownPlayers();
  return players.length === 2 && mine.length > 0 && mine.every((p) => p === players[1]);
}

/** The address of the picture shown: the live position or the history's. */
export function svgUrl() {
  return game.svgUrl({ flipped: isFlipped(), explain: model.explain, ply: model.ply,
    version: model.state ? model.state.version : 0 });
}

/** A choice's name for people, from /api/info (`Q` → queen). */
export function choiceName(choice) {
  const names = (model.info && model.info.choices) || {};
  return names[choice] || choice;
}

// ---- gestures ------------------------------------------------------------------------
// A gesture is {points, choice}. After the clicks so far it is "partial" when the clicks
// are a proper prefix of its points, "complete" when they are all its points, or its first
// point, some landing points in order and its last point (a draughts capture by its end).

function isPrefix(clicks, pts) {
  if (clicks.length > pts.length) return false;
  for (let i = 0; i < clicks.length; i++) if (clicks[i] !== pts[i]) return false;
  return true;
}
function isShortcut(clicks, pts) {
  if (clicks.length < 2 || clicks.length >= pts.length) return false;
  if (clicks[0] !== pts[0] || clicks[clicks.length - 1] !== pts[pts.length - 1]) return false;
  let j = 1;
  for (let i = 1; i < clicks.length - 1; i++) {
    while (j < pts.length - 1 && pts[j] !== clicks[i]) j++;
    if (j >= pts.length - 1) return false;
    j++;
  }
  return true;
}

/** Whether the server's answer in `model.view` serves these clicks. */
export function viewServes(clicks) {
  const { view, state } = model;
  if (!view || !state || view.version !== state.version) return false;
  if (view.complete) return isPrefix(view.after, clicks);
  return view.after.length === clicks.length && isPrefix(view.after, clicks);
}

/** Makes sure the page knows the moves that start with `clicks` (asks the server if not). */
export async function ensureView(clicks) {
  const state = model.state;
  if (!state || Array.isArray(state.gestures) || viewServes(clicks)) return;
  const answer = await game.gestures(clicks);
  if (!model.state || model.state.version !== state.version || answer.version !== state.version) return;
  model.view = answer;
  cache = { from: null, list: [] };
}

let cache = { from: null, list: [] };
/** The legal moves with their gestures, from the state or the server's answer. */
export function gestureList() {
  const s = model.state;
  if (!s) return [];
  const from = Array.isArray(s.gestures) ? s : model.view && model.view.version === s.version ? model.view : null;
  if (!from) return [];
  if (cache.from === from) return cache.list;
  cache = { from, list: from.gestures.map((g, i) => ({
    points: Array.isArray(g.points) ? g.points : [],
    choice: g.choice === undefined ? null : g.choice,
    text: from.legal_moves[i],
  })) };
  return cache.list;
}

/** The gestures the clicks can still lead to, and those they complete. */
export function analyse(clicks, choice) {
  const s = model.state;
  if (s && !Array.isArray(s.gestures)) {
    if (!viewServes(clicks)) return { partial: [], complete: [] };
    if (!model.view.complete) {
      const partial = model.view.next.map((p) => ({ points: clicks.concat([p]), choice: null, text: null }));
      const complete = gestureList().filter((g) => choice === null || g.choice === choice);
      return { partial, complete };
    }
  }
  const gs = gestureList().filter((g) => g.points.length > 0 && (choice === null || g.choice === choice));
  return {
    partial: gs.filter((g) => isPrefix(clicks, g.points) && clicks.length < g.points.length),
    complete: gs.filter((g) => (clicks.length === g.points.length && isPrefix(clicks, g.points)) || isShortcut(clicks, g.points)),
  };
}

/** The choices picked before clicking a point (a kind of piece from the hand). */
export function pickerChoices() {
  const seen = [];
  for (const g of gestureList()) {
    if (g.points.length === 1 && g.choice !== null && !seen.includes(g.choice)) seen.push(g.choice);
  }
  return seen;
}

/** The points the next click can go to. */
export function nextPoints() {
  const next = new Set();
  const { clicks, choice } = model.sel;
  for (const g of analyse(clicks, choice).partial) {
    next.add(g.points[clicks.length]);
    if (clicks.length > 0 && g.points.length > clicks.length + 1) next.add(g.points[g.points.length - 1]);
  }
  return next;
}

/** Takes a new state from the server; false when it is older than the one held. */
export function takeState(s) {
  if (!s || typeof s !== "object" || s.id === undefined) return false;
  if (model.state && typeof s.version === "number" && s.version < model.state.version) return false;
  model.state = s;
  model.receivedAt = performance.now();
  return true;
}
