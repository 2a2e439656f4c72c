// Pendragon's panel: the knights' character sheets as cards, the reward cards, the
// trait and skill rolls with the d20 shown, the chamber with the Staircase, and at the
// end the game master's report laid out. Everything comes from the seat's own view.
(function () {
  "use strict";
  const RULES = "pendragon";
  const {el, sv, words, listing, plural, mySeat, row, at, register} = window.CluedoKit;
  const STAIRCASE = "staircase";
  const D20 = 20;
  // Opposed traits, as the sheet pairs them.
  const PAIRS = [["energetic", "lazy"], ["temperate", "indulgent"], ["humility", "pride"], ["pious", "worldly"]];
  const RESULTS = {critical: "a critical success", success: "a success", failure: "a failure", fumble: "a fumble"};

  function titled(text) { return text.replace(/\b([a-z])/g, (m) => m.toUpperCase()); }
  function nameOf(ctx, id) {
    const names = (ctx && ctx.names) || {};
    if (names[id]) return names[id];
    if (id === STAIRCASE) return "the chamber with the Staircase";
    return titled(words(id));
  }
  // A room after "in" or "from": "the Chapel", "the chamber with the Staircase".
  function theRoom(ctx, room) {
    const name = nameOf(ctx, room);
    return /^the /i.test(name) ? name : "the " + name;
  }
  // A trait or skill as the sheet writes it: "weapon:sword" is Sword, "play:harp" Play Harp.
  function statName(stat) {
    const s = String(stat);
    const bare = s.split(":").pop();
    return (s.startsWith("play:") ? "Play " : "") + titled(words(bare));
  }
  function rewardName(ctx, id) {
    const names = (ctx && ctx.names) || {};
    return names[id] || titled(words(id));
  }
  function knight(frame, seat) {
    const v = (frame && frame.view) || {};
    const list = v.knights || v.characters || [];
    return typeof list[seat] === "string" ? list[seat] : "a knight";
  }

  // -- the d20 ---------------------------------------------------------------------------------
  function d20(roll, result) {
    const label = "a d20 showing " + roll + (result ? ", " + (RESULTS[result] || words(result)) : "");
    const box = sv("svg", {viewBox: "0 0 40 40", width: 44, height: 44, class: "vp-d20 vp-" + (result || "plain"), role: "img", "aria-label": label});
    // An icosahedron seen face on: a hexagon with its inner triangle.
    box.append(sv("polygon", {points: "20,2 36,11 36,29 20,38 4,29 4,11", class: "vp-d20-body"}));
    box.append(sv("polygon", {points: "20,8 31,27 9,27", fill: "none", class: "vp-d20-edge"}));
    box.append(sv("text", {x: 20, y: 23.5, "text-anchor": "middle", "font-size": 11, "font-weight": "bold", class: "vp-d20-text", text: String(roll)}));
    return box;
  }
  function rollLine(ctx, r, who) {
    const result = RESULTS[r.result] || words(String(r.result));
    const text = (who ? who + " rolled " : "") + statName(r.stat) + " (" + r.value + ") in " + theRoom(ctx, r.room) +
      ": " + r.roll + " on the d20, " + result + (r.checked ? "; the box is checked." : ".");
    return el("div", {class: "vp-roll", "data-result": String(r.result)}, d20(r.roll, r.result), el("span", {text}));
  }

  function shield() {
    const icon = sv("svg", {viewBox: "0 0 20 20", width: 18, height: 18, "aria-hidden": "true", class: "vp-icon"});
    icon.append(sv("path", {d: "M10 1 L18 4 V10 C18 15 14 18 10 19 C6 18 2 15 2 10 V4 Z", fill: "#7a1f2b", stroke: "#3b0d14"}));
    icon.append(sv("path", {d: "M10 4 V16 M5 8 H15", stroke: "#f5d27a", "stroke-width": 2}));
    return icon;
  }

  // -- character sheets --------------------------------------------------------------------
  function statCell(name, value, checked) {
    const v = typeof value === "number" ? value : 0;
    const bar = el("span", {class: "vp-statbar", "aria-hidden": "true"});
    const fill = el("span", {class: "vp-statfill"});
    fill.style.width = Math.round(Math.min(v, D20) / D20 * 100) + "%";
    bar.append(fill);
    return el("div", {class: "vp-stat" + (checked ? " vp-checked" : ""), "aria-label": name + " " + v + (checked ? ", box checked" : "")},
      el("span", {class: "vp-box", "aria-hidden": "true", text: checked ? "☑" : "☐"}),
      el("span", {class: "vp-statname", text: name}), bar, el("span", {class: "vp-statvalue", text: String(v)}));
  }
  function sheetCard(ctx, sheet, rolls, mine, extra) {
    const checked = new Set((rolls || []).filter((r) => r && r.checked).map((r) => String(r.stat)));
    const name = sheet.name || "a knight";
    const card = el("article", {class: "vp-sheet" + (mine ? " vp-mine" : ""), "aria-label": "Character sheet of " + name,
      "data-knight": name});
    card.append(el("header", {class: "vp-sheet-head"}, shield(),
      el("strong", {text: name + (mine ? " (you)" : "")})));
    const traits = sheet.traits || {};
    const traitBox = el("div", {class: "vp-traits"});
    const paired = new Set();
    for (const [a, b] of PAIRS) {
      if (!(a in traits) && !(b in traits)) continue;
      paired.add(a); paired.add(b);
      traitBox.append(el("div", {class: "vp-pair"}, statCell(statName(a), traits[a], checked.has(a)),
        statCell(statName(b), traits[b], checked.has(b))));
    }
    for (const [k, value] of Object.entries(traits)) if (!paired.has(k)) traitBox.append(statCell(statName(k), value, checked.has(k)));
    card.append(el("h5", {text: "Traits"}), traitBox);
    const section = (title, stats, prefix) => {
      const entries = Object.entries(stats || {});
      if (!entries.length) return;
      const box = el("div", {class: "vp-skills"});
      for (const [k, value] of entries) box.append(statCell(statName(prefix + k), value, checked.has(prefix + k)));
      card.append(el("h5", {text: title}), box);
    };
    section("Skills", sheet.skills, "");
    section("Weapon skills", sheet.weapons, "weapon:");
    section("Instruments", sheet.instruments, "play:");
    if (extra) card.append(extra);
    return card;
  }

  // -- the rolls so far, from the log this page was sent (for the latest d20) -------------------
  const history = {latest: null};
  function remember(frame) {
    const log = Array.isArray(frame.log) ? frame.log : [];
    const narration = Array.isArray(frame.narration) ? frame.narration : [];
    const start = typeof frame.log_start === "number" ? frame.log_start : 0;
    if (start === 0 && log.length) history.latest = null;
    log.forEach((e, i) => {
      if (e && e.kind === "trait_roll") {
        const said = narration[i] && typeof narration[i].text === "string" ? narration[i].text : null;
        history.latest = {event: e, text: said, index: start + i};
      }
    });
  }

  // -- the panel -------------------------------------------------------------------------------
  function panel(frame, ctx) {
    if (!frame || !frame.view) return null; // no game yet: nothing of the rule set's to show
    remember(frame || {});
    const v = (frame && frame.view) || {};
    const me = mySeat(frame);
    const root = el("section", {class: "vp vp-pendragon", "aria-label": "Pendragon"});
    const sheets = Array.isArray(v.sheets) ? v.sheets : [];
    const rolls = Array.isArray(v.rolls) ? v.rolls : [];
    const claimed = v.claimed && typeof v.claimed === "object" ? v.claimed : {};

    if (v.report && typeof v.report === "object") root.append(report(frame, ctx, v.report));

    // The latest trait or skill roll, with its d20.
    const latest = history.latest;
    if (latest && latest.event && typeof latest.event.roll === "number") {
      const e = latest.event;
      root.append(el("h4", {text: "Latest roll"}), el("div", {class: "vp-roll vp-latest", "data-result": String(e.result)},
        d20(e.roll, e.result), el("span", {text: latest.text || (knight(frame, e.seat) + " rolled " + statName(e.stat) +
          " (" + e.value + "): " + e.roll + ", " + (RESULTS[e.result] || words(String(e.result))) + ".")})));
    }

    // Your sheet first, open; the other knights' folded away.
    const mineSheet = me !== null ? sheets[me] : null;
    if (mineSheet) {
      const myRewards = Object.entries(claimed).filter(([, c]) => c && c.seat === me);
      const kept = at(v.kept, me) || [];
      const extra = el("div", {class: "vp-sheet-foot"});
      extra.append(row("Rewards claimed", myRewards.length ? el("span", {class: "vp-rewards"},
        ...myRewards.map(([room, c]) => rewardCard(ctx, c.reward, room, kept.includes(c.reward)))) : "none yet"));
      const steed = at(v.steed, me);
      if (steed) extra.append(row("Steed", steed + " more squares on every roll"));
      root.append(el("h4", {text: "Your character sheet"}), sheetCard(ctx, mineSheet, at(rolls, me), true, extra));
      const mine = at(rolls, me) || [];
      root.append(el("h4", {text: "Your trait and skill rolls"}));
      if (mine.length) {
        const list = el("div", {class: "vp-rolls"});
        for (const r of mine) list.append(rollLine(ctx, r, null));
        root.append(list);
      } else {
        root.append(el("p", {class: "vp-note", text: "None yet: the first time you enter a room you roll the trait or skill it names."}));
      }
    }
    sheets.forEach((sheet, seat) => {
      if (seat === me || !sheet) return;
      const theirs = Object.entries(claimed).filter(([, c]) => c && c.seat === seat);
      const extra = el("div", {class: "vp-sheet-foot"},
        row("Rewards claimed", theirs.length ? listing(theirs.map(([, c]) => rewardName(ctx, c.reward))) : "none yet"));
      const folded = el("details", {class: "vp-other-sheet"},
        el("summary", {text: (sheet.name || knight(frame, seat)) + ": " + plural((at(rolls, seat) || []).filter((r) => r && r.checked).length, "box", "boxes") +
          " checked, " + plural(theirs.length, "reward")}),
        sheetCard(ctx, sheet, at(rolls, seat), false, extra));
      root.append(folded);
    });

    // The rewards still face down, and the staircase chamber.
    const waiting = Array.isArray(v.reward_rooms) ? v.reward_rooms : [];
    root.append(row("Rewards still face down", waiting.length ? listing(waiting.map((r) => nameOf(ctx, r))) : "none: every reward is claimed"));
    const there = Object.entries(v.positions || {}).filter(([, loc]) => loc === STAIRCASE).map(([k]) => k);
    const must = (v.options || {}).staircase === "must_accuse";
    root.append(el("div", {class: "vp-staircase-note"}, el("span", {class: "vp-stair-icon", "aria-hidden": "true", text: "▤"}),
      el("span", {text: " Accusations are made only in the chamber with the Staircase" + (must ? ": ending a move there means you must accuse." : ": ending a move there, you may accuse.") +
        " In it now: " + (there.length ? listing(there) : "nobody") + "."})));
    return root;
  }
  function rewardCard(ctx, reward, room, kept) {
    const name = rewardName(ctx, reward);
    return el("span", {class: "vp-reward", "aria-label": "Reward: " + name + (room ? ", from " + theRoom(ctx, room) : "") + (kept ? ", kept to use" : ""),
      "data-reward": String(reward)},
      el("strong", {text: name}), room ? el("span", {class: "vp-note", text: " from " + theRoom(ctx, room)}) : null,
      kept ? el("span", {class: "vp-kept", text: " kept, still to use"}) : null);
  }

  // -- the game master's report ----------------------------------------------------------------
  function report(frame, ctx, rep) {
    const box = el("section", {class: "vp-report", "aria-label": "The game master's report"});
    box.append(el("h4", {text: "The game master's report"}));
    const mystery = rep.mystery || {};
    if (Array.isArray(mystery.folder) && mystery.folder.length) {
      box.append(row("Crime Folder", listing(mystery.folder.map((c) => nameOf(ctx, c)))));
    }
    box.append(row("Solved by", typeof mystery.solved_by === "string" && mystery.solved_by ? mystery.solved_by : "nobody"));
    const knights = Array.isArray(rep.knights) ? rep.knights.slice() : [];
    knights.sort((a, b) => (b.glory || 0) - (a.glory || 0));
    for (const k of knights) {
      const card = el("article", {class: "vp-report-knight", "aria-label": "Report for " + (k.knight || "a knight")});
      card.append(el("header", {class: "vp-sheet-head"}, el("strong", {text: k.knight || "a knight"}),
        el("span", {class: "vp-glory", text: "Glory " + (k.glory || 0)})));
      const table = el("table", {class: "vp-report-rolls"});
      table.append(el("thead", {}, el("tr", {}, ...["", "Roll", "Value", "d20", "Result", "Room"].map((h, i) =>
        el("th", {scope: "col", text: h, "aria-label": i === 0 ? "Box checked" : null})))));
      const body = el("tbody");
      for (const r of Array.isArray(k.rolls) ? k.rolls : []) {
        body.append(el("tr", {class: r.checked ? "vp-checked" : ""},
          el("td", {text: r.checked ? "☑" : "☐", "aria-label": r.checked ? "checked" : "not checked"}),
          el("td", {text: statName(r.stat)}), el("td", {text: String(r.value)}), el("td", {text: String(r.roll)}),
          el("td", {text: RESULTS[r.result] || words(String(r.result))}), el("td", {text: nameOf(ctx, r.room)})));
      }
      if (!body.children.length) body.append(el("tr", {}, el("td", {colspan: "6", text: "No rolls."})));
      table.append(body);
      card.append(table);
      const rewards = Array.isArray(k.rewards) ? k.rewards : [];
      card.append(row("Rewards", rewards.length ? listing(rewards.map((r) => (r.name || rewardName(ctx, r.reward)) +
        (r.room ? " (" + nameOf(ctx, r.room) + ")" : ""))) : "none"));
      const checks = Array.isArray(k.checks) ? k.checks : [];
      card.append(row("Boxes to check", checks.length ? listing(checks) : "none"));
      box.append(card);
    }
    return box;
  }

  // -- on the board: the staircase chamber, the rewards still face down, rooms rolled in --------
  function geometry(ctx) {
    const g = ctx && ctx.boardGeometry;
    if (!g || typeof g.toXY !== "function") return null;
    const size = Number(g.squareSize) || 1;
    const zero = g.toXY([0, 0]);
    const centred = Math.abs(zero[0] - (Number(g.originX) || 0)) > size / 4;
    const corner = (sq) => {
      const [x, y] = g.toXY(sq);
      return centred ? [x - size / 2, y - size / 2] : [x, y];
    };
    return {size, corner};
  }
  function roomBox(svg, ctx, geo, room) {
    const squares = ctx && ctx.board && ctx.board.rooms && ctx.board.rooms[room] && ctx.board.rooms[room].squares;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    if (squares && squares.length) {
      for (const sq of squares) {
        const [x, y] = geo.corner(sq);
        x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x + geo.size); y1 = Math.max(y1, y + geo.size);
      }
    } else {
      const rects = svg.querySelectorAll("rect[data-loc='" + CSS.escape(room) + "']");
      if (!rects.length) return null;
      for (const r of rects) {
        const x = +r.getAttribute("x"), y = +r.getAttribute("y");
        x0 = Math.min(x0, x); y0 = Math.min(y0, y);
        x1 = Math.max(x1, x + +r.getAttribute("width")); y1 = Math.max(y1, y + +r.getAttribute("height"));
      }
    }
    return {x: x0, y: y0, w: x1 - x0, h: y1 - y0};
  }
  function decorateBoard(svg, frame, ctx) {
    const v = (frame && frame.view) || {};
    const geo = geometry(ctx);
    if (!svg || !geo) return;
    for (const old of svg.querySelectorAll(".vp-overlay")) old.remove();
    const layer = sv("g", {class: "vp-overlay", "pointer-events": "none"});
    const s = geo.size;
    const stairs = roomBox(svg, ctx, geo, STAIRCASE);
    if (stairs) {
      const g = sv("g", {class: "vp-stair-mark", role: "img", "aria-label": "The chamber with the Staircase: accusations are made here"});
      g.append(sv("rect", {x: stairs.x + s * 0.1, y: stairs.y + s * 0.1, width: stairs.w - s * 0.2, height: stairs.h - s * 0.2,
        rx: s * 0.2, fill: "none", stroke: "#b8860b", "stroke-width": s * 0.15, "stroke-dasharray": s * 0.4 + " " + s * 0.2}));
      for (let i = 0; i < 4; i++) {
        g.append(sv("rect", {x: stairs.x + s * (0.4 + i * 0.35), y: stairs.y + stairs.h - s * (0.5 + i * 0.3), width: s * 0.35,
          height: s * (0.3 + i * 0.3), fill: "#b8860b"}));
      }
      g.append(sv("text", {x: stairs.x + stairs.w / 2, y: stairs.y + s * 0.85, "text-anchor": "middle", "font-size": s * 0.55,
        "font-weight": "bold", fill: "#6b4e00", text: "accuse here"}));
      layer.append(g);
    }
    // A face-down reward card in each room that still holds one.
    for (const room of Array.isArray(v.reward_rooms) ? v.reward_rooms : []) {
      const box = roomBox(svg, ctx, geo, room);
      if (!box) continue;
      const g = sv("g", {class: "vp-reward-mark", "data-room": room, role: "img", "aria-label": "A reward card lies face down in " + theRoom(ctx, room)});
      const x = box.x + box.w - s * 1.0, y = box.y + s * 0.2;
      g.append(sv("rect", {x, y, width: s * 0.7, height: s * 0.95, rx: s * 0.1, fill: "#7a1f2b", stroke: "#f5d27a", "stroke-width": s * 0.06}));
      g.append(sv("text", {x: x + s * 0.35, y: y + s * 0.65, "text-anchor": "middle", "font-size": s * 0.5, fill: "#f5d27a", text: "★"}));
      layer.append(g);
    }
    // Rooms where you have already rolled: a tick (each room's roll comes once a game).
    const me = mySeat(frame);
    const done = new Set(((me !== null ? at(v.rolls, me) : null) || []).map((r) => r && r.room).filter(Boolean));
    for (const room of done) {
      const box = roomBox(svg, ctx, geo, room);
      if (!box) continue;
      const g = sv("g", {class: "vp-rolled-mark", role: "img", "aria-label": "You have rolled in " + theRoom(ctx, room)});
      g.append(sv("circle", {cx: box.x + s * 0.6, cy: box.y + s * 0.6, r: s * 0.38, fill: "#fff", stroke: "#2a7a2a", "stroke-width": s * 0.06}));
      g.append(sv("text", {x: box.x + s * 0.6, y: box.y + s * 0.78, "text-anchor": "middle", "font-size": s * 0.5, fill: "#2a7a2a", text: "✓"}));
      layer.append(g);
    }
    svg.append(layer);
  }

  register(RULES, {panel, decorateBoard});
})();
