// The table-side notebook: a record of a real game kept in this browser, read by
// the server's exact notebook (POST /api/notebook), in the line format of
// `cluedo solve` (docs/solve.md) so that a record moves freely between the two.
"use strict";

const STORE = "cluedo.tableside.v1";
const SESSION_FORMAT = "cluedo-solve-session";
const NAME = /^[A-Za-z][A-Za-z0-9]{0,11}$/;

const $ = (id) => document.getElementById(id);
let record = load();       // {edition, lines}
let answer = null;         // the server's reading of the record
let setupHand = new Set(); // card ids tapped during set-up
let tab = "suggest";
let picks = {};            // the form's choices: role -> value

function load() {
  try {
    const data = JSON.parse(localStorage.getItem(STORE) || "null");
    if (data && Array.isArray(data.lines) && typeof data.edition === "string") return data;
  } catch (_) { /* a damaged store starts afresh */ }
  return { edition: "us", lines: [] };
}

function save() { localStorage.setItem(STORE, JSON.stringify(record)); }

function showError(text) {
  const box = $("error");
  box.textContent = text || "";
  box.hidden = !text;
}

async function ask(lines, advice = false) {
  const response = await fetch("/api/notebook", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ lines, edition: record.edition, advice }),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || "the notebook could not read that");
  return data;
}

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

function capital(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }

function cardName(id) {
  for (const group of answer.cards) for (const card of group.cards) if (card.id === id) return card.name;
  return id;
}
function cardCode(id) {
  for (const group of answer.cards) for (const card of group.cards) if (card.id === id) return card.code;
  return id;
}
function cardsOf(category) { return answer.cards.find((g) => g.category === category).cards; }
function playerName(id) {
  const p = answer.players.find((x) => x.id === id);
  return p ? p.name : id;
}
function started() { return answer && answer.deals !== null; }

// ---- set-up -------------------------------------------------------------

function typedPlayers() {
  return $("tn-players").value.trim().split(/\s+/).filter(Boolean);
}

function renderSetup() {
  const names = typedPlayers();
  const me = $("tn-me");
  const chosen = me.value;
  me.replaceChildren(el("option", { value: "" }, "choose yourself"));
  for (const name of names) me.append(el("option", { value: name.toLowerCase() }, name));
  me.value = names.some((n) => n.toLowerCase() === chosen) ? chosen : "";
  const hand = $("tn-hand");
  hand.replaceChildren();
  for (const group of answer.cards) {
    hand.append(el("h4", {}, capital(group.category) + "s"));
    for (const card of group.cards) {
      const button = el("button", { type: "button", "aria-pressed": String(setupHand.has(card.id)) }, card.name);
      button.addEventListener("click", () => {
        if (setupHand.has(card.id)) setupHand.delete(card.id); else setupHand.add(card.id);
        button.setAttribute("aria-pressed", String(setupHand.has(card.id)));
      });
      hand.append(button);
    }
  }
}

async function start() {
  const names = typedPlayers();
  const lower = names.map((n) => n.toLowerCase());
  if (names.length < 3 || names.length > 6) return showError("Name 3 to 6 players, in turn order.");
  const bad = names.find((n) => !NAME.test(n));
  if (bad) return showError(`"${bad}" cannot be a player's name here: use letters and digits, up to 12, starting with a letter.`);
  if (new Set(lower).size !== names.length) return showError("Two players have the same name.");
  const me = $("tn-me").value;
  if (!me) return showError("Say which player you are.");
  if (!setupHand.size) return showError("Tap the cards in your hand.");
  const lines = [
    `players ${names.join(" ")}`,
    `me ${me}`,
    `hand ${[...setupHand].map(cardCode).join(" ")}`,
  ];
  await submit(lines, true);
}

// ---- adding what happened ------------------------------------------------

const FORMS = {
  suggest: ["suggester", "suspect", "weapon", "room", "refuter", "card"],
  shown: ["shower", "card"],
  accuse: ["accuser", "suspect", "weapon", "room"],
};

