// Killer Kloo Doo's panel: playing cards as card faces with their values, the
// contests with both sides' cards, the weapons and clue cards in the middle, the
// weapons carried, the tunnels, and in Part 2 survival points, objectives, the
// staircase and the helicopter. Everything comes from the seat's own view and the
// log it was sent; nothing hidden is worked out here.
(function () {
  "use strict";
  const RULES = "killer-kloo-doo";
  const {el, sv, words, cap, nameOf, listing, plural, mySeat, seatName, seatInfo, colourOf, initials, textOn, token, row, at, register} = window.CluedoKit;
  const SUITS = {S: ["♠", "Spades", "black"], H: ["♥", "Hearts", "red"], D: ["♦", "Diamonds", "red"], C: ["♣", "Clubs", "black"]};
  const RANKS = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine",
    10: "Ten", J: "Jack", Q: "Queen", K: "King", A: "Ace"};
  const VALUES = {J: 12, Q: 13, K: 15, A: 20};
  // What each kind of card does, part by part (the rule text's uses, in short).
  const USES = {
    1: {S: "dig up a clue or a weapon", H: "persuade someone to come", D: "bribe", C: "grab", court: "trick or fetch", A: "drug"},
    2: {S: "see through a servant", H: "heal", D: "pay a servant", C: "assault", court: "a servant", A: "poison"},
  };
  const CONTESTS = new Set(["persuasion", "contest_result", "assault", "servant", "attack"]);

  function chip(text, cls) { return el("span", {class: "vp-chip " + (cls || ""), text}); }

  // -- playing cards -----------------------------------------------------------------------------
  function parseCard(card) {
    const m = /^(10|[2-9JQKA])([SHDC])$/.exec(String(card));
    if (!m) return null;
    const rank = m[1], suit = SUITS[m[2]];
    const value = VALUES[rank] || Number(rank);
    return {rank, suit: m[2], symbol: suit[0], suitName: suit[1], colour: suit[2], value,
      name: (RANKS[rank] || rank) + " of " + suit[1], court: rank === "J" || rank === "Q" || rank === "K"};
  }
  function cardUse(card, part) {
    const uses = USES[part] || USES[1];
    if (card.rank === "A") return uses.A;
    if (card.court) return uses.court + " (or " + uses[card.suit] + ")";
    return uses[card.suit];
  }
  // A card face: rank and suit symbol in the corners and in the middle, the value below;
  // red or black, and the suit's name in the accessible label (colour is never the only cue).
  function cardFace(code, part, opts) {
    const card = parseCard(code);
    if (!card) return chip(words(code), "vp-card-unknown");
    const label = card.name + ", worth " + card.value + (opts && opts.use ? ": " + cardUse(card, part) : "");
    const face = el("div", {class: "vp-card vp-" + card.colour + (opts && opts.small ? " vp-card-small" : ""),
      role: "img", "aria-label": label, title: label, "data-card": code},
      el("span", {class: "vp-corner", "aria-hidden": "true", text: card.rank + card.symbol}),
      el("span", {class: "vp-pip", "aria-hidden": "true", text: card.symbol}),
      el("span", {class: "vp-value-tag", "aria-hidden": "true", text: String(card.value)}));
    // What the card is for this part, beneath it.
    if (opts && opts.use) return el("div", {class: "vp-card-fig"}, face, el("span", {class: "vp-use", "aria-hidden": "true", text: cardUse(card, part)}));
    return face;
  }
  function cardBack(label) {
    return el("div", {class: "vp-card vp-card-back vp-card-small", role: "img", "aria-label": label, title: label});
  }
  function cardRow(codes, part, opts) {
    const list = Array.isArray(codes) ? codes : [];
    if (!list.length) return el("span", {class: "vp-none", text: (opts && opts.none) || "none"});
    return el("div", {class: "vp-cards"}, ...list.map((c) => cardFace(c, part, opts)));
  }

  // -- the contests so far, from the log this page was sent ------------------------------------
  const history = {entries: new Map()};
  function remember(frame) {
    const log = Array.isArray(frame.log) ? frame.log : [];
    const narration = Array.isArray(frame.narration) ? frame.narration : [];
    const start = typeof frame.log_start === "number" ? frame.log_start : 0;
    if (start === 0 && log.length) history.entries.clear();
    log.forEach((e, i) => {
      if (e && CONTESTS.has(e.kind)) {
        const said = narration[i] && typeof narration[i].text === "string" ? narration[i].text : null;
        history.entries.set(start + i, {event: e, text: said});
      }
    });
  }
  function contestSides(e) {
    // [attacker's cards, the other side's cards]
    if (e.kind === "persuasion") return [[e.card_played], e.against ? [e.against] : []];
    if (e.kind === "contest_result") return [(e.cards || []).slice(0, 1), (e.cards || []).slice(1)];
    if (e.kind === "assault") return [e.cards || [], e.against || []];
    if (e.kind === "servant") return [e.cards || [], e.spade ? [e.spade] : []];
    return [[], []];
  }
  function contestView(frame, ctx, e, text, part) {
    const box = el("div", {class: "vp-contest", "data-kind": e.kind});
    if (e.kind === "attack") {
      const strike = (weapon, roll, score) => {
        const power = roll ? Math.round(score / roll) : 0;
        return "the " + nameOf(ctx, weapon) + ": a roll of " + roll + " × " + power + " = " + score;
      };
      box.append(el("div", {class: "vp-side"}, el("strong", {text: cap(seatName(frame, ctx, e.seat))}),
        el("span", {text: strike(e.weapon, e.roll, e.score)})));
      box.append(el("span", {class: "vp-versus", text: "against"}));
      const victim = personName(frame, ctx, e.person);
      box.append(el("div", {class: "vp-side"}, el("strong", {text: cap(victim)}),
        el("span", {text: typeof e.counter_score === "number" ? strike(e.counter_weapon, e.counter_roll, e.counter_score) : "no weapon"})));
    } else {
      const [mine, theirs] = contestSides(e);
      const other = typeof e.target === "number" ? seatName(frame, ctx, e.target) : e.person ? personName(frame, ctx, e.person) : "the other side";
      box.append(el("div", {class: "vp-side"}, el("strong", {text: cap(seatName(frame, ctx, e.seat))}),
        cardRow(mine, part, {small: true})));
      box.append(el("span", {class: "vp-versus", text: "against"}));
      box.append(el("div", {class: "vp-side"}, el("strong", {text: cap(other)}),
        cardRow(theirs, part, {small: true, none: "no card"})));
    }
    if (text) box.append(el("p", {class: "vp-said", text}));
    return box;
  }
  // A character by name, or "you" for the viewer's own.
  function personName(frame, ctx, character) {
    const seat = (((frame && frame.view) || {}).characters || []).indexOf(character);
    return seat >= 0 ? seatName(frame, ctx, seat) : nameOf(ctx, character);
  }

  // -- objectives (Part 2): a character to kill, a weapon to clean and throw away, a room to clear
  function kindOf(v, id) {
    const people = new Set([...Object.keys(v.positions || {}), ...(v.in_tunnels || []), ...(v.dead || []),
      ...Object.keys(v.survival || {}), ...(v.characters || [])]);
    // Killer Kloo Doo plays with the classic cards: their six weapons, wherever they are now.
    const weapons = new Set(["candlestick", "knife", "lead_pipe", "revolver", "rope", "wrench",
      ...Object.keys(v.weapons || {}), ...(v.middle_weapons || []), ...(v.gone || []),
      ...(v.clean || []), ...[].concat(...(v.carried || []))]);
    if (people.has(id)) return "person";
    if (weapons.has(id)) return "weapon";
    return "room";
  }
  function objectiveText(ctx, v, id) {
    const kind = kindOf(v, id), name = nameOf(ctx, id);
    if (kind === "person") return "Kill " + name;
    const the = /^the /i.test(name) ? name : "the " + name;
    if (kind === "weapon") {
      if ((v.clean || []).includes(id)) return "Throw " + the + " out of the Hall's front door (cleaned)";
      return "Clean " + the + " in the Kitchen, then throw it out of the Hall";
    }
    return "Search and clear " + the + " (a court card, then 7 or more on two dice)";
  }

  // -- the panel -------------------------------------------------------------------------------
  function panel(frame, ctx) {
    if (!frame || !frame.view) return null; // no game yet: nothing of the rule set's to show
    remember(frame || {});
    const v = (frame && frame.view) || {};
    const me = mySeat(frame);
    const part = v.part === 2 ? 2 : 1;
    const characters = v.characters || [];
    const root = el("section", {class: "vp vp-kkd", "aria-label": "Killer Kloo Doo"});
    root.append(el("h3", {text: part === 1 ? "Part 1: the investigation" : "Part 2: the escape"}));

    // The escape: someone on the staircase with every objective done.
    if (typeof v.escaping === "number") {
      const who = seatName(frame, ctx, v.escaping);
      root.append(el("div", {class: "vp-escape", role: "status"}, helicopterIcon(),
        el("span", {text: v.finished && v.outcome === "escaped"
          ? cap(who) + (v.escaping === me ? " climb" : " climbs") + " to the roof and " + (v.escaping === me ? "escape" : "escapes") + " by helicopter."
          : v.escaping === me
          ? "You are on the staircase with every objective done: start your next turn here to escape by helicopter!"
          : cap(who) + " is on the staircase with every objective done: stop them before their next turn, or they escape by helicopter."})));
    }
    // A contest put to someone right now.
    const pending = v.pending || {};
    if (pending.kind === "contest") {
      const attacker = seatName(frame, ctx, pending.attacker), asked = seatName(frame, ctx, pending.seat);
      const laid = pending.cards || (pending.card ? [pending.card] : []);
      const box = el("div", {class: "vp-contest vp-now", "data-kind": "contest"},
        el("div", {class: "vp-side"}, el("strong", {text: cap(attacker) + (pending.type === "bribe" ? " offers" : " laid")}),
          laid.length ? cardRow(laid, part, {small: true}) : cardBack("a card, face down")),
        el("span", {class: "vp-versus", text: "against"}),
        el("div", {class: "vp-side"}, el("strong", {text: cap(asked)}), el("span", {text: pending.seat === me ? " to answer" : " answering"})));
      root.append(el("h4", {text: "Contest now"}), box);
    }

    if (me !== null && !(v.dead || []).includes(characters[me])) {
      root.append(el("h4", {text: "Your playing cards"}));
      const hand = cardRow(v.playing_cards, part, {use: true, none: "none: you draw one on entering a room"});
      hand.classList.add("vp-my-cards");
      root.append(hand);
      const carried = at(v.carried, me) || [];
      root.append(row("You carry", carried.length ? listing(carried.map((w) => nameOf(ctx, w))) : "no weapon"));
      if (part === 2) {
        const mine = characters[me];
        const points = (v.survival || {})[mine];
        // At zero or below a character is dead (a wrong Part 1 accusation can leave a
        // score below zero): say so rather than show a negative count.
        if (typeof points === "number") {
          root.append(row("Your survival points", points > 0 ? survivalBar(points, "your survival points") : "none: you are dead"));
        }
        const done = new Set(at(v.achieved, me) || []);
        const goals = Array.isArray(v.objectives) ? v.objectives : [];
        if (goals.length) {
          const list = el("ol", {class: "vp-objectives", "aria-label": "Your objectives"});
          for (const id of goals) {
            const ok = done.has(id);
            list.append(el("li", {class: ok ? "vp-done" : ""}, el("span", {class: "vp-check", "aria-hidden": "true", text: ok ? "☑" : "☐"}),
              " " + objectiveText(ctx, v, id) + (ok ? " - done" : "")));
          }
          root.append(el("h4", {text: "Your objectives (" + done.size + " of 3 done)"}), list);
        }
        if (at(v.materials, me)) root.append(row("Cleaning materials", "yes, in " + nameOf(ctx, at(v.materials, me))));
      }
    } else if (me !== null) {
      root.append(el("p", {class: "vp-dead", text: "You are dead."}));
    }

    // The middle of the board (Part 1) and the pack.
    if (part === 1) {
      const clues = typeof v.middle_clues === "number" ? v.middle_clues : 0;
      root.append(row("Clue cards in the middle", clues ? el("span", {class: "vp-cards"},
        ...Array.from({length: clues}, () => cardBack("a clue card, face down"))) : "none left",
        clues ? el("span", {class: "vp-note", text: " " + clues + " (dig with a spade)"}) : null));
      const weapons = Array.isArray(v.middle_weapons) ? v.middle_weapons : [];
      root.append(row("Weapons in the middle", weapons.length ? listing(weapons.map((w) => nameOf(ctx, w))) : "none left"));
    }
    if (typeof v.deck === "number") root.append(row("The pack", plural(v.deck, "playing card")));

    // Every player.
    const table = el("ul", {class: "vp-people", "aria-label": "Players"});
    characters.forEach((c, seat) => {
      const dead = (v.dead || []).includes(c);
      const bits = [];
      if (dead) bits.push("dead");
      if (seat !== me) {
        const count = at(v.card_counts, seat);
        if (typeof count === "number" && !dead) bits.push(plural(count, "playing card"));
        if (part === 1 && typeof at(v.hand_sizes, seat) === "number") bits.push(plural(at(v.hand_sizes, seat), "clue card"));
      }
      const carried = at(v.carried, seat) || [];
      if (carried.length) bits.push("carries " + listing(carried.map((w) => nameOf(ctx, w))));
      if ((v.in_tunnels || []).includes(c)) bits.push("in the tunnels");
      if (at(v.skip, seat)) bits.push("misses a turn");
      if (part === 2) {
        const achieved = at(v.achieved, seat) || [];
        bits.push(achieved.length + " of 3 objectives done");
      }
      const item = el("li", {class: dead ? "vp-gone" : "", "data-seat-row": String(seat + 1)},
        token(frame, ctx, c), " ", el("strong", {text: nameOf(ctx, c) + (seat === me ? " (you)" : "")}),
        bits.length ? " - " + bits.join(", ") : "");
      const points = (v.survival || {})[c];
      if (part === 2 && typeof points === "number" && points > 0 && !dead) item.append(" ", survivalBar(points, nameOf(ctx, c) + "'s survival points"));
      const exposed = at(v.exposed, seat) || [];
      if (exposed.length) item.append(el("div", {class: "vp-exposed"}, el("span", {class: "vp-note", text: "Face up: "}), cardRow(exposed, part, {small: true})));
      table.append(item);
    });
    if (characters.length) root.append(el("h4", {text: "Players"}), table);
    if (part === 2 && Array.isArray(v.scores)) {
      root.append(row("Part 1 scores", listing(v.scores.map((p, s) => cap(seatName(frame, ctx, s)) + " " + p))));
    }

    // The latest contests, both sides' cards shown.
    const recent = [...history.entries.entries()].sort((a, b) => a[0] - b[0]).slice(-3).reverse();
    if (recent.length) {
      root.append(el("h4", {text: "Latest contests"}));
      for (const [, {event, text}] of recent) root.append(contestView(frame, ctx, event, text, part));
    }
    return root;
  }
  function survivalBar(points, label) {
    const shown = Math.max(0, Math.min(60, points));
    const bar = el("span", {class: "vp-survival" + (points <= 10 ? " vp-low" : ""), role: "img", "aria-label": label + ": " + points});
    const fill = el("span", {class: "vp-survival-fill"});
    fill.style.width = Math.round(shown / 60 * 100) + "%";
    bar.append(fill, el("span", {class: "vp-survival-text", "aria-hidden": "true", text: "♥ " + points}));
    return bar;
  }
  function helicopterIcon() {
    const box = sv("svg", {viewBox: "0 0 40 24", width: 60, height: 36, class: "vp-heli", role: "img", "aria-label": "the helicopter"});
    box.append(sv("line", {x1: 4, y1: 3, x2: 32, y2: 3, stroke: "#333", "stroke-width": 2}));
    box.append(sv("line", {x1: 18, y1: 3, x2: 18, y2: 8, stroke: "#333", "stroke-width": 2}));
    box.append(sv("ellipse", {cx: 17, cy: 13, rx: 10, ry: 6, fill: "#2b6cb0", stroke: "#333"}));
    box.append(sv("line", {x1: 27, y1: 12, x2: 38, y2: 10, stroke: "#333", "stroke-width": 2.5}));
    box.append(sv("line", {x1: 10, y1: 21, x2: 24, y2: 21, stroke: "#333", "stroke-width": 1.5}));
    return box;
  }

  // -- on the board: the middle, the tunnels, weapons carried, the staircase ------------------
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
    return {size, corner, centre: (sq) => { const [x, y] = corner(sq); return [x + size / 2, y + size / 2]; }};
  }
  // The cellar in the middle of the board: from the board's walls, or the classic board's.
  function cellar(ctx) {
    const walls = ctx && ctx.board && ctx.board.walls;
    const squares = walls && (walls.cellar || Object.values(walls)[0]);
    if (Array.isArray(squares) && squares.length) return squares;
    const out = [];
    for (let r = 10; r <= 16; r++) for (let c = 10; c <= 14; c++) out.push([r, c]);
    return out;
  }
  function pieceAt(svg, geo, piece, loc) {
    const drawn = svg.querySelector("[data-piece='" + CSS.escape(piece) + "']");
    if (drawn && drawn.tagName.toLowerCase() === "circle") return [+drawn.getAttribute("cx"), +drawn.getAttribute("cy")];
    if (Array.isArray(loc)) return geo.centre(loc);
    return null;
  }
  function weaponMark(ctx, geo, weapon, x, y, scale) {
    const s = geo.size * (scale || 0.6);
    const g = sv("g", {class: "vp-weapon-mark", "data-vp-weapon": weapon, role: "img", "aria-label": nameOf(ctx, weapon)});
    g.append(sv("rect", {x: x - s / 2, y: y - s / 2, width: s, height: s, rx: s * 0.15, fill: "#555", stroke: "#fff", "stroke-width": s * 0.08}));
    g.append(sv("text", {x, y: y + s * 0.2, "text-anchor": "middle", "font-size": s * 0.55, fill: "#fff", text: nameOf(ctx, weapon).slice(0, 2)}));
    g.append(sv("title", {text: nameOf(ctx, weapon)}));
    return g;
  }
  function decorateBoard(svg, frame, ctx) {
    const v = (frame && frame.view) || {};
    const geo = geometry(ctx);
    if (!svg || !geo) return;
    for (const old of svg.querySelectorAll(".vp-overlay")) old.remove();
    const layer = sv("g", {class: "vp-overlay", "pointer-events": "none"});
    const squares = cellar(ctx);
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const sq of squares) {
      const [x, y] = geo.corner(sq);
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x + geo.size); y1 = Math.max(y1, y + geo.size);
    }
    const midX = (x0 + x1) / 2;
    const part = v.part === 2 ? 2 : 1;

    // The middle: weapons still there, and the clue cards face down (Part 1).
    const middle = Array.isArray(v.middle_weapons) ? v.middle_weapons : [];
    const clues = part === 1 && typeof v.middle_clues === "number" ? v.middle_clues : 0;
    if (middle.length || clues) {
      const g = sv("g", {class: "vp-middle", role: "img", "aria-label": "In the middle: " +
        listing(middle.map((w) => nameOf(ctx, w))) + (clues ? "; " + plural(clues, "clue card") + " face down" : "")});
      middle.forEach((w, i) => {
        const col = i % 3, line = Math.floor(i / 3);
        g.append(weaponMark(ctx, geo, w, x0 + geo.size * (0.9 + col * 1.6), y0 + geo.size * (0.9 + line * 1.1), 0.8));
      });
      for (let i = 0; i < clues; i++) {
        g.append(sv("rect", {x: x0 + geo.size * (0.5 + i * 0.5), y: y1 - geo.size * 1.6, width: geo.size * 0.8, height: geo.size * 1.1,
          rx: geo.size * 0.1, fill: "#7a1f2b", stroke: "#fff", "stroke-width": geo.size * 0.05}));
      }
      layer.append(g);
    }
    // The tunnels: who is under the house.
    const tunnels = Array.isArray(v.in_tunnels) ? v.in_tunnels : [];
    if (tunnels.length) {
      const g = sv("g", {class: "vp-tunnels", role: "img", "aria-label": "In the tunnels: " + listing(tunnels.map((c) => nameOf(ctx, c)))});
      const y = (y0 + y1) / 2 + geo.size * 0.6;
      g.append(sv("text", {x: midX, y: y - geo.size * 0.7, "text-anchor": "middle", "font-size": geo.size * 0.5, fill: "#fff", text: "tunnels"}));
      tunnels.forEach((c, i) => {
        const cx = midX + (i - (tunnels.length - 1) / 2) * geo.size;
        g.append(sv("circle", {cx, cy: y, r: geo.size * 0.38, fill: colourOf(frame, c), stroke: "#fff", "stroke-width": geo.size * 0.06,
          "stroke-dasharray": geo.size * 0.12 + " " + geo.size * 0.08}));
        g.append(sv("text", {x: cx, y: y + geo.size * 0.15, "text-anchor": "middle", "font-size": geo.size * 0.35,
          fill: textOn(colourOf(frame, c)), text: initials(nameOf(ctx, c), seatInfo(frame, c))}));
      });
      layer.append(g);
    }
    // Weapons carried: a small mark at the carrier's token.
    const characters = v.characters || [];
    (Array.isArray(v.carried) ? v.carried : []).forEach((weapons, seat) => {
      const c = characters[seat];
      if (!c || !Array.isArray(weapons) || !weapons.length) return;
      const spot = pieceAt(svg, geo, c, (v.positions || {})[c]);
      if (!spot) return;
      weapons.forEach((w, i) => layer.append(weaponMark(ctx, geo, w, spot[0] + geo.size * (0.5 + i * 0.55), spot[1] - geo.size * 0.5, 0.55)));
    });
    // Part 2: survival points by each token, and the staircase and the helicopter.
    if (part === 2) {
      for (const [c, points] of Object.entries(v.survival || {})) {
        if ((v.dead || []).includes(c) || typeof points !== "number") continue;
        const spot = pieceAt(svg, geo, c, (v.positions || {})[c]);
        if (!spot) continue;
        const g = sv("g", {class: "vp-points", role: "img", "aria-label": nameOf(ctx, c) + ": " + plural(points, "survival point")});
        g.append(sv("rect", {x: spot[0] - geo.size * 0.4, y: spot[1] + geo.size * 0.3, width: geo.size * 0.8, height: geo.size * 0.38,
          rx: geo.size * 0.1, fill: "#fff", stroke: "#b3261e", "stroke-width": geo.size * 0.04}));
        g.append(sv("text", {x: spot[0], y: spot[1] + geo.size * 0.59, "text-anchor": "middle", "font-size": geo.size * 0.3,
          fill: "#b3261e", "font-weight": "bold", text: "♥" + points}));
        layer.append(g);
      }
      const stairs = sv("g", {class: "vp-staircase", role: "img", "aria-label": typeof v.escaping === "number"
        ? "The staircase: " + seatName(frame, ctx, v.escaping) + " waits there for the helicopter"
        : "The staircase to the helicopter on the roof"});
      stairs.append(sv("rect", {x: x0, y: y0, width: x1 - x0, height: y1 - y0, fill: "none", stroke: "#ffd60a",
        "stroke-width": geo.size * 0.12, "stroke-dasharray": geo.size * 0.3 + " " + geo.size * 0.2}));
      const heli = sv("g", {transform: "translate(" + (midX - geo.size * 1.5) + "," + (y0 + geo.size * 0.3) + ") scale(" + geo.size * 0.075 + ")"});
      heli.append(sv("line", {x1: 4, y1: 3, x2: 36, y2: 3, stroke: "#fff", "stroke-width": 2}));
      heli.append(sv("line", {x1: 18, y1: 3, x2: 18, y2: 8, stroke: "#fff", "stroke-width": 2}));
      heli.append(sv("ellipse", {cx: 17, cy: 13, rx: 10, ry: 6, fill: typeof v.escaping === "number" ? "#ffd60a" : "#2b6cb0", stroke: "#fff"}));
      heli.append(sv("line", {x1: 27, y1: 12, x2: 38, y2: 10, stroke: "#fff", "stroke-width": 2.5}));
      stairs.append(heli);
      stairs.append(sv("text", {x: midX, y: y1 - geo.size * 0.3, "text-anchor": "middle", "font-size": geo.size * 0.5, fill: "#ffd60a",
        text: "Staircase"}));
      layer.append(stairs);
    }
    svg.append(layer);
  }

  register(RULES, {panel, decorateBoard});
})();
