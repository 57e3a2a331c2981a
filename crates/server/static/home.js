// The home page: what each game is, the lobby of games waiting for a player, and the form
// that creates a game (its board, who sits in every seat, a clock). ES module, no build step;
// talks to the JSON API (GET /api/info, GET /api/lobby, POST /api/games, POST …/join).

import { $, el, show, cap, linkRow, formatControl, loadSeats, saveSeats } from "./shared.js";
import { info as getInfo, lobby as getLobby, createGame, join } from "./api.js";

let info = null;

function currentGame() {
  const checked = document.querySelector("input[name=game]:checked");
  return info.games.find((g) => g.name === (checked ? checked.value : "")) || info.games[0];
}

function renderGames() {
  const box = $("games");
  box.textContent = "";
  const wanted = new URLSearchParams(location.search).get("game");
  info.games.forEach((g, i) => {
    const input = el("input", { type: "radio", name: "game", value: g.name, id: "game-" + g.name });
    if (wanted ? g.name === wanted : i === 0) input.checked = true;
    const sizes = g.sizes.length > 4 ? "sizes " + g.sizes[0] + " to " + g.sizes[g.sizes.length - 1] : "sizes " + g.sizes.join(", ");
    const meta = g.players.length + " players" + (g.sizes.length > 1 ? " · " + sizes : "");
    const label = el("label", { class: "game-choice", "data-game": g.name, for: "game-" + g.name }, input,
      el("span", { class: "title" }, g.title), el("span", { class: "summary" }, g.summary),
      el("span", { class: "meta" }, meta));
    input.addEventListener("change", renderChoices);
    box.append(el("div", { class: "game-card" }, label,
      el("a", { class: "rules small", href: g.rules_url }, "Rules of " + g.title)));
  });
  if (!document.querySelector("input[name=game]:checked")) box.querySelector("input").checked = true;
  renderChoices();
}

/** The size and seat controls of the chosen game. */
function renderChoices() {
  const g = currentGame();
  for (const l of document.querySelectorAll(".game-choice")) l.classList.toggle("checked", l.dataset.game === g.name);
  const size = $("size");
  size.textContent = "";
  for (const s of g.sizes) size.append(el("option", { value: s, selected: s === g.default_size }, s));
  show($("size-row"), g.sizes.length > 1);
  const seats = $("seats");
  seats.textContent = "";
  g.players.forEach((p, i) => {
    const name = "seat-" + i;
    const kinds = el("div", { class: "seat-kinds", role: "radiogroup", "aria-label": cap(p) });
    for (const [value, text] of [["me", "me"], ["friend", "a friend (link)"], ["open", "anyone (lobby)"], ["engine", "engine"]]) {
      const input = el("input", { type: "radio", name, value, checked: value === (i === 0 ? "me" : "engine") });
      input.addEventListener("change", updateSeats);
      kinds.append(el("label", { "data-kind": value }, input, text));
    }
    const engine = el("select", { class: "engine", "aria-label": cap(p) + " engine" });
    for (const e of g.engines) engine.append(el("option", { value: e, selected: e === "default" }, e));
    seats.append(el("div", { class: "seat-row", "data-seat": i }, el("span", { class: "seat-name" }, cap(p)), kinds, engine));
  });
  updateSeats();
}

function seatKind(row) {
  const c = row.querySelector("input[type=radio]:checked");
  return c ? c.value : "me";
}

function updateSeats() {
  let anyEngine = false;
  for (const row of document.querySelectorAll(".seat-row")) {
    const kind = seatKind(row);
    for (const l of row.querySelectorAll(".seat-kinds label")) l.classList.toggle("checked", l.dataset.kind === kind);
    show(row.querySelector(".engine"), kind === "engine");
    anyEngine = anyEngine || kind === "engine";
  }
  show($("time-row"), anyEngine);
}

