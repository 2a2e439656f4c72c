// The page: a lobby, a table and a replay viewer. No build step.
// The table is generic: it draws what the view holds and offers what the legal
// actions allow, so every rule set the server registers can be played here.
// Text from people (names, chat) only ever goes into textContent.
"use strict";

const $ = (id) => document.getElementById(id);
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}
const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
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

// ---------------------------------------------------------------- lobby
let catalog = [];
async function showLobby() {
  $("lobby").hidden = false;
  catalog = await api("/api/rules");
  for (const r of catalog) $("rules").append(el("option", {value: r.name, text: r.title + " (" + r.name + ")"}));
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
function fillLobby() {
  const r = currentRules();
  $("players").min = r.min_players; $("players").max = r.max_players;
  $("players").value = Math.min(Math.max(+$("players").value, r.min_players), r.max_players);
  const box = $("options");
  box.replaceChildren(el("legend", {text: "Options"}));
  for (const [key, spec] of Object.entries(r.options.properties || {})) {
    if (key === "characters") continue; // chosen per seat when people sit down
    const def = r.defaults[key];
    const enumValues = spec.enum || (spec.$ref && resolveRef(r.options, spec.$ref).enum);
    let input;
    if (enumValues) {
      input = el("select", {"data-option": key});
      for (const v of enumValues) input.append(el("option", {value: JSON.stringify(v), text: String(v)}));
      input.value = JSON.stringify(def);
    } else if (spec.type === "boolean") {
      input = el("input", {type: "checkbox", "data-option": key});
      input.checked = !!def;
    } else {
      input = el("input", {"data-option": key, value: def === null || def === undefined ? "" : String(def)});
      input.dataset.kind = spec.type === "integer" || spec.type === "number" ? "number" : "text";
    }
    box.append(el("label", {title: spec.description || ""}, key + " ", input));
  }
  const mine = $("my-character");
  mine.replaceChildren(el("option", {value: "", text: "any"}));
  for (const c of r.characters) mine.append(el("option", {value: c, text: c}));
  fillSeats();
}
function resolveRef(schema, ref) {
  const name = ref.split("/").pop();
  return (schema.$defs || {})[name] || {};
}
function fillSeats() {
  const r = currentRules();
  const box = $("seats");
  const before = [...box.querySelectorAll("select")].map((x) => x.value); // keep earlier choices
  box.replaceChildren(el("legend", {text: "Seats"}));
  const n = +$("players").value;
  for (let i = 0; i < n; i++) {
    const sel = el("select", {"data-seat": i});
    sel.append(el("option", {value: "person", text: "person"}));
    for (const b of r.bots) sel.append(el("option", {value: "bot:" + b, text: b + " bot"}));
    sel.value = i === 0 ? "person" : (r.bots.includes("sensible") ? "bot:sensible" : "bot:" + r.bots[0]);
    if (i > 0 && before[i] && [...sel.options].some((o) => o.value === before[i])) sel.value = before[i];
    if (i === 0) sel.disabled = true; // you
    box.append(el("label", {}, "Seat " + (i + 1) + (i === 0 ? " (you) " : " "), sel));
  }
}
async function createTable(e) {
  e.preventDefault();
  showError("");
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const key = input.dataset.option;
    if (input.tagName === "SELECT") options[key] = JSON.parse(input.value);
    else if (input.type === "checkbox") options[key] = input.checked;
    else if (input.value !== "") options[key] = input.dataset.kind === "number" ? Number(input.value) : input.value;
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
    });
    const joined = await api("/api/tables/" + made.code + "/join", {
      name: $("my-name").value, seat: 0, character: $("my-character").value || null,
    });
    localStorage.setItem("cluedo-token-" + made.code, joined.token);
    location.href = joined.url;
  } catch (err) { showError(err.message); }
}

// ---------------------------------------------------------------- table
const T = {code: null, ws: null, seat: null, board: null, boardId: null, names: {},
           view: null, table: null, legal: [], log: [], notebookOpen: false, retry: 500,
           selected: {}, nb: null};
function name(id) { return T.names[id] || String(id).replace(/_/g, " "); }
function seatName(s) {
  if (s === null || s === undefined || !T.table) return String(s);
  const info = T.table.seats[s];
  if (!info) return "seat " + s;
  const who = info.name || ("seat " + (s + 1));
  return info.character ? who + " (" + name(info.character) + ")" : who;
}

