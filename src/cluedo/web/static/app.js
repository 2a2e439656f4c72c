// The page: a lobby, a table and a replay viewer. No build step.
// The table is generic: the server sends the board, the view and the pending
// decision in words (narration, prompt, seats, items, forms), and the page draws
// them; each rule set may add a panel of its own (static/panels/<name>.js, see
// window.Cluedo below). Where an older server leaves a field out, the page falls
// back to what it can say from the view without printing raw keys.
// Text from people (names, chat) only ever goes into textContent.
"use strict";

const $ = (id) => document.getElementById(id);
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined) continue;
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}
const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}
function showError(text) {
  const box = $("error");
  box.textContent = text;
  box.hidden = !text;
}
async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(data.error + (data.allowed ? " (allowed: " + data.allowed + ")" : ""));
  return data;
}
// Words for an id the server sent no name for: "lead_pipe" -> "Lead pipe".
function humanise(id) {
  const text = String(id).replace(/[_-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
function listWords(items) {
  if (items.length < 2) return items.join("");
  return items.slice(0, -1).join(", ") + " and " + items[items.length - 1];
}

// ---------------------------------------------------------------- panels of the rule sets
// A rule set's panel file calls Cluedo.registerPanel(name, {panel, decorateBoard}).
// Only files known to ship are asked for: a missing file would be a failed request.
const PANEL_FILES = new Set(["clue_or_cruel", "killer_kloo_doo", "pendragon", "clussassin"]);
const panels = {};
const panelsAsked = new Set();
let redrawForPanel = null;
window.Cluedo = Object.freeze({
  registerPanel(rules, impl) {
    panels[rules] = impl || {};
    if (redrawForPanel) redrawForPanel();
  },
});
function loadPanel(rules) {
  const file = String(rules).replace(/-/g, "_");
  if (!PANEL_FILES.has(file) || panelsAsked.has(file)) return;
  panelsAsked.add(file);
  const script = document.createElement("script");
  script.src = "/static/panels/" + file + ".js";
  script.onerror = () => script.remove(); // the page works without it
  document.body.append(script);
}
function panelOf(rules) { return panels[rules] || null; }
function runPanel(rules, box, frame, ctx) {
  const impl = panelOf(rules);
  let node = null;
  if (impl && typeof impl.panel === "function") {
    try { node = impl.panel(frame, ctx); } catch (err) { console.error("the " + rules + " panel failed:", err); }
  }
  box.replaceChildren(...(node ? [node] : []));
  box.hidden = !node;
}
function decorate(rules, root, frame, ctx) {
  const impl = panelOf(rules);
  if (!(impl && typeof impl.decorateBoard === "function")) return;
  try { impl.decorateBoard(root, frame, ctx); } catch (err) { console.error("the " + rules + " board failed:", err); }
}
// Squares are one unit of the board's SVG: [row, col] -> [x, y] of the square's top-left corner.
const GEOMETRY = Object.freeze({
  squareSize: 1, originX: 0, originY: 0,
  toXY: (at) => [at[1], at[0]],
  centre: (at) => [at[1] + 0.5, at[0] + 0.5],
});

// ---------------------------------------------------------------- lobby
let catalog = [];
async function showLobby() {
  $("lobby").hidden = false;
  catalog = await api("/api/rules");
  for (const r of catalog) $("rules").append(el("option", {value: r.name, text: r.label || r.title || humanise(r.name)}));
  $("rules").addEventListener("change", fillLobby);
  $("players").addEventListener("change", fillSeats);
  fillLobby();
  $("create-form").addEventListener("submit", createTable);
  $("code-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const code = $("code").value.trim().toUpperCase();
    if (code) location.href = "/t/" + encodeURIComponent(code);
  });
}
function currentRules() { return catalog.find((r) => r.name === $("rules").value); }
// The catalog's options: a list with labels (newer servers), else read from the JSON schema.
function optionList(r) {
  if (Array.isArray(r.options)) return r.options;
  const out = [];
  for (const [key, spec] of Object.entries((r.options && r.options.properties) || {})) {
    const ref = spec.$ref ? (r.options.$defs || {})[spec.$ref.split("/").pop()] || {} : {};
    const values = spec.enum || ref.enum || (spec.type === "boolean" ? [true, false] : []);
    out.push({key, label: spec.title || humanise(key), description: "",
      choices: values.map((v) => ({value: v, label: v === true ? "Yes" : v === false ? "No" : humanise(v)}))});
  }
  return out;
}
function characterList(r) {
  return (r.characters || []).map((c) => typeof c === "string" ? {id: c, name: humanise(c)} : c);
}
const LEVEL_WORDS = {easy: "easy", medium: "medium", hard: "hard"};
function botList(r) {
  return (r.bots || []).map((b) => typeof b === "string" ? {name: b, label: humanise(b), level: null} : b);
}
function fillLobby() {
  const r = currentRules();
  $("rules-description").textContent = r.description || "";
  $("players").min = r.min_players; $("players").max = r.max_players;
  $("players").value = Math.min(Math.max(+$("players").value, r.min_players), r.max_players);
  const box = $("options");
  box.replaceChildren(el("legend", {text: "Options"}));
  for (const opt of optionList(r)) {
    // Characters are chosen as people sit down; a knight's sheet is for the API.
    if (opt.key === "characters" || opt.key === "sheets") continue;
    const def = (r.defaults || {})[opt.key];
    let choices = opt.choices || [];
    if (!choices.length && opt.key === "board") choices = [{value: def, label: humanise(def)}];
    let input;
    if (choices.length) {
      input = el("select", {"data-option": opt.key});
      for (const c of choices) input.append(el("option", {value: JSON.stringify(c.value), text: c.label}));
      if (choices.some((c) => JSON.stringify(c.value) === JSON.stringify(def))) input.value = JSON.stringify(def);
    } else if (typeof def === "number") {
      const spec = ((r.options_schema || r.options || {}).properties || {})[opt.key] || {};
      input = el("input", {type: "number", "data-option": opt.key, value: String(def),
        min: String(spec.minimum === undefined ? 1 : spec.minimum), max: spec.maximum === undefined ? null : String(spec.maximum)});
      input.dataset.kind = "number";
    } else {
      continue; // no way to choose it in words: the rule set's usual value stands
    }
    const id = "opt-" + opt.key;
    input.id = id;
    const descId = id + "-desc";
    if (opt.description) input.setAttribute("aria-describedby", descId);
    box.append(el("div", {class: "option"},
      el("label", {class: "field", for: id}, el("span", {class: "field-label", text: opt.label})), input,
      opt.description ? el("p", {class: "desc", id: descId, text: opt.description}) : null));
  }
  const mine = $("my-character");
  mine.replaceChildren(el("option", {value: "", text: "Any"}));
  for (const c of characterList(r)) mine.append(el("option", {value: c.id, text: c.name}));
  fillSeats();
}
function defaultBot(r) {
  const bots = botList(r);
  return (bots.find((b) => b.default === true) || bots.find((b) => b.level === "medium") ||
    bots.find((b) => b.name === "sensible") || bots[0] || {}).name;
}
function fillSeats() {
  const r = currentRules();
  const box = $("seats");
  const before = [...box.querySelectorAll("select")].map((x) => x.value); // keep earlier choices
  box.replaceChildren(el("legend", {text: "Seats"}));
  const n = +$("players").value;
  for (let i = 0; i < n; i++) {
    const sel = el("select", {"data-seat": i, id: "seat-" + i});
    sel.append(el("option", {value: "person", text: i === 0 ? "You" : "A person (invite a friend)"}));
    for (const b of botList(r)) {
      // "Sensible bot (medium)": the label names the strength unless the server's does already.
      let text = /\bbot\b/i.test(b.label) ? b.label : b.label + " bot";
      if (LEVEL_WORDS[b.level] && !text.includes("(" + LEVEL_WORDS[b.level] + ")")) text += " (" + LEVEL_WORDS[b.level] + ")";
      sel.append(el("option", {value: "bot:" + b.name, title: b.description || null, text}));
    }
    sel.value = i === 0 ? "person" : "bot:" + defaultBot(r);
    if (i > 0 && before[i] && [...sel.options].some((o) => o.value === before[i])) sel.value = before[i];
    if (i === 0) sel.disabled = true; // you
    box.append(el("label", {class: "field", for: "seat-" + i}, el("span", {class: "field-label", text: "Player " + (i + 1)})), sel);
  }
}
async function createTable(e) {
  e.preventDefault();
  showError("");
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const key = input.dataset.option;
    if (input.tagName === "SELECT") options[key] = JSON.parse(input.value);
    else if (input.value !== "") options[key] = Number(input.value);
  }
  const seats = [...$("seats").querySelectorAll("select")].map((s) =>
    s.value === "person" ? {kind: "person"} : {kind: "bot", bot: s.value.slice(4)});
  const idle = $("idle").value;
  try {
    const made = await api("/api/tables", {
      rules: $("rules").value, players: +$("players").value, options, seats,
      settings: {bot_delay: +$("bot-delay").value, idle_bot_after: idle ? +idle : null,
                 turn_limit: $("turn-limit").value ? +$("turn-limit").value : null,
                 notebook_aid: $("aid").checked},
      // The host is seated by the same request: the table is made whole or not at all.
      host: {name: $("my-name").value, character: $("my-character").value || null},
    });
    localStorage.setItem("cluedo-token-" + made.code, made.token);
    location.href = made.url;
  } catch (err) { showError(err.message); }
}

// ---------------------------------------------------------------- table state
const T = {code: null, ws: null, seat: null, board: null, names: {}, frame: null, rules: null,
           view: null, table: null, legal: [], log: [], notebookOpen: false, retry: 500,
           nb: null, fresh: true, lastRoll: null, dropped: false, frames: 0};
function name(id) { return T.names[id] || humanise(id); }
// Initials and text colours as the panels draw them (panels/kit.js, loaded first).
const {initialsOf, textOn} = window.CluedoKit;
const COLOURS = {scarlet: "#d62828", mustard: "#e9b824", white: "#f5f5f5", green: "#2a9d4b",
  peacock: "#2563eb", plum: "#7b2d8e"};
function colour(id) {
  if (COLOURS[id]) return COLOURS[id];
  let h = 0;
  for (const ch of String(id)) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return "hsl(" + h + ",55%,45%)";
}
// The seats in words: the frame's own list, else made from the table and the view.
function seatInfos(table, view, seat, frameSeats) {
  if (Array.isArray(frameSeats) && frameSeats.length) return frameSeats;
  const chars = (view && view.characters) || [];
  const toAct = (view && view.to_act) || [];
  return ((table && table.seats) || []).map((s) => {
    const ch = s.character || chars[s.seat] || null;
    // A bot is known by its character; a person by their name.
    const person = s.kind === "bot" ? (ch ? "" : humanise(s.bot || "bot") + " bot") : (s.name || "");
    const label = person || (ch ? name(ch) : "Player " + (s.seat + 1));
    return {seat: s.seat, label, character: ch, character_name: ch ? name(ch) : null,
      initials: initialsOf(ch ? name(ch) : label), colour: colour(ch || label), you: s.seat === seat,
      to_act: toAct.includes(s.seat), bot: s.kind === "bot", connected: s.connected !== false,
      taken: s.taken !== false, standin: !!s.standin, person: s.kind === "person"};
  });
}
function currentSeats() { return seatInfos(T.table, T.view, T.seat, T.frame && T.frame.seats); }
function seatName(s) {
  if (s === null || s === undefined) return "nobody";
  const info = currentSeats().find((x) => x.seat === s);
  if (!info) return "Player " + (s + 1);
  return info.character_name && info.character_name !== info.label ? info.label + " (" + info.character_name + ")" : info.label;
}
function panelCtx(replay) {
  return {names: T.names, seatLabel: seatName, act: replay ? () => {} : act, boardGeometry: GEOMETRY,
    board: T.board, replay: !!replay, seat: T.seat, rules: T.rules};
}

async function showTable(code) {
  T.code = code;
  $("table").hidden = false;
  $("where").textContent = "Table " + code;
  const params = new URLSearchParams(location.search);
  let token = params.get("token");
  if (token) localStorage.setItem("cluedo-token-" + code, token);
  else if (!params.has("spectate")) token = localStorage.getItem("cluedo-token-" + code);
  T.token = params.has("spectate") ? null : token;
  try {
    const info = await api("/api/tables/" + code);
    T.names = info.names || {};
    T.rules = info.rules;
    T.table = info;
    loadPanel(info.rules);
    if (info.status === "lobby" && !T.token) offerSeats(info);
  } catch (err) { showError(err.message); return; }
  redrawForPanel = () => { if (T.frame) drawAll(); };
  $("nb-toggle").addEventListener("click", () => {
    T.notebookOpen = !T.notebookOpen;
    $("notebook").hidden = !T.notebookOpen;
    $("nb-toggle").textContent = T.notebookOpen ? "Hide" : "Show";
    $("nb-toggle").setAttribute("aria-expanded", String(T.notebookOpen));
    askNotebook();
  });
  $("odds").addEventListener("change", () => { if (T.nb) drawNotebook(T.nb); });
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("chat-text").value;
    if (text.trim()) send({type: "chat", text});
    $("chat-text").value = "";
  });
  connect();
}
function offerSeats(info) {
  $("turn-area").prepend($("join-panel")); // first thing to do here: take a seat
  $("join-panel").hidden = false;
  const seatSel = $("join-seat");
  seatSel.replaceChildren();
  for (const s of info.seats) if (!s.taken) seatSel.append(el("option", {value: s.seat, text: "Player " + (s.seat + 1)}));
  const charSel = $("join-character");
  charSel.replaceChildren(el("option", {value: "", text: "Any"}));
  const rules = info.rules;
  api("/api/rules").then((cat) => {
    const r = cat.find((x) => x.name === rules);
    const taken = info.seats.map((s) => s.character);
    for (const c of (r ? characterList(r) : [])) {
      if (!taken.includes(c.id)) charSel.append(el("option", {value: c.id, text: T.names[c.id] || c.name}));
    }
  }).catch((err) => showError(err.message));
  $("join-form").onsubmit = async (e) => {
    e.preventDefault();
    try {
      const joined = await api("/api/tables/" + T.code + "/join", {
        name: $("join-name").value, seat: +seatSel.value, character: charSel.value || null,
      });
      localStorage.setItem("cluedo-token-" + T.code, joined.token);
      location.href = joined.url;
    } catch (err) { showError(err.message); }
  };
}

