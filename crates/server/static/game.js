// The game page: the board, the turn, the moves, clicks that make moves, live over a WebSocket.
// Plain JavaScript, no build step. It knows the games only through the server's state: a move
// is made by clicking the points of its gesture (`state.gestures`, aligned with
// `state.legal_moves`) or by typing its text. Where the legal moves are too many for the state
// (`gestures` null: Sundraval's opening pairs), the page asks the server for the moves that
// start with the clicks so far (`GET /api/games/ID/gestures?after=P1,P2`): before the first
// click it learns which points can start a move, after it the moves from that point.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const gameId = decodeURIComponent(location.pathname.replace(/^\/g\//, "").replace(/\/.*$/, ""));
  const storeKey = "boardrules:" + gameId;

  // ---- this browser's seats -------------------------------------------------------------
  // store.seats maps a seat token to its player (null until the server has said which seat
  // the token holds: `GET /api/games/ID/seat`); store.invites are the creator's links for
  // the other seats.
  let store = loadStore(gameId);

  function loadStore(id) {
    let s = null;
    try { s = JSON.parse(localStorage.getItem("boardrules:" + id) || "null"); } catch (e) { s = null; }
    if (!s || typeof s !== "object") s = {};
    if (!s.seats || typeof s.seats !== "object") s.seats = {};
    if (!Array.isArray(s.invites)) s.invites = [];
    delete s.notSeats; // kept by earlier versions of the page, which guessed seats
    return s;
  }
  function saveStore() {
    try { localStorage.setItem(storeKey, JSON.stringify(store)); } catch (e) { /* private mode */ }
  }

  // Seat tokens arrive in the fragment (`#seat=T1,T2`); the page keeps them and takes them out
  // of the address bar, so a copied address is a watch link. Which seat a token holds the page
  // asks the server (resolveSeats); an `&as=` that older invite links carry is ignored.
  (function readFragment() {
    if (!location.hash || location.hash.length < 2) return;
    const params = new URLSearchParams(location.hash.slice(1));
    const seat = params.get("seat");
    if (!seat) return;
    const tokens = seat.split(",").filter((t) => t.length > 0);
    for (const t of tokens) if (!(t in store.seats)) store.seats[t] = null;
    saveStore();
    history.replaceState(null, "", location.pathname + location.search);
  })();

  // ---- state --------------------------------------------------------------------------
  let state = null;
  let gameInfo = null;
  let flipped = null; // null: the default for this browser's seat
  let explain = false;
  let sel = { clicks: [], choice: null };
  let svgShown = "";
  let svgWanted = "";
  let busy = false;
  let lastColors = null;

  // ---- helpers ------------------------------------------------------------------------
  async function api(method, path, body, token) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    if (token) init.headers["Authorization"] = "Bearer " + token;
    let res;
    try {
      res = await fetch(path, init);
    } catch (e) {
      const err = new Error("The server cannot be reached (" + e.message + ").");
      err.status = 0;
      throw err;
    }
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (!res.ok) {
      const msg = data && typeof data.error === "string" ? data.error : res.status + " " + res.statusText;
      const err = new Error(msg);
      err.status = res.status;
      throw err;
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
  const show = (e, on) => e.classList.toggle("hidden", !on);
  const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);
  const apiBase = "/api/games/" + encodeURIComponent(gameId);

  function showError(box, msg) {
    const e = $(box);
    e.textContent = msg;
    show(e, !!msg);
  }

  /** The colour a player plays: Sundraval's seats through `colors`, the others themselves. */
  function colorOf(player) {
    if (state && state.colors && state.colors[player]) return state.colors[player];
    return player;
  }
  /** A player for people: "White"; Sundraval's seats as "First player (black)". */
  function playerLabel(player) {
    if (player === "first" || player === "second") {
      const c = colorOf(player);
      return cap(player) + " player" + (c && c !== player ? " (" + c + ")" : "");
    }
    return cap(player);
  }
  function dot(player) {
    return el("span", { class: "turn-dot c-" + colorOf(player), "aria-hidden": "true" });
  }

  function myTokens() { return Object.keys(store.seats); }
  function knownPlayers() {
    return Object.values(store.seats).filter((p) => p !== null);
  }
  function isMine(player) { return knownPlayers().includes(player); }
  /** The token that moves `player`, if this browser holds that seat. */
  function tokenFor(player) {
    for (const [t, p] of Object.entries(store.seats)) if (p === player) return t;
    return null;
  }
  function anyToken() {
    if (state && state.to_move) {
      const t = tokenFor(state.to_move);
      if (t) return t;
    }
    return myTokens()[0] || null;
  }

  /**
   * Asks the server which seat each token holds (`GET /api/games/ID/seat`: `{"player": P}`,
   * 403 for a token that holds no seat of this game): on load every token, from the fragment
   * or kept in localStorage, after a reconnect those still unknown. A token the server
   * refuses is dropped: this browser watches with it. A token the server could not be asked
   * about (no connection) keeps what was known and is asked again on the next reconnect.
   */
  async function resolveSeats(every) {
    const unknown = Object.keys(store.seats).filter((t) => every || store.seats[t] === null);
    if (unknown.length === 0) return;
    let refused = false;
    await Promise.all(unknown.map(async (t) => {
      try {
        const r = await api("GET", apiBase + "/seat", undefined, t);
        if (r && typeof r.player === "string" && t in store.seats) store.seats[t] = r.player;
      } catch (e) {
        if (e.status === 403) { delete store.seats[t]; refused = true; }
      }
    }));
    saveStore();
    if (refused) showError("action-error", "This seat link is not valid for this game: you are watching.");
  }

  function myTurn() {
    return !!(state && !state.outcome && state.to_move && tokenFor(state.to_move));
  }

  // ---- gestures -----------------------------------------------------------------------
  // A gesture is {points: [...], choice: TEXT|null}. After the clicks so far, a gesture is
  // "partial" when the clicks are a proper prefix of its points, "complete" when they are all
  // its points, or when they are its first point, some of its landing points in order and its
  // last point (a draughts capture by its end square alone).
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
  let gestureCache = { state: null, list: [] };
  // Where the state has no gestures: the server's answer for some clicks, `after`. A complete
  // answer holds every move that starts with `after`, and so serves any clicks that start
  // with it; otherwise it holds the points that can follow `after` and the moves `after`
  // makes as it is, and serves exactly those clicks.
  let view = null;
  function viewServes(clicks) {
    if (!view || !state || view.version !== state.version) return false;
    if (view.complete) return isPrefix(view.after, clicks);
    return view.after.length === clicks.length && isPrefix(view.after, clicks);
  }
  /** Makes sure the page knows the moves that start with `clicks` (a request when it does not). */
  async function ensureView(clicks) {
    if (!state || Array.isArray(state.gestures) || viewServes(clicks)) return;
    const version = state.version;
    const path = apiBase + "/gestures?after=" + encodeURIComponent(clicks.join(","));
    let answer;
    try {
      answer = await api("GET", path);
    } catch (e) {
      showError("move-error", "Could not ask for the moves: " + e.message);
      return;
    }
    if (!state || state.version !== version || answer.version !== version) return;
    view = answer;
    gestureCache = { state: null, list: [] };
  }
  function gestureList() {
    if (!state) return [];
    if (!Array.isArray(state.gestures)) {
      if (!view || view.version !== state.version) return [];
      if (gestureCache.state === view) return gestureCache.list;
      gestureCache = { state: view, list: view.gestures.map((g, i) => ({
        points: Array.isArray(g.points) ? g.points : [],
        choice: g.choice === undefined ? null : g.choice,
        text: view.legal_moves[i],
        index: i,
      })) };
      return gestureCache.list;
    }
    if (gestureCache.state === state) return gestureCache.list;
    gestureCache = { state, list: state.gestures.map((g, i) => ({
      points: Array.isArray(g.points) ? g.points : [],
      choice: g.choice === undefined ? null : g.choice,
      text: state.legal_moves[i],
      index: i,
    })) };
    return gestureCache.list;
  }
  /** The gestures the clicks can still lead to (with the chosen kind, if any). */
  function live(clicks, choice) {
    return gestureList().filter((g) => g.points.length > 0 && (choice === null || g.choice === choice));
  }
  function analyse(clicks, choice) {
    if (state && !Array.isArray(state.gestures)) {
      if (!viewServes(clicks)) return { partial: [], complete: [] };
      if (!view.complete) {
        // The server named the points that can follow: one stand-in per point.
        const partial = view.next.map((p) => ({ points: clicks.concat([p]), choice: null, text: null }));
        const complete = gestureList().filter((g) => choice === null || g.choice === choice);
        return { partial, complete };
      }
    }
    const gs = live(clicks, choice);
    const partial = gs.filter((g) => isPrefix(clicks, g.points) && clicks.length < g.points.length);
    const complete = gs.filter((g) =>
      (clicks.length === g.points.length && isPrefix(clicks, g.points)) || isShortcut(clicks, g.points));
    return { partial, complete };
  }
  /** The choices a person picks before clicking a point (Cheversi's piece kinds). */
  function pickerChoices() {
    const seen = [];
    for (const g of gestureList()) {
      if (g.points.length === 1 && g.choice !== null && !seen.includes(g.choice)) seen.push(g.choice);
    }
    return seen;
  }

  let asking = false;
  async function onPointClick(point) {
    if (!myTurn() || busy || asking) return;
    let clicks = sel.clicks.concat([point]);
    asking = true;
    document.body.dataset.busy = "1";
    try {
      await ensureView(clicks);
      await choose(point, clicks);
    } finally {
      asking = false;
      if (!busy) document.body.dataset.busy = "0";
    }
  }

  /** The clicks so far and `point` after it: a move played, more points hinted, or why not. */
  async function choose(point, clicks) {
    let a = analyse(clicks, sel.choice);
    if (a.partial.length === 0 && a.complete.length === 0) {
      if (sel.clicks.length > 0 && sel.clicks[0] === point) {
        sel.clicks = []; // a second click on the first point lets go of it
        await ensureView([]);
        renderChoices();
        renderHints();
        return;
      }
      clicks = [point];
      await ensureView(clicks);
      a = analyse(clicks, sel.choice);
      if (a.partial.length === 0 && a.complete.length === 0) {
        sel.clicks = [];
        await ensureView([]);
        showError("move-error", sel.choice !== null
          ? "No legal " + choiceLabel(sel.choice) + " move there."
          : "No legal move starts at " + point + ".");
        renderHints();
        return;
      }
    }
    showError("move-error", "");
    sel.clicks = clicks;
    if (a.partial.length === 0) {
      // A move whose gesture has no choice is the default where the same clicks make others
      // with a choice (Svendo's own stone; its master stone is picked beside the board first).
      const plain = a.complete.filter((g) => g.choice === null);
      const only = a.complete.length === 1 ? a.complete[0] : sel.choice === null && plain.length === 1 ? plain[0] : null;
      if (only) {
        playMove(only.text);
        return;
      }
    }
    if (a.complete.length > 1 && a.complete.every((g) => g.choice === null) && a.partial.length === 0) {
      // Several captures end there: the landing squares decide.
      sel.clicks = [clicks[0]];
      showError("move-error", "Several moves end on " + point + ": click the landing squares one by one.");
    }
    renderChoices();
    renderHints();
  }

  const GLYPHS = {
    white: { K: "\u2654", Q: "\u2655", R: "\u2656", B: "\u2657", N: "\u2658" },
    black: { K: "\u265A", Q: "\u265B", R: "\u265C", B: "\u265D", N: "\u265E" },
  };
  const KIND_NAMES = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight", M: "master stone" };
  function choiceLabel(choice) {
    if (choice === "pass") return "pass";
    if (choice === "keep") return "keep colours";
    if (choice === "swap") return "swap colours";
    return KIND_NAMES[choice] || choice;
  }

  /** Cheversi's hand: the pieces of the side to move not yet on the board, from the position. */
  function cheversiHand() {
    if (!state || state.game !== "cheversi" || !state.to_move) return null;
    const board = String(state.position || "").split(" ")[0];
    const start = { K: 1, Q: 1, R: 2, B: 2, N: 2 };
    const white = state.to_move === "white";
    for (const ch of board) {
      const up = ch.toUpperCase();
      if (!(up in start)) continue;
      if ((ch === up) === white) start[up] -= 1;
    }
    return start;
  }

  // ---- rendering ----------------------------------------------------------------------
  function render() {
    if (!state) return;
    if (!Array.isArray(state.gestures) && myTurn() && !viewServes(sel.clicks)) {
      const shown = state;
      ensureView(sel.clicks).then(() => {
        if (state === shown) { renderChoices(); renderHints(); }
      });
    }
    renderStatus();
    renderSeats();
    renderMoves();
    renderControls();
    renderLinks();
    requestSvg();
    renderChoices();
    renderHints();
  }

  function renderStatus() {
    const st = $("status");
    st.textContent = "";
    st.className = "status";
    if (state.outcome) {
      const o = state.outcome;
      let text;
      if (o.result === "win") {
        text = playerLabel(o.player) + " wins";
        // "You" only for a browser that holds one seat (two people at one screen hold more).
        if (knownPlayers().length === 1) text += isMine(o.player) ? " — you won" : " — you lost";
      } else {
        text = "Draw";
      }
      if (o.reason) text += " (" + o.reason + ")";
      st.classList.add("over");
      st.append("Game over: " + text);
      return;
    }
    const p = state.to_move;
    if (!p) return;
    st.append(dot(p), playerLabel(p) + " to move");
    const seat = (state.seats || []).find((s) => s.player === p);
    if (myTurn()) {
      st.classList.add("yours");
      st.append(" — your move");
      if (isOpeningChoice()) st.append(": keep or swap the colours");
      else if (state.game === "sundraval" && state.moves.length === 0) {
        st.append(sel.clicks.length === 0 ? ": click a point for the black stone, then one for the white stone"
          : ": now the point for the white stone");
      }
    } else if (seat && seat.kind === "engine") {
      st.append(state.thinking ? " — engine thinking…" : " — engine");
    } else if (seat) {
      st.append(seat.connected ? " — waiting for their move" : " — waiting for them to join");
    }
  }

  function isOpeningChoice() {
    return gestureList().some((g) => g.choice === "keep" || g.choice === "swap");
  }

  function renderSeats() {
    const ul = $("seats");
    ul.textContent = "";
    for (const s of state.seats || []) {
      const li = el("li", { class: s.player === state.to_move && !state.outcome ? "to-move" : "" });
      li.append(el("span", { class: "conn" + (s.connected || s.kind === "engine" ? " on" : ""),
        title: s.kind === "engine" ? "engine" : s.connected ? "connected" : "not connected" }));
      li.append(dot(s.player), playerLabel(s.player));
      if (s.kind === "engine") li.append(el("span", { class: "muted" }, "engine " + (s.engine || "")));
      else if (isMine(s.player)) li.append(el("span", { class: "you" }, "you"));
      else li.append(el("span", { class: "muted" }, "person"));
      ul.append(li);
    }
    const unknown = Object.values(store.seats).filter((p) => p === null).length;
    if (unknown > 0) ul.append(el("li", { class: "muted small" }, "You hold a seat link the server has not confirmed yet: the page asks again when it reconnects."));
    if (myTokens().length === 0) ul.append(el("li", { class: "muted small" }, "You are watching this game."));
  }

  function renderMoves() {
    const ol = $("moves");
    ol.textContent = "";
    const moves = state.moves || [];
    show($("no-moves"), moves.length === 0);
    const n = gameInfo && gameInfo.players ? gameInfo.players.length : 2;
    // Sundraval's swap can give one seat two turns in a row: number its plies one by one.
    const group = state.game === "sundraval" ? 1 : n;
    // One row per round (one move of every player), numbered like a chess score sheet.
    for (let r = 0; r * group < moves.length; r++) {
      const li = el("li", {}, el("span", { class: "n" }, String(r + 1) + "."));
      for (let i = r * group; i < Math.min(moves.length, (r + 1) * group); i++) {
        const who = group === 1 ? "" : gameInfo ? playerLabel(gameInfo.players[i % n]) + ": " : "";
        li.append(el("span", { class: "mv" + (i === moves.length - 1 ? " last" : ""), title: who + moves[i] }, moves[i]));
      }
      ol.append(li);
    }
    ol.scrollTop = ol.scrollHeight;
  }

  function renderControls() {
    const over = !!state.outcome;
    const mine = myTokens().length > 0;
    const two = (state.seats || []).length === 2;
    show($("resign"), mine && !over && !$("resign-confirm").offsetParent);
    if (over || !mine) { show($("resign-confirm"), false); show($("resign-cancel"), false); }
    const offer = state.draw_offer || null;
    const accepter = offer && knownPlayers().some((p) => p !== offer);
    show($("draw-offer"), mine && two && !over && !offer);
    show($("draw-accept"), !over && !!accepter);
    show($("draw-decline"), !over && !!accepter);
    show($("draw-pending"), !over && !!offer && !accepter);
    $("draw-pending").textContent = offer ? playerLabel(offer) + " offers a draw" : "";
    show($("rematch"), over && mine && !state.rematch);
    show($("rematch-go"), !!state.rematch);
    if (state.rematch) $("rematch-go").href = "/g/" + encodeURIComponent(state.rematch);
    show($("move-form"), myTurn());
    $("download-record").href = apiBase + "/record";
    $("download-record").setAttribute("download", gameId + ".json");
    $("download-svg").href = svgUrl();
    $("download-svg").setAttribute("download", gameId + ".svg");
    $("flip").setAttribute("aria-pressed", String(isFlipped()));
  }

  function renderLinks() {
    const box = $("links");
    box.textContent = "";
    // While a friend has not joined, their invite comes first, as on lichess.
    const waiting = !state.outcome && store.invites.some((inv) => {
      const seat = (state.seats || []).find((x) => x.player === inv.player);
      return seat && !seat.connected;
    });
    $("links-panel").classList.toggle("inviting", waiting);
    $("links-title").textContent = waiting ? "Invite your friend: send them their link" : "Links";
    for (const inv of store.invites) {
      box.append(linkRow(playerLabel(inv.player) + " invite", inv.url));
    }
    box.append(linkRow("Watch", location.origin + "/g/" + encodeURIComponent(gameId)));
  }

  function linkRow(what, url) {
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

  function renderChoices() {
    // Buttons: gestures with a choice and no points (pass), and, after clicks that complete
    // several gestures, one button per completing gesture (keep/swap, a piece kind).
    const box = $("choices");
    box.textContent = "";
    const hand = $("hand");
    hand.textContent = "";
    if (!myTurn()) { show(box, false); show(hand, false); return; }
    const buttons = [];
    for (const g of gestureList()) {
      if (g.points.length === 0) {
        buttons.push(el("button", { type: "button", class: "primary", "data-move": g.text,
          onclick: () => playMove(g.text) }, cap(choiceLabel(g.choice || g.text))));
      }
    }
    if (sel.clicks.length > 0) {
      const a = analyse(sel.clicks, sel.choice);
      if (a.complete.length > 1 || (a.complete.length === 1 && a.partial.length > 0)) {
        for (const g of a.complete) {
          const label = g.choice ? cap(choiceLabel(g.choice)) : "Play " + g.text;
          buttons.push(el("button", { type: "button", class: "primary", "data-move": g.text, title: g.text,
            onclick: () => playMove(g.text) }, label));
        }
      }
    }
    if (buttons.length > 0) box.append(el("span", { class: "label" }, "Choose:"), ...buttons);
    show(box, buttons.length > 0);

    const kinds = pickerChoices();
    if (kinds.length > 0) {
      const counts = cheversiHand();
      const color = colorOf(state.to_move);
      const order = counts ? Object.keys(counts) : kinds;
      const plainToo = gestureList().some((g) => g.points.length === 1 && g.choice === null);
      hand.append(el("span", { class: "label" }, counts ? "Your hand:" : "Place:"));
      for (const k of order) {
        if (counts && counts[k] === 0) continue;
        const legal = kinds.includes(k);
        const glyph = GLYPHS[color] && GLYPHS[color][k];
        const b = el("button", { type: "button", "data-choice": k, class: sel.choice === k ? "chosen" : "",
          title: cap(choiceLabel(k)) + (legal ? "" : " (not allowed now)"), disabled: !legal,
          onclick: () => { sel.choice = sel.choice === k ? null : k; sel.clicks = []; showError("move-error", ""); renderChoices(); renderHints(); } },
          glyph ? el("span", { class: "glyph" }, glyph) : null, glyph ? " " + k : cap(choiceLabel(k)) + (KIND_NAMES[k] ? " (" + k + ")" : ""),
          counts ? el("span", { class: "count" }, "\u00d7" + counts[k]) : null);
        hand.append(b);
      }
      if (sel.choice === null && counts) hand.append(el("span", { class: "muted small" }, "pick a piece, then a square"));
      if (plainToo) hand.append(el("span", { class: "muted small" }, sel.choice === null
        ? "pick it, then a point (a point alone places a plain stone)" : "now click a point"));
    }
    show(hand, kinds.length > 0);
  }

  function renderHints() {
    const board = $("board");
    for (const e of board.querySelectorAll(".hint, .selected")) e.classList.remove("hint", "selected");
    for (const e of board.querySelectorAll("g.page-hints")) e.remove();
    const mine = myTurn();
    board.classList.toggle("my-turn", mine);
    board.classList.toggle("first-click", mine && sel.clicks.length === 0);
    if (!mine) return;
    const next = new Set();
    const a = analyse(sel.clicks, sel.choice);
    for (const g of a.partial) {
      next.add(g.points[sel.clicks.length]);
      if (sel.clicks.length > 0 && g.points.length > sel.clicks.length + 1) next.add(g.points[g.points.length - 1]);
    }
    for (const p of next) for (const e of pointElements(p)) e.classList.add("hint");
    for (const p of sel.clicks) for (const e of pointElements(p)) { e.classList.remove("hint"); e.classList.add("selected"); }
    drawDots(sel.clicks.length === 0);
    renderStatus();
  }

  /** A dot in the middle of every hinted point, drawn above the pieces (lichess's legal-move
   *  dots): smaller before the first click, when it marks where a move can start. */
  const SVG_NS = "http://www.w3.org/2000/svg";
  function drawDots(first) {
    const svg = $("board").querySelector("svg");
    if (!svg) return;
    let layer = svg.querySelector("g.page-hints");
    if (layer) layer.remove();
    layer = document.createElementNS(SVG_NS, "g");
    layer.setAttribute("class", "page-hints");
    layer.setAttribute("pointer-events", "none");
    const vb = svg.viewBox && svg.viewBox.baseVal;
    const cap = 0.03 * (vb && vb.width ? vb.width : 400);
    for (const e of svg.querySelectorAll("[data-point].hint")) {
      let box;
      try { box = e.getBBox(); } catch (err) { continue; }
      if (!box || !box.width) continue;
      const c = document.createElementNS(SVG_NS, "circle");
      // A dot, not a disc that could pass for a stone: at most 3% of the picture's width.
      const r = Math.min(Math.min(box.width, box.height) * (first ? 0.16 : 0.26), cap * (first ? 0.75 : 1));
      c.setAttribute("cx", box.x + box.width / 2);
      c.setAttribute("cy", box.y + box.height / 2);
      c.setAttribute("r", r);
      c.setAttribute("class", "hint-dot" + (first ? " start" : ""));
      c.setAttribute("stroke-width", Math.max(1, r * 0.25));
      layer.append(c);
    }
    svg.append(layer);
  }

  function pointElements(p) {
    return $("board").querySelectorAll('[data-point="' + CSS.escape(String(p)) + '"]');
  }

  // ---- the picture --------------------------------------------------------------------
  function isFlipped() {
    if (flipped !== null) return flipped;
    // By default a browser holding only the second player's seat of a two-player game sees its
    // own side at the bottom.
    const players = gameInfo ? gameInfo.players : [];
    const mine = knownPlayers();
    return players.length === 2 && mine.length > 0 && mine.every((p) => p === players[1]);
  }
  function svgUrl() {
    const q = [];
    if (isFlipped()) q.push("flipped=1");
    if (explain) q.push("explain=1");
    q.push("v=" + (state ? state.version : 0));
    return apiBase + "/svg?" + q.join("&");
  }
  async function requestSvg() {
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
    if (svgWanted !== url) return; // a newer picture was asked for meanwhile
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
    board.textContent = "";
    board.append(document.importNode(svg, true));
    svgShown = url;
    svgWanted = "";
    renderHints();
  }

  // ---- actions ------------------------------------------------------------------------
  async function playMove(text) {
    if (!state || busy) return;
    const player = state.to_move;
    const token = tokenFor(player);
    if (!token) { showError("move-error", "It is not your turn."); return; }
    busy = true;
    document.body.dataset.busy = "1";
    showError("move-error", "");
    try {
      const s = await api("POST", apiBase + "/moves", { move: text }, token);
      sel = { clicks: [], choice: null };
      $("move-text").value = "";
      applyState(s);
    } catch (e) {
      if (e.status === 403) showError("move-error", "This browser's seat link does not hold that seat: " + e.message);
      else showError("move-error", e.message);
      sel.clicks = [];
      renderHints();
      renderChoices();
    } finally {
      busy = false;
      document.body.dataset.busy = "0";
    }
  }

  async function action(path, body) {
    const token = anyToken();
    if (!token) return null;
    showError("action-error", "");
    try {
      const s = await api("POST", apiBase + path, body, token);
      return s;
    } catch (e) {
      showError("action-error", e.message);
      return null;
    }
  }

  function wire() {
    $("board").addEventListener("click", (ev) => {
      const t = ev.target.closest ? ev.target.closest("[data-point]") : null;
      if (t) onPointClick(t.getAttribute("data-point"));
    });
    document.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape") { sel = { clicks: [], choice: null }; renderChoices(); renderHints(); }
    });
    $("move-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const t = $("move-text").value.trim();
      if (t) playMove(t);
    });
    $("flip").addEventListener("click", () => { flipped = !isFlipped(); render(); });
    $("explain").addEventListener("change", () => { explain = $("explain").checked; requestSvg(); renderControls(); });
    $("resign").addEventListener("click", () => { show($("resign"), false); show($("resign-confirm"), true); show($("resign-cancel"), true); });
    $("resign-cancel").addEventListener("click", () => { show($("resign-confirm"), false); show($("resign-cancel"), false); renderControls(); });
    $("resign-confirm").addEventListener("click", async () => {
      show($("resign-confirm"), false); show($("resign-cancel"), false);
      const s = await action("/resign", undefined);
      if (s) applyState(s); else renderControls();
    });
    $("draw-offer").addEventListener("click", async () => { const s = await action("/draw", { action: "offer" }); if (s) applyState(s); });
    $("draw-accept").addEventListener("click", async () => {
      const s = await drawAnswer("accept"); if (s) applyState(s);
    });
    $("draw-decline").addEventListener("click", async () => {
      const s = await drawAnswer("decline"); if (s) applyState(s);
    });
    $("rematch").addEventListener("click", async () => {
      const res = await action("/rematch", undefined);
      if (res && res.id) goToRematch(res.id);
    });
    $("rematch-go").addEventListener("click", (ev) => {
      if (!state || !state.rematch) return;
      ev.preventDefault();
      goToRematch(state.rematch);
    });
  }

  async function drawAnswer(what) {
    const offer = state.draw_offer;
    const entry = Object.entries(store.seats).find(([t, p]) => p !== null && p !== offer);
    if (!entry) return null;
    showError("action-error", "");
    try {
      return await api("POST", apiBase + "/draw", { action: what }, entry[0]);
    } catch (e) {
      showError("action-error", e.message);
      return null;
    }
  }

  /** The rematch keeps every seat's token: this browser moves on with the seats it holds. */
  function goToRematch(newId) {
    const next = loadStore(newId);
    for (const [t, p] of Object.entries(store.seats)) if (!(t in next.seats)) next.seats[t] = p;
    if (next.invites.length === 0) {
      next.invites = store.invites.map((inv) => ({ player: inv.player, url: inv.url.replace("/g/" + gameId, "/g/" + newId) }));
    }
    try { localStorage.setItem("boardrules:" + newId, JSON.stringify(next)); } catch (e) { /* private mode */ }
    location.assign("/g/" + encodeURIComponent(newId));
  }

  // ---- live state ---------------------------------------------------------------------
  function applyState(s) {
    if (!s || typeof s !== "object" || s.id === undefined) return;
    if (state && typeof s.version === "number" && s.version < state.version) return; // stale
    const changed = !state || s.version !== state.version;
    const oldState = state;
    state = s;
    // For scripts and tests: the version shown, and whether a move is on its way.
    document.body.dataset.version = String(s.version);
    if (changed) {
      sel = { clicks: [], choice: null };
      if (oldState) showError("move-error", "");
    }
    noteColorChange(oldState);
    render();
  }

  /** Sundraval's pie rule can give a seat the other colour: say so, to the seat holder first. */
  function noteColorChange(oldState) {
    const colors = state.colors || null;
    const n = $("notice");
    const mine = knownPlayers().filter((p) => colors && colors[p] && colors[p] !== p);
    if (lastColors && colors && oldState) {
      const changed = Object.keys(colors).filter((p) => lastColors[p] && lastColors[p] !== colors[p]);
      if (changed.length) {
        const mineChanged = changed.filter((p) => mine.includes(p));
        n.textContent = mineChanged.length === 1 && mine.length === 1
          ? "The colours were swapped: you now play " + colors[mineChanged[0]] + "."
          : "The colours were swapped: " + changed.map((p) => cap(p) + " player now plays " + colors[p]).join(", ") + ".";
        show(n, true);
      }
    } else if (colors && mine.length === 1) {
      n.textContent = "You play " + colors[mine[0]] + " (the " + mine[0] + " player).";
      show(n, true);
    }
    lastColors = colors ? Object.assign({}, colors) : null;
  }

  let ws = null;
  let wsTries = 0;
  let pingTimer = null;
  function connect() {
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + apiBase + "/ws";
    let sock;
    try { sock = new WebSocket(url); } catch (e) { scheduleReconnect(); return; }
    ws = sock;
    sock.addEventListener("open", () => {
      wsTries = 0;
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
    sock.addEventListener("error", () => { /* close follows */ });
  }
  let reconnectTimer = null;
  function scheduleReconnect() {
    if (reconnectTimer) return;
    const delay = Math.min(10000, 500 * Math.pow(2, wsTries++));
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = null;
      // The socket sends the state on connect; the GET also catches up a page whose socket
      // cannot connect at all.
      await resolveSeats(false);
      try { applyState(await api("GET", apiBase)); } catch (e) { /* the socket will tell */ }
      connect();
    }, delay);
  }
  function setConn(up) {
    const c = $("conn");
    c.textContent = up ? "Live" : "Connection lost — reconnecting…";
    c.classList.toggle("down", !up);
  }
  window.addEventListener("online", () => { if (!ws) { wsTries = 0; clearTimeout(reconnectTimer); reconnectTimer = null; scheduleReconnect(); } });

  // ---- start --------------------------------------------------------------------------
  async function start() {
    wire();
    let s;
    try {
      s = await api("GET", apiBase);
    } catch (e) {
      const f = $("fatal");
      f.textContent = e.status === 404 ? "There is no game " + gameId + " on this server." : "Could not load the game: " + e.message;
      show(f, true);
      return;
    }
    try {
      const info = await api("GET", "/api/info");
      gameInfo = (info.games || []).find((g) => g.name === s.game) || null;
    } catch (e) { gameInfo = null; }
    const title = (gameInfo ? gameInfo.title : s.game) + (s.size && gameInfo && gameInfo.sizes.length > 1 ? " · " + s.size : "");
    $("game-title").textContent = title;
    document.title = title + " — boardrules";
    if (gameInfo && gameInfo.explanation) {
      $("explain-text").textContent = "Show " + gameInfo.explanation;
      show($("explain-label"), true);
    }
    show($("game"), true);
    await resolveSeats(true);
    applyState(s);
    connect();
  }
  start();
})();
