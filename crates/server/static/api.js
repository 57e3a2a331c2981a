// The JSON API as the pages call it: every answer parsed, every error thrown with the
// server's own text and the status.

/** Calls the API; resolves to the parsed JSON, or rejects with an Error carrying `status`. */
export async function api(method, path, body, token) {
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
    const err = new Error(data && typeof data.error === "string" ? data.error : res.status + " " + res.statusText);
    err.status = res.status;
    throw err;
  }
  return data;
}

/** `GET /api/info`: the games. */
export const info = () => api("GET", "/api/info");
/** `GET /api/lobby`: the games with an open seat. */
export const lobby = () => api("GET", "/api/lobby");
/** `POST /api/games`. */
export const createGame = (body) => api("POST", "/api/games", body);
/** `POST /api/games/ID/join`: `{player, token, url}`. */
export const join = (id) => api("POST", "/api/games/" + encodeURIComponent(id) + "/join", {});

/** The calls about one game. */
export function gameApi(id) {
  const base = "/api/games/" + encodeURIComponent(id);
  return {
    base,
    state: () => api("GET", base),
    seat: (token) => api("GET", base + "/seat", undefined, token),
    gestures: (after) => api("GET", base + "/gestures?after=" + encodeURIComponent(after.join(","))),
    move: (text, token) => api("POST", base + "/moves", { move: text }, token),
    post: (path, body, token) => api("POST", base + path, body, token),
    /** The picture's address: the live position, or the one after `ply` moves. */
    svgUrl: ({ flipped, explain, ply, version }) => {
      const q = [];
      if (flipped) q.push("flipped=1");
      if (explain) q.push("explain=1");
      if (ply !== null && ply !== undefined) q.push("ply=" + ply);
      q.push("v=" + version);
      return base + "/svg?" + q.join("&");
    },
    recordUrl: base + "/record",
    socketUrl: () => (location.protocol === "https:" ? "wss://" : "ws://") + location.host + base + "/ws",
  };
}