// ---------------------------------------------------------------- connection
function banner(text, kind) {
  const box = $("connection");
  clearTimeout(banner.timer);
  box.textContent = text || "";
  box.className = kind || "";
  box.hidden = !text;
}
function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  let url = proto + "//" + location.host + "/ws/" + T.code;
  if (T.token) url += "?token=" + encodeURIComponent(T.token);
  else if (new URLSearchParams(location.search).has("spectate")) url += "?spectate=1";
  const ws = new WebSocket(url);
  T.ws = ws;
  ws.onopen = () => {
    T.retry = 500; T.nbAsked = false; T.fresh = true;
    document.body.dataset.connected = "yes";
    if (T.dropped) {
      T.dropped = false;
      banner("Connected again.", "back");
      banner.timer = setTimeout(() => banner(""), 4000);
    }
  };
  ws.onmessage = (m) => receive(JSON.parse(m.data));
  ws.onclose = (ev) => {
    document.body.dataset.connected = "no";
    if (ev.code === 4403 || ev.code === 4404 || ev.code === 4410) {
      banner("This link opens no seat at this table.", "down");
      return; // wrong link: retrying will not help
    }
    T.dropped = true;
    banner("Connection lost. Reconnecting…", "down");
    setTimeout(connect, T.retry); // come back to the seat by itself
    T.retry = Math.min(T.retry * 2, 2000);
  };
}
function send(message) {
  if (T.ws && T.ws.readyState === WebSocket.OPEN) { T.ws.send(JSON.stringify(message)); return true; }
  showError("Not connected; trying again.");
  return false;
}
function act(action) {
  if (send({type: "act", action})) {
    // One answer per click: the buttons wait for the server's next frame.
    for (const b of $("actions").querySelectorAll("button, select")) b.disabled = true;
  }
}

// ---------------------------------------------------------------- frames
function receive(frame) {
  if (frame.type === "hello") { T.seat = frame.seat; return; }
  if (frame.type === "error") {
    T.nbAsked = false;
    showError(frame.error + (frame.allowed ? " (allowed: " + frame.allowed + ")" : ""));
    if (T.frame) drawActions();
    return;
  }
  if (frame.type === "notebook") { notebookArrived(frame); return; }
  if (frame.type !== "update" && frame.type !== "state") return;
  showError("");
  const first = T.fresh;
  T.fresh = false;
  T.frame = frame;
  T.table = frame.table;
  T.rules = frame.table.rules;
  loadPanel(T.rules);
  if (frame.seat !== undefined) T.seat = frame.seat;
  if (frame.log_start === 0) { T.log = []; $("log").replaceChildren(); }
  if (frame.chat.length === 0 && frame.log_start === 0 && !T.chatSeen) $("chat").replaceChildren();
  T.chatSeen = true;
  for (const line of frame.chat) addChat(line);
  T.view = frame.view;
  T.legal = frame.legal || [];
  const narration = Array.isArray(frame.narration) ? frame.narration : null;
  const moments = [];
  frame.log.forEach((e, i) => {
    T.log.push(e);
    noteRoll(e);
    let text, moment = false;
    if (narration) { text = narration[i] && narration[i].text; moment = !!(narration[i] && narration[i].moment); }
    else text = eventText(e);
    if (text) addLog(text, e.kind);
    if (text && moment) moments.push(text);
  });
  // A page that just connected gets the whole log: its old moments are not news.
  if (!first) for (const text of moments.slice(-3)) showMoment(text);
  T.frames += 1;
  document.body.dataset.frames = String(T.frames);
  if (T.view) {
    $("join-panel").hidden = true;
    const id = T.view.board || "classic";
    if (!boards[id]) loadBoard(id).then(() => { if (T.frame === frame) drawAll(); });
    else T.board = boards[id];
    if (T.notebookOpen) askNotebook();
  }
  drawAll();
}
function drawAll() {
  drawStatus();
  drawPrompt();
  drawActions();
  drawHand();
  drawLinks();
  if (T.view && T.board) {
    drawBoard($("board"), T.board, T.view, boardOptions());
    decorate(T.rules, $("board"), T.frame, panelCtx(false));
  }
  runPanel(T.rules, $("variant-panel"), T.frame, panelCtx(false));
}