async function showTable(code) {
  T.code = code;
  $("table").hidden = false;
  $("where").textContent = "table " + code;
  const params = new URLSearchParams(location.search);
  let token = params.get("token");
  if (token) localStorage.setItem("cluedo-token-" + code, token);
  else if (!params.has("spectate")) token = localStorage.getItem("cluedo-token-" + code);
  T.token = params.has("spectate") ? null : token;
  try {
    const info = await api("/api/tables/" + code);
    T.names = info.names || {};
    if (info.status === "lobby" && !T.token) offerSeats(info);
  } catch (err) { showError(err.message); return; }
  $("nb-toggle").addEventListener("click", () => {
    T.notebookOpen = !T.notebookOpen;
    $("notebook").hidden = !T.notebookOpen;
    $("nb-toggle").textContent = T.notebookOpen ? "hide" : "show";
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
  $("join-panel").hidden = false;
  const seatSel = $("join-seat");
  seatSel.replaceChildren();
  for (const s of info.seats) if (!s.taken) seatSel.append(el("option", {value: s.seat, text: "Seat " + (s.seat + 1)}));
  const charSel = $("join-character");
  charSel.replaceChildren(el("option", {value: "", text: "any"}));
  const rules = info.rules;
  api("/api/rules").then((cat) => {
    const r = cat.find((x) => x.name === rules);
    const taken = info.seats.map((s) => s.character);
    for (const c of (r ? r.characters : [])) if (!taken.includes(c)) charSel.append(el("option", {value: c, text: name(c)}));
  });
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
function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  let url = proto + "//" + location.host + "/ws/" + T.code;
  if (T.token) url += "?token=" + encodeURIComponent(T.token);
  else if (new URLSearchParams(location.search).has("spectate")) url += "?spectate=1";
  const ws = new WebSocket(url);
  T.ws = ws;
  ws.onopen = () => { T.retry = 500; T.nbAsked = false; document.body.dataset.connected = "yes"; };
  ws.onmessage = (m) => receive(JSON.parse(m.data));
  ws.onclose = (ev) => {
    document.body.dataset.connected = "no";
    if (ev.code === 4403 || ev.code === 4404) return; // wrong link: retrying will not help
    setTimeout(connect, T.retry);                     // lost connection: come back to the seat
    T.retry = Math.min(T.retry * 2, 2000);
  };
}
function send(message) {
  if (T.ws && T.ws.readyState === WebSocket.OPEN) T.ws.send(JSON.stringify(message));
  else showError("not connected; trying again");
}
function receive(frame) {
  if (frame.type === "hello") { T.seat = frame.seat; return; }
  if (frame.type === "error") { T.nbAsked = false; showError(frame.error + (frame.allowed ? " (allowed: " + frame.allowed + ")" : "")); return; }
  if (frame.type === "notebook") { notebookArrived(frame); return; }
  if (frame.type !== "update") return;
  showError("");
  T.table = frame.table;
  if (frame.log_start === 0) { T.log = []; $("log").replaceChildren(); }
  if (frame.chat.length === 0 && frame.log_start === 0 && !T.chatSeen) $("chat").replaceChildren();
  T.chatSeen = true;
  for (const line of frame.chat) addChat(line);
  T.view = frame.view;
  T.legal = frame.legal;
  $("actions").replaceChildren(); // never leave a stale action to click while the board loads
  for (const e of frame.log) { T.log.push(e); addLog(e); }
  drawStatus();
  if (T.view) {
    $("join-panel").hidden = true;
    loadBoard(T.view.board || "classic").then(() => { drawBoard(); drawActions(); });
    drawHand();
    if (T.notebookOpen) askNotebook();
  } else {
    drawActions();
  }
}

function drawStatus() {
  const t = T.table, v = T.view;
  const status = $("status");
  status.replaceChildren();
  const me = T.seat === null ? "You are watching." : "You are " + seatName(T.seat) + ".";
  status.append(el("div", {text: t.rules + " - " + me}));
  if (!v) status.append(el("div", {text: "Waiting for every seat to be taken."}));
  else if (v.finished) {
    const winners = (v.winners || []).map(seatName).join(", ") || "nobody";
    status.append(el("div", {id: "game-over", text: "Game over: " + winners + " won." +
      (v.envelope ? " The envelope held " + v.envelope.map(name).join(", ") + "." : "")}));
    status.append(el("a", {href: "/replay/" + T.code, text: "Replay with every card shown"}));
  } else {
    const waiting = v.to_act.map(seatName).join(", ");
    status.append(el("div", {id: "turn", text: v.to_act.includes(T.seat) ? "Your turn." : "Waiting for " + waiting + "."}));
  }
  $("invite").replaceChildren(
    el("span", {text: "Invite code " + T.code + " - "}),
    el("a", {href: "/t/" + T.code, text: "seat link"}), " · ",
    el("a", {href: "/t/" + T.code + "?spectate=1", text: "spectator link"}));
  $("shuffle").replaceChildren(shuffleLine(t.shuffle));
  const list = $("seat-list");
  list.replaceChildren();
  for (const s of t.seats) {
    const cls = [v && v.to_act.includes(s.seat) ? "to-act" : "", s.connected ? "" : "away"].join(" ");
    let text = "Seat " + (s.seat + 1) + ": " + (s.taken ? seatName(s.seat) : "free");
    if (s.kind === "person" && s.taken && !s.connected) text += " - away" + (s.standin ? ", a bot plays for now" : "");
    list.append(el("li", {class: cls, text}));
  }
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

const SHOWN_ELSEWHERE = new Set(["board", "positions", "weapons", "gems", "hand", "log_end", "options",
  "rules", "seat", "to_act", "characters", "finished", "winners", "outcome", "players", "edition", "current"]);
function drawHand() {
  const v = T.view;
  const hand = $("hand");
  hand.replaceChildren();
  for (const c of v.hand || []) hand.append(el("span", {class: "card", text: name(c)}));
  if (!(v.hand || []).length) hand.append(el("span", {text: T.seat === null ? "(spectators see no hands)" : "(no cards)"}));
  const facts = $("facts");
  facts.replaceChildren();
  for (const [k, val] of Object.entries(v)) {
    if (SHOWN_ELSEWHERE.has(k) || val === null || (Array.isArray(val) && !val.length)) continue;
    const text = describe(val);
    // Long entries (character sheets, say) fold away so the hand and actions stay in view.
    const body = text.length > 160 ? el("details", {}, el("summary", {text: text.slice(0, 60) + "…"}), text) : text;
    facts.append(el("dt", {text: k.replace(/_/g, " ")}), el("dd", {}, body));
  }
}
function describe(val) {
  if (Array.isArray(val)) return val.map(describe).join(", ");
  if (val && typeof val === "object") return Object.entries(val).map(([k, x]) => name(k) + ": " + describe(x)).join("; ");
  return typeof val === "string" ? name(val) : String(val);
}

// ---------------------------------------------------------------- log and chat
const SEAT_KEYS = new Set(["seat", "by", "suggester", "player", "target", "killer", "victim", "first", "from_seat", "to_seat"]);
function eventText(e) {
  const parts = [];
  for (const [k, v] of Object.entries(e)) {
    if (k === "kind") continue;
    if ((SEAT_KEYS.has(k) || (k === "to" && typeof v === "number")) && typeof v === "number") parts.push(k + " " + seatName(v));
    else parts.push(k.replace(/_/g, " ") + " " + describe(v));
  }
  return e.kind.replace(/_/g, " ") + (parts.length ? ": " + parts.join(", ") : "");
}
function addLog(e) {
  const list = $("log");
  list.append(el("li", {"data-kind": e.kind, text: eventText(e)}));
  list.scrollTop = list.scrollHeight;
}
function addChat(line) {
  const list = $("chat");
  list.append(el("li", {text: (line.name || "spectator") + ": " + line.text}));
  list.scrollTop = list.scrollHeight;
}

// ---------------------------------------------------------------- actions
function locKey(value) { return Array.isArray(value) ? value.join(",") : String(value); }
function drawActions() {
  const box = $("actions");
  box.replaceChildren();
  if (!T.legal.length) {
    box.append(el("span", {text: T.seat === null ? "Spectating." : "Nothing to do right now."}));
    return;
  }
  const kinds = new Map();
  for (const a of T.legal) {
    if (!kinds.has(a.kind)) kinds.set(a.kind, []);
    kinds.get(a.kind).push(a);
  }
  for (const [kind, actions] of kinds) {
    const params = Object.keys(actions[0]).filter((k) => k !== "kind");
    const label = kind.replace(/_/g, " ");
    if (!params.length) {
      box.append(el("button", {"data-kind": kind, onclick: () => act({kind})}, label));
      continue;
    }
    box.append(actionForm(kind, label, params, actions));
  }
}
// One drop-down per parameter; choosing a value narrows the others to what is still legal.
function actionForm(kind, label, params, actions) {
  const form = el("form", {"data-kind": kind});
  const selects = {};
  const refresh = () => {
    for (const p of params) {
      const others = params.filter((q) => q !== p);
      const fits = actions.filter((a) => others.every((q) => !selects[q].value || locKey(a[q]) === selects[q].value));
      const keep = selects[p].value;
      const values = [...new Map(fits.map((a) => [locKey(a[p]), a[p]])).entries()];
      selects[p].replaceChildren(el("option", {value: "", text: "- " + p.replace(/_/g, " ") + " -"}));
      for (const [key, raw] of values) selects[p].append(el("option", {value: key, text: valueLabel(p, raw)}));
      if (values.some(([key]) => key === keep)) selects[p].value = keep;
      else if (values.length === 1) selects[p].value = values[0][0];
    }
  };
  for (const p of params) {
    selects[p] = el("select", {name: p, "data-param": p, onchange: refresh});
    form.append(selects[p]);
  }
  refresh();
  form.append(el("button", {type: "submit"}, label));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const chosen = actions.find((a) => params.every((p) => locKey(a[p]) === selects[p].value));
    if (!chosen) { showError("choose every part of the " + label + " first"); return; }
    act(chosen);
  });
  return form;
}
function valueLabel(param, raw) {
  if (typeof raw === "number" && SEAT_KEYS.has(param)) return seatName(raw);
  if (Array.isArray(raw)) return "square " + raw.join(",");
  return name(raw);
}
function act(action) { send({type: "act", action}); }

// ---------------------------------------------------------------- board
const boards = {};
async function loadBoard(id) {
  if (!boards[id]) boards[id] = await api("/api/boards/" + encodeURIComponent(id));
  T.board = boards[id];
}
const COLOURS = {scarlet: "#d62828", mustard: "#e9b824", white: "#f5f5f5", green: "#2a9d4b",
  peacock: "#2563eb", plum: "#7b2d8e"};
function colour(id) {
  if (COLOURS[id]) return COLOURS[id];
  let h = 0;
  for (const ch of String(id)) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return "hsl(" + h + ",60%,50%)";
}
function roomCentre(room) {
  const sq = T.board.rooms[room].squares;
  const r = sq.reduce((s, q) => s + q[0], 0) / sq.length, c = sq.reduce((s, q) => s + q[1], 0) / sq.length;
  return [r, c];
}
function drawBoard() {
  const b = T.board, v = T.view, root = $("board");
  root.setAttribute("viewBox", "0 0 " + b.columns + " " + b.rows);
  root.replaceChildren();
  const roomOf = {}, wallOf = {};
  for (const [rid, room] of Object.entries(b.rooms)) for (const q of room.squares) roomOf[q] = rid;
  for (const [wid, squares] of Object.entries(b.walls)) for (const q of squares) wallOf[q] = wid;
  // Where a move may go: lit squares and rooms, clicked to move.
  const targets = new Map();
  for (const a of T.legal) {
    const keys = Object.keys(a).filter((k) => k !== "kind");
    if (keys.length === 1 && keys[0] === "to") targets.set(locKey(a.to), a);
  }
  for (let r = 0; r < b.rows; r++) {
    for (let c = 0; c < b.columns; c++) {
      const ch = b.grid[r][c];
      if (ch === "*") continue;
      const room = roomOf[[r, c]];
      let fill = room ? (v.safe_room === room ? "#b7e4c7" : "#d9c7a3") : wallOf[[r, c]] ? "#555" : "#f1e6c8";
      if (/[0-9]/.test(ch)) fill = "#e7d49b";
      const key = room || (r + "," + c);
      const rect = svg("rect", {x: c, y: r, width: 1, height: 1, fill,
        stroke: room ? "none" : "#c8b68a", "stroke-width": 0.03, "data-loc": key});
      if (targets.has(key)) {
        rect.classList.add("target");
        rect.addEventListener("click", () => act(targets.get(key)));
      }
      root.append(rect);
    }
  }
  for (const d of b.doors) {
    const [r, c] = d.square, [cr, cc] = d.corridor;
    root.append(svg("line", {x1: c + 0.5 + (cc - c) * 0.5, y1: r + 0.5 + (cr - r) * 0.5,
      x2: c + 0.5 + (cc - c) * 0.5 + (cr - r) * 0.4, y2: r + 0.5 + (cr - r) * 0.5 + (cc - c) * 0.4,
      stroke: "#8b5a2b", "stroke-width": 0.25}));
  }
  for (const rid of Object.keys(b.rooms)) {
    const [r, c] = roomCentre(rid);
    const t = svg("text", {x: c + 0.5, y: r + 0.2, class: "room-label"});
    t.textContent = name(rid) + (b.passages[rid] ? " ↗" : "");
    root.append(t);
  }
  // Tokens, weapons and gems: from whatever the view says stands where.
  const inRoom = {};
  const place = (loc) => {
    if (typeof loc === "string" && b.rooms[loc]) {
      const n = inRoom[loc] = (inRoom[loc] || 0) + 1;
      const [r, c] = roomCentre(loc);
      return [r + 0.9 + Math.floor((n - 1) / 4) * 0.9, c - 1.2 + ((n - 1) % 4) * 0.9];
    }
    if (Array.isArray(loc)) return [loc[0] + 0.5, loc[1] + 0.5];
    return null;
  };
  for (const g of v.gems || []) {
    const at = place(g);
    if (at) root.append(svg("path", {d: `M${at[1]} ${at[0] - 0.3}l0.25 0.3l-0.25 0.3l-0.25 -0.3z`, fill: "#18a8c9", "data-gem": "1"}));
  }
  for (const [w, loc] of Object.entries(v.weapons || {})) {
    const at = place(loc);
    if (!at) continue;
    const g = svg("g", {"data-weapon": w});
    g.append(svg("rect", {x: at[1] - 0.35, y: at[0] - 0.35, width: 0.7, height: 0.7, fill: "#777", rx: 0.1}));
    const t = svg("text", {x: at[1], y: at[0] + 0.15, "font-size": 0.45, fill: "#fff", "text-anchor": "middle"});
    t.textContent = name(w).slice(0, 2);
    g.append(t, svg("title", {}));
    g.lastChild.textContent = name(w);
    root.append(g);
  }
  const dead = new Set(v.dead || []);
  for (const [piece, loc] of Object.entries(v.positions || {})) {
    const at = place(loc);
    if (!at) continue;
    const circle = svg("circle", {cx: at[1], cy: at[0], r: 0.38, fill: colour(piece),
      stroke: dead.has(piece) ? "#000" : "#333", "stroke-width": 0.08, opacity: dead.has(piece) ? 0.35 : 1,
      "data-piece": piece});
    if (targets.has(locKey(loc))) circle.style.pointerEvents = "none";
    const title = svg("title", {});
    title.textContent = name(piece);
    circle.append(title);
    root.append(circle);
  }
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
        const cell = el("td", {class: cls, title, tabindex: "0", role: "button", "data-place": String(p.place),
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
  $("where").textContent = "replay of " + code;
  let data;
  try { data = await api("/api/tables/" + code + "/replay"); } catch (err) { showError(err.message); return; }
  T.table = data.table;
  T.names = (await api("/api/tables/" + code)).names || {};
  $("rp-reveal").textContent = describe(data.reveal);
  checkShuffle(data.shuffle, data.save.seed).then((text) => {
    $("rp-shuffle").textContent = text;
    $("rp-shuffle").dataset.verified = text.startsWith("verified") ? "yes" : "no";
  });
  let step = data.events.length;
  const draw = () => {
    $("rp-step").textContent = "event " + step + " of " + data.events.length;
    $("rp-log").replaceChildren(...data.events.slice(0, step).map((e) => el("li", {text: eventText(e)})));
  };
  const go = (n) => { step = Math.max(0, Math.min(data.events.length, n)); draw(); };
  $("rp-first").onclick = () => go(0);
  $("rp-prev").onclick = () => go(step - 1);
  $("rp-next").onclick = () => go(step + 1);
  $("rp-last").onclick = () => go(data.events.length);
  draw();
}

// ---------------------------------------------------------------- routing
const path = location.pathname.split("/").filter(Boolean);
if (path[0] === "t" && path[1]) showTable(decodeURIComponent(path[1]).toUpperCase());
else if (path[0] === "replay" && path[1]) showReplay(decodeURIComponent(path[1]).toUpperCase());
else showLobby();
