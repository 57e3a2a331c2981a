// What both pages share: building elements, showing and hiding, links to copy, and the words
// the pages use for players, times and reasons. No game is named here: what differs per game
// comes from the state and from /api/info.

/** The element with this id. */
export const $ = (id) => document.getElementById(id);

/** An element with attributes (`on…` attributes are listeners) and children. */
export function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

/** Shows or hides an element. */
export const show = (e, on) => e.classList.toggle("hidden", !on);

/** The text with its first letter in upper case. */
export const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** A player for people: "White"; a seat whose colour differs from its name as "First (black)". */
export function playerLabel(player, colors) {
  const color = colors && colors[player];
  return cap(player) + (color && color !== player ? " (" + color + ")" : "");
}

/** A time on a clock: "1:05:03", "4:59", "9.8" under ten seconds. */
export function formatClock(ms) {
  const t = Math.max(0, ms);
  if (t < 10000) return (Math.floor(t / 100) / 10).toFixed(1);
  const s = Math.floor(t / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? h + ":" + String(m).padStart(2, "0") + ":" + sec : m + ":" + sec;
}

/** A time control for people: "5 min + 3 s", "1 day". */
export function formatControl(clock) {
  if (!clock) return "no clock";
  const i = clock.initial_ms / 1000;
  const base = i >= 86400 && i % 86400 === 0 ? i / 86400 + (i === 86400 ? " day" : " days")
    : i >= 3600 && i % 3600 === 0 ? i / 3600 + " h"
    : i >= 60 && i % 60 === 0 ? i / 60 + " min" : i + " s";
  return clock.increment_ms ? base + " + " + clock.increment_ms / 1000 + " s" : base;
}

/** Why a game ended, in plain words. */
export function plainReason(reason) {
  const words = {
    resignation: "by resignation",
    time: "on time",
    agreement: "by agreement",
    stopped: "stopped by its creator",
    "move cap": "by the move limit",
  };
  return words[reason] || (reason ? "(" + reason + ")" : "");
}

/** A link in a read-only field with a copy button. */
export function linkRow(what, url) {
  const input = el("input", { type: "text", readonly: true, value: url, "aria-label": what });
  input.addEventListener("focus", () => input.select());
  const btn = el("button", { type: "button", class: "copy" }, "Copy");
  btn.addEventListener("click", async () => {
    let ok = false;
    try {
      if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(url); ok = true; }
    } catch (e) { ok = false; }
    if (!ok) {
      input.focus(); input.select();
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    }
    btn.textContent = ok ? "Copied" : "Select and copy";
    setTimeout(() => { btn.textContent = "Copy"; }, 1600);
  });
  return el("div", { class: "link-row" }, el("span", { class: "what" }, what), input, btn);
}

/** The seats this browser holds in game `id`, and the invite links it made, from localStorage. */
export function loadSeats(id) {
  let s = null;
  try { s = JSON.parse(localStorage.getItem("boardrules:" + id) || "null"); } catch (e) { s = null; }
  if (!s || typeof s !== "object") s = {};
  if (!s.seats || typeof s.seats !== "object") s.seats = {};
  if (!Array.isArray(s.invites)) s.invites = [];
  return s;
}

/** Keeps what `loadSeats` reads. */
export function saveSeats(id, store) {
  try { localStorage.setItem("boardrules:" + id, JSON.stringify(store)); } catch (e) { /* private mode */ }
}