// The latest roll: the frame's own, else the latest roll event of the log.
function noteRoll(e) {
  if (e.kind === "roll" && typeof e.roll === "number") {
    T.lastRoll = {seat: e.seat, dice: Array.isArray(e.dice) ? e.dice : [e.roll], total: e.roll, sides: 6};
  } else if (e.kind === "trait_roll" && typeof e.roll === "number") {
    T.lastRoll = {seat: e.seat, dice: [e.roll], total: e.roll, sides: 20};
  }
}
function currentRoll() {
  const r = T.frame && T.frame.roll;
  if (r && Array.isArray(r.dice)) return r;
  return T.lastRoll;
}
function drawDice(box, roll) {
  box.replaceChildren();
  const dice = ((roll && roll.dice) || []).filter((d) => typeof d === "number");
  if (!dice.length) { box.hidden = true; box.removeAttribute("aria-label"); return; }
  box.hidden = false;
  const twenty = roll.sides === 20 || dice.some((d) => d > 6);
  const known = roll.seat !== null && roll.seat !== undefined;
  const who = known ? (roll.seat === T.seat ? "Your roll" : seatName(roll.seat) + "'s roll") : "The roll";
  const total = typeof roll.total === "number" ? roll.total : dice.reduce((a, b) => a + b, 0);
  const sum = dice.length > 1 ? "= " + total : "";
  const words = roll.text || (who + ": " + dice.join(" + ") + (sum ? " " + sum : "") + ".");
  const faces = el("span", {class: "dice-faces", "aria-hidden": "true"});
  for (const d of dice) faces.append(twenty ? d20Face(d) : dieFace(d));
  box.append(el("span", {class: "dice-who", "aria-hidden": "true", text: who + (twenty ? " (d20)" : "")}), faces);
  if (sum) box.append(el("span", {class: "dice-sum", "aria-hidden": "true", text: sum}));
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", words);
}
const PIPS = {1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [0, 2], [2, 0], [2, 2]],
  5: [[0, 0], [0, 2], [1, 1], [2, 0], [2, 2]], 6: [[0, 0], [0, 1], [0, 2], [2, 0], [2, 1], [2, 2]]};
function dieFace(n) {
  const face = svg("svg", {viewBox: "0 0 30 30", class: "die", width: 30, height: 30});
  face.append(svg("rect", {x: 1, y: 1, width: 28, height: 28, rx: 5, fill: "#fffdf6", stroke: "#3b2a1a", "stroke-width": 1.5}));
  if (PIPS[n]) for (const [r, c] of PIPS[n]) face.append(svg("circle", {cx: 8 + c * 7, cy: 8 + r * 7, r: 2.6, fill: "#3b2a1a"}));
  else face.append(svg("text", {x: 15, y: 20, "text-anchor": "middle", "font-size": 14}, String(n)));
  return face;
}
function d20Face(n) {
  const face = svg("svg", {viewBox: "0 0 34 34", class: "die d20", width: 34, height: 34});
  face.append(svg("polygon", {points: "17,1 32,9.5 32,24.5 17,33 2,24.5 2,9.5", fill: "#3b2a7a", stroke: "#1c1240", "stroke-width": 1.5}));
  face.append(svg("text", {x: 17, y: 22, "text-anchor": "middle", "font-size": 13, "font-weight": "bold", fill: "#fff"}, String(n)));
  return face;
}

// ---------------------------------------------------------------- status and seats
function drawStatus() {
  const v = T.view;
  const status = $("status");
  status.replaceChildren();
  const turn = $("turn-line");
  turn.replaceChildren();
  document.body.dataset.yours = "no";
  if (T.seat === null) status.append(el("p", {text: "You are watching: you see what everyone sees, never a hand."}));
  if (!v) {
    const free = (T.table.seats || []).filter((s) => !s.taken).length;
    const asked = T.frame && T.frame.prompt && T.frame.prompt.question; // the server's own words
    if (!asked) turn.append(el("p", {id: "waiting", text: "Waiting for every seat to be taken" + (free ? " (" + free + " still free)." : ".")}));
  } else if (v.finished) {
    turn.append(el("div", {id: "game-over", text: gameOverText(v)}));
    turn.append(el("a", {href: "/replay/" + T.code, class: "button-link", text: "Replay with every card shown"}));
  } else {
    const yours = v.to_act.includes(T.seat);
    document.body.dataset.yours = yours ? "yes" : "no";
    const waiting = listWords(v.to_act.map(seatName));
    // "Your turn" only on your own turn: asked to show a card on someone else's turn is another thing.
    const ownTurn = (v.pending || {}).kind === "turn" && v.current === T.seat;
    const heading = ownTurn ? "Your turn." : "Over to you.";
    turn.append(el("p", {id: "turn", class: yours ? "yours" : "", text: yours ? heading : "Waiting for " + waiting + "."}));
  }
  const list = $("seat-list");
  list.replaceChildren();
  for (const s of currentSeats()) {
    const chip = el("span", {class: "chip", "aria-hidden": "true", text: s.initials || initialsOf(s.label)});
    chip.style.background = s.colour || colour(s.character || s.label);
    chip.style.color = textOn(chip.style.background);
    const words = [s.label];
    if (s.character_name && s.character_name !== s.label) words.push("(" + s.character_name + ")");
    const li = el("li", {class: [s.to_act ? "to-act" : "", s.you ? "you" : "", s.connected === false ? "away" : ""].join(" ").trim()},
      chip, " " + words.join(" "));
    const notes = [];
    if (s.you) notes.push("you");
    if (s.bot) notes.push("bot");
    if (s.taken === false) notes.push("free seat");
    else if (!s.bot && s.connected === false) notes.push(s.standin ? "away, a bot plays for now" : "away");
    if (s.to_act && !(v && v.finished)) notes.push("to play");
    if (notes.length) li.append(el("span", {class: "seat-notes", text: " - " + notes.join(", ")}));
    list.append(li);
  }
  $("shuffle").replaceChildren(shuffleLine(T.table.shuffle));
}
function gameOverText(v) {
  // The narrator's own words for the end, where the server sends them.
  const over = (text) => /^game over/i.test(text) ? text : "Game over. " + text;
  if (T.frame && T.frame.ending) return over(T.frame.ending);
  const narration = T.frame && T.frame.narration;
  if (narration) {
    for (let i = T.frame.log.length - 1; i >= 0; i--) {
      if (T.frame.log[i].kind === "game_over" && narration[i] && narration[i].text) return over(narration[i].text);
    }
  }
  const winners = (v.winners || []).map(seatName);
  let text = "Game over. " + (winners.length ? listWords(winners) + (winners.length > 1 ? " won." : " won.") : "Nobody won.");
  if (Array.isArray(v.envelope) && v.envelope.length) text += " The envelope held " + listWords(v.envelope.map(name)) + ".";
  return text;
}

// Links: to invite friends, to watch, and this seat's own private link (with a QR code).
function drawLinks() {
  const box = $("links");
  if (box.dataset.drawn === (T.frame.rejoin_url || "") + "|" + (T.frame.invite_url || "")) return;
  box.dataset.drawn = (T.frame.rejoin_url || "") + "|" + (T.frame.invite_url || "");
  box.replaceChildren();
  const absolute = (url) => new URL(url, location.origin).href;
  const invite = absolute(T.frame.invite_url || "/t/" + T.code);
  box.append(linkRow("Link to invite friends", invite, "invite-link"));
  box.append(linkRow("Link to watch (shows no hands)", absolute("/t/" + T.code + "?spectate=1"), "watch-link"));
  if (T.frame.rejoin_url && T.seat !== null) {
    const mine = absolute(T.frame.rejoin_url);
    const qr = el("img", {alt: "QR code of your private link", class: "qr", width: "160", height: "160"});
    const details = el("details", {id: "rejoin"},
      el("summary", {text: "Your private link: play on from another device"}),
      el("p", {class: "desc", text: "Anyone with this link plays your seat: keep it to yourself."}),
      linkRow("Your private link", mine, "rejoin-link"), qr);
    details.addEventListener("toggle", () => {
      if (details.open && !qr.src) qr.src = "/api/qr.svg?text=" + encodeURIComponent(mine);
    });
    box.append(details);
  }
}
function linkRow(label, url, id) {
  const input = el("input", {id, readonly: "", value: url, "aria-label": label});
  const button = el("button", {type: "button", class: "copy", "aria-label": "Copy: " + label.toLowerCase(), text: "Copy"});
  button.addEventListener("click", async () => {
    let done = false;
    try { await navigator.clipboard.writeText(url); done = true; } catch (err) { done = false; }
    if (!done) { input.select(); try { done = document.execCommand("copy"); } catch (err) { done = false; } }
    button.textContent = done ? "Copied" : "Select and copy";
    setTimeout(() => { button.textContent = "Copy"; }, 2000);
  });
  return el("div", {class: "link-row"}, el("span", {class: "link-label", text: label}), el("div", {class: "link-line"}, input, button));
}

