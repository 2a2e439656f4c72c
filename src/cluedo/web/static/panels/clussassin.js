// Clussassin's panel: your target, kill zones, specialty weapons and the safe room,
// and on the board the squares in your line of sight and your attack range.
// Everything comes from the seat's own view; nothing hidden is worked out here.
(function () {
  "use strict";
  const RULES = "clussassin";
  const {el, sv, nameOf, listing, plural, mySeat, token, row, register} = window.CluedoKit;
  const SIGHT_REACH = 6;  // a witness this close and in sight spoils a hallway attack
  const ATTACK_REACH = 3; // a target this close and in sight can be attacked

  function chip(text, cls, label) {
    return el("span", {class: "vp-chip " + (cls || ""), "aria-label": label || null, text});
  }

  // -- geometry on the board ---------------------------------------------------------------
  function geometry(ctx) {
    const g = ctx && ctx.boardGeometry;
    if (!g || typeof g.toXY !== "function") return null;
    const size = Number(g.squareSize) || 1;
    // toXY may give a square's corner or its centre: find out once, from square 0,0.
    const zero = g.toXY([0, 0]);
    const centred = Math.abs(zero[0] - (Number(g.originX) || 0)) > size / 4;
    const corner = (sq) => {
      const [x, y] = g.toXY(sq);
      return centred ? [x - size / 2, y - size / 2] : [x, y];
    };
    return {size, corner, centre: (sq) => { const [x, y] = corner(sq); return [x + size / 2, y + size / 2]; }};
  }
  function roomBox(svg, ctx, geo, room) {
    const squares = ctx && ctx.board && ctx.board.rooms && ctx.board.rooms[room] && ctx.board.rooms[room].squares;
    if (squares && squares.length) {
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (const sq of squares) {
        const [x, y] = geo.corner(sq);
        x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x + geo.size); y1 = Math.max(y1, y + geo.size);
      }
      return {x: x0, y: y0, w: x1 - x0, h: y1 - y0};
    }
    // Without the board's data: the squares the page drew for the room.
    const rects = svg.querySelectorAll("rect[data-loc='" + CSS.escape(room) + "']");
    if (!rects.length) return null;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const r of rects) {
      const x = +r.getAttribute("x"), y = +r.getAttribute("y"), w = +r.getAttribute("width"), h = +r.getAttribute("height");
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x + w); y1 = Math.max(y1, y + h);
    }
    return {x: x0, y: y0, w: x1 - x0, h: y1 - y0};
  }
  function pieceAt(svg, ctx, geo, piece, loc) {
    const drawn = svg.querySelector("[data-piece='" + CSS.escape(piece) + "']");
    if (drawn && drawn.tagName.toLowerCase() === "circle") return [+drawn.getAttribute("cx"), +drawn.getAttribute("cy")];
    if (Array.isArray(loc)) return geo.centre(loc);
    if (typeof loc === "string") {
      const box = roomBox(svg, ctx, geo, loc);
      if (box) return [box.x + box.w / 2, box.y + box.h / 2];
    }
    return null;
  }
  const manhattan = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]);

  // -- the panel -------------------------------------------------------------------------------
  function panel(frame, ctx) {
    if (!frame || !frame.view) return null; // no game yet: nothing of the rule set's to show
    const v = (frame && frame.view) || {};
    const me = mySeat(frame);
    const characters = v.characters || [];
    const mine = me !== null ? characters[me] : null;
    const dead = new Set(v.dead || []);
    const root = el("section", {class: "vp vp-clussassin", "aria-label": "Clussassin: the hunt"});
    root.append(el("h3", {text: mine ? "Your hunt" : "The hunt"}));

    if (mine && dead.has(mine)) {
      const kill = (v.kills || []).find((k) => Array.isArray(k) && k[1] === mine);
      root.append(el("p", {class: "vp-dead", text: "You are dead" + (kill ? ", killed by " + nameOf(ctx, kill[0]) : "") + "."}));
    } else if (mine && typeof v.target === "string") {
      const reach = v.can_attack === true;
      const card = el("div", {class: "vp-target" + (reach ? " vp-in-reach" : ""), "data-target": v.target},
        token(frame, ctx, v.target),
        el("div", {},
          el("div", {class: "vp-big", text: "Your target: " + nameOf(ctx, v.target)}),
          el("div", {class: "vp-reach", text: reach ? "In reach now: you may attack." : "Out of reach for now."})));
      root.append(card);
      const carried = ((v.carried || {})[mine]) || [];
      root.append(row("Kill zones", ...cardChips(ctx, v.kill_zones, "vp-room", (id) =>
        id === v.safe_room ? " (the safe room: no attacks there)" : "")));
      root.append(row("Specialty weapons", ...cardChips(ctx, v.specialties, "vp-weapon", (id) =>
        carried.includes(id) ? " (carried: an extra die)" : "")));
      if (carried.length) root.append(row("You carry", ...cardChips(ctx, carried, "vp-weapon")));
    }
    if (typeof v.safe_room === "string") {
      const safeChip = chip(nameOf(ctx, v.safe_room), "vp-safe", "Safe room: " + nameOf(ctx, v.safe_room));
      safeChip.prepend(shield(), " ");
      root.append(row("Safe room", safeChip,
        el("span", {class: "vp-note", text: " No attacks there; leave it the turn after you enter."})));
    }
    const sight = Array.isArray(v.in_sight) ? v.in_sight : [];
    if (mine && !dead.has(mine)) {
      const here = (v.positions || {})[mine];
      if (Array.isArray(here) && sight.length) {
        const inRange = sight.filter((sq) => manhattan(sq, here) <= ATTACK_REACH).length;
        root.append(el("div", {class: "vp-legend", "data-sight": String(sight.length)},
          el("div", {}, el("span", {class: "vp-swatch vp-swatch-sight", "aria-hidden": "true"}),
            " Dotted: " + plural(sight.length, "square") + " in your line of sight (up to " + SIGHT_REACH +
            " squares). Anyone there sees you and spoils an attack in the hallway."),
          el("div", {}, el("span", {class: "vp-swatch vp-swatch-range", "aria-hidden": "true"}),
            " Hatched: your attack range, " + plural(inRange, "square") + " within " + ATTACK_REACH + " in sight.")));
      } else if (typeof here === "string") {
        root.append(el("p", {class: "vp-note", text: "You are in " + nameOf(ctx, here) +
          ": in a room you can attack your target only when you are alone with them."}));
      }
    }
    // The table: who is still alive, and the kills so far.
    const alive = Object.keys(v.positions || {}).filter((c) => !dead.has(c));
    if (alive.length || dead.size) {
      const list = el("ul", {class: "vp-people", "aria-label": "Characters"});
      for (const c of [...alive, ...dead]) {
        const isDead = dead.has(c);
        const count = (v.card_counts || {})[c];
        const bits = [nameOf(ctx, c) + (c === mine ? " (you)" : "")];
        if (isDead) bits.push("dead");
        else if (typeof count === "number") bits.push(plural(count, "card"));
        const carried = ((v.carried || {})[c]) || [];
        if (carried.length) bits.push("carries " + listing(carried.map((w) => nameOf(ctx, w))));
        list.append(el("li", {class: isDead ? "vp-gone" : ""}, token(frame, ctx, c), " " + bits.join(", ")));
      }
      root.append(el("h4", {text: "Characters"}), list);
    }
    const kills = (v.kills || []).filter((k) => Array.isArray(k) && k.length >= 2);
    const who = (c, start) => c === mine ? (start ? "You" : "you") : nameOf(ctx, c);
    root.append(row("Kills", kills.length ? kills.map((k) => who(k[0], true) + " killed " + who(k[1], false)).join("; ") : "none yet"));
    return root;
  }
  function shield() {
    const icon = sv("svg", {viewBox: "0 0 20 20", width: 14, height: 14, "aria-hidden": "true", class: "vp-icon"});
    icon.append(sv("path", {d: "M10 1 L18 4 V10 C18 15 14 18 10 19 C6 18 2 15 2 10 V4 Z", fill: "#1b7f3b", stroke: "#0d4020"}));
    icon.append(sv("path", {d: "M6 10 L9 13 L14 7", fill: "none", stroke: "#fff", "stroke-width": 2}));
    return icon;
  }
  function cardChips(ctx, ids, cls, extra) {
    const list = Array.isArray(ids) ? ids : [];
    if (!list.length) return ["none"];
    return list.map((id) => chip(nameOf(ctx, id) + (extra ? extra(id) : ""), cls));
  }

  // -- on the board: line of sight, attack range, the target and the safe room --------------
  function decorateBoard(svg, frame, ctx) {
    const v = (frame && frame.view) || {};
    const geo = geometry(ctx);
    if (!svg || !geo) return;
    for (const old of svg.querySelectorAll(".vp-overlay")) old.remove();
    const layer = sv("g", {class: "vp-overlay", "pointer-events": "none"});
    const defs = sv("defs");
    const hatch = sv("pattern", {id: "vp-hatch", width: geo.size / 3, height: geo.size / 3,
      patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)"});
    hatch.append(sv("rect", {width: geo.size / 3, height: geo.size / 3, fill: "#e63946", "fill-opacity": 0.35}));
    hatch.append(sv("line", {x1: 0, y1: 0, x2: 0, y2: geo.size / 3, stroke: "#9b1d20", "stroke-width": geo.size / 8}));
    defs.append(hatch);
    layer.append(defs);

    if (typeof v.safe_room === "string") {
      const box = roomBox(svg, ctx, geo, v.safe_room);
      if (box) {
        const safe = sv("g", {class: "vp-safe-room", role: "img", "aria-label": "Safe room: " + nameOf(ctx, v.safe_room)});
        safe.append(sv("rect", {x: box.x + geo.size * 0.1, y: box.y + geo.size * 0.1, width: box.w - geo.size * 0.2,
          height: box.h - geo.size * 0.2, rx: geo.size * 0.3, fill: "none", stroke: "#1b7f3b", "stroke-width": geo.size * 0.15,
          "stroke-dasharray": geo.size * 0.4 + " " + geo.size * 0.2}));
        safe.append(sv("text", {x: box.x + box.w / 2, y: box.y + box.h - geo.size * 0.4, "text-anchor": "middle",
          "font-size": geo.size * 0.6, fill: "#1b7f3b", "font-weight": "bold", text: "safe room"}));
        layer.append(safe);
      }
    }

    const me = mySeat(frame);
    const mine = me !== null ? (v.characters || [])[me] : null;
    const here = mine ? (v.positions || {})[mine] : null;
    const sight = Array.isArray(v.in_sight) ? v.in_sight.filter((sq) => Array.isArray(sq) && sq.length === 2) : [];
    if (Array.isArray(here) && sight.length) {
      const inRange = sight.filter((sq) => manhattan(sq, here) <= ATTACK_REACH);
      const group = sv("g", {class: "vp-sight", role: "img", "aria-label": sight.length + " squares in your line of sight; " +
        inRange.length + " of them within your attack range"});
      for (const sq of sight) {
        const [x, y] = geo.corner(sq);
        const near = manhattan(sq, here) <= ATTACK_REACH;
        group.append(sv("rect", {x: x + geo.size * 0.06, y: y + geo.size * 0.06, width: geo.size * 0.88, height: geo.size * 0.88,
          class: near ? "vp-range-square" : "vp-sight-square", "data-square": sq.join(","),
          fill: near ? "url(#vp-hatch)" : "#4cc9f0", "fill-opacity": near ? 1 : 0.4,
          stroke: near ? "#9b1d20" : "#0a6c8a", "stroke-width": geo.size * 0.06,
          "stroke-dasharray": near ? null : geo.size * 0.15 + " " + geo.size * 0.1}));
      }
      // Under the tokens, so every token stays clear above its square.
      const tokens = svg.querySelector(":scope > g.tokens");
      const under = sv("g", {class: "vp-overlay", "pointer-events": "none"}, group);
      if (tokens) svg.insertBefore(under, tokens);
      else layer.append(group);
    }
    // The target ringed, wherever it stands (positions are public).
    if (mine && typeof v.target === "string" && !(v.dead || []).includes(mine)) {
      const at = pieceAt(svg, ctx, geo, v.target, (v.positions || {})[v.target]);
      if (at) {
        const ring = sv("g", {class: "vp-target-ring", role: "img", "aria-label": "Your target, " + nameOf(ctx, v.target)});
        ring.append(sv("circle", {cx: at[0], cy: at[1], r: geo.size * 0.62, fill: "none", stroke: "#9b1d20",
          "stroke-width": geo.size * 0.1, "stroke-dasharray": geo.size * 0.25 + " " + geo.size * 0.12}));
        for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          ring.append(sv("line", {x1: at[0] + dx * geo.size * 0.5, y1: at[1] + dy * geo.size * 0.5,
            x2: at[0] + dx * geo.size * 0.8, y2: at[1] + dy * geo.size * 0.8, stroke: "#9b1d20", "stroke-width": geo.size * 0.1}));
        }
        layer.append(ring);
      }
    }
    svg.append(layer);
  }

  // A panel never breaks the page: a frame it cannot read shows less, not an error.
  register(RULES, {panel, decorateBoard});
})();
