// The game server's page in a real browser: Playwright (playwright-core) driving Debian's
// chromium, headless. Starts the server binary on a free port with a temporary database, then
//   1. creates a Kvarn3 game against the engine on the home page and plays it to the end by
//      clicking the points the page highlights;
//   2. plays Swedish draughts captures by clicks: one by its start and end square, one by its
//      landing squares;
//   3. makes moves by clicks in every game (the hand in Cheversi, pass and keep/swap buttons),
//      and saves screenshots of all five games at 1280 and 390 pixels wide;
//   4. keeps a watcher live over the WebSocket, and brings it back after the server restarts;
//   5. invites a friend by link into a second browser (the page learns the seat by GET /seat;
//      a wrong token watches): moves by clicks and typed, a draw
//      offer declined and accepted, a rematch both follow, a resignation;
//   6. plays Sundraval's opening by its two points, then swap and pass by their buttons;
//   7. Sundraval 11's opening by clicks without the pairs in the state;
//   8. a clocked game against the engine made on the home page, clocks ticking, one under ten
//      seconds in red, and a flag that ends a game "on time";
//   9. a lobby game: opened in one browser, joined from the home page of a second;
//  10. the move list stepped through by keys and clicks (the board shows each position);
//  11. at 390 px, every point of Sundraval 11 and draughts 10x10 at least 24 px from its
//      neighbours, a tap 8 px off a point's centre on that point, coordinates 10 px tall;
//      and at 1280x800 the board, the status line and the hand in view;
//  12. axe-core on the home page and a game page of every game, in light and dark mode: no
//      violation of impact "serious" or "critical".
// Usage: node test.js [--server PATH] [--shots DIR]; BOARDRULES_SERVER and CHROMIUM override
// the binary and the browser. Prints "N passed, N failed" last; exits 1 when a test failed.
"use strict";

const { chromium } = require("playwright-core");
const { spawn } = require("child_process");
const fs = require("fs");
const net = require("net");
const os = require("os");
const path = require("path");

const ROOT = path.resolve(__dirname, "..", "..", "..");
const args = process.argv.slice(2);
function arg(name) {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}
const SHOTS = path.resolve(arg("--shots") || path.join(__dirname, "screenshots"));
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const ONLY = arg("--only");

function serverBinary() {
  const given = arg("--server") || process.env.BOARDRULES_SERVER;
  if (given) return path.resolve(given);
  const candidates = ["release", "debug"].map((p) => path.join(ROOT, "target", p, "boardrules-server"));
  const found = candidates.filter((c) => fs.existsSync(c));
  if (found.length === 0) throw new Error("no server binary: build it with `cargo build -p boardrules-server` or pass --server PATH");
  // The newer build, when both exist.
  found.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  return found[0];
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = s.address().port;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A small seeded generator, so that a failing run can be repeated (SEED=... node test.js).
let seed = Number(process.env.SEED || Date.now() % 1000000);
function rand(n) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return Math.floor((seed / 2147483648) * n);
}
const pick = (xs) => xs[rand(xs.length)];

class Server {
  constructor(bin, dir) {
    this.bin = bin;
    this.dir = dir;
    this.db = path.join(dir, "games.sqlite3");
    this.log = path.join(dir, "server.log");
  }
  async start(port) {
    this.port = port || (await freePort());
    this.base = "http://127.0.0.1:" + this.port;
    const out = fs.openSync(this.log, "a");
    this.proc = spawn(this.bin, ["--addr", "127.0.0.1:" + this.port, "--db", this.db, "--engine-threads", "1", "--games-per-address", "10000"], {
      cwd: this.dir, stdio: ["ignore", out, out],
    });
    this.exited = false;
    this.proc.on("exit", () => { this.exited = true; });
    for (let i = 0; i < 200; i++) {
      if (this.exited) throw new Error("the server exited at start; see " + this.log + ":\n" + fs.readFileSync(this.log, "utf8").slice(-2000));
      try {
        const r = await fetch(this.base + "/api/info");
        if (r.ok) return;
      } catch (e) { /* not yet */ }
      await sleep(100);
    }
    throw new Error("the server did not answer within 20 s");
  }
  async stop() {
    if (!this.proc || this.exited) return;
    const done = new Promise((r) => this.proc.on("exit", r));
    this.proc.kill("SIGKILL");
    await done;
  }
  async api(method, p, body, token) {
    const headers = {};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = "Bearer " + token;
    const r = await fetch(this.base + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await r.text();
    let data;
    try { data = JSON.parse(text); } catch (e) { data = text; }
    if (!r.ok) throw new Error(method + " " + p + " -> " + r.status + ": " + text);
    return data;
  }
}

function assert(cond, msg) {
  if (!cond) throw new Error("assertion failed: " + msg);
}

/** Waits until the page's state has a version above `version` (or the predicate holds). */
async function waitForState(server, id, pred, what, ms = 20000) {
  const end = Date.now() + ms;
  let s;
  while (Date.now() < end) {
    s = await server.api("GET", "/api/games/" + id);
    if (pred(s)) return s;
    await sleep(60);
  }
  throw new Error("timed out waiting for " + what + "; last state version " + (s && s.version));
}

/** The points the page highlights, as it shows them. */
async function hinted(page) {
  return page.$$eval("#board [data-point].hint", (es) => [...new Set(es.map((e) => e.getAttribute("data-point")))].sort());
}

async function clickPoint(page, point) {
  const loc = page.locator('#board [data-point="' + point + '"]').first();
  await loc.click({ force: true });
}

/** Waits until no move the page sent is on its way. */
async function settle(page) {
  await page.waitForFunction(() => document.body.dataset.busy !== "1", null, { timeout: 10000 });
}

/** Waits until the board shows a picture with its hit areas. */
async function waitBoard(page) {
  await page.waitForFunction(() => document.querySelectorAll("#board svg [data-point]").length > 0, null, { timeout: 15000 });
}

/** Waits until the page shows the move list with `n` moves. */
async function waitMoves(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll("#moves .mv").length === k, n, { timeout: 20000 });
}

async function noHorizontalScroll(page, width) {
  const w = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(w <= width, "the page is " + w + " px wide in a " + width + " px window (horizontal scrolling)");
}

