// Clue or Cruel's panel: the gems each player has taken (drawn as gems), your role,
// the bluff cards, the calls of bluff so far, and the accomplice's tally of successful
// bluffs - shown only when this seat's own view holds it (to the accomplice, or to
// everyone once the game is over). Nothing hidden is worked out here.
(function () {
  "use strict";
  const RULES = "clue-or-cruel";
  const {el, sv, cap, nameOf, listing, plural, mySeat, seatName, token, row, at, register} = window.CluedoKit;

  function the(ctx, id, v) {
    // Weapons and rooms take "the"; people do not.
    const name = nameOf(ctx, id);
    const people = new Set(Object.keys((v && v.positions) || {}));
    return people.has(id) || /^the /i.test(name) ? name : "the " + name;
  }

  // -- gems and tokens --------------------------------------------------------------------------
  function gems(count, label, words) {
    const n = Math.max(0, Number(count) || 0);
    const box = el("span", {class: "vp-gems", role: "img", "aria-label": label + ": " + plural(n, "gem")});
    const shown = Math.min(n, 24); // 18 gems in the bag
    for (let i = 0; i < shown; i++) {
      const g = sv("svg", {viewBox: "0 0 20 20", width: 16, height: 16, "aria-hidden": "true", class: "vp-gem"});
      g.append(sv("polygon", {points: "10,1 18,7 10,19 2,7", fill: "#18a8c9", stroke: "#0b5566", "stroke-width": 1.2}));
      g.append(sv("polyline", {points: "2,7 18,7", fill: "none", stroke: "#0b5566", "stroke-width": 0.8}));
      g.append(sv("polygon", {points: "10,1 13,7 10,7", fill: "#bfefff"}));
      box.append(g);
    }
    box.append(el("span", {class: "vp-count", "aria-hidden": "true", text: (shown ? " " : "") + (words || String(n))}));
    return box;
  }
  function bluffToken(ready) {
    const label = ready ? "bluff card ready to call" : "bluff card used";
    const g = sv("svg", {viewBox: "0 0 20 20", width: 18, height: 18, role: "img", "aria-label": label, class: "vp-bluff-token" + (ready ? "" : " vp-used")});
    g.append(sv("rect", {x: 3, y: 1, width: 14, height: 18, rx: 2, fill: ready ? "#7a1f2b" : "#ccc", stroke: "#333", "stroke-width": 1}));
    g.append(sv("text", {x: 10, y: 14, "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: ready ? "#fff" : "#666", text: ready ? "?" : "✗"}));
    return g;
  }
  // A mask for the accomplice, a magnifying glass for a guest (the words say it too).
  function roleIcon(accomplice) {
    const icon = sv("svg", {viewBox: "0 0 24 24", width: 28, height: 28, "aria-hidden": "true", class: "vp-role-icon"});
    if (accomplice) {
      icon.append(sv("path", {d: "M2 8 C6 5 18 5 22 8 C22 14 18 18 12 15 C6 18 2 14 2 8 Z", fill: "#222"}));
      icon.append(sv("ellipse", {cx: 8, cy: 10, rx: 2.4, ry: 1.5, fill: "#fff"}));
      icon.append(sv("ellipse", {cx: 16, cy: 10, rx: 2.4, ry: 1.5, fill: "#fff"}));
    } else {
      icon.append(sv("circle", {cx: 10, cy: 10, r: 6, fill: "#e8f4fa", stroke: "#234", "stroke-width": 2.2}));
      icon.append(sv("line", {x1: 14.5, y1: 14.5, x2: 21, y2: 21, stroke: "#234", "stroke-width": 3, "stroke-linecap": "round"}));
    }
    return icon;
  }
  // The tally as slots: one per bluff needed, filled by each success.
  function tallySlots(done, needed) {
    const box = el("span", {class: "vp-slots", role: "img", "aria-label": done + " of " + needed + " successful bluffs"});
    for (let i = 0; i < needed; i++) box.append(el("span", {class: "vp-slot" + (i < done ? " vp-filled" : ""), "aria-hidden": "true", text: i < done ? "✓" : ""}));
    return box;
  }

  // -- the panel -------------------------------------------------------------------------------
  function panel(frame, ctx) {
    if (!frame || !frame.view) return null; // no game yet: nothing of the rule set's to show
    const v = (frame && frame.view) || {};
    const me = mySeat(frame);
    const characters = v.characters || [];
    const root = el("section", {class: "vp vp-cruel", "aria-label": "Clue or Cruel"});
    root.append(el("h3", {text: "Gems, roles and bluffs"}));

    if (me !== null && (v.role === "accomplice" || v.role === "guest")) {
      const accomplice = v.role === "accomplice";
      root.append(el("div", {class: "vp-role " + (accomplice ? "vp-accomplice" : "vp-guest"), "data-role": v.role},
        roleIcon(accomplice),
        el("span", {}, el("strong", {text: !accomplice ? "You are a guest."
          : v.caught === me ? "You were the accomplice, and are caught: out of the game." : "You are the accomplice."}),
          el("span", {class: "vp-note", text: accomplice
            ? " Win by bluffing: suggest cards from your own hand, and count each time another player names one of them later."
            : " Win by accusing rightly; call a bluff once, on the player you think is the accomplice."}))));
    }

    // The accomplice's tally: only when this seat's view holds it.
    const tally = v.tally && typeof v.tally === "object" ? v.tally : null;
    if (tally) {
      const successes = Array.isArray(tally.successes) ? tally.successes : [];
      const needed = Number(tally.needed) || 0;
      const whose = v.role === "accomplice" && me !== null ? "Your bluffs" : "The accomplice's bluffs";
      const box = el("div", {class: "vp-tally", "aria-label": whose});
      box.append(el("h4", {text: whose}));
      box.append(row("Successful", tallySlots(successes.length, Math.max(needed, successes.length)),
        el("span", {text: " " + successes.length + " of " + needed})));
      const bluffs = Array.isArray(tally.bluffs) ? tally.bluffs : [];
      box.append(row("Bluffed with", bluffs.length ? listing(bluffs.map((c) => nameOf(ctx, c))) : "none yet"));
      if (successes.length) {
        const list = el("ul", {class: "vp-fell"});
        for (const s of successes) list.append(el("li", {text: cap(seatName(frame, ctx, s.by)) + " named " + the(ctx, s.card, v)}));
        box.append(list);
      }
      root.append(box);
    }

    // Every player: gems taken, clue cards, the bluff card.
    const list = el("ul", {class: "vp-people", "aria-label": "Players"});
    characters.forEach((c, seat) => {
      const item = el("li", {"data-seat-row": String(seat + 1)}, token(frame, ctx, c), " ",
        el("strong", {text: nameOf(ctx, c) + (seat === me ? " (you)" : "")}), " ");
      const taken = Number(at(v.gems_taken, seat)) || 0;
      item.append(gems(taken, "Gems taken by " + nameOf(ctx, c), plural(taken, "gem")));
      const cards = at(v.hand_sizes, seat);
      if (typeof cards === "number") item.append(el("span", {class: "vp-sep", text: "·"}), el("span", {class: "vp-note", text: plural(cards, "clue card")}));
      const ready = at(v.bluff_cards, seat);
      if (typeof ready === "boolean") {
        item.append(el("span", {class: "vp-sep", text: "·"}), bluffToken(ready),
          el("span", {class: "vp-note", text: ready ? " bluff card ready" : " bluff card used"}));
      }
      if (v.caught === seat) item.append(el("span", {class: "vp-caught", text: " caught as the accomplice"}));
      else if (v.accomplice === seat && seat !== me) item.append(el("span", {class: "vp-caught", text: " the accomplice"}));
      if (at(v.eliminated, seat) && v.caught !== seat) item.append(el("span", {class: "vp-note", text: " out of the game"}));
      list.append(item);
    });
    if (characters.length) root.append(el("h4", {text: "Players"}), list);
    const left = Array.isArray(v.gems) ? v.gems.length : null;
    if (left !== null) root.append(row("Gems on the board", gems(left, "Gems on the board", String(left))));
    if (typeof v.pile_size === "number") root.append(row("Clue cards left", plural(v.pile_size, "card") + " (a gem buys one)"));

    // Calls of bluff so far.
    const calls = Array.isArray(v.calls) ? v.calls : [];
    const callBox = el("ul", {class: "vp-calls", "aria-label": "Bluff calls"});
    for (const c of calls) {
      const text = cap(seatName(frame, ctx, c.seat)) + " called " + seatName(frame, ctx, c.player) + " the accomplice, bluffing with " +
        the(ctx, c.card, v) + ": " + (c.right ? "right!" : "wrong.");
      callBox.append(el("li", {class: c.right ? "vp-right" : "vp-wrong"},
        el("span", {class: "vp-mark", "aria-hidden": "true", text: c.right ? "✓ " : "✗ "}), text));
    }
    root.append(el("h4", {text: "Bluff calls"}), calls.length ? callBox : el("p", {class: "vp-note", text: "none yet"}));
    if (Array.isArray(v.accomplice_hand) && v.accomplice_hand.length) {
      root.append(row("The accomplice's cards", listing(v.accomplice_hand.map((c) => nameOf(ctx, c)))));
    }
    return root;
  }

  // The board already shows the gems where they lie; nothing to add there.
  function decorateBoard() {}

  register(RULES, {panel, decorateBoard});
})();
