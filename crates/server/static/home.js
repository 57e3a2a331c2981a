// The home page: choose a game, its size and who sits in every seat, then create it.
// Plain JavaScript, no build step; talks to the JSON API (GET /api/info, POST /api/games).
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  let info = null;

  /** Calls the API; resolves to the parsed JSON or rejects with the server's error text. */
  async function api(method, path, body) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(path, init);
    } catch (e) {
      throw new Error("The server cannot be reached (" + e.message + ").");
    }
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (!res.ok) {
      const msg = data && typeof data.error === "string" ? data.error : res.status + " " + res.statusText;
      throw new Error(msg);
    }
    return data;
  }

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }

  const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);
  /** A player's name for people: "White", and Sundraval's seats as "First player". */
  function playerLabel(p) {
    if (p === "first" || p === "second") return cap(p) + " player";
    return cap(p);
  }

  /** A text field with a link and a copy button. */
  function linkRow(what, url) {
    const input = el("input", { type: "text", readonly: true, value: url, "aria-label": what });
    input.addEventListener("focus", () => input.select());
    const btn = el("button", { type: "button", class: "copy" }, "Copy");
    btn.addEventListener("click", () => copyText(input, btn));
    return el("div", { class: "link-row" }, el("span", { class: "what" }, what), input, btn);
  }

  async function copyText(input, btn) {
    const text = input.value;
    let ok = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text);
        ok = true;
      }
    } catch (e) { ok = false; }
    if (!ok) {
      input.focus();
      input.select();
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    }
    btn.textContent = ok ? "Copied" : "Select and copy";
    setTimeout(() => { btn.textContent = "Copy"; }, 1600);
  }

  function currentGame() {
    const checked = document.querySelector("input[name=game]:checked");
    return info.games.find((g) => g.name === (checked ? checked.value : "")) || info.games[0];
  }

  function renderGames() {
    const box = $("games");
    box.textContent = "";
    const wanted = new URLSearchParams(location.search).get("game");
    info.games.forEach((g, i) => {
      const input = el("input", { type: "radio", name: "game", value: g.name });
      if (wanted ? g.name === wanted : i === 0) input.checked = true;
      const sizes = g.sizes.length > 4 ? g.sizes.length + " board sizes" : "sizes " + g.sizes.join(", ");
      const meta = g.players.length + " players" + (g.sizes.length > 1 ? " · " + sizes : "");
      const label = el("label", { class: "game-choice", "data-game": g.name }, input,
        el("span", { class: "title" }, g.title), el("div", { class: "meta" }, meta));
      input.addEventListener("change", renderChoices);
      box.append(label);
    });
    if (!document.querySelector("input[name=game]:checked")) box.querySelector("input").checked = true;
    renderChoices();
  }

  /** The size and seat controls of the chosen game. */
  function renderChoices() {
    const g = currentGame();
    for (const l of document.querySelectorAll(".game-choice")) {
      l.classList.toggle("checked", l.dataset.game === g.name);
    }
    const size = $("size");
    size.textContent = "";
    for (const s of g.sizes) {
      size.append(el("option", { value: s, selected: s === g.default_size }, s));
    }
    $("size-row").classList.toggle("hidden", g.sizes.length < 2);

    const seats = $("seats");
    seats.textContent = "";
    g.players.forEach((p, i) => {
      const kind = i === 0 ? "me" : "engine";
      const name = "seat-" + i;
      const kinds = el("div", { class: "seat-kinds", role: "radiogroup", "aria-label": playerLabel(p) });
      for (const [value, text] of [["me", "me"], ["friend", "a friend (link)"], ["engine", "engine"]]) {
        const input = el("input", { type: "radio", name, value, checked: value === kind });
        input.addEventListener("change", updateSeats);
        kinds.append(el("label", { "data-kind": value }, input, text));
      }
      const engine = el("select", { class: "engine", "aria-label": playerLabel(p) + " engine" });
      for (const e of g.engines) engine.append(el("option", { value: e, selected: e === "default" }, e));
      seats.append(el("div", { class: "seat-row", "data-seat": i },
        el("span", { class: "seat-name" }, playerLabel(p)), kinds, engine));
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
      row.querySelector(".engine").classList.toggle("hidden", kind !== "engine");
      anyEngine = anyEngine || kind === "engine";
    }
    $("time-row").classList.toggle("hidden", !anyEngine);
  }

  /** Remembers this browser's seats and the invite links, for the game page. */
  function remember(id, store) {
    try { localStorage.setItem("boardrules:" + id, JSON.stringify(store)); } catch (e) { /* private mode */ }
  }

  async function create(ev) {
    ev.preventDefault();
    const g = currentGame();
    const rows = [...document.querySelectorAll(".seat-row")];
    const kinds = rows.map(seatKind);
    const body = {
      game: g.name,
      seats: rows.map((row, i) => (kinds[i] === "engine" ? "engine:" + row.querySelector(".engine").value : "human")),
    };
    if (g.sizes.length > 1) body.size = $("size").value;
    if (kinds.includes("engine")) body.time_ms = Number($("time-ms").value);
    const err = $("create-error");
    err.classList.add("hidden");
    const button = $("create");
    button.disabled = true;
    let res;
    try {
      res = await api("POST", "/api/games", body);
    } catch (e) {
      err.textContent = "Could not create the game: " + e.message;
      err.classList.remove("hidden");
      button.disabled = false;
      return;
    }
    const mine = {};
    const invites = [];
    res.seats.forEach((s, i) => {
      if (!s.token) return;
      if (kinds[i] === "me") mine[s.token] = s.player;
      else invites.push({ player: s.player, url: s.url });
    });
    remember(res.id, { seats: mine, invites, watch: res.watch_url });
    const tokens = Object.keys(mine);
    if (tokens.length > 0) {
      location.assign("/g/" + encodeURIComponent(res.id) + "#seat=" + tokens.join(","));
      return;
    }
    // Nobody here plays: show the links instead.
    $("create-form").classList.add("hidden");
    const links = $("created-links");
    links.textContent = "";
    $("created-text").textContent = invites.length > 0
      ? "Send each friend their link: opening it takes that seat. Anyone with the watch link can follow the game."
      : "Only engines play: anyone with the watch link can follow the game.";
    for (const inv of invites) links.append(linkRow(playerLabel(inv.player) + " invite", inv.url));
    links.append(linkRow("Watch", res.watch_url));
    $("created-watch").href = "/g/" + encodeURIComponent(res.id);
    $("created").classList.remove("hidden");
  }

  async function start() {
    try {
      info = await api("GET", "/api/info");
    } catch (e) {
      const err = $("load-error");
      err.textContent = "Could not load the list of games: " + e.message;
      err.classList.remove("hidden");
      return;
    }
    renderGames();
    $("create-form").addEventListener("submit", create);
    $("create-form").classList.remove("hidden");
  }

  start();
})();