// The shuffle: its commitment is public from the start, its secret once the game ends.
function shuffleLine(shuffle) {
  if (!shuffle || !shuffle.commitment) return el("span", {text: "No commitment (created before verifiable shuffles)."});
  const line = el("span", {}, "Shuffle commitment: ",
    el("code", {title: shuffle.commitment, text: shuffle.commitment.slice(0, 8) + "…"}));
  if (shuffle.secret) line.append(", secret: ", el("code", {title: shuffle.secret, text: shuffle.secret.slice(0, 8) + "…"}));
  return line;
}
const COMMIT_TAG = "cluedo-shuffle-commit-v1:", SEED_TAG = "cluedo-shuffle-seed-v1:";
async function tagged(tag, secretHex) {
  const secret = secretHex.match(/../g).map((h) => parseInt(h, 16));
  const data = new Uint8Array([...new TextEncoder().encode(tag), ...secret]);
  return new Uint8Array(await crypto.subtle.digest("SHA-256", data));
}
async function checkShuffle(shuffle, seed) {
  if (!shuffle || !shuffle.commitment) return "No commitment (created before verifiable shuffles).";
  if (!shuffle.secret || !/^[0-9a-f]{64}$/.test(shuffle.secret)) return "The shuffle's secret is not shown.";
  const both = "Commitment " + shuffle.commitment + ", secret " + shuffle.secret + ". ";
  if (!(window.crypto && crypto.subtle)) return both + "To check them, run: cluedo verify with this page's address.";
  const commit = Array.from(await tagged(COMMIT_TAG, shuffle.secret), (b) => b.toString(16).padStart(2, "0")).join("");
  let n = 0n;
  for (const b of (await tagged(SEED_TAG, shuffle.secret)).slice(0, 8)) n = (n << 8n) | BigInt(b);
  if (commit !== shuffle.commitment) return "NOT verified: the secret does not match the commitment. " + both;
  if (Number(n >> 2n) !== seed) return "NOT verified: the game's seed does not come from the secret. " + both;
  return "verified: the shuffle matches its commitment. " + both +
    "To replay every action as well, run: cluedo verify with this page's address.";
}

// ---------------------------------------------------------------- hand and items
function cardFace(id, extra) {
  return el("span", {class: "card" + (extra ? " " + extra : ""), role: "listitem", "data-card": id}, el("span", {class: "card-name", text: name(id)}));
}
function drawHand() {
  const v = T.view;
  const hand = $("hand");
  hand.replaceChildren();
  hand.setAttribute("role", "list");
  hand.setAttribute("aria-label", "Your cards");
  const cards = (v && Array.isArray(v.hand)) ? v.hand : [];
  for (const c of cards) hand.append(cardFace(c));
  if (!cards.length) {
    hand.removeAttribute("role");
    hand.append(el("span", {class: "desc", text: T.seat === null ? "Spectators see no hands." : v ? "You hold no cards." : "Your cards come when the game starts."}));
  }
  const box = $("items");
  box.replaceChildren();
  for (const item of (T.frame && T.frame.items) || []) {
    if (!item || !item.label || item.value === null || item.value === undefined || item.value === "") continue;
    if (/^(your )?(hand|cards)$/i.test(item.label)) continue; // drawn as cards above
    const value = String(item.value);
    // Long entries (character sheets, say) fold away so the hand and actions stay in view.
    const body = value.length > 160 ? el("details", {}, el("summary", {text: value.slice(0, 60) + "…"}), value) : value;
    box.append(el("dt", {text: item.label}), el("dd", {}, body));
  }
}

// ---------------------------------------------------------------- log, moments and chat
// Words for an event when the server sends no narration (an older server).
function eventText(e) {
  const who = typeof e.seat === "number" ? seatName(e.seat) : null;
  const what = humanise(e.kind);
  return who ? who + ": " + what.toLowerCase() + "." : what + ".";
}
function addLog(text, kind) {
  const list = $("log");
  list.append(el("li", {"data-kind": kind, text}));
  list.scrollTop = list.scrollHeight;
}
function showMoment(text) {
  const box = $("moments");
  const card = el("div", {class: "moment", role: "status"},
    el("p", {text}),
    el("button", {type: "button", class: "dismiss", "aria-label": "Dismiss: " + text, text: "×"}));
  card.querySelector("button").addEventListener("click", () => card.remove());
  box.append(card);
  while (box.children.length > 3) box.firstChild.remove();
  setTimeout(() => card.remove(), 6000);
}
function addChat(line) {
  const list = $("chat");
  list.append(el("li", {text: (line.name || "A spectator") + ": " + line.text}));
  list.scrollTop = list.scrollHeight;
}