// ---- test 1: Kvarn3 against the engine, by clicks, to the end --------------------------
async function testKvarn3(browser, server) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(server.base + "/");
  await page.click('.game-choice[data-game="kvarn3"]');
  await page.click('.seat-row[data-seat="0"] label[data-kind="me"]');
  await page.click('.seat-row[data-seat="1"] label[data-kind="engine"]');
  await page.selectOption("#time-ms", "100");
  await page.screenshot({ path: path.join(SHOTS, "home-1280.png"), fullPage: true });
  await Promise.all([page.waitForURL(/\/g\//), page.click("#create")]);
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/")[2]);
  assert(!page.url().includes("#seat="), "the seat token is taken out of the address bar");
  let s = await server.api("GET", "/api/games/" + id);
  assert(s.game === "kvarn3", "a kvarn3 game was created");
  assert(s.seats[1].kind === "engine", "the second seat is an engine");
  await waitBoard(page);

  let clicksMade = 0;
  for (let turn = 0; turn < 200; turn++) {
    s = await waitForState(server, id, (x) => x.outcome || (x.to_move === "white" && !x.thinking), "White's turn or the end");
    if (s.outcome) break;
    await waitMoves(page, s.moves.length);
    await page.waitForFunction(() => document.querySelector("#status.yours") !== null, null, { timeout: 10000 });
    // Before a click the page highlights the first point of every legal move.
    const firsts = [...new Set(s.gestures.map((g) => g.points[0]))].sort();
    await page.waitForFunction((n) => document.querySelectorAll("#board [data-point].hint").length >= n, firsts.length, { timeout: 10000 });
    let hints = await hinted(page);
    assert(JSON.stringify(hints) === JSON.stringify(firsts), "hints " + hints + " are the legal first points " + firsts);
    const before = s.version;
    // Click highlighted points until the move is played: the move a simple player would
    // choose (a mill, else a block of Black's mill), else a random one.
    const aim = kvarn3Choice(s);
    const clicked = [];
    for (let k = 0; k < 4; k++) {
      const want = aim ? aim.points[clicked.length] : undefined;
      const p = want && hints.includes(want) ? want : pick(hints);
      clicked.push(p);
      await clickPoint(page, p);
      clicksMade++;
      await settle(page);
      const now = await server.api("GET", "/api/games/" + id);
      if (now.version !== before) break;
      hints = await hinted(page);
      assert(hints.length > 0, "after clicking " + clicked + " the page highlights where the move can go");
      const expect = [...new Set(s.gestures.filter((g) => clicked.every((c, i) => g.points[i] === c)).map((g) => g.points[clicked.length]))].sort();
      assert(JSON.stringify(hints) === JSON.stringify(expect), "after " + clicked + " hints " + hints + " are " + expect);
    }
    s = await waitForState(server, id, (x) => x.version !== before, "the clicked move");
    const mine = s.moves[before === 0 ? 0 : s.moves.length - 1];
    assert(s.moves.length > 0, "a move was played by clicks " + clicked + " (" + mine + ")");
  }
  assert(s.outcome, "the game ended");
  await page.waitForFunction(() => document.querySelector("#status.over") !== null, null, { timeout: 10000 });
  const text = await page.textContent("#status");
  assert(/Game over/.test(text) && text.includes(s.outcome.reason), "the page says the game is over and why: " + text);
  assert((await page.$$("#moves .mv")).length === s.moves.length, "the move list has every move");
  await page.screenshot({ path: path.join(SHOTS, "kvarn3-vs-engine-end-1280.png"), fullPage: true });
  assert(errors.length === 0, "no script errors: " + errors.join("; "));
  await ctx.close();
  return "game " + id + " over after " + s.moves.length + " moves (" + clicksMade + " clicks): " + text.trim();
}

/** Kvarn3 for the test's player: the legal move that makes a mill for the side to move, else
 *  one that puts a stone where Black would make one, else none. Board from the position text
 *  (ranks 3 to 1, files a to c). */
function kvarn3Choice(s) {
  const rows = s.position.split(" ")[0].split("/");
  const at = {};
  rows.forEach((row, r) => [...row].forEach((c, f) => { at["abc"[f] + (3 - r)] = c; }));
  const lines = ["a1 b1 c1", "a2 b2 c2", "a3 b3 c3", "a1 a2 a3", "b1 b2 b3", "c1 c2 c3", "a1 b2 c3", "c1 b2 a3"].map((l) => l.split(" "));
  const me = s.to_move === "white" ? "W" : "B";
  const them = me === "W" ? "B" : "W";
  const after = (g) => {
    const b = Object.assign({}, at);
    if (g.points.length === 2) b[g.points[0]] = ".";
    b[g.points[g.points.length - 1]] = me;
    return b;
  };
  const mill = (b, c) => lines.some((l) => l.every((p) => b[p] === c));
  const wins = s.gestures.filter((g) => mill(after(g), me));
  if (wins.length) return wins[0];
  // Points where the opponent completes a line next (two of theirs and an empty third).
  const threats = lines.filter((l) => l.filter((p) => at[p] === them).length === 2 && l.some((p) => at[p] === ".")).map((l) => l.find((p) => at[p] === "."));
  const blocks = s.gestures.filter((g) => threats.includes(g.points[g.points.length - 1]));
  return blocks.length ? blocks[0] : null;
}

// ---- test 2: draughts captures by clicks -------------------------------------------------
async function newHumanGame(server, game, size) {
  const info = await server.api("GET", "/api/info");
  const g = info.games.find((x) => x.name === game);
  const body = { game, seats: g.players.map(() => "human") };
  if (size) body.size = size;
  const res = await server.api("POST", "/api/games", body);
  const tokens = {};
  for (const seat of res.seats) tokens[seat.player] = seat.token;
  return { id: res.id, tokens, res, info: g };
}

/** Plays random legal moves through the API until `want(state)` holds. */
async function playUntil(server, game, want, limit) {
  let s = await server.api("GET", "/api/games/" + game.id);
  for (let i = 0; i < limit && !s.outcome; i++) {
    if (want(s)) return s;
    const mv = pick(s.legal_moves);
    s = await server.api("POST", "/api/games/" + game.id + "/moves", { move: mv }, game.tokens[s.to_move]);
  }
  return want(s) && !s.outcome ? s : null;
}

async function testDraughtsCapture(browser, server) {
  const results = [];
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  for (const kind of ["end square", "landing squares"]) {
    let game = null;
    let s = null;
    const want = kind === "end square"
      ? (x) => x.gestures.some((g) => g.points.length >= 2 && x.legal_moves[x.gestures.indexOf(g)].includes("x"))
      : (x) => x.gestures.some((g) => g.points.length >= 3);
    for (let tries = 0; tries < 30 && !s; tries++) {
      game = await newHumanGame(server, "swedish-draughts", "8");
      s = await playUntil(server, game, want, 160);
    }
    assert(s, "random games reach a position with a " + (kind === "end square" ? "capture" : "multi-jump capture"));
    const mover = s.to_move;
    const idx = s.gestures.findIndex((g, i) => (kind === "end square" ? s.legal_moves[i].includes("x") : g.points.length >= 3));
    const g = s.gestures[idx];
    const text = s.legal_moves[idx];
    let clicks;
    if (kind === "end square") {
      const start = g.points[0];
      const end = g.points[g.points.length - 1];
      const same = s.gestures.filter((h) => h.points[0] === start && h.points[h.points.length - 1] === end);
      clicks = same.length === 1 ? [start, end] : g.points;
    } else {
      clicks = g.points;
    }
    const page = await ctx.newPage();
    // The seat link exactly as the API gives it: the page asks the server which seat it holds.
    const url = game.res.seats.find((x) => x.player === mover).url.replace(/^http:\/\/[^/]+/, server.base);
    await page.goto(url);
    await waitBoard(page);
    await waitMoves(page, s.moves.length);
    for (const c of clicks) {
      const hints = await hinted(page);
      assert(hints.includes(c), "the page highlights " + c + " (hints " + hints + ") before clicking it");
      await clickPoint(page, c);
      await settle(page);
    }
    const after = await waitForState(server, game.id, (x) => x.version !== s.version, "the capture");
    assert(after.moves[after.moves.length - 1] === text, "the clicks " + clicks.join(" ") + " played " + text + " (got " + after.moves[after.moves.length - 1] + ")");
    await waitMoves(page, after.moves.length);
    await page.screenshot({ path: path.join(SHOTS, "draughts-capture-" + kind.replace(" ", "-") + "-1280.png"), fullPage: true });
    results.push(text + " by " + clicks.join(","));
    await page.close();
  }
  await ctx.close();
  return results.join("; ");
}

// ---- test 3: every game by clicks, screenshots at 1280 and 390 px ----------------------
/** Makes the legal move `i` of state `s` on the page by clicks and buttons, as a person would. */
async function clickMove(page, s, i) {
  const g = s.gestures[i];
  const text = s.legal_moves[i];
  if (g.points.length === 0) {
    await page.click('#choices button[data-move="' + text + '"]');
    return;
  }
  const hand = await page.$('#hand button[data-choice="' + g.choice + '"]');
  if (g.choice && g.points.length === 1 && hand) await hand.click();
  for (const p of g.points) {
    const hints = await hinted(page);
    assert(hints.includes(p), "the page highlights " + p + " for " + text + " (hints " + hints.slice(0, 12) + ")");
    await clickPoint(page, p);
    await settle(page);
  }
  const button = await page.$('#choices button[data-move="' + text + '"]');
  if (button) await button.click();
}

/** The state with moves to click: its own lists, or, where the state leaves them out
 *  (Sundraval's opening), those from one first point, as the page learns them from the
 *  server (`/gestures?after=`). */
async function withGestures(server, s) {
  if (Array.isArray(s.gestures)) return s;
  const base = "/api/games/" + s.id + "/gestures?after=";
  let g = await server.api("GET", base);
  assert(g.count === s.legal_move_count, "the gestures answer counts every move: " + g.count);
  if (!g.complete) g = await server.api("GET", base + encodeURIComponent(pick(g.next)));
  assert(g.complete && g.gestures.length > 0, "the moves from one point are listed");
  return Object.assign({}, s, { legal_moves: g.legal_moves, gestures: g.gestures });
}

async function testEveryGame(browser, server) {
  const info = await server.api("GET", "/api/info");
  const notes = [];
  const failures = [];
  for (const g of info.games) {
    // Both sizes of draughts (8x8 and 10x10); the default of a game with more.
    const sizes = g.sizes.length === 0 ? [null] : g.sizes.length <= 2 ? g.sizes : [g.default_size];
    for (const size of sizes) {
      try {
        notes.push(await everyGameOne(browser, server, g, size));
      } catch (e) {
        failures.push(g.name + (size ? " " + size : "") + ": " + e.message);
      }
    }
  }
  // The home page on a phone.
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await page.goto(server.base + "/");
  await page.waitForSelector("#create-form:not(.hidden)");
  await page.screenshot({ path: path.join(SHOTS, "home-390.png"), fullPage: true });
  await noHorizontalScroll(page, 390);
  await ctx.close();
  if (failures.length) throw new Error(failures.join("\n"));
  return notes.join("; ");
}

async function everyGameOne(browser, server, g, size) {
  const game = await newHumanGame(server, g.name, size);
  const players = g.players;
  // One browser holding every seat, by bare tokens: the page asks the server whose each is.
  const hash = "#seat=" + players.map((p) => game.tokens[p]).join(",");
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const name = g.name + (size && g.sizes.length > 1 ? "-" + size : "");
  const played = [];
  let s = await server.api("GET", "/api/games/" + game.id);
  try {
    await page.goto(server.base + "/g/" + game.id + hash);
    await page.waitForSelector("#board svg", { timeout: 15000 });
    await waitBoard(page);
    const kinds = new Set();
    // Make moves by clicks; now and then a move with a choice not clicked yet, so that every
    // kind of gesture the game has gets clicked (hand, pass, keep/swap).
    for (let k = 0; k < 6 && !s.outcome; k++) {
      await waitMoves(page, s.moves.length);
      await page.waitForFunction(() => document.querySelector("#status.yours") !== null, null, { timeout: 10000 });
      const t = await withGestures(server, s);
      const special = t.gestures.map((x, i) => i).filter((i) => t.gestures[i].choice && !kinds.has(t.gestures[i].choice));
      const i = special.length && rand(2) === 0 ? pick(special) : rand(t.legal_moves.length);
      const text = t.legal_moves[i];
      kinds.add(t.gestures[i].choice);
      await clickMove(page, t, i);
      const before = s.version;
      s = await waitForState(server, game.id, (x) => x.version !== before, g.name + " move " + text);
      const last = s.moves[s.moves.length - 1];
      assert(last === text, g.name + ": the clicks for " + text + " played " + last);
      played.push(last);
    }
    await waitMoves(page, s.moves.length);
    await page.waitForTimeout(150);
    // Show the hints after a first click, as a player sees them in the middle of a move.
    if (!s.outcome) {
      const multi = (await withGestures(server, s)).gestures.find((x) => x.points.length >= 2);
      if (multi) { await clickPoint(page, multi.points[0]); await page.waitForTimeout(80); }
    }
  } finally {
    // The screenshots are taken whatever happened, to look at.
    await page.screenshot({ path: path.join(SHOTS, name + "-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, name + "-390.png"), fullPage: true });
  }
  await noHorizontalScroll(page, 390);
  const box = await page.locator("#board svg").boundingBox();
  assert(box && box.width >= 340, "the board fills a phone's width (" + (box && box.width) + " px)");
  assert(errors.length === 0, "no script errors: " + errors.join("; "));
  await page.setViewportSize({ width: 1280, height: 900 });
  await noHorizontalScroll(page, 1280);
  await ctx.close();
  return name + ": " + played.join(" ");
}

// ---- test 4: live updates and reconnect ---------------------------------------------
async function testLive(browser, server) {
  const game = await newHumanGame(server, "kvarn3");
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const watcher = await ctx.newPage();
  await watcher.goto(server.base + "/g/" + game.id);
  await waitBoard(watcher);
  await watcher.waitForFunction(() => /Live/.test(document.querySelector("#conn").textContent), null, { timeout: 10000 });
  let s = await server.api("GET", "/api/games/" + game.id);
  s = await server.api("POST", "/api/games/" + game.id + "/moves", { move: s.legal_moves[0] }, game.tokens[s.to_move]);
  await waitMoves(watcher, 1);
  // The server goes down and comes back on the same port and database.
  const port = server.port;
  await server.stop();
  await watcher.waitForFunction(() => /reconnecting/.test(document.querySelector("#conn").textContent), null, { timeout: 10000 });
  await server.start(port);
  s = await server.api("GET", "/api/games/" + game.id);
  assert(s.moves.length === 1, "the move survived the restart");
  s = await server.api("POST", "/api/games/" + game.id + "/moves", { move: s.legal_moves[0] }, game.tokens[s.to_move]);
  await waitMoves(watcher, 2);
  await watcher.waitForFunction(() => /Live/.test(document.querySelector("#conn").textContent), null, { timeout: 15000 });
  // A reload comes back to the current state.
  await watcher.reload();
  await waitMoves(watcher, 2);
  await ctx.close();
  return "watcher saw both moves across a server restart and a reload";
}

// ---- test 5: a friend by link in a second browser; draw, resign, rematch ---------------
async function testFriend(browser, server) {
  const a = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const b = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const me = await a.newPage();
  await me.goto(server.base + "/");
  await me.click('.game-choice[data-game="swedish-draughts"]');
  await me.selectOption("#size", "8");
  await me.click('.seat-row[data-seat="0"] label[data-kind="me"]');
  await me.click('.seat-row[data-seat="1"] label[data-kind="friend"]');
  await Promise.all([me.waitForURL(/\/g\//), me.click("#create")]);
  const id = decodeURIComponent(new URL(me.url()).pathname.split("/")[2]);
  await waitBoard(me);
  // The creator's page offers the friend's link first, with a copy button, and a watch link.
  await me.waitForSelector("#links-panel.inviting");
  const links = await me.$$eval("#links .link-row", (rows) => rows.map((r) => ({ what: r.querySelector(".what").textContent, url: r.querySelector("input").value })));
  const invite = links.find((l) => /Black invite/.test(l.what));
  const watch = links.find((l) => /Watch/.test(l.what));
  assert(invite && /#seat=[0-9a-f]+$/.test(invite.url), "an invite link for Black, the API's own: " + JSON.stringify(links));
  assert(watch && !/seat=/.test(watch.url) && watch.url.endsWith("/g/" + id), "a watch link without a token: " + watch.url);
  await me.screenshot({ path: path.join(SHOTS, "friend-invite-1280.png"), fullPage: true });

  const friend = await b.newPage();
  // The page learns its seat from GET /seat, never by posting a move to see the error.
  const seatAsked = [];
  const probes = [];
  friend.on("request", (r) => {
    if (r.url().endsWith("/seat")) seatAsked.push(r.method());
    if (r.method() === "POST" && r.url().endsWith("/moves") && /"move":""/.test(r.postData() || "")) probes.push(r.url());
  });
  await friend.goto(invite.url);
  await waitBoard(friend);
  await friend.waitForFunction(() => /Black/.test(document.querySelector("#seats .you") ? document.querySelector("#seats .you").parentElement.textContent : ""), null, { timeout: 10000 });
  assert(seatAsked.length === 1 && seatAsked[0] === "GET", "the friend's page asked GET /seat once: " + seatAsked);
  // A link with a token that holds no seat of this game: the page says so and watches.
  const c = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const stranger = await c.newPage();
  await stranger.goto(server.base + "/g/" + id + "#seat=" + "0123456789abcdef".repeat(2));
  await waitBoard(stranger);
  await stranger.waitForSelector("#action-error:not(.hidden)");
  const said = await stranger.textContent("#action-error");
  assert(/not valid for this game/.test(said), "a wrong token is told: " + said);
  const watching = await stranger.textContent("#seats");
  assert(/You are watching/.test(watching) && !(await stranger.$("#seats .you")), "a wrong token watches: " + watching);
  await c.close();
  // The creator's page sees the friend connected, and the invite no longer comes first.
  await me.waitForFunction(() => !document.querySelector("#links-panel.inviting"), null, { timeout: 10000 });

  // Four moves by clicks, alternately in the two browsers.
  let s = await server.api("GET", "/api/games/" + id);
  for (let k = 0; k < 4; k++) {
    const page = s.to_move === "white" ? me : friend;
    const other = page === me ? friend : me;
    await waitMoves(page, s.moves.length);
    await page.waitForFunction(() => document.querySelector("#status.yours") !== null, null, { timeout: 10000 });
    const otherYours = await other.$("#status.yours");
    assert(!otherYours, "only the seat to move is told it is its move");
    const i = rand(s.legal_moves.length);
    await clickMove(page, s, i);
    const before = s.version;
    s = await waitForState(server, id, (x) => x.version !== before, "a move by clicks");
    await waitMoves(other, s.moves.length); // live on the other browser
  }
  // A typed move that is not legal gets the server's reason on the page.
  const mover = s.to_move === "white" ? me : friend;
  await mover.fill("#move-text", "1-99");
  await mover.click("#move-form button");
  await mover.waitForSelector("#move-error:not(.hidden)");
  const why = await mover.textContent("#move-error");
  assert(why.length > 5, "an illegal typed move shows why: " + why);
  // A typed legal move is played.
  const typed = s.legal_moves[0];
  await mover.fill("#move-text", typed);
  await mover.click("#move-form button");
  const before = s.version;
  s = await waitForState(server, id, (x) => x.version !== before, "the typed move");
  assert(s.moves[s.moves.length - 1] === typed, "the typed move " + typed + " was played");

  // Draw: offered by White, declined by Black (White is told); offered again, accepted.
  await me.click("#draw-offer");
  await friend.waitForSelector("#draw-accept:not(.hidden)");
  await friend.click("#draw-decline");
  await waitForState(server, id, (x) => !x.draw_offer, "the declined offer");
  await me.waitForFunction(() => /draw offer was declined/.test(document.querySelector("#notice").textContent), null, { timeout: 10000 });
  await me.waitForSelector("#draw-offer:not(.hidden)");
  await me.click("#draw-offer");
  await friend.waitForSelector("#draw-accept:not(.hidden)");
  await friend.click("#draw-accept");
  s = await waitForState(server, id, (x) => x.outcome, "the agreed draw");
  assert(s.outcome.result === "draw" && s.outcome.reason === "agreement", "a draw by agreement: " + JSON.stringify(s.outcome));
  await me.waitForFunction(() => /Draw by agreement/.test(document.querySelector("#status").textContent), null, { timeout: 10000 });
  await friend.waitForFunction(() => /Draw by agreement/.test(document.querySelector("#status").textContent), null, { timeout: 10000 });
  // The game-over panel: the result in plain words, the final score, Rematch and New game.
  await me.waitForSelector("#over:not(.hidden)");
  const panel = await me.textContent("#over");
  assert(/Draw by agreement/.test(panel) && /Pieces: White \d+ · Black \d+/.test(panel), "the game-over panel: " + panel);

  // Rematch: the creator starts it, the friend follows the button; the colours change.
  await Promise.all([me.waitForURL((u) => !u.pathname.endsWith("/g/" + id)), me.click("#rematch")]);
  const id2 = decodeURIComponent(new URL(me.url()).pathname.split("/")[2]);
  assert(id2 !== id, "a new game");
  await friend.waitForSelector("#rematch-go:not(.hidden)");
  await Promise.all([friend.waitForURL((u) => u.pathname.endsWith("/g/" + id2)), friend.click("#rematch-go")]);
  await waitBoard(me);
  await waitBoard(friend);
  await friend.waitForFunction(() => document.querySelector("#status.yours") !== null, null, { timeout: 10000 });
  await me.waitForFunction(() => /Black/.test(document.querySelector("#seats .you") ? document.querySelector("#seats .you").parentElement.textContent : ""), null, { timeout: 10000 });
  // A click out of turn says whose turn it is.
  await clickPoint(me, (await server.api("GET", "/api/games/" + id2)).gestures[0].points[0]);
  await me.waitForSelector("#move-error:not(.hidden)");
  const outOfTurn = await me.textContent("#move-error");
  assert(/It is White's turn/.test(outOfTurn), "a click out of turn says whose turn it is: " + outOfTurn);
  assert(/your move/.test(await friend.title()), "the title says it is the friend's move: " + (await friend.title()));
  // Resign in the rematch: the creator (Black now) resigns; Resign is gone, White has won.
  await me.click("#resign");
  await me.click("#resign-confirm");
  s = await waitForState(server, id2, (x) => x.outcome, "the resignation");
  assert(s.outcome.player === "white" && s.outcome.reason === "resignation", "White wins by resignation: " + JSON.stringify(s.outcome));
  await friend.waitForFunction(() => /White wins by resignation — you won/.test(document.querySelector("#status").textContent), null, { timeout: 10000 });
  await friend.waitForFunction(() => /Black resigned/.test(document.querySelector("#notice").textContent), null, { timeout: 10000 });
  assert(await me.$eval("#resign", (e) => e.classList.contains("hidden")), "Resign is hidden after resigning");
  await friend.screenshot({ path: path.join(SHOTS, "friend-rematch-resigned-390.png"), fullPage: true });
  assert(probes.length === 0, "no empty move was posted: " + probes);
  await a.close();
  await b.close();
  return "game " + id + " drawn by agreement after 5 moves; rematch " + id2 + " (colours changed) resigned by Black";
}

// ---- test 6: Sundraval's opening by clicks and the swap button ------------------------
async function testSundravalSwap(browser, server) {
  const game = await newHumanGame(server, "sundraval", "3");
  const ctx = await browser.newContext({ viewport: { width: 400, height: 860 } });
  const first = await ctx.newPage();
  // Two browsers' worth of seats in one context would share their storage: the first seat
  // plays from this page, the second from a page of its own context. The first link carries
  // the `&as=` of older invite links, which the page ignores; the second is the API's own.
  await first.goto(server.base + "/g/" + game.id + "#seat=" + game.tokens.first + "&as=first");
  await waitBoard(first);
  await first.waitForFunction(() => /You play black/.test(document.querySelector("#notice").textContent), null, { timeout: 10000 });
  let s = await server.api("GET", "/api/games/" + game.id);
  const setup = s.gestures.findIndex((g) => g.points.length === 2);
  assert(setup >= 0, "the opening is a gesture of two points");
  await clickMove(first, s, setup);
  s = await waitForState(server, game.id, (x) => x.moves.length === 1, "the opening stones");
  const ctx2 = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const second = await ctx2.newPage();
  await second.goto(server.base + "/g/" + game.id + "#seat=" + game.tokens.second);
  await waitBoard(second);
  await second.waitForSelector('#choices button[data-move="swap"]');
  const status = await second.textContent("#status");
  assert(/keep colours or swap colours/.test(status), "the second seat is asked to keep or swap: " + status);
  await second.screenshot({ path: path.join(SHOTS, "sundraval-keep-or-swap-1280.png"), fullPage: true });
  await second.click('#choices button[data-move="swap"]');
  s = await waitForState(server, game.id, (x) => x.moves.length === 2, "the swap");
  assert(s.colors.second === "black" && s.colors.first === "white", "the swap gave the second seat black: " + JSON.stringify(s.colors));
  await second.waitForFunction(() => /you now play black/.test(document.querySelector("#notice").textContent), null, { timeout: 10000 });
  await first.waitForFunction(() => /you now play white/.test(document.querySelector("#notice").textContent), null, { timeout: 10000 });
  await second.waitForFunction(() => /Second \(black\) to move — your move/.test(document.querySelector("#status").textContent), null, { timeout: 10000 });
  await second.screenshot({ path: path.join(SHOTS, "sundraval-after-swap-1280.png"), fullPage: true });
  // A pass by its button.
  await second.click('#choices button[data-move="pass"]');
  s = await waitForState(server, game.id, (x) => x.moves.length === 3, "the pass");
  assert(s.moves[2] === "pass", "the pass button passed: " + s.moves[2]);
  await ctx.close();
  await ctx2.close();
  return s.moves.join(" ");
}

// ---- test 7: Sundraval 11's opening by clicks, its moves too many for the state ---------
async function testSundravalLarge(browser, server) {
  const game = await newHumanGame(server, "sundraval", "11");
  let s = await server.api("GET", "/api/games/" + game.id);
  assert(s.legal_moves === null && s.gestures === null, "the opening's pairs are left out of the state");
  assert(s.legal_move_count === 331 * 330, "legal_move_count " + s.legal_move_count + " is every ordered pair of 331 points");
  assert(JSON.stringify(s).length <= 64 * 1024, "the state is at most 64 KiB");
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await ctx.newPage();
  await page.goto(server.base + "/g/" + game.id + "#seat=" + game.tokens.first);
  await waitBoard(page);
  // Before a click the page highlights every point a pair can start on, learned from the
  // server without the 109,230 pairs.
  await page.waitForFunction(() => document.querySelectorAll("#board [data-point].hint").length > 0, null, { timeout: 15000 });
  let hints = await hinted(page);
  assert(hints.length === 331, "every point starts a pair: " + hints.length + " hinted");
  const a = pick(hints);
  await clickPoint(page, a);
  await settle(page);
  await page.waitForFunction((p) => document.querySelector('#board [data-point="' + p + '"].selected') !== null, a, { timeout: 10000 });
  hints = await hinted(page);
  assert(hints.length === 330 && !hints.includes(a), "after " + a + " every other point is hinted: " + hints.length);
  await page.screenshot({ path: path.join(SHOTS, "sundraval-11-opening-first-click-1280.png"), fullPage: true });
  const b = pick(hints);
  await clickPoint(page, b);
  s = await waitForState(server, game.id, (x) => x.moves.length === 1, "the opening pair by two clicks");
  const gestures = await server.api("GET", "/api/games/" + game.id + "/gestures?after=");
  assert(s.legal_moves !== null && s.legal_moves.length === s.legal_move_count, "after the opening the state lists its moves again");
  assert(gestures.complete === true && gestures.count === s.legal_move_count, "and the gestures answer agrees: " + gestures.count);
  await waitMoves(page, 1);
  await page.screenshot({ path: path.join(SHOTS, "sundraval-11-after-opening-1280.png"), fullPage: true });
  await ctx.close();
  return "opening " + s.moves[0] + " by clicks " + a + ", " + b;
}


// ---- test 8: a clocked game -------------------------------------------------------------
async function testClock(browser, server) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(server.base + "/");
  await page.click('.game-choice[data-game="kvarn3"]');
  await page.click('.seat-row[data-seat="1"] label[data-kind="engine"]');
  await page.selectOption("#clock", "60000+0");
  await page.selectOption("#time-ms", "5000");
  await Promise.all([page.waitForURL(/\/g\//), page.click("#create")]);
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/")[2]);
  let s = await server.api("GET", "/api/games/" + id);
  assert(s.clock && s.clock.initial_ms === 60000 && s.clock.increment_ms === 0, "the clock asked for: " + JSON.stringify(s.clock));
  await waitBoard(page);
  await page.waitForSelector('[data-clock="white"]');
  assert((await page.textContent('[data-clock="white"]')).trim() === "1:00", "a full minute before the first move");
  // Moves by clicks; the engine, allowed 5 s a move, thinks within its minute.
  for (let k = 0; k < 3 && !s.outcome; k++) {
    s = await waitForState(server, id, (x) => x.outcome || (x.to_move === "white" && !x.thinking), "White's turn");
    if (s.outcome) break;
    await page.waitForFunction(() => document.querySelector("#status.yours") !== null, null, { timeout: 10000 });
    const before = s.version;
    await clickMove(page, s, rand(s.legal_moves.length));
    s = await waitForState(server, id, (x) => x.version !== before, "a clocked move");
  }
  s = await waitForState(server, id, (x) => x.outcome || (x.to_move === "white" && !x.thinking), "White's turn");
  if (!s.outcome) {
    // White's clock runs: the page counts it down between states.
    const a = await page.textContent('[data-clock="white"]');
    await page.waitForTimeout(1300);
    const b = await page.textContent('[data-clock="white"]');
    assert(a !== b, "White's clock ticks on the page: " + a + " then " + b);
    assert(await page.$('[data-clock="white"].running'), "the running clock is marked");
    const black = s.clock.remaining_ms.black;
    assert(black > 50000, "the engine kept its time: " + black + " ms left");
  }
  await page.screenshot({ path: path.join(SHOTS, "clock-1280.png") });
  // A game on ten seconds: the clock under ten seconds is red, and the flag ends it on time.
  const quick = await server.api("POST", "/api/games", { game: "kvarn3", seats: ["human", "human"], clock: { initial_ms: 10000, increment_ms: 0 } });
  await server.api("POST", "/api/games/" + quick.id + "/moves", { move: "b2" }, quick.seats[0].token);
  const watcher = await ctx.newPage();
  await watcher.goto(server.base + "/g/" + quick.id + "#seat=" + quick.seats[0].token);
  await watcher.waitForSelector('[data-clock="black"].low.running', { timeout: 5000 });
  await watcher.screenshot({ path: path.join(SHOTS, "clock-low-1280.png") });
  await watcher.waitForFunction(() => /White wins on time/.test(document.querySelector("#status").textContent), null, { timeout: 15000 });
  const end = await server.api("GET", "/api/games/" + quick.id);
  assert(end.outcome.reason === "time" && end.outcome.player === "white", "a win on time: " + JSON.stringify(end.outcome));
  assert((await watcher.textContent('[data-clock="black"]')).trim() === "0.0", "Black's clock shows nothing left");
  await watcher.screenshot({ path: path.join(SHOTS, "clock-flag-1280.png") });
  assert(errors.length === 0, "no script errors: " + errors.join("; "));
  await ctx.close();
  return "game " + id + " on 1 min, " + s.moves.length + " moves; game " + quick.id + " won on time";
}

// ---- test 9: a lobby game joined from a second browser ----------------------------------
async function testLobby(browser, server) {
  const a = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const b = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const me = await a.newPage();
  await me.goto(server.base + "/");
  await me.click('.game-choice[data-game="cheversi"]');
  await me.click('.seat-row[data-seat="0"] label[data-kind="me"]');
  await me.click('.seat-row[data-seat="1"] label[data-kind="open"]');
  await me.selectOption("#clock", "300000+3000");
  await Promise.all([me.waitForURL(/\/g\//), me.click("#create")]);
  const id = decodeURIComponent(new URL(me.url()).pathname.split("/")[2]);
  await waitBoard(me);
  await me.waitForFunction(() => /waiting for someone to join/.test(document.querySelector("#status").textContent + document.querySelector("#seats").textContent) || /open seat/.test(document.querySelector("#seats").textContent), null, { timeout: 10000 });
  const stranger = await b.newPage();
  await stranger.goto(server.base + "/");
  await stranger.waitForSelector('#lobby button[data-join="' + id + '"]', { timeout: 10000 });
  await stranger.screenshot({ path: path.join(SHOTS, "lobby-390.png"), fullPage: true });
  const entry = await stranger.textContent('#lobby li:has(button[data-join="' + id + '"])');
  assert(/Cheversi/.test(entry) && /5 min \+ 3 s/.test(entry) && /Join as Black/.test(entry), "the lobby entry: " + entry);
  await Promise.all([stranger.waitForURL((u) => u.pathname.endsWith("/g/" + id)), stranger.click('#lobby button[data-join="' + id + '"]')]);
  await waitBoard(stranger);
  await stranger.waitForFunction(() => /Black/.test(document.querySelector("#seats .you") ? document.querySelector("#seats .you").parentElement.textContent : ""), null, { timeout: 10000 });
  await me.waitForFunction(() => /seat was taken|Black joined/.test(document.querySelector("#notice").textContent), null, { timeout: 10000 });
  const lobby = await server.api("GET", "/api/lobby");
  assert(!lobby.games.some((g) => g.id === id), "the game left the lobby");
  // White places its king by clicks; the stranger answers by clicks on the phone.
  let s = await server.api("GET", "/api/games/" + id);
  await clickMove(me, s, 0);
  s = await waitForState(server, id, (x) => x.moves.length === 1, "White's king");
  await stranger.waitForFunction(() => document.querySelector("#status.yours") !== null, null, { timeout: 10000 });
  await clickMove(stranger, s, rand(s.legal_moves.length));
  s = await waitForState(server, id, (x) => x.moves.length === 2, "Black's answer");
  assert(s.clock.running === "white", "White's clock runs: " + JSON.stringify(s.clock));
  await stranger.screenshot({ path: path.join(SHOTS, "lobby-joined-390.png"), fullPage: true });
  await a.close();
  await b.close();
  return "cheversi " + id + " joined from the lobby: " + s.moves.join(" ");
}

// ---- test 10: the move list by keys --------------------------------------------------------
async function testHistory(browser, server) {
  const game = await newHumanGame(server, "swedish-draughts", "8");
  let s = await server.api("GET", "/api/games/" + game.id);
  for (let i = 0; i < 7; i++) s = await server.api("POST", "/api/games/" + game.id + "/moves", { move: pick(s.legal_moves) }, game.tokens[s.to_move]);
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await page.goto(server.base + "/g/" + game.id + "#seat=" + game.tokens[s.to_move]);
  await waitBoard(page);
  await waitMoves(page, 7);
  const shown = () => page.$eval("#board", (b) => b.dataset.ply);
  const waitPly = (p) => page.waitForFunction((want) => document.querySelector("#board").dataset.ply === want, p, { timeout: 10000 });
  assert((await shown()) === "live", "the live position first");
  const pieces = () => page.$$eval("#board .piece", (e) => e.length);
  await page.keyboard.press("Home");
  await waitPly("0");
  assert(await page.isVisible("#history"), "the history bar says an earlier position is shown");
  assert((await pieces()) === 24, "the start has 24 men: " + (await pieces()));
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await waitPly("2");
  const current = await page.textContent("#moves .current");
  assert(current === s.moves[1], "the second move is marked: " + current);
  await page.keyboard.press("ArrowLeft");
  await waitPly("1");
  // The live game goes on meanwhile: a move arrives and the page stays where it is.
  s = await server.api("POST", "/api/games/" + game.id + "/moves", { move: pick(s.legal_moves) }, game.tokens[s.to_move]);
  await waitMoves(page, 8);
  assert((await shown()) === "1", "a new move does not move the history away");
  await page.click('#moves button[data-ply="5"]');
  await waitPly("5");
  await page.screenshot({ path: path.join(SHOTS, "history-1280.png") });
  await page.keyboard.press("End");
  await waitPly("live");
  assert(!(await page.isVisible("#history")), "back to the live game");
  await page.keyboard.press("ArrowLeft");
  await waitPly("7");
  await page.click("#live");
  await waitPly("live");
  await ctx.close();
  return "stepped through " + s.moves.length + " moves";
}

// ---- test 11: tap distances on a phone --------------------------------------------------------
async function testTapDistances(browser, server) {
  const notes = [];
  for (const [name, size] of [["sundraval", "11"], ["swedish-draughts", "10"]]) {
    const game = await newHumanGame(server, name, size);
    const first = game.info.players[0];
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await ctx.newPage();
    await page.goto(server.base + "/g/" + game.id + "#seat=" + game.tokens[first]);
    await waitBoard(page);
    await page.waitForTimeout(400);
    const m = await page.evaluate(() => {
      const cs = [...document.querySelectorAll("#board [data-point]")].map((e) => { const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; });
      let least = Infinity;
      for (let i = 0; i < cs.length; i++) for (let j = i + 1; j < cs.length; j++) least = Math.min(least, Math.hypot(cs[i][0] - cs[j][0], cs[i][1] - cs[j][1]));
      // Every label of the picture: coordinates, and draughts' square numbers.
      const coords = [...document.querySelectorAll("#board svg text")].map((t) => t.getBoundingClientRect().height);
      return { points: cs.length, least, coord: Math.min(...coords), width: document.documentElement.scrollWidth };
    });
    assert(m.least >= 24, name + ": the closest points are " + m.least.toFixed(1) + " px apart");
    assert(m.coord >= 10, name + ": the smallest label is " + m.coord.toFixed(1) + " px tall");
    assert(m.width <= 390, name + ": the page itself does not scroll sideways (" + m.width + " px)");
    // Taps 8 px off a point's centre (in four directions) land on that point, board panned
    // to each point first as a player would.
    const sample = await page.$$eval("#board [data-point]", (es) => es.map((e) => e.getAttribute("data-point")));
    let hits = 0, tries = 0;
    for (let k = 0; k < 12; k++) {
      const p = pick(sample);
      const loc = page.locator('#board [data-point="' + p + '"]').first();
      await loc.scrollIntoViewIfNeeded();
      const ok = await page.evaluate((pt) => {
        const e = document.querySelector('#board [data-point="' + pt + '"]');
        const r = e.getBoundingClientRect();
        const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
        return [[8, 0], [-8, 0], [0, 8], [0, -8]].map(([dx, dy]) => {
          const hit = document.elementFromPoint(cx + dx, cy + dy);
          const t = hit && hit.closest ? hit.closest("[data-point]") : null;
          return t && t.getAttribute("data-point") === pt;
        });
      }, p);
      hits += ok.filter(Boolean).length;
      tries += ok.length;
    }
    assert(hits === tries, name + ": " + hits + " of " + tries + " taps 8 px off centre hit their point");
    await page.screenshot({ path: path.join(SHOTS, "tap-" + name + "-" + size + "-390.png") });
    notes.push(name + " " + size + ": " + m.points + " points, closest " + m.least.toFixed(1) + " px, labels at least " + m.coord.toFixed(1) + " px, " + hits + "/" + tries + " taps");
    await ctx.close();
  }
  // A point played by the keyboard alone: Tab to the board, arrows, Enter.
  const game = await newHumanGame(server, "kvarn3");
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await page.goto(server.base + "/g/" + game.id + "#seat=" + game.tokens.white);
  await waitBoard(page);
  await page.focus('#board [data-point][tabindex="0"]');
  const start = await page.evaluate(() => document.activeElement.getAttribute("data-point"));
  await page.keyboard.press("ArrowLeft");
  const moved = await page.evaluate(() => document.activeElement.getAttribute("data-point"));
  assert(start === "b2" && moved === "a2", "the arrows move between points: " + start + " then " + moved);
  assert((await page.$$('#board [data-point][tabindex="0"]')).length === 1, "one point in the tab order (a roving tabindex)");
  await page.screenshot({ path: path.join(SHOTS, "keyboard-focus-1280.png") });
  await page.keyboard.press("Enter");
  const s = await waitForState(server, game.id, (x) => x.moves.length === 1, "the move by keyboard");
  assert(s.moves[0] === "a2", "Enter played a2: " + s.moves[0]);
  await ctx.close();
  notes.push("kvarn3 a2 by the keyboard");
  return notes.join("; ");
}

// ---- test 11b: the board in view at 1280x800 ---------------------------------------------
async function testFits(browser, server) {
  const notes = [];
  for (const [name, size] of [["cheversi", null], ["svendo", "5x6"], ["swedish-draughts", "10"], ["sundraval", "11"]]) {
    const game = await newHumanGame(server, name, size);
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(server.base + "/g/" + game.id + "#seat=" + game.tokens[game.info.players[0]]);
    await waitBoard(page);
    await page.waitForFunction(() => document.querySelectorAll("#board [data-point].hint").length > 0, null, { timeout: 15000 });
    const m = await page.evaluate(() => {
      const r = (id) => { const e = document.getElementById(id); return e && !e.classList.contains("hidden") ? e.getBoundingClientRect() : null; };
      const board = document.querySelector("#board svg").getBoundingClientRect();
      return { status: r("status").top, board: board.bottom, hand: r("hand") ? r("hand").bottom : null, width: board.width };
    });
    assert(m.status >= 0 && m.board <= 800, name + ": the status line and the board are in view (board bottom " + m.board.toFixed(0) + ")");
    assert(m.hand === null || m.hand <= 800, name + ": the hand is in view (its bottom at " + (m.hand && m.hand.toFixed(0)) + ")");
    assert(m.width >= 400, name + ": the board is not made tiny (" + m.width.toFixed(0) + " px)");
    await page.screenshot({ path: path.join(SHOTS, "fits-" + name + "-1280x800.png") });
    notes.push(name + (size ? " " + size : "") + ": board " + m.width.toFixed(0) + " px wide, bottom " + m.board.toFixed(0) + (m.hand !== null ? ", hand bottom " + m.hand.toFixed(0) : ""));
    await ctx.close();
  }
  return notes.join("; ");
}

// ---- test 12: axe-core ------------------------------------------------------------------------
async function testAxe(browser, server) {
  const source = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  const info = await server.api("GET", "/api/info");
  const pages = [["home", "/"]];
  for (const g of info.games) {
    const game = await newHumanGame(server, g.name, g.sizes.length ? g.sizes[0] : null);
    pages.push([g.name, "/g/" + game.id + "#seat=" + game.tokens[g.players[0]]]);
  }
  pages.push(["rules", "/rules/cheversi"]);
  const problems = [];
  let checked = 0;
  for (const scheme of ["light", "dark"]) {
    // axe is put into the page by the test, not by the server: the page's CSP allows only
    // the server's own scripts, so the test's context bypasses it.
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: scheme, bypassCSP: true });
    const page = await ctx.newPage();
    for (const [name, where] of pages) {
      await page.goto(server.base + where);
      if (name === "home") await page.waitForSelector("#create-form:not(.hidden)");
      else if (name !== "rules") await waitBoard(page);
      await page.waitForTimeout(200);
      await page.evaluate(source);
      const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
      for (const v of result.violations) {
        if (v.impact === "serious" || v.impact === "critical") {
          problems.push(scheme + " " + name + ": " + v.id + " (" + v.impact + ") " + v.nodes.slice(0, 3).map((n) => n.target.join(" ") + " " + (n.failureSummary || "").split("\n").slice(1, 2).join("")).join(" | "));
        }
      }
      checked++;
      if (scheme === "dark") await page.screenshot({ path: path.join(SHOTS, "dark-" + name + "-1280.png") });
    }
    await ctx.close();
  }
  assert(problems.length === 0, problems.join("\n"));
  return checked + " pages without a serious or critical violation";
}

async function main() {
  fs.mkdirSync(SHOTS, { recursive: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "boardrules-browser-"));
  const server = new Server(serverBinary(), dir);
  console.log("server " + server.bin + ", database " + server.db + ", seed " + seed);
  await server.start();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox"] });
  const tests = [
    ["kvarn3 against the engine, by clicks, to the end", testKvarn3],
    ["draughts captures by clicks", testDraughtsCapture],
    ["every game by clicks, screenshots at 1280 and 390 px", testEveryGame],
    ["live over the WebSocket, back after a restart and a reload", testLive],
    ["a friend by link in a second browser: moves, typed moves, draw, rematch, resign", testFriend],
    ["Sundraval's opening by clicks, the swap and pass buttons", testSundravalSwap],
    ["Sundraval 11's opening by clicks without the pairs in the state", testSundravalLarge],
    ["a clocked game against the engine, a flag on time", testClock],
    ["a lobby game joined from a second browser", testLobby],
    ["the move list stepped through by keys", testHistory],
    ["tap distances at 390 px, keyboard play", testTapDistances],
    ["the board, the status line and the hand in view at 1280x800", testFits],
    ["axe-core on the home page and every game", testAxe],
  ];
  let passed = 0;
  let failed = 0;
  for (const [name, fn] of tests) {
    if (ONLY && !name.includes(ONLY)) continue;
    const t0 = Date.now();
    try {
      if (server.exited) await server.start();
      const note = await fn(browser, server);
      passed++;
      console.log("ok   " + name + " (" + ((Date.now() - t0) / 1000).toFixed(1) + " s): " + note);
    } catch (e) {
      failed++;
      console.log("FAIL " + name + ": " + (e && e.stack ? e.stack : e));
    }
  }
  await browser.close();
  await server.stop();
  console.log("screenshots in " + SHOTS);
  console.log(passed + " passed, " + failed + " failed");
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((e) => {
  console.error(e && e.stack ? e.stack : e);
  console.log("0 passed, 1 failed");
  process.exit(1);
});
