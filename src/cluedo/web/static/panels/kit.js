// What every rule set's panel (and the page itself) draws with: elements, names in
// words, seat tokens with initials, rows. Loaded by index.html before app.js, so a
// panel file holds only what is its rule set's own.
(function () {
  "use strict";
  const SVGNS = "http://www.w3.org/2000/svg";
  // The classic suspects' colours; other characters get the seat's colour from the server.
  const COLOURS = {scarlet: "#d62828", mustard: "#e9b824", white: "#f5f5f5", green: "#2a9d4b",
    peacock: "#2563eb", plum: "#7b2d8e"};

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
  function sv(tag, attrs, ...kids) {
    const node = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined) continue;
      if (k === "text") node.textContent = String(v);
      else node.setAttribute(k, String(v));
    }
    for (const kid of kids) if (kid) node.append(kid);
    return node;
  }
  // "lead_pipe" -> "lead pipe": an id in words, for ids the server sent no name for.
  function words(id) { return String(id).replace(/[_:-]+/g, " ").trim(); }
  function cap(text) { return text.charAt(0).toUpperCase() + text.slice(1); }
  function nameOf(ctx, id) {
    const names = (ctx && ctx.names) || {};
    return names[id] || cap(words(id));
  }
  function listing(items) {
    if (!items.length) return "none";
    if (items.length === 1) return items[0];
    return items.slice(0, -1).join(", ") + " and " + items[items.length - 1];
  }
  function plural(n, one, many) { return n + " " + (n === 1 ? one : (many || one + "s")); }
  function mySeat(frame) {
    const v = frame && frame.view;
    return v && typeof v.seat === "number" ? v.seat : null;
  }
  function seatName(frame, ctx, seat) {
    if (typeof seat !== "number") return "someone";
    if (seat === mySeat(frame)) return "you";
    const character = ((frame.view || {}).characters || [])[seat];
    if (character) return nameOf(ctx, character);
    if (ctx && typeof ctx.seatLabel === "function") return ctx.seatLabel(seat);
    return "another player";
  }
  // The seat (from the frame's seats) that plays ``character``, or null.
  function seatInfo(frame, character) {
    const seat = (((frame && frame.view) || {}).characters || []).indexOf(character);
    return seat >= 0 && Array.isArray(frame.seats) ? frame.seats.find((s) => s && s.seat === seat) || null : null;
  }
  function colourOf(frame, character) {
    const info = seatInfo(frame, character);
    return (info && info.colour) || COLOURS[character] || "#999";
  }
  // Initials by the server's rule (web/words.py): the first and last words' first
  // letters ("Reverend Green" -> "RG"), one letter for a one-word name.
  function initialsOf(name) {
    const all = String(name || "").replace(/-/g, " ").split(/\s+/).filter((w) => /^[\p{L}\p{N}]/u.test(w));
    if (!all.length) return "?";
    if (all.length === 1) return all[0].charAt(0).toUpperCase();
    return (all[0].charAt(0) + all[all.length - 1].charAt(0)).toUpperCase();
  }
  function initials(name, info) { return (info && info.initials) || initialsOf(name); }
  // Dark or light text, whichever reads on ``colour`` (#rrggbb or rgb(...); else white).
  function textOn(colour) {
    const hex = /#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(colour || "");
    const rgb = /rgb\((\d+),\s*(\d+),\s*(\d+)/.exec(colour || "");
    let r, g, b;
    if (hex) [r, g, b] = [1, 2, 3].map((i) => parseInt(hex[i], 16));
    else if (rgb) [r, g, b] = [+rgb[1], +rgb[2], +rgb[3]];
    else return "#fff";
    return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#111" : "#fff";
  }
  // A small token: a coloured disc with initials, so colour is never the only cue.
  function token(frame, ctx, character) {
    const name = nameOf(ctx, character);
    const fill = colourOf(frame, character);
    const box = sv("svg", {viewBox: "0 0 20 20", width: 22, height: 22, class: "vp-token", role: "img", "aria-label": name});
    box.append(sv("circle", {cx: 10, cy: 10, r: 9, fill, stroke: "#333", "stroke-width": 1.2}));
    box.append(sv("text", {x: 10, y: 13.5, "text-anchor": "middle", "font-size": 8.5, "font-weight": "bold",
      fill: textOn(fill), text: initials(name, seatInfo(frame, character))}));
    return box;
  }
  function row(label, ...value) {
    return el("div", {class: "vp-row"}, el("span", {class: "vp-label", text: label}), el("span", {class: "vp-value"}, ...value));
  }
  function at(list, seat) { return Array.isArray(list) && seat >= 0 && seat < list.length ? list[seat] : null; }

  // A panel that fails draws nothing rather than breaking the page.
  function guarded(fn) {
    return function (...args) {
      try { return fn(...args); } catch (err) { console.warn("variant panel:", err); return null; }
    };
  }
  // Offer a rule set's panel to the page (now, or when app.js asks for it later).
  function register(rules, impl) {
    const def = {panel: guarded(impl.panel), decorateBoard: guarded(impl.decorateBoard || function () {})};
    window.CluedoPanels = window.CluedoPanels || {};
    window.CluedoPanels[rules] = def;
    if (window.Cluedo && typeof window.Cluedo.registerPanel === "function") window.Cluedo.registerPanel(rules, def);
  }

  window.CluedoKit = Object.freeze({
    SVGNS, COLOURS, el, sv, words, cap, nameOf, listing, plural, mySeat, seatName,
    seatInfo, colourOf, initialsOf, initials, textOn, token, row, at, guarded, register,
  });
})();