function choices(role) {
  const players = answer.players;
  const others = players.filter((p) => !p.you);
  switch (role) {
    case "suggester": return ["Who made the suggestion?", players.map((p) => [p.id, p.you ? `${p.name} (you)` : p.name])];
    case "accuser": return ["Who accused, and was wrong?", players.map((p) => [p.id, p.you ? `${p.name} (you)` : p.name])];
    case "suspect": case "weapon": case "room":
      return [`Which ${role}?`, cardsOf(role).map((c) => [c.id, c.name])];
    case "refuter": {
      if (!picks.suggester) return null;
      const rest = players.filter((p) => p.id !== picks.suggester);
      return ["Who showed a card?", [...rest.map((p) => [p.id, p.you ? `${p.name} (you)` : p.name]), ["-", "Nobody could"]]];
    }
    case "card": {
      if (tab === "shown") return ["Which card were you shown?", answer.cards.flatMap((g) => g.cards.map((c) => [c.id, c.name]))];
      const mine = answer.players.find((p) => p.you);
      if (!picks.refuter || picks.refuter === "-" || picks.suggester !== mine.id) return null;
      const three = ["suspect", "weapon", "room"].map((r) => picks[r]).filter(Boolean);
      if (three.length < 3) return null;
      return ["Which card were you shown?", three.map((id) => [id, cardName(id)])];
    }
    case "shower": return ["Who showed you a card (outside a suggestion)?", others.map((p) => [p.id, p.name])];
    default: return null;
  }
}

function renderForm() {
  const form = $("tn-form");
  form.replaceChildren();
  for (const role of FORMS[tab]) {
    const spec = choices(role);
    if (!spec) { delete picks[role]; continue; }
    const [question, options] = spec;
    const group = el("div", { class: "tn-choice", role: "group", "aria-label": question });
    group.append(el("span", {}, question));
    const row = el("div");
    for (const [value, label] of options) {
      const button = el("button", { type: "button", "aria-pressed": String(picks[role] === value) }, label);
      button.addEventListener("click", () => {
        picks[role] = picks[role] === value ? undefined : value;
        if (role === "suggester") { delete picks.refuter; delete picks.card; }
        renderForm();
      });
      row.append(button);
    }
    group.append(row);
    form.append(group);
  }
  const line = formLine();
  $("tn-add").disabled = !line;
  $("tn-prompt").textContent = line ? formSentence() : "";
}

function formLine() {
  const p = picks;
  const code = cardCode;
  if (tab === "suggest") {
    if (!p.suggester || !p.suspect || !p.weapon || !p.room || !p.refuter) return null;
    const mine = answer.players.find((x) => x.you);
    const seen = p.suggester === mine.id && p.refuter !== "-";
    if (seen && !p.card) return null;
    const after = p.refuter === "-" ? "-" : p.refuter + (seen ? ` ${code(p.card)}` : "");
    return `${p.suggester}: ${code(p.suspect)} ${code(p.weapon)} ${code(p.room)} > ${after}`;
  }
  if (tab === "shown") return p.shower && p.card ? `shown ${p.shower} ${code(p.card)}` : null;
  if (!p.accuser || !p.suspect || !p.weapon || !p.room) return null;
  return `accuse ${p.accuser}: ${code(p.suspect)} ${code(p.weapon)} ${code(p.room)}`;
}

function who(id) {
  const p = answer.players.find((x) => x.id === id);
  return p && p.you ? "you" : playerName(id);
}

function formSentence() {
  const p = picks;
  if (tab === "suggest") {
    const head = `${capital(who(p.suggester))} suggested ${cardName(p.suspect)} with the ${cardName(p.weapon)} in the ${cardName(p.room)}`;
    if (p.refuter === "-") return `${head}; nobody could show a card.`;
    const card = p.card ? `the ${cardName(p.card)}` : "a card";
    return `${head}; ${who(p.refuter)} showed ${who(p.suggester)} ${card}.`;
  }
  if (tab === "shown") return `${capital(who(p.shower))} showed you the ${cardName(p.card)}.`;
  return `${capital(who(p.accuser))} accused ${cardName(p.suspect)} with the ${cardName(p.weapon)} in the ${cardName(p.room)}, and was wrong.`;
}

async function add() {
  const line = formLine();
  if (!line) return;
  if (await submit([...record.lines, line], false)) {
    picks = {};
    renderForm();
  }
}