async function create(ev) {
  ev.preventDefault();
  const g = currentGame();
  const rows = [...document.querySelectorAll(".seat-row")];
  const kinds = rows.map(seatKind);
  const body = {
    game: g.name,
    seats: rows.map((row, i) => kinds[i] === "engine" ? "engine:" + row.querySelector(".engine").value
      : kinds[i] === "open" ? "open" : "human"),
  };
  if (g.sizes.length > 1) body.size = $("size").value;
  if (kinds.includes("engine")) body.time_ms = Number($("time-ms").value);
  const clock = $("clock").value;
  if (clock) {
    const [initial, increment] = clock.split("+").map(Number);
    body.clock = { initial_ms: initial, increment_ms: increment };
  }
  const err = $("create-error");
  show(err, false);
  $("create").disabled = true;
  let res;
  try {
    res = await createGame(body);
  } catch (e) {
    err.textContent = "Could not create the game: " + e.message;
    show(err, true);
    $("create").disabled = false;
    return;
  }
  const mine = {};
  const invites = [];
  res.seats.forEach((s, i) => {
    if (!s.token) return;
    if (kinds[i] === "me") mine[s.token] = s.player;
    else invites.push({ player: s.player, url: s.url });
  });
  saveSeats(res.id, { seats: mine, invites, watch: res.watch_url });
  const tokens = Object.keys(mine);
  if (tokens.length > 0) {
    location.assign("/g/" + encodeURIComponent(res.id) + "#seat=" + tokens.join(","));
    return;
  }
  show($("create-form"), false);
  const links = $("created-links");
  links.textContent = "";
  $("created-text").textContent = invites.length > 0
    ? "Send each friend their link: opening it takes that seat. Anyone with the watch link can follow the game."
    : "Anyone with the watch link can follow the game.";
  for (const inv of invites) links.append(linkRow(cap(inv.player) + " invite", inv.url));
  links.append(linkRow("Watch", res.watch_url));
  $("created-watch").href = "/g/" + encodeURIComponent(res.id);
  show($("created"), true);
}

/** The lobby, newest first: each game with its open seats and a button to take one. */
async function renderLobby() {
  let data;
  try {
    data = await getLobby();
  } catch (e) {
    $("lobby-error").textContent = "Could not load the lobby: " + e.message;
    show($("lobby-error"), true);
    return;
  }
  show($("lobby-error"), false);
  const list = $("lobby");
  list.textContent = "";
  for (const g of data.games || []) {
    const entry = info && info.games.find((x) => x.name === g.game);
    const title = (entry ? entry.title : g.game) + (g.size && entry && entry.sizes.length > 1 ? " · " + g.size : "");
    const age = Math.max(0, Math.round((Date.now() - g.created_ms) / 60000));
    const button = el("button", { type: "button", class: "primary", "data-join": g.id,
      onclick: () => takeSeat(g.id, button) }, "Join as " + g.open_seats.map(cap).join(" or "));
    list.append(el("li", { "data-game": g.game },
      el("span", { class: "title" }, title),
      el("span", { class: "muted small" }, formatControl(g.clock) + " · " + (age < 1 ? "just now" : age + " min ago")),
      button));
  }
  show($("lobby-empty"), (data.games || []).length === 0);
}

async function takeSeat(id, button) {
  button.disabled = true;
  try {
    const seat = await join(id);
    const store = loadSeats(id);
    store.seats[seat.token] = seat.player;
    saveSeats(id, store);
    location.assign("/g/" + encodeURIComponent(id) + "#seat=" + seat.token);
  } catch (e) {
    $("lobby-error").textContent = "Could not join: " + e.message;
    show($("lobby-error"), true);
    renderLobby();
  }
}

async function start() {
  try {
    info = await getInfo();
  } catch (e) {
    $("load-error").textContent = "Could not load the list of games: " + e.message;
    show($("load-error"), true);
    return;
  }
  renderGames();
  $("create-form").addEventListener("submit", create);
  show($("create-form"), true);
  await renderLobby();
  setInterval(renderLobby, 5000);
}

start();