// ---------------------------------------------------------------- the prompt and the choices
const NONE = "\u0000none";
function locKey(value) { return Array.isArray(value) ? value.join(",") : String(value); }
function actionKey(a) {
  const keys = Object.keys(a).filter((k) => k !== "seat").sort();
  return JSON.stringify(keys.map((k) => [k, a[k]]));
}
function drawPrompt() {
  const over = T.view && T.view.finished; // the end is said in the game-over box
  const p = !over && T.frame && T.frame.prompt;
  const situation = $("situation"), question = $("question");
  situation.textContent = (p && p.situation) || "";
  question.textContent = (p && p.question) || "";
  situation.hidden = !situation.textContent;
  question.hidden = !question.textContent;
  drawDice($("dice"), T.view && !over ? currentRoll() : null);
}
// Labels of the legal actions: the prompt's words, else made from the action.
function choiceLabels() {
  const labels = new Map(), groups = new Map();
  const p = T.frame && T.frame.prompt;
  for (const c of (p && p.choices) || []) {
    labels.set(actionKey(c.action), c.label);
    groups.set(actionKey(c.action), c.group || c.label);
  }
  return {labels, groups};
}
function fallbackLabel(a) {
  const parts = Object.entries(a).filter(([k]) => k !== "kind" && k !== "seat").map(([k, v]) => valueLabel(k, v));
  return humanise(a.kind) + (parts.length ? " " + parts.join(", ") : "");
}
function valueLabel(param, raw) {
  if (typeof raw === "number" && SEAT_KEYS.has(param)) return seatName(raw);
  if (Array.isArray(raw) && raw.length === 2 && raw.every((x) => typeof x === "number")) return squareWords(raw);
  if (Array.isArray(raw)) return listWords(raw.map((x) => valueLabel(param, x)));
  if (raw === null || raw === undefined) return "none";
  if (typeof raw === "boolean") return raw ? "yes" : "no";
  return name(raw);
}
const SEAT_KEYS = new Set(["seat", "by", "suggester", "player", "target", "killer", "victim", "first", "from_seat", "to_seat", "to"]);
function squareWords(at) { return "the square in row " + (at[0] + 1) + ", column " + (at[1] + 1); }
function isMove(a) {
  const keys = Object.keys(a).filter((k) => k !== "kind" && k !== "seat");
  return keys.length === 1 && keys[0] === "to" && (Array.isArray(a.to) || typeof a.to === "string");
}
function drawActions() {
  const box = $("actions");
  // The same choices as before (a chat line, someone connecting): keep what the
  // person has half chosen, and where the focus is.
  const p0 = T.frame && T.frame.prompt;
  const signature = JSON.stringify([T.legal, (T.frame && T.frame.forms) || null, p0 ? (p0.choices || []).length : 0,
    T.view ? T.view.log_end : null]);
  const unchanged = signature === box.dataset.signature && !box.querySelector(":disabled");
  box.dataset.signature = signature;
  if (unchanged && T.legal.length) return;
  box.replaceChildren();
  if (!T.view) return;
  if (!T.legal.length) {
    if (!T.view.finished) box.append(el("p", {class: "desc", text: T.seat === null ? "You are watching." : "Nothing for you to do right now."}));
    return;
  }
  const {labels, groups} = choiceLabels();
  const labelOf = (a) => labels.get(actionKey(a)) || fallbackLabel(a);
  const forms = new Map(((T.frame && T.frame.forms) || []).map((f) => [f.kind, f]));
  // Kinds in the order the prompt lists them, then any left.
  const order = [];
  const p = T.frame && T.frame.prompt;
  for (const c of (p && p.choices) || []) if (!order.includes(c.action.kind)) order.push(c.action.kind);
  for (const a of T.legal) if (!order.includes(a.kind)) order.push(a.kind);
  // Forms are tall: the first stays open, any more are folded to a line each, so
  // the board stays near however many there are. On a phone a busy turn (more than
  // three kinds of choice: heal, lure, spy, ... and end the turn) folds every form,
  // or one open form of four drop-downs beside the buttons pushes the board off the
  // first screen.
  const kinds = order.filter((k) => T.legal.some((a) => a.kind === k)).length;
  const phone = window.matchMedia("(max-width: 700px)").matches;
  let openForms = phone && kinds > 3 ? 1 : 0;
  let open = null;  // the form left open, with its spec
  const folded = (spec, form) => el("details", {class: "fold more", "data-kind": spec.kind},
    el("summary", {text: (spec.group || humanise(spec.kind)) + "…"}), form);
  const formOrFold = (spec, actions) => {
    const form = actionForm(spec, actions, labelOf);
    if (openForms++) return folded(spec, form);
    open = {spec, form};
    return form;
  };
  for (const kind of order) {
    const actions = T.legal.filter((a) => a.kind === kind);
    if (!actions.length) continue;
    const group = groups.get(actionKey(actions[0])) || humanise(kind);
    const params = Object.keys(actions[0]).filter((k) => k !== "kind" && k !== "seat");
    if (forms.has(kind) && forms.get(kind).confirm) {
      // A grave choice (an accusation) stays folded until asked for: the turn's
      // usual choices come first, and a phone keeps them in view.
      const spec = forms.get(kind);
      const fold = el("details", {class: "fold", "data-kind": kind},
        el("summary", {text: (spec.group || humanise(kind)) + "…"}), actionForm(spec, actions, labelOf));
      box.append(fold);
    } else if (forms.has(kind) && (forms.get(kind).fields || []).length === 1 && actions.length <= 8) {
      // One thing to choose among a few (which card to show): a button each.
      const row = el("div", {class: "choice-group", role: "group", "aria-label": forms.get(kind).group || group, "data-kind": kind},
        el("span", {class: "group-label", text: forms.get(kind).group || group}));
      for (const a of actions) row.append(actionButton(a, labelOf(a)));
      box.append(row);
    } else if (forms.has(kind)) box.append(formOrFold(forms.get(kind), actions));
    else if (!params.length) box.append(actionButton(actions[0], labelOf(actions[0])));
    else if (actions.every(isMove)) box.append(moveChooser(actions, labelOf, group));
    else if (actions.length <= 8) {
      const row = el("div", {class: "choice-group", role: "group", "aria-label": group, "data-kind": kind},
        el("span", {class: "group-label", text: group}));
      for (const a of actions) row.append(actionButton(a, labelOf(a)));
      box.append(row);
    } else box.append(listChooser(kind, actions, labelOf, group));
  }
  // A quieter turn can still be tall (a row of long buttons beside a form of four
  // drop-downs): on a phone, if the board would start below the first screen, the
  // open form folds too, measured rather than guessed from the kinds.
  const board = $("board");
  if (phone && open && board &&
      board.getBoundingClientRect().top + window.scrollY > window.innerHeight - 120) {
    const next = open.form.nextSibling;  // folded() moves the form into the line
    box.insertBefore(folded(open.spec, open.form), next);
  }
}
function actionButton(a, label) {
  const b = el("button", {type: "button", "data-kind": a.kind, text: label});
  b.addEventListener("click", () => act(a));
  return b;
}
function moveChooser(actions, labelOf, group) {
  const wrap = el("div", {class: "choice-group move", "data-kind": actions[0].kind});
  wrap.append(el("p", {class: "desc", text: "Click a lit square or room on the board, or choose here:"}));
  wrap.append(listChooser(actions[0].kind, actions, labelOf, group));
  return wrap;
}
function listChooser(kind, actions, labelOf, group) {
  const form = el("form", {class: "chooser", "data-kind": kind});
  const id = "choose-" + kind;
  const select = el("select", {id, "aria-label": group});
  actions.forEach((a, i) => select.append(el("option", {value: String(i), text: labelOf(a)})));
  form.append(select, el("button", {type: "submit", text: group}));
  form.addEventListener("submit", (e) => { e.preventDefault(); act(actions[+select.value]); });
  return form;
}
// A form of drop-downs in the server's order (suspect, weapon, room, ...), each
// narrowed to what is still legal given the others.
function actionForm(spec, actions, labelOf) {
  const form = el("form", {class: "action-form", "data-kind": spec.kind});
  form.append(el("span", {class: "group-label", text: spec.group || humanise(spec.kind)}));
  const fields = spec.fields || [];
  const selects = {};
  const labelFor = {};
  for (const f of fields) for (const o of f.options || []) labelFor[f.key + "|" + locKey(o.value)] = o.label;
  // An optional field left out is a value of its own ("No weapon"): the action without it.
  const valueOf = (a, key) => (key in a ? locKey(a[key]) : NONE);
  const refresh = () => {
    for (const f of fields) {
      const others = fields.filter((g) => g.key !== f.key);
      const fits = actions.filter((a) => others.every((g) => !selects[g.key].value || valueOf(a, g.key) === selects[g.key].value));
      const keep = selects[f.key].value;
      const values = new Set(fits.map((a) => valueOf(a, f.key)));
      selects[f.key].replaceChildren(el("option", {value: "", text: "Choose…"}));
      // The server's order of options; then any legal value it did not list.
      const listed = (f.options || []).map((o) => locKey(o.value)).filter((k) => values.has(k));
      for (const k of values) if (!listed.includes(k)) listed.push(k);
      for (const k of listed) {
        if (k === NONE) { selects[f.key].append(el("option", {value: k, text: "No " + humanise(f.key).toLowerCase()})); continue; }
        const raw = fits.find((a) => valueOf(a, f.key) === k)[f.key];
        selects[f.key].append(el("option", {value: k, text: labelFor[f.key + "|" + k] || valueLabel(f.key, raw)}));
      }
      if (listed.includes(keep)) selects[f.key].value = keep;
      else if (listed.length === 1) selects[f.key].value = listed[0];
    }
  };
  for (const f of fields) {
    const id = "form-" + spec.kind + "-" + f.key;
    selects[f.key] = el("select", {id, name: f.key, "data-param": f.key});
    selects[f.key].addEventListener("change", refresh);
    form.append(el("label", {class: "field", for: id}, el("span", {class: "field-label", text: f.label || humanise(f.key)})), selects[f.key]);
  }
  refresh();
  if (spec.note) form.append(el("p", {class: "form-note", text: spec.note}));
  const submit = el("button", {type: "submit", text: spec.group || humanise(spec.kind)});
  form.append(submit);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const chosen = actions.find((a) => fields.every((f) => valueOf(a, f.key) === selects[f.key].value));
    if (!chosen) { showError("Choose every part first."); return; }
    if (spec.confirm) confirmThen(labelOf(chosen), () => act(chosen));
    else act(chosen);
  });
  return form;
}
function confirmThen(sentence, go) {
  const dialog = $("confirm");
  $("confirm-title").textContent = "Are you sure?";
  $("confirm-text").textContent = sentence.replace(/[.!]?$/, "?") + " This cannot be taken back.";
  const yes = $("confirm-yes"), no = $("confirm-no");
  const close = () => { yes.onclick = null; no.onclick = null; if (dialog.open) dialog.close(); };
  yes.onclick = () => { close(); go(); };
  no.onclick = close;
  dialog.showModal();
  yes.focus();
}

