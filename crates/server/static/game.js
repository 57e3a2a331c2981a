// The game page: the board, the turn, the clocks, the moves, clicks that make moves, live
// over a WebSocket. ES modules without a build step:
//   shared.js (helpers both pages use), api.js (the JSON API), state.js (the model),
//   render.js (the page drawn from the model), events.js (clicks, keys, the server's states).
// The page knows the games only through the server: the state (gestures, hands, scores,
// clocks) and /api/info (titles, how to move, choice names, rules).

import { $, el, show } from "./shared.js";
import { info } from "./api.js";
import { model, game, gameId } from "./state.js";
import { wire, applyState, resolveSeats, connect } from "./events.js";

// Seat tokens arrive in the fragment (`#seat=T1,T2`): the page keeps them and takes them out of
// the address bar, so that a copied address is a watch link.
function readFragment() {
  if (!location.hash || location.hash.length < 2) return;
  const seat = new URLSearchParams(location.hash.slice(1)).get("seat");
  if (!seat) return;
  for (const t of seat.split(",").filter((x) => x.length > 0)) if (!(t in model.store.seats)) model.store.seats[t] = null;
  try { localStorage.setItem("boardrules:" + gameId, JSON.stringify(model.store)); } catch (e) { /* private mode */ }
  history.replaceState(null, "", location.pathname + location.search);
}

async function start() {
  readFragment();
  wire();
  let s;
  try {
    s = await game.state();
  } catch (e) {
    const f = $("fatal");
    f.textContent = e.status === 404 ? "There is no game " + gameId + " on this server." : "Could not load the game: " + e.message;
    show(f, true);
    return;
  }
  try {
    model.info = ((await info()).games || []).find((g) => g.name === s.game) || null;
  } catch (e) { model.info = null; }
  const g = model.info;
  const title = (g ? g.title : s.game) + (s.size && g && g.sizes.length > 1 ? " · " + s.size : "");
  $("game-title").textContent = title;
  if (g) {
    if (g.explanation) {
      $("explain-text").textContent = "Show " + g.explanation;
      show($("explain-label"), true);
    }
    $("rules-link").href = g.rules_url;
    $("summary").textContent = g.summary;
    const list = $("how-to-move");
    list.textContent = "";
    for (const line of g.how_to_move || []) list.append(el("li", {}, line));
  }
  show($("game"), true);
  await resolveSeats(true);
  applyState(s);
  connect();
}

start();