// ---- talking to the notebook ---------------------------------------------

// Ask the notebook about `lines`; keep them only if every line reads.
async function submit(lines, replace) {
  try {
    const reply = await ask(lines);
    if (reply.error) {
      showError(`That cannot be right: ${reply.error.message}`);
      return false;
    }
    record.lines = lines;
    save();
    showError("");
    answer = reply;
    render();
    return true;
  } catch (err) {
    showError(`The notebook could not be reached: ${err.message}. Nothing was lost; try again.`);
    return false;
  } finally {
    if (replace) renderSetupVisibility();
  }
}

function renderSetupVisibility() {
  const on = started();
  $("setup").hidden = on;
  for (const id of ["record", "result", "history"]) $(id).hidden = !on;
}

function percent(p) {
  if (p === 1) return "✓";
  if (p === 0) return "–";
  const value = p * 100;
  return value < 1 ? "<1%" : `${Math.round(value)}%`;
}

function renderGrid() {
  const table = $("tn-grid");
  table.replaceChildren();
  const places = [...answer.players.map((p) => [p.id, p.you ? `${p.name} (you)` : p.name]), ["envelope", "Envelope"]];
  const head = el("tr");
  head.append(el("th", { class: "corner", scope: "col" }, "Card"));
  for (const [, label] of places) {
    const th = el("th", { class: "place", scope: "col" });
    th.append(el("span", {}, label));
    head.append(th);
  }
  table.append(head);
  for (const group of answer.cards) {
    const cat = el("tr", { class: "cat" });
    cat.append(el("th", { colspan: String(places.length + 1), scope: "colgroup" }, capital(group.category) + "s"));
    table.append(cat);
    for (const card of group.cards) {
      const row = el("tr");
      row.append(el("th", { class: "name", scope: "row" }, card.name));
      for (const [place, label] of places) {
        const p = answer.grid[card.id][place];
        const mark = percent(p);
        const words = p === 1 ? "certainly" : p === 0 ? "certainly not" : `${mark} chance`;
        const cls = p === 1 ? (place === "envelope" ? "env" : "has") : p === 0 ? "not" : place === "envelope" && p >= 0.5 ? "env-likely" : "";
        row.append(el("td", { class: cls, "aria-label": `${card.name}: ${label}, ${words}` }, mark));
      }
      table.append(row);
    }
  }
}

function render() {
  renderSetupVisibility();
  if (!started()) { renderSetup(); return; }
  const solved = $("tn-solved");
  solved.hidden = !answer.solved;
  solved.textContent = answer.solved ? `Solved: ${answer.solved.join(", ")}. Accuse when your turn comes.` : "";
  $("tn-deals").textContent = `${answer.deals.toLocaleString("en")} ways the cards could have been dealt fit your record.`;
  const envelopes = $("tn-envelopes");
  envelopes.replaceChildren();
  for (const env of answer.envelopes) {
    envelopes.append(el("li", {}, `${env.cards.join(", ")}: ${percent(env.probability)}`));
  }
  $("tn-advice-list").replaceChildren();
  const lines = $("tn-lines");
  lines.replaceChildren();
  answer.lines.forEach((line, i) => {
    const said = answer.said[i] || setupWords(line);
    lines.append(el("li", {}, capital(said) + "."));
  });
  renderGrid();
  renderForm();
}

function setupWords(line) {
  const [head, ...rest] = line.split(/\s+/);
  if (head === "players") return `players in turn order: ${rest.join(", ")}`;
  if (head === "me") return `you are ${playerName(rest[0])}`;
  if (head === "hand") {
    const ids = rest.map((code) => answer.codes[code] || code);
    return `your cards: ${ids.map(cardName).join(", ")}`;
  }
  return line;
}

async function advice() {
  const list = $("tn-advice-list");
  list.replaceChildren(el("li", {}, "Thinking…"));
  try {
    const reply = await ask(record.lines, true);
    list.replaceChildren();
    for (const pick of reply.advice || []) {
      list.append(el("li", {}, `Suggest ${pick.cards[0]} with the ${pick.cards[1]} in the ${pick.cards[2]} (it teaches about ${pick.bits.toFixed(2)} bits).`));
    }
    if (!list.children.length) list.append(el("li", {}, "Nothing left to learn: accuse."));
  } catch (err) {
    list.replaceChildren();
    showError(`No advice now: ${err.message}`);
  }
}