// ---------------------------------------------------------------- board
const boards = {};
async function loadBoard(id) {
  if (!boards[id]) boards[id] = await api("/api/boards/" + encodeURIComponent(id));
  T.board = boards[id];
  return T.board;
}
function roomCentre(b, room) {
  const sq = b.rooms[room].squares;
  const r = sq.reduce((s, q) => s + q[0], 0) / sq.length, c = sq.reduce((s, q) => s + q[1], 0) / sq.length;
  return [r, c];
}
function boardOptions() {
  const targets = new Map();
  const {labels} = choiceLabels();
  for (const a of T.legal) if (isMove(a)) targets.set(locKey(a.to), {action: a, label: labels.get(actionKey(a))});
  return {targets, seats: currentSeats(), seat: T.seat};
}
// The board to scale: rooms, corridors, doors, passages (with where they lead),
// tokens with initials (yours ringed, the one to act marked), weapons and gems.
// The squares are drawn once per board; each frame only lights the destinations
// and draws what stands where (everything else in the SVG is drawn again).
function drawBoard(root, b, v, opts) {
  const key = b.id + "|" + (v.safe_room || "");
  if (!root._static || root._static.key !== key) root._static = staticBoard(root, b, v, key);
  const st = root._static;
  for (const node of [...root.children]) if (node !== st.squares && node !== st.marks) node.remove();
  for (const rect of st.lit) {
    rect.classList.remove("target");
    rect.removeAttribute("tabindex");
    rect.removeAttribute("role");
    rect.setAttribute("aria-label", rect.dataset.name);
  }
  st.lit = [];
  const targets = opts.targets || new Map();
  root._targets = targets;
  for (const [loc, target] of targets) {
    const rects = st.rects.get(loc) || [];
    const room = b.rooms[loc] ? loc : null;
    const label = target.label || (room ? "Move to the " + name(room) : "Move to " + squareWords(loc.split(",").map(Number)));
    rects.forEach((rect, i) => {
      rect.classList.add("target");
      rect.setAttribute("aria-label", label);
      // One stop per destination for the keyboard (a room has many squares).
      if (i === 0) { rect.setAttribute("tabindex", "0"); rect.setAttribute("role", "button"); }
      st.lit.push(rect);
    });
  }
  // Tokens, weapons and gems: from whatever the view says stands where.
  const inRoom = {};
  const place = (loc) => {
    if (typeof loc === "string" && b.rooms[loc]) {
      const n = inRoom[loc] = (inRoom[loc] || 0) + 1;
      const [r, c] = roomCentre(b, loc);
      return [r + 1.0 + Math.floor((n - 1) / 4) * 0.9, c - 0.85 + ((n - 1) % 4) * 0.9];
    }
    if (Array.isArray(loc) && loc.length === 2) return [loc[0] + 0.5, loc[1] + 0.5];
    return null;
  };
  const things = svg("g", {class: "things"});
  for (const g of v.gems || []) {
    const at = place(g);
    if (at) things.append(svg("path", {d: `M${at[1]} ${at[0] - 0.32}l0.26 0.32l-0.26 0.32l-0.26 -0.32z`, fill: "#18a8c9", stroke: "#0b5566", "stroke-width": 0.05, "data-gem": "1"}));
  }
  for (const [w, loc] of Object.entries(v.weapons || {})) {
    const at = place(loc);
    if (!at) continue;
    const g = svg("g", {"data-weapon": w, class: "weapon"});
    g.append(svg("rect", {x: at[1] - 0.38, y: at[0] - 0.38, width: 0.76, height: 0.76, fill: "#5b5b5b", stroke: "#222", "stroke-width": 0.04, rx: 0.12}));
    g.append(svg("text", {x: at[1], y: at[0] + 0.15, "font-size": 0.42, fill: "#fff", "text-anchor": "middle"}, name(w).replace(/^the /i, "").slice(0, 2)));
    g.append(svg("title", {}, name(w)));
    things.append(g);
    glide(root, "w:" + w, g, at);
  }
  root.append(things);
  const dead = new Set(v.dead || []);
  const chars = v.characters || [];
  const bySeatPiece = {};
  for (const s of opts.seats || []) {
    const piece = s.character || chars[s.seat];
    if (piece !== undefined && piece !== null) bySeatPiece[piece] = s;
  }
  const tokens = svg("g", {class: "tokens"});
  for (const [piece, loc] of Object.entries(v.positions || {})) {
    const at = place(loc);
    if (!at) continue;
    const s = bySeatPiece[piece];
    const fill = (s && s.colour) || colour(piece);
    const mine = s && opts.seat !== null && opts.seat !== undefined && s.seat === opts.seat;
    const acting = s && (v.to_act || []).includes(s.seat) && !v.finished;
    const words = [name(piece)];
    if (s && s.label && s.label !== name(piece)) words.push("played by " + s.label);
    if (mine) words.push("you");
    if (acting) words.push("to play");
    if (dead.has(piece)) words.push("dead");
    const g = svg("g", {class: "token" + (mine ? " mine" : "") + (acting ? " acting" : ""), "data-token": piece,
      role: "img", "aria-label": words.join(", ")});
    if (acting) g.append(svg("circle", {cx: at[1], cy: at[0], r: 0.62, fill: "none", stroke: "#c1121f", "stroke-width": 0.1, "stroke-dasharray": "0.25 0.15", class: "acting-ring"}));
    if (mine) g.append(svg("circle", {cx: at[1], cy: at[0], r: 0.52, fill: "#fff", stroke: "#111", "stroke-width": 0.1, class: "mine-ring"}));
    g.append(svg("circle", {cx: at[1], cy: at[0], r: 0.4, fill, stroke: "#222", "stroke-width": 0.06,
      opacity: dead.has(piece) ? 0.35 : 1, "data-piece": piece}));
    g.append(svg("text", {x: at[1], y: at[0] + 0.14, "font-size": 0.38, "font-weight": "bold", "text-anchor": "middle",
      fill: textOn(fill)}, (s && s.initials) || initialsOf(name(piece))));
    g.append(svg("title", {}, words.join(", ")));
    tokens.append(g);
    glide(root, "t:" + piece, g, at);
  }
  root.append(tokens);
}
// A token or weapon that stood elsewhere in the last drawing glides from there, so a
// move (yours, a bot's, a suspect called into a room) can be followed by eye.
const STILL = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
function glide(root, key, g, at) {
  const was = (root._was = root._was || {});
  const from = was[key];
  was[key] = at;
  if (STILL || !from || !g.animate || (from[0] === at[0] && from[1] === at[1])) return;
  const dx = from[1] - at[1], dy = from[0] - at[0];
  g.animate([{transform: `translate(${dx}px, ${dy}px)`}, {transform: "translate(0px, 0px)"}],
    {duration: 450, easing: "ease-out"});
}
// What does not change during a game: the squares (each named), doors, room names
// and passages. A click or Enter on a lit square acts through the board's targets.
function staticBoard(root, b, v, key) {
  root.setAttribute("viewBox", "0 0 " + b.columns + " " + b.rows);
  root.replaceChildren();
  const roomOf = {}, wallOf = {};
  for (const [rid, room] of Object.entries(b.rooms)) for (const q of room.squares) roomOf[q] = rid;
  for (const [wid, squares] of Object.entries(b.walls || {})) for (const q of squares) wallOf[q] = wid;
  const rects = new Map();
  const squares = svg("g", {class: "squares"});
  for (let r = 0; r < b.rows; r++) {
    for (let c = 0; c < b.columns; c++) {
      const ch = b.grid[r][c];
      if (ch === "*") continue;
      const room = roomOf[[r, c]];
      let fill = room ? (v.safe_room === room ? "#b7e4c7" : "#d9c7a3") : wallOf[[r, c]] ? "#555" : "#f1e6c8";
      if (/[0-9]/.test(ch)) fill = "#e7d49b";
      const loc = room || (r + "," + c);
      const where = room ? name(room) + (v.safe_room === room ? " (the safe room)" : "")
        : wallOf[[r, c]] ? "wall" : (/[0-9]/.test(ch) ? "starting square" : "corridor") + ", row " + (r + 1) + ", column " + (c + 1);
      const rect = svg("rect", {x: c, y: r, width: 1, height: 1, fill,
        stroke: room ? "none" : "#c8b68a", "stroke-width": 0.03, "data-loc": loc, "aria-label": where});
      rect.dataset.name = where;
      if (!rects.has(loc)) rects.set(loc, []);
      rects.get(loc).push(rect);
      squares.append(rect);
    }
  }
  const marks = svg("g", {class: "marks"});
  for (const d of b.doors) {
    const [r, c] = d.square, [cr, cc] = d.corridor;
    marks.append(svg("line", {x1: c + 0.5 + (cc - c) * 0.5, y1: r + 0.5 + (cr - r) * 0.5,
      x2: c + 0.5 + (cc - c) * 0.5 + (cr - r) * 0.4, y2: r + 0.5 + (cr - r) * 0.5 + (cc - c) * 0.4,
      stroke: "#8b5a2b", "stroke-width": 0.25, class: "door"}));
  }
  for (const rid of Object.keys(b.rooms)) {
    const [r, c] = roomCentre(b, rid);
    // A long name in a narrow room gets smaller letters, so it stays inside the room.
    const cols = b.rooms[rid].squares.map((q) => q[1]);
    const width = Math.max(...cols) - Math.min(...cols) + 1;
    const size = Math.min(0.62, (width - 0.3) / (name(rid).length * 0.58));
    const label = svg("text", {x: c + 0.5, y: r - 0.3, class: "room-label"}, name(rid));
    label.style.fontSize = size.toFixed(3) + "px";
    marks.append(label);
    const to = (b.passages || {})[rid];
    if (to) marks.append(passageMark(b, rid, to));
  }
  root.append(squares, marks);
  if (!root._listening) {
    root._listening = true;
    const chosen = (e) => {
      const rect = e.target.closest && e.target.closest("rect[data-loc]");
      return rect && root._targets ? root._targets.get(rect.dataset.loc) : null;
    };
    root.addEventListener("click", (e) => { const t = chosen(e); if (t) act(t.action); });
    root.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      const t = chosen(e);
      if (t) { e.preventDefault(); act(t.action); }
    });
  }
  return {key, squares, marks, rects, lit: []};
}
// A secret passage: a mark in the room's corner towards where it leads, with its name.
function passageMark(b, room, to) {
  const sq = b.rooms[room].squares;
  const [tr, tc] = roomCentre(b, to);
  // The room's square nearest the room it leads to.
  let best = sq[0], dist = Infinity;
  for (const q of sq) {
    const d = (q[0] - tr) ** 2 + (q[1] - tc) ** 2;
    if (d < dist) { dist = d; best = q; }
  }
  const [cr, cc] = roomCentre(b, room);
  const g = svg("g", {class: "passage", role: "img", "aria-label": "Secret passage from the " + name(room) + " to the " + name(to)});
  g.append(svg("rect", {x: best[1] + 0.05, y: best[0] + 0.05, width: 0.9, height: 0.9, fill: "#3b2a1a", rx: 0.15}));
  const angle = Math.atan2(tr - cr, tc - cc);
  const x = best[1] + 0.5, y = best[0] + 0.5, dx = Math.cos(angle) * 0.3, dy = Math.sin(angle) * 0.3;
  g.append(svg("line", {x1: x - dx, y1: y - dy, x2: x + dx, y2: y + dy, stroke: "#f3efe6", "stroke-width": 0.1}));
  g.append(svg("circle", {cx: x + dx, cy: y + dy, r: 0.1, fill: "#f3efe6"}));
  const cols = sq.map((q) => q[1]);
  const width = Math.max(...cols) - Math.min(...cols) + 1;
  const words = "passage to " + name(to);
  const label = svg("text", {x: cc + 0.5, y: cr + 0.25, class: "passage-label"}, words);
  label.style.fontSize = Math.min(0.45, (width - 0.3) / (words.length * 0.5)).toFixed(3) + "px";
  g.append(label);
  g.append(svg("title", {}, "Secret passage to the " + name(to)));
  return g;
}

