// The classic game's panel: it has nothing of its own beyond the shared page, so it
// shows only the secret passages' legend (where each corner room's passage leads),
// when the page hands over the board.
(function () {
  "use strict";
  const RULES = "classic";

  function el(tag, attrs, ...kids) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") node.textContent = String(v);
      else node.setAttribute(k, v === true ? "" : String(v));
    }
    for (const kid of kids) if (kid !== null && kid !== undefined && kid !== false) node.append(kid);
    return node;
  }
  function nameOf(ctx, id) {
    const names = (ctx && ctx.names) || {};
    if (names[id]) return names[id];
    const w = String(id).replace(/[_:-]+/g, " ").trim();
    return w.charAt(0).toUpperCase() + w.slice(1);
  }
  function ensureStyles() {
    if (document.querySelector("link[data-panels-css]")) return;
    document.head.append(el("link", {rel: "stylesheet", href: "/static/panels/panels.css", "data-panels-css": "1"}));
  }

  function panel(frame, ctx) {
    const passages = ctx && ctx.board && ctx.board.passages;
    if (!passages || typeof passages !== "object") return null;
    ensureStyles();
    // Each passage once: Kitchen - Study, not also Study - Kitchen.
    const pairs = [];
    const seen = new Set();
    for (const [from, to] of Object.entries(passages)) {
      if (typeof to !== "string" || seen.has(from)) continue;
      seen.add(from); seen.add(to);
      pairs.push([from, to]);
    }
    if (!pairs.length) return null;
    const list = el("ul", {class: "vp-passages"});
    for (const [a, b] of pairs) list.append(el("li", {text: nameOf(ctx, a) + " ↔ " + nameOf(ctx, b)}));
    return el("section", {class: "vp vp-classic", "aria-label": "Secret passages"},
      el("h3", {text: "Secret passages"}), list,
      el("p", {class: "vp-note", text: "From a corner room you may take its passage instead of rolling."}));
  }
  function decorateBoard() {}

  function guarded(fn) {
    return function (...args) {
      try { return fn(...args); } catch (err) { console.warn("variant panel:", err); return null; }
    };
  }
  const def = {panel: guarded(panel), decorateBoard: guarded(decorateBoard)};
  window.CluedoPanels = window.CluedoPanels || {};
  window.CluedoPanels[RULES] = def;
  if (window.Cluedo && typeof window.Cluedo.registerPanel === "function") window.Cluedo.registerPanel(RULES, def);
})();
