// A minimal home page: choose the game, its size and each seat, create, land on the game.
"use strict";
let games = [];
const $ = (id) => document.getElementById(id);
function seatsFor(info) {
  $("seats").innerHTML = "";
  info.players.forEach((player, i) => {
    const label = document.createElement("label");
    label.textContent = player + " ";
    const select = document.createElement("select");
    select.id = "seat" + i;
    ["human"].concat(info.engines.map((e) => "engine:" + e)).forEach((v) => {
      const o = document.createElement("option");
      o.value = v;
      o.textContent = v;
      select.appendChild(o);
    });
    label.appendChild(select);
    $("seats").appendChild(label);
  });
  $("size").innerHTML = "";
  info.sizes.forEach((s) => {
    const o = document.createElement("option");
    o.value = s;
    o.textContent = s;
    $("size").appendChild(o);
  });
}
fetch("/api/info").then((r) => r.json()).then((info) => {
  games = info.games;
  games.forEach((g) => {
    const o = document.createElement("option");
    o.value = g.name;
    o.textContent = g.title;
    $("game").appendChild(o);
  });
  seatsFor(games[0]);
});
$("game").addEventListener("change", () => seatsFor(games.find((g) => g.name === $("game").value)));
$("create").addEventListener("submit", async (event) => {
  event.preventDefault();
  const info = games.find((g) => g.name === $("game").value);
  const body = { game: info.name, seats: info.players.map((_, i) => $("seat" + i).value),
    time_ms: Number($("time").value) };
  if (info.sizes.length) body.size = $("size").value;
  const r = await fetch("/api/games", { method: "POST", body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" } });
  const j = await r.json();
  if (!r.ok) { $("error").textContent = j.error; return; }
  const tokens = j.seats.filter((s) => s.token).map((s) => s.token);
  location.href = "/g/" + j.id + (tokens.length ? "#seat=" + tokens.join(",") : "");
});