// ---------------------------------------------------------------- notebook
// The server draws the notebook from this seat's own log; the page shows it and
// keeps the person's own marks (clicked into a square) and notes (typed beside a
// card). Own marks are the person's: the automatic marks never change them.
const OWN_CYCLE = ["", "✓", "✗", "?"];
const MARK_SIGN = {has: "✓", not: "✗", unknown: ""};
const MARK_WORDS = {has: "certainly there", not: "certainly not there", unknown: "not known yet"};
// One request at a time: updates that arrive while the server draws ask once more after.
function askNotebook() {
  if (!(T.notebookOpen && T.view && T.seat !== null)) return;
  if (T.nbAsked) { T.nbAgain = true; return; }
  T.nbAsked = true;
  T.nbAgain = false;
  send({type: "notebook"});
}
function notebookArrived(frame) {
  T.nbAsked = false;
  $("notebook").dataset.frames = String(+($("notebook").dataset.frames || 0) + 1); // for tests
  drawNotebook(frame);
  if (T.nbAgain) askNotebook();
}
function percent(p) {
  if (p > 0 && p < 0.005) return "<1%";
  if (p < 1 && p > 0.995) return ">99%";
  return Math.round(p * 100) + "%";
}
function ownMark(nb, card, i) { return ((nb.own.cells || {})[card] || [])[i] || ""; }
function setOwnMark(card, i, text) {
  const nb = T.nb;
  const cells = nb.own.cells = nb.own.cells || {};
  if (!cells[card]) cells[card] = nb.places.map(() => "");
  cells[card][i] = text;
  drawNotebook(nb); // at once; the server's frame confirms it
  send({type: "note", card, place: nb.places[i].place, text});
}
function cycleOwnMark(card, i) {
  const now = ownMark(T.nb, card, i);
  const next = OWN_CYCLE[(OWN_CYCLE.indexOf(now) + 1) % OWN_CYCLE.length]; // other text: rubbed out
  setOwnMark(card, i, next);
}
function envelopeLine(nb) {
  if (!nb.envelope) return null;
  const names = nb.solution.map((c) => nb.cards.find((x) => x.id === c).name);
  let text;
  if (names.length && names.length >= nb.categories.length) text = "Solved: the envelope holds " + names.join(", ") + ".";
  else if (names.length) text = "Certain so far: the envelope holds " + names.join(", ") + ".";
  else text = "Nothing about the envelope is certain yet.";
  return el("p", {class: "nb-solution", text});
}
function drawNotebook(nb) {
  T.nb = nb;
  const box = $("notebook");
  // Keep what the person is typing, and the square they are on: frames arrive meanwhile.
  const active = box.contains(document.activeElement) ? document.activeElement : null;
  const typing = active && active.dataset.noteCard;
  const typed = typing ? active.value : null;
  const onCell = active && active.tagName === "TD" ? [active.parentNode.dataset.card, active.dataset.place] : null;
  box.replaceChildren();
  if (!nb.available) { $("odds-label").hidden = true; box.append(el("p", {text: nb.why})); return; }
  $("odds-label").hidden = !nb.odds_allowed;
  const showOdds = nb.odds_allowed && $("odds").checked && nb.odds;
  const line = envelopeLine(nb);
  if (line) box.append(line);
  if (showOdds && !nb.exact && nb.estimate_note) box.append(el("p", {class: "nb-estimate", text: nb.estimate_note}));
  const table = el("table", {class: "nb"});
  const head = el("tr", {}, el("th", {class: "corner", text: "Card"}));
  for (const p of nb.places) {
    const cls = ["place", p.you ? "you" : "", p.kind === "envelope" ? "envelope" : ""].join(" ").trim();
    head.append(el("th", {class: cls, title: p.label + (p.you ? " (you)" : ""), "data-place": String(p.place)},
      el("span", {text: p.label})));
  }
  head.append(el("th", {class: "note-head", text: "Your note"}));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  for (const category of nb.categories) {
    body.append(el("tr", {class: "cat"}, el("th", {colspan: String(nb.places.length + 2), text: category.label})));
    for (const card of nb.cards.filter((c) => c.category === category.id)) {
      const row = el("tr", {"data-card": card.id}, el("th", {class: "name", scope: "row", text: card.name}));
      nb.places.forEach((p, i) => {
        const mark = nb.marks[card.id][i];
        const own = ownMark(nb, card.id, i);
        const odds = showOdds ? nb.odds[card.id][i] : null;
        let title = card.name + " - " + p.label + ": " + MARK_WORDS[mark];
        if (odds !== null && mark === "unknown") title += " (" + percent(odds) + ")";
        title += own ? ". Your mark: " + own + "." : ". Click to add your own mark.";
        const cls = [mark, p.kind === "envelope" && mark === "has" ? "env" : "", p.you ? "you" : ""].join(" ").trim();
        const cell = el("td", {class: cls, title, "aria-label": title, tabindex: "0", role: "button", "data-place": String(p.place),
          onclick: () => cycleOwnMark(card.id, i),
          onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); cycleOwnMark(card.id, i); } }},
          el("span", {class: "auto", text: MARK_SIGN[mark]}));
        if (odds !== null && mark === "unknown") cell.append(el("span", {class: "odds", text: percent(odds)}));
        if (own) cell.append(el("span", {class: "own", text: own}));
        row.append(cell);
      });
      const note = el("input", {class: "note", maxlength: "40", "aria-label": "your note on " + card.name,
        value: (nb.own.notes || {})[card.id] || ""});
      note.dataset.noteCard = card.id;
      // Kept on Enter or on leaving the box (not on "change": a frame may redraw the box
      // while the person types, and the new box has not seen the change).
      const keep = () => {
        const notes = T.nb.own.notes = T.nb.own.notes || {};
        const text = note.value.trim();
        if (text === (notes[card.id] || "")) return;
        notes[card.id] = text;
        send({type: "note", card: card.id, place: null, text});
      };
      note.addEventListener("keydown", (e) => { if (e.key === "Enter") keep(); });
      note.addEventListener("blur", keep);
      row.append(el("td", {class: "note-cell"}, note));
      body.append(row);
    }
  }
  table.append(body);
  box.append(el("div", {class: "nb-scroll"}, table));
  const legend = "✓ certainly there · ✗ certainly not · blank: not known yet. Click a square to add your own mark " +
    "(✓, ✗, ?), shown in blue; the notebook never changes your marks or notes.";
  box.append(el("p", {class: "nb-legend", text: legend}));
  if (!nb.complete) box.append(el("p", {class: "nb-legend",
    text: "This table allows no odds: the marks are the eliminations a careful player makes; deeper deductions are yours to find."}));
  if (typing) {
    const again = box.querySelector("input[data-note-card='" + CSS.escape(typing) + "']");
    if (again) { again.value = typed; again.focus(); }
  } else if (onCell) {
    const again = box.querySelector("tr[data-card='" + CSS.escape(onCell[0]) + "'] td[data-place='" +
      CSS.escape(onCell[1]) + "']");
    if (again) again.focus();
  }
}