async function undo() {
  if (!record.lines.length) return;
  const lines = record.lines.slice(0, -1);
  // Undoing the hand goes back to the set-up, keeping the names typed.
  if (lines.length < 3) { await newGame(false); return; }
  await submit(lines, true);
}

async function newGame(confirmFirst = true) {
  if (confirmFirst && record.lines.length && !window.confirm("Forget this game's record?")) return;
  const players = answer && answer.players.length ? answer.players.map((p) => p.name).join(" ") : "";
  record = { edition: record.edition, lines: [] };
  save();
  setupHand = new Set();
  picks = {};
  answer = await ask([]);
  $("tn-players").value = players;
  render();
}

function exportRecord() {
  const data = { format: SESSION_FORMAT, version: 1, edition: record.edition, lines: record.lines };
  const blob = new Blob([JSON.stringify(data, null, 1) + "\n"], { type: "application/json" });
  const link = el("a", { href: URL.createObjectURL(blob), download: "cluedo-notebook.json" });
  document.body.append(link);
  link.click();
  link.remove();
}

async function importRecord(file) {
  const text = await file.text();
  let lines;
  let edition = record.edition;
  try {
    if (text.trim().startsWith("{")) {
      const data = JSON.parse(text);
      if (data.format !== SESSION_FORMAT || !Array.isArray(data.lines)) throw new Error(`a record saved by cluedo solve (format "${SESSION_FORMAT}")`);
      lines = data.lines;
      edition = data.edition === "uk" ? "uk" : "us";
    } else {
      lines = text.split(/\r?\n/).map((l) => l.split("#")[0].split(";")[0].trim()).filter(Boolean);
    }
  } catch (err) {
    return showError(`That file is not a record: expected ${err.message}`);
  }
  const before = record.edition;
  record.edition = edition;
  const reply = await ask(lines).catch((err) => ({ error: { line: 0, message: err.message } }));
  if (reply.error) {
    record.edition = before;
    return showError(`The record was not imported (line ${reply.error.line}: ${reply.error.message}); your notebook is unchanged.`);
  }
  record.lines = lines;
  save();
  answer = reply;
  $("tn-edition").value = edition;
  showError("");
  render();
}

// ---- wiring ----------------------------------------------------------------

function wire() {
  $("tn-players").addEventListener("input", renderSetup);
  $("tn-edition").addEventListener("change", async () => {
    record.edition = $("tn-edition").value;
    save();
    answer = await ask(record.lines);
    render();
  });
  $("tn-start").addEventListener("click", start);
  $("tn-add").addEventListener("click", add);
  $("tn-clear-form").addEventListener("click", () => { picks = {}; renderForm(); });
  $("tn-undo").addEventListener("click", undo);
  $("tn-advice").addEventListener("click", advice);
  $("tn-export").addEventListener("click", exportRecord);
  $("tn-new").addEventListener("click", () => newGame(true));
  $("tn-import").addEventListener("change", (event) => {
    const file = event.target.files[0];
    if (file) importRecord(file);
    event.target.value = "";
  });
  for (const button of document.querySelectorAll("[role=tab]")) {
    button.addEventListener("click", () => {
      tab = button.dataset.tab;
      picks = {};
      for (const other of document.querySelectorAll("[role=tab]")) other.setAttribute("aria-selected", String(other === button));
      renderForm();
    });
  }
}

async function main() {
  wire();
  $("tn-edition").value = record.edition;
  try {
    answer = await ask(record.lines);
    if (answer.error) {
      // A stored record that no longer reads: keep what does, say what did not.
      record.lines = record.lines.slice(0, answer.error.line - 1);
      save();
      showError(`Line ${answer.error.line} of the stored record was set aside: ${answer.error.message}`);
      answer = await ask(record.lines);
    }
  } catch (err) {
    showError(`The notebook could not be reached: ${err.message}`);
    return;
  }
  render();
}

main();
