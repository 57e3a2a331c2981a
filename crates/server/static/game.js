// A minimal game page: the board, the move list, moves typed in the game's notation.
"use strict";
const $ = (id) => document.getElementById(id);
const id = location.pathname.split("/").pop();
const key = "boardrules:" + id;
const hash = new URLSearchParams(location.hash.slice(1)).get("seat");
if (hash) localStorage.setItem(key, hash);
const tokens = (localStorage.getItem(key) || "").split(",").filter((t) => t);
let state = null;
function tokenToMove() {
  if (!state || state.to_move === null) return tokens[0];
  const i = state.seats.findIndex((s) => s.player === state.to_move);
  const humans = state.seats.slice(0, i).filter((s) => s.kind === "human").length;
  return tokens.length > 1 ? tokens[Math.min(humans, tokens.length - 1)] : tokens[0];
}
async function show(s) {
  state = s;
  const o = s.outcome;
  $("status").textContent = o ? (o.result === "win" ? o.player + " wins" : "draw") + " (" + o.reason + ")"
    : s.to_move + " to move" + (s.thinking ? " (thinking)" : "");
  $("moves").innerHTML = s.moves.map((m) => "<li>" + m.replace(/[<&]/g, "") + "</li>").join("");
  $("board").innerHTML = await (await fetch("/api/games/" + id + "/svg")).text();
}
async function post(path, body) {
  const r = await fetch("/api/games/" + id + path, { method: "POST", body: JSON.stringify(body || {}),
    headers: { "Content-Type": "application/json", Authorization: "Bearer " + tokenToMove() } });
  const j = await r.json();
  $("error").textContent = r.ok ? "" : j.error;
}
$("move").addEventListener("submit", (event) => {
  event.preventDefault();
  post("/moves", { move: $("text").value });
  $("text").value = "";
});
$("resign").addEventListener("click", () => post("/resign"));
function connect() {
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/games/" + id + "/ws");
  ws.onopen = () => tokens.forEach((t) => ws.send(JSON.stringify({ type: "hello", token: t })));
  ws.onmessage = (m) => { const s = JSON.parse(m.data); if (s.id) show(s); };
  ws.onclose = () => setTimeout(connect, 1000);
}
connect();