// ---------------------------------------------------------------- replay
async function showReplay(code) {
  $("replay").hidden = false;
  $("where").textContent = "Replay of table " + code;
  let data;
  try { data = await api("/api/tables/" + code + "/replay"); } catch (err) { showError(err.message); return; }
  T.table = data.table;
  T.code = code;
  T.rules = data.table.rules;
  T.seat = null;
  try { T.names = (await api("/api/tables/" + code)).names || {}; } catch (err) { T.names = {}; }
  loadPanel(T.rules);
  // The rule set's panel goes beside the replay's board.
  $("rp-variant").append($("variant-panel"));
  checkShuffle(data.shuffle, data.save.seed).then((text) => {
    $("rp-shuffle").textContent = text;
    $("rp-shuffle").dataset.verified = text.startsWith("verified") ? "yes" : "no";
  });
  const reveal = data.reveal || {};
  T.view = reveal;
  drawReveal(reveal);
  const steps = Array.isArray(data.steps) && data.steps.length ? data.steps
    : [{view: reveal, narration: null, roll: null}];
  // The steps worth a stop: those the narrator has words for, and the last.
  const stops = [];
  steps.forEach((s, i) => { if (s.narration || i === steps.length - 1) stops.push(i); });
  const list = $("rp-log");
  const lines = new Map();
  for (const i of stops) {
    const text = steps[i].narration || (i === steps.length - 1 ? "The end of the game." : "");
    const li = el("li", {text, "data-step": String(i)});
    li.addEventListener("click", () => go(stops.indexOf(i)));
    lines.set(i, li);
    list.append(li);
  }
  if (!Array.isArray(data.steps)) {
    // An older server: no steps, so the events in the generic words, and the final board.
    list.replaceChildren(...data.events.map((e) => el("li", {text: eventText(e)})));
  }
  let at = 0;
  let board = null;
  // Who is to act comes from each step's view; names, initials and colours from the
  // server's seats, so the tokens read as they did in the game.
  const worded = new Map((Array.isArray(data.seats) ? data.seats : []).map((s) => [s.seat, s]));
  const seatsAt = (view) => seatInfos(data.table, view, null, null).map((s) => {
    const w = worded.get(s.seat);
    return w ? {...s, label: w.label, character_name: w.character_name, initials: w.initials, colour: w.colour} : s;
  });
  const draw = () => {
    const i = stops[at];
    const step = steps[i];
    const view = step.view || reveal;
    $("rp-step").textContent = "Step " + (at + 1) + " of " + stops.length;
    $("rp-now").textContent = step.narration || "";
    for (const [j, li] of lines) {
      const current = j === i;
      li.classList.toggle("current", current);
      if (current) { li.setAttribute("aria-current", "step"); li.scrollIntoView({block: "nearest"}); }
      else li.removeAttribute("aria-current");
    }
    T.view = view;
    let roll = step.roll || null;
    if (!roll) for (let j = i; j >= 0 && !roll; j--) roll = steps[j].roll || null;
    drawDice($("rp-dice"), roll && Array.isArray(roll.dice) ? roll : null);
    const frame = {type: "replay", view, table: data.table, seats: seatsAt(view), narration: null, replay: true, step: i};
    if (board) {
      drawBoard($("rp-board"), board, view, {targets: new Map(), seats: seatsAt(view), seat: null});
      decorate(T.rules, $("rp-board"), frame, panelCtx(true));
    }
    runPanel(T.rules, $("variant-panel"), frame, panelCtx(true));
    $("rp-first").disabled = $("rp-prev").disabled = at === 0;
    $("rp-last").disabled = $("rp-next").disabled = at === stops.length - 1;
  };
  const go = (n) => { at = Math.max(0, Math.min(stops.length - 1, n)); draw(); };
  let timer = null;
  const stop = () => {
    clearInterval(timer); timer = null;
    $("rp-play").textContent = "▶ Play"; $("rp-play").setAttribute("aria-pressed", "false");
  };
  $("rp-first").onclick = () => { stop(); go(0); };
  $("rp-prev").onclick = () => { stop(); go(at - 1); };
  $("rp-next").onclick = () => { stop(); go(at + 1); };
  $("rp-last").onclick = () => { stop(); go(stops.length - 1); };
  $("rp-play").onclick = () => {
    if (timer) { stop(); return; }
    if (at === stops.length - 1) go(0);
    $("rp-play").textContent = "⏸ Pause"; $("rp-play").setAttribute("aria-pressed", "true");
    timer = setInterval(() => { if (at >= stops.length - 1) stop(); else go(at + 1); }, 800);
  };
  redrawForPanel = draw;
  board = await loadBoard(reveal.board || (steps[0].view || {}).board || "classic");
  draw();
}
// A playing card ("6D", "10H", "QS") as a small face with its name for a screen reader.
const SUITS = {S: ["♠", "spades", false], H: ["♥", "hearts", true], D: ["♦", "diamonds", true], C: ["♣", "clubs", false]};
const RANKS = {A: "Ace", J: "Jack", Q: "Queen", K: "King", T: "10"};
function playingCard(code) {
  const m = /^(10|[2-9AJQKT])([SHDC])$/.exec(String(code));
  if (!m) return cardFace(code);
  const [symbol, suit, red] = SUITS[m[2]];
  const rank = m[1] === "T" ? "10" : m[1];
  return el("span", {class: "card playing" + (red ? " red" : ""), role: "listitem",
    "aria-label": (RANKS[m[1]] || rank) + " of " + suit}, el("span", {class: "card-name", text: rank + " " + symbol}));
}
// Every card, once the game is over: the envelope and each hand.
function drawReveal(reveal) {
  const box = $("rp-reveal");
  box.replaceChildren();
  const seats = seatInfos(T.table, reveal, null, null);
  if (Array.isArray(reveal.envelope) && reveal.envelope.length) {
    box.append(el("div", {class: "reveal-row"}, el("span", {class: "reveal-who", text: "The envelope"}),
      el("div", {class: "cards", role: "list"}, ...reveal.envelope.map((c) => cardFace(c, "envelope")))));
  }
  const someHand = Array.isArray(reveal.hands) && reveal.hands.some((h) => Array.isArray(h) && h.length);
  if (someHand) {
    reveal.hands.forEach((hand, seat) => {
      if (!Array.isArray(hand)) return;
      const info = seats.find((s) => s.seat === seat);
      const who = info ? (info.character_name && info.character_name !== info.label ? info.label + " (" + info.character_name + ")" : info.label) : "Player " + (seat + 1);
      box.append(el("div", {class: "reveal-row"}, el("span", {class: "reveal-who", text: who}),
        hand.length ? el("div", {class: "cards", role: "list"}, ...hand.map((c) => cardFace(c))) : el("span", {class: "desc", text: "no cards"})));
    });
  }
  // Clussassin: each character's cards and target.
  if (reveal.holdings && typeof reveal.holdings === "object" && !Array.isArray(reveal.holdings)) {
    for (const [ch, cards] of Object.entries(reveal.holdings)) {
      if (!Array.isArray(cards)) continue;
      const info = seats.find((s) => s.character === ch);
      const who = name(ch) + (info && info.label !== name(ch) ? " (" + info.label + ")" : "");
      const target = reveal.targets && reveal.targets[ch] ? " - target: " + name(reveal.targets[ch]) : "";
      box.append(el("div", {class: "reveal-row"}, el("span", {class: "reveal-who", text: who + target}),
        cards.length ? el("div", {class: "cards", role: "list"}, ...cards.map((c) => cardFace(c))) : el("span", {class: "desc", text: "no cards"})));
    }
  }
  // Killer Kloo Doo: each player's playing cards and objectives.
  const seatWho = (seat) => {
    const info = seats.find((s) => s.seat === seat);
    return info ? (info.character_name && info.character_name !== info.label ? info.label + " (" + info.character_name + ")" : info.label) : "Player " + (seat + 1);
  };
  if (Array.isArray(reveal.all_playing_cards) && reveal.all_playing_cards.some((h) => Array.isArray(h) && h.length)) {
    reveal.all_playing_cards.forEach((cards, seat) => {
      if (!Array.isArray(cards) || !cards.length) return;
      box.append(el("div", {class: "reveal-row"}, el("span", {class: "reveal-who", text: seatWho(seat) + ": playing cards"}),
        el("div", {class: "cards", role: "list"}, ...cards.map(playingCard))));
    });
  }
  if (Array.isArray(reveal.all_objectives)) {
    reveal.all_objectives.forEach((goals, seat) => {
      if (!Array.isArray(goals) || !goals.length) return;
      box.append(el("div", {class: "reveal-row"}, el("span", {class: "reveal-who", text: seatWho(seat) + ": objectives"}),
        el("span", {text: listWords(goals.map((g) => name(g))) + "."})));
    });
  }
  if (Array.isArray(reveal.pile) && reveal.pile.length) {
    box.append(el("div", {class: "reveal-row"}, el("span", {class: "reveal-who", text: "The clue pile"}),
      el("div", {class: "cards", role: "list"}, ...reveal.pile.map((c) => cardFace(c)))));
  }
  if (reveal.reward_cards && typeof reveal.reward_cards === "object") {
    const rows = Object.entries(reveal.reward_cards).filter(([, r]) => typeof r === "string");
    if (rows.length) box.append(el("div", {class: "reveal-row"}, el("span", {class: "reveal-who", text: "The rewards in the rooms"}),
      el("ul", {class: "rewards"}, ...rows.map(([room, r]) => el("li", {text: name(room) + ": " + name(r)})))));
  }
  if (!box.children.length) box.append(el("p", {class: "desc", text: "Every card is on the board above."}));
}

// ---------------------------------------------------------------- routing
const path = location.pathname.split("/").filter(Boolean);
if (path[0] === "t" && path[1]) showTable(decodeURIComponent(path[1]).toUpperCase());
else if (path[0] === "replay" && path[1]) showReplay(decodeURIComponent(path[1]).toUpperCase());
else showLobby();
